//! The thin layer that differs between the desktop and the browser, behind one small interface;
//! everything above it (the app, the protocol, reconnecting) is the same code on both.
//!
//! | what | desktop ([`desktop`]) | browser (`web`, with `client/web/chaupal.js`) |
//! | --- | --- | --- |
//! | [`Socket`]: one websocket connection | a thread with tungstenite (rustls for `wss://`) | the browser's `WebSocket`, JSON text frames |
//! | [`Store`]: the remembered [`Config`] | a JSON file in the user's config folder | `localStorage` |
//! | [`copy_text`] | the window's clipboard | `navigator.clipboard`, or a hidden text area |
//! | [`open_url`] | `xdg-open`, `open` or `start` | a new tab |
//! | [`share`] | the clipboard | the phone's share sheet (`navigator.share`), else the clipboard |
//! | [`set_address`] | nothing | the address bar (`history.replaceState`), keeping the query |
//! | [`location`] | none | the page's address |
//! | [`set_language`] | nothing | the page's `lang` |
//! | [`announce`]: what a screen reader says | nothing | a line of the page's ARIA live region |
//! | [`set_title`] | nothing (the window keeps "Chaupal") | the tab's title |
//! | [`now`] | a monotonic clock | the page's clock |
//! | [`crate::frame_pace`]: waiting for the next frame | a sleep | a timer that wakes the page's event loop |
//! | [`page_hidden`] | never | the tab is in the background |
//! | [`device_online`] | always | `navigator.onLine` |
//! | [`languages`]: the languages the player prefers | `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG` | `navigator.languages` |
//! | [`fetch_font`], [`fonts_fetched`] | nothing: the program carries every font | the font fetched from the server when text in its script appears |
//! | [`publish_hook`] | nothing | `window.chaupal_hook` (pages opened with `?hook`) |
//! | [`probe_asked`], [`probe_said`]: the test hook's stale-frame check | never asked | `window.chaupal_probe(n)` asks, `window.chaupal_probed` answers |
//! | [`text_fields`], [`typed_text`] | nothing: the window takes the keys | a real text input laid over each field, so a phone's keyboard opens; its text comes back |
//! | [`ask_push`], [`push_news`]: notifications of the player's turns | none (never offered) | the browser's Push API through the service worker: permission, subscribing and unsubscribing, what the browser has |
//! | [`set_push_words`]: the words notifications are shown in | nothing | kept for the service worker (IndexedDB) |
//!
//! A [`Socket`] is one attempt: it opens (or fails), carries frames, and closes with a reason in
//! words. Retrying with a growing pause is [`crate::net::NetHandle`]'s business, shared.
//!
//! [`Config`]: crate::config::Config

#[cfg(not(target_arch = "wasm32"))]
pub mod desktop;
#[cfg(not(target_arch = "wasm32"))]
pub use desktop::{
    Socket, Store, announce, ask_push, copy_text, device_online, fetch_font, fonts_fetched,
    languages, location, now, open_url, pace, page_hidden, probe_asked, probe_said, publish_hook,
    push_news, set_address, set_language, set_push_words, set_title, share, text_fields,
    typed_text,
};

#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub use web::{
    Socket, Store, announce, ask_push, copy_text, device_online, fetch_font, fonts_fetched,
    languages, location, now, open_url, pace, page_hidden, probe_asked, probe_said, publish_hook,
    push_news, set_address, set_language, set_push_words, set_title, share, text_fields,
    typed_text,
};

mod socket;
mod typed;

pub use crate::draw::ui::TextField;
pub use socket::{Frame, SocketEvent};
pub use typed::Typed;
