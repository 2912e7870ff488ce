//! What a player does on the Puzzles screen: opening puzzles, trying again, the solution, the
//! choices for the next one.

use chaupal_shared::protocol::puzzles::PuzzleMode;

/// What a player does in puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// Opens the Puzzles screen (with the next puzzle, unless one is still being solved).
    OpenPuzzles,
    /// The next puzzle, with the choices made (or the next of the player's mistakes).
    NextPuzzle,
    /// Opens a puzzle by its id (the day's puzzle).
    OpenPuzzle(String),
    /// After a wrong move: back to finding the right one, from the same position.
    TryAgain,
    /// Gives up on the puzzle and plays its solution out.
    ShowSolution,
    /// Steps the next puzzle's game: any game, then each.
    CyclePuzzleGame { forward: bool },
    /// Steps the next puzzle's theme: any theme, then the game's.
    CyclePuzzleTheme { forward: bool },
    /// Rated puzzles, or a streak.
    SetPuzzleMode(PuzzleMode),
    /// Turns the player's mistakes in the game replayed into puzzles, and opens them.
    LearnFromMistakes,
}

impl From<PuzzleAction> for crate::app::Action {
    fn from(action: PuzzleAction) -> Self {
        crate::app::Action::Puzzle(action)
    }
}
