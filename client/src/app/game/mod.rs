//! The game on the screen: clicks and drags on its board, looking back through its moves,
//! flipping it, resigning, offers and their answers, takebacks, rematches, hints and analysis,
//! and leaving it for the lobby.

mod action;
mod event;
mod request;
pub use action::GameAction;
pub use event::{MatchEvent, Opened};
pub use request::{GameRequest, Offer};

use chaupal_rules::Side;
use chaupal_shared::protocol::{GameResult, OfferKind, ResultReason};

use crate::app::App;
use crate::app::Outgoing;
use crate::app::shell::{Screen, Tone};
use crate::geometry::CellName;
use crate::play::{Ending, Match, Seats};
use crate::say;
use crate::words::Phrase;

impl App {
    /// The actions on the game on the screen: its board, looking back, offers, resigning, hints,
    /// leaving.
    /// Tells the player that a move cannot be entered while an earlier position (`ply`) is
    /// shown.
    pub(in crate::app) fn tell_looking_back(&mut self, ply: usize) {
        let said = if ply == 0 {
            say!("notice-looking-back-start")
        } else {
            say!("notice-looking-back", ply = ply)
        };
        self.tell(said, Tone::News);
    }

    pub(in crate::app) fn handle_game(&mut self, action: GameAction) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            GameAction::Cell(cell) => out.extend(self.cell(&cell)),
            GameAction::Press(cell) => {
                self.game.drag_from = None;
                out.extend(self.cell(&cell));
                // A piece picked up can be dragged to where it goes.
                if let Some(m) = self.board()
                    && m.selection.path().last() == Some(&cell)
                {
                    self.game.drag_from = Some(cell);
                }
            }
            GameAction::Release(cell) => {
                if let (Some(from), Some(to)) = (self.game.drag_from.take(), cell)
                    && from != to
                    && self.board().is_some_and(|m| !m.selection.is_empty())
                {
                    out.extend(self.cell(&to));
                }
            }
            GameAction::LookAt(ply) => {
                if let Some(m) = self.board_mut() {
                    m.look_at(ply);
                }
            }
            GameAction::LookStep(delta) => {
                if let Some(m) = self.board_mut() {
                    m.look_step(delta);
                }
            }
            GameAction::LookPresent => {
                if let Some(m) = self.board_mut() {
                    m.looking = None;
                }
            }
            GameAction::StopChain if self.screen == Screen::Puzzles => {
                out.extend(self.puzzle_stop_chain());
            }
            GameAction::StopChain => {
                if let Some(mv) = self.game.current.as_mut().and_then(Match::stop_chain) {
                    out.extend(self.enter_move(mv));
                }
            }
            GameAction::Flip => {
                if let Some(m) = self.board_mut() {
                    m.flipped = !m.flipped;
                }
                if self.screen == Screen::Replay
                    && let Some(r) = &mut self.replay
                {
                    r.flipped = !r.flipped;
                }
            }
            GameAction::Resign => {
                // The first click asks for a second one, so a slip of the mouse loses nothing;
                // the question stays until answered or the game moves on.
                match self.game.resign {
                    ResignQuestion::Asked => {
                        self.game.resign = ResignQuestion::Sent;
                        out.extend(self.resign());
                        // A game on this device ends at once.
                        if self.game.current.as_ref().is_none_or(|m| m.finished()) {
                            self.game.resign = ResignQuestion::Closed;
                        }
                    }
                    ResignQuestion::Closed
                        if self.game.current.as_ref().is_some_and(|m| !m.finished()) =>
                    {
                        self.game.resign = ResignQuestion::Asked;
                    }
                    ResignQuestion::Closed | ResignQuestion::Sent => {}
                }
            }
            GameAction::CancelResign => {
                if self.game.resign == ResignQuestion::Asked {
                    self.game.resign = ResignQuestion::Closed;
                }
            }
            GameAction::Menu(open) => {
                if let Some(m) = &mut self.game.current {
                    m.menu_open = open;
                }
            }
            GameAction::OfferDraw => {
                if self.online_game() {
                    out.push(Outgoing::Game(GameRequest::Offer(OfferKind::Draw)));
                    self.tell(say!("notice-draw-offered"), Tone::News);
                } else if let Some(m) = &mut self.game.current
                    && !m.finished()
                {
                    m.ended = Some(Ending::DrawAgreedHere);
                }
            }
            GameAction::Berserk => {
                if self
                    .game
                    .current
                    .as_ref()
                    .is_some_and(Match::may_go_berserk)
                {
                    out.push(Outgoing::Game(GameRequest::Berserk));
                }
            }
            GameAction::AcceptOffer => {
                out.extend(self.game.offer.take().map(Offer::accept));
            }
            GameAction::DeclineOffer => {
                out.extend(self.game.offer.take().map(Offer::decline));
            }
            GameAction::Takeback => out.extend(self.takeback()),
            GameAction::Rematch => out.extend(self.rematch()),
            GameAction::Hint => {
                if let Err(why) = self.engine_help() {
                    self.tell(why, Tone::Problem);
                } else if self.online_game() {
                    out.push(Outgoing::Game(GameRequest::Hint));
                } else {
                    self.tell(say!("help-needs-server"), Tone::Problem);
                }
            }
            GameAction::Analyse => out.extend(self.analyse()),
            GameAction::HideResult => self.game.result_hidden = true,
            GameAction::ToLobby => {
                if self.online_game() {
                    out.push(Outgoing::Game(GameRequest::Leave));
                    if let Some(m) = &self.game.current
                        && !m.finished()
                        && !matches!(m.seats, Seats::Watching)
                    {
                        // A correspondence game waits in "My games"; a live one's clock runs.
                        let said = if m.pace.is_some() {
                            say!("notice-game-waits")
                        } else {
                            say!("notice-game-goes-on")
                        };
                        self.tell(said, Tone::News);
                    }
                }
                self.game.current = None;
                self.game.offer = None;
                self.game.resign = ResignQuestion::Closed;
                self.game.drag_from = None;
                self.screen = Screen::Lobby;
            }
        }
        out
    }

    /// Whether the game on the screen is decided by the server.
    pub(in crate::app) fn online_game(&self) -> bool {
        self.game.current.as_ref().is_some_and(|m| m.online)
    }

    /// The game whose board is on the screen, to change: the puzzle's on the Puzzles screen,
    /// else the game's.
    pub(in crate::app) fn board_mut(&mut self) -> Option<&mut Match> {
        if self.screen == Screen::Puzzles {
            self.puzzles.attempt.as_mut().map(|a| &mut a.board)
        } else {
            self.game.current.as_mut()
        }
    }

    /// A click (or tap) on a cell of the board: towards a move, or a word on why not now.
    pub(in crate::app) fn cell(&mut self, cell: &str) -> Vec<Outgoing> {
        if self.screen == Screen::Puzzles {
            return self.puzzle_cell(cell);
        }
        let Some(m) = self.game.current.as_mut() else {
            return Vec::new();
        };
        if let Some(ply) = m.looking
            && self.screen == Screen::Game
        {
            self.tell_looking_back(ply);
            return Vec::new();
        }
        match m.click(cell) {
            Some(mv) => self.enter_move(mv),
            None => Vec::new(),
        }
    }

    /// A move entered on the board: sent to the server, or played here.
    pub(in crate::app) fn enter_move(&mut self, mv: String) -> Vec<Outgoing> {
        let Some(m) = &mut self.game.current else {
            return Vec::new();
        };
        if m.online {
            m.pending = Some(mv.clone());
            let ply = u32::try_from(m.moves.len()).unwrap_or(u32::MAX);
            return vec![Outgoing::Game(GameRequest::Move { notation: mv, ply })];
        }
        if let Err(e) = m.apply(&mv) {
            self.tell(
                say!("notice-move-refused", why = e.to_string()),
                Tone::Problem,
            );
        }
        Vec::new()
    }

    /// Resigns the game on the screen (locally: the side to move resigns).
    pub(in crate::app) fn resign(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            return vec![Outgoing::Game(GameRequest::Resign)];
        }
        if let Some(m) = &mut self.game.current
            && !m.finished()
        {
            let loser = m.game.side_to_move();
            m.ended = Some(Ending::Result(GameResult {
                winner: Some(loser.opponent()),
                reason: ResultReason::Resignation,
            }));
        }
        Vec::new()
    }

    /// Takes back a move (locally: the last one; online: asks the opponent).
    pub(in crate::app) fn takeback(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            self.tell(say!("notice-takeback-asked"), Tone::News);
            return vec![Outgoing::Game(GameRequest::Offer(OfferKind::Takeback))];
        }
        if let Some(m) = &mut self.game.current {
            if m.moves.is_empty() {
                self.tell(say!("notice-no-takeback"), Tone::News);
            } else if let Err(e) = m.take_back(1) {
                self.tell(
                    say!("notice-takeback-failed", why = e.to_string()),
                    Tone::Problem,
                );
            } else if self.screen == Screen::GameOver {
                self.screen = Screen::Game;
            }
        }
        Vec::new()
    }

    /// A new game with the same set-up (online: offered to the opponent).
    pub(in crate::app) fn rematch(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            self.tell(say!("notice-rematch-offered"), Tone::News);
            // The opponent's own offer is taken up; nothing is sent without a connection, and
            // then the offer stays to be answered.
            if self.online.connection.online() && self.game.offer == Some(Offer::Rematch) {
                self.game.offer = None;
                return vec![Offer::Rematch.accept()];
            }
            return vec![Outgoing::Game(GameRequest::Offer(OfferKind::Rematch))];
        }
        if let Some(m) = &self.game.current {
            let mut fresh = Match::new(m.start.clone(), m.seats, false);
            fresh.flipped = m.flipped;
            self.game.current = Some(fresh);
            self.screen = Screen::Game;
        }
        Vec::new()
    }

    /// Asks the engine about the position shown (the replay's, or the game's).
    pub(in crate::app) fn analyse(&mut self) -> Vec<Outgoing> {
        if self.screen != Screen::Replay
            && let Err(why) = self.engine_help()
        {
            self.tell(why, Tone::Problem);
            return Vec::new();
        }
        if !self.require_online(say!("doing-analysis")) {
            return Vec::new();
        }
        let (start, moves) = match (self.screen, &self.replay, &self.game.current) {
            (Screen::Replay, Some(r), _) => (
                r.start(),
                r.moves()[..r.ply()]
                    .iter()
                    .map(|p| p.text.clone())
                    .collect::<Vec<_>>(),
            ),
            (_, _, Some(m)) => (&m.start, m.moves.iter().map(|p| p.text.clone()).collect()),
            _ => return Vec::new(),
        };
        vec![Outgoing::Game(GameRequest::Analyse {
            kind: start.kind(),
            rules: crate::view::non_default_rules(start),
            moves,
            engine: self.lobby.engine_pick(),
        })]
    }

    /// Whether engine help (a hint, an analysis) may be had for the game on the screen, and why
    /// not: as on lichess, not in a live game against a person, whether playing or watching.
    pub fn engine_help(&self) -> Result<(), Phrase> {
        let Some(m) = &self.game.current else {
            return Err(say!("help-no-game"));
        };
        let against_ai = match m.seats {
            Seats::Both => true,
            Seats::One(me) => m.ai[me.opponent().index()],
            Seats::Watching => m.ai.iter().all(|&ai| ai),
        };
        if !m.online || m.finished() || against_ai {
            Ok(())
        } else if m.seats == Seats::Watching {
            Err(say!("help-not-while-watching"))
        } else {
            Err(say!("help-not-against-person"))
        }
    }

    /// The side this client plays in the game on the screen, if exactly one.
    pub fn my_side(&self) -> Option<Side> {
        self.my_side_in(self.game.current.as_ref()?)
    }

    /// The side this client plays in `m`, if exactly one.
    pub(in crate::app) fn my_side_in(&self, m: &Match) -> Option<Side> {
        match m.seats {
            Seats::One(s) => Some(s),
            _ => None,
        }
    }
}

/// Where the resign question stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::app) enum ResignQuestion {
    /// Not asked.
    #[default]
    Closed,
    /// Asked: the second click resigns, Keep playing takes it back.
    Asked,
    /// Confirmed and sent: waiting for the game's end.
    Sent,
}

/// The game on the screen and what stands around it: the opponent's offer, the watchers, the
/// opponent's connection, the result card, the resign question, the piece being dragged.
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct GameState {
    /// The game on the screen.
    pub(in crate::app) current: Option<Match>,
    /// An offer the opponent made and this player may accept or decline.
    pub(in crate::app) offer: Option<Offer>,
    /// People watching the game on the screen.
    pub(in crate::app) watchers: u32,
    /// Whether the opponent's connection was lost (and they are not back yet).
    pub(in crate::app) opponent_away: bool,
    /// Whether the result card of the game-over screen was put aside to see the board.
    pub(in crate::app) result_hidden: bool,
    /// Where the resign question stands: a first click on Resign asks for a confirming second
    /// one; once confirmed, the question stays (its answers disabled) until the game ends or
    /// the server refuses, so that nothing new comes under the finger meanwhile.
    pub(in crate::app) resign: ResignQuestion,
    /// The cell pressed on the board, while its piece is being dragged.
    pub(in crate::app) drag_from: Option<CellName>,
    /// Whether a game was asked for from the replay ("play from here"): its snapshot takes
    /// the screen from the replay.
    pub(in crate::app) starting_from_replay: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::testing::*;
    use crate::app::*;
    use crate::app::{ConnectionEvent, MatchEvent};
    use crate::app::{LobbyAction, ReplayAction, ScreenAction};
    use crate::play::{Ending, Match, Seats};
    use crate::replay::Replay;
    use chaupal_rules::{AnyGame, GameKind, Side};
    use chaupal_shared::protocol::{GameEvent, GameResult, ResultReason};

    #[test]
    fn a_local_game_plays_to_the_end_then_offers_replay_and_rematch() {
        let mut app = offline();
        app.lobby.rule_choice[kind_index(GameKind::BaghChal)][0] = 5; // captures-to-win 1
        app.handle(LobbyAction::Start);
        // A goat on b2, and the a1 tiger takes it at once: one capture wins.
        play(&mut app, &["b2", "a1", "c3"]);
        let m = app.game.current.as_ref().expect("game");
        assert!(m.finished(), "{:?}", m.status());
        app.tick(0.1);
        assert_eq!(app.screen, Screen::Game, "the capture is still being shown");
        app.tick(1.0);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(ReplayAction::OpenReplay);
        assert_eq!(app.screen, Screen::Replay);
        assert_eq!(app.replay.as_ref().map(Replay::len), Some(2));
        app.handle(ReplayAction::ReplayStep(1));
        assert_eq!(app.replay.as_ref().map(Replay::ply), Some(1));
        app.handle(ScreenAction::Back);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(GameAction::Rematch);
        assert_eq!(app.screen, Screen::Game);
        assert!(
            app.game
                .current
                .as_ref()
                .is_some_and(|m| m.moves.is_empty())
        );
    }

    #[test]
    fn resign_and_draw_end_a_local_game_and_takeback_undoes_a_move() {
        let mut app = offline();
        app.handle(LobbyAction::Start);
        play(&mut app, &["c3"]);
        app.handle(GameAction::Takeback);
        assert!(
            app.game
                .current
                .as_ref()
                .is_some_and(|m| m.moves.is_empty())
        );
        app.handle(GameAction::Resign);
        app.tick(60.0);
        assert!(
            app.resign_asked(),
            "the question waits for an answer, however long"
        );
        app.handle(GameAction::CancelResign);
        assert!(
            app.game.current.as_ref().is_some_and(|m| !m.finished()) && !app.resign_asked(),
            "one click, then Keep playing: nothing happens"
        );
        app.handle(GameAction::Resign);
        app.handle(GameAction::Resign);
        let m = app.game.current.as_ref().expect("game");
        assert_eq!(m.status(), "Tigers win: Goats resigned");
        app.tick(0.0);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(GameAction::Rematch);
        app.handle(GameAction::OfferDraw);
        assert_eq!(
            app.game
                .current
                .as_ref()
                .map(|m| m.status().english())
                .as_deref(),
            Some("Draw agreed")
        );
    }

    #[test]
    fn online_moves_are_sent_not_played() {
        let mut app = App::new(false);
        app.online.connection = Connection::Connected {
            name: "asha".into(),
        };
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        app.game.current = Some(Match::new(game, Seats::One(Side::First), true));
        app.screen = Screen::Game;
        let sent = app.handle(GameAction::Cell("c3".into()));
        assert_eq!(
            sent,
            [Outgoing::Game(GameRequest::Move {
                notation: "c3".into(),
                ply: 0
            })]
        );
        let m = app.game.current.as_ref().expect("game");
        assert!(m.moves.is_empty() && m.pending.is_some());
        assert!(
            app.handle(GameAction::Cell("d3".into())).is_empty(),
            "one move at a time"
        );
    }

    #[test]
    fn analysis_asks_about_the_replayed_position() {
        let mut app = offline();
        app.handle(LobbyAction::Start);
        play(&mut app, &["c3", "a1", "b2", "d3"]);
        app.handle(GameAction::Resign);
        app.handle(GameAction::Resign);
        app.tick(0.0);
        app.handle(ReplayAction::OpenReplay);
        app.handle(ReplayAction::ReplayJump(1));
        assert!(
            app.handle(GameAction::Analyse).is_empty(),
            "offline: explained"
        );
        app.online.connection = Connection::Connected { name: "a".into() };
        let sent = app.handle(GameAction::Analyse);
        assert_eq!(
            sent,
            [Outgoing::Game(GameRequest::Analyse {
                kind: GameKind::BaghChal,
                rules: Vec::new(),
                moves: vec!["c3".into()],
                engine: EnginePick::Level(3),
            })]
        );
    }

    #[test]
    fn offers_are_answered_by_kind() {
        let mut app = offline();
        let answer = |kind, accept| Outgoing::Game(GameRequest::Answer { kind, accept });
        for (offer, kind) in [
            (Offer::Draw, OfferKind::Draw),
            (Offer::Takeback, OfferKind::Takeback),
            (Offer::Rematch, OfferKind::Rematch),
        ] {
            app.game.offer = Some(offer);
            assert_eq!(app.handle(GameAction::AcceptOffer), [answer(kind, true)]);
            assert!(app.game.offer.is_none());
            app.game.offer = Some(offer);
            assert_eq!(app.handle(GameAction::DeclineOffer), [answer(kind, false)]);
        }
        assert!(
            app.handle(GameAction::AcceptOffer).is_empty(),
            "no offer, nothing sent"
        );
    }

    #[test]
    fn rematch_takes_up_the_opponents_offer_or_makes_one() {
        let mut app = online();
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let finished = |mut m: Match| {
            m.ended = Some(Ending::Result(GameResult {
                winner: None,
                reason: ResultReason::Agreement,
            }));
            m
        };
        let m = finished(Match::new(game, Seats::One(Side::First), true));
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: vec![(Offer::Rematch, Side::Second)],
        })));
        assert_eq!(app.offer(), Some(Offer::Rematch));
        assert_eq!(
            app.handle(GameAction::Rematch),
            [Outgoing::Game(GameRequest::Answer {
                kind: OfferKind::Rematch,
                accept: true
            })]
        );
        assert_eq!(app.offer(), None);
        assert_eq!(
            app.handle(GameAction::Rematch),
            [Outgoing::Game(GameRequest::Offer(OfferKind::Rematch))]
        );
        // Without a connection nothing goes out, so the offer stays to be answered.
        app.game.offer = Some(Offer::Rematch);
        app.apply(ConnectionEvent::Lost {
            reason: "The server closed the connection.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert_eq!(
            app.handle(GameAction::Rematch),
            [Outgoing::Game(GameRequest::Offer(OfferKind::Rematch))]
        );
        assert_eq!(app.offer(), Some(Offer::Rematch));
    }

    #[test]
    fn a_piece_is_dragged_to_its_point_or_clicked_then_clicked() {
        let mut app = offline();
        app.handle(LobbyAction::Start);
        app.handle(GameAction::Cell("c3".into()));
        app.tick(1.0);
        // Drag: press on the tiger, release on b2.
        app.handle(GameAction::Press("a1".into()));
        assert_eq!(app.dragging(), Some("a1"));
        app.handle(GameAction::Release(Some("b2".into())));
        let m = app.current().expect("game");
        assert_eq!(m.moves.last().map(|p| p.text.as_str()), Some("a1-b2"));
        assert_eq!(app.dragging(), None);
        app.tick(1.0);
        // Click-click (or tap-tap): press and release in place, then on the point.
        app.handle(GameAction::Cell("d3".into()));
        app.tick(1.0);
        app.handle(GameAction::Press("b2".into()));
        app.handle(GameAction::Release(Some("b2".into())));
        assert_eq!(
            app.current().map(|m| m.selection.path().len()),
            Some(1),
            "picked up"
        );
        app.handle(GameAction::Press("b1".into()));
        app.handle(GameAction::Release(Some("b1".into())));
        let m = app.current().expect("game");
        assert_eq!(m.moves.last().map(|p| p.text.as_str()), Some("b2-b1"));
        // A drag released off the board drops nothing; a press on an empty point drags nothing.
        app.tick(1.0);
        app.handle(GameAction::Press("c2".into()));
        app.handle(GameAction::Release(None));
        assert_eq!(
            app.current().map(|m| m.moves.len()),
            Some(5),
            "a placement by press"
        );
        app.tick(1.0);
        app.handle(GameAction::Press("b1".into()));
        app.handle(GameAction::Release(None));
        assert_eq!(app.current().map(|m| m.moves.len()), Some(5));
    }

    #[test]
    fn looking_back_blocks_moves_says_why_and_the_opponents_move_brings_the_present() {
        let mut app = seated(Seats::One(Side::Second), false);
        moved(&mut app, "c3");
        app.tick(1.0);
        assert_eq!(app.take_cues(), [Cue::Move], "the opponent moved");
        app.handle(GameAction::LookStep(-1));
        assert_eq!(app.current().and_then(|m| m.looking), Some(0));
        assert!(app.handle(GameAction::Cell("a1".into())).is_empty());
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("looking back")),
            "{:?}",
            app.notice()
        );
        app.handle(GameAction::LookPresent);
        app.handle(GameAction::Cell("a1".into()));
        assert_eq!(
            app.handle(GameAction::Cell("b2".into())),
            [Outgoing::Game(GameRequest::Move {
                notation: "a1-b2".into(),
                ply: 1
            })]
        );
        moved(&mut app, "a1-b2");
        app.handle(GameAction::LookAt(1));
        moved(&mut app, "d3");
        assert_eq!(
            app.current().and_then(|m| m.looking),
            None,
            "a new move from the opponent is shown"
        );
    }

    #[test]
    fn the_resign_question_waits_until_answered_or_the_game_moves_on() {
        let mut app = seated(Seats::One(Side::First), false);
        app.handle(GameAction::Resign);
        app.tick(30.0);
        assert!(app.resign_asked());
        moved(&mut app, "c3");
        assert!(
            !app.resign_asked(),
            "a move came: asked again if still meant"
        );
        app.handle(GameAction::Resign);
        assert_eq!(
            app.handle(GameAction::Resign),
            [Outgoing::Game(GameRequest::Resign)]
        );
        // Sent: the question stays, its answers doing nothing, until the game's end.
        assert!(app.resign_asked() && app.resign_sent());
        assert!(app.handle(GameAction::Resign).is_empty(), "sent once");
        app.handle(GameAction::CancelResign);
        moved(&mut app, "a1-b2");
        assert_eq!(app.current().map(|m| m.moves.len()), Some(2));
        assert!(app.resign_sent(), "a move on the way changes nothing");
        // A refusal puts it away, to be asked again.
        app.apply(crate::app::ConnectionEvent::Refused {
            text: "The game is over.".into(),
            unlock_board: false,
        });
        assert!(!app.resign_asked());
        app.handle(GameAction::Resign);
        app.handle(GameAction::Resign);
        app.apply(MatchEvent::Next(GameEvent::Ended {
            result: GameResult {
                winner: Some(Side::Second),
                reason: ResultReason::Resignation,
            },
            clocks: None,
        }));
        assert!(!app.resign_asked(), "the end puts the question away");
    }

    #[test]
    fn engine_help_is_for_the_computer_local_and_finished_games_only() {
        let mut person = seated(Seats::One(Side::First), false);
        assert!(person.engine_help().is_err());
        assert!(
            person.handle(GameAction::Hint).is_empty(),
            "no hint against a person"
        );
        assert!(person.handle(GameAction::Analyse).is_empty());
        assert!(
            person
                .notice()
                .is_some_and(|n| n.text.english().contains("No engine help"))
        );
        let mut computer = seated(Seats::One(Side::First), true);
        assert!(computer.engine_help().is_ok());
        assert_eq!(
            computer.handle(GameAction::Hint),
            [Outgoing::Game(GameRequest::Hint)]
        );
        let watcher = seated(Seats::Watching, false);
        assert!(
            watcher.engine_help().is_err(),
            "watching a live game of people"
        );
        let local = seated(Seats::Both, false);
        assert!(local.engine_help().is_ok());
        person.apply(MatchEvent::Next(GameEvent::Ended {
            result: GameResult {
                winner: None,
                reason: ResultReason::Agreement,
            },
            clocks: None,
        }));
        assert!(
            person.engine_help().is_ok(),
            "a finished game may be analysed"
        );
        assert_eq!(person.take_cues(), [Cue::End]);
    }
}
