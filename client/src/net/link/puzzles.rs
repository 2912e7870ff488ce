//! Puzzles on the wire: the app's wishes about puzzles as requests (the next puzzle, one by
//! its id, a move to judge, the solution, the themes, the day's puzzles, the puzzles from the
//! player's mistakes), the server's answers as events, and its refusals said where they
//! matter.

use chaupal_shared::protocol::{ClientMessage, ErrorReply, GameId, Reply, Request};

use super::{Asked, Link};
use crate::app::Event;
use crate::app::PuzzleEvent;
use crate::app::PuzzleRequest;
use crate::net::wording;
use crate::puzzles::PuzzleAsk;
use crate::say;

impl Link {
    /// The request for a wish about puzzles.
    pub(super) fn puzzle_request(&mut self, out: PuzzleRequest) -> ClientMessage {
        let (request, asked) = match out {
            PuzzleRequest::NextPuzzle(query) => (Request::NextPuzzle(query), Asked::Puzzle),
            PuzzleRequest::OpenPuzzle(puzzle) => (Request::OpenPuzzle { puzzle }, Asked::Puzzle),
            PuzzleRequest::PuzzleMove { puzzle, notation } => {
                (Request::PuzzleMove { puzzle, notation }, Asked::PuzzleMove)
            }
            PuzzleRequest::PuzzleSolution(puzzle) => {
                (Request::PuzzleSolution { puzzle }, Asked::PuzzleSolution)
            }
            PuzzleRequest::PuzzleThemes => (Request::PuzzleThemes, Asked::PuzzleLists),
            PuzzleRequest::DailyPuzzles => (Request::DailyPuzzles, Asked::PuzzleLists),
            PuzzleRequest::MistakePuzzles(game) => (
                Request::MistakePuzzles { game: GameId(game) },
                Asked::MistakePuzzles,
            ),
        };
        self.message(request, asked)
    }

    /// Asks for the day's puzzles (after the greeting, for the lobby).
    pub(super) fn ask_daily_puzzles(&mut self) -> ClientMessage {
        self.message(Request::DailyPuzzles, Asked::PuzzleLists)
    }

    /// The event for a puzzle reply (none for any other).
    pub(super) fn puzzle_reply(reply: Reply) -> Option<Event> {
        Some(match reply {
            Reply::Puzzle(info) => Event::Puzzle(PuzzleEvent::Puzzle(info)),
            Reply::PuzzleMoved(moved) => Event::Puzzle(PuzzleEvent::PuzzleMoved(moved)),
            Reply::PuzzleSolution {
                puzzle,
                solution,
                outcome,
            } => Event::Puzzle(PuzzleEvent::PuzzleSolution {
                puzzle,
                solution,
                outcome,
            }),
            Reply::DailyPuzzles { puzzles } => Event::Puzzle(PuzzleEvent::DailyPuzzles(puzzles)),
            Reply::PuzzleThemes { themes } => Event::Puzzle(PuzzleEvent::PuzzleThemes(themes)),
            Reply::MistakePuzzles { puzzles } => {
                Event::Puzzle(PuzzleEvent::MistakePuzzles(puzzles))
            }
            _ => return None,
        })
    }

    /// A refusal of a puzzle request, in words, with what was asked; none for the lists
    /// (themes, the day's puzzles), which the screens do without.
    pub(super) fn puzzle_error(asked: &Asked, error: &ErrorReply) -> Option<Option<Event>> {
        let (what, ask) = match asked {
            Asked::Puzzle => (say!("asked-puzzle"), PuzzleAsk::Puzzle),
            Asked::PuzzleMove => (say!("asked-puzzle-move"), PuzzleAsk::Move),
            Asked::PuzzleSolution => (say!("asked-puzzle-solution"), PuzzleAsk::Solution),
            Asked::MistakePuzzles => (say!("asked-mistake-puzzles"), PuzzleAsk::Mistakes),
            Asked::PuzzleLists => return Some(None),
            _ => return None,
        };
        Some(Some(Event::Puzzle(PuzzleEvent::PuzzleRefused {
            text: wording::server_error(Some(what), error),
            asked: ask,
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Action, Screen};
    use crate::app::{GameAction, LobbyAction, PuzzleAction};
    use crate::net::link::testing::*;
    use crate::puzzles::testing::kalah_info;
    use chaupal_rules::GameKind;
    use chaupal_shared::protocol::puzzles::{PuzzleMode, PuzzleMoved, PuzzleQuery, Verdict};
    use chaupal_shared::protocol::{ErrorCode, ServerMessage};

    #[test]
    fn the_greeting_asks_for_the_days_puzzles_and_the_lobby_keeps_them() {
        let mut link = Link::new();
        let mut app = crate::app::App::new(false);
        let mut config = crate::config::Config::default();
        link.connected("asha", None);
        let sent = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
        assert!(
            sent.iter()
                .any(|m| matches!(m.request, Request::DailyPuzzles)),
            "{sent:?}"
        );
        let daily = chaupal_shared::protocol::puzzles::DailyPuzzle {
            game: GameKind::Jungle,
            id: "jungle-01234".into(),
            rating: 1720.0,
            themes: vec!["den".into()],
            day: "2026-11-28".into(),
        };
        let id = link.next_id;
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id,
                reply: Reply::DailyPuzzles {
                    puzzles: vec![daily.clone()],
                },
            },
        );
        assert_eq!(app.puzzles().daily_of(GameKind::Jungle), Some(&daily));
        // A refusal of the lists is not the player's business.
        let again = wish(&mut link, &mut app, PuzzleRequest::DailyPuzzles);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(again[0].id),
                error: ErrorReply::new(ErrorCode::Malformed, "unknown request"),
            },
        );
        assert!(app.notice().is_none());
    }

    #[test]
    fn a_puzzle_asked_given_moved_and_refused_through_the_link() {
        let (mut link, mut app, mut config) = greeted();
        let _ = app.handle(Action::Lobby(LobbyAction::SelectGame(GameKind::Kalah)));
        let out = app.handle(Action::Puzzle(PuzzleAction::OpenPuzzles));
        let mut sent = Vec::new();
        for o in out {
            sent.extend(wish(&mut link, &mut app, o));
        }
        assert!(
            sent.iter()
                .any(|m| matches!(m.request, Request::PuzzleThemes))
        );
        let ask = sent
            .iter()
            .find(|m| matches!(m.request, Request::NextPuzzle(_)))
            .expect("the next puzzle asked for");
        assert_eq!(
            ask.request,
            Request::NextPuzzle(PuzzleQuery {
                game: Some(GameKind::Kalah),
                theme: None,
                mode: PuzzleMode::Rated
            })
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: ask.id,
                reply: Reply::Puzzle(Box::new(kalah_info())),
            },
        );
        assert_eq!(app.screen(), Screen::Puzzles);
        let out = app.handle(Action::Game(GameAction::Cell("s3".into())));
        let mv = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            &mv[0].request,
            Request::PuzzleMove { puzzle, notation } if puzzle == "kalah-00042" && notation == "3"
        ));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: mv[0].id,
                reply: Reply::PuzzleMoved(Box::new(PuzzleMoved {
                    puzzle: "kalah-00042".into(),
                    verdict: Verdict::Right,
                    replies: Vec::new(),
                    done: false,
                    outcome: None,
                })),
            },
        );
        assert_eq!(app.board().map(|m| m.moves.len()), Some(1));
        // A move refused (the puzzle was given to an earlier connection): said, and the board
        // takes moves again.
        app.tick(5.0);
        let out = app.handle(Action::Game(GameAction::Cell("s6".into())));
        let mv = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(mv[0].id),
                error: ErrorReply::new(ErrorCode::PuzzleNotGiven, "not given"),
            },
        );
        assert!(app.board().is_some_and(|m| m.pending.is_none()));
        let said = app.notice().map(|n| n.text.english()).unwrap_or_default();
        assert!(said.starts_with("Your puzzle move: "), "{said}");
        // The next puzzle refused: said in place of the puzzle. (After a right move, skipping
        // the rated attempt costs it: the second press confirms.)
        assert!(
            app.handle(Action::Puzzle(PuzzleAction::NextPuzzle))
                .is_empty()
        );
        let out = app.handle(Action::Puzzle(PuzzleAction::NextPuzzle));
        let ask = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(ask[0].id),
                error: ErrorReply::new(ErrorCode::NoSuchPuzzle, "no puzzle fits"),
            },
        );
        assert!(app.puzzles().problem.is_some());
    }
}
