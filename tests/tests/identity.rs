//! One player on several connections, and a hello that renames the player: what
//! docs/PROTOCOL.md says ("One player, several connections").

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_rules::GameKind;
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
    let Reply::Seeks { seeks, .. } = second.request(Request::ListSeeks).await.unwrap() else {
        panic!("seeks")
    };
    let listed = seeks.iter().find(|s| s.seek == seek).unwrap();
    assert_eq!(listed.by.name, "asha");
    // A second hello on one connection changes nothing.
    let e = second
        .request(Request::Hello {
            version: chaupal_shared::protocol::PROTOCOL_VERSION,
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

/// A device code lets a player go on on another device: the other device redeems it once and
/// gets a token of its own for the same player, the first device's token stays good, and a
/// used, wrong or replaced code is refused and changes nothing.
#[tokio::test]
async fn a_device_code_links_another_device_to_the_same_player() {
    use chaupal_shared::protocol::ErrorCode;
    let server = ServerProcess::start_for_games(&[]).await;
    let mut laptop = Client::hello(&server, "asha").await;
    let laptop_token = laptop.token.clone().unwrap();
    let game = create(&mut laptop, setup(GameKind::Kalah, Opponent::Local))
        .await
        .game
        .unwrap();
    laptop.snapshot(game).await;

    let Reply::DeviceCode {
        code,
        expires_in_ms,
    } = laptop.request(Request::DeviceCode).await.unwrap()
    else {
        panic!("no code")
    };
    assert_eq!(expires_in_ms, 600_000);
    // The phone says hello as whoever it is, then redeems the code, typed loosely.
    let mut phone = Client::hello(&server, "player4242").await;
    assert_ne!(phone.id(), laptop.id());
    let typed = code.to_lowercase().replace('-', "");
    let Reply::Linked { player, token } = phone
        .request(Request::LinkDevice {
            code: typed.clone(),
        })
        .await
        .unwrap()
    else {
        panic!("not linked")
    };
    assert_eq!(player.id, laptop.id());
    assert_eq!(player.name, "asha");
    assert_ne!(token, laptop_token, "the phone has a token of its own");
    // Once used, the code is gone.
    let e = phone
        .request(Request::LinkDevice { code: typed })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadDeviceCode);
    let e = phone
        .request(Request::LinkDevice {
            code: "NOPE-NOPE".to_owned(),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadDeviceCode);

    // With its token the phone is the player: its live game is there to rejoin.
    let mut phone = Client::hello_as(&server, "asha", Some(&token)).await;
    assert_eq!(phone.id(), laptop.id());
    let snap = phone.rejoin(game).await;
    assert!(
        !snap.your_seats.is_empty(),
        "the phone sits at the player's seats"
    );
    // And the laptop's token still works.
    let again = Client::hello_as(&server, "asha", Some(&laptop_token)).await;
    assert_eq!(again.id(), laptop.id());

    // Asking again replaces the code: the first one no longer links.
    let Reply::DeviceCode { code: first, .. } = laptop.request(Request::DeviceCode).await.unwrap()
    else {
        panic!()
    };
    let Reply::DeviceCode { code: second, .. } = laptop.request(Request::DeviceCode).await.unwrap()
    else {
        panic!()
    };
    let mut other = Client::hello(&server, "other").await;
    let e = other
        .request(Request::LinkDevice { code: first })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadDeviceCode);
    assert!(matches!(
        other.request(Request::LinkDevice { code: second }).await,
        Ok(Reply::Linked { .. })
    ));
}
