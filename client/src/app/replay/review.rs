//! The app's side of a game's review: asking the server for it (from the game-over screen or
//! the replay), following its progress, keeping it on the replay, and "play from here": a new
//! game against the computer from the position the replay shows.

use chaupal_rules::Side;
use chaupal_rules::review::GameReview;

use crate::app::App;
use crate::app::lobby::{EnginePick, SidePick};
use crate::app::shell::{Screen, Tone};
use crate::app::{LobbyRequest, ReplayRequest};
use crate::app::{OpponentPick, Outgoing};
use crate::play::Match;
use crate::replay::Replay;
use crate::review::ReviewState;
use crate::say;
use crate::words::Phrase;

impl App {
    /// Asks for the review of the finished game on the screen; from the game-over screen, the
    /// replay opens first, and the review shows there.
    pub(in crate::app) fn ask_review(&mut self) -> Vec<Outgoing> {
        if self.screen != Screen::Replay {
            if !self.game.current.as_ref().is_some_and(Match::finished) {
                self.tell(say!("error-not-finished"), Tone::Problem);
                return Vec::new();
            }
            self.open_replay();
            if self.screen != Screen::Replay {
                return Vec::new();
            }
        }
        let Some(r) = &self.replay else {
            return Vec::new();
        };
        let Some(id) = r.game else {
            self.tell(say!("review-server-only"), Tone::Problem);
            return Vec::new();
        };
        if r.review
            .as_ref()
            .is_some_and(|s| s.waiting() || s.review().is_some())
        {
            return Vec::new();
        }
        if !self.require_online(say!("doing-review")) {
            return Vec::new();
        }
        if let Some(r) = &mut self.replay {
            r.review = Some(ReviewState::Asked);
        }
        vec![Outgoing::Replay(ReplayRequest::Review(id))]
    }

    /// The replay of `game`, while its review is awaited.
    fn awaiting(&mut self, game: u64) -> Option<&mut Replay> {
        self.replay
            .as_mut()
            .filter(|r| r.game == Some(game) && r.review.as_ref().is_some_and(ReviewState::waiting))
    }

    /// The server got through `analysed` of `total` positions of `game`'s review.
    pub(in crate::app) fn review_progress(&mut self, game: u64, analysed: u32, total: u32) {
        if let Some(r) = self.awaiting(game) {
            r.review = Some(ReviewState::Running { analysed, total });
        }
    }

    /// A review came: it goes on the replay of its game (one that does not fit the game is
    /// refused with a word).
    pub(in crate::app) fn review_arrived(&mut self, review: GameReview) {
        let Some(r) = self
            .replay
            .as_mut()
            .filter(|r| r.game == Some(review.game.0))
        else {
            return;
        };
        r.review = Some(if review.plies.len() == r.len() {
            ReviewState::Ready(Box::new(review))
        } else {
            ReviewState::Failed(say!(
                "review-misfit",
                covered = review.plies.len(),
                moves = r.len()
            ))
        });
    }

    /// The server made no review of `game`: the reason shows where the review would have.
    pub(in crate::app) fn review_failed(&mut self, game: u64, text: Phrase) {
        match self.awaiting(game) {
            Some(r) => r.review = Some(ReviewState::Failed(text)),
            None => self.tell(text, Tone::Problem),
        }
    }

    /// A new game against the computer from the position the replay shows: this player takes
    /// the side to move, at the lobby's level, unrated and without a clock.
    pub(in crate::app) fn play_from_here(&mut self) -> Vec<Outgoing> {
        let Some(r) = &self.replay else {
            return Vec::new();
        };
        let game = r.game();
        if game.outcome().is_some() || game.legal_moves_text().is_empty() {
            self.tell(say!("review-over-here"), Tone::Problem);
            return Vec::new();
        }
        let side = match game.side_to_move() {
            Side::First => SidePick::First,
            Side::Second => SidePick::Second,
        };
        let wish = Outgoing::Lobby(LobbyRequest::NewGame {
            kind: game.kind(),
            rules: crate::view::non_default_rules(r.start()),
            side,
            opponent: OpponentPick::Computer(EnginePick::Level(self.lobby.level)),
            clock: None,
            correspondence: None,
            rated: false,
            position: Some(game.position_text()),
        });
        if !self.require_online(say!("doing-play-from-here")) {
            return Vec::new();
        }
        self.game.starting_from_replay = true;
        vec![wish]
    }

    /// An offline client showing the replay of `m` at `ply` with `review`: how the screenshot
    /// mode sets up the review it draws.
    pub fn showing_review(m: Match, review: GameReview, ply: usize) -> App {
        let mut app = App::showing(m, Screen::GameOver);
        app.open_replay();
        if let Some(r) = &mut app.replay {
            r.game = Some(review.game.0);
            r.review = Some(ReviewState::Ready(Box::new(review)));
            r.jump(ply);
        }
        app
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::ReplayAction;
    use crate::app::{ConnectionEvent, MatchEvent, ReplayEvent};
    use crate::play::Seats;
    use crate::review::notes::tests::sample;
    use chaupal_rules::{AnyGame, GameKind};
    use chaupal_shared::protocol::{GameId, GameResult, ResultReason};

    /// A connected client on the game-over screen of server game 42: the first four moves of
    /// the sample review's game, then the tigers resigned.
    fn game_over() -> App {
        let mut app = App::new(false);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        let start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let mut m = Match::new(start, Seats::One(Side::First), true);
        for mv in ["c3", "a1-b2", "c2", "b2-b1"] {
            m.apply(mv).expect("legal");
        }
        m.settle();
        m.id = Some(42);
        m.ended = Some(crate::play::Ending::Result(GameResult {
            winner: Some(Side::First),
            reason: ResultReason::Resignation,
        }));
        app.game.current = Some(m);
        app.screen = Screen::GameOver;
        app
    }

    /// The sample review cut to the four moves of [`game_over`]'s game.
    fn review() -> GameReview {
        let mut r = sample();
        r.plies.truncate(4);
        r
    }

    fn state(app: &App) -> Option<ReviewState> {
        app.replay().and_then(|r| r.review.clone())
    }

    #[test]
    fn review_from_the_game_over_screen_opens_the_replay_and_asks_once() {
        let mut app = game_over();
        assert_eq!(
            app.handle(ReplayAction::Review),
            [Outgoing::Replay(ReplayRequest::Review(42))]
        );
        assert_eq!(app.screen(), Screen::Replay);
        assert_eq!(state(&app), Some(ReviewState::Asked));
        assert_eq!(
            state(&app)
                .and_then(|s| s.progress_text())
                .map(|p| p.english())
                .as_deref(),
            Some("Asking the server for a review...")
        );
        // Asked already: not again.
        assert!(app.handle(ReplayAction::Review).is_empty());
    }

    #[test]
    fn progress_updates_the_replay_and_the_reply_stores_the_review() {
        let mut app = game_over();
        let _ = app.handle(ReplayAction::Review);
        app.apply(ReplayEvent::ReviewProgress {
            game: 42,
            analysed: 17,
            total: 41,
        });
        assert_eq!(
            state(&app)
                .and_then(|s| s.progress_text())
                .map(|p| p.english())
                .as_deref(),
            Some("Analysing 17 of 41 positions")
        );
        // Another game's progress is not this one's.
        app.apply(ReplayEvent::ReviewProgress {
            game: 7,
            analysed: 40,
            total: 41,
        });
        assert_eq!(
            state(&app),
            Some(ReviewState::Running {
                analysed: 17,
                total: 41
            })
        );
        app.apply(ReplayEvent::Review(Box::new(review())));
        let stored = app.replay().and_then(Replay::ready_review).cloned();
        assert_eq!(stored, Some(review()));
        // A late progress message does not take the review away.
        app.apply(ReplayEvent::ReviewProgress {
            game: 42,
            analysed: 41,
            total: 41,
        });
        assert!(app.replay().and_then(Replay::ready_review).is_some());
        // Nor is it asked for again.
        assert!(app.handle(ReplayAction::Review).is_empty());
    }

    #[test]
    fn a_refusal_shows_its_reason_and_the_review_can_be_asked_again() {
        let mut app = game_over();
        let _ = app.handle(ReplayAction::Review);
        let why = "The review: the computer players are all busy: try again in a moment.";
        app.apply(ReplayEvent::ReviewFailed {
            game: 42,
            text: why.into(),
        });
        assert_eq!(state(&app), Some(ReviewState::Failed(why.into())));
        assert_eq!(
            app.handle(ReplayAction::Review),
            [Outgoing::Replay(ReplayRequest::Review(42))]
        );
        // A refusal for a review nobody waits for is told as a notice.
        app.apply(ReplayEvent::ReviewFailed {
            game: 9,
            text: "Too many reviews.".into(),
        });
        assert_eq!(
            app.notice().map(|n| n.text.english()).as_deref(),
            Some("Too many reviews.")
        );
    }

    #[test]
    fn a_review_that_does_not_fit_the_game_is_not_shown() {
        let mut app = game_over();
        let _ = app.handle(ReplayAction::Review);
        app.apply(ReplayEvent::Review(Box::new(sample())));
        assert!(
            matches!(state(&app), Some(ReviewState::Failed(t)) if t.english().contains("6 moves"))
        );
        // Another game's review is ignored.
        let mut other = review();
        other.game = GameId(5);
        let _ = app.handle(ReplayAction::Review);
        app.apply(ReplayEvent::Review(Box::new(other)));
        assert_eq!(state(&app), Some(ReviewState::Asked));
    }

    #[test]
    fn only_server_games_are_reviewed_and_only_when_connected() {
        let mut app = game_over();
        if let Some(m) = &mut app.game.current {
            m.id = None;
        }
        assert!(app.handle(ReplayAction::Review).is_empty());
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("only games played on the server"))
        );
        let mut app = game_over();
        app.apply(ConnectionEvent::Lost {
            reason: "Gone.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert!(app.handle(ReplayAction::Review).is_empty());
        assert_eq!(state(&app), None);
    }

    #[test]
    fn play_from_here_asks_for_an_ai_game_from_the_shown_position_for_the_side_to_move() {
        let mut app = game_over();
        let _ = app.handle(ReplayAction::OpenReplay);
        let _ = app.handle(ReplayAction::ReplayJump(3));
        let expected = app.replay().map(|r| r.game().position_text());
        let out = app.handle(ReplayAction::PlayFromHere);
        let [
            Outgoing::Lobby(LobbyRequest::NewGame {
                kind,
                side,
                opponent,
                clock,
                rated,
                position,
                ..
            }),
        ] = out.as_slice()
        else {
            panic!("one new game: {out:?}");
        };
        assert_eq!(*kind, GameKind::BaghChal);
        // Three moves played: the tigers are to move.
        assert_eq!(*side, SidePick::Second);
        assert_eq!(
            *opponent,
            OpponentPick::Computer(EnginePick::Level(app.lobby().level))
        );
        assert_eq!((*clock, *rated), (None, false));
        assert_eq!(*position, expected);
        // Its snapshot takes the screen from the replay.
        let start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        app.apply(MatchEvent::Opened(Box::new(crate::app::Opened {
            game: Match::new(start, Seats::One(Side::Second), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.screen(), Screen::Game);
    }

    #[test]
    fn play_from_a_finished_position_or_offline_is_refused_with_a_reason() {
        let mut app = game_over();
        // A game played out on the board: Kalah on one house, first legal moves to the end.
        let start = AnyGame::start(GameKind::Kalah, [("pits", "1")]).expect("start");
        let mut game = start.clone();
        let mut moves = Vec::new();
        while game.outcome().is_none() && moves.len() < 50 {
            let Some(mv) = game.legal_moves_text().first().cloned() else {
                break;
            };
            game.play_text(&mv).expect("legal");
            moves.push(mv);
        }
        assert!(game.outcome().is_some(), "the game ends");
        let mut r = Replay::new(start, &moves).expect("replays");
        r.jump(usize::MAX);
        app.replay = Some(r);
        app.screen = Screen::Replay;
        assert!(app.handle(ReplayAction::PlayFromHere).is_empty());
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("game is over"))
        );
        // From the start it would go, but not without the server.
        let _ = app.handle(ReplayAction::ReplayJump(0));
        app.apply(ConnectionEvent::Lost {
            reason: "Gone.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert!(app.handle(ReplayAction::PlayFromHere).is_empty());
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("needs the server"))
        );
    }
}
