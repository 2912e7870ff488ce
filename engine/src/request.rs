//! What a search is asked and what it answers: the request (engine and limits), the result
//! (move, score, line, statistics) and why a search could not run. Every other module of the
//! engine builds on these types, and so do its callers.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use crate::stats::SearchStats;
use chaupal_rules::score::Score;

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

impl SearchLimits {
    /// Whether no limit is set.
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.time.is_none() && self.nodes.is_none()
    }

    /// Each limit the stricter of the two (a level keeps its weakness under a long time budget).
    pub fn stricter(&self, other: &SearchLimits) -> SearchLimits {
        fn min<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, None) => x,
                (None, y) => y,
            }
        }
        SearchLimits {
            depth: min(self.depth, other.depth),
            time: min(self.time, other.time),
            nodes: min(self.nodes, other.nodes),
        }
    }
}

/// One search request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    pub engine: EngineSpec,
    pub limits: SearchLimits,
    /// Seed for engines that use random numbers, so a run can be repeated.
    pub seed: u64,
    /// Threads for the full search (Lazy SMP); other engines use one. The server's pool keeps
    /// one search per core, so it asks for 1 unless configured otherwise.
    #[serde(default = "one_thread")]
    pub threads: u32,
    /// For research: the share of careless moves of a level, in place of the level's own
    /// (`mistakes::slips_now`; the arena's `level:N@sP`). The server never sets it. Always
    /// written (never skipped when `None`): the nodes' binary codec reads fields by position.
    #[serde(default)]
    pub slips: Option<u32>,
}

fn one_thread() -> u32 {
    1
}

impl SearchRequest {
    /// A request on one thread.
    pub fn new(engine: EngineSpec, limits: SearchLimits, seed: u64) -> Self {
        SearchRequest {
            engine,
            limits,
            seed,
            threads: 1,
            slips: None,
        }
    }
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
    /// What the search did (nodes generated and expanded, hash hits, memory, ...).
    #[serde(default)]
    pub stats: SearchStats,
    /// Whether the move is a trap chosen over the search's best (see `search::traps`).
    #[serde(default)]
    pub trap_set: bool,
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum AiError {
    #[error("unknown engine '{0}' (see --engine help)")]
    UnknownEngine(String),
    #[error("no evaluation '{eval}' for {game} (see --engine help)")]
    UnknownEvaluation { game: String, eval: String },
    #[error("no level {0}: levels are 1 to 8")]
    BadLevel(u8),
    #[error("the game is over")]
    GameOver,
}
