//! Histories of a run under faults, and their checks, in the manner of Jepsen: actors (players
//! and spectators) play and watch real games through connections that live through faults
//! ([`session`]), everything they send and hear goes into one [`log::History`], and after the
//! run [`check`] reads it beside the records the server kept and lists every anomaly.
//!
//! - [`log`]: the history and its entries.
//! - [`session`]: one actor's connection, reconnecting to any node.
//! - [`actors`]: the players of a game and its spectators.
//! - [`records`]: the records read back at the end.
//! - [`check`]: what must hold.

pub mod actors;
pub mod check;
#[cfg(test)]
mod check_tests;
pub mod log;
pub mod records;
pub mod session;
