//! Web Push subscriptions as browsers send them (`chaupal_server::fuzzing::push_subscriptions`):
//! what is accepted is valid, can be posted to, and round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    chaupal_server::fuzzing::push_subscriptions(data);
});
