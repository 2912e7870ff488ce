//! Replaying a finished game: every position from the start to the end, stepped through one
//! move at a time, jumped to anywhere, or played back on a timer; with the game's review once
//! the server has made it.

use chaupal_rules::{AnyGame, MoveError, Side};

use crate::play::{Ending, Played};
use crate::review::ReviewState;

/// Seconds between moves when playing back.
pub const AUTOPLAY_SECONDS: f32 = 0.9;

/// A game being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The position before each move, then the final position: `moves.len() + 1` positions.
    positions: Vec<AnyGame>,
    /// The moves of the game.
    moves: Vec<Played>,
    /// The position shown: 0 is the start, `moves.len()` the end.
    ply: usize,
    /// Whether the moves play on by themselves.
    autoplay: bool,
    /// Time since the last autoplay step.
    timer: f32,
    /// Whether the board is shown turned round.
    pub flipped: bool,
    /// The players' names, by `Side::index`.
    pub names: [crate::words::Phrase; 2],
    /// The engine's view of the position shown, on request.
    pub hint: Option<crate::play::Hint>,
    /// How the game ended, when it ended other than on the board (a resignation, the clock, an
    /// agreement).
    pub result: Option<Ending>,
    /// The server's number for the game (none for a game played only here): what a review is
    /// asked of.
    pub game: Option<u64>,
    /// The game's review, once asked for.
    pub review: Option<ReviewState>,
    /// Whether this player played the game on the server (held a seat): its review can turn
    /// their mistakes into puzzles.
    pub played: bool,
    /// A private game's watch key, for the link to the replay (none: a public game).
    pub watch_key: Option<String>,
}

impl Replay {
    /// A replay of `moves` (in notation) from `start`.
    pub fn new(start: AnyGame, moves: &[String]) -> Result<Replay, MoveError> {
        let mut positions = vec![start.clone()];
        let mut played = Vec::with_capacity(moves.len());
        let mut game = start;
        for text in moves {
            let side = game.side_to_move();
            let canonical = game.play_text(text)?;
            played.push(Played {
                side,
                text: canonical,
            });
            positions.push(game.clone());
        }
        let kind = game.kind();
        Ok(Replay {
            positions,
            moves: played,
            ply: 0,
            autoplay: false,
            timer: 0.0,
            flipped: false,
            hint: None,
            result: None,
            game: None,
            review: None,
            played: false,
            watch_key: None,
            names: Side::BOTH.map(|s| crate::terms::side_name(kind, s)),
        })
    }

    /// The position shown.
    pub fn game(&self) -> &AnyGame {
        &self.positions[self.ply.min(self.positions.len() - 1)]
    }

    /// How the game ended other than on the board, in words.
    pub fn result_text(&self) -> Option<crate::words::Phrase> {
        let kind = self.start().kind();
        self.result.map(|ending| ending.text(kind, &self.names))
    }

    /// The start position.
    pub fn start(&self) -> &AnyGame {
        &self.positions[0]
    }

    /// The moves of the game.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// The number of moves played to reach the position shown.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The number of moves in the game.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the game has no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move that led to the position shown.
    pub fn last_move(&self) -> Option<&Played> {
        self.ply.checked_sub(1).and_then(|i| self.moves.get(i))
    }

    /// Steps `delta` moves forward (or back, when negative), within the game.
    pub fn step(&mut self, delta: isize) {
        self.jump(self.ply.saturating_add_signed(delta));
    }

    /// Shows the position after `ply` moves (clamped to the game).
    pub fn jump(&mut self, ply: usize) {
        let ply = ply.min(self.moves.len());
        if ply != self.ply {
            self.hint = None;
        }
        self.ply = ply;
        self.timer = 0.0;
    }

    /// The review, once it is there.
    pub fn ready_review(&self) -> Option<&chaupal_rules::review::GameReview> {
        self.review.as_ref().and_then(ReviewState::review)
    }

    /// Whether the moves play on by themselves.
    pub fn autoplay(&self) -> bool {
        self.autoplay
    }

    /// Seconds until the next move plays back by itself, while playing back.
    pub fn next_step(&self) -> Option<f32> {
        self.autoplay
            .then(|| (AUTOPLAY_SECONDS - self.timer).max(0.0))
    }

    /// Starts or stops playing back; starting at the end begins again from the start.
    pub fn toggle_autoplay(&mut self) {
        self.autoplay = !self.autoplay;
        if self.autoplay && self.ply == self.moves.len() {
            self.ply = 0;
        }
        self.timer = 0.0;
    }

    /// Moves time on: steps forward while playing back, stopping at the end.
    pub fn tick(&mut self, dt: f32) {
        if !self.autoplay {
            return;
        }
        self.timer += dt.max(0.0);
        while self.timer >= AUTOPLAY_SECONDS && self.autoplay {
            self.timer -= AUTOPLAY_SECONDS;
            self.ply += 1;
            self.hint = None;
            if self.ply >= self.moves.len() {
                self.ply = self.moves.len();
                self.autoplay = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::GameKind;

    fn replay() -> Replay {
        let start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let moves = ["c3", "a1-b2", "c2", "b2-b1"].map(String::from);
        Replay::new(start, &moves).expect("legal")
    }

    #[test]
    fn steps_and_jumps_stay_within_the_game() {
        let mut r = replay();
        assert_eq!(r.ply(), 0);
        assert!(r.last_move().is_none());
        r.step(1);
        assert_eq!(r.last_move().map(|p| p.text.as_str()), Some("c3"));
        r.step(-5);
        assert_eq!(r.ply(), 0);
        r.jump(99);
        assert_eq!(r.ply(), 4);
        assert_eq!(r.game().position_text().split(' ').nth(2), Some("18"));
    }

    #[test]
    fn autoplay_walks_to_the_end_and_stops() {
        let mut r = replay();
        r.toggle_autoplay();
        r.tick(AUTOPLAY_SECONDS * 2.5);
        assert_eq!(r.ply(), 2);
        r.tick(AUTOPLAY_SECONDS * 10.0);
        assert_eq!(r.ply(), 4);
        assert!(!r.autoplay());
        r.toggle_autoplay();
        assert_eq!(r.ply(), 0, "playing from the end starts over");
    }

    #[test]
    fn an_illegal_record_is_refused() {
        let start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        assert!(Replay::new(start, &["a1-b2".to_owned()]).is_err());
    }
}
