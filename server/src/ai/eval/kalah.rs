//! Kalah's evaluations and move hints (placeholder until the game lands on main).

use chaupal_shared::kalah::Kalah;

use crate::ai::game_ai::{EvalInfo, Evaluator, GameAi};
use crate::ai::value::Value;

/// The evaluations offered, ours first.
pub const EVALUATIONS: &[EvalInfo] = &[
    EvalInfo {
        name: "chaupal",
        about: "store difference, seeds on each side, extra-turn and capture potential (ours)",
    },
    EvalInfo {
        name: "eval1",
        about: "seed 001 evaluation function 1 (all own houses empty)",
    },
    EvalInfo {
        name: "eval2",
        about: "seed 001 evaluation function 2 (store difference)",
    },
    EvalInfo {
        name: "eval3",
        about: "seed 001 evaluation function 3 (store ratio)",
    },
    EvalInfo {
        name: "eval4",
        about: "seed 001 evaluation function 4 (house-by-house values)",
    },
];

/// Until the rules land: every position is level.
#[derive(Debug)]
struct Level;

impl Evaluator<Kalah> for Level {
    fn evaluate(&self, _game: &Kalah) -> Value {
        0
    }
}

impl GameAi for Kalah {
    const EVALUATIONS: &'static [EvalInfo] = EVALUATIONS;

    fn evaluator(name: &str) -> Option<Box<dyn Evaluator<Self>>> {
        EVALUATIONS
            .iter()
            .any(|e| e.name == name)
            .then(|| Box::new(Level) as Box<dyn Evaluator<Self>>)
    }
}
