//! Display names: arbitrary bytes read as UTF-8 and cleaned as the server cleans a hello's
//! name; an accepted name could fool nobody and is accepted again as itself
//! (`chaupal_shared::invariants::name`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_shared::invariants::name_bytes(data);
});
