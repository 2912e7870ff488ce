//! The server's messages read: the replies to requests (the welcome, games created, lists,
//! records, analyses, device codes), the errors in words with what they mean for the board,
//! and which messages go to the game stream or the lobby.

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, Reply, Request, Score, SearchLine, ServerMessage,
};

use super::lobby::{finished_entry, seat_name};
use super::waiting::started;
use super::{Asked, Link, Reaction};
use crate::app::TournamentEvent;
use crate::app::{App, Event, LobbyChange, Record};
use crate::app::{ConnectionEvent, LinkEvent, MatchEvent, PushEvent, ReplayEvent};
use crate::config::Config;
use crate::net::wording;
use crate::play::{Hint, Match};
use crate::say;
use crate::words::Phrase;

impl Link {
    /// Reads one message from the server: what it calls for, and what it means for the app.
    /// The app is only read (for the game on the screen), never changed.
    pub fn receive(
        &mut self,
        msg: ServerMessage,
        app: &App,
        config: &mut Config,
        server: &str,
    ) -> Reaction {
        match msg {
            ServerMessage::Reply { id, reply } => {
                let asked = self.asked.remove(&id).unwrap_or(Asked::Other);
                self.reply(asked, reply, app, config, server)
            }
            ServerMessage::Error { id, error } => {
                let asked = id
                    .and_then(|id| self.asked.remove(&id))
                    .unwrap_or(Asked::Other);
                if let Some(event) = Link::puzzle_error(&asked, &error) {
                    return event.map(Reaction::event).unwrap_or_default();
                }
                if let Some(event) = Link::tournament_error(&asked, &error) {
                    return Reaction::event(event);
                }
                // A game that is over and no longer held by the server (its link followed, its
                // entry in a list tapped) opens as its replay, which the records always have.
                if let Asked::Watch(game) | Asked::Rejoin(game) = asked
                    && error.code == ErrorCode::GameOver
                    && (asked == Asked::Watch(game) || self.game() != Some(game))
                {
                    let key = self.key(game);
                    return Reaction::send(vec![
                        self.message(Request::GetRecord { game, key }, Asked::Record),
                    ]);
                }
                // One's own invitation, opened by its link: the card says whose it is.
                if asked == Asked::Invitation && error.code == ErrorCode::BadSetup {
                    return Reaction::event(Event::Link(LinkEvent::OwnInvitation));
                }
                let mut reaction = Reaction::event(self.error(&asked, &error, config, server));
                // A seek that could not be cancelled may have been taken: the list says.
                if asked == Asked::CancelSeek {
                    reaction.requests.push(self.ask_my_seeks());
                }
                // A move (or an offer) that may or may not have been played, or one the game
                // had moved on from: the game as it stands says, from the last version seen.
                if matches!(error.code, ErrorCode::OutcomeUnknown | ErrorCode::StaleMove)
                    && let Some((game, seen)) = self.game
                    && !self.watching
                {
                    reaction.requests.push(self.message(
                        Request::Rejoin {
                            game,
                            since: Some(seen),
                            key: self.key(game),
                        },
                        Asked::Rejoin(game),
                    ));
                }
                reaction
            }
            ServerMessage::Event {
                game,
                version,
                event,
            } => self.event(game, version, event, app),
            ServerMessage::Snapshot(snapshot) => self.snapshot(*snapshot),
            ServerMessage::Presence {
                game,
                seats,
                watchers,
            } => {
                if self.game() == Some(game) {
                    Reaction::event(Event::Game(MatchEvent::Presence { watchers, seats }))
                } else {
                    Reaction::default()
                }
            }
            ServerMessage::Lobby(event) => {
                let mine_started = self.my_game_started(&event);
                let mut reaction = match self.lobby_event(event) {
                    Some(change) => Reaction::event(Event::Lobby(change)),
                    None => Reaction::default(),
                };
                if mine_started {
                    reaction.requests.push(self.ask_my_seeks());
                }
                reaction
            }
            ServerMessage::ReviewProgress {
                game,
                analysed,
                total,
            } => Reaction::event(Event::Replay(ReplayEvent::ReviewProgress {
                game: game.0,
                analysed,
                total,
            })),
            ServerMessage::InvitationDeclined { code, by, .. } => {
                let mut reaction = Reaction::event(Event::Link(LinkEvent::InvitationDeclined {
                    by: by.name,
                    code,
                }));
                reaction.requests.push(self.ask_my_seeks());
                reaction
            }
            ServerMessage::MyGame(game) => {
                let started = started(&game, app);
                let mut reaction = self.my_game_notice(&game);
                if started {
                    reaction.requests.push(self.ask_my_seeks());
                }
                reaction
            }
            ServerMessage::Tournament(news) => {
                Reaction::event(Event::Tournament(TournamentEvent::News(news)))
            }
        }
    }

    pub(super) fn reply(
        &mut self,
        asked: Asked,
        reply: Reply,
        app: &App,
        config: &mut Config,
        server: &str,
    ) -> Reaction {
        let mut out = Reaction::default();
        match reply {
            Reply::Welcome(w) => {
                self.greeted = true;
                config.set_token(server, &w.token);
                config.name = Some(w.player.name.clone());
                self.me = Some(w.player.id);
                out.events
                    .push(Event::Connection(ConnectionEvent::Welcomed {
                        name: w.player.name.clone(),
                    }));
                out.events.push(Event::Push(PushEvent::PushOffered {
                    key: w.push_key.clone(),
                    muted: w.muted,
                }));
                out.requests
                    .push(self.message(Request::SubscribeLobby, Asked::Subscribe));
                out.requests.push(self.finished_games());
                // Sit back down at the game on the screen (unless it is over), or at a live
                // game of this player.
                let over = app.current().is_some_and(Match::finished);
                let resume = match self.game.filter(|_| !over) {
                    Some((game, version)) if !self.watching => Some((game, Some(version))),
                    Some((game, _)) => {
                        out.requests.push(self.message(
                            Request::Watch {
                                game,
                                key: self.key(game),
                            },
                            Asked::Watch(game),
                        ));
                        None
                    }
                    // A link the player came by decides where to go instead.
                    None if app.arrival().is_some() => None,
                    None => w.live_games.first().map(|&g| (g, None)),
                };
                if let Some((game, since)) = resume {
                    out.requests.push(self.message(
                        Request::Rejoin {
                            game,
                            since,
                            key: self.key(game),
                        },
                        Asked::Rejoin(game),
                    ));
                }
                out.requests
                    .push(self.message(Request::MyGames, Asked::MyGames));
                out.requests.push(self.ask_my_seeks());
                out.requests.push(self.ask_daily_puzzles());
            }
            Reply::Created {
                game,
                invite_code,
                seek,
            } => {
                // A seek or an invitation waits now: the list of those waiting has it.
                if game.is_none() && (seek.is_some() || invite_code.is_some()) {
                    out.requests.push(self.ask_my_seeks());
                }
                if let Some(code) = invite_code {
                    out.events.push(Event::Link(LinkEvent::InviteCode(code)));
                } else if game.is_none() && seek.is_some() {
                    out.events.push(Event::Lobby(LobbyChange::SeekOpened));
                }
                if let Some(game) = game
                    && self.game() != Some(game)
                {
                    self.game = Some((game, 0));
                    self.synced = false;
                    self.watching = false;
                    out.requests.push(self.message(
                        Request::Rejoin {
                            game,
                            since: None,
                            key: self.key(game),
                        },
                        Asked::Rejoin(game),
                    ));
                }
            }
            Reply::Lobby { seeks, games, .. } => {
                out.events.push(Event::Lobby(self.lists(seeks, &games)));
            }
            Reply::Seeks { seeks, .. } => {
                let seeks = seeks.into_iter().map(|s| self.seek_entry(s)).collect();
                out.events.push(Event::Lobby(LobbyChange::Seeks(seeks)));
            }
            Reply::Games { games, .. } if asked == Asked::Finished => {
                let finished = games.iter().map(finished_entry).collect();
                out.events
                    .push(Event::Lobby(LobbyChange::Finished(finished)));
            }
            Reply::Games { games, .. } => {
                let live = games.iter().filter_map(|g| self.live_entry(g)).collect();
                out.events.push(Event::Lobby(LobbyChange::Live(live)));
            }
            Reply::DeviceCode {
                code,
                expires_in_ms,
            } => out.events.push(Event::Link(LinkEvent::DeviceCode {
                code,
                expires_in: expires_in_ms as f32 / 1000.0,
            })),
            // This device is now that player: their token is kept, and the client greets the
            // server again with it (the app asks for that, as for a new name).
            Reply::Linked { player, token } => {
                config.set_token(server, &token);
                config.name = Some(player.name.clone());
                out.events
                    .push(Event::Link(LinkEvent::Linked { name: player.name }));
            }
            Reply::Record {
                summary,
                moves,
                watch_key,
                ..
            } => {
                if let Some(key) = &watch_key {
                    self.keys.insert(summary.game, key.clone());
                }
                let played = summary
                    .seats
                    .iter()
                    .any(|s| s.player.as_ref().is_some_and(|p| Some(p.id) == self.me));
                let pairs: Vec<(String, String)> = summary
                    .rules
                    .iter()
                    .map(|p| (p.key.clone(), p.value.clone()))
                    .collect();
                out.events.push(match AnyGame::start(summary.kind, pairs) {
                    Ok(start) => Event::Replay(ReplayEvent::Record(Box::new(Record {
                        id: summary.game.0,
                        start,
                        moves,
                        names: [0, 1].map(|i| seat_name(&summary.seats[i])),
                        result: summary.result,
                        played,
                        watch_key: watch_key.map(|k| k.0),
                    }))),
                    Err(e) => Event::Connection(ConnectionEvent::Problem(say!(
                        "notice-no-replay",
                        why = e.to_string()
                    ))),
                });
            }
            Reply::Analysis { best_move, line } => {
                out.events.push(Event::Game(MatchEvent::Suggestion {
                    hint: best_move.map(|text| hint(text, line.as_ref())),
                    analysis: asked == Asked::Analyse,
                }))
            }
            Reply::Ok => match asked {
                Asked::Move => out.events.push(Event::Game(MatchEvent::MoveAccepted)),
                Asked::Push => out.events.push(Event::Push(PushEvent::PushKept)),
                Asked::CancelSeek => out.requests.push(self.ask_my_seeks()),
                Asked::Mute(game, muted) => {
                    out.events.push(Event::Push(PushEvent::Muted {
                        game: game.map(|g| g.0),
                        muted,
                    }));
                    // All muted or not: each game's mark is the server's to say again.
                    if game.is_none() {
                        out.requests
                            .push(self.message(Request::MyGames, Asked::MyGames));
                    }
                }
                _ => {}
            },
            Reply::Invitation(invitation) => return self.invitation(*invitation),
            Reply::MyGames { games, more } => return self.my_games(&games, more),
            Reply::MySeeks { seeks } => return self.my_seeks(seeks),
            Reply::Review(review) => out.events.push(Event::Replay(ReplayEvent::Review(review))),
            Reply::Pong { .. } | Reply::Imported { .. } | Reply::Ratings { .. } => {}
            // The answer to `push_unsubscribe`: the browser has let go of its subscription
            // already, whether or not the server still had it.
            Reply::Unsubscribed { .. } => {}
            puzzles @ (Reply::Puzzle(_)
            | Reply::PuzzleMoved(_)
            | Reply::PuzzleSolution { .. }
            | Reply::DailyPuzzles { .. }
            | Reply::PuzzleThemes { .. }
            | Reply::MistakePuzzles { .. }) => out.events.extend(Link::puzzle_reply(puzzles)),
            tournaments @ (Reply::Tournament(_)
            | Reply::Tournaments { .. }
            | Reply::TournamentStandings(_)) => {
                out.events
                    .extend(Link::tournament_reply(&asked, tournaments));
            }
        }
        out
    }

    /// An error reply in words, with what it means for the board.
    pub(super) fn error(
        &mut self,
        asked: &Asked,
        error: &ErrorReply,
        config: &mut Config,
        server: &str,
    ) -> Event {
        if error.code == ErrorCode::UnknownToken {
            config.forget_token(server);
        }
        let unlock_board = matches!(asked, Asked::Move)
            || matches!(
                error.code,
                ErrorCode::IllegalMove
                    | ErrorCode::NotYourTurn
                    | ErrorCode::StaleMove
                    | ErrorCode::GameOver
            );
        if let Asked::Rejoin(game) | Asked::Watch(game) = asked
            && self.game() == Some(*game)
            && error.code == ErrorCode::NoSuchGame
        {
            self.game = None;
        }
        let what = match asked {
            Asked::Hello => Some(say!("asked-hello")),
            Asked::Create => Some(say!("asked-create")),
            Asked::Join | Asked::Invitation => Some(say!("asked-join")),
            Asked::Decline => Some(say!("asked-decline")),
            Asked::Accept => Some(say!("asked-accept")),
            Asked::Watch(_) => Some(say!("asked-watch")),
            Asked::Rejoin(_) => Some(say!("asked-rejoin")),
            Asked::Subscribe => Some(say!("asked-subscribe")),
            Asked::Move => Some(say!("asked-move")),
            Asked::Action(what) => Some(Phrase::new(what)),
            Asked::Hint => Some(say!("asked-hint")),
            Asked::Analyse => Some(say!("asked-analyse")),
            Asked::Finished => Some(say!("asked-finished")),
            Asked::Record => Some(say!("asked-record")),
            Asked::Review(_) => Some(say!("asked-review")),
            Asked::MyGames => Some(say!("asked-my-games")),
            Asked::MySeeks => Some(say!("asked-my-seeks")),
            Asked::CancelSeek => Some(say!("asked-cancel-seek")),
            Asked::Push => Some(say!("asked-push")),
            Asked::Mute(..) => Some(say!("asked-mute")),
            Asked::Puzzle | Asked::PuzzleLists => Some(say!("asked-puzzle")),
            Asked::PuzzleMove => Some(say!("asked-puzzle-move")),
            Asked::PuzzleSolution => Some(say!("asked-puzzle-solution")),
            Asked::MistakePuzzles => Some(say!("asked-mistake-puzzles")),
            Asked::Tournament => Some(say!("asked-tournament")),
            Asked::TournamentMade => Some(say!("asked-new-tournament")),
            Asked::Other => None,
        };
        let text = wording::server_error(what, error);
        match asked {
            Asked::Review(game) => Event::Replay(ReplayEvent::ReviewFailed { game: game.0, text }),
            Asked::Push => Event::Push(PushEvent::PushRefused(text)),
            _ => Event::Connection(ConnectionEvent::Refused { text, unlock_board }),
        }
    }
}

/// A hint from the engine's answer.
pub(super) fn hint(text: String, line: Option<&SearchLine>) -> Hint {
    let score = line.map(|l| l.score);
    let (eval, chances) = match score {
        Some(Score::Cp(cp)) => (
            Some(Phrase::verbatim(format!("{:+.2}", f64::from(cp) / 100.0))),
            // A logistic curve: 0 = even, +-4 units about 90 / 10 per cent.
            Some((1.0 / (1.0 + (-f64::from(cp) / 180.0).exp())) as f32),
        ),
        Some(Score::Win(_)) => (None, Some(1.0)),
        Some(Score::Loss(_)) => (None, Some(0.0)),
        Some(Score::Draw) => (None, Some(0.5)),
        Some(Score::Margin(m)) => (
            None,
            Some(match m.signum() {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            }),
        ),
        None => (None, None),
    };
    Hint {
        text,
        eval,
        exact: score.filter(|s| !matches!(s, Score::Cp(_))),
        chances,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{App, Outgoing, Screen};
    use crate::app::{LinkRequest, LocalWish};
    use crate::config::Config;
    use crate::net::link::testing::*;
    use crate::net::link::{Link, settle};
    use crate::replay::Replay;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::{
        ClientMessage, GameEvent, GameId, GameResult, GameStatus, PROTOCOL_VERSION, PlayerId,
        PlayerInfo, ResultReason,
    };

    #[test]
    fn an_unknown_token_is_forgotten_and_explained() {
        let mut link = Link::new();
        let mut app = App::new(false);
        let mut config = Config::default();
        config.set_token(SERVER, "stale");
        let hello = link.connected("asha", config.token(SERVER));
        let err = ServerMessage::Error {
            id: Some(hello.id),
            error: ErrorReply::new(ErrorCode::UnknownToken, "unknown token"),
        };
        deliver(&mut link, &mut app, &mut config, err);
        assert_eq!(config.token(SERVER), None);
        let notice = app.notice().expect("told");
        assert!(
            notice.text.english().contains("new player"),
            "{:?}",
            notice.text
        );
    }

    #[test]
    fn a_device_code_is_shown_and_a_used_one_makes_this_device_that_player() {
        let (mut link, mut app, mut config) = greeted();
        // Asking for a code on this device: the card shows it.
        let _ = app.handle(crate::app::Action::Link(
            crate::app::LinkAction::OpenDevices,
        ));
        let ask = wish(&mut link, &mut app, Outgoing::Link(LinkRequest::DeviceCode));
        assert!(matches!(ask[0].request, Request::DeviceCode));
        let code = ServerMessage::Reply {
            id: ask[0].id,
            reply: Reply::DeviceCode {
                code: "QRST-2345".into(),
                expires_in_ms: 600_000,
            },
        };
        deliver(&mut link, &mut app, &mut config, code);
        let shown = app.devices().and_then(|d| d.code.clone()).expect("shown");
        assert_eq!(shown, ("QRST-2345".to_owned(), 600.0));
        // Using another device's code: its player's token is kept, and the client greets the
        // server again as that player.
        let used = wish(
            &mut link,
            &mut app,
            Outgoing::Link(LinkRequest::LinkDevice("ABCD-EFGH".into())),
        );
        assert!(matches!(
            &used[0].request,
            Request::LinkDevice { code } if code == "ABCD-EFGH"
        ));
        let linked = ServerMessage::Reply {
            id: used[0].id,
            reply: Reply::Linked {
                player: PlayerInfo {
                    id: PlayerId(9),
                    name: "Bina".into(),
                },
                token: "bina-token".into(),
            },
        };
        let reaction = link.receive(linked, &app, &mut config, SERVER);
        let (requests, local) = settle(&mut link, &mut app, reaction);
        assert!(requests.is_empty());
        assert_eq!(
            local,
            vec![Outgoing::Local(LocalWish::Rename("Bina".into()))]
        );
        assert_eq!(config.token(SERVER), Some("bina-token"));
        assert_eq!(config.name.as_deref(), Some("Bina"));
        assert!(app.devices().is_none(), "the card closes");
        assert!(
            app.notice()
                .expect("told")
                .text
                .english()
                .contains("now plays as Bina")
        );
    }

    #[test]
    fn a_refused_move_is_explained_and_the_board_unlocks() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], vec![Side::First], 0),
        );
        let out = app.handle(crate::app::Action::Game(crate::app::GameAction::Cell(
            "c3".into(),
        )));
        let sent = wish(&mut link, &mut app, out[0].clone());
        let err = ServerMessage::Error {
            id: Some(sent[0].id),
            error: ErrorReply::new(ErrorCode::NotYourTurn, "not your turn"),
        };
        deliver(&mut link, &mut app, &mut config, err);
        assert!(app.current().is_some_and(|m| m.pending.is_none()));
        let text = app.notice().map(|n| n.text.english()).unwrap_or_default();
        assert!(
            text.contains("not your turn") || text.contains("other side"),
            "{text:?}"
        );
    }

    #[test]
    fn hints_carry_the_evaluation_and_chances() {
        let h = hint(
            "c3".into(),
            Some(&SearchLine {
                depth: 6,
                score: Score::Cp(0),
                nodes: 1,
                pv: vec!["c3".into()],
            }),
        );
        assert_eq!(
            h.eval.as_ref().map(Phrase::english).as_deref(),
            Some("+0.00")
        );
        assert_eq!(h.chances, Some(0.5));
        let won = hint(
            "3".into(),
            Some(&SearchLine {
                depth: 6,
                score: Score::Win(5),
                nodes: 1,
                pv: Vec::new(),
            }),
        );
        assert_eq!(won.chances, Some(1.0));
        // An exact value is kept to be said with the side's name, not as a number.
        assert_eq!(won.exact, Some(Score::Win(5)));
        assert_eq!(won.eval, None);
        assert_eq!(h.exact, None);
    }

    #[test]
    fn a_finished_games_link_opens_its_replay_once_the_server_no_longer_holds_it() {
        let (mut link, mut app, mut config) = greeted();
        let mut finished = summary(30, GameKind::BaghChal);
        finished.status = GameStatus::Finished;
        finished.plies = 1;
        let out = app.handle(crate::app::Action::Link(crate::app::LinkAction::Follow(
            crate::route::Route::Game(30),
        )));
        let watch = wish(&mut link, &mut app, out[0].clone());
        // The server holds the game no more: it says the game is over.
        let asked = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(watch[0].id),
                error: ErrorReply::new(ErrorCode::GameOver, "game 30 is over"),
            },
        );
        assert!(
            matches!(
                asked.as_slice(),
                [ClientMessage {
                    request: Request::GetRecord {
                        game: GameId(30),
                        ..
                    },
                    ..
                }]
            ),
            "{asked:?}"
        );
        assert_eq!(app.broken_link(), None, "no dead end");
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: asked[0].id,
                reply: Reply::Record {
                    summary: Box::new(finished),
                    moves: vec!["c3".into()],
                    text: String::new(),
                    watch_key: None,
                },
            },
        );
        assert_eq!(app.screen(), Screen::Replay);
        assert_eq!(app.address(), "/replay/30");
    }

    #[test]
    fn finished_games_are_listed_and_replayed_from_their_record() {
        let (mut link, mut app, mut config) = greeted();
        let mut finished = summary(30, GameKind::BaghChal);
        finished.status = GameStatus::Finished;
        finished.plies = 2;
        finished.result = Some(GameResult {
            winner: Some(Side::Second),
            reason: ResultReason::Resignation,
        });
        // The greeting asked for the finished games (request id 3: hello, lobby, finished).
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: 3,
                reply: Reply::Games {
                    more: 0,
                    games: vec![finished.clone()],
                },
            },
        );
        assert_eq!(app.finished().len(), 1);
        assert_eq!(app.finished()[0].result, "bo won");
        assert!(app.live().is_empty(), "not taken for live games");
        let out = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::ReplayGame(30),
        ));
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            sent[0].request,
            Request::GetRecord {
                game: GameId(30),
                key: None
            }
        ));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Record {
                    summary: Box::new(finished),
                    moves: vec!["c3".into(), "a1-b2".into()],
                    text: String::new(),
                    watch_key: None,
                },
            },
        );
        assert_eq!(app.screen(), Screen::Replay);
        assert_eq!(app.replay().map(|r| r.ply()), Some(2));
        assert_eq!(
            app.replay()
                .and_then(Replay::result_text)
                .map(|r| r.english())
                .as_deref(),
            Some("bo (Tigers) wins: Goats resigned"),
            "the result, which the board does not show"
        );
        app.handle(crate::app::Action::Screen(crate::app::ScreenAction::Back));
        assert_eq!(app.screen(), Screen::Lobby);
    }

    #[test]
    fn a_review_is_asked_of_the_replayed_game_its_progress_and_refusal_shown() {
        use crate::review::ReviewState;
        let (mut link, mut app, mut config) = greeted();
        replay_of_30(&mut link, &mut app, &mut config);
        let state = |app: &App| app.replay().and_then(|r| r.review.clone());
        // Asked, and refused: the reason shows where the review would be.
        let out = app.handle(crate::app::Action::Replay(crate::app::ReplayAction::Review));
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            sent[0].request,
            Request::Review {
                game: GameId(30),
                key: None
            }
        ));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(sent[0].id),
                error: ErrorReply::new(ErrorCode::TooManyReviews, "too many"),
            },
        );
        assert!(
            matches!(state(&app), Some(ReviewState::Failed(t)) if t.english().starts_with("The review: The server is busy")),
            "{:?}",
            state(&app)
        );
        // Asked again: the progress, then the review.
        let out = app.handle(crate::app::Action::Replay(crate::app::ReplayAction::Review));
        let sent = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::ReviewProgress {
                game: GameId(30),
                analysed: 1,
                total: 3,
            },
        );
        assert_eq!(
            state(&app)
                .and_then(|s| s.progress_text())
                .map(|p| p.english())
                .as_deref(),
            Some("Analysing 1 of 3 positions")
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Review(Box::new(review_of_30())),
            },
        );
        assert_eq!(
            app.replay().and_then(Replay::ready_review),
            Some(&review_of_30())
        );
    }

    #[test]
    fn hello_carries_the_token_and_welcome_remembers_it() {
        let mut link = Link::new();
        let hello = link.connected("asha", Some("old"));
        assert!(matches!(
            hello.request,
            Request::Hello { ref token, version: PROTOCOL_VERSION, .. } if token.as_deref() == Some("old")
        ));
        let mut app = App::new(false);
        let mut config = Config::default();
        let out = deliver(&mut link, &mut app, &mut config, welcome(vec![GameId(42)]));
        assert_eq!(config.token(SERVER), Some("tok"));
        assert!(app.connection().online());
        assert_eq!(app.screen(), Screen::Lobby);
        assert!(matches!(out[0].request, Request::SubscribeLobby));
        assert!(
            matches!(
                out[2].request,
                Request::Rejoin {
                    game: GameId(42),
                    since: None,
                    key: None,
                }
            ),
            "sits back down at the live game"
        );
    }

    #[test]
    fn after_a_reconnection_a_finished_game_is_not_watched_again() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &["c3"], Vec::new(), 1),
        );
        let end = ServerMessage::Event {
            game: GameId(7),
            version: 2,
            event: GameEvent::Ended {
                result: GameResult {
                    winner: Some(Side::Second),
                    reason: ResultReason::Resignation,
                },
                clocks: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, end);
        link.disconnected();
        link.connected("asha", None);
        let out = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
        assert!(
            out.iter()
                .all(|m| !matches!(m.request, Request::Watch { .. } | Request::Rejoin { .. })),
            "{out:?}"
        );
    }
}
