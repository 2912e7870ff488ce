//! A new puzzle's starting rating: the calibrated rating of the weakest AI level that finds its
//! first move (`chaupal_shared::levels`), plus a step for each further move of the solver's to
//! find. The server's Glicko-2 ratings move on from there with every first attempt.
//!
//! Levels 1 to 5 are asked (their searches stop at a depth, so this is quick and repeatable),
//! except a level that moves at random (Bagh Chal's level 1), whose right move would be luck;
//! a puzzle none of them solves starts above level 6.

use std::sync::atomic::AtomicBool;

use chaupal_engine::{Engine, EngineSpec, Memory, SearchLimits, SearchRequest};
use chaupal_rules::AnyGame;
use chaupal_shared::levels::level_rating;

/// The weakest level tried, and the strongest.
const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;
/// What each move of the solver's after the first adds.
const PER_MOVE: f64 = 60.0;
/// Above level 6, for a puzzle no level tried finds.
const BEYOND: f64 = 150.0;

/// The starting rating of a puzzle at `start` whose solution is `line` (both sides' moves) and
/// has `solver_moves` moves of the solver.
pub fn starting_rating(
    engine: &Engine,
    start: &AnyGame,
    line: &[String],
    solver_moves: usize,
) -> f64 {
    let kind = start.kind();
    let cancel = AtomicBool::new(false);
    let searches =
        |level: u8| chaupal_engine::levels::table(kind)[usize::from(level) - 1].engine != "random";
    let found_by = LEVELS.clone().filter(|&l| searches(l)).find(|&level| {
        let request = SearchRequest::new(EngineSpec::Level(level), SearchLimits::default(), 7);
        let mut memory = Memory::default();
        engine
            .search(start, &request, &mut memory, &cancel, &mut |_| {})
            .ok()
            .and_then(|r| r.best_move)
            .is_some_and(|mv| line.first() == Some(&mv))
    });
    let base = match found_by {
        Some(level) => f64::from(level_rating(kind, level)),
        None => f64::from(level_rating(kind, 6)) + BEYOND,
    };
    let extra = solver_moves.saturating_sub(1) as f64 * PER_MOVE;
    (base + extra).round().clamp(400.0, 3000.0)
}
