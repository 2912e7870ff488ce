//! The client's text fields: named by the app (which one takes the typing), by the screens
//! that draw them and by the platforms that put them under the phone's keyboard.

/// The text fields of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// This player's name.
    Name,
    /// A friend's invite code.
    Code,
    /// A device code from another device.
    Device,
    /// A move typed in notation, or a request of the move field (see `app/access.rs`).
    Move,
}
