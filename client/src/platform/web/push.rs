//! The browser's push service, through the plugin: the wishes the app makes of it (subscribe,
//! after the player allows notifications; unsubscribe), what it reports, read from its JSON
//! (anything that does not read is dropped), and the words the service worker shows
//! notifications in.

use serde::Deserialize;

use super::{bytes, js, read_text};
use crate::app::{BrowserNews, BrowserWish, Subscription};

/// A report of the plugin's, as its JSON has it.
#[derive(Deserialize)]
struct Report {
    kind: String,
    #[serde(default)]
    blocked: bool,
    #[serde(default)]
    subscription: Option<Keys>,
    #[serde(default)]
    detail: String,
}

/// A subscription, as the plugin writes it.
#[derive(Deserialize)]
struct Keys {
    endpoint: String,
    p256dh: String,
    auth: String,
}

impl From<Keys> for Subscription {
    fn from(k: Keys) -> Subscription {
        Subscription {
            endpoint: k.endpoint,
            p256dh: k.p256dh,
            auth: k.auth,
        }
    }
}

/// Does what the app asks of the push service (its answer comes later, in [`push_news`]).
pub fn ask_push(wish: &BrowserWish) {
    match wish {
        BrowserWish::Subscribe { key } => js::chaupal_push_subscribe(bytes(key)),
        BrowserWish::Unsubscribe => js::chaupal_push_unsubscribe(),
    }
}

/// Keeps the words notifications are shown in (JSON of [`crate::push_words::PushWords`]) for
/// the service worker.
pub fn set_push_words(json: &str) {
    js::chaupal_push_words(bytes(json));
}

/// What the push service said since the last call.
pub fn push_news() -> Vec<BrowserNews> {
    let mut out = Vec::new();
    while let Some(text) = read_text(&js::chaupal_push_poll()) {
        if let Some(news) = serde_json::from_str::<Report>(&text).ok().and_then(news) {
            out.push(news);
        }
    }
    out
}

/// A report as news for the app (none for one it does not know).
fn news(r: Report) -> Option<BrowserNews> {
    Some(match r.kind.as_str() {
        "unsupported" => BrowserNews::Unsupported,
        "ready" => BrowserNews::Ready {
            blocked: r.blocked,
            subscription: r.subscription.map(Subscription::from),
        },
        "subscribed" => BrowserNews::Subscribed(r.subscription?.into()),
        "refused" => BrowserNews::Refused { blocked: r.blocked },
        "failed" => BrowserNews::Failed(r.detail),
        "unsubscribed" => BrowserNews::Unsubscribed,
        _ => return None,
    })
}
