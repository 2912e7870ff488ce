//! Steps the end-to-end tests share: setting games up, starting them, playing them out,
//! waiting for their end, and reading back their records and ratings.

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    ClockSpec, Clocks, GameEvent, GameId, GameResult, GameSetup, GameStatus, GameSummary, Opponent,
    RatingInfo, Reply, Request, SeekId, SideChoice,
};

use crate::{Client, ServerProcess, mover, pick_move};

/// Plies after which a random game that has not ended is resigned (no rule set should need
/// this many, but a test must end).
pub const PLY_CAP: usize = 3000;

/// An unrated game without a clock, the creator playing first.
pub fn setup(kind: GameKind, opponent: Opponent) -> GameSetup {
    GameSetup {
        private: false,
        game: kind,
        rules: vec![],
        clock: None,
        correspondence: None,
        side: SideChoice::First,
        opponent,
        rated: false,
        position: None,
    }
}

/// An open, unrated game with `initial_ms` on each clock and no increment.
pub fn timed(kind: GameKind, initial_ms: u64) -> GameSetup {
    GameSetup {
        clock: Some(ClockSpec {
            initial_ms,
            increment_ms: 0,
        }),
        ..setup(kind, Opponent::Open)
    }
}

/// What `create_game` made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub game: Option<GameId>,
    pub seek: Option<SeekId>,
    pub code: Option<String>,
}

/// Creates a game; panics unless it is created.
pub async fn create(c: &mut Client, setup: GameSetup) -> Made {
    match c.request(Request::CreateGame(setup)).await.unwrap() {
        Reply::Created {
            game,
            seek,
            invite_code,
        } => Made {
            game,
            seek,
            code: invite_code,
        },
        other => panic!("expected created, got {other:?}"),
    }
}

/// Sends a request that starts a game (accept a seek, join by code); returns the game.
pub async fn join(c: &mut Client, request: Request) -> GameId {
    match c.request(request).await.unwrap() {
        Reply::Created {
            game: Some(game), ..
        } => game,
        other => panic!("expected a started game, got {other:?}"),
    }
}

/// Alice seeks as `setup` says (she plays first), Bob accepts; both have the snapshot.
pub async fn seek_and_accept(server: &ServerProcess, setup: GameSetup) -> (Client, Client, GameId) {
    let mut alice = Client::hello(server, "alice").await;
    let mut bob = Client::hello(server, "bob").await;
    let seek = create(&mut alice, setup).await.seek.unwrap();
    let game = join(&mut bob, Request::AcceptSeek { seek }).await;
    let a = alice.snapshot(game).await;
    let b = bob.snapshot(game).await;
    assert_eq!(a.your_seats, [Side::First]);
    assert_eq!(b.your_seats, [Side::Second]);
    assert_eq!(a.version, 0);
    (alice, bob, game)
}

/// An open, unrated game of `kind` without a clock between Alice (first) and Bob.
pub async fn open_game(server: &ServerProcess, kind: GameKind) -> (Client, Client, GameId) {
    seek_and_accept(server, setup(kind, Opponent::Open)).await
}

/// The clocks of the next `moved` event of `game`.
pub async fn moved_clocks(c: &mut Client, game: GameId) -> Clocks {
    loop {
        if let (_, GameEvent::Moved { clocks, .. }) = c.event(game).await {
            return clocks.unwrap();
        }
    }
}

/// Waits for the end of `game` and returns its result.
pub async fn ended(c: &mut Client, game: GameId) -> GameResult {
    let (_, end) = c
        .events_until(game, |e| matches!(e, GameEvent::Ended { .. }))
        .await
        .pop()
        .unwrap();
    match end {
        GameEvent::Ended { result, .. } => result,
        _ => unreachable!(),
    }
}

/// Plays random legal moves until the game ends; both clients must see every move.
/// Returns the moves and the result event.
pub async fn play_out(
    clients: &mut [&mut Client; 2],
    game: GameId,
    mut position: AnyGame,
    seed: u64,
) -> (Vec<String>, GameEvent) {
    play_on(clients, game, &mut position, seed, 0).await
}

/// Like [`play_out`], from a position `played` moves into the game. `clients[0]` holds the
/// first seat.
pub async fn play_on(
    clients: &mut [&mut Client; 2],
    game: GameId,
    position: &mut AnyGame,
    seed: u64,
    played: usize,
) -> (Vec<String>, GameEvent) {
    let mut seed = seed;
    let mut moves = Vec::new();
    let mut last_version = [0u64; 2];
    loop {
        if moves.len() >= PLY_CAP {
            let who = mover(position, 0);
            clients[who]
                .act(game, chaupal_shared::protocol::Action::Resign)
                .await
                .unwrap();
        } else {
            let mv = pick_move(position, &mut seed);
            let who = mover(position, 0);
            clients[who].play(game, &mv).await.unwrap();
            position.play_text(&mv).unwrap();
            moves.push(mv.clone());
        }
        let mut end = None;
        for (i, c) in clients.iter_mut().enumerate() {
            let (version, event) = c.event(game).await;
            assert!(version > last_version[i], "versions increase");
            last_version[i] = version;
            match &event {
                GameEvent::Moved { notation, ply, .. } => {
                    assert_eq!(notation, moves.last().unwrap());
                    assert_eq!(*ply as usize, played + moves.len());
                }
                GameEvent::Ended { .. } => end = Some(event.clone()),
                other => panic!("unexpected {other:?}"),
            }
        }
        if position.outcome().is_some() && end.is_none() {
            for c in clients.iter_mut() {
                let (_, event) = c.event(game).await;
                assert!(matches!(event, GameEvent::Ended { .. }), "{event:?}");
                end = Some(event);
            }
        }
        if let Some(end) = end {
            return (moves, end);
        }
    }
}

/// Checks that `game` heads `c`'s finished games with `plies` plies, and returns `c`'s list.
pub async fn listed_first(c: &mut Client, game: GameId, plies: usize) -> Vec<GameSummary> {
    let reply = c
        .request(Request::FinishedGames {
            player: None,
            limit: 10,
            before: None,
        })
        .await
        .unwrap();
    let Reply::Games { games, .. } = reply else {
        panic!("expected games, got {reply:?}")
    };
    assert_eq!(games[0].game, game);
    assert_eq!(games[0].status, GameStatus::Finished);
    assert_eq!(games[0].plies as usize, plies);
    games
}

/// The stored record of `game`: its text and its moves.
pub async fn record(c: &mut Client, game: GameId) -> (String, Vec<String>) {
    record_keyed(c, game, None).await
}

/// [`record`] of a private game, with its watch key (for someone who is not its player).
pub async fn record_keyed(
    c: &mut Client,
    game: GameId,
    key: Option<chaupal_shared::protocol::WatchKey>,
) -> (String, Vec<String>) {
    match c.request(Request::GetRecord { game, key }).await.unwrap() {
        Reply::Record { text, moves, .. } => (text, moves),
        other => panic!("expected a record, got {other:?}"),
    }
}

/// `c`'s own ratings, one per game.
pub async fn own_ratings(c: &mut Client) -> Vec<RatingInfo> {
    match c.request(Request::Ratings { player: None }).await.unwrap() {
        Reply::Ratings { ratings, .. } => ratings,
        other => panic!("{other:?}"),
    }
}
