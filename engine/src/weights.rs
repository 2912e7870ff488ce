//! Evaluation weights as data: each game's own evaluation ("chaupal") seen as a vector of named
//! integer weights, read from and written to JSON, so the tuner can evolve them and the AI can
//! load them (`--weights FILE`, and the server's `weights/GAME.json`).
//!
//! A weights file is `{"game": "kalah", "weights": {NAME: VALUE, ...}}` (nested objects for
//! nested weights, as the evaluation's own structure names them). Weights missing from the file
//! keep their hand-set values and unknown names are ignored, so a file outlives small changes
//! to the evaluation.

use std::path::Path;
use std::sync::Arc;

use chaupal_shared::GameKind;
use chaupal_shared::baghchal::BaghChal;
use chaupal_shared::jungle::Jungle;
use chaupal_shared::kalah::Kalah;
use chaupal_shared::sholo_guti::SholoGuti;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::ai::eval::{baghchal, jungle, kalah, sholo_guti};
use crate::ai::game_ai::{Evaluator, GameAi};

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
    let format = |detail: String| WeightsError::Format {
        path: shown.clone(),
        detail,
    };
    let v: Value = serde_json::from_str(&text).map_err(|e| format(e.to_string()))?;
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

/// Installs `DIR/GAME.json` for each game that has one, as the default evaluation (the server
/// calls this at start-up). Returns the games installed.
pub fn install_dir(dir: &Path) -> Result<Vec<GameKind>, WeightsError> {
    fn one<G: Tunable>(dir: &Path, done: &mut Vec<GameKind>) -> Result<(), WeightsError> {
        let path = dir.join(format!("{}.json", G::KIND.name()));
        if path.is_file() {
            crate::ai::tuned::install::<G>(load_evaluator::<G>(&path)?);
            done.push(G::KIND);
        }
        Ok(())
    }
    let mut done = Vec::new();
    one::<BaghChal>(dir, &mut done)?;
    one::<Kalah>(dir, &mut done)?;
    one::<Jungle>(dir, &mut done)?;
    one::<SholoGuti>(dir, &mut done)?;
    Ok(done)
}

/// The server's start-up: installs the weights in `$CHAUPAL_WEIGHTS_DIR` (default `weights/`)
/// and logs what it did; a bad file is logged and skipped (the hand-set weights stay).
pub fn install_at_startup() {
    let dir = std::env::var("CHAUPAL_WEIGHTS_DIR").unwrap_or_else(|_| "weights".to_owned());
    match install_dir(Path::new(&dir)) {
        Ok(games) if games.is_empty() => {}
        Ok(games) => {
            let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
            tracing::info!(dir, games = ?names, "loaded tuned evaluation weights");
        }
        Err(e) => tracing::warn!("evaluation weights not loaded: {e}"),
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
