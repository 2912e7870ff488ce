//! What the top AI level asks of the solver: the perfect move within part of the move's time,
//! or nothing, and then the ordinary search plays with the time left.
//!
//! Level 8 of Kalah first looks in the opening book ([`super::book`]), then asks the solver
//! (when the request is timed, not depth- or node-limited). The solver gets
//! [`SOLVER_TIME_SHARE`] of the move's time, a table kept per thread between moves of the same
//! board size, and the endgame database this process holds (built on first use at
//! [`AI_DB_BYTES`] when there is none, a fraction of a second, and a larger one built in the
//! background when the server asks for it, [`set_background_db_seeds`]). When it
//! proves the value in time, the move it plays keeps the exact final margin, and the score is
//! `margin N`. Otherwise the ordinary search plays.

use std::cell::RefCell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

use chaupal_shared::kalah::Kalah;
use chaupal_shared::{Game, GameKind};

use super::db::MAX_DB_SEEDS;
use super::search::Limits;
use super::{Geometry, Solver, board_of, db_with, geometry, store_margin};
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

/// Seeds in play covered by the database built in the background for the top level (0: none,
/// the default; the server sets it from `--kalah-db-seeds`).
static BACKGROUND_DB_SEEDS: AtomicU32 = AtomicU32::new(0);

/// Sets how many seeds in play the database built in the background covers (0: none). At the
/// top level's first move on a board whose database is smaller, one thread builds it (for six
/// houses a side and 16 seeds: 30 million positions, 30 MB, about 20 s on one core) and keeps
/// it; moves meanwhile use the database at hand.
pub fn set_background_db_seeds(seeds: u32) {
    BACKGROUND_DB_SEEDS.store(seeds.min(MAX_DB_SEEDS), Ordering::Relaxed);
}

/// Starts the background build for `geo` when it is wanted and not started before.
fn build_in_background(geo: Geometry, total_seeds: u32, have: u32) {
    static STARTED: Mutex<Vec<Geometry>> = Mutex::new(Vec::new());
    let want = BACKGROUND_DB_SEEDS.load(Ordering::Relaxed).min(total_seeds);
    if want <= have {
        return;
    }
    {
        let mut started = STARTED.lock().unwrap_or_else(|e| e.into_inner());
        if started.contains(&geo) {
            return;
        }
        started.push(geo);
    }
    let spawned = std::thread::Builder::new()
        .name("kalah-db".to_owned())
        .spawn(move || {
            let start = Instant::now();
            let db = db_with(geo, want, &mut |_, _| {});
            tracing::info!(
                "Kalah endgame database for pits={} empty-capture={} built: {} seeds, {} \
                 positions, {} ms",
                geo.pits,
                geo.empty_capture,
                db.max_seeds(),
                db.len(),
                start.elapsed().as_millis()
            );
        });
    if let Err(e) = spawned {
        tracing::warn!("no background Kalah database: {e}");
    }
}

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
    let solved = book_move(game).or_else(|| solve_move(game, budget, cancel));
    match solved {
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
                trap_set: false,
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

/// The opening book's move for `game`, when the book has its position: the house number, the
/// final margin it keeps, and no nodes searched.
pub fn book_move(game: &Kalah) -> Option<(u8, i32, u64)> {
    let entry = super::book::lookup(geometry(game.rules()), board_of(game))?;
    Some((entry.best as u8 + 1, store_margin(game) + entry.value, 0))
}

/// Solves `game` (not over) within `budget`: the house number of a move that keeps the exact
/// final margin, that margin, and the nodes searched.
pub fn solve_move(game: &Kalah, budget: Duration, cancel: &AtomicBool) -> Option<(u8, i32, u64)> {
    let geo = geometry(game.rules());
    let db = super::cached_db(geo).unwrap_or_else(|| {
        let seeds = super::EndgameDb::seeds_within(geo, AI_DB_BYTES, game.rules().total_seeds());
        db_with(geo, seeds, &mut |_, _| {})
    });
    build_in_background(geo, game.rules().total_seeds(), db.max_seeds());
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        // A new board size, or a larger database kept since (a background build finished).
        if slot
            .as_ref()
            .is_none_or(|s| s.geometry() != geo || s.db_seeds() < db.max_seeds())
        {
            *slot = Some(Solver::new(geo, AI_TABLE_MB, Some(db)));
        }
        let solver = slot.as_ref()?;
        let limits = Limits {
            deadline: Some(Instant::now() + budget),
            cancel: Some(cancel),
            nodes: None,
        };
        let before = solver.nodes();
        let board = board_of(game);
        let value = solver.value(board, limits, &mut |_| {})?;
        let house = solver.best_move(board, value, limits)? as u8 + 1;
        Some((house, store_margin(game) + value, solver.nodes() - before))
    })
}
