//! Several server nodes as one (docs/SCALING.md): three nodes on one PostgreSQL database and
//! one NATS server. Players and watchers on different nodes play whole games; a seek and an
//! invite code work from another node; the node running a game is killed (kill -9) and the
//! game goes on through the others with every acknowledged move kept; every node is restarted
//! in turn while games go on; NATS itself is stopped and started again mid-game; a node paused
//! past its lease comes back with its players hearing every move.
//!
//! Needs `CHAUPAL_TEST_POSTGRES` and `nats-server` (`scripts/test.sh` provides both and makes
//! their absence a failure).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::protocol::{
    Action, ErrorCode, GameEvent, GameId, GameSetup, Opponent, Reply, Request,
};
use chaupal_tests::play::{create, join, record, record_keyed, setup};
use chaupal_tests::services::{Nats, Postgres, cluster_of, fresh_database};
use chaupal_tests::{Client, PATIENCE, ServerProcess, mover, pick_move, start_of};

/// The longest a test waits for a game to change hands.
const TAKEOVER_PATIENCE: Duration = Duration::from_secs(20);

/// Lists the open seeks on `c`'s node until `seek` is there.
async fn until_listed(c: &mut Client, seek: chaupal_shared::protocol::SeekId) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let Reply::Seeks { seeks, .. } = c.request(Request::ListSeeks).await.unwrap() else {
            panic!("expected seeks")
        };
        if seeks.iter().any(|s| s.seek == seek) {
            return;
        }
        assert!(Instant::now() < deadline, "{seek} is listed on every node");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Plays `mv` as `c` after the game's first `ply` moves, trying again while the game changes
/// hands (`unavailable`), and after an answer of unknown outcome sitting down again to see
/// whether it was played. Returns how many times it was refused.
async fn play_through(c: &mut Client, game: GameId, ply: usize, mv: &str) -> u32 {
    let deadline = Instant::now() + TAKEOVER_PATIENCE;
    let mut refused = 0;
    loop {
        match c.play(game, mv).await {
            Ok(_) => return refused,
            Err(e) if e.code == ErrorCode::Unavailable && Instant::now() < deadline => {
                refused += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) if e.code == ErrorCode::OutcomeUnknown && Instant::now() < deadline => {
                refused += 1;
                let moves = rejoin_through(c, game).await.moves;
                if moves.len() > ply {
                    assert_eq!(moves[ply], mv, "{game}: another move at ply {ply}");
                    return refused;
                }
            }
            Err(e) => panic!("{mv} in {game}: {e:?}"),
        }
    }
}

/// Sits `c` back down at `game`, trying again while it changes hands; the game's snapshot.
async fn rejoin_through(c: &mut Client, game: GameId) -> chaupal_shared::protocol::GameSnapshot {
    let deadline = Instant::now() + TAKEOVER_PATIENCE;
    loop {
        c.inbox.retain(|m| {
            !matches!(m, chaupal_shared::protocol::ServerMessage::Snapshot(s) if s.summary.game == game)
        });
        match c
            .request(Request::Rejoin {
                game,
                since: None,
                key: None,
            })
            .await
        {
            Ok(_) => {
                return c.snapshot(game).await;
            }
            Err(e) if e.code == ErrorCode::Unavailable && Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("rejoin {game}: {e:?}"),
        }
    }
}

/// A game between two clients, and the moves acknowledged so far.
struct Table {
    game: GameId,
    position: AnyGame,
    acked: Vec<String>,
    seed: u64,
}

impl Table {
    fn new(game: GameId, kind: GameKind, seed: u64) -> Table {
        Table {
            game,
            position: start_of(kind),
            acked: Vec::new(),
            seed,
        }
    }

    /// Plays `n` moves (or to the end); `players[0]` holds the first seat.
    async fn play(&mut self, players: [&mut Client; 2], n: usize) {
        for _ in 0..n {
            if self.position.outcome().is_some() {
                return;
            }
            let mv = pick_move(&self.position, &mut self.seed);
            let who = mover(&self.position, 0);
            play_through(players[who], self.game, self.acked.len(), &mv).await;
            self.position.play_text(&mv).unwrap();
            self.acked.push(mv);
        }
    }

    /// Ends the game (resigning if the rules have not), checks that both players hear the
    /// end, and that the stored record holds every acknowledged move, in order.
    async fn finish(&mut self, players: [&mut Client; 2]) {
        let [first, second] = players;
        if self.position.outcome().is_none() {
            let deadline = Instant::now() + TAKEOVER_PATIENCE;
            let mut unknown = false;
            loop {
                match first.act(self.game, Action::Resign).await {
                    Ok(_) => break,
                    Err(e) if e.code == ErrorCode::Unavailable && Instant::now() < deadline => {
                        tokio::time::sleep(Duration::from_millis(100)).await
                    }
                    // It may have been done: asked again, it is done or over.
                    Err(e) if e.code == ErrorCode::OutcomeUnknown && Instant::now() < deadline => {
                        unknown = true;
                        tokio::time::sleep(Duration::from_millis(100)).await
                    }
                    Err(e) if e.code == ErrorCode::GameOver && unknown => {
                        rejoin_through(first, self.game).await;
                        break;
                    }
                    Err(e) => panic!("resign: {e:?}"),
                }
            }
        }
        first
            .events_until(self.game, |e| matches!(e, GameEvent::Ended { .. }))
            .await;
        second
            .events_until(self.game, |e| matches!(e, GameEvent::Ended { .. }))
            .await;
        let (_, moves) = record(first, self.game).await;
        assert_eq!(
            moves, self.acked,
            "every acknowledged move of {} is kept",
            self.game
        );
    }
}

/// Alice on `a` seeks; Bob on `b` sees the seek listed and accepts it: the game runs on `b`.
async fn seek_across(
    a: &ServerProcess,
    b: &ServerProcess,
    kind: GameKind,
) -> (Client, Client, GameId) {
    let mut alice = Client::hello(a, "alice").await;
    let mut bob = Client::hello(b, "bob").await;
    let seek = create(&mut alice, setup(kind, Opponent::Open))
        .await
        .seek
        .unwrap();
    until_listed(&mut bob, seek).await;
    let game = join(&mut bob, Request::AcceptSeek { seek }).await;
    let b_snap = bob.snapshot(game).await;
    // Alice's node hears that her seek was taken and seats her.
    let a_snap = alice.snapshot(game).await;
    assert_eq!(a_snap.summary.game, b_snap.summary.game);
    assert_eq!(a_snap.your_seats, [chaupal_rules::Side::First]);
    assert_eq!(b_snap.your_seats, [chaupal_rules::Side::Second]);
    // The seek is gone from every node's list.
    for c in [&mut alice, &mut bob] {
        let Reply::Seeks { seeks, .. } = c.request(Request::ListSeeks).await.unwrap() else {
            panic!()
        };
        assert!(seeks.iter().all(|s| s.seek != seek), "{seek} was taken");
    }
    (alice, bob, game)
}

/// `n` Jungle games run by node 1, their first players on node 0, two moves into each (the
/// first players to move); seeds from `seed`.
async fn two_moves_in(nodes: &[ServerProcess], n: u64, seed: u64) -> Vec<(Table, Client, Client)> {
    let mut tables = Vec::new();
    for i in 0..n {
        let (mut alice, mut bob, game) = seek_across(&nodes[0], &nodes[1], GameKind::Jungle).await;
        let mut table = Table::new(game, GameKind::Jungle, seed + i);
        table.play([&mut alice, &mut bob], 2).await;
        tables.push((table, alice, bob));
    }
    tables
}

/// A private game is private on every node: its key, kept in the shared records, opens it on
/// another node than the one that runs it, and no node lists it.
#[tokio::test]
async fn a_private_game_is_hidden_on_every_node_and_its_watch_link_works_on_any() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_private", 3, &[]).await else {
        return;
    };
    let mut alice = Client::hello(&nodes[0], "alice").await;
    let mut bob = Client::hello(&nodes[1], "bob").await;
    let mut carol = Client::hello(&nodes[2], "carol").await;
    let code = create(&mut alice, setup(GameKind::Kalah, Opponent::Private))
        .await
        .code
        .unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    let key = bob.snapshot(game).await.watch_key.expect("a key");
    alice.snapshot(game).await;
    // A public game after it: once carol's node lists that one, it has heard of both.
    let (_dan, _erin, public) = seek_across(&nodes[0], &nodes[1], GameKind::Jungle).await;
    let deadline = Instant::now() + PATIENCE;
    loop {
        let Reply::Games { games, .. } = carol.request(Request::ListGames).await.unwrap() else {
            panic!()
        };
        assert!(
            games.iter().all(|g| g.game != game),
            "{game} is listed: {games:?}"
        );
        if games.iter().any(|g| g.game == public) {
            break;
        }
        assert!(Instant::now() < deadline, "{public} is listed on node 2");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let e = carol
        .request(Request::Watch { game, key: None })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::PrivateGame, "{e:?}");
    carol
        .request(Request::Watch {
            game,
            key: Some(key),
        })
        .await
        .unwrap();
    assert_eq!(carol.snapshot(game).await.summary.game, game);
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 3;
    let mv = pick_move(&position, &mut seed);
    position.play_text(&mv).unwrap();
    alice.play(game, &mv).await.unwrap();
    let (_, heard) = carol.event(game).await;
    assert!(
        matches!(&heard, GameEvent::Moved { notation, .. } if *notation == mv),
        "{heard:?}"
    );
}

#[tokio::test]
async fn players_on_two_nodes_play_a_whole_game_and_a_watcher_on_the_third_sees_every_move() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_play", 3, &[]).await else {
        return;
    };
    let (mut alice, mut bob, game) = seek_across(&nodes[0], &nodes[1], GameKind::BaghChal).await;
    let mut carol = Client::hello(&nodes[2], "carol").await;
    carol
        .request(Request::Watch { game, key: None })
        .await
        .unwrap();
    let snap = carol.snapshot(game).await;
    assert_eq!(snap.version, 0);
    // A hint is asked of the game's node (which says no: a live game between people).
    let refused = carol.request(Request::Hint { game }).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::NotAllowed, "{refused:?}");
    // The game is listed as live on every node.
    for c in [&mut alice, &mut carol] {
        let Reply::Games { games, .. } = c.request(Request::ListGames).await.unwrap() else {
            panic!()
        };
        assert!(games.iter().any(|g| g.game == game), "{game} is listed");
    }
    let mut table = Table::new(game, GameKind::BaghChal, 7);
    table.play([&mut alice, &mut bob], 40).await;
    table.finish([&mut alice, &mut bob]).await;
    // The watcher saw every move, in order, numbered 1, 2, 3, ... and then the end.
    let seen = carol
        .events_until(game, |e| matches!(e, GameEvent::Ended { .. }))
        .await;
    let versions: Vec<u64> = seen.iter().map(|(v, _)| *v).collect();
    let expected: Vec<u64> = (1..=seen.len() as u64).collect();
    assert_eq!(versions, expected);
    let moves: Vec<String> = seen
        .iter()
        .filter_map(|(_, e)| match e {
            GameEvent::Moved { notation, .. } => Some(notation.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(moves, table.acked);
}

#[tokio::test]
async fn an_invite_code_made_on_one_node_is_used_on_another() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_code", 3, &[]).await else {
        return;
    };
    let mut alice = Client::hello(&nodes[0], "alice").await;
    let mut bob = Client::hello(&nodes[2], "bob").await;
    // Alice plays second: Bob, on another node, moves the moment the game starts.
    let mut private = setup(GameKind::Kalah, Opponent::Private);
    private.side = chaupal_shared::protocol::SideChoice::Second;
    let made = create(&mut alice, private).await;
    let code = made.code.unwrap();
    // Alice's phone, on another node, finds the invitation waiting, with its code.
    let token = alice.token.clone().unwrap();
    let mut phone = Client::hello_as(&nodes[1], "alice", Some(&token)).await;
    let waiting = match phone.request(Request::MySeeks).await.unwrap() {
        chaupal_shared::protocol::Reply::MySeeks { seeks } => seeks,
        other => panic!("{other:?}"),
    };
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0].seek.seek, made.seek.unwrap());
    assert_eq!(waiting[0].invite_code.as_deref(), Some(code.as_str()));
    // A wrong code is refused on the other node as on one node.
    let wrong = bob
        .request(Request::JoinByCode {
            code: "ZZZZ-ZZZZ".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(wrong.code, ErrorCode::BadInviteCode);
    let game = join(&mut bob, Request::JoinByCode { code: code.clone() }).await;
    bob.snapshot(game).await;
    let mut table = Table::new(game, GameKind::Kalah, 11);
    table.play([&mut bob, &mut alice], 1).await;
    // Alice's node seated her from the game's start, as one node does: her snapshot is of
    // the start, and the first move comes to her as an event.
    let snap = alice.snapshot(game).await;
    assert_eq!(snap.version, 0);
    match alice.event(game).await {
        (
            1,
            GameEvent::Moved {
                ply: 1, notation, ..
            },
        ) => assert_eq!(notation, table.acked[0]),
        other => panic!("{other:?}"),
    }
    // The code is used up, on every node.
    let again = Client::hello(&nodes[1], "carol")
        .await
        .request(Request::JoinByCode { code })
        .await
        .unwrap_err();
    assert_eq!(again.code, ErrorCode::BadInviteCode);
    table.play([&mut bob, &mut alice], 10).await;
    table.finish([&mut bob, &mut alice]).await;
}

/// An invitation made on one node is read on another (its code typed loosely), and declined
/// on a third: its node drops it, nobody can join it, and the inviter hears who declined it.
#[tokio::test]
async fn an_invitation_is_read_and_declined_on_other_nodes() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_decline", 3, &[]).await else {
        return;
    };
    let mut alice = Client::hello(&nodes[0], "alice").await;
    let mut bob = Client::hello(&nodes[1], "bob").await;
    let mut carol = Client::hello(&nodes[2], "carol").await;
    let made = create(&mut alice, setup(GameKind::Jungle, Opponent::Private)).await;
    let code = made.code.unwrap();
    let loose = code.to_lowercase().replace('-', "");
    let Reply::Invitation(seen) = bob
        .request(Request::Invitation { code: loose })
        .await
        .unwrap()
    else {
        panic!("expected an invitation")
    };
    assert_eq!(seen.code, code);
    assert_eq!(seen.seek.seek, made.seek.unwrap());
    assert_eq!(seen.seek.by.name, "alice");
    assert_eq!(seen.seek.kind, GameKind::Jungle);
    let e = bob
        .request(Request::Invitation {
            code: "ZZZZ-ZZZZ".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadInviteCode);
    carol
        .request(Request::DeclineInvitation { code: code.clone() })
        .await
        .unwrap();
    let by =
        alice
            .wait_for(|m| match m {
                chaupal_shared::protocol::ServerMessage::InvitationDeclined {
                    seek, by, ..
                } if Some(*seek) == made.seek => Some(by.name.clone()),
                _ => None,
            })
            .await;
    assert_eq!(by, "carol");
    // Gone everywhere: on the node it was made on (once it has heard) and on the others.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let Reply::MySeeks { seeks } = alice.request(Request::MySeeks).await.unwrap() else {
            panic!("expected my_seeks")
        };
        if seeks.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "still waiting: {seeks:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut dave = Client::hello(&nodes[0], "dave").await;
    for c in [&mut dave, &mut bob] {
        let e = c
            .request(Request::JoinByCode { code: code.clone() })
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::BadInviteCode);
    }
}

/// The correspondence limit counts a player's waiting invitations on every node: with room for
/// two, one made on each of two nodes leaves none for a third, on either.
#[tokio::test]
async fn the_correspondence_limit_counts_invitations_waiting_on_every_node() {
    let Some((_nats, _url, nodes)) = cluster_of(
        "chaupal_cluster_corr_limit",
        2,
        &["--max-correspondence-games", "2"],
    )
    .await
    else {
        return;
    };
    let invitation = GameSetup {
        correspondence: Some(chaupal_shared::protocol::Correspondence { days: Some(3) }),
        ..setup(GameKind::Kalah, Opponent::Private)
    };
    let mut alice = Client::hello(&nodes[0], "alice").await;
    let token = alice.token.clone().unwrap();
    let mut phone = Client::hello_as(&nodes[1], "alice", Some(&token)).await;
    create(&mut alice, invitation.clone()).await;
    create(&mut phone, invitation.clone()).await;
    for c in [&mut alice, &mut phone] {
        let refused = c
            .request(Request::CreateGame(invitation.clone()))
            .await
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::TooManyGames, "{refused:?}");
    }
}

#[tokio::test]
async fn the_node_running_a_game_is_killed_and_the_game_goes_on_through_the_others() {
    let Some((_nats, _url, mut nodes)) = cluster_of("chaupal_cluster_kill", 3, &[]).await else {
        return;
    };
    let (mut alice, mut bob, game) = seek_across(&nodes[0], &nodes[1], GameKind::Jungle).await;
    let mut table = Table::new(game, GameKind::Jungle, 3);
    table.play([&mut alice, &mut bob], 6).await;
    // The game's node dies without a word; Bob was on it.
    let killed = Instant::now();
    nodes[1].kill().await;
    let token = bob.token.clone().unwrap();
    let mut bob = Client::hello_as(&nodes[2], "bob", Some(&token)).await;
    rejoin_through(&mut bob, game).await;
    // Alice stays on her node: her next move waits for the takeover, then is accepted.
    let first = mover(&table.position, 0);
    let players = [&mut alice, &mut bob];
    let mv = pick_move(&table.position, &mut table.seed);
    let [a, b] = players;
    let ply = table.acked.len();
    let refused = play_through(if first == 0 { &mut *a } else { &mut *b }, game, ply, &mv).await;
    let took = killed.elapsed();
    table.position.play_text(&mv).unwrap();
    table.acked.push(mv);
    eprintln!("takeover: first move accepted {took:?} after the kill ({refused} refusals)");
    assert!(took < TAKEOVER_PATIENCE);
    table.play([&mut *a, &mut *b], 30).await;
    table.finish([a, b]).await;
}

/// A correspondence game's deadline is met though the node that ran its room was killed: a
/// surviving node finds the deadline passed in the records, claims the game and ends it on
/// time, and the winner, on a third node, hears of it.
#[tokio::test]
async fn a_correspondence_deadline_is_met_after_the_node_running_the_game_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let clock = dir.path().join("clock");
    std::fs::write(&clock, "0").unwrap();
    let clock_arg = ["--test-clock-offset-file", clock.to_str().unwrap()];
    let Some((_nats, _url, mut nodes)) =
        cluster_of("chaupal_cluster_deadline", 3, &clock_arg).await
    else {
        return;
    };
    let mut alice = Client::hello(&nodes[0], "alice").await;
    let mut bob = Client::hello(&nodes[1], "bob").await;
    let setup = chaupal_shared::protocol::GameSetup {
        correspondence: chaupal_shared::protocol::Correspondence::days(1),
        ..chaupal_tests::play::setup(GameKind::BaghChal, Opponent::Private)
    };
    let code = create(&mut alice, setup).await.code.unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    let mut table = Table::new(game, GameKind::BaghChal, 5);
    table.play([&mut alice, &mut bob], 3).await;
    // Carol reads it by the game's link (it began from an invitation: it is private); its key
    // comes from a player's snapshot, on a connection of Alice's own.
    let mut alices_other = Client::hello_as(&nodes[0], "alice", alice.token.as_deref()).await;
    let key = alices_other.rejoin(game).await.watch_key;
    assert!(key.is_some(), "a private game's players get its key");
    drop(alices_other);
    // Bob is to move when his node dies; a day and more passes.
    nodes[1].kill().await;
    std::fs::write(&clock, (2 * 86_400_000u64).to_string()).unwrap();
    let mut carol = Client::hello(&nodes[2], "carol").await;
    let deadline = Instant::now() + TAKEOVER_PATIENCE;
    let text = loop {
        let (text, _) = record_keyed(&mut carol, game, key.clone()).await;
        if text.contains("[Termination") {
            break text;
        }
        assert!(
            Instant::now() < deadline,
            "the deadline was not met:\n{text}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(text.contains("[Termination \"timeout\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    let over = alice
        .wait_for(|m| match m {
            chaupal_shared::protocol::ServerMessage::MyGame(g)
                if g.summary.game == game && g.summary.result.is_some() =>
            {
                Some((**g).clone())
            }
            _ => None,
        })
        .await;
    assert_eq!(
        over.summary.result.unwrap().winner,
        Some(chaupal_rules::Side::First)
    );
}

/// A player and the node it is connected to.
struct Seat {
    client: Client,
    node: usize,
    name: &'static str,
}

impl Seat {
    /// Connects again, to node `node`, as the same player, and sits back down at `game`.
    async fn move_to(&mut self, nodes: &[ServerProcess], node: usize, game: GameId) {
        let token = self.client.token.clone().unwrap();
        self.client = Client::hello_as(&nodes[node], self.name, Some(&token)).await;
        self.node = node;
        rejoin_through(&mut self.client, game).await;
    }
}

#[tokio::test]
async fn every_node_restarts_in_turn_while_games_go_on() {
    let Some((_nats, _url, mut nodes)) = cluster_of("chaupal_cluster_rolling", 3, &[]).await else {
        return;
    };
    // Two games, each with its players on two nodes and run by one of them.
    let (a, b, g1) = seek_across(&nodes[0], &nodes[1], GameKind::BaghChal).await;
    let (c, d, g2) = seek_across(&nodes[2], &nodes[0], GameKind::Kalah).await;
    let mut games = [
        (
            Table::new(g1, GameKind::BaghChal, 21),
            [
                Seat {
                    client: a,
                    node: 0,
                    name: "alice",
                },
                Seat {
                    client: b,
                    node: 1,
                    name: "bob",
                },
            ],
        ),
        (
            Table::new(g2, GameKind::Kalah, 22),
            [
                Seat {
                    client: c,
                    node: 2,
                    name: "alice",
                },
                Seat {
                    client: d,
                    node: 0,
                    name: "bob",
                },
            ],
        ),
    ];
    for (table, [first, second]) in games.iter_mut() {
        table.play([&mut first.client, &mut second.client], 4).await;
    }
    for k in 0..nodes.len() {
        // SIGTERM: the node hands its games to the others and closes its connections.
        let status = nodes[k].terminate().await;
        assert!(status.success(), "node {k} stopped cleanly: {status:?}");
        let next = (k + 1) % nodes.len();
        for (table, seats) in games.iter_mut() {
            for seat in seats.iter_mut().filter(|s| s.node == k) {
                seat.move_to(&nodes, next, table.game).await;
            }
        }
        let node = nodes.remove(k).restart().await;
        nodes.insert(k, node);
        for (table, [first, second]) in games.iter_mut() {
            table.play([&mut first.client, &mut second.client], 4).await;
        }
    }
    for (table, [first, second]) in games.iter_mut() {
        table.finish([&mut first.client, &mut second.client]).await;
    }
}

#[tokio::test]
async fn nats_stops_and_starts_again_mid_game() {
    let Some((mut nats, _url, nodes)) = cluster_of("chaupal_cluster_nats", 2, &[]).await else {
        return;
    };
    let (mut alice, mut bob, game) = seek_across(&nodes[0], &nodes[1], GameKind::Jungle).await;
    let mut table = Table::new(game, GameKind::Jungle, 5);
    table.play([&mut alice, &mut bob], 4).await;
    nats.stop().await;
    // Moves are refused, with the reason, until NATS is back; one that got in before the
    // nodes noticed counts as played.
    let deadline = Instant::now() + PATIENCE;
    let refusal = loop {
        let mv = pick_move(&table.position, &mut table.seed);
        let who = mover(&table.position, 0);
        let c = if who == 0 { &mut alice } else { &mut bob };
        match c.play(game, &mv).await {
            Ok(_) => {
                table.position.play_text(&mv).unwrap();
                table.acked.push(mv);
            }
            Err(e) => break e,
        }
        assert!(Instant::now() < deadline, "moves are refused without NATS");
    };
    assert_eq!(refusal.code, ErrorCode::Unavailable, "{refusal:?}");
    assert!(!refusal.reason.is_empty());
    // Nothing changed: the records hold exactly the acknowledged moves.
    let (_, moves) = record(&mut alice, game).await;
    assert_eq!(moves, table.acked);
    // Down for longer than a lease: every node gives its games up, and still refuses moves.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mv = pick_move(&table.position, &mut table.seed);
    let who = mover(&table.position, 0);
    let c = if who == 0 { &mut alice } else { &mut bob };
    let refusal = c.play(game, &mv).await.unwrap_err();
    assert_eq!(refusal.code, ErrorCode::Unavailable, "{refusal:?}");
    nats.resume().await;
    // Back, Alice (on the node that does not run the game) hears every move, and the reply to
    // hers comes after its event: what the bus lost while it was down is made up for.
    for _ in 0..20 {
        if table.position.outcome().is_some() {
            break;
        }
        let ply = table.acked.len();
        let mv = pick_move(&table.position, &mut table.seed);
        let by_alice = mover(&table.position, 0) == 0;
        alice.inbox.clear();
        let c = if by_alice { &mut alice } else { &mut bob };
        let refused = play_through(c, game, ply, &mv).await;
        table.position.play_text(&mv).unwrap();
        table.acked.push(mv.clone());
        let event = u32::try_from(ply + 1).unwrap();
        if by_alice && refused == 0 {
            assert!(
                heard_move(&alice, game, event),
                "{game}: the reply to {mv} came before its event"
            );
        }
        let deadline = Instant::now() + PATIENCE;
        while !heard_move(&alice, game, event) && Instant::now() < deadline {
            if let Ok(Some(m)) =
                tokio::time::timeout(Duration::from_millis(200), alice.recv_wire()).await
            {
                alice.inbox.push_back(m);
            }
        }
        assert!(
            heard_move(&alice, game, event),
            "{game}: Alice did not hear {mv}, move {event}"
        );
    }
    table.finish([&mut alice, &mut bob]).await;
}

#[tokio::test]
async fn nodes_drop_what_they_cannot_read_or_place_on_the_bus_and_go_on() {
    use chaupal_server::cluster_wire::{self as wire, ToAll, ToEdge, ToOwner};
    use chaupal_shared::protocol::{
        LobbyEvent, PlayerId, PlayerInfo, SeekId, SeekInfo, ServerMessage, SideChoice,
    };
    use futures_util::StreamExt;

    let Some((nats, _url, nodes)) = cluster_of("chaupal_cluster_bus", 2, &[]).await else {
        return;
    };
    let (mut alice, mut bob, game) = seek_across(&nodes[0], &nodes[1], GameKind::BaghChal).await;
    // Carol watches from the node that does not run the game.
    let mut carol = Client::hello(&nodes[0], "carol").await;
    carol
        .request(Request::Watch { game, key: None })
        .await
        .unwrap();
    carol.snapshot(game).await;
    let bus = async_nats::connect(nats.url()).await.unwrap();
    let js = async_nats::jetstream::new(bus.clone());
    let leases = js.get_key_value("chaupal_nodes").await.unwrap();
    let mut names = Vec::new();
    let mut keys = leases.keys().await.unwrap();
    while let Some(key) = keys.next().await {
        names.push(key.unwrap());
    }
    assert_eq!(names.len(), 2, "{names:?}");
    let send = |subject: String, payload: Vec<u8>| {
        let bus = bus.clone();
        async move { bus.publish(subject, payload.into()).await.unwrap() }
    };
    let fake_event = |game: GameId| ServerMessage::Event {
        game,
        version: 99,
        event: GameEvent::Moved {
            ply: 99,
            side: chaupal_rules::Side::First,
            notation: "forged".into(),
            clocks: None,
            turn: None,
            deadline_ms: None,
        },
    };
    let fake_seek = SeekInfo {
        seek: SeekId(4242),
        by: PlayerInfo {
            id: PlayerId(4242),
            name: "mallory".into(),
        },
        kind: GameKind::Kalah,
        rules: Vec::new(),
        clock: None,
        correspondence: None,
        side: SideChoice::First,
        rated: false,
        rating: None,
    };
    for node in &names {
        for subject in [
            wire::owner_subject(node),
            wire::edge_subject(node),
            wire::all_subject(),
        ] {
            // Garbage, a lying length prefix, and a message over the limit.
            send(subject.clone(), vec![0xff; 17]).await;
            send(subject.clone(), vec![0x05, 0xfc, 0xff, 0xff, 0xff, 0x7f]).await;
            send(subject.clone(), vec![0; wire::MAX_WIRE_BYTES + 1]).await;
        }
        // A lobby change from a node that cannot exist.
        let forged = ToAll::Lobby {
            from: "no such.node".into(),
            event: Box::new(LobbyEvent::SeekAdded(fake_seek.clone())),
        };
        send(wire::all_subject(), wire::encode(&forged).unwrap().to_vec()).await;
        // Messages for a connection that is not at that game, and one about another game.
        for (conn, about) in [(987_654, game), (1, GameId(777))] {
            let msg = ToEdge::Message {
                conn,
                game,
                msg: Box::new(fake_event(about)),
            };
            send(
                wire::edge_subject(node),
                wire::encode(&msg).unwrap().to_vec(),
            )
            .await;
        }
        // A request from a node whose name is not a subject word.
        let act = ToOwner::Act {
            req: 1,
            game,
            edge: "a.b.>".into(),
            conn: 1,
            player: alice.id(),
            seat: None,
            action: Action::Resign,
            lag_ms: 0,
        };
        send(
            wire::owner_subject(node),
            wire::encode(&act).unwrap().to_vec(),
        )
        .await;
    }
    bus.flush().await.unwrap();
    // Both nodes go on: the game is unchanged and plays on, the forged seek is listed nowhere,
    // and the watcher sees the real moves only, numbered from 1.
    for c in [&mut alice, &mut bob] {
        let Reply::Seeks { seeks, .. } = c.request(Request::ListSeeks).await.unwrap() else {
            panic!()
        };
        assert!(seeks.is_empty(), "{seeks:?}");
    }
    let mut table = Table::new(game, GameKind::BaghChal, 9);
    table.play([&mut alice, &mut bob], 6).await;
    for (i, mv) in table.acked.iter().enumerate() {
        let (version, event) = carol.event(game).await;
        assert_eq!(version, i as u64 + 1);
        match event {
            GameEvent::Moved { notation, .. } => assert_eq!(&notation, mv),
            other => panic!("{other:?}"),
        }
    }
    table.finish([&mut alice, &mut bob]).await;
}

#[tokio::test]
async fn ai_seats_are_played_by_ai_nodes_and_a_dead_ai_node_loses_no_game() {
    use chaupal_shared::protocol::Engine;
    let Some(url) = fresh_database("chaupal_cluster_ai").await else {
        return;
    };
    let Some(nats) = Nats::start().await else {
        return;
    };
    let nats_url = nats.url();
    let play_args = ["--nats", &nats_url, "--node-name", "play", "--ai-nodes"];
    let ai_args = ["--nats", &nats_url, "--node-name", "ai", "--role", "ai"];
    let play = ServerProcess::start_for_games_on(&url, &play_args).await;
    let mut ai = ServerProcess::start_for_games_on(&url, &ai_args).await;
    let mut alice = Client::hello(&play, "alice").await;
    let level = Opponent::Ai {
        engine: Engine::Level { level: 2 },
    };
    let game = create(&mut alice, setup(GameKind::BaghChal, level))
        .await
        .game
        .unwrap();
    alice.snapshot(game).await;
    let mut position = start_of(GameKind::BaghChal);
    let mut seed = 17;
    // Alice moves; the AI seat's answer is searched on the AI node.
    let answered = |position: &mut AnyGame, event: (u64, GameEvent)| match event {
        (_, GameEvent::Moved { notation, .. }) => position.play_text(&notation).unwrap(),
        (_, other) => panic!("{other:?}"),
    };
    for _ in 0..3 {
        let mv = pick_move(&position, &mut seed);
        alice.play(game, &mv).await.unwrap();
        position.play_text(&mv).unwrap();
        alice.event(game).await; // her own move
        let reply = alice.event(game).await;
        answered(&mut position, reply);
    }
    // The AI node dies: Alice's move is taken, and the AI's answer waits for an AI node...
    ai.kill().await;
    let mv = pick_move(&position, &mut seed);
    alice.play(game, &mv).await.unwrap();
    position.play_text(&mv).unwrap();
    alice.event(game).await;
    let quiet = tokio::time::timeout(Duration::from_millis(1500), alice.event(game)).await;
    assert!(
        quiet.is_err(),
        "the play node searched by itself: {quiet:?}"
    );
    // ... and the search is asked again of the next AI node that comes.
    let ai2_args = ["--nats", &nats_url, "--node-name", "ai2", "--role", "ai"];
    let _ai2 = ServerProcess::start_for_games_on(&url, &ai2_args).await;
    let reply = alice.event(game).await;
    answered(&mut position, reply);
    let (_, moves) = record(&mut alice, game).await;
    assert_eq!(moves.len(), 8);
}

/// A node whose NATS and PostgreSQL are both gone still stops on SIGTERM within 10 s (the
/// service unit's stop timeout is longer): what it cannot hand over is left to the other
/// nodes, which take its games when its lease expires.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_a_node_within_ten_seconds_when_nats_and_postgresql_are_gone() {
    let Some(mut postgres) = Postgres::start().await else {
        return;
    };
    let Some(mut nats) = Nats::start().await else {
        return;
    };
    let args = ["--nats", &nats.url(), "--node-name", "n0"];
    let mut node = ServerProcess::start_for_games_on(&postgres.url, &args).await;
    // A live game, for the node to try to hand over.
    let (alice, bob, _game) =
        chaupal_tests::play::seek_and_accept(&node, setup(GameKind::Kalah, Opponent::Open)).await;
    drop((alice, bob));

    nats.stop().await;
    postgres.stop().await;
    let asked = Instant::now();
    let status = node.terminate().await;
    let took = asked.elapsed();
    assert!(
        took <= Duration::from_secs(10),
        "SIGTERM took {took:?} to stop the node"
    );
    assert!(status.code().is_some(), "it exited by itself: {status}");
}

/// Whether `c` has heard `game`'s move at `ply` (waiting in its inbox).
fn heard_move(c: &Client, game: GameId, ply: u32) -> bool {
    c.inbox.iter().any(|m| {
        matches!(m, chaupal_shared::protocol::ServerMessage::Event {
            game: g,
            event: GameEvent::Moved { ply: p, .. },
            ..
        } if *g == game && *p == ply)
    })
}

#[tokio::test]
async fn after_a_takeover_the_reply_to_a_move_still_comes_after_its_event() {
    let Some((_nats, _url, mut nodes)) = cluster_of("chaupal_cluster_reply_order", 3, &[]).await
    else {
        return;
    };
    // Games run by node 1, their first players on node 0.
    let mut tables = two_moves_in(&nodes, 10, 40).await;
    // Node 1 hands its games over; each first player moves at once (sending again every 10 ms
    // while the game changes hands), through node 0, and is answered only after the move's
    // event, as the protocol promises.
    let mut node1 = nodes.remove(1);
    let stopping = tokio::spawn(async move { node1.terminate().await });
    let moves = tables.iter_mut().map(|(table, alice, _)| async move {
        alice.inbox.clear();
        let mv = pick_move(&table.position, &mut table.seed);
        let deadline = Instant::now() + TAKEOVER_PATIENCE;
        loop {
            match alice.play(table.game, &mv).await {
                Ok(_) => break,
                Err(e) if e.code == ErrorCode::Unavailable && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                // Sent to the node as it went: the game, once back, says whether it was
                // played (then there was no reply to come after the event).
                Err(e) if e.code == ErrorCode::OutcomeUnknown && Instant::now() < deadline => {
                    let moves = loop {
                        match alice
                            .request(Request::Rejoin {
                                key: None,
                                game: table.game,
                                since: None,
                            })
                            .await
                        {
                            Ok(_) => break alice.snapshot(table.game).await.moves,
                            Err(e) if e.code == ErrorCode::Unavailable => {
                                tokio::time::sleep(Duration::from_millis(50)).await;
                            }
                            Err(e) => panic!("rejoin {}: {e:?}", table.game),
                        }
                    };
                    if moves.len() == 3 {
                        assert_eq!(moves[2], mv, "{}", table.game);
                        table.position.play_text(&mv).unwrap();
                        return (None, false);
                    }
                    alice.inbox.clear();
                }
                Err(e) => panic!("{mv} in {}: {e:?}", table.game),
            }
        }
        table.position.play_text(&mv).unwrap();
        (
            (!heard_move(alice, table.game, 3)).then_some(table.game),
            true,
        )
    });
    let answers = futures_util::future::join_all(moves).await;
    let answered = answers.iter().filter(|(_, ok)| *ok).count();
    let out_of_order: Vec<GameId> = answers.into_iter().filter_map(|(g, _)| g).collect();
    assert!(stopping.await.unwrap().success());
    assert_eq!(
        out_of_order,
        vec![],
        "replies that came before their move's event"
    );
    assert!(answered >= 5, "only {answered} of 10 moves were answered");
}

/// Sends `sig` (`STOP`, `CONT`) to a node's process.
fn signal(node: &ServerProcess, sig: &str) {
    let pid = node.pid().expect("the node runs");
    let ok = std::process::Command::new("kill")
        .arg(format!("-{sig}"))
        .arg(pid.to_string())
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{sig} {pid}");
}

#[tokio::test]
async fn a_player_on_a_node_paused_past_its_lease_hears_every_move_after_it_resumes() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_paused_edge", 3, &[]).await else {
        return;
    };
    // Games run by node 1, their first players on node 0, the first players to move.
    let mut tables = two_moves_in(&nodes, 4, 60).await;
    // Node 0 is paused past its three-second lease: the others see it gone and stop relaying
    // its connections' games to it. Resumed, it takes its lease again.
    signal(&nodes[0], "STOP");
    tokio::time::sleep(Duration::from_secs(6)).await;
    signal(&nodes[0], "CONT");
    for (table, alice, bob) in tables.iter_mut() {
        // The first player moves through node 0 (again while the node is not yet back) and
        // hears the move's event before the reply; then the reply of the second player, on
        // node 1.
        alice.inbox.clear();
        let mv = pick_move(&table.position, &mut table.seed);
        play_through(alice, table.game, 2, &mv).await;
        table.position.play_text(&mv).unwrap();
        assert!(
            heard_move(alice, table.game, 3),
            "{}: the reply to {mv} came before its event",
            table.game
        );
        let reply = pick_move(&table.position, &mut table.seed);
        play_through(bob, table.game, 3, &reply).await;
        table.position.play_text(&reply).unwrap();
        let deadline = Instant::now() + PATIENCE;
        while !heard_move(alice, table.game, 4) && Instant::now() < deadline {
            if let Ok(Some(m)) =
                tokio::time::timeout(Duration::from_millis(200), alice.recv_wire()).await
            {
                alice.inbox.push_back(m);
            }
        }
        assert!(
            heard_move(alice, table.game, 4),
            "{}: the first player on the resumed node did not hear {reply}",
            table.game
        );
    }
}

#[tokio::test]
async fn a_move_its_game_s_node_never_answered_is_reported_as_of_unknown_outcome() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_unknown_outcome", 3, &[]).await
    else {
        return;
    };
    // A game run by node 1, its first player on node 0 and to move.
    let (mut alice, mut bob, game) = seek_across(&nodes[0], &nodes[1], GameKind::Jungle).await;
    let mut table = Table::new(game, GameKind::Jungle, 77);
    table.play([&mut alice, &mut bob], 2).await;
    // Node 1 stops answering with the move on its way: node 0 cannot know whether it was
    // played, and must not say that nothing changed.
    signal(&nodes[1], "STOP");
    let mv = pick_move(&table.position, &mut table.seed);
    let answer = alice.play(game, &mv).await;
    signal(&nodes[1], "CONT");
    let e = answer.expect_err("no answer from a stopped node");
    assert_eq!(e.code, ErrorCode::OutcomeUnknown, "{e:?}");
    // Rejoined, the player learns what became of it, and the record agrees.
    let deadline = Instant::now() + TAKEOVER_PATIENCE;
    let moves = loop {
        alice.inbox.clear();
        match alice
            .request(Request::Rejoin {
                game,
                since: None,
                key: None,
            })
            .await
        {
            Ok(_) => break alice.snapshot(game).await.moves,
            Err(e) if Instant::now() < deadline && e.code == ErrorCode::Unavailable => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("rejoin: {e:?}"),
        }
    };
    assert!(
        moves.len() == 2 || (moves.len() == 3 && moves[2] == mv),
        "{moves:?}"
    );
}

#[tokio::test]
async fn a_move_sent_as_its_node_pauses_past_its_lease_is_answered_after_its_event() {
    let Some((_nats, _url, nodes)) = cluster_of("chaupal_cluster_paused_mover", 3, &[]).await
    else {
        return;
    };
    // Games run by node 1, their first players on node 0, the first players to move.
    let mut tables = two_moves_in(&nodes, 3, 80).await;
    for (table, alice, _) in tables.iter_mut() {
        // The move reaches node 0 as it is paused past its lease: the others see it gone and
        // drop their relays to it. Resumed, it must not pass the move on before its
        // connection is at the game's room again, or the reply would come without the event.
        alice.inbox.clear();
        let mv = pick_move(&table.position, &mut table.seed);
        let pause = async {
            tokio::time::sleep(Duration::from_millis(1)).await;
            signal(&nodes[0], "STOP");
            tokio::time::sleep(Duration::from_secs(4)).await;
            signal(&nodes[0], "CONT");
        };
        let (answer, ()) = tokio::join!(alice.play(table.game, &mv), pause);
        match answer {
            Ok(_) => {}
            // Refused, nothing changed: it goes through once the node is back in the cluster.
            Err(e) if e.code == ErrorCode::Unavailable => {
                play_through(alice, table.game, 2, &mv).await;
            }
            Err(e) => panic!("{mv} in {}: {e:?}", table.game),
        }
        table.position.play_text(&mv).unwrap();
        assert!(
            heard_move(alice, table.game, 3),
            "{}: the reply to {mv} came before its event",
            table.game
        );
    }
}
