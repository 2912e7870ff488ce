//! The game on the screen as the server streams it: snapshots (the whole game, on watching,
//! rejoining, or a game just started) and numbered events taken in order, a gap asking for what
//! was missed, events of another game or of one whose snapshot is still to come left aside.

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::{GameEvent, GameId, GameSnapshot, GameStatus, Request, Version};

use super::lobby::seat_name;
use super::{Asked, Link, Reaction};
use crate::app::{App, Event, Offer, Opened};
use crate::app::{ConnectionEvent, MatchEvent};
use crate::play::{ClockState, Ending, Match, Seats};
use crate::say;

impl Link {
    /// A numbered event of a game: for the game on the screen, in order; a gap asks for what
    /// was missed.
    pub(super) fn event(
        &mut self,
        game: GameId,
        version: Version,
        event: GameEvent,
        app: &App,
    ) -> Reaction {
        let Some((current, seen)) = self.game else {
            return Reaction::default();
        };
        if game != current || version <= seen || !self.synced {
            // Not this game, already seen, or its snapshot (asked for) is still to come.
            return Reaction::default();
        }
        if version != seen + 1 {
            // A gap: ask for what was missed.
            return Reaction::send(vec![self.message(
                Request::Rejoin {
                    game,
                    since: Some(seen),
                    key: self.key(game),
                },
                Asked::Rejoin(game),
            )]);
        }
        self.game = Some((game, version));
        if app.current().is_none() {
            return Reaction::default();
        }
        if let GameEvent::RematchStarted { game: next } = event {
            // The new game's snapshot follows.
            self.game = Some((next, 0));
            self.synced = false;
        }
        Reaction::event(Event::Game(MatchEvent::Next(event)))
    }

    /// A game to show, from a snapshot (watching, rejoining, a game that just started).
    pub(super) fn snapshot(&mut self, s: GameSnapshot) -> Reaction {
        let summary = &s.summary;
        let game_id = summary.game;
        let ours = !s.your_seats.is_empty();
        // A snapshot of another game than the one on the screen is taken only when it is a
        // game of ours that just started (or the screen has no game).
        if let Some(current) = self.game()
            && current != game_id
            && (!ours || summary.correspondence.is_some())
        {
            // A correspondence game that starts while another is on the screen waits in "My
            // games" (its notice lists it).
            return Reaction::default();
        }
        let game = match snapshot_match(&s) {
            Ok(m) => m,
            Err(e) => {
                return Reaction::event(Event::Connection(ConnectionEvent::Problem(say!(
                    "notice-no-show",
                    why = e
                ))));
            }
        };
        let offers = [
            (Offer::Draw, s.draw_offer),
            (Offer::Takeback, s.takeback_request),
            (Offer::Rematch, s.rematch_offer),
        ]
        .into_iter()
        .filter_map(|(offer, by)| Some((offer, by?)))
        .collect();
        if let Some(key) = &s.watch_key {
            self.keys.insert(game_id, key.clone());
        }
        self.game = Some((game_id, s.version));
        self.synced = true;
        self.watching = !ours;
        Reaction::event(Event::Game(MatchEvent::Opened(Box::new(Opened {
            game,
            watchers: summary.watchers,
            offers,
        }))))
    }
}

/// The game a snapshot describes, with its moves played, seats, names, clocks and result.
pub(super) fn snapshot_match(s: &GameSnapshot) -> Result<Match, String> {
    let summary = &s.summary;
    let pairs: Vec<(String, String)> = summary
        .rules
        .iter()
        .map(|p| (p.key.clone(), p.value.clone()))
        .collect();
    let start = match &s.start_position {
        Some(text) => {
            AnyGame::from_position_text(summary.kind, text, pairs).map_err(|e| e.to_string())
        }
        None => AnyGame::start(summary.kind, pairs).map_err(|e| e.to_string()),
    }?;
    let seats = match s.your_seats.as_slice() {
        [] => Seats::Watching,
        [one] => Seats::One(*one),
        _ => Seats::Both,
    };
    let mut m = Match::new(start, seats, true);
    for mv in &s.moves {
        m.apply(mv).map_err(|e| e.to_string())?;
    }
    m.settle();
    m.names = [0, 1].map(|i| seat_name(&summary.seats[i]));
    m.ai = [0, 1].map(|i| summary.seats[i].engine.is_some());
    m.ratings = [0, 1].map(|i| summary.seats[i].rating);
    m.id = Some(summary.game.0);
    m.pace = summary.correspondence;
    m.deadline_ms = s.deadline_ms;
    m.watch_key = s.watch_key.as_ref().map(|k| k.0.clone());
    if let Some(c) = s.clocks {
        m.clocks = Some(ClockState::from(c));
    }
    if summary.status == GameStatus::Finished
        && let Some(result) = summary.result
    {
        m.ended = Some(Ending::Result(result));
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::GameRequest;
    use crate::app::{Outgoing, Screen};
    use crate::net::link::testing::*;
    use chaupal_rules::Side;
    use chaupal_shared::protocol::{
        Action as Act, Clocks, Engine, GameResult, OfferKind, Reply, ResultReason, ServerMessage,
    };

    #[test]
    fn a_snapshot_opens_the_game_and_events_play_on() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &["c3"], vec![Side::Second], 1),
        );
        assert_eq!(app.screen(), Screen::Game);
        let m = app.current().expect("game");
        assert_eq!(m.seats, Seats::One(Side::Second));
        assert_eq!(m.names, ["asha".to_owned(), "bo".to_owned()]);
        assert_eq!(m.moves.len(), 1);
        // Our move is sent, not played.
        let out = app.handle(crate::app::Action::Game(crate::app::GameAction::Cell(
            "a1".into(),
        )));
        assert!(out.is_empty());
        let out = app.handle(crate::app::Action::Game(crate::app::GameAction::Cell(
            "b2".into(),
        )));
        assert_eq!(
            out,
            [Outgoing::Game(GameRequest::Move {
                notation: "a1-b2".into(),
                ply: 1
            })]
        );
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            &sent[0].request,
            Request::Act { game: GameId(7), action: Act::Move { notation, ply: Some(1) }, .. } if notation == "a1-b2"
        ));
        // The server's event plays it.
        let moved = ServerMessage::Event {
            game: GameId(7),
            version: 2,
            event: GameEvent::Moved {
                ply: 2,
                side: Side::Second,
                notation: "a1-b2".into(),
                clocks: Some(Clocks {
                    first_ms: 60_000,
                    second_ms: 59_000,
                    running: Some(Side::First),
                }),
                turn: None,
                deadline_ms: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, moved.clone());
        let m = app.current().expect("game");
        assert_eq!(m.moves.len(), 2);
        assert!(m.pending.is_none());
        assert_eq!(
            m.clocks.map(|c| c.text(Side::Second)).as_deref(),
            Some("0:59")
        );
        // The same event again is ignored; a gap asks to rejoin.
        deliver(&mut link, &mut app, &mut config, moved);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(2));
        let gap = ServerMessage::Event {
            game: GameId(7),
            version: 5,
            event: GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::First,
            },
        };
        let out = deliver(&mut link, &mut app, &mut config, gap);
        assert!(matches!(
            out[0].request,
            Request::Rejoin {
                game: GameId(7),
                since: Some(2),
                key: None,
            }
        ));
    }

    #[test]
    fn a_correspondence_game_keeps_its_deadline_from_move_to_move() {
        use chaupal_shared::protocol::{Correspondence, SeatPresence};
        let (mut link, mut app, mut config) = greeted();
        let mut snap = snapshot(8, &["c3"], vec![Side::Second], 1);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.summary.correspondence = Some(Correspondence { days: Some(3) });
            s.summary.deadline_ms = Some(5_000);
            s.deadline_ms = Some(5_000);
        }
        deliver(&mut link, &mut app, &mut config, snap);
        let m = app.current().expect("game");
        assert_eq!(m.pace, Some(Correspondence { days: Some(3) }));
        assert_eq!(m.deadline_ms, Some(5_000));
        assert!(m.clocks.is_none());
        let moved = ServerMessage::Event {
            game: GameId(8),
            version: 2,
            event: GameEvent::Moved {
                ply: 2,
                side: Side::Second,
                notation: "a1-b2".into(),
                clocks: None,
                turn: None,
                deadline_ms: Some(9_000),
            },
        };
        deliver(&mut link, &mut app, &mut config, moved);
        assert_eq!(app.current().and_then(|m| m.deadline_ms), Some(9_000));
        // Away is how it is played: the opponent's going says nothing.
        let away = ServerMessage::Presence {
            game: GameId(8),
            seats: [
                SeatPresence {
                    connected: false,
                    claim_in_ms: None,
                },
                SeatPresence {
                    connected: true,
                    claim_in_ms: None,
                },
            ],
            watchers: 0,
        };
        deliver(&mut link, &mut app, &mut config, away);
        assert!(app.notice().is_none(), "{:?}", app.notice());
        // Another correspondence game of ours that starts meanwhile waits in "My games".
        let mut other = snapshot(9, &[], vec![Side::First], 0);
        if let ServerMessage::Snapshot(s) = &mut other {
            s.summary.correspondence = Some(Correspondence { days: Some(1) });
        }
        deliver(&mut link, &mut app, &mut config, other);
        assert_eq!(app.current().and_then(|m| m.id), Some(8));
        // Leaving it for the lobby says where it waits.
        let out = app.handle(crate::app::Action::Game(crate::app::GameAction::ToLobby));
        assert_eq!(out, [Outgoing::Game(GameRequest::Leave)]);
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("My games")),
            "{:?}",
            app.notice()
        );
    }

    #[test]
    fn offers_and_their_answers_go_out_as_one_action_with_a_kind() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], vec![Side::First], 0),
        );
        let mut asked = Vec::new();
        for kind in OfferKind::ALL {
            asked.push((GameRequest::Offer(kind), Act::Offer(kind)));
            for accept in [true, false] {
                asked.push((
                    GameRequest::Answer { kind, accept },
                    Act::Answer { kind, accept },
                ));
            }
        }
        for (request, action) in asked {
            let sent = wish(&mut link, &mut app, Outgoing::Game(request.clone()));
            let expected = Request::Act {
                game: GameId(7),
                seat: None,
                action,
            };
            assert!(
                matches!(&sent[..], [one] if one.request == expected),
                "{request:?}: {sent:?}"
            );
        }
    }

    #[test]
    fn offers_and_the_end_are_shown() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], vec![Side::First], 0),
        );
        let offer = ServerMessage::Event {
            game: GameId(7),
            version: 1,
            event: GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::Second,
            },
        };
        deliver(&mut link, &mut app, &mut config, offer);
        assert_eq!(app.offer(), Some(Offer::Draw));
        let end = ServerMessage::Event {
            game: GameId(7),
            version: 2,
            event: GameEvent::Ended {
                result: GameResult {
                    winner: None,
                    reason: ResultReason::Agreement,
                },
                clocks: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, end);
        let m = app.current().expect("game");
        assert_eq!(m.status(), "Draw: agreed");
        app.tick(0.1);
        assert_eq!(app.screen(), Screen::GameOver);
    }

    #[test]
    fn a_watcher_hears_of_offers_but_has_none_to_answer() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], Vec::new(), 0),
        );
        for (version, event) in [
            (
                1,
                GameEvent::OfferMade {
                    kind: OfferKind::Draw,
                    by: Side::First,
                },
            ),
            (
                2,
                GameEvent::OfferMade {
                    kind: OfferKind::Takeback,
                    by: Side::Second,
                },
            ),
        ] {
            let msg = ServerMessage::Event {
                game: GameId(7),
                version,
                event,
            };
            deliver(&mut link, &mut app, &mut config, msg);
            assert_eq!(app.offer(), None, "no Accept or Decline for a watcher");
        }
        assert!(
            app.notice()
                .is_none_or(|n| !n.text.english().contains("Your opponent")),
            "a watcher has no opponent"
        );
    }

    #[test]
    fn a_new_games_events_wait_for_its_snapshot() {
        let (mut link, mut app, mut config) = greeted();
        // An old finished game is still on the screen.
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &["c3"], vec![Side::First], 1),
        );
        let out = app.handle(crate::app::Action::Game(crate::app::GameAction::ToLobby));
        for o in out {
            wish(&mut link, &mut app, o);
        }
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: 99,
                reply: Reply::Created {
                    game: Some(GameId(8)),
                    seek: None,
                    invite_code: None,
                },
            },
        );
        let early = ServerMessage::Event {
            game: GameId(8),
            version: 1,
            event: GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".into(),
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, early);
        assert!(
            app.current().is_none(),
            "nothing played on a board not yet shown"
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(8, &["c3"], vec![Side::First, Side::Second], 1),
        );
        assert_eq!(app.current().map(|m| m.moves.len()), Some(1));
    }

    #[test]
    fn no_draw_is_offered_to_the_ai_and_a_takeback_is_reported() {
        let (mut link, mut app, mut config) = greeted();
        let mut snap = snapshot(7, &["c3", "a1-b1"], vec![Side::First], 2);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.summary.seats[1].engine = Some(Engine::Level { level: 3 });
        }
        deliver(&mut link, &mut app, &mut config, snap);
        let m = app.current().expect("game");
        assert_eq!(m.ai, [false, true]);
        assert!(!m.can_offer_draw(), "the AI takes no draw offers");
        let back = ServerMessage::Event {
            game: GameId(7),
            version: 3,
            event: GameEvent::TakenBack {
                plies: 2,
                ply: 0,
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, back);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(0));
        assert_eq!(
            app.notice().map(|n| n.text.english()).as_deref(),
            Some("2 moves were taken back.")
        );
    }
}
