//! Correspondence games against the real server: days a move kept in the records and met by
//! the records' clock (which the tests move on through `--test-clock-offset-file`), games lost
//! on time with nobody online, deadlines that pass while the server is down, rooms that sleep
//! and wake, the list of one's games, the correspondence limit and its own rating pool. The
//! games that go over days run on SQLite and, when `CHAUPAL_TEST_POSTGRES` names a server, on
//! PostgreSQL too.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Correspondence, ErrorCode, GameEvent, GameId, GameSetup, MyGame, MySeek, Opponent, Reply,
    Request, ResultReason,
};
use chaupal_tests::clock::TestClock;
use chaupal_tests::play::{self, create, join};
use chaupal_tests::services::fresh_database;
use chaupal_tests::{Client, ServerProcess, pick_move, start_of};

const DAY_MS: u64 = 86_400_000;
/// How far a deadline may be from the one computed here (the test's and the server's "now"
/// differ by the time the request takes).
const SLACK_MS: u64 = 60_000;

/// A game of `days` days a move (none: unlimited) between friends, the creator playing first.
fn correspondence(kind: GameKind, days: Option<u8>, rated: bool) -> GameSetup {
    GameSetup {
        correspondence: Some(Correspondence { days }),
        rated,
        ..play::setup(kind, Opponent::Private)
    }
}

/// Alice invites Bob to a correspondence game as `setup` says; Bob joins by the code. Alice
/// holds the first seat.
async fn invite(server: &ServerProcess, setup: GameSetup) -> (Client, Client, GameId) {
    let mut alice = Client::hello(server, "alice").await;
    let mut bob = Client::hello(server, "bob").await;
    let code = create(&mut alice, setup).await.code.unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    (alice, bob, game)
}

async fn my_games(c: &mut Client) -> Vec<MyGame> {
    my_games_and_more(c).await.0
}

/// The games `my_games` lists, and how many more there are.
async fn my_games_and_more(c: &mut Client) -> (Vec<MyGame>, u32) {
    match c.request(Request::MyGames).await.unwrap() {
        Reply::MyGames { games, more } => (games, more),
        other => panic!("expected my games, got {other:?}"),
    }
}

/// The next move of `game` that `c` sees, with its deadline.
async fn next_move(c: &mut Client, game: GameId) -> (String, Option<u64>) {
    loop {
        if let (
            _,
            GameEvent::Moved {
                notation,
                deadline_ms,
                ..
            },
        ) = c.event(game).await
        {
            return (notation, deadline_ms);
        }
    }
}

fn assert_near(deadline: Option<u64>, expected: u64, what: &str) {
    let deadline = deadline.unwrap_or_else(|| panic!("{what}: no deadline"));
    assert!(
        deadline.abs_diff(expected) < SLACK_MS,
        "{what}: deadline {deadline}, expected about {expected} ({} s apart)",
        deadline.abs_diff(expected) / 1000
    );
}

/// Plays `plies` random moves, one "day" apart by the records' clock: each side moves when
/// it is its turn, the other sees the move with the next deadline, three days on.
async fn play_days(
    clock: &mut TestClock,
    players: &mut [&mut Client; 2],
    game: GameId,
    position: &mut AnyGame,
    plies: usize,
    seed: &mut u64,
) {
    for _ in 0..plies {
        clock.advance(DAY_MS);
        let side = position.side_to_move();
        let mv = pick_move(position, seed);
        players[side.index()].play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        for player in players.iter_mut() {
            let (seen, deadline) = next_move(player, game).await;
            assert_eq!(seen, mv);
            assert_near(deadline, clock.now_ms() + 3 * DAY_MS, "after a move");
        }
    }
}

/// A server whose records' clock a test moves on (its offset file in `dir`), on `database`
/// or its own SQLite file, and a game between Alice and Bob set up as `setup`.
async fn on_a_test_clock(
    dir: &Path,
    database: Option<&str>,
    setup: GameSetup,
) -> (TestClock, ServerProcess, Client, Client, GameId) {
    let clock = TestClock::new(dir);
    let server = start(database, &clock.option()).await;
    let (alice, bob, game) = invite(&server, setup).await;
    (clock, server, alice, bob, game)
}

/// A server for games with these options, on PostgreSQL at `database` or on its own SQLite
/// file.
async fn start(database: Option<&str>, args: &[&str]) -> ServerProcess {
    match database {
        Some(url) => ServerProcess::start_for_games_on(url, args).await,
        None => ServerProcess::start_for_games(args).await,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_day_game_goes_over_days_and_is_lost_on_time_when_a_deadline_passes() {
    three_day_game(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_day_game_on_postgresql() {
    let Some(url) = fresh_database("chaupal_e2e_three_days").await else {
        return;
    };
    three_day_game(Some(&url)).await;
}

/// Two friends play a rated three-day Bagh Chal game over many days; each move gives the
/// other three days; the list of one's games shows whose turn it is; when Bob lets a deadline
/// pass, he loses on time, and the result counts in the correspondence pool, not the live one.
async fn three_day_game(database: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (mut clock, _server, mut alice, mut bob, game) = on_a_test_clock(
        dir.path(),
        database,
        correspondence(GameKind::BaghChal, Some(3), true),
    )
    .await;
    let started = alice.snapshot(game).await;
    assert_eq!(started.summary.correspondence, Correspondence::days(3));
    assert_near(
        started.deadline_ms,
        clock.now_ms() + 3 * DAY_MS,
        "at the start",
    );
    assert!(
        started.presence.iter().all(|p| p.claim_in_ms.is_none()),
        "no grace periods in a correspondence game: {:?}",
        started.presence
    );
    let mut position = start_of(GameKind::BaghChal);
    let mut seed = 7;
    play_days(
        &mut clock,
        &mut [&mut alice, &mut bob],
        game,
        &mut position,
        6,
        &mut seed,
    )
    .await;
    assert_eq!(position.side_to_move(), Side::First);
    // Whose turn: Alice's. Each list has the game, with the deadline three days from the last
    // move.
    let mine = my_games(&mut alice).await;
    let theirs = my_games(&mut bob).await;
    assert_eq!(mine.len(), 1);
    assert!(mine[0].your_turn && !theirs[0].your_turn);
    assert_eq!(mine[0].your_seats, vec![Side::First]);
    assert_eq!(theirs[0].your_seats, vec![Side::Second]);
    assert_near(
        mine[0].summary.deadline_ms,
        clock.now_ms() + 3 * DAY_MS,
        "in the list",
    );
    assert_eq!(mine[0].summary.plies, 6);
    // Not among the live games the lobby lists.
    match alice.request(Request::ListGames).await.unwrap() {
        Reply::Games { games, .. } => assert!(games.iter().all(|g| g.game != game), "{games:?}"),
        other => panic!("{other:?}"),
    }
    // No claiming a win from an absent opponent: the deadline decides.
    let claim = alice
        .act(game, chaupal_shared::protocol::Action::ClaimWin)
        .await
        .unwrap_err();
    assert_eq!(claim.code, ErrorCode::NotAllowed, "{claim:?}");
    // Alice moves; Bob lets three days and a bit pass.
    play_days(
        &mut clock,
        &mut [&mut alice, &mut bob],
        game,
        &mut position,
        1,
        &mut seed,
    )
    .await;
    drop(bob);
    clock.advance(3 * DAY_MS + 1_000);
    let result = tokio::time::timeout(Duration::from_secs(15), play::ended(&mut alice, game))
        .await
        .expect("the deadline is met within seconds");
    assert_eq!(result.reason, ResultReason::Timeout);
    assert_eq!(result.winner, Some(Side::First));
    assert!(my_games(&mut alice).await.is_empty());
    let (text, moves) = play::record(&mut alice, game).await;
    assert_eq!(moves.len(), 7);
    assert!(text.contains("[Correspondence \"3\"]"), "{text}");
    assert!(text.contains("[Termination \"timeout\"]"), "{text}");
    let ratings = play::own_ratings(&mut alice).await;
    assert_eq!(ratings.len(), 1, "{ratings:?}");
    assert!(ratings[0].correspondence && ratings[0].kind == GameKind::BaghChal);
    assert!(ratings[0].rating > 1500.0, "{ratings:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_that_passes_while_the_server_is_down_is_met_after_the_restart() {
    deadline_while_down(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_that_passes_while_the_server_is_down_on_postgresql() {
    let Some(url) = fresh_database("chaupal_e2e_deadline_down").await else {
        return;
    };
    deadline_while_down(Some(&url)).await;
}

/// A deadline that passes while the server is down is met when it is back: the game is lost
/// on time by the side that was to move, though only the winner comes back to look.
async fn deadline_while_down(database: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let (mut clock, server, mut alice, mut bob, game) = on_a_test_clock(
        dir.path(),
        database,
        correspondence(GameKind::Kalah, Some(1), false),
    )
    .await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 3;
    // Both sides move (Kalah's extra turns may give one side several moves running).
    let mut moved = [false; 2];
    while moved != [true; 2] {
        let side = position.side_to_move();
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][side.index()]
            .play(game, &mv)
            .await
            .unwrap();
        position.play_text(&mv).unwrap();
        moved[side.index()] = true;
    }
    let late = position.side_to_move();
    let token = alice.token.clone().unwrap();
    drop((alice, bob));
    let mut server = server;
    server.kill().await;
    clock.advance(2 * DAY_MS);
    let server = server.restart().await;
    let mut alice = Client::hello_as(&server, "alice", Some(&token)).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let (text, _) = loop {
        let (text, moves) = play::record(&mut alice, game).await;
        if text.contains("[Termination") || tokio::time::Instant::now() > deadline {
            break (text, moves);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(text.contains("[Termination \"timeout\"]"), "{text}");
    let result = if late == Side::First { "0-1" } else { "1-0" };
    assert!(text.contains(&format!("[Result \"{result}\"]")), "{text}");
}

/// A correspondence game nobody looks at sleeps: its room closes (the server's health page
/// counts the rooms). A move wakes it and is acknowledged; Bob, back at the board, sees it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleeping_game_wakes_on_a_move_and_the_other_player_sees_it() {
    let server = ServerProcess::start_for_games(&["--sleep-after-secs", "1"]).await;
    let setup = correspondence(GameKind::Jungle, Some(7), false);
    let (mut alice, mut bob, game) = invite(&server, setup).await;
    let rooms = |body: &str| -> usize {
        let line = body.lines().find(|l| l.starts_with("rooms ")).unwrap();
        line["rooms ".len()..].parse().unwrap()
    };
    let addr = server.addr.to_string();
    assert_eq!(rooms(&chaupal_tests::health(&addr, None).await.1), 1);
    // Both leave the board (but stay connected): the room sleeps.
    for c in [&mut alice, &mut bob] {
        c.request(Request::Unwatch { game }).await.unwrap();
    }
    let asleep = tokio::time::Instant::now() + Duration::from_secs(10);
    while rooms(&chaupal_tests::health(&addr, None).await.1) > 0 {
        assert!(tokio::time::Instant::now() < asleep, "the room never slept");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let position = start_of(GameKind::Jungle);
    let mv = pick_move(&position, &mut 11);
    alice.play(game, &mv).await.unwrap();
    // What they saw before the room slept is not what it says now.
    alice.inbox.clear();
    bob.inbox.clear();
    let snapshot = bob.rejoin(game).await;
    assert_eq!(snapshot.moves, vec![mv.clone()]);
    assert_eq!(snapshot.side_to_move, Side::Second);
    assert_eq!(rooms(&chaupal_tests::health(&addr, None).await.1), 1);
    // Bob answers in the woken room; Alice, back too, sees it.
    alice.rejoin(game).await;
    let mut after = position.clone();
    after.play_text(&mv).unwrap();
    let answer = pick_move(&after, &mut 5);
    bob.play(game, &answer).await.unwrap();
    assert_eq!(next_move(&mut alice, game).await.0, answer);
}

/// The set-ups a correspondence game may not have are refused with the reason, and a player
/// at the correspondence limit is told so; live games do not count against it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_correspondence_setups_and_the_limit_are_refused_with_reasons() {
    let server = ServerProcess::start_for_games(&["--max-correspondence-games", "2"]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let refused = [
        (
            correspondence(GameKind::Kalah, Some(4), false),
            "1, 2, 3, 5, 7 or 14 days",
        ),
        (
            GameSetup {
                clock: play::timed(GameKind::Kalah, 60_000).clock,
                ..correspondence(GameKind::Kalah, Some(3), false)
            },
            "not a clock",
        ),
        (
            GameSetup {
                opponent: Opponent::Local,
                ..correspondence(GameKind::Kalah, Some(3), false)
            },
            "between two players",
        ),
        (
            GameSetup {
                opponent: Opponent::Open,
                ..correspondence(GameKind::Kalah, None, false)
            },
            "without a limit are for friends",
        ),
        (correspondence(GameKind::Kalah, None, true), "never rated"),
    ];
    for (setup, why) in refused {
        let e = alice.request(Request::CreateGame(setup)).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::BadSetup, "{e:?}");
        assert!(e.reason.contains(why), "{why}: {e:?}");
    }
    // Two correspondence games: a seek waiting, and an unlimited game against the AI.
    let seek = GameSetup {
        opponent: Opponent::Open,
        ..correspondence(GameKind::Kalah, Some(5), false)
    };
    create(&mut alice, seek).await;
    let ai = GameSetup {
        opponent: Opponent::Ai {
            engine: chaupal_shared::protocol::Engine::Level { level: 1 },
        },
        ..correspondence(GameKind::Kalah, None, false)
    };
    assert!(create(&mut alice, ai.clone()).await.game.is_some());
    let e = alice.request(Request::CreateGame(ai)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::TooManyGames, "{e:?}");
    assert!(e.reason.contains("2 correspondence games"), "{e:?}");
    // A live game is still allowed.
    let live = play::setup(GameKind::Kalah, Opponent::Open);
    assert!(create(&mut alice, live).await.seek.is_some());
}

/// A correspondence seek outlives its seeker's connection: Bob accepts it after Alice has
/// gone, and the game is in Alice's list when she comes back, her turn first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_seek_waits_for_an_opponent_after_its_seeker_leaves() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let seek = GameSetup {
        opponent: Opponent::Open,
        ..correspondence(GameKind::BaghChal, Some(2), false)
    };
    let seek = create(&mut alice, seek).await.seek.unwrap();
    let token = alice.token.clone().unwrap();
    drop(alice);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut bob = Client::hello(&server, "bob").await;
    let listed = match bob.request(Request::ListSeeks).await.unwrap() {
        Reply::Seeks { seeks, .. } => seeks,
        other => panic!("{other:?}"),
    };
    assert!(
        listed
            .iter()
            .any(|s| s.seek == seek && s.correspondence == Correspondence::days(2)),
        "{listed:?}"
    );
    let game = join(&mut bob, Request::AcceptSeek { seek }).await;
    let mut alice = Client::hello_as(&server, "alice", Some(&token)).await;
    let mine = my_games(&mut alice).await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0].summary.game, game);
    assert!(mine[0].your_turn);
}

/// The player's seeks and invitations still waiting.
async fn my_seeks(c: &mut Client) -> Vec<MySeek> {
    match c.request(Request::MySeeks).await.unwrap() {
        Reply::MySeeks { seeks } => seeks,
        other => panic!("not my seeks: {other:?}"),
    }
}

/// A player who comes back (on any device) finds what still waits for an opponent: their
/// correspondence invitation with its code, to send again, and their open seek; a cancelled
/// or taken one is gone from the list, and nobody else sees them there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_back_finds_their_waiting_invitations_with_their_codes() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let invitation = create(&mut alice, correspondence(GameKind::Jungle, Some(3), false)).await;
    let open = GameSetup {
        opponent: Opponent::Open,
        ..correspondence(GameKind::BaghChal, Some(2), false)
    };
    let open = create(&mut alice, open).await.seek.unwrap();
    let token = alice.token.clone().unwrap();
    drop(alice);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut phone = Client::hello_as(&server, "alice", Some(&token)).await;
    let waiting = my_seeks(&mut phone).await;
    assert_eq!(waiting.len(), 2, "{waiting:?}");
    assert_eq!(waiting[0].seek.seek, invitation.seek.unwrap());
    assert_eq!(waiting[0].invite_code, invitation.code);
    assert_eq!(waiting[0].seek.kind, GameKind::Jungle);
    assert_eq!(waiting[0].seek.correspondence, Correspondence::days(3));
    assert_eq!(waiting[1].seek.seek, open);
    assert_eq!(waiting[1].invite_code, None);
    // Somebody else's list has none of them.
    let mut bob = Client::hello(&server, "bob").await;
    assert!(my_seeks(&mut bob).await.is_empty());
    // Taken and cancelled ones leave it.
    join(
        &mut bob,
        Request::JoinByCode {
            code: invitation.code.clone().unwrap(),
        },
    )
    .await;
    phone
        .request(Request::CancelSeek { seek: open })
        .await
        .unwrap();
    assert!(my_seeks(&mut phone).await.is_empty());
}

/// The next `my_game` notice of `game` that `c` gets.
async fn notice(c: &mut Client, game: GameId) -> MyGame {
    c.wait_for(|m| match m {
        chaupal_shared::protocol::ServerMessage::MyGame(g) if g.summary.game == game => {
            Some((**g).clone())
        }
        _ => None,
    })
    .await
}

/// Every device of both players hears of a correspondence game as it starts, moves and ends,
/// at the board or not: Alice's phone, which never opened the game, knows whose turn it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_device_of_a_player_hears_of_each_move_at_the_board_or_not() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut alice = Client::hello(&server, "alice").await;
    let token = alice.token.clone().unwrap();
    let mut phone = Client::hello_as(&server, "alice", Some(&token)).await;
    let mut bob = Client::hello(&server, "bob").await;
    let setup = correspondence(GameKind::Kalah, Some(2), false);
    let code = create(&mut alice, setup).await.code.unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    let started = notice(&mut phone, game).await;
    assert!(started.your_turn, "{started:?}");
    assert_eq!(started.summary.plies, 0);
    assert!(started.summary.deadline_ms.is_some());
    assert!(!notice(&mut bob, game).await.your_turn);
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 5;
    for _ in 0..4 {
        let side = position.side_to_move();
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][side.index()]
            .play(game, &mv)
            .await
            .unwrap();
        position.play_text(&mv).unwrap();
        let seen = notice(&mut phone, game).await;
        assert_eq!(
            seen.your_turn,
            position.side_to_move() == Side::First,
            "{seen:?}"
        );
        let theirs = notice(&mut bob, game).await;
        assert_eq!(theirs.your_turn, !seen.your_turn);
    }
    bob.act(game, chaupal_shared::protocol::Action::Resign)
        .await
        .unwrap();
    let over = notice(&mut phone, game).await;
    assert_eq!(
        over.summary.status,
        chaupal_shared::protocol::GameStatus::Finished
    );
    assert!(!over.your_turn);
    assert_eq!(over.summary.result.unwrap().winner, Some(Side::First));
}

/// The server's `rooms N` line on its health page.
async fn rooms_open(server: &ServerProcess) -> usize {
    let (_, body) = chaupal_tests::health(&server.addr.to_string(), None).await;
    let line = body.lines().find(|l| l.starts_with("rooms ")).unwrap();
    line["rooms ".len()..].parse().unwrap()
}

/// Ten thousand correspondence games against the AI are made by ten players; with nobody at
/// them their rooms sleep (none stays open), and a server started again over those records
/// holds no more memory than one over empty records. A move in a sleeping game wakes it and is
/// answered. The memory and the wake time are printed (docs/BENCHMARKS.md keeps larger runs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_sleeping_games_hold_no_rooms_and_no_memory() {
    const PLAYERS: usize = 10;
    const EACH: usize = 1_000;
    let options = [
        "--sleep-after-secs",
        "1",
        "--max-correspondence-games",
        "100000",
    ];
    let empty = ServerProcess::start_for_games(&options).await;
    let empty_mb = chaupal_tests::rss_mb(empty.pid().unwrap()).unwrap();
    drop(empty);
    let server = ServerProcess::start_for_games(&options).await;
    let setup = GameSetup {
        opponent: Opponent::Ai {
            engine: chaupal_shared::protocol::Engine::Level { level: 1 },
        },
        ..correspondence(GameKind::Kalah, Some(14), false)
    };
    let started = std::time::Instant::now();
    let mut makers = Vec::new();
    for p in 0..PLAYERS {
        let mut c = Client::hello(&server, &format!("player{p}")).await;
        let setup = setup.clone();
        makers.push(tokio::spawn(async move {
            let mut games = Vec::new();
            for _ in 0..EACH {
                games.push(create(&mut c, setup.clone()).await.game.unwrap());
                c.inbox.clear();
            }
            (c, games)
        }));
    }
    let mut players = Vec::new();
    for m in makers {
        players.push(m.await.unwrap());
    }
    let made_in = started.elapsed();
    let open_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    // Nobody looks at them: they sleep.
    for (c, games) in &mut players {
        for game in games.iter() {
            c.request(Request::Unwatch { game: *game }).await.unwrap();
        }
    }
    let asleep_by = tokio::time::Instant::now() + Duration::from_secs(30);
    while rooms_open(&server).await > 0 {
        assert!(tokio::time::Instant::now() < asleep_by, "rooms stay open");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let asleep_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    // A move in a sleeping game wakes it; the AI answers.
    let (c, games) = &mut players[3];
    let game = games[500];
    let mv = pick_move(&start_of(GameKind::Kalah), &mut 1);
    let woke = std::time::Instant::now();
    c.play(game, &mv).await.unwrap();
    let wake = woke.elapsed();
    // The list shows as many as a reply holds, those where it is the player's turn first.
    let (mine, more) = my_games_and_more(c).await;
    let listed = chaupal_shared::protocol::MY_GAMES_LISTED;
    assert_eq!((mine.len(), more as usize), (listed, EACH - listed));
    assert!(mine.iter().all(|g| g.your_turn));
    let token = c.token.clone().unwrap();
    // Started again over the records: the games stay asleep, and cost no memory.
    drop(players);
    let mut server = server;
    server.kill().await;
    let server = server.restart().await;
    let restarted_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    assert_eq!(rooms_open(&server).await, 0);
    let mut again = Client::hello_as(&server, "player3", Some(&token)).await;
    let (listed, more) = my_games_and_more(&mut again).await;
    assert_eq!(listed.len() + more as usize, EACH);
    eprintln!(
        "{} games made in {made_in:?}; memory: empty {empty_mb:.1} MB, rooms open \
         {open_mb:.1} MB, asleep {asleep_mb:.1} MB, restarted over them {restarted_mb:.1} MB; \
         a move woke a game in {wake:?}",
        PLAYERS * EACH
    );
    assert!(
        restarted_mb < empty_mb + 16.0,
        "restarted over {} sleeping games: {restarted_mb:.1} MB, empty: {empty_mb:.1} MB",
        PLAYERS * EACH
    );
}

/// A whole number from the environment, or `default`.
fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The benchmark of docs/BENCHMARKS.md ("Correspondence games"), outside the suite: the
/// server's memory with `CHAUPAL_BENCH_GAMES` (100,000) sleeping correspondence games and with
/// `CHAUPAL_BENCH_OPEN` (1,000) of them open, the time a move takes to wake a game, how late
/// `CHAUPAL_BENCH_DEADLINES` (1,000) deadlines passing at once are met, and push notices sent
/// a second. Run it against a release build:
/// `CHAUPAL_SERVER_BIN=target/release/chaupal-server cargo test --release -p chaupal-tests
/// --test correspondence correspondence_at_scale -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn correspondence_at_scale() {
    use chaupal_tests::push_receiver::PushReceiver;
    const PLAYERS: usize = 50;
    const PER_PLAYER: usize = 50;
    let games = env_or("CHAUPAL_BENCH_GAMES", 100_000);
    let open = env_or("CHAUPAL_BENCH_OPEN", 1_000);
    let deadlines = env_or("CHAUPAL_BENCH_DEADLINES", 1_000);
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let mut receiver = PushReceiver::start().await;
    let options = [
        "--connections-per-address",
        "1000",
        "--sleep-after-secs",
        "1",
        "--max-correspondence-games",
        "10000000",
        "--test-push-receiver",
        receiver.origin.as_str(),
        clock.option()[0],
        clock.option()[1],
    ];
    let mut server = ServerProcess::start_for_games(&options).await;
    let empty_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    let ai = |days| GameSetup {
        opponent: Opponent::Ai {
            engine: chaupal_shared::protocol::Engine::Level { level: 1 },
        },
        ..correspondence(GameKind::Kalah, Some(days), false)
    };
    // The games that sleep: PLAYERS makers side by side, each as one player after another
    // who connects, makes PER_PLAYER games and goes (a player's rooms sleep once they go).
    let made = std::time::Instant::now();
    let mut makers = Vec::new();
    for m in 0..PLAYERS {
        let url = server.url();
        let setup = ai(14);
        let each = games / PLAYERS;
        makers.push(tokio::spawn(async move {
            let mut players = Vec::new();
            let mut left = each;
            while left > 0 {
                let name = format!("p{m}-{}", players.len());
                let mut c = Client::hello_at(&url, &name, None).await;
                let mut ids = Vec::with_capacity(PER_PLAYER);
                for _ in 0..PER_PLAYER.min(left) {
                    ids.push(create(&mut c, setup.clone()).await.game.unwrap());
                    c.inbox.clear();
                }
                left -= ids.len();
                players.push((name, c.token.clone().unwrap(), ids));
            }
            players
        }));
    }
    let mut made_games = Vec::new();
    for m in makers {
        made_games.extend(m.await.unwrap());
    }
    let made_in = made.elapsed();
    server.kill().await;
    let server = server.restart().await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let sleeping_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    assert_eq!(rooms_open(&server).await, 0);
    // Some of them open: their players look at them.
    let mut lookers = Vec::new();
    for (name, token, ids) in made_games.iter().take(PLAYERS) {
        let mut c = Client::hello_as(&server, name, Some(token)).await;
        for game in ids.iter().take(open / PLAYERS) {
            c.rejoin(*game).await;
        }
        lookers.push(c);
    }
    let open_rooms = rooms_open(&server).await;
    let open_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    // A move in a sleeping game wakes it.
    let mut wakes = Vec::new();
    for (p, (_, _, ids)) in made_games.iter().enumerate().take(PLAYERS) {
        let c = &mut lookers[p];
        for game in ids.iter().rev().take(4) {
            let mv = pick_move(&start_of(GameKind::Kalah), &mut 1);
            let t = std::time::Instant::now();
            c.play(*game, &mv).await.unwrap();
            wakes.push(t.elapsed());
        }
    }
    wakes.sort();
    // Deadlines passing at once: a player with a browser subscribed makes games of a day a
    // move, leaves them, and a day and a bit passes.
    let mut late = Client::hello(&server, "late").await;
    receiver.trust(late.welcome.as_ref().unwrap().push_key.as_deref().unwrap());
    let browser = receiver.subscription(1);
    late.request(Request::PushSubscribe {
        endpoint: browser.endpoint.clone(),
        p256dh: browser.p256dh.clone(),
        auth: browser.auth.clone(),
    })
    .await
    .unwrap();
    for _ in 0..deadlines {
        create(&mut late, ai(1)).await;
        late.inbox.clear();
    }
    drop(lookers);
    tokio::time::sleep(Duration::from_secs(3)).await;
    clock.advance(DAY_MS + 1_000);
    let passed = std::time::Instant::now();
    let mut last_met = Duration::ZERO;
    loop {
        let (games, more) = my_games_and_more(&mut late).await;
        if games.is_empty() && more == 0 {
            break;
        }
        last_met = passed.elapsed();
        assert!(last_met < Duration::from_secs(600), "deadlines not met");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut pushed = 0;
    while pushed < deadlines {
        if receiver.next(Duration::from_secs(60)).await.is_none() {
            break;
        }
        pushed += 1;
    }
    let push_in = passed.elapsed();
    println!(
        "correspondence at scale: {games} games made in {made_in:.1?} ({:.0}/s); memory: \
         empty {empty_mb:.1} MB, {games} sleeping (restarted) {sleeping_mb:.1} MB, \
         {open_rooms} open {open_mb:.1} MB; a move waking a game: median {:.1?}, p99 {:.1?}; \
         {deadlines} deadlines passing at once all met within {last_met:.1?}; {pushed} push \
         notices in {push_in:.1?} ({:.0}/s)",
        games as f64 / made_in.as_secs_f64(),
        wakes[wakes.len() / 2],
        wakes[wakes.len() * 99 / 100],
        pushed as f64 / push_in.as_secs_f64(),
    );
    assert_eq!(pushed, deadlines, "a notice for each game ended");
}

/// The server over a million correspondence games in PostgreSQL, outside the suite (the aim of
/// docs/BENCHMARKS.md, "Correspondence games"): one game is made through the server, then
/// copied in the records by SQL to `CHAUPAL_BENCH_MILLION` (1,000,000) games in play, and the
/// server is started again over them: its memory, and a move waking games picked across them.
/// Needs PostgreSQL (`CHAUPAL_TEST_POSTGRES`); run it against a release build:
/// `CHAUPAL_SERVER_BIN=target/release/chaupal-server cargo test -p chaupal-tests --test
/// correspondence correspondence_in_postgresql_at_a_million -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn correspondence_in_postgresql_at_a_million() {
    use sqlx::Connection;
    let games = env_or("CHAUPAL_BENCH_MILLION", 1_000_000) as i64;
    let Some(url) = fresh_database("chaupal_bench_million").await else {
        panic!("no PostgreSQL: set CHAUPAL_TEST_POSTGRES");
    };
    let options = ["--sleep-after-secs", "1"];
    let mut server = ServerProcess::start_for_games_on(&url, &options).await;
    let empty_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    let mut asha = Client::hello(&server, "asha").await;
    let token = asha.token.clone().unwrap();
    let setup = GameSetup {
        opponent: Opponent::Ai {
            engine: chaupal_shared::protocol::Engine::Level { level: 1 },
        },
        ..correspondence(GameKind::Kalah, Some(14), false)
    };
    let first = create(&mut asha, setup).await.game.unwrap();
    drop(asha);
    server.kill().await;
    // The copies: every column of the game's row but its number.
    let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
    let columns: Vec<String> = sqlx::query_scalar(
        "SELECT column_name::text FROM information_schema.columns \
         WHERE table_name = 'games' AND column_name <> 'id' ORDER BY ordinal_position",
    )
    .fetch_all(&mut db)
    .await
    .unwrap();
    let columns = columns.join(", ");
    let copied = std::time::Instant::now();
    sqlx::query(&format!(
        "INSERT INTO games ({columns}) SELECT {columns} FROM games, generate_series(2, $1) \
         WHERE id = $2"
    ))
    .bind(games)
    .bind(first.0 as i64)
    .execute(&mut db)
    .await
    .unwrap();
    sqlx::query("ANALYZE games").execute(&mut db).await.unwrap();
    let copied_in = copied.elapsed();
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games WHERE correspondence_days IS NOT NULL ORDER BY id",
    )
    .fetch_all(&mut db)
    .await
    .unwrap();
    assert_eq!(ids.len() as i64, games);
    db.close().await.unwrap();
    let started = std::time::Instant::now();
    let server = server.restart().await;
    let start_in = started.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let sleeping_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    assert_eq!(rooms_open(&server).await, 0);
    // Moves in games spread across the million, each waking its game.
    let mut asha = Client::hello_as(&server, "asha", Some(&token)).await;
    let mut wakes = Vec::new();
    let step = (ids.len() / 200).max(1);
    for id in ids.iter().step_by(step) {
        let game = GameId(*id as u64);
        let mv = pick_move(&start_of(GameKind::Kalah), &mut 1);
        let t = std::time::Instant::now();
        asha.play(game, &mv).await.unwrap();
        wakes.push(t.elapsed());
        asha.inbox.clear();
    }
    wakes.sort();
    let woken_mb = chaupal_tests::rss_mb(server.pid().unwrap()).unwrap();
    println!(
        "correspondence in PostgreSQL: {games} games in play (copied by SQL in {copied_in:.1?}); \
         memory: empty {empty_mb:.1} MB, started over them in {start_in:.1?} \
         {sleeping_mb:.1} MB; {} moves waking games across them: median {:.1?}, p99 {:.1?}, \
         then {woken_mb:.1} MB",
        wakes.len(),
        wakes[wakes.len() / 2],
        wakes[wakes.len() * 99 / 100],
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_just_after_its_deadline_is_refused_and_the_game_lost_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let (mut clock, _server, mut alice, mut bob, game) = on_a_test_clock(
        dir.path(),
        None,
        correspondence(GameKind::Kalah, Some(1), false),
    )
    .await;
    alice.snapshot(game).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 3;
    // Both sides move (the game has begun), then the side to move lets its day pass.
    let mut moved = [false; 2];
    let mut plies = 0;
    while !(moved[0] && moved[1]) {
        let side = position.side_to_move();
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][side.index()]
            .play(game, &mv)
            .await
            .unwrap();
        position.play_text(&mv).unwrap();
        moved[side.index()] = true;
        plies += 1;
    }
    let late = position.side_to_move();
    clock.advance(DAY_MS + 1_000);
    // At once, before any scan of the deadlines: the move comes too late and does not count.
    let mv = pick_move(&position, &mut seed);
    let refused = [&mut alice, &mut bob][late.index()]
        .play(game, &mv)
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::GameOver, "{refused:?}");
    let result = play::ended(&mut alice, game).await;
    assert_eq!(result.reason, ResultReason::Timeout);
    assert_eq!(result.winner, Some(late.opponent()));
    let (_, moves) = play::record(&mut alice, game).await;
    assert_eq!(moves.len(), plies, "the late move is not in the record");
}
