//! The interface's words in each of its languages: English, Nepali, Hindi, Bengali and
//! Simplified Chinese, one Project Fluent file each (`client/locales/LANG.ftl`, bundled with
//! the client). [`Words`] gives a message by its id, with its arguments, in the chosen language,
//! or in English where that language lacks it. Moves in notation (a1-e5, house numbers) are
//! never translated. docs/TRANSLATING.md says how to correct a language or add one.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    English,
    Nepali,
    Hindi,
    Bengali,
    Chinese,
}

impl Language {
    /// The languages the interface speaks, in the selector's order (each has its file).
    pub const ALL: [Language; 5] = [
        Language::English,
        Language::Nepali,
        Language::Hindi,
        Language::Bengali,
        Language::Chinese,
    ];

    /// The language's tag (BCP 47), as its file is named.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Nepali => "ne",
            Language::Hindi => "hi",
            Language::Bengali => "bn",
            Language::Chinese => "zh-Hans",
        }
    }

    /// The language's name in itself, as the selector shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Nepali => "नेपाली",
            Language::Hindi => "हिन्दी",
            Language::Bengali => "বাংলা",
            Language::Chinese => "简体中文",
        }
    }

    /// The language's messages.
    fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../locales/en.ftl"),
            Language::Nepali => include_str!("../locales/ne.ftl"),
            Language::Hindi => include_str!("../locales/hi.ftl"),
            Language::Bengali => include_str!("../locales/bn.ftl"),
            Language::Chinese => include_str!("../locales/zh-Hans.ftl"),
        }
    }

    /// The language a tag names (`ne-NP`, `zh-CN`, `hi`, `en_GB.UTF-8`), if the interface
    /// has it: by its language, whatever its region (Chinese in any form gets the Simplified).
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag
            .split(['-', '_', '.'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Language::ALL
            .into_iter()
            .find(|l| l.tag().split('-').next() == Some(primary.as_str()))
    }

    /// The first of the languages a browser or a system prefers (best first) that the
    /// interface has; English when none.
    pub fn preferred<'a>(tags: impl IntoIterator<Item = &'a str>) -> Language {
        tags.into_iter()
            .find_map(Language::from_tag)
            .unwrap_or(Language::English)
    }

    /// The next language in the selector's order (`forward`), or the one before.
    pub fn step(self, forward: bool) -> Language {
        let all = Language::ALL;
        let i = all.iter().position(|l| *l == self).unwrap_or(0);
        let n = all.len();
        all[if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        }]
    }
}

/// A value a message is given: text, a whole number (a number picks the message's plural
/// form), or another phrase (put in words in the same language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Number(i64),
    Phrase(Phrase),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<Phrase> for Arg {
    fn from(p: Phrase) -> Arg {
        Arg::Phrase(p)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as i64)
            }
        })*
    };
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

/// Something to say, in no language yet: a message's id with its arguments, or text to show
/// as it is (a name, a move, a reason the server gave). The state keeps phrases; the screens
/// put them in the chosen language's words when they draw, so a change of language changes
/// everything on the screen at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phrase {
    Message {
        id: &'static str,
        args: Vec<(&'static str, Arg)>,
    },
    Verbatim(String),
}

impl Phrase {
    /// Message `id`, without arguments yet.
    pub fn new(id: &'static str) -> Phrase {
        Phrase::Message {
            id,
            args: Vec::new(),
        }
    }

    /// Text shown as it is, in every language.
    pub fn verbatim(text: impl Into<String>) -> Phrase {
        Phrase::Verbatim(text.into())
    }

    /// The phrase with argument `name` set to `value`.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Phrase {
        if let Phrase::Message { args, .. } = &mut self {
            args.push((name, value.into()));
        }
        self
    }

    /// The phrase in English, for tests and logs (the screens use the player's [`Words`]).
    pub fn english(&self) -> String {
        Words::new(Language::English).say(self)
    }

    /// The message's id (none for verbatim text).
    pub fn id(&self) -> Option<&'static str> {
        match self {
            Phrase::Message { id, .. } => Some(id),
            Phrase::Verbatim(_) => None,
        }
    }
}

/// Tests write names and compare what is said in English.
#[cfg(test)]
mod in_tests {
    use super::Phrase;

    impl From<&str> for Phrase {
        fn from(text: &str) -> Phrase {
            Phrase::verbatim(text)
        }
    }

    impl From<String> for Phrase {
        fn from(text: String) -> Phrase {
            Phrase::verbatim(text)
        }
    }

    impl PartialEq<&str> for Phrase {
        fn eq(&self, english: &&str) -> bool {
            self.english() == *english
        }
    }

    impl PartialEq<str> for Phrase {
        fn eq(&self, english: &str) -> bool {
            self.english() == english
        }
    }

    impl PartialEq<String> for Phrase {
        fn eq(&self, english: &String) -> bool {
            self.english() == *english
        }
    }
}

/// A [`Phrase`]: `say!("id")`, or with arguments `say!("id", name = value, count = n)`.
#[macro_export]
macro_rules! say {
    ($id:literal) => {
        $crate::words::Phrase::new($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::words::Phrase::new($id)$(.arg(stringify!($name), $value))+
    };
}

/// `text` with its first letter a capital (text in a script without capitals is unchanged):
/// a reason said after a colon, shown on a line of its own.
pub fn capitalise(text: &str) -> String {
    let mut letters = text.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => String::new(),
    }
}

/// A language's messages, read from its file.
struct Bundle(FluentBundle<FluentResource>);

impl Bundle {
    fn new(language: Language) -> Bundle {
        let id: LanguageIdentifier = language
            .tag()
            .parse()
            .unwrap_or_else(|_| LanguageIdentifier::default());
        let mut bundle = FluentBundle::new(vec![id]);
        // The client draws its own text, left to right: no bidi isolation marks around
        // arguments.
        bundle.set_use_isolating(false);
        // A file that does not parse whole still gives the messages that do.
        let resource = FluentResource::try_new(language.source().to_owned())
            .unwrap_or_else(|(partial, _)| partial);
        // A message given twice keeps its first text.
        let _ = bundle.add_resource(resource);
        Bundle(bundle)
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> Option<String> {
        let message = self.0.get_message(id)?;
        let pattern = message.value()?;
        let mut errors = Vec::new();
        let text = self.0.format_pattern(pattern, args, &mut errors);
        errors.is_empty().then(|| text.into_owned())
    }

    fn has(&self, id: &str) -> bool {
        self.0.has_message(id)
    }
}

/// The interface's words in one language, with English behind it.
pub struct Words {
    language: Language,
    chosen: Bundle,
    english: Option<Bundle>,
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Words")
            .field("language", &self.language)
            .finish()
    }
}

impl Words {
    /// The words of `language`.
    pub fn new(language: Language) -> Words {
        Words {
            language,
            chosen: Bundle::new(language),
            english: (language != Language::English).then(|| Bundle::new(Language::English)),
        }
    }

    /// The language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The message `id` (English where the language lacks it; the id itself where English does
    /// too, which a test finds).
    pub fn t(&self, id: &str) -> String {
        self.message(id, &[])
    }

    /// The phrase in words.
    pub fn say(&self, phrase: &Phrase) -> String {
        match phrase {
            Phrase::Message { id, args } => self.message(id, args),
            Phrase::Verbatim(text) => text.clone(),
        }
    }

    /// The message `id` given `args`.
    fn message(&self, id: &str, args: &[(&'static str, Arg)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, arg) in args {
            let value = match arg {
                Arg::Text(s) => FluentValue::from(s.clone()),
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Phrase(p) => FluentValue::from(self.say(p)),
            };
            fluent.set(*name, value);
        }
        let args = (!args.is_empty()).then_some(&fluent);
        self.chosen
            .format(id, args)
            .or_else(|| self.english.as_ref()?.format(id, args))
            .unwrap_or_else(|| id.to_owned())
    }

    /// Whether the chosen language has message `id` itself.
    pub fn has(&self, id: &str) -> bool {
        self.chosen.has(id)
    }
}

/// The ids of the messages of a language's file, in order.
pub fn ids(language: Language) -> Vec<String> {
    language
        .source()
        .lines()
        .filter_map(|line| {
            let (id, _) = line.split_once(" =")?;
            let id = id.trim_end();
            let first = id.chars().next()?;
            (first.is_ascii_alphabetic()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .then(|| id.to_owned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The client's source files (tests left out), by path.
    fn sources() -> Vec<(String, String)> {
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    let code = match text.find("#[cfg(test)]") {
                        Some(i) => text[..i].to_owned(),
                        None => text,
                    };
                    out.push((path.display().to_string(), code));
                }
            }
        }
        let mut out = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut out,
        );
        assert!(out.len() > 20, "the sources are found");
        out
    }

    /// The string literals in `code` that look like message ids (`play-resign`).
    fn id_literals(code: &str) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (at, _) in code.match_indices('"') {
            let rest = &code[at + 1..];
            let Some(end) = rest.find('"') else {
                continue;
            };
            let lit = &rest[..end];
            let looks = lit.contains('-')
                && lit.starts_with(|c: char| c.is_ascii_lowercase())
                && lit
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !lit.ends_with('-')
                && !lit.contains("--");
            if looks {
                out.push((at, lit.to_owned()));
            }
        }
        out
    }

    #[test]
    fn every_message_the_code_names_is_in_the_english_file() {
        let english: std::collections::BTreeSet<String> =
            ids(Language::English).into_iter().collect();
        let families: std::collections::BTreeSet<&str> = english
            .iter()
            .filter_map(|id| id.split('-').next())
            .collect();
        // Literals of a message's shape that are not messages: rule keys and screen names.
        let not_messages = ["captures-to-win", "empty-capture", "game-over"];
        let mut missing = Vec::new();
        let mut named = 0;
        for (path, code) in sources() {
            for (at, lit) in id_literals(&code) {
                let before = &code[at.saturating_sub(16)..at];
                // Named where a message is asked for, or of a message's family.
                let asked = ["say!(", ".t(", "Phrase::new("]
                    .iter()
                    .any(|call| before.trim_end().ends_with(call));
                let family = lit.split('-').next().is_some_and(|f| families.contains(f));
                if !(asked || family) || not_messages.contains(&lit.as_str()) {
                    continue;
                }
                named += 1;
                if !english.contains(&lit) {
                    missing.push(format!("{path}: {lit}"));
                }
            }
        }
        assert!(named > 300, "the messages are found in the code ({named})");
        assert!(missing.is_empty(), "not in en.ftl: {missing:#?}");
    }

    #[test]
    fn every_languages_file_parses_whole_with_each_message_once() {
        for language in Language::ALL {
            let parsed = FluentResource::try_new(language.source().to_owned());
            assert!(
                parsed.is_ok(),
                "{}: {:?}",
                language.tag(),
                parsed.err().map(|(_, errors)| errors)
            );
            let mut bundle: FluentBundle<FluentResource> = FluentBundle::new(Vec::new());
            if let Ok(resource) = parsed {
                assert!(
                    bundle.add_resource(resource).is_ok(),
                    "{}: a message given twice",
                    language.tag()
                );
            }
        }
    }

    #[test]
    fn a_browsers_languages_choose_the_interfaces() {
        assert_eq!(Language::preferred(["fr", "de"]), Language::English);
        assert_eq!(Language::preferred([]), Language::English);
        assert_eq!(Language::preferred(["en-GB"]), Language::English);
        for language in Language::ALL {
            assert_eq!(Language::from_tag(language.tag()), Some(language));
            let next = language.step(true);
            assert_eq!(next.step(false), language);
        }
    }

    #[test]
    fn every_language_has_every_message_of_the_english() {
        let english = ids(Language::English);
        assert!(english.len() > 100, "{} messages", english.len());
        let mut problems = Vec::new();
        for language in Language::ALL {
            let words = Words::new(language);
            let missing: Vec<&String> = english.iter().filter(|id| !words.has(id)).collect();
            if !missing.is_empty() {
                problems.push(format!(
                    "{} lacks {} messages: {missing:?}",
                    language.tag(),
                    missing.len()
                ));
            }
            // And nothing the English does not have (a misspelt id would never be asked for).
            let extra: Vec<String> = ids(language)
                .into_iter()
                .filter(|id| !english.contains(id))
                .collect();
            if !extra.is_empty() {
                problems.push(format!(
                    "{} has unknown messages: {extra:?}",
                    language.tag()
                ));
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    /// The variables message `id` takes in `language`'s file (`{ $name }`).
    fn variables(language: Language, id: &str) -> Vec<String> {
        let source = language.source();
        let Some(start) = source.find(&format!("\n{id} =")) else {
            return Vec::new();
        };
        // The message runs until the next line that starts a message or a comment (a line
        // that closes a placeable goes on with it).
        let body: String = source[start + 1..]
            .lines()
            .enumerate()
            .take_while(|(i, l)| *i == 0 || l.starts_with([' ', '}']) || l.is_empty())
            .map(|(_, l)| l)
            .collect::<Vec<_>>()
            .join("\n");
        let mut names: Vec<String> = body
            .split('$')
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect()
            })
            .collect();
        names.sort();
        names.dedup();
        names
    }

    #[test]
    fn every_message_of_every_language_formats_and_keeps_what_it_is_given() {
        let mut problems = Vec::new();
        for language in Language::ALL {
            let words = Words::new(language);
            for id in ids(language) {
                let english = variables(Language::English, &id);
                // What the message is given is all it may use, and all it must say (but
                // `many`, which only picks a form of words).
                for name in variables(language, &id) {
                    if !english.contains(&name) {
                        problems.push(format!("{} {id}: ${name} is never given", language.tag()));
                    }
                }
                for name in english.iter().filter(|n| *n != "many") {
                    if !variables(language, &id).contains(name) {
                        problems.push(format!("{} {id}: leaves out ${name}", language.tag()));
                    }
                }
                // Each plural form, and each side of an agreement.
                for (count, many) in [(0, "no"), (1, "yes"), (2, "no"), (5, "yes"), (21, "no")] {
                    let mut fluent = FluentArgs::new();
                    for name in &english {
                        if name == "many" {
                            fluent.set(name.as_str(), FluentValue::from(many));
                        } else {
                            fluent.set(name.as_str(), FluentValue::from(count));
                        }
                    }
                    let text = words.chosen.format(&id, Some(&fluent));
                    if text.as_deref().is_none_or(|t| t.trim().is_empty()) {
                        problems.push(format!(
                            "{} {id}: does not format with {english:?} = {count}",
                            language.tag()
                        ));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn every_message_of_every_language_draws_every_glyph_and_the_chinese_from_its_own_font() {
        use crate::draw::text::fonts::{self, FontName};
        use crate::draw::text::{Face, Style, Typesetter};
        use std::rc::Rc;
        let setter = Rc::new(Typesetter::new(fonts::carried).expect("the fonts"));
        let faces = [Style::Regular, Style::Bold].map(|s| Face::new(s, Rc::clone(&setter)));
        let mut problems = Vec::new();
        // The fonts a language's own words may need (a player's name aside): the Latin ones
        // (notation, numbers) and its script's.
        let own_fonts = |language: Language, font: FontName| {
            let script = match language {
                Language::English => None,
                Language::Nepali | Language::Hindi => {
                    Some([FontName::Devanagari, FontName::DevanagariBold])
                }
                Language::Bengali => Some([FontName::Bengali, FontName::BengaliBold]),
                Language::Chinese => Some([FontName::ChineseInterface; 2]),
            };
            matches!(font, FontName::Latin | FontName::LatinBold)
                || script.is_some_and(|s| s.contains(&font))
        };
        for language in Language::ALL {
            let words = Words::new(language);
            let mut texts: Vec<String> = Language::ALL
                .iter()
                .map(|l| l.own_name().to_owned())
                .collect();
            for id in ids(language) {
                // Each variable filled with words of the language, as a side's name or a
                // message would be.
                let mut fluent = FluentArgs::new();
                for name in variables(Language::English, &id) {
                    fluent.set(name, FluentValue::from(language.own_name()));
                }
                let text = words.chosen.format(&id, Some(&fluent));
                if text.is_none() {
                    problems.push(format!("{}: {id} does not format", language.tag()));
                }
                for face in &faces {
                    let line = face.line(text.as_deref().unwrap_or(""));
                    if let Some(g) = line.glyphs.iter().find(|g| !own_fonts(language, g.font)) {
                        problems.push(format!(
                            "{}: {id} needs the font {:?} (a script's font is fetched only \
                             for text in that script)",
                            language.tag(),
                            g.font
                        ));
                    }
                }
                texts.extend(text);
            }
            for text in &texts {
                for face in &faces {
                    let line = face.line(text);
                    if line.glyphs.iter().any(|g| g.glyph == 0) {
                        problems.push(format!("{}: a missing glyph in {text:?}", language.tag()));
                    }
                    // The Chinese interface needs only its own small font.
                    let chinese_font =
                        |f: FontName| matches!(f, FontName::ChineseCommon | FontName::ChineseRest);
                    if line.glyphs.iter().any(|g| chinese_font(g.font)) {
                        problems.push(format!(
                            "{}: {text:?} needs more than the interface's Chinese font \
                             (run scripts/subset-fonts.sh)",
                            language.tag()
                        ));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn numbers_pick_the_plural_and_a_missing_message_falls_back_to_english() {
        let en = Words::new(Language::English);
        assert_eq!(en.say(&say!("watching-count", count = 1)), "1 watching");
        assert_eq!(en.say(&say!("watching-count", count = 3)), "3 watching");
        assert_eq!(en.t("no-such-message"), "no-such-message");
    }
}
