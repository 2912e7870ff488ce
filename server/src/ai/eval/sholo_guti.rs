//! SholoGuti's evaluations and move hints (placeholder until the game lands on main).

use chaupal_shared::sholo_guti::SholoGuti;

use crate::ai::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::ai::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "material, mobility, capture threats, centre and triangle control (ours)",
    },
    EvalInfo {
        name: "seed002",
        about: "seed 002's piece difference",
    },
];

/// Until the rules land: every position is level.
#[derive(Debug)]
struct Level;

impl Evaluator<SholoGuti> for Level {
    fn evaluate(&self, _game: &SholoGuti) -> Value {
        0
    }
}

impl GameAi for SholoGuti {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        EVALUATIONS
            .iter()
            .any(|e| e.name == name)
            .then(|| Box::new(Level) as Box<dyn Evaluator<Self>>)
    }
}
