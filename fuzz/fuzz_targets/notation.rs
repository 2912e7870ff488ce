//! The notation parsers of the four games, and the record format.
//!
//! Input: one byte choosing the game (and whether to read a record), then text lines: a line of
//! rule pairs, a line tried as a position and as a move, and the rest as bytes choosing legal
//! moves for a walk (`chaupal_shared::invariants::{notation, record}`).
#![no_main]

use chaupal_rules::GameKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    if head & 0x80 != 0 {
        if let Ok(text) = std::str::from_utf8(rest) {
            chaupal_shared::invariants::record(text);
        }
        return;
    }
    let kind = GameKind::ALL[usize::from(head & 3)];
    let mut parts = rest.splitn(3, |&b| b == b'\n');
    let rules = String::from_utf8_lossy(parts.next().unwrap_or_default());
    let text = String::from_utf8_lossy(parts.next().unwrap_or_default());
    let walk = parts.next().unwrap_or_default();
    chaupal_shared::invariants::notation(kind, &rules, &text, &walk[..walk.len().min(64)]);
});
