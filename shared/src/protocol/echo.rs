//! How much of a client's text an error reason repeats: a short prefix, never the whole.
//!
//! An error reply names the bad input so that its sender sees what was refused, but a client
//! may send up to the message limit (64 KiB by default) of it: repeated whole, a 60 KB move
//! would come back as a 60 KB error. [`echo`] cuts what the server quotes itself to
//! [`ECHO_CHARS`] characters as a person counts them, with `…` after a cut. [`about`] bounds a
//! reason worded by a parser (the rules' move, position and record errors, the JSON decoder's),
//! which may repeat the input, or any part of it, anywhere: every long run of the reason that
//! repeats the input is cut as [`echo`] cuts it, and the whole reason to [`REASON_CHARS`]
//! characters.

use std::borrow::Cow;

use super::names::first_chars;

/// The most characters of a client's text an error reason repeats.
pub const ECHO_CHARS: usize = 32;

/// The most characters of a reason worded by a parser about a client's text ([`about`]): room
/// for the parser's own words and a few short echoes.
pub const REASON_CHARS: usize = 200;

/// What ends a cut text.
const CUT: &str = "…";

/// `text`, from a client, as an error reason may repeat it: whole when it has at most
/// [`ECHO_CHARS`] characters, else its first [`ECHO_CHARS`] and `…`.
pub fn echo(text: &str) -> Cow<'_, str> {
    cut(text, ECHO_CHARS)
}

/// A `reason` worded by a parser about the client's `input`: every run of it longer than
/// [`ECHO_CHARS`] characters that repeats the input (the whole of it, or any part) cut as
/// [`echo`] cuts it, and the whole to [`REASON_CHARS`] characters.
pub fn about(reason: &str, input: &str) -> String {
    let mut out = String::new();
    let mut kept = 0;
    let mut rest = reason;
    while let Some(c) = rest.chars().next() {
        if kept >= REASON_CHARS {
            out.push_str(CUT);
            return out;
        }
        let run = repeated_run(rest, input);
        if run > 0 {
            out.push_str(&echo(&rest[..run]));
            kept += ECHO_CHARS + 1;
            rest = &rest[run..];
        } else {
            out.push(c);
            kept += 1;
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The length in bytes of the run at the start of `text` that repeats `input` and is longer
/// than [`ECHO_CHARS`] characters; 0 when there is none. The run is followed from the first
/// place in `input` where its first characters are.
fn repeated_run(text: &str, input: &str) -> usize {
    let Some((window_end, _)) = text.char_indices().nth(ECHO_CHARS) else {
        return 0;
    };
    let window_end = window_end + text[window_end..].chars().next().map_or(0, char::len_utf8);
    let Some(at) = input.find(&text[..window_end]) else {
        return 0;
    };
    let same = text
        .bytes()
        .zip(input[at..].bytes())
        .take_while(|(a, b)| a == b)
        .count();
    (0..=same)
        .rev()
        .find(|&end| text.is_char_boundary(end))
        .unwrap_or(0)
}

/// `text` cut to its first `most` characters as a person counts them, and `…` after a cut.
fn cut(text: &str, most: usize) -> Cow<'_, str> {
    let kept = first_chars(text, most);
    if kept.len() == text.len() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(format!("{kept}{CUT}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_repeated_whole_and_a_long_one_by_its_first_characters() {
        assert_eq!(echo("c3"), "c3");
        let exact = "a".repeat(ECHO_CHARS);
        assert_eq!(echo(&exact), exact);
        let long = "z".repeat(60_000);
        assert_eq!(echo(&long), format!("{}…", "z".repeat(ECHO_CHARS)));
        // Characters as a person counts them: a letter and its accent are one, and never split.
        let accented = "e\u{301}".repeat(ECHO_CHARS + 1);
        let echoed = echo(&accented);
        assert_eq!(echoed, format!("{}…", "e\u{301}".repeat(ECHO_CHARS)));
    }

    #[test]
    fn a_parsers_reason_has_every_copy_of_the_input_cut_and_a_bounded_length() {
        let long = "z".repeat(60_000);
        let reason = format!("'{long}' is not a move: '{long}' is not a point");
        let cut = about(&reason, &long);
        let short = format!("{}…", "z".repeat(ECHO_CHARS));
        assert_eq!(
            cut,
            format!("'{short}' is not a move: '{short}' is not a point")
        );
        // A part of the input is cut as the whole is.
        let part = format!("'a1-{long}' is not a move: '{long}' is not a point");
        let cut = about(&part, &format!("a1-{long}"));
        assert_eq!(
            cut,
            format!(
                "'a1-{}…' is not a move: '{short}' is not a point",
                "z".repeat(ECHO_CHARS - 3)
            )
        );
        // A reason made long by something else is bounded all the same.
        let wordy = "no. ".repeat(100);
        let cut = about(&wordy, &long);
        assert_eq!(cut.chars().count(), REASON_CHARS + 1);
        assert!(cut.ends_with('…'));
        // A reason about a short input is left as it is.
        assert_eq!(
            about("'z9' is not a move: no point z9", "z9"),
            "'z9' is not a move: no point z9"
        );
        assert_eq!(about("empty move", ""), "empty move");
    }
}
