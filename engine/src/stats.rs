//! Search statistics, as seed 001 tabulates them: nodes generated and expanded, depth, time,
//! speed, hash hits and memory.

use serde::{Deserialize, Serialize};

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Positions visited (every call of the search on a position).
    pub nodes: u64,
    /// Successor positions generated (legal moves listed at expanded nodes).
    pub generated: u64,
    /// Positions whose moves were generated.
    pub expanded: u64,
    /// The deepest finished iteration (MCTS: the deepest tree path).
    pub depth: u32,
    /// The deepest ply visited.
    pub seldepth: u32,
    /// Transposition-table probes that found the position.
    pub hash_hits: u64,
    /// Wall time in milliseconds.
    pub time_ms: u64,
    /// Positions per second.
    pub nps: u64,
    /// Bytes of memory the search held (transposition table, MCTS tree).
    pub memory_bytes: u64,
}
