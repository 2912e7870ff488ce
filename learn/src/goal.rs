//! What a stage asks of the learner, and whether a position meets it.

use chaupal_rules::any::AnyGame;
use chaupal_rules::game::{GameKind, Side};
use serde::{Deserialize, Serialize};

use crate::board;

/// A stage's goal. The learner is the side to move in the stage's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Goal {
    /// The game ends won by the learner.
    Win,
    /// Capture this many of the opponent's pieces (goats, seeds do not count).
    Capture { count: u32 },
    /// One of the learner's pieces stands on this square or point.
    Reach { square: String },
    /// Kalah: at least this many seeds in the learner's store.
    Store { seeds: u32 },
    /// Kalah: a sowing ends in the learner's store, so the learner moves again.
    ExtraTurn,
    /// Make this many moves without losing a piece.
    Survive { moves: u32 },
}

/// The goal in short, in English, for tools and tests (`capture 2`, `reach c3`); the client
/// words it in the player's language.
impl std::fmt::Display for Goal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Capture { count } => write!(f, "capture {count}"),
            Goal::Reach { square } => write!(f, "reach {square}"),
            Goal::Store { seeds } => write!(f, "store {seeds}"),
            Goal::ExtraTurn => f.write_str("extra turn"),
            Goal::Survive { moves } => write!(f, "survive {moves} moves"),
        }
    }
}

/// What the runner knows when it asks whether a goal is met.
pub struct Progress<'a> {
    pub game: &'a AnyGame,
    pub learner: Side,
    /// The learner's moves so far.
    pub moves: u32,
    /// The opponent's material when the stage began.
    pub opponent_start: u32,
    /// Whether the learner has lost a piece.
    pub lost: bool,
    /// Whether it is the learner's turn right after its own move (an extra turn).
    pub again: bool,
}

impl Goal {
    /// Whether `progress` meets the goal.
    pub fn met(&self, progress: &Progress<'_>) -> bool {
        let game = progress.game;
        match self {
            Goal::Win => game.outcome().and_then(|o| o.winner()) == Some(progress.learner),
            Goal::Capture { count } => {
                let now = board::material(game, progress.learner.opponent());
                progress.opponent_start.saturating_sub(now) >= *count
            }
            Goal::Reach { square } => board::squares_of(game, progress.learner).contains(square),
            Goal::Store { seeds } => match game {
                AnyGame::Kalah(g) => u32::from(g.store(progress.learner)) >= *seeds,
                _ => false,
            },
            Goal::ExtraTurn => progress.again,
            Goal::Survive { moves } => progress.moves >= *moves && !progress.lost,
        }
    }

    /// Whether this goal can be asked in `game`: seeds and extra turns are Kalah's, squares and
    /// captured pieces the board games'.
    pub fn fits(&self, game: GameKind) -> bool {
        let kalah = game == GameKind::Kalah;
        match self {
            Goal::Store { .. } | Goal::ExtraTurn => kalah,
            Goal::Reach { .. } | Goal::Capture { .. } => !kalah,
            Goal::Win | Goal::Survive { .. } => true,
        }
    }

    /// Whether losing a piece fails this goal.
    pub fn fails_on_loss(&self) -> bool {
        matches!(self, Goal::Survive { .. })
    }
}
