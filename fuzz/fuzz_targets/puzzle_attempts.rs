//! Puzzle attempts fed arbitrary moves (`chaupal_server::fuzzing::puzzle_attempts`): the line is
//! always right, anything else wrong, the ratings finite.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::puzzle_attempts(data);
});
