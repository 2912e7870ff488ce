//! What the server says about puzzles: a puzzle, a move judged, the solution, the day's puzzles,
//! the themes, the puzzles from the player's mistakes, a refusal.

use chaupal_shared::protocol::ThemeCount;
use chaupal_shared::protocol::puzzles::{DailyPuzzle, PuzzleInfo, PuzzleMoved, PuzzleOutcome};

use crate::app::App;
use crate::app::Event;
use crate::app::Outgoing;
use crate::puzzles::PuzzleAsk;
use crate::words::Phrase;

/// What happens outside the app about puzzles.
#[derive(Clone, Debug)]
pub enum PuzzleEvent {
    /// A puzzle given to this client.
    Puzzle(Box<PuzzleInfo>),
    /// The judgement of a puzzle move.
    PuzzleMoved(Box<PuzzleMoved>),
    /// A puzzle's solution, and the attempt's end when giving up ended it.
    PuzzleSolution {
        puzzle: String,
        solution: Vec<String>,
        outcome: Option<PuzzleOutcome>,
    },
    /// The day's puzzle of each game.
    DailyPuzzles(Vec<DailyPuzzle>),
    /// The puzzles' themes, per game.
    PuzzleThemes(Vec<ThemeCount>),
    /// The puzzles made from the player's mistakes in a game (none: no mistake had one).
    MistakePuzzles(Vec<String>),
    /// The server refused something about puzzles: why, in words, and what was asked.
    PuzzleRefused { text: Phrase, asked: PuzzleAsk },
}

impl From<PuzzleEvent> for Event {
    fn from(event: PuzzleEvent) -> Self {
        Event::Puzzle(event)
    }
}

impl App {
    /// Takes in an event about puzzles.
    pub(in crate::app) fn apply_puzzle(&mut self, event: PuzzleEvent) -> Vec<Outgoing> {
        match event {
            PuzzleEvent::Puzzle(info) => self.puzzle_given(*info),
            PuzzleEvent::PuzzleMoved(moved) => return self.puzzle_judged(*moved),
            PuzzleEvent::PuzzleSolution {
                puzzle,
                solution,
                outcome,
            } => self.puzzle_solution(&puzzle, solution, outcome),
            PuzzleEvent::DailyPuzzles(daily) => self.daily_puzzles(daily),
            PuzzleEvent::PuzzleThemes(themes) => self.puzzle_themes(themes),
            PuzzleEvent::MistakePuzzles(ids) => return self.mistake_puzzles(ids),
            PuzzleEvent::PuzzleRefused { text, asked } => self.puzzle_refused(text, asked),
        }
        Vec::new()
    }
}
