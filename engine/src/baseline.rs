//! The seeds' agents, kept as baselines at a fixed depth: greedy one-ply selection (seed 002's
//! "genetic" selection), plain minimax, Rich and Knight's MINIMAX-A-B with use and pass
//! thresholds (seed 001), textbook alpha-beta in max/min form (seeds 002 and 003), and negamax
//! with alpha-beta (seeds 000 and 004). Moves are tried in generation order: no table, no
//! ordering, no iterative deepening, exactly as the seeds searched.

use super::control::SearchControl;
use super::game_ai::{Evaluator, GameAi};
use super::position::SearchPosition;
use super::request::SearchInfo;
use super::search::SearchOutput;
use super::stats::SearchStats;
use super::value::{INFINITY, MAX_PLY, Value, clamp_eval, to_score};

/// Which baseline algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Baseline {
    /// One ply: the move whose position evaluates best.
    Greedy,
    /// Minimax without pruning, max and min levels.
    Minimax,
    /// MINIMAX-A-B (Rich and Knight): negated use/pass thresholds.
    MinimaxAb,
    /// Alpha-beta with max and min levels.
    AlphaBeta,
    /// Negamax with alpha-beta.
    Negamax,
}

struct Runner<'a, G: GameAi> {
    pos: SearchPosition<G>,
    eval: &'a dyn Evaluator<G>,
    control: SearchControl<'a>,
    stats: SearchStats,
    pv: Vec<Vec<G::Move>>,
    aborted: bool,
    horizon_hits: u64,
}

/// Runs a baseline to `depth` plies (greedy always looks one ply).
pub fn run<G: GameAi>(
    kind: Baseline,
    game: &G,
    eval: &dyn Evaluator<G>,
    depth: u32,
    contempt: Value,
    control: SearchControl<'_>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput<G::Move> {
    let depth = if kind == Baseline::Greedy {
        1
    } else {
        depth.clamp(1, MAX_PLY as u32 - 1) as i32
    };
    let mut r = Runner {
        pos: SearchPosition::new(game.clone(), contempt),
        eval,
        control,
        stats: SearchStats::default(),
        pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
        aborted: false,
        horizon_hits: 0,
    };
    let mut moves = Vec::new();
    r.pos.game.legal_moves(&mut moves);
    r.stats.expanded += u64::from(!moves.is_empty());
    r.stats.generated += moves.len() as u64;
    let side = r.pos.game.side_to_move();
    let mut best: Option<(Value, G::Move, Vec<G::Move>)> = None;
    for &mv in &moves {
        let floor = best.as_ref().map_or(-INFINITY, |b| b.0);
        let undo = r.pos.make(mv);
        let same = r.pos.game.side_to_move() == side;
        let v = match kind {
            Baseline::Greedy | Baseline::Minimax => r.minimax(depth - 1, 1),
            Baseline::AlphaBeta => r.alphabeta(depth - 1, 1, floor, INFINITY),
            Baseline::Negamax => {
                if same {
                    r.negamax(depth - 1, 1, floor, INFINITY)
                } else {
                    -r.negamax(depth - 1, 1, -INFINITY, -floor)
                }
            }
            Baseline::MinimaxAb => {
                if same {
                    r.minimax_ab(depth - 1, 1, INFINITY, floor)
                } else {
                    -r.minimax_ab(depth - 1, 1, -floor, -INFINITY)
                }
            }
        };
        r.pos.unmake(mv, undo);
        if r.aborted {
            break;
        }
        if best.as_ref().is_none_or(|b| v > b.0) {
            let mut line = vec![mv];
            line.extend_from_slice(&r.pv[1]);
            best = Some((v, mv, line));
        }
    }
    r.stats.depth = depth as u32;
    r.stats.nodes = r.control.nodes();
    r.stats.time_ms = r.control.elapsed().as_millis() as u64;
    r.stats.nps = r.control.nps();
    let (value, best_move, pv) = match best {
        Some((v, m, pv)) => (v, Some(m), pv),
        None => (0, moves.first().copied(), Vec::new()),
    };
    let proven = r.horizon_hits == 0 && !r.aborted;
    let mut info = None;
    if best_move.is_some() && !moves.is_empty() {
        let mut g = game.clone();
        let mut pv_text = Vec::new();
        for &m in &pv {
            pv_text.push(g.move_text(m));
            g.make(m);
        }
        let i = SearchInfo {
            depth: depth as u32,
            score: to_score(value, proven, G::MARGIN_SCORES, pv.len()),
            nodes: r.stats.nodes,
            nps: r.stats.nps,
            time_ms: r.stats.time_ms,
            pv: pv_text,
        };
        on_info(&i);
        info = Some(i);
    }
    SearchOutput {
        best_move,
        value,
        proven,
        pv,
        stats: r.stats,
        info,
        trap_set: false,
    }
}

impl<G: GameAi> Runner<'_, G> {
    /// Enters a node: counts it, and returns its value if the line ends here (for the side to
    /// move), the static value if the depth is used up.
    fn enter(&mut self, depth: i32, ply: usize) -> Option<Value> {
        self.pv[ply].clear();
        if ply as u32 > self.stats.seldepth {
            self.stats.seldepth = ply as u32;
        }
        if self.control.should_stop() {
            self.aborted = true;
            return Some(0);
        }
        if let Some(status) = self.pos.status(ply) {
            if status.path_dependent {
                self.horizon_hits += 1;
            }
            return Some(status.value);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            self.horizon_hits += 1;
            return Some(clamp_eval(self.eval.evaluate(&self.pos.game) as i64));
        }
        None
    }

    fn moves(&mut self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.pos.game.legal_moves(&mut moves);
        self.stats.expanded += 1;
        self.stats.generated += moves.len() as u64;
        moves
    }

    fn note_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The root side's view of a value for the side to move.
    fn for_root(&self, v: Value) -> Value {
        if self.pos.game.side_to_move() == self.pos.root_side() {
            v
        } else {
            -v
        }
    }

    /// Plain minimax; values are from the root side's view.
    fn minimax(&mut self, depth: i32, ply: usize) -> Value {
        if let Some(v) = self.enter(depth, ply) {
            return self.for_root(v);
        }
        let maximizing = self.pos.game.side_to_move() == self.pos.root_side();
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        for mv in self.moves() {
            let undo = self.pos.make(mv);
            let v = self.minimax(depth - 1, ply + 1);
            self.pos.unmake(mv, undo);
            if self.aborted {
                return 0;
            }
            if (maximizing && v > best) || (!maximizing && v < best) {
                best = v;
                self.note_pv(ply, mv);
            }
        }
        best
    }

    /// Alpha-beta with max and min levels; values from the root side's view.
    fn alphabeta(&mut self, depth: i32, ply: usize, mut alpha: Value, mut beta: Value) -> Value {
        if let Some(v) = self.enter(depth, ply) {
            return self.for_root(v);
        }
        let maximizing = self.pos.game.side_to_move() == self.pos.root_side();
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        for mv in self.moves() {
            let undo = self.pos.make(mv);
            let v = self.alphabeta(depth - 1, ply + 1, alpha, beta);
            self.pos.unmake(mv, undo);
            if self.aborted {
                return 0;
            }
            if maximizing {
                if v > best {
                    best = v;
                    self.note_pv(ply, mv);
                }
                alpha = alpha.max(best);
            } else {
                if v < best {
                    best = v;
                    self.note_pv(ply, mv);
                }
                beta = beta.min(best);
            }
            if beta <= alpha {
                break;
            }
        }
        best
    }

    /// Negamax with alpha-beta; values for the side to move.
    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: Value, beta: Value) -> Value {
        if let Some(v) = self.enter(depth, ply) {
            return v;
        }
        let side = self.pos.game.side_to_move();
        let mut best = -INFINITY;
        for mv in self.moves() {
            let undo = self.pos.make(mv);
            let v = if self.pos.game.side_to_move() == side {
                self.negamax(depth - 1, ply + 1, alpha, beta)
            } else {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha)
            };
            self.pos.unmake(mv, undo);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                self.note_pv(ply, mv);
            }
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// MINIMAX-A-B (Rich and Knight, section 12.3): `use_t` decides cut-offs, `pass_t` is the
    /// best value found so far; both are negated and swapped from one level to the next.
    fn minimax_ab(&mut self, depth: i32, ply: usize, use_t: Value, mut pass_t: Value) -> Value {
        if let Some(v) = self.enter(depth, ply) {
            return v;
        }
        let side = self.pos.game.side_to_move();
        for mv in self.moves() {
            let undo = self.pos.make(mv);
            let new_value = if self.pos.game.side_to_move() == side {
                self.minimax_ab(depth - 1, ply + 1, use_t, pass_t)
            } else {
                -self.minimax_ab(depth - 1, ply + 1, -pass_t, -use_t)
            };
            self.pos.unmake(mv, undo);
            if self.aborted {
                return 0;
            }
            if new_value > pass_t {
                pass_t = new_value;
                self.note_pv(ply, mv);
            }
            if pass_t >= use_t {
                return pass_t;
            }
        }
        pass_t
    }
}
