//! # chaupal-server
//!
//! The authority on every game: the websocket server, matchmaking, one task per game room, AI
//! seats and records.
//!
//! A tour of the crate, following a request:
//! - [`net`]: the websocket gateway: accepts connections, enforces every limit, decodes
//!   requests ([`net::conn`]) and dispatches them ([`net::handler`]). [`outbox`] is a
//!   connection's bounded outgoing queue; [`players`] holds each player's connections, for the
//!   notices that go to every device of a player; [`push`]: Web Push to their browsers.
//! - [`requests`]: what each request does, one file per family (games, lobby, records,
//!   devices, ratings, analysis, correspondence, notifications, puzzles, tournaments); [`sight`]: who may
//!   see a game (a private game: its players and its watch link's holders).
//! - [`matchmaking`]: seeks and invite codes, until they become games; [`setup`]: the checks of
//!   a game's set-up.
//! - [`registry`]: the registry of rooms: opens games, finds any game's room, keeps the list of
//!   live games, reloads them after a restart. The lobby's changes reach subscribers through
//!   [`announce`] and the [`bus`].
//! - [`room`]: one task per game: validates moves with the shared rules, numbers and stores
//!   events, broadcasts them; [`clock`] keeps a live game's time, [`pace`] a correspondence
//!   game's days a move and deadline.
//! - [`pool`]: the AI pool: bounded blocking threads for AI seats, hints and analyses;
//!   [`review`]: game reviews, on threads of the idle priority class, kept with the records.
//! - [`puzzles`]: the puzzle set, the choice of the next puzzle, puzzle ratings, streaks, the
//!   day's puzzles and puzzles from a player's own mistakes.
//! - [`tournaments`]: arenas on this node, kept in the records: their entrants, pairing, games
//!   and standings (the rules are the `chaupal_tournament` crate).
//! - [`store`]: the records in SQLite or PostgreSQL (sqlx), with the time they keep from
//!   [`wall`] (the system's clock, or one a test moves on); [`ratings`]: Glicko-2;
//!   [`identity`]: tokens and names; [`devices`]: codes
//!   to go on on another device.
//! - [`web`]: plain HTTP on the same port: the browser client's page and files; [`proxies`]:
//!   who a connection is from behind a trusted reverse proxy.
//! - [`cluster`]: several nodes as one server (PostgreSQL, NATS): leases, one owner per
//!   game, forwarding to it, one lobby.
//! - [`server`]: starting and stopping it all; [`config`]: the settings and limits; [`cli`]: the
//!   command line.
//!
//! With the feature `test-support`, `fuzzing` holds the fuzz targets' entry points (`fuzz/`),
//! beside the harnesses that drive a room and the lobby without a database.
//!
//! The AI players are the `chaupal_engine` crate, which the pool runs; the command-line tools
//! are the `chaupal` binary of `chaupal-lab`.

pub(crate) mod announce;
pub(crate) mod bus;
pub mod cli;
pub(crate) mod clock;
pub(crate) mod cluster;
/// The messages between a cluster's nodes (for tests that speak on the bus).
pub use cluster::wire as cluster_wire;
pub mod config;
pub(crate) mod devices;
#[cfg(feature = "test-support")]
pub mod fuzzing;
pub(crate) mod identity;
pub(crate) mod matchmaking;
pub(crate) mod net;
pub(crate) mod outbox;
pub(crate) mod pace;
pub(crate) mod players;
pub(crate) mod pool;
pub mod proxies;
pub(crate) mod push;
pub(crate) mod puzzles;
pub(crate) mod ratings;
pub(crate) mod registry;
pub(crate) mod requests;
pub(crate) mod review;
pub mod room;
pub mod server;
pub(crate) mod setup;
pub(crate) mod sight;
pub(crate) mod store;
pub(crate) mod tournaments;
pub mod wall;
pub(crate) mod web;
