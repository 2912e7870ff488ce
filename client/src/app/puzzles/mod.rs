//! The app's side of puzzles: opening the Puzzles screen (from the lobby, a link, the day's
//! puzzle, or a game's review with the player's own mistakes), asking for the next puzzle with
//! the choices made, moves entered on the puzzle's board (sent to be judged), trying again,
//! the solution, and what the server answers to each (a rated puzzle left after a move is said
//! lost, and leaving it asks for a second press first); the day's puzzles asked for again once
//! the UTC date passes theirs.

mod action;
mod event;
mod request;
pub use action::PuzzleAction;
pub use event::PuzzleEvent;
pub use request::PuzzleRequest;

use chaupal_shared::protocol::ThemeCount;
use chaupal_shared::protocol::puzzles::{
    DailyPuzzle, PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome,
};

use crate::app::App;
use crate::app::Outgoing;
use crate::app::shell::{Cue, Screen, Tone};
use crate::puzzles::{Attempt, Judged, Leave, PuzzleAsk, Puzzles, words};
use crate::route::Route;
use crate::say;
use crate::words::Phrase;

impl App {
    /// The Puzzles screen's actions, and "Learn from your mistakes" on a game's review.
    pub(in crate::app) fn handle_puzzles(&mut self, action: PuzzleAction) -> Vec<Outgoing> {
        match action {
            PuzzleAction::OpenPuzzles => self.open_puzzles(),
            PuzzleAction::NextPuzzle => {
                if self.leave_confirmed(Leave::Next) {
                    self.next_puzzle()
                } else {
                    Vec::new()
                }
            }
            PuzzleAction::OpenPuzzle(id) => {
                let again = self.puzzles.attempt.as_ref().is_some_and(|a| a.id() == id);
                if again || self.leave_confirmed(Leave::Open(id.clone())) {
                    self.open_puzzle(id)
                } else {
                    Vec::new()
                }
            }
            PuzzleAction::TryAgain => {
                if let Some(a) = &mut self.puzzles.attempt {
                    a.try_again();
                }
                Vec::new()
            }
            PuzzleAction::ShowSolution => match &self.puzzles.attempt {
                Some(a) if !a.over() && a.board.pending.is_none() => {
                    vec![Outgoing::Puzzle(PuzzleRequest::PuzzleSolution(
                        a.id().to_owned(),
                    ))]
                }
                _ => Vec::new(),
            },
            PuzzleAction::CyclePuzzleGame { forward } => {
                self.puzzles.cycle_game(forward);
                Vec::new()
            }
            PuzzleAction::CyclePuzzleTheme { forward } => {
                self.puzzles.cycle_theme(forward);
                Vec::new()
            }
            PuzzleAction::SetPuzzleMode(mode) => {
                self.puzzles.mode = mode;
                Vec::new()
            }
            PuzzleAction::LearnFromMistakes => self.learn_from_mistakes(),
        }
    }

    /// Whether a press on a way to another puzzle (`to`) goes now: while leaving the puzzle on
    /// the board would cost its rated attempt, the first press waits for a second one (away
    /// from the Puzzles screen, a notice says why), and only that second press goes. Offline,
    /// the press goes on to say that puzzles need the server.
    fn leave_confirmed(&mut self, to: Leave) -> bool {
        if !self.online.connection.online() || self.puzzles.confirm_leave(to) {
            return true;
        }
        if self.screen != Screen::Puzzles {
            self.tell(say!("puzzle-leave-warning"), Tone::News);
        }
        false
    }

    /// The Puzzles screen's state.
    pub fn puzzles(&self) -> &Puzzles {
        &self.puzzles
    }

    /// Goes to the Puzzles screen from where the player is: with the puzzle left there when it
    /// is not over yet, else with the next one.
    fn open_puzzles(&mut self) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-puzzles")) {
            return Vec::new();
        }
        self.enter_puzzles();
        let mut out = self.ask_themes();
        if self.puzzles.attempt.as_ref().is_none_or(Attempt::over) && !self.puzzles.asking {
            out.extend(self.next_puzzle());
        }
        out
    }

    /// Puts the Puzzles screen up, "back" going where the player was.
    fn enter_puzzles(&mut self) {
        if self.screen != Screen::Puzzles {
            self.shell.back.puzzles = match self.screen {
                Screen::Replay | Screen::Lobby => self.screen,
                _ => Screen::Lobby,
            };
            if self.puzzles.game.is_none() && self.puzzles.attempt.is_none() {
                self.puzzles.game = Some(self.lobby.kind);
            }
        }
        self.screen = Screen::Puzzles;
    }

    /// The themes, once a connection.
    fn ask_themes(&mut self) -> Vec<Outgoing> {
        if std::mem::replace(&mut self.puzzles.themes_asked, true) {
            Vec::new()
        } else {
            vec![Outgoing::Puzzle(PuzzleRequest::PuzzleThemes)]
        }
    }

    /// The next puzzle: the next of the player's mistakes while there are some, else one with
    /// the choices made.
    fn next_puzzle(&mut self) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-puzzles")) {
            return Vec::new();
        }
        self.enter_puzzles();
        self.puzzles.asking = true;
        self.puzzles.problem = None;
        match self.puzzles.mistakes.pop_front() {
            Some(id) => vec![Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(id))],
            None => {
                self.puzzles.mistakes_total = 0;
                vec![Outgoing::Puzzle(PuzzleRequest::NextPuzzle(
                    self.puzzles.query(),
                ))]
            }
        }
    }

    /// A puzzle by its id (the day's puzzle, a link).
    pub(in crate::app) fn open_puzzle(&mut self, id: String) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-puzzles")) {
            return Vec::new();
        }
        self.enter_puzzles();
        self.puzzles.asking = true;
        self.puzzles.problem = None;
        self.puzzles.mistakes.clear();
        self.puzzles.mistakes_total = 0;
        let mut out = self.ask_themes();
        out.push(Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(id)));
        out
    }

    /// Asks for puzzles made from the player's mistakes in the game replayed.
    fn learn_from_mistakes(&mut self) -> Vec<Outgoing> {
        let Some(game) = self
            .replay
            .as_ref()
            .filter(|r| r.played)
            .and_then(|r| r.game)
        else {
            return Vec::new();
        };
        if !self.require_online(say!("doing-puzzles")) {
            return Vec::new();
        }
        vec![Outgoing::Puzzle(PuzzleRequest::MistakePuzzles(game))]
    }

    /// The puzzles from the player's mistakes came: none is said so; else they are opened one
    /// after another.
    pub(in crate::app) fn mistake_puzzles(&mut self, ids: Vec<String>) -> Vec<Outgoing> {
        if ids.is_empty() {
            self.tell(say!("puzzle-no-mistakes"), Tone::News);
            return Vec::new();
        }
        self.puzzles.mistakes_total = ids.len();
        self.puzzles.mistakes = ids.into();
        self.puzzles.mode = PuzzleMode::Rated;
        self.screen_from_replay();
        let mut out = self.ask_themes();
        out.extend(self.next_puzzle());
        out
    }

    /// Goes to the Puzzles screen, "back" returning to the replay when it is up.
    fn screen_from_replay(&mut self) {
        if self.screen != Screen::Puzzles {
            self.shell.back.puzzles = self.screen;
            self.screen = Screen::Puzzles;
        }
    }

    /// A puzzle was given: it goes on the board (and the screen comes up when it was asked for
    /// there, or by a link).
    pub(in crate::app) fn puzzle_given(&mut self, info: PuzzleInfo) {
        let by_link = matches!(self.links.link, Some(Route::Puzzle(_)));
        if by_link {
            self.links.link = None;
        }
        self.puzzles.rating = Some(info.player);
        self.puzzles.best_streak = info.best_streak;
        if let Some(said) = info.abandoned.as_ref().and_then(words::left_failed) {
            self.tell(said, Tone::News);
        }
        self.puzzles.leave_asked = None;
        // The attempt begun, given again to this connection, stays begun on the server.
        let begun = self
            .puzzles
            .attempt
            .as_ref()
            .is_some_and(|a| a.id() == info.id && a.leaving_costs());
        // Another puzzle opens at the top of the screen, its board in view.
        let another = self
            .puzzles
            .attempt
            .as_ref()
            .is_none_or(|a| a.id() != info.id);
        if another {
            self.shell.scroll = (self.screen, 0);
        }
        match Attempt::new(info) {
            Ok(mut a) => {
                a.begun = begun;
                self.puzzles.attempt = Some(a);
                self.puzzles.problem = None;
            }
            Err(why) => {
                self.puzzles.attempt = None;
                self.puzzles.problem = Some(say!("puzzle-unreadable", why = why));
            }
        }
        let asked = std::mem::take(&mut self.puzzles.asking);
        if by_link || (asked && self.screen == Screen::Puzzles) {
            self.enter_puzzles();
            self.game.drag_from = None;
            self.keys.cursor = None;
        }
    }

    /// A move on the puzzle's board, entered by click, tap or key: sent to be judged.
    pub(in crate::app) fn puzzle_cell(&mut self, cell: &str) -> Vec<Outgoing> {
        let Some(a) = &mut self.puzzles.attempt else {
            return Vec::new();
        };
        if let Some(ply) = a.board.looking {
            self.tell_looking_back(ply);
            return Vec::new();
        }
        let id = a.id().to_owned();
        let out: Vec<Outgoing> = a
            .click(cell)
            .map(|notation| {
                Outgoing::Puzzle(PuzzleRequest::PuzzleMove {
                    puzzle: id,
                    notation,
                })
            })
            .into_iter()
            .collect();
        // A move played instead of the second press: the skip is not confirmed.
        if !out.is_empty() {
            self.puzzles.leave_asked = None;
        }
        out
    }

    /// Ends a Sholo Guti chain on the puzzle's board where it stands: sent to be judged.
    pub(in crate::app) fn puzzle_stop_chain(&mut self) -> Vec<Outgoing> {
        let Some(a) = &mut self.puzzles.attempt else {
            return Vec::new();
        };
        let id = a.id().to_owned();
        a.stop_chain()
            .map(|notation| {
                Outgoing::Puzzle(PuzzleRequest::PuzzleMove {
                    puzzle: id,
                    notation,
                })
            })
            .into_iter()
            .collect()
    }

    /// The server judged a move: the board follows, and the attempt's end moves the rating.
    pub(in crate::app) fn puzzle_judged(&mut self, moved: PuzzleMoved) -> Vec<Outgoing> {
        let Some(a) = &mut self.puzzles.attempt else {
            return Vec::new();
        };
        if let Some(o) = &moved.outcome {
            self.puzzles.rating = Some(o.after);
            self.puzzles.best_streak = o.best_streak;
        }
        let id = a.id().to_owned();
        match a.judged(moved) {
            Judged::Right => {
                if a.board
                    .moves
                    .last()
                    .is_some_and(|p| p.side != a.info.solver)
                {
                    self.cue(Cue::Move);
                }
            }
            Judged::Solved => self.cue(Cue::End),
            Judged::Wrong | Judged::Ignored => {}
            // The board went out of step with the server's: the puzzle is asked for again.
            Judged::OutOfStep => {
                self.tell(say!("puzzle-out-of-step"), Tone::Problem);
                self.puzzles.asking = true;
                return vec![Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(id))];
            }
        }
        Vec::new()
    }

    /// The solution came: it plays out on the board.
    pub(in crate::app) fn puzzle_solution(
        &mut self,
        puzzle: &str,
        line: Vec<String>,
        outcome: Option<PuzzleOutcome>,
    ) {
        if let Some(o) = &outcome {
            self.puzzles.rating = Some(o.after);
            self.puzzles.best_streak = o.best_streak;
        }
        if let Some(a) = self.puzzles.attempt.as_mut().filter(|a| a.id() == puzzle) {
            a.show_solution(line, outcome);
        }
    }

    /// The day's puzzles, for the lobby.
    pub(in crate::app) fn daily_puzzles(&mut self, daily: Vec<DailyPuzzle>) {
        self.puzzles.daily_came(daily, self.shell.now_ms);
    }

    /// What the wall clock's passing asks of the server (the render loop asks each frame,
    /// after [`App::set_now_ms`]): the day's puzzles again, while online, once the UTC date
    /// has passed the day of those shown; the list of tournaments on the screen again, and a
    /// Swiss's or a round robin's page on the screen, when due.
    pub fn due_by_clock(&mut self) -> Vec<Outgoing> {
        let mut out = Vec::new();
        if self.online.connection.online() && self.puzzles.daily_due(self.shell.now_ms) {
            out.push(Outgoing::Puzzle(PuzzleRequest::DailyPuzzles));
        }
        out.extend(self.tournament_list_due());
        out.extend(self.tournament_page_due());
        out
    }

    /// The themes of the puzzles, for the choice of the next one's.
    pub(in crate::app) fn puzzle_themes(&mut self, themes: Vec<ThemeCount>) {
        self.puzzles.themes = themes;
        if let Some(theme) = &self.puzzles.theme
            && !self.puzzles.theme_choices().contains(theme)
        {
            self.puzzles.theme = None;
        }
    }

    /// The server refused something about puzzles: the reason shows where it matters (in
    /// place of the puzzle, or as a notice), and a link that asked for a puzzle leads to the
    /// card of a link that leads nowhere.
    pub(in crate::app) fn puzzle_refused(&mut self, text: Phrase, asked: PuzzleAsk) {
        match asked {
            PuzzleAsk::Puzzle => {
                self.puzzles.asking = false;
                if let Some(route) = self.links.link.take() {
                    let why = match &route {
                        Route::Puzzle(id) => say!("broken-puzzle", id = id, said = text),
                        _ => text,
                    };
                    self.links.broken_link = Some((route, why));
                    self.screen = Screen::Lobby;
                } else if self.screen == Screen::Puzzles {
                    self.puzzles.problem = Some(text);
                } else {
                    self.tell(text, Tone::Problem);
                }
            }
            PuzzleAsk::Move | PuzzleAsk::Solution => {
                if let Some(a) = &mut self.puzzles.attempt {
                    a.refused();
                }
                self.tell(text, Tone::Problem);
            }
            PuzzleAsk::Mistakes => self.tell(text, Tone::Problem),
        }
    }

    /// After a new connection: the themes are asked for again when the screen needs them, and
    /// a puzzle in the middle of its attempt is given again (a puzzle is given to one
    /// connection).
    pub(in crate::app) fn puzzles_reconnected(&mut self) -> Vec<Outgoing> {
        self.puzzles.themes_asked = false;
        // The closed connection settled nothing, and holds no puzzle: leaving costs nothing
        // until a right move on this one.
        if let Some(a) = &mut self.puzzles.attempt {
            a.begun = false;
        }
        let mut out = Vec::new();
        if self.screen != Screen::Puzzles {
            return out;
        }
        out.extend(self.ask_themes());
        match &self.puzzles.attempt {
            Some(a) if !a.over() => {
                self.puzzles.asking = true;
                out.push(Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(
                    a.id().to_owned(),
                )));
            }
            _ if self.puzzles.asking => {
                out.extend(self.next_puzzle());
            }
            _ => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Outgoing;
    use crate::app::testing::online;
    use crate::app::{ConnectionEvent, PuzzleEvent};
    use crate::app::{GameAction, LinkAction, LobbyAction, ScreenAction};
    use crate::puzzles::Stage;
    use crate::puzzles::testing::{kalah_info, outcome};
    use chaupal_rules::GameKind;
    use chaupal_shared::protocol::puzzles::{AbandonedAttempt, PuzzleQuery, Verdict};

    fn moved(verdict: Verdict, replies: &[&str], done: bool) -> PuzzleMoved {
        PuzzleMoved {
            puzzle: kalah_info().id,
            verdict,
            replies: replies.iter().map(|r| (*r).to_owned()).collect(),
            done,
            outcome: None,
        }
    }

    /// An online client on the Puzzles screen with the Kalah puzzle given.
    fn given() -> App {
        let mut app = online();
        app.handle(LobbyAction::SelectGame(GameKind::Kalah));
        let out = app.handle(PuzzleAction::OpenPuzzles);
        assert_eq!(
            out,
            [
                Outgoing::Puzzle(PuzzleRequest::PuzzleThemes),
                Outgoing::Puzzle(PuzzleRequest::NextPuzzle(PuzzleQuery {
                    game: Some(GameKind::Kalah),
                    theme: None,
                    mode: PuzzleMode::Rated
                }))
            ]
        );
        assert_eq!(app.screen(), Screen::Puzzles);
        assert!(app.puzzles().asking);
        app.apply(PuzzleEvent::Puzzle(Box::new(kalah_info())));
        app
    }

    fn stage(app: &App) -> Option<Stage> {
        app.puzzles().attempt.as_ref().map(|a| a.stage.clone())
    }

    #[test]
    fn a_puzzle_solved_move_by_move_with_the_replies_played_between() {
        let mut app = given();
        assert!(!app.puzzles().asking);
        assert_eq!(app.board().map(|m| m.kind()), Some(GameKind::Kalah));
        assert_eq!(
            app.handle(GameAction::Cell("s3".into())),
            [Outgoing::Puzzle(PuzzleRequest::PuzzleMove {
                puzzle: "kalah-00042".into(),
                notation: "3".into()
            })]
        );
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &[],
            false,
        ))));
        assert_eq!(stage(&app), Some(Stage::Finding { right: true }));
        app.tick(5.0);
        app.handle(GameAction::Cell("s6".into()));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &["3"],
            false,
        ))));
        assert_eq!(app.take_cues(), [Cue::Move], "the opponent's reply");
        assert!(
            app.handle(GameAction::Cell("s1".into())).is_empty(),
            "not while the reply is shown"
        );
        for _ in 0..4 {
            app.tick(5.0);
        }
        app.handle(GameAction::Cell("s1".into()));
        let mut last = moved(Verdict::Right, &[], true);
        last.outcome = Some(outcome(true, 1500.0, 1512.0));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(last)));
        assert_eq!(stage(&app), Some(Stage::Solved));
        assert_eq!(app.take_cues(), [Cue::End]);
        assert_eq!(app.puzzles().rating.map(|r| r.rating), Some(1512.0));
        assert_eq!(app.address(), "/puzzle/kalah-00042");
        // Next: another puzzle with the same choices.
        assert!(matches!(
            app.handle(PuzzleAction::NextPuzzle).as_slice(),
            [Outgoing::Puzzle(PuzzleRequest::NextPuzzle(_))]
        ));
    }

    #[test]
    fn a_wrong_move_then_try_again_then_the_solution() {
        let mut app = given();
        app.handle(GameAction::Cell("s5".into()));
        let mut wrong = moved(Verdict::Wrong, &[], false);
        wrong.outcome = Some(outcome(false, 1500.0, 1488.0));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(wrong)));
        assert_eq!(stage(&app), Some(Stage::Wrong { tried: "5".into() }));
        assert!(
            app.handle(GameAction::Cell("s3".into())).is_empty(),
            "the board waits for Try again"
        );
        app.handle(PuzzleAction::TryAgain);
        assert_eq!(app.handle(GameAction::Cell("s3".into())).len(), 1);
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &[],
            false,
        ))));
        assert_eq!(
            app.handle(PuzzleAction::ShowSolution),
            [Outgoing::Puzzle(PuzzleRequest::PuzzleSolution(
                "kalah-00042".into()
            ))]
        );
        app.apply(PuzzleEvent::PuzzleSolution {
            puzzle: "kalah-00042".into(),
            solution: ["3", "6", "3", "1"].map(str::to_owned).to_vec(),
            outcome: None,
        });
        assert!(matches!(
            stage(&app),
            Some(Stage::Solution { shown: 0, .. })
        ));
        assert!(app.next_change().is_some(), "the line plays out by itself");
        assert!(app.handle(PuzzleAction::ShowSolution).is_empty(), "once");
        assert_eq!(
            app.puzzles().rating.map(|r| r.rating),
            Some(1488.0),
            "the first attempt's change stays"
        );
    }

    #[test]
    fn a_streak_ends_at_the_first_mistake() {
        let mut app = given();
        app.handle(PuzzleAction::SetPuzzleMode(PuzzleMode::Streak));
        let out = app.handle(PuzzleAction::NextPuzzle);
        assert!(matches!(
            out.as_slice(),
            [Outgoing::Puzzle(PuzzleRequest::NextPuzzle(PuzzleQuery {
                mode: PuzzleMode::Streak,
                ..
            }))]
        ));
        let mut info = kalah_info();
        info.mode = PuzzleMode::Streak;
        info.rated = false;
        info.streak = 4;
        app.apply(PuzzleEvent::Puzzle(Box::new(info)));
        app.handle(GameAction::Cell("s5".into()));
        let mut wrong = moved(Verdict::Wrong, &[], false);
        let mut end = outcome(false, 1500.0, 1500.0);
        end.rated = false;
        end.streak = 4;
        end.streak_over = true;
        wrong.outcome = Some(end);
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(wrong)));
        let a = app.puzzles().attempt.as_ref().expect("the puzzle");
        assert!(a.outcome.as_ref().is_some_and(|o| o.streak_over));
    }

    #[test]
    fn the_puzzles_screen_needs_the_server_and_a_refusal_shows_in_place_of_the_puzzle() {
        let mut app = App::new(true);
        assert!(app.handle(PuzzleAction::OpenPuzzles).is_empty());
        assert_eq!(app.screen(), Screen::Lobby);
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("puzzles"))
        );
        let mut app = online();
        app.handle(PuzzleAction::OpenPuzzles);
        app.apply(PuzzleEvent::PuzzleRefused {
            text: "No puzzle fits.".into(),
            asked: PuzzleAsk::Puzzle,
        });
        assert_eq!(app.screen(), Screen::Puzzles);
        assert!(!app.puzzles().asking);
        assert_eq!(
            app.puzzles()
                .problem
                .as_ref()
                .map(Phrase::english)
                .as_deref(),
            Some("No puzzle fits.")
        );
        app.handle(ScreenAction::Back);
        assert_eq!(app.screen(), Screen::Lobby);
    }

    #[test]
    fn a_link_opens_its_puzzle_or_says_it_leads_nowhere() {
        let mut app = App::new(false);
        app.handle(LinkAction::Follow(Route::Puzzle("kalah-00042".into())));
        let out = app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert!(out.contains(&Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(
            "kalah-00042".into()
        ))));
        assert_eq!(app.address(), "/puzzle/kalah-00042");
        app.apply(PuzzleEvent::Puzzle(Box::new(kalah_info())));
        assert_eq!(app.screen(), Screen::Puzzles);
        let mut lost = App::new(false);
        lost.handle(LinkAction::Follow(Route::Puzzle("nope-1".into())));
        lost.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        lost.apply(PuzzleEvent::PuzzleRefused {
            text: "No puzzle has this id.".into(),
            asked: PuzzleAsk::Puzzle,
        });
        assert_eq!(lost.screen(), Screen::Lobby);
        assert!(
            lost.broken_link()
                .is_some_and(|why| why.english().contains("nope-1"))
        );
    }

    #[test]
    fn mistakes_become_puzzles_opened_one_after_another() {
        let mut app = online();
        app.puzzles.themes_asked = true;
        assert!(
            app.apply(PuzzleEvent::MistakePuzzles(Vec::new()))
                .is_empty(),
            "none: said so"
        );
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("no puzzle"))
        );
        let out = app.apply(PuzzleEvent::MistakePuzzles(vec![
            "mine-42-17".into(),
            "mine-42-23".into(),
        ]));
        assert_eq!(
            out,
            [Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(
                "mine-42-17".into()
            ))]
        );
        assert_eq!(app.screen(), Screen::Puzzles);
        let mut info = kalah_info();
        info.id = "mine-42-17".into();
        info.rated = false;
        app.apply(PuzzleEvent::Puzzle(Box::new(info)));
        assert_eq!(app.puzzles().mistake_place(), Some((1, 2)));
        assert_eq!(
            app.handle(PuzzleAction::NextPuzzle),
            [Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(
                "mine-42-23".into()
            ))]
        );
        assert!(matches!(
            app.handle(PuzzleAction::NextPuzzle).as_slice(),
            [Outgoing::Puzzle(PuzzleRequest::NextPuzzle(_))]
        ));
    }

    #[test]
    fn a_streak_shows_the_best_and_a_puzzle_left_after_a_move_is_said_lost() {
        let mut app = given();
        let mut info = kalah_info();
        info.mode = PuzzleMode::Streak;
        info.best_streak = 5;
        app.apply(PuzzleEvent::Puzzle(Box::new(info)));
        assert_eq!(app.puzzles().best_streak, 5);
        let mut solved = moved(Verdict::Right, &[], true);
        let mut end = outcome(true, 1500.0, 1500.0);
        (end.streak, end.best_streak) = (6, 6);
        solved.outcome = Some(end);
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(solved)));
        assert_eq!(
            app.puzzles().best_streak,
            6,
            "the streak went past the best"
        );
        // A rated puzzle left after a move: the next one says it was lost, and how.
        let mut info = kalah_info();
        info.id = "kalah-00043".into();
        info.player = crate::puzzles::testing::rating(1431.2);
        info.abandoned = Some(AbandonedAttempt {
            puzzle: "kalah-00042".into(),
            outcome: outcome(false, 1500.0, 1431.2),
        });
        app.apply(PuzzleEvent::Puzzle(Box::new(info)));
        let said = app.notice().map(|n| n.text.english()).unwrap_or_default();
        assert!(
            said.contains("counts as failed") && said.contains("(-69)"),
            "{said}"
        );
        assert_eq!(app.puzzles().rating.map(|r| r.rating), Some(1431.2));
    }

    #[test]
    fn the_days_puzzles_are_asked_for_again_after_midnight_utc() {
        let mut app = online();
        // 2026-11-28 23:59:00 UTC.
        let before = 1_795_910_340_000;
        app.set_now_ms(before);
        let daily = |day: &str| {
            PuzzleEvent::DailyPuzzles(vec![DailyPuzzle {
                game: GameKind::Jungle,
                id: "jungle-01234".into(),
                rating: 1720.0,
                themes: vec!["den".into()],
                day: day.into(),
            }])
        };
        app.apply(daily("2026-11-28"));
        assert!(app.due_by_clock().is_empty());
        app.tick(30.0);
        app.set_now_ms(before + 61_000);
        assert_eq!(
            app.due_by_clock(),
            [Outgoing::Puzzle(PuzzleRequest::DailyPuzzles)],
            "a new day"
        );
        assert!(app.due_by_clock().is_empty(), "once");
        app.apply(daily("2026-11-29"));
        assert_eq!(
            app.puzzles()
                .daily_of(GameKind::Jungle)
                .map(|d| d.day.as_str()),
            Some("2026-11-29")
        );
        app.set_now_ms(before + 3_600_000);
        assert!(app.due_by_clock().is_empty());
        // Offline, nothing is asked: the greeting asks again.
        app.apply(ConnectionEvent::Lost {
            reason: "Gone.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        app.set_now_ms(before + 86_400_000 + 61_000);
        assert!(app.due_by_clock().is_empty());
    }

    /// [`given`], with the first move found: a rated attempt begun, which leaving would cost.
    fn begun() -> App {
        let mut app = given();
        app.handle(GameAction::Cell("s3".into()));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &[],
            false,
        ))));
        assert!(app.puzzles().leaving_costs());
        app
    }

    fn next_label(app: &App) -> &'static str {
        words::next_button(app.puzzles())
    }

    fn next_query() -> Outgoing {
        Outgoing::Puzzle(PuzzleRequest::NextPuzzle(PuzzleQuery {
            game: Some(GameKind::Kalah),
            theme: None,
            mode: PuzzleMode::Rated,
        }))
    }

    #[test]
    fn the_next_puzzle_button_says_a_skip_counts_as_failed_only_while_leaving_costs() {
        let mut app = given();
        assert_eq!(next_label(&app), "puzzle-next", "no move made yet");
        let mut skipping = begun();
        assert_eq!(next_label(&skipping), "puzzle-skip");
        assert_eq!(
            Phrase::new(next_label(&skipping)).english(),
            "Skip (counts as failed)"
        );
        skipping.handle(PuzzleAction::NextPuzzle);
        assert_eq!(next_label(&skipping), "puzzle-skip-confirm");
        assert_eq!(
            Phrase::new(next_label(&skipping)).english(),
            "Skip: press again to confirm"
        );
        // A wrong move ended the rated attempt: leaving costs nothing more.
        app.handle(GameAction::Cell("s5".into()));
        let mut wrong = moved(Verdict::Wrong, &[], false);
        wrong.outcome = Some(outcome(false, 1500.0, 1488.0));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(wrong)));
        app.handle(PuzzleAction::TryAgain);
        app.handle(GameAction::Cell("s3".into()));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &[],
            false,
        ))));
        assert!(!app.puzzles().leaving_costs());
        assert_eq!(next_label(&app), "puzzle-next");
        // Neither does an unrated attempt (a puzzle tried before) after a right move.
        let mut unrated = online();
        unrated.handle(LobbyAction::SelectGame(GameKind::Kalah));
        unrated.handle(PuzzleAction::OpenPuzzles);
        let mut info = kalah_info();
        info.rated = false;
        unrated.apply(PuzzleEvent::Puzzle(Box::new(info)));
        unrated.handle(GameAction::Cell("s3".into()));
        unrated.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &[],
            false,
        ))));
        assert_eq!(next_label(&unrated), "puzzle-next");
        assert_eq!(unrated.handle(PuzzleAction::NextPuzzle).len(), 1, "at once");
        // Nor once the solution was asked for.
        let mut shown = begun();
        shown.apply(PuzzleEvent::PuzzleSolution {
            puzzle: "kalah-00042".into(),
            solution: ["3", "6", "3", "1"].map(str::to_owned).to_vec(),
            outcome: Some(outcome(false, 1500.0, 1490.0)),
        });
        assert_eq!(next_label(&shown), "puzzle-next");
    }

    #[test]
    fn a_skip_that_costs_goes_on_the_second_press_within_the_window_only() {
        let mut app = begun();
        assert!(
            app.handle(PuzzleAction::NextPuzzle).is_empty(),
            "one press sends nothing"
        );
        assert!(app.puzzles().leave_asked(&Leave::Next));
        assert!(!app.puzzles().asking);
        assert!(
            app.next_change()
                .is_some_and(|t| t <= crate::puzzles::LEAVE_CONFIRM_SECS),
            "the screen is drawn again when the ask lapses"
        );
        app.tick(crate::puzzles::LEAVE_CONFIRM_SECS - 0.5);
        assert_eq!(app.handle(PuzzleAction::NextPuzzle), [next_query()]);
        assert!(app.puzzles().asking);
        // Unconfirmed for the whole window, the ask lapses: the next press asks again.
        let mut app = begun();
        app.handle(PuzzleAction::NextPuzzle);
        app.tick(crate::puzzles::LEAVE_CONFIRM_SECS + 0.1);
        assert!(!app.puzzles().leave_asked(&Leave::Next));
        assert_eq!(next_label(&app), "puzzle-skip");
        assert!(
            app.handle(PuzzleAction::NextPuzzle).is_empty(),
            "asked again"
        );
        app.tick(1.0);
        assert_eq!(app.handle(PuzzleAction::NextPuzzle), [next_query()]);
        // A move played instead of the second press: the next press asks again.
        let mut app = begun();
        app.handle(PuzzleAction::NextPuzzle);
        app.tick(5.0);
        app.handle(PuzzleAction::NextPuzzle);
        assert_eq!(app.handle(GameAction::Cell("s6".into())).len(), 1);
        assert!(app.handle(PuzzleAction::NextPuzzle).is_empty());
    }

    #[test]
    fn the_days_puzzle_in_the_lobby_asks_to_confirm_leaving_a_puzzle_begun() {
        let mut app = begun();
        app.handle(ScreenAction::Back);
        assert_eq!(app.screen(), Screen::Lobby);
        let other = "kalah-00777".to_owned();
        assert!(
            app.handle(PuzzleAction::OpenPuzzle(other.clone()))
                .is_empty()
        );
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("counts as failed"))
        );
        assert!(app.puzzles().leave_asked(&Leave::Open(other.clone())));
        assert!(
            !app.puzzles().leave_asked(&Leave::Next),
            "another way is asked apart"
        );
        assert_eq!(
            app.handle(PuzzleAction::OpenPuzzle(other.clone())),
            [Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(other))]
        );
        // The puzzle begun itself is given again without cost: no ask.
        let mut app = begun();
        app.handle(ScreenAction::Back);
        assert_eq!(
            app.handle(PuzzleAction::OpenPuzzle("kalah-00042".into())),
            [Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(
                "kalah-00042".into()
            ))]
        );
    }

    #[test]
    fn an_attempt_given_again_stays_begun_on_its_connection_only() {
        let mut app = begun();
        // Out of step: given again to the same connection, still begun there.
        app.tick(5.0);
        app.handle(GameAction::Cell("s6".into()));
        app.apply(PuzzleEvent::PuzzleMoved(Box::new(moved(
            Verdict::Right,
            &["99"],
            false,
        ))));
        assert!(app.puzzles().asking);
        app.apply(PuzzleEvent::Puzzle(Box::new(kalah_info())));
        assert!(app.puzzles().leaving_costs(), "still begun");
        // A new connection: the closed one settled nothing, and this one has not begun it.
        app.apply(ConnectionEvent::Lost {
            reason: "Gone.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        app.apply(PuzzleEvent::Puzzle(Box::new(kalah_info())));
        assert!(!app.puzzles().leaving_costs());
        assert_eq!(app.handle(PuzzleAction::NextPuzzle), [next_query()]);
    }

    #[test]
    fn the_next_puzzle_opens_at_the_top_and_the_same_one_given_again_keeps_its_place() {
        let mut app = given();
        app.handle(ScreenAction::ScrollTo(240));
        app.apply(PuzzleEvent::Puzzle(Box::new(kalah_info())));
        assert_eq!(
            app.scroll(),
            240.0,
            "the same puzzle again (a reconnection)"
        );
        let mut next = kalah_info();
        next.id = "kalah-00043".into();
        app.handle(PuzzleAction::NextPuzzle);
        app.apply(PuzzleEvent::Puzzle(Box::new(next)));
        assert_eq!(app.scroll(), 0.0, "another puzzle, from the top");
    }

    #[test]
    fn a_reconnection_gives_the_puzzle_in_play_again() {
        let mut app = given();
        app.apply(ConnectionEvent::Lost {
            reason: "Gone.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        let out = app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert!(out.contains(&Outgoing::Puzzle(PuzzleRequest::OpenPuzzle(
            "kalah-00042".into()
        ))));
        assert!(out.contains(&Outgoing::Puzzle(PuzzleRequest::PuzzleThemes)));
    }
}
