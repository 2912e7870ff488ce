//! One puzzle on the board, and the player's attempt at it: the position the server gave, the
//! moves found so far with the opponent's replies, each move's verdict as the server judges it
//! (right: the replies are played; wrong: the position stays, to try again), the attempt's
//! end with the ratings' change, and the solution played out move by move once asked for.
//! Nothing here talks to the server: a move entered is handed back to be sent, and the
//! server's answers are taken in.

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::puzzles::{
    PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome, Verdict,
};

use crate::play::{Match, Seats};

/// Seconds between the moves of a solution played out (after each move has been shown).
pub const SOLUTION_STEP: f32 = 0.9;

/// Where an attempt stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// The solver's move is to be found; `right` when the last move was right (said until the
    /// next one).
    Finding { right: bool },
    /// The move tried (`tried`) was wrong: the position stays, the reason shows, and the
    /// player tries again or asks for the solution.
    Wrong { tried: String },
    /// The whole line was found.
    Solved,
    /// The solution, asked for: its moves played out from the puzzle's position, `shown` of
    /// them so far, the next in `wait` seconds (once the last has been shown).
    Solution {
        line: Vec<String>,
        shown: usize,
        wait: f32,
    },
}

/// What a judgement did, for the sounds and the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The move was right, and the line goes on.
    Right,
    /// The move was right, and the line is complete.
    Solved,
    /// The move was wrong.
    Wrong,
    /// The answer was not for this attempt, or came for no move sent: nothing changed.
    Ignored,
    /// A move of the answer would not play on this board: it is out of step with the server's.
    OutOfStep,
}

/// A puzzle on the board and the attempt at it.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The puzzle as the server gave it.
    pub info: PuzzleInfo,
    /// The position it starts from.
    start: AnyGame,
    /// The board: the solver's seat, its side at the bottom; moves entered on it are sent to
    /// the server, and played once judged right.
    pub board: Match,
    pub stage: Stage,
    /// How the attempt ended, once it did: solved or not, and the ratings' change.
    pub outcome: Option<PuzzleOutcome>,
    /// The solver's moves found so far.
    pub found: u32,
    /// Whether a wrong move was tried (what follows is unrated).
    pub missed: bool,
    /// Whether a right move was made in this attempt, or in the one it was given again for on
    /// the same connection (the server's `begun`): leaving a rated attempt then costs it.
    pub begun: bool,
}

impl Attempt {
    /// The attempt at the puzzle `info`; an error in words (for the player) when its position
    /// cannot be read or has nothing to find.
    pub fn new(info: PuzzleInfo) -> Result<Attempt, String> {
        let start = AnyGame::from_position_text(
            info.game,
            &info.position,
            std::iter::empty::<(&str, &str)>(),
        )
        .map_err(|e| e.to_string())?;
        if start.outcome().is_some() || start.legal_moves_text().is_empty() {
            return Err("the game is over in its position".to_owned());
        }
        let board = Match::new(start.clone(), Seats::One(info.solver), true);
        Ok(Attempt {
            info,
            start,
            board,
            stage: Stage::Finding { right: false },
            outcome: None,
            found: 0,
            missed: false,
            begun: false,
        })
    }

    /// The puzzle's id.
    pub fn id(&self) -> &str {
        &self.info.id
    }

    /// Whether a move may be entered on the board now.
    pub fn can_move(&self) -> bool {
        matches!(self.stage, Stage::Finding { .. }) && self.board.can_enter_move()
    }

    /// Whether the server takes no more moves: the puzzle is solved or its solution shown.
    pub fn over(&self) -> bool {
        matches!(self.stage, Stage::Solved | Stage::Solution { .. })
    }

    /// Whether leaving the puzzle for another now settles the attempt as failed, as the server
    /// does (docs/PUZZLES.md, "Rated attempts"): a rated first attempt, a right move made, and
    /// the attempt not over (no wrong move, not solved, no solution asked for).
    pub fn leaving_costs(&self) -> bool {
        self.info.rated
            && self.info.mode == PuzzleMode::Rated
            && self.begun
            && !self.missed
            && self.outcome.is_none()
            && !self.over()
    }

    /// A click (or tap) on a cell: the move to send when it completes one.
    pub fn click(&mut self, cell: &str) -> Option<String> {
        if !self.can_move() {
            return None;
        }
        let mv = self.board.click(cell)?;
        self.board.pending = Some(mv.clone());
        Some(mv)
    }

    /// Ends a Sholo Guti chain of jumps where it stands: the move to send.
    pub fn stop_chain(&mut self) -> Option<String> {
        if !self.can_move() {
            return None;
        }
        let mv = self.board.stop_chain()?;
        self.board.pending = Some(mv.clone());
        Some(mv)
    }

    /// The server judged the move sent: a right one is played with the opponent's replies
    /// after it; after a wrong one the position stays.
    pub fn judged(&mut self, moved: PuzzleMoved) -> Judged {
        if moved.puzzle != self.info.id {
            return Judged::Ignored;
        }
        let Some(mv) = self.board.pending.take() else {
            return Judged::Ignored;
        };
        if let Some(outcome) = moved.outcome {
            self.outcome = Some(outcome);
        }
        match moved.verdict {
            Verdict::Wrong => {
                self.board.selection.clear();
                self.missed = true;
                self.stage = Stage::Wrong { tried: mv };
                Judged::Wrong
            }
            Verdict::Right => {
                let played = std::iter::once(&mv)
                    .chain(&moved.replies)
                    .try_for_each(|m| self.board.apply(m));
                if played.is_err() {
                    return Judged::OutOfStep;
                }
                self.found += 1;
                self.begun = true;
                if moved.done {
                    self.stage = Stage::Solved;
                    Judged::Solved
                } else {
                    self.stage = Stage::Finding { right: true };
                    Judged::Right
                }
            }
        }
    }

    /// The move sent was refused (not judged): the board takes moves again.
    pub fn refused(&mut self) {
        self.board.pending = None;
        self.board.selection.clear();
    }

    /// After a wrong move: back to finding it, from the same position.
    pub fn try_again(&mut self) {
        if matches!(self.stage, Stage::Wrong { .. }) {
            self.stage = Stage::Finding { right: false };
        }
    }

    /// The solution came (giving up ended the attempt when `outcome` comes with it): it is
    /// played out from the puzzle's position, one move after another.
    pub fn show_solution(&mut self, line: Vec<String>, outcome: Option<PuzzleOutcome>) {
        if outcome.is_some() {
            self.outcome = outcome;
        }
        let flipped = self.board.flipped;
        self.board = Match::new(self.start.clone(), Seats::One(self.info.solver), true);
        self.board.flipped = flipped;
        self.stage = Stage::Solution {
            line,
            shown: 0,
            wait: SOLUTION_STEP / 2.0,
        };
    }

    /// Moves time on: the moves being shown by `shown` seconds, the solution's next move after
    /// `dt`.
    pub fn tick(&mut self, dt: f32, shown: f32) {
        self.board.tick_by(dt, shown);
        if self.board.animating() {
            return;
        }
        if let Stage::Solution { line, shown, wait } = &mut self.stage
            && *shown < line.len()
        {
            *wait -= dt.max(0.0);
            if *wait <= 0.0 {
                // A line that does not play here stops where it stands.
                let next = line.get(*shown).cloned().unwrap_or_default();
                *shown = if self.board.apply(&next).is_ok() {
                    *shown + 1
                } else {
                    line.len()
                };
                *wait = SOLUTION_STEP;
            }
        }
    }

    /// Seconds until the board changes by itself: at once while a move is shown, the
    /// solution's next move; none when nothing moves.
    pub fn next_change(&self) -> Option<f32> {
        if self.board.animating() {
            return Some(0.0);
        }
        match &self.stage {
            Stage::Solution { line, shown, wait } if *shown < line.len() => Some(wait.max(0.0)),
            _ => None,
        }
    }

    /// The solver's moves still to find.
    pub fn left_to_find(&self) -> u32 {
        self.info.moves_to_find.saturating_sub(self.found)
    }

    /// The solution's moves played out so far, and all of them, while it is shown.
    pub fn solution_shown(&self) -> Option<(usize, &[String])> {
        match &self.stage {
            Stage::Solution { line, shown, .. } => Some((*shown, line)),
            _ => None,
        }
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::puzzles::testing::{bagh_chal_info, kalah_info, outcome};
    use chaupal_rules::Side;

    fn moved(id: &str, verdict: Verdict, replies: &[&str], done: bool) -> PuzzleMoved {
        PuzzleMoved {
            puzzle: id.to_owned(),
            verdict,
            replies: replies.iter().map(|r| (*r).to_owned()).collect(),
            done,
            outcome: None,
        }
    }

    #[test]
    fn the_solvers_side_is_at_the_bottom_and_only_its_moves_are_entered() {
        let a = Attempt::new(kalah_info()).expect("a puzzle");
        assert_eq!(a.board.seats, Seats::One(Side::First));
        assert!(!a.board.flipped, "south at the bottom");
        let tigers = Attempt::new(bagh_chal_info()).expect("a puzzle");
        assert!(tigers.board.flipped, "the tigers at the bottom");
        assert!(tigers.can_move());
    }

    #[test]
    fn a_right_move_plays_the_replies_then_the_last_one_solves_it() {
        let mut a = Attempt::new(kalah_info()).expect("a puzzle");
        let id = a.id().to_owned();
        // Kalah's house 3 is cell s3 for south; its last seed lands in the store: no reply,
        // south moves again.
        assert_eq!(a.click("s3").as_deref(), Some("3"));
        assert!(!a.can_move(), "one move at a time");
        assert_eq!(a.click("s4"), None);
        assert_eq!(
            a.judged(moved(&id, Verdict::Right, &[], false)),
            Judged::Right
        );
        assert_eq!(a.stage, Stage::Finding { right: true });
        a.tick(10.0, 10.0);
        assert_eq!(a.click("s6").as_deref(), Some("6"));
        assert_eq!(
            a.judged(moved(&id, Verdict::Right, &["3"], false)),
            Judged::Right
        );
        assert_eq!(a.found, 2);
        let played: Vec<&str> = a.board.moves.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(
            played,
            ["3", "6", "3"],
            "the reply is played after the move"
        );
        assert!(a.board.animating(), "and shown");
        assert!(!a.can_move(), "not while the seeds fly");
        for _ in 0..3 {
            a.tick(10.0, 10.0);
        }
        assert!(a.can_move());
        let mv = a.click("s1").expect("a move");
        let mut last = moved(&id, Verdict::Right, &[], true);
        last.outcome = Some(outcome(true, 1500.0, 1512.0));
        assert_eq!(a.judged(last), Judged::Solved);
        assert_eq!(a.stage, Stage::Solved);
        assert!(a.over());
        assert_eq!(a.board.moves.last().map(|p| p.text.clone()), Some(mv));
        assert_eq!(a.outcome.as_ref().map(|o| o.after.rating), Some(1512.0));
        assert_eq!(a.left_to_find(), 0);
        assert!(!a.can_move(), "nothing more to find");
    }

    #[test]
    fn a_wrong_move_leaves_the_position_and_try_again_takes_moves_again() {
        let mut a = Attempt::new(kalah_info()).expect("a puzzle");
        let before = a.board.game.position_text();
        a.click("s5").expect("a move");
        let id = a.id().to_owned();
        let mut wrong = moved(&id, Verdict::Wrong, &[], false);
        wrong.outcome = Some(outcome(false, 1500.0, 1488.0));
        assert_eq!(a.judged(wrong), Judged::Wrong);
        assert_eq!(a.stage, Stage::Wrong { tried: "5".into() });
        assert_eq!(a.board.game.position_text(), before, "the position stays");
        assert!(a.board.moves.is_empty());
        assert!(a.missed);
        assert!(!a.can_move(), "until Try again");
        a.try_again();
        assert_eq!(a.stage, Stage::Finding { right: false });
        assert!(a.can_move());
        // The retry's answer has no outcome: the first one's stays.
        a.click("s3").expect("a move");
        assert_eq!(
            a.judged(moved(&id, Verdict::Right, &[], false)),
            Judged::Right
        );
        assert_eq!(a.outcome.as_ref().map(|o| o.after.rating), Some(1488.0));
    }

    #[test]
    fn answers_for_another_puzzle_or_no_move_change_nothing() {
        let mut a = Attempt::new(kalah_info()).expect("a puzzle");
        assert_eq!(
            a.judged(moved("other-1", Verdict::Right, &[], true)),
            Judged::Ignored
        );
        let id = a.id().to_owned();
        assert_eq!(
            a.judged(moved(&id, Verdict::Right, &[], true)),
            Judged::Ignored,
            "no move was sent"
        );
        a.click("s3").expect("a move");
        a.refused();
        assert!(a.can_move(), "a refused move unlocks the board");
        a.click("s3").expect("a move");
        assert_eq!(
            a.judged(moved(&id, Verdict::Right, &["9"], false)),
            Judged::OutOfStep
        );
    }

    #[test]
    fn the_solution_plays_out_from_the_start_move_by_move() {
        let mut a = Attempt::new(kalah_info()).expect("a puzzle");
        a.click("s3").expect("a move");
        let id = a.id().to_owned();
        a.judged(moved(&id, Verdict::Right, &[], false));
        let line: Vec<String> = ["3", "6", "3", "1"].map(str::to_owned).to_vec();
        a.show_solution(line.clone(), Some(outcome(false, 1500.0, 1490.0)));
        assert!(a.over());
        assert!(a.board.moves.is_empty(), "from the puzzle's position");
        assert_eq!(a.solution_shown(), Some((0, line.as_slice())));
        assert!(a.next_change().is_some());
        let mut seen = Vec::new();
        for _ in 0..400 {
            a.tick(0.05, 0.05);
            let now = a.solution_shown().map_or(0, |(n, _)| n);
            if seen.last() != Some(&now) {
                seen.push(now);
            }
        }
        assert_eq!(seen, [0, 1, 2, 3, 4], "one move after another");
        assert_eq!(a.next_change(), None, "all shown: nothing moves");
        let played: Vec<&str> = a.board.moves.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(played, ["3", "6", "3", "1"]);
        assert!(!a.can_move());
        assert_eq!(a.outcome.as_ref().map(|o| o.solved), Some(false));
    }

    #[test]
    fn a_position_that_does_not_read_is_said_in_words() {
        let mut info = kalah_info();
        info.position = "nonsense".into();
        assert!(Attempt::new(info).is_err());
    }
}
