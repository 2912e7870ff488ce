//! Whether a position is a puzzle, and which: exact where a solved database or the Kalah
//! solver knows every move's value ([`chaupal_engine::puzzles::puzzle`]), checked by two engine
//! settings where none does ([`chaupal_engine::puzzles::checked`]).
//!
//! Which positions each game sends where:
//! - Bagh Chal: exact where the movement-phase database knows the moves (the movement phase,
//!   and the last goat's placement, whose every move reaches it); checked in the rest of the
//!   placement phase.
//! - Kalah: exact (the solver, within a node budget; positions with more seeds in play than
//!   `kalah_seeds_max` are not tried).
//! - Sholo Guti: exact within the database's pieces; checked with more pieces.
//! - Jungle: checked.

use std::sync::Arc;

use chaupal_engine::Played;
use chaupal_engine::game_ai::GameAi;
use chaupal_engine::perfect::sholo_guti::SholoGutiTb;
use chaupal_engine::puzzles::kalah::KalahOracle;
use chaupal_engine::puzzles::themes::{Themed, themes};
use chaupal_engine::puzzles::{LineError, Oracle, Puzzle, checked, puzzle};
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::puzzle::Goal;
use chaupal_rules::{AnyGame, Game};
use chaupal_shared::puzzle_set::Proof;

use super::judge::EngineJudge;

/// What the finder knows exactly.
#[derive(Default)]
pub struct Oracles {
    /// Bagh Chal's databases: the movement phase's alone, or with the placement phase's
    /// (every position from the first move).
    pub baghchal: Option<Arc<dyn Oracle<BaghChal> + Send + Sync>>,
    pub sholo_guti: Option<Arc<SholoGutiTb>>,
    pub kalah: Option<KalahOracle>,
    /// Kalah positions with more seeds in play than this are not tried.
    pub kalah_seeds_max: u32,
}

/// The engine settings of checked puzzles: a cheap scout, then two deep judges.
pub struct Checkers<'e> {
    pub scout: EngineJudge<'e>,
    pub first: EngineJudge<'e>,
    pub second: EngineJudge<'e>,
    /// Positions given to the scout, and those it found an only move in.
    pub judged: u64,
    pub scouted: u64,
}

/// A puzzle found: its goal, its line in notation, its themes and how it is known.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub goal: Goal,
    pub line: Vec<String>,
    pub themes: Vec<String>,
    pub proof: Proof,
}

fn found<G: Themed>(game: &G, p: Puzzle<G::Move>, proof: Proof) -> Found {
    let mut line = Vec::with_capacity(p.line.len());
    let mut position = game.clone();
    for &mv in &p.line {
        line.push(position.move_text(mv));
        position.make(mv);
    }
    Found {
        goal: p.goal,
        themes: themes(game, p.goal, &p.line)
            .into_iter()
            .map(str::to_owned)
            .collect(),
        line,
        proof,
    }
}

/// The puzzle of one position of a known game: exact from `exact` when it knows every value
/// needed; else, unless the oracle knows the position (so it is no puzzle), checked when
/// `checkers` are given.
fn find_in<G: Played + GameAi + Themed>(
    game: &G,
    exact: Option<&dyn Oracle<G>>,
    checkers: Option<&mut Checkers<'_>>,
) -> Option<Found> {
    if game.outcome().is_some() {
        return None;
    }
    if let Some(oracle) = exact {
        if let Some(p) = puzzle(game, oracle) {
            return Some(found(game, p, Proof::Exact));
        }
        if oracle.value(game).is_some() {
            return None;
        }
    }
    let c = checkers?;
    c.judged += 1;
    checked::only_move(game, &mut c.scout)?;
    c.scouted += 1;
    let p = checked::puzzle(game, &mut c.first, &mut c.second)?;
    // Checked puzzles are to win only (docs/PUZZLES.md): a draw judged by search alone is too
    // close to call.
    (p.goal == Goal::Win).then(|| found(game, p, Proof::Checked))
}

/// The puzzle of `game`, if it is one; `checkers` none: exact puzzles only (the generator
/// passes them only where [`worth_judging`] finds the position worth judging).
pub fn find(
    game: &AnyGame,
    oracles: &Oracles,
    checkers: Option<&mut Checkers<'_>>,
) -> Option<Found> {
    match game {
        AnyGame::BaghChal(g) => {
            let tb = oracles.baghchal.as_deref().map(|t| t as &dyn Oracle<_>);
            find_in(g, tb, checkers)
        }
        AnyGame::Kalah(g) => {
            let oracle = oracles.kalah.as_ref()?;
            if chaupal_engine::perfect::kalah::board::byte_sum(
                chaupal_engine::perfect::kalah::board_of(g),
            ) > oracles.kalah_seeds_max
            {
                return None;
            }
            find_in(g, Some(oracle as &dyn Oracle<_>), None)
        }
        AnyGame::Jungle(g) => find_in(g, None, checkers),
        AnyGame::SholoGuti(g) => {
            let tb = oracles.sholo_guti.as_deref().map(|t| t as &dyn Oracle<_>);
            find_in(g, tb, checkers)
        }
    }
}

/// Whether a position whose side to move has `chance` by a quick look (`None`: not judged) is
/// worth judging deeply: a winning one (is there one move that keeps the win?). A losing
/// position has no puzzle; a level one rarely has a checked one (every other move would have to
/// lose clearly), and judging them all would cost most of the time, so checked puzzles are to
/// win; saving the draw is left to the exact ones.
pub fn worth_judging(chance: Option<f64>) -> bool {
    chance.is_some_and(|c| c >= checked::WINNING - 0.1)
}

/// Why a puzzle's line was not proven.
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    #[error("'{0}': {1}")]
    Move(String, String),
    #[error(transparent)]
    Line(#[from] LineError),
}

/// Whether `oracles` know the value of `start` (so a puzzle there can be proven or refuted).
pub fn knows(start: &AnyGame, oracles: &Oracles) -> bool {
    match start {
        AnyGame::BaghChal(g) => oracles
            .baghchal
            .as_ref()
            .is_some_and(|o| o.value(g).is_some()),
        AnyGame::Kalah(g) => oracles.kalah.as_ref().is_some_and(|o| o.value(g).is_some()),
        AnyGame::SholoGuti(g) => oracles
            .sholo_guti
            .as_ref()
            .is_some_and(|o| Oracle::value(o.as_ref(), g).is_some()),
        AnyGame::Jungle(_) => false,
    }
}

/// Proves an exact puzzle again with `oracles` ([`chaupal_engine::puzzles::prove`]): `None`
/// when no oracle of its game is held.
pub fn prove(
    start: &AnyGame,
    goal: Goal,
    line: &[String],
    oracles: &Oracles,
) -> Option<Result<(), ProveError>> {
    fn typed<G: Game>(
        g: &G,
        goal: Goal,
        line: &[String],
        oracle: &dyn Oracle<G>,
    ) -> Result<(), ProveError> {
        let mut moves = Vec::with_capacity(line.len());
        let mut position = g.clone();
        for text in line {
            let mv = position
                .parse_move(text)
                .map_err(|e| ProveError::Move(text.clone(), e.to_string()))?;
            moves.push(mv);
            position.make(mv);
        }
        Ok(chaupal_engine::puzzles::prove(g, goal, &moves, oracle)?)
    }
    Some(match start {
        AnyGame::BaghChal(g) => typed(g, goal, line, oracles.baghchal.as_deref()?),
        AnyGame::Kalah(g) => typed(g, goal, line, oracles.kalah.as_ref()?),
        AnyGame::SholoGuti(g) => typed(g, goal, line, oracles.sholo_guti.as_deref()?),
        AnyGame::Jungle(_) => return None,
    })
}
