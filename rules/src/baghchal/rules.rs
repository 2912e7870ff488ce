//! The variant options of Bagh Chal: how many captures win for the tigers, and what a repeated
//! position means.

use crate::rules::{RuleError, RuleSet, parse_choice, parse_int_in};

/// The rule key of the tigers' winning number of captures.
pub const CAPTURES_TO_WIN: &str = "captures-to-win";
/// The rule key of the repetition rule.
pub const REPETITION: &str = "repetition";

/// The default winning number of captures.
pub const DEFAULT_CAPTURES_TO_WIN: u8 = 5;
/// The fewest captures a rule set may ask for.
pub const MIN_CAPTURES_TO_WIN: u32 = 1;
/// The most captures a rule set may ask for (every goat).
pub const MAX_CAPTURES_TO_WIN: u32 = 20;

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
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaghChalRules {
    /// The tigers win at this capture (1..=20).
    pub captures_to_win: u8,
    /// What a repeated position means.
    pub repetition: Repetition,
}

impl Default for BaghChalRules {
    fn default() -> Self {
        BaghChalRules {
            captures_to_win: DEFAULT_CAPTURES_TO_WIN,
            repetition: Repetition::Draw,
        }
    }
}

impl RuleSet for BaghChalRules {
    const GAME: &'static str = "baghchal";
    const KEYS: &'static [&'static str] = &[CAPTURES_TO_WIN, REPETITION];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            CAPTURES_TO_WIN => {
                let n = parse_int_in(key, value, MIN_CAPTURES_TO_WIN, MAX_CAPTURES_TO_WIN)?;
                // In range 1..=20, so it fits.
                self.captures_to_win = n as u8;
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
            REPETITION => Some(self.repetition.name().to_owned()),
            _ => None,
        }
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
        assert!(r.non_default_pairs().is_empty());
        assert_eq!(
            r.pairs(),
            vec![
                ("captures-to-win".to_owned(), "5".to_owned()),
                ("repetition".to_owned(), "draw".to_owned())
            ]
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
