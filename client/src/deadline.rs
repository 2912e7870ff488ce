//! A correspondence game's deadline in words: the time left until it, as a person says it
//! ("2 days 3 hours", "5 hours 20 minutes", "less than a minute"), when those words next
//! change (so the screen is drawn again then), and the game screen's line about it ("Your
//! move: 2 days 4 hours left", "Asha has 5 hours to move"). The time left is rounded down: a
//! player is never told of more time than they have. Pure functions of the time now,
//! milliseconds since the Unix epoch, so they are tested at fixed times.

use crate::play::{Match, Seats};
use crate::say;
use crate::words::Phrase;

const MINUTE: u64 = 60_000;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

/// The milliseconds from `now_ms` to `deadline_ms` (none left: 0).
pub fn left_ms(deadline_ms: u64, now_ms: u64) -> u64 {
    deadline_ms.saturating_sub(now_ms)
}

/// The time left in words, the two largest units rounded down: days and hours from a day,
/// hours and minutes from an hour, minutes, or "less than a minute" (a unit of none is left
/// out: "3 days", "5 hours"). None once no time is left.
pub fn time_left(left_ms: u64) -> Option<Phrase> {
    let two = |larger: Phrase, smaller: Option<Phrase>| match smaller {
        Some(smaller) => say!("span-two", larger = larger, smaller = smaller),
        None => larger,
    };
    let some =
        |count: u64, id: &'static str| (count > 0).then(|| Phrase::new(id).arg("count", count));
    Some(if left_ms == 0 {
        return None;
    } else if left_ms < MINUTE {
        say!("span-under-minute")
    } else if left_ms < HOUR {
        say!("span-minutes", count = left_ms / MINUTE)
    } else if left_ms < DAY {
        two(
            say!("span-hours", count = left_ms / HOUR),
            some(left_ms % HOUR / MINUTE, "span-minutes"),
        )
    } else {
        two(
            say!("span-days", count = left_ms / DAY),
            some(left_ms % DAY / HOUR, "span-hours"),
        )
    })
}

/// Milliseconds until [`time_left`]'s words for `left_ms` change (none: they never will, no
/// time being left).
pub fn until_change(left_ms: u64) -> Option<u64> {
    match left_ms {
        0 => None,
        ms if ms < MINUTE => Some(ms),
        ms if ms < DAY => Some(ms % MINUTE + 1),
        ms => Some(ms % HOUR + 1),
    }
}

/// The line the game screen shows about a correspondence game's deadline, at `now_ms`: whose
/// move and the time left for it ("Your move: 2 days 4 hours left", "Asha has 5 hours to
/// move"), that it has no limit, or that the time is up. None for a live game, or one that
/// is over.
pub fn line(m: &Match, now_ms: u64) -> Option<Phrase> {
    m.pace?;
    if m.finished() {
        return None;
    }
    let mover = m.game.side_to_move();
    let mine = matches!(m.seats, Seats::One(s) if s == mover) || m.seats == Seats::Both;
    let who = m.names[mover.index()].clone();
    let Some(deadline) = m.deadline_ms else {
        return Some(if mine {
            say!("deadline-yours-unlimited")
        } else {
            say!("deadline-theirs-unlimited", who = who)
        });
    };
    Some(match time_left(left_ms(deadline, now_ms)) {
        None => say!("deadline-up"),
        Some(time) if mine => say!("deadline-yours", time = time),
        Some(time) => say!("deadline-theirs", time = time, who = who),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Language, Words};
    use chaupal_rules::{AnyGame, GameKind, Side};
    use chaupal_shared::protocol::Correspondence;

    fn en(p: Option<Phrase>) -> String {
        p.map(|p| Words::new(Language::English).say(&p))
            .unwrap_or_default()
    }

    #[test]
    fn the_time_left_reads_in_its_two_largest_units_rounded_down() {
        let cases = [
            (2 * DAY + 3 * HOUR + 59 * MINUTE, "2 days 3 hours"),
            (DAY + HOUR, "1 day 1 hour"),
            (3 * DAY + 20 * MINUTE, "3 days"),
            (14 * DAY, "14 days"),
            (DAY - 1, "23 hours 59 minutes"),
            (5 * HOUR, "5 hours"),
            (5 * HOUR + 20 * MINUTE + 30_000, "5 hours 20 minutes"),
            (HOUR + MINUTE, "1 hour 1 minute"),
            (59 * MINUTE + 59_999, "59 minutes"),
            (MINUTE, "1 minute"),
            (59_999, "less than a minute"),
            (1, "less than a minute"),
            (0, ""),
        ];
        for (ms, said) in cases {
            assert_eq!(en(time_left(ms)), said, "{ms} ms");
        }
    }

    #[test]
    fn the_words_change_when_their_smallest_unit_ticks_over() {
        for ms in [
            2 * DAY + 3 * HOUR + 17,
            DAY,
            5 * HOUR + 20 * MINUTE + 30_000,
            HOUR,
            MINUTE * 3,
            42_000,
        ] {
            let wait = until_change(ms).expect("time left");
            assert!(wait > 0);
            assert_eq!(
                en(time_left(ms)),
                en(time_left(ms - (wait - 1))),
                "{ms}: not yet"
            );
            assert_ne!(en(time_left(ms)), en(time_left(ms - wait)), "{ms}: then");
        }
        assert_eq!(until_change(0), None);
        assert_eq!(left_ms(1_000, 5_000), 0, "a deadline gone by");
    }

    fn game(seats: Seats, pace: Option<Correspondence>, deadline_ms: Option<u64>) -> Match {
        let start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let mut m = Match::new(start, seats, true);
        m.names = ["Asha".into(), "Bimal".into()];
        m.pace = pace;
        m.deadline_ms = deadline_ms;
        m
    }

    #[test]
    fn the_game_screen_says_whose_move_and_the_time_left_for_it() {
        let three = Some(Correspondence { days: Some(3) });
        let now = 1_767_225_600_000;
        let deadline = now + 2 * DAY + 4 * HOUR + 5 * MINUTE;
        let mine = game(Seats::One(Side::First), three, Some(deadline));
        assert_eq!(en(line(&mine, now)), "Your move: 2 days 4 hours left");
        let theirs = game(Seats::One(Side::Second), three, Some(deadline));
        assert_eq!(en(line(&theirs, now)), "Asha has 2 days 4 hours to move");
        let watched = game(Seats::Watching, three, Some(now + 90 * MINUTE));
        assert_eq!(
            en(line(&watched, now)),
            "Asha has 1 hour 30 minutes to move"
        );
        assert_eq!(
            en(line(&mine, deadline + 1)),
            "The time for this move is up."
        );
        let free = game(
            Seats::One(Side::First),
            Some(Correspondence::UNLIMITED),
            None,
        );
        assert_eq!(en(line(&free, now)), "Your move: no time limit");
        let free = game(
            Seats::One(Side::Second),
            Some(Correspondence::UNLIMITED),
            None,
        );
        assert_eq!(en(line(&free, now)), "Asha to move: no time limit");
        assert_eq!(
            line(&game(Seats::One(Side::First), None, None), now),
            None,
            "live"
        );
    }
}
