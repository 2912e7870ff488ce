//! What the server and the browser say about the notifications of this player's turns.

use crate::app::App;
use crate::app::Event;
use crate::app::Outgoing;
use crate::app::notifications::BrowserNews;
use crate::app::shell::Tone;
use crate::say;
use crate::words::Phrase;

/// What happens outside the app about notifications.
#[derive(Clone, Debug)]
pub enum PushEvent {
    /// The server's greeting said whether it sends notifications (its key, none if not), and
    /// whether the player muted those of all their games.
    PushOffered { key: Option<String>, muted: bool },
    /// What the browser said of notifications.
    Browser(BrowserNews),
    /// The server keeps this browser's push subscription.
    PushKept,
    /// The server refused the push subscription: why, in words.
    PushRefused(Phrase),
    /// The server muted (or unmuted) the notifications of a game, or of all (none).
    Muted { game: Option<u64>, muted: bool },
}

impl From<PushEvent> for Event {
    fn from(event: PushEvent) -> Self {
        Event::Push(event)
    }
}

impl App {
    /// Takes in an event about notifications.
    pub(in crate::app) fn apply_push(&mut self, event: PushEvent) -> Vec<Outgoing> {
        match event {
            PushEvent::PushOffered { key, muted } => return self.push_offered(key, muted),
            PushEvent::Browser(news) => return self.browser_push(news),
            PushEvent::PushKept => self.push_kept(),
            PushEvent::PushRefused(why) => return self.push_refused(why),
            PushEvent::Muted { game, muted } => {
                self.mute_kept(game, muted);
                let said = match (game, muted) {
                    (Some(_), true) => say!("notice-muted-game"),
                    (Some(_), false) => say!("notice-unmuted-game"),
                    (None, true) => say!("notice-muted-all"),
                    (None, false) => say!("notice-unmuted-all"),
                };
                self.tell(said, Tone::News);
            }
        }
        Vec::new()
    }
}
