//! What [`clean_name`] accepts and refuses, in many scripts, and the attacks it stops.

use super::*;
use unicode_normalization::UnicodeNormalization;

/// `name` is accepted as itself.
#[track_caller]
fn kept(name: &str) {
    assert_eq!(clean_name(name), Ok(name.to_owned()), "{name:?}");
}

/// `name` is refused for `why`.
#[track_caller]
fn refused(name: &str, why: NameError) {
    assert_eq!(clean_name(name), Err(why), "{name:?}");
}

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
    refused("   ", NameError::Empty);
    refused("", NameError::Empty);
    refused("a\u{7}b", NameError::Control);
    let most = "é".repeat(MAX_NAME_CHARS);
    kept(&most);
    refused(&format!("{most}e"), NameError::TooLong);
    // 32 Devanagari syllables of four code points each fit, and 32 flags.
    kept(&"क्षि".repeat(MAX_NAME_CHARS));
    kept(&"🇳🇵".repeat(MAX_NAME_CHARS));
    // A letter under a heap of combining marks is one character, but not a short name.
    let heap = format!("a{}", "\u{301}".repeat(250));
    assert_eq!(name_chars(&heap), 1);
    refused(&heap, NameError::TooManyBytes);
    refused(&"x".repeat(10_000), NameError::TooManyBytes);
}

#[test]
fn a_name_comes_back_composed() {
    // "e" and a combining acute accent become the one letter é (U+00E9).
    assert_eq!(clean_name("Jose\u{301}"), Ok("Jos\u{e9}".to_owned()));
    // Hangul typed as jamo becomes syllables; Devanagari's nukta letters stay decomposed, as
    // NFC has them.
    assert_eq!(
        clean_name("\u{1112}\u{1161}\u{11ab}"),
        Ok("\u{d55c}".to_owned())
    );
    assert_eq!(clean_name("\u{958}"), Ok("\u{915}\u{93c}".to_owned()));
    // Spaces of every kind are trimmed: an en quad, an ideographic space.
    assert_eq!(clean_name("\u{2000}Asha\u{3000}"), Ok("Asha".to_owned()));
}

#[test]
fn names_in_many_scripts_are_welcome() {
    for name in [
        "Asha",
        "José Ñandú",
        "O'Brien-Smith",
        "राम",
        "क्षत्रिय",
        // Devanagari half forms with a zero-width joiner, and a non-joiner that keeps a
        // conjunct apart.
        "क्\u{200d}ष",
        "क्\u{200c}ष",
        "স্ত্রী",
        // Bengali ra and ya-phala with a joiner.
        "র\u{200d}্যাব",
        "李小龙",
        "山田 やまだ タロウ",
        "김민준",
        "韓國 한국",
        "ㄅㄆㄇ 注音",
        "محمد",
        // Persian: Alireza with a non-joiner between its parts.
        "علی\u{200c}رضا",
        "Иван",
        "Ελένη",
        "Ἀλέξανδρος",
        "שלום",
        "Թամար",
        "ธนา",
        "ሰላም",
        // Latin beside one other script (not Cyrillic or Greek).
        "राम Ram",
        "李 Li",
        "Yamada 山田やまだ",
        "Kim 김",
        "Ali علی",
        // Digits, punctuation and emoji belong to every script.
        "Ram ७",
        "Asha 2",
        "★ Asha ★",
        "Asha ❤️",
        "👩\u{200d}💻 Dev",
        "👨\u{200d}👩\u{200d}👧",
        "🏳️\u{200d}🌈",
        "👍🏽",
        "1️⃣ first",
        "🇳🇵 Nepal",
        // Scotland's flag: the black flag, the tags g b s c t, the cancel tag.
        "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} Scot",
        // A Japanese name with an ideographic variation selector.
        "葛\u{e0100}飾",
        "greedy",
        "Ai",
        "My computer",
        // More names as people write them.
        "Zoë",
        "Đặng Thị Ngọc Thịnh",
        "Łukasz Dvořák",
        "İsmail",
        "Ærøskøbing",
        "ʻIolani",
        "xX_Sniper_Xx",
        "Mohammed Al-Hassan",
        "მარიამი",
        "தமிழ்",
        "తెలుగు",
        "ಕನ್ನಡ",
        "മലയാളം",
        "ગુજરાતી",
        "ਪੰਜਾਬੀ",
        "ଓଡ଼ିଆ",
        "සිංහල",
        "ພາສາລາວ",
        "ភាសាខ្មែរ",
        "မြန်မာ",
        "བོད་ཡིག",
        "Ahmed 😎",
        "DJ ♫",
    ] {
        kept(&name.nfc().collect::<String>());
    }
}

#[test]
fn the_attackers_names_are_refused() {
    // Zero-width spaces look empty.
    refused("\u{200b}\u{200b}\u{200b}", NameError::Invisible);
    // The right-to-left override reverses the text around it.
    refused("Asha\u{202e}olleh", NameError::Bidi);
    refused("\u{202e}", NameError::Bidi);
    // Two Cyrillic o among Latin letters.
    refused("g\u{43e}\u{43e}dA", NameError::MixedScripts);
    // The server's own seats.
    refused("AI level 3", NameError::Reserved);
    refused("Computer", NameError::Reserved);
}

#[test]
fn a_name_needs_something_visible() {
    for name in [
        "\u{200b}",
        "\u{2060}\u{feff}",
        "\u{301}\u{301}",
        "\u{fe0f}",
        "\u{3164}",
        "\u{3164}\u{3164} \u{115f}",
        "\u{2800}\u{2800}",
        "\u{200d}",
        "\u{00ad}",
        "\u{e0041}\u{e0049}",
        "\u{3000}\u{200b}\u{3000}",
    ] {
        refused(name, NameError::Invisible);
    }
}

#[test]
fn bidi_controls_and_line_breaks_are_refused_anywhere() {
    for c in [
        '\u{200e}', '\u{200f}', '\u{61c}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}',
        '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ] {
        refused(&format!("Asha{c}Bimal"), NameError::Bidi);
        refused(&format!("علی{c}"), NameError::Bidi);
    }
    for c in ['\n', '\r', '\t', '\u{85}', '\u{2028}', '\u{2029}', '\u{1b}'] {
        refused(&format!("Asha{c}Bimal"), NameError::Control);
    }
}

#[test]
fn hidden_characters_are_refused_where_they_join_nothing() {
    for name in [
        // Zero-width space, word joiner, byte-order mark, soft hyphen, invisible operators.
        "As\u{200b}ha",
        "As\u{2060}ha",
        "As\u{feff}ha",
        "As\u{ad}ha",
        "a\u{2062}b",
        // Hangul filler beside a visible name, and the Mongolian vowel separator.
        "Asha\u{3164}",
        "As\u{180e}ha",
        // Interlinear annotations hide text; a private-use and an unassigned code point.
        "a\u{fff9}b\u{fffa}c\u{fffb}",
        "Asha\u{e000}",
        "Asha\u{10ffff}",
        // Joiners between Latin letters, at either end, twice, between scripts.
        "As\u{200d}ha",
        "As\u{200c}ha",
        "राम\u{200d}",
        "\u{200d}राम",
        "क्\u{200d}\u{200d}ष",
        "क\u{200d}ক",
        "1\u{200d}2",
        "👩\u{200d}",
        "a\u{200d}💻",
        // Selectors after nothing, a space or another selector.
        "\u{fe0f}Asha",
        "Asha \u{fe0f}",
        "❤\u{fe0f}\u{fe0f}",
        // Tags outside a flag, and flags with tags that are no region.
        "Asha\u{e0067}\u{e0062}",
        "\u{1f3f4}\u{e0067}\u{e007f}",
        "\u{1f3f4}\u{e0047}\u{e0042}\u{e0053}\u{e007f}",
        "\u{1f3f4}\u{e0068}\u{e0065}\u{e006c}\u{e006c}\u{e006f}\u{e0020}\u{e0079}\u{e007f}",
        "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}",
        // A mark that starts the name lands on the text before it.
        "\u{301}Asha",
        "\u{20dd}Asha",
    ] {
        refused(name, NameError::Hidden);
    }
}

#[test]
fn look_alike_scripts_are_not_mixed() {
    for name in [
        "g\u{43e}\u{43e}dA",
        // Latin with a Greek omicron, Cyrillic with a Latin a.
        "Cοmputer",
        "Ивaн",
        "Ivan Иван",
        "Ελένη Helen",
        // Two scripts beside Latin, or two non-Latin scripts that are no one writing system.
        "राम Ram রাম",
        "Иван 李",
        "김 やまだ",
        // Latin with Cherokee, which UAX #31 does not recommend.
        "\u{13aa}sha",
    ] {
        refused(name, NameError::MixedScripts);
    }
}

#[test]
fn names_that_pose_as_the_servers_players_are_refused() {
    for name in [
        "Computer",
        "computer",
        "The Computer",
        "AI level 3",
        "A I  Level 9",
        "ai-level-12",
        "Al level 3",
        "ＡＩ ｌｅｖｅｌ ３",
        "Cömputer",
        "alphabeta depth 6",
        "mcts 500ms",
        "pvs, depth 4",
        "कंप्यूटर स्तर 3",
        "कम्प्युटर",
        "এআই স্তর 2",
        "কম্পিউটার",
        "AI 3 级",
        "电脑",
        "random, 深度 2",
    ] {
        refused(name, NameError::Reserved);
    }
}

#[test]
fn an_accepted_name_is_cleaned_to_itself() {
    for name in [
        "  Jose\u{301}  ",
        "\u{1112}\u{1161}\u{11ab}\u{1100}\u{1173}\u{11af}",
        " क्\u{200d}ष ",
        "\u{2000}Asha\u{3000}",
        "Å\u{30a}ngström",
    ] {
        let once = clean_name(name).expect("accepted");
        assert_eq!(clean_name(&once), Ok(once.clone()), "{name:?}");
    }
}
