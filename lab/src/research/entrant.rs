//! Arena entrants: an engine as written on the command line, with its own limits and weights.
//!
//! `ENGINE[@dN][@tMS][@nN][@sP][@mP][@w=FILE]`: ENGINE is a named engine (`alphabeta:store-ratio`,
//! `pvs`) or a level (`level:3`, played as the server plays it: through the engine's perfect
//! players and with its tuned weights, see [`ServerPlay`]); `@d4` searches to depth 4, `@t500`
//! for 500 ms a move, `@n20000` nodes (MCTS: playouts), `@s5` plays 5% of its moves carelessly
//! (as a novice would: the levels' slips), `@m60` (a named engine) chooses every move carelessly
//! at 60% of the win scale (as the lowest levels do), `@w=FILE` with the evaluation weights of a weights
//! file. Without limits of its own an entrant takes the arena's `--depth`/`--time-ms`,
//! else its engine's (or level's) defaults. A level keeps its own limits, made stricter by
//! any given.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chaupal_rules::GameKind;

use chaupal_engine::engine_config::EngineConfig;
use chaupal_engine::game_ai::Evaluator;
use chaupal_engine::perfect::Resources;
use chaupal_engine::weights::{Tunable, load_evaluator};
use chaupal_engine::{SearchLimits, levels};

/// What an entrant is built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    Level(u8),
    Named(String),
}

/// An entrant as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantSpec {
    pub base: Base,
    pub limits: SearchLimits,
    /// The percentage of moves played carelessly (`@sP`), in place of the level's own.
    pub slips: Option<u32>,
    /// A named engine's careless temperature (`@mP`, percent of the game's win scale).
    pub mistakes: Option<u32>,
    pub weights: Option<PathBuf>,
}

impl EntrantSpec {
    /// Reads `ENGINE[@dN][@tMS][@nN][@w=FILE]`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut parts = text.split('@');
        let head = parts.next().unwrap_or("").trim();
        let base = match head.strip_prefix("level:") {
            Some(n) => {
                let n: u8 = n.parse().map_err(|_| format!("'{text}': bad level"))?;
                if !(1..=8).contains(&n) {
                    return Err(format!("'{text}': levels are 1 to 8"));
                }
                Base::Level(n)
            }
            None => {
                EngineConfig::parse(head).map_err(|e| format!("'{text}': {e}"))?;
                Base::Named(head.to_owned())
            }
        };
        let mut spec = EntrantSpec {
            base,
            limits: SearchLimits::default(),
            slips: None,
            mistakes: None,
            weights: None,
        };
        for part in parts {
            let bad = || {
                format!("'{text}': bad suffix '@{part}' (use @dN, @tMS, @nN, @sP, @mP, @w=FILE)")
            };
            let number = |s: &str| s.parse::<u64>().map_err(|_| bad());
            if let Some(file) = part.strip_prefix("w=") {
                spec.weights = Some(PathBuf::from(file));
            } else if let Some(d) = part.strip_prefix('d') {
                spec.limits.depth = Some(u32::try_from(number(d)?).map_err(|_| bad())?);
            } else if let Some(t) = part.strip_prefix('t') {
                spec.limits.time = Some(Duration::from_millis(number(t)?));
            } else if let Some(n) = part.strip_prefix('n') {
                spec.limits.nodes = Some(number(n)?);
            } else if let Some(p) = part.strip_prefix('s') {
                let p = u32::try_from(number(p)?).map_err(|_| bad())?;
                if p > 100 {
                    return Err(bad());
                }
                spec.slips = Some(p);
            } else if let Some(p) = part.strip_prefix('m') {
                if matches!(spec.base, Base::Level(_)) {
                    return Err(format!("'{text}': a level keeps its own mistakes"));
                }
                spec.mistakes = Some(u32::try_from(number(p)?).map_err(|_| bad())?);
            } else {
                return Err(bad());
            }
        }
        Ok(spec)
    }

    /// The spec written back (`alphabeta:store-ratio@d4`).
    pub fn label(&self) -> String {
        let mut s = match &self.base {
            Base::Level(n) => format!("level:{n}"),
            Base::Named(name) => name.clone(),
        };
        if let Some(d) = self.limits.depth {
            s.push_str(&format!("@d{d}"));
        }
        if let Some(t) = self.limits.time {
            s.push_str(&format!("@t{}", t.as_millis()));
        }
        if let Some(n) = self.limits.nodes {
            s.push_str(&format!("@n{n}"));
        }
        if let Some(p) = self.slips {
            s.push_str(&format!("@s{p}"));
        }
        if let Some(p) = self.mistakes {
            s.push_str(&format!("@m{p}"));
        }
        if let Some(w) = &self.weights {
            s.push_str(&format!("@w={}", w.display()));
        }
        s
    }

    /// The engine configuration, with `defaults` (the arena's `--depth`/`--time-ms`) where the
    /// entrant sets no limit.
    pub fn config(&self, kind: GameKind, defaults: &SearchLimits) -> Result<EngineConfig, String> {
        let own = if self.limits.is_empty() {
            defaults.clone()
        } else {
            self.limits.clone()
        };
        match &self.base {
            Base::Level(n) => {
                let mut c = levels::level(kind, *n).map_err(|e| e.to_string())?;
                c.limits = c.limits.stricter(&own);
                if self.slips.is_some() {
                    c.slips = self.slips;
                }
                Ok(c)
            }
            Base::Named(name) => {
                let mut c = EngineConfig::parse(name).map_err(|e| e.to_string())?;
                if !own.is_empty() {
                    c.limits = own;
                }
                c.slips = self.slips;
                c.mistakes = self.mistakes;
                Ok(c)
            }
        }
    }
}

/// Expands `--depths`: each entrant without limits of its own becomes one entrant per depth.
pub fn expand_depths(specs: Vec<EntrantSpec>, depths: &[u32]) -> Vec<EntrantSpec> {
    if depths.is_empty() {
        return specs;
    }
    let mut out = Vec::new();
    for spec in specs {
        if spec.limits.is_empty() {
            for &d in depths {
                let mut s = spec.clone();
                s.limits.depth = Some(d);
                out.push(s);
            }
        } else {
            out.push(spec);
        }
    }
    out
}

/// A level played as the server plays it: each move is a level request to the engine's
/// `think`, so the perfect players (the databases, the Kalah solver and book) answer first and
/// the search uses the engine's tuned weights and endgame database.
#[derive(Clone, Debug)]
pub struct ServerPlay<G: Tunable> {
    pub level: u8,
    /// The entrant's own limits (the level's are made stricter by them, as the server's
    /// budget does).
    pub limits: SearchLimits,
    /// The entrant's share of careless moves (`@sP`), in place of the level's own.
    pub slips: Option<u32>,
    /// What the engine holds for the game.
    pub resources: Resources<G>,
}

/// An entrant ready to play game `G`.
#[derive(Clone, Debug)]
pub struct Entrant<G: Tunable> {
    pub label: String,
    pub config: EngineConfig,
    pub eval: Arc<dyn Evaluator<G>>,
    /// Set for a level without weights of its own: played as on the server.
    pub server: Option<ServerPlay<G>>,
}

impl<G: Tunable> Entrant<G> {
    /// Builds the entrant: configuration, evaluation (or the weights file's). A level without
    /// `@w=` plays with `engine` (what the engine holds for `G`), as on the server.
    pub fn build(
        spec: &EntrantSpec,
        defaults: &SearchLimits,
        engine: &Resources<G>,
    ) -> Result<Self, String> {
        let config = spec.config(G::KIND, defaults)?;
        // Named engines keep the weights in the code, levels the engine's tuned ones.
        let tuned = match spec.base {
            Base::Level(_) => engine.tuned.as_ref(),
            Base::Named(_) => None,
        };
        let eval = match &spec.weights {
            Some(path) => load_evaluator::<G>(path).map_err(|e| e.to_string())?,
            None => chaupal_engine::run::config_evaluator::<G>(&config, tuned)
                .map_err(|e| e.to_string())?,
        };
        let server = match (&spec.base, &spec.weights) {
            (Base::Level(level), None) => Some(ServerPlay {
                level: *level,
                limits: spec.limits.clone(),
                slips: spec.slips,
                resources: engine.clone(),
            }),
            _ => None,
        };
        Ok(Entrant {
            label: spec.label(),
            config,
            eval,
            server,
        })
    }

    /// An entrant with given weights (the tuner's candidates).
    pub fn with_weights(label: String, config: EngineConfig, w: G::Weights) -> Self {
        Entrant {
            label,
            config,
            eval: G::with_weights(w),
            server: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_with_suffixes_and_print_back() {
        let s = EntrantSpec::parse("alphabeta:store-ratio@d4@w=tuned.json").unwrap();
        assert_eq!(s.base, Base::Named("alphabeta:store-ratio".into()));
        assert_eq!(s.limits.depth, Some(4));
        assert_eq!(s.label(), "alphabeta:store-ratio@d4@w=tuned.json");
        let l = EntrantSpec::parse("level:3@t200").unwrap();
        assert_eq!(l.base, Base::Level(3));
        assert_eq!(l.limits.time, Some(Duration::from_millis(200)));
        assert!(EntrantSpec::parse("level:9").is_err());
        assert!(EntrantSpec::parse("deep-blue").is_err());
        assert!(EntrantSpec::parse("pvs@x3").is_err());
        // A share of careless moves, in place of the level's own.
        let careless = EntrantSpec::parse("level:7@n1000@s5").unwrap();
        assert_eq!(careless.slips, Some(5));
        assert_eq!(careless.label(), "level:7@n1000@s5");
        let c = careless
            .config(GameKind::Jungle, &SearchLimits::default())
            .unwrap();
        assert_eq!(c.slips, Some(5));
        assert!(EntrantSpec::parse("level:7@s101").is_err());
        // A named engine's careless temperature; a level keeps its own.
        let m = EntrantSpec::parse("pvs@d1@m200").unwrap();
        assert_eq!(m.label(), "pvs@d1@m200");
        let c = m
            .config(GameKind::BaghChal, &SearchLimits::default())
            .unwrap();
        assert_eq!((c.mistakes, c.limits.depth), (Some(200), Some(1)));
        assert!(EntrantSpec::parse("level:1@m200").is_err());
    }

    #[test]
    fn arena_defaults_apply_only_without_own_limits_and_levels_stay_stricter() {
        let defaults = SearchLimits {
            depth: Some(2),
            ..SearchLimits::default()
        };
        let plain = EntrantSpec::parse("alphabeta").unwrap();
        let c = plain.config(GameKind::Kalah, &defaults).unwrap();
        assert_eq!(c.limits.depth, Some(2));
        let own = EntrantSpec::parse("alphabeta@d5").unwrap();
        assert_eq!(
            own.config(GameKind::Kalah, &defaults).unwrap().limits.depth,
            Some(5)
        );
        let level = EntrantSpec::parse("level:5@d9").unwrap();
        let lc = level.config(GameKind::Kalah, &defaults).unwrap();
        assert!(lc.limits.depth.unwrap() <= 9);
        let expanded = expand_depths(vec![plain, own], &[1, 3]);
        let labels: Vec<String> = expanded.iter().map(EntrantSpec::label).collect();
        assert_eq!(labels, ["alphabeta@d1", "alphabeta@d3", "alphabeta@d5"]);
    }
}
