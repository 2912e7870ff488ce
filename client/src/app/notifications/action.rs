//! What a player does with the notifications of their turns: turning them on or off, muting
//! games.

/// What a player does in notifications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PushAction {
    /// Turns on the notifications of this player's turns on this device (the browser asks
    /// the player first).
    TurnOnPush,
    /// Turns them off on this device.
    TurnOffPush,
    /// Mutes (true) or unmutes the notifications of all this player's games.
    MuteAll(bool),
    /// Mutes (true) or unmutes the notifications of one game.
    MuteGame(u64, bool),
}

impl From<PushAction> for crate::app::Action {
    fn from(action: PushAction) -> Self {
        crate::app::Action::Push(action)
    }
}
