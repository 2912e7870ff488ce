//! What the puzzles' tests share: puzzles as the server gives them, and attempts' ends.

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::puzzles::{PuzzleInfo, PuzzleMode, PuzzleOutcome, PuzzleRating};
use chaupal_shared::puzzle_set::{Goal, Proof};

/// A player's puzzle rating of `rating`.
pub fn rating(rating: f64) -> PuzzleRating {
    PuzzleRating {
        rating,
        deviation: 80.0,
        attempts: 30,
    }
}

/// Kalah at its start, south to find a win in three moves: "3" (south again), "6" (north
/// answers "3"), then "1".
pub fn kalah_info() -> PuzzleInfo {
    PuzzleInfo {
        id: "kalah-00042".to_owned(),
        game: GameKind::Kalah,
        position: "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s".to_owned(),
        goal: Goal::Win,
        solver: Side::First,
        themes: vec!["extra-turn".to_owned(), "capture".to_owned()],
        proof: Proof::Exact,
        rating: 1640.0,
        plays: 12,
        moves_to_find: 3,
        rated: true,
        mode: PuzzleMode::Rated,
        streak: 0,
        best_streak: 0,
        player: rating(1500.0),
        abandoned: None,
    }
}

/// Bagh Chal in the movement phase, the tigers to move: a capture wins.
pub fn bagh_chal_info() -> PuzzleInfo {
    PuzzleInfo {
        id: "baghchal-00007".to_owned(),
        game: GameKind::BaghChal,
        position: "T4/5/1GTG1/2G2/T3T t 17 0".to_owned(),
        goal: Goal::Win,
        solver: Side::Second,
        themes: vec!["capture".to_owned()],
        proof: Proof::Checked,
        rating: 1320.0,
        plays: 3,
        moves_to_find: 1,
        rated: true,
        mode: PuzzleMode::Rated,
        streak: 0,
        best_streak: 0,
        player: rating(1500.0),
        abandoned: None,
    }
}

/// An attempt's end: `solved` or not, the player's rating from `before` to `after`.
pub fn outcome(solved: bool, before: f64, after: f64) -> PuzzleOutcome {
    PuzzleOutcome {
        solved,
        rated: true,
        before: rating(before),
        after: rating(after),
        puzzle_rating: if solved { 1630.0 } else { 1652.0 },
        streak: 0,
        streak_over: false,
        best_streak: 0,
    }
}
