//! Puzzles on small Kalah boards, where every value is known: an exhaustive search of the whole
//! game is the oracle, and each verdict is checked against the values of every move.

use std::cell::RefCell;
use std::collections::HashMap;

use chaupal_rules::Game;
use chaupal_rules::kalah::{Kalah, KalahRules};

use super::*;

/// Every position's value by searching the game to its end (small boards only), remembered.
#[derive(Default)]
struct Exhaustive {
    known: RefCell<HashMap<(u64, String), TablebaseValue>>,
}

impl Exhaustive {
    fn solve(&self, game: &Kalah) -> TablebaseValue {
        let key = (game.hash(), game.position_text());
        if let Some(v) = self.known.borrow().get(&key) {
            return *v;
        }
        let mover = game.side_to_move();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut best: Option<(u8, i64, TablebaseValue)> = None;
        for mv in moves {
            let mut child = *game;
            child.make(mv);
            let v = match child.outcome() {
                Some(o) => value_of_end(o, mover),
                None if child.side_to_move() == mover => self.solve(&child),
                None => flipped(self.solve(&child)),
            };
            // Nearer wins, farther losses; one more ply for this move.
            let (rank, length, v) = match v {
                TablebaseValue::Win(d) => (2, -i64::from(d), TablebaseValue::Win(d + 1)),
                TablebaseValue::Draw => (1, 0, TablebaseValue::Draw),
                TablebaseValue::Loss(d) => (0, i64::from(d), TablebaseValue::Loss(d + 1)),
            };
            if best.is_none_or(|(r, l, _)| (rank, length) > (r, l)) {
                best = Some((rank, length, v));
            }
        }
        let v = best.map_or(TablebaseValue::Draw, |(_, _, v)| v);
        self.known.borrow_mut().insert(key, v);
        v
    }
}

impl Oracle<Kalah> for Exhaustive {
    fn value(&self, game: &Kalah) -> Option<TablebaseValue> {
        Some(self.solve(game))
    }
}

/// Positions reached by random play from the start of `rules`, each once.
fn positions(rules: KalahRules, games: usize) -> Vec<Kalah> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..games {
        let mut game = Kalah::start(rules);
        while game.outcome().is_none() {
            if seen.insert(game.position_text()) {
                out.push(game);
            }
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            game.make(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    out
}

/// The class of each move's result for the side to move, as the test works it out.
fn classes(game: &Kalah, oracle: &Exhaustive) -> Vec<(<Kalah as Game>::Move, Class)> {
    let mover = game.side_to_move();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = *game;
            child.make(mv);
            let won = match child.outcome() {
                Some(o) => o.winner().map(|w| w == mover),
                None => {
                    let v = oracle.solve(&child);
                    let own = child.side_to_move() == mover;
                    match v {
                        TablebaseValue::Draw => None,
                        TablebaseValue::Win(_) => Some(own),
                        TablebaseValue::Loss(_) => Some(!own),
                    }
                }
            };
            let c = match won {
                Some(true) => Class::Win,
                None => Class::Draw,
                Some(false) => Class::Loss,
            };
            (mv, c)
        })
        .collect()
}

fn small_rules() -> Vec<KalahRules> {
    vec![
        KalahRules::new(3, 2, false).unwrap(),
        KalahRules::new(3, 3, true).unwrap(),
        KalahRules::new(4, 2, false).unwrap(),
    ]
}

#[test]
fn a_position_is_a_puzzle_exactly_when_one_move_alone_keeps_a_win_or_a_draw() {
    let (mut wins, mut draws, mut two_winning) = (0, 0, 0);
    for rules in small_rules() {
        let oracle = Exhaustive::default();
        for game in positions(rules, 300) {
            let moves = classes(&game, &oracle);
            let best = moves.iter().map(|(_, c)| *c).max().unwrap();
            let keeping: Vec<_> = moves.iter().filter(|(_, c)| *c == best).collect();
            let expected =
                (moves.len() >= 2 && best != Class::Loss && keeping.len() == 1).then(|| {
                    let goal = if best == Class::Win {
                        Goal::Win
                    } else {
                        Goal::SaveDraw
                    };
                    (goal, keeping[0].0)
                });
            let got = only_move(&game, &oracle);
            assert_eq!(got, expected, "{}", game.position_text());
            if best == Class::Win && keeping.len() >= 2 {
                two_winning += 1;
                assert_eq!(got, None, "two winning moves: {}", game.position_text());
            }
            match got {
                Some((Goal::Win, _)) => wins += 1,
                Some((Goal::SaveDraw, _)) => draws += 1,
                None => {}
            }
        }
    }
    // The sample has each kind: else the test would prove little.
    assert!(wins > 20, "{wins} only-winning-move positions");
    assert!(draws > 0, "{draws} save-the-draw positions");
    assert!(
        two_winning > 20,
        "{two_winning} positions with two winning moves"
    );
}

#[test]
fn a_save_the_draw_puzzle_is_one_where_the_only_draw_stands_against_losses() {
    let oracle = Exhaustive::default();
    let mut found = 0;
    for rules in small_rules() {
        for game in positions(rules, 300) {
            if let Some((Goal::SaveDraw, key)) = only_move(&game, &oracle) {
                let moves = classes(&game, &oracle);
                for (mv, c) in moves {
                    let want = if mv == key { Class::Draw } else { Class::Loss };
                    assert_eq!(c, want, "{}", game.position_text());
                }
                found += 1;
            }
        }
    }
    assert!(found > 0);
}

#[test]
fn each_solver_move_of_a_line_is_forced_and_each_defence_keeps_the_defenders_best() {
    let mut lines = 0;
    let mut longest = 0;
    for rules in small_rules() {
        let oracle = Exhaustive::default();
        for game in positions(rules, 200) {
            let Some(p) = puzzle(&game, &oracle) else {
                continue;
            };
            assert!(!p.line.is_empty() && p.line.len() <= MAX_PLIES);
            assert_eq!(p.solver, game.side_to_move());
            let mut position = game;
            for mv in &p.line {
                let moves = classes(&position, &oracle);
                let best = moves.iter().map(|(_, c)| *c).max().unwrap();
                let mine = moves.iter().find(|(m, _)| m == mv).unwrap().1;
                assert_eq!(mine, best, "not a best move: {}", position.position_text());
                if position.side_to_move() == p.solver {
                    let keeping = moves.iter().filter(|(_, c)| *c == best).count();
                    assert_eq!(keeping, 1, "not forced: {}", position.position_text());
                }
                position.make(*mv);
            }
            // The line ends with the game, or where the solver would have more than one good
            // move, never in the middle of forced play.
            if position.outcome().is_none() && position.side_to_move() == p.solver {
                assert!(only_move(&position, &oracle).is_none_or(|(g, _)| g != p.goal));
            }
            lines += 1;
            longest = longest.max(p.line.len());
        }
    }
    assert!(lines > 20, "{lines} lines");
    assert!(longest >= 3, "the longest line has {longest} plies");
}

/// An exact judge: the exhaustive search's value as a chance (a win 1, a draw one half, a loss
/// 0), for the checked puzzles' rules.
struct ExactJudge<'a>(&'a Exhaustive);

impl checked::Judge<Kalah> for ExactJudge<'_> {
    fn chance(&mut self, game: &Kalah) -> Option<f64> {
        Some(match self.0.solve(game) {
            TablebaseValue::Win(_) => 1.0,
            TablebaseValue::Draw => 0.5,
            TablebaseValue::Loss(_) => 0.0,
        })
    }
}

/// With exact judges, the checked rules find the same only moves as the oracle: the gap of a
/// proven only move is at least one half, and a position with two winning moves has none.
/// Their lines may differ only where the defence has several moves of the same class.
#[test]
fn checked_puzzles_with_exact_judges_agree_with_the_exact_ones() {
    let (mut both, mut exact_only, mut checked_only) = (0, 0, 0);
    for rules in small_rules() {
        let oracle = Exhaustive::default();
        for game in positions(rules, 200) {
            let exact = only_move(&game, &oracle);
            let got = checked::only_move(&game, &mut ExactJudge(&oracle));
            assert_eq!(got, exact, "{}", game.position_text());
            let e = puzzle(&game, &oracle);
            let c = checked::puzzle(&game, &mut ExactJudge(&oracle), &mut ExactJudge(&oracle));
            match (&e, &c) {
                (Some(e), Some(c)) => {
                    assert_eq!((e.goal, e.solver, e.line[0]), (c.goal, c.solver, c.line[0]));
                    // Every solver move of the checked line is the oracle's only move.
                    let mut position = game;
                    for mv in &c.line {
                        if position.side_to_move() == c.solver {
                            assert_eq!(only_move(&position, &oracle), Some((c.goal, *mv)));
                        }
                        position.make(*mv);
                    }
                    both += 1;
                }
                (Some(_), None) => exact_only += 1,
                (None, Some(_)) => checked_only += 1,
                (None, None) => {}
            }
        }
    }
    assert!(both > 20, "{both} puzzles found both ways");
    // Different defences may lengthen a line past the limit or end it early: rarely.
    assert!(
        (exact_only + checked_only) * 10 <= both,
        "{exact_only} exact only, {checked_only} checked only, {both} both"
    );
}

/// A judge that sees nothing clearly (every position even) finds no puzzle, and two judges
/// that disagree on the only move find none either.
#[test]
fn checked_puzzles_need_both_judges() {
    struct Even;
    impl checked::Judge<Kalah> for Even {
        fn chance(&mut self, _: &Kalah) -> Option<f64> {
            Some(0.5)
        }
    }
    let oracle = Exhaustive::default();
    let rules = small_rules()[0];
    let mut some = 0;
    for game in positions(rules, 100) {
        let Some(p) = checked::puzzle(&game, &mut ExactJudge(&oracle), &mut ExactJudge(&oracle))
        else {
            continue;
        };
        let mut after = game;
        after.make(p.line[0]);
        // A move that ends the game is seen by any judge.
        if after.outcome().is_none() {
            some += 1;
            assert_eq!(
                checked::puzzle(&game, &mut ExactJudge(&oracle), &mut Even),
                None,
                "{}",
                game.position_text()
            );
        }
    }
    assert!(some > 5, "{some}");
}

/// Every line the generator makes is proven again by [`prove`], and a line spoiled in any
/// way (another first move, the defence's move changed for a worse one, cut after a defence)
/// is refused with its reason.
#[test]
fn every_made_line_proves_and_spoiled_lines_do_not() {
    let (mut proven, mut spoiled) = (0, 0);
    for rules in small_rules() {
        let oracle = Exhaustive::default();
        for game in positions(rules, 150) {
            let Some(p) = puzzle(&game, &oracle) else {
                continue;
            };
            assert_eq!(prove(&game, p.goal, &p.line, &oracle), Ok(()));
            proven += 1;
            // Another legal first move is not the only one.
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let other = moves.iter().find(|&&m| m != p.line[0]).copied().unwrap();
            assert_eq!(
                prove(&game, p.goal, &[other], &oracle),
                Err(LineError::NotOnly(0))
            );
            // A line cut just after a defence ends with the opponent's move.
            let mut position = game;
            for (i, &mv) in p.line.iter().enumerate() {
                let defence = position.side_to_move() != p.solver;
                position.make(mv);
                if defence {
                    assert_eq!(
                        prove(&game, p.goal, &p.line[..=i], &oracle),
                        Err(LineError::EndsWithDefence)
                    );
                    spoiled += 1;
                    break;
                }
            }
            // The wrong goal is refused.
            let wrong = match p.goal {
                Goal::Win => Goal::SaveDraw,
                Goal::SaveDraw => Goal::Win,
            };
            assert_eq!(
                prove(&game, wrong, &p.line, &oracle),
                Err(LineError::NotOnly(0))
            );
        }
    }
    assert!(proven > 20 && spoiled > 5, "{proven} proven, {spoiled} cut");
}
