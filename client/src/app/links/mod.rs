//! Links and codes: the links the player arrives by (followed once connected, or shown on a
//! card when they lead nowhere), the invitation's link and code, the link to the game on the
//! screen, the browser's address, and the card for playing on another device.

mod action;
mod event;
mod request;
pub use action::LinkAction;
pub use event::LinkEvent;
pub use request::LinkRequest;

mod invitation;

pub use invitation::Invited;

use crate::app::App;
use crate::app::Outgoing;
use crate::app::connection::Connection;
use crate::app::lobby::PlayMode;
use crate::app::shell::{Screen, Tone};
use crate::app::{LobbyRequest, LocalWish, ReplayRequest};
use crate::field::Field;
use crate::route::{self, Route};
use crate::say;
use crate::words::Phrase;

impl App {
    /// Links and codes: following a link, the invitation, sharing the game, other devices.
    pub(in crate::app) fn handle_links(&mut self, action: LinkAction) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            LinkAction::Follow(route) => out.extend(self.follow(route)),
            LinkAction::AcceptInvitation | LinkAction::DeclineInvitation => {
                return self.handle_invitation(action);
            }
            LinkAction::CopyInvite => {
                if let Some(code) = self.lobby.my_code.clone() {
                    out.extend(self.copy_invite(code));
                }
            }
            LinkAction::CopyWaitingLink(id) => out.extend(self.copy_waiting_link(id)),
            LinkAction::CopyCode => {
                if let Some(code) = self.lobby.my_code.clone() {
                    self.tell(say!("notice-code-copied", code = &code), Tone::News);
                    out.push(Outgoing::Local(LocalWish::CopyText(code)));
                }
            }
            LinkAction::CloseInvite => self.links.invite_closed = true,
            LinkAction::ShareGame => {
                if let Some(link) = self.game_link() {
                    out.push(Outgoing::Local(LocalWish::Share(link)));
                }
            }
            LinkAction::CloseBrokenLink => {
                self.links.broken_link = None;
                self.screen = Screen::Lobby;
            }
            LinkAction::OpenDevices => {
                self.links.devices = Some(Devices::default());
                out.push(Outgoing::Link(LinkRequest::DeviceCode));
            }
            LinkAction::CloseDevices => {
                self.links.devices = None;
                if self.keys.focus == Some(Field::Device) {
                    self.keys.focus = None;
                }
            }
            LinkAction::CopyDeviceLink => {
                if let Some(link) = self.device_link() {
                    self.tell(say!("notice-device-link-copied"), Tone::News);
                    out.push(Outgoing::Local(LocalWish::CopyText(link)));
                }
            }
            LinkAction::LinkDevice => {
                let entry = self.links.devices.as_ref().map(|d| d.entry.clone());
                match entry.as_deref().and_then(route::normalise_code) {
                    Some(code) => out.push(Outgoing::Link(LinkRequest::LinkDevice(code))),
                    None => self.tell(say!("notice-device-code-shape"), Tone::Problem),
                }
            }
        }
        out
    }

    /// The link to this player's private game, when the server's web address is known.
    pub fn invite_link(&self) -> Option<String> {
        self.join_link(self.lobby.my_code.as_deref()?)
    }

    /// The link that brings another device in as this player, once there is a code.
    pub fn device_link(&self) -> Option<String> {
        let (code, _) = self.links.devices.as_ref()?.code.as_ref()?;
        let site = self.links.site.as_ref()?;
        Some(route::link(site, &Route::Link(code.clone())))
    }

    /// Sets the server's web address, for the links this player can pass on.
    pub fn set_site(&mut self, site: Option<String>) {
        self.links.site = site;
    }

    /// Where a link sent the player, while it waits for the connection.
    pub fn arrival(&self) -> Option<&Route> {
        self.links.arrival.as_ref()
    }

    /// Why the link the player came by leads nowhere, in words, while its card is up.
    pub fn broken_link(&self) -> Option<&Phrase> {
        self.links.broken_link.as_ref().map(|(_, why)| why)
    }

    /// The path that opens what is on the screen (`/game/42`, `/replay/7`, `/`), for the
    /// browser's address bar: a reload, or the link passed on, opens the same. While a link is
    /// still being followed (or leads nowhere), its own path.
    pub fn address(&self) -> String {
        if let Some(route) = self
            .links
            .arrival
            .as_ref()
            .or(self.links.link.as_ref())
            .or(self.links.broken_link.as_ref().map(|(r, _)| r))
        {
            return route.path();
        }
        let shown = match (self.screen, &self.game.current, &self.replay) {
            (Screen::Game | Screen::GameOver, Some(m), _) if m.online => {
                m.id.map(|id| (Route::Game(id), m.watch_key.as_deref()))
            }
            (Screen::Replay, _, Some(r)) => {
                r.game.map(|id| (Route::Replay(id), r.watch_key.as_deref()))
            }
            (Screen::Tournament, _, _) => self.tournaments.open.as_ref().map(|o| {
                let route = Route::Tournament {
                    id: o.id(),
                    code: o.code.clone(),
                };
                (route, None)
            }),
            (Screen::Puzzles, _, _) => self
                .puzzles
                .attempt
                .as_ref()
                .map(|a| (Route::Puzzle(a.id().to_owned()), None)),
            _ => None,
        };
        match shown {
            Some((route, key)) => route::keyed_path(&route, key),
            None => Route::Lobby.path(),
        }
    }

    /// The link to the game on the screen (or replayed), to pass on; none for a game that is
    /// not on the server. A private game's link carries its watch key: whoever holds it may
    /// watch the game and replay it, as its players may.
    pub fn game_link(&self) -> Option<String> {
        let (route, key) = match (self.screen, &self.game.current, &self.replay) {
            (Screen::Replay, _, Some(r)) => (Route::Replay(r.game?), r.watch_key.as_deref()),
            (_, Some(m), _) if m.online => (Route::Game(m.id?), m.watch_key.as_deref()),
            _ => return None,
        };
        Some(route::keyed_link(self.links.site.as_ref()?, &route, key))
    }

    /// Goes where a link says: now when connected, else once the server greets this client.
    pub(in crate::app) fn follow(&mut self, route: Route) -> Vec<Outgoing> {
        if route == Route::Lobby {
            return Vec::new();
        }
        if let Route::Join(code) = &route {
            // A link whose code is no invite code leads nowhere: a card says why, at once.
            if route::normalise_code(code).is_none() {
                let why = say!("broken-invite-shape", code = code.as_str());
                self.links.broken_link = Some((route, why));
                self.screen = Screen::Lobby;
                return Vec::new();
            }
            // The code shows in the lobby's field, to correct it if the server refuses it.
            self.lobby.mode = PlayMode::Friend;
            self.lobby.code.clone_from(code);
        }
        if self.online.connection == Connection::Offline {
            self.tell(say!("notice-link-offline"), Tone::Problem);
            return Vec::new();
        }
        if !self.online.connection.online() {
            self.links.arrival = Some(route);
            return Vec::new();
        }
        self.links.arrival = None;
        self.links.broken_link = None;
        self.links.invitation = None;
        self.links.link = Some(route.clone());
        match route {
            Route::Lobby => Vec::new(),
            // What the invitation is comes first, on a card: nothing joins before Accept.
            Route::Join(code) => vec![Outgoing::Link(LinkRequest::ReadInvitation(code))],
            Route::Game(id) => {
                // One's own game (live, or by correspondence) is sat down at again; the
                // server seats its player whichever is asked, before the lists are known.
                let mine = self.lobby.live.iter().any(|g| g.id == id && g.mine)
                    || self.my_games.games.iter().any(|g| g.id == id);
                vec![if mine {
                    Outgoing::Lobby(LobbyRequest::Resume(id))
                } else {
                    Outgoing::Lobby(LobbyRequest::Watch(id))
                }]
            }
            Route::Replay(id) => vec![Outgoing::Replay(ReplayRequest::Record(id))],
            Route::Link(code) => vec![Outgoing::Link(LinkRequest::LinkDevice(code))],
            Route::Puzzle(id) => self.open_puzzle(id),
            Route::Tournament { id, code } => self.open_tournament(id, code),
        }
    }
}

/// The card for playing on another device: the code this player was given for it (and how
/// long it stays good), and a code from another device being typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Devices {
    /// The device code, once the server has given it, and the seconds it stays good.
    pub code: Option<(String, f32)>,
    /// A code from another device, as typed.
    pub entry: String,
}

/// The links' side of the state: where a link sent the player, what it led to, the
/// invitation on its card, the server's address and the card for another device.
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct Links {
    /// Where a link sent the player, waiting for the server's greeting.
    pub(in crate::app) arrival: Option<Route>,
    /// Where a link sent the player, asked of the server and not yet answered.
    pub(in crate::app) link: Option<Route>,
    /// A link that led nowhere: where it pointed, and why, in words (shown on a card).
    pub(in crate::app) broken_link: Option<(Route, Phrase)>,
    /// The invitation of the link the player came by, on its card until accepted or declined.
    pub(in crate::app) invitation: Option<Invited>,
    /// Whether the card of this player's own invitation was put aside.
    pub(in crate::app) invite_closed: bool,
    /// The server's web address (`http://host:port`), to make links to its games with.
    pub(in crate::app) site: Option<String>,
    /// The card for playing on another device, while it is open.
    pub(in crate::app) devices: Option<Devices>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::SettingsAction;
    use crate::app::testing::*;
    use crate::app::*;
    use crate::app::{ConnectionEvent, LinkEvent, MatchEvent};
    use crate::play::{Match, Seats};
    use chaupal_rules::{AnyGame, GameKind, Side};

    #[test]
    fn the_devices_card_asks_for_a_code_takes_one_typed_and_the_code_expires() {
        let mut app = online();
        app.set_site(Some("http://h:1".into()));
        assert_eq!(
            app.handle(LinkAction::OpenDevices),
            vec![Outgoing::Link(LinkRequest::DeviceCode)]
        );
        assert_eq!(app.device_link(), None, "no code yet");
        let _ = app.apply(LinkEvent::DeviceCode {
            code: "QRST-2345".into(),
            expires_in: 600.0,
        });
        assert_eq!(
            app.device_link().as_deref(),
            Some("http://h:1/link/QRST-2345")
        );
        let copied = app.handle(LinkAction::CopyDeviceLink);
        assert_eq!(
            copied,
            vec![Outgoing::Local(LocalWish::CopyText(
                "http://h:1/link/QRST-2345".into()
            ))]
        );
        // A code typed loosely is sent as the server hands them out; a wrong one is refused here.
        app.handle(SettingsAction::SetText(Field::Device, "ab12 cd34".into()));
        assert_eq!(
            app.handle(LinkAction::LinkDevice),
            vec![Outgoing::Link(LinkRequest::LinkDevice("AB12-CD34".into()))]
        );
        app.handle(SettingsAction::SetText(Field::Device, "ab1".into()));
        assert!(app.handle(LinkAction::LinkDevice).is_empty());
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
        // The code goes when its time is up.
        assert!(app.next_change().is_some_and(|t| t <= 600.0));
        app.tick(601.0);
        assert_eq!(app.devices().and_then(|d| d.code.clone()), None);
        app.handle(LinkAction::CloseDevices);
        assert!(app.devices().is_none());
    }

    #[test]
    fn a_link_to_another_devices_code_uses_it_once_connected() {
        let mut app = App::new(false);
        assert!(
            app.handle(LinkAction::Follow(Route::Link("QRST-2345".into())))
                .is_empty()
        );
        let out = app.apply(ConnectionEvent::Welcomed { name: "a".into() });
        assert!(
            out.contains(&Outgoing::Link(LinkRequest::LinkDevice("QRST-2345".into()))),
            "{out:?}"
        );
    }

    #[test]
    fn a_join_link_whose_code_is_no_code_says_why_at_once() {
        let mut app = App::new(false);
        assert!(
            app.handle(LinkAction::Follow(Route::Join("ZZZZ".into())))
                .is_empty()
        );
        let why = app.broken_link().map(Phrase::english).unwrap_or_default();
        assert!(why.starts_with("ZZZZ is not an invite code"), "{why}");
        assert_eq!(app.arrival(), None, "nothing waits for the connection");
        assert_eq!(
            app.address(),
            "/join/ZZZZ",
            "the link stays while its card is up"
        );
    }

    #[test]
    fn a_link_to_join_waits_for_the_greeting_then_reads_the_invitation_and_joins_nothing() {
        let mut app = App::new(false);
        let sent = app.handle(LinkAction::Follow(Route::Join("K7QM-2XPD".into())));
        assert!(sent.is_empty(), "not connected yet: nothing to send");
        assert_eq!(app.arrival(), Some(&Route::Join("K7QM-2XPD".into())));
        assert_eq!(app.lobby.mode, PlayMode::Friend);
        assert_eq!(app.lobby.code, "K7QM-2XPD", "shown, to correct if refused");
        assert!(
            app.shell.notice.is_none(),
            "no complaint about the connection"
        );
        let sent = app.apply(ConnectionEvent::Welcomed { name: "bo".into() });
        assert_eq!(
            sent,
            [Outgoing::Link(LinkRequest::ReadInvitation(
                "K7QM-2XPD".into()
            ))]
        );
        assert_eq!(app.arrival(), None);
        app.apply(ConnectionEvent::Lost {
            reason: "gone".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        let again = app.apply(ConnectionEvent::Welcomed { name: "bo".into() });
        assert!(
            !again
                .iter()
                .any(|o| matches!(o, Outgoing::Lobby(LobbyRequest::JoinByCode(_)))),
            "a reconnection joins nothing: {again:?}"
        );
    }

    #[test]
    fn links_to_watch_and_replay_go_at_once_when_connected() {
        let mut app = online();
        assert_eq!(
            app.handle(LinkAction::Follow(Route::Game(7))),
            [Outgoing::Lobby(LobbyRequest::Watch(7))]
        );
        assert_eq!(
            app.handle(LinkAction::Follow(Route::Replay(8))),
            [Outgoing::Replay(ReplayRequest::Record(8))]
        );
        assert!(app.handle(LinkAction::Follow(Route::Lobby)).is_empty());
        assert_eq!(app.arrival(), None);
        let mut app = App::new(false);
        app.handle(LinkAction::Follow(Route::Replay(8)));
        assert_eq!(
            app.apply(ConnectionEvent::Welcomed { name: "a".into() }),
            [Outgoing::Replay(ReplayRequest::Record(8))]
        );
    }

    #[test]
    fn a_link_offline_says_it_needs_the_server() {
        let mut app = offline();
        assert!(app.handle(LinkAction::Follow(Route::Game(7))).is_empty());
        assert_eq!(app.arrival(), None);
        assert!(
            app.shell
                .notice
                .as_ref()
                .is_some_and(|n| n.tone == Tone::Problem)
        );
    }

    #[test]
    fn the_invite_link_is_copied_with_the_servers_address_or_the_code_alone() {
        let mut app = online();
        assert!(
            app.handle(LinkAction::CopyInvite).is_empty(),
            "no code, nothing to copy"
        );
        app.apply(LinkEvent::InviteCode("K7QM-2XPD".into()));
        assert_eq!(
            app.handle(LinkAction::CopyInvite),
            [Outgoing::Local(LocalWish::CopyText("K7QM-2XPD".into()))]
        );
        app.set_site(Some("http://example.org:8080".into()));
        assert_eq!(
            app.handle(LinkAction::CopyInvite),
            [Outgoing::Local(LocalWish::CopyText(
                "http://example.org:8080/join/K7QM-2XPD".into()
            ))]
        );
        assert!(
            app.shell
                .notice
                .as_ref()
                .is_some_and(|n| n.text.english().contains("/join/K7QM-2XPD"))
        );
    }

    #[test]
    fn a_friend_joining_is_heard_and_the_invitation_gives_link_and_code() {
        let mut app = online();
        app.set_site(Some("http://example.org:8080".into()));
        app.apply(LinkEvent::InviteCode("K7QM-2XPD".into()));
        assert!(app.invite_open());
        assert_eq!(
            app.invite_link().as_deref(),
            Some("http://example.org:8080/join/K7QM-2XPD")
        );
        assert_eq!(
            app.handle(LinkAction::CopyCode),
            [Outgoing::Local(LocalWish::CopyText("K7QM-2XPD".into()))]
        );
        app.handle(LinkAction::CloseInvite);
        assert!(!app.invite_open());
        assert_eq!(app.lobby().my_code.as_deref(), Some("K7QM-2XPD"), "kept");
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game: Match::new(game, Seats::One(Side::First), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.take_cues(), [Cue::Join]);
        assert_eq!(
            tab_title(&app.title().english(), 0),
            "Your move: Bagh Chal - Chaupal"
        );
        assert_eq!(
            tab_title(&app.title().english(), 2),
            "(2) Your move: Bagh Chal - Chaupal"
        );
    }
}
