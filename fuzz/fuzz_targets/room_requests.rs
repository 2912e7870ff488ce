//! A game room fed typed scripts of requests (`chaupal_server::fuzzing::room_requests`: a set-up,
//! then moves by index, damaged and foreign moves, every action by anyone, joins and leaves,
//! time, the store failing), read from the fuzzer's bytes with arbitrary.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::room_requests(data);
});
