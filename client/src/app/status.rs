//! What the app shows around the game: the screens, the connection as the player sees it, the
//! notices and how long they stay, the sounds to make, the card for playing on another device,
//! and the tab's title.

use chaupal_rules::GameKind;

use crate::say;
use crate::words::Phrase;

/// The screens of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Connecting to the server, or why it failed, with a way to play offline.
    Connection,
    /// Choosing what to play or watch.
    Lobby,
    /// A game being played or watched.
    Game,
    /// A finished game: result, rematch, replay, back to the lobby.
    GameOver,
    /// Stepping through a finished game.
    Replay,
    /// The rules of one game, shown on its board.
    Rules(GameKind),
    /// Puzzles: a position and the only move to find, judged move by move.
    Puzzles,
}

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

/// A sound the client makes: the render loop plays it unless sounds are off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The opponent moved.
    Move,
    /// Someone took up this player's invitation or seek: the game begins.
    Join,
    /// The game is over.
    End,
    /// It became this player's turn in a correspondence game off the screen, while the page
    /// is hidden (the tab's title counts those games itself).
    Turn,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 4] = [Cue::Move, Cue::Join, Cue::End, Cue::Turn];

    /// Whether it is news of the screen the tab shows, which the tab's title counts while the
    /// tab is hidden (a turn in another game is counted with the games waiting instead).
    pub fn counted(self) -> bool {
        self != Cue::Turn
    }
}

/// Whether a notice brings news or reports a problem: a problem is marked in red and stays up
/// longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    News,
    Problem,
}

/// A message for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: Phrase,
    pub tone: Tone,
    /// Seconds before it goes away by itself.
    pub left: f32,
}

/// Seconds the first connection may take before the connection screen says so.
pub const FIRST_CONNECTION_PATIENCE: f32 = 2.0;

/// How long a notice stays up: news briefly, a problem long enough to read it twice.
pub const NOTICE_SECONDS: f32 = 6.0;

pub const PROBLEM_SECONDS: f32 = 12.0;

/// The card for playing on another device: the code this player was given for it (and how
/// long it stays good), and a code from another device being typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Devices {
    /// The device code, once the server has given it, and the seconds it stays good.
    pub code: Option<(String, f32)>,
    /// A code from another device, as typed.
    pub entry: String,
}

/// The tab's title with a count before it (the news not yet seen while the tab was hidden,
/// and the correspondence games waiting for the player's move): "(2) Your move: Kalah -
/// Chaupal", "(3) Chaupal".
pub fn tab_title(title: &str, unseen: u32) -> String {
    if unseen == 0 {
        title.to_owned()
    } else {
        format!("({unseen}) {title}")
    }
}
