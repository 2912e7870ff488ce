//! What a tournament is made with, and the settings refused: each refusal says what is wrong
//! and the bound it broke.

use serde::{Deserialize, Serialize};

/// The shortest arena, in minutes.
pub const SHORTEST_ARENA_MINUTES: u32 = 10;
/// The longest arena, in minutes: a day, as lichess's marathons.
pub const LONGEST_ARENA_MINUTES: u32 = 24 * 60;
/// The most rounds of a Swiss.
pub const MOST_SWISS_ROUNDS: u32 = 30;
/// The most entrants of a round robin.
pub const MOST_ROUND_ROBIN_ENTRANTS: u32 = 16;
/// The most days per move of a correspondence tournament.
pub const MOST_DAYS_PER_MOVE: u32 = 14;

/// A tournament's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Pair whoever is idle, for `minutes`.
    Arena {
        minutes: u32,
        streaks: bool,
        berserk: bool,
    },
    /// A fixed number of rounds; `matches` plays each pairing as two games, one on each side.
    Swiss { rounds: u32, matches: bool },
    /// Everyone meets everyone; `double` twice, once on each side.
    RoundRobin { double: bool, most_entrants: u32 },
}

/// How long each game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pace {
    /// A live clock: initial seconds and seconds added per move.
    Live { seconds: u32, increment: u32 },
    /// By correspondence: days per move.
    Days(u32),
}

/// A tournament's settings, checked by [`Settings::check`] before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub format: Format,
    pub pace: Pace,
}

/// Why settings were refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error(
        "an arena lasts from {SHORTEST_ARENA_MINUTES} to {LONGEST_ARENA_MINUTES} minutes, not {0}"
    )]
    ArenaLength(u32),
    #[error("an arena is played live, not by correspondence")]
    ArenaByCorrespondence,
    #[error("a Swiss has from 1 to {MOST_SWISS_ROUNDS} rounds, not {0}")]
    SwissRounds(u32),
    #[error("a round robin has from 3 to {MOST_ROUND_ROBIN_ENTRANTS} entrants, not {0}")]
    RoundRobinEntrants(u32),
    #[error("a correspondence game has from 1 to {MOST_DAYS_PER_MOVE} days per move, not {0}")]
    DaysPerMove(u32),
    #[error("a live game has from 15 seconds to 3 hours and at most 60 seconds a move")]
    LiveClock,
    #[error(
        "{entrants} entrants can play at most {most} rounds without meeting twice, not {rounds}"
    )]
    TooManyRounds {
        rounds: u32,
        entrants: u32,
        most: u32,
    },
}

impl Settings {
    /// The settings, or why they cannot make a tournament.
    pub fn check(&self) -> Result<(), SettingsError> {
        match self.pace {
            Pace::Live { seconds, increment } => {
                if !(15..=3 * 3600).contains(&seconds) || increment > 60 {
                    return Err(SettingsError::LiveClock);
                }
            }
            Pace::Days(days) => {
                if !(1..=MOST_DAYS_PER_MOVE).contains(&days) {
                    return Err(SettingsError::DaysPerMove(days));
                }
            }
        }
        match self.format {
            Format::Arena { minutes, .. } => {
                if !(SHORTEST_ARENA_MINUTES..=LONGEST_ARENA_MINUTES).contains(&minutes) {
                    return Err(SettingsError::ArenaLength(minutes));
                }
                if matches!(self.pace, Pace::Days(_)) {
                    return Err(SettingsError::ArenaByCorrespondence);
                }
            }
            Format::Swiss { rounds, .. } => {
                if !(1..=MOST_SWISS_ROUNDS).contains(&rounds) {
                    return Err(SettingsError::SwissRounds(rounds));
                }
            }
            Format::RoundRobin { most_entrants, .. } => {
                if !(3..=MOST_ROUND_ROBIN_ENTRANTS).contains(&most_entrants) {
                    return Err(SettingsError::RoundRobinEntrants(most_entrants));
                }
            }
        }
        Ok(())
    }

    /// Whether the tournament can start with `entrants`: a Swiss needs more entrants than
    /// rounds, so that nobody must meet anyone twice.
    pub fn check_start(&self, entrants: u32) -> Result<(), SettingsError> {
        if let Format::Swiss { rounds, .. } = self.format {
            let most = entrants.saturating_sub(1);
            if rounds > most {
                return Err(SettingsError::TooManyRounds {
                    rounds,
                    entrants,
                    most,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(format: Format) -> Settings {
        Settings {
            format,
            pace: Pace::Live {
                seconds: 180,
                increment: 2,
            },
        }
    }

    #[test]
    fn impossible_settings_are_refused_with_their_bound() {
        let arena = |minutes| Format::Arena {
            minutes,
            streaks: true,
            berserk: true,
        };
        assert_eq!(live(arena(60)).check(), Ok(()));
        let year = 365 * 24 * 60;
        assert_eq!(
            live(arena(year)).check(),
            Err(SettingsError::ArenaLength(year))
        );
        let swiss = |rounds| Format::Swiss {
            rounds,
            matches: false,
        };
        assert_eq!(live(swiss(0)).check(), Err(SettingsError::SwissRounds(0)));
        assert_eq!(live(swiss(7)).check(), Ok(()));
        assert_eq!(
            live(swiss(7)).check_start(5),
            Err(SettingsError::TooManyRounds {
                rounds: 7,
                entrants: 5,
                most: 4
            })
        );
        assert_eq!(live(swiss(4)).check_start(5), Ok(()));
        let by_days = Settings {
            format: arena(60),
            pace: Pace::Days(3),
        };
        assert_eq!(by_days.check(), Err(SettingsError::ArenaByCorrespondence));
        let robin = Settings {
            format: Format::RoundRobin {
                double: false,
                most_entrants: 40,
            },
            pace: Pace::Days(0),
        };
        assert_eq!(robin.check(), Err(SettingsError::DaysPerMove(0)));
        assert!(
            SettingsError::TooManyRounds {
                rounds: 7,
                entrants: 5,
                most: 4
            }
            .to_string()
            .contains("at most 4 rounds")
        );
    }
}
