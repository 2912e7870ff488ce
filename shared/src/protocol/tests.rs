//! Round trips of every message in both encodings, and the manual's examples.

use super::examples::{requests, server_messages};
use super::*;
use crate::codec::{
    CodecError, DEFAULT_MESSAGE_LIMIT, decode_binary, decode_json, encode_binary, encode_json,
};

#[test]
fn every_request_round_trips_in_binary_and_json() {
    for (title, msg) in requests() {
        let bytes = encode_binary(&msg).unwrap();
        let back: ClientMessage = decode_binary(&bytes, DEFAULT_MESSAGE_LIMIT).unwrap();
        assert_eq!(back, msg, "binary: {title}");
        let text = encode_json(&msg).unwrap();
        let back: ClientMessage = decode_json(&text, DEFAULT_MESSAGE_LIMIT).unwrap();
        assert_eq!(back, msg, "json: {title}");
    }
}

#[test]
fn every_server_message_round_trips_in_binary_and_json() {
    for (title, msg) in server_messages() {
        let bytes = encode_binary(&msg).unwrap();
        let back: ServerMessage = decode_binary(&bytes, DEFAULT_MESSAGE_LIMIT).unwrap();
        assert_eq!(back, msg, "binary: {title}");
        let text = encode_json(&msg).unwrap();
        let back: ServerMessage = decode_json(&text, DEFAULT_MESSAGE_LIMIT).unwrap();
        assert_eq!(back, msg, "json: {title}");
    }
}

#[test]
fn every_error_code_round_trips_and_has_its_documented_name() {
    for code in ErrorCode::ALL {
        let msg = ServerMessage::Error {
            id: None,
            error: ErrorReply::new(code, "why"),
        };
        let text = encode_json(&msg).unwrap();
        assert!(text.contains(&format!("\"{}\"", code.as_str())), "{text}");
        let back: ServerMessage = decode_json(&text, DEFAULT_MESSAGE_LIMIT).unwrap();
        assert_eq!(back, msg);
        let bytes = encode_binary(&msg).unwrap();
        let back: ServerMessage = decode_binary(&bytes, DEFAULT_MESSAGE_LIMIT).unwrap();
        assert_eq!(back, msg);
    }
}

#[test]
fn result_reasons_have_names_that_read_back() {
    use chaupal_rules::game::EndReason;
    let reasons = [
        ResultReason::Rules(EndReason::CaptureTarget),
        ResultReason::Rules(EndReason::NoLegalMove),
        ResultReason::Rules(EndReason::Repetition),
        ResultReason::Rules(EndReason::NoCaptureLimit),
        ResultReason::Rules(EndReason::DenEntered),
        ResultReason::Rules(EndReason::AllCaptured),
        ResultReason::Rules(EndReason::SeedsCounted),
        ResultReason::Resignation,
        ResultReason::Timeout,
        ResultReason::Agreement,
        ResultReason::Abandoned,
        ResultReason::Aborted,
    ];
    for r in reasons {
        assert_eq!(ResultReason::from_name(r.name()), Some(r));
    }
    assert_eq!(ResultReason::from_name("checkmate"), None);
}

#[test]
fn a_bot_can_write_requests_by_hand() {
    let hello = r#"{"id":1,"request":{"hello":{"version":1,"name":"bot","token":null}}}"#;
    let msg: ClientMessage = decode_json(hello, DEFAULT_MESSAGE_LIMIT).unwrap();
    assert!(matches!(msg.request, Request::Hello { version: 1, .. }));
    // Optional fields may be left out.
    let hello = r#"{"id":1,"request":{"hello":{"version":1,"name":"bot"}}}"#;
    let msg: ClientMessage = decode_json(hello, DEFAULT_MESSAGE_LIMIT).unwrap();
    assert!(matches!(msg.request, Request::Hello { token: None, .. }));
    let list = r#"{"id":2,"request":"list_seeks"}"#;
    let msg: ClientMessage = decode_json(list, DEFAULT_MESSAGE_LIMIT).unwrap();
    assert_eq!(msg.request, Request::ListSeeks);
    let mv = r#"{"id":3,"request":{"act":{"game":42,"action":{"move":{"notation":"c3"}}}}}"#;
    let msg: ClientMessage = decode_json(mv, DEFAULT_MESSAGE_LIMIT).unwrap();
    assert!(matches!(msg.request, Request::Act { seat: None, .. }));
}

#[test]
fn truncated_and_garbage_frames_are_errors_not_panics() {
    for (_, msg) in requests() {
        let bytes = encode_binary(&msg).unwrap();
        for cut in 0..bytes.len() {
            assert!(decode_binary::<ClientMessage>(&bytes[..cut], DEFAULT_MESSAGE_LIMIT).is_err());
        }
        let text = encode_json(&msg).unwrap();
        for cut in (0..text.len()).filter(|&c| text.is_char_boundary(c)) {
            assert!(decode_json::<ClientMessage>(&text[..cut], DEFAULT_MESSAGE_LIMIT).is_err());
        }
    }
    let garbage: Vec<u8> = (0..=255u8).cycle().take(4000).collect();
    assert!(decode_binary::<ClientMessage>(&garbage, DEFAULT_MESSAGE_LIMIT).is_err());
    assert!(matches!(
        decode_json::<ClientMessage>("{\"id\":1,\"request\":\"fly\"}", DEFAULT_MESSAGE_LIMIT),
        Err(CodecError::Json(_))
    ));
}

/// Lists a bot has nothing to put in (`rules`, an analysis's `moves`) and the `turns` flag of
/// hello may be left out: empty, and false.
#[test]
fn a_bot_may_leave_out_empty_lists_and_the_turns_flag() {
    let hello = r#"{"id":1,"request":{"hello":{"version":1,"name":"bot"}}}"#;
    let msg: ClientMessage = decode_json(hello, DEFAULT_MESSAGE_LIMIT).unwrap();
    assert!(matches!(msg.request, Request::Hello { turns: false, .. }));
    let hello = r#"{"id":1,"request":{"hello":{"version":1,"name":"bot","turns":true}}}"#;
    let msg: ClientMessage = decode_json(hello, DEFAULT_MESSAGE_LIMIT).unwrap();
    assert!(matches!(msg.request, Request::Hello { turns: true, .. }));
    let create = r#"{"id":2,"request":{"create_game":{"game":"kalah","clock":null,
        "side":"first","opponent":{"ai":{"engine":{"level":{"level":1}}}},"rated":false}}}"#;
    let msg: ClientMessage = decode_json(create, DEFAULT_MESSAGE_LIMIT).unwrap();
    let Request::CreateGame(setup) = msg.request else {
        panic!("{:?}", msg.request)
    };
    assert!(setup.rules.is_empty());
    assert_eq!(setup.game, chaupal_rules::GameKind::Kalah);
    let analyse = r#"{"id":3,"request":{"analyse":{"game":"baghchal","position":null,
        "engine":{"level":{"level":2}}}}}"#;
    let msg: ClientMessage = decode_json(analyse, DEFAULT_MESSAGE_LIMIT).unwrap();
    let Request::Analyse(req) = msg.request else {
        panic!("{:?}", msg.request)
    };
    assert!(req.rules.is_empty() && req.moves.is_empty());
    // A list of the wrong type is still refused.
    let wrong = r#"{"id":4,"request":{"create_game":{"game":"kalah","rules":"seeds=6",
        "clock":null,"side":"first","opponent":"local","rated":false}}}"#;
    assert!(decode_json::<ClientMessage>(wrong, DEFAULT_MESSAGE_LIMIT).is_err());
}

/// The examples show rules as differences from the defaults, as the protocol asks: no example
/// names a rule at its default value.
#[test]
fn the_examples_name_no_rule_at_its_default() {
    let check =
        |kind: chaupal_rules::GameKind, rules: &[crate::protocol::RulePair], title: &str| {
            let default =
                chaupal_rules::AnyGame::start(kind, std::iter::empty::<(&str, &str)>()).unwrap();
            for pair in rules {
                let game =
                    chaupal_rules::AnyGame::start(kind, [(pair.key.as_str(), pair.value.as_str())])
                        .unwrap_or_else(|e| panic!("{title}: {pair:?}: {e}"));
                assert_ne!(
                    game.position_text(),
                    default.position_text(),
                    "{title}: {}={} is the default",
                    pair.key,
                    pair.value
                );
            }
        };
    for (title, msg) in requests() {
        if let Request::CreateGame(setup) = &msg.request {
            check(setup.game, &setup.rules, &title);
        }
    }
    for (title, msg) in server_messages() {
        if let ServerMessage::Reply {
            reply: Reply::Seeks { seeks, .. },
            ..
        } = &msg
        {
            for s in seeks {
                check(s.kind, &s.rules, &title);
            }
        }
    }
}

/// docs/PROTOCOL.md shows the JSON of every example message, exactly as encoded.
#[test]
fn the_manual_shows_every_message() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/PROTOCOL.md");
    let manual = std::fs::read_to_string(path).unwrap();
    let mut missing = Vec::new();
    for (title, msg) in requests() {
        let json = encode_json(&msg).unwrap();
        if !manual.contains(&json) {
            missing.push(format!("{title}: {json}"));
        }
    }
    for (title, msg) in server_messages() {
        let json = encode_json(&msg).unwrap();
        if !manual.contains(&json) {
            missing.push(format!("{title}: {json}"));
        }
    }
    for code in ErrorCode::ALL {
        if !manual.contains(&format!("`{}`", code.as_str())) {
            missing.push(format!("error code {}", code.as_str()));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/PROTOCOL.md lacks:\n{}",
        missing.join("\n")
    );
}

/// Prints every example as the manual shows it:
/// `cargo test -p chaupal-shared print_examples -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_examples() {
    for (title, msg) in requests() {
        println!("{title}\n```json\n{}\n```\n", encode_json(&msg).unwrap());
    }
    for (title, msg) in server_messages() {
        println!("{title}\n```json\n{}\n```\n", encode_json(&msg).unwrap());
    }
}

/// Found by the codec fuzz target: a binary `ratings` reply with a NaN rating decoded, and then
/// neither round-tripped (NaN is not equal to itself) nor had a JSON form (serde_json writes
/// `null`). A rating that is not a finite number is now refused, in both encodings.
#[test]
fn a_rating_that_is_not_finite_does_not_decode() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for (rating, deviation) in [(bad, 50.0), (1500.0, bad)] {
            let msg = ServerMessage::Reply {
                id: 1,
                reply: Reply::Ratings {
                    player: PlayerInfo {
                        id: PlayerId(3),
                        name: "asha".to_owned(),
                    },
                    ratings: vec![RatingInfo {
                        kind: chaupal_rules::GameKind::Kalah,
                        correspondence: false,
                        rating,
                        deviation,
                        games: 2,
                    }],
                },
            };
            let bytes = encode_binary(&msg).unwrap();
            assert!(
                decode_binary::<ServerMessage>(&bytes, DEFAULT_MESSAGE_LIMIT).is_err(),
                "binary {rating} {deviation}"
            );
        }
    }
}
