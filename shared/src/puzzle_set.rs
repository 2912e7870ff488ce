//! The shipped puzzle set's format: one puzzle a line of JSON (`puzzles/*.jsonl`), as the
//! lab's `chaupal puzzles` writes it and the server reads it. docs/PUZZLES.md describes it.
//!
//! ```json
//! {"id":"kalah-00042","game":"kalah","rules":{"pits":"6","seeds":"4"},
//!  "position":"0,0,3,1,0,2:20/1,0,0,0,4,1:16 s","goal":"win","solution":["3","5","4"],
//!  "themes":["capture"],"proof":"exact","rating":1640}
//! ```
//!
//! - `position` is the game's position notation (rules included); `solution` lists the moves
//!   played from it, both sides', the solver's first. In Kalah a side may move twice running,
//!   so whose move each is follows from the position, not from the index.
//! - `proof`: `exact` when a solved database or the Kalah solver proved that each of the
//!   solver's moves is the only one keeping the goal; `checked` when two engine settings found
//!   every other move far worse.
//! - [`PuzzleEntry::replay`] checks that the line is legal and says who solves it; nothing
//!   here proves the values (the lab's `puzzles verify` does).

use std::collections::BTreeMap;

use chaupal_rules::{AnyGame, GameKind, Side};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest puzzle id, in bytes.
pub const MAX_ID_LEN: usize = 32;
/// The longest line a puzzle may have (both sides' moves).
pub const MAX_SOLUTION: usize = 12;

/// What the solver must achieve: the rules' type, which the engine's puzzles use too.
pub use chaupal_rules::puzzle::Goal;

/// How a puzzle's uniqueness is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Proof {
    /// Proven by a solved database or an exact solver.
    Exact,
    /// Checked by two engine settings: every other move is far worse at a deep budget.
    Checked,
}

/// One puzzle of the set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleEntry {
    pub id: String,
    pub game: GameKind,
    /// The rule options of the position (every key, as the position notation has them).
    pub rules: BTreeMap<String, String>,
    pub position: String,
    pub goal: Goal,
    pub solution: Vec<String>,
    pub themes: Vec<String>,
    pub proof: Proof,
    /// The puzzle's starting rating (the server's Glicko-2 rating moves from here).
    pub rating: f64,
}

/// Why a puzzle line was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum EntryError {
    #[error("not a puzzle line: {0}")]
    Json(String),
    #[error("bad id {0:?}: 1 to 32 letters, digits and dashes")]
    Id(String),
    #[error("the position does not read: {0}")]
    Position(String),
    #[error("the position is of {found}, the line says {said}")]
    WrongGame { found: GameKind, said: GameKind },
    #[error("the rules {0:?} do not match the position's")]
    Rules(BTreeMap<String, String>),
    #[error("the solution has {0} moves: 1 to 12")]
    Length(usize),
    #[error("move {index} ({text}) is not legal: {detail}")]
    Illegal {
        index: usize,
        text: String,
        detail: String,
    },
    #[error("the solution ends with the opponent's move")]
    EndsWithDefence,
    #[error("the rating {0} is not between 100 and 4000")]
    Rating(String),
}

impl PuzzleEntry {
    /// Reads one line.
    pub fn parse(line: &str) -> Result<PuzzleEntry, EntryError> {
        let entry: PuzzleEntry =
            serde_json::from_str(line).map_err(|e| EntryError::Json(e.to_string()))?;
        entry.replay()?;
        Ok(entry)
    }

    /// The line as written in the set (one line of JSON, no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The starting position.
    pub fn start(&self) -> Result<AnyGame, EntryError> {
        let game = AnyGame::from_position_text(
            self.game,
            &self.position,
            std::iter::empty::<(&str, &str)>(),
        )
        .map_err(|e| EntryError::Position(e.to_string()))?;
        Ok(game)
    }

    /// Checks the entry (its id, rules, rating, and that every move of the solution is legal
    /// in turn) and returns the solver's side and the position after each move.
    pub fn replay(&self) -> Result<Replayed, EntryError> {
        let id_ok = !self.id.is_empty()
            && self.id.len() <= MAX_ID_LEN
            && self
                .id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !id_ok {
            return Err(EntryError::Id(self.id.clone()));
        }
        if !(100.0..=4000.0).contains(&self.rating) {
            return Err(EntryError::Rating(self.rating.to_string()));
        }
        let start = self.start()?;
        if start.kind() != self.game {
            return Err(EntryError::WrongGame {
                found: start.kind(),
                said: self.game,
            });
        }
        // The rules said and the position's, each read as a whole rule set: an option left at
        // its default may be written or not.
        let said = AnyGame::start(self.game, &self.rules)
            .map_err(|_| EntryError::Rules(self.rules.clone()))?;
        if said.rule_pairs() != start.rule_pairs() {
            return Err(EntryError::Rules(self.rules.clone()));
        }
        if self.solution.is_empty() || self.solution.len() > MAX_SOLUTION {
            return Err(EntryError::Length(self.solution.len()));
        }
        replay_line(start, &self.solution)
    }
}

/// Plays `solution` from `start`: who plays each move, and the solver (the side to move at the
/// start), who must play the last.
pub fn replay_line(start: AnyGame, solution: &[String]) -> Result<Replayed, EntryError> {
    let solver = start.side_to_move();
    let mut game = start;
    let mut movers = Vec::with_capacity(solution.len());
    for (index, text) in solution.iter().enumerate() {
        movers.push(game.side_to_move());
        if game.outcome().is_some() {
            return Err(EntryError::Illegal {
                index,
                text: text.clone(),
                detail: "the game is over".into(),
            });
        }
        game.play_text(text).map_err(|e| EntryError::Illegal {
            index,
            text: text.clone(),
            detail: e.to_string(),
        })?;
    }
    if movers.last() != Some(&solver) {
        return Err(EntryError::EndsWithDefence);
    }
    Ok(Replayed { solver, movers })
}

/// What replaying a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Who solves it: the side to move at the start.
    pub solver: Side,
    /// Who plays each move of the solution.
    pub movers: Vec<Side>,
}

impl Replayed {
    /// How many moves of the solution are the solver's.
    pub fn solver_moves(&self) -> usize {
        self.movers.iter().filter(|&&s| s == self.solver).count()
    }
}

/// Reads a whole set (one puzzle a line; blank lines are skipped), naming the first bad line.
pub fn parse_set(text: &str) -> Result<Vec<PuzzleEntry>, (usize, EntryError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| PuzzleEntry::parse(l).map_err(|e| (i + 1, e)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kalah_entry() -> PuzzleEntry {
        let game = AnyGame::start(GameKind::Kalah, [("pits", "4"), ("seeds", "3")]).unwrap();
        PuzzleEntry {
            id: "kalah-1".into(),
            game: GameKind::Kalah,
            rules: game.rule_pairs().into_iter().collect(),
            position: game.position_text(),
            goal: Goal::Win,
            // 2 ends in south's store: south moves again.
            solution: vec!["2".into(), "4".into()],
            themes: vec!["extra-turn".into()],
            proof: Proof::Checked,
            rating: 1500.0,
        }
    }

    #[test]
    fn a_line_round_trips_and_replays_with_the_solver_moving_twice() {
        let entry = kalah_entry();
        let line = entry.to_line();
        assert!(!line.contains('\n'));
        let back = PuzzleEntry::parse(&line).unwrap();
        assert_eq!(back, entry);
        let replayed = back.replay().unwrap();
        assert_eq!(replayed.solver, Side::First);
        assert_eq!(replayed.movers, [Side::First, Side::First]);
        assert_eq!(replayed.solver_moves(), 2);
    }

    #[test]
    fn rules_left_at_their_default_may_be_written_or_not() {
        let full = kalah_entry();
        let defaults = AnyGame::start(GameKind::Kalah, std::iter::empty::<(&str, &str)>())
            .unwrap()
            .rule_pairs();
        let mut short = full.clone();
        for (key, value) in &defaults {
            if short.rules.get(key) == Some(value) {
                short.rules.remove(key);
            }
        }
        assert!(short.rules.len() < full.rules.len());
        assert_eq!(short.replay(), full.replay());
        let mut wrong = full.clone();
        wrong.rules.insert("seeds".into(), "4".into());
        assert!(matches!(wrong.replay(), Err(EntryError::Rules(_))));
        let mut unknown = full;
        unknown.rules.insert("colour".into(), "red".into());
        assert!(matches!(unknown.replay(), Err(EntryError::Rules(_))));
    }

    #[test]
    fn bad_entries_are_refused_with_their_reason() {
        let mut e = kalah_entry();
        e.solution = vec!["2".into(), "2".into()];
        assert!(matches!(
            e.replay(),
            Err(EntryError::Illegal { index: 1, .. })
        ));
        let mut e = kalah_entry();
        e.solution = vec!["1".into()];
        // 1 sows 3 seeds into houses 2-4: north moves next, and the line must end with the
        // solver's move, which it does; a line of one north move after it does not.
        e.solution.push("1".into());
        assert_eq!(e.replay(), Err(EntryError::EndsWithDefence));
        let mut e = kalah_entry();
        e.id = "no spaces".into();
        assert!(matches!(e.replay(), Err(EntryError::Id(_))));
        let mut e = kalah_entry();
        e.rules.insert("seeds".into(), "4".into());
        assert!(matches!(e.replay(), Err(EntryError::Rules(_))));
        let mut e = kalah_entry();
        e.game = GameKind::Jungle;
        assert!(matches!(e.replay(), Err(EntryError::Position(_))));
        let mut e = kalah_entry();
        e.solution = vec!["2".into(); 13];
        assert_eq!(e.replay(), Err(EntryError::Length(13)));
        let mut e = kalah_entry();
        e.rating = f64::NAN;
        assert!(matches!(e.replay(), Err(EntryError::Rating(_))));
        assert!(matches!(
            PuzzleEntry::parse("{\"id\":1}"),
            Err(EntryError::Json(_))
        ));
    }

    #[test]
    fn a_set_names_its_first_bad_line() {
        let good = kalah_entry().to_line();
        let text = format!("{good}\n\n{good}\nnot json\n");
        let err = parse_set(&text).unwrap_err();
        assert_eq!(err.0, 4);
        assert_eq!(parse_set(&format!("{good}\n{good}\n")).unwrap().len(), 2);
    }
}
