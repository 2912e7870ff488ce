//! A bot written from docs/PROTOCOL.md alone: plain JSON over a websocket, reading only the
//! documented fields. It says hello with `turns`, and plays whole games by picking each move from
//! the `legal_moves` of the snapshot and of each `moved` event's `turn`: against the AI, and
//! against another such bot. Also the order the manual promises: the snapshot of a game a
//! request starts comes before the request's reply.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::VecDeque;

use chaupal_shared::protocol::PROTOCOL_VERSION;
use chaupal_tests::{PATIENCE, ServerProcess};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A move a game of random moves should never need more of.
const PLY_CAP: usize = 2000;

/// A bot: a websocket, its request ids, and the seats it holds.
struct Bot {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Messages read ahead, to be read again.
    pending: VecDeque<Value>,
}

/// What a bot knows of its game: all of it from the snapshot and the `turn`s.
struct Board {
    game: u64,
    seats: Vec<Value>,
    side_to_move: Value,
    legal_moves: Vec<String>,
}

impl Bot {
    async fn connect(server: &ServerProcess, name: &str) -> Bot {
        let (ws, _) = tokio_tungstenite::connect_async(server.url())
            .await
            .unwrap();
        let mut bot = Bot {
            ws,
            next_id: 0,
            pending: VecDeque::new(),
        };
        let id = bot
            .send(json!({"hello": {"version": PROTOCOL_VERSION, "name": name, "turns": true}}))
            .await;
        let welcome = bot.next().await;
        assert_eq!(welcome["reply"]["id"], id, "{welcome}");
        assert!(
            welcome["reply"]["reply"]["welcome"].is_object(),
            "{welcome}"
        );
        bot
    }

    async fn send(&mut self, request: Value) -> u64 {
        self.next_id += 1;
        let frame = json!({"id": self.next_id, "request": request}).to_string();
        self.ws.send(Message::text(frame)).await.unwrap();
        self.next_id
    }

    /// The next message; an error message fails the test.
    async fn next(&mut self) -> Value {
        if let Some(msg) = self.pending.pop_front() {
            return msg;
        }
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("the connection stays open")
                .unwrap();
            if let Message::Text(text) = frame {
                let msg: Value = serde_json::from_str(text.as_str()).unwrap();
                assert!(msg.get("error").is_none(), "an error: {msg}");
                return msg;
            }
        }
    }

    /// Reads the snapshot of the game the request `id` starts, then the reply `created`: in
    /// this order, as the manual says.
    async fn started(&mut self, id: u64) -> Board {
        let board = loop {
            let msg = self.next().await;
            assert!(
                msg.get("reply").is_none(),
                "a reply before the snapshot: {msg}"
            );
            if let Some(snap) = msg.get("snapshot") {
                break board_of(snap);
            }
        };
        // The game's events (an AI that moves first) may come before the reply: keep them.
        let mut early = Vec::new();
        let reply = loop {
            let msg = self.next().await;
            match msg.get("reply") {
                Some(reply) => break reply.clone(),
                None => early.push(msg),
            }
        };
        for msg in early.into_iter().rev() {
            self.pending.push_front(msg);
        }
        assert_eq!(reply["id"], id, "{reply}");
        let created = &reply["reply"]["created"];
        assert_eq!(created["game"], board.game, "{reply}");
        assert!(
            created["seek"].is_null() && created["invite_code"].is_null(),
            "{reply}"
        );
        board
    }

    /// Plays from `board` until the game ends, choosing moves from the legal ones by `seed`;
    /// returns the number of moves of the game and the `ended` event.
    async fn play(&mut self, mut board: Board, mut seed: u64) -> (usize, Value) {
        let mut plies = 0;
        loop {
            if board.seats.contains(&board.side_to_move) && !board.legal_moves.is_empty() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick =
                    board.legal_moves[(seed >> 33) as usize % board.legal_moves.len()].clone();
                let request = if plies >= PLY_CAP {
                    json!({"act": {"game": board.game, "action": "resign"}})
                } else {
                    json!({"act": {"game": board.game, "action": {"move": {"notation": pick}}}})
                };
                self.send(request).await;
            }
            // Read until the position changes (the error check is in `next`).
            loop {
                let msg = self.next().await;
                let Some(event) = msg.get("event") else {
                    continue;
                };
                if event["game"] != board.game {
                    continue;
                }
                let event = &event["event"];
                if let Some(moved) = event.get("moved") {
                    plies = moved["ply"].as_u64().unwrap() as usize;
                    let turn = &moved["turn"];
                    assert!(turn.is_object(), "a moved event without its turn: {msg}");
                    board.side_to_move = turn["side_to_move"].clone();
                    board.legal_moves = strings(&turn["legal_moves"]);
                    assert!(turn["position"].as_str().is_some_and(|p| !p.is_empty()));
                    break;
                }
                if let Some(ended) = event.get("ended") {
                    return (plies, ended.clone());
                }
            }
        }
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

fn board_of(snap: &Value) -> Board {
    assert!(
        snap["position"].as_str().is_some_and(|p| !p.is_empty()),
        "{snap}"
    );
    Board {
        game: snap["summary"]["game"].as_u64().unwrap(),
        seats: snap["your_seats"].as_array().unwrap().clone(),
        side_to_move: snap["side_to_move"].clone(),
        legal_moves: strings(&snap["legal_moves"]),
    }
}

#[tokio::test]
async fn a_bot_plays_a_whole_game_against_the_ai_from_the_turns_alone() {
    let server = ServerProcess::start_for_games(&["--ai-move-ms", "50"]).await;
    for (game, seed) in [("kalah", 3), ("baghchal", 5)] {
        let mut bot = Bot::connect(&server, "kalah-bot").await;
        // No `rules`: they may be left out.
        let id = bot
            .send(
                json!({"create_game": {"game": game, "clock": null, "side": "second",
                "opponent": {"ai": {"engine": {"level": {"level": 1}}}}, "rated": false}}),
            )
            .await;
        let board = bot.started(id).await;
        // A side is written `First` or `Second` (a choice of side is lower case).
        assert_eq!(board.seats, [json!("Second")]);
        let game_id = board.game;
        let (plies, ended) = bot.play(board, seed).await;
        assert!(plies > 2, "{game}: {plies} plies");
        assert!(ended["result"].is_object(), "{ended}");
        // The state at any time: rejoin with since null gives the snapshot, then ok.
        let id = bot
            .send(json!({"rejoin": {"game": game_id, "since": null}}))
            .await;
        let snap = loop {
            let msg = bot.next().await;
            // (The reply to the last move may still be on its way.)
            assert_ne!(msg["reply"]["id"], id, "ok before the snapshot: {msg}");
            if let Some(snap) = msg.get("snapshot") {
                break snap.clone();
            }
        };
        assert_eq!(snap["summary"]["status"], "finished", "{snap}");
        assert_eq!(snap["summary"]["plies"], plies as u64, "{snap}");
        assert_eq!(snap["legal_moves"], json!([]), "{snap}");
        let ok = loop {
            if let Some(reply) = bot.next().await.get("reply")
                && reply["id"] == id
            {
                break reply.clone();
            }
        };
        assert_eq!(ok, json!({"id": id, "reply": "ok"}));
    }
}

#[tokio::test]
async fn two_bots_play_a_whole_game_from_the_turns_alone() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut seeker = Bot::connect(&server, "seeker").await;
    let mut taker = Bot::connect(&server, "taker").await;
    seeker
        .send(json!({"create_game": {"game": "kalah", "side": "first",
            "opponent": "open", "rated": false}}))
        .await;
    let created = seeker.next().await;
    let seek = created["reply"]["reply"]["created"]["seek"].clone();
    assert!(seek.is_u64(), "{created}");
    let id = taker.send(json!({"accept_seek": {"seek": seek}})).await;
    let taken = taker.started(id).await;
    let seeking = loop {
        if let Some(snap) = seeker.next().await.get("snapshot") {
            break board_of(snap);
        }
    };
    assert_eq!(seeking.game, taken.game);
    assert_eq!(seeking.seats, [json!("First")]);
    assert_eq!(taken.seats, [json!("Second")]);
    let (a, b) = tokio::join!(seeker.play(seeking, 1), taker.play(taken, 2));
    assert_eq!(a.0, b.0, "both saw every move");
    assert_eq!(a.1, b.1, "both saw the same end");
    assert!(a.0 > 2, "{a:?}");
}
