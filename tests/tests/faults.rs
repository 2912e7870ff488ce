//! Faults under load: the server killed with SIGKILL while many games are being played, clients
//! that vanish in the middle of a frame, readers that never read, a flood of connections from
//! one address, and a database that runs out of space. Each checks that no acknowledged move is
//! lost, that nothing unrecorded is broadcast, and that the other clients go on being served.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::codec::encode_binary;
use chaupal_shared::protocol::{
    Action, ClientMessage, ErrorCode, GameEvent, GameId, GameSetup, GameStatus, Opponent,
    PROTOCOL_VERSION, Reply, Request, ServerMessage, SideChoice,
};
use chaupal_tests::{Client, ServerProcess, mover, pick_move, rss_mb, start_of};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A private game between two new players: the first creates it (first side), the second joins
/// by its code; both have the snapshot.
async fn private_game(
    server: &ServerProcess,
    kind: GameKind,
    n: usize,
) -> (Client, Client, GameId) {
    let mut a = Client::hello(server, &format!("a{n}")).await;
    let mut b = Client::hello(server, &format!("b{n}")).await;
    let setup = GameSetup {
        private: false,
        game: kind,
        rules: vec![],
        clock: None,
        correspondence: None,
        side: SideChoice::First,
        opponent: Opponent::Private,
        rated: false,
        position: None,
    };
    let Reply::Created {
        invite_code: Some(code),
        ..
    } = a.request(Request::CreateGame(setup)).await.unwrap()
    else {
        panic!("no invite code")
    };
    let Reply::Created {
        game: Some(game), ..
    } = b.request(Request::JoinByCode { code }).await.unwrap()
    else {
        panic!("not joined")
    };
    a.snapshot(game).await;
    b.snapshot(game).await;
    (a, b, game)
}

/// What one game's players were told was stored.
#[derive(Default)]
struct Acked {
    moves: Vec<String>,
    ended: bool,
}

/// Plays random moves as fast as the server acknowledges them, until the connection is gone (or
/// the game ends); every acknowledged move goes into `acked`.
async fn play_until_gone(
    mut clients: [Client; 2],
    game: GameId,
    kind: GameKind,
    seed: u64,
    acked: Arc<Mutex<Acked>>,
) {
    let mut position = start_of(kind);
    let mut seed = seed;
    while position.outcome().is_none() {
        let mv = pick_move(&position, &mut seed);
        let who = mover(&position, 0);
        let answer = clients[who]
            .try_request(Request::Act {
                game,
                seat: None,
                action: Action::Move {
                    notation: mv.clone(),
                    ply: None,
                },
            })
            .await;
        match answer {
            Some(Ok(_)) => {
                let canonical = position.play_text(&mv).unwrap();
                let mut log = acked.lock().unwrap();
                log.moves.push(canonical);
                log.ended = position.outcome().is_some();
            }
            Some(Err(e)) => panic!("a legal move was refused: {e:?}"),
            None => return,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_server_under_load_loses_no_acknowledged_move_and_every_game_finishes() {
    const GAMES: usize = 16;
    let server = ServerProcess::start_for_games(&["--connections-per-address", "100"]).await;
    let mut games = Vec::new();
    let mut tasks = Vec::new();
    for i in 0..GAMES {
        let kind = GameKind::ALL[i % GameKind::ALL.len()];
        let (a, b, game) = private_game(&server, kind, i).await;
        let tokens = [a.token.clone().unwrap(), b.token.clone().unwrap()];
        let acked = Arc::new(Mutex::new(Acked::default()));
        games.push((game, kind, tokens, acked.clone()));
        tasks.push(tokio::spawn(play_until_gone(
            [a, b],
            game,
            kind,
            i as u64 * 7 + 1,
            acked,
        )));
    }
    // Let every game get going, then kill the server in the middle of it all.
    let total = || -> usize { games.iter().map(|g| g.3.lock().unwrap().moves.len()).sum() };
    for _ in 0..200 {
        if total() >= GAMES * 6 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before_kill = total();
    assert!(
        before_kill >= GAMES * 6,
        "only {before_kill} moves before the kill"
    );
    let server = server.restart().await;
    for t in tasks {
        t.await.unwrap();
    }

    let mut finished_by_rules = 0;
    for (n, (game, kind, tokens, acked)) in games.iter().enumerate() {
        let acked = std::mem::take(&mut *acked.lock().unwrap());
        let mut a = Client::hello_as(&server, &format!("a{n}"), Some(&tokens[0])).await;
        let mut b = Client::hello_as(&server, &format!("b{n}"), Some(&tokens[1])).await;
        let Reply::Record { moves: stored, .. } = a
            .request(Request::GetRecord {
                game: *game,
                key: None,
            })
            .await
            .unwrap()
        else {
            panic!("no record")
        };
        // Every acknowledged move is there; at most one more (stored, its answer lost).
        assert!(
            stored.len() == acked.moves.len() || stored.len() == acked.moves.len() + 1,
            "game {n}: {} stored, {} acknowledged",
            stored.len(),
            acked.moves.len()
        );
        assert_eq!(stored[..acked.moves.len()], acked.moves[..], "game {n}");
        let mut position = start_of(*kind);
        for mv in &stored {
            position.play_text(mv).unwrap();
        }
        if position.outcome().is_some() {
            finished_by_rules += 1;
            continue;
        }
        // The game goes on: both sit down again, play a few moves, and one resigns.
        for c in [&mut a, &mut b] {
            c.request(Request::Rejoin {
                key: None,
                game: *game,
                since: None,
            })
            .await
            .unwrap();
            let snap = c.snapshot(*game).await;
            assert_eq!(snap.moves, stored);
            assert_eq!(snap.summary.status, GameStatus::Live);
        }
        let mut seed = n as u64 + 99;
        let mut played = stored.clone();
        for _ in 0..4 {
            if position.outcome().is_some() {
                break;
            }
            let mv = pick_move(&position, &mut seed);
            [&mut a, &mut b][mover(&position, 0)]
                .play(*game, &mv)
                .await
                .unwrap();
            played.push(position.play_text(&mv).unwrap());
        }
        if position.outcome().is_none() {
            a.act(*game, Action::Resign).await.unwrap();
        }
        b.events_until(*game, |e| matches!(e, GameEvent::Ended { .. }))
            .await;
        let Reply::Record { moves, summary, .. } = b
            .request(Request::GetRecord {
                game: *game,
                key: None,
            })
            .await
            .unwrap()
        else {
            panic!("no record")
        };
        assert_eq!(moves, played, "game {n}");
        assert_eq!(summary.status, GameStatus::Finished);
    }
    assert!(
        finished_by_rules < GAMES,
        "some games were live at the kill"
    );
}

/// A masked client frame (RFC 6455) carrying `payload` with this opcode.
fn masked_frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mask = [0x37u8, 0xfa, 0x21, 0x3d];
    let mut out = vec![0x80 | opcode];
    match payload.len() {
        n if n < 126 => out.push(0x80 | n as u8),
        n if n <= 0xFFFF => {
            out.push(0x80 | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(0x80 | 127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    out.extend_from_slice(&mask);
    out.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    out
}

const UPGRADE: &str = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n\
    Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
    Sec-WebSocket-Version: 13\r\n\r\n";

/// Opens a raw websocket by hand (so that it can stop anywhere) and reads the 101 answer.
async fn raw_upgrade(addr: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(UPGRADE.as_bytes()).await.unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 512];
    while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = s.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed during the upgrade");
        seen.extend_from_slice(&buf[..n]);
    }
    assert!(seen.starts_with(b"HTTP/1.1 101"), "{seen:?}");
    s
}

/// Connects and goes away at one of several points in the middle of a frame.
async fn vanish(addr: SocketAddr, how: usize) {
    let hello = encode_binary(&ClientMessage {
        id: 1,
        request: Request::Hello {
            version: PROTOCOL_VERSION,
            name: "ghost".into(),
            token: None,
            turns: false,
        },
    })
    .unwrap();
    let ping = encode_binary(&ClientMessage {
        id: 2,
        request: Request::Ping {
            data: "x".repeat(3000),
        },
    })
    .unwrap();
    match how % 5 {
        0 => {
            // Half the HTTP upgrade.
            let mut s = TcpStream::connect(addr).await.unwrap();
            s.write_all(&UPGRADE.as_bytes()[..40]).await.unwrap();
        }
        1 => {
            // One byte of a frame header.
            let mut s = raw_upgrade(addr).await;
            s.write_all(&[0x82]).await.unwrap();
        }
        2 => {
            // A header announcing 3 KB, then a tenth of it.
            let mut s = raw_upgrade(addr).await;
            let frame = masked_frame(2, &ping);
            s.write_all(&frame[..frame.len() / 10]).await.unwrap();
        }
        3 => {
            // A whole Hello, then half of the next frame.
            let mut s = raw_upgrade(addr).await;
            s.write_all(&masked_frame(2, &hello)).await.unwrap();
            let frame = masked_frame(2, &ping);
            s.write_all(&frame[..frame.len() / 2]).await.unwrap();
        }
        _ => {
            // Half a Hello.
            let mut s = raw_upgrade(addr).await;
            let frame = masked_frame(2, &hello);
            s.write_all(&frame[..frame.len() - 5]).await.unwrap();
        }
    }
    // Dropping the stream closes the socket.
}

/// Plays one random move in the game and checks that the opponent sees it.
async fn one_move(
    clients: &mut [Client; 2],
    game: GameId,
    position: &mut AnyGame,
    seed: &mut u64,
    plies: &mut u32,
) {
    if position.outcome().is_some() {
        return;
    }
    let mv = pick_move(position, seed);
    let who = mover(position, 0);
    clients[who].play(game, &mv).await.unwrap();
    let canonical = position.play_text(&mv).unwrap();
    // The mover hears of its own moves too: take the opponent's event for this ply.
    *plies += 1;
    let ply = *plies;
    let notation = clients[1 - who]
        .wait_for(|m| match m {
            ServerMessage::Event {
                game: g,
                event: GameEvent::Moved {
                    ply: p, notation, ..
                },
                ..
            } if *g == game && *p == ply => Some(notation.clone()),
            _ => None,
        })
        .await;
    assert_eq!(notation, canonical);
}

#[tokio::test]
async fn clients_that_vanish_mid_frame_free_their_place_and_disturb_no_one() {
    let server = ServerProcess::start_for_games(&[
        "--connections-per-address",
        "6",
        "--handshake-timeout-ms",
        "3000",
    ])
    .await;
    let (a, b, game) = private_game(&server, GameKind::Kalah, 0).await;
    let mut players = [a, b];
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 5;
    let mut plies = 0;
    for how in 0..40 {
        vanish(server.addr, how).await;
        one_move(&mut players, game, &mut position, &mut seed, &mut plies).await;
    }
    // Every vanished connection gave its place back: four fresh players fit beside the two.
    let mut fresh = Vec::new();
    for n in 0..50 {
        if fresh.len() == 4 {
            break;
        }
        let mut c = Client::connect(&server).await;
        let answer = c
            .try_request(Request::Hello {
                version: PROTOCOL_VERSION,
                name: format!("fresh{n}"),
                token: None,
                turns: false,
            })
            .await;
        match answer {
            Some(Ok(_)) => fresh.push(c),
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    assert_eq!(fresh.len(), 4, "places were not freed");
    one_move(&mut players, game, &mut position, &mut seed, &mut plies).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readers_that_never_read_are_dropped_and_the_servers_memory_stays_bounded() {
    const DEAF: usize = 8;
    let server = ServerProcess::start(&[
        "--write-queue",
        "16",
        "--write-timeout-ms",
        "1000",
        "--messages-per-second",
        "100000",
        "--message-burst",
        "100000",
    ])
    .await;
    let pid = server.pid().unwrap();
    let before = rss_mb(pid).unwrap();
    let payload = Arc::new("z".repeat(60_000));
    let mut tasks = Vec::new();
    for n in 0..DEAF {
        let mut c = Client::hello(&server, &format!("deaf{n}")).await;
        let payload = payload.clone();
        tasks.push(tokio::spawn(async move {
            // Ask for far more than the socket buffers hold; never read.
            let mut sent = 0;
            let flood = async {
                for _ in 0..600 {
                    let msg = ClientMessage {
                        id: 1,
                        request: Request::Ping {
                            data: (*payload).clone(),
                        },
                    };
                    let frame = tokio_tungstenite::tungstenite::Message::text(
                        serde_json::to_string(&msg).unwrap(),
                    );
                    if futures_util::SinkExt::send(&mut c.ws, frame).await.is_err() {
                        break;
                    }
                    sent += 1;
                }
            };
            let _ = tokio::time::timeout(Duration::from_secs(30), flood).await;
            (c, sent)
        }));
    }
    // Watch the server's memory while they flood.
    let mut peak = before;
    while tasks.iter().any(|t| !t.is_finished()) {
        if let Some(rss) = rss_mb(pid) {
            peak = peak.max(rss);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut asked = 0;
    for t in tasks {
        let (mut c, sent) = t.await.unwrap();
        asked += sent;
        // Each was dropped: reading now ends in a close, well short of every answer.
        let mut pongs = 0;
        loop {
            match tokio::time::timeout(
                Duration::from_secs(20),
                futures_util::StreamExt::next(&mut c.ws),
            )
            .await
            {
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(_)))) => pongs += 1,
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(_))) | Ok(None) => break,
                Err(_) => panic!("a reader that never read was not dropped"),
            }
        }
        assert!(pongs < sent, "{pongs} answers of {sent}");
    }
    // 8 queues of 16 answers of 60 KB are 7.5 MiB; allow for buffers and the allocator.
    let grown = peak - before;
    assert!(
        grown < 96.0,
        "the server grew by {grown:.1} MiB (from {before:.1}) for {DEAF} readers that asked {asked} \
         answers of 60 KB"
    );
    let mut other = Client::hello(&server, "other").await;
    other
        .request(Request::Ping { data: "hi".into() })
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_connections_from_one_address_is_refused_cleanly_while_a_game_goes_on() {
    const FLOOD: usize = 300;
    const LIMIT: usize = 10;
    let server =
        ServerProcess::start_for_games(&["--connections-per-address", &LIMIT.to_string()]).await;
    let (a, b, game) = private_game(&server, GameKind::Jungle, 0).await;
    let url = server.url();
    // (admitted, refused with too_many_connections, anything else)
    let outcome = Arc::new(Mutex::new((0usize, 0usize, Vec::<String>::new())));
    let flood = {
        let outcome = outcome.clone();
        tokio::spawn(async move {
            let mut held = Vec::new();
            for wave in 0..FLOOD / 50 {
                let mut attempts = Vec::new();
                for n in 0..50 {
                    let url = url.clone();
                    attempts.push(tokio::spawn(async move {
                        let (ws, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| e.to_string())?;
                        let mut c = Client::from_ws(ws);
                        match c
                            .try_request(Request::Hello {
                                version: PROTOCOL_VERSION,
                                name: format!("flood{wave}-{n}"),
                                token: None,
                                turns: false,
                            })
                            .await
                        {
                            Some(Ok(_)) => Ok(Some(c)),
                            _ => {
                                // Refused: the error comes first, then the close.
                                let seen = c.until_closed().await;
                                let refused = seen.iter().any(|m| matches!(m, ServerMessage::Error { error, .. } if error.code == ErrorCode::TooManyConnections));
                                if refused { Ok(None) } else { Err(format!("{seen:?}")) }
                            }
                        }
                    }));
                }
                for t in attempts {
                    let result = t.await.unwrap();
                    let mut o = outcome.lock().unwrap();
                    match result {
                        Ok(Some(c)) => {
                            o.0 += 1;
                            held.push(c);
                        }
                        Ok(None) => o.1 += 1,
                        Err(e) => o.2.push(e),
                    }
                }
            }
            held
        })
    };
    // Meanwhile the game goes on, every move seen by the opponent.
    let mut players = [a, b];
    let mut position = start_of(GameKind::Jungle);
    let mut seed = 17;
    let mut plies = 0;
    while !flood.is_finished() {
        one_move(&mut players, game, &mut position, &mut seed, &mut plies).await;
    }
    let held = flood.await.unwrap();
    let (admitted, refused, other) = std::mem::take(&mut *outcome.lock().unwrap());
    assert!(other.is_empty(), "not refused cleanly: {other:?}");
    assert_eq!(admitted + refused, FLOOD);
    assert!(
        admitted <= LIMIT - 2,
        "{admitted} admitted beside the two players"
    );
    assert!(refused >= FLOOD - LIMIT, "{refused} refused");
    drop(held);
    one_move(&mut players, game, &mut position, &mut seed, &mut plies).await;
}

/// A tiny tmpfs mounted on a temporary directory, unmounted on drop. Mounting needs root (as
/// the CI and the developers' machines have); `None` elsewhere.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(kib: u64) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().ok()?;
        let status = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        status.success().then_some(SmallDisk { dir })
    }

    /// Changes the size (it cannot go below what is used).
    fn resize(&self, kib: u64) {
        let status = std::process::Command::new("mount")
            .args(["-o", &format!("remount,size={kib}k")])
            .arg(self.dir.path())
            .status()
            .unwrap();
        assert!(status.success(), "resize to {kib} KiB");
    }

    /// KiB used by the files in it.
    fn used_kib(&self) -> u64 {
        std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len().div_ceil(4096) * 4)
            .sum()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

#[tokio::test]
async fn a_full_disk_refuses_the_move_with_a_clear_error_broadcasts_nothing_and_loses_nothing() {
    let Some(disk) = SmallDisk::mount(4096) else {
        eprintln!("SKIPPED: cannot mount a tmpfs here (needs root)");
        return;
    };
    let args = [
        "--messages-per-second",
        "100000",
        "--message-burst",
        "100000",
    ];
    let binary = chaupal_tests::server_binary();
    let server = ServerProcess::start_binary(&binary, disk.dir.path(), &args).await;
    let (a, b, game) = private_game(&server, GameKind::BaghChal, 0).await;
    let mut players = [a, b];
    // Leave a little room: the write-ahead log fills it within some moves.
    disk.resize(disk.used_kib() + 160);
    let mut position = start_of(GameKind::BaghChal);
    let mut seed = 3;
    let mut acked = Vec::new();
    let refused = loop {
        assert!(acked.len() < 2000, "the disk never filled");
        if position.outcome().is_some() {
            panic!("the game ended before the disk filled");
        }
        let mv = pick_move(&position, &mut seed);
        let who = mover(&position, 0);
        match players[who].play(game, &mv).await {
            Ok(_) => acked.push(position.play_text(&mv).unwrap()),
            Err(e) => break (who, mv, e),
        }
    };
    let (who, mv, error) = refused;
    assert_eq!(error.code, ErrorCode::Storage, "{error:?}");
    assert!(!error.reason.is_empty());
    // The opponent heard nothing of the refused move.
    let other = &mut players[1 - who];
    other
        .request(Request::Ping { data: "p".into() })
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    other
        .request(Request::Ping { data: "q".into() })
        .await
        .unwrap();
    let ply = acked.len() as u32 + 1;
    assert!(
        !other.inbox.iter().any(|m| matches!(m, ServerMessage::Event { event: GameEvent::Moved { ply: p, .. }, .. } if *p == ply)),
        "the refused move was broadcast"
    );
    // With room again, the same move is accepted.
    disk.resize(64 * 1024);
    players[who].play(game, &mv).await.unwrap();
    acked.push(position.play_text(&mv).unwrap());
    // Nothing was damaged: after a kill and a restart the records hold exactly the acknowledged
    // moves.
    let tokens = [
        players[0].token.clone().unwrap(),
        players[1].token.clone().unwrap(),
    ];
    drop(players);
    let server = server.restart().await;
    let mut a = Client::hello_as(&server, "a0", Some(&tokens[0])).await;
    a.request(Request::Rejoin {
        game,
        since: None,
        key: None,
    })
    .await
    .unwrap();
    let snap = a.snapshot(game).await;
    assert_eq!(snap.moves, acked);
    assert_eq!(snap.summary.status, GameStatus::Live);
}
