//! The AI on Kalah: proven margins checked against a plain minimax that searches to the end,
//! forced wins, equal values across the algorithms, legal moves on random positions.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

mod common;

use std::collections::HashMap;

use chaupal_rules::kalah::Kalah;
use common::*;

fn small(pits: u8, seeds: u8) -> Kalah {
    let rules = <Kalah as Game>::Rules::from_pairs([
        ("pits", pits.to_string()),
        ("seeds", seeds.to_string()),
    ])
    .unwrap();
    Kalah::start(rules)
}

/// The exact final margin for the side to move, by plain memoised minimax to the end (Kalah
/// positions never repeat, so the hash is a sound memo key): the oracle the engine must match.
fn solve(g: &Kalah, memo: &mut HashMap<u64, i32>) -> i32 {
    if g.outcome().is_some() {
        let me = g.side_to_move();
        return g.store(me) as i32 - g.store(me.opponent()) as i32;
    }
    if let Some(&v) = memo.get(&g.hash()) {
        return v;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *g;
        child.make(mv);
        let v = solve(&child, memo);
        best = best.max(if child.side_to_move() == g.side_to_move() {
            v
        } else {
            -v
        });
    }
    memo.insert(g.hash(), best);
    best
}

fn position(text: &str) -> Kalah {
    common::position(text)
}

#[test]
fn proven_margins_match_a_minimax_to_the_end() {
    for (pits, seeds, plies) in [
        (3, 2, 0),
        (3, 3, 0),
        (3, 3, 4),
        (4, 2, 3),
        (4, 3, 12),
        (4, 3, 16),
    ] {
        for seed in 0..3 {
            let g = random_position(small(pits, seeds), plies, seed);
            if g.outcome().is_some() {
                continue;
            }
            let solved = run(&g, "pvs", depth(60));
            assert!(solved.proven, "{}", g.position_text());
            let margin = margin_of(solved.value);
            assert_eq!(
                margin,
                solve(&g, &mut HashMap::new()),
                "{}",
                g.position_text()
            );
            assert_eq!(solved.info.unwrap().score, Score::Margin(margin));
            // The chosen move keeps the margin.
            let mut after = g;
            after.make(solved.best_move.unwrap());
            if after.outcome().is_none() {
                let next = run(&after, "pvs", depth(60)).value;
                let for_mover = if after.side_to_move() == g.side_to_move() {
                    next
                } else {
                    -next
                };
                assert_eq!(for_mover, solved.value, "{}", g.position_text());
            }
        }
    }
}

#[test]
fn the_last_seeds_a_win_in_one() {
    // South sows house 6 into the store and the row is empty: south wins 25 to 23.
    let g = position("0,0,0,0,0,1:24/0,0,0,0,1,0:22 s");
    let out = run(&g, "pvs", depth(4));
    assert_eq!(g.move_text(out.best_move.unwrap()), "6");
    assert_eq!(out.info.unwrap().score, Score::Margin(2));
}

#[test]
fn a_capture_decides_the_game() {
    // South's house 1 seed lands in empty house 2 and takes north's 5 opposite (house 5).
    let g = position("1,0,0,0,0,1:20/0,0,0,0,5,0:21 s");
    let solved = run(&g, "pvs", depth(30));
    assert_eq!(margin_of(solved.value), solve(&g, &mut HashMap::new()));
    assert!(margin_of(solved.value) > 0, "{:?}", solved.info);
}

#[test]
fn algorithms_agree_at_a_fixed_depth() {
    let start = Kalah::start(Default::default());
    assert_same_value(&start, 5);
    for seed in 0..3 {
        assert_same_value(&random_position(start, 8, seed), 5);
    }
    let _ = <Kalah as Game>::Rules::default().pairs();
}

#[test]
fn the_seed_evaluations_all_play() {
    let start = Kalah::start(Default::default());
    for eval in [
        "empty-row",
        "store-difference",
        "store-ratio",
        "house-values",
        "chaupal",
    ] {
        for engine in ["minimax-ab", "alphabeta"] {
            let out = run(&start, &format!("{engine}:{eval}"), depth(4));
            assert!(out.best_move.is_some());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn every_engine_returns_a_legal_move(plies in 0usize..40, seed in any::<u64>()) {
        let g = random_position(Kalah::start(Default::default()), plies, seed);
        engines_move_legally(&g);
    }
}

#[test]
fn two_threads_solve_small_boards_to_the_same_margin() {
    use std::sync::atomic::AtomicBool;

    use chaupal_engine::run::run_engine;
    use chaupal_engine::{EngineSpec, SearchRequest};

    for (pits, seeds, plies, seed) in [(3, 3, 0, 0), (4, 2, 3, 1), (4, 3, 12, 2)] {
        let g = random_position(small(pits, seeds), plies, seed);
        if g.outcome().is_some() {
            continue;
        }
        let mut request = SearchRequest::new(EngineSpec::Named("pvs".to_owned()), depth(60), 1);
        request.threads = 2;
        let out = run_engine(
            &g,
            &request,
            &Default::default(),
            &mut Default::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        assert!(out.proven, "{}", g.position_text());
        assert_eq!(margin_of(out.value), solve(&g, &mut HashMap::new()));
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert!(legal.contains(&out.best_move.unwrap()));
    }
}
