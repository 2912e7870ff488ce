//! Matchmaking: open seeks and private invitations, until they become games.
//!
//! Creating a game checks its set-up ([`crate::setup`]) and the player's open-games limit
//! (open seeks here, live games in the [`Registry`]). Open seeks are listed and
//! announced to lobby subscribers; private games wait for their invite code; local, AI and
//! exhibition games start at once. A game starts in the registry.
//!
//! Seeks and invitations are stored before they are listed and reloaded after a restart, so
//! a friend can still join by the code. A seek lasts as long as its seeker's connection; a
//! reloaded seek has no connection until its seeker says hello again (it then goes with that
//! connection), and stays until it is taken or cancelled. A reloaded open seek is listed (and
//! can be accepted) only once its seeker is back; an invite code works at once, since the
//! friend was invited. A shutdown keeps the seeks stored. In a cluster, a seek's seeker may be
//! on another node (`remote.rs`).
//!
//! Correspondence seeks and invitations are the exception: they outlive their seeker's
//! connection (the seeker learns of the game from their list of games), and count against the
//! correspondence limit (`--max-correspondence-games`), not the open-games limit.
//!
//! The state sits behind one short-held mutex (no await while it is held). Its lock is taken
//! before the registry's, never after.

#[cfg(feature = "test-support")]
pub mod harness;
mod remote;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    Engine, ErrorCode, ErrorReply, GameId, GameSetup, GameSummary, Invitation, LobbyEvent, MySeek,
    Opponent, PlayerId, PlayerInfo, Reply, SeekId, SeekInfo, ServerMessage, SideChoice,
    newest_listed,
};
use rand::Rng;

use crate::announce::Announcer;
use crate::bus::Subscription;
use crate::cluster::Cluster;
use crate::config::Limits;
use crate::identity::{new_invite_code, new_watch_key, normalise_code};
use crate::outbox::{ConnId, Outbox};
use crate::pool::engine_name;
use crate::ratings::Pool;
use crate::registry::Registry;
use crate::setup::check_setup;
use crate::store::{NewGame, Store, StoreError, StoredSeat};

/// What `create` made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub game: Option<GameId>,
    pub seek: Option<SeekId>,
    pub invite_code: Option<String>,
}

/// The lobby at one moment: the newest open seeks and live public games, and how many older
/// ones each list left out.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyNow {
    pub seeks: Vec<SeekInfo>,
    pub games: Vec<GameSummary>,
    pub more_seeks: u32,
    pub more_games: u32,
}

impl LobbyNow {
    /// As `subscribe_lobby`'s reply.
    pub fn reply(self) -> Reply {
        Reply::Lobby {
            seeks: self.seeks,
            games: self.games,
            more_seeks: self.more_seeks,
            more_games: self.more_games,
        }
    }

    /// As the `reset` a subscriber that fell behind is sent.
    pub fn reset(self) -> LobbyEvent {
        LobbyEvent::Reset {
            seeks: self.seeks,
            games: self.games,
            more_seeks: self.more_seeks,
            more_games: self.more_games,
        }
    }
}

/// Matchmaking (cheap to clone).
#[derive(Clone)]
pub struct Matchmaking {
    inner: Arc<Inner>,
}

struct Inner {
    state: Mutex<State>,
    registry: Registry,
    announcer: Announcer,
    store: Store,
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
    /// Open seeks whose seekers are on other nodes of the cluster, and their node.
    remote_seeks: BTreeMap<SeekId, (String, SeekInfo)>,
    /// The invite codes taken up on this node, the live game each started and the invitation
    /// it was: a player of that game who opens its link again is sent back to it.
    used_codes: HashMap<String, (GameId, SeekInfo)>,
}

#[derive(Clone)]
struct Seek {
    info: SeekInfo,
    setup: GameSetup,
    /// The seeker's connection: the seek lasts as long as it does. None for a seek reloaded
    /// after a restart until its seeker says hello again.
    owner: Option<Outbox>,
    code: Option<String>,
}

impl Seek {
    /// Whether the seek waits without its seeker: a correspondence seek or invitation.
    fn waits_alone(&self) -> bool {
        self.setup.correspondence.is_some()
    }
}

/// Why a seek was not taken, and the listed seek dropped all the same (its seeker had left).
struct Untaken {
    error: ErrorReply,
    dropped: Option<SeekId>,
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

/// The refusal of one's own invitation, to join or to read as a friend (`bad_setup`, as an
/// accept of one's own seek).
fn own_invitation() -> ErrorReply {
    bad(
        ErrorCode::BadSetup,
        "this is your own invitation: your friend opens its link",
    )
}

impl Matchmaking {
    /// The matchmaking of a node whose games open in `rooms`.
    pub fn new(registry: Registry, limits: Arc<Limits>, announcer: Announcer) -> Matchmaking {
        Matchmaking {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                store: registry.store().clone(),
                cluster: registry.cluster().cloned(),
                registry,
                announcer,
                limits,
                closing: AtomicBool::new(false),
            }),
        }
    }

    /// The registry its games open in.
    pub fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.inner
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The open seeks (a reloaded one only once its seeker is back), newest first: at most
    /// [`LOBBY_LISTED`](chaupal_shared::protocol::LOBBY_LISTED) made before `before` (from
    /// the newest when none), and how many more there are.
    pub fn seeks(&self, before: Option<SeekId>) -> (Vec<SeekInfo>, u32) {
        let state = self.state();
        let seeks: Vec<SeekInfo> = state
            .seeks
            .values()
            .filter(|s| s.code.is_none() && (s.owner.is_some() || s.waits_alone()))
            .map(|s| s.info.clone())
            .chain(state.remote_seeks.values().map(|(_, info)| info.clone()))
            .collect();
        newest_listed(seeks, |s| s.seek.0, before.map(|s| s.0))
    }

    /// The player's seeks and invitations still waiting, oldest first, each invitation with
    /// its code: this node's as it holds them and, in a cluster, those of the player's
    /// connections on other nodes, as stored.
    pub async fn my_seeks(&self, player: PlayerId) -> Result<Vec<MySeek>, ErrorReply> {
        let mut mine: Vec<MySeek> = self
            .state()
            .seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .map(|s| MySeek {
                seek: s.info.clone(),
                invite_code: s.code.clone(),
            })
            .collect();
        if let Some(cluster) = &self.inner.cluster {
            let store = &self.inner.store;
            for stored in store.seeks_of(player).await? {
                let held_here = mine.iter().any(|m| m.seek.seek == stored.id);
                if held_here || stored.node.as_deref() == Some(cluster.node()) {
                    continue;
                }
                let rating = self.seek_rating(player, &stored.setup).await?;
                mine.push(MySeek {
                    seek: seek_info(stored.id, stored.by, &stored.setup, rating),
                    invite_code: stored.code,
                });
            }
            mine.sort_by_key(|m| m.seek.seek);
        }
        Ok(mine)
    }

    /// The rating a seek of `player`'s shows: theirs in the pool its set-up is rated in.
    async fn seek_rating(
        &self,
        player: PlayerId,
        setup: &GameSetup,
    ) -> Result<Option<i32>, StoreError> {
        let key = crate::ratings::player_key(player.0);
        let rating = self.inner.store.rating(&key, Pool::of_setup(setup)).await?;
        Ok(rating.map(|r| r.rating.round() as i32))
    }

    /// Lobby events from now on, with the lobby as it is now.
    pub fn subscribe(&self) -> (Subscription<LobbyEvent>, LobbyNow) {
        // Subscribe first: an event between the two is then seen twice, never missed.
        let rx = self.inner.announcer.subscribe();
        (rx, self.lobby())
    }

    /// The lobby now: the newest open seeks and live public games, as
    /// [`Matchmaking::seeks`] and [`Registry::games`] list them.
    pub fn lobby(&self) -> LobbyNow {
        let (seeks, more_seeks) = self.seeks(None);
        let (games, more_games) = self.inner.registry.games(None);
        LobbyNow {
            seeks,
            games,
            more_seeks,
            more_games,
        }
    }

    fn open_count(&self, state: &State, player: PlayerId) -> usize {
        state
            .seeks
            .values()
            .filter(|s| s.info.by.id == player && !s.waits_alone())
            .count()
            + state
                .remote_seeks
                .values()
                .filter(|(_, s)| s.by.id == player)
                .count()
            + self.inner.registry.open_games_of(player)
    }

    fn check_open_limit(&self, state: &State, player: PlayerId) -> Result<(), ErrorReply> {
        let max = self.inner.limits.max_open_games as usize;
        if self.open_count(state, player) >= max {
            Err(bad(
                ErrorCode::TooManyGames,
                format!("you already have {max} open seeks and live games"),
            ))
        } else {
            Ok(())
        }
    }

    /// Refuses `player` another correspondence game when they have as many in play and
    /// waiting as `--max-correspondence-games` allows.
    /// Refuses one more lasting seek (a correspondence seek, or an invitation) from `address`
    /// when it has as many waiting as allowed, whoever made them: every hello without a token
    /// is a new player, so a limit per player alone does not bound one address.
    async fn check_address_limit(&self, address: &str) -> Result<(), ErrorReply> {
        let max = u64::from(self.inner.limits.max_lasting_seeks_per_address);
        let waiting = self.inner.store.seeks_from(address).await?;
        if waiting >= max {
            return Err(bad(
                ErrorCode::TooManyGames,
                format!(
                    "{max} correspondence seeks and invitations made from your address are \
                     waiting already; one must be taken or cancelled first"
                ),
            ));
        }
        Ok(())
    }

    async fn check_correspondence_limit(&self, player: PlayerId) -> Result<(), ErrorReply> {
        let max = u64::from(self.inner.limits.max_correspondence_games);
        let in_play = self.inner.store.correspondence_games(player).await?;
        // On one node its own seeks are all there are; in a cluster the records have every
        // node's.
        let waiting = if self.inner.cluster.is_some() {
            self.inner
                .store
                .seeks_of(player)
                .await?
                .iter()
                .filter(|s| s.setup.correspondence.is_some())
                .count() as u64
        } else {
            self.state()
                .seeks
                .values()
                .filter(|s| s.info.by.id == player && s.waits_alone())
                .count() as u64
        };
        if in_play + waiting >= max {
            Err(bad(
                ErrorCode::TooManyGames,
                format!(
                    "you already have {max} correspondence games in play or waiting; finish \
                     one, or cancel a seek, first"
                ),
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
        address: &str,
    ) -> Result<Created, ErrorReply> {
        let start = check_setup(&setup, &self.inner.limits)?;
        if setup.correspondence.is_some() {
            self.check_correspondence_limit(player.id).await?;
        } else {
            self.check_open_limit(&self.state(), player.id)?;
        }
        let creator_side = side_of(setup.side);
        let person = seat_of;
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
                correspondence: setup.correspondence,
                rated: setup.rated,
                mode: mode.to_owned(),
                creator: Some(player.id),
                seats,
                started_ms: self.inner.store.now_ms(),
                // A game of two people at one device is nobody else's.
                watch_key: (setup.private || mode == "local").then(new_watch_key),
            }
        };
        let new = match &setup.opponent {
            Opponent::Open | Opponent::Private => {
                let private = setup.opponent == Opponent::Private;
                // A seek that outlives its connection counts against its address too.
                let lasting = private || setup.correspondence.is_some();
                if lasting {
                    self.check_address_limit(address).await?;
                }
                let rating = self.seek_rating(player.id, &setup).await?;
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
                let from = lasting.then_some(address);
                let id = store
                    .create_seek_from(
                        &player,
                        &setup,
                        code.as_deref(),
                        store.now_ms(),
                        seeker,
                        from,
                    )
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
                    self.inner.announcer.announce(LobbyEvent::SeekAdded(info));
                }
                return Ok(Created {
                    game: None,
                    seek: Some(id),
                    invite_code: code,
                });
            }
            Opponent::Local => seated("local", [person(&player), person(&player)], Side::First),
            Opponent::Ai { engine } => seated("ai", [person(&player), ai(engine)], creator_side),
            Opponent::Exhibition { first, second } => {
                seated("exhibition", [ai(first), ai(second)], Side::First)
            }
        };
        // Local, AI and exhibition games start at once.
        let game = self
            .inner
            .registry
            .start_game(new, start, vec![outbox], None)
            .await?;
        Ok(created(game))
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
        if owner.is_some() && setup.correspondence.is_none() {
            self.check_open_limit(&state, by.id)?;
        }
        let info = seek_info(id, by, &setup, rating);
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
            self.inner.announcer.announce(LobbyEvent::SeekAdded(info));
        }
    }

    /// Takes the other seat of an open seek.
    pub async fn accept(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        seek: SeekId,
    ) -> Result<GameId, ErrorReply> {
        let here = self.state().seeks.get(&seek).map(Seek::waits_alone);
        if here == Some(true) {
            self.check_correspondence_limit(player.id).await?;
        }
        if here.is_none() && self.inner.cluster.is_some() {
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
                // Nobody should find a game started with a stranger while they were away (but a
                // correspondence seek waits for that).
                Some(s) if s.owner.is_none() && !s.waits_alone() => {
                    return Err(bad(
                        ErrorCode::NoSuchSeek,
                        format!("{seek} waits for its seeker to come back after a restart"),
                    ));
                }
                Some(_) => {}
            }
            match self.take_seek(&mut state, &player, seek) {
                Ok(taken) => taken,
                Err(untaken) => {
                    drop(state);
                    return Err(self.untaken(untaken));
                }
            }
        };
        self.inner
            .announcer
            .announce(LobbyEvent::SeekRemoved { seek });
        let kept = taken.clone();
        let started = self.start_from_seek(taken, player, outbox).await;
        if started.is_err() {
            self.put_back(kept).await;
        }
        started
    }

    /// Takes the other seat of a private game.
    pub async fn join_by_code(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        code: &str,
    ) -> Result<GameId, ErrorReply> {
        let code = normalise_code(code);
        if let Some((game, _)) = self.game_of_used_code(&self.state(), &player, &code) {
            return Ok(game);
        }
        let here = self.state().codes.contains_key(&code);
        let (game, info) = if !here && self.inner.cluster.is_some() {
            self.join_remote(player, outbox, &code).await?
        } else {
            let waits_alone = {
                let state = self.state();
                let seek = state.codes.get(&code).and_then(|id| state.seeks.get(id));
                seek.is_some_and(Seek::waits_alone)
            };
            if waits_alone {
                self.check_correspondence_limit(player.id).await?;
            }
            let taken = {
                let mut state = self.state();
                let taken = match state.codes.get(&code) {
                    Some(&seek) => self.take_seek(&mut state, &player, seek),
                    None => return Err(no_game_for_code()),
                };
                match taken {
                    Ok(taken) => taken,
                    Err(untaken) => {
                        drop(state);
                        return Err(self.untaken(untaken));
                    }
                }
            };
            let kept = taken.clone();
            let info = taken.info.clone();
            match self.start_from_seek(taken, player, outbox).await {
                Ok(game) => (game, info),
                Err(e) => {
                    self.put_back(kept).await;
                    return Err(e);
                }
            }
        };
        let mut state = self.state();
        // Codes of games that are over are forgotten as new ones come.
        state
            .used_codes
            .retain(|_, (g, _)| self.inner.registry.is_live(*g));
        state.used_codes.insert(code, (game, info));
        Ok(game)
    }

    /// Reads the private invitation of `code` for `player`, who has it from a friend, without
    /// taking it: what it is, to accept or decline. A code that waits for no game (never
    /// made, taken, cancelled, declined, or its live invitation's seeker gone) is
    /// `bad_invite_code`, as for `join_by_code`; one's own is `bad_setup`. A player of the live
    /// game the code already started gets it with that game. In a cluster, an invitation made
    /// on another node is read from the records, as `join_by_code` finds it.
    pub async fn invitation(
        &self,
        player: &PlayerInfo,
        code: &str,
    ) -> Result<Invitation, ErrorReply> {
        let code = normalise_code(code);
        {
            let state = self.state();
            if let Some((game, seek)) = self.game_of_used_code(&state, player, &code) {
                return Ok(Invitation {
                    code,
                    seek,
                    game: Some(game),
                });
            }
            if let Some(seek) = state.codes.get(&code).and_then(|id| state.seeks.get(id)) {
                if seek.info.by.id == player.id {
                    return Err(own_invitation());
                }
                if seek.owner.as_ref().is_some_and(Outbox::is_closed) && !seek.waits_alone() {
                    return Err(no_game_for_code());
                }
                return Ok(Invitation {
                    code,
                    seek: seek.info.clone(),
                    game: None,
                });
            }
        }
        if self.inner.cluster.is_none() {
            return Err(no_game_for_code());
        }
        let Some(stored) = self.inner.store.seek_by_code(&code).await? else {
            return Err(no_game_for_code());
        };
        if stored.by.id == player.id {
            return Err(own_invitation());
        }
        let rating = self.seek_rating(stored.by.id, &stored.setup).await?;
        Ok(Invitation {
            code,
            seek: seek_info(stored.id, stored.by, &stored.setup, rating),
            game: None,
        })
    }

    /// `player` declines the private invitation of `code`: it is withdrawn, from the records
    /// too, and every connection of the inviter hears of it (`invitation_declined`), on any
    /// node. Refused as [`Matchmaking::invitation`] refuses. In a cluster, an invitation made
    /// on another node is taken out of the records and its node told to drop it.
    pub async fn decline(&self, player: &PlayerInfo, code: &str) -> Result<(), ErrorReply> {
        let code = normalise_code(code);
        let here = {
            let mut state = self.state();
            match state.codes.get(&code).and_then(|id| state.seeks.get(id)) {
                Some(seek) if seek.info.by.id == player.id => return Err(own_invitation()),
                Some(seek) => {
                    let id = seek.info.seek;
                    state.codes.remove(&code);
                    state.seeks.remove(&id).map(|s| s.info)
                }
                None => None,
            }
        };
        let seek = match here {
            Some(info) => {
                self.forget_seek(info.seek);
                info
            }
            None => self.decline_remote(player, &code).await?,
        };
        let msg = ServerMessage::InvitationDeclined {
            seek: seek.seek,
            code,
            by: player.clone(),
        };
        self.inner
            .registry
            .players()
            .tell(seek.by.id, &Arc::new(msg.clone()));
        if let Some(cluster) = &self.inner.cluster {
            cluster.tell_player(seek.by.id, &msg);
        }
        Ok(())
    }

    /// The live game an invite code already started on this node, and the invitation it was,
    /// for one of its players (who opened the link again, or reloaded its page); none for
    /// anyone else.
    fn game_of_used_code(
        &self,
        state: &State,
        player: &PlayerInfo,
        code: &str,
    ) -> Option<(GameId, SeekInfo)> {
        state
            .used_codes
            .get(code)
            .filter(|(game, _)| self.inner.registry.plays_in(*game, player.id))
            .cloned()
    }

    /// Puts back a seek taken for a game that did not start (the records could not store it):
    /// when the records still hold the seek (so that no game was stored in its place) and its
    /// seeker is still there, it waits again as before, and is listed again if it was. A
    /// refused accept or join changes nothing.
    async fn put_back(&self, seek: Seek) {
        let id = seek.info.seek;
        match self.inner.store.has_seek(id).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::error!(
                    "{id}: a game from it did not start, and the records do not say whether they still hold it: {e}"
                );
                return;
            }
        }
        if seek.owner.as_ref().is_some_and(Outbox::is_closed) && !seek.waits_alone() {
            self.forget_seek(id);
            return;
        }
        let listed = (seek.code.is_none()).then(|| seek.info.clone());
        {
            let mut state = self.state();
            if let Some(code) = &seek.code {
                state.codes.insert(code.clone(), id);
            }
            state.seeks.insert(id, seek);
        }
        if let Some(info) = listed {
            self.inner.announcer.announce(LobbyEvent::SeekAdded(info));
        }
    }

    /// Takes `seek` out of the lobby for `player`. Refused with why, and, when the seek was
    /// dropped all the same (its seeker had left, and the lobby was not yet told), with the
    /// listed seek dropped, which the caller announces once the lock is released
    /// ([`Matchmaking::untaken`]).
    fn take_seek(
        &self,
        state: &mut State,
        player: &PlayerInfo,
        seek: SeekId,
    ) -> Result<Seek, Untaken> {
        let refused = |error| Untaken {
            error,
            dropped: None,
        };
        let Some(s) = state.seeks.get(&seek) else {
            return Err(refused(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))));
        };
        if s.info.by.id == player.id {
            return Err(refused(bad(
                ErrorCode::BadSetup,
                "you cannot play your own seek",
            )));
        }
        let gone = s.owner.as_ref().is_some_and(Outbox::is_closed) && !s.waits_alone();
        if !s.waits_alone() {
            self.check_open_limit(state, player.id).map_err(refused)?;
        }
        let Some(taken) = state.seeks.remove(&seek) else {
            return Err(refused(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))));
        };
        if let Some(code) = &taken.code {
            state.codes.remove(code);
        }
        if gone {
            self.forget_seek(seek);
            return Err(Untaken {
                error: bad(ErrorCode::NoSuchSeek, "the seeker has left"),
                dropped: taken.code.is_none().then_some(seek),
            });
        }
        Ok(taken)
    }

    /// A refused take: tells the lobby's subscribers of a listed seek it dropped; the error.
    fn untaken(&self, untaken: Untaken) -> ErrorReply {
        if let Some(seek) = untaken.dropped {
            self.inner
                .announcer
                .announce(LobbyEvent::SeekRemoved { seek });
        }
        untaken.error
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
        let seeker_side = side_of(setup.side);
        let mut seats = [seat_of(&seek.info.by), seat_of(&taker)];
        if seeker_side == Side::Second {
            seats.swap(0, 1);
        }
        let new = NewGame {
            kind: setup.game,
            rules: setup.rules.clone(),
            start_position: setup.position.clone(),
            clock: setup.clock,
            correspondence: setup.correspondence,
            rated: setup.rated,
            mode: if seek.code.is_some() {
                "private"
            } else {
                "open"
            }
            .to_owned(),
            creator: Some(seek.info.by.id),
            seats,
            started_ms: self.inner.store.now_ms(),
            // A game from a private invitation is private, whatever its set-up says.
            watch_key: (seek.code.is_some() || setup.private).then(new_watch_key),
        };
        let subscribers = seek
            .owner
            .filter(|o| !o.is_closed())
            .into_iter()
            .chain([outbox])
            .collect();
        self.inner
            .registry
            .start_game_with(new, start, subscribers, Some(seek.info.seek), elsewhere)
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
            self.inner
                .announcer
                .announce(LobbyEvent::SeekRemoved { seek });
        }
        Ok(())
    }

    /// A connection closed: its seeks go with it, except correspondence seeks, which wait
    /// for an opponent without their seeker.
    pub fn conn_closed(&self, conn: ConnId) {
        let removed: Vec<(SeekId, bool)> = {
            let mut state = self.state();
            for seek in state.seeks.values_mut() {
                if seek.waits_alone() && seek.owner.as_ref().is_some_and(|o| o.conn == conn) {
                    seek.owner = None;
                }
            }
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
                self.inner
                    .announcer
                    .announce(LobbyEvent::SeekRemoved { seek });
            }
        }
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
            let rating = self.seek_rating(seek.by.id, &seek.setup).await?;
            if self
                .add_seek(seek.id, seek.by, seek.setup, seek.code, rating, None)
                .is_ok()
            {
                count += 1;
            }
        }
        Ok(count)
    }
}

/// A seek as the lobby lists it.
fn seek_info(id: SeekId, by: PlayerInfo, setup: &GameSetup, rating: Option<i32>) -> SeekInfo {
    SeekInfo {
        seek: id,
        by,
        kind: setup.game,
        rules: setup.rules.clone(),
        clock: setup.clock,
        correspondence: setup.correspondence,
        side: setup.side,
        rated: setup.rated,
        rating,
    }
}

fn created(game: GameId) -> Created {
    Created {
        game: Some(game),
        seek: None,
        invite_code: None,
    }
}

/// The side a player who chose `choice` gets (a coin decides `random`).
fn side_of(choice: SideChoice) -> Side {
    match choice {
        SideChoice::First => Side::First,
        SideChoice::Second => Side::Second,
        SideChoice::Random if rand::rng().random_bool(0.5) => Side::First,
        SideChoice::Random => Side::Second,
    }
}

/// A person's seat.
fn seat_of(player: &PlayerInfo) -> StoredSeat {
    StoredSeat {
        player: Some(player.id),
        engine: None,
        name: player.name.clone(),
    }
}
