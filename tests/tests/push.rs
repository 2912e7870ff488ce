//! Web Push from the real server to the tests' own push receiver (tests/src/push_receiver.rs),
//! which checks each post's VAPID signature and decrypts it as a browser would: exactly the
//! notices expected for a correspondence game (invitation taken, your turn, a reminder, the
//! end), none for what a player muted, a gone subscription forgotten, and bad subscriptions
//! refused with reasons. Push reaches only the public internet: special IPv6 endpoints are
//! refused, a kept endpoint whose host is not public is never connected to, and the log names
//! an endpoint by its host only.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{
    Correspondence, ErrorCode, GameId, GameSetup, Opponent, Reply, Request,
};
use chaupal_tests::clock::TestClock;
use chaupal_tests::logged::{seen_in, server_with_log};
use chaupal_tests::play::{self, create, join};
use chaupal_tests::push_receiver::{PushReceiver, Received, Subscription};
use chaupal_tests::{Client, ServerProcess, pick_move, start_of};

const DAY_MS: u64 = 86_400_000;
/// How long a test waits for a notice that should come.
const COMES_WITHIN: Duration = Duration::from_secs(10);
/// How long a test waits to be sure no other notice comes.
const NONE_WITHIN: Duration = Duration::from_millis(1500);

async fn subscribe(
    c: &mut Client,
    s: &Subscription,
) -> Result<Reply, chaupal_shared::protocol::ErrorReply> {
    c.request(Request::PushSubscribe {
        endpoint: s.endpoint.clone(),
        p256dh: s.p256dh.clone(),
        auth: s.auth.clone(),
    })
    .await
}

/// A server that posts to `receiver`, with the records' clock `clock`.
async fn server_for(receiver: &PushReceiver, clock: &TestClock, extra: &[&str]) -> ServerProcess {
    let mut args = vec!["--test-push-receiver", receiver.origin.as_str()];
    args.extend_from_slice(&clock.option());
    args.extend_from_slice(extra);
    ServerProcess::start_for_games(&args).await
}

/// The next notice posted, `what` it should be.
async fn next(receiver: &mut PushReceiver, what: &str) -> Received {
    let got = receiver.next(COMES_WITHIN).await;
    got.unwrap_or_else(|| panic!("no {what} came; refused: {:?}", receiver.refused()))
}

/// A three-day Bagh Chal game between friends, each with a browser subscribed: Alice hears
/// that Bob took her invitation; each hears when it is their turn; Bob, when less than a day
/// is left for his move; both, when he lets the deadline pass. Nothing else is posted, and every post is signed by
/// the server's key and decrypts with the subscription's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_hear_of_the_invitation_their_turn_a_reminder_and_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let mut receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &[]).await;
    let mut alice = Client::hello(&server, "Asha").await;
    let mut bob = Client::hello(&server, "Bimal").await;
    let key = alice
        .welcome
        .as_ref()
        .unwrap()
        .push_key
        .clone()
        .expect("a push key");
    assert_eq!(bob.welcome.as_ref().unwrap().push_key.as_ref(), Some(&key));
    receiver.trust(&key);
    let (alice_browser, bob_browser) = (receiver.subscription(1), receiver.subscription(2));
    subscribe(&mut alice, &alice_browser).await.unwrap();
    subscribe(&mut bob, &bob_browser).await.unwrap();
    let setup = GameSetup {
        correspondence: Correspondence::days(3),
        ..play::setup(GameKind::BaghChal, Opponent::Private)
    };
    let code = create(&mut alice, setup).await.code.unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;

    let accepted = next(&mut receiver, "accepted").await;
    assert_eq!(accepted.subscription, 1);
    assert_eq!(accepted.notice["event"], "accepted");
    assert_eq!(accepted.notice["title"], "Bimal accepted your invitation");
    assert_eq!(accepted.notice["url"], format!("/game/{}", game.0));

    // Alice, Bob and Alice move: each time the other hears it is their turn.
    let mut position = start_of(GameKind::BaghChal);
    let mut seed = 3;
    for (mover, told) in [(0, 2), (1, 1), (0, 2)] {
        let mv = pick_move(&position, &mut seed);
        [&mut alice, &mut bob][mover].play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        let turn = next(&mut receiver, "turn").await;
        assert_eq!(turn.subscription, told);
        let against = if told == 2 { "Asha" } else { "Bimal" };
        assert_eq!(
            turn.notice["title"],
            format!("Your turn in Bagh Chal against {against}")
        );
        assert_eq!(turn.notice["game"], game.0);
    }

    // Two days and a bit later, less than a day is left for Bob's move.
    clock.set(2 * DAY_MS + 60_000);
    let reminder = next(&mut receiver, "reminder").await;
    assert_eq!(reminder.subscription, 2);
    assert_eq!(reminder.notice["event"], "reminder");
    let hours = reminder.notice["hours_left"].as_u64().unwrap();
    assert!((23..=24).contains(&hours), "{hours} hours left");

    // The deadline passes: both hear of the end, on time.
    clock.set(3 * DAY_MS + 60_000);
    let mut ends = [
        next(&mut receiver, "end").await,
        next(&mut receiver, "end").await,
    ];
    ends.sort_by_key(|r| r.subscription);
    assert_eq!(ends[0].notice["title"], "Bagh Chal against Bimal: you won");
    assert_eq!(ends[1].notice["title"], "Bagh Chal against Asha: you lost");
    assert!(
        ends.iter()
            .all(|e| e.notice["on_time"] == true && e.status == 201)
    );
    assert!(receiver.next(NONE_WITHIN).await.is_none(), "nothing more");
    assert!(receiver.refused().is_empty(), "{:?}", receiver.refused());
    // The server counts what the push service took.
    let (_, health) = chaupal_tests::health(&server.addr.to_string(), None).await;
    assert!(health.contains("push sent 7 failed 0"), "{health}");
}

/// A subscription the push service says is gone (410) is forgotten: the next notice is not
/// posted to it. What a player muted is not posted at all, until unmuted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_subscription_is_forgotten_and_muted_games_are_not_posted() {
    let dir = tempfile::tempdir().unwrap();
    let clock = TestClock::new(dir.path());
    let mut receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &[]).await;
    let mut alice = Client::hello(&server, "Asha").await;
    let mut bob = Client::hello(&server, "Bimal").await;
    receiver.trust(alice.welcome.as_ref().unwrap().push_key.as_deref().unwrap());
    let (phone, laptop) = (receiver.subscription(1), receiver.subscription(2));
    subscribe(&mut bob, &phone).await.unwrap();
    subscribe(&mut bob, &laptop).await.unwrap();
    receiver.gone(1);
    let setup = GameSetup {
        correspondence: Correspondence::days(7),
        ..play::setup(GameKind::Kalah, Opponent::Private)
    };
    let code = create(&mut alice, setup).await.code.unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 9;
    // Alice moves until it is Bob's turn: both his browsers are posted to; the phone says
    // gone.
    let play_until_bobs_turn = |position: &mut chaupal_rules::AnyGame, seed: &mut u64| {
        let mut moves = Vec::new();
        while position.side_to_move() == Side::First {
            let mv = pick_move(position, seed);
            position.play_text(&mv).unwrap();
            moves.push(mv);
        }
        moves
    };
    for mv in play_until_bobs_turn(&mut position, &mut seed) {
        alice.play(game, &mv).await.unwrap();
    }
    let mut first = [
        next(&mut receiver, "turn").await,
        next(&mut receiver, "turn").await,
    ];
    first.sort_by_key(|r| r.subscription);
    assert_eq!((first[0].status, first[1].status), (410, 201));
    bob_moves(&mut bob, game, &mut position, &mut seed).await;
    for mv in play_until_bobs_turn(&mut position, &mut seed) {
        alice.play(game, &mv).await.unwrap();
    }
    let second = next(&mut receiver, "turn").await;
    assert_eq!(second.subscription, 2, "the gone phone is not posted to");
    assert!(receiver.next(NONE_WITHIN).await.is_none());

    // Bob mutes this game: his list says so, and nothing is posted.
    bob.request(Request::Mute {
        game: Some(game),
        muted: true,
    })
    .await
    .unwrap();
    let mine = match bob.request(Request::MyGames).await.unwrap() {
        Reply::MyGames { games, .. } => games,
        other => panic!("{other:?}"),
    };
    assert!(mine[0].muted);
    bob_moves(&mut bob, game, &mut position, &mut seed).await;
    for mv in play_until_bobs_turn(&mut position, &mut seed) {
        alice.play(game, &mv).await.unwrap();
    }
    assert!(receiver.next(NONE_WITHIN).await.is_none(), "muted");
    // Unmuted (and all games muted, then not), it is posted again.
    for (game, muted) in [(Some(game), false), (None, true), (None, false)] {
        bob.request(Request::Mute { game, muted }).await.unwrap();
    }
    bob_moves(&mut bob, game, &mut position, &mut seed).await;
    for mv in play_until_bobs_turn(&mut position, &mut seed) {
        alice.play(game, &mv).await.unwrap();
    }
    assert_eq!(next(&mut receiver, "turn").await.subscription, 2);
}

/// Bob plays until it is Alice's turn (Kalah gives extra turns).
async fn bob_moves(
    bob: &mut Client,
    game: GameId,
    position: &mut chaupal_rules::AnyGame,
    seed: &mut u64,
) {
    while position.side_to_move() == Side::Second {
        let mv = pick_move(position, seed);
        bob.play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
    }
}

/// A subscription is outside input: an endpoint on a private or loopback address, an http
/// endpoint, keys that are not a browser's, and a flood of subscriptions are refused with
/// the reason; a server started with `--no-push` offers no key and says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_subscriptions_are_refused_with_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let clock = TestClock::new(dir.path());
    let receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &["--max-push-subscriptions", "3"]).await;
    let mut alice = Client::hello(&server, "Asha").await;
    let good = receiver.subscription(1);
    let keys = |endpoint: &str, why: &str| {
        (
            endpoint.to_owned(),
            good.p256dh.clone(),
            good.auth.clone(),
            why.to_owned(),
        )
    };
    let private = "not on the public internet";
    let refused = [
        keys("https://10.0.0.8/push/1", private),
        keys("https://127.0.0.1/push/1", private),
        keys("https://[::1]/push/1", private),
        keys("https://169.254.169.254/latest", private),
        keys(
            "http://fcm.googleapis.com/fcm/send/x",
            "must be an https address",
        ),
        (
            "https://fcm.googleapis.com/fcm/send/x".to_owned(),
            "A".repeat(5000),
            good.auth.clone(),
            "p256dh".to_owned(),
        ),
        (
            "https://fcm.googleapis.com/fcm/send/x".to_owned(),
            good.p256dh.clone(),
            "B".repeat(300),
            "auth".to_owned(),
        ),
    ];
    for (endpoint, p256dh, auth, why) in refused {
        let e = alice
            .request(Request::PushSubscribe {
                endpoint: endpoint.clone(),
                p256dh,
                auth,
            })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BadSubscription, "{endpoint}: {e:?}");
        assert!(e.reason.contains(&why), "{endpoint}: {e:?}");
    }
    // Three browsers, then a fourth is refused; the same endpoint again only replaces keys.
    for n in 1..=3 {
        subscribe(&mut alice, &receiver.subscription(n))
            .await
            .unwrap();
    }
    subscribe(&mut alice, &receiver.subscription(3))
        .await
        .unwrap();
    let e = subscribe(&mut alice, &receiver.subscription(4))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSubscription);
    assert!(e.reason.contains("3 subscriptions"), "{e:?}");
    // A flood: subscribing over and over is cut off within the hour.
    let mut cut_off = None;
    for _ in 0..30 {
        if let Err(e) = subscribe(&mut alice, &receiver.subscription(2)).await {
            cut_off = Some(e);
            break;
        }
    }
    let e = cut_off.expect("a flood of subscriptions is refused");
    assert!(e.reason.contains("within an hour"), "{e:?}");
    // Unsubscribing one makes room.
    alice
        .request(Request::PushUnsubscribe {
            endpoint: receiver.subscription(1).endpoint,
        })
        .await
        .unwrap();

    let quiet = ServerProcess::start_for_games(&["--no-push"]).await;
    let mut bob = Client::hello(&quiet, "Bimal").await;
    assert_eq!(bob.welcome.as_ref().unwrap().push_key, None);
    let e = subscribe(&mut bob, &receiver.subscription(5))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoPush, "{e:?}");
}

/// The IPv6 endpoints an outside attacker found passing the check (each carries 127.0.0.1 or
/// 0.0.0.0, or is outside the public internet) are refused with `bad_subscription`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn special_ipv6_endpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let clock = TestClock::new(dir.path());
    let receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &[]).await;
    let mut alice = Client::hello(&server, "Asha").await;
    let keys = receiver.subscription(1);
    for host in [
        "[::127.0.0.1]",
        "[2002:7f00:1::1]",
        "[::ffff:0:7f00:1]",
        "[fec0::1]",
        "[100::1]",
        "[2001::7f00:1]",
    ] {
        let endpoint = format!("https://{host}/push/1");
        let e = alice
            .request(Request::PushSubscribe {
                endpoint: endpoint.clone(),
                p256dh: keys.p256dh.clone(),
                auth: keys.auth.clone(),
            })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BadSubscription, "{endpoint}: {e:?}");
        assert!(
            e.reason.contains("not on the public internet"),
            "{endpoint}: {e:?}"
        );
    }
}

/// A kept endpoint whose host is not on the public internet when a notice is sent (a name
/// that resolves to this machine, as one may after it was checked, and a special IPv6 address
/// kept before the check knew it) is never connected to: each resolved address is checked,
/// and the connection goes to checked addresses only. The log says why, naming the host and
/// never the rest of the endpoint (the subscription's secret).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_off_the_public_internet_is_not_posted_to_and_the_log_names_only_the_host() {
    use sqlx::Connection;

    // Where a post would land: every connection to it is counted.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let connections = Arc::new(AtomicUsize::new(0));
    let counted = connections.clone();
    tokio::spawn(async move {
        while listener.accept().await.is_ok() {
            counted.fetch_add(1, Ordering::SeqCst);
        }
    });
    let (_child, addr, log, dir) = server_with_log("warn", &[]).await;
    let url = format!("ws://{addr}");
    let mut alice = Client::hello_at(&url, "Asha", None).await;
    let mut bob = Client::hello_at(&url, "Bimal", None).await;

    // Alice's browsers, kept as the records keep them (the check at subscription is not what
    // is tested here).
    let keys = PushReceiver::start().await.subscription(1);
    let kept = [
        (
            "localhost",
            format!("https://localhost:{port}/push/secret-path-1"),
        ),
        (
            "[::127.0.0.1]",
            format!("https://[::127.0.0.1]:{port}/push/secret-path-2"),
        ),
    ];
    let db = format!("sqlite://{}/x.sqlite", dir.path().display());
    let mut records = sqlx::SqliteConnection::connect(&db).await.unwrap();
    for (_, endpoint) in &kept {
        sqlx::query(
            "INSERT INTO push_subscriptions (endpoint, player, p256dh, auth, created_ms) \
             VALUES ($1, $2, $3, $4, 0)",
        )
        .bind(endpoint)
        .bind(alice.id().0 as i64)
        .bind(&keys.p256dh)
        .bind(&keys.auth)
        .execute(&mut records)
        .await
        .unwrap();
    }
    records.close().await.unwrap();

    // Bob takes Alice's invitation: she is to be told.
    let setup = GameSetup {
        correspondence: Correspondence::days(3),
        ..play::setup(GameKind::BaghChal, Opponent::Private)
    };
    let code = create(&mut alice, setup).await.code.unwrap();
    join(&mut bob, Request::JoinByCode { code }).await;

    for (host, _) in &kept {
        let line = seen_in(&log, &format!("push: {host}: "), COMES_WITHIN)
            .await
            .unwrap_or_else(|| panic!("no refusal of {host}: {:?}", log.lock().unwrap()));
        assert!(line.contains("not on the public internet"), "{line}");
        assert!(line.contains("127.0.0.0/8 (Loopback"), "{line}");
    }
    tokio::time::sleep(NONE_WITHIN).await;
    assert_eq!(connections.load(Ordering::SeqCst), 0, "nothing connected");
    let lines = log.lock().unwrap().clone();
    assert!(
        !lines.iter().any(|l| l.contains("secret-path")),
        "the log names only the host: {lines:?}"
    );
    let (_, health) = chaupal_tests::health(&addr, None).await;
    assert!(health.contains("push sent 0 failed 2"), "{health}");
}

/// `push_unsubscribe` says whether it removed a subscription: someone else's endpoint, or one
/// nobody has, is left as it is (`removed: false`); one's own is removed, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unsubscribing_says_whether_a_subscription_was_removed() {
    let dir = tempfile::tempdir().unwrap();
    let clock = TestClock::new(dir.path());
    let receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &[]).await;
    let mut alice = Client::hello(&server, "Asha").await;
    let mut bob = Client::hello(&server, "Bimal").await;
    let alices = receiver.subscription(1);
    subscribe(&mut alice, &alices).await.unwrap();
    let nobodys = receiver.subscription(2).endpoint;
    assert!(
        !unsubscribe(&mut bob, &alices.endpoint).await,
        "Alice's, by Bob"
    );
    assert!(!unsubscribe(&mut alice, &nobodys).await, "nobody's");
    assert!(unsubscribe(&mut alice, &alices.endpoint).await, "her own");
    assert!(
        !unsubscribe(&mut alice, &alices.endpoint).await,
        "her own, again"
    );
}

/// Whether `push_unsubscribe` of `endpoint` removed a subscription.
async fn unsubscribe(c: &mut Client, endpoint: &str) -> bool {
    let request = Request::PushUnsubscribe {
        endpoint: endpoint.to_owned(),
    };
    match c.request(request).await.unwrap() {
        Reply::Unsubscribed { removed } => removed,
        other => panic!("expected unsubscribed, got {other:?}"),
    }
}

/// The entrants of an arena hear five minutes before it starts, once each, on their browsers,
/// with the link to its page (a private one's code in it); one who left it does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arenas_entrants_hear_once_five_minutes_before_it_starts() {
    use chaupal_shared::protocol::ClockSpec;
    use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentSetup};
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let mut receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &[]).await;
    let mut players = Vec::new();
    for name in ["Asha", "Bimal", "Chandra"] {
        players.push(Client::hello(&server, name).await);
    }
    let key = players[0]
        .welcome
        .as_ref()
        .unwrap()
        .push_key
        .clone()
        .unwrap();
    receiver.trust(&key);
    for (k, p) in players.iter_mut().enumerate() {
        subscribe(p, &receiver.subscription(k + 1)).await.unwrap();
    }
    let setup = TournamentSetup {
        correspondence: None,
        game: GameKind::Jungle,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        format: TournamentFormat::Arena {
            minutes: 30,
            streaks: true,
        },
        starts_in_s: 20 * 60,
        private: true,
        rated: true,
    };
    let made = match players[0]
        .request(Request::CreateTournament(Box::new(setup)))
        .await
    {
        Ok(Reply::Tournament(view)) => view,
        other => panic!("{other:?}"),
    };
    let (t, code) = (made.summary.tournament, made.code.clone().unwrap());
    for p in players.iter_mut() {
        p.request(Request::JoinTournament {
            tournament: t,
            code: Some(code.clone()),
        })
        .await
        .unwrap();
    }
    players[2]
        .request(Request::LeaveTournament { tournament: t })
        .await
        .unwrap();
    assert!(receiver.next(NONE_WITHIN).await.is_none(), "nothing yet");

    // Four minutes and 58 seconds before the start.
    clock.set(15 * 60_000 + 2_000);
    let mut told = [
        next(&mut receiver, "a reminder").await,
        next(&mut receiver, "a reminder").await,
    ];
    told.sort_by_key(|r| r.subscription);
    assert_eq!([told[0].subscription, told[1].subscription], [1, 2]);
    for r in &told {
        assert_eq!(r.notice["event"], "tournament_soon");
        assert_eq!(
            r.notice["title"],
            "Your Jungle tournament starts in 5 minutes"
        );
        assert_eq!(r.notice["url"], format!("/tournament/{}?code={code}", t.0));
        assert_eq!(r.notice["tournament"], t.0);
    }
    // Once: a minute on, nothing more.
    clock.set(16 * 60_000 + 2_000);
    assert!(receiver.next(NONE_WITHIN).await.is_none(), "once");
    assert!(receiver.refused().is_empty(), "{:?}", receiver.refused());
}

/// A Swiss's round paired: each player of a game hears on their browser that it has begun,
/// with the round, the opponent and the game's link; the one with a bye hears nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_rounds_players_hear_their_game_has_begun() {
    use chaupal_shared::protocol::ClockSpec;
    use chaupal_shared::protocol::ServerMessage;
    use chaupal_shared::protocol::tournaments::{
        TournamentFormat, TournamentNews, TournamentSetup,
    };
    let dir = tempfile::tempdir().unwrap();
    let mut clock = TestClock::new(dir.path());
    let mut receiver = PushReceiver::start().await;
    let server = server_for(&receiver, &clock, &[]).await;
    let mut players = Vec::new();
    for name in ["Asha", "Bimal", "Chandra"] {
        players.push(Client::hello(&server, name).await);
    }
    let key = players[0]
        .welcome
        .as_ref()
        .unwrap()
        .push_key
        .clone()
        .unwrap();
    receiver.trust(&key);
    for (k, p) in players.iter_mut().enumerate() {
        subscribe(p, &receiver.subscription(k + 1)).await.unwrap();
    }
    let setup = TournamentSetup {
        game: GameKind::Kalah,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        format: TournamentFormat::Swiss {
            rounds: 2,
            matches: false,
        },
        correspondence: None,
        starts_in_s: 60,
        private: false,
        rated: true,
    };
    let t = match players[0]
        .request(Request::CreateTournament(Box::new(setup)))
        .await
    {
        Ok(Reply::Tournament(view)) => view.summary.tournament,
        other => panic!("{other:?}"),
    };
    for p in players.iter_mut() {
        p.request(Request::JoinTournament {
            tournament: t,
            code: None,
        })
        .await
        .unwrap();
    }
    clock.set(61_000);
    let game = players[0]
        .wait_for(|m| match m {
            ServerMessage::Tournament(TournamentNews::Paired { game, .. }) => Some(Some(*game)),
            ServerMessage::Tournament(TournamentNews::SatOut { .. }) => Some(None),
            _ => None,
        })
        .await;
    let mut told = [
        next(&mut receiver, "a round's game").await,
        next(&mut receiver, "a round's game").await,
    ];
    told.sort_by_key(|r| r.subscription);
    for r in &told {
        assert_eq!(r.notice["event"], "round_game");
        assert_eq!(r.notice["round"], 1);
        assert!(
            r.notice["title"]
                .as_str()
                .unwrap()
                .starts_with("Round 1: Kalah against "),
            "{}",
            r.notice
        );
        let url = r.notice["url"].as_str().unwrap();
        assert!(url.starts_with("/game/"), "{url}");
        if let Some(game) = game {
            assert_eq!(url, format!("/game/{}", game.0));
        }
    }
    assert_ne!(told[0].subscription, told[1].subscription);
    assert!(
        receiver.next(NONE_WITHIN).await.is_none(),
        "the bye hears nothing"
    );
    assert!(receiver.refused().is_empty(), "{:?}", receiver.refused());
}
