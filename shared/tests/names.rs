//! Display names, as proptests: the properties the `names` fuzz target checks
//! (`chaupal_shared::invariants::name`) on arbitrary text, and on text made of the characters
//! that attacks use (joiners, selectors, tags, bidirectional controls, look-alike letters,
//! the words of reserved names) mixed with letters of many scripts.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use chaupal_shared::invariants;
use proptest::prelude::*;

/// Pieces that names are made of, harmless and hostile.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    "a", "A", "I", "l", "1", "0", "o", "e", " ", "  ", "-", ".", "'", "3", "12",
    "computer", "Computer", "AI", "level", "depth", "ms", "alphabeta", "mcts", ":",
    "\u{43e}", "\u{3bf}", "\u{421}", "\u{41e}", "Иван", "Ελένη", "\u{13aa}",
    "क", "्", "ष", "राम", "স্ত্রী", "র", "য", "ি", "李", "山田", "やまだ", "タロウ", "김", "ㄅ",
    "علی", "رضا", "َ", "שלום", "级", "电脑", "कंप्यूटर", "स्तर", "এআই", "স্তর",
    "\u{200b}", "\u{200c}", "\u{200d}", "\u{2060}", "\u{feff}", "\u{ad}", "\u{3164}",
    "\u{115f}", "\u{2800}", "\u{180e}", "\u{fe0e}", "\u{fe0f}", "\u{e0100}", "\u{301}",
    "\u{308}", "\u{20dd}", "\u{20e3}", "\u{200e}", "\u{200f}", "\u{61c}", "\u{202e}",
    "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\n", "\t", "\u{85}", "\u{1b}",
    "\u{1f3f4}", "\u{e0067}", "\u{e0062}", "\u{e0073}", "\u{e0063}", "\u{e0074}",
    "\u{e007f}", "\u{e0020}", "\u{e0041}", "👩", "💻", "🏳", "🌈", "🏽", "❤", "🇳", "🇵",
    "\u{e000}", "\u{10ffff}", "\u{fff9}", "\u{3000}", "\u{a0}", "\u{2000}", "ａ", "Ｉ",
    "\u{1112}", "\u{1161}", "\u{11ab}", "\u{958}", "Å", "\u{30a}",
];

fn pieces() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..12).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn any_text_keeps_the_name_properties(text in any::<String>()) {
        invariants::name(&text);
    }

    #[test]
    fn hostile_pieces_keep_the_name_properties(text in pieces()) {
        invariants::name(&text);
    }

    #[test]
    fn any_bytes_keep_the_name_properties(data in prop::collection::vec(any::<u8>(), 0..64)) {
        invariants::name_bytes(&data);
    }
}
