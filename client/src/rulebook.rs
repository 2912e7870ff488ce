//! What the client tells players about each game: the rule options it offers (with the values
//! to choose from), and the rules in a few short lines for the rules screen, where they are
//! shown beside the game's board.

use chaupal_shared::GameKind;

/// One rule option the lobby offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The key, as the shared rules read it.
    pub key: &'static str,
    /// What the lobby calls it.
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
                label: "Captures to win",
                values: &["5", "6", "7", "8", "10", "1", "2", "3", "4"],
            },
            RuleOption {
                key: "repetition",
                label: "Repetition",
                values: &["draw", "forbidden"],
            },
        ],
        GameKind::Kalah => &[
            RuleOption {
                key: "pits",
                label: "Houses a side",
                values: &["6", "7", "8", "1", "2", "3", "4", "5"],
            },
            RuleOption {
                key: "seeds",
                label: "Seeds a house",
                values: &["4", "5", "6", "7", "8", "1", "2", "3"],
            },
            RuleOption {
                key: "empty-capture",
                label: "Lone-seed capture",
                values: &["false", "true"],
            },
        ],
        GameKind::Jungle => &[RuleOption {
            key: "board",
            label: "Board",
            values: &["standard", "small"],
        }],
        GameKind::SholoGuti => &[RuleOption {
            key: "capture",
            label: "Capture",
            values: &["optional", "compulsory"],
        }],
    }
}

/// A rule option's value as the lobby shows it: a yes-or-no rule reads On or Off, the others
/// as they are.
pub fn value_words(value: &str) -> &str {
    match value {
        "true" => "On",
        "false" => "Off",
        other => other,
    }
}

/// A rule that differs from the default, in words: "Lone-seed capture: On", "Board: small".
pub fn describe(kind: GameKind, key: &str, value: &str) -> String {
    let label = options(kind)
        .iter()
        .find(|o| o.key == key)
        .map_or(key, |o| o.label);
    format!("{label}: {}", value_words(value))
}

/// The rules of a game in short lines, for the rules screen.
pub fn summary(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::BaghChal => &[
            "Four tigers hunt twenty goats on a 5 x 5 board of lines.",
            "Goats move first. While goats are in hand, each goat turn places one on any empty \
             point; after all twenty are placed, a goat steps along a line to an empty neighbour.",
            "A tiger steps along a line, or jumps over one goat next to it to the empty point just \
             beyond, capturing it. Tigers never jump tigers; capturing is optional.",
            "Diagonal lines run only through every other point, as drawn.",
            "Tigers win with their fifth capture (a rule option). Goats win when the tigers, to \
             move, are trapped and cannot move.",
            "The same position for the third time is a draw (or, as an option, may not be \
             repeated at all once the goats are placed).",
        ],
        GameKind::Kalah => &[
            "Each side has a row of houses and a store at its right; every house starts with the \
             same number of seeds.",
            "On your turn, take all the seeds of one of your houses and sow them one by one \
             counter-clockwise: your houses, your store, the other side's houses (never the \
             other store).",
            "Last seed in your own store: move again.",
            "Last seed in one of your own empty houses: it and all the seeds of the house \
             opposite go to your store (if the opposite house has any).",
            "When either side's houses are all empty, each side adds its remaining seeds to its \
             store. More seeds wins.",
        ],
        GameKind::Jungle => &[
            "Each side has eight animals; higher ranks take lower ones: elephant 8, lion 7, \
             tiger 6, leopard 5, wolf 4, dog 3, cat 2, rat 1.",
            "A move is one step up, down or sideways. Nobody enters its own den.",
            "Only the rat swims. Lion and tiger leap across the river in a straight line, unless \
             a rat is in the way.",
            "Capture by moving onto an enemy of equal or lower rank; the rat takes the elephant, \
             but the elephant never takes the rat. No capture between water and land.",
            "An enemy on one of your traps can be taken by any of your animals.",
            "Win by entering the enemy den or taking every enemy animal. The small board is a \
             5 x 7 version with four animals a side.",
        ],
        GameKind::SholoGuti => &[
            "Sixteen soldiers a side on 37 points: a 5 x 5 field with a triangle at each end.",
            "A soldier steps along a line to an empty neighbouring point.",
            "It captures by jumping over an enemy next to it along a line to the empty point \
             just beyond; after a capture the same soldier may jump again, in any direction, \
             and stop after any capture.",
            "Option: captures compulsory, and the chain must go on while it can.",
            "Capture every enemy soldier, or leave the other side without a move, to win. The \
             same position three times, or 200 moves without a capture, is a draw.",
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
    /// What the move shows.
    pub caption: &'static str,
}

/// The example shown on each game's rules board.
pub fn example(kind: GameKind) -> Example {
    match kind {
        GameKind::BaghChal => Example {
            position: "T4/5/1GTG1/2G2/T3T t 17 0",
            mv: "c3xe3",
            caption: "The tiger on c3 jumps the goat on d3 along the line and lands on e3:                       the goat is captured. It could also take b3 or c2.",
        },
        GameKind::Kalah => Example {
            position: "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s",
            mv: "3",
            caption: "South sows house 3: one seed each into houses 4, 5 and 6 and the last                       into South's store, so South moves again.",
        },
        GameKind::Jungle => Example {
            position: "l5t/1d3c1/4w1e/7/7/7/2L1P2/1C3D1/T6 s 0",
            mv: "c3-c7",
            caption: "The lion on c3 leaps the river to c7. A rat swimming in the way would                       block the leap.",
        },
        GameKind::SholoGuti => Example {
            position: "3/3/5/3N1/2N2/2S2/5/3/3 s 0",
            mv: "c4xc6xe6",
            caption: "The soldier on c4 jumps c5, then jumps again over d6: two captures in                       one move. It could also stop on c6.",
        },
    }
}

/// How a game is played in this client, in one line.
pub fn how_to_play(kind: GameKind) -> &'static str {
    match kind {
        GameKind::BaghChal => {
            "Tap or click an empty point to place a goat. Drag a piece to a marked point, or tap \
             it and then the point."
        }
        GameKind::Kalah => "Tap or click one of your houses to sow it.",
        GameKind::Jungle => "Drag an animal to a marked square, or tap it and then the square.",
        GameKind::SholoGuti => {
            "Drag a soldier to a marked point, or tap it and then the point; in a chain, tap \
             each landing in turn, or the soldier again to stop."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_or_no_rules_read_on_or_off() {
        assert_eq!(value_words("true"), "On");
        assert_eq!(value_words("false"), "Off");
        assert_eq!(value_words("small"), "small");
        assert_eq!(
            describe(GameKind::Kalah, "empty-capture", "true"),
            "Lone-seed capture: On"
        );
    }
    use chaupal_shared::AnyGame;

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
