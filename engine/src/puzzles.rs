//! Exact puzzles: positions where the side to move has exactly one move that keeps its best
//! result, proven by a perfect oracle (a solved database or an exact solver), and the line that
//! follows it.
//!
//! - A position is a puzzle when it has at least two legal moves, its best result for the side
//!   to move is a win or a draw, and exactly one move keeps that result: every other move
//!   gives it away ("find the only winning move", "find the only move that saves the draw").
//! - The line goes on from there: the opponent defends as well as it can (it keeps its own
//!   best result, and of those moves the one that holds out longest), and at each turn of the
//!   solver there must again be exactly one move keeping the goal. The line ends when the game
//!   is over, or just before a turn of the solver where more than one move keeps the goal (the
//!   point is made). A line longer than [`MAX_PLIES`] is no puzzle. In Kalah a side may move
//!   twice running: the line follows whoever is to move.
//!
//! The oracle is handed in ([`Oracle`]; a solved database, a [`Tablebase`], is one, and
//! [`kalah::KalahOracle`] is the Kalah solver as one); nothing here reads a file.
//!
//! - [`kalah`]: the Kalah solver and its endgame database as an oracle.
//! - [`checked`]: puzzles where no oracle reaches, checked by two engine settings instead.
//! - [`themes`]: what a puzzle is about (a capture, a trap, an extra turn, the den, ...).

pub mod checked;
pub mod kalah;
pub mod themes;

use chaupal_rules::puzzle::Goal;
use chaupal_rules::{Game, Outcome, Side};

use crate::game_ai::TablebaseValue;
use crate::perfect::{Tablebase, Wdl};

/// The longest line (both sides' moves) a puzzle may have.
pub const MAX_PLIES: usize = 12;

/// Perfect knowledge of positions of game `G`.
pub trait Oracle<G: Game> {
    /// The value of `game` (not over) for its side to move, when known: a win or a loss with a
    /// distance in plies (the oracle's own measure), or a draw.
    fn value(&self, game: &G) -> Option<TablebaseValue>;
}

/// A solved database is an oracle for the positions it covers.
impl<G: Game, T: Tablebase<G> + ?Sized> Oracle<G> for T {
    fn value(&self, game: &G) -> Option<TablebaseValue> {
        Some(match Tablebase::value(self, game)? {
            (Wdl::Win, plies) => TablebaseValue::Win(plies),
            (Wdl::Draw, _) => TablebaseValue::Draw,
            (Wdl::Loss, plies) => TablebaseValue::Loss(plies),
        })
    }
}

/// A puzzle: its goal and its line, the solver's moves and the opponent's, in the order they
/// are played from the position (the first is the solver's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle<M> {
    pub goal: Goal,
    pub solver: Side,
    pub line: Vec<M>,
}

/// A result's class, from the mover's side: what uniqueness is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Loss,
    Draw,
    Win,
}

fn class(v: TablebaseValue) -> Class {
    match v {
        TablebaseValue::Win(_) => Class::Win,
        TablebaseValue::Draw => Class::Draw,
        TablebaseValue::Loss(_) => Class::Loss,
    }
}

/// The value of `v` for the other side.
fn flipped(v: TablebaseValue) -> TablebaseValue {
    match v {
        TablebaseValue::Win(d) => TablebaseValue::Loss(d),
        TablebaseValue::Draw => TablebaseValue::Draw,
        TablebaseValue::Loss(d) => TablebaseValue::Win(d),
    }
}

/// The value for `side` of a game that is over.
fn value_of_end(outcome: Outcome, side: Side) -> TablebaseValue {
    match outcome.winner() {
        None => TablebaseValue::Draw,
        Some(w) if w == side => TablebaseValue::Win(0),
        Some(_) => TablebaseValue::Loss(0),
    }
}

/// Each legal move of `game` with its value for the side to move, or `None` when the oracle
/// does not know one of them.
fn move_values<G: Game>(
    game: &G,
    oracle: &dyn Oracle<G>,
) -> Option<Vec<(G::Move, TablebaseValue)>> {
    let mover = game.side_to_move();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut values = Vec::with_capacity(moves.len());
    for mv in moves {
        let mut child = game.clone();
        child.make(mv);
        let value = match child.outcome() {
            Some(outcome) => value_of_end(outcome, mover),
            None => {
                let v = oracle.value(&child)?;
                if child.side_to_move() == mover {
                    v
                } else {
                    flipped(v)
                }
            }
        };
        values.push((mv, value));
    }
    Some(values)
}

/// The one move of `game` that keeps its side's best result, with the goal it serves: `None`
/// when the game is over, there is a single legal move, the best result is a loss, more than
/// one move keeps it, or the oracle does not know a move's value.
pub fn only_move<G: Game>(game: &G, oracle: &dyn Oracle<G>) -> Option<(Goal, G::Move)> {
    if game.outcome().is_some() {
        return None;
    }
    let values = move_values(game, oracle)?;
    if values.len() < 2 {
        return None;
    }
    let best = values.iter().map(|(_, v)| class(*v)).max()?;
    let mut keeping = values.iter().filter(|(_, v)| class(*v) == best);
    let (mv, _) = keeping.next()?;
    if keeping.next().is_some() {
        return None;
    }
    match best {
        Class::Win => Some((Goal::Win, *mv)),
        Class::Draw => Some((Goal::SaveDraw, *mv)),
        Class::Loss => None,
    }
}

/// The opponent's best defence in `game`: a move keeping its best result, and of those the one
/// that holds out longest (a loss as far off as it can be, a win as near); `None` when the
/// oracle does not know.
fn defence<G: Game>(game: &G, oracle: &dyn Oracle<G>) -> Option<G::Move> {
    let values = move_values(game, oracle)?;
    values
        .into_iter()
        .max_by_key(|(_, v)| match *v {
            TablebaseValue::Win(d) => (2, u32::MAX - d),
            TablebaseValue::Draw => (1, 0),
            TablebaseValue::Loss(d) => (0, d),
        })
        .map(|(mv, _)| mv)
}

/// What [`follow_line`] asks at each turn of a puzzle's line.
pub(crate) trait LineGuide<G: Game> {
    /// At the solver's turn: the one move keeping a result, and that result; `None` when more
    /// than one move keeps it (the point is made) or none does.
    fn only(&mut self, game: &G) -> Option<(Goal, G::Move)>;
    /// At the opponent's turn: its best defence; `None` when it is not known (no puzzle).
    fn defence(&mut self, game: &G) -> Option<G::Move>;
}

/// The line of a puzzle whose first move is `first` (see the module's notes), and the position
/// after it: the opponent's defences and the solver's only moves keeping `goal`, cut after the
/// solver's last move. `None` when a defence is unknown or the line is longer than
/// [`MAX_PLIES`].
pub(crate) fn follow_line<G: Game>(
    game: &G,
    goal: Goal,
    first: G::Move,
    guide: &mut dyn LineGuide<G>,
) -> Option<(Vec<G::Move>, G)> {
    let solver = game.side_to_move();
    let mut line = vec![first];
    let mut position = game.clone();
    position.make(first);
    // The line and the position after the solver's last move: a defence is kept only when the
    // solver's next move is forced too.
    let mut kept = 1;
    let mut end = position.clone();
    while position.outcome().is_none() {
        if line.len() > MAX_PLIES {
            return None;
        }
        if position.side_to_move() == solver {
            match guide.only(&position) {
                Some((g, mv)) if g == goal => {
                    line.push(mv);
                    position.make(mv);
                    kept = line.len();
                    end = position.clone();
                }
                // More than one move keeps the goal: the point is made.
                _ => break,
            }
        } else {
            let mv = guide.defence(&position)?;
            line.push(mv);
            position.make(mv);
        }
    }
    line.truncate(kept);
    (line.len() <= MAX_PLIES).then_some((line, end))
}

/// A perfect oracle as the guide of a line.
struct Exact<'a, G: Game>(&'a dyn Oracle<G>);

impl<G: Game> LineGuide<G> for Exact<'_, G> {
    fn only(&mut self, game: &G) -> Option<(Goal, G::Move)> {
        only_move(game, self.0)
    }

    fn defence(&mut self, game: &G) -> Option<G::Move> {
        defence(game, self.0)
    }
}

/// The puzzle of `game`, when it is one (see the module's notes): the goal, and the line.
pub fn puzzle<G: Game>(game: &G, oracle: &dyn Oracle<G>) -> Option<Puzzle<G::Move>> {
    let (goal, first) = only_move(game, oracle)?;
    let solver = game.side_to_move();
    let (line, _) = follow_line(game, goal, first, &mut Exact(oracle))?;
    Some(Puzzle { goal, solver, line })
}

/// Why a line is not a proven puzzle (see [`prove`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("the oracle does not know every move's value at ply {0}")]
    Unknown(usize),
    #[error("ply {0}: the solver's move is not the only one keeping the goal")]
    NotOnly(usize),
    #[error("ply {0}: the defence gives away the defender's best result")]
    WeakDefence(usize),
    #[error("the line ends with the opponent's move")]
    EndsWithDefence,
    #[error("the line is empty or longer than {MAX_PLIES} plies")]
    Length,
    #[error("a move is played after the end of the game, at ply {0}")]
    PastTheEnd(usize),
}

/// Proves a puzzle from scratch with `oracle`: at every turn of the solver, its move is the one
/// move keeping `goal`; at every turn of the opponent, its move keeps the opponent's best
/// result (any such move: how long it holds out is not checked). The puzzle stands however the
/// opponent defends: where it defends differently, the solver's task is still to keep `goal`.
pub fn prove<G: Game>(
    game: &G,
    goal: Goal,
    line: &[G::Move],
    oracle: &dyn Oracle<G>,
) -> Result<(), LineError> {
    if line.is_empty() || line.len() > MAX_PLIES {
        return Err(LineError::Length);
    }
    let solver = game.side_to_move();
    let mut position = game.clone();
    let mut last_mover = solver;
    for (ply, &mv) in line.iter().enumerate() {
        if position.outcome().is_some() {
            return Err(LineError::PastTheEnd(ply));
        }
        last_mover = position.side_to_move();
        if last_mover == solver {
            match only_move(&position, oracle) {
                Some((g, m)) if g == goal && m == mv => {}
                _ => {
                    move_values(&position, oracle).ok_or(LineError::Unknown(ply))?;
                    return Err(LineError::NotOnly(ply));
                }
            }
        } else {
            let values = move_values(&position, oracle).ok_or(LineError::Unknown(ply))?;
            let best = values.iter().map(|(_, v)| class(*v)).max();
            let mine = values
                .iter()
                .find(|(m, _)| *m == mv)
                .map(|(_, v)| class(*v));
            if mine.is_none() || mine != best {
                return Err(LineError::WeakDefence(ply));
            }
        }
        position.make(mv);
    }
    if last_mover != solver {
        return Err(LineError::EndsWithDefence);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
