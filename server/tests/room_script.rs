//! A game room fed arbitrary request sequences, as proptests: the same scripts and invariants
//! the room fuzz target in `fuzz/` explores for hours (see `chaupal_server::room::harness`),
//! here on a few hundred generated scripts per run so that CI keeps them.
//!
//! Scripts are bytes; most bytes become legal moves by the side to move, so that games get
//! deep, and the rest become foreign, damaged and garbage moves, every other action by every
//! player and seat, connections coming and going, time passing and the store failing.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use chaupal_server::room::harness;
use proptest::prelude::*;

fn run(script: &[u8]) -> harness::Report {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .unwrap();
    runtime.block_on(harness::run(script))
}

/// A script: a set-up (two bytes), then steps of an operation byte and its arguments. Steps
/// that play a legal move come often so that games reach their ends.
fn script() -> impl Strategy<Value = Vec<u8>> {
    let step = prop_oneof![
        6 => (0u8..7, any::<u8>()).prop_map(|(op, pick)| vec![op | (pick & 16), pick]),
        1 => prop::collection::vec(any::<u8>(), 1..4),
        1 => (9u8..11, any::<u8>(), any::<u8>()).prop_map(|(op, a, b)| vec![op, a, b]),
    ];
    (
        any::<u8>(),
        any::<u8>(),
        prop::collection::vec(step, 0..120),
    )
        .prop_map(|(head, variant, steps)| {
            let mut bytes = vec![head, variant];
            bytes.extend(steps.into_iter().flatten());
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_room_keeps_its_invariants_under_any_requests(script in script()) {
        run(&script);
    }

    #[test]
    fn a_room_keeps_its_invariants_under_arbitrary_bytes(
        script in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        run(&script);
    }
}

/// Legal moves alone finish a game, each move one event, nothing refused: the scripts reach
/// the ends of games, so the checks see finished games too.
#[test]
fn a_script_of_legal_moves_finishes_a_kalah_game() {
    // Kalah (head 0x01) with two seeds a house (variant 1 is "seeds=2" in the harness's list),
    // then up to 200 legal moves (op 0, the first legal move).
    let mut script = vec![0x01, 0x01];
    for _ in 0..200 {
        script.extend([0, 0]);
    }
    let report = run(&script);
    assert!(report.finished, "{report:?}");
    assert!(report.plies > 4, "{report:?}");
    // Every move is an event, and the end one more; the moves after the end are refused.
    assert_eq!(report.version, report.plies as u64 + 1, "{report:?}");
    assert_eq!(report.refused, 200 - report.plies, "{report:?}");
}

/// A stranger and the wrong seat are refused: the checks count them as refusals, and the
/// game does not move.
#[test]
fn foreign_moves_are_refused() {
    // Bagh Chal (goats, the first seat, to move); op 7 plays a legal move text as player
    // `who % 3` for the seat `who >> 2` names (0: none, 1: first, 2: second): the stranger
    // (who 2), the second seat's player for its own seat out of turn (who 10), the first
    // seat's player naming the second seat (who 9).
    let script = [0x00, 0x00, 7, 0, 2, 7, 0, 10, 7, 0, 9];
    let report = run(&script);
    assert_eq!(report.plies, 0, "{report:?}");
    assert_eq!(report.refused, 3, "{report:?}");
    assert_eq!(report.version, 0, "{report:?}");
}

/// Found by the proptests above: a flag falls while the store is failing. The flag fall cannot be
/// recorded, so the game must go on as it was, with the clock of the side to move still
/// running (it was left stopped in a live game).
#[test]
fn a_flag_fall_the_store_cannot_record_leaves_the_clock_running() {
    let scripts: [&[u8]; 2] = [
        &[
            80, 0, 32, 0, 110, 5, 0, 0, 0, 0, 0, 16, 119, 0, 0, 45, 2, 32,
        ],
        &[
            112, 0, 11, 0, 176, 0, 62, 19, 11, 0, 15, 0, 205, 2, 16, 0, 0, 0, 0, 0, 0, 0,
        ],
    ];
    for script in scripts {
        let report = run(script);
        assert!(
            !report.finished,
            "the flag fall was not recorded: {report:?}"
        );
    }
}
