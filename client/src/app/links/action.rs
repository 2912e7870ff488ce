//! What a player does with links: following one, copying and sharing them, the invitation's
//! card, the card for another device.

use crate::route::Route;

/// What a player does in links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkAction {
    /// Goes where a link or the command line says (join by code, watch, replay): at once when
    /// connected, else as soon as the server has greeted this client.
    Follow(Route),
    /// Puts the link to this player's private game (or its code) on the clipboard.
    CopyInvite,
    /// Puts the link to one of this player's invitations still waiting (by its seek's
    /// number), listed in "My games", on the clipboard.
    CopyWaitingLink(u64),
    /// Puts the invite code alone on the clipboard.
    CopyCode,
    /// Puts the invitation's card aside (the code stays in the lobby).
    CloseInvite,
    /// Passes on the link to the game on the screen (the phone's share sheet, or the
    /// clipboard).
    ShareGame,
    /// Puts aside the card of a link that led nowhere, for the lobby.
    CloseBrokenLink,
    /// Opens the card for playing on another device, asking the server for a device code.
    OpenDevices,
    /// Puts that card aside.
    CloseDevices,
    /// Puts the link that brings another device in as this player on the clipboard.
    CopyDeviceLink,
    /// Uses the device code typed on the card: this device becomes the player who was given
    /// it.
    LinkDevice,
    /// Accepts the invitation on its card: joins its game.
    AcceptInvitation,
    /// Declines the invitation on its card (the server withdraws it and tells the inviter),
    /// for the lobby.
    DeclineInvitation,
}

impl From<LinkAction> for crate::app::Action {
    fn from(action: LinkAction) -> Self {
        crate::app::Action::Link(action)
    }
}
