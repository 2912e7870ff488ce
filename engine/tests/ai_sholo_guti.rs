//! The AI on Sholo Guti: forced wins (a capture, a trap), avoiding an immediate loss, equal
//! values across the algorithms, legal moves on random positions.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

mod common;

use chaupal_rules::sholo_guti::SholoGuti;
use common::*;

fn position(text: &str) -> SholoGuti {
    common::position(text)
}

#[test]
fn taking_the_last_piece_is_a_win_in_one() {
    let g = position("3/3/5/5/1N3/1S3/5/3/3 s 0");
    for engine in ["greedy", "alphabeta", "pvs"] {
        assert_eq!(best(&g, engine, depth(3)), "b4xb6", "{engine}");
    }
    assert_eq!(run(&g, "pvs", depth(3)).value, mate_in(1));
}

#[test]
fn trapping_the_last_piece_is_a_win_in_one() {
    // North's a9 piece: c8-c9 takes its last free point, every jump is blocked.
    let g = position("N1S/SS1/2S2/5/5/5/5/3/3 s 0");
    assert_eq!(best(&g, "pvs", depth(3)), "c8-c9");
}

#[test]
fn a_win_in_two() {
    let g = position("N1S/S2/2S2/5/1S3/5/5/3/3 s 0");
    let out = run(&g, "pvs", depth(5));
    assert_eq!(out.info.unwrap().score, Score::Win(3));
    assert_eq!(run(&g, "alphabeta", depth(3)).value, mate_in(3));
}

#[test]
fn a_win_in_three() {
    let mut g = position("N2/S2/2S2/2S2/5/5/5/3/3 s 0");
    g.play_text("c6-b6").unwrap();
    g.play_text("a9-c9").unwrap();
    let out = run(&g, "pvs", depth(7));
    assert_eq!(out.info.unwrap().score, Score::Win(5));
    assert_eq!(run(&g, "negamax", depth(5)).value, mate_in(5));
}

#[test]
fn a_win_in_four() {
    let g = position("N2/S2/2S2/2S2/5/5/5/3/3 s 0");
    assert_eq!(run(&g, "pvs", depth(9)).info.unwrap().score, Score::Win(7));
}

#[test]
fn the_last_piece_steps_out_of_a_capture() {
    // North's b4 threatens b3 (landing b2 is empty); c3 walks into d2's line, a3 is safe.
    let g = position("3/3/5/5/1N3/1N3/1S3/3/3 s 0");
    for engine in [
        "minimax",
        "minimax-ab",
        "alphabeta",
        "negamax",
        "negamax-tt",
        "pvs",
    ] {
        assert_eq!(best(&g, engine, depth(2)), "b3-a3", "{engine}");
    }
}

#[test]
fn algorithms_agree_at_a_fixed_depth() {
    let start = SholoGuti::start(Default::default());
    assert_same_value(&start, 3);
    for seed in 0..3 {
        assert_same_value(&random_position(start.clone(), 30, seed), 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]
    #[test]
    fn every_engine_returns_a_legal_move(plies in 0usize..80, seed in any::<u64>()) {
        let g = random_position(SholoGuti::start(Default::default()), plies, seed);
        engines_move_legally(&g);
    }
}

#[test]
fn analysis_gives_a_meter_and_the_fuzzy_margin() {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use chaupal_engine::analysis::analyse;
    use chaupal_engine::{Engine, Memory};
    use chaupal_rules::AnyGame;

    let g = AnyGame::SholoGuti(position("3/3/5/5/1N3/1S3/5/3/3 s 0"));
    let a = analyse(
        &Engine::new(),
        &mut Memory::default(),
        &g,
        Duration::from_millis(50),
        40,
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(a.best_move.as_deref(), Some("b4xb6"));
    assert_eq!(a.winning_chance, 1.0);
    let margin = a.fuzzy_margin.unwrap();
    assert!((0.0..=40.0).contains(&margin), "{margin}");
    assert_eq!(a.pv.first().map(String::as_str), Some("b4xb6"));
}
