//! # chaupal-engine
//!
//! Chaupal's AI players: one entry point, [`Engine::search`], that the server's AI pool, the
//! lab's tools and the tests call for any game. An [`Engine`] is built once where a program
//! starts ([`Engine::load`]) and holds what the AI reads (tuned weights, solved databases, the
//! Kalah solver); a [`Memory`] holds what one line of searches keeps between moves.
//!
//! The request names an engine (a level 1..8, or a named engine for those who study them) and
//! limits (depth, time, nodes). Searches run on the caller's thread and stop promptly when the
//! `cancel` flag is set, returning the best move found so far.
//!
//! Comments cite the five published programs the baselines reproduce as "seed 000" to
//! "seed 004": docs/AI.md, "Glossary: the published baselines", says which is which.
//!
//! A tour:
//! - [`request`]: what a search is asked and answers; [`run`]: running an engine on a typed
//!   game (perfect play first, then the low levels' mistakes or the configuration's algorithm
//!   as `algorithms` runs it; `model_opponent`: the plain search it lends the Bagh Chal
//!   lures); [`engine`] and [`memory`]: the values above.
//! - [`search`] (the core, generic over the rules trait): negamax alpha-beta with iterative
//!   deepening, PVS, [`tt`] (transposition table), [`ordering`] (hash move, hints, killers,
//!   history), [`position`] (repetition and contempt), [`control`] (limits and cancellation),
//!   [`value`] (scores, win-in-N and Kalah margins), [`stats`].
//! - [`mcts`]: Monte Carlo tree search; [`baseline`]: the published agents the project grew
//!   from; [`random`].
//! - [`game_ai`]: what a game supplies (evaluations, move hints); [`eval`]: the four games;
//!   [`weights`]: tuned evaluation weights as JSON files.
//! - [`engine_config`]: named engine configurations (`ALGORITHM[:EVALUATION]`); [`levels`]:
//!   the eight levels per game; `mistakes`: how the low levels err like weak humans.
//! - [`analysis`]: hints, analysis and the winning-chances meter; [`fuzzy`]: the Mamdani
//!   "winning margin" of the Sholo Guti report; [`review`]: a whole game's review, every
//!   position searched at a fixed node budget.
//! - [`perfect`]: perfect play, all of it: the Bagh Chal movement phase and Sholo Guti endings
//!   (solved by retrograde analysis), the Bagh Chal placement phase (solved layer by layer on
//!   the movement phase), Kalah solved exactly (its endgame databases, opening book
//!   and checkpoints), loading them from a directory, the perfect players the engine is handed
//!   and the endgame tables the search reads, and their one error type. Perfect play stands
//!   below the search and names none of it: what a perfect player needs of the search comes
//!   down to it as a [`perfect::probe::SearchLayer`], which [`run`] implements.

mod algorithms;
pub mod analysis;
mod baseline;
pub mod catalogue;
pub mod compare;
mod control;
pub mod engine;
pub mod engine_config;
pub mod eval;
mod fuzzy;
pub mod game_ai;
pub mod levels;
mod mcts;
pub mod memory;
mod mistakes;
mod model_opponent;
mod ordering;
pub mod perfect;
mod position;
pub mod progress;
pub mod puzzles;
pub mod random;
pub mod request;
pub mod review;
pub mod run;
pub mod search;
mod stats;
#[cfg(test)]
pub(crate) mod testgames;
mod tt;
pub mod value;
pub mod weights;

pub use self::algorithms::SearchInputs;
pub use self::engine::{Engine, EngineError, EngineSettings, Played};
pub use self::eval::evaluations;
pub use self::memory::{Kept, Memory};
pub use self::request::{
    AiError, EngineSpec, SearchInfo, SearchLimits, SearchRequest, SearchResult, SearchStats,
};

#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod tests;
