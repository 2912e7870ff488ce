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
mod outgoing;
mod puzzles;
mod reading;
mod replay;
mod settings;
mod shell;
#[cfg(test)]
mod testing;
mod time;

pub use crate::field::Field;
pub use action::Action;
pub use connection::{Connection, FIRST_CONNECTION_PATIENCE};
pub use event::{Event, LobbyChange, Opened, Record};
pub use links::Devices;
pub use links::Invited;
pub use lobby::{
    CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, EnginePick, FinishedEntry, LEVELS, LiveEntry, Lobby,
    MAX_DEPTH, PACES, PlayMode, SeekEntry, SidePick, clock_words, kind_index,
};
pub use lobby::{pace_value, pace_words};
pub use my_games::WaitingSeek;
pub use my_games::{MyGameEntry, MyGamesChange};
pub use notifications::{BrowserNews, Push, PushState};
pub use outgoing::{BrowserWish, Offer, OpponentPick, Outgoing, Subscription};
pub use shell::{Cue, NOTICE_SECONDS, Notice, PROBLEM_SECONDS, Screen, Tone, tab_title};

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
