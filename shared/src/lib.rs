//! # chaupal-shared
//!
//! The wire between Chaupal's clients and its server: the protocol's messages, their codec, and
//! the published facts both sides show (the AI levels' ratings). The games themselves are in
//! `chaupal-rules`, below this crate; the engine stands on the rules alone and links none of
//! this. Nothing here does I/O.
//!
//! - [`protocol`]: the messages between clients and the server (docs/PROTOCOL.md).
//! - [`codec`]: their encoding (bincode 2 for binary frames, JSON for text frames), always
//!   decoded with a size limit.
//! - [`levels`]: each AI level's calibrated rating on the server's scale.
//! - [`puzzle_set`]: the shipped puzzles' format, one puzzle a line of JSON.
//! - `invariants` (feature `test-support`): properties that hold for any input to the codec and
//!   the parsers, checked by the fuzz targets (`fuzz/`) and the proptests.

pub mod codec;
#[cfg(any(test, feature = "test-support"))]
pub mod invariants;
pub mod levels;
pub mod protocol;
pub mod puzzle_set;
