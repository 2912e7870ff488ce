//! # chaupal-tournament
//!
//! Tournaments as values, with no I/O: the server keeps them in its records, runs their clocks
//! and plays their games; this crate says who plays whom and who stands where. The formats
//! and their rules are in docs/TOURNAMENTS.md.
//!
//! - [`entrant`]: who is in a tournament, and the two sides of a game.
//! - [`matching`]: the cheapest pairing of a group, through a maximum-weight matching.
//! - [`arena`]: lichess's arena: scoring with streaks and berserk, pairing whoever is idle.
//! - [`swiss`]: a fixed number of rounds, paired within score groups, with tie-breaks.
//! - [`round_robin`]: everyone meets everyone, by Berger tables.
//! - [`standings`]: ranks, pages of them, and the podium.
//! - [`settings`]: what a tournament is made with, and the settings refused.

pub mod arena;
pub mod entrant;
pub mod matching;
pub mod round_robin;
pub mod settings;
pub mod standings;
pub mod swiss;
