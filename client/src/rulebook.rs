//! What the client tells players about each game: the rule options it offers (with the values
//! to choose from), and the rules in a few short lines for the rules screen, where they are
//! shown beside the game's board.

use chaupal_rules::GameKind;

use crate::say;
use crate::words::Phrase;

/// One rule option the lobby offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The key, as the shared rules read it.
    pub key: &'static str,
    /// What the lobby calls it (a message id).
    pub label: &'static str,
    /// The values, default first.
    pub values: &'static [&'static str],
}

/// The options of each game.
pub fn options(kind: GameKind) -> &'static [RuleOption] {
    match kind {
        GameKind::BaghChal => &[
            RuleOption {
                key: "captures-to-win",
                label: "rule-captures-to-win",
                values: &["5", "6", "7", "8", "10", "1", "2", "3", "4"],
            },
            RuleOption {
                key: "repetition",
                label: "rule-repetition",
                values: &["draw", "forbidden"],
            },
        ],
        GameKind::Kalah => &[
            RuleOption {
                key: "pits",
                label: "rule-pits",
                values: &["6", "7", "8", "1", "2", "3", "4", "5"],
            },
            RuleOption {
                key: "seeds",
                label: "rule-seeds",
                values: &["4", "5", "6", "7", "8", "1", "2", "3"],
            },
            RuleOption {
                key: "empty-capture",
                label: "rule-empty-capture",
                values: &["false", "true"],
            },
        ],
        GameKind::Jungle => &[RuleOption {
            key: "board",
            label: "rule-board",
            values: &["standard", "small"],
        }],
        GameKind::SholoGuti => &[RuleOption {
            key: "capture",
            label: "rule-capture",
            values: &["optional", "compulsory"],
        }],
    }
}

/// A rule option's value as the lobby shows it: a yes-or-no rule reads On or Off, a word
/// in the player's language, a number as it is.
pub fn value_words(value: &str) -> Phrase {
    match value {
        "true" => say!("rule-value-on"),
        "false" => say!("rule-value-off"),
        "draw" => say!("rule-value-draw"),
        "forbidden" => say!("rule-value-forbidden"),
        "standard" => say!("rule-value-standard"),
        "small" => say!("rule-value-small"),
        "optional" => say!("rule-value-optional"),
        "compulsory" => say!("rule-value-compulsory"),
        other => Phrase::verbatim(other),
    }
}

/// A rule that differs from the default, in words: "Lone-seed capture: On", "Board: small".
pub fn describe(kind: GameKind, key: &str, value: &str) -> Phrase {
    let rule = options(kind)
        .iter()
        .find(|o| o.key == key)
        .map_or_else(|| Phrase::verbatim(key), |o| Phrase::new(o.label));
    say!("rule-changed", rule = rule, value = value_words(value))
}

/// The rules of a game in short lines (message ids), for the rules screen.
pub fn summary(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::BaghChal => &[
            "rules-baghchal-1",
            "rules-baghchal-2",
            "rules-baghchal-3",
            "rules-baghchal-4",
            "rules-baghchal-5",
            "rules-baghchal-6",
        ],
        GameKind::Kalah => &[
            "rules-kalah-1",
            "rules-kalah-2",
            "rules-kalah-3",
            "rules-kalah-4",
            "rules-kalah-5",
        ],
        GameKind::Jungle => &[
            "rules-jungle-1",
            "rules-jungle-2",
            "rules-jungle-3",
            "rules-jungle-4",
            "rules-jungle-5",
            "rules-jungle-6",
        ],
        GameKind::SholoGuti => &[
            "rules-sholo-guti-1",
            "rules-sholo-guti-2",
            "rules-sholo-guti-3",
            "rules-sholo-guti-4",
            "rules-sholo-guti-5",
        ],
    }
}

/// A position that shows a rule on the board: a move drawn as an arrow, and what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The position, in the game's notation.
    pub position: &'static str,
    /// The move shown, in notation.
    pub mv: &'static str,
    /// What the move shows (a message id).
    pub caption: &'static str,
}

/// The example shown on each game's rules board.
pub fn example(kind: GameKind) -> Example {
    match kind {
        GameKind::BaghChal => Example {
            position: "T4/5/1GTG1/2G2/T3T t 17 0",
            mv: "c3xe3",
            caption: "example-baghchal",
        },
        GameKind::Kalah => Example {
            position: "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s",
            mv: "3",
            caption: "example-kalah",
        },
        GameKind::Jungle => Example {
            position: "l5t/1d3c1/4w1e/7/7/7/2L1P2/1C3D1/T6 s 0",
            mv: "c3-c7",
            caption: "example-jungle",
        },
        GameKind::SholoGuti => Example {
            position: "3/3/5/3N1/2N2/2S2/5/3/3 s 0",
            mv: "c4xc6xe6",
            caption: "example-sholo-guti",
        },
    }
}

/// How a game is played in this client, in one line (a message id).
pub fn how_to_play(kind: GameKind) -> &'static str {
    match kind {
        GameKind::BaghChal => "how-baghchal",
        GameKind::Kalah => "how-kalah",
        GameKind::Jungle => "how-jungle",
        GameKind::SholoGuti => "how-sholo-guti",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_or_no_rules_read_on_or_off() {
        assert_eq!(value_words("true").english(), "On");
        assert_eq!(value_words("false").english(), "Off");
        assert_eq!(value_words("small").english(), "small");
        assert_eq!(value_words("7"), Phrase::verbatim("7"));
        assert_eq!(
            describe(GameKind::Kalah, "empty-capture", "true").english(),
            "Lone-seed capture: On"
        );
    }
    use chaupal_rules::AnyGame;

    #[test]
    fn every_word_value_is_said_in_words() {
        for kind in GameKind::ALL {
            for option in options(kind) {
                for value in option.values {
                    if value.parse::<u32>().is_err() {
                        assert!(value_words(value).id().is_some(), "{kind} {value}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_example_is_a_legal_move_of_its_position() {
        for kind in GameKind::ALL {
            let ex = example(kind);
            let game = AnyGame::from_position_text(kind, ex.position, [("", ""); 0])
                .unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert!(
                game.legal_moves_text().contains(&ex.mv.to_owned()),
                "{kind}: {} not legal",
                ex.mv
            );
        }
    }

    #[test]
    fn every_offered_value_is_accepted_by_the_rules_and_the_first_is_the_default() {
        for kind in GameKind::ALL {
            let defaults = AnyGame::start(kind, [("", ""); 0])
                .expect("start")
                .rule_pairs();
            for option in options(kind) {
                assert!(kind.rule_keys().contains(&option.key), "{}", option.key);
                for value in option.values {
                    assert!(
                        AnyGame::start(kind, [(option.key, *value)]).is_ok(),
                        "{kind} {}={value}",
                        option.key
                    );
                }
                let default = defaults.iter().find(|(k, _)| k == option.key).map(|p| &p.1);
                assert_eq!(default.map(String::as_str), Some(option.values[0]));
            }
        }
    }
}
