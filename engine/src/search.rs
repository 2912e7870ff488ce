//! The search core, written once for every game: negamax with alpha-beta pruning, iterative
//! deepening, principal variation search, a transposition table, killer and history move
//! ordering with the game's own hints, optional quiescence over captures, repetition draws with
//! contempt, proven results (a subtree that reached only game ends holds at any depth), and late
//! move reductions in the games that ask for them.
//!
//! The table may be kept between the searches of a game ([`Searcher::with_table`]) and shared
//! by several threads searching the same position (Lazy SMP, [`Searcher::run_parallel`]): helper
//! threads search the same tree at staggered depths, and what they store speeds up the main
//! thread, which alone decides and reports.
//!
//! Each enhancement can be switched off in [`SearchConfig`], which is how the `negamax-tt`
//! engine and the equivalence tests compare them: the enhancements change the cost, never the
//! value at a fixed depth, except late move reductions (off in those comparisons), which trade
//! exactness at a fixed depth for reaching deeper in the same time.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::control::SearchControl;
use super::game_ai::{Evaluator, GameAi};
use super::ordering::{HASH_MOVE_KEY, KILLER_KEY, OrderingTables, order_key, pick_next};
use super::position::SearchPosition;
use super::request::SearchInfo;
use super::request::SearchLimits;
use super::stats::SearchStats;
use super::tt::{Bound, Entry, PROVEN_DEPTH, TranspositionTable};
use super::value;
use super::value::{INFINITY, MAX_PLY, Value, clamp_eval, from_tt, is_mate, to_score, to_tt};
use crate::perfect::probe::EndgameTable;

pub mod traps;

/// Which enhancements a search uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Transposition table (cut-offs and the hash move).
    pub tt: bool,
    /// Principal variation search (null windows after the first move).
    pub pvs: bool,
    /// Killer moves, two a ply.
    pub killers: bool,
    /// History heuristic for quiet moves.
    pub history: bool,
    /// The game's own move hints (captures first, moves into danger last).
    pub hints: bool,
    /// Iterative deepening; without it only the final depth is searched (a depth limit is
    /// then required).
    pub iterative: bool,
    /// Quiescence search over forcing moves at the horizon (where the game asks for it).
    pub quiescence: bool,
    /// A repeated position on the searched line is a draw at once.
    pub path_repetition: bool,
    /// What a draw costs the side to play, in centi-units (positive: avoid draws).
    pub contempt: Value,
    /// The searching side plays for a win: a draw also costs it the game's
    /// [`GameAi::draw_penalty`] (its lead, in games that have one: the side ahead avoids
    /// repetitions, the side behind seeks them), and the leaves add its
    /// [`GameAi::progress_bonus`] (what brings a decision nearer, which a defender need not
    /// want).
    pub play_for_win: bool,
    /// Late move reductions (with `pvs`, in games whose [`GameAi::LATE_MOVE_REDUCTIONS`] is
    /// set): quiet moves late in the order are searched first with a null window at a reduced
    /// depth, and again at full depth only when they beat alpha there. Values at a fixed depth
    /// then differ from a full-width search; proven results stay exact.
    pub late_move_reductions: bool,
    /// Positions an endgame database covers are scored from it below the root (when the
    /// search is given one, [`Searcher::reading_endgame`]), when the root itself is not covered: the search steers
    /// trades towards won endings and away from drawn ones. Only the top level sets it.
    pub tablebase: bool,
    /// Trap setting (in games whose [`GameAi::SET_TRAPS`] is set; only the top level sets
    /// it): after the main search, among the moves no worse than the best by
    /// [`traps::TRAP_MARGIN`], play one whose natural replies (a plain shallow search's
    /// choice) lose a piece or more, in the time the iterations left. See the `traps` module.
    pub traps: bool,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Threads searching together (Lazy SMP); 1 searches on the caller's thread alone.
    pub threads: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            tt: true,
            pvs: true,
            killers: true,
            history: true,
            hints: true,
            iterative: true,
            quiescence: true,
            path_repetition: true,
            contempt: 0,
            play_for_win: false,
            late_move_reductions: false,
            tablebase: false,
            traps: false,
            hash_mib: 16,
            threads: 1,
        }
    }
}

/// What a search found, in the game's own move type.
#[derive(Clone, Debug)]
pub struct SearchOutput<M> {
    /// The move to play (`None` only when the game is over).
    pub best_move: Option<M>,
    /// Its value for the side to move.
    pub value: Value,
    /// Whether the value is proven (every line reached a game end).
    pub proven: bool,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    pub stats: SearchStats,
    /// The last finished iteration, as reported.
    pub info: Option<SearchInfo>,
    /// Whether `best_move` is a trap chosen over the main search's best move
    /// ([`SearchConfig::traps`]); `value` and `pv` are still the main search's.
    pub trap_set: bool,
}

/// Deepest iteration ever started.
const MAX_DEPTH: u32 = (MAX_PLY as u32) - 16;
/// Deepest quiescence line below the horizon.
const MAX_QUIESCENCE_PLIES: usize = 12;
/// Late move reductions: the shallowest depth reduced, the moves of a node always searched in
/// full (the hash move, captures and killers come first and are never reduced anyway), and the
/// depth and move number from which a quiet move is reduced by two plies instead of one.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_FULL_MOVES: usize = 3;
const LMR_DEEP_DEPTH: i32 = 6;
const LMR_VERY_LATE: usize = 8;

/// How many plies to take off the search of the `i`th move (in order) of a node `depth` deep
/// whose sort key is `key`: none for the first moves, the hash move, forcing moves (`hint` > 0)
/// and killers; 1 for other late moves, 2 for very late ones in deep nodes.
fn late_move_reduction(depth: i32, i: usize, key: i32, hint: i32) -> i32 {
    if depth < LMR_MIN_DEPTH || i < LMR_FULL_MOVES || hint > 0 || key > KILLER_KEY - 16 {
        0
    } else if depth >= LMR_DEEP_DEPTH && i >= LMR_VERY_LATE {
        2
    } else {
        1
    }
}

/// One search of one position.
pub(crate) struct Searcher<'a, G: GameAi> {
    pos: SearchPosition<G>,
    eval: &'a dyn Evaluator<G>,
    config: SearchConfig,
    tt: Option<Arc<TranspositionTable>>,
    /// XORed into every hash the table sees, so that searches which score the same position
    /// differently (another evaluation, contempt for the other side, other rules) keep apart
    /// in a table they share.
    salt: u64,
    /// A helper thread of a parallel search: it never reports and never outlives a stop.
    helper: bool,
    control: SearchControl<'a>,
    tables: OrderingTables<G::Move>,
    move_buf: Vec<Vec<G::Move>>,
    key_buf: Vec<Vec<(i32, u16)>>,
    pv: Vec<Vec<G::Move>>,
    /// Heuristic leaves and path-dependent values met so far; a subtree that adds none is proven.
    horizon_hits: u64,
    /// Iteration 1 always finishes, so even a search cancelled at once has a considered move.
    ignore_stop: bool,
    aborted: bool,
    stats: SearchStats,
}

impl<'a, G: GameAi> Searcher<'a, G> {
    /// A search with a fresh table of its own (when the configuration uses one).
    pub fn new(
        game: &G,
        eval: &'a dyn Evaluator<G>,
        config: SearchConfig,
        control: SearchControl<'a>,
    ) -> Self {
        let tt = config
            .tt
            .then(|| Arc::new(TranspositionTable::new(config.hash_mib)));
        Self::build(game, eval, config, control, tt, 0)
    }

    /// A search using `tt`, kept from earlier searches or shared with other threads; `salt`
    /// keeps its entries apart from those of differently scored searches (see [`table_salt`]).
    pub(crate) fn with_table(
        game: &G,
        eval: &'a dyn Evaluator<G>,
        config: SearchConfig,
        control: SearchControl<'a>,
        tt: Arc<TranspositionTable>,
        salt: u64,
    ) -> Self {
        tt.new_search();
        let tt = config.tt.then_some(tt);
        Self::build(game, eval, config, control, tt, salt)
    }

    fn build(
        game: &G,
        eval: &'a dyn Evaluator<G>,
        config: SearchConfig,
        control: SearchControl<'a>,
        tt: Option<Arc<TranspositionTable>>,
        salt: u64,
    ) -> Self {
        let mut pos = SearchPosition::new(game.clone(), config.contempt);
        if !config.path_repetition {
            pos = pos.without_path_repetition();
        }
        if config.play_for_win {
            pos = pos.playing_for_win();
        }
        Searcher {
            pos,
            eval,
            config,
            tt,
            salt,
            helper: false,
            control,
            tables: OrderingTables::new(),
            move_buf: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            key_buf: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            horizon_hits: 0,
            ignore_stop: false,
            aborted: false,
            stats: SearchStats::default(),
        }
    }

    /// Scores the positions below the root that `endgame` covers from it (see
    /// [`SearchPosition::read_endgame`]).
    pub(crate) fn reading_endgame(mut self, endgame: Option<Arc<dyn EndgameTable<G>>>) -> Self {
        self.pos.read_endgame(endgame);
        self
    }

    /// Runs the search on `config.threads` threads: this one decides and reports; the helpers
    /// share its table and stop when it is done. Their nodes count in the statistics.
    pub(crate) fn run_parallel(
        self,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchOutput<G::Move> {
        let helpers = self.config.threads.saturating_sub(1);
        let Some(tt) = self.tt.clone().filter(|_| helpers > 0) else {
            return self.run(on_info);
        };
        let stop = AtomicBool::new(false);
        let (eval, salt) = (self.eval, self.salt);
        let root = self.pos.game.clone();
        let endgame = self.pos.endgame();
        let config = SearchConfig {
            threads: 1,
            ..self.config.clone()
        };
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..=helpers)
                .map(|id| {
                    let (game, config, tt, stop, endgame) = (
                        root.clone(),
                        config.clone(),
                        tt.clone(),
                        &stop,
                        endgame.clone(),
                    );
                    scope.spawn(move || {
                        let control = SearchControl::new(&SearchLimits::default(), stop);
                        let mut helper =
                            Searcher::build(&game, eval, config, control, Some(tt), salt);
                        helper.pos.read_endgame(endgame);
                        helper.helper = true;
                        helper.run_helper(id)
                    })
                })
                .collect();
            let mut out = self.run(on_info);
            stop.store(true, Ordering::Relaxed);
            for handle in handles {
                out.stats.nodes += handle.join().unwrap_or(0);
            }
            let secs = out.stats.time_ms.max(1) as f64 / 1000.0;
            out.stats.nps = (out.stats.nodes as f64 / secs) as u64;
            out
        })
    }

    /// A helper thread's loop: deeper and deeper iterations, odd helpers one ply ahead, until
    /// the main thread raises the stop flag. Returns its node count.
    fn run_helper(mut self, id: u32) -> u64 {
        let mut depth = 1 + id % 2;
        while depth <= MAX_DEPTH {
            self.negamax(depth as i32, 0, -INFINITY, INFINITY);
            if self.aborted {
                break;
            }
            depth += 1;
        }
        self.control.nodes()
    }

    /// Runs iterative deepening until a limit, reporting each finished iteration.
    pub fn run(mut self, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchOutput<G::Move> {
        let mut root_moves = Vec::new();
        self.pos.game.legal_moves(&mut root_moves);
        let mut out = SearchOutput {
            best_move: root_moves.first().copied(),
            value: 0,
            proven: false,
            pv: Vec::new(),
            stats: SearchStats::default(),
            info: None,
            trap_set: false,
        };
        if root_moves.is_empty() {
            return self.finish(out);
        }
        let first_depth = if self.config.iterative {
            1
        } else {
            self.control.depth_limit().unwrap_or(1).max(1)
        };
        let last_depth = self
            .control
            .depth_limit()
            .unwrap_or(MAX_DEPTH)
            .min(MAX_DEPTH);
        for depth in first_depth..=last_depth.max(first_depth) {
            if depth > first_depth && !self.control.may_start_iteration(depth) {
                break;
            }
            self.ignore_stop = depth == first_depth && !self.helper;
            let hits_before = self.horizon_hits;
            let v = self.negamax(depth as i32, 0, -INFINITY, INFINITY);
            if self.aborted {
                break;
            }
            let proven = self.horizon_hits == hits_before;
            let mut pv = self.pv[0].clone();
            self.extend_pv_from_tt(&mut pv, depth as usize);
            out.best_move = pv.first().copied().or(out.best_move);
            out.value = v;
            out.proven = proven;
            out.pv = pv;
            self.stats.depth = depth;
            let info = self.info(&out);
            on_info(&info);
            out.info = Some(info);
            let decided = proven || (is_mate(v) && value::MATE - v.abs() <= depth as Value);
            if decided {
                break;
            }
        }
        // Traps are looked for in the time the iterations left, when the last one finished.
        if self.config.traps && G::SET_TRAPS && !self.aborted && !self.control.check() {
            self.ignore_stop = false;
            self.set_trap(&mut out);
        }
        self.finish(out)
    }

    fn finish(mut self, mut out: SearchOutput<G::Move>) -> SearchOutput<G::Move> {
        self.stats.nodes = self.control.nodes();
        self.stats.time_ms = self.control.elapsed().as_millis() as u64;
        self.stats.nps = self.control.nps();
        self.stats.memory_bytes = self.tt.as_ref().map_or(0, |t| t.bytes() as u64);
        out.stats = self.stats;
        out
    }

    fn info(&self, out: &SearchOutput<G::Move>) -> SearchInfo {
        let mut game = self.pos.game.clone();
        let mut pv = Vec::with_capacity(out.pv.len());
        for &mv in &out.pv {
            pv.push(game.move_text(mv));
            game.make(mv);
        }
        SearchInfo {
            depth: self.stats.depth,
            score: to_score(out.value, out.proven, G::MARGIN_SCORES, out.pv.len()),
            nodes: self.control.nodes(),
            nps: self.control.nps(),
            time_ms: self.control.elapsed().as_millis() as u64,
            pv,
        }
    }

    /// Lengthens a principal variation cut short by a table hit, following stored best moves.
    fn extend_pv_from_tt(&self, pv: &mut Vec<G::Move>, depth: usize) {
        let Some(tt) = &self.tt else { return };
        let mut game = self.pos.game.clone();
        let mut seen = vec![game.hash()];
        for &mv in pv.iter() {
            game.make(mv);
            seen.push(game.hash());
        }
        let mut moves = Vec::new();
        while pv.len() < depth {
            game.legal_moves(&mut moves);
            let Some(index) = tt.probe(game.hash() ^ self.salt).and_then(|e| e.move_index) else {
                break;
            };
            let Some(&mv) = moves.get(index as usize) else {
                break;
            };
            game.make(mv);
            if seen.contains(&game.hash()) {
                break;
            }
            seen.push(game.hash());
            pv.push(mv);
        }
    }

    #[inline]
    fn leaf_eval(&mut self) -> Value {
        self.horizon_hits += 1;
        let mut v = self.eval.evaluate(&self.pos.game) as i64;
        if self.config.play_for_win {
            v += self.pos.progress_bonus() as i64;
        }
        clamp_eval(v)
    }

    /// Counts a node; says whether the search must unwind now.
    #[inline]
    fn stop_now(&mut self, ply: usize) -> bool {
        if ply as u32 > self.stats.seldepth {
            self.stats.seldepth = ply as u32;
        }
        if self.control.should_stop() && !self.ignore_stop {
            self.aborted = true;
        }
        self.aborted
    }

    /// Searches the child reached by the move just made: negated when the turn passed, as is
    /// when the same side moves again (Kalah's extra turn).
    #[inline]
    fn child(
        &mut self,
        same_side: bool,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Value {
        if same_side {
            self.negamax(depth, ply, alpha, beta)
        } else {
            -self.negamax(depth, ply, -beta, -alpha)
        }
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: Value, beta: Value) -> Value {
        self.pv[ply].clear();
        if self.stop_now(ply) {
            return 0;
        }
        if let Some(status) = self.pos.status(ply) {
            if status.path_dependent {
                self.horizon_hits += 1;
            }
            return status.value;
        }
        if depth <= 0 || ply >= MAX_PLY - MAX_QUIESCENCE_PLIES - 1 {
            return if self.config.quiescence && G::QUIESCENCE {
                self.quiesce(ply, alpha, beta, 0)
            } else {
                self.leaf_eval()
            };
        }

        let hash = self.pos.game.hash() ^ self.salt;
        let mut hash_move = None;
        if ply > 0
            && let Some(tt) = &self.tt
            && let Some(entry) = tt.probe(hash)
        {
            self.stats.hash_hits += 1;
            hash_move = entry.move_index;
            if entry.depth as i32 >= depth || entry.depth == PROVEN_DEPTH {
                let v = from_tt(entry.value, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    if entry.depth != PROVEN_DEPTH {
                        self.horizon_hits += 1;
                    }
                    return v;
                }
            }
        } else if ply == 0
            && let Some(tt) = &self.tt
        {
            hash_move = tt.probe(hash).and_then(|e| e.move_index);
        }

        let mut moves = std::mem::take(&mut self.move_buf[ply]);
        let mut keys = std::mem::take(&mut self.key_buf[ply]);
        self.pos.game.legal_moves(&mut moves);
        self.stats.expanded += 1;
        self.stats.generated += moves.len() as u64;
        self.order(ply, &moves, &mut keys, hash_move);

        let side = self.pos.game.side_to_move();
        let hits_before = self.horizon_hits;
        let alpha_before = alpha;
        let reduce = self.config.late_move_reductions && self.config.pvs && G::LATE_MOVE_REDUCTIONS;
        // The most plies taken off a move whose reduced value was kept (it did not beat alpha).
        let mut kept_reduction = 0;
        let mut best = -INFINITY;
        let mut best_index = None;
        for i in 0..keys.len() {
            pick_next(&mut keys, i);
            let index = keys[i].1 as usize;
            let mv = moves[index];
            let r = if reduce {
                late_move_reduction(depth, i, keys[i].0, self.pos.game.move_hint(mv))
            } else {
                0
            };
            let undo = self.pos.make(mv);
            let same = self.pos.game.side_to_move() == side;
            let v = if i == 0 || !self.config.pvs {
                self.child(same, depth - 1, ply + 1, alpha, beta)
            } else {
                let mut v = self.child(same, depth - 1 - r, ply + 1, alpha, alpha + 1);
                if r > 0 && !self.aborted {
                    if v > alpha {
                        v = self.child(same, depth - 1, ply + 1, alpha, alpha + 1);
                    } else {
                        kept_reduction = kept_reduction.max(r);
                    }
                }
                if v > alpha && v < beta && !self.aborted {
                    self.child(same, depth - 1, ply + 1, alpha, beta)
                } else {
                    v
                }
            };
            self.pos.unmake(mv, undo);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_index = Some(index);
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        let quiet = !self.config.hints || self.pos.game.move_hint(mv) <= 0;
                        if quiet && (self.config.killers || self.config.history) {
                            self.tables.record_cutoff(ply, depth, mv);
                        }
                        break;
                    }
                }
            }
        }
        self.move_buf[ply] = moves;
        self.key_buf[ply] = keys;
        if self.aborted {
            return 0;
        }

        if let Some(tt) = &self.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_before {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // A subtree that reached only game ends is proven however deep it was searched;
            // otherwise the entry claims only the depth every move was searched to.
            let stored_depth = if self.horizon_hits == hits_before {
                PROVEN_DEPTH
            } else {
                (depth - kept_reduction).clamp(0, PROVEN_DEPTH as i32 - 1) as u8
            };
            tt.store(
                hash,
                Entry {
                    value: to_tt(best, ply),
                    depth: stored_depth,
                    bound,
                    move_index: best_index.and_then(|i| u8::try_from(i).ok()),
                },
            );
        }
        best
    }

    /// Sort keys for the moves of this node, hash move first.
    fn order(
        &self,
        ply: usize,
        moves: &[G::Move],
        keys: &mut Vec<(i32, u16)>,
        hash_move: Option<u8>,
    ) {
        keys.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let key = if hash_move == Some(i as u8) && self.config.tt {
                HASH_MOVE_KEY
            } else {
                let hint = if self.config.hints {
                    self.pos.game.move_hint(mv)
                } else {
                    0
                };
                let killer = if self.config.killers {
                    self.tables.killer_rank(ply, mv)
                } else {
                    None
                };
                let history = if self.config.history {
                    self.tables.history(&mv)
                } else {
                    0
                };
                order_key(hint, killer, history)
            };
            keys.push((key, i as u16));
        }
    }

    /// Quiescence: the side to move may stand on the static evaluation or play a forcing move.
    fn quiesce(&mut self, ply: usize, mut alpha: Value, beta: Value, qply: usize) -> Value {
        self.pv[ply].clear();
        if self.stop_now(ply) {
            return 0;
        }
        if let Some(status) = self.pos.status(ply) {
            if status.path_dependent {
                self.horizon_hits += 1;
            }
            return status.value;
        }
        let stand = self.leaf_eval();
        if stand >= beta || qply >= MAX_QUIESCENCE_PLIES || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.move_buf[ply]);
        let mut keys = std::mem::take(&mut self.key_buf[ply]);
        self.pos.game.legal_moves(&mut moves);
        keys.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let hint = self.pos.game.move_hint(mv);
            if hint > 0 {
                keys.push((hint, i as u16));
            }
        }
        if !keys.is_empty() {
            self.stats.expanded += 1;
            self.stats.generated += keys.len() as u64;
        }
        let side = self.pos.game.side_to_move();
        let mut best = stand;
        for i in 0..keys.len() {
            pick_next(&mut keys, i);
            let mv = moves[keys[i].1 as usize];
            let undo = self.pos.make(mv);
            let v = if self.pos.game.side_to_move() == side {
                self.quiesce(ply + 1, alpha, beta, qply + 1)
            } else {
                -self.quiesce(ply + 1, -beta, -alpha, qply + 1)
            };
            self.pos.unmake(mv, undo);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.move_buf[ply] = moves;
        self.key_buf[ply] = keys;
        if self.aborted { 0 } else { best }
    }
}

/// The salt for a search's entries in a shared table: the game, its rules, the evaluation, the
/// side the search plays for (contempt scores draws from its view) and the settings that change
/// values.
pub(crate) fn table_salt<G: GameAi>(game: &G, eval: &str, config: &SearchConfig) -> u64 {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut h = DefaultHasher::new();
    G::KIND.name().hash(&mut h);
    game.rules().hash(&mut h);
    eval.hash(&mut h);
    game.side_to_move().index().hash(&mut h);
    (
        config.contempt,
        config.play_for_win,
        config.quiescence,
        config.path_repetition,
        config.late_move_reductions && G::LATE_MOVE_REDUCTIONS,
    )
        .hash(&mut h);
    h.finish()
}
