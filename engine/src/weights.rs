//! Evaluation weights as data: each game's own evaluation ("chaupal") seen as a vector of named
//! integer weights, read from and written to JSON, so the tuner can evolve them and the AI can
//! load them (`--weights FILE`; the engine ships `engine/weights/GAME.json`, and the server's
//! `--weights DIR` replaces them).
//!
//! A weights file is `{"game": "kalah", "weights": {NAME: VALUE, ...}}` (nested objects for
//! nested weights, as the evaluation's own structure names them). Weights missing from the file
//! keep their hand-set values and unknown names are ignored, so a file outlives small changes
//! to the evaluation.

use std::path::Path;
use std::sync::Arc;

use chaupal_rules::GameKind;
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::sholo_guti::SholoGuti;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::eval::{baghchal, jungle, kalah, sholo_guti};
use crate::game_ai::{Evaluator, GameAi};

/// A game whose own evaluation has tunable weights.
pub trait Tunable: GameAi {
    type Weights: Serialize + DeserializeOwned + Clone + std::fmt::Debug;
    /// The hand-set weights.
    fn default_weights() -> Self::Weights;
    /// The evaluation with these weights.
    fn with_weights(w: Self::Weights) -> Arc<dyn Evaluator<Self>>;
}

impl Tunable for Kalah {
    type Weights = kalah::Chaupal;
    fn default_weights() -> Self::Weights {
        kalah::Chaupal::default()
    }
    fn with_weights(w: Self::Weights) -> Arc<dyn Evaluator<Self>> {
        Arc::new(w)
    }
}

impl Tunable for Jungle {
    type Weights = jungle::Weights;
    fn default_weights() -> Self::Weights {
        jungle::Weights::CHAUPAL
    }
    fn with_weights(w: Self::Weights) -> Arc<dyn Evaluator<Self>> {
        Arc::new(jungle::JungleEval(w))
    }
}

impl Tunable for BaghChal {
    type Weights = baghchal::Chaupal;
    fn default_weights() -> Self::Weights {
        baghchal::Chaupal::default()
    }
    fn with_weights(w: Self::Weights) -> Arc<dyn Evaluator<Self>> {
        Arc::new(w)
    }
}

impl Tunable for SholoGuti {
    type Weights = sholo_guti::Chaupal;
    fn default_weights() -> Self::Weights {
        sholo_guti::Chaupal::default()
    }
    fn with_weights(w: Self::Weights) -> Arc<dyn Evaluator<Self>> {
        Arc::new(w)
    }
}

/// Why weights could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {detail}")]
    Format { path: String, detail: String },
}

/// The integer weights of a JSON object, flattened: `("weights.eat", 400)`, in a stable order.
pub fn flatten(value: &Value) -> Vec<(String, i64)> {
    fn walk(prefix: &str, v: &Value, out: &mut Vec<(String, i64)>) {
        match v {
            Value::Object(map) => {
                for (k, x) in map {
                    let name = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&name, x, out);
                }
            }
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    out.push((prefix.to_owned(), i));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk("", value, &mut out);
    out
}

/// Sets the integer weight at a dotted path (created if missing).
pub fn set_path(value: &mut Value, path: &str, x: i64) {
    let mut v = value;
    for key in path.split('.') {
        if !v.is_object() {
            *v = Value::Object(Map::new());
        }
        let Value::Object(map) = v else { return };
        v = map.entry(key.to_owned()).or_insert(Value::Null);
    }
    *v = json!(x);
}

/// `over`'s entries laid over `base`, recursively.
fn merge(base: &mut Value, over: &Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, o) => *b = o.clone(),
    }
}

/// Weights from a JSON object of (possibly some of) their names, the rest hand-set.
pub fn weights_from_json<G: Tunable>(over: &Value) -> Result<G::Weights, String> {
    let mut base = serde_json::to_value(G::default_weights()).map_err(|e| e.to_string())?;
    merge(&mut base, over);
    serde_json::from_value(base).map_err(|e| e.to_string())
}

/// The weights as a JSON object.
pub fn weights_to_json<G: Tunable>(w: &G::Weights) -> Value {
    serde_json::to_value(w).unwrap_or(Value::Null)
}

/// The contents of a weights file for game `G`.
pub fn file_json<G: Tunable>(w: &G::Weights) -> Value {
    json!({ "game": G::KIND.name(), "weights": weights_to_json::<G>(w) })
}

/// Reads a weights file for game `G`.
pub fn load<G: Tunable>(path: &Path) -> Result<G::Weights, WeightsError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| WeightsError::Io {
        path: shown.clone(),
        source,
    })?;
    parse::<G>(&text, &shown)
}

/// Reads the text of a weights file for game `G`; `shown` names it in errors.
pub fn parse<G: Tunable>(text: &str, shown: &str) -> Result<G::Weights, WeightsError> {
    let format = |detail: String| WeightsError::Format {
        path: shown.to_owned(),
        detail,
    };
    let v: Value = serde_json::from_str(text).map_err(|e| format(e.to_string()))?;
    if let Some(game) = v.get("game").and_then(Value::as_str)
        && game != G::KIND.name()
    {
        return Err(format(format!(
            "weights for {game}, not {}",
            G::KIND.name()
        )));
    }
    let weights = v
        .get("weights")
        .ok_or_else(|| format("no \"weights\" object".to_owned()))?;
    weights_from_json::<G>(weights).map_err(format)
}

/// Reads a weights file and returns the evaluation it gives.
pub fn load_evaluator<G: Tunable>(path: &Path) -> Result<Arc<dyn Evaluator<G>>, WeightsError> {
    load::<G>(path).map(G::with_weights)
}

/// The weights files shipped with the engine (`engine/weights/GAME.json`, the tuner's output),
/// by game.
const SHIPPED: [(GameKind, &str); 1] =
    [(GameKind::BaghChal, include_str!("../weights/baghchal.json"))];

/// The tuned evaluation of each game that has one: it replaces the game's default
/// evaluation for every depth-limited engine and level that uses the default (MCTS keeps the
/// code's weights, see [`crate::run::config_evaluator`]).
#[derive(Clone, Default)]
pub struct Tuned {
    pub baghchal: Option<Arc<dyn Evaluator<BaghChal>>>,
    pub kalah: Option<Arc<dyn Evaluator<Kalah>>>,
    pub jungle: Option<Arc<dyn Evaluator<Jungle>>>,
    pub sholo_guti: Option<Arc<dyn Evaluator<SholoGuti>>>,
}

impl std::fmt::Debug for Tuned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.games()).finish()
    }
}

impl Tuned {
    /// The weights shipped with the engine.
    pub fn shipped() -> Result<Tuned, WeightsError> {
        let mut tuned = Tuned::default();
        for (kind, text) in SHIPPED {
            let shown = format!("the shipped weights of {kind}");
            match kind {
                GameKind::BaghChal => {
                    tuned.baghchal = Some(BaghChal::with_weights(parse::<BaghChal>(text, &shown)?))
                }
                GameKind::Kalah => {
                    tuned.kalah = Some(Kalah::with_weights(parse::<Kalah>(text, &shown)?))
                }
                GameKind::Jungle => {
                    tuned.jungle = Some(Jungle::with_weights(parse::<Jungle>(text, &shown)?))
                }
                GameKind::SholoGuti => {
                    tuned.sholo_guti =
                        Some(SholoGuti::with_weights(parse::<SholoGuti>(text, &shown)?))
                }
            }
        }
        Ok(tuned)
    }

    /// Reads `DIR/GAME.json` for each game that has one (and only those).
    pub fn load_dir(dir: &Path) -> Result<Tuned, WeightsError> {
        Tuned::default().overridden_by_dir(dir)
    }

    /// These weights with `DIR/GAME.json` in place of a game's, for each game that has one.
    pub(crate) fn overridden_by_dir(mut self, dir: &Path) -> Result<Tuned, WeightsError> {
        fn one<G: Tunable>(
            dir: &Path,
            slot: &mut Option<Arc<dyn Evaluator<G>>>,
        ) -> Result<(), WeightsError> {
            let path = dir.join(format!("{}.json", G::KIND.name()));
            if path.is_file() {
                *slot = Some(load_evaluator::<G>(&path)?);
            }
            Ok(())
        }
        one::<BaghChal>(dir, &mut self.baghchal)?;
        one::<Kalah>(dir, &mut self.kalah)?;
        one::<Jungle>(dir, &mut self.jungle)?;
        one::<SholoGuti>(dir, &mut self.sholo_guti)?;
        Ok(self)
    }

    /// The games that have tuned weights.
    pub fn games(&self) -> Vec<GameKind> {
        let mut games = Vec::new();
        if self.baghchal.is_some() {
            games.push(GameKind::BaghChal);
        }
        if self.kalah.is_some() {
            games.push(GameKind::Kalah);
        }
        if self.jungle.is_some() {
            games.push(GameKind::Jungle);
        }
        if self.sholo_guti.is_some() {
            games.push(GameKind::SholoGuti);
        }
        games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_integer_weights_that_round_trip() {
        fn check<G: Tunable>() {
            let w = G::default_weights();
            let v = weights_to_json::<G>(&w);
            let flat = flatten(&v);
            assert!(flat.len() >= 3, "{:?}: {flat:?}", G::KIND);
            let mut changed = v.clone();
            set_path(&mut changed, &flat[0].0, flat[0].1 + 7);
            let back = weights_from_json::<G>(&changed).unwrap();
            assert_eq!(flatten(&weights_to_json::<G>(&back))[0].1, flat[0].1 + 7);
        }
        check::<Kalah>();
        check::<Jungle>();
        check::<BaghChal>();
        check::<SholoGuti>();
    }

    #[test]
    fn a_partial_file_keeps_the_other_weights_and_a_wrong_game_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kalah.json");
        std::fs::write(
            &path,
            r#"{"game":"kalah","weights":{"store":150,"bogus":3}}"#,
        )
        .unwrap();
        let w = load::<Kalah>(&path).unwrap();
        assert_eq!(w.store, 150);
        assert_eq!(w.house, kalah::Chaupal::default().house);
        assert!(load::<Jungle>(&path).is_err());
        std::fs::write(&path, "not json").unwrap();
        assert!(load::<Kalah>(&path).is_err());
    }
}
