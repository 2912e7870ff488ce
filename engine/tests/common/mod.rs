//! Helpers shared by the AI test files: run an engine on a typed game, compare algorithms at a
//! fixed depth, and play random legal positions.

#![allow(dead_code, clippy::unwrap_used)] // test helpers: each file uses some; failures should be loud

use std::sync::atomic::AtomicBool;

use chaupal_engine::compare::values_at_depth;
use chaupal_engine::game_ai::GameAi;
use chaupal_engine::perfect::Resources;
use chaupal_engine::run::run_engine;
use chaupal_engine::search::SearchOutput;
use chaupal_engine::value::Value;
use chaupal_engine::{EngineSpec, SearchLimits, SearchRequest};
// What every game's test file uses, so that each needs only `use common::*;`.
#[allow(unused_imports)]
pub use chaupal_engine::value::{margin_of, mate_in};
#[allow(unused_imports)]
pub use chaupal_rules::score::Score;
#[allow(unused_imports)]
pub use chaupal_rules::{Game, RuleSet};
#[allow(unused_imports)]
pub use proptest::prelude::*;

/// A position from its text, under the default rules.
pub fn position<G: Game>(text: &str) -> G {
    G::from_position_text(text, Default::default()).unwrap()
}

/// Every engine, and a cancelled search, return a legal move in `game` (the property each
/// game's proptest checks on random positions).
pub fn engines_move_legally<G: GameAi>(game: &G) {
    every_engine_moves_legally(game);
    cancelled_search_returns_a_legal_move(game);
}

pub fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

pub fn nodes(n: u64) -> SearchLimits {
    SearchLimits {
        nodes: Some(n),
        ..SearchLimits::default()
    }
}

/// Runs a named engine with the hand-set evaluations.
pub fn run<G: GameAi>(game: &G, engine: &str, limits: SearchLimits) -> SearchOutput<G::Move> {
    run_with(game, engine, limits, &Resources::default())
}

/// Runs a named engine with what an engine holds for the game (its tuned evaluation).
pub fn run_with<G: GameAi>(
    game: &G,
    engine: &str,
    limits: SearchLimits,
    res: &Resources<G>,
) -> SearchOutput<G::Move> {
    let cancel = AtomicBool::new(false);
    let request = SearchRequest {
        engine: EngineSpec::Named(engine.to_owned()),
        limits,
        seed: 3,
        threads: 1,
        slips: None,
    };
    run_engine(
        game,
        &request,
        res,
        &mut Default::default(),
        &cancel,
        &mut |_| {},
    )
    .unwrap()
}

/// The best move of a named engine, in notation.
pub fn best<G: GameAi>(game: &G, engine: &str, limits: SearchLimits) -> String {
    let out = run(game, engine, limits);
    game.move_text(out.best_move.unwrap())
}

/// Asserts that every algorithm finds the same value; returns the node counts for printing.
pub fn assert_same_value<G: GameAi>(game: &G, d: u32) -> Vec<(&'static str, Value, u64)> {
    let values = values_at_depth(game, d);
    let reference = values[0].1;
    for (name, v, _) in &values {
        assert_eq!(
            *v,
            reference,
            "{} depth {d}: {name} disagrees: {values:?}",
            game.position_text()
        );
    }
    let nodes = |n: &str| values.iter().find(|v| v.0 == n).unwrap().2;
    assert!(nodes("alphabeta") <= nodes("minimax"), "{values:?}");
    assert!(nodes("pvs") <= nodes("minimax"), "{values:?}");
    println!("{} depth {d}: {values:?}", game.position_text());
    values
}

/// A position reached by `plies` random legal moves from `game` (fewer if the game ends).
pub fn random_position<G: Game>(mut game: G, plies: usize, mut seed: u64) -> G {
    let mut moves = Vec::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        let undo = game.make(mv);
        if game.outcome().is_some() {
            game.unmake(mv, undo);
            break;
        }
    }
    game
}

/// Every engine returns a legal move of the position.
pub fn every_engine_moves_legally<G: GameAi>(game: &G) {
    if game.outcome().is_some() {
        return;
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    for (engine, limits) in [
        ("random", SearchLimits::default()),
        ("greedy", SearchLimits::default()),
        ("minimax", depth(2)),
        ("minimax-ab", depth(2)),
        ("alphabeta", depth(3)),
        ("negamax", depth(3)),
        ("negamax-tt", depth(3)),
        ("pvs", depth(3)),
        ("mcts", nodes(200)),
    ] {
        let out = run(game, engine, limits);
        let mv = out.best_move.unwrap();
        assert!(
            legal.contains(&mv),
            "{engine} chose an illegal move in {}",
            game.position_text()
        );
    }
    for eval in G::EVALUATIONS {
        let out = run(game, &format!("alphabeta:{}", eval.name), depth(2));
        assert!(
            legal.contains(&out.best_move.unwrap()),
            "eval {}",
            eval.name
        );
    }
}

/// A search with no limit but the cancel flag, cancelled from another thread, returns a legal
/// move (the last finished iteration's, or the first iteration's if none finished).
pub fn cancelled_search_returns_a_legal_move<G: GameAi>(game: &G) {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;
    use std::time::Duration;
    if game.outcome().is_some() {
        return;
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    for engine in ["pvs", "mcts"] {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            flag.store(true, Ordering::Relaxed);
        });
        let request = SearchRequest {
            engine: EngineSpec::Named(engine.to_owned()),
            limits: SearchLimits {
                time: Some(Duration::from_secs(3600)),
                ..SearchLimits::default()
            },
            seed: 9,
            threads: 1,
            slips: None,
        };
        let out = run_engine(
            game,
            &request,
            &Default::default(),
            &mut Default::default(),
            &cancel,
            &mut |_| {},
        )
        .unwrap();
        stopper.join().unwrap();
        assert!(legal.contains(&out.best_move.unwrap()), "{engine}");
    }
}
