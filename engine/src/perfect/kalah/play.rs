//! The top AI level's Kalah player: the perfect move within part of the move's time, or
//! nothing, and then the ordinary search plays with the time left.
//!
//! Level 8 of Kalah first looks in the opening book ([`super::book`]), then asks the solver
//! (when the request has a time limit and no depth limit). The solver gets
//! [`SOLVER_TIME_SHARE`] of the move's time, a table of [`AI_TABLE_MB`] kept between moves of
//! the same board size, and the endgame database the engine holds (built on first use at
//! [`AI_DB_BYTES`] when there is none, a fraction of a second, and a larger one built in the
//! background when the engine was asked for one, [`KalahPlayer::new`]). When it proves the
//! value in time, the move it plays keeps the exact final margin, and the score is `margin N`.
//! Otherwise the ordinary search plays.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chaupal_rules::Game;
use chaupal_rules::kalah::Kalah;

use super::book::{self, Book};
use super::db::MAX_DB_SEEDS;
use super::search::Limits;
use super::{Databases, EndgameDb, Geometry, Solver, board_of, geometry, store_margin};
use crate::perfect::probe::{PerfectPlay, Probe, SearchLayer};
use crate::request::{AiError, EngineSpec, SearchInfo, SearchRequest, SearchResult, SearchStats};
use chaupal_rules::score::Score;

/// The level that plays perfectly where it can.
pub(crate) const PERFECT_LEVEL: u8 = 8;
/// Share of the move's time the solver may use before the ordinary search takes over: a
/// third of level 8's ceiling of 4.5 s, so that the search still has its three seconds.
pub(crate) const SOLVER_TIME_SHARE: f64 = 1.0 / 3.0;
/// Table size of each solver kept between moves.
const AI_TABLE_MB: usize = 64;
/// Positions of the endgame database built on first use when the engine holds none: small, so
/// that the first move stays within its time even in a debug build (7 seeds on six houses a
/// side; the whole game on the smallest boards). A larger database built or loaded earlier
/// (`--tablebase`, or the background build) is used instead when there is one.
pub(crate) const AI_DB_BYTES: u64 = 1 << 17;

/// Level 8's Kalah player: the opening book, then the exact solver.
pub(crate) struct KalahPlayer {
    /// The endgame databases of the engine (shared with the background builds).
    dbs: Arc<Databases>,
    /// Seeds in play covered by the database built in the background (0: none).
    background_seeds: u32,
    /// The geometries whose background build has started.
    started: Mutex<Vec<Geometry>>,
    /// The opening book.
    book: Book,
    /// Solvers with their tables, kept between moves: a search takes one of its board size
    /// (or makes one) and gives it back.
    solvers: Mutex<Vec<Solver>>,
}

impl KalahPlayer {
    /// A player with the shipped opening book, reading `dbs`; `background_seeds` (0: none,
    /// at most [`MAX_DB_SEEDS`]) is the size of the database built in the background at the
    /// first move on a board whose database is smaller (for six houses a side and 16 seeds:
    /// 30 million positions, 30 MB, about 20 s on one core); moves meanwhile use the database
    /// at hand.
    pub fn new(dbs: Arc<Databases>, background_seeds: u32) -> KalahPlayer {
        let book = book::shipped().unwrap_or_else(|e| {
            tracing::error!("the shipped Kalah book is damaged ({e}); playing without it");
            Book::default()
        });
        KalahPlayer {
            dbs,
            background_seeds: background_seeds.min(MAX_DB_SEEDS),
            started: Mutex::new(Vec::new()),
            book,
            solvers: Mutex::new(Vec::new()),
        }
    }

    #[cfg(test)]
    /// Adds entries to the book this player plays from.
    pub(crate) fn add_to_book(&mut self, entries: &Book) {
        self.book.extend(entries);
    }

    #[cfg(test)]
    /// The endgame databases this player reads.
    pub fn databases(&self) -> &Arc<Databases> {
        &self.dbs
    }

    /// Starts the background build for `geo` when it is wanted and not started before.
    fn build_in_background(&self, geo: Geometry, total_seeds: u32, have: u32) {
        let want = self.background_seeds.min(total_seeds);
        if want <= have {
            return;
        }
        {
            let mut started = self.started.lock().unwrap_or_else(|e| e.into_inner());
            if started.contains(&geo) {
                return;
            }
            started.push(geo);
        }
        let dbs = self.dbs.clone();
        let spawned = std::thread::Builder::new()
            .name("kalah-db".to_owned())
            .spawn(move || {
                let start = Instant::now();
                let db = dbs.with_seeds(geo, want, &mut |_, _| {});
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

    /// The opening book's move for `game`, when the book has its position: the house number,
    /// the final margin it keeps, and no nodes searched.
    pub(crate) fn book_move(&self, game: &Kalah) -> Option<(u8, i32, u64)> {
        let entry = self.book.get(geometry(game.rules()), board_of(game))?;
        Some((entry.best as u8 + 1, store_margin(game) + entry.value, 0))
    }

    /// Solves `game` (not over) within `budget`: the house number of a move that keeps the
    /// exact final margin, that margin, and the nodes searched.
    pub(crate) fn solve_move(
        &self,
        game: &Kalah,
        budget: Duration,
        cancel: &AtomicBool,
    ) -> Option<(u8, i32, u64)> {
        let geo = geometry(game.rules());
        let db = self.dbs.get(geo).unwrap_or_else(|| {
            let seeds = EndgameDb::seeds_within(geo, AI_DB_BYTES, game.rules().total_seeds());
            self.dbs.with_seeds(geo, seeds, &mut |_, _| {})
        });
        self.build_in_background(geo, game.rules().total_seeds(), db.max_seeds());
        let solver = self.take_solver(geo, &db);
        let limits = Limits {
            deadline: Some(Instant::now() + budget),
            cancel: Some(cancel),
            nodes: None,
        };
        let before = solver.nodes();
        let board = board_of(game);
        let solved = solver.value(board, limits, &mut |_| {}).and_then(|value| {
            let house = solver.best_move(board, value, limits)? as u8 + 1;
            Some((house, store_margin(game) + value, solver.nodes() - before))
        });
        self.solvers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(solver);
        solved
    }

    /// A kept solver of `geo` reading a database at least as large as `db`, or a new one.
    fn take_solver(&self, geo: Geometry, db: &Arc<EndgameDb>) -> Solver {
        let mut solvers = self.solvers.lock().unwrap_or_else(|e| e.into_inner());
        // A new board size, or a larger database kept since (a background build finished).
        solvers.retain(|s| s.geometry() != geo || s.db_seeds() >= db.max_seeds());
        match solvers.iter().position(|s| s.geometry() == geo) {
            Some(i) => solvers.swap_remove(i),
            None => {
                drop(solvers);
                Solver::new(geo, AI_TABLE_MB, Some(db.clone()))
            }
        }
    }
}

impl PerfectPlay<Kalah> for KalahPlayer {
    /// Plays the perfect move of `game` when the request is level 8 with a time limit and no
    /// depth limit, and the book has the position or the solver proves its value in its share
    /// of that time.
    fn play(
        &self,
        game: &Kalah,
        request: &SearchRequest,
        search: &mut dyn SearchLayer<Kalah>,
        cancel: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<Probe, AiError> {
        let limits = match search.limits(request) {
            Ok(limits) => limits,
            Err(_) => return Ok(Probe::Search(request.clone())),
        };
        let (EngineSpec::Level(PERFECT_LEVEL), None, Some(time)) =
            (&request.engine, limits.depth, limits.time)
        else {
            return Ok(Probe::Search(request.clone()));
        };
        let start = Instant::now();
        let budget = time.mul_f64(SOLVER_TIME_SHARE);
        let solved = self
            .book_move(game)
            .or_else(|| self.solve_move(game, budget, cancel));
        let Some((house, margin, nodes)) = solved else {
            let mut rest = request.clone();
            let left = time
                .saturating_sub(start.elapsed())
                .max(Duration::from_millis(1));
            rest.limits.time = Some(rest.limits.time.map_or(left, |t| t.min(left)));
            return Ok(Probe::Search(rest));
        };
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
        Ok(Probe::Played(SearchResult {
            best_move: Some(house.to_string()),
            info: Some(info),
            stats: SearchStats {
                nodes,
                time_ms,
                nps,
                ..SearchStats::default()
            },
            trap_set: false,
        }))
    }
}
