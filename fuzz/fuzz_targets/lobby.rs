//! The lobby fed typed scripts of requests (`chaupal_server::fuzzing::lobby`: seeks made,
//! cancelled, accepted, joined by code, connections coming and going, the store failing).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::lobby(data);
});
