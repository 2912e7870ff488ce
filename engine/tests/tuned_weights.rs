//! The tuned evaluation weights committed in `weights/` (the tuner's output, docs/RESEARCH.md):
//! the server's start-up installs them as the default evaluation of the depth-limited searches
//! (MCTS, and the levels that name another evaluation, keep theirs), and with them the AI still
//! finds the forced wins and the one defence that the hand-set weights find
//! (tests/ai_baghchal.rs).

#![allow(clippy::unwrap_used)] // a test: failures should be loud

mod common;

use std::path::PathBuf;
use std::sync::Once;

use chaupal_server::ai::config_evaluator;
use chaupal_server::ai::eval::baghchal::{Chaupal, Seed004, Weights};
use chaupal_server::ai::game_ai::Evaluator;
use chaupal_server::ai::levels::level;
use chaupal_server::research::weights::{install_dir, load};
use chaupal_shared::GameKind;
use chaupal_shared::baghchal::BaghChal;
use common::*;

/// The repository's `weights/`, where `cargo run -p chaupal-server` from the root finds it.
fn weights_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("weights")
}

/// Installs the committed weights once for this test process, as the server's start-up does.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let games = install_dir(&weights_dir()).unwrap();
        assert!(games.contains(&GameKind::BaghChal), "{games:?}");
    });
}

#[test]
fn the_committed_baghchal_weights_become_the_default_of_the_levels_that_use_it() {
    install();
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
    let level5 = config_evaluator::<BaghChal>(&level(GameKind::BaghChal, 5).unwrap()).unwrap();
    for g in &positions {
        assert_eq!(level5.evaluate(g), tuned.evaluate(g));
    }
    assert!(
        positions
            .iter()
            .any(|g| level5.evaluate(g) != Chaupal::default().evaluate(g))
    );
    // Level 6 (MCTS) keeps the weights in the code.
    let level6 = config_evaluator::<BaghChal>(&level(GameKind::BaghChal, 6).unwrap()).unwrap();
    for g in &positions {
        assert_eq!(level6.evaluate(g), Chaupal::default().evaluate(g));
    }
    // Level 4 names seed 004's evaluation and keeps it.
    let level4 = config_evaluator::<BaghChal>(&level(GameKind::BaghChal, 4).unwrap()).unwrap();
    for g in &positions {
        assert_eq!(level4.evaluate(g), Seed004(Weights::SEED004).evaluate(g));
    }
}

#[test]
fn with_the_tuned_weights_the_forced_wins_are_still_found() {
    install();
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
