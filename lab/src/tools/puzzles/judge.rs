//! The engine settings that judge checked puzzles ([`chaupal_engine::puzzles::checked`]): a
//! search at a fixed node budget, its score read as the side to move's chance to win on the
//! game's winning-chance curve.
//!
//! Two settings must agree on every checked puzzle: the full search with the project's own
//! evaluation, and the full search with another evaluation of the game (a seed's). A third,
//! much cheaper, only scouts: a position its quick look finds no only move in is not judged
//! deeply at all.

use std::sync::atomic::AtomicBool;

use chaupal_engine::analysis::winning_chance;
use chaupal_engine::game_ai::GameAi;
use chaupal_engine::puzzles::checked::Judge;
use chaupal_engine::{Engine, EngineSpec, Memory, Played, SearchLimits, SearchRequest};
use chaupal_rules::{AnyGame, GameKind};

/// The second setting's evaluation, per game: one of the seeds' (see `chaupal bestmove
/// --engine help`).
pub fn second_evaluation(kind: GameKind) -> &'static str {
    match kind {
        GameKind::BaghChal => "features",
        GameKind::Kalah => "store-difference",
        GameKind::Jungle => "square-tables",
        GameKind::SholoGuti => "piece-count",
    }
}

/// One engine setting as a judge.
pub struct EngineJudge<'e> {
    engine: &'e Engine,
    request: SearchRequest,
    memory: Memory,
    /// Positions judged.
    pub searches: u64,
}

impl<'e> EngineJudge<'e> {
    /// The full search (`pvs`) with `evaluation` (none: the game's own), `nodes` a position.
    pub fn new(engine: &'e Engine, evaluation: Option<&str>, nodes: u64) -> EngineJudge<'e> {
        let name = match evaluation {
            Some(e) => format!("pvs:{e}"),
            None => "pvs".to_owned(),
        };
        let limits = SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        };
        EngineJudge {
            engine,
            request: SearchRequest::new(EngineSpec::Named(name), limits, 0),
            memory: Memory::default(),
            searches: 0,
        }
    }
}

impl<G: Played + GameAi> Judge<G> for EngineJudge<'_> {
    fn chance(&mut self, game: &G) -> Option<f64> {
        self.searches += 1;
        let cancel = AtomicBool::new(false);
        let result = self
            .engine
            .think(game, &self.request, &mut self.memory, &cancel, &mut |_| {})
            .ok()?;
        let score = result.info?.score;
        Some(winning_chance(score, G::WIN_SCALE))
    }
}

/// `judge`'s chance for the side to move of any game.
pub fn judge_any(judge: &mut EngineJudge<'_>, game: &AnyGame) -> Option<f64> {
    match game {
        AnyGame::BaghChal(g) => judge.chance(g),
        AnyGame::Kalah(g) => judge.chance(g),
        AnyGame::Jungle(g) => judge.chance(g),
        AnyGame::SholoGuti(g) => judge.chance(g),
    }
}
