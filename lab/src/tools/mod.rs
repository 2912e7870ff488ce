//! The tool subcommands of `chaupal`, one module (or folder) per subcommand, named as it: perft,
//! bestmove, bench, arena, levels, tune, solve, tablebase, book, winchance, review and puzzles.
//! Each takes plain arguments and writes to a given writer, so tests can run them in-process.
//!
//! Shared by several: [`setup`] (the game and position of the command line) and [`bars`]
//! (progress bars on stderr).

pub mod arena;
pub mod bars;
pub mod bench;
pub mod bestmove;
pub mod book;
pub mod lessons;
pub mod levels;
pub mod perft;
pub mod puzzles;
pub mod review;
pub mod setup;
pub mod solve;
pub mod tablebase;
pub mod tune;
pub mod winchance;

use thiserror::Error;

/// Why a tool could not do its job; printed as the process's error message.
#[derive(Debug, Error)]
pub enum ToolError {
    #[error(transparent)]
    Rule(#[from] chaupal_rules::RuleError),
    #[error(transparent)]
    Position(#[from] chaupal_rules::PositionError),
    #[error("move {index} ('{text}'): {source}")]
    Move {
        index: usize,
        text: String,
        source: chaupal_rules::MoveError,
    },
    #[error("{0}")]
    Usage(String),
    #[error("output: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Tablebase(#[from] chaupal_engine::perfect::PerfectError),
    #[error(transparent)]
    Placement(#[from] chaupal_engine::perfect::baghchal::placement::solve::PlacementError),
    #[error(transparent)]
    Engine(#[from] chaupal_engine::EngineError),
    #[error(transparent)]
    Winchance(#[from] winchance::WinchanceError),
}
