//! A private invitation read by its code (`invitation`): the card's words for the app, or,
//! for a player of the game the code started already (who opened its link again), that game
//! sat down at, as `join_by_code` would.

use chaupal_rules::Side;
use chaupal_shared::protocol::{Invitation, Request, SideChoice};

use super::{Asked, Link, Reaction};
use crate::app::LinkEvent;
use crate::app::{Event, Invited, clock_words, pace_words};

impl Link {
    /// The answer to `invitation`.
    pub(super) fn invitation(&mut self, invitation: Invitation) -> Reaction {
        if let Some(game) = invitation.game {
            if self.game() == Some(game) {
                return Reaction::default();
            }
            self.game = Some((game, 0));
            self.synced = false;
            self.watching = false;
            let key = self.key(game);
            return Reaction::send(vec![self.message(
                Request::Rejoin {
                    game,
                    since: None,
                    key,
                },
                Asked::Rejoin(game),
            )]);
        }
        Reaction::event(Event::Link(LinkEvent::Invitation(Box::new(invited(
            invitation,
        )))))
    }
}

/// The invitation in the client's terms: the friend's side is the other of the inviter's.
fn invited(invitation: Invitation) -> Invited {
    let s = invitation.seek;
    Invited {
        code: invitation.code,
        by: s.by.name,
        kind: s.kind,
        rules: s.rules.into_iter().map(|p| (p.key, p.value)).collect(),
        pace: s
            .correspondence
            .map(pace_words)
            .or_else(|| s.clock.as_ref().map(clock_words)),
        rated: s.rated,
        side: match s.side {
            SideChoice::First => Some(Side::Second),
            SideChoice::Second => Some(Side::First),
            SideChoice::Random => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::app::LinkAction;
    use crate::app::LobbyRequest;
    use crate::app::{Action, Outgoing};
    use crate::net::link::testing::*;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::{
        ClockSpec, ErrorCode, ErrorReply, GameId, Invitation, PlayerId, PlayerInfo, Reply, Request,
        SeekId, SeekInfo, ServerMessage, SideChoice,
    };

    fn invitation(game: Option<GameId>) -> Invitation {
        Invitation {
            code: "K7QM-2XPD".into(),
            seek: SeekInfo {
                seek: SeekId(13),
                by: PlayerInfo {
                    id: PlayerId(3),
                    name: "asha".into(),
                },
                kind: GameKind::Jungle,
                rules: vec![],
                clock: Some(ClockSpec {
                    initial_ms: 300_000,
                    increment_ms: 3_000,
                }),
                correspondence: None,
                side: SideChoice::Second,
                rated: true,
                rating: Some(1500),
            },
            game,
        }
    }

    #[test]
    fn a_join_link_reads_the_invitation_then_joins_only_on_accept() {
        let (mut link, mut app, mut config) = greeted();
        let out = app.handle(Action::Link(LinkAction::Follow(crate::route::Route::Join(
            "k7qm2xpd".into(),
        ))));
        let read = wish(&mut link, &mut app, out[0].clone());
        assert!(
            matches!(read.as_slice(), [m] if m.request == Request::Invitation { code: "k7qm2xpd".into() }),
            "{read:?}"
        );
        let asked = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: read[0].id,
                reply: Reply::Invitation(Box::new(invitation(None))),
            },
        );
        assert!(asked.is_empty(), "nothing joins before Accept: {asked:?}");
        let card = app.invitation().expect("the card");
        assert_eq!(
            card.side,
            Some(Side::First),
            "asha plays second: the friend first"
        );
        assert_eq!(
            card.headline().english(),
            "asha invites you to play Jungle."
        );
        let out = app.handle(Action::Link(LinkAction::AcceptInvitation));
        assert_eq!(
            out,
            [Outgoing::Lobby(LobbyRequest::JoinByCode(
                "K7QM-2XPD".into()
            ))]
        );
        let join = wish(&mut link, &mut app, out[0].clone());
        assert!(
            matches!(join.as_slice(), [m] if m.request == Request::JoinByCode { code: "K7QM-2XPD".into() }),
            "{join:?}"
        );
    }

    #[test]
    fn decline_is_sent_and_the_inviter_hears_it() {
        let (mut link, mut app, mut config) = greeted();
        let out = app.handle(Action::Link(LinkAction::Follow(crate::route::Route::Join(
            "K7QM-2XPD".into(),
        ))));
        let read = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: read[0].id,
                reply: Reply::Invitation(Box::new(invitation(None))),
            },
        );
        let out = app.handle(Action::Link(LinkAction::DeclineInvitation));
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(
            matches!(sent.as_slice(), [m] if m.request == Request::DeclineInvitation { code: "K7QM-2XPD".into() }),
            "{sent:?}"
        );
        // The inviter's side: a notice, and the list of what waits asked for again.
        let asked = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::InvitationDeclined {
                seek: SeekId(13),
                code: "K7QM-2XPD".into(),
                by: PlayerInfo {
                    id: PlayerId(4),
                    name: "bina".into(),
                },
            },
        );
        assert!(
            matches!(asked.as_slice(), [m] if m.request == Request::MySeeks),
            "{asked:?}"
        );
        let notice = app.notice().map(|n| n.text.english()).unwrap_or_default();
        assert!(notice.contains("bina declined"), "{notice}");
    }

    #[test]
    fn a_used_link_of_ones_own_game_sits_down_at_it_and_ones_own_invitation_says_so() {
        let (mut link, mut app, mut config) = greeted();
        let out = app.handle(Action::Link(LinkAction::Follow(crate::route::Route::Join(
            "K7QM-2XPD".into(),
        ))));
        let read = wish(&mut link, &mut app, out[0].clone());
        let asked = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: read[0].id,
                reply: Reply::Invitation(Box::new(invitation(Some(GameId(42))))),
            },
        );
        assert!(
            matches!(asked.as_slice(), [m] if matches!(m.request, Request::Rejoin { game: GameId(42), since: None, .. })),
            "{asked:?}"
        );
        assert!(app.invitation().is_none(), "no card: the game itself");
        // One's own invitation: the link's card says whose it is.
        let out = app.handle(Action::Link(LinkAction::Follow(crate::route::Route::Join(
            "AAAA-BBBB".into(),
        ))));
        let read = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(read[0].id),
                error: ErrorReply::new(ErrorCode::BadSetup, "this is your own invitation"),
            },
        );
        let why = app.broken_link().map(|p| p.english()).unwrap_or_default();
        assert!(why.contains("your own invitation"), "{why}");
        // An unknown code: the link's card, as for a join.
        let out = app.handle(Action::Link(LinkAction::Follow(crate::route::Route::Join(
            "ZZZZ-ZZZZ".into(),
        ))));
        let read = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(read[0].id),
                error: ErrorReply::new(ErrorCode::BadInviteCode, "no game waits"),
            },
        );
        let why = app.broken_link().map(|p| p.english()).unwrap_or_default();
        assert!(
            why.contains("ZZZZ-ZZZZ") && why.contains("used already"),
            "{why}"
        );
    }
}
