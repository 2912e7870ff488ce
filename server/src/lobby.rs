//! The lobby: open seeks, private invitations, the list of live games, and starting games.
//!
//! Creating a game checks its set-up (rules, clock, AI engines, rating rules) and the player's
//! open-games limit. Open seeks are listed and announced to lobby subscribers; private games
//! wait for their invite code; local, AI and exhibition games start at once. Starting a game
//! stores it, spawns its room and announces it. The lobby also reloads live games after a
//! restart.
//!
//! Seeks and invitations are stored before they are listed and reloaded after a restart, so
//! a friend can still join by the code. A seek lasts as long as its seeker's connection; a
//! reloaded seek has no connection until its seeker says hello again (it then goes with that
//! connection), and stays until it is taken or cancelled. A reloaded open seek is listed (and
//! can be accepted) only once its seeker is back; an invite code works at once, since the
//! friend was invited. A shutdown keeps the seeks stored.
//!
//! The state sits behind one short-held mutex (no await while it is held); subscribers get
//! changes through the [`crate::bus`] (bounded) and a fresh `reset` when they fall behind.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use std::sync::{Arc, Mutex, MutexGuard};
use tokio::time::Instant;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    ClockSpec, Engine, ErrorCode, ErrorReply, GameEvent, GameId, GameResult, GameSetup, GameStatus,
    GameSummary, LobbyEvent, Opponent, PlayerId, PlayerInfo, SeekId, SeekInfo, SideChoice,
};
use rand::Rng;

use crate::bus::{Bus, LocalBus, Subscription};
use crate::cluster::{Cluster, ClusterHost};
use crate::config::{Limits, MAX_CLOCK_MS};
use crate::identity::{new_invite_code, normalise_code};
use crate::outbox::{ConnId, Outbox};
use crate::pool::{AiPool, engine_name};
use crate::room::{self, HostFuture, RoomDeps, RoomHandle, RoomHost, RoomInit};
use crate::store::{NewGame, Store, StoreError, StoredSeat, StoredSeek};
use chaupal_engine::engines::{Algorithm, EngineConfig};

/// Lobby events kept for slow subscribers before they get a reset instead.
const LOBBY_EVENTS: usize = 256;
/// The deepest fixed depth a named engine may be asked for.
const MAX_ENGINE_DEPTH: u32 = 64;
/// The least time between two `game_progress` announcements of one game: a fast game does not
/// flood the lobby's subscribers, and the last count always follows.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// What `create` made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub game: Option<GameId>,
    pub seek: Option<SeekId>,
    pub invite_code: Option<String>,
}

/// The lobby (cheap to clone).
#[derive(Clone)]
pub struct Lobby {
    inner: Arc<Inner>,
}

struct Inner {
    state: Mutex<State>,
    events: Box<dyn Bus<LobbyEvent>>,
    store: Store,
    pool: AiPool,
    limits: Arc<Limits>,
    /// Set when the server shuts down: connections closing then keep their seeks stored.
    closing: AtomicBool,
    /// The cluster this node is part of (none on a single node).
    cluster: Option<Cluster>,
}

#[derive(Default)]
struct State {
    seeks: BTreeMap<SeekId, Seek>,
    codes: HashMap<String, SeekId>,
    /// Live games, for lists and limits.
    games: BTreeMap<GameId, LiveGame>,
    /// Rooms still open (live, or finished and lingering).
    rooms: HashMap<GameId, RoomHandle>,
    /// Open seeks whose seekers are on other nodes of the cluster, and their node.
    remote_seeks: BTreeMap<SeekId, (String, SeekInfo)>,
    /// The invite codes taken up on this node, and the live game each started: a player of
    /// that game who opens its link again is sent back to it.
    used_codes: HashMap<String, GameId>,
}

struct Seek {
    info: SeekInfo,
    setup: GameSetup,
    /// The seeker's connection: the seek lasts as long as it does. None for a seek reloaded
    /// after a restart until its seeker says hello again.
    owner: Option<Outbox>,
    code: Option<String>,
}

struct LiveGame {
    summary: GameSummary,
    /// Players seated, and the creator of an exhibition: they count it as open.
    players: Vec<PlayerId>,
    /// When the game's progress was last announced.
    progress_sent: Option<Instant>,
    /// Whether a later announcement is due (a move came too soon after the last).
    progress_due: bool,
}

fn bad(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

fn no_game_for_code() -> ErrorReply {
    bad(
        ErrorCode::BadInviteCode,
        "no game waits for this invite code",
    )
}

impl Lobby {
    /// The lobby of a single node, or of node `cluster` of a cluster (whose store then writes
    /// as that node).
    pub fn new(store: Store, pool: AiPool, limits: Arc<Limits>, cluster: Option<Cluster>) -> Lobby {
        let store = match &cluster {
            Some(c) => c.store().clone(),
            None => store,
        };
        Lobby {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                events: Box::new(LocalBus::new(LOBBY_EVENTS)),
                store,
                pool,
                limits,
                closing: AtomicBool::new(false),
                cluster,
            }),
        }
    }

    /// The cluster this node is part of.
    pub fn cluster(&self) -> Option<&Cluster> {
        self.inner.cluster.as_ref()
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.inner
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn announce(&self, event: LobbyEvent) {
        if let Some(cluster) = &self.inner.cluster {
            cluster.publish_lobby(&event);
        }
        self.inner.events.publish(event);
    }

    /// The open seeks (a reloaded one only once its seeker is back).
    pub fn seeks(&self) -> Vec<SeekInfo> {
        let state = self.state();
        let mut seeks: Vec<SeekInfo> = state
            .seeks
            .values()
            .filter(|s| s.code.is_none() && s.owner.is_some())
            .map(|s| s.info.clone())
            .chain(state.remote_seeks.values().map(|(_, info)| info.clone()))
            .collect();
        seeks.sort_by_key(|s| s.seek);
        seeks
    }

    /// The live games.
    pub fn games(&self) -> Vec<GameSummary> {
        self.state()
            .games
            .values()
            .map(|g| g.summary.clone())
            .collect()
    }

    /// Lobby events from now on, with the lobby as it is now.
    pub fn subscribe(&self) -> (Subscription<LobbyEvent>, Vec<SeekInfo>, Vec<GameSummary>) {
        // Subscribe first: an event between the two is then seen twice, never missed.
        let rx = self.inner.events.subscribe();
        (rx, self.seeks(), self.games())
    }

    /// How many rooms this node runs (live and lingering).
    pub fn room_count(&self) -> usize {
        self.state().rooms.len()
    }

    /// The room of a game still open.
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

    fn open_count(state: &State, player: PlayerId) -> usize {
        state
            .seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .count()
            + state
                .remote_seeks
                .values()
                .filter(|(_, s)| s.by.id == player)
                .count()
            + state
                .games
                .values()
                .filter(|g| g.players.contains(&player))
                .count()
    }

    fn check_open_limit(&self, state: &State, player: PlayerId) -> Result<(), ErrorReply> {
        let max = self.inner.limits.max_open_games as usize;
        if Self::open_count(state, player) >= max {
            Err(bad(
                ErrorCode::TooManyGames,
                format!("you already have {max} open seeks and live games"),
            ))
        } else {
            Ok(())
        }
    }

    /// Creates a game as `setup` says.
    pub async fn create(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        setup: GameSetup,
    ) -> Result<Created, ErrorReply> {
        let start = check_setup(&setup, &self.inner.limits)?;
        self.check_open_limit(&self.state(), player.id)?;
        let creator_side = match setup.side {
            SideChoice::First => Side::First,
            SideChoice::Second => Side::Second,
            SideChoice::Random => {
                if rand::rng().random_bool(0.5) {
                    Side::First
                } else {
                    Side::Second
                }
            }
        };
        let person = |p: &PlayerInfo| StoredSeat {
            player: Some(p.id),
            engine: None,
            name: p.name.clone(),
        };
        let ai = |e: &Engine| StoredSeat {
            player: None,
            engine: Some(e.clone()),
            name: engine_name(e),
        };
        let seated = |mode: &str, mut seats: [StoredSeat; 2], side: Side| {
            if side == Side::Second {
                seats.swap(0, 1);
            }
            NewGame {
                kind: setup.game,
                rules: setup.rules.clone(),
                start_position: setup.position.clone(),
                clock: setup.clock,
                rated: setup.rated,
                mode: mode.to_owned(),
                creator: Some(player.id),
                seats,
                started_ms: crate::now_ms(),
            }
        };
        match &setup.opponent {
            Opponent::Open | Opponent::Private => {
                let rating = self
                    .inner
                    .store
                    .rating(&crate::ratings::player_key(player.id.0), setup.game)
                    .await?
                    .map(|r| r.rating.round() as i32);
                let private = setup.opponent == Opponent::Private;
                let code = private.then(|| {
                    let state = self.state();
                    loop {
                        let c = new_invite_code();
                        if !state.codes.contains_key(&c) {
                            break c;
                        }
                    }
                });
                // Stored first, so that a seek anyone can see survives a crash.
                let store = &self.inner.store;
                let seeker = Some((outbox.conn.0, outbox.turns));
                let id = store
                    .create_seek_from(&player, &setup, code.as_deref(), crate::now_ms(), seeker)
                    .await?;
                let info = self.add_seek(id, player, setup, code.clone(), rating, Some(outbox));
                let info = match info {
                    Ok(info) => info,
                    Err(e) => {
                        self.forget_seek(id);
                        return Err(e);
                    }
                };
                if !private {
                    self.announce(LobbyEvent::SeekAdded(info));
                }
                Ok(Created {
                    game: None,
                    seek: Some(id),
                    invite_code: code,
                })
            }
            Opponent::Local => {
                let new = seated("local", [person(&player), person(&player)], Side::First);
                let game = self.start_game(new, start, vec![outbox], None).await?;
                Ok(created(game))
            }
            Opponent::Ai { engine } => {
                let new = seated("ai", [person(&player), ai(engine)], creator_side);
                let game = self.start_game(new, start, vec![outbox], None).await?;
                Ok(created(game))
            }
            Opponent::Exhibition { first, second } => {
                let new = seated("exhibition", [ai(first), ai(second)], Side::First);
                let game = self.start_game(new, start, vec![outbox], None).await?;
                Ok(created(game))
            }
        }
    }

    /// Lists a stored seek. A new seek (with its seeker's connection) counts against the
    /// seeker's open-games limit; a reloaded one is always taken back.
    fn add_seek(
        &self,
        id: SeekId,
        by: PlayerInfo,
        setup: GameSetup,
        code: Option<String>,
        rating: Option<i32>,
        owner: Option<Outbox>,
    ) -> Result<SeekInfo, ErrorReply> {
        let mut state = self.state();
        if owner.is_some() {
            self.check_open_limit(&state, by.id)?;
        }
        let info = SeekInfo {
            seek: id,
            by,
            kind: setup.game,
            rules: setup.rules.clone(),
            clock: setup.clock,
            side: setup.side,
            rated: setup.rated,
            rating,
        };
        if let Some(c) = &code {
            state.codes.insert(c.clone(), id);
        }
        state.seeks.insert(
            id,
            Seek {
                info: info.clone(),
                setup,
                owner,
                code,
            },
        );
        Ok(info)
    }

    /// Removes a seek from the records, in the background (it is already out of the lobby).
    /// While the server shuts down, seeks stay stored, to be reloaded at the next start.
    fn forget_seek(&self, seek: SeekId) {
        if self.inner.closing.load(Ordering::Relaxed) {
            return;
        }
        let store = self.inner.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.delete_seek(seek).await {
                tracing::error!("{seek}: could not remove it from the records: {e}");
            }
        });
    }

    /// The server is shutting down: connections that close from now on keep their seeks.
    pub fn shutting_down(&self) {
        self.inner.closing.store(true, Ordering::Relaxed);
    }

    /// A player said hello: their reloaded seeks go with this connection from now on, and the
    /// games they become are sent to it.
    pub fn adopt_seeks(&self, outbox: &Outbox) {
        let mut listed = Vec::new();
        for seek in self.state().seeks.values_mut() {
            if seek.info.by.id == outbox.player && seek.owner.is_none() {
                seek.owner = Some(outbox.clone());
                if seek.code.is_none() {
                    listed.push(seek.info.clone());
                }
            }
        }
        for info in listed {
            self.announce(LobbyEvent::SeekAdded(info));
        }
    }

    /// Takes the other seat of an open seek.
    pub async fn accept(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        seek: SeekId,
    ) -> Result<GameId, ErrorReply> {
        let here = self.state().seeks.contains_key(&seek);
        if !here && self.inner.cluster.is_some() {
            return self.accept_remote(player, outbox, seek).await;
        }
        let taken = {
            let mut state = self.state();
            match state.seeks.get(&seek) {
                None => return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))),
                Some(s) if s.code.is_some() => {
                    return Err(bad(
                        ErrorCode::NoSuchSeek,
                        format!("{seek} is private: join it by its invite code"),
                    ));
                }
                // Nobody should find a game started with a stranger while they were away.
                Some(s) if s.owner.is_none() => {
                    return Err(bad(
                        ErrorCode::NoSuchSeek,
                        format!("{seek} waits for its seeker to come back after a restart"),
                    ));
                }
                Some(_) => {}
            }
            self.take_seek(&mut state, &player, seek)?
        };
        self.announce(LobbyEvent::SeekRemoved { seek });
        self.start_from_seek(taken, player, outbox).await
    }

    /// Takes the other seat of a private game.
    pub async fn join_by_code(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        code: &str,
    ) -> Result<GameId, ErrorReply> {
        let code = normalise_code(code);
        if let Some(game) = self.game_of_used_code(&self.state(), &player, &code) {
            return Ok(game);
        }
        let here = self.state().codes.contains_key(&code);
        let game = if !here && self.inner.cluster.is_some() {
            self.join_remote(player, outbox, &code).await?
        } else {
            let taken = {
                let mut state = self.state();
                match state.codes.get(&code) {
                    Some(&seek) => self.take_seek(&mut state, &player, seek)?,
                    None => return Err(no_game_for_code()),
                }
            };
            self.start_from_seek(taken, player, outbox).await?
        };
        let mut state = self.state();
        // Codes of games that are over are forgotten as new ones come.
        let State {
            used_codes, games, ..
        } = &mut *state;
        used_codes.retain(|_, g| games.contains_key(g));
        used_codes.insert(code, game);
        Ok(game)
    }

    /// The live game an invite code already started on this node, for one of its players (who
    /// opened the link again, or reloaded its page); none for anyone else.
    fn game_of_used_code(&self, state: &State, player: &PlayerInfo, code: &str) -> Option<GameId> {
        state
            .used_codes
            .get(code)
            .filter(|game| {
                state
                    .games
                    .get(game)
                    .is_some_and(|g| g.players.contains(&player.id))
            })
            .copied()
    }

    /// Accepts an open seek whose seeker is on another node of the cluster: the records say
    /// whether it is still there, and taking it stores the game in the same transaction.
    async fn accept_remote(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        seek: SeekId,
    ) -> Result<GameId, ErrorReply> {
        let stored = self.inner.store.seek(seek).await?;
        let Some(stored) = stored else {
            return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}")));
        };
        if stored.code.is_some() {
            return Err(bad(
                ErrorCode::NoSuchSeek,
                format!("{seek} is private: join it by its invite code"),
            ));
        }
        let seeker_here = match (&self.inner.cluster, &stored.node) {
            (Some(cluster), Some(node)) => cluster.is_live_now(node).await,
            _ => false,
        };
        if !seeker_here {
            return Err(bad(
                ErrorCode::NoSuchSeek,
                format!("{seek} waits for its seeker to come back"),
            ));
        }
        self.start_from_stored(stored, player, outbox).await
    }

    /// Joins a private game whose seeker is on another node of the cluster.
    async fn join_remote(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        code: &str,
    ) -> Result<GameId, ErrorReply> {
        let Some(stored) = self.inner.store.seek_by_code(code).await? else {
            return Err(no_game_for_code());
        };
        self.start_from_stored(stored, player, outbox).await
    }

    /// Starts the game of a seek stored by another node: its seeker's node is told, and seats
    /// the seeker.
    async fn start_from_stored(
        &self,
        stored: StoredSeek,
        player: PlayerInfo,
        outbox: Outbox,
    ) -> Result<GameId, ErrorReply> {
        if stored.by.id == player.id {
            return Err(bad(ErrorCode::BadSetup, "you cannot play your own seek"));
        }
        self.check_open_limit(&self.state(), player.id)?;
        let seek = Seek {
            info: SeekInfo {
                seek: stored.id,
                by: stored.by.clone(),
                kind: stored.setup.game,
                rules: stored.setup.rules.clone(),
                clock: stored.setup.clock,
                side: stored.setup.side,
                rated: stored.setup.rated,
                rating: None,
            },
            setup: stored.setup,
            owner: None,
            code: stored.code,
        };
        let private = seek.code.is_some();
        let me = self.inner.cluster.as_ref().map(|c| c.node().to_owned());
        let elsewhere = match (stored.node, stored.conn) {
            (Some(node), Some(conn)) if Some(&node) != me.as_ref() => {
                Some((node, conn, stored.by.id))
            }
            _ => None,
        };
        let game = self
            .start_from_seek_with(seek, player, outbox, elsewhere)
            .await?;
        self.state().remote_seeks.remove(&stored.id);
        if !private {
            self.announce(LobbyEvent::SeekRemoved { seek: stored.id });
        }
        Ok(game)
    }

    fn take_seek(
        &self,
        state: &mut State,
        player: &PlayerInfo,
        seek: SeekId,
    ) -> Result<Seek, ErrorReply> {
        let Some(s) = state.seeks.get(&seek) else {
            return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}")));
        };
        if s.info.by.id == player.id {
            return Err(bad(ErrorCode::BadSetup, "you cannot play your own seek"));
        }
        let gone = s.owner.as_ref().is_some_and(Outbox::is_closed);
        self.check_open_limit(state, player.id)?;
        let taken = state
            .seeks
            .remove(&seek)
            .ok_or_else(|| bad(ErrorCode::NoSuchSeek, format!("no {seek}")))?;
        if let Some(code) = &taken.code {
            state.codes.remove(code);
        }
        if gone {
            self.forget_seek(seek);
            return Err(bad(ErrorCode::NoSuchSeek, "the seeker has left"));
        }
        Ok(taken)
    }

    async fn start_from_seek(
        &self,
        seek: Seek,
        taker: PlayerInfo,
        outbox: Outbox,
    ) -> Result<GameId, ErrorReply> {
        self.start_from_seek_with(seek, taker, outbox, None).await
    }

    async fn start_from_seek_with(
        &self,
        seek: Seek,
        taker: PlayerInfo,
        outbox: Outbox,
        elsewhere: Option<(String, (u64, bool), PlayerId)>,
    ) -> Result<GameId, ErrorReply> {
        let setup = &seek.setup;
        let start = check_setup(setup, &self.inner.limits)?;
        let seeker_side = match setup.side {
            SideChoice::First => Side::First,
            SideChoice::Second => Side::Second,
            SideChoice::Random => {
                if rand::rng().random_bool(0.5) {
                    Side::First
                } else {
                    Side::Second
                }
            }
        };
        let seat = |p: &PlayerInfo| StoredSeat {
            player: Some(p.id),
            engine: None,
            name: p.name.clone(),
        };
        let mut seats = [seat(&seek.info.by), seat(&taker)];
        if seeker_side == Side::Second {
            seats.swap(0, 1);
        }
        let new = NewGame {
            kind: setup.game,
            rules: setup.rules.clone(),
            start_position: setup.position.clone(),
            clock: setup.clock,
            rated: setup.rated,
            mode: if seek.code.is_some() {
                "private"
            } else {
                "open"
            }
            .to_owned(),
            creator: Some(seek.info.by.id),
            seats,
            started_ms: crate::now_ms(),
        };
        let subscribers = seek.owner.into_iter().chain([outbox]).collect();
        self.start_game_with(new, start, subscribers, Some(seek.info.seek), elsewhere)
            .await
    }

    /// Withdraws a seek of the player's.
    pub fn cancel(&self, player: PlayerId, seek: SeekId) -> Result<(), ErrorReply> {
        let removed = {
            let mut state = self.state();
            match state.seeks.get(&seek) {
                Some(s) if s.info.by.id == player => {}
                Some(_) => return Err(bad(ErrorCode::NotYourSeat, format!("{seek} is not yours"))),
                None => return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))),
            }
            let s = state.seeks.remove(&seek);
            if let Some(code) = s.as_ref().and_then(|s| s.code.clone()) {
                state.codes.remove(&code);
            }
            s
        };
        self.forget_seek(seek);
        if removed.is_some_and(|s| s.code.is_none()) {
            self.announce(LobbyEvent::SeekRemoved { seek });
        }
        Ok(())
    }

    /// A connection closed: its seeks go with it.
    pub fn conn_closed(&self, conn: ConnId) {
        let removed: Vec<(SeekId, bool)> = {
            let mut state = self.state();
            let ids: Vec<SeekId> = state
                .seeks
                .iter()
                .filter(|(_, s)| s.owner.as_ref().is_some_and(|o| o.conn == conn))
                .map(|(id, _)| *id)
                .collect();
            ids.into_iter()
                .filter_map(|id| {
                    let s = state.seeks.remove(&id)?;
                    if let Some(code) = &s.code {
                        state.codes.remove(code);
                    }
                    Some((id, s.code.is_none()))
                })
                .collect()
        };
        for (seek, listed) in removed {
            self.forget_seek(seek);
            if listed {
                self.announce(LobbyEvent::SeekRemoved { seek });
            }
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

    /// [`Lobby::start_game`], seating also a seeker whose connection is on another node of
    /// the cluster (`elsewhere`: its node, and its connection and whether it asked for turns).
    async fn start_game_with(
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
        let init = RoomInit {
            id,
            setup,
            start,
            moves: Vec::new(),
            version: 0,
            log: Vec::new(),
            clocks_ms: None,
            ratings,
            subscribers,
            restored: false,
        };
        let summary = self.open_room(init)?;
        self.announce(LobbyEvent::GameStarted(summary));
        Ok(id)
    }

    fn open_room(&self, init: RoomInit) -> Result<GameSummary, ErrorReply> {
        let id = init.id;
        let players = seated_players(&init.setup);
        let summary = GameSummary {
            game: id,
            kind: init.setup.kind,
            rules: init.setup.rules.clone(),
            clock: init.setup.clock,
            rated: init.setup.rated,
            seats: [
                init.setup.seats[0].info(init.ratings[0]),
                init.setup.seats[1].info(init.ratings[1]),
            ],
            status: GameStatus::Live,
            result: None,
            plies: init.moves.len() as u32,
            watchers: 0,
            started_at_ms: init.setup.started_ms,
        };
        let deps = RoomDeps {
            store: self.inner.store.clone(),
            pool: self.inner.pool.clone(),
            host: Arc::new(self.clone()),
            limits: self.inner.limits.clone(),
        };
        // Register before the room runs, so that its first reports find it.
        let handle = {
            let mut state = self.state();
            state.games.insert(
                id,
                LiveGame {
                    summary: summary.clone(),
                    players,
                    progress_sent: None,
                    progress_due: false,
                },
            );
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
                .seat_rating(seat.player, seat.engine.as_ref(), setup.kind)
                .await?
                .map(|r| r.rating.round() as i32);
        }
        Ok(ratings)
    }

    /// Reloads the stored seeks and invitations after a restart; returns how many.
    pub async fn restore_seeks(&self) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let mut count = 0;
        for seek in store.seeks().await? {
            if let Err(e) = check_setup(&seek.setup, &self.inner.limits) {
                tracing::error!("{}: cannot reload: {e}", seek.id);
                store.delete_seek(seek.id).await?;
                continue;
            }
            let rating = store
                .rating(&crate::ratings::player_key(seek.by.id.0), seek.setup.game)
                .await?
                .map(|r| r.rating.round() as i32);
            if self
                .add_seek(seek.id, seek.by, seek.setup, seek.code, rating, None)
                .is_ok()
            {
                count += 1;
            }
        }
        Ok(count)
    }

    /// Reloads every live game after a restart; returns how many.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let live = store.live_games(self.inner.limits.replay_events).await?;
        let mut count = 0;
        for (row, moves, log) in live {
            let log = log
                .into_iter()
                .filter_map(|(v, body)| {
                    serde_json::from_str::<GameEvent>(&body)
                        .ok()
                        .map(|e| (v, e))
                })
                .collect();
            match self.open_stored(row, moves, log).await {
                Ok(true) => count += 1,
                Ok(false) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(count)
    }

    /// Opens the room of a stored live game (after a restart, or a claim by this node of a
    /// cluster): its clocks run again from now. `Ok(false)` when the game cannot be reloaded
    /// (logged).
    async fn open_stored(
        &self,
        row: crate::store::GameRow,
        moves: Vec<String>,
        log: Vec<(chaupal_shared::protocol::Version, GameEvent)>,
    ) -> Result<bool, StoreError> {
        let setup = row.setup.clone();
        let start = match setup.start() {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("{}: cannot reload: {e}", row.id);
                return Ok(false);
            }
        };
        let ratings = self.seat_ratings(&setup).await?;
        let init = RoomInit {
            id: row.id,
            setup,
            start,
            moves,
            version: row.version,
            log,
            clocks_ms: row.clocks_ms,
            ratings,
            subscribers: Vec::new(),
            restored: true,
        };
        match self.open_room(init) {
            Ok(_) => Ok(true),
            Err(e) => {
                tracing::error!("{}: cannot reload: {e}", row.id);
                Ok(false)
            }
        }
    }

    /// Lists the cluster's live games and the open seeks of the `live` nodes, at this node's
    /// start (its rooms open as it claims games); returns how many of each.
    pub async fn restore_cluster(&self, live: &[String]) -> Result<(usize, usize), StoreError> {
        let store = &self.inner.store;
        let rows = store.live_rows().await?;
        let seeks = store.seeks().await?;
        let mut state = self.state();
        let games = rows.len();
        for row in rows {
            let players = seated_players(&row.setup);
            state.games.insert(
                row.id,
                LiveGame {
                    summary: row.summary(),
                    players,
                    progress_sent: None,
                    progress_due: false,
                },
            );
        }
        let mut listed = 0;
        for seek in seeks {
            let Some(node) = seek.node.clone().filter(|n| live.contains(n)) else {
                continue;
            };
            if seek.code.is_some() {
                continue;
            }
            let info = SeekInfo {
                seek: seek.id,
                by: seek.by,
                kind: seek.setup.game,
                rules: seek.setup.rules.clone(),
                clock: seek.setup.clock,
                side: seek.setup.side,
                rated: seek.setup.rated,
                rating: None,
            };
            state.remote_seeks.insert(seek.id, (node, info));
            listed += 1;
        }
        Ok((games, listed))
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

/// The cluster reaches this node's rooms and lobby through it.
impl ClusterHost for Lobby {
    fn local_room(&self, game: GameId) -> Option<RoomHandle> {
        self.room(game)
    }

    /// Another node's lobby changed: the lists follow, and this node's subscribers hear it.
    fn remote_lobby(&self, from: &str, event: LobbyEvent) {
        {
            let mut state = self.state();
            match &event {
                LobbyEvent::SeekAdded(info) => {
                    if state.seeks.contains_key(&info.seek) {
                        return;
                    }
                    state
                        .remote_seeks
                        .insert(info.seek, (from.to_owned(), info.clone()));
                }
                LobbyEvent::SeekRemoved { seek } => {
                    // A seek of this node's goes only by this node's hand.
                    if state.seeks.contains_key(seek) {
                        return;
                    }
                    state.remote_seeks.remove(seek);
                }
                LobbyEvent::GameStarted(summary) => {
                    let players = summary
                        .seats
                        .iter()
                        .filter_map(|s| s.player.as_ref().map(|p| p.id))
                        .collect();
                    state.games.entry(summary.game).or_insert(LiveGame {
                        summary: summary.clone(),
                        players,
                        progress_sent: None,
                        progress_due: false,
                    });
                }
                LobbyEvent::GameProgress { game, plies } => {
                    if let Some(g) = state.games.get_mut(game) {
                        g.summary.plies = *plies;
                    }
                }
                LobbyEvent::GameEnded { game, .. } => {
                    state.games.remove(game);
                }
                LobbyEvent::Reset { .. } => return,
            }
        }
        self.inner.events.publish(event);
    }

    fn open_games(&self, games: Vec<GameId>) -> HostFuture<'_, Vec<GameId>> {
        Box::pin(async move {
            let store = &self.inner.store;
            let mut opened = Vec::new();
            for game in games {
                // Leaving: the games stay in the records, given up with the others.
                if self.inner.closing.load(Ordering::Relaxed) {
                    break;
                }
                if self.room(game).is_some() {
                    continue;
                }
                let loaded = store.live_game(game, self.inner.limits.replay_events).await;
                match loaded {
                    Ok(Some((row, moves, log))) => match self.open_stored(row, moves, log).await {
                        Ok(true) => opened.push(game),
                        Ok(false) => {}
                        Err(e) => tracing::error!("{game}: cannot reload: {e}"),
                    },
                    Ok(None) => {}
                    Err(e) => tracing::error!("{game}: cannot reload: {e}"),
                }
            }
            opened
        })
    }

    /// A seek taken on another node leaves this node's lists; its seeker's connection goes to
    /// sit down at the game.
    fn take_seek(&self, seek: SeekId) -> Option<Outbox> {
        let mut state = self.state();
        let s = state.seeks.remove(&seek)?;
        if let Some(code) = &s.code {
            state.codes.remove(code);
        }
        s.owner
    }

    fn close_rooms(
        &self,
    ) -> HostFuture<'_, Vec<(GameId, chaupal_shared::protocol::Version, Vec<Outbox>)>> {
        Box::pin(async move {
            let rooms: Vec<RoomHandle> = self.state().rooms.values().cloned().collect();
            let mut closed = Vec::with_capacity(rooms.len());
            for room in rooms {
                if let Some((version, outboxes)) = room.hand_over().await {
                    closed.push((room.id, version, outboxes));
                }
            }
            closed
        })
    }

    /// A node is gone: its seekers' open seeks leave the lists (the first survivor removes them
    /// from the records too; invitations stay, their codes still work).
    fn node_gone(&self, node: &str, first_survivor: bool) {
        let gone: Vec<SeekId> = {
            let mut state = self.state();
            let gone: Vec<SeekId> = state
                .remote_seeks
                .iter()
                .filter(|(_, (n, _))| n == node)
                .map(|(id, _)| *id)
                .collect();
            for id in &gone {
                state.remote_seeks.remove(id);
            }
            gone
        };
        for seek in gone {
            self.inner.events.publish(LobbyEvent::SeekRemoved { seek });
        }
        if first_survivor {
            let store = self.inner.store.clone();
            let node = node.to_owned();
            tokio::spawn(async move {
                if let Err(e) = store.delete_open_seeks_of(&node).await {
                    tracing::warn!("cluster: removing the seeks of {node} failed: {e}");
                }
            });
        }
    }
}

/// The lobby opens the rooms, so it hears what they report and starts their rematches.
impl RoomHost for Lobby {
    /// A room reports a move (or takeback): the listing's move count follows, and the lobby's
    /// subscribers hear of it, at most every [`PROGRESS_EVERY`] (a later announcement carries
    /// the count of the moves in between).
    fn game_moved(&self, game: GameId, plies: u32) {
        let now = Instant::now();
        let wait = {
            let mut state = self.state();
            let Some(g) = state.games.get_mut(&game) else {
                return;
            };
            g.summary.plies = plies;
            match g.progress_sent {
                Some(sent) if now < sent + PROGRESS_EVERY => {
                    if g.progress_due {
                        return;
                    }
                    g.progress_due = true;
                    Some(sent + PROGRESS_EVERY - now)
                }
                _ => {
                    g.progress_sent = Some(now);
                    None
                }
            }
        };
        match wait {
            None => self.announce(LobbyEvent::GameProgress { game, plies }),
            Some(wait) => {
                let lobby = self.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(wait).await;
                    lobby.announce_due_progress(game);
                });
            }
        }
    }

    /// A room reports the end of its game.
    fn game_ended(&self, game: GameId, result: GameResult) {
        let removed = self.state().games.remove(&game).is_some();
        if removed {
            self.announce(LobbyEvent::GameEnded { game, result });
        }
    }

    /// A room has closed.
    fn room_closed(&self, game: GameId) {
        {
            let mut state = self.state();
            state.rooms.remove(&game);
            state.games.remove(&game);
        }
        if let Some(cluster) = &self.inner.cluster {
            cluster.room_closed(game);
        }
    }

    /// A room closed while its game goes on elsewhere: the game stays listed.
    fn room_handed_over(&self, game: GameId) {
        self.state().rooms.remove(&game);
    }

    /// Another node runs the game: the room's connections sit down there.
    fn room_superseded(
        &self,
        game: GameId,
        version: chaupal_shared::protocol::Version,
        outboxes: Vec<Outbox>,
    ) {
        self.state().rooms.remove(&game);
        if let Some(cluster) = &self.inner.cluster {
            cluster.room_superseded(game, version, outboxes);
        }
    }

    /// A rematch is a new game like any other.
    fn start_rematch(
        &self,
        setup: NewGame,
        start: AnyGame,
        seated: Vec<Outbox>,
    ) -> HostFuture<'_, Result<GameId, ErrorReply>> {
        Box::pin(self.start_game(setup, start, seated, None))
    }
}

impl Lobby {
    /// Announces a game's move count when an announcement was held back.
    fn announce_due_progress(&self, game: GameId) {
        let plies = {
            let mut state = self.state();
            let Some(g) = state.games.get_mut(&game) else {
                return;
            };
            if !g.progress_due {
                return;
            }
            g.progress_due = false;
            g.progress_sent = Some(Instant::now());
            g.summary.plies
        };
        self.announce(LobbyEvent::GameProgress { game, plies });
    }
}

fn created(game: GameId) -> Created {
    Created {
        game: Some(game),
        seek: None,
        invite_code: None,
    }
}

/// Checks a game set-up and returns its start position.
pub fn check_setup(setup: &GameSetup, limits: &Limits) -> Result<AnyGame, ErrorReply> {
    let pairs: Vec<(&str, &str)> = setup
        .rules
        .iter()
        .map(|r| (r.key.as_str(), r.value.as_str()))
        .collect();
    let start =
        AnyGame::start(setup.game, pairs).map_err(|e| bad(ErrorCode::BadRules, e.to_string()))?;
    let start = match &setup.position {
        None => start,
        Some(_) if setup.rated => {
            return Err(bad(
                ErrorCode::BadSetup,
                "a game from a position is never rated",
            ));
        }
        Some(text) => {
            let from = AnyGame::from_position_text(setup.game, text, start.rule_pairs())
                .map_err(|e| bad(ErrorCode::BadSetup, format!("the position: {e}")))?;
            if from.outcome().is_some() {
                return Err(bad(ErrorCode::BadSetup, "the position is already over"));
            }
            from
        }
    };
    if let Some(clock) = setup.clock {
        check_clock(clock)?;
    }
    let check = |e: &Engine| check_engine(setup.game, e, limits.ai_move_ms);
    match &setup.opponent {
        Opponent::Open | Opponent::Private => {}
        Opponent::Local | Opponent::Exhibition { .. } if setup.rated => {
            return Err(bad(
                ErrorCode::BadSetup,
                "local games and exhibitions are never rated",
            ));
        }
        Opponent::Local => {}
        Opponent::Ai { engine } => {
            check(engine)?;
            if setup.rated && !matches!(engine, Engine::Level { .. }) {
                return Err(bad(
                    ErrorCode::BadSetup,
                    "only games against an AI level are rated",
                ));
            }
        }
        Opponent::Exhibition { first, second } => {
            check(first)?;
            check(second)?;
        }
    }
    Ok(start)
}

/// Checks that an engine can play `kind`: a level 1 to 8, or a named engine
/// (`ALGORITHM[:EVALUATION]`, see `--engine help`) whose evaluation exists for this game, with a
/// depth of 1 to [`MAX_ENGINE_DEPTH`] and a time of 1 to `max_time_ms` milliseconds per move.
/// A bad engine is refused here, when the game is set up, with `bad_setup` and the reason.
pub fn check_engine(kind: GameKind, engine: &Engine, max_time_ms: u64) -> Result<(), ErrorReply> {
    let (name, depth, time_ms) = match engine {
        Engine::Level { level } if (1..=8).contains(level) => return Ok(()),
        Engine::Level { level } => {
            return Err(bad(
                ErrorCode::BadSetup,
                format!("no AI level {level}: levels are 1 to 8"),
            ));
        }
        Engine::Named {
            name,
            depth,
            time_ms,
        } => (name, *depth, *time_ms),
    };
    let known = || {
        Algorithm::ALL
            .iter()
            .map(|a| a.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if name.is_empty() || name.len() > 32 {
        return Err(bad(
            ErrorCode::BadSetup,
            format!("an engine name is 1 to 32 bytes: one of {}", known()),
        ));
    }
    let config = EngineConfig::parse(name).map_err(|_| {
        bad(
            ErrorCode::BadSetup,
            format!("no engine '{name}': the engines are {}", known()),
        )
    })?;
    if let Some(eval) = &config.eval
        && !chaupal_engine::evaluations(kind)
            .iter()
            .any(|e| e.is_called(eval))
    {
        let evals: Vec<&str> = chaupal_engine::evaluations(kind)
            .iter()
            .map(|e| e.name)
            .collect();
        return Err(bad(
            ErrorCode::BadSetup,
            format!(
                "no evaluation '{eval}' for {kind}: the evaluations are {}",
                evals.join(", ")
            ),
        ));
    }
    if depth.is_some_and(|d| d == 0 || d > MAX_ENGINE_DEPTH) {
        return Err(bad(
            ErrorCode::BadSetup,
            format!("an engine's depth is 1 to {MAX_ENGINE_DEPTH}"),
        ));
    }
    if time_ms.is_some_and(|t| t == 0 || t > max_time_ms) {
        return Err(bad(
            ErrorCode::BadSetup,
            format!("an engine's time per move is 1 to {max_time_ms} ms on this server"),
        ));
    }
    Ok(())
}

fn check_clock(clock: ClockSpec) -> Result<(), ErrorReply> {
    if clock.initial_ms == 0 || clock.initial_ms > MAX_CLOCK_MS {
        return Err(bad(
            ErrorCode::BadSetup,
            "the initial time is more than 0 and at most a day",
        ));
    }
    if clock.increment_ms > 3_600_000 {
        return Err(bad(ErrorCode::BadSetup, "the increment is at most an hour"));
    }
    Ok(())
}
