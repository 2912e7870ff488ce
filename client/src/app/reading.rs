//! The state as the screens, the window and the network read it: the screen, the lobby, the
//! game, the lists, the connection, the name, the notice, the offer, the sounds to play, and
//! the window's title.

use super::App;
use super::connection::Connection;
use super::links::Devices;
use super::lobby::{FinishedEntry, LiveEntry, Lobby, SeekEntry};
use super::shell::{Cue, Notice, Screen};
use crate::app::Offer;
use crate::field::Field;
use crate::play::{Match, Seats};
use crate::replay::Replay;
use crate::say;
use crate::terms;
use crate::words::{Language, Phrase};

impl App {
    /// The interface's language.
    pub fn language(&self) -> Language {
        self.settings.language
    }

    /// Whether the list of languages is open.
    pub fn languages_open(&self) -> bool {
        self.settings.languages_open
    }

    /// How far the screen on show is scrolled down, in pixels.
    pub fn scroll(&self) -> f32 {
        if self.shell.scroll.0 == self.screen {
            self.shell.scroll.1 as f32
        } else {
            0.0
        }
    }

    /// How far the lobby's lists are scrolled down in their column, in pixels.
    pub fn lists_scroll(&self) -> f32 {
        self.lobby.lists_scroll as f32
    }

    /// This player's name.
    pub fn name(&self) -> &str {
        match &self.online.connection {
            Connection::Connected { name } => name,
            _ => &self.settings.name,
        }
    }

    /// The name being typed, while the name field is open.
    pub fn name_edit(&self) -> Option<&str> {
        self.settings.name_edit.as_deref()
    }

    /// The text field the keyboard types into.
    pub fn focus(&self) -> Option<Field> {
        self.keys.focus
    }

    /// The selection in the field that takes the typing, in characters (none: the caret is at
    /// the end of its text).
    pub fn selection(&self) -> Option<(usize, usize)> {
        self.keys.selection
    }

    /// Whether sounds are off.
    pub fn muted(&self) -> bool {
        self.settings.muted
    }

    /// The sounds to play since the last call (none when sounds are off).
    pub fn take_cues(&mut self) -> Vec<Cue> {
        let cues = std::mem::take(&mut self.shell.cues);
        if self.settings.muted {
            Vec::new()
        } else {
            cues
        }
    }

    /// The news since the last call that a player away from the tab should hear of (whether
    /// or not sounds are on): as many as [`App::take_cues`] would give with sounds on.
    pub fn cue(&mut self, cue: Cue) {
        self.shell.cues.push(cue);
    }

    /// Whether the invitation's card is up: a private game waits for a friend.
    pub fn invite_open(&self) -> bool {
        self.lobby.my_code.is_some() && !self.links.invite_closed
    }

    /// The card for playing on another device, while it is open.
    pub fn devices(&self) -> Option<&Devices> {
        self.links.devices.as_ref()
    }

    /// The cell whose piece is being dragged.
    pub fn dragging(&self) -> Option<&str> {
        self.game.drag_from.as_deref()
    }

    /// The screen that is up.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The lobby's choices.
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    /// The game on the screen (kept while its replay or the rules are up).
    pub fn current(&self) -> Option<&Match> {
        self.game.current.as_ref()
    }

    /// The game whose board is on the screen: the puzzle's on the Puzzles screen, else the
    /// game's (as [`App::current`]).
    pub fn board(&self) -> Option<&Match> {
        if self.screen == Screen::Puzzles {
            self.puzzles.attempt.as_ref().map(|a| &a.board)
        } else {
            self.game.current.as_ref()
        }
    }

    /// The game being replayed.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// The connection to the server.
    pub fn connection(&self) -> &Connection {
        &self.online.connection
    }

    /// The open seeks in the lobby.
    pub fn seeks(&self) -> &[SeekEntry] {
        &self.lobby.seeks
    }

    /// The live games in the lobby.
    pub fn live(&self) -> &[LiveEntry] {
        &self.lobby.live
    }

    /// This player's finished games on the server, newest first.
    pub fn finished(&self) -> &[FinishedEntry] {
        &self.lobby.finished
    }

    /// The message shown to the player, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.shell.notice.as_ref()
    }

    /// The opponent's offer waiting for an answer, if any.
    pub fn offer(&self) -> Option<Offer> {
        self.game.offer
    }

    /// People watching the game on the screen.
    pub fn watchers(&self) -> u32 {
        self.game.watchers
    }

    /// Whether the result card of the game-over screen was put aside to see the board.
    pub fn result_hidden(&self) -> bool {
        self.game.result_hidden
    }

    /// Whether the resign question is up: a first click on Resign waits for the confirming
    /// second click, or the resignation was sent and the game's end is awaited.
    pub fn resign_asked(&self) -> bool {
        self.game.resign != super::game::ResignQuestion::Closed
    }

    /// Whether the resignation was sent and the game's end is awaited (the question's answers
    /// are disabled).
    pub fn resign_sent(&self) -> bool {
        self.game.resign == super::game::ResignQuestion::Sent
    }

    /// What the window or the browser tab is called: the game on the screen, and whether it
    /// waits for this player's move.
    pub fn title(&self) -> Phrase {
        let game = |m: &Match| {
            let game = terms::game_name(m.kind());
            if m.online && m.seats != Seats::Both && m.can_enter_move() {
                say!("title-your-move", game = game)
            } else {
                say!("title-game", game = game)
            }
        };
        match (self.screen, &self.game.current, &self.replay) {
            (Screen::Game | Screen::GameOver, Some(m), _) => game(m),
            (Screen::Replay, _, Some(r)) => {
                say!("title-replay", game = terms::game_name(r.start().kind()))
            }
            (Screen::Rules(kind), _, _) => say!("title-rules", game = terms::game_name(kind)),
            (Screen::Puzzles, _, _) => say!("title-puzzles"),
            (Screen::Tournaments | Screen::Tournament | Screen::NewTournament, _, _) => {
                say!("title-tournaments")
            }
            _ => say!("title-plain"),
        }
    }

    /// Whether the device has no network, as the browser says.
    pub fn device_offline(&self) -> bool {
        self.online.device_offline
    }
}

#[cfg(test)]
mod tests {
    use crate::app::MatchEvent;
    use crate::app::ScreenAction;
    use crate::app::testing::*;
    use crate::app::*;
    use crate::play::{Match, Seats};
    use chaupal_rules::{AnyGame, GameKind, Side};

    #[test]
    fn the_title_names_the_game_and_says_when_it_is_your_move() {
        let mut app = online();
        assert_eq!(app.title(), "Chaupal");
        let game = AnyGame::start(GameKind::Kalah, [("", ""); 0]).expect("start");
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game: Match::new(game.clone(), Seats::One(Side::First), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.title(), "Your move: Kalah - Chaupal");
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game: Match::new(game, Seats::One(Side::Second), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.title(), "Kalah - Chaupal");
        app.handle(ScreenAction::ShowRules(GameKind::Jungle));
        assert_eq!(app.title(), "Rules of Jungle - Chaupal");
    }
}
