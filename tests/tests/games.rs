//! Whole games through the real server: two players in each game, against an AI seat, AI
//! against AI, spectators, reconnection, records, ratings, and a kill -9 in the middle.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_shared::protocol::{
    Action, ClockSpec, Engine, ErrorCode, GameEvent, GameId, GameSetup, GameStatus, LobbyEvent,
    Opponent, Reply, Request, ResultReason, ServerMessage, SideChoice,
};
use chaupal_shared::record::Record;
use chaupal_shared::{AnyGame, GameKind, Side};
use chaupal_tests::{Client, ServerProcess, mover, pick_move, start_of};

/// Plies after which a random game that has not ended is resigned (no rule set should need
/// this many, but a test must end).
const PLY_CAP: usize = 3000;

fn setup(kind: GameKind, opponent: Opponent) -> GameSetup {
    GameSetup {
        game: kind,
        rules: vec![],
        clock: None,
        side: SideChoice::First,
        opponent,
        rated: false,
    }
}

async fn create(c: &mut Client, setup: GameSetup) -> (Option<GameId>, Option<u64>, Option<String>) {
    match c.request(Request::CreateGame(setup)).await.unwrap() {
        Reply::Created {
            game,
            seek,
            invite_code,
        } => (game, seek.map(|s| s.0), invite_code),
        other => panic!("expected created, got {other:?}"),
    }
}

/// Alice seeks (first side), Bob accepts; both have the snapshot.
async fn open_game(server: &ServerProcess, kind: GameKind) -> (Client, Client, GameId) {
    let mut alice = Client::hello(server, "alice").await;
    let mut bob = Client::hello(server, "bob").await;
    let (_, seek, _) = create(&mut alice, setup(kind, Opponent::Open)).await;
    let seek = chaupal_shared::protocol::SeekId(seek.unwrap());
    let reply = bob.request(Request::AcceptSeek { seek }).await.unwrap();
    let Reply::Created {
        game: Some(game), ..
    } = reply
    else {
        panic!("{reply:?}")
    };
    let a = alice.snapshot(game).await;
    let b = bob.snapshot(game).await;
    assert_eq!(a.your_seats, [Side::First]);
    assert_eq!(b.your_seats, [Side::Second]);
    assert_eq!(a.version, 0);
    (alice, bob, game)
}

/// Plays random legal moves until the game ends; both clients must see every move.
/// Returns the moves and the result event.
async fn play_out(
    clients: &mut [&mut Client; 2],
    game: GameId,
    mut position: AnyGame,
    seed: u64,
) -> (Vec<String>, GameEvent) {
    play_on(clients, game, &mut position, seed, 0).await
}

/// Like [`play_out`], from a position `played` moves into the game.
async fn play_on(
    clients: &mut [&mut Client; 2],
    game: GameId,
    position: &mut AnyGame,
    seed: u64,
    played: usize,
) -> (Vec<String>, GameEvent) {
    let mut seed = seed;
    let mut moves = Vec::new();
    let mut last_version = [0u64; 2];
    loop {
        if moves.len() >= PLY_CAP {
            let who = mover(position, 0);
            clients[who].act(game, Action::Resign).await.unwrap();
        } else {
            let mv = pick_move(position, &mut seed);
            let who = mover(position, 0);
            clients[who].play(game, &mv).await.unwrap();
            position.play_text(&mv).unwrap();
            moves.push(mv.clone());
        }
        let mut ended = None;
        for (i, c) in clients.iter_mut().enumerate() {
            let (version, event) = c.event(game).await;
            assert!(version > last_version[i], "versions increase");
            last_version[i] = version;
            match &event {
                GameEvent::Moved { notation, ply, .. } => {
                    assert_eq!(notation, moves.last().unwrap());
                    assert_eq!(*ply as usize, played + moves.len());
                }
                GameEvent::Ended { .. } => ended = Some(event.clone()),
                other => panic!("unexpected {other:?}"),
            }
        }
        if position.outcome().is_some() && ended.is_none() {
            for c in clients.iter_mut() {
                let (_, event) = c.event(game).await;
                assert!(matches!(event, GameEvent::Ended { .. }), "{event:?}");
                ended = Some(event);
            }
        }
        if let Some(end) = ended {
            return (moves, end);
        }
    }
}

#[tokio::test]
async fn two_players_play_each_game_to_its_end() {
    let server = ServerProcess::start_for_games(&[]).await;
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        let (mut alice, mut bob, game) = open_game(&server, kind).await;
        let (moves, end) = play_out(
            &mut [&mut alice, &mut bob],
            game,
            start_of(kind),
            17 + i as u64,
        )
        .await;
        let GameEvent::Ended { result, .. } = end else {
            unreachable!()
        };
        if moves.len() < PLY_CAP {
            assert!(
                matches!(result.reason, ResultReason::Rules(_)),
                "{kind}: {result:?}"
            );
        }
        // The record is stored, listed and exports to text that reads back.
        let Reply::Games { games } = alice
            .request(Request::FinishedGames {
                player: None,
                limit: 10,
                before: None,
            })
            .await
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(games[0].game, game);
        assert_eq!(games[0].status, GameStatus::Finished);
        assert_eq!(games[0].plies as usize, moves.len());
        let Reply::Record {
            text,
            moves: stored,
            ..
        } = bob.request(Request::GetRecord { game }).await.unwrap()
        else {
            panic!()
        };
        assert_eq!(stored, moves);
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.kind, kind);
        assert_eq!(record.moves, moves);
        assert_eq!(record.result, result.token());
        let Reply::Imported { game: copy } = alice
            .request(Request::ImportRecord { text: text.clone() })
            .await
            .unwrap()
        else {
            panic!()
        };
        let Reply::Record { moves: again, .. } = alice
            .request(Request::GetRecord { game: copy })
            .await
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(again, moves);
    }
}

#[tokio::test]
async fn a_game_against_an_ai_seat_runs_to_the_end() {
    let server = ServerProcess::start_for_games(&[]).await;
    for kind in [GameKind::Kalah, GameKind::BaghChal] {
        let mut alice = Client::hello(&server, "alice").await;
        let mut s = setup(
            kind,
            Opponent::Ai {
                engine: Engine::Level { level: 2 },
            },
        );
        s.side = SideChoice::Second;
        let (game, _, _) = create(&mut alice, s).await;
        let game = game.unwrap();
        let snap = alice.snapshot(game).await;
        assert_eq!(snap.your_seats, [Side::Second]);
        assert!(snap.summary.seats[0].engine.is_some());
        let mut position = start_of(kind);
        let mut seed = 5;
        let mut plies = 0;
        loop {
            if position.outcome().is_none() && position.side_to_move() == Side::Second {
                if position.legal_moves_text().is_empty() {
                    break;
                }
                let mv = pick_move(&position, &mut seed);
                alice.play(game, &mv).await.unwrap();
            }
            let (_, event) = alice.event(game).await;
            match event {
                GameEvent::Moved { notation, side, .. } => {
                    assert_eq!(side, position.side_to_move());
                    position.play_text(&notation).unwrap();
                    plies += 1;
                }
                GameEvent::Ended { result, .. } => {
                    if plies < PLY_CAP {
                        assert!(
                            matches!(result.reason, ResultReason::Rules(_)),
                            "{result:?}"
                        );
                    }
                    break;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(position.outcome().is_some());
    }
}

#[tokio::test]
async fn anyone_can_watch_an_exhibition_and_a_late_spectator_gets_a_snapshot_then_events() {
    let server = ServerProcess::start_for_games(&["--exhibition-delay-ms", "20"]).await;
    let mut host = Client::hello(&server, "host").await;
    let mut fan = Client::hello(&server, "fan").await;
    let lobby = fan.request(Request::SubscribeLobby).await.unwrap();
    assert!(matches!(lobby, Reply::Lobby { .. }));
    let s = setup(
        GameKind::Kalah,
        Opponent::Exhibition {
            first: Engine::Level { level: 1 },
            second: Engine::Named {
                name: "random".to_owned(),
                depth: None,
                time_ms: Some(50),
            },
        },
    );
    let (game, _, _) = create(&mut host, s).await;
    let game = game.unwrap();
    let started = fan
        .wait_for(|m| match m {
            ServerMessage::Lobby(LobbyEvent::GameStarted(g)) if g.game == game => Some(g.clone()),
            _ => None,
        })
        .await;
    assert_eq!(started.seats[1].name, "random 50ms");
    fan.request(Request::Watch { game }).await.unwrap();
    let snap = fan.snapshot(game).await;
    assert!(snap.your_seats.is_empty());
    let mut position = start_of(GameKind::Kalah);
    for mv in &snap.moves {
        position.play_text(mv).unwrap();
    }
    let mut version = snap.version;
    if snap.summary.status == GameStatus::Live {
        loop {
            let (v, event) = fan.event(game).await;
            assert_eq!(v, version + 1, "events follow the snapshot without a gap");
            version = v;
            match event {
                GameEvent::Moved { notation, .. } => {
                    position.play_text(&notation).unwrap();
                }
                GameEvent::Ended { .. } => break,
                other => panic!("{other:?}"),
            }
        }
    }
    assert!(position.outcome().is_some());
    // The watcher count was shown.
    let watchers = fan
        .wait_for(|m| match m {
            ServerMessage::Presence {
                game: g, watchers, ..
            } if *g == game => Some(*watchers),
            _ => None,
        })
        .await;
    assert!(watchers >= 1);
    fan.wait_for(|m| match m {
        ServerMessage::Lobby(LobbyEvent::GameEnded { game: g, .. }) if *g == game => Some(()),
        _ => None,
    })
    .await;
}

#[tokio::test]
async fn a_spectator_sees_every_move_and_the_players_see_the_watcher_count() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::Kalah).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 3;
    let first = pick_move(&position, &mut seed);
    alice.play(game, &first).await.unwrap();
    position.play_text(&first).unwrap();

    let mut carol = Client::hello(&server, "carol").await;
    carol.request(Request::Watch { game }).await.unwrap();
    let snap = carol.snapshot(game).await;
    assert_eq!(snap.moves, std::slice::from_ref(&first));
    assert_eq!(snap.version, 1);
    assert_eq!(snap.position, position.position_text());
    let watchers = alice
        .wait_for(|m| match m {
            ServerMessage::Presence { watchers, .. } if *watchers == 1 => Some(*watchers),
            _ => None,
        })
        .await;
    assert_eq!(watchers, 1);

    let mut seen = Vec::new();
    for _ in 0..6 {
        if position.outcome().is_some() {
            break;
        }
        let mv = pick_move(&position, &mut seed);
        let who = mover(&position, 0);
        [&mut alice, &mut bob][who].play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        seen.push(mv);
    }
    let mut got = Vec::new();
    while got.len() < seen.len() {
        if let (_, GameEvent::Moved { notation, .. }) = carol.event(game).await {
            got.push(notation);
        }
    }
    assert_eq!(got, seen);
    // A spectator cannot play.
    let err = carol
        .play(game, &pick_move(&position, &mut seed))
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotYourSeat);
}

#[tokio::test]
async fn a_dropped_player_rejoins_and_sees_what_was_missed_then_the_opponent_may_claim() {
    let server = ServerProcess::start_for_games(&["--reconnect-grace-ms", "400"]).await;
    let (mut alice, bob, game) = open_game(&server, GameKind::Kalah).await;
    let token = bob.token.clone().unwrap();
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 11;
    // Alice moves until it is Bob's turn.
    while position.side_to_move() == Side::First {
        let mv = pick_move(&position, &mut seed);
        alice.play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
    }
    let seen_version = position_version(&mut alice, game).await;
    drop(bob);
    let presence = alice
        .wait_for(|m| match m {
            ServerMessage::Presence { seats, .. } if !seats[1].connected => Some(seats[1]),
            _ => None,
        })
        .await;
    assert!(presence.claim_in_ms.is_some());

    // Bob comes back with his token and asks for what he missed.
    let mut bob = Client::hello_as(&server, "bob", Some(&token)).await;
    assert_eq!(bob.player.as_ref().unwrap().name, "bob");
    bob.request(Request::Rejoin {
        game,
        since: Some(0),
    })
    .await
    .unwrap();
    let mut replayed = Vec::new();
    while replayed.len() < seen_version as usize {
        let (v, e) = bob.event(game).await;
        assert_eq!(v as usize, replayed.len() + 1);
        replayed.push(e);
    }
    // Claiming while the opponent is connected is refused.
    let err = alice.act(game, Action::ClaimWin).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAllowed);
    // A snapshot when asked without a version.
    bob.request(Request::Rejoin { game, since: None })
        .await
        .unwrap();
    let snap = bob.snapshot(game).await;
    assert_eq!(snap.your_seats, [Side::Second]);
    assert_eq!(snap.version, seen_version);

    // Bob drops again and stays away past the grace period: Alice claims the win.
    drop(bob);
    alice
        .wait_for(|m| match m {
            ServerMessage::Presence { seats, .. } if seats[1].claim_in_ms == Some(0) => Some(()),
            _ => None,
        })
        .await;
    alice.act(game, Action::ClaimWin).await.unwrap();
    let (_, end) = alice
        .events_until(game, |e| matches!(e, GameEvent::Ended { .. }))
        .await
        .pop()
        .unwrap();
    let GameEvent::Ended { result, .. } = end else {
        unreachable!()
    };
    assert_eq!(result.winner, Some(Side::First));
    assert_eq!(result.reason, ResultReason::Abandoned);
}

/// The version of the last event Alice received for `game` (all of them are read).
async fn position_version(c: &mut Client, game: GameId) -> u64 {
    let snap = {
        c.request(Request::Rejoin { game, since: None })
            .await
            .unwrap();
        c.snapshot(game).await
    };
    snap.version
}

#[tokio::test]
async fn illegal_out_of_turn_and_other_seat_moves_are_refused_and_change_nothing() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::BaghChal).await;
    let mut carol = Client::hello(&server, "carol").await;
    let position = start_of(GameKind::BaghChal);
    let legal = position.legal_moves_text()[0].clone();

    let e = alice.play(game, "zz99").await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalMove);
    let e = alice.play(game, "").await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalMove);
    let e = bob.play(game, &legal).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotYourTurn);
    let e = carol.play(game, &legal).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotYourSeat);
    let e = bob
        .request(Request::Act {
            game,
            seat: Some(Side::First),
            action: Action::Move {
                notation: legal.clone(),
            },
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotYourSeat);
    let e = carol
        .act(GameId(999_999), Action::Resign)
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoSuchGame);
    let e = bob.act(game, Action::AcceptDraw).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NoOffer);

    // Nothing changed: no event, the same snapshot.
    alice
        .request(Request::Rejoin { game, since: None })
        .await
        .unwrap();
    let snap = alice.snapshot(game).await;
    assert_eq!(snap.version, 0);
    assert!(snap.moves.is_empty());
    assert_eq!(snap.position, position.position_text());
    assert!(
        !alice
            .inbox
            .iter()
            .any(|m| matches!(m, ServerMessage::Event { .. }))
    );

    // And the right move by the right seat still works.
    alice.play(game, &legal).await.unwrap();
    let (v, _) = bob.event(game).await;
    assert_eq!(v, 1);
}

#[tokio::test]
async fn offers_takebacks_aborts_and_rematches_follow_the_rules() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::Kalah).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 1;
    // Abort is allowed before both sides moved... but try takeback first.
    let e = alice.act(game, Action::RequestTakeback).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    // Play until both sides have moved.
    let mut movers = Vec::new();
    while !(movers.contains(&Side::First) && movers.contains(&Side::Second)) {
        let side = position.side_to_move();
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][mover(&position, 0)]
            .play(game, &mv)
            .await
            .unwrap();
        position.play_text(&mv).unwrap();
        movers.push(side);
    }
    let e = alice.act(game, Action::Abort).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);

    // Draw: offered, declined, offered again, accepted... first the takeback.
    let who_moved_last = *movers.last().unwrap();
    let (asker, other) = if who_moved_last == Side::First {
        (0, 1)
    } else {
        (1, 0)
    };
    let mut clients = [alice, bob];
    clients[asker]
        .act(game, Action::RequestTakeback)
        .await
        .unwrap();
    clients[other]
        .events_until(game, |e| matches!(e, GameEvent::TakebackRequested { .. }))
        .await;
    clients[other]
        .act(game, Action::AcceptTakeback)
        .await
        .unwrap();
    let (_, e) = clients[asker]
        .events_until(game, |e| matches!(e, GameEvent::TakenBack { .. }))
        .await
        .pop()
        .unwrap();
    let GameEvent::TakenBack { plies, ply, .. } = e else {
        unreachable!()
    };
    assert_eq!(plies, 1);
    assert_eq!(ply as usize, movers.len() - 1);

    clients[0].act(game, Action::OfferDraw).await.unwrap();
    clients[1].act(game, Action::DeclineDraw).await.unwrap();
    clients[1].act(game, Action::OfferDraw).await.unwrap();
    clients[0].act(game, Action::AcceptDraw).await.unwrap();
    let (_, end) = clients[1]
        .events_until(game, |e| matches!(e, GameEvent::Ended { .. }))
        .await
        .pop()
        .unwrap();
    let GameEvent::Ended { result, .. } = end else {
        unreachable!()
    };
    assert_eq!(result.winner, None);
    assert_eq!(result.reason, ResultReason::Agreement);
    let e = clients[0].act(game, Action::Resign).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);

    // Rematch with sides swapped.
    clients[1].act(game, Action::OfferRematch).await.unwrap();
    clients[0].act(game, Action::AcceptRematch).await.unwrap();
    let (_, e) = clients[0]
        .events_until(game, |e| matches!(e, GameEvent::RematchStarted { .. }))
        .await
        .pop()
        .unwrap();
    let GameEvent::RematchStarted { game: next } = e else {
        unreachable!()
    };
    let snap = clients[0].snapshot(next).await;
    assert_eq!(snap.your_seats, [Side::Second], "sides are swapped");
    let snap = clients[1].snapshot(next).await;
    assert_eq!(snap.your_seats, [Side::First]);
    // Nobody moved yet: abort is allowed, and ends without a result.
    clients[0].act(next, Action::Abort).await.unwrap();
    let (_, end) = clients[1]
        .events_until(next, |e| matches!(e, GameEvent::Ended { .. }))
        .await
        .pop()
        .unwrap();
    assert!(matches!(
        end,
        GameEvent::Ended { result, .. } if result.reason == ResultReason::Aborted
    ));
}

#[tokio::test]
async fn private_games_local_games_and_the_lobby() {
    let server = ServerProcess::start_for_games(&["--max-open-games", "2"]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut bob = Client::hello(&server, "bob").await;
    let mut watcher = Client::hello(&server, "watcher").await;
    watcher.request(Request::SubscribeLobby).await.unwrap();

    // A private game is not listed, and is joined by its code.
    let (_, seek, code) = create(&mut alice, setup(GameKind::Kalah, Opponent::Private)).await;
    assert!(seek.is_some());
    let code = code.unwrap();
    let Reply::Seeks { seeks } = bob.request(Request::ListSeeks).await.unwrap() else {
        panic!()
    };
    assert!(seeks.is_empty());
    let e = bob
        .request(Request::JoinByCode {
            code: "NOPE-NOPE".to_owned(),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadInviteCode);
    let Reply::Created {
        game: Some(game), ..
    } = bob
        .request(Request::JoinByCode {
            code: code.to_lowercase(),
        })
        .await
        .unwrap()
    else {
        panic!()
    };
    bob.snapshot(game).await;
    alice.snapshot(game).await;

    // An open seek is announced, listed, and cancelled.
    let (_, seek, _) = create(&mut alice, setup(GameKind::Jungle, Opponent::Open)).await;
    let seek = chaupal_shared::protocol::SeekId(seek.unwrap());
    watcher
        .wait_for(|m| match m {
            ServerMessage::Lobby(LobbyEvent::SeekAdded(s)) if s.seek == seek => Some(()),
            _ => None,
        })
        .await;
    // Alice now has a live game and a seek: her limit of two is reached.
    let e = alice
        .request(Request::CreateGame(setup(GameKind::Kalah, Opponent::Local)))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::TooManyGames);
    let e = bob.request(Request::CancelSeek { seek }).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotYourSeat);
    alice.request(Request::CancelSeek { seek }).await.unwrap();
    watcher
        .wait_for(|m| match m {
            ServerMessage::Lobby(LobbyEvent::SeekRemoved { seek: s }) if *s == seek => Some(()),
            _ => None,
        })
        .await;
    let e = bob.request(Request::AcceptSeek { seek }).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NoSuchSeek);

    // A local game: one player holds both seats and moves for whichever side is to move.
    let (local, _, _) = create(&mut alice, setup(GameKind::Kalah, Opponent::Local)).await;
    let local = local.unwrap();
    let snap = alice.snapshot(local).await;
    assert_eq!(snap.your_seats, [Side::First, Side::Second]);
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 9;
    for _ in 0..6 {
        let mv = pick_move(&position, &mut seed);
        alice.play(local, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
    }
    let Reply::Games { games } = watcher.request(Request::ListGames).await.unwrap() else {
        panic!()
    };
    let listed = games.iter().find(|g| g.game == local).unwrap();
    assert_eq!(listed.plies, 6);
    let e = alice.act(local, Action::OfferDraw).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    alice.act(local, Action::Resign).await.unwrap();

    // Bad set-ups are refused with their reason.
    let mut bad = setup(GameKind::Kalah, Opponent::Local);
    bad.rated = true;
    let e = bob.request(Request::CreateGame(bad)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSetup);
    let mut bad = setup(GameKind::Kalah, Opponent::Open);
    bad.rules = vec![chaupal_shared::protocol::RulePair::new("nonsense", "1")];
    let e = bob.request(Request::CreateGame(bad)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::BadRules);
    let mut bad = setup(GameKind::Kalah, Opponent::Open);
    bad.clock = Some(ClockSpec {
        initial_ms: 0,
        increment_ms: 0,
    });
    let e = bob.request(Request::CreateGame(bad)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSetup);
    let e = bob
        .request(Request::CreateGame(setup(
            GameKind::Kalah,
            Opponent::Ai {
                engine: Engine::Level { level: 9 },
            },
        )))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSetup);
}

#[tokio::test]
async fn a_flag_falls_and_loses() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut bob = Client::hello(&server, "bob").await;
    let mut s = setup(GameKind::BaghChal, Opponent::Open);
    s.clock = Some(ClockSpec {
        initial_ms: 600,
        increment_ms: 0,
    });
    let (_, seek, _) = create(&mut alice, s).await;
    let seek = chaupal_shared::protocol::SeekId(seek.unwrap());
    let Reply::Created {
        game: Some(game), ..
    } = bob.request(Request::AcceptSeek { seek }).await.unwrap()
    else {
        panic!()
    };
    let snap = alice.snapshot(game).await;
    assert_eq!(
        snap.clocks.unwrap().running,
        None,
        "no clock before the first move"
    );
    let position = start_of(GameKind::BaghChal);
    alice
        .play(game, &position.legal_moves_text()[0])
        .await
        .unwrap();
    // Bob does not move: his flag falls.
    let (_, end) = bob
        .events_until(game, |e| matches!(e, GameEvent::Ended { .. }))
        .await
        .pop()
        .unwrap();
    let GameEvent::Ended { result, clocks } = end else {
        unreachable!()
    };
    assert_eq!(result.winner, Some(Side::First));
    assert_eq!(result.reason, ResultReason::Timeout);
    assert_eq!(clocks.unwrap().second_ms, 0);
}

#[tokio::test]
async fn rated_games_change_ratings() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut bob = Client::hello(&server, "bob").await;
    let mut s = setup(GameKind::Kalah, Opponent::Open);
    s.rated = true;
    let (_, seek, _) = create(&mut alice, s).await;
    let seek = chaupal_shared::protocol::SeekId(seek.unwrap());
    let Reply::Created {
        game: Some(game), ..
    } = bob.request(Request::AcceptSeek { seek }).await.unwrap()
    else {
        panic!()
    };
    alice.snapshot(game).await;
    let e = alice.act(game, Action::RequestTakeback).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    let e = alice.request(Request::Hint { game }).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    bob.act(game, Action::Resign).await.unwrap();
    alice
        .events_until(game, |e| matches!(e, GameEvent::Ended { .. }))
        .await;
    let Reply::Ratings { ratings, player } = bob
        .request(Request::Ratings {
            player: Some(alice.id()),
        })
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(player.name, "alice");
    assert_eq!(ratings.len(), 1);
    assert_eq!(ratings[0].kind, GameKind::Kalah);
    assert!(ratings[0].rating > 1500.0);
    let Reply::Ratings { ratings, .. } = bob
        .request(Request::Ratings { player: None })
        .await
        .unwrap()
    else {
        panic!()
    };
    assert!(ratings[0].rating < 1500.0);
    let e = bob
        .request(Request::Ratings {
            player: Some(chaupal_shared::protocol::PlayerId(987_654)),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoSuchPlayer);
}

#[tokio::test]
async fn hints_and_analysis_come_from_the_pool() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let (game, _, _) = create(&mut alice, setup(GameKind::Kalah, Opponent::Local)).await;
    let game = game.unwrap();
    let Reply::Analysis { best_move, .. } = alice.request(Request::Hint { game }).await.unwrap()
    else {
        panic!()
    };
    let position = start_of(GameKind::Kalah);
    assert!(position.legal_moves_text().contains(&best_move.unwrap()));
    let req = chaupal_shared::protocol::AnalysisRequest {
        game: GameKind::BaghChal,
        rules: vec![],
        position: None,
        moves: vec![],
        engine: Engine::Level { level: 1 },
    };
    let Reply::Analysis { best_move, .. } =
        alice.request(Request::Analyse(req.clone())).await.unwrap()
    else {
        panic!()
    };
    assert!(
        start_of(GameKind::BaghChal)
            .legal_moves_text()
            .contains(&best_move.unwrap())
    );
    let mut bad = req;
    bad.moves = vec!["not-a-move".to_owned()];
    let e = alice.request(Request::Analyse(bad)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalMove);
}

#[tokio::test]
async fn killing_the_server_mid_game_loses_no_acknowledged_move() {
    let server = ServerProcess::start_for_games(&["--exhibition-delay-ms", "0"]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::Kalah).await;
    let mut carol = Client::hello(&server, "carol").await;
    let mut ai_setup = setup(
        GameKind::BaghChal,
        Opponent::Ai {
            engine: Engine::Level { level: 1 },
        },
    );
    ai_setup.clock = Some(ClockSpec {
        initial_ms: 600_000,
        increment_ms: 0,
    });
    let (ai_game, _, _) = create(&mut carol, ai_setup).await;
    let ai_game = ai_game.unwrap();
    carol.snapshot(ai_game).await;

    // Some moves in both games, each acknowledged.
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 21;
    for _ in 0..5 {
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][mover(&position, 0)]
            .play(game, &mv)
            .await
            .unwrap();
        position.play_text(&mv).unwrap();
    }
    let mut ai_position = start_of(GameKind::BaghChal);
    let mut ai_moves = 0;
    while ai_moves < 4 {
        if ai_position.side_to_move() == Side::First {
            let mv = pick_move(&ai_position, &mut seed);
            carol.play(ai_game, &mv).await.unwrap();
        }
        if let (_, GameEvent::Moved { notation, .. }) = carol.event(ai_game).await {
            ai_position.play_text(&notation).unwrap();
            ai_moves += 1;
        }
    }
    let tokens = [
        alice.token.clone().unwrap(),
        bob.token.clone().unwrap(),
        carol.token.clone().unwrap(),
    ];
    drop((alice, bob, carol));

    let server = server.restart().await;

    let mut alice = Client::hello_as(&server, "alice", Some(&tokens[0])).await;
    let mut bob = Client::hello_as(&server, "bob", Some(&tokens[1])).await;
    let mut carol = Client::hello_as(&server, "carol", Some(&tokens[2])).await;
    for c in [&mut alice, &mut bob] {
        c.request(Request::Rejoin { game, since: None })
            .await
            .unwrap();
        let snap = c.snapshot(game).await;
        assert_eq!(
            snap.position,
            position.position_text(),
            "every move survived"
        );
        assert_eq!(snap.summary.status, GameStatus::Live);
    }
    carol
        .request(Request::Rejoin {
            game: ai_game,
            since: None,
        })
        .await
        .unwrap();
    let snap = carol.snapshot(ai_game).await;
    let mut replay = start_of(GameKind::BaghChal);
    for mv in &snap.moves {
        replay.play_text(mv).unwrap();
    }
    assert!(snap.moves.len() >= ai_moves);
    assert_eq!(
        &snap.moves[..ai_moves],
        &snapshot_prefix(&ai_position, ai_moves, &snap.moves)
    );
    let clocks = snap.clocks.unwrap();
    assert!(
        clocks.first_ms > 500_000,
        "the down time was not charged: {clocks:?}"
    );

    // Both games go on to their end.
    let (_, end) = play_on(&mut [&mut alice, &mut bob], game, &mut position, 99, 5).await;
    assert!(matches!(end, GameEvent::Ended { .. }));
    let mut ai_position = replay;
    loop {
        if ai_position.outcome().is_some() {
            break;
        }
        if ai_position.side_to_move() == Side::First {
            let mv = pick_move(&ai_position, &mut seed);
            carol.play(ai_game, &mv).await.unwrap();
        }
        match carol.event(ai_game).await.1 {
            GameEvent::Moved { notation, .. } => {
                ai_position.play_text(&notation).unwrap();
            }
            GameEvent::Ended { .. } => break,
            _ => {}
        }
    }
}

/// The moves a position was reached by are not kept in `AnyGame`; the snapshot's own prefix
/// is checked against the position instead.
fn snapshot_prefix(position: &AnyGame, n: usize, moves: &[String]) -> Vec<String> {
    let mut g = start_of(position.kind());
    for mv in &moves[..n] {
        g.play_text(mv).unwrap();
    }
    assert_eq!(g.position_text(), position.position_text());
    moves[..n].to_vec()
}
