//! The arenas the server makes itself: one an hour for each game, on the hour (UTC), lasting
//! [`HOURLY_MINUTES`], so that a visitor always finds an arena of their game running or about
//! to start, and the next one listed an hour ahead (docs/TOURNAMENTS.md, "Hourly arenas").
//! Pure: what should exist at a moment; `Tournaments` makes what is missing.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ClockSpec;
use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentSetup};

/// An hour, in milliseconds.
pub const HOUR_MS: u64 = 3_600_000;
/// An hourly arena's length, in minutes: it ends three minutes before the next begins, as
/// lichess's hourly arenas do, so that its last games are over by then.
pub const HOURLY_MINUTES: u32 = 57;
/// How long before its start an hourly arena is made and listed.
pub const LISTED_AHEAD_MS: u64 = HOUR_MS;
/// A running hourly arena with less than this left is not made (a server starting at :50
/// makes the next hour's only).
pub const LEAST_LEFT_MS: u64 = 10 * 60_000;

/// Each game's clock in its hourly arena: short enough for several games an hour, long enough
/// for the game's usual length (a Bagh Chal or Jungle game runs to 60-100 plies, a Kalah game
/// to about 40).
pub fn hourly_clock(game: GameKind) -> ClockSpec {
    let (minutes, increment) = match game {
        GameKind::Kalah => (3, 2),
        GameKind::BaghChal | GameKind::Jungle | GameKind::SholoGuti => (5, 3),
    };
    ClockSpec {
        initial_ms: minutes * 60_000,
        increment_ms: increment * 1000,
    }
}

/// One hourly arena to make: its set-up (its start relative to `now_ms`, as a player's
/// set-up has it) and its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hourly {
    pub setup: TournamentSetup,
    pub starts_ms: u64,
}

/// The hourly arenas that should exist at `now_ms` and do not: for each game, the one of this
/// hour while at least [`LEAST_LEFT_MS`] of it is left, and the next hour's. `exists(game,
/// starts_ms)` says whether the server's own arena of `game` starting then exists already.
pub fn missing(now_ms: u64, exists: impl Fn(GameKind, u64) -> bool) -> Vec<Hourly> {
    let this_hour = now_ms - now_ms % HOUR_MS;
    let mut out = Vec::new();
    for starts_ms in [this_hour, this_hour + HOUR_MS] {
        let ends_ms = starts_ms + u64::from(HOURLY_MINUTES) * 60_000;
        if ends_ms < now_ms + LEAST_LEFT_MS || starts_ms > now_ms + LISTED_AHEAD_MS {
            continue;
        }
        for game in GameKind::ALL {
            if exists(game, starts_ms) {
                continue;
            }
            out.push(Hourly {
                setup: TournamentSetup {
                    computers: Vec::new(),
                    game,
                    rules: Vec::new(),
                    clock: hourly_clock(game),
                    format: TournamentFormat::Arena {
                        minutes: HOURLY_MINUTES,
                        streaks: true,
                    },
                    correspondence: None,
                    starts_in_s: u32::try_from(starts_ms.saturating_sub(now_ms) / 1000)
                        .unwrap_or(u32::MAX),
                    private: false,
                    rated: true,
                },
                starts_ms,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 10:00 UTC.
    const TEN: u64 = 1_796_637_600_000;

    #[test]
    fn a_server_starting_mid_hour_makes_this_hours_arena_and_the_next_for_each_game() {
        let now = TEN + 20 * 60_000;
        let due = missing(now, |_, _| false);
        assert_eq!(due.len(), 8);
        for game in GameKind::ALL {
            let starts: Vec<u64> = due
                .iter()
                .filter(|h| h.setup.game == game)
                .map(|h| h.starts_ms)
                .collect();
            assert_eq!(starts, [TEN, TEN + HOUR_MS], "{game:?}");
        }
        let now_one = due.iter().find(|h| h.starts_ms == TEN).unwrap();
        assert_eq!(now_one.setup.starts_in_s, 0, "begun already: at once");
        let next = due.iter().find(|h| h.starts_ms == TEN + HOUR_MS).unwrap();
        assert_eq!(next.setup.starts_in_s, 40 * 60);
        assert!(next.setup.rated && !next.setup.private);
        assert_eq!(
            next.setup.format,
            TournamentFormat::Arena {
                minutes: 57,
                streaks: true
            }
        );
    }

    #[test]
    fn with_less_than_ten_minutes_left_only_the_next_hours_are_made() {
        let due = missing(TEN + 48 * 60_000, |_, _| false);
        assert_eq!(due.len(), 4);
        assert!(due.iter().all(|h| h.starts_ms == TEN + HOUR_MS));
        // At 10:47 the 10:00 arena has ten minutes left: still made.
        assert_eq!(missing(TEN + 47 * 60_000, |_, _| false).len(), 8);
    }

    #[test]
    fn what_exists_is_not_made_again() {
        let now = TEN + 5 * 60_000;
        let due = missing(now, |game, starts| {
            starts == TEN || (game == GameKind::Kalah && starts == TEN + HOUR_MS)
        });
        let made: Vec<(GameKind, u64)> = due.iter().map(|h| (h.setup.game, h.starts_ms)).collect();
        assert_eq!(
            made,
            [
                (GameKind::BaghChal, TEN + HOUR_MS),
                (GameKind::Jungle, TEN + HOUR_MS),
                (GameKind::SholoGuti, TEN + HOUR_MS),
            ]
        );
        assert!(missing(now, |_, _| true).is_empty());
    }

    #[test]
    fn each_games_clock_leaves_room_for_several_games_an_hour() {
        for game in GameKind::ALL {
            let clock = hourly_clock(game);
            // A game of 80 plies (40 each) at most: both clocks and their increments.
            let longest_ms = 2 * (clock.initial_ms + 40 * clock.increment_ms);
            assert!(longest_ms <= 20 * 60_000, "{game:?}: {longest_ms} ms");
            assert!(clock.initial_ms >= 3 * 60_000);
        }
    }
}
