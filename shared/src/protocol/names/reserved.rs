//! Names that pose as the server's own players: what the server calls an AI seat ("AI level
//! 3", "alphabeta depth 6") and what the client shows for one in each of its languages
//! ("Computer", "कंप्यूटर स्तर 3", "AI 3 级"). They are kept in one table, [`RESERVED`]; the
//! client's tests check that every phrase it shows for the computer's players is in it, and
//! the end-to-end tests that the server's seat names are.
//!
//! A name and a pattern are compared by their [`fold`]: UTS #39 skeletons (look-alike letters
//! folded together: Greek ο and Cyrillic о into o, m into rn, capital I into l), lower case,
//! without spaces, punctuation, accents or anything else that is no letter or digit, and with
//! i taken for l (capital I and small l look alike, but only capital I folds so). In a
//! pattern, `#` stands for a number (its digits, or the letters digits fold into: o and l), `@`
//! for the name of one of the server's engines ([`ENGINE_NAMES`]), and `*` for anything,
//! nothing included (an engine's evaluation after `:`). So "A I  Level 9", "ai-level-12",
//! "Al level 3" and "Cοmputer" with a Greek omicron are all reserved.

use unicode_security::skeleton;

/// The names of the server's engines (`chaupal_engine`'s algorithms), which a named engine's
/// seat starts with.
pub const ENGINE_NAMES: [&str; 9] = [
    "random",
    "greedy",
    "minimax",
    "minimax-ab",
    "alphabeta",
    "negamax",
    "negamax-tt",
    "pvs",
    "mcts",
];

/// The reserved patterns (see the module's documentation for `#`, `@` and `*`).
pub const RESERVED: [&str; 24] = [
    // The server's names for AI seats (`engine_name` in server/src/pool.rs): "AI level 3",
    // "alphabeta depth 6", "mcts 500ms", "alphabeta:material depth 4 10000ms".
    "AI level #",
    "@ * depth #",
    "@ * # ms",
    // English (client/locales/en.ftl: ai-level, player-computer, mode-computer,
    // engine-named "{ $name }, depth { $depth }").
    "computer",
    "the computer",
    "computer #",
    // Hindi (hi.ftl), in both spellings of computer.
    "कंप्यूटर",
    "कम्प्यूटर",
    "कंप्यूटर स्तर #",
    "कम्प्यूटर स्तर #",
    "@ * गहराई #",
    // Nepali (ne.ftl).
    "कम्प्युटर",
    "कम्प्युटरसँग",
    "कम्प्युटर स्तर #",
    "@ * गहिराइ #",
    // AI in Devanagari, either language.
    "एआई स्तर #",
    // Bengali (bn.ftl).
    "কম্পিউটার",
    "কম্পিউটার স্তর #",
    "এআই স্তর #",
    "@ * গভীরতা #",
    // Simplified Chinese (zh-Hans.ftl).
    "电脑",
    "AI # 级",
    "AI 等级 #",
    "@ * 深度 #",
];

/// What the digits fold into, besides digits: 0 into o, 1 into l.
const DIGIT_LOOKALIKES: [char; 2] = ['o', 'l'];

/// Whether `name` poses as one of the server's own players: it matches a pattern of
/// [`RESERVED`].
pub fn is_reserved(name: &str) -> bool {
    let name = fold(name);
    RESERVED
        .iter()
        .any(|pattern| matches(&parse(pattern), &name))
}

/// `text` as names are compared: skeleton, lower case, twice (a letter's lower case may have
/// a skeleton of its own); then only letters and digits, i as l.
pub fn fold(text: &str) -> Vec<char> {
    let once = skeleton(text).collect::<String>().to_lowercase();
    let twice = skeleton(&once).collect::<String>().to_lowercase();
    twice
        .chars()
        .filter(|c| c.is_alphanumeric())
        .map(|c| if c == 'i' { 'l' } else { c })
        .collect()
}

/// A piece of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    /// These folded characters.
    Text(Vec<char>),
    /// A number: one or more digits or digit look-alikes.
    Number,
    /// An engine's name.
    Engine,
    /// Anything, or nothing.
    Anything,
}

/// The pieces of a pattern: its words, each folded, or `#`, `@`, `*`.
fn parse(pattern: &str) -> Vec<Piece> {
    pattern
        .split_whitespace()
        .map(|word| match word {
            "#" => Piece::Number,
            "@" => Piece::Engine,
            "*" => Piece::Anything,
            word => Piece::Text(fold(word)),
        })
        .collect()
}

/// Whether the whole of `text` matches the whole of `pieces`.
fn matches(pieces: &[Piece], text: &[char]) -> bool {
    let Some((first, rest)) = pieces.split_first() else {
        return text.is_empty();
    };
    match first {
        Piece::Text(word) => text
            .strip_prefix(word.as_slice())
            .is_some_and(|after| matches(rest, after)),
        Piece::Engine => ENGINE_NAMES.iter().any(|engine| {
            text.strip_prefix(fold(engine).as_slice())
                .is_some_and(|after| matches(rest, after))
        }),
        Piece::Number => {
            let digits = text
                .iter()
                .take_while(|c| c.is_numeric() || DIGIT_LOOKALIKES.contains(c))
                .count();
            (1..=digits).any(|n| matches(rest, &text[n..]))
        }
        Piece::Anything => (0..=text.len()).any(|n| matches(rest, &text[n..])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_fold_into_themselves_or_the_look_alikes() {
        for c in fold("0123456789") {
            assert!(c.is_numeric() || DIGIT_LOOKALIKES.contains(&c), "{c:?}");
        }
        for c in DIGIT_LOOKALIKES {
            assert!(fold("0123456789").contains(&c), "{c:?}");
        }
    }

    #[test]
    fn every_pattern_reads_and_names_something() {
        for pattern in RESERVED {
            let pieces = parse(pattern);
            assert!(
                pieces
                    .iter()
                    .any(|p| matches!(p, Piece::Text(t) if !t.is_empty())),
                "{pattern}"
            );
        }
    }

    #[test]
    fn the_servers_seat_names_are_reserved() {
        for level in 1..=8 {
            assert!(is_reserved(&format!("AI level {level}")));
        }
        for engine in ENGINE_NAMES {
            for name in [
                format!("{engine} depth 6"),
                format!("{engine} 500ms"),
                format!("{engine} depth 4 10000ms"),
                format!("{engine}:material depth 3"),
                format!("{engine}, depth 12"),
            ] {
                assert!(is_reserved(&name), "{name}");
            }
        }
    }

    #[test]
    fn spacing_case_punctuation_and_look_alikes_do_not_hide_a_reserved_name() {
        for name in [
            "Computer",
            "COMPUTER",
            "the Computer",
            "A I  Level 9",
            "ai-level-12",
            "Al level 3",
            "AI level l",
            "AI.level.O",
            "C\u{3bf}mputer",
            "\u{421}\u{43e}mputer",
            "Cömpüter",
            "ＡＩ ｌｅｖｅｌ ３",
            "कंप्यूटर स्तर 3",
            "AI 3 级",
            "电脑",
            "mcts, गहराई 5",
        ] {
            assert!(is_reserved(name), "{name}");
        }
    }

    #[test]
    fn names_that_only_share_a_word_are_free() {
        for name in [
            "greedy",
            "Random Ramesh",
            "Ai",
            "AI",
            "Aileen",
            "computers are fun",
            "My computer",
            "level 3",
            "Player 1",
            "Compute",
            "电脑迷",
            "alphabeta",
        ] {
            assert!(!is_reserved(name), "{name}");
        }
    }
}
