//! Private games through the real server, as an outside attacker would try them: a game begun
//! from a private invitation (live or by correspondence), a game set up private and a game on
//! one device are seen only by their players and the holders of their watch link; strangers
//! who count game ids get `private_game` from every request that shows a game, and no list
//! names them. Lasting seeks are bounded per address, and the lobby's lists are paged.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{
    Action, Correspondence, Engine, ErrorCode, GameId, GameSnapshot, LobbyEvent, Opponent, Reply,
    Request, SeekId, ServerMessage, WatchKey,
};
use chaupal_tests::play::{create, join, setup};
use chaupal_tests::{Client, ServerProcess, pick_move, start_of};

/// Every request that shows a game, with `key`.
fn showing(game: GameId, key: Option<WatchKey>) -> Vec<Request> {
    vec![
        Request::Watch {
            game,
            key: key.clone(),
        },
        Request::Rejoin {
            game,
            since: None,
            key: key.clone(),
        },
        Request::GetRecord {
            game,
            key: key.clone(),
        },
    ]
}

/// `who` is refused every sight of `game` with `key` (none, or a wrong one).
async fn refused_sight(who: &mut Client, game: GameId, key: Option<WatchKey>) {
    for request in showing(game, key) {
        let what = format!("{request:?}");
        let e = who.request(request).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::PrivateGame, "{what}: {e:?}");
    }
    let e = who.request(Request::Hint { game }).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::PrivateGame, "a hint: {e:?}");
}

/// A game of `kind` against the computer's level 1, set up as [`setup`] does.
fn against_level_1(kind: GameKind) -> chaupal_shared::protocol::GameSetup {
    setup(
        kind,
        Opponent::Ai {
            engine: Engine::Level { level: 1 },
        },
    )
}

/// The live public games `who` is shown.
async fn listed(who: &mut Client) -> Vec<GameId> {
    let Reply::Games { games, .. } = who.request(Request::ListGames).await.unwrap() else {
        panic!("not a list")
    };
    games.iter().map(|g| g.game).collect()
}

/// `who`'s list of `player`'s finished games.
async fn finished_of(
    who: &mut Client,
    player: Option<chaupal_shared::protocol::PlayerId>,
) -> Vec<GameId> {
    let Reply::Games { games, .. } = who
        .request(Request::FinishedGames {
            player,
            limit: 100,
            before: None,
        })
        .await
        .unwrap()
    else {
        panic!("not a list")
    };
    games.iter().map(|g| g.game).collect()
}

/// Alice invites, Bob joins by the code: the game and both players' snapshots.
async fn invited(
    server: &ServerProcess,
    correspondence: Option<Correspondence>,
) -> (Client, Client, GameId, GameSnapshot) {
    let mut alice = Client::hello(server, "alice").await;
    let mut bob = Client::hello(server, "bob").await;
    let mut invitation = setup(GameKind::Kalah, Opponent::Private);
    invitation.correspondence = correspondence;
    let code = create(&mut alice, invitation).await.code.unwrap();
    let game = join(&mut bob, Request::JoinByCode { code }).await;
    let a = alice.snapshot(game).await;
    let b = bob.snapshot(game).await;
    assert_eq!(a.watch_key, b.watch_key, "one key for the game");
    assert!(a.summary.private);
    (alice, bob, game, a)
}

#[tokio::test]
async fn a_game_from_a_private_invitation_is_seen_only_by_its_players_and_link_holders() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut carol = Client::hello(&server, "carol").await;
    carol.request(Request::SubscribeLobby).await.unwrap();
    let (mut alice, mut bob, game, snap) = invited(&server, None).await;
    let key = snap
        .watch_key
        .clone()
        .expect("a private game's players get its key");
    assert_eq!(key.0.len(), 32);
    assert!(key.0.bytes().all(|b| b.is_ascii_hexdigit()), "{}", key.0);

    // A public game started after it: the lobby's events up to its start name no other game.
    let mut eve = Client::hello(&server, "eve").await;
    let ai = create(&mut eve, against_level_1(GameKind::Kalah))
        .await
        .game
        .unwrap();
    let heard = carol
        .wait_for(|m| match m {
            ServerMessage::Lobby(LobbyEvent::GameStarted(s)) => Some(s.game),
            _ => None,
        })
        .await;
    assert_eq!(
        heard, ai,
        "the first game the lobby hears of is the public one"
    );
    assert_eq!(
        listed(&mut carol).await,
        [ai],
        "only the public game is listed"
    );

    // A stranger who counts ids is refused every sight of it, with no key or a wrong one.
    refused_sight(&mut carol, game, None).await;
    let mut near = key.0.clone().into_bytes();
    near[0] = if near[0] == b'0' { b'1' } else { b'0' };
    refused_sight(
        &mut carol,
        game,
        Some(WatchKey(String::from_utf8(near).unwrap())),
    )
    .await;
    refused_sight(&mut carol, game, Some(WatchKey(String::new()))).await;

    // The players play on; the link's holder watches and reads it.
    let mut position = start_of(GameKind::Kalah);
    let mut seed = 5;
    let mv = pick_move(&position, &mut seed);
    position.play_text(&mv).unwrap();
    assert_eq!(snap.your_seats, [Side::First], "the inviter plays first");
    alice.play(game, &mv).await.unwrap();
    carol
        .request(Request::Watch {
            game,
            key: Some(key.clone()),
        })
        .await
        .unwrap();
    let seen = carol.snapshot(game).await;
    assert_eq!(seen.moves, std::slice::from_ref(&mv));
    assert_eq!(seen.your_seats, []);
    assert_eq!(seen.watch_key.as_ref(), Some(&key), "to pass the link on");
    let Reply::Record { moves, .. } = carol
        .request(Request::GetRecord {
            game,
            key: Some(key.clone()),
        })
        .await
        .unwrap()
    else {
        panic!("not a record")
    };
    assert_eq!(moves, [mv]);

    // Over, it stays out of strangers' lists of finished games and reviews.
    alice.act(game, Action::Resign).await.unwrap();
    let mut frank = Client::hello(&server, "frank").await;
    let alices = Some(alice.id());
    assert!(!finished_of(&mut frank, alices).await.contains(&game));
    assert!(finished_of(&mut alice, None).await.contains(&game));
    assert!(
        finished_of(&mut bob, alices).await.contains(&game),
        "its opponent sees it"
    );
    refused_sight(&mut frank, game, None).await;
    let e = frank
        .request(Request::Review { game, key: None })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::PrivateGame);
    let e = frank
        .request(Request::MistakePuzzles { game })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::PrivateGame);

    // The key is kept with the records: after a restart it still opens the game, and only it.
    let server = server.restart().await;
    let mut grace = Client::hello(&server, "grace").await;
    refused_sight(&mut grace, game, None).await;
    let Reply::Record { watch_key, .. } = grace
        .request(Request::GetRecord {
            game,
            key: Some(key.clone()),
        })
        .await
        .unwrap()
    else {
        panic!("not a record")
    };
    assert_eq!(watch_key, Some(key));
}

#[tokio::test]
async fn a_correspondence_invitation_and_a_game_set_up_private_are_private_too() {
    let server = ServerProcess::start_for_games(&[]).await;
    let mut carol = Client::hello(&server, "carol").await;
    let (_alice, _bob, game, snap) = invited(&server, Correspondence::days(3)).await;
    refused_sight(&mut carol, game, None).await;
    carol
        .request(Request::Watch {
            game,
            key: snap.watch_key.clone(),
        })
        .await
        .unwrap();
    assert_eq!(carol.snapshot(game).await.summary.game, game);

    // A game against the computer, set up private: unlisted, refused to strangers.
    let mut dan = Client::hello(&server, "dan").await;
    let mut quiet = against_level_1(GameKind::Jungle);
    quiet.private = true;
    let private = create(&mut dan, quiet).await.game.unwrap();
    let open = create(&mut dan, against_level_1(GameKind::Jungle))
        .await
        .game
        .unwrap();
    let shown = listed(&mut carol).await;
    assert!(shown.contains(&open), "{shown:?}");
    assert!(!shown.contains(&private), "{shown:?}");
    refused_sight(&mut carol, private, None).await;
    // A game on one device is nobody else's either.
    let local = create(&mut dan, setup(GameKind::Kalah, Opponent::Local))
        .await
        .game
        .unwrap();
    assert!(!listed(&mut carol).await.contains(&local));
    refused_sight(&mut carol, local, None).await;
    // Its player still sees all of them.
    for g in [private, local] {
        dan.request(Request::Rejoin {
            game: g,
            since: None,
            key: None,
        })
        .await
        .unwrap();
        assert!(dan.snapshot(g).await.summary.private);
    }
}

#[tokio::test]
async fn one_address_cannot_fill_the_lobby_with_lasting_seeks() {
    // Every hello without a token is a new player: ten of them from one address.
    let server = ServerProcess::start_for_games(&[]).await;
    let pace = Correspondence::days(3);
    let mut made = 0;
    let mut refusal = None;
    for i in 0..10 {
        let mut p = Client::hello(&server, &format!("fresh{i}")).await;
        for j in 0..5 {
            let mut seek = setup(
                GameKind::Kalah,
                if j % 2 == 0 {
                    Opponent::Open
                } else {
                    Opponent::Private
                },
            );
            seek.correspondence = pace;
            match p.request(Request::CreateGame(seek)).await {
                Ok(_) => made += 1,
                Err(e) => {
                    assert_eq!(e.code, ErrorCode::TooManyGames, "{e:?}");
                    refusal.get_or_insert(e.reason);
                }
            }
        }
    }
    assert_eq!(made, 20, "the default bound of lasting seeks per address");
    let reason = refusal.unwrap();
    assert!(reason.contains("your address"), "{reason}");
    // A live open seek goes with its connection: it is not bounded by the address.
    let mut live = Client::hello(&server, "live").await;
    assert!(
        create(&mut live, setup(GameKind::Kalah, Opponent::Open))
            .await
            .seek
            .is_some()
    );
}

#[tokio::test]
async fn the_welcome_names_the_address_bound_and_the_lobby_is_paged_newest_first() {
    let server = ServerProcess::start_for_games(&["--max-lasting-seeks-per-address", "1000"]).await;
    let mut me = Client::connect(&server).await;
    me.send(Request::Hello {
        version: chaupal_shared::protocol::PROTOCOL_VERSION,
        name: "pager".to_owned(),
        token: None,
        turns: false,
    })
    .await;
    let ServerMessage::Reply {
        reply: Reply::Welcome(welcome),
        ..
    } = me.recv().await
    else {
        panic!("no welcome")
    };
    assert_eq!(welcome.limits.max_lasting_seeks_per_address, 1000);

    // 130 correspondence seeks by three players.
    let mut all: Vec<SeekId> = Vec::new();
    for p in 0..3 {
        let mut c = Client::hello(&server, &format!("seeker{p}")).await;
        for _ in 0..44 {
            let mut seek = setup(GameKind::Kalah, Opponent::Open);
            seek.correspondence = Correspondence::days(7);
            if all.len() == 130 {
                break;
            }
            all.push(create(&mut c, seek).await.seek.unwrap());
        }
    }
    assert_eq!(all.len(), 130);
    all.sort();
    all.reverse();
    let limit = chaupal_shared::protocol::LOBBY_LISTED;
    let Reply::Seeks { seeks, more } = me.request(Request::ListSeeks).await.unwrap() else {
        panic!()
    };
    let first: Vec<SeekId> = seeks.iter().map(|s| s.seek).collect();
    assert_eq!(first, all[..limit], "the newest, newest first");
    assert_eq!(more, 30);
    let Reply::Seeks { seeks, more } = me
        .request(Request::ListSeeksBefore {
            before: *first.last().unwrap(),
        })
        .await
        .unwrap()
    else {
        panic!()
    };
    let rest: Vec<SeekId> = seeks.iter().map(|s| s.seek).collect();
    assert_eq!(rest, all[limit..]);
    assert_eq!(more, 0);
    let Reply::Lobby {
        seeks, more_seeks, ..
    } = me.request(Request::SubscribeLobby).await.unwrap()
    else {
        panic!()
    };
    assert_eq!((seeks.len(), more_seeks), (limit, 30));
}
