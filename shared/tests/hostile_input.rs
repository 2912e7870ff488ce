//! Hostile input to the codec and the notation parsers, as proptests: the same properties the
//! fuzz targets in `fuzz/` check for hours (see `chaupal_shared::invariants`), here on a few
//! hundred generated inputs per run so that CI keeps them.
//!
//! Inputs are arbitrary bytes and text, and, to get past the first checks of each decoder,
//! valid messages, positions and records with a few bytes changed.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use chaupal_rules::record::Record;
use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::codec::{encode_binary, encode_json};
use chaupal_shared::invariants;
use chaupal_shared::protocol::examples::{requests, server_messages};
use proptest::prelude::*;

/// Every example message in both encodings.
fn encoded_examples() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, msg) in requests() {
        out.push(encode_binary(&msg).unwrap());
        out.push(encode_json(&msg).unwrap().into_bytes());
    }
    for (_, msg) in server_messages() {
        out.push(encode_binary(&msg).unwrap());
        out.push(encode_json(&msg).unwrap().into_bytes());
    }
    out
}

/// Changes, inserts or removes bytes at the given places (positions taken modulo the length).
fn mutate(mut bytes: Vec<u8>, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    for &(at, op, byte) in edits {
        let at = if bytes.is_empty() {
            0
        } else {
            at % bytes.len()
        };
        match op % 3 {
            0 if !bytes.is_empty() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            _ if !bytes.is_empty() => {
                bytes.remove(at);
            }
            _ => bytes.push(byte),
        }
    }
    bytes
}

/// Text after [`mutate`], with bytes that break UTF-8 replaced.
fn mutate_text(text: &str, edits: &[(usize, u8, u8)]) -> String {
    String::from_utf8_lossy(&mutate(text.as_bytes().to_vec(), edits)).into_owned()
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..6)
}

fn kind() -> impl Strategy<Value = GameKind> {
    prop::sample::select(GameKind::ALL.to_vec())
}

/// Rule lines: known keys with plausible and implausible values, and garbage.
fn rules_line() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "pits",
        "seeds",
        "empty-capture",
        "board",
        "capture",
        "captures-to-win",
        "goats",
        "repetition",
        "x",
    ]);
    let value = prop::sample::select(vec![
        "0",
        "1",
        "3",
        "5",
        "8",
        "9",
        "true",
        "false",
        "small",
        "standard",
        "forbidden",
        "draw",
        "",
    ]);
    prop::collection::vec((key, value), 0..3).prop_map(|pairs| {
        pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A position reached by a walk from the start, as text.
fn position_after(kind: GameKind, walk: &[u8]) -> String {
    let mut game = AnyGame::start(kind, std::iter::empty::<(&str, &str)>()).unwrap();
    for &choice in walk {
        let moves = game.legal_moves_text();
        if moves.is_empty() {
            break;
        }
        game.play_text(&moves[choice as usize % moves.len()])
            .unwrap();
    }
    game.position_text()
}

/// A legal move after a walk from the start, as text.
fn move_after(kind: GameKind, walk: &[u8], choice: u8) -> String {
    let text = position_after(kind, walk);
    let game = AnyGame::from_position_text(kind, &text, std::iter::empty::<(&str, &str)>());
    let moves = game.map(|g| g.legal_moves_text()).unwrap_or_default();
    moves
        .get(choice as usize % moves.len().max(1))
        .cloned()
        .unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_break_the_codec(data in prop::collection::vec(any::<u8>(), 0..300)) {
        invariants::codec(&data);
    }

    #[test]
    fn damaged_messages_never_break_the_codec(pick in any::<prop::sample::Index>(), e in edits()) {
        let examples = encoded_examples();
        let original = pick.get(&examples).clone();
        invariants::codec(&mutate(original, &e));
    }

    #[test]
    fn arbitrary_text_never_breaks_the_parsers(
        kind in kind(),
        rules in rules_line(),
        text in "[a-z0-9 /:,.=x*-]{0,40}",
        walk in prop::collection::vec(any::<u8>(), 0..12),
    ) {
        invariants::notation(kind, &rules, &text, &walk);
    }

    #[test]
    fn damaged_positions_never_break_the_parsers(
        kind in kind(),
        rules in rules_line(),
        walk in prop::collection::vec(any::<u8>(), 0..40),
        e in edits(),
    ) {
        let text = mutate_text(&position_after(kind, &walk), &e);
        invariants::notation(kind, &rules, &text, &walk[..walk.len().min(4)]);
    }

    #[test]
    fn damaged_moves_never_break_the_parsers(
        kind in kind(),
        walk in prop::collection::vec(any::<u8>(), 0..20),
        choice in any::<u8>(),
        e in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..3),
    ) {
        let text = mutate_text(&move_after(kind, &walk, choice), &e);
        invariants::notation(kind, "", &text, &walk);
    }

    #[test]
    fn damaged_records_read_back_as_printed(
        kind in kind(),
        walk in prop::collection::vec(any::<u8>(), 0..30),
        e in edits(),
    ) {
        let mut game = AnyGame::start(kind, std::iter::empty::<(&str, &str)>()).unwrap();
        let mut moves = Vec::new();
        for &choice in &walk {
            let legal = game.legal_moves_text();
            if legal.is_empty() {
                break;
            }
            moves.push(game.play_text(&legal[choice as usize % legal.len()]).unwrap());
        }
        let record = Record {
            kind,
            rules: Vec::new(),
            start_position: None,
            first: "asha".into(),
            second: "\"bimal\" \\ the second".into(),
            clock: None,
            correspondence: None,
            rated: false,
            date: Some("2026.11.26".into()),
            result: "*".into(),
            termination: None,
            moves,
            extra: vec![("Event".into(), "fuzz".into())],
        };
        invariants::record(&record.to_text());
        invariants::record(&mutate_text(&record.to_text(), &e));
    }
}

/// Found by the codec fuzz target: a rating deviation at the far end of `f64` read back from
/// JSON one unit in the last place off, so a `ServerMessage` did not round-trip (serde_json
/// now parses floats exactly: its `float_roundtrip` feature).
#[test]
fn an_extreme_float_round_trips_through_json() {
    chaupal_shared::invariants::codec(include_bytes!(
        "../../fuzz/regressions/codec-json-float-roundtrip"
    ));
}

/// Found by the codec fuzz target: a `ratings` reply whose rating is NaN decoded from bincode,
/// then did not equal itself after a round trip and had no JSON form. Ratings that are not
/// finite numbers no longer decode.
#[test]
fn a_nan_rating_does_not_decode() {
    chaupal_shared::invariants::codec(include_bytes!("../../fuzz/regressions/codec-nan-rating"));
}

/// A review whose accuracy is NaN does not decode (it would not be equal to itself, and JSON
/// has no NaN): what the `node_messages` fuzz target found in a room's message relayed between
/// nodes (`fuzz/regressions/node_messages-nan-accuracy`). It failed before the fix.
#[test]
fn a_nan_accuracy_does_not_decode() {
    use chaupal_shared::codec::{DEFAULT_MESSAGE_LIMIT, decode_binary};
    use chaupal_shared::protocol::{Reply, ServerMessage};
    let review = server_messages()
        .into_iter()
        .find_map(|(_, msg)| match msg {
            ServerMessage::Reply {
                id,
                reply: Reply::Review(review),
            } => Some((id, review)),
            _ => None,
        });
    let (id, mut review) = review.expect("a review among the examples");
    for accuracy in [f64::NAN, f64::INFINITY, 100.5] {
        review.accuracy = [Some(87.5), Some(accuracy)];
        let msg = ServerMessage::Reply {
            id,
            reply: Reply::Review(review.clone()),
        };
        let bytes = encode_binary(&msg).unwrap();
        assert!(
            decode_binary::<ServerMessage>(&bytes, DEFAULT_MESSAGE_LIMIT).is_err(),
            "an accuracy of {accuracy} decoded"
        );
        invariants::codec(&bytes);
    }
}
