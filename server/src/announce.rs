//! The lobby's broadcast: what the lobby's subscribers hear (seeks added and removed, games
//! started, their progress and their end), on this node and, in a cluster, on every node.
//!
//! The room registry and matchmaking both announce through one [`Announcer`]; a connection
//! that subscribes to the lobby gets its events through the [`crate::bus`] (bounded), and a
//! fresh `reset` when it falls behind.

use std::sync::Arc;

use chaupal_shared::protocol::LobbyEvent;

use crate::bus::{Bus, LocalBus, Subscription};
use crate::cluster::Cluster;

/// Lobby events kept for slow subscribers before they get a reset instead.
const LOBBY_EVENTS: usize = 256;

/// The lobby's broadcast (cheap to clone).
#[derive(Clone)]
pub struct Announcer {
    inner: Arc<Inner>,
}

struct Inner {
    events: Box<dyn Bus<LobbyEvent>>,
    /// The cluster whose other nodes hear this node's events (none on a single node).
    cluster: Option<Cluster>,
}

impl Announcer {
    /// The broadcast of a single node, or of a node of `cluster`.
    pub fn new(cluster: Option<Cluster>) -> Announcer {
        Announcer {
            inner: Arc::new(Inner {
                events: Box::new(LocalBus::new(LOBBY_EVENTS)),
                cluster,
            }),
        }
    }

    /// Tells this node's subscribers and the cluster's other nodes.
    pub fn announce(&self, event: LobbyEvent) {
        if let Some(cluster) = &self.inner.cluster {
            cluster.publish_lobby(&event);
        }
        self.inner.events.publish(event);
    }

    /// Tells the cluster's other nodes only, which keep every live game for the players'
    /// limits but tell nobody: the news of a private game, which no lobby shows.
    pub fn announce_unlisted(&self, event: LobbyEvent) {
        if let Some(cluster) = &self.inner.cluster {
            cluster.publish_lobby(&event);
        }
    }

    /// [`Announcer::announce`] for a listed game, [`Announcer::announce_unlisted`] for a
    /// private one.
    pub fn announce_game(&self, event: LobbyEvent, private: bool) {
        if private {
            self.announce_unlisted(event);
        } else {
            self.announce(event);
        }
    }

    /// Tells this node's subscribers only (what another node announced, or what every node
    /// learns for itself).
    pub fn tell_here(&self, event: LobbyEvent) {
        self.inner.events.publish(event);
    }

    /// Lobby events from now on.
    pub fn subscribe(&self) -> Subscription<LobbyEvent> {
        self.inner.events.subscribe()
    }
}
