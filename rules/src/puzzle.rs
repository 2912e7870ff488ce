//! What a puzzle asks of its solver: one type for the engine that finds puzzles
//! (`chaupal_engine::puzzles`), the shipped set's format that carries them
//! (`chaupal_shared::puzzle_set`) and the client that shows them.

use serde::{Deserialize, Serialize};

/// What the solver must achieve: in the puzzle's position exactly one move keeps the side to
/// move's best result, and every other gives it away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Find the only move that keeps the win.
    Win,
    /// Find the only move that saves the draw (every other loses).
    SaveDraw,
}
