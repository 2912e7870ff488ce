//! The variant options of Bagh Chal: how many captures win for the tigers, how many goats the
//! goats have, and what a repeated position means.

use super::board::GOATS_TOTAL;
use crate::rules::{RuleError, RuleSet, parse_choice, parse_int_in};

/// The rule key of the tigers' winning number of captures.
pub const CAPTURES_TO_WIN: &str = "captures-to-win";
/// The rule key of the number of goats.
pub const GOATS: &str = "goats";
/// The rule key of the repetition rule.
pub const REPETITION: &str = "repetition";

/// The default winning number of captures.
pub const DEFAULT_CAPTURES_TO_WIN: u8 = 5;
/// The fewest captures a rule set may ask for.
pub const MIN_CAPTURES_TO_WIN: u32 = 1;
/// The most captures a rule set may ask for (every goat of the standard game).
pub const MAX_CAPTURES_TO_WIN: u32 = GOATS_TOTAL as u32;
/// The fewest goats a rule set may ask for.
pub const MIN_GOATS: u32 = 1;
/// The most goats a rule set may ask for (the standard game's, the default).
pub const MAX_GOATS: u32 = GOATS_TOTAL as u32;

/// What happens when a position comes back.
///
/// ```
/// use chaupal_rules::baghchal::{BaghChalRules, Repetition};
/// use chaupal_rules::rules::RuleSet;
///
/// assert_eq!(BaghChalRules::default().repetition, Repetition::Draw);
/// let rules = BaghChalRules::from_pairs([("repetition", "forbidden")]).unwrap();
/// assert_eq!(rules.repetition, Repetition::Forbidden);
/// assert_eq!(rules.repetition.name(), "forbidden");
/// // `threefold` is read as `draw`.
/// let old = BaghChalRules::from_pairs([("repetition", "threefold")]).unwrap();
/// assert_eq!(old.repetition, Repetition::Draw);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The third occurrence of a position is a draw (`repetition=draw`; `threefold` is read as
    /// an alias).
    #[default]
    Draw,
    /// Once all goats are placed, no move may recreate an earlier position of the game
    /// (`repetition=forbidden`).
    Forbidden,
}

impl Repetition {
    /// The value as rule pairs write it.
    pub const fn name(self) -> &'static str {
        match self {
            Repetition::Draw => "draw",
            Repetition::Forbidden => "forbidden",
        }
    }
}

/// The rule options of Bagh Chal.
///
/// ```
/// use chaupal_rules::baghchal::{BaghChal, BaghChalRules};
/// use chaupal_rules::game::Game;
/// use chaupal_rules::rules::RuleSet;
///
/// let rules = BaghChalRules::from_pairs([("captures-to-win", "3")]).unwrap();
/// assert_eq!(rules.captures_to_win, 3);
/// // Rules that differ from the defaults are written into the position text.
/// let game = BaghChal::start(rules);
/// assert_eq!(game.position_text(), "T3T/5/5/5/T3T g 20 0 captures-to-win=3");
/// assert!(BaghChalRules::from_pairs([("captures-to-win", "21")]).is_err());
///
/// // A smaller game (for tests and research): three goats, the second capture wins.
/// let small = BaghChalRules::from_pairs([("goats", "3"), ("captures-to-win", "2")]).unwrap();
/// let game = BaghChal::start(small);
/// assert_eq!(game.goats_in_hand(), 3);
/// assert_eq!(game.position_text(), "T3T/5/5/5/T3T g 3 0 captures-to-win=2 goats=3");
/// // The tigers' target must be within the goats there are.
/// assert!(BaghChalRules::from_pairs([("goats", "3")]).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaghChalRules {
    /// The tigers win at this capture (1..=20, at most [`BaghChalRules::goats`]).
    pub captures_to_win: u8,
    /// The goats the game starts with in hand (1..=20; 20 is the standard game).
    pub goats: u8,
    /// What a repeated position means.
    pub repetition: Repetition,
}

impl Default for BaghChalRules {
    fn default() -> Self {
        BaghChalRules {
            captures_to_win: DEFAULT_CAPTURES_TO_WIN,
            goats: GOATS_TOTAL,
            repetition: Repetition::Draw,
        }
    }
}

impl RuleSet for BaghChalRules {
    const GAME: &'static str = "baghchal";
    const KEYS: &'static [&'static str] = &[CAPTURES_TO_WIN, GOATS, REPETITION];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            CAPTURES_TO_WIN => {
                let n = parse_int_in(key, value, MIN_CAPTURES_TO_WIN, MAX_CAPTURES_TO_WIN)?;
                // In range 1..=20, so it fits.
                self.captures_to_win = n as u8;
            }
            GOATS => {
                let n = parse_int_in(key, value, MIN_GOATS, MAX_GOATS)?;
                // In range 1..=20, so it fits.
                self.goats = n as u8;
            }
            REPETITION => {
                self.repetition =
                    match parse_choice(key, value, &["draw", "threefold", "forbidden"])? {
                        "forbidden" => Repetition::Forbidden,
                        _ => Repetition::Draw,
                    };
            }
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            CAPTURES_TO_WIN => Some(self.captures_to_win.to_string()),
            GOATS => Some(self.goats.to_string()),
            REPETITION => Some(self.repetition.name().to_owned()),
            _ => None,
        }
    }

    /// The tigers' target must be a number of goats the game has: every game can then be won
    /// by captures.
    fn check(&self) -> Result<(), RuleError> {
        if self.captures_to_win > self.goats {
            return Err(RuleError::BadValue {
                key: CAPTURES_TO_WIN.to_owned(),
                value: self.captures_to_win.to_string(),
                expected: format!(
                    "a whole number from {MIN_CAPTURES_TO_WIN} to the goats ({})",
                    self.goats
                ),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_five_captures_and_draw_by_repetition() {
        let r = BaghChalRules::default();
        assert_eq!(r.captures_to_win, 5);
        assert_eq!(r.repetition, Repetition::Draw);
        assert_eq!(r.goats, 20);
        assert!(r.non_default_pairs().is_empty());
        assert_eq!(
            r.pairs(),
            vec![
                ("captures-to-win".to_owned(), "5".to_owned()),
                ("goats".to_owned(), "20".to_owned()),
                ("repetition".to_owned(), "draw".to_owned())
            ]
        );
    }

    #[test]
    fn goats_accepts_one_to_twenty_and_at_least_the_capture_target() {
        for n in 5..=20u8 {
            let r = BaghChalRules::from_pairs([("goats", n.to_string())]);
            assert_eq!(r.map(|r| r.goats), Ok(n));
        }
        for bad in ["0", "21", "-1", "six", ""] {
            assert!(matches!(
                BaghChalRules::from_pairs([("goats", bad)]),
                Err(RuleError::BadValue { .. })
            ));
        }
        // Fewer goats than the default target of 5 need a target to match, in either order.
        let small = [("goats", "3"), ("captures-to-win", "2")];
        let mut reversed = small;
        reversed.reverse();
        for pairs in [small, reversed] {
            let r = BaghChalRules::from_pairs(pairs);
            assert_eq!(r.map(|r| (r.goats, r.captures_to_win)), Ok((3, 2)));
        }
        let r = BaghChalRules::from_pairs([("goats", "1"), ("captures-to-win", "1")]);
        assert_eq!(r.map(|r| r.goats), Ok(1));
        assert_eq!(
            BaghChalRules::from_pairs([("goats", "4")]),
            Err(RuleError::BadValue {
                key: "captures-to-win".to_owned(),
                value: "5".to_owned(),
                expected: "a whole number from 1 to the goats (4)".to_owned(),
            })
        );
        assert!(BaghChalRules::from_pairs([("goats", "6"), ("captures-to-win", "7")]).is_err());
        assert_eq!(
            BaghChalRules::from_pairs([("goats", "6"), ("captures-to-win", "6")])
                .map(|r| r.non_default_pairs()),
            Ok(vec![
                ("captures-to-win".to_owned(), "6".to_owned()),
                ("goats".to_owned(), "6".to_owned())
            ])
        );
    }

    #[test]
    fn captures_to_win_accepts_one_to_twenty() {
        assert_eq!(
            BaghChalRules::from_pairs([("captures-to-win", "1")]).map(|r| r.captures_to_win),
            Ok(1)
        );
        assert_eq!(
            BaghChalRules::from_pairs([("captures-to-win", "20")]).map(|r| r.captures_to_win),
            Ok(20)
        );
        for bad in ["0", "21", "-1", "five", ""] {
            assert!(matches!(
                BaghChalRules::from_pairs([("captures-to-win", bad)]),
                Err(RuleError::BadValue { .. })
            ));
        }
    }

    #[test]
    fn repetition_reads_threefold_as_draw() {
        let r = BaghChalRules::from_pairs([("repetition", "threefold")]);
        assert_eq!(r.map(|r| r.repetition), Ok(Repetition::Draw));
        let r = BaghChalRules::from_pairs([("repetition", "forbidden")]);
        assert_eq!(r.as_ref().map(|r| r.repetition), Ok(Repetition::Forbidden));
        assert_eq!(
            r.map(|r| r.non_default_pairs()),
            Ok(vec![("repetition".to_owned(), "forbidden".to_owned())])
        );
        assert!(BaghChalRules::from_pairs([("repetition", "sometimes")]).is_err());
    }

    #[test]
    fn unknown_key_is_refused() {
        assert!(matches!(
            BaghChalRules::from_pairs([("board", "7")]),
            Err(RuleError::UnknownKey { .. })
        ));
    }
}
