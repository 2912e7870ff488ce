//! The events from outside taken in: [`App::apply`] is the one place where the connection
//! and the server change the state. It hands each kind of event to its feature's folder
//! (`connection/`, `links/`, `notifications/`, `lobby/`, `game/`, `replay/`, `puzzles/`, each
//! with an `event.rs`) and returns what must be sent back. The tests here follow events
//! through the whole app: the lobby's lists, the game on the screen with its moves, offers and
//! clocks, the answers to requests, and links that lead nowhere.

use super::App;
use super::event::Event;
use crate::app::Outgoing;

impl App {
    /// Takes in one event from outside: the one place where what happens outside changes the
    /// state. Returns what must be sent back: the game on the screen asked for whole again
    /// when the board here went out of step with the server's.
    pub fn apply(&mut self, event: impl Into<Event>) -> Vec<Outgoing> {
        match event.into() {
            Event::Connection(event) => self.apply_connection(event),
            Event::Link(event) => self.apply_link(event),
            Event::Push(event) => self.apply_push(event),
            Event::Lobby(change) => {
                self.change_lobby(change);
                Vec::new()
            }
            Event::Game(event) => self.apply_match(event),
            Event::Replay(event) => self.apply_replay(event),
            Event::Puzzle(event) => self.apply_puzzle(event),
            Event::Tournament(event) => self.apply_tournament(event),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Offer;
    use crate::app::connection::Connection;
    use crate::app::shell::{Screen, Tone};
    use crate::app::{LobbyChange, Opened, Record};

    use crate::play::{ClockState, Match, Seats};

    use crate::app::NOTICE_SECONDS;
    use crate::app::lobby::{FinishedEntry, LiveEntry, SeekEntry};
    use crate::app::{ConnectionEvent, LinkEvent, MatchEvent, ReplayEvent};
    use crate::app::{GameAction, ScreenAction};
    use crate::app::{GameRequest, LinkRequest};
    use crate::play::Hint;
    use crate::replay::Replay;
    use chaupal_rules::Side;
    use chaupal_rules::{AnyGame, GameKind};
    use chaupal_shared::protocol::{Clocks, GameEvent, OfferKind, SeatPresence};
    use chaupal_shared::protocol::{GameId, GameResult, ResultReason};

    fn bagh_chal() -> AnyGame {
        AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start")
    }

    /// A connected client with a server game open on the screen, seated as `seats`.
    fn playing(seats: Seats) -> App {
        let mut app = App::new(false);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        opened(&mut app, seats, Vec::new());
        app
    }

    fn opened(app: &mut App, seats: Seats, offers: Vec<(Offer, Side)>) -> Vec<Outgoing> {
        let mut game = Match::new(bagh_chal(), seats, true);
        game.names = ["asha".into(), "bo".into()];
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game,
            watchers: 2,
            offers,
        })))
    }

    fn game(app: &mut App, change: GameEvent) -> Vec<Outgoing> {
        app.apply(MatchEvent::Next(change))
    }

    #[test]
    fn another_game_opens_at_the_top_and_the_same_one_again_keeps_its_place() {
        let open = |app: &mut App, id: u64| {
            let mut m = Match::new(bagh_chal(), Seats::One(Side::First), true);
            m.id = Some(id);
            app.apply(MatchEvent::Opened(Box::new(Opened {
                game: m,
                watchers: 0,
                offers: Vec::new(),
            })))
        };
        let mut app = playing(Seats::One(Side::First));
        open(&mut app, 5);
        app.handle(ScreenAction::ScrollTo(300));
        open(&mut app, 5);
        assert_eq!(app.scroll(), 300.0, "the same game again (a reconnection)");
        open(&mut app, 6);
        assert_eq!(app.scroll(), 0.0, "another game, from the top");
    }

    fn notice_text(app: &App) -> String {
        app.notice().map(|n| n.text.english()).unwrap_or_default()
    }

    fn entry(id: u64, who: &str) -> SeekEntry {
        SeekEntry {
            id,
            kind: GameKind::Kalah,
            rules: Vec::new(),
            who: who.into(),
            pace: None,
            rated: false,
            mine: false,
        }
    }

    fn live(id: u64) -> LiveEntry {
        LiveEntry {
            id,
            kind: GameKind::Jungle,
            players: ["asha".into(), "bo".into()],
            ratings: [None; 2],
            moves: 0,
            watchers: 0,
            exhibition: false,
            mine: false,
        }
    }

    #[test]
    fn a_snapshot_opens_the_game_with_only_the_opponents_offer_to_answer() {
        let mut app = App::new(false);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert_eq!(app.screen(), Screen::Lobby);
        // Our own draw offer is not ours to answer; their takeback request is.
        let offers = vec![
            (Offer::Draw, Side::First),
            (Offer::Takeback, Side::Second),
            (Offer::Rematch, Side::Second),
        ];
        assert!(opened(&mut app, Seats::One(Side::First), offers.clone()).is_empty());
        assert_eq!(app.screen(), Screen::Game);
        assert_eq!(app.offer(), Some(Offer::Takeback), "the first of theirs");
        assert_eq!(app.watchers(), 2);
        // A watcher answers nothing, and two seats here have nobody else's offer.
        opened(&mut app, Seats::Watching, offers.clone());
        assert_eq!(app.offer(), None);
        opened(&mut app, Seats::Both, offers);
        assert_eq!(app.offer(), None);
    }

    #[test]
    fn a_snapshot_does_not_pull_the_player_out_of_the_replay_or_the_rules() {
        let mut app = playing(Seats::One(Side::First));
        app.handle(ScreenAction::ShowRules(GameKind::Kalah));
        opened(&mut app, Seats::One(Side::First), Vec::new());
        assert_eq!(app.screen(), Screen::Rules(GameKind::Kalah));
        app.handle(ScreenAction::Back);
        assert_eq!(app.screen(), Screen::Game);
    }

    #[test]
    fn an_invitation_is_told_and_forgotten_once_the_friend_joins() {
        let mut app = playing(Seats::One(Side::First));
        app.apply(LinkEvent::InviteCode("KX-42".into()));
        assert_eq!(app.lobby().my_code.as_deref(), Some("KX-42"));
        assert!(notice_text(&app).contains("invite code KX-42"));
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::News));
        opened(&mut app, Seats::One(Side::Second), Vec::new());
        assert_eq!(app.lobby().my_code, None);
        assert!(app.notice().is_none(), "what the invitation said is done");
        // A problem shown meanwhile stays.
        app.apply(LinkEvent::InviteCode("KX-43".into()));
        app.apply(ConnectionEvent::Problem(
            "The server is shutting down.".into(),
        ));
        opened(&mut app, Seats::One(Side::Second), Vec::new());
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
    }

    #[test]
    fn an_open_seek_is_told() {
        let mut app = playing(Seats::Watching);
        app.apply(LobbyChange::SeekOpened);
        assert!(notice_text(&app).starts_with("Your seek is open"));
    }

    #[test]
    fn the_lobby_lists_change_entry_by_entry() {
        let mut app = App::new(false);
        app.apply(Event::Lobby(LobbyChange::Lists {
            seeks: vec![entry(1, "bo"), entry(2, "chandra")],
            live: vec![live(7)],
        }));
        assert_eq!(app.seeks().len(), 2);
        // The same seek again replaces the old entry.
        app.apply(Event::Lobby(LobbyChange::SeekAdded(entry(1, "bo (1500)"))));
        let who: Vec<String> = app.seeks().iter().map(|s| s.who.english()).collect();
        assert_eq!(who, ["chandra", "bo (1500)"]);
        app.apply(Event::Lobby(LobbyChange::SeekRemoved(2)));
        assert_eq!(app.seeks().len(), 1);
        app.apply(Event::Lobby(LobbyChange::GameStarted(live(8))));
        app.apply(Event::Lobby(LobbyChange::GameStarted(live(8))));
        assert_eq!(app.live().iter().map(|g| g.id).collect::<Vec<_>>(), [7, 8]);
        // A game going on: its move count follows (another game's count is left alone).
        app.apply(Event::Lobby(LobbyChange::GameProgress { id: 8, moves: 7 }));
        app.apply(Event::Lobby(LobbyChange::GameProgress { id: 99, moves: 3 }));
        let moves: Vec<(u64, u32)> = app.live().iter().map(|g| (g.id, g.moves)).collect();
        assert_eq!(moves, [(7, live(7).moves), (8, 7)]);
        app.apply(Event::Lobby(LobbyChange::GameEnded(7)));
        assert_eq!(app.live().iter().map(|g| g.id).collect::<Vec<_>>(), [8]);
        app.apply(Event::Lobby(LobbyChange::Seeks(Vec::new())));
        app.apply(Event::Lobby(LobbyChange::Live(Vec::new())));
        assert!(app.seeks().is_empty() && app.live().is_empty());
        let done = FinishedEntry {
            id: 30,
            kind: GameKind::BaghChal,
            players: ["asha".into(), "bo".into()],
            result: "draw".into(),
            moves: 40,
        };
        app.apply(Event::Lobby(LobbyChange::Finished(vec![done.clone()])));
        assert_eq!(app.finished(), [done]);
    }

    #[test]
    fn a_lost_connection_empties_the_lists_and_says_the_game_is_kept() {
        let mut app = playing(Seats::One(Side::First));
        app.apply(Event::Lobby(LobbyChange::Lists {
            seeks: vec![entry(1, "bo")],
            live: vec![live(7)],
        }));
        app.apply(ConnectionEvent::Lost {
            reason: "The connection to the server was lost.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert!(app.seeks().is_empty() && app.live().is_empty());
        assert!(!app.connection().online());
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
        assert!(notice_text(&app).contains("Your game is kept on the server"));
        // Losing it again while not connected says nothing new.
        app.apply(ConnectionEvent::Problem("Something else.".into()));
        app.apply(ConnectionEvent::Lost {
            reason: "Still not answering.".into(),
            attempt: 2,
            retry_in: 2.0,
        });
        assert_eq!(notice_text(&app), "Something else.");
        assert_eq!(app.screen(), Screen::Game, "the game stays on the screen");
    }

    #[test]
    fn an_offline_client_does_not_show_connecting() {
        let mut app = App::new(true);
        app.apply(ConnectionEvent::Connecting { attempt: 3 });
        assert_eq!(app.connection(), &Connection::Offline);
    }

    #[test]
    fn a_request_not_sent_unlocks_the_board_and_says_why() {
        let mut app = playing(Seats::One(Side::First));
        assert_eq!(
            app.handle(GameAction::Cell("c3".into())),
            [Outgoing::Game(GameRequest::Move {
                notation: "c3".into(),
                ply: 0
            })]
        );
        assert!(app.current().is_some_and(|m| m.pending.is_some()));
        app.apply(ConnectionEvent::NotSent);
        assert!(app.current().is_some_and(|m| m.pending.is_none()));
        assert!(notice_text(&app).starts_with("Not connected to the server"));
    }

    #[test]
    fn an_accepted_move_unlocks_the_board_and_a_refusal_says_why() {
        let mut app = playing(Seats::One(Side::First));
        app.handle(GameAction::Cell("c3".into()));
        app.apply(MatchEvent::MoveAccepted);
        assert!(app.current().is_some_and(|m| m.pending.is_none()));
        // A refusal that is not about the move leaves a pending move alone.
        app.handle(GameAction::Cell("c3".into()));
        app.apply(ConnectionEvent::Refused {
            text: "The hint: The computer players are all busy.".into(),
            unlock_board: false,
        });
        assert!(app.current().is_some_and(|m| m.pending.is_some()));
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
        app.apply(ConnectionEvent::Refused {
            text: "Your move: It is the other side's turn, not yours.".into(),
            unlock_board: true,
        });
        let m = app.current().expect("game");
        assert!(m.pending.is_none() && m.selection.path().is_empty());
        assert_eq!(
            notice_text(&app),
            "Your move: It is the other side's turn, not yours."
        );
    }

    #[test]
    fn the_opponent_going_away_is_told_to_the_seated_player_only() {
        let away = [
            SeatPresence {
                connected: true,
                claim_in_ms: None,
            },
            SeatPresence {
                connected: false,
                claim_in_ms: Some(29_001),
            },
        ];
        let mut app = playing(Seats::One(Side::First));
        app.apply(MatchEvent::Presence {
            watchers: 5,
            seats: away,
        });
        assert_eq!(app.watchers(), 5);
        assert_eq!(
            notice_text(&app),
            "Your opponent lost the connection. If they stay away, you may claim the win in 30 s."
        );
        // The seat that is away is this player's own: nothing to say.
        let mut app = playing(Seats::One(Side::Second));
        app.apply(MatchEvent::Presence {
            watchers: 1,
            seats: away,
        });
        assert!(app.notice().is_none());
        let mut app = playing(Seats::Watching);
        app.apply(MatchEvent::Presence {
            watchers: 1,
            seats: away,
        });
        assert!(app.notice().is_none(), "a watcher has no opponent");
    }

    #[test]
    fn the_opponents_return_takes_back_what_was_said_of_their_going() {
        let seats = |connected: bool| {
            [
                SeatPresence {
                    connected: true,
                    claim_in_ms: None,
                },
                SeatPresence {
                    connected,
                    claim_in_ms: (!connected).then_some(30_000),
                },
            ]
        };
        let mut app = playing(Seats::One(Side::First));
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(false),
        });
        assert!(notice_text(&app).starts_with("Your opponent lost the connection."));
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(true),
        });
        assert_eq!(notice_text(&app), "Your opponent is back.");
        // Being back once is said once, even after the notice of the going went; a notice
        // about something else is left alone.
        app.handle(crate::app::ScreenAction::DismissNotice);
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(true),
        });
        assert!(app.notice().is_none());
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(false),
        });
        app.handle(crate::app::ScreenAction::DismissNotice);
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(true),
        });
        assert_eq!(notice_text(&app), "Your opponent is back.");
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(false),
        });
        app.apply(ConnectionEvent::Problem("Something else.".into()));
        app.apply(MatchEvent::Presence {
            watchers: 0,
            seats: seats(true),
        });
        assert_eq!(notice_text(&app), "Something else.");
    }

    #[test]
    fn a_link_that_leads_nowhere_says_why_on_a_card_and_keeps_its_address_until_put_aside() {
        use crate::route::Route;
        let mut app = App::new(false);
        app.handle(crate::app::LinkAction::Follow(Route::Join(
            "ZZZZ-ZZZZ".into(),
        )));
        assert_eq!(app.address(), "/join/ZZZZ-ZZZZ", "while connecting");
        let sent = app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert_eq!(
            sent,
            [Outgoing::Link(LinkRequest::ReadInvitation(
                "ZZZZ-ZZZZ".into()
            ))]
        );
        assert_eq!(app.address(), "/join/ZZZZ-ZZZZ", "while asked");
        app.apply(ConnectionEvent::Refused {
            text: "Joining the game: no game waits for this invite code.".into(),
            unlock_board: false,
        });
        let why = app.broken_link().expect("the card").to_owned();
        assert!(
            why.english().contains("ZZZZ-ZZZZ") && why.english().contains("used already"),
            "{why:?}"
        );
        assert!(app.notice().is_none(), "the card says it, not a notice");
        assert_eq!(app.screen(), Screen::Lobby);
        assert_eq!(app.address(), "/join/ZZZZ-ZZZZ");
        app.handle(crate::app::LinkAction::CloseBrokenLink);
        assert_eq!(app.broken_link(), None);
        assert_eq!(app.address(), "/");
        // A refusal of anything else is a notice, as before.
        app.apply(ConnectionEvent::Refused {
            text: "Watching the game: no such game.".into(),
            unlock_board: false,
        });
        assert_eq!(app.broken_link(), None);
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
    }

    #[test]
    fn a_private_games_address_and_link_carry_its_watch_key() {
        let key = "9c1e7a4f0b2d6e8a3c5f7b9d1e3a5c7f";
        let mut app = App::new(false);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        app.set_site(Some("https://chaupal.example".into()));
        let mut game = Match::new(bagh_chal(), Seats::Watching, true);
        game.id = Some(42);
        game.watch_key = Some(key.into());
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game,
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.address(), format!("/game/42?key={key}"));
        assert_eq!(
            app.game_link(),
            Some(format!("https://chaupal.example/game/42?key={key}"))
        );
        app.apply(ReplayEvent::Record(Box::new(Record {
            id: 42,
            start: bagh_chal(),
            moves: vec!["c3".into()],
            names: ["a".into(), "b".into()],
            result: None,
            played: false,
            watch_key: Some(key.into()),
        })));
        assert_eq!(app.address(), format!("/replay/42?key={key}"));
        assert_eq!(
            app.game_link(),
            Some(format!("https://chaupal.example/replay/42?key={key}"))
        );
    }

    #[test]
    fn the_address_opens_what_is_on_the_screen() {
        use crate::route::Route;
        let mut app = App::new(false);
        app.handle(crate::app::LinkAction::Follow(Route::Join(
            "K7QM-2XPD".into(),
        )));
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        let mut game = Match::new(bagh_chal(), Seats::One(Side::First), true);
        game.id = Some(42);
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game,
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(
            app.address(),
            "/game/42",
            "the invite link gives way to the game's own"
        );
        app.set_site(Some("https://chaupal.example".into()));
        assert_eq!(
            app.game_link().as_deref(),
            Some("https://chaupal.example/game/42")
        );
        app.handle(crate::app::GameAction::ToLobby);
        assert_eq!(app.address(), "/");
        app.apply(ReplayEvent::Record(Box::new(Record {
            id: 7,
            start: bagh_chal(),
            moves: vec!["c3".into()],
            names: ["a".into(), "b".into()],
            result: None,
            played: false,
            watch_key: None,
        })));
        assert_eq!(app.address(), "/replay/7");
        assert_eq!(
            app.game_link().as_deref(),
            Some("https://chaupal.example/replay/7")
        );
        // A game at this screen, offline, has no address of its own.
        let mut local = App::new(true);
        local.handle(crate::app::LobbyAction::Start);
        assert_eq!(local.screen(), Screen::Game);
        assert_eq!(local.address(), "/");
        assert_eq!(local.game_link(), None);
    }

    #[test]
    fn offers_come_and_go_with_the_games_events() {
        let mut app = playing(Seats::One(Side::First));
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::First,
            },
        );
        assert_eq!(app.offer(), None, "our own offer");
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::Second,
            },
        );
        assert_eq!(app.offer(), Some(Offer::Draw));
        assert_eq!(notice_text(&app), "bo offers a draw.");
        // A move made instead of answering withdraws the draw offer.
        let moved = GameEvent::Moved {
            ply: 1,
            side: Side::First,
            notation: "c3".into(),
            clocks: None,
            turn: None,
            deadline_ms: None,
        };
        assert!(game(&mut app, moved).is_empty());
        assert_eq!(app.offer(), None);
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Takeback,
                by: Side::Second,
            },
        );
        assert_eq!(app.offer(), Some(Offer::Takeback));
        game(
            &mut app,
            GameEvent::OfferDeclined {
                kind: OfferKind::Takeback,
                by: Side::First,
            },
        );
        assert_eq!(app.offer(), None);
        game(
            &mut app,
            GameEvent::OfferDeclined {
                kind: OfferKind::Takeback,
                by: Side::Second,
            },
        );
        assert_eq!(notice_text(&app), "Your takeback request was declined.");
        game(
            &mut app,
            GameEvent::OfferDeclined {
                kind: OfferKind::Draw,
                by: Side::Second,
            },
        );
        assert_eq!(notice_text(&app), "Your draw offer was declined.");
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Rematch,
                by: Side::Second,
            },
        );
        assert_eq!(app.offer(), Some(Offer::Rematch));
        game(&mut app, GameEvent::RematchStarted { game: GameId(8) });
        assert_eq!(app.offer(), None);
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Rematch,
                by: Side::Second,
            },
        );
        game(
            &mut app,
            GameEvent::OfferDeclined {
                kind: OfferKind::Rematch,
                by: Side::Second,
            },
        );
        assert_eq!(app.offer(), None);
        assert_eq!(notice_text(&app), "The rematch was declined.");
    }

    #[test]
    fn a_watcher_hears_of_a_draw_offer() {
        let mut app = playing(Seats::Watching);
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::First,
            },
        );
        assert_eq!(app.offer(), None);
        assert_eq!(notice_text(&app), "asha offers a draw.");
    }

    #[test]
    fn a_move_that_does_not_fit_the_board_asks_for_the_game_again() {
        let mut app = playing(Seats::One(Side::First));
        let out = game(
            &mut app,
            GameEvent::Moved {
                ply: 2,
                side: Side::Second,
                notation: "a1-b2".into(),
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        );
        assert_eq!(out, [Outgoing::Game(GameRequest::Resync)]);
        assert!(notice_text(&app).starts_with("Resynchronising the game"));
        assert!(app.current().is_some_and(|m| m.moves.is_empty()));
        let out = game(
            &mut app,
            GameEvent::TakenBack {
                plies: 1,
                ply: 1,
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        );
        assert!(out.is_empty(), "no moves to take back is no mismatch");
    }

    #[test]
    fn the_clocks_follow_the_moves_and_the_end_is_worded_with_the_names() {
        let mut app = playing(Seats::One(Side::Second));
        let clocks = ClockState {
            left_ms: [59_000.0, 60_000.0],
            running: Some(Side::Second),
        };
        game(
            &mut app,
            GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".into(),
                clocks: Some(Clocks {
                    first_ms: 59_000,
                    second_ms: 60_000,
                    running: Some(Side::Second),
                }),
                turn: None,
                deadline_ms: None,
            },
        );
        assert_eq!(app.current().and_then(|m| m.clocks), Some(clocks));
        // An event without clocks keeps the last ones.
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::First,
            },
        );
        assert_eq!(app.current().and_then(|m| m.clocks), Some(clocks));
        app.handle(GameAction::Cell("a1".into()));
        app.handle(GameAction::Cell("b2".into()));
        assert!(app.current().is_some_and(|m| m.pending.is_some()));
        let result = GameResult {
            winner: Some(Side::First),
            reason: ResultReason::Timeout,
        };
        game(
            &mut app,
            GameEvent::Ended {
                result,
                clocks: None,
            },
        );
        let m = app.current().expect("game");
        assert_eq!(m.status(), "asha (Goats) wins: time ran out");
        assert!(m.pending.is_none() && m.finished());
        assert_eq!(app.offer(), None, "the draw offer ends with the game");
        app.tick(0.0);
        assert_eq!(app.screen(), Screen::GameOver);
    }

    #[test]
    fn a_takeback_reopens_a_finished_game_and_is_told_to_the_players() {
        let mut app = playing(Seats::Both);
        for (ply, side, notation) in [(1, Side::First, "c3"), (2, Side::Second, "a1-b2")] {
            game(
                &mut app,
                GameEvent::Moved {
                    ply,
                    side,
                    notation: notation.into(),
                    clocks: None,
                    turn: None,
                    deadline_ms: None,
                },
            );
        }
        let result = GameResult {
            winner: None,
            reason: ResultReason::Agreement,
        };
        game(
            &mut app,
            GameEvent::Ended {
                result,
                clocks: None,
            },
        );
        app.tick(1.0);
        assert_eq!(app.screen(), Screen::GameOver);
        let back = GameEvent::TakenBack {
            plies: 1,
            ply: 1,
            clocks: None,
            turn: None,
            deadline_ms: None,
        };
        assert!(game(&mut app, back).is_empty());
        assert_eq!(app.screen(), Screen::Game);
        let m = app.current().expect("game");
        assert_eq!((m.moves.len(), m.finished()), (1, false));
        assert_eq!(notice_text(&app), "One move was taken back.");
        // A watcher sees the board change without being told.
        let mut app = playing(Seats::Watching);
        game(
            &mut app,
            GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".into(),
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        );
        let back = GameEvent::TakenBack {
            plies: 1,
            ply: 0,
            clocks: None,
            turn: None,
            deadline_ms: None,
        };
        game(&mut app, back);
        assert!(app.current().is_some_and(|m| m.moves.is_empty()));
        assert!(app.notice().is_none());
    }

    #[test]
    fn game_events_without_a_game_on_the_screen_change_nothing() {
        let mut app = App::new(false);
        let out = game(
            &mut app,
            GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".into(),
                clocks: None,
                turn: None,
                deadline_ms: None,
            },
        );
        assert!(out.is_empty() && app.current().is_none());
        game(
            &mut app,
            GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::Second,
            },
        );
        assert_eq!(app.offer(), None);
    }

    #[test]
    fn a_suggestion_goes_where_it_was_asked_for() {
        let hint = |text: &str| Hint {
            text: text.into(),
            eval: None,
            exact: None,
            chances: None,
        };
        let mut app = playing(Seats::One(Side::First));
        app.apply(MatchEvent::Suggestion {
            hint: Some(hint("c3")),
            analysis: false,
        });
        assert_eq!(
            app.current()
                .and_then(|m| m.hint.as_ref())
                .map(|h| h.text.as_str()),
            Some("c3")
        );
        // Analysis of the replayed position goes on the replay; a hint stays with the game.
        app.replay = Some(Replay::new(bagh_chal(), &["c3".to_owned()]).expect("replay"));
        app.screen = Screen::Replay;
        app.apply(MatchEvent::Suggestion {
            hint: Some(hint("a1-b2")),
            analysis: true,
        });
        assert_eq!(
            app.replay()
                .and_then(|r| r.hint.as_ref())
                .map(|h| h.text.as_str()),
            Some("a1-b2")
        );
        app.apply(MatchEvent::Suggestion {
            hint: Some(hint("d3")),
            analysis: false,
        });
        assert_eq!(
            app.current()
                .and_then(|m| m.hint.as_ref())
                .map(|h| h.text.as_str()),
            Some("d3")
        );
        assert_eq!(
            app.replay()
                .and_then(|r| r.hint.as_ref())
                .map(|h| h.text.as_str()),
            Some("a1-b2")
        );
        app.apply(MatchEvent::Suggestion {
            hint: None,
            analysis: true,
        });
        assert_eq!(notice_text(&app), "The engine has no move to suggest here.");
    }

    #[test]
    fn a_record_opens_at_its_end_and_goes_back_where_it_came_from() {
        let mut app = App::new(false);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        let record = Record {
            id: 30,
            start: bagh_chal(),
            moves: vec!["c3".into(), "a1-b2".into()],
            names: ["asha".into(), "bo".into()],
            result: Some(GameResult {
                winner: Some(Side::Second),
                reason: ResultReason::Resignation,
            }),
            played: true,
            watch_key: None,
        };
        app.apply(ReplayEvent::Record(Box::new(record.clone())));
        assert_eq!(app.screen(), Screen::Replay);
        let r = app.replay().expect("replay");
        assert_eq!((r.ply(), r.len()), (2, 2));
        assert_eq!(r.names, ["asha".to_owned(), "bo".to_owned()]);
        assert_eq!(
            r.result_text().map(|p| p.english()).as_deref(),
            Some("bo (Tigers) wins: Goats resigned")
        );
        app.handle(ScreenAction::Back);
        assert_eq!(app.screen(), Screen::Lobby);
        // A record that does not replay is explained, and the screen stays.
        let broken = Record {
            moves: vec!["a1-b2".into()],
            ..record
        };
        app.apply(ReplayEvent::Record(Box::new(broken)));
        assert_eq!(app.screen(), Screen::Lobby);
        assert!(notice_text(&app).starts_with("This game cannot be replayed"));
    }

    #[test]
    fn problems_are_shown_longer_than_news() {
        let mut app = App::new(true);
        app.apply(ConnectionEvent::Problem(
            "Your name could not be saved.".into(),
        ));
        app.tick(NOTICE_SECONDS + 0.5);
        assert_eq!(notice_text(&app), "Your name could not be saved.");
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
    }
}
