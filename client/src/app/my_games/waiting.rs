//! This player's seeks and private invitations still waiting for an opponent, made on any of
//! their connections or devices (the server's answer to `my_seeks`). A correspondence seek or
//! invitation outlives the page that made it: after a reload, or on another device, the
//! lobby's "My games" lists it under "Waiting for an opponent", an invitation with its code,
//! to send its link again or to cancel it. The link asks for the list after each greeting,
//! after a seek is made or cancelled, and when a game of this player's starts; a seek that
//! leaves the lobby, or is cancelled here, leaves the list at once.
//!
//! Nothing is listed twice: a live seek already in the lobby's open seeks, or this
//! connection's own live invitation (on its card and among the choices), is left out. A
//! correspondence one is always listed, the one place where it stays across reloads and
//! devices, and the choices then leave this connection's code out.

use chaupal_rules::GameKind;

use crate::app::App;
use crate::app::Outgoing;
use crate::app::shell::Tone;
use crate::app::{LobbyRequest, LocalWish};
use crate::route::{self, Route};
use crate::rulebook;
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// One of this player's seeks or invitations still waiting for an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitingSeek {
    /// The server's number for the seek (to cancel it).
    pub id: u64,
    pub kind: GameKind,
    /// The rules that differ from the game's defaults.
    pub rules: Vec<(String, String)>,
    /// How fast it is played, in words: a correspondence game's days a move, or the clock;
    /// none: live, without a clock.
    pub pace: Option<Phrase>,
    /// Whether it is played by correspondence (it then waits with no page open).
    pub correspondence: bool,
    /// The invite code of a private invitation (none: an open seek, for anyone).
    pub code: Option<String>,
    pub rated: bool,
}

impl WaitingSeek {
    /// The entry's main line: the game and its pace ("Jungle · 3 days a move").
    pub fn title(&self) -> Vec<Phrase> {
        vec![
            terms::game_name(self.kind),
            self.pace.clone().unwrap_or_else(|| say!("lists-no-clock")),
        ]
    }

    /// The line under it: whom it waits for (a friend, with the code; or anyone), rated or
    /// casual, and the rules changed.
    pub fn details(&self) -> Vec<Phrase> {
        let mut out = vec![match &self.code {
            Some(code) => say!("waiting-invitation", code = code),
            None => say!("waiting-open"),
        }];
        out.push(if self.rated {
            say!("lists-rated")
        } else {
            say!("lists-casual")
        });
        out.extend(
            self.rules
                .iter()
                .map(|(k, v)| rulebook::describe(self.kind, k, v)),
        );
        out
    }
}

impl App {
    /// The seeks and invitations the lobby lists as waiting for an opponent, oldest first:
    /// every correspondence one, and the live ones the lobby does not show already.
    pub fn waiting(&self) -> Vec<&WaitingSeek> {
        self.my_games
            .waiting
            .iter()
            .filter(|w| w.correspondence || !self.shown_elsewhere(w))
            .collect()
    }

    /// Whether the lobby shows a live seek already: in the open seeks, or as this
    /// connection's invitation.
    fn shown_elsewhere(&self, w: &WaitingSeek) -> bool {
        let own_invitation = w.code.is_some() && w.code == self.lobby.my_code;
        own_invitation || self.lobby.seeks.iter().any(|s| s.id == w.id)
    }

    /// Whether this connection's invitation is listed as waiting (the choices then leave its
    /// code out).
    pub fn own_code_listed(&self) -> bool {
        self.lobby.my_code.is_some() && self.waiting().iter().any(|w| w.code == self.lobby.my_code)
    }

    /// The link that brings a friend to the invitation with `code`, when the server's web
    /// address is known.
    pub fn join_link(&self, code: &str) -> Option<String> {
        let site = self.links.site.as_ref()?;
        Some(route::link(site, &Route::Join(code.to_owned())))
    }

    /// Takes in the server's list (the answer to `my_seeks`).
    pub(in crate::app) fn set_waiting(&mut self, seeks: Vec<WaitingSeek>) {
        self.my_games.waiting = seeks;
    }

    /// A seek left the lobby (taken or cancelled): it waits no more.
    pub(in crate::app) fn waiting_gone(&mut self, id: u64) {
        self.my_games.waiting.retain(|w| w.id != id);
    }

    /// A game opened while this connection's invitation with `code` waited: a live one was
    /// taken up (a correspondence one is known taken only from the server's list, asked for
    /// again when a game of this player's starts).
    pub(in crate::app) fn invitation_taken(&mut self, code: &str) {
        self.my_games
            .waiting
            .retain(|w| w.correspondence || w.code.as_deref() != Some(code));
    }

    /// The connection dropped: its live seeks went with it, the correspondence ones wait on.
    pub(in crate::app) fn waiting_after_loss(&mut self) {
        self.my_games.waiting.retain(|w| w.correspondence);
    }

    /// Cancels seek `id`: the request goes out, and the seek leaves the list at once (the
    /// server's list, asked for again after the answer, has the last word). Cancelling this
    /// connection's invitation puts its card and code away too.
    pub(in crate::app) fn cancel_seek(&mut self, id: u64) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-cancel-seek")) {
            return Vec::new();
        }
        let code = self.waiting_code(id);
        if code.is_some() && code == self.lobby.my_code {
            self.lobby.my_code = None;
        }
        self.waiting_gone(id);
        vec![Outgoing::Lobby(LobbyRequest::CancelSeek(id))]
    }

    /// Puts the link to invitation `code` (or the code, where the server's address is not
    /// known) on the clipboard, and says so.
    pub(in crate::app) fn copy_invite(&mut self, code: String) -> Vec<Outgoing> {
        let (text, said) = match self.join_link(&code) {
            Some(link) => {
                let said = say!("notice-link-copied", link = &link);
                (link, said)
            }
            None => {
                let said = say!("notice-code-copied", code = &code);
                (code, said)
            }
        };
        self.tell(said, Tone::News);
        vec![Outgoing::Local(LocalWish::CopyText(text))]
    }

    /// The invite code of this player's waiting invitation `id` (none: an open seek, or gone).
    fn waiting_code(&self, id: u64) -> Option<String> {
        self.my_games
            .waiting
            .iter()
            .find(|w| w.id == id)
            .and_then(|w| w.code.clone())
    }

    /// Copies the link to waiting invitation `id` (nothing for an open seek).
    pub(in crate::app) fn copy_waiting_link(&mut self, id: u64) -> Vec<Outgoing> {
        let code = self.waiting_code(id);
        match code {
            Some(code) => self.copy_invite(code),
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::testing::*;
    use crate::app::{ConnectionEvent, LinkEvent, MatchEvent};
    use crate::app::{Event, LobbyChange, SeekEntry};
    use crate::app::{LinkAction, LobbyAction};
    use chaupal_shared::protocol::Correspondence;

    fn invitation(id: u64, code: &str, correspondence: bool) -> WaitingSeek {
        WaitingSeek {
            id,
            kind: GameKind::Jungle,
            rules: Vec::new(),
            pace: Some(if correspondence {
                crate::app::pace_words(Correspondence { days: Some(3) })
            } else {
                say!("lists-no-clock")
            }),
            correspondence,
            code: Some(code.to_owned()),
            rated: false,
        }
    }

    fn open_seek(id: u64, correspondence: bool) -> WaitingSeek {
        WaitingSeek {
            code: None,
            ..invitation(id, "", correspondence)
        }
    }

    fn listed(app: &App) -> Vec<u64> {
        app.waiting().iter().map(|w| w.id).collect()
    }

    fn english(phrases: &[Phrase]) -> String {
        let en = crate::words::Words::new(crate::words::Language::English);
        let said: Vec<String> = phrases.iter().map(|p| en.say(p)).collect();
        said.join(" · ")
    }

    #[test]
    fn each_entry_says_the_game_its_pace_and_whom_it_waits_for() {
        let mut friend = invitation(3, "K7QM-2XPD", true);
        friend.rules = vec![("pits".into(), "7".into())];
        friend.kind = GameKind::Kalah;
        assert_eq!(english(&friend.title()), "Kalah · 3 days a move");
        let details = english(&friend.details());
        assert!(
            details.starts_with("for a friend, code K7QM-2XPD · casual · "),
            "{details}"
        );
        let mut anyone = open_seek(4, false);
        anyone.pace = None;
        anyone.rated = true;
        assert_eq!(english(&anyone.title()), "Jungle · no clock");
        assert_eq!(english(&anyone.details()), "open to anyone · rated");
    }

    #[test]
    fn what_the_lobby_shows_already_is_not_listed_twice() {
        let mut app = online();
        app.apply(LinkEvent::InviteCode("LIVE-0001".into()));
        app.apply(Event::Lobby(LobbyChange::Seeks(vec![SeekEntry {
            id: 5,
            kind: GameKind::Jungle,
            rules: Vec::new(),
            who: "a".into(),
            pace: None,
            rated: false,
            mine: true,
        }])));
        app.apply(Event::Lobby(LobbyChange::Waiting(vec![
            invitation(1, "LIVE-0001", false),
            invitation(2, "DEVI-CE02", false),
            open_seek(5, false),
            open_seek(6, true),
            invitation(7, "SLOW-0007", true),
        ])));
        // This connection's live invitation is on its card, the live open seek in the open
        // seeks; another device's live invitation and every correspondence one are listed.
        assert_eq!(listed(&app), [2, 6, 7]);
        assert!(!app.own_code_listed(), "the choices show this code");
        // A correspondence invitation of this connection is listed, and not in the choices.
        app.apply(LinkEvent::InviteCode("SLOW-0007".into()));
        assert!(listed(&app).contains(&7));
        assert!(app.own_code_listed());
    }

    #[test]
    fn a_seek_leaving_the_lobby_leaves_the_list_and_a_lost_connection_keeps_the_slow_ones() {
        let mut app = online();
        app.apply(Event::Lobby(LobbyChange::Waiting(vec![
            open_seek(1, true),
            invitation(2, "LIVE-0002", false),
            invitation(3, "SLOW-0003", true),
        ])));
        app.apply(Event::Lobby(LobbyChange::SeekRemoved(1)));
        assert_eq!(listed(&app), [2, 3]);
        app.apply(ConnectionEvent::Lost {
            reason: "gone".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert_eq!(
            listed(&app),
            [3],
            "a live invitation goes with its connection"
        );
    }

    #[test]
    fn an_invitation_is_cancelled_and_its_link_copied_from_the_list() {
        let mut app = online();
        app.set_site(Some("https://chaupal.example".into()));
        app.apply(LinkEvent::InviteCode("SLOW-0003".into()));
        app.apply(Event::Lobby(LobbyChange::Waiting(vec![
            open_seek(1, true),
            invitation(3, "SLOW-0003", true),
        ])));
        assert_eq!(
            app.handle(LinkAction::CopyWaitingLink(3)),
            [Outgoing::Local(LocalWish::CopyText(
                "https://chaupal.example/join/SLOW-0003".into()
            ))]
        );
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("/join/SLOW-0003"))
        );
        assert!(
            app.handle(LinkAction::CopyWaitingLink(1)).is_empty(),
            "an open seek has no link"
        );
        assert_eq!(
            app.handle(LobbyAction::CancelSeek(3)),
            [Outgoing::Lobby(LobbyRequest::CancelSeek(3))]
        );
        assert_eq!(listed(&app), [1]);
        assert_eq!(app.lobby().my_code, None, "the card and the code go too");
        assert!(!app.invite_open());
        // Offline, nothing is sent and the list stays.
        let mut away = offline();
        away.apply(Event::Lobby(LobbyChange::Waiting(vec![open_seek(1, true)])));
        assert!(away.handle(LobbyAction::CancelSeek(1)).is_empty());
        assert_eq!(listed(&away), [1]);
    }

    #[test]
    fn a_taken_live_invitation_of_this_connection_leaves_the_list_when_its_game_opens() {
        let mut app = online();
        app.apply(LinkEvent::InviteCode("LIVE-0003".into()));
        app.apply(Event::Lobby(LobbyChange::Waiting(vec![
            invitation(3, "LIVE-0003", false),
            invitation(4, "SLOW-0004", true),
        ])));
        let game = chaupal_rules::AnyGame::start(GameKind::Jungle, [("", ""); 0]).expect("start");
        let m = crate::play::Match::new(
            game,
            crate::play::Seats::One(chaupal_rules::Side::First),
            true,
        );
        app.apply(MatchEvent::Opened(Box::new(crate::app::Opened {
            game: m,
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(listed(&app), [4], "not shown again as another connection's");
    }
}
