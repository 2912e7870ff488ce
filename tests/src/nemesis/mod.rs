//! Fault runs, whose histories [`crate::history::check`] judges:
//!
//! - [`schedule`]: faults drawn at random from a seed.
//! - [`plans`]: the mix of games a run plays.
//! - [`cluster`]: three nodes, NATS and PostgreSQL under a random schedule of kills, graceful
//!   stops, pauses past the lease, and NATS and PostgreSQL stopped and started.
//! - [`powercut`]: one server on SQLite on a file system that loses what was not synced,
//!   cut again and again.
//!
//! `--bin faultrun` runs them from the command line; `tests/tests/random_faults.rs` runs short
//! ones in CI.

pub mod cluster;
pub mod plans;
pub mod powercut;
pub mod schedule;
