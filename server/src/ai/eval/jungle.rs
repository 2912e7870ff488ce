//! Jungle's evaluations and move hints (placeholder until the game lands on main).

use chaupal_shared::jungle::Jungle;

use crate::ai::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::ai::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "piece values, square tables, den distance, menaced pieces, trap and river control (ours)",
    },
    EvalInfo {
        name: "seed003",
        about: "seed 003's final evaluation (per-animal square tables and the menaced penalty)",
    },
    EvalInfo {
        name: "seed003-basic",
        about: "seed 003's first evaluation (piece values and one square table)",
    },
    EvalInfo {
        name: "material",
        about: "piece values only",
    },
];

/// Until the rules land: every position is level.
#[derive(Debug)]
struct Level;

impl Evaluator<Jungle> for Level {
    fn evaluate(&self, _game: &Jungle) -> Value {
        0
    }
}

impl GameAi for Jungle {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        EVALUATIONS
            .iter()
            .any(|e| e.name == name)
            .then(|| Box::new(Level) as Box<dyn Evaluator<Self>>)
    }
}
