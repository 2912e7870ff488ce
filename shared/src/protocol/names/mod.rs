//! Players' display names, as the server takes them and the client checks them before
//! sending. [`clean_name`] brings a name to Unicode's composed form (NFC), trims the spaces at
//! both ends, and refuses, in this order:
//!
//! 1. an empty name ([`NameError::Empty`]);
//! 2. control characters, and the line and paragraph separators U+2028 and U+2029
//!    ([`NameError::Control`]);
//! 3. any bidirectional control: U+200E, U+200F, U+061C, U+202A to U+202E, U+2066 to U+2069
//!    ([`NameError::Bidi`]), which reverse or reorder the text around the name;
//! 4. a name with nothing a person sees ([`NameError::Invisible`]): at least one letter,
//!    digit, punctuation mark or symbol that draws something is needed, so spaces,
//!    zero-width characters, marks alone, variation selectors, Hangul fillers or the blank
//!    Braille pattern make no name ([`characters`]);
//! 5. characters that hide ([`NameError::Hidden`]): every default-ignorable or format
//!    character, private-use and unassigned code points, and a combining mark that starts the
//!    name (it would land on the text before it), except where they do something a person
//!    sees ([`characters`] says exactly where): the zero-width joiner and non-joiner between
//!    two letters or marks of one script that uses them (Arabic, Syriac, N'Ko, Mongolian, the
//!    Brahmic scripts of South and Southeast Asia: "क्‍ष", "র‍্য", "علی‌رضا"), and the joiner
//!    inside an emoji sequence ("👩‍💻"); a variation selector right after a letter, digit,
//!    punctuation mark or symbol ("❤️", an ideographic variant); and the tag characters of an
//!    emoji flag of a region ("🏴" and two to six small letters or digits, then the cancel
//!    tag);
//! 6. more than [`MAX_NAME_CHARS`] characters as a person sees them (grapheme clusters: "é",
//!    "क्ष", "স্ত্রী" or a flag each count once; [`NameError::TooLong`]), or more than
//!    [`MAX_NAME_BYTES`] bytes of UTF-8 ([`NameError::TooManyBytes`]);
//! 7. a mix of scripts that Unicode's "Moderately Restrictive" level (UTS #39) forbids
//!    ([`NameError::MixedScripts`], [`scripts`]): one script alone is fine (Japanese's Han,
//!    Hiragana and Katakana, Korean's Han and Hangul, and Han with Bopomofo each count as
//!    one), and so is Latin beside one other recommended script, except Cyrillic and Greek,
//!    whose letters pass for Latin ones ("gооdA" with two Cyrillic o);
//! 8. a name that poses as the server's own players ([`NameError::Reserved`], [`reserved`]):
//!    "Computer", "AI level 3", a named engine's "alphabeta depth 6", and what the client
//!    shows for them in each of its languages, compared without case, spaces, punctuation or
//!    accents, and after folding look-alike letters together (UTS #39 skeletons).
//!
//! Whatever [`clean_name`] accepts, it gives back unchanged when asked again.

pub mod characters;
pub mod reserved;
pub mod scripts;

#[cfg(test)]
mod tests;

use thiserror::Error;
use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

/// The longest display name, in characters as a person sees them.
pub const MAX_NAME_CHARS: usize = 32;

/// The longest display name in bytes of UTF-8: room for 32 characters of any script, even
/// Devanagari or Bengali syllables of four code points each, or emoji of several; a bound on
/// a "character" made of a letter and hundreds of combining marks.
pub const MAX_NAME_BYTES: usize = 400;

/// What is wrong with a name. Its text is the reason the server gives with `bad_name`.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error("the name is longer than {MAX_NAME_CHARS} characters")]
    TooLong,
    #[error("the name takes more than {MAX_NAME_BYTES} bytes")]
    TooManyBytes,
    #[error("the name has control characters or line breaks")]
    Control,
    #[error("the name has characters that change the direction of the text")]
    Bidi,
    #[error("the name has nothing visible")]
    Invisible,
    #[error(
        "the name has invisible or unassigned characters (such as zero-width spaces, or a \
         joiner or selector where it joins nothing)"
    )]
    Hidden,
    #[error(
        "the name mixes scripts whose letters look alike (such as Latin with Cyrillic or Greek)"
    )]
    MixedScripts,
    #[error("the name looks like the name of a computer player")]
    Reserved,
}

/// The characters of `text` as a person counts them.
pub fn name_chars(text: &str) -> usize {
    text.graphemes(true).count()
}

/// `text` cut to its first `most` characters as a person counts them.
pub fn first_chars(text: &str, most: usize) -> &str {
    match text.grapheme_indices(true).nth(most) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

/// Checks and tidies a display name (see the module's documentation): composed (NFC),
/// trimmed, and refused for what could fool a person.
pub fn clean_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    // Composing shrinks a text at most threefold (Hangul jamo into syllables): past this it
    // cannot come within the limit, and is not worth composing.
    if name.len() > 4 * MAX_NAME_BYTES {
        return Err(NameError::TooManyBytes);
    }
    let composed: String = name.nfc().collect();
    let name = composed.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().any(characters::is_control) {
        return Err(NameError::Control);
    }
    if name.chars().any(characters::is_bidi_control) {
        return Err(NameError::Bidi);
    }
    if !name.chars().any(characters::is_visible) {
        return Err(NameError::Invisible);
    }
    if characters::hides_something(name) {
        return Err(NameError::Hidden);
    }
    if name_chars(name) > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    if name.len() > MAX_NAME_BYTES {
        return Err(NameError::TooManyBytes);
    }
    if !scripts::allowed(name) {
        return Err(NameError::MixedScripts);
    }
    if reserved::is_reserved(name) {
        return Err(NameError::Reserved);
    }
    Ok(name.to_owned())
}
