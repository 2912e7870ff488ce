//! What the app asks of the outside ([`Outgoing`]): requests for the server, and the
//! platform's business (the clipboard, sharing, remembered settings, the browser's push
//! service); who the other seat is in a new game; a browser's push subscription; and the
//! opponent's offers with the requests that answer them.

use super::game::GameRequest;
use super::links::LinkRequest;
use super::lobby::{EnginePick, LobbyRequest};
use super::notifications::PushRequest;
use super::puzzles::PuzzleRequest;
use super::replay::ReplayRequest;
use crate::say;
use crate::words::{Language, Phrase};

/// What the app asks of the outside: of the server, by feature (the network layer turns these
/// into protocol requests; each feature's own are defined in its folder, in `request.rs`), or
/// of the client itself and the platform ([`LocalWish`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    Lobby(LobbyRequest),
    Game(GameRequest),
    Replay(ReplayRequest),
    Link(LinkRequest),
    Push(PushRequest),
    Puzzle(PuzzleRequest),
    Local(LocalWish),
}

/// What the app asks of the client itself and of the platform, not of the server: trying
/// again, the clipboard, sharing, a new greeting under a new name, remembered settings, the
/// browser's push service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalWish {
    RetryNow,
    /// Puts text on the clipboard (the platform's business, not the server's).
    CopyText(String),
    /// Passes a link on: the phone's share sheet where there is one, else the clipboard (the
    /// platform's business).
    Share(String),
    /// Greets the server again under this name (and remembers it).
    Rename(String),
    /// Remembers whether sounds are off.
    SetMuted(bool),
    /// Remembers the computer's level chosen in the lobby.
    SetLevel(u8),
    /// Remembers the language chosen (none: the system's or the browser's).
    SetLanguage(Option<Language>),
    /// Asks the browser's push service (the platform's business).
    Browser(BrowserWish),
}

impl From<LocalWish> for Outgoing {
    fn from(wish: LocalWish) -> Self {
        Outgoing::Local(wish)
    }
}

impl Outgoing {
    /// Whether this is for the client itself, not the server.
    pub fn is_local(&self) -> bool {
        matches!(self, Outgoing::Local(_))
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

/// Who the other seat is, for a new game on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentPick {
    /// Both seats for this player: two people at this computer.
    Local,
    Private,
    /// An open seek: anyone may accept.
    Open,
    Computer(EnginePick),
    /// The computer against itself.
    Exhibition(EnginePick),
}

/// An offer the opponent made, for this player to accept or decline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    Draw,
    Takeback,
    Rematch,
}

impl Offer {
    /// The question the game panel asks about it: a draw and a rematch are offered, a
    /// takeback is asked for.
    pub fn question(self) -> Phrase {
        match self {
            Offer::Draw => say!("offer-draw"),
            Offer::Takeback => say!("offer-takeback"),
            Offer::Rematch => say!("offer-rematch"),
        }
    }

    /// The request that accepts it.
    pub fn accept(self) -> Outgoing {
        match self {
            Offer::Draw => Outgoing::Game(GameRequest::AcceptDraw),
            Offer::Takeback => Outgoing::Game(GameRequest::AcceptTakeback),
            Offer::Rematch => Outgoing::Game(GameRequest::AcceptRematch),
        }
    }

    /// The request that declines it.
    pub fn decline(self) -> Outgoing {
        match self {
            Offer::Draw => Outgoing::Game(GameRequest::DeclineDraw),
            Offer::Takeback => Outgoing::Game(GameRequest::DeclineTakeback),
            Offer::Rematch => Outgoing::Game(GameRequest::DeclineRematch),
        }
    }
}
