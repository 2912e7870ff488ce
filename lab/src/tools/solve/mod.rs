//! `chaupal solve GAME`: a position's value with perfect play.
//!
//! - [`kalah`]: `solve kalah`, the exact final margin, searched by the Kalah solver.
//! - [`baghchal`]: `solve baghchal --tablebase DIR`, the value read from the solved databases.

pub mod baghchal;
pub mod kalah;
