//! A connection's bounded outgoing queue, as rooms and matchmaking hold it.
//!
//! Everything sent to a client goes through its [`Outbox`]: a bounded channel drained by the
//! connection's writer. The queue is bounded twice: in messages (the channel's capacity,
//! `--write-queue`) and in bytes, each message weighed as it is encoded for the connection,
//! from when it is queued until the writer has written it (a [`Meter`], `--write-queue-bytes`).
//! Senders never wait: when either bound is reached the client is not reading fast enough, and
//! the connection is dropped (its `closer` is cancelled) rather than buffered without bound.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use chaupal_shared::codec::encoded_len;
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
    /// The bytes the queue holds, for a connection's queue (none for a relay's or a test's).
    meter: Option<Arc<Meter>>,
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
            meter: None,
        }
    }

    /// This outbox with its queue's bytes weighed by `meter` (the connection's own).
    pub fn metered(mut self, meter: Arc<Meter>) -> Outbox {
        self.meter = Some(meter);
        self
    }

    /// Queues a message. Returns false when the connection is gone or too slow; a too slow one
    /// is told to close.
    pub fn send(&self, msg: Arc<ServerMessage>) -> bool {
        self.send_raw(Outgoing::Message(msg))
    }

    /// Queues anything for the writer (see [`Outbox::send`]).
    pub fn send_raw(&self, out: Outgoing) -> bool {
        match queue(&self.tx, self.meter.as_deref(), out) {
            Ok(()) => true,
            Err(Refused::Gone) => false,
            Err(full) => {
                tracing::info!("{:?}: {full}, dropping the connection", self.conn);
                self.closer.cancel();
                false
            }
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

/// Why a connection's queue did not take an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The queue holds `--write-queue` messages.
    #[error("write queue full ({0} messages)")]
    Full(usize),
    /// The item would take the queue past `--write-queue-bytes`.
    #[error("write queue full ({queued} bytes queued, {more} more, bound {bound})")]
    Bytes {
        queued: usize,
        more: usize,
        bound: usize,
    },
    /// The connection's writer has stopped.
    #[error("the connection is gone")]
    Gone,
}

/// Puts `out` on a connection's queue `tx`, weighed by its `meter` when it has one.
pub fn queue(
    tx: &mpsc::Sender<Outgoing>,
    meter: Option<&Meter>,
    out: Outgoing,
) -> Result<(), Refused> {
    match meter {
        Some(meter) => meter.queue(tx, out),
        None => tx.try_send(out).map_err(|e| refused(tx, &e)),
    }
}

fn refused<T>(tx: &mpsc::Sender<Outgoing>, e: &mpsc::error::TrySendError<T>) -> Refused {
    match e {
        mpsc::error::TrySendError::Full(_) => Refused::Full(tx.max_capacity()),
        mpsc::error::TrySendError::Closed(_) => Refused::Gone,
    }
}

/// The bytes a connection's queue holds: each item weighed as it is queued (a message by its
/// encoding for the connection: JSON or bincode), and let go of once the writer has written it
/// ([`Meter::written`]). Shared by the connection's senders and its writer.
///
/// An item that would take the queue past its bound is refused, unless the queue is empty: a
/// message larger than the bound alone still goes, so the queue holds at most the larger of
/// the bound and one message.
#[derive(Debug)]
pub struct Meter {
    bound: usize,
    /// Whether the connection speaks JSON (set by its frames until its hello).
    json: Arc<AtomicBool>,
    /// The weights of the items queued, in order (the writer takes them in the same order),
    /// and their sum.
    queued: Mutex<Weights>,
}

#[derive(Debug, Default)]
struct Weights {
    each: VecDeque<usize>,
    sum: usize,
}

impl Meter {
    /// A meter of at most `bound` bytes, for a connection whose speech `json` says.
    pub fn new(bound: usize, json: Arc<AtomicBool>) -> Meter {
        Meter {
            bound,
            json,
            queued: Mutex::new(Weights::default()),
        }
    }

    /// Weighs `out` and puts it on `tx` if it fits both bounds.
    pub fn queue(&self, tx: &mpsc::Sender<Outgoing>, out: Outgoing) -> Result<(), Refused> {
        let more = self.weigh(&out);
        // Held while the item is put on the channel, so that the weights are in the
        // channel's order whoever sends.
        let mut queued = self.lock();
        if !queued.each.is_empty() && queued.sum.saturating_add(more) > self.bound {
            return Err(Refused::Bytes {
                queued: queued.sum,
                more,
                bound: self.bound,
            });
        }
        tx.try_send(out).map_err(|e| refused(tx, &e))?;
        queued.each.push_back(more);
        queued.sum = queued.sum.saturating_add(more);
        Ok(())
    }

    /// The writer is done with the oldest item (written, or skipped).
    pub fn written(&self) {
        let mut queued = self.lock();
        if let Some(weight) = queued.each.pop_front() {
            queued.sum = queued.sum.saturating_sub(weight);
        }
    }

    /// The bytes queued and not yet written.
    pub fn bytes(&self) -> usize {
        self.lock().sum
    }

    /// What `out` weighs: its bytes as the connection's writer sends them.
    fn weigh(&self, out: &Outgoing) -> usize {
        match out {
            Outgoing::Message(msg) => {
                encoded_len(msg.as_ref(), self.json.load(Ordering::Relaxed)).unwrap_or(0)
            }
            Outgoing::Ping(payload) => payload.len(),
            Outgoing::Close(_, reason) => 2 + reason.len(),
            Outgoing::Done { .. } => 0,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Weights> {
        self.queued
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use chaupal_shared::codec::encode_json;
    use chaupal_shared::protocol::Reply;

    fn pong(bytes: usize) -> Arc<ServerMessage> {
        Arc::new(ServerMessage::Reply {
            id: 1,
            reply: Reply::Pong {
                data: "z".repeat(bytes),
            },
        })
    }

    #[test]
    fn the_queue_counts_the_encoded_bytes_until_they_are_written() {
        let (tx, mut rx) = mpsc::channel(100);
        let meter = Meter::new(10_000, Arc::new(AtomicBool::new(true)));
        let one = pong(3_000);
        let weight = encode_json(one.as_ref()).unwrap().len();
        for _ in 0..3 {
            meter.queue(&tx, Outgoing::Message(one.clone())).unwrap();
        }
        assert_eq!(meter.bytes(), 3 * weight);
        // A fourth passes the bound: refused, and nothing counted or queued.
        assert_eq!(
            meter.queue(&tx, Outgoing::Message(one.clone())),
            Err(Refused::Bytes {
                queued: 3 * weight,
                more: weight,
                bound: 10_000
            })
        );
        assert_eq!(meter.bytes(), 3 * weight);
        // Taken off the queue is not yet written: still counted until the writer says so.
        assert!(rx.try_recv().is_ok());
        assert_eq!(meter.bytes(), 3 * weight);
        meter.written();
        assert_eq!(meter.bytes(), 2 * weight);
        meter.queue(&tx, Outgoing::Ping(vec![0; 8])).unwrap();
        assert_eq!(meter.bytes(), 2 * weight + 8);
        for _ in 0..3 {
            assert!(rx.try_recv().is_ok());
            meter.written();
        }
        assert_eq!(meter.bytes(), 0);
        meter.written();
        assert_eq!(meter.bytes(), 0, "nothing queued: nothing to let go of");
    }

    #[test]
    fn a_message_larger_than_the_bound_goes_alone_and_binary_weighs_as_bincode() {
        let (tx, _rx) = mpsc::channel(100);
        let meter = Meter::new(1_000, Arc::new(AtomicBool::new(false)));
        let big = pong(5_000);
        meter.queue(&tx, Outgoing::Message(big.clone())).unwrap();
        assert_eq!(
            meter.bytes(),
            chaupal_shared::codec::encode_binary(big.as_ref())
                .unwrap()
                .len()
        );
        assert!(matches!(
            meter.queue(&tx, Outgoing::Message(pong(1))),
            Err(Refused::Bytes { .. })
        ));
    }

    #[test]
    fn a_full_or_closed_channel_is_refused_and_counts_nothing() {
        let (tx, rx) = mpsc::channel(1);
        let meter = Meter::new(1 << 20, Arc::new(AtomicBool::new(true)));
        meter.queue(&tx, Outgoing::Message(pong(10))).unwrap();
        let before = meter.bytes();
        assert_eq!(
            meter.queue(&tx, Outgoing::Message(pong(10))),
            Err(Refused::Full(1))
        );
        assert_eq!(meter.bytes(), before);
        drop(rx);
        assert_eq!(
            meter.queue(&tx, Outgoing::Message(pong(10))),
            Err(Refused::Gone)
        );
    }

    #[test]
    fn an_outbox_over_its_byte_bound_drops_its_connection() {
        let (tx, _rx) = mpsc::channel(100);
        let closer = CancellationToken::new();
        let meter = Arc::new(Meter::new(10_000, Arc::new(AtomicBool::new(true))));
        let outbox = Outbox::new(ConnId(1), PlayerId(1), false, tx, closer.clone()).metered(meter);
        assert!(outbox.send(pong(6_000)));
        assert!(!closer.is_cancelled());
        assert!(!outbox.send(pong(6_000)));
        assert!(closer.is_cancelled());
    }
}
