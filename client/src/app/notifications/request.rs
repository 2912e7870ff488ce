//! What the notifications of this player's turns ask of the server: a push subscription kept
//! or forgotten, games muted; and what is asked of the browser's push service ([`BrowserWish`]),
//! and a subscription as the server keeps it.

use crate::app::Outgoing;

/// What the app asks of the server about notifications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PushRequest {
    /// Gives the server this browser's push subscription, for the notifications of this
    /// player's turns.
    PushSubscribe(Subscription),
    /// Tells the server to forget the push subscription with this endpoint.
    PushUnsubscribe(String),
    /// Mutes (or unmutes) the notifications of one game, or of all (none).
    Mute { game: Option<u64>, muted: bool },
}

impl From<PushRequest> for Outgoing {
    fn from(request: PushRequest) -> Self {
        Outgoing::Push(request)
    }
}

/// What the app asks of the browser's push service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrowserWish {
    /// Asks the player's permission, then subscribes with the server's key.
    Subscribe { key: String },
    /// Drops the subscription.
    Unsubscribe,
}

/// A browser's push subscription: where the push service takes messages for it, and its
/// keys (base64url), as the server keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}
