//! Every limit of the gateway, and bad input of every kind: each is answered with a typed
//! error, and the server goes on serving others.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use chaupal_rules::GameKind;
use chaupal_shared::codec::{decode_binary, encode_binary};
use chaupal_shared::protocol::{
    ClientMessage, ErrorCode, GameSetup, Opponent, PROTOCOL_VERSION, Reply, Request, ServerMessage,
    SideChoice,
};
use chaupal_tests::{Client, ServerProcess};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// Someone else is still served: a fresh client says hello and pings.
async fn still_serves(server: &ServerProcess) {
    let mut other = Client::hello(server, "other").await;
    let pong = other
        .request(Request::Ping {
            data: "still there?".to_owned(),
        })
        .await
        .unwrap();
    assert_eq!(
        pong,
        Reply::Pong {
            data: "still there?".to_owned()
        }
    );
}

fn closed_with(seen: &[ServerMessage], code: ErrorCode) -> bool {
    seen.iter()
        .any(|m| matches!(m, ServerMessage::Error { error, .. } if error.code == code))
}

#[tokio::test]
async fn garbage_and_truncated_frames_get_malformed_and_the_connection_stays() {
    let server = ServerProcess::start(&[]).await;
    let mut c = Client::hello(&server, "fuzzer").await;
    c.send_frame(Message::text("this is not json")).await;
    assert_eq!(c.connection_error().await.code, ErrorCode::Malformed);
    c.send_frame(Message::text(r#"{"id":7,"request":{"fly":{}}}"#))
        .await;
    let e = c
        .wait_for(|m| match m {
            ServerMessage::Error { id: Some(7), error } => Some(error.clone()),
            _ => None,
        })
        .await;
    assert_eq!(
        e.code,
        ErrorCode::Malformed,
        "the id is read back when it can be"
    );
    // A truncated binary frame, and random bytes.
    let full = encode_binary(&ClientMessage {
        id: 8,
        request: Request::Ping {
            data: "abcdef".to_owned(),
        },
    })
    .unwrap();
    c.send_frame(Message::binary(full[..full.len() - 3].to_vec()))
        .await;
    assert_eq!(c.connection_error().await.code, ErrorCode::Malformed);
    c.send_frame(Message::binary(vec![0xFF; 300])).await;
    assert_eq!(c.connection_error().await.code, ErrorCode::Malformed);
    // Invalid UTF-8 in a text frame cannot be sent by a well-behaved library; a binary frame
    // with a JSON body is simply not bincode.
    c.send_frame(Message::binary(b"{\"id\":1}".to_vec())).await;
    assert_eq!(c.connection_error().await.code, ErrorCode::Malformed);
    // The connection still works.
    let pong = c
        .request(Request::Ping { data: "ok".into() })
        .await
        .unwrap();
    assert_eq!(pong, Reply::Pong { data: "ok".into() });
    still_serves(&server).await;
}

#[tokio::test]
async fn an_oversized_frame_is_refused_and_closes_only_that_connection() {
    let server = ServerProcess::start(&["--max-message-bytes", "4096"]).await;
    let mut c = Client::hello(&server, "big").await;
    let mut bystander = Client::hello(&server, "bystander").await;
    let huge = format!(
        r#"{{"id":1,"request":{{"ping":{{"data":"{}"}}}}}}"#,
        "x".repeat(10_000)
    );
    c.send_frame(Message::text(huge)).await;
    let seen = c.until_closed().await;
    assert!(closed_with(&seen, ErrorCode::TooLarge), "{seen:?}");
    let pong = bystander
        .request(Request::Ping { data: "hi".into() })
        .await
        .unwrap();
    assert_eq!(pong, Reply::Pong { data: "hi".into() });
}

#[tokio::test]
async fn a_message_over_the_decode_limit_is_refused_and_the_connection_stays() {
    let server =
        ServerProcess::start(&["--max-message-bytes", "65536", "--decode-limit", "2048"]).await;
    let mut c = Client::hello(&server, "wordy").await;
    c.send(Request::Ping {
        data: "y".repeat(5000),
    })
    .await;
    let e = c.connection_error().await;
    assert_eq!(e.code, ErrorCode::TooLarge);
    let pong = c
        .request(Request::Ping { data: "ok".into() })
        .await
        .unwrap();
    assert_eq!(pong, Reply::Pong { data: "ok".into() });
}

#[tokio::test]
async fn the_handshake_must_end_with_hello_in_time() {
    let server = ServerProcess::start(&["--handshake-timeout-ms", "300"]).await;
    let mut silent = Client::connect(&server).await;
    let seen = silent.until_closed().await;
    assert!(closed_with(&seen, ErrorCode::HandshakeTimeout), "{seen:?}");

    // Anything but hello first is refused (and the clock keeps running).
    let mut eager = Client::connect(&server).await;
    let e = eager.request(Request::ListSeeks).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::HelloRequired);
    // A wrong protocol version is refused and closes.
    let mut old = Client::connect(&server).await;
    let e = old
        .request(Request::Hello {
            version: PROTOCOL_VERSION + 1,
            name: "old".into(),
            token: None,
            turns: false,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::VersionMismatch);
    assert!(old.recv_wire().await.is_none(), "closed after the mismatch");
    // An unknown token, and a bad name.
    let mut lost = Client::connect(&server).await;
    let e = lost
        .request(Request::Hello {
            version: PROTOCOL_VERSION,
            name: "lost".into(),
            token: Some("0123456789abcdef0123456789abcdef".into()),
            turns: false,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::UnknownToken);
    let mut nameless = Client::connect(&server).await;
    let e = nameless
        .request(Request::Hello {
            version: PROTOCOL_VERSION,
            name: "   ".into(),
            token: None,
            turns: false,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadName);
    still_serves(&server).await;
    // Hello twice is refused.
    let mut twice = Client::hello(&server, "twice").await;
    let e = twice
        .request(Request::Hello {
            version: PROTOCOL_VERSION,
            name: "twice".into(),
            token: None,
            turns: false,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::AlreadyGreeted);
}

#[tokio::test]
async fn a_silent_connection_is_closed_after_the_idle_timeout() {
    let server =
        ServerProcess::start(&["--ping-interval-ms", "60000", "--idle-timeout-ms", "400"]).await;
    let mut c = Client::hello(&server, "sleepy").await;
    let seen = c.until_closed().await;
    assert!(closed_with(&seen, ErrorCode::IdleTimeout), "{seen:?}");
}

#[tokio::test]
async fn pings_keep_a_quiet_client_alive() {
    let server =
        ServerProcess::start(&["--ping-interval-ms", "100", "--idle-timeout-ms", "600"]).await;
    let mut c = Client::hello(&server, "quiet").await;
    // Reading lets the websocket library answer the server's pings; nothing else is sent,
    // for more than twice the idle timeout.
    let mut pings = 0;
    let quiet = async {
        while let Some(frame) = c.ws.next().await {
            match frame.unwrap() {
                Message::Ping(_) => pings += 1,
                other => panic!("only pings expected, got {other:?}"),
            }
        }
        panic!("the connection closed");
    };
    let _ = tokio::time::timeout(Duration::from_millis(1500), quiet).await;
    assert!(pings >= 5, "{pings} pings");
    let pong = c.request(Request::Ping { data: "x".into() }).await.unwrap();
    assert_eq!(pong, Reply::Pong { data: "x".into() });
}

/// Reading invitations by guessed codes spends the message budget as joining by them does:
/// past the burst, guesses are refused with `rate_limited`, not answered.
#[tokio::test]
async fn invitation_guesses_spend_the_message_budget() {
    let server =
        ServerProcess::start(&["--messages-per-second", "2", "--message-burst", "3"]).await;
    let mut c = Client::hello(&server, "guesser").await;
    for i in 0..8 {
        c.send(Request::Invitation {
            code: format!("ZZZZ-ZZZ{i}"),
        })
        .await;
    }
    let mut unknown = 0;
    let mut limited = 0;
    while unknown + limited < 8 {
        match c.recv().await {
            ServerMessage::Error { error, .. } if error.code == ErrorCode::RateLimited => {
                limited += 1
            }
            ServerMessage::Error { error, .. } if error.code == ErrorCode::BadInviteCode => {
                unknown += 1
            }
            _ => {}
        }
    }
    assert!(
        unknown <= 4 && limited >= 4,
        "{unknown} answered, {limited} refused"
    );
}

#[tokio::test]
async fn a_flood_is_rate_limited_and_a_long_flood_is_closed() {
    let server =
        ServerProcess::start(&["--messages-per-second", "2", "--message-burst", "3"]).await;
    let mut c = Client::hello(&server, "flood").await;
    for _ in 0..8 {
        c.send(Request::Ping { data: "p".into() }).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    while pongs + limited < 8 {
        match c.recv().await {
            ServerMessage::Reply { .. } => pongs += 1,
            ServerMessage::Error { error, .. } if error.code == ErrorCode::RateLimited => {
                limited += 1
            }
            _ => {}
        }
    }
    assert!(
        pongs >= 2 && limited >= 4,
        "{pongs} pongs, {limited} refused"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    c.request(Request::Ping {
        data: "later".into(),
    })
    .await
    .unwrap();
    // A client that never stops is closed.
    for _ in 0..200 {
        if c.ws
            .send(Message::text(r#"{"id":1,"request":"list_seeks"}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    let seen = c.until_closed().await;
    assert!(closed_with(&seen, ErrorCode::RateLimited));
    still_serves(&server).await;
}

/// A new connection is refused with `too_many_connections` and a reason containing `why`.
async fn refused(server: &ServerProcess, why: &str) {
    let mut c = Client::connect(server).await;
    let seen = c.until_closed().await;
    let error = seen
        .iter()
        .find_map(|m| match m {
            ServerMessage::Error { error, .. } if error.code == ErrorCode::TooManyConnections => {
                Some(error.clone())
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("refused with too_many_connections: {seen:?}"));
    assert!(error.reason.contains(why), "{error:?}");
}

/// A connection is accepted again (the freed place may take a moment to be seen).
async fn accepted_again(server: &ServerProcess) -> Client {
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut c = Client::connect(server).await;
        c.send(Request::Hello {
            version: PROTOCOL_VERSION,
            name: "c".into(),
            token: None,
            turns: false,
        })
        .await;
        // A refused connection gets its error and is closed; an accepted one, the welcome.
        if let Some(ServerMessage::Reply { .. }) = c.recv_wire().await {
            return c;
        }
    }
    panic!("no place was freed");
}

#[tokio::test]
async fn connections_per_address_are_bounded() {
    let server = ServerProcess::start(&["--connections-per-address", "2"]).await;
    let a = Client::hello(&server, "a").await;
    let _b = Client::hello(&server, "b").await;
    refused(&server, "per address").await;
    drop(a);
    // The place is free again once a connection closes.
    accepted_again(&server).await;
}

/// A websocket from this machine's address (as a proxy on it would open one) whose request
/// says it was forwarded for `client`.
async fn connect_for(server: &ServerProcess, client: &str) -> Client {
    let mut req = server.url().into_client_request().unwrap();
    req.headers_mut()
        .insert("x-forwarded-for", HeaderValue::from_str(client).unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    Client::from_ws(ws)
}

/// Says hello on `c`: true when welcomed, false when the connection was refused.
async fn welcomed(c: &mut Client) -> bool {
    c.send(Request::Hello {
        version: PROTOCOL_VERSION,
        name: "p".into(),
        token: None,
        turns: false,
    })
    .await;
    loop {
        match c.recv_wire().await {
            Some(ServerMessage::Reply { .. }) => return true,
            Some(ServerMessage::Error { error, .. }) => {
                assert_eq!(error.code, ErrorCode::TooManyConnections, "{error:?}");
                assert!(error.reason.contains("per address"), "{error:?}");
                return false;
            }
            Some(_) => {}
            None => return false,
        }
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_per_address_limit_counts_each_forwarded_client() {
    let server = ServerProcess::start(&[
        "--connections-per-address",
        "2",
        "--trusted-proxy",
        "127.0.0.1",
    ])
    .await;
    let mut a1 = connect_for(&server, "203.0.113.7").await;
    let mut a2 = connect_for(&server, "203.0.113.7").await;
    assert!(welcomed(&mut a1).await && welcomed(&mut a2).await);
    // A third of the same client's connections is over its limit...
    let mut a3 = connect_for(&server, "203.0.113.7").await;
    assert!(!welcomed(&mut a3).await, "a third connection of one client");
    // ...while other clients behind the same proxy are served.
    let mut b1 = connect_for(&server, "198.51.100.2").await;
    let mut b2 = connect_for(&server, "2001:db8::9").await;
    assert!(welcomed(&mut b1).await && welcomed(&mut b2).await);
}

#[tokio::test]
async fn forwarding_headers_from_an_address_not_trusted_are_ignored() {
    let server = ServerProcess::start(&["--connections-per-address", "2"]).await;
    let mut a = connect_for(&server, "203.0.113.7").await;
    let mut b = connect_for(&server, "198.51.100.2").await;
    assert!(welcomed(&mut a).await && welcomed(&mut b).await);
    // Whatever the header says, all three come from this machine's one address.
    let mut c = connect_for(&server, "192.0.2.1").await;
    assert!(!welcomed(&mut c).await, "the header chose the address");
}

#[tokio::test]
async fn connections_in_all_are_bounded() {
    let server =
        ServerProcess::start(&["--max-connections", "3", "--connections-per-address", "100"]).await;
    let a = Client::hello(&server, "a").await;
    let _b = Client::hello(&server, "b").await;
    let _c = Client::hello(&server, "c").await;
    refused(&server, "server is full").await;
    refused(&server, "server is full").await;
    // Those who are in are still served; a place frees when someone leaves.
    drop(a);
    let mut again = accepted_again(&server).await;
    let pong = again
        .request(Request::Ping { data: "in".into() })
        .await
        .unwrap();
    assert_eq!(pong, Reply::Pong { data: "in".into() });
    refused(&server, "server is full").await;
}

#[tokio::test]
async fn open_games_per_player_are_bounded() {
    let server = ServerProcess::start(&["--max-open-games", "2"]).await;
    let mut c = Client::hello(&server, "greedy").await;
    let seek = |rated| {
        Request::CreateGame(GameSetup {
            private: false,
            game: GameKind::Kalah,
            rules: vec![],
            clock: None,
            correspondence: None,
            side: SideChoice::Random,
            opponent: Opponent::Open,
            rated,
            position: None,
        })
    };
    c.request(seek(false)).await.unwrap();
    c.request(seek(true)).await.unwrap();
    let e = c.request(seek(false)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::TooManyGames);
}

#[tokio::test]
async fn a_reader_that_never_reads_is_dropped_not_buffered() {
    let server = ServerProcess::start(&[
        "--write-queue",
        "8",
        "--write-timeout-ms",
        "500",
        "--messages-per-second",
        "100000",
        "--message-burst",
        "100000",
    ])
    .await;
    let mut c = Client::hello(&server, "deaf").await;
    let payload = "z".repeat(60_000);
    let mut sent = 0;
    // Ask for far more than any socket buffer holds, never reading the answers.
    let flood = async {
        for _ in 0..2000 {
            let msg = ClientMessage {
                id: 1,
                request: Request::Ping {
                    data: payload.clone(),
                },
            };
            let frame = Message::text(serde_json::to_string(&msg).unwrap());
            if c.ws.send(frame).await.is_err() {
                break;
            }
            sent += 1;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(30), flood).await;
    // Now read: the answers stop well short of what was asked, then the connection ends.
    let mut pongs = 0;
    loop {
        match tokio::time::timeout(Duration::from_secs(20), c.ws.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => pongs += 1,
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_))) | Ok(None) => break,
            Err(_) => panic!("the slow reader was not dropped"),
        }
    }
    assert!(pongs < sent, "{pongs} answers of {sent}");
    still_serves(&server).await;
}

/// The server's resident memory at its highest while `during` runs, sampled every 5 ms, less
/// what it was before: what `during` made it hold.
async fn memory_grown_by<T>(pid: u32, during: impl std::future::Future<Output = T>) -> (f64, T) {
    let before = chaupal_tests::rss_mb(pid).expect("the server's /proc/PID/status");
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = tokio::spawn({
        let done = done.clone();
        async move {
            let mut peak = before;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if let Some(now) = chaupal_tests::rss_mb(pid) {
                    peak = peak.max(now);
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            peak
        }
    });
    let out = during.await;
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.await.unwrap();
    (peak - before, out)
}

/// A reader that never reads holds at most its queue's byte bound (`--write-queue-bytes`,
/// 1 MiB by default) in the server, however many messages that is: with the message bound out
/// of the way and all the time in the world to write, 2,000 answers of 60 KB (120 MB) asked
/// for without reading are not piled up (before the byte bound, they all were: 10 MB per
/// reader at the default 256 messages); the connection is dropped once its queue passes the
/// bound, long before the write timeout.
#[tokio::test]
async fn a_reader_that_never_reads_holds_at_most_the_byte_bound() {
    let server = ServerProcess::start(&[
        "--write-queue",
        "100000",
        "--write-timeout-ms",
        "120000",
        "--messages-per-second",
        "100000",
        "--message-burst",
        "100000",
    ])
    .await;
    let pid = server.pid().expect("the server runs");
    let mut c = Client::hello(&server, "deaf").await;
    let payload = "z".repeat(60_000);
    let frame = Message::text(
        serde_json::to_string(&ClientMessage {
            id: 1,
            request: Request::Ping { data: payload },
        })
        .unwrap(),
    );
    let (grown, (sent, pongs)) = memory_grown_by(pid, async {
        let mut sent = 0;
        let flood = async {
            for _ in 0..2000 {
                if c.ws.send(frame.clone()).await.is_err() {
                    break;
                }
                sent += 1;
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(60), flood).await;
        // The server's pings would keep a patient reader waiting: the end must come in time.
        let dropped_by = tokio::time::Instant::now() + Duration::from_secs(30);
        let mut pongs = 0;
        loop {
            match tokio::time::timeout_at(dropped_by, c.ws.next()).await {
                Ok(Some(Ok(Message::Text(_)))) => pongs += 1,
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(_))) | Ok(None) => break,
                Err(_) => panic!("the deaf reader was not dropped ({pongs} answers read)"),
            }
        }
        (sent, pongs)
    })
    .await;
    assert!(pongs < sent, "{pongs} answers of {sent}");
    // Its queue held at most 1 MiB, the socket's own buffers a few more; 120 MB before.
    assert!(
        grown < 40.0,
        "the server grew by {grown:.0} MiB for one reader that never read ({sent} asked)"
    );
    still_serves(&server).await;
}

/// Whether `reason` repeats at most a short prefix of a run of `z`s (the bad input below).
fn repeats_a_short_prefix(reason: &str) -> bool {
    use chaupal_shared::protocol::echo::{ECHO_CHARS, REASON_CHARS};
    !reason.contains(&"z".repeat(ECHO_CHARS + 1)) && reason.chars().count() <= REASON_CHARS + 1
}

/// Bad input is named in an error reason by a short prefix at most, never repeated whole: a
/// 60 KB move (in a game and in an analysis), invite code, device code, engine name, rule,
/// position, record and puzzle theme, and a request of an unknown name, each get a reason of
/// a few dozen characters, and the connection goes on.
#[tokio::test]
async fn an_error_repeats_at_most_a_short_prefix_of_the_bad_input() {
    use chaupal_shared::protocol::{AnalysisRequest, Engine, RulePair};
    use chaupal_tests::play::{create, setup};
    let server = ServerProcess::start(&[]).await;
    let mut c = Client::hello(&server, "echo").await;
    let long = "z".repeat(60_000);
    let game = create(&mut c, setup(GameKind::BaghChal, Opponent::Local))
        .await
        .game
        .unwrap();
    let mut refusals = Vec::new();
    refusals.push(("a move", c.play(game, &long).await.unwrap_err()));
    refusals.push((
        "a move after a good one",
        c.play(game, &format!("c3-{long}")).await.unwrap_err(),
    ));
    let analysis = |position: Option<String>, moves: Vec<String>| {
        Request::Analyse(AnalysisRequest {
            game: GameKind::BaghChal,
            rules: vec![],
            position,
            moves,
            engine: Engine::Level { level: 1 },
            from_game: None,
        })
    };
    refusals.push((
        "an analysis's move",
        c.request(analysis(None, vec![long.clone()]))
            .await
            .unwrap_err(),
    ));
    refusals.push((
        "an analysis's position",
        c.request(analysis(Some(long.clone()), vec![]))
            .await
            .unwrap_err(),
    ));
    refusals.push((
        "an invite code",
        c.request(Request::JoinByCode { code: long.clone() })
            .await
            .unwrap_err(),
    ));
    refusals.push((
        "a device code",
        c.request(Request::LinkDevice { code: long.clone() })
            .await
            .unwrap_err(),
    ));
    let mut named = setup(GameKind::BaghChal, Opponent::Local);
    named.opponent = Opponent::Ai {
        engine: Engine::Named {
            name: long.clone(),
            depth: None,
            time_ms: None,
        },
    };
    refusals.push((
        "an engine's name",
        c.request(Request::CreateGame(named)).await.unwrap_err(),
    ));
    let mut ruled = setup(GameKind::BaghChal, Opponent::Local);
    ruled.rules = vec![RulePair::new(&long, "1")];
    refusals.push((
        "a rule",
        c.request(Request::CreateGame(ruled)).await.unwrap_err(),
    ));
    let mut placed = setup(GameKind::Kalah, Opponent::Local);
    placed.position = Some(long.clone());
    refusals.push((
        "a position",
        c.request(Request::CreateGame(placed)).await.unwrap_err(),
    ));
    refusals.push((
        "a record",
        c.request(Request::ImportRecord {
            text: format!("[Game \"{long}\"]\n\n*"),
        })
        .await
        .unwrap_err(),
    ));
    c.send_frame(Message::text(format!(
        r#"{{"id":90,"request":{{"next_puzzle":{{"theme":"{long}"}}}}}}"#
    )))
    .await;
    refusals.push(("a puzzle theme", c.answer(90).await.unwrap_err()));
    c.send_frame(Message::text(format!(
        r#"{{"id":91,"request":{{"{long}":{{}}}}}}"#
    )))
    .await;
    refusals.push(("a request's name", c.answer(91).await.unwrap_err()));
    for (what, error) in &refusals {
        assert!(
            repeats_a_short_prefix(&error.reason),
            "{what}: {:?} ({} characters): {:.300}",
            error.code,
            error.reason.chars().count(),
            error.reason
        );
    }
    still_serves(&server).await;
}

#[tokio::test]
async fn binary_clients_are_answered_in_binary() {
    let server = ServerProcess::start(&[]).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(server.url())
        .await
        .unwrap();
    let hello = ClientMessage {
        id: 1,
        request: Request::Hello {
            version: PROTOCOL_VERSION,
            name: "bin".into(),
            token: None,
            turns: false,
        },
    };
    ws.send(Message::binary(encode_binary(&hello).unwrap()))
        .await
        .unwrap();
    let frame = ws.next().await.unwrap().unwrap();
    let Message::Binary(bytes) = frame else {
        panic!("{frame:?}")
    };
    let msg: ServerMessage = decode_binary(&bytes, 1 << 20).unwrap();
    assert!(matches!(
        msg,
        ServerMessage::Reply {
            id: 1,
            reply: Reply::Welcome(_)
        }
    ));
}

/// What a client reads to the end of its connection: the pongs, the `rate_limited` errors
/// with and without an id, and the close frame's code. A reset (or any read error) fails.
#[derive(Debug, Default)]
struct Heard {
    pongs: usize,
    refused: usize,
    closing: usize,
    close: Option<u16>,
}

async fn hear_to_the_end(
    rx: &mut futures_util::stream::SplitStream<
        tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
    >,
) -> Heard {
    let mut heard = Heard::default();
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(20), rx.next())
            .await
            .expect("the connection ends in time");
        match frame {
            None => return heard,
            Some(Err(e)) => panic!("the connection broke instead of closing: {e}; {heard:?}"),
            Some(Ok(Message::Close(frame))) => {
                heard.close = frame.map(|f| u16::from(f.code));
            }
            Some(Ok(Message::Text(text))) => {
                let msg: ServerMessage = serde_json::from_str(text.as_str()).unwrap();
                match msg {
                    ServerMessage::Reply { .. } => heard.pongs += 1,
                    ServerMessage::Error { id, error } if error.code == ErrorCode::RateLimited => {
                        if id.is_some() {
                            heard.refused += 1;
                        } else {
                            heard.closing += 1;
                        }
                    }
                    other => panic!("unexpected {other:?}"),
                }
            }
            Some(Ok(_)) => {}
        }
    }
}

fn ping(id: u64) -> Message {
    Message::text(format!(
        r#"{{"id":{id},"request":{{"ping":{{"data":"p"}}}}}}"#
    ))
}

/// A burst written at once: the budget's burst is served, 20 more are refused with their ids,
/// the next refusal closes the connection, and the client reads all of it and the close frame
/// (1008): the rest of the burst, unread, must not make the server reset the connection.
#[tokio::test]
async fn a_burst_in_one_write_is_refused_then_closed_and_the_client_hears_it_all() {
    let server = ServerProcess::start(&[]).await;
    let c = Client::hello(&server, "burst").await;
    let (mut tx, mut rx) = c.ws.split();
    for id in 0..600 {
        tx.feed(ping(id)).await.unwrap();
    }
    tx.flush().await.unwrap();
    let heard = hear_to_the_end(&mut rx).await;
    // The burst is 40, and the hello took one.
    assert!(
        (39..=41).contains(&heard.pongs),
        "the burst of 40: {heard:?}"
    );
    assert_eq!(heard.refused, 20, "20 refusals are allowed: {heard:?}");
    assert_eq!(heard.closing, 1, "the 21st closes: {heard:?}");
    assert_eq!(heard.close, Some(1008), "{heard:?}");
    still_serves(&server).await;
}

/// A steady flood, far faster than the budget (1000 messages a second against 20): it is
/// refused, and closed within the flood window.
#[tokio::test]
async fn a_steady_flood_faster_than_the_budget_is_closed() {
    let server = ServerProcess::start(&["--message-burst", "10"]).await;
    let c = Client::hello(&server, "flood").await;
    let (mut tx, mut rx) = c.ws.split();
    let flood = tokio::spawn(async move {
        for id in 0..20_000u64 {
            if tx.send(ping(id)).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    });
    let started = tokio::time::Instant::now();
    let heard = hear_to_the_end(&mut rx).await;
    flood.abort();
    assert!(heard.refused >= 20 && heard.closing == 1, "{heard:?}");
    assert_eq!(heard.close, Some(1008), "{heard:?}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "closed within the window: {:?}",
        started.elapsed()
    );
}

/// A client just under the budget (16 messages a second against 20, with a burst of only 4
/// to absorb jitter) is never refused and never closed.
#[tokio::test]
async fn a_client_just_under_the_budget_is_never_refused() {
    let server =
        ServerProcess::start(&["--messages-per-second", "20", "--message-burst", "4"]).await;
    let mut c = Client::hello(&server, "steady").await;
    for i in 0..48 {
        let reply = c
            .request(Request::Ping {
                data: format!("{i}"),
            })
            .await;
        assert_eq!(
            reply,
            Ok(Reply::Pong {
                data: format!("{i}")
            }),
            "message {i}"
        );
        tokio::time::sleep(Duration::from_micros(62_500)).await;
    }
    assert!(c.inbox.is_empty(), "nothing else was said: {:?}", c.inbox);
}
