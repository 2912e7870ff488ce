//! What one connection holds of the puzzles: the puzzle given to it (one at a time: a new one
//! replaces it), its streak, and the puzzles its player has tried, as last read.
//!
//! A streak lives on its connection. It goes on while each of its puzzles is solved without a
//! mistake; its first mistake (or giving up) ends it. Asking for a streak puzzle while the
//! last one is still open (or after another puzzle replaced it) starts a new streak: skipping
//! is starting again.

use std::collections::{HashMap, HashSet};

use super::attempt::{Attempt, Kind};

/// A streak in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Streak {
    /// Puzzles solved in it.
    pub solved: u32,
    /// The rating of its last puzzle when it was given (none before the first).
    pub last_rating: Option<f64>,
    /// The puzzles given in it (their indexes in the set).
    pub given: HashSet<usize>,
    /// Its last puzzle is given and not yet solved.
    pub open: bool,
    /// Ended by a mistake.
    pub over: bool,
}

impl Streak {
    /// Whether the next streak puzzle goes on with this streak.
    pub fn goes_on(&self) -> bool {
        !self.over && !self.open
    }

    /// A puzzle of the streak was given.
    pub fn given(&mut self, index: usize, rating: f64) {
        self.given.insert(index);
        self.last_rating = Some(rating);
        self.open = true;
    }

    /// The streak's open puzzle ended: its length after it.
    pub fn ended(&mut self, solved: bool) -> u32 {
        self.open = false;
        if solved {
            self.solved += 1;
        } else {
            self.over = true;
        }
        self.solved
    }
}

/// The connection's puzzles.
#[derive(Debug, Default)]
pub struct Session {
    /// The puzzle given to this connection.
    pub attempt: Option<Attempt>,
    /// The connection's streak, once one started.
    pub streak: Option<Streak>,
    /// The puzzles the player has tried, with when each was last tried (ms): read from the
    /// records at the first `next_puzzle`, then kept current with the attempts this
    /// connection records.
    tried: Option<HashMap<String, u64>>,
}

impl Session {
    /// The attempt at puzzle `id`, when it is the one given.
    pub fn attempt_at(&self, id: &str) -> Option<&Attempt> {
        self.attempt.as_ref().filter(|a| a.id() == id)
    }

    /// Gives `attempt` to the connection, in place of any other. A streak's puzzle left open
    /// stays open: the next streak puzzle starts a new streak.
    pub fn give(&mut self, attempt: Attempt) {
        self.attempt = Some(attempt);
    }

    /// The streak to go on with (a new one unless the last goes on).
    pub fn streak_for_next(&mut self) -> &mut Streak {
        let streak = self.streak.get_or_insert_with(Streak::default);
        if !streak.goes_on() {
            *streak = Streak::default();
        }
        streak
    }

    /// The streak the given attempt belongs to, when it is a streak's open puzzle.
    pub fn open_streak(&mut self) -> Option<&mut Streak> {
        let in_streak = self
            .attempt
            .as_ref()
            .is_some_and(|a| a.kind == Kind::Streak);
        self.streak.as_mut().filter(|s| in_streak && s.open)
    }

    /// The tried puzzles as last read (none before the first read).
    pub fn tried(&self) -> Option<&HashMap<String, u64>> {
        self.tried.as_ref()
    }

    /// Keeps what the records say the player tried.
    pub fn set_tried(&mut self, tried: HashMap<String, u64>) {
        self.tried = Some(tried);
    }

    /// The player tried `id` at `at_ms`.
    pub fn tried_now(&mut self, id: &str, at_ms: u64) {
        if let Some(tried) = &mut self.tried {
            tried.insert(id.to_owned(), at_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_goes_on_while_solved_and_a_mistake_or_a_skip_starts_again() {
        let mut session = Session::default();
        let s = session.streak_for_next();
        s.given(1, 1100.0);
        assert_eq!(s.ended(true), 1);
        assert!(s.goes_on());
        let s = session.streak_for_next();
        assert_eq!(s.solved, 1);
        s.given(2, 1160.0);
        // Skipped: the next streak puzzle starts a new streak.
        let s = session.streak_for_next();
        assert_eq!((s.solved, s.last_rating), (0, None));
        s.given(3, 1050.0);
        assert_eq!(s.ended(false), 0);
        assert!(s.over && !s.goes_on());
        assert_eq!(session.streak_for_next().solved, 0);
    }

    #[test]
    fn the_tried_puzzles_are_kept_once_read() {
        let mut session = Session::default();
        session.tried_now("a", 5);
        assert!(session.tried().is_none());
        session.set_tried(HashMap::from([("b".to_owned(), 1)]));
        session.tried_now("a", 5);
        assert_eq!(session.tried().map(HashMap::len), Some(2));
    }
}
