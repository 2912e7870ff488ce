//! The messages between clients and the server; docs/PROTOCOL.md is their manual.
//!
//! A client sends [`ClientMessage`]s (a request with the client's own id); the server sends
//! [`ServerMessage`]s: a reply to a request, an error reply, a numbered game event, a game
//! snapshot, a presence update or a lobby update. The same types travel as bincode in binary
//! websocket frames and as JSON in text frames (see [`crate::codec`]); the enums are externally
//! tagged with snake_case names so both encodings work and JSON stays readable:
//! `{"id":1,"request":{"hello":{"version":2,"name":"asha","token":null}}}`.
//!
//! The first request on every connection is [`Request::Hello`] with [`PROTOCOL_VERSION`].
//!
//! - [`request`]: what clients ask.
//! - [`server`]: what the server says: replies, events, snapshots, lobby updates.
//! - [`error`]: the error codes of the error reply.
//! - [`names`]: what a player's display name may be.
//! - [`puzzles`]: the puzzle requests' and replies' parts.
//! - [`tournaments`]: the tournament requests', replies' and news' parts.
//! - `examples` (feature `test-support`): one value of every message, used by the round-trip
//!   tests and to check that docs/PROTOCOL.md shows every message.

pub mod echo;
pub mod error;
#[cfg(any(test, feature = "test-support"))]
pub mod examples;
pub mod names;
pub mod puzzles;
pub mod request;
pub mod server;
pub mod tournaments;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use chaupal_rules::record::{ClockSpec, Correspondence, GameId};
pub use chaupal_rules::rules::RulePair;
pub use chaupal_rules::score::Score;
pub use error::{ErrorCode, ErrorReply};
pub use request::{Action, AnalysisRequest, ClientMessage, Engine, GameSetup, Opponent, Request};
pub use server::{
    Clocks, GameEvent, GameResult, GameSnapshot, GameStatus, GameSummary, Invitation, LimitsInfo,
    LobbyEvent, MyGame, MySeek, RatingInfo, Reply, ResultReason, SearchLine, SeatInfo,
    SeatPresence, SeekInfo, ServerMessage, ThemeCount, Turn, Welcome,
};

/// The most games a `my_games` reply lists (the rest are counted in its `more`), so that the
/// reply stays well within the message limit.
pub const MY_GAMES_LISTED: usize = 64;

/// The most seeks, and the most live games, one lobby list carries (`list_seeks`,
/// `list_games`, `subscribe_lobby`'s reply, a lobby `reset`): the newest; `more` counts the
/// older ones left out, which `list_seeks_before` and `list_games_before` page through.
pub const LOBBY_LISTED: usize = 100;

/// The newest [`LOBBY_LISTED`] of `items` whose `id` is below `before` (all when none),
/// newest first, and how many older ones were left out.
pub fn newest_listed<T>(
    mut items: Vec<T>,
    id: impl Fn(&T) -> u64,
    before: Option<u64>,
) -> (Vec<T>, u32) {
    if let Some(before) = before {
        items.retain(|item| id(item) < before);
    }
    items.sort_by_key(|item| std::cmp::Reverse(id(item)));
    let more = items.len().saturating_sub(LOBBY_LISTED);
    items.truncate(LOBBY_LISTED);
    (items, u32::try_from(more).unwrap_or(u32::MAX))
}

/// The protocol version a client states first on every connection.
pub const PROTOCOL_VERSION: u32 = 2;

/// Reads an `f64` and refuses NaN and the infinities (the ratings of `server` and `puzzles`).
fn finite<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = f64::deserialize(deserializer)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(serde::de::Error::custom("a rating must be a finite number"))
    }
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

id_type!(
    /// An open seek or private invitation in the lobby (not yet a game).
    SeekId,
    "seek "
);
id_type!(
    /// A player (a person with a token).
    PlayerId,
    "player "
);

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub id: PlayerId,
    pub name: String,
}

/// The secret of a private game's watch link (`/game/ID?key=KEY`): whoever holds it may watch
/// the game, read its record and see its review, as its players may. 32 hexadecimal digits
/// (128 random bits) as the server makes it. Its `Debug` form hides it, so that a log line
/// never carries one.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WatchKey(pub String);

impl WatchKey {
    /// Whether `given` is this key, compared in time that does not depend on where they
    /// differ.
    pub fn admits(&self, given: &WatchKey) -> bool {
        let (a, b) = (self.0.as_bytes(), given.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl fmt::Debug for WatchKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WatchKey(..)")
    }
}

/// The number of a game event: the game's first event is version 1; a snapshot carries the
/// version of the last event it includes (0 for a game where nothing happened yet).
pub type Version = u64;

/// What one seat offers the other, who accepts or declines it: a draw, the takeback of the
/// offerer's last move (casual games only), or, after the game, a rematch (the same set-up,
/// sides swapped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    Draw,
    Takeback,
    Rematch,
}

impl OfferKind {
    /// Every kind of offer.
    pub const ALL: [OfferKind; 3] = [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch];
}

/// Which side the creator of a game wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideChoice {
    First,
    Second,
    Random,
}

#[cfg(test)]
mod tests;
