//! # chaupal-lab
//!
//! Chaupal's lab: the command-line tools of the `chaupal` binary and the research behind them.
//! It drives the engine (`chaupal_engine`) and the rules (`chaupal_shared`); the online server
//! is not part of it.
//!
//! - [`cli`]: the command line, parsed with clap, and the dispatch to each tool.
//! - [`tools`]: one module (or folder) per subcommand, named as it (perft, bestmove, bench,
//!   arena, levels, tune, solve, tablebase, book, winchance, review, puzzles), each a plain
//!   function from arguments to a writer, so tests run them in-process.
//! - [`research`]: the arena, Elo and rating ladders, reports, plots and the tuner that the
//!   arena, levels, tune and winchance tools are built on.
//!
//! Comments cite the five published programs the engine's baselines reproduce as "seed 000" to
//! "seed 004": docs/AI.md, "Glossary: the published baselines", says which is which.

pub mod cli;
mod research;
mod tools;
