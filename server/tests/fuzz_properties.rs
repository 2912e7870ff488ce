//! The server's fuzz targets' functions (`chaupal_server::fuzzing`) on generated inputs, as
//! proptests: the same properties the fuzzers explore for hours, here on a few hundred inputs
//! per run so that CI keeps them. Each input is random bytes read as the target reads the
//! fuzzer's, so every shape of script, head, message and subscription comes up; a few scripts
//! written out check that the harnesses reach what they are for.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use chaupal_server::fuzzing::{
    self, RoomScript, http_head_input as head, lobby_harness as lobby, push_input as push,
    puzzle_harness as puzzles, room_harness as room,
};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn room_requests_keep_the_rooms_invariants(data in prop::collection::vec(any::<u8>(), 0..600)) {
        fuzzing::room_requests(&data);
    }

    #[test]
    fn lobby_requests_keep_the_lobbys_invariants(data in prop::collection::vec(any::<u8>(), 0..600)) {
        fuzzing::lobby(&data);
    }

    #[test]
    fn any_http_head_is_read_as_the_server_promises(data in prop::collection::vec(any::<u8>(), 0..400)) {
        fuzzing::http_head(&data);
    }

    #[test]
    fn node_messages_round_trip_within_the_limit(data in prop::collection::vec(any::<u8>(), 0..400)) {
        fuzzing::node_messages(&data);
    }

    #[test]
    fn puzzle_attempts_judge_the_line(data in prop::collection::vec(any::<u8>(), 0..200)) {
        fuzzing::puzzle_attempts(&data);
    }

    #[test]
    fn push_subscriptions_accepted_are_valid(data in prop::collection::vec(any::<u8>(), 0..300)) {
        fuzzing::push_subscriptions(&data);
    }
}

fn connect(player: u8) -> lobby::Step {
    lobby::Step::Connect { player }
}

fn setup(opponent: lobby::Against) -> lobby::Setup {
    lobby::Setup {
        game: 1,
        opponent,
        side: lobby::SidePick::First,
        rated: false,
        clock: None,
        correspondence: None,
        rule: None,
    }
}

/// An open seek is accepted once: the second taker is refused, and so is its seeker.
#[test]
fn a_seek_is_accepted_once() {
    let accept = |conn| lobby::Step::Accept {
        conn,
        seek: lobby::SeekPick::Made(0),
    };
    let script = lobby::Script {
        steps: vec![
            connect(0),
            connect(1),
            connect(2),
            lobby::Step::Create {
                conn: 0,
                setup: setup(lobby::Against::Open),
            },
            accept(0),
            accept(1),
            accept(2),
        ],
    };
    let report = fuzzing::lobby_script(&script);
    assert_eq!(
        (report.seeks, report.games, report.refused),
        (1, 1, 2),
        "{report:?}"
    );
}

/// An invitation is joined by its code in any case and spacing, once; a cancelled seek is
/// never accepted.
#[test]
fn a_code_joins_one_game_and_a_cancelled_seek_none() {
    let script = lobby::Script {
        steps: vec![
            connect(0),
            connect(1),
            lobby::Step::Create {
                conn: 0,
                setup: setup(lobby::Against::Private),
            },
            lobby::Step::Join {
                conn: 1,
                code: lobby::CodePick::Given(0, lobby::Spelling::Spaced),
            },
            // The joiner again: sent back to the same game, not refused.
            lobby::Step::Join {
                conn: 1,
                code: lobby::CodePick::Given(0, lobby::Spelling::Lowercase),
            },
            lobby::Step::Create {
                conn: 0,
                setup: setup(lobby::Against::Open),
            },
            lobby::Step::Cancel {
                conn: 0,
                seek: lobby::SeekPick::Made(1),
            },
            lobby::Step::Accept {
                conn: 1,
                seek: lobby::SeekPick::Made(1),
            },
        ],
    };
    let report = fuzzing::lobby_script(&script);
    assert_eq!(
        (report.seeks, report.games, report.refused),
        (2, 1, 1),
        "{report:?}"
    );
}

/// Legal moves alone finish a game: the typed script reaches the ends of games.
#[test]
fn a_typed_script_of_legal_moves_finishes_a_game() {
    let script = RoomScript {
        setup: room::Setup {
            game: 1,
            variant: Some(1),
            local: false,
            rated: true,
            clock: Some((60, 1)),
            arena: false,
        },
        steps: vec![
            room::Step::Move {
                pick: 0,
                name_seat: false,
            };
            200
        ],
    };
    let report = fuzzing::room_requests_script(&script);
    assert!(report.finished, "{report:?}");
    assert_eq!(report.refused, 200 - report.plies, "{report:?}");
}

/// The line of a shipped puzzle is found, rated, and its ratings move.
#[test]
fn a_shipped_puzzles_line_is_right() {
    let script = puzzles::Script {
        puzzle: puzzles::Pick::Shipped(7),
        kind: puzzles::Given::Rated,
        rated: true,
        player: (15_000, 200, 60),
        steps: vec![puzzles::Step::Right { spaced: true }; 12],
    };
    let report = puzzles::play(&script);
    assert_eq!((report.solved, report.rated), (1, 1), "{report:?}");
}

/// A push service's endpoint with a browser's keys is accepted; the same on a private address
/// is not.
#[test]
fn a_browsers_subscription_is_accepted_and_a_private_one_refused() {
    let input = |host| push::Input {
        endpoint: push::Endpoint::Url {
            scheme: push::Scheme::Https,
            host,
            port: None,
            path: vec!["fcm".into(), "send".into()],
            query: None,
        },
        p256dh: push::Key::Real(false),
        auth: push::Key::Real(true),
        test_receiver: false,
    };
    assert!(push::check(&input(push::Host::Known(0))));
    assert!(!push::check(&input(push::Host::V4([10, 0, 0, 1]))));
}

/// A websocket handshake and a page request, whole and cut short.
#[test]
fn a_websocket_head_and_a_page_head_keep_their_properties() {
    let header = |name: u8, value| head::Header {
        name: head::Name::Known(name),
        value,
    };
    for (cut, upgrade) in [(None, true), (None, false), (Some(20), true)] {
        let mut headers = vec![header(2, head::Value::Host(0, None))];
        if upgrade {
            headers.push(header(0, head::Value::WebSocket(5, true)));
        }
        head::check(&head::Head {
            method: head::Method::Known(0),
            target: head::Target::Path(
                vec![head::Segment::Route(0), head::Segment::Text("AB-CD".into())],
                None,
            ),
            version: None,
            headers,
            cut,
            after: b"GET / HTTP/1.1\r\n".to_vec(),
            via_proxy: false,
            allowed: false,
        });
    }
}

/// A seek whose game the records could not store waits again: accepting it while the store
/// fails is refused and changes nothing (the seek had been dropped from the lobby while still
/// stored and its seeker waiting: what the `lobby` fuzz target found,
/// `fuzz/regressions/lobby-store-failure-drops-seek`); once the store works again it is
/// accepted. It failed before the fix.
#[test]
fn a_seek_refused_for_the_store_waits_again() {
    let accept = lobby::Step::Accept {
        conn: 1,
        seek: lobby::SeekPick::Made(0),
    };
    let script = lobby::Script {
        steps: vec![
            connect(0),
            connect(1),
            lobby::Step::Create {
                conn: 0,
                setup: setup(lobby::Against::Open),
            },
            lobby::Step::Store { fail: true },
            accept.clone(),
            lobby::Step::Store { fail: false },
            accept,
        ],
    };
    let report = fuzzing::lobby_script(&script);
    assert_eq!(
        (report.seeks, report.games, report.refused),
        (1, 1, 1),
        "{report:?}"
    );
    // The same for an invitation joined by its code.
    let join = lobby::Step::Join {
        conn: 1,
        code: lobby::CodePick::Given(0, lobby::Spelling::AsGiven),
    };
    let script = lobby::Script {
        steps: vec![
            connect(0),
            connect(1),
            lobby::Step::Create {
                conn: 0,
                setup: setup(lobby::Against::Private),
            },
            lobby::Step::Store { fail: true },
            join.clone(),
            lobby::Step::Store { fail: false },
            join,
        ],
    };
    let report = fuzzing::lobby_script(&script);
    assert_eq!(
        (report.seeks, report.games, report.refused),
        (1, 1, 1),
        "{report:?}"
    );
}

/// A taker who finds that a seek's seeker has left (before the lobby was told) drops the seek,
/// and the lobby's watchers hear that it went: they kept listing it before (what the `lobby`
/// fuzz target found, `fuzz/regressions/lobby-seeker-left-seek-still-listed`). It failed
/// before the fix.
#[test]
fn a_seek_dropped_because_its_seeker_left_is_unlisted() {
    let script = lobby::Script {
        steps: vec![
            connect(0),
            lobby::Step::Create {
                conn: 0,
                setup: setup(lobby::Against::Open),
            },
            lobby::Step::Close {
                conn: 0,
                told: false,
            },
            connect(1),
            lobby::Step::Accept {
                conn: 1,
                seek: lobby::SeekPick::Made(0),
            },
        ],
    };
    let report = fuzzing::lobby_script(&script);
    assert_eq!(
        (report.seeks, report.games, report.refused),
        (1, 0, 1),
        "{report:?}"
    );
}
