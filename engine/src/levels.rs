//! The eight levels players choose from, per game: from a random mover to the full search. Each
//! level is a named engine configuration with its own depth, time or playout budget; the table
//! in docs/AI.md is this one.

use std::time::Duration;

use chaupal_shared::GameKind;

use super::engines::EngineConfig;
use super::{AiError, SearchLimits};

/// One level: an engine name and its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// `ALGORITHM[:EVALUATION]`.
    pub engine: &'static str,
    pub depth: Option<u32>,
    pub time_ms: Option<u64>,
    /// Playouts (MCTS) or nodes.
    pub nodes: Option<u64>,
    /// What the level is for, for people.
    pub purpose: &'static str,
}

impl LevelSpec {
    const fn depth(engine: &'static str, depth: u32, purpose: &'static str) -> Self {
        LevelSpec {
            engine,
            depth: Some(depth),
            time_ms: None,
            nodes: None,
            purpose,
        }
    }
    const fn time(engine: &'static str, time_ms: u64, purpose: &'static str) -> Self {
        LevelSpec {
            engine,
            depth: None,
            time_ms: Some(time_ms),
            nodes: None,
            purpose,
        }
    }
    const fn playouts(engine: &'static str, nodes: u64, purpose: &'static str) -> Self {
        LevelSpec {
            engine,
            depth: None,
            time_ms: None,
            nodes: Some(nodes),
            purpose,
        }
    }

    /// The engine and its budget in a few words.
    pub fn describe(&self) -> String {
        let budget = match (self.depth, self.time_ms, self.nodes) {
            (Some(d), _, _) => format!(" depth {d}"),
            (_, Some(t), _) => format!(" {t} ms"),
            (_, _, Some(n)) => format!(" {n} playouts"),
            _ => String::new(),
        };
        format!("{}{budget}", self.engine)
    }

    /// The engine configuration of this level.
    pub fn config(&self) -> Result<EngineConfig, AiError> {
        let mut config = EngineConfig::parse(self.engine)?;
        config.limits = SearchLimits {
            depth: self.depth,
            time: self.time_ms.map(Duration::from_millis),
            nodes: self.nodes,
        };
        Ok(config)
    }
}

const RANDOM: &str = "learning the rules: any legal move";
const GREEDY: &str = "first games: takes whatever is on offer, sees no reply";
const BASELINE_SHALLOW: &str = "beginners: a published agent looking two plies ahead";
const BASELINE_FULL: &str = "casual players: a published agent at the depth its report used";
const OURS_SHALLOW: &str = "improving players: our evaluation, shallow full search";
const MCTS: &str = "club players: Monte Carlo tree search, a different style";
const STRONG: &str = "strong players: the full search, one second a move";
const FULL: &str = "full strength: the full search with all the time it is given";

/// What differs between the games' level tables: the published agents (baselines) of levels
/// 2 to 4, the depth of level 5, and the engine of levels 7 and 8.
struct GameLevels {
    greedy: &'static str,
    baseline_shallow: (&'static str, u32),
    baseline_full: (&'static str, u32),
    ours_depth: u32,
    strong: &'static str,
}

/// The eight levels, the same steps in every game.
const fn levels(g: GameLevels) -> [LevelSpec; 8] {
    [
        LevelSpec::depth("random", 1, RANDOM),
        LevelSpec::depth(g.greedy, 1, GREEDY),
        LevelSpec::depth(g.baseline_shallow.0, g.baseline_shallow.1, BASELINE_SHALLOW),
        LevelSpec::depth(g.baseline_full.0, g.baseline_full.1, BASELINE_FULL),
        LevelSpec::depth("pvs", g.ours_depth, OURS_SHALLOW),
        LevelSpec::playouts("mcts", 20_000, MCTS),
        LevelSpec::time(g.strong, 1000, STRONG),
        LevelSpec::time(g.strong, 3000, FULL),
    ]
}

const BAGHCHAL: [LevelSpec; 8] = levels(GameLevels {
    greedy: "greedy:features",
    baseline_shallow: ("negamax:captures", 2),
    baseline_full: ("negamax:features", 4),
    ours_depth: 4,
    strong: "pvs",
});

const KALAH: [LevelSpec; 8] = levels(GameLevels {
    greedy: "greedy:store-difference",
    baseline_shallow: ("minimax-ab:store-ratio", 2),
    baseline_full: ("alphabeta:store-difference", 4),
    ours_depth: 6,
    strong: "pvs",
});

const JUNGLE: [LevelSpec; 8] = levels(GameLevels {
    greedy: "greedy:material",
    baseline_shallow: ("alphabeta:one-table", 2),
    baseline_full: ("alphabeta:square-tables", 4),
    ours_depth: 4,
    // The Jungle paper's evaluation under our search measured stronger than ours so far
    // (docs/AI.md, "Evaluations").
    strong: "pvs:square-tables",
});

const SHOLO_GUTI: [LevelSpec; 8] = levels(GameLevels {
    greedy: "greedy:piece-count",
    baseline_shallow: ("minimax:piece-count", 2),
    baseline_full: ("alphabeta:piece-count", 4),
    ours_depth: 4,
    strong: "pvs",
});

/// The eight levels of a game, weakest first.
pub fn table(kind: GameKind) -> &'static [LevelSpec; 8] {
    match kind {
        GameKind::BaghChal => &BAGHCHAL,
        GameKind::Kalah => &KALAH,
        GameKind::Jungle => &JUNGLE,
        GameKind::SholoGuti => &SHOLO_GUTI,
    }
}

/// Level `n` (1..=8) of a game.
pub fn level(kind: GameKind, n: u8) -> Result<EngineConfig, AiError> {
    match n {
        1..=7 => table(kind)[n as usize - 1].config(),
        8 => {
            // The top level alone uses the endgame databases inside its search.
            let mut config = table(kind)[7].config()?;
            config.search.tablebase = true;
            // And sets traps, in the games that ask for them.
            config.search.traps = true;
            Ok(config)
        }
        _ => Err(AiError::BadLevel(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_of_every_game_names_a_real_engine_and_evaluation() {
        for kind in GameKind::ALL {
            let evals = super::super::evaluations(kind);
            for n in 1..=8 {
                let config = level(kind, n).unwrap();
                if let Some(e) = &config.eval {
                    assert!(
                        evals.iter().any(|x| x.name == e),
                        "{kind} level {n}: no evaluation {e}"
                    );
                }
            }
        }
        assert_eq!(level(GameKind::Kalah, 9), Err(AiError::BadLevel(9)));
    }
}
