//! What a player does in the replay: stepping, playing it out, asking for a review, playing
//! on from a position.

/// What a player does in the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayAction {
    OpenReplay,
    ReplayStep(isize),
    ReplayJump(usize),
    ReplayAutoplay,
    /// Asks the server to review the finished game on the screen (from the game-over screen or
    /// the replay); the review is shown in the replay.
    Review,
    /// Starts a new game against the computer from the position the replay shows, this player
    /// taking the side to move.
    PlayFromHere,
}

impl From<ReplayAction> for crate::app::Action {
    fn from(action: ReplayAction) -> Self {
        crate::app::Action::Replay(action)
    }
}
