//! The tool subcommands of `chaupal`: perft, bestmove, bench, arena, levels, tune, solve
//! (Kalah by its solver, Bagh Chal from its databases: `solve_baghchal`), tablebase, book, winchance, review and puzzles.
//! Each takes plain arguments and writes to a given writer, so tests can run them in-process.

pub mod arena;
pub mod bars;
pub mod bench;
pub mod bestmove;
pub mod book;
pub mod levels;
pub mod perft;
pub mod puzzles;
pub mod review;
pub mod setup;
pub mod solve;
pub mod solve_baghchal;
pub mod tablebase;
pub mod tune;
pub mod verify_placement;
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
