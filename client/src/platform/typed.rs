//! What the platform reports of the text fields it lays over the screen's (the phone's
//! keyboard types into them): the same on the desktop and in the browser.

use crate::field::Field;

/// What was typed in a text field the platform laid over the screen's: the field, its whole
/// text, where its caret or selection is, and whether Enter was pressed in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub field: Field,
    pub text: String,
    /// The selection, in characters from the start (start and end equal: the caret).
    pub selection: (usize, usize),
    pub enter: bool,
    /// Whether the field took the focus (a tap on it).
    pub focused: bool,
    /// Whether the field lost the focus (a tap elsewhere, the keyboard closed).
    pub blurred: bool,
}
