//! The replay: opened from the game on the screen or from a record the server sent, stepped
//! through, reviewed, and played on from ("play from here", in `review`).

mod action;
mod event;
mod request;
pub use action::ReplayAction;
pub use event::{Record, ReplayEvent};
pub use request::ReplayRequest;

mod review;

use chaupal_rules::AnyGame;

use crate::app::App;
use crate::app::Outgoing;
use crate::app::shell::{Screen, Tone};
use crate::play::{Ending, Seats};
use crate::replay::Replay;
use crate::say;
use crate::words::Phrase;

impl App {
    /// The replay's actions: opening it, stepping through it, its review, playing on from it.
    pub(in crate::app) fn handle_replay(&mut self, action: ReplayAction) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            ReplayAction::OpenReplay => self.open_replay(),
            ReplayAction::ReplayStep(d) => {
                if let Some(r) = &mut self.replay {
                    r.step(d);
                }
            }
            ReplayAction::ReplayJump(p) => {
                if let Some(r) = &mut self.replay {
                    r.jump(p);
                }
            }
            ReplayAction::ReplayAutoplay => {
                if let Some(r) = &mut self.replay {
                    r.toggle_autoplay();
                }
            }
            ReplayAction::Review => out.extend(self.ask_review()),
            ReplayAction::PlayFromHere => out.extend(self.play_from_here()),
        }
        out
    }

    /// Opens the replay of the game on the screen.
    pub(in crate::app) fn open_replay(&mut self) {
        let Some(m) = &self.game.current else {
            return;
        };
        let texts: Vec<String> = m.moves.iter().map(|p| p.text.clone()).collect();
        match Replay::new(m.start.clone(), &texts) {
            Ok(mut r) => {
                r.flipped = m.flipped;
                r.names = m.names.clone();
                r.result = m.ended;
                r.game = m.id;
                r.played = m.online && !matches!(m.seats, Seats::Watching);
                self.replay = Some(r);
                self.screen = Screen::Replay;
                self.shell.back.replay = Screen::GameOver;
            }
            Err(e) => self.tell(say!("notice-no-replay", why = e.to_string()), Tone::Problem),
        }
    }

    /// Opens a replay of a game the server sent (from the lobby's finished games).
    pub(in crate::app) fn open_record(
        &mut self,
        id: u64,
        start: AnyGame,
        moves: &[String],
        names: [Phrase; 2],
        result: Option<Ending>,
    ) {
        match Replay::new(start, moves) {
            Ok(mut r) => {
                r.game = Some(id);
                r.names = names;
                r.result = result;
                r.jump(usize::MAX);
                self.replay = Some(r);
                self.shell.back.replay = self.screen;
                self.screen = Screen::Replay;
            }
            Err(e) => self.tell(say!("notice-no-replay", why = e.to_string()), Tone::Problem),
        }
    }
}
