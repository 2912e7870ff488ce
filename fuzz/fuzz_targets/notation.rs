//! The notation parsers of the four games, and the record format.
//!
//! Input: one byte choosing the game (and whether to read a record), then text lines: a line of
//! rule pairs, a line tried as a position and as a move, and the rest as bytes choosing legal
//! moves for a walk (`chaupal_shared::invariants::{notation_bytes, notation, record}`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_shared::invariants::notation_bytes(data);
});
