//! The client's state as a whole: which screen is up, the lobby's choices, the game on the
//! screen, the replay, the connection, and the notices shown to the player. The state changes
//! in three places only: [`App::handle`] takes the player's [`Action`]s, [`App::apply`] takes
//! the [`Event`]s from outside (the connection and the server), and [`App::tick`] moves time
//! on; the first two return what must be sent to the server ([`Outgoing`]). Its fields are
//! private, so nothing else can change it. Nothing here draws or touches the network, so all
//! of it is tested without a window.
//!
//! This file holds the state, its construction and the dispatch of actions: each family of
//! actions is handled in a file of its own (`seeks`, `settings`, `game`, `replay`, `links`,
//! `screens`, `access`, `push`, `puzzles`, `invitation`), the events in `apply`, time in `time`, and what the screens
//! read in `reading`. The types the families share are in files of their own (`action`,
//! `outgoing`, `status`, `event`, `lobby`, `paces`, `my_games`, `waiting`), so that this file names
//! nothing of the files that extend [`App`].

mod access;
mod action;
mod apply;
mod event;
mod game;
mod invitation;
mod links;
mod lobby;
mod my_games;
mod outgoing;
mod paces;
mod push;
mod puzzles;
mod reading;
mod replay;
mod review;
mod screens;
mod seeks;
mod settings;
mod status;
#[cfg(test)]
mod testing;
mod time;
mod waiting;

pub use crate::field::Field;
pub use action::Action;
pub use event::{Event, LobbyChange, Opened, Record};
pub use invitation::Invited;
pub use lobby::{
    CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, EnginePick, FinishedEntry, LEVELS, LiveEntry, Lobby,
    MAX_DEPTH, PACES, PlayMode, SeekEntry, SidePick, clock_words, kind_index,
};
pub use my_games::{MyGameEntry, MyGamesChange};
pub use outgoing::{BrowserWish, Offer, OpponentPick, Outgoing, Subscription};
pub use paces::{pace_value, pace_words};
pub use push::{BrowserNews, Push, PushState};
pub use status::{
    Connection, Cue, Devices, FIRST_CONNECTION_PATIENCE, NOTICE_SECONDS, Notice, PROBLEM_SECONDS,
    Screen, Tone, tab_title,
};
pub use waiting::WaitingSeek;

use crate::geometry::CellName;
use crate::play::Match;
use crate::puzzles::Puzzles;
use crate::replay::Replay;
use crate::route::Route;
use crate::words::{Language, Phrase};

/// The whole client state.
#[derive(Clone, Debug)]
pub struct App {
    screen: Screen,
    lobby: Lobby,
    /// The game on the screen.
    current: Option<Match>,
    replay: Option<Replay>,
    connection: Connection,
    seeks: Vec<SeekEntry>,
    live: Vec<LiveEntry>,
    /// This player's finished games on the server, newest first.
    finished: Vec<FinishedEntry>,
    /// Where "back" goes from the replay.
    replay_return: Screen,
    notice: Option<Notice>,
    /// Where "back" goes from the rules screen.
    rules_return: Screen,
    /// An offer the opponent made and this player may accept or decline.
    offer: Option<Offer>,
    /// People watching the game on the screen.
    watchers: u32,
    /// Whether the opponent's connection was lost (and they are not back yet).
    opponent_away: bool,
    /// Whether the server has greeted this client since it started.
    ever_connected: bool,
    /// Seconds spent on the first connection so far.
    connecting_for: f32,
    /// Whether the device itself has no network (the browser says so).
    device_offline: bool,
    /// Seconds until the next connection attempt, while retrying.
    retry_left: f32,
    /// Whether the result card of the game-over screen was put aside to see the board.
    result_hidden: bool,
    /// Whether a first click on Resign waits for the confirming second one (until answered, or
    /// until the game moves on).
    resign_armed: bool,
    /// The cell pressed on the board, while its piece is being dragged.
    drag_from: Option<CellName>,
    /// The text field the keyboard types into.
    focus: Option<Field>,
    /// The selection in that field, in characters from its start (start and end equal: the
    /// caret); none: the caret is at the end.
    selection: Option<(usize, usize)>,
    /// The name being typed, while the name field is open.
    name_edit: Option<String>,
    /// This player's name (as the server greeted them, or as remembered offline).
    name: String,
    /// Whether the invitation's card was put aside.
    invite_closed: bool,
    /// Whether this player's open seek waits for someone to accept it.
    seeking: bool,
    /// How far the screen is scrolled down, and on which screen (another starts at the top).
    scroll: (Screen, i32),
    /// How far the lobby's lists are scrolled down in their column of a wide window (the
    /// screen itself scrolls apart from them).
    lists_scroll: i32,
    /// Sounds to play, oldest first.
    cues: Vec<Cue>,
    /// Whether sounds are off.
    muted: bool,
    /// The interface's language.
    language: Language,
    /// Whether the language was chosen in the app (else it is the system's or the browser's).
    language_chosen: bool,
    /// Whether the list of languages is open.
    languages_open: bool,
    /// Where the board's keyboard cursor is (none: not on the board).
    cursor: Option<CellName>,
    /// The button the keyboard stands on (its place among the frame's targets, its label).
    key_focus: Option<(usize, String)>,
    /// The move field's text.
    move_entry: String,
    /// What was asked to be said aloud, oldest first (see [`access`]).
    said: Vec<Phrase>,
    /// Where a link sent the player, waiting for the server's greeting.
    arrival: Option<Route>,
    /// Where a link sent the player, asked of the server and not yet answered.
    link: Option<Route>,
    /// A link that led nowhere: where it pointed, and why, in words (shown on a card).
    broken_link: Option<(Route, Phrase)>,
    /// The invitation of the link the player came by, on its card until accepted or declined.
    invitation: Option<Invited>,
    /// The server's web address (`http://host:port`), to make links to its games with.
    site: Option<String>,
    /// The card for playing on another device, while it is open.
    devices: Option<Devices>,
    /// Whether a game was asked for from the replay ("play from here"): its snapshot takes the
    /// screen from the replay.
    starting_from_replay: bool,
    /// This player's correspondence games in play, those where it is their turn first.
    my_games: Vec<MyGameEntry>,
    /// How many more games in play the server left out of its list.
    my_games_more: u32,
    /// This player's seeks and invitations still waiting for an opponent, oldest first.
    waiting: Vec<WaitingSeek>,
    /// Notifications of this player's turns.
    push: Push,
    /// Whether the page is hidden (the tab in the background), as the browser says.
    page_hidden: bool,
    /// The wall clock's time, in milliseconds since the Unix epoch, as the render loop last
    /// read it (the deadlines are counted from it).
    now_ms: u64,
    /// The Puzzles screen: the puzzle on the board, the choices, the day's puzzles.
    puzzles: Puzzles,
    /// Where "back" goes from the Puzzles screen.
    puzzles_return: Screen,
}

impl App {
    /// A fresh client, in the lobby. While it connects for the first time the lobby shows
    /// (the first connection takes a moment); the connection screen comes only when that
    /// fails, or takes longer than [`FIRST_CONNECTION_PATIENCE`].
    pub fn new(offline: bool) -> App {
        App {
            screen: Screen::Lobby,
            lobby: Lobby::default(),
            current: None,
            replay: None,
            connection: if offline {
                Connection::Offline
            } else {
                Connection::Connecting { attempt: 1 }
            },
            seeks: Vec::new(),
            live: Vec::new(),
            finished: Vec::new(),
            replay_return: Screen::Lobby,
            notice: None,
            rules_return: Screen::Lobby,
            offer: None,
            watchers: 0,
            opponent_away: false,
            ever_connected: false,
            connecting_for: 0.0,
            device_offline: false,
            retry_left: 0.0,
            result_hidden: false,
            resign_armed: false,
            drag_from: None,
            focus: None,
            selection: None,
            name_edit: None,
            name: String::new(),
            invite_closed: false,
            seeking: false,
            scroll: (Screen::Lobby, 0),
            lists_scroll: 0,
            cues: Vec::new(),
            muted: false,
            language: Language::English,
            language_chosen: false,
            languages_open: false,
            cursor: None,
            key_focus: None,
            move_entry: String::new(),
            said: Vec::new(),
            arrival: None,
            link: None,
            broken_link: None,
            invitation: None,
            site: None,
            devices: None,
            starting_from_replay: false,
            my_games: Vec::new(),
            my_games_more: 0,
            waiting: Vec::new(),
            push: Push::default(),
            page_hidden: false,
            now_ms: 0,
            puzzles: Puzzles::default(),
            puzzles_return: Screen::Lobby,
        }
    }

    /// An offline client showing the game `m` on `screen`, with the lobby set to its game:
    /// how the screenshot mode sets up the picture it takes.
    pub fn showing(m: Match, screen: Screen) -> App {
        let mut app = App::new(true);
        app.lobby.kind = m.kind();
        app.current = Some(m);
        app.screen = screen;
        app
    }

    /// Handles one action; returns what to send to the server (or ask of the platform).
    pub fn handle(&mut self, action: Action) -> Vec<Outgoing> {
        match action {
            Action::SelectGame(..)
            | Action::CycleRule { .. }
            | Action::SelectMode(..)
            | Action::SelectSide(..)
            | Action::CycleLevel { .. }
            | Action::CycleEngine { .. }
            | Action::CycleDepth { .. }
            | Action::CycleMinutes { .. }
            | Action::CycleIncrement { .. }
            | Action::SetRated(..)
            | Action::SetCorrespondence(..)
            | Action::CyclePace { .. }
            | Action::OpenMyGame(..)
            | Action::CancelSeek(..)
            | Action::StartExhibition
            | Action::Start
            | Action::CreatePrivate
            | Action::JoinByCode
            | Action::TypeCode(..)
            | Action::EraseCode
            | Action::AcceptSeek(..)
            | Action::Watch(..)
            | Action::ReplayGame(..) => self.handle_lobby(action),
            Action::EditName
            | Action::TypeName(..)
            | Action::EraseName
            | Action::SaveName
            | Action::CancelName
            | Action::Focus(..)
            | Action::Select(..)
            | Action::SetText(..)
            | Action::ToggleLanguages
            | Action::SetLanguage(..)
            | Action::ToggleSound => self.handle_settings(action),
            Action::Cell(..)
            | Action::Press(..)
            | Action::Release(..)
            | Action::LookAt(..)
            | Action::LookStep(..)
            | Action::LookPresent
            | Action::StopChain
            | Action::Flip
            | Action::Menu(..)
            | Action::Resign
            | Action::CancelResign
            | Action::OfferDraw
            | Action::AcceptOffer
            | Action::DeclineOffer
            | Action::Takeback
            | Action::Rematch
            | Action::Hint
            | Action::Analyse
            | Action::HideResult
            | Action::ToLobby => self.handle_game(action),
            Action::OpenReplay
            | Action::ReplayStep(..)
            | Action::ReplayJump(..)
            | Action::ReplayAutoplay
            | Action::Review
            | Action::PlayFromHere => self.handle_replay(action),
            Action::Follow(..)
            | Action::CopyInvite
            | Action::CopyWaitingLink(..)
            | Action::CopyCode
            | Action::CloseInvite
            | Action::ShareGame
            | Action::CloseBrokenLink
            | Action::OpenDevices
            | Action::CloseDevices
            | Action::CopyDeviceLink
            | Action::LinkDevice => self.handle_links(action),
            Action::AcceptInvitation | Action::DeclineInvitation => self.handle_invitation(action),
            Action::ShowRules(..)
            | Action::PlayOffline
            | Action::RetryNow
            | Action::DismissNotice
            | Action::Back
            | Action::ScrollTo(..)
            | Action::ScrollListsTo(..) => self.handle_screens(action),
            Action::Cursor(_)
            | Action::PickAtCursor
            | Action::LetGo
            | Action::PlayTyped
            | Action::KeyFocus(_) => self.access(action),
            Action::TurnOnPush
            | Action::TurnOffPush
            | Action::MuteAll(..)
            | Action::MuteGame(..) => self.handle_push(action),
            Action::OpenPuzzles
            | Action::NextPuzzle
            | Action::OpenPuzzle(_)
            | Action::TryAgain
            | Action::ShowSolution
            | Action::CyclePuzzleGame { .. }
            | Action::CyclePuzzleTheme { .. }
            | Action::SetPuzzleMode(_)
            | Action::LearnFromMistakes => self.handle_puzzles(action),
        }
    }
}
