//! This player's seeks and invitations still waiting for an opponent, on any of their
//! devices (`my_seeks`): asked for after each greeting, after a seek or an invitation is made
//! or cancelled, and when a game of this player's starts (one of them was taken up: a
//! correspondence game's `my_game` notice, or a live game of theirs in the lobby); the answer
//! as the lobby's list of them.

use chaupal_shared::protocol::{ClientMessage, GameStatus, LobbyEvent, MyGame, MySeek, Request};

use super::{Asked, Link, Reaction};
use crate::app::{App, Event, LobbyChange, WaitingSeek, clock_words, pace_words};

impl Link {
    /// Asks for this player's seeks and invitations still waiting.
    pub(super) fn ask_my_seeks(&mut self) -> ClientMessage {
        self.message(Request::MySeeks, Asked::MySeeks)
    }

    /// The answer to `my_seeks`, as the lobby lists them.
    pub(super) fn my_seeks(&self, seeks: Vec<MySeek>) -> Reaction {
        let seeks = seeks.into_iter().map(waiting_entry).collect();
        Reaction::event(Event::Lobby(LobbyChange::Waiting(seeks)))
    }

    /// Whether a lobby event tells of a live game of this player's starting (a seek or an
    /// invitation of theirs may have been taken up, on this device or another).
    pub(super) fn my_game_started(&self, event: &LobbyEvent) -> bool {
        let LobbyEvent::GameStarted(g) = event else {
            return false;
        };
        self.me.is_some_and(|me| {
            g.seats
                .iter()
                .any(|s| s.player.as_ref().is_some_and(|p| p.id == me))
        })
    }
}

/// Whether a `my_game` notice tells of a game that started: one not over, with no move yet
/// or not listed yet.
pub(super) fn started(game: &MyGame, app: &App) -> bool {
    let s = &game.summary;
    s.status != GameStatus::Finished && (s.plies == 0 || app.my_game(s.game.0).is_none())
}

/// A seek of this player's as the lobby lists it among those waiting.
fn waiting_entry(m: MySeek) -> WaitingSeek {
    let s = m.seek;
    WaitingSeek {
        id: s.seek.0,
        kind: s.kind,
        rules: s.rules.into_iter().map(|p| (p.key, p.value)).collect(),
        pace: s
            .correspondence
            .map(pace_words)
            .or_else(|| s.clock.as_ref().map(clock_words)),
        correspondence: s.correspondence.is_some(),
        code: m.invite_code,
        rated: s.rated,
    }
}

#[cfg(test)]
mod tests {
    use crate::app::LobbyAction;
    use crate::app::LobbyRequest;
    use crate::app::{Action, Outgoing};
    use crate::net::link::testing::*;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::{
        ClientMessage, ClockSpec, Correspondence, ErrorCode, ErrorReply, GameStatus, LobbyEvent,
        MyGame, MySeek, PlayerId, PlayerInfo, Reply, Request, SeekId, SeekInfo, ServerMessage,
        SideChoice,
    };

    fn asha() -> PlayerInfo {
        PlayerInfo {
            id: PlayerId(3),
            name: "asha".into(),
        }
    }

    /// A seek of asha's: by correspondence (three days a move) or live (five minutes).
    fn mine(seek: u64, code: Option<&str>, slow: bool) -> MySeek {
        MySeek {
            seek: SeekInfo {
                seek: SeekId(seek),
                by: asha(),
                kind: GameKind::Jungle,
                rules: Vec::new(),
                clock: (!slow).then_some(ClockSpec {
                    initial_ms: 300_000,
                    increment_ms: 0,
                }),
                correspondence: slow.then_some(Correspondence { days: Some(3) }),
                side: SideChoice::Random,
                rated: false,
                rating: None,
            },
            invite_code: code.map(str::to_owned),
        }
    }

    /// The id of the `my_seeks` request among `out`.
    fn asked_for_my_seeks(out: &[ClientMessage]) -> Option<u64> {
        out.iter()
            .find(|m| matches!(m.request, Request::MySeeks))
            .map(|m| m.id)
    }

    fn answer(id: u64, seeks: Vec<MySeek>) -> ServerMessage {
        ServerMessage::Reply {
            id,
            reply: Reply::MySeeks { seeks },
        }
    }

    fn listed(app: &crate::app::App) -> Vec<(u64, Option<String>)> {
        app.waiting()
            .iter()
            .map(|w| (w.id, w.code.clone()))
            .collect()
    }

    /// A greeted link and app whose list holds `seeks`.
    fn with_list(seeks: Vec<MySeek>) -> (super::Link, crate::app::App, crate::config::Config) {
        let mut link = super::Link::new();
        let mut app = crate::app::App::new(false);
        let mut config = crate::config::Config::default();
        link.connected("asha", None);
        let out = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
        let id = asked_for_my_seeks(&out).expect("my_seeks asked for on the greeting");
        deliver(&mut link, &mut app, &mut config, answer(id, seeks));
        (link, app, config)
    }

    #[test]
    fn the_greeting_asks_for_the_seeks_waiting_and_the_answer_fills_the_list() {
        let (_, app, _) = with_list(vec![
            mine(12, Some("K7QM-2XPD"), true),
            mine(13, None, true),
            mine(14, Some("LIVE-0014"), false),
        ]);
        assert_eq!(
            listed(&app),
            [
                (12, Some("K7QM-2XPD".to_owned())),
                (13, None),
                (14, Some("LIVE-0014".to_owned())),
            ],
            "oldest first, as the server lists them"
        );
        let slow = app.waiting()[0];
        assert!(slow.correspondence);
        assert_eq!(
            slow.pace.as_ref().map(|p| p.english()).as_deref(),
            Some("3 days a move")
        );
        let live = app.waiting()[2];
        assert!(!live.correspondence);
        assert_eq!(
            live.pace.as_ref().map(|p| p.english()).as_deref(),
            Some("5 min")
        );
    }

    #[test]
    fn making_an_invitation_asks_for_the_list_again() {
        let (mut link, mut app, mut config) = with_list(Vec::new());
        let out = app.handle(Action::Lobby(LobbyAction::CreatePrivate));
        let sent = wish(&mut link, &mut app, out[0].clone());
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Created {
                    game: None,
                    seek: Some(SeekId(20)),
                    invite_code: Some("NEWC-0DE2".into()),
                },
            },
        );
        let id = asked_for_my_seeks(&out).expect("asked again");
        deliver(
            &mut link,
            &mut app,
            &mut config,
            answer(id, vec![mine(20, Some("NEWC-0DE2"), true)]),
        );
        assert_eq!(listed(&app), [(20, Some("NEWC-0DE2".to_owned()))]);
        // A game that started at once (against the computer) leaves the list alone.
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id + 100,
                reply: Reply::Created {
                    game: Some(chaupal_shared::protocol::GameId(77)),
                    seek: None,
                    invite_code: None,
                },
            },
        );
        assert_eq!(asked_for_my_seeks(&out), None, "{out:?}");
    }

    #[test]
    fn cancelling_sends_cancel_seek_and_asks_for_the_list_again() {
        let (mut link, mut app, mut config) = with_list(vec![
            mine(12, Some("K7QM-2XPD"), true),
            mine(13, None, true),
        ]);
        let out = app.handle(Action::Lobby(LobbyAction::CancelSeek(12)));
        assert_eq!(out, [Outgoing::Lobby(LobbyRequest::CancelSeek(12))]);
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(
            matches!(sent[0].request, Request::CancelSeek { seek: SeekId(12) }),
            "{sent:?}"
        );
        assert_eq!(listed(&app), [(13, None)], "gone from the list at once");
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Ok,
            },
        );
        let id = asked_for_my_seeks(&out).expect("asked again after the cancel");
        deliver(
            &mut link,
            &mut app,
            &mut config,
            answer(id, vec![mine(13, None, true)]),
        );
        assert_eq!(listed(&app), [(13, None)]);
        // Refused (taken meanwhile, on another device): said, and the list asked for again.
        let sent = wish(
            &mut link,
            &mut app,
            Outgoing::Lobby(LobbyRequest::CancelSeek(13)),
        );
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(sent[0].id),
                error: ErrorReply::new(ErrorCode::NoSuchSeek, "no seek 13"),
            },
        );
        assert!(asked_for_my_seeks(&out).is_some(), "{out:?}");
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("Cancel the seek")),
            "{:?}",
            app.notice()
        );
    }

    #[test]
    fn a_taken_invitation_leaves_the_list_when_its_game_starts() {
        let (mut link, mut app, mut config) = with_list(vec![
            mine(12, Some("K7QM-2XPD"), true),
            mine(13, None, true),
        ]);
        // A friend took the invitation: the correspondence game starts, on every device.
        let mut summary = summary(45, GameKind::Jungle);
        summary.correspondence = Some(Correspondence { days: Some(3) });
        summary.seats[0].player = Some(asha());
        let game = MyGame {
            summary,
            your_seats: vec![Side::First],
            your_turn: true,
            muted: false,
        };
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::MyGame(Box::new(game.clone())),
        );
        let id = asked_for_my_seeks(&out).expect("asked again: a game started");
        assert_eq!(listed(&app).len(), 2, "until the server says");
        deliver(
            &mut link,
            &mut app,
            &mut config,
            answer(id, vec![mine(13, None, true)]),
        );
        assert_eq!(listed(&app), [(13, None)]);
        assert_eq!(app.my_games().len(), 1, "the game is in play");
        // A move in it is no start.
        let mut moved = game;
        moved.summary.plies = 1;
        moved.your_turn = false;
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::MyGame(Box::new(moved.clone())),
        );
        assert_eq!(asked_for_my_seeks(&out), None, "{out:?}");
        moved.summary.status = GameStatus::Finished;
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::MyGame(Box::new(moved)),
        );
        assert_eq!(asked_for_my_seeks(&out), None, "{out:?}");
    }

    #[test]
    fn a_live_game_of_this_player_starting_asks_for_the_list_again() {
        let (mut link, mut app, mut config) = with_list(vec![mine(14, Some("LIVE-0014"), false)]);
        let theirs = summary(50, GameKind::Kalah);
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::GameStarted(Box::new(theirs))),
        );
        assert_eq!(asked_for_my_seeks(&out), None, "another's game");
        let mut ours = summary(51, GameKind::Kalah);
        ours.seats[1].player = Some(asha());
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::GameStarted(Box::new(ours))),
        );
        let id = asked_for_my_seeks(&out).expect("asked again");
        deliver(&mut link, &mut app, &mut config, answer(id, Vec::new()));
        assert!(app.waiting().is_empty());
    }
}
