//! The entry points of the server's fuzz targets in `fuzz/` (feature `test-support`).
//!
//! Each takes the fuzzer's bytes, reads them as a typed input with `arbitrary`
//! ([`arbitrary::Arbitrary::arbitrary_take_rest`], as `libfuzzer-sys` reads a typed target's
//! input), and plays it against the server's own code, panicking when a property breaks. The
//! inputs are structure-aware: the fuzzer's mutations change a script's steps and a head's
//! headers, not the bytes of a format. The targets in `fuzz/fuzz_targets/` only call these;
//! `server/tests/fuzz_corpus.rs` runs them on every file of `fuzz/corpus/TARGET/` and
//! `fuzz/regressions/`, and `server/tests/fuzz_properties.rs` on generated inputs.
//!
//! | target | input | the checks |
//! |---|---|---|
//! | [`room`] | bytes, a byte script | [`crate::room::harness::run`] |
//! | [`room_requests`] | [`RoomScript`] | [`crate::room::harness::play`] |
//! | [`lobby`] | [`crate::matchmaking::harness::Script`] | [`crate::matchmaking::harness::play`] |
//! | [`http_head`] | [`crate::net::head::Head`] | [`crate::net::head::check`] |
//! | [`node_messages`] | [`crate::cluster::wire_check::Input`] | [`crate::cluster::wire_check::check`] |
//! | [`puzzle_attempts`] | [`crate::puzzles::harness::Script`] | [`crate::puzzles::harness::play`] |
//! | [`push_subscriptions`] | [`crate::push::check::Input`] | [`crate::push::check::check`] |

use arbitrary::{Arbitrary, Unstructured};

pub use crate::cluster::wire_check as node_messages_input;
pub use crate::matchmaking::harness as lobby_harness;
pub use crate::net::head as http_head_input;
pub use crate::push::check as push_input;
pub use crate::puzzles::harness as puzzle_harness;
pub use crate::room::harness as room_harness;

/// A script of requests against one room: its set-up, then its steps.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub struct RoomScript {
    pub setup: room_harness::Setup,
    pub steps: Vec<room_harness::Step>,
}

/// The typed input in `data`, read as `libfuzzer-sys` reads a typed target's; `None` when the
/// bytes do not make one.
pub fn input<'a, T: Arbitrary<'a>>(data: &'a [u8]) -> Option<T> {
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}

/// A current-thread tokio runtime whose clock is paused: the scripts' waits pass at once, and
/// a run is deterministic.
fn paused_runtime() -> Option<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .ok()
}

/// The `room` target: a byte script against one room.
pub fn room(data: &[u8]) {
    if let Some(runtime) = paused_runtime() {
        runtime.block_on(room_harness::run(data));
    }
}

/// The `room_requests` target: a typed script against one room.
pub fn room_requests(data: &[u8]) {
    if let Some(script) = input::<RoomScript>(data) {
        room_requests_script(&script);
    }
}

/// [`room_requests`] on a script already read.
pub fn room_requests_script(script: &RoomScript) -> room_harness::Report {
    match paused_runtime() {
        Some(runtime) => runtime.block_on(room_harness::play(&script.setup, &script.steps)),
        None => room_harness::Report::default(),
    }
}

/// The `lobby` target: a script of lobby requests.
pub fn lobby(data: &[u8]) {
    if let Some(script) = input::<lobby_harness::Script>(data) {
        lobby_script(&script);
    }
}

/// [`lobby`] on a script already read.
pub fn lobby_script(script: &lobby_harness::Script) -> lobby_harness::Report {
    match paused_runtime() {
        Some(runtime) => runtime.block_on(lobby_harness::play(script)),
        None => lobby_harness::Report::default(),
    }
}

/// The `http_head` target: a request head as a connection's first bytes.
pub fn http_head(data: &[u8]) {
    if let Some(head) = input::<http_head_input::Head>(data) {
        http_head_input::check(&head);
    }
}

/// The `node_messages` target: bytes and values between the nodes of a cluster.
pub fn node_messages(data: &[u8]) {
    if let Some(input) = input::<node_messages_input::Input>(data) {
        node_messages_input::check(&input);
    }
}

/// The `puzzle_attempts` target: attempts at puzzles of the shipped set.
pub fn puzzle_attempts(data: &[u8]) {
    if let Some(script) = input::<puzzle_harness::Script>(data) {
        puzzle_harness::play(&script);
    }
}

/// The `push_subscriptions` target: what a browser sends to subscribe.
pub fn push_subscriptions(data: &[u8]) {
    if let Some(input) = input::<push_input::Input>(data) {
        push_input::check(&input);
    }
}

/// A target's function: the fuzzer's bytes in, a panic when a property breaks.
pub type Target = fn(&[u8]);

/// Every target of this crate, by its name in `fuzz/`, for the corpus replay.
pub const TARGETS: [(&str, Target); 7] = [
    ("room", room),
    ("room_requests", room_requests),
    ("lobby", lobby),
    ("http_head", http_head),
    ("node_messages", node_messages),
    ("puzzle_attempts", puzzle_attempts),
    ("push_subscriptions", push_subscriptions),
];
