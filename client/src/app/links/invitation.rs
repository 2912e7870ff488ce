//! A private invitation read before it is taken. A link `/join/CODE` (or a code typed in the lobby,
//! followed as its link) first asks the server what the invitation is (`invitation`); a card shows
//! it: who invites, the game and the rules that differ from its defaults, the pace, rated or
//! casual, and the friend's side (or sides drawn at random), with Accept and Decline. Accept joins
//! (`join_by_code`); Decline withdraws the invitation (`decline_invitation`: the server tells the
//! inviter) and leaves for the lobby. Nothing joins before Accept, and a reconnection joins
//! nothing: it reads the invitation again when its answer never came (or Accept's did not), which
//! joins nothing either. The inviter hears of a decline on every device
//! ([`App::invitation_declined`]).

use chaupal_rules::{GameKind, Side};

use crate::app::App;
use crate::app::LinkAction;
use crate::app::Outgoing;
use crate::app::shell::{Screen, Tone};
use crate::app::{LinkRequest, LobbyRequest};
use crate::route::Route;
use crate::rulebook;
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// A private invitation as the friend it is for sees it, before accepting or declining.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invited {
    /// The invite code, as the server hands them out (`K7QM-2XPD`).
    pub code: String,
    /// Who invites: their name.
    pub by: String,
    pub kind: GameKind,
    /// The rules that differ from the game's defaults.
    pub rules: Vec<(String, String)>,
    /// How fast it is played, in words: the clock ("5 min + 3 s") or the days a move; none:
    /// live, without a clock.
    pub pace: Option<Phrase>,
    pub rated: bool,
    /// The side the friend plays; none: the sides are drawn at random.
    pub side: Option<Side>,
}

impl Invited {
    /// The card's first line: who invites to what ("Asha invites you to play Kalah.").
    pub fn headline(&self) -> Phrase {
        say!(
            "invitation-from",
            name = self.by.as_str(),
            game = terms::game_name(self.kind)
        )
    }

    /// The lines under it: the pace, rated or casual, the friend's side.
    pub fn details(&self) -> Vec<Phrase> {
        let pace = self.pace.clone().unwrap_or_else(|| say!("lists-no-clock"));
        vec![
            say!("invitation-pace", pace = pace),
            if self.rated {
                say!("invitation-rated")
            } else {
                say!("invitation-casual")
            },
            match self.side {
                Some(side) => say!(
                    "invitation-you-play",
                    side = terms::side_name(self.kind, side)
                ),
                None => say!("invitation-sides-random"),
            },
        ]
    }

    /// The rules that differ from the game's defaults, each in words (none: the usual rules).
    pub fn rules(&self) -> Vec<Phrase> {
        self.rules
            .iter()
            .map(|(k, v)| rulebook::describe(self.kind, k, v))
            .collect()
    }
}

impl App {
    /// The invitation on its card, while it waits for Accept or Decline.
    pub fn invitation(&self) -> Option<&Invited> {
        self.links.invitation.as_ref()
    }

    /// Accept and Decline on the invitation's card.
    pub(in crate::app) fn handle_invitation(&mut self, action: LinkAction) -> Vec<Outgoing> {
        let Some(invited) = self.links.invitation.take() else {
            return Vec::new();
        };
        match action {
            LinkAction::AcceptInvitation => {
                // The link stays followed: a refusal shows on the link's card, and the game's
                // snapshot takes the address from it.
                self.links.link = Some(Route::Join(invited.code.clone()));
                vec![Outgoing::Lobby(LobbyRequest::JoinByCode(invited.code))]
            }
            LinkAction::DeclineInvitation => {
                self.links.link = None;
                self.screen = Screen::Lobby;
                self.lobby.code.clear();
                vec![Outgoing::Link(LinkRequest::DeclineInvitation(invited.code))]
            }
            _ => {
                self.links.invitation = Some(invited);
                Vec::new()
            }
        }
    }

    /// The server read the invitation of the link the player came by: its card shows.
    pub(in crate::app) fn invitation_read(&mut self, invited: Invited) {
        if !matches!(self.links.link, Some(Route::Join(_))) {
            // Another link (or the lobby) was chosen meanwhile.
            return;
        }
        self.links.broken_link = None;
        self.screen = Screen::Lobby;
        self.links.invitation = Some(invited);
    }

    /// The link's invitation is the player's own: its card says so (the friend opens it).
    pub(in crate::app) fn own_invitation(&mut self) {
        if let Some(route @ Route::Join(_)) = self.links.link.take() {
            self.links.broken_link = Some((route, say!("broken-invite-own")));
            self.screen = Screen::Lobby;
        }
    }

    /// A friend declined this player's invitation `code`: it is withdrawn, so its card goes,
    /// and a notice says who declined it.
    pub(in crate::app) fn invitation_declined(&mut self, by: &str, code: &str) {
        if self.lobby.my_code.as_deref() == Some(code) {
            self.lobby.my_code = None;
            self.links.invite_closed = true;
        }
        self.my_games
            .waiting
            .retain(|w| w.code.as_deref() != Some(code));
        self.tell(
            say!("notice-invitation-declined", name = by, code = code),
            Tone::Problem,
        );
    }

    /// On a greeting: the link's invitation is read again when its answer was lost with the
    /// connection (the card is not up, nothing was joined).
    pub(in crate::app) fn invitation_again(&self) -> Option<Outgoing> {
        match (&self.links.link, &self.links.invitation) {
            (Some(Route::Join(code)), None) => {
                Some(Outgoing::Link(LinkRequest::ReadInvitation(code.clone())))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ScreenAction;
    use crate::app::testing::*;
    use crate::app::*;
    use crate::app::{ConnectionEvent, LinkEvent};

    fn invited() -> Invited {
        Invited {
            code: "K7QM-2XPD".into(),
            by: "asha".into(),
            kind: GameKind::Kalah,
            rules: vec![("seeds".into(), "5".into())],
            pace: Some(pace_words(chaupal_shared::protocol::Correspondence {
                days: Some(3),
            })),
            rated: false,
            side: Some(Side::First),
        }
    }

    /// A client that came by the link to `invited()` and was shown its card.
    /// The connection lost and back: what the app asks of the server then.
    fn reconnect(app: &mut App) -> Vec<Outgoing> {
        app.apply(ConnectionEvent::Lost {
            reason: "gone".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        app.apply(ConnectionEvent::Welcomed { name: "bo".into() })
    }

    fn shown() -> App {
        let mut app = App::new(false);
        let sent = app.handle(LinkAction::Follow(Route::Join("k7qm2xpd".into())));
        assert!(sent.is_empty(), "not connected yet");
        let sent = app.apply(ConnectionEvent::Welcomed { name: "bo".into() });
        assert_eq!(
            sent,
            [Outgoing::Link(LinkRequest::ReadInvitation(
                "k7qm2xpd".into()
            ))]
        );
        app.apply(LinkEvent::Invitation(Box::new(invited())));
        app
    }

    #[test]
    fn a_join_link_shows_the_invitation_and_joins_nothing_until_accepted() {
        let mut app = shown();
        let card = app.invitation().expect("the card").clone();
        assert_eq!(card.headline().english(), "asha invites you to play Kalah.");
        let details: Vec<String> = card.details().iter().map(Phrase::english).collect();
        assert_eq!(
            details,
            [
                "Pace: 3 days a move",
                "Casual: no rating changes.",
                "You play South.",
            ]
        );
        assert_eq!(card.rules().len(), 1);
        assert_eq!(
            app.address(),
            "/join/k7qm2xpd",
            "the link's own address meanwhile"
        );
        assert_eq!(app.screen(), Screen::Lobby);
        // Whatever else is pressed meanwhile joins nothing, and the card stays.
        assert!(app.handle(ScreenAction::DismissNotice).is_empty());
        assert!(app.invitation().is_some());
        // A reconnection with the card up reads nothing and joins nothing.
        assert!(reconnect(&mut app).is_empty());
        assert!(app.invitation().is_some());
        // Accept joins, once.
        assert_eq!(
            app.handle(LinkAction::AcceptInvitation),
            [Outgoing::Lobby(LobbyRequest::JoinByCode(
                "K7QM-2XPD".into()
            ))]
        );
        assert!(app.invitation().is_none());
        assert!(app.handle(LinkAction::AcceptInvitation).is_empty(), "once");
        // The answer lost with the connection: the invitation is read again, never joined.
        let again = reconnect(&mut app);
        assert_eq!(
            again,
            [Outgoing::Link(LinkRequest::ReadInvitation(
                "K7QM-2XPD".into()
            ))]
        );
    }

    #[test]
    fn decline_withdraws_the_invitation_and_goes_to_the_lobby() {
        let mut app = shown();
        assert_eq!(
            app.handle(LinkAction::DeclineInvitation),
            [Outgoing::Link(LinkRequest::DeclineInvitation(
                "K7QM-2XPD".into()
            ))]
        );
        assert!(app.invitation().is_none());
        assert_eq!(app.screen(), Screen::Lobby);
        assert_eq!(app.address(), "/", "the link is put aside");
        assert!(app.lobby().code.is_empty(), "nor kept to join by hand");
        // Nothing is read or joined again on a reconnection.
        assert!(reconnect(&mut app).is_empty());
    }

    #[test]
    fn random_sides_a_clock_and_a_rated_game_are_said_so() {
        let mut app = online();
        app.links.link = Some(Route::Join("K7QM-2XPD".into()));
        let live = Invited {
            pace: Some(clock_words(&chaupal_shared::protocol::ClockSpec {
                initial_ms: 300_000,
                increment_ms: 3_000,
            })),
            rated: true,
            side: None,
            rules: Vec::new(),
            ..invited()
        };
        app.apply(LinkEvent::Invitation(Box::new(live)));
        let card = app.invitation().expect("the card");
        let details: Vec<String> = card.details().iter().map(Phrase::english).collect();
        assert_eq!(
            details,
            [
                "Pace: 5 min + 3 s",
                "Rated: the result changes your rating.",
                "Sides are drawn at random.",
            ]
        );
        assert!(card.rules().is_empty());
    }

    #[test]
    fn an_answer_for_a_link_put_aside_shows_no_card() {
        let mut app = online();
        app.apply(LinkEvent::Invitation(Box::new(invited())));
        assert!(app.invitation().is_none());
    }

    #[test]
    fn ones_own_invitation_says_so_on_the_links_card() {
        let mut app = online();
        app.handle(LinkAction::Follow(Route::Join("K7QM-2XPD".into())));
        app.apply(LinkEvent::OwnInvitation);
        let why = app.broken_link().map(Phrase::english).unwrap_or_default();
        assert!(why.contains("your own invitation"), "{why}");
        assert!(app.invitation().is_none());
    }

    #[test]
    fn the_inviter_hears_of_a_decline_and_the_invitation_goes() {
        let mut app = online();
        app.apply(LinkEvent::InviteCode("K7QM-2XPD".into()));
        assert!(app.invite_open());
        app.apply(LinkEvent::InvitationDeclined {
            by: "bo".into(),
            code: "K7QM-2XPD".into(),
        });
        assert!(!app.invite_open());
        assert_eq!(app.lobby().my_code, None);
        let notice = app.notice().map(|n| n.text.english()).unwrap_or_default();
        assert!(notice.contains("bo declined your invitation"), "{notice}");
    }
}
