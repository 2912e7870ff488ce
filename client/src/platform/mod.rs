//! The thin layer that differs between the desktop and the browser, behind one small interface;
//! everything above it (the app, the protocol, reconnecting) is the same code on both.
//!
//! | what | desktop ([`desktop`]) | browser ([`web`], with `client/web/chaupal.js`) |
//! | --- | --- | --- |
//! | [`Socket`]: one websocket connection | a thread with tungstenite (rustls for `wss://`) | the browser's `WebSocket`, JSON text frames |
//! | [`Store`]: the remembered [`Config`] | a JSON file in the user's config folder | `localStorage` |
//! | [`copy_text`] | the window's clipboard | `navigator.clipboard`, or a hidden text area |
//! | [`open_url`] | `xdg-open`, `open` or `start` | a new tab |
//! | [`location`] | none | the page's address |
//! | [`set_title`] | nothing (the window keeps "Chaupal") | the tab's title |
//! | [`now`] | a monotonic clock | the page's clock |
//!
//! A [`Socket`] is one attempt: it opens (or fails), carries frames, and closes with a reason in
//! words. Retrying with a growing pause is [`crate::net::NetHandle`]'s business, shared.
//!
//! [`Config`]: crate::config::Config

#[cfg(not(target_arch = "wasm32"))]
pub mod desktop;
#[cfg(not(target_arch = "wasm32"))]
pub use desktop::{Socket, Store, copy_text, location, now, open_url, set_title};

#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub use web::{Socket, Store, copy_text, location, now, open_url, set_title};

/// A websocket payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

/// What a [`Socket`] reports, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The connection is open: frames can go out.
    Open,
    /// A frame from the server.
    Frame(Frame),
    /// The connection failed or ended (the reason in words); nothing follows.
    Closed(String),
}
