//! The AI on Bagh Chal: forced wins in 1, 2 and 3 moves, avoiding an immediate loss, equal
//! values across the algorithms, and legal moves from every engine on random positions.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

mod common;

use chaupal_rules::baghchal::BaghChal;
use common::*;

fn position(text: &str) -> BaghChal {
    common::position(text)
}

#[test]
fn goats_trap_the_last_tiger_a_win_in_one() {
    let g = position("TGGGT/GG1GG/G1G1G/GG1GG/T1GGT g 4 0");
    for engine in ["greedy", "alphabeta", "pvs"] {
        assert_eq!(best(&g, engine, depth(3)), "b1", "{engine}");
    }
    assert_eq!(run(&g, "pvs", depth(3)).value, mate_in(1));
}

#[test]
fn tigers_take_the_fifth_goat_a_win_in_one() {
    let g = position("T4/5/1GTG1/2G2/T3T t 13 4");
    let out = run(&g, "pvs", depth(4));
    assert_eq!(out.info.unwrap().score, Score::Win(1));
    assert!(g.move_text(out.best_move.unwrap()).contains('x'));
}

#[test]
fn tigers_fork_two_goats_a_win_in_two() {
    // e5-e4 frees e5: the c3 tiger then eyes d4 (landing e5) as well as b4 and d4 from c4.
    let g = position("G3T/1G1G1/2T2/5/T3T t 13 4");
    let out = run(&g, "pvs", depth(5));
    assert_eq!(out.info.unwrap().score, Score::Win(3));
    assert_eq!(out.value, mate_in(3));
    assert_eq!(run(&g, "alphabeta", depth(3)).value, mate_in(3));
}

#[test]
fn tigers_capture_then_fork_a_win_in_three() {
    let g = position("G3T/1G1G1/2T2/5/TG2T t 13 3");
    let out = run(&g, "pvs", depth(7));
    assert_eq!(out.info.unwrap().score, Score::Win(5));
    assert_eq!(g.move_text(out.best_move.unwrap()), "a1xc1");
}

#[test]
fn goats_block_the_fifth_capture() {
    // The c3 tiger threatens b3 (landing a3); with four captured, only a3 saves the game now
    // (the tigers still win later: the searches at depth 2 must not see that far).
    let g = position("T4/5/1GT2/5/T3T g 15 4");
    for engine in [
        "minimax",
        "minimax-ab",
        "alphabeta",
        "negamax",
        "negamax-tt",
        "pvs",
    ] {
        assert_eq!(best(&g, engine, depth(2)), "a3", "{engine}");
    }
}

#[test]
fn algorithms_agree_at_a_fixed_depth() {
    let start = BaghChal::start(Default::default());
    assert_same_value(&start, 3);
    for seed in 1..4 {
        let g = random_position(start.clone(), 10, seed);
        assert_same_value(&g, 3);
    }
    // After placement (a repetition needs more plies than the depth).
    let g = position("TGGGT/GGGGG/GGTG1/GG2G/1GGGT g 0 3");
    assert_same_value(&g, 4);
    let _ = <BaghChal as Game>::Rules::default().pairs();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn every_engine_returns_a_legal_move(plies in 0usize..60, seed in any::<u64>()) {
        let g = random_position(BaghChal::start(Default::default()), plies, seed);
        engines_move_legally(&g);
    }
}
