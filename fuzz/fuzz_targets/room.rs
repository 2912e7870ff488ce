//! A game room fed arbitrary request sequences (`chaupal_server::room::harness`): never a
//! panic, never a broken invariant, never a move the rules refuse.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
    else {
        return;
    };
    runtime.block_on(chaupal_server::room::harness::run(data));
});
