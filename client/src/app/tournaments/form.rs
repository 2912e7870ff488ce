//! The card that makes a tournament: its format (an arena, a Swiss or a round robin) and the
//! format's own choices (an arena's length; a Swiss's rounds and whether its pairings play
//! matches of two games; a round robin's most entrants and whether it is double), the game,
//! the pace (a live clock, or for a Swiss or a round robin days a move by correspondence), the
//! start, public or private; and the set-up it makes.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentSetup};
use chaupal_shared::protocol::{ClockSpec, Correspondence};

/// The lengths offered for a new arena, in minutes.
pub const ARENA_MINUTES: [u32; 4] = [10, 20, 30, 60];

/// The clocks offered for a new tournament's live games: (initial minutes, increment seconds).
pub const ARENA_CLOCKS: [(u32, u32); 5] = [(1, 0), (3, 0), (3, 2), (5, 3), (10, 5)];

/// The starts offered for a new tournament, in minutes from now (0: at once; a day; a week).
pub const ARENA_STARTS: [u32; 6] = [0, 5, 15, 60, 1_440, 10_080];

/// The rounds offered for a new Swiss.
pub const SWISS_ROUNDS: [u32; 5] = [3, 5, 7, 9, 11];

/// The most computer entrants the card offers a private tournament.
pub const MOST_COMPUTERS_OFFERED: usize = 4;

/// The most entrants offered for a new round robin.
pub const ROUND_ROBIN_ENTRANTS: [u32; 6] = [4, 6, 8, 10, 12, 16];

/// A tournament's format, as the card chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatChoice {
    Arena,
    Swiss,
    RoundRobin,
}

impl FormatChoice {
    pub const ALL: [FormatChoice; 3] = [
        FormatChoice::Arena,
        FormatChoice::Swiss,
        FormatChoice::RoundRobin,
    ];

    /// Its name's message id.
    pub fn name(self) -> &'static str {
        match self {
            FormatChoice::Arena => "tournament-kind-arena",
            FormatChoice::Swiss => "tournament-kind-swiss",
            FormatChoice::RoundRobin => "tournament-kind-round-robin",
        }
    }

    /// Whether it is played in rounds (and so may be played by correspondence).
    pub fn in_rounds(self) -> bool {
        self != FormatChoice::Arena
    }
}

/// The choices of the card that makes a tournament: indices into the values offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentForm {
    pub format: FormatChoice,
    pub game: GameKind,
    /// An arena's length.
    pub minutes: usize,
    /// A Swiss's rounds.
    pub rounds: usize,
    /// A Swiss's matches of two games, when chosen (none: the game's default).
    pub matches: Option<bool>,
    /// A round robin's most entrants.
    pub entrants: usize,
    /// A double round robin.
    pub double: bool,
    /// The live games' clock.
    pub clock: usize,
    /// A Swiss or a round robin by correspondence (an arena is live whatever this says).
    pub by_correspondence: bool,
    /// The days a move by correspondence, into [`Correspondence::DAYS`].
    pub days: usize,
    pub start: usize,
    pub private: bool,
    /// A private tournament's computer entrants (0 to [`MOST_COMPUTERS_OFFERED`]), all of
    /// `computer_level`.
    pub computers: usize,
    pub computer_level: u8,
}

impl Default for TournamentForm {
    fn default() -> Self {
        TournamentForm {
            format: FormatChoice::Arena,
            game: GameKind::BaghChal,
            minutes: 2,
            rounds: 1,
            matches: None,
            entrants: 2,
            double: false,
            clock: 3,
            by_correspondence: false,
            days: 2,
            start: 1,
            private: false,
            computers: 0,
            computer_level: 3,
        }
    }
}

/// One step along `len` values from `at`, round.
pub fn step(at: usize, len: usize, forward: bool) -> usize {
    if forward {
        (at + 1) % len
    } else {
        (at + len - 1) % len
    }
}

impl TournamentForm {
    /// The arena's length in minutes.
    pub fn minutes(&self) -> u32 {
        ARENA_MINUTES[self.minutes % ARENA_MINUTES.len()]
    }

    /// The Swiss's rounds.
    pub fn rounds(&self) -> u32 {
        SWISS_ROUNDS[self.rounds % SWISS_ROUNDS.len()]
    }

    /// Whether the Swiss's pairings play matches of two games: as chosen, else for Bagh Chal
    /// (whose sides are not alike) and for no other game.
    pub fn matches(&self) -> bool {
        self.matches.unwrap_or(self.game == GameKind::BaghChal)
    }

    /// The round robin's most entrants.
    pub fn most_entrants(&self) -> u32 {
        ROUND_ROBIN_ENTRANTS[self.entrants % ROUND_ROBIN_ENTRANTS.len()]
    }

    /// Each live game's clock.
    pub fn clock(&self) -> ClockSpec {
        let (minutes, increment) = ARENA_CLOCKS[self.clock % ARENA_CLOCKS.len()];
        ClockSpec {
            initial_ms: u64::from(minutes) * 60_000,
            increment_ms: u64::from(increment) * 1000,
        }
    }

    /// The days a move chosen (whether or not the tournament is by correspondence).
    pub fn pace(&self) -> Correspondence {
        let days = Correspondence::DAYS[self.days % Correspondence::DAYS.len()];
        Correspondence { days: Some(days) }
    }

    /// The tournament's pace by correspondence; none: live (an arena always is).
    pub fn correspondence(&self) -> Option<Correspondence> {
        (self.format.in_rounds() && self.by_correspondence).then(|| self.pace())
    }

    /// Minutes from now to the start. A Swiss or a round robin never starts at once (the
    /// server ends one that starts with fewer than two in it): at the soonest in 5 minutes.
    pub fn starts_in(&self) -> u32 {
        ARENA_STARTS[self.start_index()]
    }

    /// The start chosen, into [`ARENA_STARTS`], as the format allows it.
    fn start_index(&self) -> usize {
        let at = self.start % ARENA_STARTS.len();
        if at == 0 && self.format.in_rounds() {
            1
        } else {
            at
        }
    }

    /// Steps the start, past "at once" for a Swiss or a round robin.
    pub fn step_start(&mut self, forward: bool) {
        let mut at = step(self.start_index(), ARENA_STARTS.len(), forward);
        if at == 0 && self.format.in_rounds() {
            at = step(at, ARENA_STARTS.len(), forward);
        }
        self.start = at;
    }

    /// The computer entrants, by level: a private tournament's as chosen, a public one's none.
    pub fn computers(&self) -> Vec<u8> {
        if self.private {
            vec![self.computer_level; self.computers.min(MOST_COMPUTERS_OFFERED)]
        } else {
            Vec::new()
        }
    }

    /// The format the card says: an arena with streaks, a Swiss, a round robin.
    pub fn format(&self) -> TournamentFormat {
        match self.format {
            FormatChoice::Arena => TournamentFormat::Arena {
                minutes: self.minutes(),
                streaks: true,
            },
            FormatChoice::Swiss => TournamentFormat::Swiss {
                rounds: self.rounds(),
                matches: self.matches(),
            },
            FormatChoice::RoundRobin => TournamentFormat::RoundRobin {
                double: self.double,
                most_entrants: self.most_entrants(),
            },
        }
    }

    /// The set-up the card says: rated, with the clock chosen (which a tournament by
    /// correspondence does not use).
    pub fn setup(&self) -> TournamentSetup {
        TournamentSetup {
            game: self.game,
            rules: Vec::new(),
            clock: self.clock(),
            format: self.format(),
            correspondence: self.correspondence(),
            starts_in_s: self.starts_in() * 60,
            private: self.private,
            rated: true,
            computers: self.computers(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computers_enter_a_private_tournament_only() {
        let mut form = TournamentForm {
            computers: 2,
            computer_level: 5,
            ..TournamentForm::default()
        };
        assert!(form.setup().computers.is_empty(), "a public one has none");
        form.private = true;
        assert_eq!(form.setup().computers, vec![5, 5]);
    }

    #[test]
    fn a_swiss_or_a_round_robin_never_starts_at_once() {
        let mut form = TournamentForm {
            start: 0,
            ..TournamentForm::default()
        };
        assert_eq!(form.starts_in(), 0, "an arena may start at once");
        form.format = FormatChoice::Swiss;
        assert_eq!(form.starts_in(), 5);
        form.step_start(false);
        assert_eq!(form.starts_in(), 10_080, "back past 'at once' to a week");
        form.step_start(true);
        assert_eq!(form.starts_in(), 5, "on past 'at once' to 5 minutes");
        form.format = FormatChoice::Arena;
        form.step_start(false);
        assert_eq!(form.starts_in(), 0);
    }

    #[test]
    fn an_arena_is_live_with_streaks() {
        let form = TournamentForm {
            by_correspondence: true,
            ..TournamentForm::default()
        };
        let setup = form.setup();
        assert_eq!(
            setup.format,
            TournamentFormat::Arena {
                minutes: 30,
                streaks: true
            }
        );
        assert_eq!(setup.correspondence, None, "an arena is live only");
        assert_eq!(setup.clock.initial_ms, 5 * 60_000);
        assert_eq!(setup.starts_in_s, 5 * 60);
        assert!(setup.rated && !setup.private);
    }

    #[test]
    fn a_swiss_plays_matches_of_two_games_by_default_in_bagh_chal_only() {
        let mut form = TournamentForm {
            format: FormatChoice::Swiss,
            ..TournamentForm::default()
        };
        assert_eq!(
            form.setup().format,
            TournamentFormat::Swiss {
                rounds: 5,
                matches: true
            }
        );
        form.game = GameKind::Kalah;
        assert!(!form.matches());
        // A choice made stays whatever the game.
        form.matches = Some(true);
        assert!(form.matches());
        form.rounds = step(form.rounds, SWISS_ROUNDS.len(), true);
        assert_eq!(
            form.setup().format,
            TournamentFormat::Swiss {
                rounds: 7,
                matches: true
            }
        );
    }

    #[test]
    fn a_round_robin_by_correspondence_has_days_a_move_and_may_start_in_a_week() {
        let form = TournamentForm {
            format: FormatChoice::RoundRobin,
            double: true,
            entrants: 5,
            by_correspondence: true,
            days: 3,
            start: 5,
            ..TournamentForm::default()
        };
        let setup = form.setup();
        assert_eq!(
            setup.format,
            TournamentFormat::RoundRobin {
                double: true,
                most_entrants: 16
            }
        );
        assert_eq!(setup.correspondence, Correspondence::days(5));
        assert_eq!(setup.starts_in_s, 604_800);
        // Live again: no days a move.
        let live = TournamentForm {
            by_correspondence: false,
            ..form
        };
        assert_eq!(live.setup().correspondence, None);
    }
}
