//! Properties that must hold for *any* input to the codec and the notation parsers.
//!
//! Each function takes arbitrary input and panics when a property breaks; nothing else. The fuzz
//! targets in `fuzz/` and the proptests in `shared/tests/hostile_input.rs` both call them, so
//! that what the fuzzer explores for hours and what CI checks in seconds are the same
//! properties:
//! - [`codec`]: arbitrary bytes never panic the decoders; whatever decodes as a
//!   [`ClientMessage`] or [`ServerMessage`] (binary or JSON) encodes again in both encodings and
//!   decodes back to the same value.
//! - [`notation`]: arbitrary text never panics a game's parsers; a position that reads prints,
//!   and the printed text reads back to the same position; a move that reads is a legal move,
//!   and every legal move prints and reads back as itself; along a walk of legal moves.
//! - [`record`]: a game record that reads prints, and the printed record reads back the same.
//! - [`name`]: arbitrary text never panics [`clean_name`]; a name it accepts is composed
//!   (NFC), trimmed, within its limits, has something visible, no control or bidirectional
//!   control, no Latin beside Cyrillic or Greek, nothing reserved, no hidden character out of
//!   its place, and is accepted again as itself; canonically equivalent texts get the same
//!   answer.
//!
//! [`notation_bytes`] reads the `notation` target's bytes into a game, rules, a text and a walk
//! (or a record), so that the corpus in `fuzz/corpus/notation/` replays in
//! `shared/tests/fuzz_corpus.rs` exactly as the fuzzer ran it.

use crate::codec::{DEFAULT_MESSAGE_LIMIT, decode_binary, decode_json, encode_binary, encode_json};
use crate::protocol::names::{
    MAX_NAME_BYTES, MAX_NAME_CHARS, characters, clean_name, name_chars, reserved, scripts,
};
use crate::protocol::{ClientMessage, ServerMessage};
use chaupal_rules::GameKind;
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::game::Game;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::record::Record;
use chaupal_rules::rules::RuleSet;
use chaupal_rules::sholo_guti::SholoGuti;

/// Decodes `data` as each message type in each encoding; checks the round trips of what decodes.
pub fn codec(data: &[u8]) {
    codec_for::<ClientMessage>(data);
    codec_for::<ServerMessage>(data);
}

fn codec_for<T>(data: &[u8])
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    if let Ok(msg) = decode_binary::<T>(data, DEFAULT_MESSAGE_LIMIT) {
        round_trips(&msg);
    }
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(msg) = decode_json::<T>(text, DEFAULT_MESSAGE_LIMIT)
    {
        round_trips(&msg);
    }
}

/// A decoded message encodes in both encodings and decodes back to itself.
fn round_trips<T>(msg: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    // A limit well above what any decoded message can grow to when encoded again.
    let limit = 4 * DEFAULT_MESSAGE_LIMIT;
    let bytes = encode_binary(msg).expect("a decoded message encodes (binary)");
    let back: T = decode_binary(&bytes, limit).expect("an encoded message decodes (binary)");
    assert_eq!(&back, msg, "binary round trip");
    let text = encode_json(msg).expect("a decoded message encodes (JSON)");
    let back: T = decode_json(&text, limit).expect("an encoded message decodes (JSON)");
    assert_eq!(&back, msg, "JSON round trip of {text}");
}

/// The notation properties for the game `kind` (see the module comment). `rules` is a line of
/// `KEY=VALUE` pairs (the defaults when it does not read), `text` is tried as a position and as
/// a move, and `walk` chooses legal moves (one byte each) from the start position.
pub fn notation(kind: GameKind, rules: &str, text: &str, walk: &[u8]) {
    match kind {
        GameKind::BaghChal => notation_for::<BaghChal>(rules, text, walk),
        GameKind::Kalah => notation_for::<Kalah>(rules, text, walk),
        GameKind::Jungle => notation_for::<Jungle>(rules, text, walk),
        GameKind::SholoGuti => notation_for::<SholoGuti>(rules, text, walk),
    }
}

fn notation_for<G: Game>(rules: &str, text: &str, walk: &[u8]) {
    let pairs = rules
        .split_whitespace()
        .map(|p| p.split_once('=').unwrap_or((p, "")));
    let rules = G::Rules::from_pairs(pairs).unwrap_or_default();
    if let Ok(game) = G::from_position_text(text, rules.clone()) {
        position_round_trips(&game);
        move_text_is_legal(&game, text);
        walk_from(game, walk, text);
    }
    walk_from(G::start(rules), walk, text);
}

/// Plays the legal moves `walk` chooses, checking every position on the way.
fn walk_from<G: Game>(mut game: G, walk: &[u8], text: &str) {
    let mut moves = Vec::new();
    for &choice in walk {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.make(moves[choice as usize % moves.len()]);
        position_round_trips(&game);
        move_text_is_legal(&game, text);
    }
}

/// A move that reads is legal here, and it prints as text that reads back as the same move.
fn move_text_is_legal<G: Game>(game: &G, text: &str) {
    if let Ok(mv) = game.parse_move(text) {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert!(
            moves.contains(&mv),
            "'{text}' read as {mv:?}, which is not legal in {}",
            game.position_text()
        );
        let printed = game.move_text(mv);
        assert_eq!(game.parse_move(&printed), Ok(mv), "'{printed}' reads back");
    }
}

/// The position prints as text that reads back as the same position, with the same legal
/// moves; every legal move prints and reads back as itself.
fn position_round_trips<G: Game>(game: &G) {
    assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash");
    let text = game.position_text();
    let back = G::from_position_text(&text, game.rules().clone())
        .unwrap_or_else(|e| panic!("printed position '{text}' does not read back: {e}"));
    assert_eq!(back.position_text(), text, "position text round trip");
    assert_eq!(
        back.side_to_move(),
        game.side_to_move(),
        "side to move of '{text}'"
    );
    assert_eq!(back.hash(), game.hash(), "hash of '{text}'");
    assert_eq!(back.rules(), game.rules(), "rules of '{text}'");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(
        moves.is_empty(),
        game.outcome().is_some(),
        "an outcome exactly when no move is legal in '{text}'"
    );
    for &mv in &moves {
        let printed = game.move_text(mv);
        assert_eq!(
            game.parse_move(&printed),
            Ok(mv),
            "legal move '{printed}' in '{text}' reads back"
        );
    }
    // The read position starts a fresh history, and a history only takes moves away (a
    // repetition that ends the game, or a move forbidden because it would repeat): the copy
    // has every legal move of the original, and more only where the history forbade them.
    let mut again = Vec::new();
    back.legal_moves(&mut again);
    for mv in &moves {
        assert!(
            again.contains(mv),
            "legal move {mv:?} of '{text}' is missing after reading it back"
        );
    }
    if let Some(outcome) = back.outcome() {
        assert_eq!(game.outcome(), Some(outcome), "outcome of '{text}'");
    }
}

/// The `notation` fuzz target's input: one byte choosing the game (or, with its high bit, a
/// record), then text lines: a line of rule pairs, a line tried as a position and as a move,
/// and the rest as bytes choosing legal moves for a walk (at most 64 of them).
pub fn notation_bytes(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    if head & 0x80 != 0 {
        if let Ok(text) = std::str::from_utf8(rest) {
            record(text);
        }
        return;
    }
    let kind = GameKind::ALL[usize::from(head & 3)];
    let mut parts = rest.splitn(3, |&b| b == b'\n');
    let rules = String::from_utf8_lossy(parts.next().unwrap_or_default());
    let text = String::from_utf8_lossy(parts.next().unwrap_or_default());
    let walk = parts.next().unwrap_or_default();
    notation(kind, &rules, &text, &walk[..walk.len().min(64)]);
}

/// A record that reads prints as a record that reads back the same.
pub fn record(text: &str) {
    if let Ok(record) = Record::parse(text) {
        let printed = record.to_text();
        let back = Record::parse(&printed)
            .unwrap_or_else(|e| panic!("printed record does not read back: {e}\n{printed}"));
        assert_eq!(back, record, "record round trip:\n{printed}");
    }
}

/// The `names` fuzz target's input: bytes read as UTF-8 (bytes that are not, replaced).
pub fn name_bytes(data: &[u8]) {
    name(&String::from_utf8_lossy(data));
}

/// What [`clean_name`] accepts could fool nobody, and it accepts it again as itself.
pub fn name(text: &str) {
    use unicode_normalization::UnicodeNormalization;
    use unicode_script::{Script, UnicodeScript};
    let decomposed: String = text.nfd().collect();
    let within = |t: &str| t.trim().len() <= 4 * MAX_NAME_BYTES;
    if within(text) && within(&decomposed) {
        assert_eq!(
            clean_name(&decomposed),
            clean_name(text),
            "canonical equivalents: {text:?}"
        );
    }
    let Ok(name) = clean_name(text) else {
        return;
    };
    assert!(unicode_normalization::is_nfc(&name), "not NFC: {name:?}");
    assert!(
        !name.is_empty() && name.trim() == name,
        "not trimmed: {name:?}"
    );
    assert!(name_chars(&name) <= MAX_NAME_CHARS && name.len() <= MAX_NAME_BYTES);
    assert!(
        name.chars().any(characters::is_visible),
        "nothing visible: {name:?}"
    );
    let bidi = |c: &char| {
        matches!(
            c,
            '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
    };
    assert!(!name.chars().any(|c| bidi(&c)), "bidi control: {name:?}");
    assert!(
        !name
            .chars()
            .any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}'),
        "control: {name:?}"
    );
    assert!(!characters::hides_something(&name), "hides: {name:?}");
    // Every joiner stands between two characters that are neither joiners nor spaces.
    let chars: Vec<char> = name.chars().collect();
    for (at, c) in chars.iter().enumerate() {
        if matches!(c, '\u{200C}' | '\u{200D}') {
            let beside = |i: Option<usize>| {
                i.and_then(|i| chars.get(i))
                    .is_some_and(|b| !b.is_whitespace() && !matches!(b, '\u{200C}' | '\u{200D}'))
            };
            assert!(
                beside(at.checked_sub(1)) && beside(Some(at + 1)),
                "joiner: {name:?}"
            );
        }
    }
    assert!(scripts::allowed(&name), "scripts: {name:?}");
    let latin = name.chars().any(|c| c.script() == Script::Latin);
    let look_alike = name.chars().any(|c| {
        matches!(c.script(), Script::Cyrillic | Script::Greek)
            && !c.script_extension().contains_script(Script::Latin)
    });
    assert!(
        !(latin && look_alike),
        "Latin with Cyrillic or Greek: {name:?}"
    );
    assert!(!reserved::is_reserved(&name), "reserved: {name:?}");
    let plain: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let level = plain
        .strip_prefix("ailevel")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    assert!(
        plain != "computer" && !level,
        "a computer player's name: {name:?}"
    );
    assert_eq!(
        clean_name(&name),
        Ok(name.clone()),
        "cleaned again: {name:?}"
    );
}

#[cfg(test)]
mod tests {
    /// The record that the record proptest found: a carriage return inside a tag value
    /// (chaupal-rules' record tests check how it reads).
    #[test]
    fn a_carriage_return_in_a_tag_keeps_the_record_invariant() {
        super::record("[Game \"jungle\"]\n[Second \"the sec\rnd\"]\n\n*\n");
    }
}
