//! The codec: arbitrary bytes decoded as ClientMessage and ServerMessage, in binary and as JSON;
//! whatever decodes must round-trip in both encodings (`chaupal_shared::invariants::codec`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_shared::invariants::codec(data);
});
