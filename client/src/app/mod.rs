//! The client's state as a whole: which screen is up, the lobby's choices, the game on the
//! screen, the replay, the connection, and the notices shown to the player. The state changes
//! in three places only: [`App::handle`] takes the player's [`Action`]s, [`App::apply`] takes
//! the [`Event`]s from outside (the connection and the server), and [`App::tick`] moves time
//! on; the first two return what must be sent to the server ([`Outgoing`]). Its fields are
//! private, so nothing else can change it. Nothing here draws or touches the network, so all
//! of it is tested without a window.
//!
//! Each feature is a folder holding its state, its actions and their handling:
//! `lobby` (choices, lists, seeks, paces), `game` (the game on the screen), `replay` (and its
//! review), `puzzles`, `tournaments` (the arenas' list, page and card), `my_games` (correspondence games and what waits for an opponent),
//! `notifications` (turns pushed to the device), `settings` (name, sounds, language), `links`
//! (links, invitations, other devices), `keyboard` (the board's cursor, the move field, the
//! button focused), `shell` (screens, notices, scroll, sounds) and `connection`. [`App`] holds
//! one value per feature, [`Action`] is one variant per feature wrapping the feature's own, and
//! [`App::handle`] hands each to its feature. This file names the features and dispatches; the
//! events are taken in by `apply`, time by `time`, and what the screens read is in `reading`.

mod action;
mod apply;
mod connection;
mod event;
mod game;
mod keyboard;
mod links;
mod lobby;
mod my_games;
mod notifications;
mod puzzles;
mod reading;
mod replay;
mod settings;
mod shell;
#[cfg(test)]
mod testing;
mod time;
mod tournaments;

pub use crate::field::Field;
pub use action::{
    Action, GameAction, KeyAction, LinkAction, LobbyAction, PushAction, PuzzleAction, ReplayAction,
    ScreenAction, SettingsAction, TournamentAction,
};
pub use connection::ConnectionEvent;
pub use connection::{Connection, FIRST_CONNECTION_PATIENCE};
pub use event::Event;
pub use game::MatchEvent;
pub use game::Opened;
pub use game::{GameRequest, Offer};
pub use links::Devices;
pub use links::Invited;
pub use links::LinkEvent;
pub use links::LinkRequest;
pub use lobby::LobbyChange;
pub use lobby::{
    CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, EnginePick, FinishedEntry, LEVELS, LiveEntry, Lobby,
    MAX_DEPTH, PACES, PlayMode, SeekEntry, SidePick, clock_words, kind_index,
};
pub use lobby::{LobbyRequest, OpponentPick};
pub use lobby::{pace_value, pace_words};
pub use my_games::WaitingSeek;
pub use my_games::{MyGameEntry, MyGamesChange};
pub use notifications::PushEvent;
pub use notifications::{BrowserNews, Push, PushState};
pub use notifications::{BrowserWish, PushRequest, Subscription};

pub use puzzles::PuzzleEvent;
pub use puzzles::PuzzleRequest;
pub use replay::Record;
pub use replay::ReplayEvent;
pub use replay::ReplayRequest;
pub use shell::{Cue, NOTICE_SECONDS, Notice, PROBLEM_SECONDS, Screen, Tone, tab_title};
pub use tournaments::{
    ARENA_CLOCKS, ARENA_MINUTES, ARENA_STARTS, FormatChoice, MOST_COMPUTERS_OFFERED,
    OpenTournament, ROUND_ROBIN_ENTRANTS, SWISS_ROUNDS, Section, TournamentEvent, TournamentForm,
    TournamentRequest, Tournaments, points,
};

use connection::Online;
use game::GameState;
use keyboard::Keyboard;
use links::Links;
use my_games::MyGames;
use settings::Settings;
use shell::Shell;

use crate::play::Match;
use crate::puzzles::Puzzles;
use crate::replay::Replay;
use crate::words::Language;

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
    Tournament(TournamentRequest),
    Local(LocalWish),
}

impl Outgoing {
    /// Whether this is for the client itself, not the server.
    pub fn is_local(&self) -> bool {
        matches!(self, Outgoing::Local(_))
    }
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

/// The whole client state: the screen up, and each feature's state.
#[derive(Clone, Debug)]
pub struct App {
    screen: Screen,
    /// The notice, sounds, scroll and returns around every screen.
    shell: Shell,
    online: Online,
    settings: Settings,
    keys: Keyboard,
    /// The lobby's choices and lists.
    lobby: Lobby,
    game: GameState,
    /// The finished game being stepped through.
    replay: Option<Replay>,
    /// The Puzzles screen: the puzzle on the board, the choices, the day's puzzles.
    puzzles: Puzzles,
    /// The tournament screens: the list, the page open, the card that makes an arena.
    tournaments: Tournaments,
    my_games: MyGames,
    /// Notifications of this player's turns.
    push: Push,
    links: Links,
}

impl App {
    /// A fresh client, in the lobby. While it connects for the first time the lobby shows
    /// (the first connection takes a moment); the connection screen comes only when that
    /// fails, or takes longer than [`FIRST_CONNECTION_PATIENCE`].
    pub fn new(offline: bool) -> App {
        App {
            screen: Screen::Lobby,
            shell: Shell::default(),
            online: Online::new(offline),
            settings: Settings::default(),
            keys: Keyboard::default(),
            lobby: Lobby::default(),
            game: GameState::default(),
            replay: None,
            puzzles: Puzzles::default(),
            tournaments: Tournaments::default(),
            my_games: MyGames::default(),
            push: Push::default(),
            links: Links::default(),
        }
    }

    /// An offline client showing the game `m` on `screen`, with the lobby set to its game:
    /// how the screenshot mode sets up the picture it takes.
    pub fn showing(m: Match, screen: Screen) -> App {
        let mut app = App::new(true);
        app.lobby.kind = m.kind();
        app.game.current = Some(m);
        app.screen = screen;
        app
    }

    /// Handles one action; returns what to send to the server (or ask of the platform). Each
    /// feature handles its own.
    pub fn handle(&mut self, action: impl Into<Action>) -> Vec<Outgoing> {
        match action.into() {
            Action::Lobby(action) => self.handle_lobby(action),
            Action::Settings(action) => self.handle_settings(action),
            Action::Game(action) => self.handle_game(action),
            Action::Replay(action) => self.handle_replay(action),
            Action::Link(action) => self.handle_links(action),
            Action::Screen(action) => self.handle_screens(action),
            Action::Key(action) => self.access(action),
            Action::Push(action) => self.handle_push(action),
            Action::Puzzle(action) => self.handle_puzzles(action),
            Action::Tournament(action) => self.handle_tournaments(action),
        }
    }
}
