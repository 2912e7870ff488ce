//! Puzzles from a player's own mistakes ("learn from your mistakes"): from the review of a
//! finished game they played, each position before one of their moves classed a mistake or
//! a blunder becomes a one-move puzzle whose solution is the review's best move.
//!
//! Nothing is stored: such a puzzle's id (`mine-GAME-PLY`) says where it comes from, and it is
//! made again from the game's record and review whenever it is asked for, on any node. Only
//! the player who made the move may open it; it is never rated.
//!
//! Its goal is `win` when the best move's value gives the player at least
//! [`WINNING_CHANCE`] percent (a proven win always does), else `save_draw`. Its themes are
//! `["mistake"]`, its proof `checked` (the review's search found the move).

use chaupal_rules::review::{GameReview, MoveClass, win_chance};
use chaupal_rules::{AnyGame, Side};
use chaupal_shared::protocol::GameId;
use chaupal_shared::puzzle_set::{Goal, Proof, PuzzleEntry};

use super::set::{OWN_PREFIX, Puzzle};

/// The winning chance (percent) from which a mistake puzzle's goal is to win.
pub const WINNING_CHANCE: f64 = 60.0;
/// The one theme of these puzzles.
pub const THEME: &str = "mistake";
/// The rating written in such a puzzle's entry (the entry needs one; it is never shown or
/// rated: the protocol shows 0).
const NOMINAL_RATING: f64 = 1500.0;

/// The id of the puzzle before ply `ply` (from 1) of `game`.
pub fn id_of(game: GameId, ply: u32) -> String {
    format!("{OWN_PREFIX}{}-{ply}", game.0)
}

/// The game and ply an id names, when it is one of these.
pub fn parse_id(id: &str) -> Option<(GameId, u32)> {
    let (game, ply) = id.strip_prefix(OWN_PREFIX)?.split_once('-')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(game) || !all_digits(ply) {
        return None;
    }
    Some((GameId(game.parse().ok()?), ply.parse().ok()?))
}

/// The puzzles of a game's review for a player who played `sides`: (ply, puzzle), in the
/// order of the game. `start` is the game's start, `moves` its moves.
pub fn puzzles(
    start: &AnyGame,
    moves: &[String],
    review: &GameReview,
    sides: &[Side],
) -> Vec<(u32, Puzzle)> {
    let mut out = Vec::new();
    let mut position = start.clone();
    for (i, played) in moves.iter().enumerate() {
        if let Some(ply) = review.plies.get(i)
            && ply.played == *played
            && sides.contains(&ply.side)
            && matches!(ply.class, MoveClass::Mistake | MoveClass::Blunder)
            && let Some(best) = &ply.best
            && best != played
            && let Some(puzzle) = puzzle_at(review, &position, ply.ply, best, ply.before)
        {
            out.push((ply.ply, puzzle));
        }
        if position.play_text(played).is_err() {
            break;
        }
    }
    out
}

/// The puzzle of `ply` in one game, when it is one of the player's.
pub fn puzzle_of(
    start: &AnyGame,
    moves: &[String],
    review: &GameReview,
    sides: &[Side],
    ply: u32,
) -> Option<Puzzle> {
    let upto = usize::try_from(ply).ok()?.checked_sub(1)?;
    let earlier = moves.get(..upto)?;
    // Only the one ply is looked at: the moves before it are replayed, not reviewed.
    let mut position = start.clone();
    for mv in earlier {
        position.play_text(mv).ok()?;
    }
    let mut one = review.clone();
    one.plies = review.plies.get(upto).cloned().into_iter().collect();
    let played = moves.get(upto)?;
    puzzles(&position, std::slice::from_ref(played), &one, sides)
        .into_iter()
        .find(|(p, _)| *p == ply)
        .map(|(_, puzzle)| puzzle)
}

/// The puzzle of the position `before` ply `ply`, solved by `best`.
fn puzzle_at(
    review: &GameReview,
    before: &AnyGame,
    ply: u32,
    best: &str,
    value: chaupal_rules::score::Score,
) -> Option<Puzzle> {
    let goal = if win_chance(review.kind, value) >= WINNING_CHANCE {
        Goal::Win
    } else {
        Goal::SaveDraw
    };
    let entry = PuzzleEntry {
        id: id_of(review.game, ply),
        game: review.kind,
        rules: before.rule_pairs().into_iter().collect(),
        position: before.position_text(),
        goal,
        solution: vec![best.to_owned()],
        themes: vec![THEME.to_owned()],
        proof: Proof::Checked,
        rating: NOMINAL_RATING,
    };
    Puzzle::new(entry).ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;

    #[test]
    fn ids_read_back_and_others_are_not_ids() {
        assert_eq!(id_of(GameId(42), 17), "mine-42-17");
        assert_eq!(parse_id("mine-42-17"), Some((GameId(42), 17)));
        for bad in [
            "mine-42",
            "mine--1",
            "mine-4a-1",
            "kalah-42-17",
            "mine-42-17-1",
            "mine-1-",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
        // Ids stay within the protocol's bound for any game of fewer than 10^16 and a
        // thousand moves.
        let long = id_of(GameId(10_u64.pow(16) - 1), 9_999);
        assert!(
            long.len() <= chaupal_shared::puzzle_set::MAX_ID_LEN,
            "{long}"
        );
    }

    fn reviewed() -> (AnyGame, Vec<String>, GameReview) {
        crate::puzzles::testing::reviewed_kalah(GameId(9))
    }

    #[test]
    fn a_blunder_of_the_players_side_becomes_a_one_move_puzzle_to_win() {
        let (start, moves, review) = reviewed();
        let side = review.plies[2].side;
        let found = puzzles(&start, &moves, &review, &[side]);
        assert_eq!(found.len(), 1);
        let (ply, puzzle) = &found[0];
        assert_eq!(*ply, 3);
        assert_eq!(puzzle.id(), "mine-9-3");
        assert_eq!(puzzle.entry.goal, Goal::Win);
        assert_eq!(puzzle.entry.themes, [THEME]);
        assert_eq!(puzzle.line, [review.plies[2].best.clone().unwrap()]);
        assert_eq!(puzzle.solver, side);
        let mut before = start.clone();
        for m in &moves[..2] {
            before.play_text(m).unwrap();
        }
        assert_eq!(puzzle.entry.position, before.position_text());
        // The same puzzle, made again from its ply alone.
        let again = puzzle_of(&start, &moves, &review, &[side], 3).unwrap();
        assert_eq!(again.entry, puzzle.entry);
        // Not the other side's, and no puzzle at a ply that was not a mistake.
        assert!(puzzles(&start, &moves, &review, &[side.opponent()]).is_empty());
        assert!(puzzle_of(&start, &moves, &review, &[side], 2).is_none());
        assert!(puzzle_of(&start, &moves, &review, &[side], 0).is_none());
        assert!(puzzle_of(&start, &moves, &review, &[side], 99).is_none());
    }
}
