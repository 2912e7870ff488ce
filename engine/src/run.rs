//! Running an engine on a game whose type is known: the request resolved into an engine
//! configuration (a level's, or a named engine's), the evaluation chosen, and the algorithm
//! run with what the engine holds for the game ([`Resources`]) and what earlier searches kept
//! ([`Kept`]). [`think`] is what a player's move is: perfect play first, then the search.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chaupal_rules::GameKind;

use crate::algorithms::{self, SearchInputs};
use crate::engine_config::{Algorithm, EngineConfig};
use crate::game_ai::{self, Evaluator, GameAi};
use crate::levels;
use crate::memory::Kept;
use crate::mistakes;
use crate::model_opponent;
use crate::perfect::probe::{Probe, Resources, SearchLayer};
use crate::request::{AiError, EngineSpec, SearchInfo, SearchLimits, SearchRequest, SearchResult};
use crate::search::SearchOutput;

/// One move of a player: the perfect player of the game, when there is one and it answers;
/// else the search the request names.
pub fn think<G: GameAi>(
    game: &G,
    request: &SearchRequest,
    res: &Resources<G>,
    kept: &mut Kept<G>,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, AiError> {
    if game.outcome().is_some() {
        return Err(AiError::GameOver);
    }
    let Some(perfect) = &res.perfect else {
        return search_game(game, request, res, kept, cancel, on_info);
    };
    let probe = {
        let mut lent = LentSearch {
            game,
            res,
            kept,
            cancel,
        };
        perfect.play(game, request, &mut lent, cancel, on_info)?
    };
    match probe {
        Probe::Played(result) => Ok(result),
        Probe::Search(rest) => search_game(game, &rest, res, kept, cancel, on_info),
    }
}

/// What [`think`] lends the perfect player of `game` (perfect play stands below the search and
/// names none of it): the limits a request resolves to, the search of `game` with the game's
/// resources and what earlier searches kept, and the plain searches the Bagh Chal lures model.
pub(crate) struct LentSearch<'a, G: GameAi> {
    pub(crate) game: &'a G,
    pub(crate) res: &'a Resources<G>,
    pub(crate) kept: &'a mut Kept<G>,
    pub(crate) cancel: &'a AtomicBool,
}

impl<G: GameAi> SearchLayer<G> for LentSearch<'_, G> {
    fn limits(&self, request: &SearchRequest) -> Result<SearchLimits, AiError> {
        Ok(resolve(G::KIND, request)?.limits)
    }

    fn search(&mut self, request: &SearchRequest) -> Result<SearchResult, AiError> {
        search_game(
            self.game,
            request,
            self.res,
            self.kept,
            self.cancel,
            &mut |_| {},
        )
    }

    fn plain_reply(&self, game: &G, depth: u32) -> Option<G::Move> {
        model_opponent::reply(game, depth)
    }
}

/// The search a request names, without perfect play, with its move in notation.
pub(crate) fn search_game<G: GameAi>(
    game: &G,
    request: &SearchRequest,
    res: &Resources<G>,
    kept: &mut Kept<G>,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, AiError> {
    if game.outcome().is_some() {
        return Err(AiError::GameOver);
    }
    let out = run_engine(game, request, res, kept, cancel, on_info)?;
    Ok(SearchResult {
        best_move: out.best_move.map(|m| game.move_text(m)),
        info: out.info,
        stats: out.stats,
        trap_set: out.trap_set,
    })
}

/// The engine configuration a request asks for, with the limits it will run under.
pub(crate) fn resolve(kind: GameKind, request: &SearchRequest) -> Result<EngineConfig, AiError> {
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
    if request.slips.is_some() {
        config.slips = request.slips;
    }
    Ok(config)
}

/// Runs the engine a request names on a typed game.
pub fn run_engine<G: GameAi>(
    game: &G,
    request: &SearchRequest,
    res: &Resources<G>,
    kept: &mut Kept<G>,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchOutput<G::Move>, AiError> {
    let config = resolve(G::KIND, request)?;
    run_config(game, &config, request.seed, res, kept, cancel, on_info)
}

/// Runs an engine configuration on a typed game.
pub(crate) fn run_config<G: GameAi>(
    game: &G,
    config: &EngineConfig,
    seed: u64,
    res: &Resources<G>,
    kept: &mut Kept<G>,
    cancel: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchOutput<G::Move>, AiError> {
    let eval = config_evaluator::<G>(config, res.tuned.as_ref())?;
    let inputs = SearchInputs {
        config,
        eval: eval.as_ref(),
        seed,
        endgame: res.endgame.as_ref(),
        cancel,
    };
    Ok(run_with_evaluator(game, &inputs, kept, on_info))
}

/// The evaluation a configuration names: the game's default (or the `tuned` one, when there
/// is one) if it names none or the default by name. MCTS keeps the weights in the code: the
/// tuner plays depth-limited searches, and MCTS reads the evaluation through a logistic scaled
/// for those weights (Bagh Chal's tuned ones measured -42 Elo [-86, +1] there, docs/RESEARCH.md).
pub fn config_evaluator<G: GameAi>(
    config: &EngineConfig,
    tuned: Option<&Arc<dyn Evaluator<G>>>,
) -> Result<Arc<dyn Evaluator<G>>, AiError> {
    let default_name = G::EVALUATIONS.first().map(|e| e.name);
    if (config.eval.is_none() || config.eval.as_deref() == default_name)
        && config.algorithm != Algorithm::Mcts
        && let Some(eval) = tuned
    {
        return Ok(eval.clone());
    }
    match &config.eval {
        Some(name) => game_ai::evaluator_named::<G>(name),
        None => game_ai::default_evaluator::<G>(),
    }
    .map(Arc::from)
    .ok_or_else(|| AiError::UnknownEvaluation {
        game: G::KIND.name().to_owned(),
        eval: config.eval.clone().unwrap_or_default(),
    })
}

/// Runs an engine configuration with a given evaluation (the research tools' own weights):
/// its careless mistakes and slips, when it makes any, else its algorithm as it is.
pub fn run_with_evaluator<G: GameAi>(
    game: &G,
    inputs: &SearchInputs<'_, G>,
    kept: &mut Kept<G>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput<G::Move> {
    let config = inputs.config;
    if let Some(percent) = config.slips
        && config.algorithm != Algorithm::Random
        && mistakes::slips_now(inputs.seed, game.hash(), percent)
    {
        let careless = mistakes::slip_config(config);
        let inputs = SearchInputs {
            config: &careless,
            ..*inputs
        };
        return mistakes::choose(game, &inputs, mistakes::SLIP_TEMPERATURE, kept, on_info);
    }
    if let Some(percent) = config.mistakes
        && config.algorithm != Algorithm::Random
    {
        return mistakes::choose(game, inputs, percent, kept, on_info);
    }
    algorithms::run_algorithm(game, inputs, kept, on_info)
}

#[cfg(test)]
pub(crate) mod testing {
    //! What the tests of perfect play lend a perfect player in place of [`think`](super::think).

    use super::*;

    /// Runs `f` with what [`think`](super::think) lends a perfect player of `game`, without the
    /// engine's resources and with nothing kept: the ordinary search as the tests run it.
    pub(crate) fn with_search<G: GameAi, R>(
        game: &G,
        f: impl FnOnce(&mut LentSearch<'_, G>) -> R,
    ) -> R {
        let res = Resources::default();
        let mut kept = Kept::default();
        let cancel = AtomicBool::new(false);
        f(&mut LentSearch {
            game,
            res: &res,
            kept: &mut kept,
            cancel: &cancel,
        })
    }

    /// What a perfect player that must not search is lent: the limits as [`think`](super::think)
    /// resolves them; a search or a plain reply panics.
    pub(crate) struct NoSearch;

    impl<G: GameAi> SearchLayer<G> for NoSearch {
        fn limits(&self, request: &SearchRequest) -> Result<SearchLimits, AiError> {
            Ok(resolve(G::KIND, request)?.limits)
        }

        fn search(&mut self, _: &SearchRequest) -> Result<SearchResult, AiError> {
            panic!("this perfect player never searches")
        }

        fn plain_reply(&self, _: &G, _: u32) -> Option<G::Move> {
            panic!("this perfect player models no opponent")
        }
    }
}
