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
    /// The server refused the page's address (its Origin): trying again will not help until
    /// the page is opened at an address the server allows (the reason in words); nothing
    /// follows. Only the browser reports it: the desktop client sends no Origin.
    NotAllowed(Phrase),
}
