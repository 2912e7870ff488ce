//! The rule options of Jungle: which board is played (`board=standard`, the default, or
//! `board=small`), as `KEY=VALUE` pairs.

use std::fmt;

use crate::rules::{RuleError, RuleSet, parse_choice};

/// Which board a game of Jungle is played on.
///
/// ```
/// use chaupal_rules::jungle::{BoardSize, JungleRules};
/// use chaupal_rules::rules::RuleSet;
///
/// assert_eq!(BoardSize::default(), BoardSize::Standard);
/// let rules = JungleRules::from_pairs([("board", "small")]).unwrap();
/// assert_eq!(rules.board, BoardSize::Small);
/// assert_eq!(BoardSize::Small.to_string(), "small");
/// // `full` and `large` are other names of the standard board.
/// let large = JungleRules::from_pairs([("board", "large")]).unwrap();
/// assert_eq!(large.board, BoardSize::Standard);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardSize {
    /// The full 7 x 9 board of the rule book, eight animals a side.
    #[default]
    Standard,
    /// The reduced 5 x 7 board, four animals a side (elephant, lion, cat, rat).
    Small,
}

impl BoardSize {
    /// The value as rule pairs write it: `standard` or `small`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Standard => "standard",
            BoardSize::Small => "small",
        }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule options of Jungle.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::jungle::{BoardSize, Jungle, JungleRules};
///
/// let rules = JungleRules::with_board(BoardSize::Small);
/// let game = Jungle::start(rules.clone());
/// assert_eq!(game.position_text(), "l4/r2ce/5/5/5/EC2R/4L s 0 board=small");
/// // A position's rule pairs apply on top of the rules it is read with.
/// let again = Jungle::from_position_text(&game.position_text(), JungleRules::default()).unwrap();
/// assert_eq!(again.rules(), &rules);
/// assert_eq!(again.geometry().files, 5);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct JungleRules {
    /// The board (and with it the set of animals and the start position).
    pub board: BoardSize,
}

impl JungleRules {
    /// The rule key of the board option.
    pub const BOARD: &'static str = "board";
    /// The values `board` accepts when read: the canonical two, and `full` and `large` as
    /// aliases of `standard`.
    const BOARD_VALUES: &'static [&'static str] = &["standard", "small", "full", "large"];

    /// The rules with the given board and defaults for the rest.
    pub const fn with_board(board: BoardSize) -> Self {
        JungleRules { board }
    }
}

impl RuleSet for JungleRules {
    const GAME: &'static str = "jungle";
    const KEYS: &'static [&'static str] = &[Self::BOARD];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            Self::BOARD => {
                self.board = match parse_choice(key, value, Self::BOARD_VALUES)? {
                    "small" => BoardSize::Small,
                    _ => BoardSize::Standard,
                };
                Ok(())
            }
            _ => Err(Self::unknown_key(key)),
        }
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            Self::BOARD => Some(self.board.name().to_owned()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_defaults_to_standard_and_reads_its_aliases() {
        assert_eq!(JungleRules::default().board, BoardSize::Standard);
        for alias in ["standard", "full", "large"] {
            let r = JungleRules::from_pairs([("board", alias)]).unwrap();
            assert_eq!(r.board, BoardSize::Standard);
            assert_eq!(r.get("board").as_deref(), Some("standard"));
            assert!(r.non_default_pairs().is_empty());
        }
        let small = JungleRules::from_pairs([("board", "small")]).unwrap();
        assert_eq!(small.board, BoardSize::Small);
        assert_eq!(
            small.non_default_pairs(),
            vec![("board".to_owned(), "small".to_owned())]
        );
    }

    #[test]
    fn unknown_keys_and_values_are_refused() {
        assert!(matches!(
            JungleRules::from_pairs([("pits", "6")]),
            Err(RuleError::UnknownKey { .. })
        ));
        assert!(matches!(
            JungleRules::from_pairs([("board", "tiny")]),
            Err(RuleError::BadValue { .. })
        ));
    }
}
