//! Players' display names, as the server takes them and the client checks them before
//! sending: trimmed, at least one character, at most [`MAX_NAME_CHARS`] characters as a person
//! sees them (grapheme clusters: "é" typed as e and an accent, "क्ष", "স্ত্রী" or a flag each
//! count once), at most [`MAX_NAME_BYTES`] bytes of UTF-8, no control characters.

use thiserror::Error;
use unicode_segmentation::UnicodeSegmentation;

/// The longest display name, in characters as a person sees them.
pub const MAX_NAME_CHARS: usize = 32;

/// The longest display name in bytes of UTF-8: room for 32 characters of any script, even
/// Devanagari or Bengali syllables of four code points each, or emoji of several; a bound on
/// a "character" made of a letter and hundreds of combining marks.
pub const MAX_NAME_BYTES: usize = 400;

/// What is wrong with a name.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error("the name is longer than {MAX_NAME_CHARS} characters")]
    TooLong,
    #[error("the name takes more than {MAX_NAME_BYTES} bytes")]
    TooManyBytes,
    #[error("the name has control characters")]
    Control,
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

/// Checks and tidies a display name: trimmed, 1 to 32 characters, no control characters.
pub fn clean_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    if name_chars(name) > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    if name.len() > MAX_NAME_BYTES {
        return Err(NameError::TooManyBytes);
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_counted_as_people_see_them() {
        assert_eq!(name_chars("José"), 4);
        // "e" and a combining acute accent: one character on the screen.
        assert_eq!(name_chars("Jose\u{301}"), 4);
        assert_eq!(name_chars("राम"), 2);
        assert_eq!(name_chars("क्षत्रिय"), 3);
        assert_eq!(name_chars("স্ত্রী"), 1);
        assert_eq!(name_chars("斗兽棋"), 3);
        assert_eq!(name_chars("🇳🇵"), 1, "a flag");
        assert_eq!(first_chars("Ñandú", 3), "Ñan");
        assert_eq!(first_chars("राम", 1), "रा");
        assert_eq!(first_chars("ab", 5), "ab");
    }

    #[test]
    fn a_name_is_trimmed_and_kept_within_its_limits() {
        assert_eq!(clean_name("  José Ñandú "), Ok("José Ñandú".to_owned()));
        assert_eq!(clean_name("   "), Err(NameError::Empty));
        assert_eq!(clean_name("a\u{7}b"), Err(NameError::Control));
        let most = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(clean_name(&most), Ok(most.clone()));
        assert_eq!(clean_name(&format!("{most}e")), Err(NameError::TooLong));
        // 32 Devanagari syllables of four code points each fit, and 32 flags.
        let syllables = "क्षि".repeat(MAX_NAME_CHARS);
        assert_eq!(clean_name(&syllables), Ok(syllables.clone()));
        let flags = "🇳🇵".repeat(MAX_NAME_CHARS);
        assert_eq!(clean_name(&flags), Ok(flags.clone()));
        // A letter under a heap of combining marks is one character, but not a short name.
        let heap = format!("a{}", "\u{301}".repeat(250));
        assert_eq!(name_chars(&heap), 1);
        assert_eq!(clean_name(&heap), Err(NameError::TooManyBytes));
    }
}
