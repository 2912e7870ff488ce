//! The functions of `client/web/chaupal.js`, the client's miniquad plugin, as the wasm imports
//! them: the only place in the client that needs `unsafe`, allowed here alone.
//!
//! They take and return numbers and JS object handles only. A [`JsObject`] (from sapp-jsutils)
//! is a `#[repr(transparent)]` `i32` naming an object in the JS side's table; bytes cross the
//! boundary only through sapp-jsutils' own `JsObject::buffer` and `JsObject::to_byte_buffer`,
//! which size the Rust buffer from the length the JS side reports (and a typed array in JS drops
//! writes past its end), so nothing here hands JS a pointer into the wasm memory.
#![allow(unsafe_code)]

use sapp_jsutils::JsObject;

/// The version of the plugin's interface; `chaupal.js` declares the same number, and miniquad's
/// loader logs an error when the two differ.
pub const PLUGIN_VERSION: u32 = 7;

// SAFETY: declaring these `safe` is sound because no parameter or result is a pointer: each is
// an `i32` or a `JsObject` handle. A handle passed in is moved (its `Drop` does not run), and the
// plugin takes it out of its table (`consume_js_object`), so it is freed once; a handle returned
// is a fresh entry of that table (or -1 for none), owned by Rust from then on and freed by its
// `Drop`. The functions never call back into the wasm, and catch their own JS exceptions.
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// Opens a websocket to the UTF-8 address in `url` (a buffer); returns the socket's number.
    pub safe fn chaupal_ws_open(url: JsObject) -> i32;
    /// Sends `data` (a buffer: UTF-8 text when `text` is 1, else binary); 1 when it went out.
    pub safe fn chaupal_ws_send(socket: i32, data: JsObject, text: i32) -> i32;
    /// The socket's next event, `{kind, code, data}` (kind 0 open, 1 text, 2 binary, 3 closed;
    /// `data` always a buffer), or none.
    pub safe fn chaupal_ws_poll(socket: i32) -> JsObject;
    /// Closes the socket and forgets it.
    pub safe fn chaupal_ws_close(socket: i32);
    /// The UTF-8 text kept under `key` in `localStorage` (a buffer), or none.
    pub safe fn chaupal_storage_get(key: JsObject) -> JsObject;
    /// The languages the browser prefers, best first: tags joined by commas (a buffer).
    pub safe fn chaupal_languages() -> JsObject;
    /// Keeps `value` under `key` in `localStorage`; 1 when it was kept.
    pub safe fn chaupal_storage_set(key: JsObject, value: JsObject) -> i32;
    /// Puts the text on the clipboard; 1 when the browser offers a way to.
    pub safe fn chaupal_clipboard_write(text: JsObject) -> i32;
    /// Passes the link on: 2 when the browser's share sheet was opened, 1 when it was put on
    /// the clipboard, 0 when neither could be done.
    pub safe fn chaupal_share(url: JsObject) -> i32;
    /// Puts the path in the address bar with `history.replaceState`, keeping the query.
    pub safe fn chaupal_set_address(path: JsObject);
    /// Opens the address in a new tab; 1 when the browser allowed it.
    pub safe fn chaupal_open_url(url: JsObject) -> i32;
    /// Fetches the font whose file name is `name` (a buffer) from the server; 1 when it is
    /// being fetched, 0 when the page names no such font.
    pub safe fn chaupal_font_fetch(name: JsObject) -> i32;
    /// The next font fetched, `{name, data}` (buffers; `data` empty when the fetch failed),
    /// or none.
    pub safe fn chaupal_font_poll() -> JsObject;
    /// The page's address, `window.location.href` (a buffer).
    pub safe fn chaupal_location() -> JsObject;
    /// Sets the tab's title.
    pub safe fn chaupal_set_title(text: JsObject);
    /// Sets the page's language (`<html lang>`).
    pub safe fn chaupal_set_language(tag: JsObject);
    /// Adds a line to the page's live region, which a screen reader reads out.
    pub safe fn chaupal_announce(text: JsObject);
    /// Wakes the page's event loop (which blocks between frames) after `ms` milliseconds, on
    /// the next animation frame for 0, or never for a negative `ms` (only events do); a later
    /// call replaces an earlier one's timer.
    pub safe fn chaupal_wake_after(ms: i32);
    /// 1 while the browser says the device has a network (`navigator.onLine`), else 0.
    pub safe fn chaupal_online() -> i32;
    /// 1 while the tab is hidden (in the background, or the browser minimised).
    pub safe fn chaupal_page_hidden() -> i32;
    /// Lays a real text input over each text field of the screen, from the JSON in `fields`
    /// (a buffer): `{"width":..,"height":..,"focus":"name"|null,"fields":[{"field":"name",
    /// "x":..,"y":..,"w":..,"h":..,"text":".."}]}`, places in layout pixels of a canvas
    /// `width` x `height`; the input of `focus` takes the focus when it was not asked before.
    pub safe fn chaupal_text_fields(fields: JsObject);
    /// What was typed in those inputs since the last call, as a JSON list (a buffer) of
    /// `{"field","text","start","end","enter","focused","blurred"}` (`start` and `end`: the
    /// selection, in code points), or none.
    pub safe fn chaupal_text_poll() -> JsObject;
    /// Publishes the test hook: the JSON text in `json` (a buffer) becomes
    /// `window.chaupal_hook`.
    pub safe fn chaupal_hook(json: JsObject);
    /// The number of the stale-frame check a test asked for since the last call (0: none).
    pub safe fn chaupal_probe_asked() -> u32;
    /// Answers a stale-frame check: the JSON text in `json` (a buffer) becomes
    /// `window.chaupal_probed`.
    pub safe fn chaupal_probe_said(json: JsObject);
    /// Asks the player's permission for notifications, then subscribes the service worker's
    /// push manager with the server's key (base64url, a buffer); the outcome comes through
    /// `chaupal_push_poll`.
    pub safe fn chaupal_push_subscribe(key: JsObject);
    /// Drops the browser's push subscription; the outcome comes through `chaupal_push_poll`.
    pub safe fn chaupal_push_unsubscribe();
    /// What the browser said of push since the last call, the next report as JSON text (a
    /// buffer): `{"kind":"unsupported"}`, `{"kind":"ready","blocked":..,"subscription":..}`,
    /// `{"kind":"subscribed","subscription":..}`, `{"kind":"refused","blocked":..}`,
    /// `{"kind":"failed","detail":".."}` or `{"kind":"unsubscribed"}`, a subscription being
    /// `{"endpoint","p256dh","auth"}` or null; or none.
    pub safe fn chaupal_push_poll() -> JsObject;
    /// Keeps the words the service worker shows notifications in (JSON text, a buffer) in
    /// the site's IndexedDB.
    pub safe fn chaupal_push_words(json: JsObject);
}

/// Tells miniquad's loader which version of the plugin this wasm expects.
// SAFETY: `no_mangle` exports this function under its own name; the name starts with the
// crate's prefix, so it clashes with no other symbol of the program.
#[unsafe(no_mangle)]
pub extern "C" fn chaupal_crate_version() -> u32 {
    PLUGIN_VERSION
}
