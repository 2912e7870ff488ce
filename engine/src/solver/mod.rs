//! Exact solvers: perfect play where it can be had on one machine. [`kalah`] solves Kalah
//! positions to their exact final margin with a dedicated search and endgame databases.

pub mod kalah;
