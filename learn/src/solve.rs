//! The checker: an exhaustive depth-first search over the learner's legal moves, the runner
//! replying, for a line that reaches a stage's goal within its par.

use crate::course::Stage;
use crate::lesson::{Lesson, Step};

/// A line of the learner's moves that reaches the goal of `stage` within par, if there is one.
pub fn solve(stage: &Stage) -> Option<Vec<String>> {
    let lesson = Lesson::new(stage).ok()?;
    let moves = lesson.position().legal_moves_text();
    moves
        .iter()
        .find_map(|m| search(&lesson, m, stage.par, false))
}

/// A line that starts with `first`, reaches the goal within par, and meets every scripted
/// reply legal when its turn comes.
pub fn solve_from(stage: &Stage, first: &str) -> Option<Vec<String>> {
    let lesson = Lesson::new(stage).ok()?;
    search(&lesson, first, stage.par, true)
}

/// Plays `mv` on a copy of `lesson` and searches on, with `left` learner moves allowed.
fn search(lesson: &Lesson, mv: &str, left: u32, on_script: bool) -> Option<Vec<String>> {
    if left == 0 {
        return None;
    }
    let mut next = lesson.clone();
    let step = next.play(mv).ok()?;
    if on_script && next.off_script() > 0 {
        return None;
    }
    match step {
        Step::Done { .. } => Some(vec![mv.to_owned()]),
        Step::Failed(_) => None,
        Step::Going { .. } => {
            let moves = next.position().legal_moves_text();
            moves.iter().find_map(|m| {
                let mut line = search(&next, m, left - 1, on_script)?;
                line.insert(0, mv.to_owned());
                Some(line)
            })
        }
    }
}
