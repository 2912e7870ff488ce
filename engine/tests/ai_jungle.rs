//! The AI on Jungle: den races won in 1, 2 and 3 moves, a trap defence against an immediate
//! loss, equal values across the algorithms, legal moves on random positions of both boards.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

mod common;

use chaupal_rules::jungle::Jungle;
use common::*;

fn position(text: &str) -> Jungle {
    common::position(text)
}

#[test]
fn the_wolf_enters_the_den_a_win_in_one() {
    let g = position("l6/3W3/7/7/7/7/7/7/6T s 0");
    for engine in ["greedy", "minimax-ab", "alphabeta", "pvs"] {
        assert_eq!(best(&g, engine, depth(2)), "d8-d9", "{engine}");
    }
    assert_eq!(run(&g, "pvs", depth(3)).info.unwrap().score, Score::Win(1));
}

#[test]
fn a_den_race_won_in_two() {
    let g = position("l6/7/3W3/7/7/7/7/7/6T s 0");
    let out = run(&g, "pvs", depth(5));
    assert_eq!(out.info.unwrap().score, Score::Win(3));
    assert_eq!(run(&g, "alphabeta", depth(3)).value, mate_in(3));
}

#[test]
fn a_den_race_won_in_three() {
    let g = position("l6/7/7/3W3/7/7/7/7/6T s 0");
    let out = run(&g, "pvs", depth(7));
    assert_eq!(out.info.unwrap().score, Score::Win(5));
    assert_eq!(g.move_text(out.best_move.unwrap()), "d6-d7");
    assert_eq!(run(&g, "negamax", depth(5)).value, mate_in(5));
}

#[test]
fn a_raider_on_our_trap_is_taken_before_it_enters_the_den() {
    // North's wolf stands on south's trap d2, one step from the den: only the cat saves it.
    let g = position("l6/7/7/7/7/7/7/3wC2/6T s 0");
    for engine in [
        "minimax",
        "minimax-ab",
        "alphabeta",
        "negamax",
        "negamax-tt",
        "pvs",
    ] {
        assert_eq!(best(&g, engine, depth(2)), "e2xd2", "{engine}");
    }
    assert_eq!(best(&g, "mcts", nodes(2000)), "e2xd2");
}

#[test]
fn algorithms_agree_at_a_fixed_depth() {
    let start = Jungle::start(Default::default());
    assert_same_value(&start, 3);
    for seed in 0..3 {
        assert_same_value(&random_position(start.clone(), 40, seed), 3);
    }
    let small = Jungle::start(<Jungle as Game>::Rules::from_pairs([("board", "small")]).unwrap());
    assert_same_value(&small, 4);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]
    #[test]
    fn every_engine_returns_a_legal_move(plies in 0usize..80, seed in any::<u64>(), small in any::<bool>()) {
        let rules = if small {
            <Jungle as Game>::Rules::from_pairs([("board", "small")]).unwrap()
        } else {
            Default::default()
        };
        let g = random_position(Jungle::start(rules), plies, seed);
        engines_move_legally(&g);
    }
}
