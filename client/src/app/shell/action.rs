//! Moving between screens: the rules and back, the connection screen's choices, notices put
//! aside, scrolling.

use chaupal_rules::GameKind;

/// What a player does in the screens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScreenAction {
    ShowRules(GameKind),
    PlayOffline,
    RetryNow,
    DismissNotice,
    /// Back from rules or replay to where the player came from.
    Back,
    /// Scrolls the screen (one taller than the window, on a phone) to this many pixels down.
    ScrollTo(i32),
    /// Scrolls the lobby's lists (their column on a wide window, when they are taller than
    /// it) to this many pixels down.
    ScrollListsTo(i32),
}

impl From<ScreenAction> for crate::app::Action {
    fn from(action: ScreenAction) -> Self {
        crate::app::Action::Screen(action)
    }
}
