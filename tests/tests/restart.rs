//! The server stopping and starting again: seeks and invitations survive a kill -9, the clock
//! of the side to move is paused while the server is down, and SIGTERM shuts down gracefully.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{ErrorCode, GameEvent, Opponent, Reply, Request, ServerMessage};
use chaupal_tests::play::{
    create, join, moved_clocks, open_game, play_on, seek_and_accept, setup, timed,
};
use chaupal_tests::{Client, ServerProcess, pick_move, start_of};

#[tokio::test]
async fn a_private_game_and_an_open_seek_survive_a_kill_and_the_friend_joins_by_the_code() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let private = create(&mut alice, setup(GameKind::Kalah, Opponent::Private)).await;
    let code = private.code.unwrap();
    let open = create(&mut alice, setup(GameKind::Jungle, Opponent::Open)).await;
    let open_seek = open.seek.unwrap();
    let token = alice.token.clone().unwrap();
    // Killed while Alice is still connected (had she left, her seeks would have gone with her).
    let server = server.restart().await;
    drop(alice);

    // Until Alice is back her open seek is neither listed nor accepted.
    let mut bob = Client::hello(&server, "bob").await;
    let Reply::Seeks { seeks, .. } = bob.request(Request::ListSeeks).await.unwrap() else {
        panic!()
    };
    assert!(seeks.is_empty());
    let e = bob
        .request(Request::AcceptSeek { seek: open_seek })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoSuchSeek);
    // Alice comes back: her seeks are hers again, and follow her connection.
    let mut alice = Client::hello_as(&server, "alice", Some(&token)).await;
    let Reply::Seeks { seeks, .. } = bob.request(Request::ListSeeks).await.unwrap() else {
        panic!()
    };
    assert_eq!(
        seeks.len(),
        1,
        "the open seek is listed again, the private one is not"
    );
    assert_eq!(seeks[0].seek, open_seek);
    assert_eq!(seeks[0].by.name, "alice");
    assert_eq!(seeks[0].kind, GameKind::Jungle);

    let game = join(&mut bob, Request::JoinByCode { code: code.clone() }).await;
    assert_eq!(bob.snapshot(game).await.your_seats, [Side::Second]);
    // Alice is told of the game without asking.
    assert_eq!(alice.snapshot(game).await.your_seats, [Side::First]);
    // The code was used up: a player of its game who opens the link again is sent back to
    // the game, anyone else is refused.
    assert_eq!(
        join(&mut bob, Request::JoinByCode { code: code.clone() }).await,
        game
    );
    let mut carol = Client::hello(&server, "carol").await;
    let e = carol
        .request(Request::JoinByCode { code })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadInviteCode);
    // They play it out.
    let (moves, end) = play_on(
        &mut [&mut alice, &mut bob],
        game,
        &mut start_of(GameKind::Kalah),
        7,
        0,
    )
    .await;
    assert!(!moves.is_empty());
    assert!(matches!(end, GameEvent::Ended { .. }));
    // The reloaded open seek can still be withdrawn by its seeker.
    alice
        .request(Request::CancelSeek { seek: open_seek })
        .await
        .unwrap();
    let Reply::Seeks { seeks, .. } = bob.request(Request::ListSeeks).await.unwrap() else {
        panic!()
    };
    assert!(seeks.is_empty());
}

#[tokio::test]
async fn a_seek_taken_while_its_seeker_is_away_waits_for_them_to_rejoin() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let code = create(&mut alice, setup(GameKind::BaghChal, Opponent::Private))
        .await
        .code
        .unwrap();
    let token = alice.token.clone().unwrap();
    let server = server.restart().await;
    drop(alice);

    let mut bob = Client::hello(&server, "bob").await;
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    let snap = bob.snapshot(game).await;
    assert!(!snap.presence[0].connected, "alice is not back yet");
    // Alice comes back: the game is among her live games, and she plays it.
    let mut alice = Client::connect(&server).await;
    let reply = alice
        .request(Request::Hello {
            version: chaupal_shared::protocol::PROTOCOL_VERSION,
            name: "alice".into(),
            token: Some(token),
            turns: false,
        })
        .await
        .unwrap();
    let Reply::Welcome(welcome) = reply else {
        panic!("{reply:?}")
    };
    assert_eq!(welcome.live_games, [game]);
    assert_eq!(alice.rejoin(game).await.your_seats, [Side::First]);
    let mut position = start_of(GameKind::BaghChal);
    let mv = pick_move(&position, &mut 3);
    alice.play(game, &mv).await.unwrap();
    position.play_text(&mv).unwrap();
    let (_, event) = bob.event(game).await;
    assert!(matches!(event, GameEvent::Moved { notation, .. } if notation == mv));
}

#[tokio::test]
async fn the_clock_of_the_side_to_move_is_paused_while_the_server_is_down() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) =
        seek_and_accept(&server, timed(GameKind::BaghChal, 60_000)).await;
    let mut position = start_of(GameKind::BaghChal);
    let mut seed = 5;
    for who in [0, 1] {
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][who].play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
    }
    moved_clocks(&mut alice, game).await;
    let stored = moved_clocks(&mut alice, game).await;
    assert_eq!(stored.running, Some(Side::First));
    // Alice thinks for a while, and the server dies before she moves; it stays down a while.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let tokens = [alice.token.clone().unwrap(), bob.token.clone().unwrap()];
    drop((alice, bob));
    let mut server = server;
    server.kill().await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let server = server.restart().await;

    let mut alice = Client::hello_as(&server, "alice", Some(&tokens[0])).await;
    let clocks = alice.rejoin(game).await.clocks.unwrap();
    // Her time is what it was at the last stored move: neither the thinking before the crash
    // (1.5 s) nor the time the server was down (1 s and more) is charged; only the moments
    // since the restart are.
    assert_eq!(clocks.running, Some(Side::First), "her clock runs again");
    assert_eq!(clocks.second_ms, stored.second_ms);
    assert!(clocks.first_ms <= stored.first_ms);
    assert!(
        stored.first_ms - clocks.first_ms < 1000,
        "charged {} ms: {stored:?} then {clocks:?}",
        stored.first_ms - clocks.first_ms
    );
    // And it runs from the restart on: her move is charged.
    let mut bob = Client::hello_as(&server, "bob", Some(&tokens[1])).await;
    bob.rejoin(game).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mv = pick_move(&position, &mut seed);
    alice.play(game, &mv).await.unwrap();
    let after = moved_clocks(&mut bob, game).await;
    assert!(
        after.first_ms + 300 <= clocks.first_ms,
        "{clocks:?} then {after:?}"
    );
    assert_eq!(after.running, Some(Side::Second));
}

#[tokio::test]
async fn sigterm_tells_everyone_flushes_and_exits_cleanly_and_nothing_is_lost() {
    let server = ServerProcess::start_for_games(&[]).await;
    let (mut alice, mut bob, game) = open_game(&server, GameKind::Kalah).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 13;
    let mut played = 0;
    while played < 4 {
        let mv = pick_move(&position, &mut seed);
        let who = chaupal_tests::mover(&position, 0);
        [&mut alice, &mut bob][who].play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        played += 1;
    }
    let mut carol = Client::hello(&server, "carol").await;
    let code = create(&mut carol, setup(GameKind::Jungle, Opponent::Private))
        .await
        .code
        .unwrap();
    let tokens = [alice.token.clone().unwrap(), bob.token.clone().unwrap()];

    let mut server = server;
    let status = server.terminate().await;
    assert!(status.success(), "exit status {status:?}");
    // Every connected client was told, and its connection closed.
    for c in [&mut alice, &mut bob, &mut carol] {
        let seen = c.until_closed().await;
        assert!(
            seen.iter().any(|m| matches!(
                m,
                ServerMessage::Error { id: None, error } if error.code == ErrorCode::ShuttingDown
            )),
            "{seen:?}"
        );
    }
    // Nobody is accepted any more.
    assert!(
        tokio_tungstenite::connect_async(server.url())
            .await
            .is_err()
    );

    // Started again, the game and the invitation are there.
    let server = server.restart().await;
    let mut alice = Client::hello_as(&server, "alice", Some(&tokens[0])).await;
    let mut bob = Client::hello_as(&server, "bob", Some(&tokens[1])).await;
    let snap = alice.rejoin(game).await;
    assert_eq!(snap.position, position.position_text());
    assert_eq!(snap.moves.len(), played);
    bob.rejoin(game).await;
    let mut dave = Client::hello(&server, "dave").await;
    join(&mut dave, Request::JoinByCode { code }).await;
    let (_, end) = play_on(&mut [&mut alice, &mut bob], game, &mut position, 5, played).await;
    assert!(matches!(end, GameEvent::Ended { .. }));
}

#[tokio::test]
async fn serve_needs_no_setup_and_its_help_explains_every_option() {
    // No --database: the records go to chaupal.sqlite in the working directory.
    let dir = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::start_bare(dir.path(), &[]).await;
    let mut c = Client::hello(&server, "first").await;
    let game = create(&mut c, setup(GameKind::Kalah, Opponent::Local))
        .await
        .game
        .unwrap();
    c.snapshot(game).await;
    assert!(dir.path().join("chaupal.sqlite").is_file());
    assert!(server.terminate().await.success());

    // Every option of `serve` is in its --help, with an explanation, but those for tests.
    let out = tokio::process::Command::new(chaupal_tests::server_binary())
        .args(["serve", "--help"])
        .output()
        .await
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let options = <chaupal_server::config::ServerConfig as clap::Args>::augment_args(
        clap::Command::new("serve"),
    );
    let mut checked = 0;
    for arg in options.get_arguments() {
        let long = arg.get_long().unwrap();
        if arg.is_hide_set() {
            // Only the options for tests are left out of the help.
            assert!(long.starts_with("test-"), "--{long} is hidden");
            assert!(!help.contains(&format!("--{long}")), "--{long} is hidden");
            continue;
        }
        assert!(help.contains(&format!("--{long}")), "--{long} in:\n{help}");
        assert!(
            arg.get_help().is_some_and(|h| !h.to_string().is_empty()),
            "--{long} is explained"
        );
        checked += 1;
    }
    assert!(checked >= 20, "{checked} options");
}

/// The records keep the server's wall clock, which a test moves on through
/// `--test-clock-offset-file` (off in production): a game started with the clock ten years
/// ahead is dated ten years ahead, and one started after the file says twenty, twenty.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_records_keep_the_servers_wall_clock_which_a_test_can_move_on() {
    const YEAR_MS: u64 = 365 * 86_400_000;
    let dir = tempfile::tempdir().unwrap();
    let offset = dir.path().join("clock-offset");
    std::fs::write(&offset, (10 * YEAR_MS).to_string()).unwrap();
    let server =
        ServerProcess::start_for_games(&["--test-clock-offset-file", offset.to_str().unwrap()])
            .await;
    let now_ms = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64
    };
    for years in [10, 20] {
        std::fs::write(&offset, (years * YEAR_MS).to_string()).unwrap();
        let before = chaupal_rules::record::date_of(now_ms() + years * YEAR_MS);
        let (mut alice, _bob, game) = chaupal_tests::play::seek_and_accept(
            &server,
            chaupal_tests::play::setup(GameKind::Kalah, Opponent::Open),
        )
        .await;
        let after = chaupal_rules::record::date_of(now_ms() + years * YEAR_MS);
        let (text, _) = chaupal_tests::play::record(&mut alice, game).await;
        assert!(
            text.contains(&format!("[Date \"{before}\"]"))
                || text.contains(&format!("[Date \"{after}\"]")),
            "{years} years ahead ({before}):\n{text}"
        );
    }
}
