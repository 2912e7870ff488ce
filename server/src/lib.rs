//! # chaupal-server
//!
//! The authority on every game: the websocket server, the lobby, one task per game room, AI
//! seats, records, and the tool subcommands.
//!
//! A tour of the crate:
//! - [`ai`]: the AI players behind one entry point, `ai::search`: one search core for all games,
//!   MCTS, the seeds' baseline agents, per-game evaluations, eight levels, hints and analysis.
//! - [`cli`]: the command line (`serve`, `perft`, `bestmove`, ...), parsed with clap.
//! - [`tools`]: the tool subcommands, each a plain function from arguments to output.

pub mod ai;
pub mod cli;
pub mod tools;
