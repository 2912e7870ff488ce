//! The connections of each player on this node, so that a message can reach every device of a
//! player at once: a `my_game` notice when one of their correspondence games starts, moves or
//! ends, wherever they are looking. In a cluster, each node keeps its own connections, and a
//! notice for a player goes to every node (`cluster::ClusterHost::tell_player`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use chaupal_shared::protocol::{PlayerId, ServerMessage};

use crate::outbox::{ConnId, Outbox};

/// The connections of each player on this node (cheap to clone).
#[derive(Clone, Default)]
pub struct Players {
    connections: Arc<Mutex<HashMap<PlayerId, Vec<Outbox>>>>,
}

impl Players {
    fn lock(&self) -> MutexGuard<'_, HashMap<PlayerId, Vec<Outbox>>> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.connections
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A connection said hello as its player.
    pub fn add(&self, outbox: &Outbox) {
        self.lock()
            .entry(outbox.player)
            .or_default()
            .push(outbox.clone());
    }

    /// Connection `conn` of `player` closed.
    pub fn remove(&self, player: PlayerId, conn: ConnId) {
        let mut all = self.lock();
        if let Some(conns) = all.get_mut(&player) {
            conns.retain(|o| o.conn != conn);
            if conns.is_empty() {
                all.remove(&player);
            }
        }
    }

    /// Sends `msg` to every connection of `player` here; returns how many took it.
    pub fn tell(&self, player: PlayerId, msg: &Arc<ServerMessage>) -> usize {
        let conns: Vec<Outbox> = self.lock().get(&player).cloned().unwrap_or_default();
        conns.iter().filter(|o| o.send(msg.clone())).count()
    }

    /// The open connections of `player` here.
    pub fn outboxes_of(&self, player: PlayerId) -> Vec<Outbox> {
        let conns: Vec<Outbox> = self.lock().get(&player).cloned().unwrap_or_default();
        conns.into_iter().filter(|o| !o.is_closed()).collect()
    }

    /// Whether `player` has a connection open here.
    pub fn is_online(&self, player: PlayerId) -> bool {
        self.lock()
            .get(&player)
            .is_some_and(|conns| conns.iter().any(|o| !o.is_closed()))
    }

    /// How many players have a connection here.
    pub fn online(&self) -> usize {
        self.lock().len()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::outbox::Outgoing;
    use tokio::sync::mpsc;
    use tokio_util::sync::CancellationToken;

    fn connection(conn: u64, player: u64) -> (Outbox, mpsc::Receiver<Outgoing>) {
        let (tx, rx) = mpsc::channel(4);
        let outbox = Outbox::new(
            ConnId(conn),
            PlayerId(player),
            false,
            tx,
            CancellationToken::new(),
        );
        (outbox, rx)
    }

    #[test]
    fn a_message_reaches_every_connection_of_its_player_and_no_other() {
        let players = Players::default();
        let (a1, mut a1_rx) = connection(1, 7);
        let (a2, mut a2_rx) = connection(2, 7);
        let (b, mut b_rx) = connection(3, 8);
        for o in [&a1, &a2, &b] {
            players.add(o);
        }
        let msg = Arc::new(ServerMessage::Error {
            id: None,
            error: chaupal_shared::protocol::ErrorReply::new(
                chaupal_shared::protocol::ErrorCode::Internal,
                "a notice",
            ),
        });
        assert_eq!(players.tell(PlayerId(7), &msg), 2);
        assert!(a1_rx.try_recv().is_ok() && a2_rx.try_recv().is_ok());
        assert!(b_rx.try_recv().is_err());
        players.remove(PlayerId(7), ConnId(1));
        assert_eq!(players.tell(PlayerId(7), &msg), 1);
        players.remove(PlayerId(7), ConnId(2));
        assert_eq!(players.online(), 1);
        assert_eq!(players.tell(PlayerId(7), &msg), 0);
    }
}
