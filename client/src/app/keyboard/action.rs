//! What the keyboard does beyond typing: the board's cursor, the move field, the button it
//! stands on.

use crate::geometry::CellName;

/// What a player does in the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// Puts the board's keyboard cursor on this cell (none: takes it off the board).
    Cursor(Option<CellName>),
    /// Enter on the board: a click on the cell under the cursor.
    PickAtCursor,
    /// Escape on the board: lets go of the piece picked up, else takes the cursor away.
    LetGo,
    /// Enter in the move field: plays the move typed, or answers the request.
    PlayTyped,
    /// Tab put the keyboard on this button (its place among the frame's targets, and its
    /// label); none: on no button.
    KeyFocus(Option<(usize, String)>),
}

impl From<KeyAction> for crate::app::Action {
    fn from(action: KeyAction) -> Self {
        crate::app::Action::Key(action)
    }
}
