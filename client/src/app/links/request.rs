//! What links ask of the server: an invitation read or declined, a private game's watch key,
//! a device code given or used.

use crate::app::Outgoing;

/// What the app asks of the server about links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkRequest {
    /// Reads a private invitation by its code, to show it before it is accepted.
    ReadInvitation(String),
    /// Declines a private invitation by its code.
    DeclineInvitation(String),
    /// The watch key of a private game (from the link the player came by): the requests that
    /// show that game carry it.
    WatchKey(u64, String),
    /// Asks for a code with which another device can play as this player.
    DeviceCode,
    /// Uses a device code from another device: this one becomes that player.
    LinkDevice(String),
}

impl From<LinkRequest> for Outgoing {
    fn from(request: LinkRequest) -> Self {
        Outgoing::Link(request)
    }
}
