//! The room's side of forwarding: requests from other nodes for the games this node runs.
//!
//! A connection on another node that watches or plays a game here gets a **relay**: an
//! [`Outbox`] the room holds like any connection's, drained onto that node's subject. The
//! answer to the connection's requests goes through the same queue, behind the messages the
//! request caused, so that the other node passes on a move's event before its `ok`, as one
//! node does. A relay that fills up (the connection does not keep up) is dropped and its node
//! told, as a slow reader is dropped on one node.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use chaupal_shared::protocol::{ErrorCode, ErrorReply, GameId};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::wire::{self, ToEdge, ToOwner, WireView};
use super::{Cluster, lock};
use crate::outbox::{ConnId, Outbox, Outgoing};

/// Messages a relay holds for a node that has not taken them yet (as a connection's queue).
const RELAY_QUEUE: usize = crate::config::DEFAULT_WRITE_QUEUE;

/// The first number of relays' connections (below it: this node's own connections).
pub(super) const RELAY_IDS_FROM: u64 = 1 << 62;

/// A relay: which node's which connection, at which game.
pub(super) type RelayKey = (String, u64, GameId);

/// A relay of a room's messages to a connection on another node.
pub(super) struct Relay {
    outbox: Outbox,
    closer: CancellationToken,
    /// Why the relay ended, when it ended by this node's hand ([`Ending`]); overflow otherwise.
    ending: Arc<AtomicU8>,
}

/// Why a relay ended.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Ending {
    /// The connection did not keep up: its node drops it.
    Overflow = 0,
    /// Detached, its node gone, or the room handed over: nothing to say.
    Quiet = 1,
    /// The game's room closed (the game is over): its node forgets the attachment.
    RoomClosed = 2,
}

impl Relay {
    pub(super) fn end(&self) {
        self.end_as(Ending::Quiet);
    }

    fn end_as(&self, ending: Ending) {
        self.ending.store(ending as u8, Ordering::Relaxed);
        self.closer.cancel();
    }
}

fn not_here(game: GameId) -> ErrorReply {
    super::unavailable(format!(
        "{game} is not run by the server asked; it may be moving: try again in a moment"
    ))
}

impl Cluster {
    /// Serves other nodes' requests for this node's games.
    pub(super) async fn serve_owner(self, mut sub: async_nats::Subscriber) {
        while let Some(msg) = self.next_message(&mut sub).await {
            let request: ToOwner = match wire::decode(&msg.payload) {
                Ok(r) => r,
                Err(e) => {
                    tracing::warn!("cluster: dropped a request: {e}");
                    continue;
                }
            };
            let edge = match &request {
                ToOwner::Attach { edge, .. }
                | ToOwner::Detach { edge, .. }
                | ToOwner::Act { edge, .. }
                | ToOwner::View { edge, .. } => edge.clone(),
            };
            if let Err(e) = wire::check_node(&edge) {
                tracing::warn!("cluster: dropped a request: {e}");
                continue;
            }
            // Each request on its own task: a room that is slow to answer holds up no other.
            let cluster = self.clone();
            tokio::spawn(async move { cluster.serve_request(edge, request).await });
        }
    }

    async fn serve_request(&self, edge: String, request: ToOwner) {
        let host = self.host().cloned();
        let room = |game: GameId| host.as_ref().and_then(|h| h.local_room(game));
        match request {
            ToOwner::Attach {
                req,
                game,
                conn,
                player,
                turns,
                since,
                ..
            } => {
                let Some(room) = room(game) else {
                    self.answer(&edge, req, Err(not_here(game))).await;
                    return;
                };
                let key = (edge.clone(), conn, game);
                let outbox = self.open_relay(key.clone(), player, turns);
                let result = room.attach(outbox.clone(), since).await;
                let failed = result.is_err();
                if !outbox.send_raw(Outgoing::Done {
                    req,
                    result: result.clone(),
                }) {
                    self.answer(&edge, req, result).await;
                }
                if failed && let Some(relay) = lock(&self.inner.relays).remove(&key) {
                    relay.end();
                }
            }
            ToOwner::Detach { game, conn, .. } => {
                if let Some(relay) = lock(&self.inner.relays).remove(&(edge, conn, game)) {
                    relay.end();
                }
            }
            ToOwner::Act {
                req,
                game,
                conn,
                player,
                seat,
                action,
                lag_ms,
                ..
            } => {
                let result = match room(game) {
                    Some(room) => match self.available() {
                        Ok(()) => {
                            room.act(player, seat, action, Duration::from_millis(lag_ms))
                                .await
                        }
                        Err(e) => Err(e),
                    },
                    None => Err(not_here(game)),
                };
                let relay = lock(&self.inner.relays)
                    .get(&(edge.clone(), conn, game))
                    .map(|r| r.outbox.clone());
                let queued = relay.is_some_and(|outbox| {
                    outbox.send_raw(Outgoing::Done {
                        req,
                        result: result.clone(),
                    })
                });
                if !queued {
                    self.answer(&edge, req, result).await;
                }
            }
            ToOwner::View { req, game, .. } => {
                let result = match room(game) {
                    Some(room) => room.view().await.map(|v| WireView {
                        summary: Box::new(v.summary),
                        moves: v.moves,
                        start_position: v.start_position,
                    }),
                    None => Err(ErrorReply::new(
                        ErrorCode::NoSuchGame,
                        format!("no {game} here"),
                    )),
                };
                let msg = ToEdge::Viewed { req, result };
                self.publish_now(wire::edge_subject(&edge), &msg).await;
            }
        }
    }

    async fn answer(&self, edge: &str, req: u64, result: Result<(), ErrorReply>) {
        let msg = ToEdge::Done { req, result };
        self.publish_now(wire::edge_subject(edge), &msg).await;
    }

    /// Opens the relay `key` (replacing one there was) and starts draining it to its node.
    pub(super) fn open_relay(
        &self,
        key: RelayKey,
        player: chaupal_shared::protocol::PlayerId,
        turns: bool,
    ) -> Outbox {
        let (tx, rx) = mpsc::channel(RELAY_QUEUE);
        let closer = CancellationToken::new();
        let conn = ConnId(self.inner.relay_ids.fetch_add(1, Ordering::Relaxed));
        let outbox = Outbox::new(conn, player, turns, tx, closer.clone());
        let ending = Arc::new(AtomicU8::new(Ending::Overflow as u8));
        let relay = Relay {
            outbox: outbox.clone(),
            closer: closer.clone(),
            ending: ending.clone(),
        };
        if let Some(old) = lock(&self.inner.relays).insert(key.clone(), relay) {
            old.end();
        }
        tokio::spawn(self.clone().drain_relay(key, rx, closer, ending));
        outbox
    }

    async fn drain_relay(
        self,
        key: RelayKey,
        mut rx: mpsc::Receiver<Outgoing>,
        closer: CancellationToken,
        ending: Arc<AtomicU8>,
    ) {
        let (edge, conn, game) = key.clone();
        let subject = wire::edge_subject(&edge);
        loop {
            let out = tokio::select! {
                biased;
                out = rx.recv() => out,
                _ = closer.cancelled() => None,
            };
            let msg = match out {
                Some(Outgoing::Message(msg)) => ToEdge::Message {
                    conn,
                    game,
                    msg: Box::new((*msg).clone()),
                },
                Some(Outgoing::Done { req, result }) => ToEdge::Done { req, result },
                Some(Outgoing::Ping(_) | Outgoing::Close(..)) => continue,
                None => break,
            };
            if !self.publish_now(subject.clone(), &msg).await {
                break;
            }
        }
        let ending = ending.load(Ordering::Relaxed);
        if ending == Ending::Overflow as u8 {
            // The connection did not keep up; its node drops it.
            {
                let mut relays = lock(&self.inner.relays);
                if relays.get(&key).is_some_and(|r| r.closer.is_cancelled()) {
                    relays.remove(&key);
                }
            }
            self.publish_now(subject, &ToEdge::Dropped { conn, game })
                .await;
        } else if ending == Ending::RoomClosed as u8 {
            self.publish_now(subject, &ToEdge::Closed { conn, game })
                .await;
        }
    }

    /// A room here closed for good (its game is over): its relays end, and their nodes forget
    /// the attachments.
    pub fn room_closed(&self, game: GameId) {
        lock(&self.inner.relays).retain(|(_, _, g), relay| {
            if *g == game {
                relay.end_as(Ending::RoomClosed);
                false
            } else {
                true
            }
        });
    }

    /// Whether `outbox` is a relay to another node's connection.
    pub(super) fn is_relay(&self, outbox: &Outbox) -> bool {
        outbox.conn.0 >= RELAY_IDS_FROM
    }

    /// Ends the relays to a node that is gone.
    pub(super) fn drop_relays_of(&self, node: &str) {
        let mut relays = lock(&self.inner.relays);
        relays.retain(|(edge, _, _), relay| {
            if edge == node {
                relay.end();
                false
            } else {
                true
            }
        });
    }
}
