//! Checked puzzles: where no solved database or solver reaches (Jungle, Sholo Guti with many
//! pieces, Bagh Chal's placement phase), a puzzle's only move is found by search instead, as
//! lichess checks its puzzles with Stockfish.
//!
//! - Each move of the position is judged by the chance to win it leaves its mover (a
//!   [`Judge`]: a search at a fixed budget, its score on the game's winning-chance curve; a
//!   finished game is 1, 0 or one half).
//! - A move is the only one when it is clearly best: its chance is more than [`GAP`] above
//!   every other move's, and the goal is plain: a win (a chance of at least [`WINNING`]) or,
//!   when the best only holds the balance, saving the draw (every other move at most
//!   [`LOSING`]).
//! - Two judges (two engine settings) must each find the same only move at every turn of the
//!   solver; the first judge also picks the opponent's replies (its best defence).
//! - The line ends when the game is over, or before a turn of the solver where the judges no
//!   longer find one only move; a winning line must still be winning there (at least
//!   [`WINNING`] by the first judge). Lines longer than [`MAX_PLIES`](super::MAX_PLIES) are no puzzles.
//!
//! This is a check, not a proof: a puzzle made here is marked `checked`.

use chaupal_rules::puzzle::Goal;
use chaupal_rules::{Game, Side};

use super::{LineGuide, Puzzle, follow_line};

/// How much better than every other move the only move must be, in chance to win.
pub const GAP: f64 = 0.4;
/// The chance to win that makes a position won for a puzzle.
pub const WINNING: f64 = 0.8;
/// The most a move may leave its mover for the draw it gives away to count as lost.
pub const LOSING: f64 = 0.15;

/// A judge of positions: the side to move's chance to win (0 to 1, a draw one half), or `None`
/// when it could not tell.
pub trait Judge<G> {
    fn chance(&mut self, game: &G) -> Option<f64>;
}

/// The chance a move leaves its mover: the end's, or the judge's of the position after it.
fn chance_after<G: Game>(game: &G, mv: G::Move, judge: &mut dyn Judge<G>) -> Option<f64> {
    let mover = game.side_to_move();
    let mut child = game.clone();
    child.make(mv);
    if let Some(outcome) = child.outcome() {
        return Some(match outcome.winner() {
            None => 0.5,
            Some(w) if w == mover => 1.0,
            Some(_) => 0.0,
        });
    }
    let c = judge.chance(&child)?;
    Some(if child.side_to_move() == mover {
        c
    } else {
        1.0 - c
    })
}

/// Each legal move with the chance it leaves its mover, best first.
pub fn judged_moves<G: Game>(game: &G, judge: &mut dyn Judge<G>) -> Option<Vec<(G::Move, f64)>> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut judged = Vec::with_capacity(moves.len());
    for mv in moves {
        judged.push((mv, chance_after(game, mv, judge)?));
    }
    judged.sort_by(|a, b| b.1.total_cmp(&a.1));
    Some(judged)
}

/// The goal that the best and second-best chances make plain, if any.
pub fn goal_of(best: f64, second: f64) -> Option<Goal> {
    if best - second <= GAP {
        None
    } else if best >= WINNING {
        Some(Goal::Win)
    } else if (0.5 - LOSING..=0.5 + LOSING).contains(&best) && second <= LOSING {
        Some(Goal::SaveDraw)
    } else {
        None
    }
}

/// The only move of `game` by one judge, with its goal: `None` with fewer than two legal moves,
/// or no move clearly best.
pub fn only_move<G: Game>(game: &G, judge: &mut dyn Judge<G>) -> Option<(Goal, G::Move)> {
    if game.outcome().is_some() {
        return None;
    }
    let judged = judged_moves(game, judge)?;
    let [(best, b), (_, s), ..] = judged[..] else {
        return None;
    };
    goal_of(b, s).map(|goal| (goal, best))
}

/// The only move both judges agree on, with the goal the first finds.
fn agreed<G: Game>(
    game: &G,
    first: &mut dyn Judge<G>,
    second: &mut dyn Judge<G>,
) -> Option<(Goal, G::Move)> {
    let (goal, mv) = only_move(game, first)?;
    let (goal2, mv2) = only_move(game, second)?;
    (mv == mv2 && goal == goal2).then_some((goal, mv))
}

/// Two judges as the guide of a line: the solver's moves are those both agree on, the
/// opponent's the first judge's best.
struct Judges<'a, G: Game> {
    first: &'a mut dyn Judge<G>,
    second: &'a mut dyn Judge<G>,
}

impl<G: Game> LineGuide<G> for Judges<'_, G> {
    fn only(&mut self, game: &G) -> Option<(Goal, G::Move)> {
        agreed(game, self.first, self.second)
    }

    fn defence(&mut self, game: &G) -> Option<G::Move> {
        judged_moves(game, self.first)?.first().map(|&(mv, _)| mv)
    }
}

/// The checked puzzle of `game`, if it is one (see the module's notes).
pub fn puzzle<G: Game>(
    game: &G,
    first: &mut dyn Judge<G>,
    second: &mut dyn Judge<G>,
) -> Option<Puzzle<G::Move>> {
    let (goal, mv) = agreed(game, first, second)?;
    let solver: Side = game.side_to_move();
    let (line, end) = follow_line(game, goal, mv, &mut Judges { first, second })?;
    // The point is made only if the solver is still winning where the line stops.
    if goal == Goal::Win && end.outcome().is_none() {
        let c = first.chance(&end)?;
        let mine = if end.side_to_move() == solver {
            c
        } else {
            1.0 - c
        };
        if mine < WINNING {
            return None;
        }
    }
    Some(Puzzle { goal, solver, line })
}
