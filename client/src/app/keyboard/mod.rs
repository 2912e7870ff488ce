//! Play without the mouse or without sight: the board's keyboard cursor (Tab puts it on the
//! board, the arrow keys move it, Enter picks the cell under it, Escape lets go of a piece),
//! the move field (a move typed in notation, or a request: `b` the position in words, `c` the
//! clocks or a correspondence game's deadline, `s` whose turn, `?` what can be typed), and what these say aloud
//! ([`App::take_said`], read out by [`crate::speech::Speaker`]).

mod action;
pub use action::KeyAction;

use crate::app::App;
use crate::app::GameAction;
use crate::app::Outgoing;
use crate::app::shell::{Screen, Tone};
use crate::field::Field;
use crate::geometry::{self, CellName};
use crate::say;
use crate::speech::game_words;
use crate::words::Phrase;

impl App {
    /// Handles the actions of this module; returns what must be sent.
    pub(in crate::app) fn access(&mut self, action: KeyAction) -> Vec<Outgoing> {
        match action {
            KeyAction::Cursor(None) => {
                self.keys.cursor = None;
                Vec::new()
            }
            KeyAction::Cursor(Some(cell)) => {
                if self.keys.cursor.is_none() {
                    self.shell.said.push(say!("speech-cursor-help"));
                }
                self.say_cell(&cell);
                self.keys.cursor = Some(cell);
                Vec::new()
            }
            KeyAction::PickAtCursor => match self.keys.cursor.clone() {
                Some(cell) => {
                    let mut out = self.handle(GameAction::Press(cell.clone()));
                    out.extend(self.handle(GameAction::Release(Some(cell))));
                    out
                }
                None => Vec::new(),
            },
            KeyAction::LetGo => {
                match self.board_mut() {
                    Some(m) if !m.selection.is_empty() => m.selection.clear(),
                    _ => self.keys.cursor = None,
                }
                Vec::new()
            }
            KeyAction::PlayTyped => self.play_typed(),
            KeyAction::KeyFocus(focus) => {
                if let Some((_, label)) = &focus {
                    self.shell
                        .said
                        .push(say!("speech-button", label = label.as_str()));
                }
                self.keys.key_focus = focus;
                Vec::new()
            }
        }
    }

    /// The button the keyboard stands on: its place among the last frame's targets, and its
    /// label.
    pub fn key_focus(&self) -> Option<&(usize, String)> {
        self.keys.key_focus.as_ref()
    }

    /// Where the board's cursor is (none: the keyboard steps through the moves instead).
    pub fn cursor(&self) -> Option<&str> {
        self.keys.cursor.as_deref()
    }

    /// Where the cursor starts when Tab puts it on the board: the piece picked up, else the
    /// first cell where a move can start, else the first cell.
    pub fn cursor_start(&self) -> Option<CellName> {
        let m = self.board()?;
        if let Some(cell) = m.selection.path().last() {
            return Some(cell.clone());
        }
        if m.can_enter_move()
            && let Some(first) = m.choices.moves.first().and_then(|c| c.path.first())
        {
            return Some(first.clone());
        }
        geometry::cells(&m.view()).into_iter().next()
    }

    /// The move field's text.
    pub fn move_entry(&self) -> &str {
        &self.keys.move_entry
    }

    /// What has been asked to be said aloud since the last call, oldest first.
    pub fn take_said(&mut self) -> Vec<Phrase> {
        std::mem::take(&mut self.shell.said)
    }

    /// Whether the screen shows the game being played or watched (the game screen, or its
    /// end): what the speaker speaks of.
    pub fn screen_shows_game(&self) -> bool {
        matches!(self.screen, Screen::Game | Screen::GameOver)
    }

    /// Says the cell and what is on it.
    fn say_cell(&mut self, cell: &str) {
        if let Some(m) = self.board() {
            let words = game_words::cell_words(m.kind(), &m.view(), cell);
            self.shell.said.push(words);
        }
    }

    /// The move field's text, taken: a request, or a move (played when it is legal and the
    /// player's turn), else a word on why not.
    fn play_typed(&mut self) -> Vec<Outgoing> {
        let typed = self.keys.move_entry.trim().to_owned();
        let Some(m) = self.current() else {
            return Vec::new();
        };
        if typed.is_empty() {
            return Vec::new();
        }
        let asked: Option<Vec<Phrase>> = match typed.to_lowercase().as_str() {
            "b" | "board" => Some(game_words::position_words(m)),
            "c" | "clock" | "clocks" => Some(vec![
                crate::deadline::line(m, self.shell.now_ms)
                    .unwrap_or_else(|| game_words::clocks_words(m)),
            ]),
            "s" | "status" => Some(m.turn_note().into_iter().chain([m.status()]).collect()),
            "?" | "h" | "help" => Some(vec![say!(
                "speech-help",
                example = example_move(m).unwrap_or_default()
            )]),
            _ => None,
        };
        if let Some(said) = asked {
            self.shell.said.extend(said);
            self.keys.move_entry.clear();
            return Vec::new();
        }
        if !m.can_enter_move() {
            let why = if m.finished() {
                say!("typed-game-over")
            } else {
                say!("typed-not-your-turn")
            };
            self.tell(why, Tone::Problem);
            return Vec::new();
        }
        match typed_move(m, &typed) {
            Some(mv) => {
                self.keys.move_entry.clear();
                if let Some(m) = &mut self.game.current {
                    m.selection.clear();
                    m.looking = None;
                }
                self.enter_move(mv)
            }
            None => {
                let said = say!(
                    "typed-not-legal",
                    typed = typed.as_str(),
                    example = example_move(m).unwrap_or_default()
                );
                self.tell(said, Tone::Problem);
                Vec::new()
            }
        }
    }

    /// The move field's text as typed.
    pub(in crate::app) fn type_move(&mut self, text: String) {
        self.keys.move_entry = text.chars().filter(|c| !c.is_control()).take(40).collect();
    }

    /// Whether the move field takes the typing.
    pub fn typing_move(&self) -> bool {
        self.keys.focus == Some(Field::Move)
    }
}

/// A legal move, as an example of how moves are typed.
fn example_move(m: &crate::play::Match) -> Option<String> {
    m.choices.moves.first().map(|c| c.text.clone())
}

/// The legal move `typed` names: its notation in any case, or without its separators
/// (`a1b2` for `a1-b2`, `c3e3` for `c3xe3`) when only one move reads so.
fn typed_move(m: &crate::play::Match, typed: &str) -> Option<String> {
    let typed = typed.trim().to_lowercase();
    let bare = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric() && *c != 'x')
            .collect()
    };
    let moves = &m.choices.moves;
    if let Some(c) = moves.iter().find(|c| c.text.to_lowercase() == typed) {
        return Some(c.text.clone());
    }
    let mut same = moves.iter().filter(|c| bare(&c.text) == bare(&typed));
    match (same.next(), same.next()) {
        (Some(one), None) => Some(one.text.clone()),
        _ => None,
    }
}

/// Where the keyboard is: the text field it types into and its selection, the button it
/// stands on, the board's cursor, and the move field's text.
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct Keyboard {
    /// The text field the keyboard types into.
    pub(in crate::app) focus: Option<Field>,
    /// The selection in that field, in characters from its start (start and end equal: the
    /// caret); none: the caret is at the end.
    pub(in crate::app) selection: Option<(usize, usize)>,
    /// The button the keyboard stands on (its place among the frame's targets, its label).
    pub(in crate::app) key_focus: Option<(usize, String)>,
    /// Where the board's keyboard cursor is (none: not on the board).
    pub(in crate::app) cursor: Option<CellName>,
    /// The move field's text.
    pub(in crate::app) move_entry: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{LobbyAction, SettingsAction};
    use chaupal_rules::GameKind;

    fn local(kind: GameKind) -> App {
        let mut app = App::new(true);
        app.handle(LobbyAction::SelectGame(kind));
        app.handle(LobbyAction::Start);
        app
    }

    fn said(app: &mut App) -> Vec<String> {
        app.take_said().iter().map(Phrase::english).collect()
    }

    #[test]
    fn a_typed_move_is_played_in_any_case_and_without_its_separators() {
        let mut app = local(GameKind::BaghChal);
        app.handle(SettingsAction::SetText(Field::Move, "C3".into()));
        app.handle(KeyAction::PlayTyped);
        let m = app.current().expect("game");
        assert_eq!(m.moves.len(), 1, "c3 placed");
        assert_eq!(app.move_entry(), "", "the field empties");
        // A tiger's move without its dash.
        app.handle(SettingsAction::SetText(Field::Move, "a1b2".into()));
        app.handle(KeyAction::PlayTyped);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(2));
    }

    #[test]
    fn a_move_that_is_not_legal_is_refused_in_words_and_kept_to_correct() {
        let mut app = local(GameKind::Kalah);
        app.handle(SettingsAction::SetText(Field::Move, "9".into()));
        app.handle(KeyAction::PlayTyped);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(0));
        let notice = app.notice().expect("told").text.english();
        assert!(notice.contains("“9” is not a legal move"), "{notice}");
        assert_eq!(app.move_entry(), "9", "kept to correct");
    }

    #[test]
    fn requests_say_the_board_the_clocks_and_whose_turn() {
        let mut app = local(GameKind::BaghChal);
        for (typed, first) in [
            ("b", "Tigers: a1, a5, e1, e5."),
            ("c", "This game has no clock."),
            ("s", "Goats to move"),
        ] {
            app.handle(SettingsAction::SetText(Field::Move, typed.into()));
            app.handle(KeyAction::PlayTyped);
            assert_eq!(said(&mut app).first().map(String::as_str), Some(first));
        }
        app.handle(SettingsAction::SetText(Field::Move, "?".into()));
        app.handle(KeyAction::PlayTyped);
        let help = said(&mut app).join(" ");
        let example = app
            .current()
            .and_then(|m| m.choices.moves.first())
            .map(|c| c.text.clone())
            .expect("a legal move");
        assert!(help.contains(&format!("such as {example},")), "{help}");
    }

    #[test]
    fn the_keyboard_alone_moves_the_cursor_picks_and_lets_go() {
        let mut app = local(GameKind::BaghChal);
        let start = app.cursor_start().expect("a cell");
        app.handle(KeyAction::Cursor(Some(start.clone())));
        assert_eq!(app.cursor(), Some(start.as_str()));
        let heard = said(&mut app);
        assert!(heard[0].contains("arrow keys"), "{heard:?}");
        assert!(heard[1].starts_with(&format!("{start}: ")), "{heard:?}");
        // A goat placed at c3 with Enter.
        app.handle(KeyAction::Cursor(Some("c3".into())));
        app.handle(KeyAction::PickAtCursor);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(1));
        // A tiger picked up, then let go with Escape; Escape again takes the cursor away.
        app.handle(KeyAction::Cursor(Some("a1".into())));
        app.handle(KeyAction::PickAtCursor);
        assert!(app.current().is_some_and(|m| !m.selection.is_empty()));
        app.handle(KeyAction::LetGo);
        assert!(app.current().is_some_and(|m| m.selection.is_empty()));
        assert!(app.cursor().is_some());
        app.handle(KeyAction::LetGo);
        assert_eq!(app.cursor(), None);
    }
}
