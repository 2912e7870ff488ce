//! The AI players: one entry point, [`search`], that the server's AI pool, the `bestmove` tool
//! and the research tools call for any game.
//!
//! The request names an engine (a level 1..8, or a named engine for those who study them) and
//! limits (depth, time, nodes). Searches run on the caller's thread and stop promptly when the
//! `cancel` flag is set, returning the best move found so far. No I/O happens here.
//!
//! A tour:
//! - [`search`] (the core, generic over the rules trait): negamax alpha-beta with iterative
//!   deepening, PVS, [`tt`] (transposition table), [`ordering`] (hash move, hints, killers,
//!   history), [`position`] (repetition and contempt), [`control`] (limits and cancellation),
//!   [`value`] (scores, win-in-N and Kalah margins), [`stats`].
//! - [`mcts`]: Monte Carlo tree search; [`baseline`]: the seeds' agents; [`random`].
//! - [`game_ai`]: what a game supplies (evaluations, move hints); [`eval`]: the four games.
//! - [`engines`]: engine names; [`levels`]: the eight levels per game.
//! - [`analysis`]: hints, analysis and the winning-chances meter; [`fuzzy`]: seed 002's Mamdani
//!   "winning margin".

pub mod analysis;
pub mod baseline;
pub mod compare;
pub mod control;
pub mod engines;
pub mod eval;
pub mod fuzzy;
pub mod game_ai;
pub mod levels;
pub mod mcts;
pub mod ordering;
pub mod position;
pub mod random;
pub mod search;
pub mod stats;
#[cfg(test)]
pub mod testgames;
pub mod tt;
pub mod tuned;
pub mod value;

use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_shared::baghchal::BaghChal;
use chaupal_shared::jungle::Jungle;
use chaupal_shared::kalah::Kalah;
use chaupal_shared::sholo_guti::SholoGuti;
use chaupal_shared::{AnyGame, GameKind};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use self::baseline::Baseline;
use self::control::SearchControl;
use self::engines::{Algorithm, EngineConfig};
use self::game_ai::{EvalInfo, Evaluator, GameAi};
use self::mcts::Mcts;
use self::search::{SearchOutput, Searcher};
pub use self::stats::SearchStats;
use self::tt::TranspositionTable;

/// Which AI plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EngineSpec {
    /// A player level, 1 (weakest) to 8 (full strength).
    Level(u8),
    /// A named engine configuration (`random`, `greedy`, `minimax`, `alphabeta`, `mcts`, ...).
    Named(String),
}

/// When a search must stop. Unset limits do not apply; with none set, the engine's own default
/// applies (the level's configuration).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// Whether no limit is set.
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.time.is_none() && self.nodes.is_none()
    }

    /// Each limit the stricter of the two (a level keeps its weakness under a long time budget).
    pub fn stricter(&self, other: &SearchLimits) -> SearchLimits {
        fn min<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, None) => x,
                (None, y) => y,
            }
        }
        SearchLimits {
            depth: min(self.depth, other.depth),
            time: min(self.time, other.time),
            nodes: min(self.nodes, other.nodes),
        }
    }
}

/// One search request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    pub engine: EngineSpec,
    pub limits: SearchLimits,
    /// Seed for engines that use random numbers, so a run can be repeated.
    pub seed: u64,
    /// Threads for the full search (Lazy SMP); other engines use one. The server's pool keeps
    /// one search per core, so it asks for 1 unless configured otherwise.
    #[serde(default = "one_thread")]
    pub threads: u32,
}

fn one_thread() -> u32 {
    1
}

impl SearchRequest {
    /// A request on one thread.
    pub fn new(engine: EngineSpec, limits: SearchLimits, seed: u64) -> Self {
        SearchRequest {
            engine,
            limits,
            seed,
            threads: 1,
        }
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// Heuristic evaluation in hundredths of a unit (like chess centipawns).
    Cp(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
    /// Kalah: the exact final seed margin with perfect play.
    Margin(i32),
}

impl std::fmt::Display for Score {
    /// `cp N`, `win N`, `loss N` or `margin N`, as the `bestmove` tool prints it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(n) => write!(f, "cp {n}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
            Score::Margin(n) => write!(f, "margin {n}"),
        }
    }
}

/// What one finished iteration (or a periodic summary) found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchInfo {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// The principal variation, in notation.
    pub pv: Vec<String>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The move to play, in notation; `None` only when the game is over.
    pub best_move: Option<String>,
    /// The last finished iteration's information, when the engine reports any.
    pub info: Option<SearchInfo>,
    /// What the search did (nodes generated and expanded, hash hits, memory, ...).
    #[serde(default)]
    pub stats: SearchStats,
    /// Whether the move is a trap chosen over the search's best (see `search::traps`).
    #[serde(default)]
    pub trap_set: bool,
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum AiError {
    #[error("unknown engine '{0}' (see --engine help)")]
    UnknownEngine(String),
    #[error("no evaluation '{eval}' for {game} (see --engine help)")]
    UnknownEvaluation { game: String, eval: String },
    #[error("no level {0}: levels are 1 to 8")]
    BadLevel(u8),
    #[error("the game is over")]
    GameOver,
}

/// Chooses a move for the side to move. `on_info` receives each finished iteration.
pub fn search(
    game: &AnyGame,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, AiError> {
    if game.outcome().is_some() {
        return Err(AiError::GameOver);
    }
    match game {
        AnyGame::BaghChal(g) => {
            // The top level plays the solved movement phase (and the last goat placements)
            // from the database, when loaded.
            if let Some(result) =
                crate::tablebase::baghchal::play::search_hook(g, request, cancel, on_info)
            {
                return result;
            }
            search_game::<BaghChal>(g, request, cancel, on_info)
        }
        // Level 8 plays Kalah perfectly where the exact solver proves the margin in time.
        AnyGame::Kalah(g) => {
            use crate::solver::kalah::play::{Perfect, perfect_move};
            match perfect_move(g, request, cancel, on_info) {
                Perfect::Solved(result) => Ok(result),
                Perfect::NotSolved(rest) => search_game::<Kalah>(g, &rest, cancel, on_info),
            }
        }
        AnyGame::Jungle(g) => search_game::<Jungle>(g, request, cancel, on_info),
        AnyGame::SholoGuti(g) => {
            // The top level plays won and lost endings of few pieces from the database.
            if let Some(result) =
                crate::tablebase::sholo_guti::play::search_hook(g, request, cancel, on_info)
            {
                return result;
            }
            search_game::<SholoGuti>(g, request, cancel, on_info)
        }
    }
}

/// [`search`] for a game whose type is known.
pub fn search_game<G: GameAi>(
    game: &G,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, AiError> {
    if game.outcome().is_some() {
        return Err(AiError::GameOver);
    }
    let out = run_engine(game, request, cancel, on_info)?;
    Ok(SearchResult {
        best_move: out.best_move.map(|m| game.move_text(m)),
        info: out.info,
        stats: out.stats,
        trap_set: out.trap_set,
    })
}

/// The engine configuration a request asks for, with the limits it will run under.
pub fn resolve(kind: GameKind, request: &SearchRequest) -> Result<EngineConfig, AiError> {
    let mut config = match &request.engine {
        EngineSpec::Level(n) => levels::level(kind, *n)?,
        EngineSpec::Named(name) => EngineConfig::parse(name)?,
    };
    config.limits = match &request.engine {
        EngineSpec::Level(_) => config.limits.stricter(&request.limits),
        EngineSpec::Named(_) if request.limits.is_empty() => config.limits,
        EngineSpec::Named(_) => request.limits.clone(),
    };
    config.search.threads = request.threads.max(1);
    Ok(config)
}

/// Runs the engine a request names on a typed game.
pub fn run_engine<G: GameAi>(
    game: &G,
    request: &SearchRequest,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchOutput<G::Move>, AiError> {
    let config = resolve(G::KIND, request)?;
    run_config(game, &config, request.seed, cancel, on_info)
}

thread_local! {
    /// The last MCTS tree searched on this thread, kept for the next move of the same game.
    static MCTS_TREE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// This thread's transposition table, kept between searches (the AI pool's threads each
    /// keep one): the next move of a game starts from what the last search stored. Searches
    /// that score positions differently keep apart by their salt; entries of earlier searches
    /// are the first replaced, so a new game pushes out an old one.
    static TABLE: RefCell<Option<Arc<TranspositionTable>>> = const { RefCell::new(None) };
}

/// This thread's kept transposition table of `mib` MiB (a new one if the size changed).
pub fn kept_table(mib: usize) -> Arc<TranspositionTable> {
    TABLE.with(|cell| {
        let mut slot = cell.borrow_mut();
        match slot.as_ref() {
            Some(tt) if tt.bytes() == TranspositionTable::new_size(mib) => tt.clone(),
            _ => {
                let tt = Arc::new(TranspositionTable::new(mib));
                *slot = Some(tt.clone());
                tt
            }
        }
    })
}

/// Forgets what this thread's searches kept (its table and MCTS tree), as at a new game.
pub fn forget_kept_searches() {
    TABLE.with(|cell| {
        if let Some(tt) = cell.borrow().as_ref() {
            tt.clear();
        }
    });
    MCTS_TREE.with(|cell| *cell.borrow_mut() = None);
}

/// Runs an engine configuration on a typed game.
pub fn run_config<G: GameAi>(
    game: &G,
    config: &EngineConfig,
    seed: u64,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchOutput<G::Move>, AiError> {
    let eval = config_evaluator::<G>(config)?;
    Ok(run_with_evaluator(
        game,
        config,
        eval.as_ref(),
        seed,
        cancel,
        on_info,
    ))
}

/// The evaluation a configuration names: the game's default (or the weights installed with
/// [`tuned::install`], when there are any) if it names none or the default by name. MCTS keeps
/// the weights in the code: the tuner plays depth-limited searches, and MCTS reads the
/// evaluation through a logistic scaled for those weights (Bagh Chal's tuned ones measured
/// -42 Elo [-86, +1] there, docs/RESEARCH.md).
pub fn config_evaluator<G: GameAi>(
    config: &EngineConfig,
) -> Result<Arc<dyn Evaluator<G>>, AiError> {
    let default_name = G::EVALUATIONS.first().map(|e| e.name);
    if (config.eval.is_none() || config.eval.as_deref() == default_name)
        && config.algorithm != engines::Algorithm::Mcts
        && let Some(eval) = tuned::installed::<G>()
    {
        return Ok(eval);
    }
    match &config.eval {
        Some(name) => G::evaluator(name),
        None => game_ai::default_evaluator::<G>(),
    }
    .map(Arc::from)
    .ok_or_else(|| AiError::UnknownEvaluation {
        game: G::KIND.name().to_owned(),
        eval: config.eval.clone().unwrap_or_default(),
    })
}

/// Runs an engine configuration with a given evaluation (the research tools' own weights).
pub fn run_with_evaluator<G: GameAi>(
    game: &G,
    config: &EngineConfig,
    eval: &dyn Evaluator<G>,
    seed: u64,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput<G::Move> {
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
            let tt = kept_table(search.hash_mib);
            Searcher::with_table(game, eval, search, control, tt, salt).run_parallel(on_info)
        }
        Algorithm::Mcts => MCTS_TREE.with(|cell| {
            let mut slot = cell.borrow_mut();
            let mut tree = match slot.take().map(|b| b.downcast::<Mcts<G>>()) {
                Some(Ok(tree)) => tree,
                _ => Box::new(Mcts::<G>::new()),
            };
            let out = tree.search(game, eval, &config.mcts, seed, control, on_info);
            *slot = Some(tree);
            out
        }),
    }
}

/// The evaluations a game offers, ours first.
pub fn evaluations(kind: GameKind) -> &'static [EvalInfo] {
    match kind {
        GameKind::BaghChal => BaghChal::EVALUATIONS,
        GameKind::Kalah => Kalah::EVALUATIONS,
        GameKind::Jungle => Jungle::EVALUATIONS,
        GameKind::SholoGuti => SholoGuti::EVALUATIONS,
    }
}

#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod tests;
