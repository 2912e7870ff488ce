//! What the app asks of the outside ([`Outgoing`]): requests for the server, and the
//! platform's business (the clipboard, sharing, remembered settings, the browser's push
//! service); who the other seat is in a new game; a browser's push subscription; and the
//! opponent's offers with the requests that answer them.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ClockSpec;
use chaupal_shared::protocol::puzzles::PuzzleQuery;

use super::lobby::{EnginePick, SidePick};
use crate::say;
use crate::words::{Language, Phrase};

/// What the app asks of the outside: of the server (the network layer turns these into
/// protocol requests), or of the platform ([`Outgoing::CopyText`], which the render loop does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    NewGame {
        kind: GameKind,
        rules: Vec<(String, String)>,
        side: SidePick,
        opponent: OpponentPick,
        clock: Option<ClockSpec>,
        /// Days a move for a correspondence game (none: a live game).
        correspondence: Option<chaupal_shared::protocol::Correspondence>,
        rated: bool,
        /// The position to start from, in the game's notation (none: the usual start).
        position: Option<String>,
    },
    JoinByCode(String),
    /// Reads a private invitation by its code, to show it before it is accepted.
    ReadInvitation(String),
    /// Declines a private invitation by its code.
    DeclineInvitation(String),
    CancelSeek(u64),
    AcceptSeek(u64),
    /// Watches someone else's live game.
    Watch(u64),
    /// Sits back down at one's own live game.
    Resume(u64),
    /// Fetches a game's record, to replay it.
    Record(u64),
    /// The watch key of a private game (from the link the player came by): the requests that
    /// show that game carry it.
    WatchKey(u64, String),
    /// Asks for a finished game's review.
    Review(u64),
    /// Plays `notation` in the game followed, after its first `ply` moves (the position the
    /// player saw): a move that reaches the server after the game moved on is refused.
    Move {
        notation: String,
        ply: u32,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Takeback,
    AcceptTakeback,
    DeclineTakeback,
    OfferRematch,
    AcceptRematch,
    DeclineRematch,
    Hint,
    /// Asks `engine` about the position after `moves`.
    Analyse {
        kind: GameKind,
        rules: Vec<(String, String)>,
        moves: Vec<String>,
        engine: EnginePick,
    },
    Leave,
    RetryNow,
    /// Asks for the game on the screen whole again: the board here went out of step with the
    /// server's.
    Resync,
    /// Puts text on the clipboard (the platform's business, not the server's).
    CopyText(String),
    /// Passes a link on: the phone's share sheet where there is one, else the clipboard (the
    /// platform's business).
    Share(String),
    /// Greets the server again under this name (and remembers it).
    Rename(String),
    /// Asks for a code with which another device can play as this player.
    DeviceCode,
    /// Uses a device code from another device: this one becomes that player.
    LinkDevice(String),
    /// Remembers whether sounds are off.
    SetMuted(bool),
    /// Remembers the computer's level chosen in the lobby.
    SetLevel(u8),
    /// Remembers the language chosen (none: the system's or the browser's).
    SetLanguage(Option<Language>),
    /// Asks the browser's push service (the platform's business).
    Browser(BrowserWish),
    /// Gives the server this browser's push subscription, for the notifications of this
    /// player's turns.
    PushSubscribe(Subscription),
    /// Tells the server to forget the push subscription with this endpoint.
    PushUnsubscribe(String),
    /// Mutes (or unmutes) the notifications of one game, or of all (none).
    Mute {
        game: Option<u64>,
        muted: bool,
    },
    /// Asks for the next puzzle.
    NextPuzzle(PuzzleQuery),
    /// Asks for a puzzle by its id.
    OpenPuzzle(String),
    /// Sends a move in the puzzle given, to be judged.
    PuzzleMove {
        puzzle: String,
        notation: String,
    },
    /// Gives up on the puzzle given and asks for its solution.
    PuzzleSolution(String),
    /// Asks for the themes of the puzzles.
    PuzzleThemes,
    /// Asks for the day's puzzles.
    DailyPuzzles,
    /// Asks for puzzles made from the player's mistakes in a finished game.
    MistakePuzzles(u64),
}

impl Outgoing {
    /// Whether this is for the client itself, not the server: trying again, the clipboard, a
    /// new greeting under a new name, remembered settings, the browser's push service.
    pub fn is_local(&self) -> bool {
        matches!(
            self,
            Outgoing::RetryNow
                | Outgoing::CopyText(_)
                | Outgoing::Share(_)
                | Outgoing::Rename(_)
                | Outgoing::SetMuted(_)
                | Outgoing::SetLevel(_)
                | Outgoing::SetLanguage(_)
                | Outgoing::Browser(_)
        )
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
            Offer::Draw => Outgoing::AcceptDraw,
            Offer::Takeback => Outgoing::AcceptTakeback,
            Offer::Rematch => Outgoing::AcceptRematch,
        }
    }

    /// The request that declines it.
    pub fn decline(self) -> Outgoing {
        match self {
            Offer::Draw => Outgoing::DeclineDraw,
            Offer::Takeback => Outgoing::DeclineTakeback,
            Offer::Rematch => Outgoing::DeclineRematch,
        }
    }
}
