//! A connection's bounded outgoing queue, as rooms and matchmaking hold it.
//!
//! Everything sent to a client goes through its [`Outbox`]: a bounded channel drained by the
//! connection's writer. Senders never wait: when the queue is full the client is not reading
//! fast enough, and the connection is dropped (its `closer` is cancelled) rather than buffered
//! without bound.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chaupal_shared::protocol::{ErrorReply, PlayerId, ServerMessage};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// A connection, numbered from 1 in order of arrival by the [`ConnIds`] of its server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnId(pub u64);

/// Hands out connection numbers: 1, 2, 3, ... Each server owns one (in [`crate::net::Shared`]),
/// so two servers in one process (tests) number their connections independently.
#[derive(Debug)]
pub struct ConnIds {
    next: AtomicU64,
}

impl ConnIds {
    /// Numbers from 1.
    pub fn new() -> ConnIds {
        ConnIds {
            next: AtomicU64::new(1),
        }
    }

    /// The next connection number.
    pub fn next(&self) -> ConnId {
        ConnId(self.next.fetch_add(1, Ordering::Relaxed))
    }
}

impl Default for ConnIds {
    fn default() -> Self {
        ConnIds::new()
    }
}

/// What the connection's writer sends, in order.
#[derive(Debug)]
pub enum Outgoing {
    /// A protocol message, encoded as the connection speaks (JSON or bincode).
    Message(Arc<ServerMessage>),
    /// A websocket ping with this payload (to measure lag).
    Ping(Vec<u8>),
    /// A close frame with this code and reason; the writer stops after it.
    Close(u16, String),
    /// The answer to request `req` that another node of a cluster forwarded, queued behind the
    /// messages the request caused so that it reaches that node after them (only a relay's
    /// queue carries it; a connection's writer skips it).
    Done {
        req: u64,
        result: Result<(), ErrorReply>,
    },
}

/// The sending side of a connection, held by rooms and matchmaking.
#[derive(Clone, Debug)]
pub struct Outbox {
    pub conn: ConnId,
    /// The player of the connection (after Hello).
    pub player: PlayerId,
    /// Whether the connection asked for the turn (position and legal moves) in every `moved`
    /// and `taken_back` event (`hello` with `turns`).
    pub turns: bool,
    tx: mpsc::Sender<Outgoing>,
    /// Cancelled to drop the connection (slow reader, shutdown).
    closer: CancellationToken,
}

impl Outbox {
    /// An outbox on a connection's queue.
    pub fn new(
        conn: ConnId,
        player: PlayerId,
        turns: bool,
        tx: mpsc::Sender<Outgoing>,
        closer: CancellationToken,
    ) -> Outbox {
        Outbox {
            conn,
            player,
            turns,
            tx,
            closer,
        }
    }

    /// Queues a message. Returns false when the connection is gone or too slow; a too slow one
    /// is told to close.
    pub fn send(&self, msg: Arc<ServerMessage>) -> bool {
        self.send_raw(Outgoing::Message(msg))
    }

    /// Queues anything for the writer (see [`Outbox::send`]).
    pub fn send_raw(&self, out: Outgoing) -> bool {
        match self.tx.try_send(out) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                tracing::info!("{:?}: write queue full, dropping the connection", self.conn);
                self.closer.cancel();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Drops the connection (its node heard that it did not keep up elsewhere).
    pub fn drop_connection(&self) {
        self.closer.cancel();
    }

    /// Whether the connection has gone.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed() || self.closer.is_cancelled()
    }

    /// Resolves when the connection has gone.
    pub async fn closed(&self) {
        tokio::select! {
            _ = self.tx.closed() => {}
            _ = self.closer.cancelled() => {}
        }
    }
}
