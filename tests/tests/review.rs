//! Game reviews through the real server: progress, then the review; the second request is the
//! stored review, identical; a review made while live games run is the one an idle server
//! makes, and the live games go on meanwhile; the limits per player and in all; the refusals
//! (a live game, someone else's private game, an unknown game); and games from a position
//! ("play from here").

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_rules::record::Record;
use chaupal_rules::review::{GameReview, MoveClass};
use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Action, Engine, ErrorCode, ErrorReply, GameId, GameSetup, Opponent, Reply, Request,
    ServerMessage, SideChoice,
};
use chaupal_tests::play::{create, join, open_game, setup};
use chaupal_tests::{Client, ServerProcess, pick_move, start_of};

/// A record of `plies` moves of `kind` picked by the tests' generator (fewer if the game ends).
fn record_of(kind: GameKind, plies: usize, seed: u64) -> (String, Vec<String>) {
    let mut game = start_of(kind);
    let mut seed = seed;
    let mut moves = Vec::new();
    while moves.len() < plies && game.outcome().is_none() {
        let mv = pick_move(&game, &mut seed);
        game.play_text(&mv).unwrap();
        moves.push(mv);
    }
    let result = match game.outcome().map(|o| o.winner()) {
        Some(Some(Side::First)) => "1-0",
        Some(Some(Side::Second)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    };
    let record = Record {
        kind,
        rules: vec![],
        start_position: None,
        first: "one".to_owned(),
        second: "two".to_owned(),
        clock: None,
        correspondence: None,
        rated: false,
        date: None,
        result: result.to_owned(),
        termination: None,
        moves: moves.clone(),
        extra: vec![],
    };
    (record.to_text(), moves)
}

async fn import(c: &mut Client, text: &str) -> GameId {
    match c
        .request(Request::ImportRecord {
            text: text.to_owned(),
        })
        .await
    {
        Ok(Reply::Imported { game }) => game,
        other => panic!("expected imported, got {other:?}"),
    }
}

/// Asks for a review and reads until its answer; returns the progress seen and the answer.
async fn review(c: &mut Client, game: GameId) -> (Vec<(u32, u32)>, Result<GameReview, ErrorReply>) {
    let id = c.send(Request::Review { game, key: None }).await;
    let mut progress = Vec::new();
    loop {
        match c.recv().await {
            ServerMessage::ReviewProgress {
                game: g,
                analysed,
                total,
            } if g == game => progress.push((analysed, total)),
            ServerMessage::Reply {
                id: answered,
                reply,
            } if answered == id => match reply {
                Reply::Review(review) => return (progress, Ok(*review)),
                other => panic!("expected a review, got {other:?}"),
            },
            ServerMessage::Error {
                id: Some(answered),
                error,
            } if answered == id => return (progress, Err(error)),
            _ => {}
        }
    }
}

fn refused(result: Result<GameReview, ErrorReply>, code: ErrorCode) -> String {
    match result {
        Err(e) if e.code == code => e.reason,
        other => panic!("expected {code}, got {other:?}"),
    }
}

#[tokio::test]
async fn a_review_streams_its_progress_and_asking_again_gives_the_stored_one() {
    let server = ServerProcess::start_for_games(&["--review-budget-ms", "20"]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let (text, moves) = record_of(GameKind::Jungle, 24, 5);
    let game = import(&mut alice, &text).await;
    let (progress, first) = review(&mut alice, game).await;
    let first = first.unwrap();
    let total = moves.len() as u32 + 1;
    // The latest count each time the connection hears: rising, never past the positions.
    assert!(!progress.is_empty());
    assert!(progress.iter().all(|&(_, t)| t == total), "{progress:?}");
    assert!(progress.windows(2).all(|w| w[0].0 < w[1].0), "{progress:?}");
    assert!(progress.iter().all(|&(d, _)| d <= total), "{progress:?}");
    assert_eq!(first.game, game);
    assert_eq!(first.kind, GameKind::Jungle);
    assert_eq!(first.budget_ms, 20);
    let played: Vec<&str> = first.plies.iter().map(|p| p.played.as_str()).collect();
    assert_eq!(played, moves.iter().map(String::as_str).collect::<Vec<_>>());
    for (i, ply) in first.plies.iter().enumerate() {
        assert_eq!(ply.ply as usize, i + 1);
        let side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(ply.side, side, "Jungle alternates");
        assert_eq!(
            ply.class == MoveClass::Best,
            ply.best.as_deref() == Some(&ply.played) || ply.after == ply.before
        );
    }
    // Random moves: the review finds slips on both sides.
    for side in Side::BOTH {
        let slips = first
            .plies
            .iter()
            .filter(|p| p.side == side && p.class >= MoveClass::Inaccuracy)
            .count();
        assert!(slips > 0, "{side:?}: {first:?}");
    }
    // Another player, another connection: the stored review, with no search (no progress).
    let mut bob = Client::hello(&server, "bob").await;
    let (progress, again) = review(&mut bob, game).await;
    assert_eq!(progress, vec![]);
    assert_eq!(again.unwrap(), first);
}

#[tokio::test]
async fn a_review_under_live_games_is_the_one_an_idle_server_makes() {
    let (text, _) = record_of(GameKind::BaghChal, 30, 11);
    let args = ["--review-budget-ms", "60", "--ai-threads", "1"];
    // On an idle server.
    let idle = ServerProcess::start_for_games(&args).await;
    let mut alice = Client::hello(&idle, "alice").await;
    let game = import(&mut alice, &text).await;
    let (_, calm) = review(&mut alice, game).await;
    let calm = calm.unwrap();
    drop(idle);

    // On a server playing an AI game and a game between two people meanwhile.
    let busy = ServerProcess::start_for_games(&args).await;
    let mut alice = Client::hello(&busy, "alice").await;
    let game = import(&mut alice, &text).await;
    let asked = alice.send(Request::Review { game, key: None }).await;
    let mut carol = Client::hello(&busy, "carol").await;
    let ai_game = create(
        &mut carol,
        setup(
            GameKind::Kalah,
            Opponent::Ai {
                engine: Engine::Level { level: 5 },
            },
        ),
    )
    .await
    .game
    .unwrap();
    let mut position = start_of(GameKind::Kalah);
    let _ = carol.snapshot(ai_game).await;
    let (mut dan, mut erin, live) = open_game(&busy, GameKind::SholoGuti).await;
    let mut live_position = start_of(GameKind::SholoGuti);
    let mut seed = 3;
    let mut ai_moves = 0;
    while ai_moves < 6 && position.outcome().is_none() {
        // Carol moves when it is her turn; every move (hers and the AI's) comes back.
        if position.side_to_move() == Side::First {
            let mv = pick_move(&position, &mut seed);
            carol.play(ai_game, &mv).await.unwrap();
        }
        let (_, event) = carol.event(ai_game).await;
        if let chaupal_shared::protocol::GameEvent::Moved { notation, side, .. } = event {
            position.play_text(&notation).unwrap();
            if side == Side::Second {
                ai_moves += 1;
            }
        }
        // A move in the game between two people too.
        let mv = pick_move(&live_position, &mut seed);
        let who = if live_position.side_to_move() == Side::First {
            &mut dan
        } else {
            &mut erin
        };
        who.play(live, &mv).await.unwrap();
        live_position.play_text(&mv).unwrap();
        let _ = dan.event(live).await;
        let _ = erin.event(live).await;
    }
    assert!(ai_moves >= 1, "the AI played");
    // The review, made meanwhile on a thread of the idle class, says what the idle server said.
    let busy_review = loop {
        match alice.recv().await {
            ServerMessage::Reply { id, reply } if id == asked => match reply {
                Reply::Review(review) => break *review,
                other => panic!("expected a review, got {other:?}"),
            },
            ServerMessage::Error {
                id: Some(id),
                error,
            } if id == asked => panic!("{error:?}"),
            _ => {}
        }
    };
    assert_eq!(busy_review.plies, calm.plies);
    assert_eq!(busy_review.accuracy, calm.accuracy);
    carol.act(ai_game, Action::Resign).await.unwrap();
}

#[tokio::test]
async fn reviews_are_limited_per_player_and_in_all_and_a_running_one_is_joined() {
    // Long reviews, one at a time: every one asked for stays under way during the test.
    let server = ServerProcess::start_for_games(&[
        "--review-budget-ms",
        "60000",
        "--review-threads",
        "1",
        "--max-reviews",
        "2",
        "--max-reviews-per-player",
        "1",
    ])
    .await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut bob = Client::hello(&server, "bob").await;
    let mut carol = Client::hello(&server, "carol").await;
    let mut games = Vec::new();
    for seed in 0..3 {
        let (text, _) = record_of(GameKind::SholoGuti, 20, seed);
        games.push(import(&mut alice, &text).await);
    }
    // Alice's first review runs; her second is over her limit.
    alice
        .send(Request::Review {
            game: games[0],
            key: None,
        })
        .await;
    alice
        .wait_for(|m| matches!(m, ServerMessage::ReviewProgress { .. }).then_some(()))
        .await;
    let reason = refused(
        review(&mut alice, games[1]).await.1,
        ErrorCode::TooManyReviews,
    );
    assert!(reason.contains("you have 1 reviews under way"), "{reason}");
    // Bob's waits for the thread (at 0 analysed); Carol's is one too many for the server.
    bob.send(Request::Review {
        game: games[1],
        key: None,
    })
    .await;
    bob.wait_for(|m| match m {
        ServerMessage::ReviewProgress {
            game, analysed: 0, ..
        } if *game == games[1] => Some(()),
        _ => None,
    })
    .await;
    let reason = refused(
        review(&mut carol, games[2]).await.1,
        ErrorCode::TooManyReviews,
    );
    assert!(reason.contains("as many as it makes at once"), "{reason}");
    // Asking for a game under review follows that review, whatever the limits.
    carol
        .send(Request::Review {
            game: games[0],
            key: None,
        })
        .await;
    carol
        .wait_for(|m| match m {
            ServerMessage::ReviewProgress { game, .. } if *game == games[0] => Some(()),
            _ => None,
        })
        .await;
}

#[tokio::test]
async fn a_live_game_an_unknown_one_and_someone_elses_private_game_are_refused() {
    let server = ServerProcess::start_for_games(&["--review-budget-ms", "20"]).await;
    let (mut alice, mut bob, live) = open_game(&server, GameKind::Kalah).await;
    let reason = refused(review(&mut alice, live).await.1, ErrorCode::NotFinished);
    assert!(reason.contains("still being played"), "{reason}");
    refused(
        review(&mut alice, GameId(999_999)).await.1,
        ErrorCode::NoSuchGame,
    );

    // A private game between Alice and Bob, resigned at once.
    let code = create(&mut alice, setup(GameKind::Jungle, Opponent::Private))
        .await
        .code
        .unwrap();
    let private = join(&mut bob, Request::JoinByCode { code }).await;
    let _ = alice.snapshot(private).await;
    let _ = bob.snapshot(private).await;
    alice.act(private, Action::Resign).await.unwrap();
    let mut carol = Client::hello(&server, "carol").await;
    let reason = refused(review(&mut carol, private).await.1, ErrorCode::PrivateGame);
    assert!(
        reason.contains("only its players and holders of its watch link"),
        "{reason}"
    );
    let (_, mine) = review(&mut bob, private).await;
    assert_eq!(mine.unwrap().plies, vec![]);
    // Even once reviewed, it stays private.
    refused(review(&mut carol, private).await.1, ErrorCode::PrivateGame);

    // A record that does not parse is refused when imported.
    let err = carol
        .request(Request::ImportRecord {
            text: "[Game \"kalah\"]\n\n1. 9 *\n".to_owned(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::BadRecord);
}

#[tokio::test]
async fn play_from_here_starts_an_unrated_ai_game_from_the_position() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let mut position = start_of(GameKind::Jungle);
    let mut seed = 9;
    for _ in 0..6 {
        let mv = pick_move(&position, &mut seed);
        position.play_text(&mv).unwrap();
    }
    let from = |position: Option<String>, rated: bool| GameSetup {
        side: SideChoice::First,
        rated,
        position,
        ..setup(
            GameKind::Jungle,
            Opponent::Ai {
                engine: Engine::Level { level: 2 },
            },
        )
    };
    let game = create(&mut alice, from(Some(position.position_text()), false))
        .await
        .game
        .unwrap();
    let snapshot = alice.snapshot(game).await;
    assert_eq!(snapshot.position, position.position_text());
    assert_eq!(snapshot.moves, Vec::<String>::new());

    // Rated, unreadable, or already over: refused with the reason.
    let err = alice
        .request(Request::CreateGame(from(
            Some(position.position_text()),
            true,
        )))
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::BadSetup);
    assert!(err.reason.contains("never rated"), "{}", err.reason);
    let err = alice
        .request(Request::CreateGame(from(
            Some("nonsense".to_owned()),
            false,
        )))
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::BadSetup);
    assert!(err.reason.starts_with("the position:"), "{}", err.reason);
    let mut ended = AnyGame::start(GameKind::Kalah, [("pits", "1"), ("seeds", "1")]).unwrap();
    ended.play_text("1").unwrap();
    assert!(ended.outcome().is_some());
    let over = GameSetup {
        rules: vec![
            chaupal_shared::protocol::RulePair {
                key: "pits".to_owned(),
                value: "1".to_owned(),
            },
            chaupal_shared::protocol::RulePair {
                key: "seeds".to_owned(),
                value: "1".to_owned(),
            },
        ],
        position: Some(ended.position_text()),
        ..setup(GameKind::Kalah, Opponent::Local)
    };
    let err = alice.request(Request::CreateGame(over)).await.unwrap_err();
    assert!(err.reason.contains("already over"), "{}", err.reason);
}
