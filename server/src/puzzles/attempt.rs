//! One attempt at a puzzle, as the connection holds it: where it stands in the solution, and
//! the judging of each move sent.
//!
//! A move is compared as the rules read it (its canonical notation), never as sent, so that
//! two ways of writing one move are one move. The solution's move is right: it is played, and
//! so are the opponent's replies that follow it (every consecutive move of the opponent: in
//! Kalah a side may move twice running); any other legal move is wrong, and the position
//! stays. The scored attempt ends at the first wrong move, or at the last right move when
//! there was none; after a mistake the player may go on, unrated, until the line is found.
//! Once the puzzle is solved or its solution shown, moves are refused.
//!
//! A rated first attempt is begun once a right move was made: left then (another puzzle given
//! in its place, the connection closed) it is settled as failed ([`Attempt::settles_when_left`]).

use std::sync::Arc;

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::puzzles::{PuzzleMode, Verdict};

use super::set::Puzzle;

/// How the attempt counts in the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Given in rated mode (`next_puzzle` or `open_puzzle`): rated if it is the first.
    Rated,
    /// A puzzle of a streak: never rated.
    Streak,
    /// A puzzle from the player's own game: never rated.
    Own,
}

impl Kind {
    /// The mode as the records keep it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rated => "rated",
            Kind::Streak => "streak",
            Kind::Own => "mine",
        }
    }

    /// The mode as the protocol shows it.
    pub fn mode(self) -> PuzzleMode {
        match self {
            Kind::Streak => PuzzleMode::Streak,
            Kind::Rated | Kind::Own => PuzzleMode::Rated,
        }
    }
}

/// Why a move was not judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The puzzle is solved, or its solution was shown.
    Over,
    /// Not a legal move here (the rules' reason).
    Illegal(String),
}

/// The judgement of one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub verdict: Verdict,
    /// The opponent's replies played after a right move.
    pub replies: Vec<String>,
    /// Whether the line is complete.
    pub done: bool,
    /// When this move ended the scored attempt: whether it was solved.
    pub ends: Option<bool>,
}

/// An attempt in progress.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub puzzle: Arc<Puzzle>,
    /// The index of the puzzle in the set (none for a puzzle from the player's own game).
    pub index: Option<usize>,
    pub kind: Kind,
    /// Whether it was given as a rated attempt (the records have the last word).
    pub rated: bool,
    /// The position now.
    position: AnyGame,
    /// The next move of the line to play.
    cursor: usize,
    /// Whether the scored attempt has ended.
    pub ended: bool,
    /// Whether a wrong move was sent.
    pub mistaken: bool,
    /// Whether a right move was made (in this attempt, or in the one it was given again for).
    pub begun: bool,
    /// Solved or shown: no more moves.
    pub over: bool,
}

impl Attempt {
    /// A new attempt at `puzzle` from its start; `None` when its position does not read
    /// (never for a puzzle of a loaded set).
    pub fn new(
        puzzle: Arc<Puzzle>,
        index: Option<usize>,
        kind: Kind,
        rated: bool,
    ) -> Option<Attempt> {
        let position = puzzle.start().ok()?;
        Some(Attempt {
            puzzle,
            index,
            kind,
            rated,
            position,
            cursor: 0,
            ended: false,
            mistaken: false,
            begun: false,
            over: false,
        })
    }

    pub fn id(&self) -> &str {
        self.puzzle.id()
    }

    /// The position now (for the harness that checks attempts).
    #[cfg(feature = "test-support")]
    pub fn position(&self) -> &AnyGame {
        &self.position
    }

    /// Judges `text`, the solver's next move: the attempt after it and the judgement. `self`
    /// is left as it was, so that the caller keeps the new state only once what it ends is
    /// recorded.
    pub fn judge(&self, text: &str) -> Result<(Attempt, Judgement), Refusal> {
        if self.over {
            return Err(Refusal::Over);
        }
        let mut next = self.clone();
        let played = next
            .position
            .play_text(text)
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
        let line = &self.puzzle.line;
        if line.get(self.cursor) != Some(&played) {
            let ends = (!self.ended).then_some(false);
            let mut next = self.clone();
            next.mistaken = true;
            next.ended = true;
            return Ok((
                next,
                Judgement {
                    verdict: Verdict::Wrong,
                    replies: Vec::new(),
                    done: false,
                    ends,
                },
            ));
        }
        next.cursor += 1;
        next.begun = true;
        let mut replies = Vec::new();
        while next.cursor < line.len() && self.puzzle.movers[next.cursor] != self.puzzle.solver {
            let reply = &line[next.cursor];
            if next.position.play_text(reply).is_err() {
                // The line was checked when the set was read; a reply that does not play
                // ends the line here.
                break;
            }
            replies.push(reply.clone());
            next.cursor += 1;
        }
        let done = next.cursor >= line.len();
        let ends = (done && !self.ended).then_some(true);
        if done {
            next.over = true;
            next.ended = true;
        }
        Ok((
            next,
            Judgement {
                verdict: Verdict::Right,
                replies,
                done,
                ends,
            },
        ))
    }

    /// Whether leaving the attempt now settles it as failed: a rated first attempt, still
    /// open, after a right move.
    pub fn settles_when_left(&self) -> bool {
        self.kind == Kind::Rated && self.rated && self.begun && !self.ended
    }

    /// Gives up: the attempt after it, and whether that ended the scored attempt (unsolved).
    pub fn give_up(&self) -> Result<(Attempt, bool), Refusal> {
        if self.over {
            return Err(Refusal::Over);
        }
        let mut next = self.clone();
        next.over = true;
        next.ended = true;
        Ok((next, !self.ended))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::puzzles::testing::{kalah_line, kalah_replies};
    use chaupal_rules::{GameKind, Side};

    fn attempt(puzzle: Puzzle) -> Attempt {
        Attempt::new(Arc::new(puzzle), Some(0), Kind::Rated, true).unwrap()
    }

    #[test]
    fn a_right_move_plays_the_replies_and_the_last_ends_it_solved() {
        // South, south again (the first move ends in the store), north, south.
        let (entry, movers) = kalah_line();
        assert_eq!(
            movers,
            [Side::First, Side::First, Side::Second, Side::First]
        );
        let a = attempt(Puzzle::new(entry.clone()).unwrap());
        let (a, j) = a.judge(&entry.solution[0]).unwrap();
        assert_eq!(j.verdict, Verdict::Right);
        assert!(j.replies.is_empty(), "south moves again: no reply");
        assert_eq!((j.done, j.ends), (false, None));
        let (a, j) = a.judge(&entry.solution[1]).unwrap();
        assert_eq!(j.replies, [entry.solution[2].clone()]);
        assert_eq!((j.done, j.ends), (false, None));
        let (a, j) = a.judge(&entry.solution[3]).unwrap();
        assert_eq!(
            (j.verdict, j.done, j.ends),
            (Verdict::Right, true, Some(true))
        );
        assert!(a.over);
        assert_eq!(a.judge(&entry.solution[3]).unwrap_err(), Refusal::Over);
        assert_eq!(a.give_up().unwrap_err(), Refusal::Over);
    }

    #[test]
    fn the_opponent_moving_twice_plays_both_replies() {
        let (entry, movers) = kalah_replies();
        assert_eq!(
            movers,
            [
                Side::First,
                Side::First,
                Side::Second,
                Side::Second,
                Side::First
            ]
        );
        let a = attempt(Puzzle::new(entry.clone()).unwrap());
        let (a, _) = a.judge(&entry.solution[0]).unwrap();
        let (a, j) = a.judge(&entry.solution[1]).unwrap();
        assert_eq!(j.replies, entry.solution[2..4]);
        let (_, j) = a.judge(&entry.solution[4]).unwrap();
        assert!(j.done);
    }

    #[test]
    fn a_wrong_move_ends_the_attempt_once_and_leaves_the_position() {
        let (entry, _) = kalah_line();
        let a = attempt(Puzzle::new(entry.clone()).unwrap());
        let start = a.position.position_text();
        let wrong = a
            .position
            .legal_moves_text()
            .into_iter()
            .find(|m| *m != entry.solution[0])
            .unwrap();
        let (a, j) = a.judge(&wrong).unwrap();
        assert_eq!((j.verdict, j.ends), (Verdict::Wrong, Some(false)));
        assert_eq!(a.position.position_text(), start);
        // Again wrong: the attempt has ended already.
        let (a, j) = a.judge(&wrong).unwrap();
        assert_eq!((j.verdict, j.ends), (Verdict::Wrong, None));
        // Found after all: solved, but the scored attempt ended with the mistake.
        let (a, _) = a.judge(&entry.solution[0]).unwrap();
        let (a, _) = a.judge(&entry.solution[1]).unwrap();
        let (a, j) = a.judge(&entry.solution[3]).unwrap();
        assert_eq!((j.done, j.ends), (true, None));
        assert!(a.over && a.mistaken);
    }

    #[test]
    fn leaving_settles_a_rated_attempt_only_once_begun_and_still_open() {
        let (entry, _) = kalah_line();
        let puzzle = Arc::new(Puzzle::new(entry.clone()).unwrap());
        let a = Attempt::new(puzzle.clone(), Some(0), Kind::Rated, true).unwrap();
        assert!(!a.settles_when_left(), "no move yet");
        let (begun, _) = a.judge(&entry.solution[0]).unwrap();
        assert!(begun.settles_when_left());
        let (given_up, _) = begun.give_up().unwrap();
        assert!(!given_up.settles_when_left(), "ended already");
        for (kind, rated) in [
            (Kind::Rated, false),
            (Kind::Streak, false),
            (Kind::Own, false),
        ] {
            let other = Attempt::new(puzzle.clone(), Some(0), kind, rated).unwrap();
            let (other, _) = other.judge(&entry.solution[0]).unwrap();
            assert!(!other.settles_when_left(), "{kind:?}, rated {rated}");
        }
    }

    #[test]
    fn an_illegal_move_is_refused_and_giving_up_ends_an_open_attempt() {
        let (entry, _) = kalah_line();
        let a = attempt(Puzzle::new(entry).unwrap());
        assert!(matches!(a.judge("9"), Err(Refusal::Illegal(_))));
        assert!(matches!(a.judge("e2-e4"), Err(Refusal::Illegal(_))));
        let (given_up, ended) = a.give_up().unwrap();
        assert!(ended && given_up.over);
        assert_eq!(Kind::Own.mode(), PuzzleMode::Rated);
        assert_eq!(GameKind::Kalah, a.puzzle.game());
    }

    #[test]
    fn two_spellings_of_one_move_are_one_move() {
        // Bagh Chal reads a move with spaces around it as the move itself: the comparison is
        // on what the rules read.
        let game = AnyGame::start(GameKind::BaghChal, std::iter::empty::<(&str, &str)>()).unwrap();
        let first = game.legal_moves_text()[0].clone();
        let entry = crate::puzzles::testing::entry_at(&game, "b-1", &[&first]);
        let a = attempt(Puzzle::new(entry).unwrap());
        let other = format!("  {first} ");
        assert_ne!(other, first);
        let (_, j) = a.judge(&other).unwrap();
        assert_eq!((j.verdict, j.done), (Verdict::Right, true));
        let wrong = game.legal_moves_text()[1].clone();
        let (_, j) = a.judge(&format!(" {wrong}")).unwrap();
        assert_eq!(j.verdict, Verdict::Wrong);
    }
}
