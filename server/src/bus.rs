//! The message bus: fan-out of one publisher's messages to every subscriber, behind a trait so
//! that it can later cross machines (docs/ARCHITECTURE.md, "Beyond one machine").
//!
//! [`LocalBus`] is the in-process implementation (`tokio::sync::broadcast`); the lobby's changes
//! go through it to every subscribed connection. An implementation over NATS or Redis pub/sub
//! would publish to the broker and run one task per node that forwards the broker's messages
//! into a local broadcast channel, so [`Subscription`] stays the same. A subscriber that falls
//! behind is told how much it missed ([`Received::Lagged`]) instead of slowing the publisher.
//!
//! Spectator fan-out does not go through the bus yet: a room sends each event to the
//! connections at its board, all in this process. Across machines the design is: the room
//! (on the node that owns the game, chosen by game id) publishes each numbered event on a
//! per-game topic; a watcher's node subscribes to that topic and fans the events out to its own
//! connections; catch-up stays with the room (a snapshot at version `v`, then the topic's events
//! after `v`; a gap means `rejoin`, as for any client). Topics would be a key of the trait
//! (`publish(topic, msg)`) once a second kind of message uses it.

use tokio::sync::broadcast;

/// Publishes messages to every subscriber.
pub trait Bus<T>: Send + Sync {
    /// Sends `msg` to every current subscriber; never waits (nobody listening is fine).
    fn publish(&self, msg: T);
    /// Every message published from now on, in order.
    fn subscribe(&self) -> Subscription<T>;
}

/// What a subscriber receives next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received<T> {
    Message(T),
    /// This many messages were missed because the subscriber fell behind.
    Lagged(u64),
    /// The bus is gone: nothing more will come.
    Closed,
}

/// One subscriber's stream of messages.
pub struct Subscription<T> {
    rx: broadcast::Receiver<T>,
}

impl<T: Clone> Subscription<T> {
    /// The next message (waits for it).
    pub async fn recv(&mut self) -> Received<T> {
        match self.rx.recv().await {
            Ok(msg) => Received::Message(msg),
            Err(broadcast::error::RecvError::Lagged(n)) => Received::Lagged(n),
            Err(broadcast::error::RecvError::Closed) => Received::Closed,
        }
    }
}

/// The in-process bus: a bounded broadcast channel.
pub struct LocalBus<T> {
    tx: broadcast::Sender<T>,
}

impl<T: Clone> LocalBus<T> {
    /// A bus that keeps `capacity` messages for slow subscribers before they lag.
    pub fn new(capacity: usize) -> Self {
        let (tx, _) = broadcast::channel(capacity.max(1));
        LocalBus { tx }
    }
}

impl<T: Clone + Send + 'static> Bus<T> for LocalBus<T> {
    fn publish(&self, msg: T) {
        // An error only means that nobody subscribes now.
        let _ = self.tx.send(msg);
    }

    fn subscribe(&self) -> Subscription<T> {
        Subscription {
            rx: self.tx.subscribe(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_subscriber_gets_every_later_message_in_order() {
        let bus: Box<dyn Bus<u32>> = Box::new(LocalBus::new(8));
        bus.publish(0); // before anyone subscribes: lost, and no error
        let mut a = bus.subscribe();
        bus.publish(1);
        let mut b = bus.subscribe();
        bus.publish(2);
        assert_eq!(a.recv().await, Received::Message(1));
        assert_eq!(a.recv().await, Received::Message(2));
        assert_eq!(b.recv().await, Received::Message(2));
    }

    #[tokio::test]
    async fn a_slow_subscriber_is_told_what_it_missed_and_goes_on() {
        let bus = LocalBus::new(2);
        let mut slow = bus.subscribe();
        for i in 0..5 {
            bus.publish(i);
        }
        assert_eq!(slow.recv().await, Received::Lagged(3));
        assert_eq!(slow.recv().await, Received::Message(3));
        assert_eq!(slow.recv().await, Received::Message(4));
        drop(bus);
        assert_eq!(slow.recv().await, Received::Closed);
    }
}
