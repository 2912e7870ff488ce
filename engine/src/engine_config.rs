//! Named engine configurations: an algorithm, an evaluation and default limits, written
//! `ALGORITHM[:EVALUATION]` (`alphabeta:store-ratio`, `pvs`, `mcts:features`). `--engine help` prints
//! the catalogue of [`crate::catalogue`].

use std::time::Duration;

use super::mcts::MctsConfig;
use super::request::{AiError, SearchLimits};
use super::search::SearchConfig;

/// What a draw costs the full searches, in hundredths: enough to keep a stronger side from
/// drifting into repetition (seed 004's contempt factor), too little to prefer a real loss.
pub(crate) const DEFAULT_CONTEMPT: i32 = 30;

/// A search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    Random,
    Greedy,
    Minimax,
    MinimaxAb,
    AlphaBeta,
    Negamax,
    NegamaxTt,
    Pvs,
    Mcts,
}

impl Algorithm {
    /// Every algorithm, weakest idea first.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Random,
        Algorithm::Greedy,
        Algorithm::Minimax,
        Algorithm::MinimaxAb,
        Algorithm::AlphaBeta,
        Algorithm::Negamax,
        Algorithm::NegamaxTt,
        Algorithm::Pvs,
        Algorithm::Mcts,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Greedy => "greedy",
            Algorithm::Minimax => "minimax",
            Algorithm::MinimaxAb => "minimax-ab",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Negamax => "negamax",
            Algorithm::NegamaxTt => "negamax-tt",
            Algorithm::Pvs => "pvs",
            Algorithm::Mcts => "mcts",
        }
    }

    pub const fn about(self) -> &'static str {
        match self {
            Algorithm::Random => "a legal move chosen at random from the seed (seed 000's easy AI)",
            Algorithm::Greedy => "the move whose position evaluates best, one ply (seed 002)",
            Algorithm::Minimax => "plain minimax to a fixed depth, no pruning (seeds 001, 002)",
            Algorithm::MinimaxAb => {
                "MINIMAX-A-B with use/pass thresholds, Rich and Knight (seed 001), fixed depth"
            }
            Algorithm::AlphaBeta => "textbook alpha-beta, max and min levels (seeds 002, 003)",
            Algorithm::Negamax => "negamax with alpha-beta, no table or ordering (seeds 000, 004)",
            Algorithm::NegamaxTt => {
                "iterative negamax with transposition table, killers, history, no PVS"
            }
            Algorithm::Pvs => {
                "the full search: iterative deepening, PVS, table, killers, history, quiescence"
            }
            Algorithm::Mcts => "Monte Carlo tree search: UCT, epsilon-greedy rollouts (seed 004)",
        }
    }

    /// The limits used when neither the request nor a level sets any.
    pub(crate) fn default_limits(self) -> SearchLimits {
        match self {
            Algorithm::Random | Algorithm::Greedy => SearchLimits::default(),
            Algorithm::Minimax => SearchLimits {
                depth: Some(3),
                ..SearchLimits::default()
            },
            Algorithm::MinimaxAb | Algorithm::AlphaBeta | Algorithm::Negamax => SearchLimits {
                depth: Some(4),
                ..SearchLimits::default()
            },
            Algorithm::NegamaxTt | Algorithm::Pvs | Algorithm::Mcts => SearchLimits {
                time: Some(Duration::from_millis(1000)),
                ..SearchLimits::default()
            },
        }
    }
}

/// A complete engine configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    pub algorithm: Algorithm,
    /// The evaluation's name; `None` for the game's own default.
    pub eval: Option<String>,
    /// Limits used where the request sets none.
    pub limits: SearchLimits,
    pub search: SearchConfig,
    pub mcts: MctsConfig,
    /// Plays like a careless human (the low levels, `mistakes` module): every root move is
    /// scored to the depth limit and one drawn at random, weighted by `exp(-loss / T)`, with
    /// T this percentage of the game's win scale. `None`: the algorithm's own best move.
    pub mistakes: Option<u32>,
    /// A careless move now and then (the upper levels below the top, `mistakes::slips`): this
    /// percentage of moves, chosen by the seed and the position, is played as a novice would
    /// play it instead of by the algorithm. `None`: never.
    pub slips: Option<u32>,
}

impl EngineConfig {
    /// An algorithm with its defaults.
    pub fn new(algorithm: Algorithm) -> Self {
        let search = match algorithm {
            Algorithm::NegamaxTt => SearchConfig {
                pvs: false,
                quiescence: false,
                contempt: DEFAULT_CONTEMPT,
                ..SearchConfig::default()
            },
            Algorithm::Pvs => SearchConfig {
                contempt: DEFAULT_CONTEMPT,
                play_for_win: true,
                late_move_reductions: true,
                ..SearchConfig::default()
            },
            _ => SearchConfig::default(),
        };
        EngineConfig {
            algorithm,
            eval: None,
            limits: algorithm.default_limits(),
            search,
            mcts: MctsConfig::default(),
            mistakes: None,
            slips: None,
        }
    }

    /// Reads `ALGORITHM[:EVALUATION]`.
    pub fn parse(name: &str) -> Result<Self, AiError> {
        let (algo, eval) = match name.split_once(':') {
            Some((a, e)) => (a, Some(e)),
            None => (name, None),
        };
        let algorithm = Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == algo)
            .ok_or_else(|| AiError::UnknownEngine(name.to_owned()))?;
        let mut config = EngineConfig::new(algorithm);
        config.eval = eval.filter(|e| !e.is_empty()).map(str::to_owned);
        Ok(config)
    }

    /// The name this configuration is written as.
    pub fn name(&self) -> String {
        match &self.eval {
            Some(e) => format!("{}:{e}", self.algorithm.name()),
            None => self.algorithm.name().to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names_parse_with_and_without_an_evaluation() {
        let e = EngineConfig::parse("alphabeta:store-ratio").unwrap();
        assert_eq!(e.algorithm, Algorithm::AlphaBeta);
        assert_eq!(e.eval.as_deref(), Some("store-ratio"));
        assert_eq!(e.name(), "alphabeta:store-ratio");
        assert_eq!(EngineConfig::parse("mcts").unwrap().eval, None);
        assert!(EngineConfig::parse("deep-blue").is_err());
        for a in Algorithm::ALL {
            assert_eq!(EngineConfig::parse(a.name()).unwrap().algorithm, a);
        }
    }
}
