//! This player's settings and the text fields: the name (typed, checked, sent and
//! remembered), the invite and device codes typed, the selection in a field, sounds on or off,
//! and the interface's language.

mod action;
pub use action::SettingsAction;

use chaupal_shared::protocol::names::{self, MAX_NAME_CHARS, NameError};

use crate::app::App;
use crate::app::LocalWish;
use crate::app::Outgoing;
use crate::app::lobby::LEVELS;
use crate::app::shell::Tone;
use crate::field::Field;
use crate::say;
use crate::words::{Language, Phrase};

/// A name as the server will take it (composed, trimmed, 1 to 32 characters as a person
/// counts them, nothing hidden, no look-alike scripts, no computer player's name: see
/// `chaupal_shared::protocol::names`); or what is wrong with it, in words.
pub fn clean_name(name: &str) -> Result<String, Phrase> {
    names::clean_name(name).map_err(|e| match e {
        NameError::Empty => say!("name-empty"),
        NameError::TooLong => say!("name-too-long", count = MAX_NAME_CHARS),
        NameError::TooManyBytes => say!("name-too-many-bytes"),
        NameError::Control => say!("name-control"),
        NameError::Bidi => say!("name-bidi"),
        NameError::Invisible => say!("name-invisible"),
        NameError::Hidden => say!("name-hidden"),
        NameError::MixedScripts => say!("name-mixed-scripts"),
        NameError::Reserved => say!("name-reserved"),
    })
}

impl App {
    /// The name, the text fields, sounds and the language.
    // An `if` in an arm says what the action does; as a guard it would send the action on to
    // the last arm, which takes the other families' actions.
    #[allow(clippy::collapsible_match)]
    pub(in crate::app) fn handle_settings(&mut self, action: SettingsAction) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            SettingsAction::EditName => {
                self.settings.name_edit = Some(self.name().to_owned());
                self.keys.focus = Some(Field::Name);
                self.keys.selection = None;
            }
            SettingsAction::TypeName(c) => {
                if let Some(edit) = &self.settings.name_edit
                    && !c.is_control()
                {
                    let longer = format!("{edit}{c}");
                    self.type_name(longer);
                }
            }
            SettingsAction::EraseName => {
                if let Some(edit) = &mut self.settings.name_edit {
                    edit.pop();
                }
            }
            SettingsAction::SaveName => out.extend(self.save_name()),
            SettingsAction::CancelName => {
                self.settings.name_edit = None;
                self.keys.focus = None;
                self.keys.selection = None;
            }
            SettingsAction::Focus(field) => {
                if field != self.keys.focus {
                    self.keys.selection = None;
                }
                self.keys.focus = field;
                if field == Some(Field::Name) && self.settings.name_edit.is_none() {
                    self.settings.name_edit = Some(self.name().to_owned());
                }
            }
            SettingsAction::Select(field, (start, end)) => {
                if self.keys.focus == Some(field) {
                    self.keys.selection = Some((start.min(end), start.max(end)));
                }
            }
            SettingsAction::SetText(Field::Name, text) => {
                if self.settings.name_edit.is_some() {
                    self.type_name(text.chars().filter(|c| !c.is_control()).collect());
                }
            }
            SettingsAction::SetText(Field::Device, text) => {
                if let Some(d) = &mut self.links.devices {
                    d.entry = text
                        .chars()
                        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .take(16)
                        .map(|c| c.to_ascii_uppercase())
                        .collect();
                }
            }
            SettingsAction::SetText(Field::Code, text) => {
                self.lobby.code = text
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .take(16)
                    .map(|c| c.to_ascii_uppercase())
                    .collect();
            }
            SettingsAction::SetText(Field::Move, text) => self.type_move(text),
            SettingsAction::ToggleLanguages => {
                self.settings.languages_open = !self.settings.languages_open
            }
            SettingsAction::SetLanguage(language) => {
                self.settings.languages_open = false;
                if language != self.settings.language || !self.settings.language_chosen {
                    self.settings.language = language;
                    self.settings.language_chosen = true;
                    out.push(Outgoing::Local(LocalWish::SetLanguage(Some(language))));
                }
            }
            SettingsAction::ToggleSound => {
                self.settings.muted = !self.settings.muted;
                self.shell.cues.clear();
                out.push(Outgoing::Local(LocalWish::SetMuted(self.settings.muted)));
            }
        }
        out
    }

    /// Sets what the remembered settings say: this player's name, whether sounds are off, and
    /// the computer's level last chosen (none, or out of range: the lobby's own).
    pub fn remember(&mut self, name: &str, muted: bool, level: Option<u8>) {
        self.settings.name = name.to_owned();
        self.settings.muted = muted;
        if let Some(level) = level.filter(|l| (1..=LEVELS).contains(l)) {
            self.lobby.level = level;
        }
    }

    /// Sets the interface's language: the one the player chose (`chosen`), else the system's
    /// or the browser's.
    pub fn set_language(&mut self, language: Language, chosen: bool) {
        self.settings.language = language;
        self.settings.language_chosen = chosen;
    }

    /// The name field's text as typed: every letter kept up to the limit, and the limit said
    /// when more was typed.
    pub(in crate::app) fn type_name(&mut self, typed: String) {
        if names::name_chars(&typed) > MAX_NAME_CHARS {
            let kept = names::first_chars(&typed, MAX_NAME_CHARS).to_owned();
            self.tell(say!("name-cut", count = MAX_NAME_CHARS), Tone::Problem);
            self.keys.selection = None;
            self.settings.name_edit = Some(kept);
        } else {
            self.settings.name_edit = Some(typed);
        }
    }

    /// Keeps the name typed: checked, sent to the server (which greets this client again under
    /// it), remembered.
    pub(in crate::app) fn save_name(&mut self) -> Vec<Outgoing> {
        let Some(typed) = self.settings.name_edit.clone() else {
            return Vec::new();
        };
        match clean_name(&typed) {
            Ok(name) => {
                self.settings.name_edit = None;
                self.keys.focus = None;
                if name == self.name() {
                    return Vec::new();
                }
                self.settings.name.clone_from(&name);
                self.tell(say!("name-changed", name = &name), Tone::News);
                vec![Outgoing::Local(LocalWish::Rename(name))]
            }
            Err(why) => {
                self.tell(why, Tone::Problem);
                Vec::new()
            }
        }
    }
}

/// This player's settings: the name (and the name being typed), sounds, the language.
#[derive(Clone, Debug)]
pub(in crate::app) struct Settings {
    /// This player's name (as the server greeted them, or as remembered offline).
    pub(in crate::app) name: String,
    /// The name being typed, while the name field is open.
    pub(in crate::app) name_edit: Option<String>,
    /// Whether sounds are off.
    pub(in crate::app) muted: bool,
    /// The interface's language.
    pub(in crate::app) language: Language,
    /// Whether the language was chosen in the app (else it is the system's or the browser's).
    pub(in crate::app) language_chosen: bool,
    /// Whether the list of languages is open.
    pub(in crate::app) languages_open: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            name: String::new(),
            name_edit: None,
            muted: false,
            language: Language::English,
            language_chosen: false,
            languages_open: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ScreenAction;
    use crate::app::testing::*;

    #[test]
    fn the_level_remembered_is_the_lobbys_unless_it_is_no_level() {
        let mut app = App::new(true);
        app.remember("asha", false, Some(6));
        assert_eq!(app.lobby.level, 6);
        app.remember("asha", false, Some(9));
        assert_eq!(app.lobby.level, 6, "a level out of range is not taken");
        app.remember("asha", false, None);
        assert_eq!(app.lobby.level, 6);
    }

    #[test]
    fn a_name_is_typed_checked_and_sent_and_sounds_toggle() {
        let mut app = online();
        app.handle(SettingsAction::EditName);
        assert_eq!(app.name_edit(), Some("a"));
        assert_eq!(app.focus(), Some(Field::Name));
        app.handle(SettingsAction::EraseName);
        assert!(
            app.handle(SettingsAction::SaveName).is_empty(),
            "an empty name is refused"
        );
        assert!(app.notice().is_some_and(|n| n.tone == Tone::Problem));
        for c in "Asha".chars() {
            app.handle(SettingsAction::TypeName(c));
        }
        assert_eq!(
            app.handle(SettingsAction::SaveName),
            [Outgoing::Local(LocalWish::Rename("Asha".into()))]
        );
        assert_eq!(app.name_edit(), None);
        // The phone's keyboard gives the whole text: every letter is kept, accents and all.
        app.handle(SettingsAction::EditName);
        app.handle(SettingsAction::SetText(Field::Name, "José Ñandú".into()));
        assert_eq!(app.name_edit(), Some("José Ñandú"));
        app.handle(SettingsAction::Select(Field::Name, (5, 0)));
        assert_eq!(app.selection(), Some((0, 5)));
        // No more than 32 characters as a person counts them, and the player is told.
        app.handle(ScreenAction::DismissNotice);
        let devanagari = "क्षि".repeat(MAX_NAME_CHARS);
        app.handle(SettingsAction::SetText(Field::Name, devanagari.clone()));
        assert_eq!(
            app.name_edit(),
            Some(devanagari.as_str()),
            "32 syllables fit"
        );
        assert!(app.notice().is_none());
        app.handle(SettingsAction::SetText(Field::Name, "x".repeat(40)));
        assert_eq!(app.name_edit(), Some("x".repeat(MAX_NAME_CHARS).as_str()));
        assert!(
            app.notice()
                .is_some_and(|n| n.tone == Tone::Problem && n.text.english().contains("at most 32")),
            "{:?}",
            app.notice()
        );
        assert_eq!(app.selection(), None, "the caret goes to the end");
        app.handle(SettingsAction::TypeName('y'));
        assert_eq!(app.name_edit().map(str::len), Some(MAX_NAME_CHARS));
        app.handle(SettingsAction::CancelName);
        assert_eq!(
            app.handle(SettingsAction::ToggleSound),
            [Outgoing::Local(LocalWish::SetMuted(true))]
        );
        assert!(app.muted());
        assert_eq!(clean_name("  Bo  ").as_deref(), Ok("Bo"));
        assert_eq!(
            clean_name(&"y".repeat(33)).map_err(|e| e.english()),
            Err("A name has at most 32 characters.".to_owned())
        );
        assert!(clean_name("a\u{7}b").is_err());
    }

    #[test]
    fn each_refusal_of_a_name_is_said_in_words() {
        for (name, english) in [
            ("Asha\u{202e}olleh", "direction of the text"),
            ("\u{200b}\u{200b}", "can be seen"),
            ("As\u{200b}ha", "invisible characters"),
            ("g\u{43e}\u{43e}dA", "Cyrillic or Greek"),
            ("AI level 3", "computer player"),
            ("Asha\u{2028}Bimal", "line breaks"),
        ] {
            let said = clean_name(name).map_err(|e| e.english());
            assert!(
                said.as_ref().is_err_and(|e| e.contains(english)),
                "{name:?}: {said:?}"
            );
        }
        assert_eq!(clean_name("Jose\u{301}").as_deref(), Ok("Jos\u{e9}"));
    }

    /// Whatever the client calls a computer player, in any of its languages, is a name
    /// nobody may take: the server's table of reserved names covers every phrase.
    #[test]
    fn what_the_client_calls_a_computer_player_is_reserved() {
        use crate::words::Words;
        use chaupal_shared::protocol::names::reserved::{ENGINE_NAMES, is_reserved};
        for language in Language::ALL {
            let words = Words::new(language);
            let mut shown = vec![words.t("player-computer"), words.t("mode-computer")];
            for level in 1..=8_u8 {
                shown.push(words.say(&crate::terms::ai_level(level)));
            }
            for engine in ENGINE_NAMES {
                for depth in [1_u32, 6, 64] {
                    shown.push(words.say(&say!("engine-named", name = engine, depth = depth)));
                }
            }
            for text in shown {
                assert!(is_reserved(&text), "{language:?}: {text:?}");
                assert!(names::clean_name(&text).is_err(), "{language:?}: {text:?}");
                let capital = crate::words::capitalise(&text);
                assert!(is_reserved(&capital), "{language:?}: {capital:?}");
            }
        }
    }
}
