//! Strength matches (ignored by default: they take minutes): the full search against each seed
//! agent, both colours, from varied openings. Run with
//! `cargo test --release -p chaupal-server --test ai_strength -- --ignored --nocapture`;
//! the numbers go to docs/AI.md.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_server::ai::game_ai::GameAi;
use chaupal_server::ai::{EngineSpec, SearchLimits, SearchRequest, run_engine};
use chaupal_shared::baghchal::BaghChal;
use chaupal_shared::jungle::Jungle;
use chaupal_shared::kalah::Kalah;
use chaupal_shared::sholo_guti::SholoGuti;
use chaupal_shared::{Game, Side};

/// Games per pairing (half with each colour).
const GAMES: u64 = 20;
/// Time a move for the full search.
const OUR_MS: u64 = 50;
/// Random plies played first, for varied openings.
const OPENING_PLIES: usize = 2;
/// Longest game before it is called a draw (the games' own rules end every game anyway).
const MAX_PLIES: usize = 600;

fn limits(engine: &str, depth: u32) -> SearchLimits {
    if engine.starts_with("pvs") {
        SearchLimits {
            time: Some(Duration::from_millis(OUR_MS)),
            ..SearchLimits::default()
        }
    } else {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }
}

/// Plays one game; returns the winner.
fn play<G: GameAi>(start: &G, engines: [(&str, u32); 2], seed: u64) -> Option<Side> {
    let cancel = AtomicBool::new(false);
    let mut g = start.clone();
    let mut plies = 0;
    while g.outcome().is_none() && plies < MAX_PLIES {
        let (engine, depth) = engines[g.side_to_move().index()];
        let engine = if plies < OPENING_PLIES {
            "random"
        } else {
            engine
        };
        let request = SearchRequest {
            engine: EngineSpec::Named(engine.to_owned()),
            limits: limits(engine, depth),
            seed: seed * 1000 + plies as u64,
        };
        let out = run_engine(&g, &request, &cancel, &mut |_| {}).unwrap();
        g.make(out.best_move.unwrap());
        plies += 1;
    }
    g.outcome().and_then(|o| o.winner())
}

/// Plays a match and prints `ours`'s score in points (a win 1, a draw 1/2).
fn match_up<G: GameAi>(name: &str, start: &G, ours: &str, seed_agent: &str, depth: u32) -> f64 {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for i in 0..GAMES {
        let our_side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let engines = match our_side {
            Side::First => [(ours, 0), (seed_agent, depth)],
            Side::Second => [(seed_agent, depth), (ours, 0)],
        };
        match play(start, engines, i / 2) {
            Some(w) if w == our_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    let points = (wins as f64 + draws as f64 / 2.0) / GAMES as f64;
    println!(
        "| {name} | {ours} {OUR_MS} ms | {seed_agent} depth {depth} | {wins} | {draws} | {losses} | {:.0}% |",
        100.0 * points
    );
    points
}

#[test]
#[ignore]
fn full_search_against_the_seed_agents() {
    println!("| game | ours | seed agent | wins | draws | losses | points |");
    println!("|---|---|---|---|---|---|---|");
    let k = Kalah::start(Default::default());
    for eval in ["eval1", "eval2", "eval3", "eval4"] {
        match_up("kalah", &k, "pvs", &format!("alphabeta:{eval}"), 4);
    }
    let b = BaghChal::start(Default::default());
    match_up("baghchal", &b, "pvs", "negamax:seed004", 4);
    match_up("baghchal", &b, "pvs", "negamax:seed000", 3);
    let j = Jungle::start(Default::default());
    match_up("jungle", &j, "pvs", "alphabeta:seed003", 4);
    match_up("jungle", &j, "pvs:seed003", "alphabeta:seed003", 4);
    let s = SholoGuti::start(Default::default());
    match_up("sholo-guti", &s, "pvs", "alphabeta:seed002", 4);
}

#[test]
#[ignore]
fn the_draw_prone_pairings_with_contempt() {
    let s = SholoGuti::start(Default::default());
    match_up("sholo-guti", &s, "pvs", "alphabeta:seed002", 4);
    let b = BaghChal::start(Default::default());
    match_up("baghchal", &b, "pvs", "negamax:seed004", 4);
}
