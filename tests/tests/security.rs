//! What a hostile client cannot do, through the real server (docs/SECURITY.md cites each test):
//! read another player's token, sit at a seat with a guessed token, or forge a server message.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_rules::{GameKind, Side};
use chaupal_shared::codec::encode_json;
use chaupal_shared::protocol::{
    ErrorCode, GameEvent, GameId, GameSetup, Opponent, Reply, Request, SeekId, ServerMessage,
    SideChoice,
};
use chaupal_tests::{Client, ServerProcess, start_of};
use tokio_tungstenite::tungstenite::Message;

/// Alice seeks (first side), Bob accepts; both have their snapshot.
async fn open_game(server: &ServerProcess) -> (Client, Client, GameId) {
    let mut alice = Client::hello(server, "alice").await;
    let mut bob = Client::hello(server, "bob").await;
    let setup = GameSetup {
        private: false,
        game: GameKind::Kalah,
        rules: vec![],
        clock: None,
        correspondence: None,
        side: SideChoice::First,
        opponent: Opponent::Open,
        rated: false,
        position: None,
    };
    let Ok(Reply::Created {
        seek: Some(seek), ..
    }) = alice.request(Request::CreateGame(setup)).await
    else {
        panic!("no seek")
    };
    let reply = bob.request(Request::AcceptSeek { seek }).await.unwrap();
    let Reply::Created {
        game: Some(game), ..
    } = reply
    else {
        panic!("{reply:?}")
    };
    alice.snapshot(game).await;
    bob.snapshot(game).await;
    (alice, bob, game)
}

/// Every reply and message a client heard, as the JSON it came as.
fn json_of(replies: &[Reply], client: &Client) -> Vec<String> {
    let replies = replies.iter().map(|r| {
        encode_json(&ServerMessage::Reply {
            id: 0,
            reply: r.clone(),
        })
        .unwrap()
    });
    let messages = client.inbox.iter().map(|m| encode_json(m).unwrap());
    replies.chain(messages).collect()
}

#[tokio::test]
async fn a_players_token_reaches_nobody_else() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server).await;
    let alice_token = alice.token.clone().unwrap();
    let bob_token = bob.token.clone().unwrap();
    let mut carol = Client::hello(&server, "carol").await;

    // Carol watches (snapshot), asks for everything public about the game and the players.
    let mut heard = vec![
        carol
            .request(Request::Watch { game, key: None })
            .await
            .unwrap(),
    ];
    let snap = carol.snapshot(game).await;
    assert!(snap.your_seats.is_empty(), "a spectator holds no seat");
    carol
        .inbox
        .push_back(ServerMessage::Snapshot(Box::new(snap)));
    let first = start_of(GameKind::Kalah).legal_moves_text()[0].clone();
    alice.play(game, &first).await.unwrap();
    carol.event(game).await;
    bob.event(game).await;
    for request in [
        Request::ListGames,
        Request::ListSeeks,
        Request::SubscribeLobby,
        Request::GetRecord { game, key: None },
        Request::Ratings {
            player: Some(alice.id()),
        },
        Request::FinishedGames {
            player: Some(alice.id()),
            limit: 10,
            before: None,
        },
        Request::Rejoin {
            game,
            since: None,
            key: None,
        },
    ] {
        heard.push(carol.request(request).await.unwrap());
    }
    carol.snapshot(game).await;
    let bob_heard = json_of(
        &[bob
            .request(Request::GetRecord { game, key: None })
            .await
            .unwrap()],
        &bob,
    );

    let carol_heard = json_of(&heard, &carol);
    assert!(carol_heard.len() >= 9, "{carol_heard:?}");
    for text in &carol_heard {
        assert!(!text.contains(&alice_token), "alice's token in {text}");
        assert!(!text.contains(&bob_token), "bob's token in {text}");
    }
    for text in &bob_heard {
        assert!(!text.contains(&alice_token), "alice's token in {text}");
    }
}

#[tokio::test]
async fn a_seat_needs_its_token_and_a_near_guess_is_refused() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (alice, _bob, game) = open_game(&server).await;
    let token = alice.token.clone().unwrap();

    // The token with its last digit changed is unknown: no seat, no player.
    let last = token.chars().last().unwrap();
    let near = format!(
        "{}{}",
        &token[..token.len() - 1],
        if last == '0' { '1' } else { '0' }
    );
    let mut mallory = Client::connect(&server).await;
    let e = mallory
        .request(Request::Hello {
            version: chaupal_shared::protocol::PROTOCOL_VERSION,
            name: "mallory".to_owned(),
            token: Some(near),
            turns: false,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::UnknownToken);

    // As a new player, Mallory may watch but not act for either seat.
    let mut mallory = Client::hello(&server, "mallory").await;
    for seat in [None, Some(Side::First), Some(Side::Second)] {
        let e = mallory
            .request(Request::Act {
                game,
                seat,
                action: chaupal_shared::protocol::Action::Resign,
            })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NotYourSeat, "{seat:?}");
    }

    // The token itself is the player (a bearer secret): whoever presents it is Alice.
    let again = Client::hello_as(&server, "alice", Some(&token)).await;
    assert_eq!(again.id(), alice.id());
}

#[tokio::test]
async fn a_forged_server_message_is_malformed_and_changes_nothing() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server).await;
    let first = start_of(GameKind::Kalah).legal_moves_text()[0].clone();

    // Bob sends the event Alice's move would make, and a lobby seek removal.
    let forged = [
        ServerMessage::Event {
            game,
            version: 1,
            event: GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: first.clone(),
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        },
        ServerMessage::Lobby(chaupal_shared::protocol::LobbyEvent::SeekRemoved { seek: SeekId(1) }),
    ];
    for msg in &forged {
        bob.send_frame(Message::text(encode_json(msg).unwrap()))
            .await;
        let e = bob.connection_error().await;
        assert_eq!(e.code, ErrorCode::Malformed);
    }

    // Nothing happened: Alice's rejoin finds version 0 and no move; her move is still event 1.
    alice
        .request(Request::Rejoin {
            game,
            since: None,
            key: None,
        })
        .await
        .unwrap();
    let snap = alice.snapshot(game).await;
    assert_eq!(snap.version, 0);
    assert!(snap.moves.is_empty());
    alice.play(game, &first).await.unwrap();
    let (v, _) = bob.event(game).await;
    assert_eq!(v, 1);
}

#[tokio::test]
async fn one_connection_has_one_analysis_at_a_time() {
    use chaupal_shared::protocol::{AnalysisRequest, Engine};
    let server = ServerProcess::start_for_games(&["--analysis-ms", "1500"]).await;
    let mut mallory = Client::hello(&server, "mallory").await;
    let analyse = || {
        Request::Analyse(AnalysisRequest {
            game: GameKind::Jungle,
            rules: vec![],
            position: None,
            moves: vec![],
            engine: Engine::Named {
                name: "mcts".to_owned(),
                depth: None,
                time_ms: Some(1500),
            },
            from_game: None,
        })
    };
    // Two at once: the second is refused while the first searches.
    let first = mallory.send(analyse()).await;
    let e = mallory.request(analyse()).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::AiBusy);
    let reply = mallory.answer(first).await.unwrap();
    assert!(matches!(reply, Reply::Analysis { .. }), "{reply:?}");
    // Once answered, the next one is served.
    let reply = mallory.request(analyse()).await.unwrap();
    assert!(matches!(reply, Reply::Analysis { .. }), "{reply:?}");
    // Another connection has its own.
    let mut other = Client::hello(&server, "other").await;
    let other_id = other.send(analyse()).await;
    assert!(matches!(
        other.answer(other_id).await,
        Ok(Reply::Analysis { .. })
    ));
}
