//! A game room fed arbitrary request sequences as a byte script
//! (`chaupal_server::room::harness::run`): never a panic, never a broken invariant, never a
//! move the rules refuse.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::room(data);
});
