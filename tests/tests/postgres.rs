//! The server keeping its records in PostgreSQL (`--database postgres://...`) instead of its
//! default SQLite file: a rated game is played across a kill -9, ends, and its record, listing,
//! ratings and import read back. Runs when `CHAUPAL_TEST_POSTGRES` names a server (a database
//! the user may connect to, as a user that may create databases); `scripts/test.sh` starts a
//! throwaway one and sets `CHAUPAL_REQUIRE_POSTGRES`, which makes a missing server a failure.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_rules::record::Record;
use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{Action, GameEvent, Opponent, Reply, Request};
use chaupal_tests::play::{
    create, ended, join, listed_first, own_ratings, play_on, record, seek_and_accept, setup,
};
use chaupal_tests::services::fresh_database;
use chaupal_tests::{Client, ServerProcess, pick_move, start_of};
use sqlx::Connection;

#[tokio::test]
async fn a_server_on_postgresql_keeps_a_rated_game_across_a_kill_and_its_record_and_ratings() {
    let Some(url) = fresh_database("chaupal_e2e_restart").await else {
        return;
    };
    let server = ServerProcess::start_for_games_on(&url, &[]).await;
    let mut rated = setup(GameKind::Kalah, Opponent::Open);
    rated.rated = true;
    let (mut alice, mut bob, game) = seek_and_accept(&server, rated).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 11;
    let mut played = Vec::new();
    while played.len() < 6 && position.outcome().is_none() {
        let mv = pick_move(&position, &mut seed);
        let who = chaupal_tests::mover(&position, 0);
        [&mut alice, &mut bob][who].play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        played.push(mv);
        for c in [&mut alice, &mut bob] {
            c.event(game).await;
        }
    }
    let tokens = [alice.token.clone().unwrap(), bob.token.clone().unwrap()];
    drop((alice, bob));

    // Killed with SIGKILL: every acknowledged move is in PostgreSQL, and comes back.
    let server = server.restart().await;
    let mut alice = Client::hello_as(&server, "alice", Some(&tokens[0])).await;
    let mut bob = Client::hello_as(&server, "bob", Some(&tokens[1])).await;
    let snapshot = alice.rejoin(game).await;
    assert_eq!(snapshot.moves, played, "the moves before the kill");
    assert_eq!(snapshot.your_seats, [Side::First]);
    bob.rejoin(game).await;
    let (more, end) = play_on(
        &mut [&mut alice, &mut bob],
        game,
        &mut position,
        12,
        played.len(),
    )
    .await;
    assert!(matches!(end, GameEvent::Ended { .. }), "{end:?}");
    played.extend(more);

    // The record, the listing and the ratings come from PostgreSQL.
    listed_first(&mut bob, game, played.len()).await;
    let (text, moves) = record(&mut alice, game).await;
    assert_eq!(moves, played);
    let ratings = own_ratings(&mut alice).await;
    assert_eq!(ratings.len(), 1, "the rated game rated alice");
    assert_eq!(ratings[0].kind, GameKind::Kalah);
    assert_eq!(ratings[0].games, 1);
    assert!(ratings[0].deviation < 350.0, "{:?}", ratings[0]);
    // An import is stored as a new game with the same moves.
    let parsed = Record::parse(&text).unwrap();
    assert_eq!(parsed.moves, played);
    let Reply::Imported { game: copy } = bob.request(Request::ImportRecord { text }).await.unwrap()
    else {
        panic!()
    };
    assert_ne!(copy, game);
    assert_eq!(record(&mut bob, copy).await.1, played);

    // And the server on PostgreSQL still takes a new game after all that.
    let seek = create(&mut alice, setup(GameKind::Jungle, Opponent::Open))
        .await
        .seek
        .unwrap();
    let next = join(&mut bob, Request::AcceptSeek { seek }).await;
    bob.act(next, Action::Resign).await.unwrap();
    let result = ended(&mut alice, next).await;
    assert_eq!(result.winner, Some(Side::First));
    drop((alice, bob, server));
    drop_database(&url).await;
}

/// Drops the test's database (the server that used it has stopped).
async fn drop_database(url: &str) {
    let server = std::env::var("CHAUPAL_TEST_POSTGRES").unwrap();
    let name = url
        .split('?')
        .next()
        .and_then(|base| base.rsplit('/').next())
        .unwrap()
        .to_owned();
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
}
