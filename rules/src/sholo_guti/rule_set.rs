//! The rule options of Sholo Guti: one key, `capture`, `optional` (the default) or
//! `compulsory`.

use crate::rules::{RuleError, RuleSet, parse_choice};

/// Whether a player must capture when a capture is possible.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::sholo_guti::{Capture, SholoGuti, SholoGutiRules};
///
/// let legal = |capture| {
///     let rules = SholoGutiRules { capture };
///     let game = SholoGuti::from_position_text("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0", rules).unwrap();
///     let mut moves = Vec::new();
///     game.legal_moves(&mut moves);
///     moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()
/// };
/// // Optional: a chain may stop after any capture, and steps stay allowed.
/// let optional = legal(Capture::Optional);
/// assert!(optional.contains(&"a3xc3".to_owned()) && optional.contains(&"a7-b7".to_owned()));
/// // Compulsory: south must capture, and go on while the piece can.
/// assert_eq!(legal(Capture::Compulsory), ["a3xc3xc5xe5", "a7xa5"]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Capture {
    /// Captures are never forced, and a chain may stop after any capture.
    #[default]
    Optional,
    /// If any capture is possible, the player must capture, and must continue the chain while
    /// the piece can capture.
    Compulsory,
}

impl Capture {
    /// The value as the rule pair writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Capture::Optional => "optional",
            Capture::Compulsory => "compulsory",
        }
    }
}

/// The rule options of Sholo Guti.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::rules::RuleSet;
/// use chaupal_rules::sholo_guti::{SholoGuti, SholoGutiRules};
///
/// let rules = SholoGutiRules::from_pairs([("capture", "compulsory")]).unwrap();
/// assert_eq!(rules, SholoGutiRules::COMPULSORY);
/// assert!(rules.compulsory());
/// let game = SholoGuti::start(rules);
/// assert!(game.position_text().ends_with(" s 0 capture=compulsory"));
/// assert!(SholoGutiRules::from_pairs([("capture", "sometimes")]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SholoGutiRules {
    /// `capture=optional|compulsory`.
    pub capture: Capture,
}

impl SholoGutiRules {
    /// The rules with compulsory capture.
    pub const COMPULSORY: SholoGutiRules = SholoGutiRules {
        capture: Capture::Compulsory,
    };

    /// Whether captures (and whole chains) are forced.
    #[inline]
    pub const fn compulsory(&self) -> bool {
        matches!(self.capture, Capture::Compulsory)
    }
}

impl RuleSet for SholoGutiRules {
    const GAME: &'static str = "sholo-guti";
    const KEYS: &'static [&'static str] = &["capture"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "capture" => {
                self.capture = match parse_choice(key, value, &["optional", "compulsory"])? {
                    "compulsory" => Capture::Compulsory,
                    _ => Capture::Optional,
                };
                Ok(())
            }
            _ => Err(Self::unknown_key(key)),
        }
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "capture" => Some(self.capture.name().to_owned()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_defaults_to_optional_and_reads_both_values() {
        assert_eq!(SholoGutiRules::default().capture, Capture::Optional);
        let r = SholoGutiRules::from_pairs([("capture", "compulsory")]).unwrap();
        assert_eq!(r, SholoGutiRules::COMPULSORY);
        assert_eq!(
            r.non_default_pairs(),
            [("capture".into(), "compulsory".into())]
        );
        assert!(SholoGutiRules::default().non_default_pairs().is_empty());
        assert!(matches!(
            SholoGutiRules::from_pairs([("capture", "sometimes")]),
            Err(RuleError::BadValue { .. })
        ));
        assert!(matches!(
            SholoGutiRules::from_pairs([("board", "small")]),
            Err(RuleError::UnknownKey { .. })
        ));
    }
}
