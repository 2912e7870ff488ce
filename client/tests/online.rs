//! The client's networking end to end against a scripted stand-in for the server on 127.0.0.1:
//! greeting with a remembered token, a game created and shown from its snapshot, a move sent
//! and played from the server's event, then a dropped connection that the client repairs by
//! itself, greeting with the saved token and rejoining its game where it left off.
#![allow(clippy::unwrap_used)]

use std::net::{TcpListener, TcpStream};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chaupal_client::app::{Action, App, Screen};
use chaupal_client::app::{GameAction, LobbyAction, ScreenAction};
use chaupal_client::config::Config;
use chaupal_client::net::online::Online;
use chaupal_client::platform::Store;
use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    ClientMessage, GameEvent, GameId, GameSnapshot, GameStatus, GameSummary, LimitsInfo, PlayerId,
    PlayerInfo, Reply, Request, SeatInfo, SeatPresence, ServerMessage, Welcome,
};
use tungstenite::{Message, WebSocket};

fn send(ws: &mut WebSocket<TcpStream>, msg: &ServerMessage) {
    ws.send(Message::text(serde_json::to_string(msg).unwrap()))
        .unwrap();
}

fn recv(ws: &mut WebSocket<TcpStream>) -> ClientMessage {
    loop {
        match ws.read().unwrap() {
            Message::Text(t) => return serde_json::from_str(&t).unwrap(),
            _ => continue,
        }
    }
}

fn welcome(id: u64, live: Vec<GameId>) -> ServerMessage {
    ServerMessage::Reply {
        id,
        reply: Reply::Welcome(Welcome {
            version: 1,
            player: PlayerInfo {
                id: PlayerId(1),
                name: "asha".into(),
            },
            token: "secret-token".into(),
            live_games: live,
            limits: LimitsInfo {
                max_lasting_seeks_per_address: 20,
                max_message_bytes: 65536,
                messages_per_second: 20,
                message_burst: 40,
                ping_interval_ms: 15000,
                idle_timeout_ms: 45000,
                reconnect_grace_ms: 60000,
                max_open_games: 8,
                max_correspondence_games: 50,
            },
            push_key: None,
            muted: false,
        }),
    }
}

fn seat(name: &str) -> SeatInfo {
    SeatInfo {
        name: name.into(),
        player: None,
        engine: None,
        rating: None,
    }
}

fn snapshot() -> ServerMessage {
    let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).unwrap();
    ServerMessage::Snapshot(Box::new(GameSnapshot {
        watch_key: None,
        summary: GameSummary {
            private: false,
            game: GameId(42),
            kind: GameKind::BaghChal,
            rules: Vec::new(),
            clock: None,
            correspondence: None,
            deadline_ms: None,
            rated: false,
            seats: [seat("asha"), seat("asha")],
            status: GameStatus::Live,
            result: None,
            plies: 0,
            watchers: 0,
            started_at_ms: 0,
        },
        version: 0,
        start_position: None,
        moves: Vec::new(),
        position: game.position_text(),
        side_to_move: Side::First,
        legal_moves: game.legal_moves_text(),
        clocks: None,
        deadline_ms: None,
        draw_offer: None,
        takeback_request: None,
        rematch_offer: None,
        presence: [SeatPresence {
            connected: true,
            claim_in_ms: None,
        }; 2],
        your_seats: vec![Side::First, Side::Second],
    }))
}

/// The stand-in server: plays its script and reports what the client sent.
fn server(listener: TcpListener, seen: mpsc::Sender<Request>) {
    std::thread::spawn(move || {
        // First connection: greet, create a local game, play one move, then drop.
        let (stream, _) = listener.accept().unwrap();
        let mut ws = tungstenite::accept(stream).unwrap();
        let hello = recv(&mut ws);
        seen.send(hello.request.clone()).unwrap();
        send(&mut ws, &welcome(hello.id, Vec::new()));
        loop {
            let msg = recv(&mut ws);
            seen.send(msg.request.clone()).unwrap();
            match msg.request {
                Request::SubscribeLobby => send(
                    &mut ws,
                    &ServerMessage::Reply {
                        id: msg.id,
                        reply: Reply::Lobby {
                            more_seeks: 0,
                            more_games: 0,
                            seeks: Vec::new(),
                            games: Vec::new(),
                        },
                    },
                ),
                Request::CreateGame(_) => {
                    send(
                        &mut ws,
                        &ServerMessage::Reply {
                            id: msg.id,
                            reply: Reply::Created {
                                game: Some(GameId(42)),
                                seek: None,
                                invite_code: None,
                            },
                        },
                    );
                    send(&mut ws, &snapshot());
                }
                Request::Rejoin { .. } => send(&mut ws, &snapshot()),
                Request::Act { game, .. } => {
                    send(
                        &mut ws,
                        &ServerMessage::Event {
                            game,
                            version: 1,
                            event: GameEvent::Moved {
                                ply: 1,
                                side: Side::First,
                                notation: "c3".into(),
                                clocks: None,
                                turn: None,
                                deadline_ms: None,
                            },
                        },
                    );
                    send(
                        &mut ws,
                        &ServerMessage::Reply {
                            id: msg.id,
                            reply: Reply::Ok,
                        },
                    );
                    break;
                }
                _ => {}
            }
        }
        drop(ws);
        // Second connection: the client comes back by itself with its token.
        let (stream, _) = listener.accept().unwrap();
        let mut ws = tungstenite::accept(stream).unwrap();
        let hello = recv(&mut ws);
        seen.send(hello.request.clone()).unwrap();
        send(&mut ws, &welcome(hello.id, vec![GameId(42)]));
        // Lobby, finished games, rejoin.
        for _ in 0..3 {
            let msg = recv(&mut ws);
            seen.send(msg.request.clone()).unwrap();
        }
        std::thread::sleep(Duration::from_secs(2));
    });
}

/// Runs the client's frame glue until `done` holds (or fails after a while).
fn pump_until(online: &mut Online, app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let until = Instant::now() + Duration::from_secs(15);
    while !done(app) {
        assert!(Instant::now() < until, "timed out waiting for: {what}");
        online.pump(app);
        app.tick(0.02);
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn plays_online_and_comes_back_after_a_drop() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let (seen_tx, seen) = mpsc::channel();
    server(listener, seen_tx);
    let config_path = std::env::temp_dir()
        .join(format!("chaupal-online-test-{}", std::process::id()))
        .join("client.json");
    let mut app = App::new(false);
    let mut online = Online::start(
        &url,
        "asha".into(),
        Config::default(),
        Store::file(config_path.clone()),
    );

    pump_until(&mut online, &mut app, "the greeting", |a| {
        a.connection().online()
    });
    assert!(matches!(
        seen.recv_timeout(Duration::from_secs(5)).unwrap(),
        Request::Hello { token: None, .. }
    ));
    assert_eq!(app.screen(), Screen::Lobby);
    // The token was saved for next time.
    let saved = Config::load(&config_path).unwrap();
    assert_eq!(saved.token(&url), Some("secret-token"));

    // Two players on this computer, online: the server keeps the game.
    for out in app.handle(Action::Lobby(LobbyAction::Start)) {
        online.wish(out, &mut app);
    }
    pump_until(&mut online, &mut app, "the game's snapshot", |a| {
        a.screen() == Screen::Game && a.current().is_some()
    });
    for out in app.handle(Action::Game(GameAction::Cell("c3".into()))) {
        online.wish(out, &mut app);
    }
    assert!(app.current().unwrap().pending.is_some());
    pump_until(&mut online, &mut app, "the move's event", |a| {
        a.current().is_some_and(|m| m.moves.len() == 1)
    });

    // The server drops the connection: the client says so and comes back by itself.
    pump_until(&mut online, &mut app, "the drop", |a| {
        !a.connection().online()
    });
    for out in app.handle(Action::Screen(ScreenAction::RetryNow)) {
        online.wish(out, &mut app);
    }
    pump_until(&mut online, &mut app, "the reconnection", |a| {
        a.connection().online()
    });
    let requests: Vec<Request> = seen.try_iter().collect();
    let hello_again = requests
        .iter()
        .rfind(|r| matches!(r, Request::Hello { .. }))
        .unwrap();
    assert!(
        matches!(hello_again, Request::Hello { token: Some(t), .. } if t == "secret-token"),
        "{hello_again:?}"
    );
    let is_rejoin = |r: &Request| {
        matches!(
            r,
            Request::Rejoin {
                game: GameId(42),
                since: Some(1),
                key: None,
            }
        )
    };
    let until = Instant::now() + Duration::from_secs(5);
    let mut rejoined = requests.iter().any(is_rejoin);
    while !rejoined && Instant::now() < until {
        online.pump(&mut app);
        if let Ok(r) = seen.recv_timeout(Duration::from_millis(50)) {
            rejoined = is_rejoin(&r);
        }
    }
    assert!(rejoined, "rejoins its game from the last event seen");
    let _ = std::fs::remove_dir_all(config_path.parent().unwrap());
}
