//! What a platform's socket carries and reports: the same on the desktop and in the browser,
//! for the network layer above it.

use crate::words::Phrase;

/// A websocket payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

/// What a platform's `Socket` reports, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The connection is open: frames can go out.
    Open,
    /// A frame from the server.
    Frame(Frame),
    /// The connection failed or ended (the reason in words); nothing follows.
    Closed(Phrase),
}
