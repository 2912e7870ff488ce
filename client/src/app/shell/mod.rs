//! What the app shows around the game: the screens, the notices and how long they stay, the sounds
//! to make, the scroll, where "back" goes, and the tab's title. Moving between screens is in
//! `screens`.

mod action;
pub use action::ScreenAction;

mod screens;

use chaupal_rules::GameKind;

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
    /// The tournaments: upcoming, running, finished, the player's own.
    Tournaments,
    /// One tournament's page: its summary, the player's line, the standings, the podium.
    Tournament,
    /// The card that makes an arena.
    NewTournament,
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

/// How long a notice stays up: news briefly, a problem long enough to read it twice.
pub const NOTICE_SECONDS: f32 = 6.0;

pub const PROBLEM_SECONDS: f32 = 12.0;

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

/// Where "back" goes from the screens that are opened from several places.
#[derive(Clone, Copy, Debug)]
pub(in crate::app) struct Returns {
    pub(in crate::app) rules: Screen,
    pub(in crate::app) replay: Screen,
    pub(in crate::app) puzzles: Screen,
}

/// What stands around every screen: the notice shown, the sounds and the words to say that
/// wait for the render loop, how far the screen is scrolled, where "back" goes, the wall
/// clock and whether the page is hidden.
#[derive(Clone, Debug)]
pub(in crate::app) struct Shell {
    pub(in crate::app) notice: Option<Notice>,
    /// Sounds to play, oldest first.
    pub(in crate::app) cues: Vec<Cue>,
    /// What was asked to be said aloud, oldest first (see `keyboard`).
    pub(in crate::app) said: Vec<Phrase>,
    /// How far the screen is scrolled down, and on which screen (another starts at the top).
    pub(in crate::app) scroll: (Screen, i32),
    pub(in crate::app) back: Returns,
    /// The wall clock's time, in milliseconds since the Unix epoch, as the render loop last
    /// read it (the deadlines are counted from it).
    pub(in crate::app) now_ms: u64,
    /// Whether the page is hidden (the tab in the background), as the browser says.
    pub(in crate::app) page_hidden: bool,
}

impl Default for Shell {
    fn default() -> Self {
        Shell {
            notice: None,
            cues: Vec::new(),
            said: Vec::new(),
            scroll: (Screen::Lobby, 0),
            back: Returns {
                rules: Screen::Lobby,
                replay: Screen::Lobby,
                puzzles: Screen::Lobby,
            },
            now_ms: 0,
            page_hidden: false,
        }
    }
}
