//! The connection's side of forwarding: this node's connections at games other nodes run.
//!
//! A [`RemoteRoom`] is how a request reaches a game another node runs; [`GameRoom`] is either
//! kind of room, for the request handlers. Each connection at a remote game is an
//! **attachment**: the room's messages for it arrive on this node's subject, in order, and are
//! put on the connection's [`Outbox`]. When the game's node dies or leaves, its attachments
//! wait ("dangling") until the game is claimed, and then sit back down at its new room with
//! the last version they saw, so the client misses nothing and does nothing.

use std::sync::Arc;
use std::time::Duration;

use chaupal_rules::AnyGame;
use chaupal_rules::Side;
use chaupal_shared::protocol::{
    Action, ErrorCode, ErrorReply, GameId, PlayerId, ServerMessage, Version,
};
use tokio_util::sync::{CancellationToken, DropGuard};

use super::wire::{self, ToEdge, ToOwner};
use super::{Answer, Cluster, lock};
use crate::outbox::{ConnId, Outbox};
use crate::room::{RoomHandle, RoomView};

/// The longest a connection's request waits for the task seating it at its game's new room.
const SEAT_WITHIN: Duration = Duration::from_secs(1);

/// A connection of this node at a game another node runs.
pub(super) struct Attachment {
    outbox: Outbox,
    /// The node that runs the game; `None` while it changes hands.
    owner: Option<String>,
    /// The last version the connection has.
    version: Option<Version>,
    /// A task is seating it at the game's new room.
    seating: bool,
    /// Stops the task that detaches the connection when it goes.
    _watch: DropGuard,
}

/// A game's room, on this node or another.
#[derive(Clone)]
pub enum GameRoom {
    Local(RoomHandle),
    Remote(RemoteRoom),
}

impl GameRoom {
    /// Watches the game, or sits back down at the player's seats.
    pub async fn attach(&self, outbox: Outbox, since: Option<Version>) -> Result<(), ErrorReply> {
        match self {
            GameRoom::Local(room) => room.attach(outbox, since).await,
            GameRoom::Remote(room) => room.attach(outbox, since).await,
        }
    }

    /// Acts for one of the player's seats.
    pub async fn act(
        &self,
        conn: ConnId,
        player: PlayerId,
        seat: Option<Side>,
        action: Action,
        lag: Duration,
    ) -> Result<(), ErrorReply> {
        match self {
            GameRoom::Local(room) => room.act(player, seat, action, lag).await,
            GameRoom::Remote(room) => room.act(conn, player, seat, action, lag).await,
        }
    }

    /// Whether this is a room on this node that has closed (or is falling asleep): a request
    /// it refused may go to the game's next room.
    pub fn closed_here(&self) -> bool {
        matches!(self, GameRoom::Local(room) if room.is_closed())
    }

    /// A copy of the game as it stands.
    pub async fn view(&self) -> Result<RoomView, ErrorReply> {
        match self {
            GameRoom::Local(room) => room.view().await,
            GameRoom::Remote(room) => room.view().await,
        }
    }
}

/// A game another node runs.
#[derive(Clone)]
pub struct RemoteRoom {
    cluster: Cluster,
    owner: String,
    game: GameId,
}

impl RemoteRoom {
    pub(super) fn new(cluster: Cluster, owner: String, game: GameId) -> RemoteRoom {
        RemoteRoom {
            cluster,
            owner,
            game,
        }
    }

    /// Attaches `outbox` to the game: its catch-up (events after `since`, or a snapshot) comes
    /// before this returns, its events after.
    pub async fn attach(&self, outbox: Outbox, since: Option<Version>) -> Result<(), ErrorReply> {
        self.attach_as(outbox, since, false).await
    }

    /// [`RemoteRoom::attach`]; `again` when this node seats the connection again (not asked by
    /// the client): refused as `unavailable`, the attachment then stays, with the newest
    /// version heard, to be seated again later.
    pub(super) async fn attach_as(
        &self,
        outbox: Outbox,
        since: Option<Version>,
        again: bool,
    ) -> Result<(), ErrorReply> {
        let cluster = &self.cluster;
        let (conn, player, turns) = (outbox.conn, outbox.player, outbox.turns);
        // Seating until the owner says the connection is at its room.
        cluster.attach_edge(outbox, self.game, Some(self.owner.clone()), since, true);
        let req = cluster.next_req();
        let msg = ToOwner::Attach {
            req,
            game: self.game,
            edge: cluster.inner.node.clone(),
            conn: conn.0,
            player,
            turns,
            since,
        };
        let result = match cluster.ask(&self.owner, req, msg).await {
            Ok(Answer::Done(result)) => result,
            Ok(_) => Err(ErrorReply::new(ErrorCode::Internal, "a wrong answer")),
            Err(e) => Err(e),
        }
        // Sitting down again is harmless, so an attach not answered is one to try again.
        .map_err(|e| match e.code {
            ErrorCode::OutcomeUnknown => ErrorReply::new(ErrorCode::Unavailable, e.reason),
            _ => e,
        });
        match &result {
            Ok(()) => {
                if let Some(a) = lock(&cluster.inner.attachments).get_mut(&(conn, self.game)) {
                    a.seating = false;
                }
            }
            Err(e) => {
                let mut attachments = lock(&cluster.inner.attachments);
                match attachments.get_mut(&(conn, self.game)) {
                    Some(a) if again && e.code == ErrorCode::Unavailable => {
                        a.owner = None;
                        a.seating = false;
                    }
                    _ => {
                        attachments.remove(&(conn, self.game));
                    }
                }
                drop(attachments);
                if e.code == ErrorCode::Unavailable {
                    cluster.forget_placement(self.game);
                }
            }
        }
        result
    }

    /// Acts for one of the player's seats; the answer comes after the event the act caused.
    pub async fn act(
        &self,
        conn: ConnId,
        player: PlayerId,
        seat: Option<Side>,
        action: Action,
        lag: Duration,
    ) -> Result<(), ErrorReply> {
        // Without the bus, or with a lease that may have run out (the others may have dropped
        // their relays to this node's connections), nothing is sent: the move's event could
        // not come before its reply.
        self.cluster.available()?;
        let req = self.cluster.next_req();
        let msg = ToOwner::Act {
            req,
            game: self.game,
            edge: self.cluster.inner.node.clone(),
            conn: conn.0,
            player,
            seat,
            action,
            lag_ms: lag.as_millis() as u64,
        };
        let result = match self.cluster.ask(&self.owner, req, msg).await {
            Ok(Answer::Done(result)) => result,
            Ok(_) => Err(ErrorReply::new(ErrorCode::Internal, "a wrong answer")),
            Err(e) => Err(e),
        };
        if result
            .as_ref()
            .is_err_and(|e| matches!(e.code, ErrorCode::Unavailable | ErrorCode::OutcomeUnknown))
        {
            self.cluster.forget_placement(self.game);
        }
        result
    }

    /// The game as it stands, rebuilt here from its moves.
    pub async fn view(&self) -> Result<RoomView, ErrorReply> {
        let req = self.cluster.next_req();
        let msg = ToOwner::View {
            req,
            game: self.game,
            edge: self.cluster.inner.node.clone(),
        };
        // Looking changes nothing: a view not answered is one to ask again.
        let asked = self
            .cluster
            .ask(&self.owner, req, msg)
            .await
            .map_err(|e| match e.code {
                ErrorCode::OutcomeUnknown => ErrorReply::new(ErrorCode::Unavailable, e.reason),
                _ => e,
            });
        let view = match asked? {
            Answer::Viewed(view) => (*view)?,
            _ => return Err(ErrorReply::new(ErrorCode::Internal, "a wrong answer")),
        };
        let bad = |e: String| ErrorReply::new(ErrorCode::Internal, e);
        let pairs: Vec<(String, String)> = view
            .summary
            .rules
            .iter()
            .map(|r| (r.key.clone(), r.value.clone()))
            .collect();
        let mut game = match &view.start_position {
            Some(p) => AnyGame::from_position_text(view.summary.kind, p, pairs)
                .map_err(|e| bad(e.to_string()))?,
            None => AnyGame::start(view.summary.kind, pairs).map_err(|e| bad(e.to_string()))?,
        };
        for mv in &view.moves {
            game.play_text(mv).map_err(|e| bad(e.to_string()))?;
        }
        Ok(RoomView {
            summary: *view.summary,
            game,
            moves: view.moves,
            start_position: view.start_position,
        })
    }
}

impl Cluster {
    /// Records that `outbox` is at `game`, run by `owner` (`None`: changing hands), `seating`
    /// while the owner has yet to say it is at the room; when the connection goes, the owner is
    /// told.
    fn attach_edge(
        &self,
        outbox: Outbox,
        game: GameId,
        owner: Option<String>,
        version: Option<Version>,
        seating: bool,
    ) {
        let conn = outbox.conn;
        let stop = CancellationToken::new();
        let guard = stop.clone().drop_guard();
        let watch = outbox.clone();
        let cluster = self.clone();
        tokio::spawn(async move {
            tokio::select! {
                () = watch.closed() => cluster.detach(conn, game),
                () = stop.cancelled() => {}
            }
        });
        let mut attachments = lock(&self.inner.attachments);
        // Seated again by this node (not asked by the client), the connection keeps the newest
        // version it has heard: events from the old relay may have come while the new one was
        // asked for, and what the new one sends again is then not heard twice.
        let heard = attachments
            .get(&(conn, game))
            .filter(|a| a.seating || a.owner.is_none())
            .and_then(|a| a.version);
        let version = match heard {
            Some(heard) => Some(version.map_or(heard, |v| v.max(heard))),
            None => version,
        };
        let attachment = Attachment {
            outbox,
            owner,
            version,
            seating,
            _watch: guard,
        };
        attachments.insert((conn, game), attachment);
    }

    /// Keeps a connection that sat at a room this node closed, to sit it back down wherever
    /// the game goes.
    pub(super) fn keep_dangling(&self, outbox: Outbox, game: GameId, version: Option<Version>) {
        self.attach_edge(outbox, game, None, version, false);
    }

    /// The connection `conn` leaves game `game` (unwatch, or gone): its owner is told.
    pub fn detach(&self, conn: ConnId, game: GameId) {
        let removed = lock(&self.inner.attachments).remove(&(conn, game));
        if let Some(Attachment {
            owner: Some(owner), ..
        }) = removed
        {
            let msg = ToOwner::Detach {
                game,
                edge: self.inner.node.clone(),
                conn: conn.0,
            };
            self.publish(wire::owner_subject(&owner), &msg);
        }
    }

    /// The messages for this node's connections, in order.
    pub(super) async fn serve_edge(self, mut sub: async_nats::Subscriber) {
        while let Some(msg) = self.next_message(&mut sub).await {
            let msg: ToEdge = match wire::decode(&msg.payload) {
                Ok(m) => m,
                Err(e) => {
                    tracing::warn!("cluster: dropped a message: {e}");
                    continue;
                }
            };
            match msg {
                ToEdge::Message { conn, game, msg } => self.deliver(ConnId(conn), game, *msg),
                ToEdge::Done { req, result } => {
                    if let Some((_, tx)) = lock(&self.inner.pending).remove(&req) {
                        let _ = tx.send(Answer::Done(result));
                    }
                }
                ToEdge::Viewed { req, result } => {
                    if let Some((_, tx)) = lock(&self.inner.pending).remove(&req) {
                        let _ = tx.send(Answer::Viewed(Box::new(result)));
                    }
                }
                ToEdge::Dropped { conn, game } => {
                    let removed = lock(&self.inner.attachments).remove(&(ConnId(conn), game));
                    if let Some(a) = removed {
                        tracing::info!(
                            "{:?}: did not keep up with {game}; dropping it",
                            a.outbox.conn
                        );
                        a.outbox.drop_connection();
                    }
                }
                // The room closed: its game ended, or this is a stale message, held by the
                // bus while it was down, about a room the connection has left for the game's
                // next one. Either way the connection sits down wherever the game is now (an
                // ended game lets it go), rather than being forgotten at a live game.
                ToEdge::Closed { conn, game } => {
                    self.forget_placement(game);
                    let conn = ConnId(conn);
                    let at_game = match lock(&self.inner.attachments).get_mut(&(conn, game)) {
                        Some(a) => {
                            a.owner = None;
                            true
                        }
                        None => false,
                    };
                    if at_game {
                        self.reattach(conn, game);
                    }
                }
                ToEdge::SeekTaken {
                    seek,
                    game,
                    conn,
                    owner,
                } => self.seek_taken(seek, game, ConnId(conn), owner),
                ToEdge::SeekWithdrawn { seek } => {
                    if let Some(host) = self.seek_host() {
                        // Declined: nobody sits down, the seeker's connection stays where it is.
                        let _seeker = host.take_seek(seek);
                    }
                }
            }
        }
    }

    /// A seek of this node's became `game` on node `owner`, which relays it to the seeker's
    /// connection `conn`: the connection is attached before the relay's first message (this
    /// runs in order with them). A seeker no longer here is detached at once.
    fn seek_taken(
        &self,
        seek: chaupal_shared::protocol::SeekId,
        game: GameId,
        conn: ConnId,
        owner: String,
    ) {
        if wire::check_node(&owner).is_err() {
            return;
        }
        let seeker = self.seek_host().and_then(|h| h.take_seek(seek));
        match seeker {
            Some(outbox) if outbox.conn == conn && !outbox.is_closed() => {
                self.attach_edge(outbox, game, Some(owner), None, false);
            }
            _ => {
                let msg = ToOwner::Detach {
                    game,
                    edge: self.inner.node.clone(),
                    conn: conn.0,
                };
                self.publish(wire::owner_subject(&owner), &msg);
            }
        }
    }

    /// Puts a room's message on the connection it is for, if that connection is at that game.
    fn deliver(&self, conn: ConnId, game: GameId, msg: ServerMessage) {
        if wire::game_of(&msg) != Some(game) {
            tracing::warn!("cluster: dropped a message for {conn:?} not about {game}");
            return;
        }
        let mut attachments = lock(&self.inner.attachments);
        let Some(a) = attachments.get_mut(&(conn, game)) else {
            return;
        };
        match &msg {
            // Heard already: the relay of a room this connection sat down at again may still
            // have been sending when the new one began with what came after.
            ServerMessage::Event { version, .. } if a.version.is_some_and(|v| *version <= v) => {
                return;
            }
            ServerMessage::Event { version, .. } => a.version = Some(*version),
            ServerMessage::Snapshot(s) => a.version = Some(s.version),
            _ => {}
        }
        if !a.outbox.send(Arc::new(msg)) {
            drop(attachments);
            self.detach(conn, game);
        }
    }

    /// New rooms opened for `games` (on this node or another): their attachments sit back down.
    pub(super) fn games_moved(&self, games: &[GameId]) {
        for game in games {
            self.forget_placement(*game);
        }
        let mut moved = Vec::new();
        {
            let mut attachments = lock(&self.inner.attachments);
            for ((conn, game), a) in attachments.iter_mut() {
                // The room is new even when its node is not (it took its lease again).
                if games.contains(game) {
                    a.owner = None;
                    moved.push((*conn, *game));
                }
            }
        }
        for (conn, game) in moved {
            self.reattach(conn, game);
        }
    }

    /// The attachments at games of a node that is gone wait for the games' new node.
    pub(super) fn owner_gone(&self, node: &str) {
        lock(&self.inner.placements).retain(|_, n| n != node);
        for a in lock(&self.inner.attachments).values_mut() {
            if a.owner.as_deref() == Some(node) {
                a.owner = None;
            }
        }
    }

    /// What was relayed to this node's connections may be lost: its lease ran out (the other
    /// nodes, which saw it gone, have dropped their relays to its connections), or its NATS
    /// connection dropped. Each of its connections at other nodes' games waits to sit down
    /// again (with the last version it has, so it misses nothing): once the lease is back, or
    /// at once.
    pub(super) fn relays_lost(&self) {
        for ((conn, game), a) in lock(&self.inner.attachments).iter_mut() {
            if a.owner.take().is_some() {
                tracing::debug!("{conn:?} waits to sit back down at {game}");
            }
        }
    }

    /// What was relayed to this node's connections may be lost ([`Cluster::relays_lost`]), and
    /// the lease is fresh: each of its connections at other nodes' games sits down again now.
    pub(super) fn seat_all_again(&self) {
        self.relays_lost();
        self.retry_dangling();
    }

    /// Tries again to seat the attachments whose game is changing hands.
    pub(super) fn retry_dangling(&self) {
        let dangling: Vec<(ConnId, GameId)> = lock(&self.inner.attachments)
            .iter()
            .filter(|(_, a)| a.owner.is_none())
            .map(|(k, _)| *k)
            .collect();
        for (conn, game) in dangling {
            self.reattach(conn, game);
        }
    }

    /// Seats a waiting attachment at its game's room, wherever that is now, in a task of its
    /// own ([`Cluster::seat`]).
    fn reattach(&self, conn: ConnId, game: GameId) {
        let cluster = self.clone();
        tokio::spawn(async move { cluster.seat(conn, game).await });
    }

    /// Before connection `conn` acts at `game`, whose room is `room`: if the connection is not
    /// at that room yet (the game changed hands, and it waits to sit back down, or still sits
    /// at the old room's node), it sits down there first (or the task seating it finishes, for
    /// at most [`SEAT_WITHIN`]), so that it hears the move's event before the reply, as the
    /// protocol promises. False when it is still not seated there by then: the request must
    /// not be played (the caller answers `unavailable`, and the client tries again).
    pub async fn seat_before_acting(&self, conn: ConnId, game: GameId, room: &GameRoom) -> bool {
        let deadline = tokio::time::Instant::now() + SEAT_WITHIN;
        loop {
            let seating = {
                let mut attachments = lock(&self.inner.attachments);
                let Some(a) = attachments.get_mut(&(conn, game)) else {
                    // At the room here, or not at the game at all.
                    tracing::debug!("{conn:?} acts at {game}: no attachment");
                    return true;
                };
                tracing::debug!(
                    "{conn:?} acts at {game}: attached to {:?} (seating {}), the room at {}",
                    a.owner,
                    a.seating,
                    match room {
                        GameRoom::Local(_) => "this node",
                        GameRoom::Remote(r) => r.owner.as_str(),
                    }
                );
                let elsewhere = match room {
                    GameRoom::Local(_) => true,
                    GameRoom::Remote(r) => a.owner.as_deref() != Some(r.owner.as_str()),
                };
                match (elsewhere, a.seating) {
                    (false, false) => return true,
                    (true, false) => {
                        a.owner = None;
                        false
                    }
                    (_, true) => true,
                }
            };
            if !seating {
                self.seat(conn, game).await;
            }
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Seats a waiting attachment at its game's room, wherever that is now; it keeps waiting
    /// while the game has no node, and goes when the game is over.
    async fn seat(&self, conn: ConnId, game: GameId) {
        let cluster = self;
        {
            let (outbox, version) = {
                let mut attachments = lock(&cluster.inner.attachments);
                let Some(a) = attachments.get_mut(&(conn, game)) else {
                    return;
                };
                if a.owner.is_some() || a.seating {
                    return;
                }
                a.seating = true;
                (a.outbox.clone(), a.version)
            };
            match cluster.locate(game).await {
                Ok(Some(room)) => {
                    let attached = match &room {
                        GameRoom::Local(room) => room.attach(outbox.clone(), version).await,
                        GameRoom::Remote(room) => {
                            room.attach_as(outbox.clone(), version, true).await
                        }
                    };
                    tracing::debug!("{conn:?} sat back down at {game}: {attached:?}");
                    match attached {
                        // The room here holds the connection from now on; only once it does is
                        // the attachment gone, so that a request waiting for the seating
                        // (`seat_before_acting`) goes on with the connection at the board.
                        Ok(()) if matches!(room, GameRoom::Local(_)) => {
                            lock(&cluster.inner.attachments).remove(&(conn, game));
                        }
                        Ok(()) => {}
                        Err(e) if e.code == ErrorCode::Unavailable => {
                            cluster.keep_dangling(outbox, game, version);
                        }
                        // Not at the game any more (it ended, say): the connection is not
                        // kept waiting for it.
                        Err(e) => {
                            tracing::info!("{conn:?}: could not sit back down at {game}: {e}");
                            lock(&cluster.inner.attachments).remove(&(conn, game));
                        }
                    }
                }
                Ok(None) => {
                    lock(&cluster.inner.attachments).remove(&(conn, game));
                }
                // Still changing hands: the next scan tries again.
                Err(_) => {
                    if let Some(a) = lock(&cluster.inner.attachments).get_mut(&(conn, game)) {
                        a.seating = false;
                    }
                }
            }
        }
    }
}
