//! One engine configuration's algorithm, run as it is with a given evaluation: a random mover,
//! the published baselines, the alpha-beta search, or MCTS. Perfect play and the low levels'
//! careless mistakes are layered above it (`run` and `mistakes` call it).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::baseline::{self, Baseline};
use crate::control::SearchControl;
use crate::engine_config::{Algorithm, EngineConfig};
use crate::game_ai::{Evaluator, GameAi};
use crate::mcts::MctsInputs;
use crate::memory::Kept;
use crate::perfect::probe::EndgameTable;
use crate::random;
use crate::request::{SearchInfo, SearchStats};
use crate::search::{self, SearchOutput, Searcher};

/// A search's inputs, beside the position and what earlier searches kept: the engine
/// configuration, the evaluation it runs with, the seed, the endgame database the full search
/// reads at its leaves when the configuration asks for one, and the flag that stops it.
pub struct SearchInputs<'a, G> {
    pub config: &'a EngineConfig,
    pub eval: &'a dyn Evaluator<G>,
    pub seed: u64,
    pub endgame: Option<&'a Arc<dyn EndgameTable<G>>>,
    pub cancel: &'a AtomicBool,
}

// Not derived: a derive would ask `G: Clone`, and the game is only named, never held.
impl<G> Clone for SearchInputs<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for SearchInputs<'_, G> {}

/// Runs the algorithm of `inputs.config` with the evaluation `inputs.eval` on `game`, as it
/// is: its careless mistakes, if it has any, are not made here.
pub(crate) fn run_algorithm<G: GameAi>(
    game: &G,
    inputs: &SearchInputs<'_, G>,
    kept: &mut Kept<G>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput<G::Move> {
    let SearchInputs {
        config,
        eval,
        seed,
        endgame,
        cancel,
    } = *inputs;
    let control = SearchControl::new(&config.limits, cancel);
    let depth = config.limits.depth.unwrap_or(4);
    let contempt = config.search.contempt;
    let baseline = |kind, control, on_info: &mut dyn FnMut(&SearchInfo)| {
        baseline::run(kind, game, eval, depth, contempt, control, on_info)
    };
    match config.algorithm {
        Algorithm::Random => SearchOutput {
            best_move: random::choose_move(game, seed),
            value: 0,
            proven: false,
            pv: Vec::new(),
            stats: SearchStats::default(),
            info: None,
            trap_set: false,
        },
        Algorithm::Greedy => baseline(Baseline::Greedy, control, on_info),
        Algorithm::Minimax => baseline(Baseline::Minimax, control, on_info),
        Algorithm::MinimaxAb => baseline(Baseline::MinimaxAb, control, on_info),
        Algorithm::AlphaBeta => baseline(Baseline::AlphaBeta, control, on_info),
        Algorithm::Negamax => baseline(Baseline::Negamax, control, on_info),
        Algorithm::NegamaxTt | Algorithm::Pvs => {
            let search = config.search.clone();
            let eval_name = config.eval.as_deref().unwrap_or("");
            let salt = search::table_salt(game, eval_name, &search);
            let tt = kept.table(search.hash_mib);
            let endgame = endgame.filter(|_| search.tablebase).cloned();
            Searcher::with_table(game, eval, search, control, tt, salt)
                .reading_endgame(endgame)
                .run_parallel(on_info)
        }
        Algorithm::Mcts => {
            let mut tree = kept.take_tree();
            let inputs = MctsInputs {
                eval,
                config: &config.mcts,
                seed,
            };
            let out = tree.search(game, inputs, control, on_info);
            kept.keep_tree(tree);
            out
        }
    }
}
