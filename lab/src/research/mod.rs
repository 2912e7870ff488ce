//! Research mode (seed 001, seed 003): engines measured against each other.
//!
//! - [`arena`]: round robins of engine-against-engine games, both colours, from shared
//!   openings, in parallel; [`entrant`]: engines as the command line writes them.
//! - [`report`]: tables, CSV and JSON of the results; [`elo`]: Elo differences with 95%
//!   intervals; [`ladder`]: rating ladders; [`plots`]: PNG plots.
//! - [`tune`]: a genetic algorithm over the evaluations' weights (read and written by
//!   `chaupal_engine::weights`).
//!
//! The tools in `tools/` that use these: `arena` (all but [`tune`]), `tune` ([`tune`] over
//! [`arena`]), `levels` ([`elo`], [`ladder`], [`plots`] over arena reports) and `winchance`
//! (the plots' font).

pub mod arena;
pub mod elo;
pub mod entrant;
pub mod ladder;
pub mod plots;
pub mod report;
pub mod tune;
