//! Whole games through the real server: two players in each game, against an AI seat, AI
//! against AI, spectators, reconnection, records, ratings, and a kill -9 in the middle.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_rules::record::Record;
use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Action, ClockSpec, Engine, ErrorCode, GameEvent, GameId, GameStatus, LobbyEvent, OfferKind,
    Opponent, Reply, Request, ResultReason, ServerMessage, SideChoice,
};
use chaupal_tests::play::{
    PLY_CAP, create, ended, join, listed_first, moved_clocks, open_game, own_ratings, play_on,
    play_out, record, seek_and_accept, setup, timed,
};
use chaupal_tests::{Client, ServerProcess, mover, pick_move, start_of};

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
        listed_first(&mut alice, game, moves.len()).await;
        let (text, stored) = record(&mut bob, game).await;
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
            .request(Request::GetRecord {
                game: copy,
                key: None,
            })
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
        let game = create(&mut alice, s).await.game.unwrap();
        let snap = alice.snapshot(game).await;
        assert_eq!(snap.your_seats, [Side::Second]);
        assert!(snap.summary.seats[0].engine.is_some());
        assert!(
            snap.summary.seats[0].rating.is_some(),
            "AI levels carry a rating"
        );
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
    let game = create(&mut host, s).await.game.unwrap();
    let started = fan
        .wait_for(|m| match m {
            ServerMessage::Lobby(LobbyEvent::GameStarted(g)) if g.game == game => {
                Some((**g).clone())
            }
            _ => None,
        })
        .await;
    assert_eq!(started.seats[1].name, "random 50ms");
    fan.request(Request::Watch { game, key: None })
        .await
        .unwrap();
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
    carol
        .request(Request::Watch { game, key: None })
        .await
        .unwrap();
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
    let seen_version = alice.rejoin(game).await.version;
    drop(bob);
    let presence = alice
        .wait_for(|m| match m {
            ServerMessage::Presence { seats, .. } if !seats[1].connected => Some(seats[1]),
            _ => None,
        })
        .await;
    assert!(presence.claim_in_ms.is_some());
    // The grace period runs out: Alice may claim, but chooses to keep waiting; the game stays
    // live for as long as she does.
    alice
        .wait_for(|m| match m {
            ServerMessage::Presence { seats, .. } if seats[1].claim_in_ms == Some(0) => Some(()),
            _ => None,
        })
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let snap = alice.rejoin(game).await;
    assert_eq!(
        snap.summary.status,
        GameStatus::Live,
        "nothing happens by itself"
    );
    assert_eq!(snap.version, seen_version);

    // Bob comes back with his token and asks for what he missed.
    let mut bob = Client::hello_as(&server, "bob", Some(&token)).await;
    assert_eq!(bob.player.as_ref().unwrap().name, "bob");
    bob.request(Request::Rejoin {
        key: None,
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
    let snap = bob.rejoin(game).await;
    assert_eq!(snap.your_seats, [Side::Second]);
    assert_eq!(snap.version, seen_version);

    // Bob drops again and stays away past the grace period: Alice claims the win. (What
    // Alice was told about his first absence is behind her now.)
    alice.inbox.clear();
    drop(bob);
    alice
        .wait_for(|m| match m {
            ServerMessage::Presence { seats, .. } if seats[1].claim_in_ms == Some(0) => Some(()),
            _ => None,
        })
        .await;
    alice.act(game, Action::ClaimWin).await.unwrap();
    let result = ended(&mut alice, game).await;
    assert_eq!(result.winner, Some(Side::First));
    assert_eq!(result.reason, ResultReason::Abandoned);
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
                ply: None,
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
    let e = bob
        .act(
            game,
            Action::Answer {
                kind: OfferKind::Draw,
                accept: true,
            },
        )
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoOffer);

    // Nothing changed: no event, the same snapshot.
    let snap = alice.rejoin(game).await;
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

/// `who` plays `notation` as the move after the game's first `ply` moves.
async fn play_at(
    who: &mut Client,
    game: GameId,
    notation: &str,
    ply: u32,
) -> Result<Reply, chaupal_shared::protocol::ErrorReply> {
    who.request(Request::Act {
        game,
        seat: None,
        action: Action::Move {
            notation: notation.to_owned(),
            ply: Some(ply),
        },
    })
    .await
}

#[tokio::test]
async fn a_move_for_a_position_the_game_has_left_is_refused_and_changes_nothing() {
    // Kalah's extra turn: the same side moves twice, so a move sent late for the first of
    // them would be legal in the second position too.
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::Kalah).await;
    let mut position = start_of(GameKind::Kalah);
    // From the start, sowing the third pit's four seeds ends in the store: an extra turn.
    play_at(&mut alice, game, "3", 0).await.unwrap();
    position.play_text("3").unwrap();
    assert_eq!(
        mover(&position, 0),
        0,
        "the extra turn is the first player's"
    );
    let other = position.legal_moves_text()[0].clone();
    let e = play_at(&mut alice, game, &other, 0).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::StaleMove, "{e:?}");
    assert!(e.reason.contains("after 0 moves"), "{}", e.reason);
    let e = play_at(&mut alice, game, &other, 2).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::StaleMove);
    // Nothing changed; the move named for the position it is in is played.
    let snap = bob.rejoin(game).await;
    assert_eq!(snap.moves, ["3"]);
    play_at(&mut alice, game, &other, 1).await.unwrap();
    let snap = bob.rejoin(game).await;
    assert_eq!(snap.moves, vec!["3".to_owned(), other]);
}

#[tokio::test]
async fn offers_takebacks_aborts_and_rematches_follow_the_rules() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::Kalah).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 1;
    // Abort is allowed before both sides moved... but try takeback first.
    let e = alice
        .act(game, Action::Offer(OfferKind::Takeback))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    // Berserk is an arena's only.
    let e = alice.act(game, Action::Berserk).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    assert!(e.reason.contains("arena"), "{e:?}");
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
        .act(game, Action::Offer(OfferKind::Takeback))
        .await
        .unwrap();
    clients[other]
        .events_until(game, |e| {
            matches!(
                e,
                GameEvent::OfferMade {
                    kind: OfferKind::Takeback,
                    ..
                }
            )
        })
        .await;
    clients[other]
        .act(
            game,
            Action::Answer {
                kind: OfferKind::Takeback,
                accept: true,
            },
        )
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

    // Only an open offer of the opponent's is answered; a rematch only after the game.
    let decline = |kind| Action::Answer {
        kind,
        accept: false,
    };
    let e = clients[1]
        .act(game, decline(OfferKind::Takeback))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoOffer);
    assert!(e.reason.contains("takeback request"), "{}", e.reason);
    let e = clients[1]
        .act(game, decline(OfferKind::Rematch))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    clients[0]
        .act(game, Action::Offer(OfferKind::Draw))
        .await
        .unwrap();
    let e = clients[0]
        .act(game, decline(OfferKind::Draw))
        .await
        .unwrap_err();
    assert_eq!(
        e.code,
        ErrorCode::NoOffer,
        "one's own offer is not answered"
    );
    clients[1]
        .act(game, decline(OfferKind::Draw))
        .await
        .unwrap();
    let (_, e) = clients[0]
        .events_until(game, |e| matches!(e, GameEvent::OfferDeclined { .. }))
        .await
        .pop()
        .unwrap();
    assert_eq!(
        e,
        GameEvent::OfferDeclined {
            kind: OfferKind::Draw,
            by: Side::Second
        }
    );
    clients[1]
        .act(game, Action::Offer(OfferKind::Draw))
        .await
        .unwrap();
    clients[0]
        .act(
            game,
            Action::Answer {
                kind: OfferKind::Draw,
                accept: true,
            },
        )
        .await
        .unwrap();
    let result = ended(&mut clients[1], game).await;
    assert_eq!(result.winner, None);
    assert_eq!(result.reason, ResultReason::Agreement);
    let e = clients[0].act(game, Action::Resign).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);

    // Rematch with sides swapped.
    clients[1]
        .act(game, Action::Offer(OfferKind::Rematch))
        .await
        .unwrap();
    clients[0]
        .act(
            game,
            Action::Answer {
                kind: OfferKind::Rematch,
                accept: true,
            },
        )
        .await
        .unwrap();
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
    let result = ended(&mut clients[1], next).await;
    assert_eq!(result.reason, ResultReason::Aborted);
    assert_eq!(result.winner, None);
}

#[tokio::test]
async fn private_games_local_games_and_the_lobby() {
    let server = ServerProcess::start_for_games(&["--max-open-games", "2"]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut bob = Client::hello(&server, "bob").await;
    let mut watcher = Client::hello(&server, "watcher").await;
    watcher.request(Request::SubscribeLobby).await.unwrap();

    // A private game is not listed, and is joined by its code.
    let made = create(&mut alice, setup(GameKind::Kalah, Opponent::Private)).await;
    assert!(made.seek.is_some());
    let code = made.code.unwrap();
    let Reply::Seeks { seeks, .. } = bob.request(Request::ListSeeks).await.unwrap() else {
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
    // Typed in lower case, without its dash, with a space: still the code.
    let typed = code.to_lowercase().replace('-', " ");
    assert_ne!(typed, code);
    let game = join(&mut bob, Request::JoinByCode { code: typed }).await;
    bob.snapshot(game).await;
    alice.snapshot(game).await;
    // The link opened again by a player of its game (a reload of its page) leads back to the
    // game; anyone else is told no game waits for the code.
    assert_eq!(
        join(&mut bob, Request::JoinByCode { code: code.clone() }).await,
        game
    );
    assert_eq!(
        join(&mut alice, Request::JoinByCode { code: code.clone() }).await,
        game
    );
    let e = watcher
        .request(Request::JoinByCode { code: code.clone() })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadInviteCode);

    // An open seek is announced, listed, and cancelled.
    let seek = create(&mut alice, setup(GameKind::Jungle, Opponent::Open))
        .await
        .seek
        .unwrap();
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
    let local = create(&mut alice, setup(GameKind::Kalah, Opponent::Local))
        .await
        .game;
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
    // A game on one device is nobody else's: not listed (tests/tests/privacy.rs).
    let Reply::Games { games, .. } = watcher.request(Request::ListGames).await.unwrap() else {
        panic!()
    };
    assert!(games.iter().all(|g| g.game != local), "{games:?}");
    assert_eq!(alice.rejoin(local).await.moves.len(), 6);
    let e = alice
        .act(local, Action::Offer(OfferKind::Draw))
        .await
        .unwrap_err();
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

fn named(name: &str, depth: Option<u32>, time_ms: Option<u64>) -> Engine {
    Engine::Named {
        name: name.to_owned(),
        depth,
        time_ms,
    }
}

#[tokio::test]
async fn named_engines_are_checked_when_the_game_is_set_up() {
    let server = ServerProcess::start_for_games(&["--ai-move-ms", "2000"]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let against = |engine| Request::CreateGame(setup(GameKind::Kalah, Opponent::Ai { engine }));
    let refused = [
        (
            named("deep-thought", None, None),
            "no engine 'deep-thought'",
        ),
        (named("", None, None), "1 to 32 bytes"),
        (
            named("alphabeta:features", None, None),
            "no evaluation 'features' for kalah",
        ),
        (named("alphabeta", Some(0), None), "depth is 1 to"),
        (named("alphabeta", Some(100_000), None), "depth is 1 to"),
        (
            named("mcts", None, Some(0)),
            "time per move is 1 to 2000 ms",
        ),
        (
            named("mcts", None, Some(u64::MAX)),
            "time per move is 1 to 2000 ms",
        ),
    ];
    for (engine, why) in refused {
        let e = alice.request(against(engine.clone())).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::BadSetup, "{engine:?}");
        assert!(e.reason.contains(why), "{engine:?}: {}", e.reason);
    }
    // An exhibition checks both engines; an analysis checks its engine too.
    let e = alice
        .request(Request::CreateGame(setup(
            GameKind::Jungle,
            Opponent::Exhibition {
                first: Engine::Level { level: 1 },
                second: named("alphabeta:store-ratio", None, None),
            },
        )))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSetup);
    let e = alice
        .request(Request::Analyse(
            chaupal_shared::protocol::AnalysisRequest {
                game: GameKind::Kalah,
                rules: vec![],
                position: None,
                moves: vec![],
                engine: named("nonsense", None, None),
                from_game: None,
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSetup);
    // Nothing was created; a good engine with its evaluation is accepted and plays.
    let Reply::Games { games, .. } = alice.request(Request::ListGames).await.unwrap() else {
        panic!()
    };
    assert!(games.is_empty());
    let mut s = setup(
        GameKind::Kalah,
        Opponent::Ai {
            engine: named("alphabeta:store-ratio", Some(3), Some(200)),
        },
    );
    s.side = SideChoice::Second;
    let game = create(&mut alice, s).await.game.unwrap();
    let (_, event) = alice.event(game).await;
    assert!(
        matches!(
            event,
            GameEvent::Moved {
                side: Side::First,
                ..
            }
        ),
        "{event:?}"
    );
}

/// The board and the side to move of a position, without its move counter.
fn placement(position: &AnyGame) -> String {
    let text = position.position_text();
    text.rsplit_once(' ')
        .map_or(text.clone(), |(p, _)| p.to_owned())
}

/// Four plies that bring `position` back to itself: a move of each side and their returns.
fn shuffle(position: &AnyGame) -> Vec<String> {
    let goal = placement(position);
    for a in position.legal_moves_text() {
        let mut p1 = position.clone();
        p1.play_text(&a).unwrap();
        for b in p1.legal_moves_text() {
            let mut p2 = p1.clone();
            p2.play_text(&b).unwrap();
            for c in p2.legal_moves_text() {
                let mut p3 = p2.clone();
                p3.play_text(&c).unwrap();
                for d in p3.legal_moves_text() {
                    let mut p4 = p3.clone();
                    p4.play_text(&d).unwrap();
                    if placement(&p4) == goal {
                        return vec![a, b, c, d];
                    }
                }
            }
        }
    }
    panic!("no four-ply shuffle from {goal}");
}

#[tokio::test]
async fn a_repeated_position_draws_with_its_reason_in_the_record() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let game = create(&mut alice, setup(GameKind::Jungle, Opponent::Local))
        .await
        .game
        .unwrap();
    let mut position = start_of(GameKind::Jungle);
    let cycle = shuffle(&position);
    let mut played = 0;
    while position.outcome().is_none() {
        let mv = &cycle[played % cycle.len()];
        alice.play(game, mv).await.unwrap();
        position.play_text(mv).unwrap();
        played += 1;
        assert!(
            played <= 3 * cycle.len(),
            "the third occurrence ends the game"
        );
    }
    let result = ended(&mut alice, game).await;
    assert_eq!(result.winner, None);
    assert_eq!(
        result.reason,
        ResultReason::Rules(chaupal_rules::EndReason::Repetition)
    );
    let Reply::Record { text, .. } = alice
        .request(Request::GetRecord { game, key: None })
        .await
        .unwrap()
    else {
        panic!()
    };
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.result, "1/2-1/2");
    assert_eq!(record.termination.as_deref(), Some("repetition"));
}

#[tokio::test]
async fn lag_measured_by_ping_is_not_charged_to_the_clock() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let server = ServerProcess::start_for_games(&["--ping-interval-ms", "1500"]).await;
    let (mut alice, mut bob, game) =
        seek_and_accept(&server, timed(GameKind::BaghChal, 60_000)).await;
    let mut position = start_of(GameKind::BaghChal);
    let mut seed = 2;
    let mv = pick_move(&position, &mut seed);
    alice.play(game, &mv).await.unwrap();
    position.play_text(&mv).unwrap();
    moved_clocks(&mut bob, game).await;
    // Bob's clock runs from about now.
    let started = std::time::Instant::now();
    // Bob's link is slow: the server's next ping is answered a second late, so he has half a
    // second of measured lag.
    loop {
        match bob.ws.next().await.unwrap().unwrap() {
            Message::Ping(_) => break,
            Message::Text(t) => bob
                .inbox
                .push_back(chaupal_shared::codec::decode_json(t.as_str(), 1 << 20).unwrap()),
            _ => {}
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    // The late pong goes out now, before the move (a pong waiting to be sent would otherwise
    // follow the next frame; a real slow link has its lag measured by the pings before).
    futures_util::SinkExt::flush(&mut bob.ws).await.unwrap();
    let id = bob
        .send(Request::Act {
            game,
            seat: None,
            action: Action::Move {
                notation: pick_move(&position, &mut seed),
                ply: None,
            },
        })
        .await;
    let took = started.elapsed().as_millis() as u64;
    bob.answer(id).await.unwrap();
    let clocks = moved_clocks(&mut bob, game).await;
    let charged = 60_000 - clocks.second_ms;
    assert!(
        charged + 300 <= took,
        "the move took {took} ms and {charged} ms were charged"
    );
    assert!(
        charged + 1000 >= took,
        "at most the cap is credited: took {took} ms, charged {charged} ms"
    );
}

#[tokio::test]
async fn a_flag_falls_and_loses() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = seek_and_accept(&server, timed(GameKind::BaghChal, 600)).await;
    let snap = alice.rejoin(game).await;
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

/// The client's own ratings.
#[tokio::test]
async fn rated_games_change_ratings() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut s = setup(GameKind::Kalah, Opponent::Open);
    s.rated = true;
    let (mut alice, mut bob, game) = seek_and_accept(&server, s).await;
    let e = alice
        .act(game, Action::Offer(OfferKind::Takeback))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    let e = alice.request(Request::Hint { game }).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotAllowed);
    bob.act(game, Action::Resign).await.unwrap();
    ended(&mut alice, game).await;
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
    let ratings = own_ratings(&mut bob).await;
    assert!(ratings[0].rating < 1500.0);
    // A rated game against an AI level rates the player against the level's rating.
    let mut s = setup(
        GameKind::Kalah,
        Opponent::Ai {
            engine: Engine::Level { level: 1 },
        },
    );
    s.rated = true;
    s.side = SideChoice::Second;
    let ai_game = create(&mut bob, s).await.game.unwrap();
    let snap = bob.snapshot(ai_game).await;
    let level_rating = snap.summary.seats[0].rating.unwrap();
    bob.act(ai_game, Action::Resign).await.unwrap();
    ended(&mut bob, ai_game).await;
    let after = own_ratings(&mut bob).await;
    assert_eq!(after[0].games, ratings[0].games + 1);
    assert!(
        after[0].rating < ratings[0].rating,
        "lost to level 1 ({level_rating})"
    );
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
    let game = create(&mut alice, setup(GameKind::Kalah, Opponent::Local))
        .await
        .game;
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
        from_game: None,
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

/// Engine help is for games against the AI, local games and finished games: a live game between
/// people, casual too, is refused it, for its players and its watchers, by hint and by an
/// analysis that names it.
#[tokio::test]
async fn no_engine_help_in_a_live_game_between_people() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) =
        seek_and_accept(&server, setup(GameKind::Kalah, Opponent::Open)).await;
    let mut watcher = Client::hello(&server, "watcher").await;
    watcher
        .request(Request::Watch { game, key: None })
        .await
        .unwrap();
    let named = chaupal_shared::protocol::AnalysisRequest {
        game: GameKind::Kalah,
        rules: vec![],
        position: None,
        moves: vec![],
        engine: Engine::Level { level: 1 },
        from_game: Some(game),
    };
    for client in [&mut alice, &mut bob, &mut watcher] {
        let e = client.request(Request::Hint { game }).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::NotAllowed);
        assert!(e.reason.contains("between people"), "{}", e.reason);
        let e = client
            .request(Request::Analyse(named.clone()))
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NotAllowed);
    }
    // Once it is over, the same requests are answered.
    bob.act(game, Action::Resign).await.unwrap();
    ended(&mut alice, game).await;
    assert!(matches!(
        alice.request(Request::Hint { game }).await,
        Ok(Reply::Analysis { .. })
    ));
    assert!(matches!(
        watcher.request(Request::Analyse(named)).await,
        Ok(Reply::Analysis { .. })
    ));
    // Against the AI, help is given while the game goes on.
    let mut s = setup(
        GameKind::Kalah,
        Opponent::Ai {
            engine: Engine::Level { level: 1 },
        },
    );
    s.side = SideChoice::First;
    let ai_game = create(&mut alice, s).await.game.unwrap();
    alice.snapshot(ai_game).await;
    assert!(matches!(
        alice.request(Request::Hint { game: ai_game }).await,
        Ok(Reply::Analysis { .. })
    ));
}

/// The lobby hears a live game's moves, at most every two seconds a game, and always the
/// last count.
#[tokio::test]
async fn the_lobby_follows_a_live_games_moves() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut lobby = Client::hello(&server, "looker").await;
    lobby.request(Request::SubscribeLobby).await.unwrap();
    let (mut alice, mut bob, game) =
        seek_and_accept(&server, setup(GameKind::Kalah, Opponent::Open)).await;
    // Four moves at once: the first is announced at once, the count of four follows.
    let started = std::time::Instant::now();
    let mut position = start_of(GameKind::Kalah);
    let mut played = 0;
    while played < 4 {
        let mover = if position.side_to_move() == Side::First {
            &mut alice
        } else {
            &mut bob
        };
        let mv = position.legal_moves_text()[0].clone();
        mover.play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        played += 1;
    }
    let mut counts = Vec::new();
    while counts.last() != Some(&4) {
        let plies = lobby
            .wait_for(|m| match m {
                ServerMessage::Lobby(LobbyEvent::GameProgress { game: g, plies }) if *g == game => {
                    Some(*plies)
                }
                _ => None,
            })
            .await;
        counts.push(plies);
    }
    assert_eq!(
        counts,
        [1, 4],
        "one at once, then the count after the pause"
    );
    // The second came no sooner than two seconds after the first (which came after `started`).
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(1900),
        "the second came {:?} after the first move",
        started.elapsed()
    );
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
    let ai_game = create(&mut carol, ai_setup).await.game;
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
        let snap = c.rejoin(game).await;
        assert_eq!(
            snap.position,
            position.position_text(),
            "every move survived"
        );
        assert_eq!(snap.summary.status, GameStatus::Live);
    }
    let snap = carol.rejoin(ai_game).await;
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

/// Reads the invitation of `code` as `c`, expecting one.
async fn read_invitation(c: &mut Client, code: &str) -> chaupal_shared::protocol::Invitation {
    match c.request(Request::Invitation { code: code.into() }).await {
        Ok(Reply::Invitation(invitation)) => *invitation,
        other => panic!("expected an invitation, got {other:?}"),
    }
}

#[tokio::test]
async fn an_invitation_is_read_before_it_is_accepted_or_declined() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut bob = Client::hello(&server, "bob").await;
    let mut carol = Client::hello(&server, "carol").await;
    // A correspondence invitation, Kalah with five seeds, Alice second.
    let mut private = setup(GameKind::Kalah, Opponent::Private);
    private.side = SideChoice::Second;
    private.rules = vec![chaupal_shared::protocol::RulePair {
        key: "seeds".into(),
        value: "5".into(),
    }];
    private.correspondence = Some(chaupal_shared::protocol::Correspondence { days: Some(3) });
    let made = create(&mut alice, private).await;
    let code = made.code.unwrap();

    // Read in any case, with or without its dash: what it is, and nothing taken.
    let loose = code.to_lowercase().replace('-', "");
    let seen = read_invitation(&mut bob, &loose).await;
    assert_eq!(seen.code, code, "the code as handed out");
    assert_eq!(seen.game, None);
    assert_eq!(seen.seek.seek, made.seek.unwrap());
    assert_eq!(seen.seek.by.name, "alice");
    assert_eq!(seen.seek.kind, GameKind::Kalah);
    assert_eq!(seen.seek.side, SideChoice::Second);
    assert_eq!(seen.seek.rules.len(), 1);
    assert_eq!(seen.seek.rules[0].value, "5");
    assert_eq!(seen.seek.correspondence.and_then(|c| c.days), Some(3));
    assert!(seen.seek.clock.is_none() && !seen.seek.rated);
    assert_eq!(
        read_invitation(&mut carol, &code).await,
        seen,
        "read again, still there"
    );
    let Reply::MySeeks { seeks } = alice.request(Request::MySeeks).await.unwrap() else {
        panic!("expected my_seeks")
    };
    assert_eq!(seeks.len(), 1, "reading took nothing: {seeks:?}");

    // Unknown codes, of the right shape or not, are refused as joins refuse them; one's own
    // invitation as a join of it is.
    for wrong in ["ZZZZ-ZZZZ", "nope", ""] {
        let e = bob
            .request(Request::Invitation { code: wrong.into() })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BadInviteCode, "{wrong:?}");
    }
    let own = alice
        .request(Request::Invitation { code: code.clone() })
        .await
        .unwrap_err();
    assert_eq!(own.code, ErrorCode::BadSetup);
    let own = alice
        .request(Request::DeclineInvitation { code: code.clone() })
        .await
        .unwrap_err();
    assert_eq!(own.code, ErrorCode::BadSetup, "nor can one decline it");

    // Accepted: the game starts, and Carol finds no game waiting for the code.
    let game = join(&mut bob, Request::JoinByCode { code: code.clone() }).await;
    bob.snapshot(game).await;
    let e = carol
        .request(Request::Invitation { code: code.clone() })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadInviteCode);
    // A live game's link opened again by its player (a reload) is read with the game it
    // started, to sit down at: nothing to accept.
    let mut friendly = timed(GameKind::Jungle, 300_000);
    friendly.opponent = Opponent::Private;
    let live = create(&mut alice, friendly).await.code.unwrap();
    let seen = read_invitation(&mut bob, &live).await;
    assert_eq!(seen.seek.clock.map(|c| c.initial_ms), Some(300_000));
    assert_eq!(seen.seek.side, SideChoice::First);
    let started = join(&mut bob, Request::JoinByCode { code: live.clone() }).await;
    bob.snapshot(started).await;
    let again = read_invitation(&mut bob, &live).await;
    assert_eq!(again.game, Some(started));
    assert_eq!(again.seek.by.name, "alice");
    let e = carol
        .request(Request::Invitation { code: live })
        .await
        .unwrap_err();
    assert_eq!(
        e.code,
        ErrorCode::BadInviteCode,
        "anyone else: no game waits"
    );

    // Declined: withdrawn, and every connection of the inviter hears who declined it.
    let token = alice.token.clone().unwrap();
    let mut phone = Client::hello_as(&server, "alice", Some(&token)).await;
    let second = create(&mut alice, setup(GameKind::Jungle, Opponent::Private)).await;
    let code2 = second.code.unwrap();
    read_invitation(&mut carol, &code2).await;
    let ok = carol
        .request(Request::DeclineInvitation {
            code: code2.to_lowercase(),
        })
        .await
        .unwrap();
    assert_eq!(ok, Reply::Ok);
    for inviter in [&mut alice, &mut phone] {
        let (seek, said, by) = inviter
            .wait_for(|m| match m {
                ServerMessage::InvitationDeclined { seek, code, by } => {
                    Some((*seek, code.clone(), by.name.clone()))
                }
                _ => None,
            })
            .await;
        assert_eq!(
            (Some(seek), said.as_str(), by.as_str()),
            (second.seek, code2.as_str(), "carol")
        );
    }
    for request in [
        Request::Invitation {
            code: code2.clone(),
        },
        Request::JoinByCode {
            code: code2.clone(),
        },
        Request::DeclineInvitation {
            code: code2.clone(),
        },
    ] {
        let e = bob.request(request).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::BadInviteCode);
    }
    let Reply::MySeeks { seeks } = phone.request(Request::MySeeks).await.unwrap() else {
        panic!("expected my_seeks")
    };
    assert!(
        seeks.is_empty(),
        "declined, so no longer waiting: {seeks:?}"
    );
}
