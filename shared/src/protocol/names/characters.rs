//! What each character of a name may be: a control or a bidirectional control (never), visible
//! (a name needs one), or hidden (a default-ignorable or format character, a private-use or
//! unassigned code point, a mark with nothing to sit on), and where a hidden one is allowed
//! because it does something a person sees.
//!
//! - The zero-width non-joiner (U+200C) and joiner (U+200D) change how letters join or form
//!   conjuncts in some scripts: they are allowed between two letters or marks that share one
//!   of [`JOINING_SCRIPTS`] ("क्‍ष" for the half form, Bengali "র‍্য", Persian "علی‌رضا").
//!   The joiner is also allowed inside an emoji sequence: after an emoji (or after the emoji
//!   presentation selector or a skin tone) and before another emoji ("👩‍💻", "🏳️‍🌈").
//!   Anywhere else, at either end, twice in a row, or between Latin letters, they hide.
//! - A variation selector (U+FE00 to U+FE0F, U+E0100 to U+E01EF, the Mongolian ones) chooses
//!   how the character before it is drawn: allowed right after a letter, digit, punctuation
//!   mark or symbol ("❤️", "1️⃣", an ideographic variant of a Japanese name), not after a
//!   space, a mark or another selector.
//! - Tag characters (U+E0020 to U+E007F) are allowed only in the emoji flag of a region: the
//!   black flag U+1F3F4, two to six tags of small letters or digits, and the cancel tag
//!   U+E007F (England, Scotland, Wales). Elsewhere they carry text nobody sees.
//! - Every other default-ignorable code point ([`is_default_ignorable`]: zero-width space,
//!   word joiner, U+FEFF, soft hyphen, Hangul fillers, ...) and every other format character
//!   (general category Cf) hides, and so do private-use and unassigned code points.

use unicode_properties::{
    GeneralCategory, GeneralCategoryGroup, UnicodeEmoji, UnicodeGeneralCategory,
};
use unicode_script::{Script, ScriptExtension};

/// The zero-width non-joiner.
const ZWNJ: char = '\u{200C}';
/// The zero-width joiner.
const ZWJ: char = '\u{200D}';
/// The emoji presentation selector (VS16).
const EMOJI_PRESENTATION: char = '\u{FE0F}';
/// The black flag that starts an emoji tag sequence.
const BLACK_FLAG: char = '\u{1F3F4}';
/// The tag that ends an emoji tag sequence.
const CANCEL_TAG: char = '\u{E007F}';

/// Scripts whose writing uses the zero-width joiner and non-joiner inside words.
pub const JOINING_SCRIPTS: [Script; 17] = [
    Script::Arabic,
    Script::Syriac,
    Script::Nko,
    Script::Mongolian,
    Script::Devanagari,
    Script::Bengali,
    Script::Gurmukhi,
    Script::Gujarati,
    Script::Oriya,
    Script::Tamil,
    Script::Telugu,
    Script::Kannada,
    Script::Malayalam,
    Script::Sinhala,
    Script::Myanmar,
    Script::Khmer,
    Script::Tibetan,
];

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt): characters
/// that a renderer that does not support them shows as nothing.
const DEFAULT_IGNORABLE: [(char, char); 17] = [
    ('\u{00AD}', '\u{00AD}'),
    ('\u{034F}', '\u{034F}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{115F}', '\u{1160}'),
    ('\u{17B4}', '\u{17B5}'),
    ('\u{180B}', '\u{180F}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{206F}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{FE00}', '\u{FE0F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFA0}', '\u{FFA0}'),
    ('\u{FFF0}', '\u{FFF8}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0000}', '\u{E0FFF}'),
];

/// Symbols that draw nothing: the blank Braille pattern, the musical null notehead.
const BLANK_SYMBOLS: [char; 2] = ['\u{2800}', '\u{1D159}'];

/// A control character, or a line or paragraph separator.
pub fn is_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// A bidirectional control: the marks (LRM, RLM, ALM), embeddings, overrides and isolates.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// A default-ignorable code point.
pub fn is_default_ignorable(c: char) -> bool {
    DEFAULT_IGNORABLE
        .iter()
        .any(|&(first, last)| (first..=last).contains(&c))
}

/// A variation selector.
pub fn is_variation_selector(c: char) -> bool {
    matches!(
        c,
        '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{180B}'..='\u{180D}' | '\u{180F}'
    )
}

/// A character that draws something: a letter, digit, punctuation mark or symbol that is not
/// default-ignorable and not blank.
pub fn is_visible(c: char) -> bool {
    is_base(c) && !is_default_ignorable(c) && !BLANK_SYMBOLS.contains(&c)
}

/// A letter, number, punctuation mark or symbol: what a mark or a selector can sit on.
fn is_base(c: char) -> bool {
    matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Letter
            | GeneralCategoryGroup::Number
            | GeneralCategoryGroup::Punctuation
            | GeneralCategoryGroup::Symbol
    )
}

/// Whether `name` has a character that hides where it stands (see the module's
/// documentation). Bidirectional controls are hidden too, though [`is_bidi_control`] names
/// them first.
pub fn hides_something(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    if chars
        .first()
        .is_some_and(|&c| c.general_category_group() == GeneralCategoryGroup::Mark)
    {
        return true;
    }
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let before = at.checked_sub(1).map(|i| chars[i]);
        let after = chars.get(at + 1).copied();
        if c == BLACK_FLAG {
            match flag_tags(&chars[at + 1..]) {
                Some(tags) => at += 1 + tags,
                None => return true,
            }
            continue;
        }
        let fits = match c {
            ZWNJ | ZWJ => joins(c, before, at.checked_sub(2).map(|i| chars[i]), after),
            c if is_variation_selector(c) => before.is_some_and(is_base),
            c => !hides(c),
        };
        if !fits {
            return true;
        }
        at += 1;
    }
    false
}

/// A character that hides wherever it stands.
fn hides(c: char) -> bool {
    is_default_ignorable(c)
        || matches!(
            c.general_category(),
            GeneralCategory::Format
                | GeneralCategory::PrivateUse
                | GeneralCategory::Unassigned
                | GeneralCategory::Surrogate
        )
}

/// After a black flag: how many characters its tag sequence takes (none when no tag follows),
/// or `None` when the tags are not a region's flag.
fn flag_tags(after: &[char]) -> Option<usize> {
    let is_tag = |c: &char| ('\u{E0020}'..='\u{E007F}').contains(c);
    let tags = after.iter().take_while(|c| is_tag(c)).count();
    if tags == 0 {
        return Some(0);
    }
    let (spec, end) = after[..tags].split_at(tags - 1);
    let letters_or_digits = spec
        .iter()
        .all(|c| matches!(c, '\u{E0030}'..='\u{E0039}' | '\u{E0061}'..='\u{E007A}'));
    (end == [CANCEL_TAG] && (2..=6).contains(&spec.len()) && letters_or_digits).then_some(tags)
}

/// Whether a joiner or non-joiner `c` does something between `before` and `after`
/// (`before_that` is the character before `before`).
fn joins(c: char, before: Option<char>, before_that: Option<char>, after: Option<char>) -> bool {
    let (Some(before), Some(after)) = (before, after) else {
        return false;
    };
    if in_joining_script(before, after) {
        return true;
    }
    c == ZWJ && ends_emoji(before, before_that) && is_emoji(after)
}

/// Two letters or marks that share a script of [`JOINING_SCRIPTS`] (a character of every
/// script, such as a digit or a generic accent, shares none).
fn in_joining_script(a: char, b: char) -> bool {
    let letter_or_mark = |c: char| {
        matches!(
            c.general_category_group(),
            GeneralCategoryGroup::Letter | GeneralCategoryGroup::Mark
        )
    };
    let (sa, sb) = (ScriptExtension::from(a), ScriptExtension::from(b));
    let every_script = |s: ScriptExtension| s.is_common() || s.is_inherited();
    if !letter_or_mark(a) || !letter_or_mark(b) || every_script(sa) || every_script(sb) {
        return false;
    }
    let shared = sa.intersection(sb);
    JOINING_SCRIPTS.iter().any(|&s| shared.contains_script(s))
}

/// An emoji character, not one of the ASCII digits and signs that are emoji only in keycaps.
fn is_emoji(c: char) -> bool {
    !c.is_ascii() && c.is_emoji_char()
}

/// Whether `c` (after `before`) ends an emoji: an emoji, a skin tone, or the emoji
/// presentation selector after an emoji.
fn ends_emoji(c: char, before: Option<char>) -> bool {
    is_emoji(c) || (c == EMOJI_PRESENTATION && before.is_some_and(is_emoji))
}
