//! The puzzle messages: what a client asks of the puzzles ([`PuzzleQuery`]) and what the
//! server says of one ([`PuzzleInfo`], [`PuzzleMoved`], [`PuzzleOutcome`]).
//!
//! A puzzle is given to a connection (`next_puzzle`, `open_puzzle`), which then sends the
//! solver's moves one at a time (`puzzle_move`); the server judges each at once. A right move
//! is answered with the opponent's reply from the solution; the first wrong move ends the
//! rated attempt (the player may go on trying, unrated); `puzzle_solution` gives up and shows
//! the line. The first attempt of a player at a puzzle is rated, as a Glicko-2 game between the
//! player and the puzzle; later ones, and streaks, are not. A rated first attempt left after a
//! right move (another puzzle asked for or opened, the connection closed) is settled as failed:
//! the reply that leaves it tells how ([`AbandonedAttempt`]).

use serde::{Deserialize, Serialize};

use crate::puzzle_set::{Goal, Proof};
use chaupal_rules::game::{GameKind, Side};

/// A puzzle's id, as in the shipped set (`kalah-00042`).
pub type PuzzleId = String;

/// How puzzles are served.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleMode {
    /// Puzzles near the player's puzzle rating; the first attempt at each is rated.
    #[default]
    Rated,
    /// Unrated, harder and harder, until the first mistake.
    Streak,
}

/// Which puzzle to serve next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleQuery {
    /// Only this game (any game when none).
    #[serde(default)]
    pub game: Option<GameKind>,
    /// Only puzzles with this theme (any when none).
    #[serde(default)]
    pub theme: Option<String>,
    #[serde(default)]
    pub mode: PuzzleMode,
}

/// A player's puzzle rating (a pool of its own, apart from the games').
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    #[serde(deserialize_with = "super::finite")]
    pub rating: f64,
    #[serde(deserialize_with = "super::finite")]
    pub deviation: f64,
    /// Rated attempts so far.
    pub attempts: u32,
}

/// A puzzle given to the player: where it starts and what to find. The solution is not sent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleInfo {
    pub id: PuzzleId,
    pub game: GameKind,
    /// The position (the game's notation, rules included).
    pub position: String,
    pub goal: Goal,
    /// Who solves it: the side to move.
    pub solver: Side,
    pub themes: Vec<String>,
    pub proof: Proof,
    /// The puzzle's rating now.
    #[serde(deserialize_with = "super::finite")]
    pub rating: f64,
    /// First attempts so far, by all players.
    pub plays: u32,
    /// The solver's moves still to find (the solution's moves by the solver).
    pub moves_to_find: u32,
    /// Whether this attempt is rated (the player's first at this puzzle, in rated mode).
    pub rated: bool,
    pub mode: PuzzleMode,
    /// In a streak: puzzles solved in it so far.
    #[serde(default)]
    pub streak: u32,
    /// The player's longest streak so far.
    #[serde(default)]
    pub best_streak: u32,
    /// The player's puzzle rating before this puzzle.
    pub player: PuzzleRating,
    /// The rated attempt this request left, settled as failed (the puzzle given before, left
    /// after a right move): none when nothing was settled.
    #[serde(default)]
    pub abandoned: Option<AbandonedAttempt>,
}

/// A rated attempt left after a right move, settled as failed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbandonedAttempt {
    pub puzzle: PuzzleId,
    pub outcome: PuzzleOutcome,
}

/// The day's puzzle of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    pub game: GameKind,
    pub id: PuzzleId,
    #[serde(deserialize_with = "super::finite")]
    pub rating: f64,
    pub themes: Vec<String>,
    /// The day, `YYYY-MM-DD` (UTC).
    pub day: String,
}

/// How an attempt ended, when it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleOutcome {
    /// Solved without a mistake (a rated attempt counts only the first try).
    pub solved: bool,
    /// Whether the ratings moved.
    pub rated: bool,
    /// The player's puzzle rating before and after (equal when unrated).
    pub before: PuzzleRating,
    pub after: PuzzleRating,
    /// The puzzle's rating after.
    #[serde(deserialize_with = "super::finite")]
    pub puzzle_rating: f64,
    /// In a streak: its length when it ended, or so far.
    #[serde(default)]
    pub streak: u32,
    /// In a streak, whether it is over (the first mistake).
    #[serde(default)]
    pub streak_over: bool,
    /// The player's longest streak, after this attempt.
    #[serde(default)]
    pub best_streak: u32,
}

/// The judgement of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The move of the solution; the opponent's reply (if any) follows.
    Right,
    /// Not the move: the position stays as it was, to try again.
    Wrong,
}

/// The answer to `puzzle_move`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleMoved {
    pub puzzle: PuzzleId,
    pub verdict: Verdict,
    /// After a right move: the opponent's replies from the solution, played at once (none when
    /// the solver moves again, or the solution is complete).
    #[serde(default)]
    pub replies: Vec<String>,
    /// Whether the solution is complete.
    pub done: bool,
    /// The attempt's end, when this move ended it: the first wrong move, or the last right one
    /// (a later move of an ended attempt has none).
    #[serde(default)]
    pub outcome: Option<PuzzleOutcome>,
}
