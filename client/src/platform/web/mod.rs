//! The browser's side of [`crate::platform`], over the miniquad plugin `client/web/chaupal.js`
//! (imported in [`js`]): the page's `WebSocket` with JSON text frames, the settings in
//! `localStorage`, the clipboard, new tabs, the page's address and title, and the Push API
//! (`push`). Text crosses as UTF-8
//! bytes and is checked on arrival ([`String::from_utf8`]).

mod js;
mod push;

pub use push::{ask_push, push_news, set_push_words};

use sapp_jsutils::JsObject;

use super::socket::{Frame, SocketEvent};
use super::typed::Typed;
use crate::config::Config;
use crate::draw::text::fonts::{ALL as ALL_FONTS, FontName};
use crate::draw::ui::TextField;
use crate::field::Field;
use crate::net::wording;
use crate::say;
use crate::words::Phrase;

/// The `localStorage` key of the remembered settings.
pub const STORAGE_KEY: &str = "chaupal.client";

/// The kinds of event the plugin reports for a socket.
const OPEN: u32 = 0;
const TEXT: u32 = 1;
const BINARY: u32 = 2;
const CLOSED: u32 = 3;

/// The plugin's close code for a page whose address (Origin) the server refuses; the reason
/// is the page's origin, then on a line of its own the address the server allows, if any.
/// Must equal NOT_ALLOWED in client/web/chaupal.js.
const NOT_ALLOWED: u32 = 4403;

/// Normal closure and "going away": the server ended the connection on purpose.
const CLOSE_NORMAL: u32 = 1000;
const CLOSE_AWAY: u32 = 1001;

/// A handle for text, as UTF-8 bytes.
fn bytes(text: &str) -> JsObject {
    JsObject::buffer(text.as_bytes())
}

/// The bytes of a buffer the plugin returned, or none for none.
fn read_bytes(object: &JsObject) -> Option<Vec<u8>> {
    if object.is_nil() || object.is_undefined() {
        return None;
    }
    let mut buf = Vec::new();
    object.to_byte_buffer(&mut buf);
    Some(buf)
}

/// The text of a buffer the plugin returned (none for none, or bytes that are not UTF-8).
fn read_text(object: &JsObject) -> Option<String> {
    String::from_utf8(read_bytes(object)?).ok()
}

/// Seconds on the page's clock.
pub fn now() -> f64 {
    macroquad::miniquad::date::now()
}

/// One websocket connection of the page.
pub struct Socket {
    id: i32,
    url: String,
    opened: bool,
    closed: bool,
}

impl Socket {
    /// Starts connecting to `url`.
    pub fn open(url: &str) -> Socket {
        Socket {
            id: js::chaupal_ws_open(bytes(url)),
            url: url.to_owned(),
            opened: false,
            closed: false,
        }
    }

    /// Sends a frame (dropped when the connection is not open).
    pub fn send(&mut self, frame: Frame) {
        let _ = match frame {
            Frame::Text(t) => js::chaupal_ws_send(self.id, bytes(&t), 1),
            Frame::Binary(b) => js::chaupal_ws_send(self.id, JsObject::buffer(&b), 0),
        };
    }

    /// Everything that happened since the last call.
    pub fn poll(&mut self) -> Vec<SocketEvent> {
        let mut out = Vec::new();
        while !self.closed {
            let event = js::chaupal_ws_poll(self.id);
            if event.is_nil() || event.is_undefined() {
                break;
            }
            let kind = event.field_u32("kind");
            let data = read_bytes(&event.field("data")).unwrap_or_default();
            match kind {
                OPEN => {
                    self.opened = true;
                    out.push(SocketEvent::Open);
                }
                TEXT => match String::from_utf8(data) {
                    Ok(t) => out.push(SocketEvent::Frame(Frame::Text(t))),
                    Err(_) => {
                        self.closed = true;
                        out.push(SocketEvent::Closed(say!("problem-not-utf8")));
                    }
                },
                BINARY => out.push(SocketEvent::Frame(Frame::Binary(data))),
                CLOSED => {
                    self.closed = true;
                    let reason = String::from_utf8_lossy(&data).into_owned();
                    let code = event.field_u32("code");
                    if code == NOT_ALLOWED {
                        let (page, allowed) = reason.split_once('\n').unwrap_or((&reason, ""));
                        out.push(SocketEvent::NotAllowed(wording::not_allowed(page, allowed)));
                    } else {
                        out.push(SocketEvent::Closed(self.why(code, &reason)));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Why the connection ended, in words: the browser says only the close code and reason.
    fn why(&self, code: u32, reason: &str) -> Phrase {
        if !self.opened {
            wording::not_reached(&self.url)
        } else if !reason.trim().is_empty() || code == CLOSE_NORMAL || code == CLOSE_AWAY {
            wording::closed_by_server(Some(reason))
        } else {
            wording::lost()
        }
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        js::chaupal_ws_close(self.id);
    }
}

/// The settings in the page's `localStorage`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    key: &'static str,
}

impl Store {
    /// The settings of this site.
    pub fn standard() -> Store {
        Store { key: STORAGE_KEY }
    }

    /// The remembered settings (empty when there are none yet); a problem in words.
    pub fn load(&self) -> Result<Config, Phrase> {
        match read_text(&js::chaupal_storage_get(bytes(self.key))) {
            None => Ok(Config::default()),
            Some(text) => Config::from_json(&text)
                .map_err(|e| say!("problem-settings-invalid", detail = e.to_string())),
        }
    }

    /// Keeps the settings for next time.
    pub fn save(&self, config: &Config) -> Result<(), Phrase> {
        let text = config
            .to_json()
            .map_err(|e| say!("problem-settings", detail = e.to_string()))?;
        match js::chaupal_storage_set(bytes(self.key), bytes(&text)) {
            1 => Ok(()),
            _ => Err(say!("problem-no-storage")),
        }
    }
}

/// Puts `text` on the clipboard.
pub fn copy_text(text: &str) -> Result<(), Phrase> {
    match js::chaupal_clipboard_write(bytes(text)) {
        1 => Ok(()),
        _ => Err(say!("problem-no-copy", text = text)),
    }
}

/// Passes a link on: the phone's share sheet where the browser has one (`Ok(false)`), else
/// the clipboard (`Ok(true)`: copied).
pub fn share(link: &str) -> Result<bool, Phrase> {
    match js::chaupal_share(bytes(link)) {
        2 => Ok(false),
        1 => Ok(true),
        _ => Err(say!("problem-no-copy", text = link)),
    }
}

/// Starts fetching the font `name` from the server; false when the page names no such font.
pub fn fetch_font(name: FontName) -> bool {
    js::chaupal_font_fetch(bytes(name.file())) == 1
}

/// The fonts fetched since the last call, with their bytes (none for a fetch that failed).
pub fn fonts_fetched() -> Vec<(FontName, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    loop {
        let came = js::chaupal_font_poll();
        if came.is_nil() || came.is_undefined() {
            return out;
        }
        let Some(name) = read_text(&came.field("name")) else {
            continue;
        };
        let Some(font) = ALL_FONTS.iter().copied().find(|f| f.file() == name) else {
            continue;
        };
        let data = read_bytes(&came.field("data")).filter(|d| !d.is_empty());
        out.push((font, data));
    }
}

/// The languages the browser prefers, best first (`navigator.languages`), as tags.
pub fn languages() -> Vec<String> {
    read_text(&js::chaupal_languages())
        .map(|tags| {
            tags.split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the device has a network, as the browser says (`navigator.onLine`).
pub fn device_online() -> bool {
    js::chaupal_online() == 1
}

/// Puts `path` in the address bar (the page's query kept), without a new history entry.
pub fn set_address(path: &str) {
    js::chaupal_set_address(bytes(path));
}

/// Opens `url` in a new tab.
pub fn open_url(url: &str) -> Result<(), Phrase> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(say!("problem-not-web-address", url = url));
    }
    match js::chaupal_open_url(bytes(url)) {
        1 => Ok(()),
        _ => Err(say!("problem-popup", url = url)),
    }
}

/// The page's address.
pub fn location() -> Option<String> {
    read_text(&js::chaupal_location())
}

/// Sets the tab's title.
pub fn set_title(title: &str) {
    js::chaupal_set_title(bytes(title));
}

/// Sets the page's language (its `lang`), by its tag.
pub fn set_language(tag: &str) {
    js::chaupal_set_language(bytes(tag));
}

/// Says `text` to a screen reader: a line of the page's live region.
pub fn announce(text: &str) {
    js::chaupal_announce(bytes(text));
}

/// Asks for the next frame after `wait` seconds, or for none (`None`: input, a resize and the
/// websocket's messages wake the page's event loop, which blocks between frames). `idle` and
/// `spent` are the desktop's business.
pub fn pace(wait: Option<f32>, _idle: f32, _spent: f32) {
    match wait {
        Some(w) if w <= crate::frame_pace::FULL_RATE => {
            macroquad::miniquad::window::schedule_update();
        }
        Some(w) => js::chaupal_wake_after((w * 1000.0).round() as i32),
        None => js::chaupal_wake_after(-1),
    }
}

/// Publishes the test hook's JSON as `window.chaupal_hook` (see [`crate::hook`]).
pub fn publish_hook(json: &str) {
    js::chaupal_hook(bytes(json));
}

/// The number of the stale-frame check a test asked for (`window.chaupal_probe`) since the
/// last call, if any.
pub fn probe_asked() -> Option<u32> {
    Some(js::chaupal_probe_asked()).filter(|n| *n != 0)
}

/// Answers a stale-frame check with its JSON, as `window.chaupal_probed`.
pub fn probe_said(json: &str) {
    js::chaupal_probe_said(bytes(json));
}

/// Whether the tab is hidden.
pub fn page_hidden() -> bool {
    js::chaupal_page_hidden() == 1
}

/// The text fields as the plugin reads them: the canvas's size in layout pixels (which the
/// fields' places are in), the field the client wants the typing in, and the fields.
#[derive(serde::Serialize)]
struct FieldList<'a> {
    width: f32,
    height: f32,
    focus: Option<&'static str>,
    fields: Vec<FieldBox<'a>>,
}

/// A text field as the plugin reads it.
#[derive(serde::Serialize)]
struct FieldBox<'a> {
    field: &'static str,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    text: &'a str,
    label: &'a str,
}

/// What the plugin reports of its inputs.
#[derive(serde::Deserialize)]
struct FieldNews {
    field: String,
    text: String,
    #[serde(default)]
    start: usize,
    #[serde(default)]
    end: usize,
    #[serde(default)]
    enter: bool,
    #[serde(default)]
    focused: bool,
    #[serde(default)]
    blurred: bool,
}

/// A field's name for the plugin.
fn field_name(field: Field) -> &'static str {
    match field {
        Field::Name => "name",
        Field::Code => "code",
        Field::Device => "device",
        Field::Move => "move",
    }
}

/// Lays a real text input over each of the screen's text fields (none: removes them), so that
/// a tap on one opens a phone's on-screen keyboard; the field in `focus` takes the typing
/// when it was not the one asked for before.
pub fn text_fields(fields: &[TextField], focus: Option<Field>) {
    let list = FieldList {
        width: macroquad::window::screen_width(),
        height: macroquad::window::screen_height(),
        focus: focus
            .filter(|f| fields.iter().any(|t| t.field == *f))
            .map(field_name),
        fields: fields
            .iter()
            .map(|f| FieldBox {
                field: field_name(f.field),
                x: f.area.x,
                y: f.area.y,
                w: f.area.w,
                h: f.area.h,
                text: &f.text,
                label: &f.label,
            })
            .collect(),
    };
    if let Ok(json) = serde_json::to_string(&list) {
        js::chaupal_text_fields(bytes(&json));
    }
}

/// What was typed in the inputs laid over the text fields since the last call.
pub fn typed_text() -> Vec<Typed> {
    let Some(json) = read_text(&js::chaupal_text_poll()) else {
        return Vec::new();
    };
    let news: Vec<FieldNews> = serde_json::from_str(&json).unwrap_or_default();
    news.into_iter()
        .filter_map(|n| {
            let field = match n.field.as_str() {
                "name" => Field::Name,
                "code" => Field::Code,
                "device" => Field::Device,
                "move" => Field::Move,
                _ => return None,
            };
            Some(Typed {
                field,
                text: n.text,
                selection: (n.start.min(n.end), n.start.max(n.end)),
                enter: n.enter,
                focused: n.focused,
                blurred: n.blurred,
            })
        })
        .collect()
}
