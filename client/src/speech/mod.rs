//! What the client says for a player who cannot see the board: a cell and what stands on it,
//! the whole position, the clocks, and (through [`Speaker`]) each move as it happens, whose
//! turn it is, the result and the notices, and on the Puzzles screen what to find and each
//! verdict. In the browser the page reads these out through an
//! ARIA live region (`client/web/chaupal.js`); everywhere the test hook shows them. Phrases
//! only: the words are the player's language's.
//!
//! The game's words (a cell, the position, the clocks) are in [`game_words`], which needs no
//! [`App`], so the keyboard's commands can use them; this file holds the [`Speaker`].

pub mod game_words;

use crate::app::{App, Screen};
use crate::terms;
use crate::words::Phrase;

/// What the player hears as the state changes: each turn as it is played, then whose turn it
/// is, the result when the game ends, and each notice once. Owned by the render loop, which
/// asks it once a turn ([`Speaker::heard`]) and hands the phrases to the platform.
#[derive(Debug, Default)]
pub struct Speaker {
    /// The game last heard of (its number; none for a game on this device), and its moves.
    game: Option<(Option<u64>, usize)>,
    /// The last status said.
    status: Option<Phrase>,
    /// The last notice said.
    notice: Option<Phrase>,
    /// The puzzle last heard of, and what was last said of the attempt at it.
    puzzle: Option<(String, Vec<Phrase>)>,
}

impl Speaker {
    /// What has happened since the last call, to be said, oldest first (what the player asked
    /// for, through the board's cursor or the move field, last).
    pub fn heard(&mut self, app: &mut App) -> Vec<Phrase> {
        let mut out = Vec::new();
        let puzzles = app.screen() == Screen::Puzzles;
        let attempt = app.puzzles().attempt.as_ref().filter(|_| puzzles);
        // Another puzzle: its board is heard of afresh.
        if self.puzzle.as_ref().map(|(id, _)| id.as_str()) != attempt.map(|a| a.id()) {
            self.game = None;
        }
        let m = if puzzles {
            app.board()
        } else {
            app.current().filter(|_| app.screen_shows_game())
        };
        match m {
            Some(m) => {
                let moves = m.moves.len();
                match self.game {
                    Some((id, before)) if id == m.id && moves >= before => {
                        if moves > before
                            && let Some(note) = m.turn_note()
                        {
                            out.push(note);
                        }
                    }
                    // A game opened (or started again): its name, and where it stands.
                    _ => {
                        out.push(terms::game_name(m.kind()));
                        if let Some(note) = m.turn_note() {
                            out.push(note);
                        }
                        self.status = None;
                    }
                }
                self.game = Some((m.id, moves));
                // A puzzle says what to find, and each verdict, in place of whose turn.
                let status = m.status();
                if !puzzles && self.status.as_ref() != Some(&status) {
                    out.push(status.clone());
                    self.status = Some(status);
                }
            }
            None => {
                self.game = None;
                self.status = None;
            }
        }
        match attempt {
            Some(a) => {
                let said = crate::puzzles::words::said(a);
                if self.puzzle.as_ref().map(|(_, s)| s) != Some(&said) {
                    out.extend(said.iter().cloned());
                }
                self.puzzle = Some((a.id().to_owned(), said));
            }
            None => self.puzzle = None,
        }
        let notice = app.notice().map(|n| n.text.clone());
        if notice.is_some() && notice != self.notice {
            out.extend(notice.clone());
        }
        self.notice = notice;
        out.extend(app.take_said());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Action, Event, Opened};
    use crate::app::{ConnectionEvent, MatchEvent, PuzzleEvent};
    use crate::app::{GameAction, LobbyAction, PuzzleAction};
    use crate::play::{Match, Seats};
    use chaupal_rules::{AnyGame, GameKind, Side};
    use chaupal_shared::protocol::GameEvent;

    fn english(phrases: &[Phrase]) -> Vec<String> {
        phrases.iter().map(Phrase::english).collect()
    }

    #[test]
    fn each_move_is_heard_once_with_whose_turn_and_the_end() {
        let mut app = App::new(true);
        let mut speaker = Speaker::default();
        assert!(speaker.heard(&mut app).is_empty(), "the lobby says nothing");
        app.handle(Action::Lobby(LobbyAction::Start));
        assert_eq!(
            english(&speaker.heard(&mut app)),
            ["Bagh Chal", "Goats to move"]
        );
        assert!(speaker.heard(&mut app).is_empty(), "nothing new");
        app.handle(Action::Game(GameAction::Cell("c3".into())));
        assert_eq!(
            english(&speaker.heard(&mut app)),
            ["Goats played c3", "Tigers to move"]
        );
        // An opponent's move from the server is heard the same way.
        let mut online = App::new(false);
        let game = AnyGame::start(GameKind::Kalah, [("", ""); 0]).expect("start");
        let mut m = Match::new(game, Seats::One(Side::Second), true);
        m.id = Some(7);
        online.apply(Event::Game(MatchEvent::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: Vec::new(),
        }))));
        let _ = speaker.heard(&mut online);
        online.apply(Event::Game(MatchEvent::Next(GameEvent::Moved {
            ply: 1,
            side: Side::First,
            notation: "1".into(),
            clocks: None,
            turn: None,
            deadline_ms: None,
        })));
        let said = english(&speaker.heard(&mut online));
        assert_eq!(said[0], "South sowed 1", "{said:?}");
    }

    #[test]
    fn a_puzzle_is_heard_with_what_to_find_then_each_verdict() {
        use crate::puzzles::testing::{kalah_info, outcome};
        use chaupal_shared::protocol::puzzles::{PuzzleMoved, Verdict};
        let mut app = App::new(false);
        app.apply(Event::Connection(ConnectionEvent::Welcomed {
            name: "asha".into(),
        }));
        app.handle(Action::Puzzle(PuzzleAction::OpenPuzzles));
        app.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(kalah_info()))));
        let mut speaker = Speaker::default();
        let heard = english(&speaker.heard(&mut app));
        assert_eq!(
            heard,
            ["Kalah", "South to move: find the only winning move"]
        );
        assert!(speaker.heard(&mut app).is_empty(), "said once");
        app.handle(Action::Game(GameAction::Cell("s5".into())));
        app.apply(Event::Puzzle(PuzzleEvent::PuzzleMoved(Box::new(
            PuzzleMoved {
                puzzle: "kalah-00042".into(),
                verdict: Verdict::Wrong,
                replies: Vec::new(),
                done: false,
                outcome: Some(outcome(false, 1500.0, 1488.0)),
            },
        ))));
        assert_eq!(
            english(&speaker.heard(&mut app)),
            [
                "Not that: the lead slips away",
                "Your puzzle rating: 1488 (-12)"
            ]
        );
        app.handle(Action::Puzzle(PuzzleAction::TryAgain));
        app.handle(Action::Game(GameAction::Cell("s3".into())));
        app.apply(Event::Puzzle(PuzzleEvent::PuzzleMoved(Box::new(
            PuzzleMoved {
                puzzle: "kalah-00042".into(),
                verdict: Verdict::Right,
                replies: Vec::new(),
                done: false,
                outcome: None,
            },
        ))));
        let heard = english(&speaker.heard(&mut app));
        assert_eq!(heard[0], "South sowed 3", "{heard:?}");
        assert!(heard.contains(&"Right!".to_owned()), "{heard:?}");
    }
}
