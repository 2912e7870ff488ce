//! The connection to the server as the player sees it: connecting, connected under a name,
//! retrying after a loss, or not allowed; whether the device itself is offline; and how long
//! the first connection has taken (the lobby shows while it is quick).

mod event;
pub use event::ConnectionEvent;

use crate::say;
use crate::words::Phrase;

/// The connection to the server, as the player should see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Not connecting: offline play only.
    Offline,
    /// Trying to connect (attempt number, from 1).
    Connecting { attempt: u32 },
    /// Connected, under this name.
    Connected { name: String },
    /// The connection failed or dropped; trying again in a moment.
    Retrying {
        reason: Phrase,
        attempt: u32,
        in_secs: u32,
    },
    /// The server does not allow this page's address; trying again only when asked.
    NotAllowed { reason: Phrase },
}

impl Connection {
    /// A short line for the top bar.
    pub fn describe(&self) -> Phrase {
        match self {
            Connection::Offline => say!("connection-offline"),
            Connection::Connecting { attempt: 1 } => say!("connection-connecting"),
            Connection::Connecting { attempt } => {
                say!("connection-reconnecting", attempt = *attempt)
            }
            Connection::Connected { name } => say!("connection-online-as", name = name),
            Connection::Retrying {
                reason, in_secs, ..
            } => say!(
                "connection-retrying",
                reason = reason.clone(),
                seconds = *in_secs
            ),
            Connection::NotAllowed { reason } => reason.clone(),
        }
    }

    /// A few words for the top bar (the full reason is on the connection screen and in
    /// notices), longest first: the bar shows the first that fits.
    pub fn short(&self) -> Vec<Phrase> {
        match self {
            Connection::Offline => vec![say!("connection-short-offline")],
            Connection::Connecting { attempt: 1 } => vec![
                say!("connection-short-connecting"),
                say!("connection-short-connecting-bare"),
            ],
            Connection::Connecting { .. } => vec![
                say!("connection-short-reconnecting"),
                say!("connection-short-reconnecting-bare"),
            ],
            Connection::Connected { name } => vec![
                say!("connection-online-as", name = name),
                say!("connection-short-online"),
            ],
            Connection::Retrying { in_secs, .. } => vec![
                say!("connection-short-retrying", seconds = *in_secs),
                say!("connection-short-retrying-bare", seconds = *in_secs),
                say!("connection-short-not-connected"),
            ],
            Connection::NotAllowed { .. } => vec![
                say!("connection-short-not-allowed"),
                say!("connection-short-not-connected"),
            ],
        }
    }

    /// Whether the server can be used now.
    pub fn online(&self) -> bool {
        matches!(self, Connection::Connected { .. })
    }
}

/// Seconds the first connection may take before the connection screen says so.
pub const FIRST_CONNECTION_PATIENCE: f32 = 2.0;

/// The connection's side of the state.
#[derive(Clone, Debug)]
pub(in crate::app) struct Online {
    /// The connection as the player sees it.
    pub(in crate::app) connection: Connection,
    /// Whether the server has greeted this client since it started.
    pub(in crate::app) ever_connected: bool,
    /// Seconds spent on the first connection so far.
    pub(in crate::app) connecting_for: f32,
    /// Whether the device itself has no network (the browser says so).
    pub(in crate::app) device_offline: bool,
    /// Seconds until the next connection attempt, while retrying.
    pub(in crate::app) retry_left: f32,
}

impl Online {
    /// Offline from the start, or connecting for the first time.
    pub(in crate::app) fn new(offline: bool) -> Online {
        Online {
            connection: if offline {
                Connection::Offline
            } else {
                Connection::Connecting { attempt: 1 }
            },
            ever_connected: false,
            connecting_for: 0.0,
            device_offline: false,
            retry_left: 0.0,
        }
    }
}
