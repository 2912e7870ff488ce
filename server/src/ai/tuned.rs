//! Evaluation weights loaded at start-up (the tuner's output, `weights/GAME.json`): one
//! evaluation per game installed here replaces the game's default evaluation for every
//! depth-limited engine and level that uses the default (MCTS keeps the code's weights, see
//! `ai::config_evaluator`). The weights are read by `research::weights`; this module
//! only keeps the evaluation built from them.

use std::any::Any;
use std::sync::{Arc, RwLock};

use chaupal_shared::GameKind;

use super::game_ai::{Evaluator, GameAi};

type Installed = Vec<(GameKind, Arc<dyn Any + Send + Sync>)>;

static INSTALLED: RwLock<Installed> = RwLock::new(Vec::new());

/// Makes `eval` the default evaluation of game `G` from now on.
pub fn install<G: GameAi>(eval: Arc<dyn Evaluator<G>>) {
    let mut all = INSTALLED.write().unwrap_or_else(|e| e.into_inner());
    all.retain(|(kind, _)| *kind != G::KIND);
    all.push((G::KIND, Arc::new(eval)));
}

/// The evaluation installed for game `G`, if any.
pub fn installed<G: GameAi>() -> Option<Arc<dyn Evaluator<G>>> {
    let all = INSTALLED.read().unwrap_or_else(|e| e.into_inner());
    all.iter()
        .find(|(kind, _)| *kind == G::KIND)
        .and_then(|(_, any)| any.downcast_ref::<Arc<dyn Evaluator<G>>>())
        .cloned()
}
