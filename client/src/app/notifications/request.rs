//! What the notifications of this player's turns ask of the server: a push subscription kept
//! or forgotten, games muted.

use crate::app::outgoing::Subscription;

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
