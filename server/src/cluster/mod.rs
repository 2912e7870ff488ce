//! Several `chaupal-server` nodes as one server: PostgreSQL for the records, NATS between the
//! nodes (docs/SCALING.md).
//!
//! - Each node holds a **lease** in the JetStream key-value bucket [`lease::BUCKET`]: a key
//!   named after the node, renewed every [`lease::RENEW_EVERY`], gone [`lease::LEASE`] after
//!   the last renewal. The keys are the list of live nodes.
//! - Each live game has **one owner**: the node in the `owner` column of its row, which runs its
//!   room. A game whose owner is not a live node is claimed by a live node (one `UPDATE`, so
//!   never by two) and its room reopened from the records, clocks paused for the gap.
//! - **Any node serves anyone**: a request for a game another node runs is forwarded to it
//!   ([`edge`]: the asking side; [`owner`]: the room's side, which relays the room's messages
//!   for that connection back, in order, with the answer after them).
//! - **One lobby**: each node publishes its lobby's changes to all the others, and a seek or an
//!   invite code is taken through the records, so a seek made on one node can be accepted on
//!   any other.
//! - A node that cannot renew its lease, or has lost NATS, accepts no move
//!   ([`Cluster::available`]) and closes its rooms when the lease may have passed to another
//!   node.
//!
//! - **Every tournament is run by one node** (the `node` column of its row), claimed as a
//!   game is when its node is gone; every node follows every tournament from the records
//!   and forwards joins and pauses to the node that runs it ([`tournaments`]).
//!
//! The cluster sits below the room registry, matchmaking and the tournaments: the registry
//! implements [`ClusterHost`], through which the cluster reaches the node's rooms, matchmaking
//! implements [`SeekHost`], through which it reaches the node's seeks, and the tournaments
//! implement [`TournamentHost`].

pub mod ai;
pub mod edge;
mod lease;
mod owner;
pub mod tournaments;
pub mod wire;
#[cfg(feature = "test-support")]
pub mod wire_check;

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use async_nats::jetstream::kv;
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, LobbyEvent, PlayerId, SeekId, ServerMessage, Version,
};
use thiserror::Error;
use tokio::sync::{Notify, oneshot};
use tokio_util::sync::CancellationToken;

use crate::outbox::{ConnId, Outbox};
use crate::room::{HostFuture, RoomHandle};
use crate::store::{Store, StoreError};
use wire::{ToAll, ToEdge, ToOwner, WireView};

pub use edge::{GameRoom, RemoteRoom};
pub use tournaments::TournamentHost;

/// The most remote games whose node a node remembers (then it forgets them all).
const MAX_PLACEMENTS: usize = 100_000;

/// How long a node waits for another node's answer before telling the client to try again.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);

/// How a node joins a cluster.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// The NATS server(s): `nats://HOST:PORT`, several separated by commas.
    pub nats: String,
    /// The node's name: this, a dash and a random suffix (a restarted node is a new node).
    pub name: String,
    /// Where clients reach this node (for operators reading the lease bucket).
    pub address: String,
}

/// Why a node could not join its cluster.
#[derive(Debug, Error)]
pub enum ClusterError {
    #[error("cannot reach NATS at {url}: {reason}")]
    Connect { url: String, reason: String },
    #[error("NATS JetStream (needed for the lease bucket): {0}")]
    JetStream(String),
    #[error("node name {0:?}: use letters, digits, '-' and '_' (at most 50)")]
    BadName(String),
    #[error("a cluster keeps its records in PostgreSQL: use --database postgres://...")]
    NeedsPostgres,
    #[error("--role ai and --ai-nodes are for the nodes of a cluster: add --nats URL")]
    NeedsNats,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the cluster needs of the node's lobby and rooms (the lobby implements it).
pub trait ClusterHost: Send + Sync {
    /// The room of a game this node runs.
    fn local_room(&self, game: GameId) -> Option<RoomHandle>;
    /// Another node's game started, moved or ended (other lobby events are not for it).
    fn remote_game(&self, event: LobbyEvent);
    /// Opens the rooms of `games`, which this node has just claimed; returns those opened.
    fn open_games(&self, games: Vec<GameId>) -> HostFuture<'_, Vec<GameId>>;
    /// Closes every room this node runs (its lease is lost, or it leaves), returning for each
    /// game its last version and the connections that were at it.
    fn close_rooms(&self) -> HostFuture<'_, Vec<(GameId, Version, Vec<Outbox>)>>;
    /// Another node has a message for every connection of `player` (those here).
    fn tell_player(&self, player: PlayerId, msg: ServerMessage);
}

/// What the cluster asks of the node's matchmaking.
pub trait SeekHost: Send + Sync {
    /// Another node's seek was added or removed (other lobby events are not for it).
    fn remote_seek(&self, from: &str, event: LobbyEvent);
    /// A seek of this node's was taken on another node: it leaves the lists, and its seeker's
    /// connection (if still there) is returned, to sit down at the game.
    fn take_seek(&self, seek: SeekId) -> Option<Outbox>;
    /// Node `node` is no longer live.
    fn node_gone(&self, node: &str, first_survivor: bool);
}

/// The answer to a forwarded request.
enum Answer {
    Done(Result<(), ErrorReply>),
    Viewed(Box<Result<WireView, ErrorReply>>),
    /// The node asked is gone.
    Gone,
}

/// A node's place in its cluster (cheap to clone).
#[derive(Clone)]
pub struct Cluster {
    inner: Arc<Inner>,
}

struct Inner {
    node: String,
    address: String,
    client: async_nats::Client,
    kv: kv::Store,
    store: Store,
    /// The live nodes, this one included while its lease holds.
    live: Mutex<BTreeSet<String>>,
    /// When the lease was last renewed, and its revision in the bucket.
    renewed: Mutex<Option<tokio::time::Instant>>,
    lease_revision: Mutex<u64>,
    next_req: AtomicU64,
    /// Requests waiting for their answer, and the node asked.
    pending: Mutex<HashMap<u64, (String, oneshot::Sender<Answer>)>>,
    /// Which node runs each remote game asked for lately (so a forwarded move costs no
    /// database read).
    placements: Mutex<HashMap<GameId, String>>,
    /// This node's connections at games other nodes run.
    attachments: Mutex<HashMap<(ConnId, GameId), edge::Attachment>>,
    /// The relays of this node's rooms to other nodes' connections.
    relays: Mutex<HashMap<owner::RelayKey, owner::Relay>>,
    relay_ids: AtomicU64,
    host: OnceLock<Arc<dyn ClusterHost>>,
    seeks: OnceLock<Arc<dyn SeekHost>>,
    tournaments: OnceLock<Arc<dyn TournamentHost>>,
    /// The lease may have passed to nobody or another node: rooms stay closed until it is
    /// taken again.
    lease_lost: AtomicBool,
    /// Each (re)connection to NATS; taken by [`Cluster::start`]'s task that seats this node's
    /// connections again after one.
    reconnections: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<()>>>,
    /// Wakes the lease loop at once (another node left).
    rescan: Notify,
    stop: CancellationToken,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The error a client gets while a game changes hands or the bus is down.
pub fn unavailable(reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(ErrorCode::Unavailable, reason)
}

impl Cluster {
    /// Connects to NATS, opens the lease bucket and takes this node's lease.
    pub async fn join(config: &ClusterConfig, store: Store) -> Result<Cluster, ClusterError> {
        if store.backend() != crate::store::Backend::Postgres {
            return Err(ClusterError::NeedsPostgres);
        }
        if config.name.len() > 50 || !wire::valid_node(&config.name) {
            return Err(ClusterError::BadName(config.name.clone()));
        }
        let node = format!("{}-{:08x}", config.name, rand::random::<u32>());
        // Each (re)connection to NATS, for the task that seats the connections again.
        let (connected, reconnections) = tokio::sync::mpsc::unbounded_channel();
        let client = async_nats::ConnectOptions::new()
            .name(format!("chaupal {node}"))
            .connection_timeout(Duration::from_secs(5))
            .event_callback(move |event| {
                let connected = connected.clone();
                async move {
                    match event {
                        async_nats::Event::Disconnected => {
                            tracing::error!("NATS: disconnected; moves wait until it is back")
                        }
                        async_nats::Event::Connected => {
                            tracing::info!("NATS: connected");
                            let _ = connected.send(());
                        }
                        other => tracing::warn!("NATS: {other}"),
                    }
                }
            })
            .connect(&config.nats)
            .await
            .map_err(|e| ClusterError::Connect {
                url: config.nats.clone(),
                reason: e.to_string(),
            })?;
        let kv = lease::bucket(&client).await?;
        let store = store.for_node(&node);
        let cluster = Cluster {
            inner: Arc::new(Inner {
                node,
                address: config.address.clone(),
                client,
                kv,
                store,
                live: Mutex::new(BTreeSet::new()),
                renewed: Mutex::new(None),
                lease_revision: Mutex::new(0),
                next_req: AtomicU64::new(1),
                pending: Mutex::new(HashMap::new()),
                placements: Mutex::new(HashMap::new()),
                attachments: Mutex::new(HashMap::new()),
                relays: Mutex::new(HashMap::new()),
                relay_ids: AtomicU64::new(owner::RELAY_IDS_FROM),
                host: OnceLock::new(),
                seeks: OnceLock::new(),
                tournaments: OnceLock::new(),
                lease_lost: AtomicBool::new(false),
                reconnections: Mutex::new(Some(reconnections)),
                rescan: Notify::new(),
                stop: CancellationToken::new(),
            }),
        };
        cluster.take_lease().await?;
        cluster.refresh_live().await;
        tracing::info!(
            "cluster node {} ({} live: {:?})",
            cluster.inner.node,
            cluster.live().len(),
            cluster.live()
        );
        Ok(cluster)
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// The store, writing as this node.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The live nodes, sorted.
    pub fn live(&self) -> Vec<String> {
        lock(&self.inner.live).iter().cloned().collect()
    }

    /// Whether `node` is live: in the last listing, or (a node that started since) holding a
    /// lease now.
    pub async fn is_live_now(&self, node: &str) -> bool {
        if lock(&self.inner.live).contains(node) {
            return true;
        }
        let entry = tokio::time::timeout(ANSWER_WITHIN, self.inner.kv.get(node)).await;
        let held = matches!(entry, Ok(Ok(Some(_))));
        if held {
            lock(&self.inner.live).insert(node.to_owned());
        }
        held
    }

    /// Starts serving: other nodes' requests, the messages for this node's connections, the
    /// lobby's changes and the lease.
    pub async fn start(
        &self,
        host: Arc<dyn ClusterHost>,
        seeks: Arc<dyn SeekHost>,
    ) -> Result<(), ClusterError> {
        let _ = self.inner.host.set(host);
        let _ = self.inner.seeks.set(seeks);
        let subscribe = |subject: String| {
            let client = self.inner.client.clone();
            async move {
                client
                    .subscribe(subject.clone())
                    .await
                    .map_err(|e| ClusterError::Connect {
                        url: subject,
                        reason: e.to_string(),
                    })
            }
        };
        let owner_sub = subscribe(wire::owner_subject(self.node())).await?;
        let edge_sub = subscribe(wire::edge_subject(self.node())).await?;
        let all_sub = subscribe(wire::all_subject()).await?;
        tokio::spawn(self.clone().serve_owner(owner_sub));
        tokio::spawn(self.clone().serve_edge(edge_sub));
        tokio::spawn(self.clone().serve_all(all_sub));
        tokio::spawn(self.clone().keep_lease());
        tokio::spawn(self.clone().keep_scanning());
        if let Some(reconnections) = lock(&self.inner.reconnections).take() {
            tokio::spawn(self.clone().sit_down_after_reconnecting(reconnections));
        }
        Ok(())
    }

    /// After each reconnection to NATS, seats this node's connections at other nodes' games
    /// again, from the last version each has heard: what was relayed to them while the bus was
    /// down is lost, and a relay that could not pass a message on has ended (the message
    /// saying so was lost with it), as has a room that gave its game up meanwhile.
    async fn sit_down_after_reconnecting(
        self,
        mut reconnections: tokio::sync::mpsc::UnboundedReceiver<()>,
    ) {
        while reconnections.recv().await.is_some() {
            self.seat_all_again();
        }
    }

    fn host(&self) -> Option<&Arc<dyn ClusterHost>> {
        self.inner.host.get()
    }

    fn seek_host(&self) -> Option<&Arc<dyn SeekHost>> {
        self.inner.seeks.get()
    }

    /// Whether this node may accept moves now: NATS is connected and the lease is fresh (renewed
    /// within [`lease::FRESH`]), so that no other node can have taken its games.
    pub fn available(&self) -> Result<(), ErrorReply> {
        if self.inner.client.connection_state() != async_nats::connection::State::Connected {
            return Err(unavailable(
                "this server has lost its connection to the cluster's message bus; moves wait \
                 until it is back (try again in a moment)",
            ));
        }
        let fresh = lock(&self.inner.renewed).is_some_and(|t| t.elapsed() < lease::FRESH);
        if !fresh {
            return Err(unavailable(
                "this server cannot renew its lease in the cluster; try again in a moment",
            ));
        }
        Ok(())
    }

    /// Answers the requests waiting for node `node`, which is gone.
    fn fail_pending_of(&self, node: &str) {
        let mut pending = lock(&self.inner.pending);
        let gone: Vec<u64> = pending
            .iter()
            .filter(|(_, (owner, _))| owner == node)
            .map(|(req, _)| *req)
            .collect();
        for req in gone {
            if let Some((_, tx)) = pending.remove(&req) {
                let _ = tx.send(Answer::Gone);
            }
        }
    }

    /// Whether this node can take moves, and lines for its health page: its name, the bus,
    /// the lease, the live nodes.
    pub fn health(&self) -> (bool, Vec<String>) {
        let bus = self.inner.client.connection_state() == async_nats::connection::State::Connected;
        let renewed = *lock(&self.inner.renewed);
        let lease = match renewed {
            Some(t) if t.elapsed() < lease::FRESH => {
                format!("lease held (renewed {} ms ago)", t.elapsed().as_millis())
            }
            Some(t) => format!("lease not renewed for {} ms", t.elapsed().as_millis()),
            None => "lease never taken".to_owned(),
        };
        let lines = vec![
            format!("node {}", self.inner.node),
            format!("bus {}", if bus { "connected" } else { "disconnected" }),
            lease,
            format!("live nodes {}", self.live().len()),
        ];
        (self.available().is_ok(), lines)
    }

    /// Sends `msg` to the connections of `player` on the other nodes.
    pub fn tell_player(&self, player: PlayerId, msg: &ServerMessage) {
        let msg = ToAll::Player {
            player,
            msg: Box::new(msg.clone()),
        };
        self.publish(wire::all_subject(), &msg);
    }

    /// Publishes a change of this node's lobby to the other nodes.
    pub fn publish_lobby(&self, event: &LobbyEvent) {
        let msg = ToAll::Lobby {
            from: self.inner.node.clone(),
            event: Box::new(event.clone()),
        };
        self.publish(wire::all_subject(), &msg);
    }

    /// Seats the seeker of `seek`, connection `conn` of node `node`, at game `game`, whose room
    /// is about to open here: tells that node first, then returns the relay to put among the
    /// room's first connections, so the seeker gets the game's snapshot at its start, as on
    /// one node.
    pub async fn seat_elsewhere(
        &self,
        node: &str,
        (conn, turns): (u64, bool),
        player: chaupal_shared::protocol::PlayerId,
        seek: SeekId,
        game: GameId,
    ) -> Outbox {
        let taken = ToEdge::SeekTaken {
            seek,
            game,
            conn,
            owner: self.inner.node.clone(),
        };
        self.publish_now(wire::edge_subject(node), &taken).await;
        self.open_relay((node.to_owned(), conn, game), player, turns)
    }

    /// Tells node `node` that its invitation `seek` was declined here (and is gone from the
    /// records), so that it leaves that node's lists.
    pub fn withdraw_elsewhere(&self, node: &str, seek: SeekId) {
        self.publish(wire::edge_subject(node), &ToEdge::SeekWithdrawn { seek });
    }

    /// Publishes `msg` on `subject` in the background (NATS keeps the order of one node's
    /// messages).
    fn publish<T: serde::Serialize>(&self, subject: String, msg: &T) {
        let payload = match wire::encode(msg) {
            Ok(p) => p,
            Err(e) => {
                tracing::error!("cluster: cannot encode a message: {e}");
                return;
            }
        };
        let client = self.inner.client.clone();
        // `publish` only queues the message in the client; it fails when the queue is full.
        tokio::spawn(async move {
            if let Err(e) = client.publish(subject, payload).await {
                tracing::warn!("cluster: publish failed: {e}");
            }
        });
    }

    /// Publishes `msg` on `subject`, in order with this task's other publishes.
    async fn publish_now<T: serde::Serialize>(&self, subject: String, msg: &T) -> bool {
        match wire::encode(msg) {
            Ok(payload) => match self.inner.client.publish(subject, payload).await {
                Ok(()) => true,
                Err(e) => {
                    tracing::warn!("cluster: publish failed: {e}");
                    false
                }
            },
            Err(e) => {
                tracing::error!("cluster: cannot encode a message: {e}");
                false
            }
        }
    }

    fn next_req(&self) -> u64 {
        self.inner.next_req.fetch_add(1, Ordering::Relaxed)
    }

    /// Sends `msg` to node `owner` and waits for answer `req` (at most [`ANSWER_WITHIN`]):
    /// `unavailable` when the bus did not take it (nothing was done), `outcome_unknown` when
    /// it was sent and not answered.
    async fn ask(&self, owner: &str, req: u64, msg: ToOwner) -> Result<Answer, ErrorReply> {
        let (tx, rx) = oneshot::channel();
        lock(&self.inner.pending).insert(req, (owner.to_owned(), tx));
        if !self.publish_now(wire::owner_subject(owner), &msg).await {
            lock(&self.inner.pending).remove(&req);
            return Err(unavailable(
                "the cluster's message bus did not take the request; try again",
            ));
        }
        // Sent, but not answered: the owner may have done it before it stopped.
        match tokio::time::timeout(ANSWER_WITHIN, rx).await {
            Ok(Ok(Answer::Gone)) => Err(ErrorReply::new(
                ErrorCode::OutcomeUnknown,
                "the server running this game went before it answered (another takes the game \
                 over): rejoin the game to see whether it was done",
            )),
            Ok(Ok(answer)) => Ok(answer),
            _ => {
                lock(&self.inner.pending).remove(&req);
                Err(ErrorReply::new(
                    ErrorCode::OutcomeUnknown,
                    "the server running this game did not answer in time (it may be moving to \
                     another server): rejoin the game to see whether it was done",
                ))
            }
        }
    }

    /// The game's room: here, on another node, or nowhere (`Ok(None)`: finished or unknown).
    pub async fn locate(&self, game: GameId) -> Result<Option<GameRoom>, ErrorReply> {
        if let Some(room) = self.host().and_then(|h| h.local_room(game)) {
            return Ok(Some(GameRoom::Local(room)));
        }
        let known = lock(&self.inner.placements).get(&game).cloned();
        if let Some(node) = known.filter(|n| self.is_live(n)) {
            return Ok(Some(GameRoom::Remote(RemoteRoom::new(
                self.clone(),
                node,
                game,
            ))));
        }
        let owner = match self.inner.store.placement(game).await? {
            None | Some((false, _)) => return Ok(None),
            Some((true, owner)) => owner,
        };
        let owner = match owner {
            Some(node) if node != self.inner.node && self.is_live_now(&node).await => node,
            _ => {
                return Err(unavailable(format!(
                    "{game} is moving to another server; try again in a moment"
                )));
            }
        };
        let mut placements = lock(&self.inner.placements);
        if placements.len() >= MAX_PLACEMENTS {
            placements.clear();
        }
        placements.insert(game, owner.clone());
        Ok(Some(GameRoom::Remote(RemoteRoom::new(
            self.clone(),
            owner,
            game,
        ))))
    }

    /// Forgets where game `game` is run (it moved, or its node did not know it).
    pub(super) fn forget_placement(&self, game: GameId) {
        lock(&self.inner.placements).remove(&game);
    }

    fn is_live(&self, node: &str) -> bool {
        lock(&self.inner.live).contains(node)
    }

    /// A room here was superseded by another node's (see `RoomHost::room_superseded`): its
    /// connections wait for the game's node, and if the records still name this node, the
    /// game is given up, to be claimed again through the one arbiter.
    pub fn room_superseded(&self, game: GameId, version: Version, outboxes: Vec<Outbox>) {
        self.rooms_closed(vec![(game, version, outboxes)]);
        let (store, me) = (self.inner.store.clone(), self.inner.node.clone());
        tokio::spawn(async move {
            if let Err(e) = store.release_game(&me, game).await {
                tracing::error!("cluster: could not give up {game}: {e}");
            }
        });
    }

    /// Leaves the cluster at a graceful shutdown: closes this node's rooms, gives their games
    /// up in the records and tells the other nodes to claim them now, then drops the lease.
    pub async fn leave(&self) {
        // No more claims or requests from now on.
        self.inner.stop.cancel();
        self.close_rooms().await;
        match self.inner.store.release_games(&self.inner.node).await {
            Ok(n) => tracing::info!("cluster: released {n} games"),
            Err(e) => tracing::error!("cluster: could not release the games: {e}"),
        }
        match self.inner.store.release_tournaments(&self.inner.node).await {
            Ok(n) => tracing::info!("cluster: released {n} tournaments"),
            Err(e) => tracing::error!("cluster: could not release the tournaments: {e}"),
        }
        if let Err(e) = self.inner.kv.delete(&self.inner.node).await {
            tracing::warn!("cluster: could not drop the lease: {e}");
        }
        let released = ToAll::Released {
            node: self.inner.node.clone(),
        };
        self.publish_now(wire::all_subject(), &released).await;
        let _ = self.inner.client.flush().await;
    }

    /// The next message of `sub`; `None` once the node leaves (or the subscription ends).
    async fn next_message(&self, sub: &mut async_nats::Subscriber) -> Option<async_nats::Message> {
        use futures_util::StreamExt;
        tokio::select! {
            _ = self.inner.stop.cancelled() => None,
            m = sub.next() => m,
        }
    }

    /// What every node hears: lobby changes, claims, departures.
    async fn serve_all(self, mut sub: async_nats::Subscriber) {
        while let Some(msg) = self.next_message(&mut sub).await {
            let msg: ToAll = match wire::decode(&msg.payload) {
                Ok(m) => m,
                Err(e) => {
                    tracing::warn!("cluster: dropped a message on {}: {e}", msg.subject);
                    continue;
                }
            };
            match msg {
                ToAll::Lobby { from, event } => {
                    if wire::check_node(&from).is_err() || from == self.inner.node {
                        continue;
                    }
                    match *event {
                        event @ (LobbyEvent::SeekAdded(_) | LobbyEvent::SeekRemoved { .. }) => {
                            if let Some(seeks) = self.seek_host() {
                                seeks.remote_seek(&from, event);
                            }
                        }
                        event @ (LobbyEvent::GameStarted(_)
                        | LobbyEvent::GameProgress { .. }
                        | LobbyEvent::GameEnded { .. }) => {
                            if let Some(host) = self.host() {
                                host.remote_game(event);
                            }
                        }
                        LobbyEvent::Reset { .. } => {}
                    }
                }
                ToAll::Claimed { node, games } => {
                    if wire::check_node(&node).is_err() || node == self.inner.node {
                        continue;
                    }
                    self.games_moved(&games);
                }
                ToAll::Player { player, msg } => {
                    if let Some(host) = self.host() {
                        host.tell_player(player, *msg);
                    }
                }
                ToAll::Tournament { from, news } => self.heard_tournament_news(&from, news),
                ToAll::Released { node } => {
                    // It dropped its lease first: the next scan sees it gone.
                    if wire::check_node(&node).is_ok() && node != self.inner.node {
                        self.inner.rescan.notify_one();
                    }
                }
            }
        }
    }
}
