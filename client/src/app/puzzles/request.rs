//! What the Puzzles screen asks of the server: a puzzle, a move judged, the solution, the themes,
//! the day's puzzles, the puzzles from the player's mistakes.

use chaupal_shared::protocol::puzzles::PuzzleQuery;

use crate::app::Outgoing;

/// What the app asks of the server about puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Asks for the next puzzle.
    NextPuzzle(PuzzleQuery),
    /// Asks for a puzzle by its id.
    OpenPuzzle(String),
    /// Sends a move in the puzzle given, to be judged.
    PuzzleMove { puzzle: String, notation: String },
    /// Gives up on the puzzle given and asks for its solution.
    PuzzleSolution(String),
    /// Asks for the themes of the puzzles.
    PuzzleThemes,
    /// Asks for the day's puzzles.
    DailyPuzzles,
    /// Asks for puzzles made from the player's mistakes in a finished game.
    MistakePuzzles(u64),
}

impl From<PuzzleRequest> for Outgoing {
    fn from(request: PuzzleRequest) -> Self {
        Outgoing::Puzzle(request)
    }
}
