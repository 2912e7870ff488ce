//! # chaupal-server
//!
//! The authority on every game: the websocket server, the lobby, one task per game room, AI
//! seats, records, and the tool subcommands.
//!
//! A tour of the crate, following a request:
//! - [`net`]: the websocket gateway: accepts connections, enforces every limit, decodes
//!   requests ([`net::conn`]) and hands them on ([`net::handler`]). [`outbox`] is a
//!   connection's bounded outgoing queue.
//! - [`lobby`]: seeks, invite codes, the list of live games; starts games and reloads them
//!   after a restart. Its changes reach subscribers through the [`bus`].
//! - [`room`]: one task per game: validates moves with the shared rules, numbers and stores
//!   events, broadcasts them; [`clock`] keeps the time.
//! - [`pool`]: the AI pool: bounded blocking threads for AI seats, hints and analyses.
//! - [`store`]: the records in SQLite or PostgreSQL (sqlx); [`ratings`]: Glicko-2;
//!   [`record`]: text records in and out; [`identity`]: tokens and names.
//! - [`server`]: starting and stopping it all; [`config`]: the settings and limits.
//! - [`ai`]: the AI players behind one entry point, `ai::search`: one search core for all games,
//!   MCTS, the seeds' baseline agents, per-game evaluations, eight levels, hints and analysis.
//! - [`cli`]: the command line (`serve`, `perft`, `bestmove`, ...), parsed with clap.
//! - [`tools`]: the tool subcommands, each a plain function from arguments to output;
//!   [`research`]: the arena, Elo ladders, plots and evaluation weights behind them.
//! - [`tablebase`]: solved databases (the Bagh Chal movement phase) the top AI level plays from.

pub mod ai;
pub mod bus;
pub mod cli;
pub mod clock;
pub mod config;
pub mod identity;
pub mod lobby;
pub mod net;
pub mod outbox;
pub mod pool;
pub mod ratings;
pub mod record;
pub mod research;
pub mod room;
pub mod server;
pub mod solver;
pub mod store;
pub mod tablebase;
pub mod tools;

/// Milliseconds since the Unix epoch, for records.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
