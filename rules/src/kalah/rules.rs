//! Kalah's rule options (`pits`, `seeds`, `empty-capture`) as a [`RuleSet`].

use crate::rules::{RuleError, RuleSet, parse_bool, parse_int_in};

/// The fewest houses a side may have.
pub const MIN_PITS: u8 = 1;
/// The most houses a side may have.
pub const MAX_PITS: u8 = 8;
/// The fewest seeds a house may start with.
pub const MIN_SEEDS: u8 = 1;
/// The most seeds a house may start with.
pub const MAX_SEEDS: u8 = 8;
/// Houses a side has by default.
pub const DEFAULT_PITS: u8 = 6;
/// Seeds a house starts with by default.
pub const DEFAULT_SEEDS: u8 = 4;

/// The rule options of Kalah. Build one from `KEY=VALUE` pairs ([`RuleSet::set`]) or with
/// [`KalahRules::new`]; either way the values are always within their ranges.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::kalah::{Kalah, KalahRules};
///
/// let rules = KalahRules::new(4, 3, false).unwrap();
/// assert_eq!((rules.pits(), rules.seeds(), rules.total_seeds()), (4, 3, 24));
/// let game = Kalah::start(rules);
/// assert_eq!(game.position_text(), "3,3,3,3:0/3,3,3,3:0 s pits=4 seeds=3");
/// assert!(KalahRules::new(9, 4, false).is_err()); // at most eight houses a side
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahRules {
    /// Houses a side, `MIN_PITS..=MAX_PITS`.
    pits: u8,
    /// Seeds in each house at the start, `MIN_SEEDS..=MAX_SEEDS`.
    seeds: u8,
    /// Whether a lone last seed in an empty own house is taken even when the opposite house is
    /// empty.
    empty_capture: bool,
}

impl Default for KalahRules {
    fn default() -> Self {
        KalahRules {
            pits: DEFAULT_PITS,
            seeds: DEFAULT_SEEDS,
            empty_capture: false,
        }
    }
}

impl KalahRules {
    /// A rule set from its three options; `pits` and `seeds` must lie in `1..=8`.
    pub fn new(pits: u8, seeds: u8, empty_capture: bool) -> Result<Self, RuleError> {
        let mut rules = KalahRules::default();
        rules.set("pits", &pits.to_string())?;
        rules.set("seeds", &seeds.to_string())?;
        rules.empty_capture = empty_capture;
        Ok(rules)
    }

    /// Houses a side.
    #[inline]
    pub const fn pits(&self) -> u8 {
        self.pits
    }

    /// Seeds in each house at the start.
    #[inline]
    pub const fn seeds(&self) -> u8 {
        self.seeds
    }

    /// Whether the lone last seed is taken even when the opposite house is empty.
    #[inline]
    pub const fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// Seeds in the whole game: `2 * pits * seeds` (at most 128).
    #[inline]
    pub const fn total_seeds(&self) -> u32 {
        2 * self.pits as u32 * self.seeds as u32
    }
}

impl RuleSet for KalahRules {
    const GAME: &'static str = "kalah";
    const KEYS: &'static [&'static str] = &["pits", "seeds", "empty-capture"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "pits" => {
                self.pits = parse_int_in(key, value, MIN_PITS.into(), MAX_PITS.into())? as u8;
            }
            "seeds" => {
                self.seeds = parse_int_in(key, value, MIN_SEEDS.into(), MAX_SEEDS.into())? as u8;
            }
            "empty-capture" => self.empty_capture = parse_bool(key, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "pits" => Some(self.pits.to_string()),
            "seeds" => Some(self.seeds.to_string()),
            "empty-capture" => Some(self.empty_capture.to_string()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_six_houses_of_four_seeds_without_empty_capture() {
        let r = KalahRules::default();
        assert_eq!((r.pits(), r.seeds(), r.empty_capture()), (6, 4, false));
        assert_eq!(r.total_seeds(), 48);
        assert!(r.non_default_pairs().is_empty());
    }

    #[test]
    fn keys_round_trip_in_canonical_order() {
        let r = KalahRules::from_pairs([("empty-capture", "true"), ("seeds", "3"), ("pits", "8")])
            .unwrap();
        assert_eq!(
            r.pairs(),
            vec![
                ("pits".to_owned(), "8".to_owned()),
                ("seeds".to_owned(), "3".to_owned()),
                ("empty-capture".to_owned(), "true".to_owned()),
            ]
        );
        assert_eq!(KalahRules::new(8, 3, true), Ok(r));
    }

    #[test]
    fn out_of_range_values_and_unknown_keys_are_refused() {
        let mut r = KalahRules::default();
        for (k, v) in [("pits", "0"), ("pits", "9"), ("seeds", "0"), ("seeds", "x")] {
            assert!(
                matches!(r.set(k, v), Err(RuleError::BadValue { .. })),
                "{k}={v}"
            );
        }
        assert!(matches!(
            r.set("empty-capture", "yes"),
            Err(RuleError::BadValue { .. })
        ));
        assert!(matches!(
            r.set("stones", "4"),
            Err(RuleError::UnknownKey { .. })
        ));
        assert_eq!(r, KalahRules::default(), "a refused value changes nothing");
        assert!(KalahRules::new(9, 4, false).is_err());
    }
}
