//! A connection's first request head, built with structure (`chaupal_server::fuzzing::http_head`):
//! what it is judged, who it is from, the websocket's checks, the site's answer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::http_head(data);
});
