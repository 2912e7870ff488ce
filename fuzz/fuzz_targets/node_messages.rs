//! The messages between a cluster's nodes (`chaupal_server::fuzzing::node_messages`): arbitrary
//! bytes and values, decoded within the size limit, round-tripping.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::node_messages(data);
});
