//! What the search needs from a game beyond its rules: evaluations, move-ordering hints, and how
//! a finished game scores. Each of the four games implements [`GameAi`] in `eval/`.

use std::fmt;

use chaupal_rules::{Game, Outcome, Side};

use super::value::{Value, mate_in, mated_in};

/// A static evaluation: how good the position is for the side to move, in hundredths of the
/// game's unit (a goat, a seed, a pawn-like piece). Called only on positions still in play.
pub trait Evaluator<G>: fmt::Debug + Send + Sync {
    fn evaluate(&self, game: &G) -> Value;
}

/// A named evaluation a game offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalInfo {
    /// The name used in engine names (`alphabeta:store-ratio`).
    pub name: &'static str,
    /// One line for `--engine help`.
    pub about: &'static str,
    /// Older names still accepted for it (the baselines' seed numbers, `seed004`).
    pub aliases: &'static [&'static str],
}

impl EvalInfo {
    /// Whether `name` is this evaluation's name or one of its older names.
    pub fn is_called(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// What an endgame database says of a position, for the side to move: a win or a loss with its
/// distance in plies to the next capture or the end (the database's own measure), or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablebaseValue {
    Win(u32),
    Draw,
    Loss(u32),
}

/// A game the AI can play.
pub trait GameAi: Game {
    /// The evaluations this game offers; the first is the project's own (the default).
    const EVALUATIONS: &'static [EvalInfo];

    /// Whether a proven result is an exact final margin (Kalah) rather than a win in N plies.
    const MARGIN_SCORES: bool = false;

    /// Whether quiescence search (captures at the horizon) pays off in this game.
    const QUIESCENCE: bool = false;

    /// Whether the full search reduces late quiet moves here (with
    /// [`SearchConfig::late_move_reductions`]): deeper in the same time, at the price of
    /// exactness at a fixed depth.
    ///
    /// [`SearchConfig::late_move_reductions`]: super::search::SearchConfig::late_move_reductions
    const LATE_MOVE_REDUCTIONS: bool = false;

    /// Whether the top level sets traps in this game ([`SearchConfig::traps`]): among the moves
    /// about as good as the best, it plays the one whose natural replies lose.
    ///
    /// [`SearchConfig::traps`]: super::search::SearchConfig::traps
    const SET_TRAPS: bool = false;

    /// Centi-units at which the winning-chances meter reads about 76% (logistic scale).
    const WIN_SCALE: f64 = 400.0;

    /// The evaluation called `name`, if the game has one.
    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>>;

    /// A move-ordering hint for a legal move of this position: positive for captures and other
    /// forcing moves (larger first), zero for quiet moves, negative for moves into danger.
    fn move_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Pieces (or seeds) a side has left, where the game counts them: an input of the fuzzy
    /// winning margin.
    fn pieces_left(&self, side: Side) -> Option<u32> {
        let _ = side;
        None
    }

    /// Whether this position occurred earlier in the game (since the last irreversible move, so
    /// a repeat is still possible). Searches playing for a win score reaching it again as a
    /// draw, as they do a repetition on the searched line: otherwise the side ahead, seeing only
    /// its own line, walks back into positions of the game until the third occurrence.
    fn occurred_before(&self) -> bool {
        false
    }

    /// What a draw in this position costs `side` beyond the flat contempt, in centi-units:
    /// positive when `side` is ahead (a draw throws the lead away), negative when behind (a
    /// draw saves it). Only searches with [`SearchConfig::play_for_win`] use it.
    ///
    /// [`SearchConfig::play_for_win`]: super::search::SearchConfig::play_for_win
    fn draw_penalty(&self, side: Side) -> Value {
        let _ = side;
        0
    }

    /// Whether `side` can hold at least a draw here whatever its opponent does (a fortress the
    /// opponent can never break). The analysis board's winning-chances meter never reads
    /// less than even for that side, whatever the evaluation says.
    fn cannot_lose(&self, side: Side) -> bool {
        let _ = side;
        false
    }

    /// What the searching side `side` gains in this position beyond the evaluation, in
    /// centi-units: progress towards a decision that only the side playing for a win wants
    /// (trades that open a blocked position). Added at the leaves of searches with
    /// [`SearchConfig::play_for_win`], from `side`'s view.
    ///
    /// [`SearchConfig::play_for_win`]: super::search::SearchConfig::play_for_win
    fn progress_bonus(&self, side: Side) -> Value {
        let _ = side;
        0
    }

    /// The value of this finished game for the side to move, `ply` plies from the root; `draw`
    /// is what a draw is worth to the side to move (the contempt setting).
    fn terminal_value(&self, outcome: Outcome, ply: usize, draw: Value) -> Value {
        match outcome.winner() {
            Some(w) if w == self.side_to_move() => mate_in(ply),
            Some(_) => mated_in(ply),
            None => draw,
        }
    }
}

/// The evaluation called `name`, or by one of its older names.
pub(crate) fn evaluator_named<G: GameAi>(name: &str) -> Option<Box<dyn Evaluator<G>>> {
    let name = G::EVALUATIONS
        .iter()
        .find(|e| e.is_called(name))
        .map_or(name, |e| e.name);
    G::evaluator(name)
}

/// The default evaluation of a game (its first).
pub(crate) fn default_evaluator<G: GameAi>() -> Option<Box<dyn Evaluator<G>>> {
    G::EVALUATIONS.first().and_then(|e| G::evaluator(e.name))
}
