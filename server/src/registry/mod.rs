//! The registry of rooms ([`Registry`]): which games this node runs, the list of live games, and
//! where a game's room is. One game's room, the task that runs the game, is [`crate::room`];
//! the registry opens rooms, finds them and hears from them, and never touches a game itself.
//!
//! Opening a game stores it, spawns its room and announces it; the registry hears what its
//! rooms report (as their [`crate::room::RoomHost`], in `host.rs`) and keeps the list of live
//! games that the lobby shows and the open-games limit counts. [`Registry::locate`] finds any
//! game's room: on this node, on another node of the cluster, or in the records when the game
//! is over. After a restart the registry reopens the live games from the records
//! (`restore.rs`); in a cluster it opens the games this node claims and closes them when it
//! hands them on (`cluster_side.rs`). Correspondence games are not listed with the live games:
//! their rooms sleep, and wake from the records on a request or a deadline
//! (`correspondence.rs`).
//!
//! The state sits behind one short-held mutex (no await while it is held).

mod cluster_side;
mod correspondence;
mod host;
mod restore;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, GameResult, GameStatus, GameSummary, LobbyEvent, PlayerId,
    SeekId, newest_listed,
};
use tokio::sync::{broadcast, mpsc};
use tokio::time::Instant;

use crate::announce::Announcer;
use crate::cluster::{Cluster, GameRoom};
use crate::config::Limits;
use crate::outbox::Outbox;
use crate::players::Players;
use crate::pool::AiPool;
use crate::push::Push;
use crate::room::{self, RoomDeps, RoomHandle, RoomInit};
use crate::store::{NewGame, Store, StoreError};

/// News of correspondence games waiting for its task; beyond this it is dropped (and logged).
const NEWS_QUEUE: usize = 10_000;

/// The registry of rooms (cheap to clone).
#[derive(Clone)]
pub struct Registry {
    inner: Arc<Inner>,
}

struct Inner {
    state: Mutex<State>,
    announcer: Announcer,
    store: Store,
    pool: AiPool,
    limits: Arc<Limits>,
    /// Set when the server shuts down: games this node claims are then left in the records.
    closing: AtomicBool,
    /// The cluster this node is part of (none on a single node).
    cluster: Option<Cluster>,
    /// Held while a sleeping game's room opens, so that two requests never open two.
    waking: tokio::sync::Mutex<()>,
    /// The players' connections on this node, told of their correspondence games.
    players: Players,
    /// Web Push, when the server sends it.
    push: Option<Push>,
    /// The news of correspondence games, for the task that delivers it in order.
    news: mpsc::Sender<correspondence::News>,
    /// Every game that ends on this node, for whoever follows endings (the tournaments).
    endings: broadcast::Sender<Ending>,
}

/// A game that ended on this node: its result and how many moves were played.
#[derive(Clone, Debug)]
pub struct Ending {
    pub game: GameId,
    pub result: GameResult,
    pub plies: u32,
    /// The sides that went berserk (an arena's game).
    pub berserk: [bool; 2],
}

/// Endings kept for a follower that lags; one that lags further misses some.
const ENDINGS_QUEUE: usize = 1024;

#[derive(Default)]
struct State {
    /// Live games, for lists and limits (in a cluster, every node's).
    games: BTreeMap<GameId, LiveGame>,
    /// Rooms still open on this node (live, or finished and lingering).
    rooms: HashMap<GameId, RoomHandle>,
}

/// A live game as the lists and limits see it.
struct LiveGame {
    summary: GameSummary,
    /// Players seated, and the creator of an exhibition: they count it as open.
    players: Vec<PlayerId>,
    /// When the game's progress was last announced.
    progress_sent: Option<Instant>,
    /// Whether a later announcement is due (a move came too soon after the last).
    progress_due: bool,
}

impl LiveGame {
    fn new(summary: GameSummary, players: Vec<PlayerId>) -> LiveGame {
        LiveGame {
            summary,
            players,
            progress_sent: None,
            progress_due: false,
        }
    }
}

impl Registry {
    /// The registry of a single node, or of node `cluster` of a cluster (whose store then
    /// writes as that node).
    pub fn new(
        store: Store,
        pool: AiPool,
        limits: Arc<Limits>,
        cluster: Option<Cluster>,
        announcer: Announcer,
        players: Players,
        push: Option<Push>,
    ) -> Registry {
        let store = match &cluster {
            Some(c) => c.store().clone(),
            None => store,
        };
        let (news, news_rx) = mpsc::channel(NEWS_QUEUE);
        let registry = Registry {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                announcer,
                store,
                pool,
                limits,
                closing: AtomicBool::new(false),
                cluster,
                waking: tokio::sync::Mutex::new(()),
                players,
                push,
                news,
                endings: broadcast::channel(ENDINGS_QUEUE).0,
            }),
        };
        tokio::spawn(registry.clone().deliver_news(news_rx));
        registry
    }

    /// The games that end on this node from now on.
    pub fn endings(&self) -> broadcast::Receiver<Ending> {
        self.inner.endings.subscribe()
    }

    /// The cluster this node is part of.
    pub fn cluster(&self) -> Option<&Cluster> {
        self.inner.cluster.as_ref()
    }

    /// The players' connections on this node.
    pub fn players(&self) -> &Players {
        &self.inner.players
    }

    /// Web Push, when this server sends it.
    pub fn push(&self) -> Option<&Push> {
        self.inner.push.as_ref()
    }

    /// The records the games are kept in (in a cluster, written as this node).
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.inner
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The server is shutting down: games claimed from now on stay in the records.
    pub fn shutting_down(&self) {
        self.inner.closing.store(true, Ordering::Relaxed);
    }

    fn closing(&self) -> bool {
        self.inner.closing.load(Ordering::Relaxed)
    }

    /// The live games anyone may watch (not the private ones), newest first: at most
    /// [`LOBBY_LISTED`](chaupal_shared::protocol::LOBBY_LISTED) started before `before` (from the newest when none), and how many
    /// more there are.
    pub fn games(&self, before: Option<GameId>) -> (Vec<GameSummary>, u32) {
        let public: Vec<GameSummary> = self
            .state()
            .games
            .values()
            .filter(|g| !g.summary.private)
            .map(|g| g.summary.clone())
            .collect();
        newest_listed(public, |g| g.game.0, before.map(|g| g.0))
    }

    /// Whether `game` is live and public (anyone may watch it), as far as this node knows.
    pub fn is_live_and_public(&self, game: GameId) -> bool {
        self.state()
            .games
            .get(&game)
            .is_some_and(|g| !g.summary.private)
    }

    /// How many rooms this node runs (live and lingering).
    pub fn room_count(&self) -> usize {
        self.state().rooms.len()
    }

    /// The room of a game still open on this node.
    pub fn room(&self, game: GameId) -> Option<RoomHandle> {
        self.state().rooms.get(&game).cloned()
    }

    /// A player's live games.
    pub fn live_games_of(&self, player: PlayerId) -> Vec<GameId> {
        self.state()
            .games
            .iter()
            .filter(|(_, g)| g.players.contains(&player))
            .map(|(id, _)| *id)
            .collect()
    }

    /// How many live games count against a player's open-games limit.
    pub fn open_games_of(&self, player: PlayerId) -> usize {
        self.state()
            .games
            .values()
            .filter(|g| g.players.contains(&player))
            .count()
    }

    /// Whether a game is live.
    pub fn is_live(&self, game: GameId) -> bool {
        self.state().games.contains_key(&game)
    }

    /// Whether `player` plays in live game `game`.
    pub fn plays_in(&self, game: GameId, player: PlayerId) -> bool {
        self.state()
            .games
            .get(&game)
            .is_some_and(|g| g.players.contains(&player))
    }

    /// The room of a live game, on this node or (in a cluster) another, woken from the records
    /// if it is a correspondence game that slept; a finished game's error says so.
    pub async fn locate(&self, game: GameId) -> Result<GameRoom, ErrorReply> {
        if let Some(room) = self.room(game).filter(|r| !r.is_closed()) {
            return Ok(GameRoom::Local(room));
        }
        if let Some(room) = self.wake(game).await? {
            return Ok(GameRoom::Local(room));
        }
        if let Some(cluster) = self.cluster()
            && let Some(room) = cluster.locate(game).await?
        {
            return Ok(room);
        }
        match self.inner.store.game(game).await? {
            Some(_) => Err(ErrorReply::new(
                ErrorCode::GameOver,
                format!("{game} is over; get_record shows it"),
            )),
            None => Err(ErrorReply::new(ErrorCode::NoSuchGame, format!("no {game}"))),
        }
    }

    /// Stores a new game (taking the stored seek it came from, if any), spawns its room with
    /// `subscribers` seated, and announces it.
    pub async fn start_game(
        &self,
        setup: NewGame,
        start: AnyGame,
        subscribers: Vec<Outbox>,
        from_seek: Option<SeekId>,
    ) -> Result<GameId, ErrorReply> {
        self.start_game_with(setup, start, subscribers, from_seek, None)
            .await
    }

    /// [`Registry::start_game`], seating also a seeker whose connection is on another node of
    /// the cluster (`elsewhere`: its node, and its connection and whether it asked for turns).
    pub async fn start_game_with(
        &self,
        setup: NewGame,
        start: AnyGame,
        mut subscribers: Vec<Outbox>,
        from_seek: Option<SeekId>,
        elsewhere: Option<(String, (u64, bool), PlayerId)>,
    ) -> Result<GameId, ErrorReply> {
        let store = &self.inner.store;
        let id = match from_seek {
            Some(seek) => store.create_game_from_seek(&setup, seek).await,
            None => store.create_game(&setup).await,
        }?;
        if let (Some(cluster), Some((node, conn, player)), Some(seek)) =
            (&self.inner.cluster, elsewhere, from_seek)
        {
            let relay = cluster.seat_elsewhere(&node, conn, player, seek, id).await;
            subscribers.push(relay);
        }
        let ratings = self.seat_ratings(&setup).await?;
        let pace = setup.first_pace();
        let to_move = start.side_to_move();
        let setup_creator = setup.creator;
        let init = RoomInit {
            id,
            setup,
            start,
            moves: Vec::new(),
            version: 0,
            log: Vec::new(),
            clocks_ms: None,
            berserk: [false; 2],
            ratings,
            subscribers,
            restored: false,
            pace,
        };
        let summary = self.open_room(init)?;
        // Correspondence games are not listed among the live games: the players find them in
        // their own list (`my_games`).
        if let Some(pace) = pace {
            let mut summary = summary;
            summary.deadline_ms = pace.deadline_ms();
            self.tell_players(summary, to_move, setup_creator);
        } else {
            let private = summary.private;
            self.inner
                .announcer
                .announce_game(LobbyEvent::GameStarted(Box::new(summary)), private);
        }
        Ok(id)
    }

    fn open_room(&self, init: RoomInit) -> Result<GameSummary, ErrorReply> {
        let id = init.id;
        let players = seated_players(&init.setup);
        let summary = init.setup.summary(
            id,
            init.ratings,
            GameStatus::Live,
            None,
            init.moves.len() as u32,
            0,
        );
        let deps = RoomDeps {
            store: self.inner.store.clone(),
            pool: self.inner.pool.clone(),
            host: Arc::new(self.clone()),
            limits: self.inner.limits.clone(),
        };
        let listed = init.setup.correspondence.is_none();
        // Register before the room runs, so that its first reports find it.
        let handle = {
            let mut state = self.state();
            if listed {
                state
                    .games
                    .insert(id, LiveGame::new(summary.clone(), players));
            }
            match room::spawn(init, deps) {
                Ok(handle) => {
                    state.rooms.insert(id, handle.clone());
                    handle
                }
                Err(e) => {
                    state.games.remove(&id);
                    return Err(e);
                }
            }
        };
        tracing::debug!("{}: room open", handle.id);
        Ok(summary)
    }

    /// The seats' ratings at a game's start, for display.
    async fn seat_ratings(&self, setup: &NewGame) -> Result<[Option<i32>; 2], StoreError> {
        let mut ratings = [None, None];
        for (i, seat) in setup.seats.iter().enumerate() {
            ratings[i] = self
                .inner
                .store
                .seat_rating(seat.player, seat.engine.as_ref(), setup.pool())
                .await?
                .map(|r| r.rating.round() as i32);
        }
        Ok(ratings)
    }
}

/// The players a live game counts against (its seated players, and the creator of an
/// exhibition).
fn seated_players(setup: &NewGame) -> Vec<PlayerId> {
    setup
        .seats
        .iter()
        .filter_map(|s| s.player)
        .chain(
            setup
                .seats
                .iter()
                .all(|s| s.engine.is_some())
                .then_some(setup.creator)
                .flatten(),
        )
        .collect()
}
