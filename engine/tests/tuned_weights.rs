//! The tuned evaluation weights committed in `engine/weights/` (the tuner's output,
//! docs/RESEARCH.md): the engine ships them, and an engine loaded with its defaults (as the
//! server's is) makes them the default evaluation of the depth-limited searches (MCTS, and the
//! levels that name another evaluation, keep theirs); with them the AI still finds the forced
//! wins and the one defence that the hand-set weights find (tests/ai_baghchal.rs).

#![allow(clippy::unwrap_used)] // a test: failures should be loud

mod common;

use std::path::PathBuf;

use chaupal_engine::eval::baghchal::{Chaupal, Published, Weights};
use chaupal_engine::game_ai::Evaluator;
use chaupal_engine::levels::level;
use chaupal_engine::perfect::Resources;
use chaupal_engine::run::config_evaluator;
use chaupal_engine::weights::Tuned;
use chaupal_engine::weights::load;
use chaupal_engine::{Engine, EngineSettings};
use chaupal_rules::GameKind;
use chaupal_rules::baghchal::BaghChal;
use common::*;

/// The engine's `weights/`, the files it ships.
fn weights_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("weights")
}

/// What an engine loaded with its default settings (as the server's is) holds for Bagh Chal.
fn loaded() -> Resources<BaghChal> {
    let engine = Engine::load(&EngineSettings::default()).unwrap();
    let res = engine.resources::<BaghChal>().clone();
    assert!(res.tuned.is_some(), "the engine ships Bagh Chal weights");
    res
}

#[test]
fn the_shipped_weights_are_the_committed_files() {
    let from_dir = Tuned::load_dir(&weights_dir()).unwrap();
    assert_eq!(from_dir.games(), Tuned::shipped().unwrap().games());
    assert!(from_dir.games().contains(&GameKind::BaghChal));
}

#[test]
fn the_committed_baghchal_weights_become_the_default_of_every_level() {
    let res = loaded();
    let tuned = load::<BaghChal>(&weights_dir().join("baghchal.json")).unwrap();
    assert_ne!(
        tuned,
        Chaupal::default(),
        "the file holds the hand-set weights"
    );
    let start = BaghChal::start(Default::default());
    let positions: Vec<BaghChal> = (1..40)
        .map(|seed| random_position(start.clone(), 6 + seed as usize, seed))
        .collect();
    // Level 5 (our evaluation by default) now evaluates with the file's weights.
    let level5 =
        config_evaluator::<BaghChal>(&level(GameKind::BaghChal, 5).unwrap(), res.tuned.as_ref())
            .unwrap();
    for g in &positions {
        assert_eq!(level5.evaluate(g), tuned.evaluate(g));
    }
    assert!(
        positions
            .iter()
            .any(|g| level5.evaluate(g) != Chaupal::default().evaluate(g))
    );
    // Every level plays the full search with the game's evaluation: every level evaluates
    // with the file's weights, the careless ones too.
    for n in 1..=8 {
        let eval = config_evaluator::<BaghChal>(
            &level(GameKind::BaghChal, n).unwrap(),
            res.tuned.as_ref(),
        )
        .unwrap();
        for g in &positions {
            assert_eq!(eval.evaluate(g), tuned.evaluate(g), "level {n}");
        }
    }
    // A named engine that names the published evaluation keeps it.
    let published = config_evaluator::<BaghChal>(
        &chaupal_engine::engine_config::EngineConfig::parse("negamax:features").unwrap(),
        res.tuned.as_ref(),
    )
    .unwrap();
    for g in &positions {
        assert_eq!(
            published.evaluate(g),
            Published(Weights::PUBLISHED).evaluate(g)
        );
    }
}

#[test]
fn with_the_tuned_weights_the_forced_wins_are_still_found() {
    let res = loaded();
    let run = |g: &BaghChal, engine: &str, limits| run_with(g, engine, limits, &res);
    let best = |g: &BaghChal, engine: &str, limits| {
        let out = run_with(g, engine, limits, &res);
        g.move_text(out.best_move.unwrap())
    };
    let g = position::<BaghChal>("TGGGT/GG1GG/G1G1G/GG1GG/T1GGT g 4 0");
    assert_eq!(best(&g, "pvs", depth(3)), "b1");
    let g = position::<BaghChal>("T4/5/1GTG1/2G2/T3T t 13 4");
    assert_eq!(run(&g, "pvs", depth(4)).info.unwrap().score, Score::Win(1));
    let g = position::<BaghChal>("G3T/1G1G1/2T2/5/T3T t 13 4");
    assert_eq!(run(&g, "pvs", depth(5)).value, mate_in(3));
    let g = position::<BaghChal>("G3T/1G1G1/2T2/5/TG2T t 13 3");
    let out = run(&g, "pvs", depth(7));
    assert_eq!(out.info.unwrap().score, Score::Win(5));
    assert_eq!(g.move_text(out.best_move.unwrap()), "a1xc1");
    let g = position::<BaghChal>("T4/5/1GT2/5/T3T g 15 4");
    assert_eq!(best(&g, "pvs", depth(2)), "a3");
}
