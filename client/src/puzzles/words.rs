//! What the Puzzles screen says, as [`Phrase`]s: the task ("Tigers to move: find the only
//! winning move"), why a move was wrong in the game's own terms ("the goats escape"), the
//! themes' names, the ratings with their change, the best streak, a rated puzzle left after a
//! move, the next puzzle's button (a skip that costs the attempt), and what a screen reader
//! hears of an attempt.

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::puzzles::{AbandonedAttempt, PuzzleOutcome, PuzzleRating};
use chaupal_shared::puzzle_set::Goal;

use super::attempt::{Attempt, Stage};
use super::{Leave, Puzzles};
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// What to find, naming the side to move: "Tigers to move: find the only winning move".
pub fn task(kind: GameKind, solver: Side, goal: Goal) -> Phrase {
    let side = terms::side_name(kind, solver);
    match goal {
        Goal::Win => say!("puzzle-task-win", side = side),
        Goal::SaveDraw => say!("puzzle-task-draw", side = side),
    }
}

/// Why a move was wrong, in the game's terms: "Not that: the goats escape".
pub fn wrong_reason(kind: GameKind, solver: Side, goal: Goal) -> Phrase {
    match (goal, kind, solver) {
        (Goal::SaveDraw, _, _) => say!("puzzle-wrong-loses"),
        (Goal::Win, GameKind::BaghChal, Side::Second) => say!("puzzle-wrong-goats-escape"),
        (Goal::Win, GameKind::BaghChal, Side::First) => say!("puzzle-wrong-tigers-break-out"),
        (Goal::Win, GameKind::Kalah, _) => say!("puzzle-wrong-lead-slips"),
        (Goal::Win, GameKind::Jungle, _) => say!("puzzle-wrong-win-slips"),
        (Goal::Win, GameKind::SholoGuti, _) => say!("puzzle-wrong-soldiers-hold"),
    }
}

/// The themes the client has words for (the generator's, `engine/src/puzzles/themes.rs`):
/// (the server's name, the message).
pub const THEMES: [(&str, &str); 15] = [
    ("capture", "theme-capture"),
    ("trap", "theme-trap"),
    ("double-threat", "theme-double-threat"),
    ("block", "theme-block"),
    ("extra-turn", "theme-extra-turn"),
    ("extra-turn-chain", "theme-extra-turn-chain"),
    ("sweep", "theme-sweep"),
    ("den", "theme-den"),
    ("chain", "theme-chain"),
    ("finish", "theme-finish"),
    ("save-draw", "theme-save-draw"),
    ("one-move", "theme-one-move"),
    ("long", "theme-long"),
    ("placement", "theme-placement"),
    ("movement", "theme-movement"),
];

/// A theme's name: in words where the client knows it, else the server's name as it is, its
/// dashes spaces and its first letter a capital.
pub fn theme_name(theme: &str) -> Phrase {
    match THEMES.iter().find(|(name, _)| *name == theme) {
        Some((_, id)) => Phrase::new(id),
        None => Phrase::verbatim(crate::words::capitalise(&theme.replace(['-', '_'], " "))),
    }
}

/// A rating as it is shown: a whole number.
pub fn rating_number(rating: f64) -> i64 {
    rating.round() as i64
}

/// A change of rating as it is shown: "+12", "-8", "0".
pub fn signed(change: i64) -> String {
    if change > 0 {
        format!("+{change}")
    } else {
        change.to_string()
    }
}

/// The player's puzzle rating: "Your puzzle rating: 1500".
pub fn player_rating(rating: &PuzzleRating) -> Phrase {
    say!("puzzle-your-rating", rating = rating_number(rating.rating))
}

/// How the attempt's end moved the player's rating: "Your puzzle rating: 1512 (+12)", or that
/// it did not.
pub fn rating_change(outcome: &PuzzleOutcome) -> Phrase {
    if !outcome.rated {
        return say!("puzzle-unrated");
    }
    let after = rating_number(outcome.after.rating);
    let change = after - rating_number(outcome.before.rating);
    say!(
        "puzzle-rating-change",
        rating = after,
        change = signed(change)
    )
}

/// The player's longest streak: "Best streak: 5".
pub fn best_streak(count: u32) -> Phrase {
    say!("puzzle-best-streak", count = count)
}

/// A rated puzzle left after a move, which counts as failed: "The puzzle you left after a move
/// counts as failed. Your puzzle rating: 1431 (-69)"; none when the records did not rate it.
pub fn left_failed(left: &AbandonedAttempt) -> Option<Phrase> {
    left.outcome
        .rated
        .then(|| say!("puzzle-left-failed", change = rating_change(&left.outcome)))
}

/// The label (a message id) of the button that gives the next puzzle: "New streak" after a
/// streak's end; "Skip (counts as failed)" while leaving the puzzle would cost its rated
/// attempt, "Skip: press again to confirm" once pressed, waiting for the second press; else
/// "Next puzzle".
pub fn next_button(p: &Puzzles) -> &'static str {
    let attempt = p.attempt.as_ref().filter(|_| !p.asking);
    if attempt
        .and_then(|a| a.outcome.as_ref())
        .is_some_and(|o| o.streak_over)
    {
        "puzzle-new-streak"
    } else if attempt.is_none() || !p.leaving_costs() {
        "puzzle-next"
    } else if p.leave_asked(&Leave::Next) {
        "puzzle-skip-confirm"
    } else {
        "puzzle-skip"
    }
}

/// Where the attempt stands, said as the screen shows it: what to find, right, why wrong,
/// solved, the solution; with the rating's change once the attempt has ended.
pub fn said(a: &Attempt) -> Vec<Phrase> {
    let info = &a.info;
    let mut out = vec![match &a.stage {
        Stage::Finding { right: false } if !a.missed => task(info.game, info.solver, info.goal),
        Stage::Finding { right: false } => say!("puzzle-find-again"),
        Stage::Finding { right: true } => say!("puzzle-right"),
        Stage::Wrong { .. } => wrong_reason(info.game, info.solver, info.goal),
        Stage::Solved => say!("puzzle-solved"),
        Stage::Solution { line, .. } => Phrase::verbatim(line.join(" ")),
    }];
    if let Some(o) = a
        .outcome
        .as_ref()
        .filter(|_| a.stage != Stage::Finding { right: false })
    {
        out.push(rating_change(o));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::outcome;

    #[test]
    fn the_task_names_the_side_and_the_goal() {
        assert_eq!(
            task(GameKind::BaghChal, Side::Second, Goal::Win),
            "Tigers to move: find the only winning move"
        );
        assert_eq!(
            task(GameKind::BaghChal, Side::First, Goal::SaveDraw),
            "Goats to move: find the only move that saves the draw"
        );
        assert_eq!(
            task(GameKind::Kalah, Side::First, Goal::Win),
            "South to move: find the only winning move"
        );
    }

    #[test]
    fn a_wrong_move_is_explained_in_the_games_terms() {
        let said = |kind, side, goal| wrong_reason(kind, side, goal).english();
        assert_eq!(
            said(GameKind::BaghChal, Side::Second, Goal::Win),
            "Not that: the goats escape"
        );
        assert_eq!(
            said(GameKind::BaghChal, Side::First, Goal::Win),
            "Not that: the tigers break out"
        );
        assert_eq!(
            said(GameKind::Kalah, Side::Second, Goal::Win),
            "Not that: the lead slips away"
        );
        assert_eq!(
            said(GameKind::Jungle, Side::First, Goal::Win),
            "Not that: the win slips away"
        );
        for kind in GameKind::ALL {
            assert_eq!(
                said(kind, Side::First, Goal::SaveDraw),
                "Not that: this loses"
            );
        }
    }

    #[test]
    fn themes_known_have_words_and_others_read_plainly() {
        assert_eq!(theme_name("double-threat"), "Double threat");
        assert_eq!(
            theme_name("long-line"),
            "Long line",
            "a theme the client has no words for"
        );
        for (name, _) in THEMES {
            assert!(theme_name(name).id().is_some(), "{name}");
        }
    }

    #[test]
    fn the_ratings_change_is_signed_and_an_unrated_end_says_so() {
        assert_eq!(
            rating_change(&outcome(true, 1500.4, 1512.2)),
            "Your puzzle rating: 1512 (+12)"
        );
        assert_eq!(
            rating_change(&outcome(false, 1500.0, 1491.6)),
            "Your puzzle rating: 1492 (-8)"
        );
        let mut unrated = outcome(true, 1500.0, 1500.0);
        unrated.rated = false;
        assert_eq!(rating_change(&unrated), "Unrated: your puzzle rating stays");
    }

    #[test]
    fn the_best_streak_and_a_puzzle_left_are_said() {
        assert_eq!(best_streak(5), "Best streak: 5");
        let mut left = AbandonedAttempt {
            puzzle: "kalah-00041".to_owned(),
            outcome: outcome(false, 1500.0, 1431.2),
        };
        assert_eq!(
            left_failed(&left).map(|p| p.english()).as_deref(),
            Some(
                "The puzzle you left after a move counts as failed. Your puzzle rating: 1431 (-69)"
            )
        );
        left.outcome.rated = false;
        assert_eq!(left_failed(&left), None);
    }
}
