//! The exact search: MTD(f) over null-window alpha-beta on the value of the rest of the game,
//! with the lock-free [`Table`], endgame database probes and move ordering (the table's move,
//! extra turns from the right, captures, then by seeds banked). No depth limit and no
//! heuristic: every value it returns is proven.
//!
//! With several threads each runs the same MTD(f) loop on the shared table, their move orders
//! shuffled near the root (lazy SMP); the first to finish gives the answer and stops the rest.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::board::{After, Child, Geometry, byte_sum};
use super::db::EndgameDb;
use super::tt::{Bounds, NO_MOVE, Table};

/// One finished MTD(f) pass: the value is known to lie in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    pub lower: i32,
    pub upper: i32,
    /// Nodes searched by all threads so far.
    pub nodes: u64,
}

/// When a call must give up (returning `None`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'c> {
    pub deadline: Option<Instant>,
    pub cancel: Option<&'c AtomicBool>,
    /// Nodes each thread may search in this call (a repeatable budget, unlike a deadline).
    pub nodes: Option<u64>,
}

impl Limits<'_> {
    /// No limits: solve to the end.
    pub const NONE: Limits<'static> = Limits {
        deadline: None,
        cancel: None,
        nodes: None,
    };
}

/// An exact solver for one board size and capture rule; keeps its table between calls.
pub struct Solver {
    geo: Geometry,
    tt: Table,
    db: Option<Arc<EndgameDb>>,
    threads: usize,
    /// Set when one thread finished, to stop the others; cleared at each call.
    done: AtomicBool,
    nodes: AtomicU64,
}

impl Solver {
    /// A solver with a table of about `tt_mb` megabytes and an optional endgame database (of
    /// the same geometry; another one is ignored).
    pub fn new(geo: Geometry, tt_mb: usize, db: Option<Arc<EndgameDb>>) -> Self {
        Solver {
            geo,
            tt: Table::with_megabytes(tt_mb),
            db: db.filter(|d| d.geometry() == geo),
            threads: 1,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    /// The most seeds in play its endgame database covers (0: none).
    pub fn db_seeds(&self) -> u32 {
        self.db.as_ref().map_or(0, |d| d.max_seeds())
    }

    /// Searches with `n` threads (at least one).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// The geometry solved.
    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }

    /// The transposition table (for checkpoints).
    pub(super) fn table(&self) -> &Table {
        &self.tt
    }

    /// Bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// The exact value of `board` for the side to move (the store difference still to come),
    /// or `None` when stopped by the limits. `on_pass` hears of each MTD(f) pass.
    pub fn value(
        &self,
        board: u128,
        limits: Limits<'_>,
        on_pass: &mut dyn FnMut(Pass),
    ) -> Option<i32> {
        if self.geo.is_over(board) {
            return Some(sweep_value(&self.geo, board));
        }
        // What the table already proved of the board (an earlier call, or a loaded
        // checkpoint) bounds the search from the start.
        let seeds = byte_sum(board) as i32;
        let (known_lower, known_upper) = self.tt.probe(board).map_or((-seeds, seeds), |b| {
            (b.lower.max(-seeds), b.upper.min(seeds))
        });
        // The first test: next to the one bound known (climbing on from a proven lower bound,
        // down from an upper one), else half way.
        let guess = match (known_lower > -seeds, known_upper < seeds) {
            (true, false) => known_lower,
            (false, true) => known_upper,
            _ => (known_lower + known_upper) / 2,
        };
        self.run(
            limits,
            |w, report| {
                let (mut lower, mut upper) = (known_lower, known_upper);
                // Each pass tests one bound (value >= beta); after passes that moved the same
                // bound, the next test jumps twice as far (never past the other bound).
                let g = guess.clamp(lower, upper);
                let mut beta = if g == lower { g + 1 } else { g };
                let mut step = 1;
                let mut last_high = None;
                while lower < upper {
                    let r = w.ab(board, beta - 1, beta, 0);
                    if w.aborted {
                        return None;
                    }
                    let high = r >= beta;
                    if high {
                        lower = r;
                    } else {
                        upper = r;
                    }
                    step = if last_high == Some(high) { step * 2 } else { 1 };
                    last_high = Some(high);
                    beta = if high { lower + step } else { upper - step + 1 };
                    beta = beta.clamp(lower + 1, upper.max(lower + 1));
                    if let Some(r) = report.as_mut() {
                        r(Pass {
                            lower,
                            upper,
                            nodes: w.solver.nodes() + w.nodes,
                        });
                    }
                }
                Some(lower)
            },
            on_pass,
        )
    }

    /// Whether the value of `board` is at least `v` (one null-window search), or `None` when
    /// stopped.
    pub(crate) fn at_least(&self, board: u128, v: i32, limits: Limits<'_>) -> Option<bool> {
        if self.geo.is_over(board) {
            return Some(sweep_value(&self.geo, board) >= v);
        }
        self.run(
            limits,
            |w, _| {
                let g = w.ab(board, v - 1, v, 0);
                (!w.aborted).then_some(g >= v)
            },
            &mut |_| {},
        )
    }

    /// The moves (house bytes) that keep the value `value` of `board`, in house order, or
    /// `None` when stopped.
    pub fn best_moves(&self, board: u128, value: i32, limits: Limits<'_>) -> Option<Vec<usize>> {
        let mut best = Vec::new();
        for i in 0..self.geo.pits {
            if Geometry::get(board, i) == 0 {
                continue;
            }
            if self.keeps(board, i, value, limits)? {
                best.push(i);
            }
        }
        Some(best)
    }

    /// One move (house byte) that keeps the value `value` of `board`, or `None` when stopped:
    /// the table's best move first (after [`Solver::value`] it usually keeps the value and is
    /// proven from the table), then the others in house order. Cheaper than
    /// [`Solver::best_moves`], which must also refute every move that loses value.
    pub fn best_move(&self, board: u128, value: i32, limits: Limits<'_>) -> Option<usize> {
        let table_move = self
            .tt
            .probe(board)
            .map(|b| usize::from(b.best))
            .filter(|&i| i < self.geo.pits);
        let others = (0..self.geo.pits).filter(|&i| Some(i) != table_move);
        for i in table_move.into_iter().chain(others) {
            if Geometry::get(board, i) > 0 && self.keeps(board, i, value, limits)? {
                return Some(i);
            }
        }
        None
    }

    /// Whether playing house byte `i` of `board` keeps its value `value`.
    pub fn keeps(&self, board: u128, i: usize, value: i32, limits: Limits<'_>) -> Option<bool> {
        let c = self.geo.play(board, i);
        let need = value - c.gain;
        match c.after {
            After::Over => Some(c.gain >= value),
            // value(child) >= need
            After::Again => self.at_least(c.board, need, limits),
            // -value(child) >= need, that is, not value(child) >= 1 - need
            After::Pass => self.at_least(c.board, 1 - need, limits).map(|b| !b),
        }
    }

    /// Runs `job` on every thread; the first to finish gives the answer.
    fn run<T: Send>(
        &self,
        limits: Limits<'_>,
        job: impl Fn(&mut Worker<'_>, &mut Option<&mut dyn FnMut(Pass)>) -> Option<T> + Sync,
        on_pass: &mut dyn FnMut(Pass),
    ) -> Option<T> {
        self.done.store(false, Relaxed);
        let answer: Mutex<Option<T>> = Mutex::new(None);
        let finish = |w: &mut Worker<'_>, got: Option<T>| {
            self.nodes.fetch_add(w.nodes, Relaxed);
            if let Some(v) = got {
                self.done.store(true, Relaxed);
                let mut slot = answer.lock().unwrap_or_else(|e| e.into_inner());
                slot.get_or_insert(v);
            }
        };
        std::thread::scope(|scope| {
            for id in 1..self.threads {
                let job = &job;
                let finish = &finish;
                scope.spawn(move || {
                    let mut w = Worker::new(self, id, limits);
                    let got = job(&mut w, &mut None);
                    finish(&mut w, got);
                });
            }
            let mut w = Worker::new(self, 0, limits);
            let got = job(&mut w, &mut Some(on_pass));
            finish(&mut w, got);
        });
        answer.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

/// The value of a board whose game is over: the seeds left are swept to their owners.
pub(crate) fn sweep_value(geo: &Geometry, board: u128) -> i32 {
    byte_sum(geo.own_row(board)) as i32 - byte_sum(geo.other_row(board)) as i32
}

/// One search thread.
struct Worker<'s> {
    solver: &'s Solver,
    limits: Limits<'s>,
    id: usize,
    nodes: u64,
    aborted: bool,
}

impl<'s> Worker<'s> {
    fn new(solver: &'s Solver, id: usize, limits: Limits<'s>) -> Self {
        Worker {
            solver,
            limits,
            id,
            nodes: 0,
            aborted: false,
        }
    }

    fn out_of_time(&self) -> bool {
        self.solver.done.load(Relaxed)
            || self.limits.cancel.is_some_and(|c| c.load(Relaxed))
            || self.limits.deadline.is_some_and(|d| Instant::now() >= d)
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
    }

    /// Fail-soft alpha-beta on the exact value of `board` (not over) for the side to move.
    fn ab(&mut self, board: u128, mut alpha: i32, mut beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 && self.out_of_time() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let geo = self.solver.geo;
        let seeds = byte_sum(board) as i32;
        if let Some(v) = self
            .solver
            .db
            .as_ref()
            .and_then(|d| d.probe(board, seeds as u32))
        {
            return v;
        }
        if beta <= -seeds {
            return -seeds;
        }
        if alpha >= seeds {
            return seeds;
        }
        let (mut lower, mut upper, mut tt_move) = (-seeds, seeds, NO_MOVE);
        if let Some(e) = self.solver.tt.probe(board) {
            if e.lower >= beta || e.lower == e.upper {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            (lower, upper, tt_move) = (e.lower, e.upper, e.best);
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }

        // Children, ordered best-looking first.
        let mut kids = [(
            0i32,
            0u8,
            Child {
                board: 0,
                gain: 0,
                after: After::Over,
                capture: false,
            },
        ); 8];
        let mut count = 0;
        for i in 0..geo.pits {
            if Geometry::get(board, i) == 0 {
                continue;
            }
            let c = geo.play(board, i);
            let order = if i as u8 == tt_move {
                10_000
            } else {
                match c.after {
                    After::Again => 5_000 + i as i32,
                    After::Over => 100 * c.gain,
                    After::Pass if c.capture => 1_000 + 10 * c.gain,
                    After::Pass => 10 * c.gain + i as i32,
                }
            };
            let mut j = count;
            while j > 0 && kids[j - 1].0 < order {
                kids[j] = kids[j - 1];
                j -= 1;
            }
            kids[j] = (order, i as u8, c);
            count += 1;
        }
        if self.id > 0 && ply < 3 && count > 1 {
            let shift = (self.id + ply as usize) % count;
            kids[..count].rotate_left(shift);
        }

        let alpha0 = alpha;
        let start = self.nodes;
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        for &(_, i, c) in &kids[..count] {
            let v = match c.after {
                After::Over => c.gain,
                After::Again => c.gain + self.ab(c.board, alpha - c.gain, beta - c.gain, ply + 1),
                After::Pass => c.gain - self.ab(c.board, c.gain - beta, c.gain - alpha, ply + 1),
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = i;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        let (lo, hi) = if best <= alpha0 {
            (lower, best)
        } else if best >= beta {
            (best, upper)
        } else {
            (best, best)
        };
        let work = (64 - (self.nodes - start).leading_zeros()) as u8;
        self.solver.tt.store(
            board,
            Bounds {
                lower: lo.max(lower),
                upper: hi.min(upper),
                best: best_move,
                work,
            },
        );
        best
    }
}
