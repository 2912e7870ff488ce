//! The eight levels players choose from, per game: one engine, the full search with the game's
//! evaluation, made weaker below the top by a shallower search or fewer nodes, at the lower
//! levels by the mistakes a careless human makes and at some upper ones by a careless move now
//! and then (the `mistakes` module). Level 8 searches the nodes an idle core searches in three
//! seconds, with time only as a ceiling, so that it plays the same on a loaded server as on an
//! idle one; levels 1 to 7 are each game's own rungs ([`Rung`]), laid to the range of strength
//! the game has so that each level shows above the one below. The table in docs/AI.md is this
//! one.

use std::time::Duration;

use chaupal_rules::GameKind;

use super::engine_config::EngineConfig;
use super::request::{AiError, SearchLimits};

/// One level: an engine name and its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// `ALGORITHM[:EVALUATION]`.
    pub engine: &'static str,
    pub depth: Option<u32>,
    /// The most time a move may take (a ceiling: the level is its depth or nodes).
    pub time_ms: Option<u64>,
    /// Nodes a move searches (MCTS: playouts).
    pub nodes: Option<u64>,
    /// The careless player's temperature, percent of the game's win scale (`mistakes`).
    pub mistakes: Option<u32>,
    /// The percentage of moves played carelessly, as a novice would (`mistakes::slips_now`).
    pub slips: Option<u32>,
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
            mistakes: None,
            slips: None,
            purpose,
        }
    }
    const fn careless(
        engine: &'static str,
        depth: u32,
        percent: u32,
        purpose: &'static str,
    ) -> Self {
        LevelSpec {
            mistakes: Some(percent),
            ..LevelSpec::depth(engine, depth, purpose)
        }
    }
    const fn nodes(engine: &'static str, nodes: u64, time_ms: u64, purpose: &'static str) -> Self {
        LevelSpec {
            engine,
            depth: None,
            time_ms: Some(time_ms),
            nodes: Some(nodes),
            mistakes: None,
            slips: None,
            purpose,
        }
    }

    /// The engine and its budget in a few words.
    pub fn describe(&self) -> String {
        let mut text = self.engine.to_owned();
        if let Some(d) = self.depth {
            text.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.nodes {
            text.push_str(&format!(" {} nodes", thousands(n)));
        }
        if let Some(t) = self.time_ms {
            text.push_str(&format!(" (at most {t} ms)"));
        }
        if let Some(m) = self.mistakes {
            text.push_str(&format!(", mistakes {m}%"));
        }
        if let Some(p) = self.slips {
            text.push_str(&format!(", a careless move in {p}%"));
        }
        text
    }

    /// This level, playing `percent` of its moves carelessly (none at 0).
    const fn slipping(self, percent: u32) -> Self {
        LevelSpec {
            slips: if percent == 0 { None } else { Some(percent) },
            ..self
        }
    }

    /// The engine configuration of this level.
    pub fn config(&self) -> Result<EngineConfig, AiError> {
        let mut config = EngineConfig::parse(self.engine)?;
        config.limits = SearchLimits {
            depth: self.depth,
            time: self.time_ms.map(Duration::from_millis),
            nodes: self.nodes,
        };
        config.mistakes = self.mistakes;
        config.slips = self.slips;
        Ok(config)
    }
}

/// `1234567` as `1 234 567`, as the docs write counts (also the lab's tables).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Who each level is for, the same in every game; how it searches is the game's own.
const FOR: [&str; 8] = [
    "beginners",
    "novices",
    "casual players",
    "improving players",
    "club players",
    "strong club players",
    "experts",
    "full strength: solved databases and traps",
];

/// How one of levels 1 to 7 of a game searches. Level 8 is the same in every game: three
/// seconds' nodes with the databases and traps.
#[derive(Clone, Copy, Debug)]
enum Rung {
    /// A legal move at random: a player who has just learnt the rules.
    Random,
    /// The search to a depth, choosing carelessly at this temperature (percent of the game's
    /// win scale, `mistakes`) or, with `None`, not.
    Depth(u32, Option<u32>),
    /// The search for a share of the nodes an idle core searches in a second, in thirds (1: a
    /// third of a second, 3: one second), playing this percentage of its moves carelessly
    /// (`mistakes::slips_now`; 0: none).
    Nodes(u64, u32),
}

/// What differs between the games' level tables: the engine, the nodes an idle core searches
/// in one second with it (`chaupal bestmove GAME --engine E --time-ms 1000` from the start and
/// a middle-game position, docs/AI.md "Levels"), and how levels 1 to 7 search. Each game's
/// ladder is laid to the range of strength the game has, so that each level shows above the
/// one below in their own games (docs/AI.md "Calibrated ratings").
struct GameLevels {
    engine: &'static str,
    nodes_per_second: u64,
    rungs: [Rung; 7],
}

/// The longest any level thinks about a move: level 8's ceiling, half as long again as the three
/// seconds its nodes take on an idle core. A server's budget per move should not be shorter.
pub const LONGEST_MOVE_MS: u64 = 4_500;

/// A node-limited level's ceiling per third of a second of nodes: half as long again.
const CEILING_MS_PER_THIRD: u64 = 500;

/// The eight levels of a game.
const fn levels(g: GameLevels) -> [LevelSpec; 8] {
    const fn rung(g: &GameLevels, i: usize) -> LevelSpec {
        let purpose = FOR[i];
        match g.rungs[i] {
            Rung::Random => LevelSpec {
                engine: "random",
                depth: None,
                time_ms: None,
                nodes: None,
                mistakes: None,
                slips: None,
                purpose,
            },
            Rung::Depth(depth, None) => LevelSpec::depth(g.engine, depth, purpose),
            Rung::Depth(depth, Some(percent)) => {
                LevelSpec::careless(g.engine, depth, percent, purpose)
            }
            Rung::Nodes(thirds, slips) => LevelSpec::nodes(
                g.engine,
                g.nodes_per_second * thirds / 3,
                CEILING_MS_PER_THIRD * thirds,
                purpose,
            )
            .slipping(slips),
        }
    }
    [
        rung(&g, 0),
        rung(&g, 1),
        rung(&g, 2),
        rung(&g, 3),
        rung(&g, 4),
        rung(&g, 5),
        rung(&g, 6),
        LevelSpec::nodes(g.engine, 3 * g.nodes_per_second, LONGEST_MOVE_MS, FOR[7]),
    ]
}

use Rung::{Depth, Nodes, Random};

/// Levels 1 to 3 of Kalah and Jungle: one, two and three plies, careless at 60, 30 and 12%
/// of the win scale.
const CARELESS: [Rung; 3] = [Depth(1, Some(60)), Depth(2, Some(30)), Depth(3, Some(12))];

const BAGHCHAL_LEVELS: GameLevels = GameLevels {
    engine: "pvs",
    nodes_per_second: 2_400_000,
    // Bagh Chal is a draw, and a search of six plies or more holds it against level 8's
    // perfect play in most games: from random moves to perfect play the game spans about
    // 1 200 Elo, so the ladder reaches only a four-ply search at level 7, which level 8 beats
    // (docs/AI.md "Calibrated ratings"; docs/journal/2026-12.md, 2026-12-06).
    rungs: [
        Random,
        Depth(1, Some(60)),
        Depth(2, Some(30)),
        Depth(3, Some(25)),
        Depth(3, Some(12)),
        Depth(4, Some(25)),
        Depth(4, None),
    ],
};

const KALAH_LEVELS: GameLevels = GameLevels {
    engine: "pvs",
    nodes_per_second: 2_200_000,
    // From random openings, searches deeper than about twelve plies no longer beat each
    // other (the openings' values decide), so levels 6 and 7 search to fixed depths and
    // level 8 (the solver) stays above them (docs/AI.md "Calibrated ratings").
    rungs: [
        CARELESS[0],
        CARELESS[1],
        CARELESS[2],
        Depth(4, None),
        Depth(6, None),
        Depth(8, None),
        Depth(10, None),
    ],
};

const JUNGLE_LEVELS: GameLevels = GameLevels {
    // The Jungle paper's evaluation under our search measured stronger than ours (docs/AI.md,
    // "Evaluations").
    engine: "pvs:square-tables",
    nodes_per_second: 1_800_000,
    // Without slips levels 7 and 8 drew every game; level 6 with its slips scored only 65%
    // (12-2-6) against a level 5 of depth 6, so level 5 searches depth 5, and level 4, below
    // it, is careless at depth 4 (depth 5 against depth 4 scored 62%: docs/AI.md "Calibrated
    // ratings").
    rungs: [
        CARELESS[0],
        CARELESS[1],
        CARELESS[2],
        Depth(4, Some(12)),
        Depth(5, None),
        Nodes(1, 10),
        Nodes(3, 5),
    ],
};

const SHOLO_GUTI_LEVELS: GameLevels = GameLevels {
    engine: "pvs",
    nodes_per_second: 1_600_000,
    // Searches of four to nine plies could not be told apart (most games between careful
    // players are drawn), while a third of a second's nodes beat depth 4 by 17 wins and 3
    // draws in 20 games: levels 1 to 5 are careless searches of one to three plies, and
    // levels 6 and 7 slip on 20% and 8% of their moves, without which levels 7 and 8 drew
    // nearly every game (docs/AI.md "Calibrated ratings").
    rungs: [
        Depth(1, Some(200)),
        Depth(1, Some(60)),
        Depth(2, Some(60)),
        Depth(2, Some(30)),
        Depth(3, Some(12)),
        Nodes(1, 20),
        Nodes(3, 8),
    ],
};

const BAGHCHAL: [LevelSpec; 8] = levels(BAGHCHAL_LEVELS);
const KALAH: [LevelSpec; 8] = levels(KALAH_LEVELS);
const JUNGLE: [LevelSpec; 8] = levels(JUNGLE_LEVELS);
const SHOLO_GUTI: [LevelSpec; 8] = levels(SHOLO_GUTI_LEVELS);

/// The eight levels of a game, weakest first.
pub fn table(kind: GameKind) -> &'static [LevelSpec; 8] {
    match kind {
        GameKind::BaghChal => &BAGHCHAL,
        GameKind::Kalah => &KALAH,
        GameKind::Jungle => &JUNGLE,
        GameKind::SholoGuti => &SHOLO_GUTI,
    }
}

/// The nodes an idle core searches in one second with a game's engine (what the node budgets
/// of levels 6 to 8 and of reviews are counted in).
pub fn nodes_per_second(kind: GameKind) -> u64 {
    match kind {
        GameKind::BaghChal => BAGHCHAL_LEVELS.nodes_per_second,
        GameKind::Kalah => KALAH_LEVELS.nodes_per_second,
        GameKind::Jungle => JUNGLE_LEVELS.nodes_per_second,
        GameKind::SholoGuti => SHOLO_GUTI_LEVELS.nodes_per_second,
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
            let evals = crate::eval::evaluations(kind);
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

    /// How strong a level's budget is, for ordering: a depth's plies and care (less careless
    /// is stronger), then nodes, then fewer slips.
    fn strength(l: &LevelSpec) -> (u64, u32, u64, i64) {
        let careless = l.mistakes.unwrap_or(0);
        let slips = i64::from(l.slips.unwrap_or(0));
        match l.nodes {
            None if l.engine == "random" => (0, 0, 0, 0),
            None => (0, l.depth.unwrap(), u64::from(1000 - careless), 0),
            Some(n) => (1, 0, n, -slips),
        }
    }

    #[test]
    fn each_level_searches_more_or_more_carefully_than_the_one_below_and_the_top_three_seconds() {
        for kind in GameKind::ALL {
            let t = table(kind);
            for pair in t.windows(2) {
                assert!(
                    strength(&pair[1]) > strength(&pair[0]),
                    "{kind}: {} after {}",
                    pair[1].describe(),
                    pair[0].describe()
                );
            }
            for (n, spec) in (1..=8).zip(t) {
                // Careless choices only at a depth, slips only in a search by nodes, whose
                // ceiling is half as long again as its nominal time.
                assert!(
                    spec.mistakes.is_none() || spec.nodes.is_none(),
                    "{kind} {n}"
                );
                assert!(spec.slips.is_none() || spec.nodes.is_some(), "{kind} {n}");
                if let Some(nodes) = spec.nodes {
                    let thirds = (nodes * 3).div_ceil(nodes_per_second(kind));
                    assert_eq!(nodes, nodes_per_second(kind) * thirds / 3, "{kind} {n}");
                    assert_eq!(spec.time_ms, Some(CEILING_MS_PER_THIRD * thirds), "{kind}");
                }
                assert_eq!(
                    level(kind, n).unwrap().slips,
                    spec.slips,
                    "{kind} level {n}"
                );
            }
            let top = &t[7];
            assert_eq!(top.nodes, Some(3 * nodes_per_second(kind)));
            assert_eq!(top.time_ms, Some(LONGEST_MOVE_MS));
            assert!(top.mistakes.is_none() && top.slips.is_none());
            assert_eq!(CEILING_MS_PER_THIRD * 9, LONGEST_MOVE_MS);
        }
    }

    #[test]
    fn a_search_limited_by_nodes_plays_the_same_on_a_loaded_machine() {
        use std::sync::atomic::{AtomicBool, Ordering};

        use chaupal_rules::Game;
        use chaupal_rules::jungle::Jungle;

        use crate::algorithms::{SearchInputs, run_algorithm};
        use crate::memory::Kept;

        // A small node budget under a ceiling it never reaches, as levels 6 to 8 are limited.
        let mut config = EngineConfig::parse("pvs:square-tables").unwrap();
        config.limits = SearchLimits {
            depth: None,
            time: Some(Duration::from_secs(60)),
            nodes: Some(40_000),
        };
        let game = Jungle::start(Default::default());
        let eval = crate::game_ai::evaluator_named::<Jungle>("square-tables").unwrap();
        let search = || {
            let cancel = AtomicBool::new(false);
            let inputs = SearchInputs {
                config: &config,
                eval: eval.as_ref(),
                seed: 1,
                endgame: None,
                cancel: &cancel,
            };
            let out = run_algorithm(&game, &inputs, &mut Kept::default(), &mut |_| {});
            (
                out.best_move.map(|m| game.move_text(m)),
                out.value,
                out.stats.nodes,
            )
        };
        let idle = search();
        // The same search with every core busy beside it.
        let stop = AtomicBool::new(false);
        let loaded = std::thread::scope(|scope| {
            let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
            for _ in 0..cores {
                scope.spawn(|| {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
                    }
                });
            }
            let result = search();
            stop.store(true, Ordering::Relaxed);
            result
        });
        assert!(idle.0.is_some());
        assert_eq!(idle, loaded, "move, value and nodes");
    }
}
