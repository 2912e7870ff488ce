//! Tests of the engines on the tiny games of `testgames`: known values, forced wins, equal
//! values across the algorithms, cancellation, and repeatable random engines.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use chaupal_rules::Game;
use chaupal_rules::score::Score;

use super::compare::values_at_depth;
use super::control::SearchControl;
use super::engine_config::{self, Algorithm, EngineConfig};
use super::game_ai::{GameAi, default_evaluator};
use super::mcts;
use super::memory::Kept;
use super::request::{AiError, EngineSpec, SearchLimits, SearchRequest};
use super::run::run_engine;
use super::search::{SearchConfig, SearchOutput, Searcher};
use super::testgames::{ExtraNim, TicTacToe, TugOfWar};
use super::value;

fn limits(depth: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    }
}

fn run_named<G: GameAi>(game: &G, engine: &str, limits: SearchLimits) -> SearchOutput<G::Move> {
    run_kept(game, engine, limits, &mut Kept::default())
}

/// A named engine, with what earlier searches kept in `kept`.
fn run_kept<G: GameAi>(
    game: &G,
    engine: &str,
    limits: SearchLimits,
    kept: &mut Kept<G>,
) -> SearchOutput<G::Move> {
    let cancel = AtomicBool::new(false);
    let request = SearchRequest {
        engine: EngineSpec::Named(engine.to_owned()),
        limits,
        seed: 7,
        threads: 1,
        slips: None,
    };
    run_engine(
        game,
        &request,
        &Default::default(),
        kept,
        &cancel,
        &mut |_| {},
    )
    .unwrap()
}

#[test]
fn all_algorithms_agree_on_the_value_at_a_fixed_depth() {
    let positions = [".........", "x...o....", "xo..x....", "x.o.o.x.."];
    for cells in positions {
        let game = TicTacToe::from_cells(cells);
        for depth in 1..=5 {
            let values = values_at_depth(&game, depth);
            let reference = values[0].1;
            for (name, v, _) in &values {
                assert_eq!(*v, reference, "{cells} depth {depth}: {name} {values:?}");
            }
        }
    }
    for pile in [5, 9, 14] {
        let game = ExtraNim::new(pile);
        for depth in 1..=7 {
            let values = values_at_depth(&game, depth);
            let reference = values[0].1;
            for (name, v, _) in &values {
                assert_eq!(
                    *v, reference,
                    "pile {pile} depth {depth}: {name} {values:?}"
                );
            }
        }
    }
}

#[test]
fn pruning_visits_fewer_nodes_than_plain_minimax() {
    let game = TicTacToe::start(Default::default());
    let values = values_at_depth(&game, 6);
    let nodes = |name: &str| values.iter().find(|v| v.0 == name).unwrap().2;
    assert!(nodes("alphabeta") < nodes("minimax"), "{values:?}");
    assert_eq!(
        nodes("alphabeta"),
        nodes("negamax"),
        "the same tree, two notations"
    );
    assert!(nodes("minimax-ab") <= nodes("minimax"), "{values:?}");
    assert!(nodes("negamax-tt") < nodes("negamax"), "{values:?}");
    assert!(nodes("pvs") < nodes("negamax"), "{values:?}");
}

#[test]
fn tic_tac_toe_is_a_proven_draw() {
    let game = TicTacToe::start(Default::default());
    let out = run_named(&game, "alphabeta", limits(9));
    assert_eq!(out.value, 0);
    let out = run_named(&game, "pvs", limits(9));
    assert_eq!(
        out.value,
        -engine_config::DEFAULT_CONTEMPT,
        "a draw, less the contempt"
    );
    assert!(out.proven);
    assert_eq!(
        out.info.unwrap().score,
        Score::Cp(-engine_config::DEFAULT_CONTEMPT)
    );
}

#[test]
fn engines_take_a_win_in_one() {
    // X to move: x x . / o o . / . . .
    let game = TicTacToe::from_cells("xx.oo....");
    for engine in [
        "greedy",
        "minimax",
        "minimax-ab",
        "alphabeta",
        "negamax",
        "negamax-tt",
        "pvs",
    ] {
        let out = run_named(&game, engine, limits(3));
        assert_eq!(out.best_move, Some(2), "{engine}");
        assert_eq!(out.value, value::mate_in(1), "{engine}");
    }
    let out = run_named(&game, "pvs", limits(3));
    assert_eq!(out.info.unwrap().score, Score::Win(1));
}

#[test]
fn engines_find_a_fork_a_win_in_two_moves() {
    // X to move: x . o / o . . / x . .  X plays 8, threatening 7 (6-7-8) and 4 (0-4-8): a
    // double threat, a win in 3 plies.
    let game = TicTacToe::from_cells("x.oo..x..");
    let out = run_named(&game, "pvs", limits(5));
    assert_eq!(out.value, value::mate_in(3));
    assert_eq!(out.info.as_ref().unwrap().score, Score::Win(3));
    let mut g = game.clone();
    g.make(out.best_move.unwrap());
    // Whatever O does, X wins next move.
    let mut replies = Vec::new();
    g.legal_moves(&mut replies);
    for r in replies {
        let mut h = g.clone();
        h.make(r);
        let win = run_named(&h, "pvs", limits(1));
        assert_eq!(win.value, value::mate_in(1), "after reply {r}");
    }
}

#[test]
fn engines_avoid_an_immediate_loss() {
    // O to move; X threatens 0-1-2.
    let game = TicTacToe::from_cells("x.x.o....");
    for engine in [
        "minimax",
        "minimax-ab",
        "alphabeta",
        "negamax",
        "negamax-tt",
        "pvs",
    ] {
        let out = run_named(&game, engine, limits(2));
        assert_eq!(out.best_move, Some(1), "{engine}");
    }
}

#[test]
fn extra_turns_keep_the_same_side_and_nim_is_solved() {
    // Brute force the take-away game with extra turns, then check the engines.
    fn solve(pile: u8, memo: &mut [Option<bool>; 40]) -> bool {
        // Whether the side to move wins.
        if let Some(w) = memo[pile as usize] {
            return w;
        }
        let win = (1..=3u8).filter(|&n| n <= pile).any(|n| {
            let rest = pile - n;
            if rest == 0 {
                true
            } else if n == 3 {
                solve(rest, memo)
            } else {
                !solve(rest, memo)
            }
        });
        memo[pile as usize] = Some(win);
        win
    }
    let mut memo = [None; 40];
    for pile in 1..=20u8 {
        let out = run_named(&ExtraNim::new(pile), "pvs", limits(40));
        assert!(value::is_mate(out.value), "pile {pile}: a forced result");
        assert_eq!(out.value > 0, solve(pile, &mut memo), "pile {pile}");
    }
}

#[test]
fn repetition_scores_as_a_draw_and_contempt_shifts_it() {
    let game = TugOfWar::start(Default::default());
    let out = run_named(&game, "alphabeta", limits(8));
    assert_eq!(out.value, 0, "both sides pull back: a draw");
    let out = run_named(&game, "pvs", limits(12));
    assert_eq!(
        out.value,
        -engine_config::DEFAULT_CONTEMPT,
        "the full search has contempt"
    );
    let eval = default_evaluator::<TugOfWar>().unwrap();
    let cancel = AtomicBool::new(false);
    let config = SearchConfig {
        contempt: 50,
        ..SearchConfig::default()
    };
    let control = SearchControl::new(&limits(12), &cancel);
    let out = Searcher::new(&game, eval.as_ref(), config, control).run(&mut |_| {});
    assert_eq!(
        out.value, -50,
        "a draw costs the searching side its contempt"
    );
}

#[test]
fn a_search_cancelled_from_another_thread_returns_a_move() {
    let game = TugOfWar::start(Default::default());
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let stopper = thread::spawn(move || {
        thread::sleep(Duration::from_millis(30));
        flag.store(true, Ordering::Relaxed);
    });
    for engine in ["pvs", "negamax-tt", "mcts"] {
        let request = SearchRequest {
            engine: EngineSpec::Named(engine.to_owned()),
            limits: SearchLimits {
                time: Some(Duration::from_secs(3600)),
                ..SearchLimits::default()
            },
            seed: 1,
            threads: 1,
            slips: None,
        };
        let out = run_engine(
            &game,
            &request,
            &Default::default(),
            &mut Default::default(),
            &cancel,
            &mut |_| {},
        )
        .unwrap();
        assert!(out.best_move.is_some(), "{engine}");
    }
    stopper.join().unwrap();
}

#[test]
fn a_search_cancelled_before_it_starts_still_returns_a_considered_move() {
    let game = TicTacToe::from_cells("xx.oo....");
    let cancel = AtomicBool::new(true);
    for engine in ["pvs", "negamax-tt", "alphabeta", "mcts", "random"] {
        let request = SearchRequest {
            engine: EngineSpec::Named(engine.to_owned()),
            limits: SearchLimits::default(),
            seed: 1,
            threads: 1,
            slips: None,
        };
        let out = run_engine(
            &game,
            &request,
            &Default::default(),
            &mut Default::default(),
            &cancel,
            &mut |_| {},
        )
        .unwrap();
        assert!(out.best_move.is_some(), "{engine}");
    }
    let request = SearchRequest {
        engine: EngineSpec::Named("pvs".to_owned()),
        limits: SearchLimits::default(),
        seed: 1,
        threads: 1,
        slips: None,
    };
    let out = run_engine(
        &game,
        &request,
        &Default::default(),
        &mut Default::default(),
        &cancel,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(out.best_move, Some(2), "iteration 1 always finishes");
}

/// Plays a whole game between two engines; returns the moves.
fn play<G: GameAi>(mut game: G, first: &str, second: &str, seed: u64) -> Vec<G::Move> {
    let mut moves = Vec::new();
    let cancel = AtomicBool::new(false);
    while game.outcome().is_none() && moves.len() < 200 {
        let engine = if game.side_to_move() == chaupal_rules::Side::First {
            first
        } else {
            second
        };
        let request = SearchRequest {
            engine: EngineSpec::Named(engine.to_owned()),
            limits: SearchLimits {
                nodes: Some(300),
                ..SearchLimits::default()
            },
            seed: seed + moves.len() as u64,
            threads: 1,
            slips: None,
        };
        let out = run_engine(
            &game,
            &request,
            &Default::default(),
            &mut Default::default(),
            &cancel,
            &mut |_| {},
        )
        .unwrap();
        let mv = out.best_move.unwrap();
        game.make(mv);
        moves.push(mv);
    }
    moves
}

#[test]
fn mcts_and_random_repeat_their_games_with_a_fixed_seed() {
    let start = TicTacToe::start(Default::default());
    let a = play(start.clone(), "mcts", "random", 11);
    let b = play(start.clone(), "mcts", "random", 11);
    assert_eq!(a, b);
    let c = play(start.clone(), "random", "random", 5);
    let d = play(start, "random", "random", 5);
    assert_eq!(c, d);
    let e = play(ExtraNim::new(19), "mcts", "mcts", 3);
    let f = play(ExtraNim::new(19), "mcts", "mcts", 3);
    assert_eq!(e, f);
}

#[test]
fn mcts_takes_a_win_in_one_and_blocks_a_loss() {
    let game = TicTacToe::from_cells("xx.oo....");
    let out = run_named(
        &game,
        "mcts",
        SearchLimits {
            nodes: Some(2000),
            ..SearchLimits::default()
        },
    );
    assert_eq!(out.best_move, Some(2));
    let game = TicTacToe::from_cells("x.x.o....");
    let out = run_named(
        &game,
        "mcts",
        SearchLimits {
            nodes: Some(4000),
            ..SearchLimits::default()
        },
    );
    assert_eq!(out.best_move, Some(1));
}

#[test]
fn mcts_keeps_its_tree_between_moves() {
    let cancel = AtomicBool::new(false);
    let eval = default_evaluator::<TicTacToe>().unwrap();
    let config = EngineConfig::new(Algorithm::Mcts);
    let mut tree = mcts::Mcts::<TicTacToe>::new();
    let mut game = TicTacToe::start(Default::default());
    let l = SearchLimits {
        nodes: Some(3000),
        ..SearchLimits::default()
    };
    let inputs = || mcts::MctsInputs {
        eval: eval.as_ref(),
        config: &config.mcts,
        seed: 1,
    };
    let out = tree.search(
        &game,
        inputs(),
        SearchControl::new(&l, &cancel),
        &mut |_| {},
    );
    let before = tree.tree_size();
    game.make(out.best_move.unwrap());
    game.make(out.pv.get(1).copied().unwrap_or(0));
    let l = SearchLimits {
        nodes: Some(1),
        ..SearchLimits::default()
    };
    tree.search(
        &game,
        inputs(),
        SearchControl::new(&l, &cancel),
        &mut |_| {},
    );
    assert!(
        tree.tree_size() > 10 && tree.tree_size() < before,
        "{} of {before}",
        tree.tree_size()
    );
}

#[test]
fn info_lines_report_each_iteration_with_a_legal_pv() {
    let game = TicTacToe::from_cells("x...o....");
    let cancel = AtomicBool::new(false);
    let request = SearchRequest {
        engine: EngineSpec::Named("pvs".to_owned()),
        limits: limits(4),
        seed: 0,
        threads: 1,
        slips: None,
    };
    let mut infos = Vec::new();
    let out = run_engine(
        &game,
        &request,
        &Default::default(),
        &mut Default::default(),
        &cancel,
        &mut |i| infos.push(i.clone()),
    )
    .unwrap();
    assert_eq!(
        infos.iter().map(|i| i.depth).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    let last = infos.last().unwrap();
    assert_eq!(
        last.pv.first().map(String::as_str),
        out.best_move.map(|m| m.to_string()).as_deref()
    );
    let mut g = game.clone();
    for m in &last.pv {
        g.play_text(m).unwrap();
    }
    assert!(out.stats.generated > out.stats.expanded && out.stats.expanded > 0);
}

#[test]
fn unknown_engines_and_evaluations_are_errors() {
    let game = TicTacToe::start(Default::default());
    let cancel = AtomicBool::new(false);
    for (engine, expected) in [
        (
            "deep-thought",
            AiError::UnknownEngine("deep-thought".into()),
        ),
        (
            "pvs:psychic",
            AiError::UnknownEvaluation {
                game: "kalah".into(),
                eval: "psychic".into(),
            },
        ),
    ] {
        let request = SearchRequest {
            engine: EngineSpec::Named(engine.to_owned()),
            limits: SearchLimits::default(),
            seed: 0,
            threads: 1,
            slips: None,
        };
        assert_eq!(
            run_engine(
                &game,
                &request,
                &Default::default(),
                &mut Default::default(),
                &cancel,
                &mut |_| {}
            )
            .unwrap_err(),
            expected
        );
    }
}

#[test]
fn a_second_search_of_the_same_position_is_cheaper() {
    use chaupal_rules::kalah::Kalah;
    let mut kept = Kept::default();
    let game = Kalah::start(Default::default());
    let first = run_kept(&game, "pvs", limits(9), &mut kept);
    let second = run_kept(&game, "pvs", limits(9), &mut kept);
    assert!(
        second.stats.nodes * 2 < first.stats.nodes,
        "the kept table should save most of the work: {} then {} nodes",
        first.stats.nodes,
        second.stats.nodes
    );
    // After forgetting, the search costs what it cost the first time.
    kept.forget();
    let again = run_kept(&game, "pvs", limits(9), &mut kept);
    assert_eq!(again.stats.nodes, first.stats.nodes);
    assert_eq!(again.value, first.value);
}

#[test]
fn searches_that_score_differently_keep_apart_in_the_kept_table() {
    use chaupal_rules::kalah::Kalah;
    let mut kept = Kept::default();
    let game = Kalah::start(Default::default());
    let ours = run_kept(&game, "pvs", limits(7), &mut kept);
    // Another evaluation finds nothing of ours to reuse: it costs what it costs alone.
    let other = run_kept(&game, "pvs:store-difference", limits(7), &mut kept);
    kept.forget();
    let other_alone = run_kept(&game, "pvs:store-difference", limits(7), &mut kept);
    assert_eq!(other.stats.nodes, other_alone.stats.nodes);
    assert_eq!(other.value, other_alone.value);
    assert!(ours.best_move.is_some());
}

/// A named engine on `threads` threads.
fn run_threads<G: GameAi>(
    game: &G,
    engine: &str,
    depth: u32,
    threads: u32,
) -> SearchOutput<G::Move> {
    let mut request = SearchRequest::new(EngineSpec::Named(engine.to_owned()), limits(depth), 7);
    request.threads = threads;
    run_engine(
        game,
        &request,
        &Default::default(),
        &mut Default::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap()
}

#[test]
fn two_threads_find_the_same_forced_results_as_one() {
    let fork = TicTacToe::from_cells("x.oo..x..");
    let nim = ExtraNim::new(11);
    for threads in [2, 3] {
        let one = run_threads(&fork, "pvs", 5, 1);
        let many = run_threads(&fork, "pvs", 5, threads);
        assert_eq!(many.value, one.value);
        assert_eq!(many.value, value::mate_in(3));
        let mut legal = Vec::new();
        fork.legal_moves(&mut legal);
        assert!(legal.contains(&many.best_move.unwrap()));
        let one = run_threads(&nim, "pvs", 30, 1);
        let many = run_threads(&nim, "pvs", 30, threads);
        assert!(value::is_mate(one.value), "a forced result");
        assert_eq!(many.value, one.value);
        // The helpers' nodes count too.
        assert!(many.stats.nodes > 0);
    }
}
