//! A correspondence game's pace as it stands: its days a move and the deadline of the side to
//! move, one value that the room holds, the records keep (`deadline_ms` and `remind_at_ms` in
//! `games`) and lists show. A live game has none: its time is a [`crate::clock::GameClock`].
//!
//! Deadlines are milliseconds by the records' clock ([`crate::wall`]), so that a game's
//! deadline means the same on every node and after a restart.

use chaupal_shared::protocol::Correspondence;

/// One day, in milliseconds.
const DAY_MS: u64 = 86_400_000;

/// A correspondence game's days a move, and when the side to move must have moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    days: Correspondence,
    /// When the side to move must have moved: none when a move has no limit, or the game is
    /// over.
    deadline_ms: Option<u64>,
}

impl Pace {
    /// The pace of a game of `days` a move that started at `started_ms`: the first move's
    /// deadline is the start plus the days a move.
    pub fn starting(days: Correspondence, started_ms: u64) -> Pace {
        Pace {
            days,
            deadline_ms: days.move_ms().map(|move_ms| started_ms + move_ms),
        }
    }

    /// The pace as the records keep it: the days a move, and the deadline stored with the last
    /// move.
    pub fn stored(days: Correspondence, deadline_ms: Option<u64>) -> Pace {
        Pace { days, deadline_ms }
    }

    /// When the side to move must have moved (none: no limit, or the game is over).
    pub fn deadline_ms(self) -> Option<u64> {
        self.deadline_ms
    }

    /// The pace after a move or a take-back: while the game goes on (`goes_on`), the next
    /// move's deadline is now plus the days a move; `now_ms` reads the records' clock, only
    /// when that deadline is due.
    pub fn after_move(self, goes_on: bool, now_ms: impl FnOnce() -> u64) -> Pace {
        let deadline_ms = match self.days.move_ms() {
            Some(move_ms) if goes_on => Some(now_ms() + move_ms),
            _ => None,
        };
        Pace {
            deadline_ms,
            ..self
        }
    }

    /// The pace once the game is over: no deadline.
    pub fn ended(self) -> Pace {
        Pace {
            deadline_ms: None,
            ..self
        }
    }

    /// Whether the deadline has passed; `now_ms` reads the records' clock, only when there is a
    /// deadline.
    pub fn passed(self, now_ms: impl FnOnce() -> u64) -> bool {
        self.deadline_ms
            .is_some_and(|deadline| now_ms() >= deadline)
    }

    /// When the player to move is reminded of the deadline: a day before it, or, with a day a
    /// move, six hours before (a quarter of the move's time). None without a deadline.
    pub fn remind_at_ms(self) -> Option<u64> {
        let deadline = self.deadline_ms?;
        let move_ms = self.days.move_ms()?;
        let lead = if move_ms > DAY_MS {
            DAY_MS
        } else {
            move_ms / 4
        };
        Some(deadline.saturating_sub(lead))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(d: u8) -> Correspondence {
        Correspondence::days(d).unwrap_or(Correspondence::UNLIMITED)
    }

    #[test]
    fn the_first_deadline_is_the_start_plus_the_days_a_move() {
        assert_eq!(
            Pace::starting(days(3), 1_000).deadline_ms(),
            Some(1_000 + 3 * DAY_MS)
        );
        assert_eq!(
            Pace::starting(Correspondence::UNLIMITED, 1_000).deadline_ms(),
            None
        );
    }

    #[test]
    fn a_move_sets_the_next_deadline_while_the_game_goes_on() {
        let pace = Pace::starting(days(2), 0);
        assert_eq!(
            pace.after_move(true, || 5_000).deadline_ms(),
            Some(5_000 + 2 * DAY_MS)
        );
        assert_eq!(pace.after_move(false, || 5_000).deadline_ms(), None);
        // Without a limit the clock is not even read.
        let unlimited = Pace::starting(Correspondence::UNLIMITED, 0);
        let read = || -> u64 { panic!("the clock was read") };
        assert_eq!(unlimited.after_move(true, read).deadline_ms(), None);
        assert!(!unlimited.passed(read));
    }

    #[test]
    fn a_deadline_passes_at_its_millisecond_and_an_ended_game_has_none() {
        let pace = Pace::stored(days(1), Some(10));
        assert!(!pace.passed(|| 9));
        assert!(pace.passed(|| 10));
        assert_eq!(pace.ended().deadline_ms(), None);
        assert!(!pace.ended().passed(|| u64::MAX));
    }

    #[test]
    fn the_reminder_comes_a_day_before_or_a_quarter_of_a_day_a_move() {
        let deadline = 10 * DAY_MS;
        assert_eq!(
            Pace::stored(days(3), Some(deadline)).remind_at_ms(),
            Some(deadline - DAY_MS)
        );
        assert_eq!(
            Pace::stored(days(1), Some(deadline)).remind_at_ms(),
            Some(deadline - DAY_MS / 4)
        );
        assert_eq!(Pace::stored(days(3), None).remind_at_ms(), None);
        assert_eq!(
            Pace::stored(Correspondence::UNLIMITED, None).remind_at_ms(),
            None
        );
    }
}
