//! Error replies: a stable code a program can act on, and a reason a person can read.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What went wrong, as a stable code. docs/PROTOCOL.md lists every code with its meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // Connection and framing.
    /// The Hello stated another protocol version; the connection is closed.
    VersionMismatch,
    /// The first request was not Hello.
    HelloRequired,
    /// Hello was sent twice on one connection.
    AlreadyGreeted,
    /// The frame could not be decoded as a message (garbage, truncated, wrong shape).
    Malformed,
    /// The frame or message is larger than the server accepts.
    TooLarge,
    /// Too many messages in too short a time; the request was dropped. A connection refused too
    /// often is closed after this error (see "The message budget").
    RateLimited,
    /// Too many connections from this address; the connection is closed.
    TooManyConnections,
    /// No Hello within the handshake timeout; the connection is closed.
    HandshakeTimeout,
    /// Nothing received within the idle timeout; the connection is closed.
    IdleTimeout,
    /// The server is shutting down; the connection is closed.
    ShuttingDown,
    // Identity.
    /// The token presented in Hello is not known to the server.
    UnknownToken,
    /// The display name is refused (it is composed to NFC and trimmed first): empty, too long
    /// (over 32 characters or 400 bytes), with control characters or line breaks, with a
    /// bidirectional control, with nothing visible, with invisible characters out of their
    /// place (zero-width spaces, format characters, joiners or selectors that join nothing),
    /// mixing Latin with Cyrillic or Greek (UTS #39's moderately restrictive scripts), or
    /// posing as a computer player ("Computer", "AI level 3", look-alikes included). The
    /// reason says which.
    BadName,
    /// The code from another device is unknown, used already, or expired.
    BadDeviceCode,
    // Notifications.
    /// A push subscription was refused: its endpoint is not an `https` address of a public
    /// host, or its keys are not a browser's (the reason says which); or the player has as
    /// many subscriptions as allowed.
    BadSubscription,
    /// This server sends no push notifications (it was started without them).
    NoPush,
    // Lobby.
    /// The player already has as many open seeks and live games as allowed.
    TooManyGames,
    /// No such seek (it was taken or cancelled).
    NoSuchSeek,
    /// No private game has this invite code.
    BadInviteCode,
    /// The rule pairs are unknown or have bad values for this game.
    BadRules,
    /// The game set-up is not allowed (a rated local game, a clock out of range, an unknown
    /// engine, accepting one's own seek, ...).
    BadSetup,
    // Games.
    /// No live game (or record) with this id.
    NoSuchGame,
    /// No player with this id.
    NoSuchPlayer,
    /// The request acts for a seat the player does not hold.
    NotYourSeat,
    /// A move was sent when the other side is to move.
    NotYourTurn,
    /// The move is not legal in the current position (or not in the game's notation).
    IllegalMove,
    /// The game is over.
    GameOver,
    /// There is no draw offer, takeback request or rematch offer to answer.
    NoOffer,
    /// The action is not allowed now (abort after both sides moved, takeback in a rated game,
    /// claiming a win while the opponent is connected or within the grace period, ...).
    NotAllowed,
    // Puzzles.
    /// No puzzle has this id.
    NoSuchPuzzle,
    /// A move or answer for a puzzle not given to this connection (ask `next_puzzle` or
    /// `open_puzzle` first).
    PuzzleNotGiven,
    /// The puzzle's attempt is over (solved, or its solution shown): ask for the next one.
    PuzzleOver,
    // AI and records.
    /// The AI pool is full; try again later.
    AiBusy,
    /// The engine could not search (unknown engine, bad level, ...).
    AiError,
    /// The record text could not be read.
    BadRecord,
    /// A review was asked of a game that is not over.
    NotFinished,
    /// A review was asked of someone else's private game.
    PrivateGame,
    /// The player has as many reviews running as allowed, or the server has: try again when
    /// one is done.
    TooManyReviews,
    /// The server could not store the change; the game is unchanged.
    Storage,
    /// The game's server is changing (it left or died and another takes the game over), or
    /// this server has lost the cluster's message bus: nothing changed; try again in a moment.
    Unavailable,
    /// A bug on the server's side; the request had no effect.
    Internal,
    // Last, so that the codes before it keep their numbers in the binary encoding.
    /// The request reached the server running the game, which did not answer in time (it
    /// stopped or died meanwhile), or whose database went out of reach while it recorded the
    /// change: it may or may not have taken effect. `rejoin` the game to see, before sending
    /// it again.
    OutcomeUnknown,
    /// The move names a ply (`ply`: the moves played before it) that is not the game's: the
    /// game has moved on since it was sent (an extra turn in Kalah, a takeback, a move of
    /// the sender's that was played after all). Nothing changed; `rejoin` to see the game.
    StaleMove,
    // Tournaments.
    /// No tournament has this number, or it is private and the code is missing or wrong.
    NoSuchTournament,
    /// The tournament is over: it cannot be entered or left.
    TournamentOver,
    /// The player is in the tournament already.
    AlreadyEntered,
    /// The player is not in the tournament.
    NotEntered,
}

impl ErrorCode {
    /// Every code, in the order of the documentation.
    pub const ALL: [ErrorCode; 46] = [
        ErrorCode::VersionMismatch,
        ErrorCode::HelloRequired,
        ErrorCode::AlreadyGreeted,
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::TooManyConnections,
        ErrorCode::HandshakeTimeout,
        ErrorCode::IdleTimeout,
        ErrorCode::ShuttingDown,
        ErrorCode::UnknownToken,
        ErrorCode::BadName,
        ErrorCode::BadDeviceCode,
        ErrorCode::BadSubscription,
        ErrorCode::NoPush,
        ErrorCode::TooManyGames,
        ErrorCode::NoSuchSeek,
        ErrorCode::BadInviteCode,
        ErrorCode::BadRules,
        ErrorCode::BadSetup,
        ErrorCode::NoSuchGame,
        ErrorCode::NoSuchPlayer,
        ErrorCode::NotYourSeat,
        ErrorCode::NotYourTurn,
        ErrorCode::StaleMove,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::NoOffer,
        ErrorCode::NotAllowed,
        ErrorCode::NoSuchPuzzle,
        ErrorCode::PuzzleNotGiven,
        ErrorCode::PuzzleOver,
        ErrorCode::NoSuchTournament,
        ErrorCode::TournamentOver,
        ErrorCode::AlreadyEntered,
        ErrorCode::NotEntered,
        ErrorCode::AiBusy,
        ErrorCode::AiError,
        ErrorCode::BadRecord,
        ErrorCode::NotFinished,
        ErrorCode::PrivateGame,
        ErrorCode::TooManyReviews,
        ErrorCode::Storage,
        ErrorCode::Unavailable,
        ErrorCode::OutcomeUnknown,
        ErrorCode::Internal,
    ];

    /// The code as it appears in JSON: `illegal_move`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::VersionMismatch => "version_mismatch",
            ErrorCode::HelloRequired => "hello_required",
            ErrorCode::AlreadyGreeted => "already_greeted",
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::HandshakeTimeout => "handshake_timeout",
            ErrorCode::IdleTimeout => "idle_timeout",
            ErrorCode::ShuttingDown => "shutting_down",
            ErrorCode::UnknownToken => "unknown_token",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadDeviceCode => "bad_device_code",
            ErrorCode::BadSubscription => "bad_subscription",
            ErrorCode::NoPush => "no_push",
            ErrorCode::TooManyGames => "too_many_games",
            ErrorCode::NoSuchSeek => "no_such_seek",
            ErrorCode::BadInviteCode => "bad_invite_code",
            ErrorCode::BadRules => "bad_rules",
            ErrorCode::BadSetup => "bad_setup",
            ErrorCode::NoSuchGame => "no_such_game",
            ErrorCode::NoSuchPlayer => "no_such_player",
            ErrorCode::NotYourSeat => "not_your_seat",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NoOffer => "no_offer",
            ErrorCode::NotAllowed => "not_allowed",
            ErrorCode::NoSuchPuzzle => "no_such_puzzle",
            ErrorCode::PuzzleNotGiven => "puzzle_not_given",
            ErrorCode::PuzzleOver => "puzzle_over",
            ErrorCode::NoSuchTournament => "no_such_tournament",
            ErrorCode::TournamentOver => "tournament_over",
            ErrorCode::AlreadyEntered => "already_entered",
            ErrorCode::NotEntered => "not_entered",
            ErrorCode::AiBusy => "ai_busy",
            ErrorCode::AiError => "ai_error",
            ErrorCode::BadRecord => "bad_record",
            ErrorCode::NotFinished => "not_finished",
            ErrorCode::PrivateGame => "private_game",
            ErrorCode::TooManyReviews => "too_many_reviews",
            ErrorCode::Storage => "storage",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::OutcomeUnknown => "outcome_unknown",
            ErrorCode::StaleMove => "stale_move",
            ErrorCode::Internal => "internal",
        }
    }

    /// Whether the server closes the connection after sending this error.
    pub fn closes_connection(self) -> bool {
        matches!(
            self,
            ErrorCode::VersionMismatch
                | ErrorCode::TooManyConnections
                | ErrorCode::HandshakeTimeout
                | ErrorCode::IdleTimeout
                | ErrorCode::ShuttingDown
                | ErrorCode::UnknownToken
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error reply: the code, and a reason for people (not to be parsed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{code}: {reason}")]
pub struct ErrorReply {
    pub code: ErrorCode,
    pub reason: String,
}

impl ErrorReply {
    pub fn new(code: ErrorCode, reason: impl Into<String>) -> Self {
        ErrorReply {
            code,
            reason: reason.into(),
        }
    }
}
