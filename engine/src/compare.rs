//! Every algorithm on one position at a fixed depth: the value each finds and the nodes each
//! visits, with the game's default evaluation, no quiescence and no contempt. The values must
//! agree (the enhancements change the cost, never the value at a fixed depth); the node counts
//! show the pruning, as seed 001's comparison of MINIMAX-A-B and alpha-beta did. The tests of
//! every game use it.

use std::sync::atomic::AtomicBool;

use super::baseline::{self, Baseline};
use super::control::SearchControl;
use super::game_ai::{GameAi, default_evaluator};
use super::request::SearchLimits;
use super::search::{SearchConfig, Searcher};
use super::value::Value;

/// `(algorithm, value, nodes)` for each algorithm at depth `depth`; empty when the game has no
/// default evaluation.
pub fn values_at_depth<G: GameAi>(game: &G, depth: u32) -> Vec<(&'static str, Value, u64)> {
    let cancel = AtomicBool::new(false);
    let Some(eval) = default_evaluator::<G>() else {
        return Vec::new();
    };
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let mut out = Vec::new();
    for (name, kind) in [
        ("minimax", Baseline::Minimax),
        ("minimax-ab", Baseline::MinimaxAb),
        ("alphabeta", Baseline::AlphaBeta),
        ("negamax", Baseline::Negamax),
    ] {
        let control = SearchControl::new(&limits, &cancel);
        let r = baseline::run(kind, game, eval.as_ref(), depth, 0, control, &mut |_| {});
        out.push((name, r.value, r.stats.nodes));
    }
    for (name, pvs) in [("negamax-tt", false), ("pvs", true)] {
        let config = SearchConfig {
            pvs,
            iterative: false,
            quiescence: false,
            contempt: 0,
            ..SearchConfig::default()
        };
        let control = SearchControl::new(&limits, &cancel);
        let r = Searcher::new(game, eval.as_ref(), config, control).run(&mut |_| {});
        out.push((name, r.value, r.stats.nodes));
    }
    out
}
