//! BaghChal's evaluations and move hints (placeholder until the game lands on main).

use chaupal_shared::baghchal::BaghChal;

use crate::ai::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::ai::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "seed 004's features with our weights and phase terms (ours)",
    },
    EvalInfo {
        name: "seed004",
        about: "seed 004's features and weights (captures, threats, mobility, traps, goats, inaccessible points)",
    },
    EvalInfo {
        name: "seed000",
        about: "goats captured only, as seed 000's tiger counted them",
    },
];

/// Until the rules land: every position is level.
#[derive(Debug)]
struct Level;

impl Evaluator<BaghChal> for Level {
    fn evaluate(&self, _game: &BaghChal) -> Value {
        0
    }
}

impl GameAi for BaghChal {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        EVALUATIONS
            .iter()
            .any(|e| e.name == name)
            .then(|| Box::new(Level) as Box<dyn Evaluator<Self>>)
    }
}
