//! The AI players: one entry point, [`search`], that the server's AI pool, the `bestmove` tool
//! and the research tools call for any game.
//!
//! The request names an engine (a level 1..8, or a named engine for those who study them) and
//! limits (depth, time, nodes). Searches run on the caller's thread and stop promptly when the
//! `cancel` flag is set, returning the best move found so far. No I/O happens here.

pub mod random;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_shared::AnyGame;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Which AI plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EngineSpec {
    /// A player level, 1 (weakest) to 8 (full strength).
    Level(u8),
    /// A named engine configuration (`random`, `greedy`, `minimax`, `alphabeta`, `mcts`, ...).
    Named(String),
}

/// When a search must stop. Unset limits do not apply; with none set, the engine's own default
/// applies (the level's configuration).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

/// One search request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    pub engine: EngineSpec,
    pub limits: SearchLimits,
    /// Seed for engines that use random numbers, so a run can be repeated.
    pub seed: u64,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// Heuristic evaluation in hundredths of a unit (like chess centipawns).
    Cp(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
    /// Kalah: the exact final seed margin with perfect play.
    Margin(i32),
}

/// What one finished iteration (or a periodic summary) found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchInfo {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// The principal variation, in notation.
    pub pv: Vec<String>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The move to play, in notation; `None` only when the game is over.
    pub best_move: Option<String>,
    /// The last finished iteration's information, when the engine reports any.
    pub info: Option<SearchInfo>,
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum AiError {
    #[error("unknown engine '{0}' (see --engine help)")]
    UnknownEngine(String),
    #[error("no level {0}: levels are 1 to 8")]
    BadLevel(u8),
    #[error("the game is over")]
    GameOver,
}

/// Chooses a move for the side to move. `on_info` receives each finished iteration.
pub fn search(
    game: &AnyGame,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, AiError> {
    let _ = (cancel, &mut *on_info);
    if game.outcome().is_some() {
        return Err(AiError::GameOver);
    }
    match &request.engine {
        EngineSpec::Level(level) if (1..=8).contains(level) => {
            Ok(random::choose(game, request.seed))
        }
        EngineSpec::Level(level) => Err(AiError::BadLevel(*level)),
        EngineSpec::Named(name) if name == "random" => Ok(random::choose(game, request.seed)),
        EngineSpec::Named(name) => Err(AiError::UnknownEngine(name.clone())),
    }
}
