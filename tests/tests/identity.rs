//! One player on several connections, and a hello that renames the player: what
//! docs/PROTOCOL.md says ("One player, several connections").

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_shared::GameKind;
use chaupal_shared::protocol::{GameEvent, Opponent, Reply, Request, ServerMessage};
use chaupal_tests::play::{create, setup};
use chaupal_tests::{Client, ServerProcess, start_of};

#[tokio::test]
async fn one_token_on_two_connections_is_one_player_and_a_new_name_renames_it() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut first = Client::hello(&server, "asha").await;
    let token = first.token.clone().unwrap();
    // The same token, another name, while the first connection is open.
    let mut second = Client::hello_as(&server, "asha b", Some(&token)).await;
    assert_eq!(second.id(), first.id(), "the same player");
    assert_eq!(second.player.as_ref().unwrap().name, "asha b");
    // The stored name is the new one.
    let Reply::Ratings { player, .. } = first
        .request(Request::Ratings { player: None })
        .await
        .unwrap()
    else {
        panic!("ratings")
    };
    assert_eq!(player.name, "asha b");
    // A local game started on the first connection: the second sits down by rejoin and plays
    // for the player's seats; the first hears the move.
    let game = create(&mut first, setup(GameKind::Kalah, Opponent::Local))
        .await
        .game
        .unwrap();
    let snap = first.snapshot(game).await;
    assert_eq!(
        snap.summary.seats[0].name, "asha",
        "the game keeps the name it started with"
    );
    let again = second.rejoin(game).await;
    assert_eq!(again.your_seats, snap.your_seats);
    let mv = start_of(GameKind::Kalah).legal_moves_text()[0].clone();
    second.play(game, &mv).await.unwrap();
    let (_, event) = first.event(game).await;
    assert!(matches!(event, GameEvent::Moved { notation, .. } if notation == mv));
    // Each connection creates under the name it said hello with.
    let seek = create(&mut first, setup(GameKind::Jungle, Opponent::Open))
        .await
        .seek
        .unwrap();
    let Reply::Seeks { seeks } = second.request(Request::ListSeeks).await.unwrap() else {
        panic!("seeks")
    };
    let listed = seeks.iter().find(|s| s.seek == seek).unwrap();
    assert_eq!(listed.by.name, "asha");
    // A second hello on one connection changes nothing.
    let e = second
        .request(Request::Hello {
            version: 1,
            name: "asha c".into(),
            token: Some(token),
            turns: false,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, chaupal_shared::protocol::ErrorCode::AlreadyGreeted);
    let Reply::Ratings { player, .. } = second
        .request(Request::Ratings { player: None })
        .await
        .unwrap()
    else {
        panic!("ratings")
    };
    assert_eq!(player.name, "asha b");
    assert!(
        !second
            .inbox
            .iter()
            .any(|m| matches!(m, ServerMessage::Error { .. })),
        "{:?}",
        second.inbox
    );
}
