//! What the top AI level asks of the solver: the perfect move within part of the move's time,
//! or nothing, and then the ordinary search plays with the time left.
//!
//! Level 8 of Kalah first asks the solver (when the request is timed, not depth- or
//! node-limited). The solver gets [`SOLVER_TIME_SHARE`] of the move's time, a table kept per
//! thread between moves of the same board size, and the endgame database this process holds
//! (built on first use at [`AI_DB_BYTES`] when there is none, a fraction of a second). When it
//! proves the value in time, the move it plays keeps the exact final margin, and the score is
//! `margin N`. Otherwise the ordinary search plays.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chaupal_shared::kalah::Kalah;
use chaupal_shared::{Game, GameKind};

use super::search::Limits;
use super::{Solver, board_of, db_with, geometry, store_margin};
use crate::ai::{EngineSpec, Score, SearchInfo, SearchRequest, SearchResult, SearchStats};

/// The level that plays perfectly where it can.
pub const PERFECT_LEVEL: u8 = 8;
/// Share of the move's time the solver may use before the ordinary search takes over.
pub const SOLVER_TIME_SHARE: f64 = 0.5;
/// Table size of the solver kept per thread.
const AI_TABLE_MB: usize = 64;
/// Positions of the endgame database built on first use for the AI when the process holds none:
/// small, so that the first move stays within its time even in a debug build (7 seeds on six
/// houses a side; the whole game on the smallest boards). A larger database built or loaded
/// earlier in the process (`solve`, `tablebase`) is used instead when there is one.
pub const AI_DB_BYTES: u64 = 1 << 17;

thread_local! {
    /// The solver of the last board size this thread played, with its table.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// What the solver did for one AI move.
pub enum Perfect {
    /// The move that keeps the exact margin.
    Solved(SearchResult),
    /// Not solved in time (or not asked): the request for the ordinary search, with the time
    /// that is left.
    NotSolved(SearchRequest),
}

/// Plays the perfect move of `game` when the request is level 8 with a time budget and the
/// solver proves the value in its share of that time.
pub fn perfect_move(
    game: &Kalah,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Perfect {
    let limits = match crate::ai::resolve(GameKind::Kalah, request) {
        Ok(config) => config.limits,
        Err(_) => return Perfect::NotSolved(request.clone()),
    };
    let timed_only = limits.depth.is_none() && limits.nodes.is_none();
    let (EngineSpec::Level(PERFECT_LEVEL), true, Some(time)) =
        (&request.engine, timed_only, limits.time)
    else {
        return Perfect::NotSolved(request.clone());
    };
    let start = Instant::now();
    let budget = time.mul_f64(SOLVER_TIME_SHARE);
    match solve_move(game, budget, cancel) {
        Some((house, margin, nodes)) => {
            let elapsed = start.elapsed();
            let time_ms = elapsed.as_millis() as u64;
            let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
            let info = SearchInfo {
                depth: 0,
                score: Score::Margin(margin),
                nodes,
                nps,
                time_ms,
                pv: vec![house.to_string()],
            };
            on_info(&info);
            Perfect::Solved(SearchResult {
                best_move: Some(house.to_string()),
                info: Some(info),
                stats: SearchStats {
                    nodes,
                    time_ms,
                    nps,
                    ..SearchStats::default()
                },
            })
        }
        None => {
            let mut rest = request.clone();
            let left = time
                .saturating_sub(start.elapsed())
                .max(Duration::from_millis(1));
            rest.limits.time = Some(rest.limits.time.map_or(left, |t| t.min(left)));
            Perfect::NotSolved(rest)
        }
    }
}

/// Solves `game` (not over) within `budget`: the house number of a move that keeps the exact
/// final margin, that margin, and the nodes searched.
pub fn solve_move(game: &Kalah, budget: Duration, cancel: &AtomicBool) -> Option<(u8, i32, u64)> {
    let geo = geometry(game.rules());
    let db = super::cached_db(geo).unwrap_or_else(|| {
        let seeds = super::EndgameDb::seeds_within(geo, AI_DB_BYTES, game.rules().total_seeds());
        db_with(geo, seeds, &mut |_, _| {})
    });
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|s| s.geometry() != geo) {
            *slot = Some(Solver::new(geo, AI_TABLE_MB, Some(db)));
        }
        let solver = slot.as_ref()?;
        let limits = Limits {
            deadline: Some(Instant::now() + budget),
            cancel: Some(cancel),
        };
        let before = solver.nodes();
        let board = board_of(game);
        let value = solver.value(board, limits, &mut |_| {})?;
        let best = solver.best_moves(board, value, limits)?;
        let house = *best.first()? as u8 + 1;
        Some((house, store_margin(game) + value, solver.nodes() - before))
    })
}
