//! What a player does to their settings: the name, the text fields that type it, sounds and
//! the language.

use crate::field::Field;
use crate::words::Language;

/// What a player does in the settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsAction {
    /// Opens the name field, with the name as it is.
    EditName,
    TypeName(char),
    EraseName,
    /// Keeps the name typed (sent to the server, remembered).
    SaveName,
    CancelName,
    /// Puts the keyboard's typing in a text field (none: nowhere).
    Focus(Option<Field>),
    /// Where the caret or the selection is in the field that takes the typing (characters
    /// from the start).
    Select(Field, (usize, usize)),
    /// A text field's whole text, as the phone's on-screen keyboard left it.
    SetText(Field, String),
    /// Opens or closes the list of languages.
    ToggleLanguages,
    /// Puts the interface in this language (remembered).
    SetLanguage(Language),
    /// Sounds on or off (remembered).
    ToggleSound,
}

impl From<SettingsAction> for crate::app::Action {
    fn from(action: SettingsAction) -> Self {
        crate::app::Action::Settings(action)
    }
}
