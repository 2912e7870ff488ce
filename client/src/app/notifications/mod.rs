//! Notifications of the player's turns while no page is open (Web Push), as the app sees
//! them: the server's key, what the browser says it can do and has, the subscription given to
//! the server (once each connection, so that it stays this player's), turning them on (the
//! browser asks the player) and off, and muting one game or all. The browser's side is the
//! platform's business ([`BrowserWish`] asks it, [`BrowserNews`] is what it says); nothing
//! here asks the player for permission by itself.

mod action;
mod event;
mod request;
pub use action::PushAction;
pub use event::PushEvent;
pub use request::{BrowserWish, PushRequest, Subscription};

use crate::app::App;
use crate::app::LocalWish;
use crate::app::Outgoing;
use crate::app::shell::Tone;
use crate::say;
use crate::words::Phrase;

/// What the browser says of notifications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrowserNews {
    /// It cannot show them (no service worker, no push service, not a secure page).
    Unsupported,
    /// It can: whether the player blocked this site's notifications, and the subscription it
    /// has (none: not subscribed).
    Ready {
        blocked: bool,
        subscription: Option<Subscription>,
    },
    /// It subscribed, as asked.
    Subscribed(Subscription),
    /// The player did not allow notifications: they blocked them (`blocked`), or closed the
    /// browser's question.
    Refused { blocked: bool },
    /// Subscribing failed: why, in the browser's words.
    Failed(String),
    /// It dropped its subscription, as asked.
    Unsubscribed,
}

/// Where notifications stand on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PushState {
    /// The browser has not said yet, or cannot: nothing is offered.
    #[default]
    Unavailable,
    /// The player blocked this site's notifications in the browser.
    Blocked,
    /// Off: they can be turned on.
    Off,
    /// Being turned on: the browser asks the player, or the server is told.
    Asking,
    /// On: the server has this browser's subscription.
    On,
}

/// Notifications, as the app keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Push {
    /// The server's public key (none: the server sends no notifications).
    pub key: Option<String>,
    /// Whether the player muted the notifications of all their games.
    pub muted_all: bool,
    pub state: PushState,
    /// The browser's subscription, as it last said.
    subscription: Option<Subscription>,
    /// Whether the server was given the subscription on this connection.
    told: bool,
    /// Whether the player asked for notifications (said so when they are on), rather than
    /// the client giving the server the subscription again.
    asked: bool,
}

impl Push {
    /// Whether notifications can be offered: the server sends them and the browser can show
    /// them.
    pub fn offered(&self) -> bool {
        self.key.is_some() && self.state != PushState::Unavailable
    }

    /// Whether games can be muted: the server sends notifications (to this device or to
    /// another of the player's).
    pub fn mutable(&self) -> bool {
        self.key.is_some()
    }
}

impl App {
    /// Notifications on this device.
    pub fn push(&self) -> &Push {
        &self.push
    }

    /// Turning notifications on or off, and muting.
    pub(in crate::app) fn handle_push(&mut self, action: PushAction) -> Vec<Outgoing> {
        match action {
            PushAction::TurnOnPush => {
                let Some(key) = self.push.key.clone() else {
                    return Vec::new();
                };
                if !matches!(self.push.state, PushState::Off | PushState::Blocked) {
                    return Vec::new();
                }
                self.push.state = PushState::Asking;
                self.push.asked = true;
                match self.push.subscription.clone() {
                    Some(s) => self.tell_server(s),
                    None => vec![Outgoing::Local(LocalWish::Browser(
                        BrowserWish::Subscribe { key },
                    ))],
                }
            }
            PushAction::TurnOffPush => {
                let mut out = Vec::new();
                if let Some(s) = self.push.subscription.take() {
                    out.push(Outgoing::Push(PushRequest::PushUnsubscribe(s.endpoint)));
                }
                out.push(Outgoing::Local(LocalWish::Browser(
                    BrowserWish::Unsubscribe,
                )));
                self.push.state = PushState::Off;
                self.tell(say!("notice-push-off"), Tone::News);
                out
            }
            PushAction::MuteAll(muted) => {
                vec![Outgoing::Push(PushRequest::Mute { game: None, muted })]
            }
            PushAction::MuteGame(id, muted) => vec![Outgoing::Push(PushRequest::Mute {
                game: Some(id),
                muted,
            })],
        }
    }

    /// The server greeted this client: its key (none: it sends no notifications), and whether
    /// the player muted all their games. The browser's subscription is given to it again.
    pub(in crate::app) fn push_offered(
        &mut self,
        key: Option<String>,
        muted: bool,
    ) -> Vec<Outgoing> {
        self.push.key = key;
        self.push.muted_all = muted;
        self.push.told = false;
        self.give_subscription()
    }

    /// What the browser said.
    pub(in crate::app) fn browser_push(&mut self, news: BrowserNews) -> Vec<Outgoing> {
        match news {
            BrowserNews::Unsupported => self.push.state = PushState::Unavailable,
            BrowserNews::Ready {
                blocked,
                subscription,
            } => {
                self.push.subscription = subscription;
                self.push.state = if blocked {
                    PushState::Blocked
                } else {
                    PushState::Off
                };
                return self.give_subscription();
            }
            BrowserNews::Subscribed(s) => {
                self.push.subscription = Some(s.clone());
                return self.tell_server(s);
            }
            BrowserNews::Refused { blocked } => {
                self.push.asked = false;
                self.push.state = if blocked {
                    self.tell(say!("notice-push-blocked"), Tone::Problem);
                    PushState::Blocked
                } else {
                    self.tell(say!("notice-push-not-allowed"), Tone::News);
                    PushState::Off
                };
            }
            BrowserNews::Failed(detail) => {
                self.push.asked = false;
                self.push.state = PushState::Off;
                self.tell(say!("notice-push-failed", why = detail), Tone::Problem);
            }
            BrowserNews::Unsubscribed => {
                self.push.subscription = None;
                if self.push.state == PushState::On {
                    self.push.state = PushState::Off;
                }
            }
        }
        Vec::new()
    }

    /// The server keeps this browser's subscription: notifications are on.
    pub(in crate::app) fn push_kept(&mut self) {
        self.push.state = PushState::On;
        if std::mem::take(&mut self.push.asked) {
            self.tell(say!("notice-push-on"), Tone::News);
        }
    }

    /// The server refused the subscription (why, in words): notifications stay off, and the
    /// browser's subscription, of no use, goes.
    pub(in crate::app) fn push_refused(&mut self, why: Phrase) -> Vec<Outgoing> {
        self.push.asked = false;
        self.push.state = PushState::Off;
        self.push.subscription = None;
        self.tell(why, Tone::Problem);
        vec![Outgoing::Local(LocalWish::Browser(
            BrowserWish::Unsubscribe,
        ))]
    }

    /// Gives the server the browser's subscription, once a connection, when both are there.
    fn give_subscription(&mut self) -> Vec<Outgoing> {
        match self.push.subscription.clone() {
            Some(s)
                if self.push.key.is_some()
                    && !self.push.told
                    && self.online.connection.online() =>
            {
                self.push.state = PushState::Asking;
                self.tell_server(s)
            }
            _ => Vec::new(),
        }
    }

    fn tell_server(&mut self, s: Subscription) -> Vec<Outgoing> {
        self.push.told = true;
        self.push.state = PushState::Asking;
        vec![Outgoing::Push(PushRequest::PushSubscribe(s))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::testing::*;
    use crate::app::{ConnectionEvent, PushEvent};

    fn subscription() -> Subscription {
        Subscription {
            endpoint: "https://push.example/send/abc".into(),
            p256dh: "BKEY".into(),
            auth: "AUTH".into(),
        }
    }

    fn ready(app: &mut App, blocked: bool, subscription: Option<Subscription>) -> Vec<Outgoing> {
        app.apply(PushEvent::Browser(BrowserNews::Ready {
            blocked,
            subscription,
        }))
    }

    #[test]
    fn nothing_is_offered_until_the_server_and_the_browser_both_can() {
        let mut app = online();
        assert!(!app.push().offered());
        app.apply(PushEvent::PushOffered {
            key: Some("KEY".into()),
            muted: false,
        });
        assert!(!app.push().offered(), "the browser has not said");
        assert!(app.push().mutable(), "other devices may be told");
        assert!(
            ready(&mut app, false, None).is_empty(),
            "never asks by itself"
        );
        assert!(app.push().offered());
        let mut silent = online();
        silent.apply(PushEvent::PushOffered {
            key: None,
            muted: false,
        });
        ready(&mut silent, false, None);
        assert!(!silent.push().offered() && !silent.push().mutable());
        assert!(silent.handle(PushAction::TurnOnPush).is_empty());
    }

    #[test]
    fn turning_on_asks_the_browser_then_gives_the_server_the_subscription() {
        let mut app = online();
        app.apply(PushEvent::PushOffered {
            key: Some("KEY".into()),
            muted: false,
        });
        ready(&mut app, false, None);
        assert_eq!(
            app.handle(PushAction::TurnOnPush),
            [Outgoing::Local(LocalWish::Browser(
                BrowserWish::Subscribe { key: "KEY".into() }
            ))]
        );
        assert_eq!(app.push().state, PushState::Asking);
        let out = app.apply(PushEvent::Browser(BrowserNews::Subscribed(subscription())));
        assert_eq!(
            out,
            [Outgoing::Push(PushRequest::PushSubscribe(subscription()))]
        );
        app.apply(PushEvent::PushKept);
        assert_eq!(app.push().state, PushState::On);
        assert!(app.notice().is_some_and(|n| n.tone == Tone::News));
        // Off: the server forgets it, and so does the browser.
        assert_eq!(
            app.handle(PushAction::TurnOffPush),
            [
                Outgoing::Push(PushRequest::PushUnsubscribe(subscription().endpoint)),
                Outgoing::Local(LocalWish::Browser(BrowserWish::Unsubscribe))
            ]
        );
        assert_eq!(app.push().state, PushState::Off);
    }

    #[test]
    fn a_subscription_the_browser_has_is_given_again_on_each_connection_quietly() {
        let mut app = App::new(false);
        assert!(
            ready(&mut app, false, Some(subscription())).is_empty(),
            "not yet greeted"
        );
        app.apply(ConnectionEvent::Welcomed { name: "a".into() });
        let out = app.apply(PushEvent::PushOffered {
            key: Some("KEY".into()),
            muted: true,
        });
        assert_eq!(
            out,
            [Outgoing::Push(PushRequest::PushSubscribe(subscription()))]
        );
        assert!(app.push().muted_all);
        app.apply(PushEvent::PushKept);
        assert_eq!(app.push().state, PushState::On);
        assert!(app.notice().is_none(), "not asked for: nothing to say");
    }

    #[test]
    fn a_refusal_by_the_player_or_the_server_leaves_them_off() {
        let mut app = online();
        app.apply(PushEvent::PushOffered {
            key: Some("KEY".into()),
            muted: false,
        });
        ready(&mut app, false, None);
        app.handle(PushAction::TurnOnPush);
        app.apply(PushEvent::Browser(BrowserNews::Refused { blocked: true }));
        assert_eq!(app.push().state, PushState::Blocked);
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
        // The player allowed them after all; now the server refuses the subscription.
        app.handle(PushAction::TurnOnPush);
        app.apply(PushEvent::Browser(BrowserNews::Subscribed(subscription())));
        let out = app.apply(PushEvent::PushRefused("not a public host".into()));
        assert_eq!(
            out,
            [Outgoing::Local(LocalWish::Browser(
                BrowserWish::Unsubscribe
            ))]
        );
        assert_eq!(app.push().state, PushState::Off);
        assert_eq!(
            app.notice().map(|n| n.text.english()).as_deref(),
            Some("not a public host")
        );
    }

    #[test]
    fn games_are_muted_one_or_all_as_the_server_confirms() {
        let mut app = online();
        assert_eq!(
            app.handle(PushAction::MuteAll(true)),
            [Outgoing::Push(PushRequest::Mute {
                game: None,
                muted: true
            })]
        );
        assert!(!app.push().muted_all, "until the server says so");
        app.apply(PushEvent::Muted {
            game: None,
            muted: true,
        });
        assert!(app.push().muted_all);
        assert_eq!(
            app.handle(PushAction::MuteGame(45, false)),
            [Outgoing::Push(PushRequest::Mute {
                game: Some(45),
                muted: false
            })]
        );
    }
}
