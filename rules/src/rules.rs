//! Rule sets: the variant options a game is played under, as `KEY=VALUE` pairs.
//!
//! Each game has a `Rules` struct implementing [`RuleSet`]. The same keys and values are used on
//! the command line (`--rule KEY=VALUE`), in position texts, in the protocol and in records.

use std::fmt;
use std::hash::Hash;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A rule pair that could not be applied.
///
/// ```
/// use chaupal_rules::kalah::KalahRules;
/// use chaupal_rules::rules::{RuleError, RuleSet, split_pair};
///
/// // A Kalah board has 1 to 8 houses a side.
/// let err = KalahRules::from_pairs([("pits", "12")]).unwrap_err();
/// assert!(matches!(err, RuleError::BadValue { ref key, .. } if key == "pits"));
/// assert_eq!(
///     err.to_string(),
///     "bad value '12' for rule 'pits': expected a whole number from 1 to 8"
/// );
/// // Kalah has no board option, and a rule pair needs its `=`.
/// let err = KalahRules::from_pairs([("board", "small")]).unwrap_err();
/// assert!(matches!(err, RuleError::UnknownKey { .. }));
/// assert_eq!(split_pair("pits"), Err(RuleError::Malformed("pits".to_owned())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum RuleError {
    /// The key is not a rule of this game.
    #[error("unknown rule '{key}' for {game} (known: {known})")]
    UnknownKey {
        game: String,
        key: String,
        known: String,
    },
    /// The value is not allowed for this key.
    #[error("bad value '{value}' for rule '{key}': expected {expected}")]
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
    /// The text is not of the form KEY=VALUE.
    #[error("'{0}' is not a KEY=VALUE rule pair")]
    Malformed(String),
}

/// The variant options of one game.
///
/// ```
/// use chaupal_rules::jungle::{BoardSize, JungleRules};
/// use chaupal_rules::rules::RuleSet;
///
/// assert_eq!(JungleRules::KEYS, ["board"]);
/// let rules = JungleRules::from_pairs([("board", "small")]).unwrap();
/// assert_eq!(rules.board, BoardSize::Small);
/// assert_eq!(rules.get("board").as_deref(), Some("small"));
/// // Only what differs from the defaults goes into position texts and records.
/// assert_eq!(rules.non_default_pairs(), [("board".to_owned(), "small".to_owned())]);
/// assert!(JungleRules::default().non_default_pairs().is_empty());
/// ```
pub trait RuleSet:
    Clone + Default + PartialEq + Eq + Hash + fmt::Debug + Send + Sync + 'static
{
    /// The game's name as the command line writes it.
    const GAME: &'static str;
    /// Every key, in canonical order.
    const KEYS: &'static [&'static str];

    /// Sets one option.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError>;
    /// The value of one option, as text; `None` for an unknown key.
    fn get(&self, key: &str) -> Option<String>;

    /// Checks the options together, once all are set (one option may bound another, whichever
    /// is set first). [`RuleSet::from_pairs`] and the position readers call it.
    fn check(&self) -> Result<(), RuleError> {
        Ok(())
    }

    /// All options as pairs, in canonical order.
    fn pairs(&self) -> Vec<(String, String)> {
        Self::KEYS
            .iter()
            .filter_map(|k| self.get(k).map(|v| ((*k).to_owned(), v)))
            .collect()
    }

    /// Only the options that differ from the defaults, in canonical order.
    fn non_default_pairs(&self) -> Vec<(String, String)> {
        let defaults = Self::default();
        self.pairs()
            .into_iter()
            .filter(|(k, v)| defaults.get(k).as_deref() != Some(v.as_str()))
            .collect()
    }

    /// Builds a rule set from the defaults and the given pairs, applied in order, then checked
    /// together ([`RuleSet::check`]).
    fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Self, RuleError> {
        let mut rules = Self::default();
        for (k, v) in pairs {
            rules.set(k.as_ref(), v.as_ref())?;
        }
        rules.check()?;
        Ok(rules)
    }

    /// The error for a key this game does not know.
    fn unknown_key(key: &str) -> RuleError {
        RuleError::UnknownKey {
            game: Self::GAME.to_owned(),
            key: key.to_owned(),
            known: Self::KEYS.join(", "),
        }
    }
}

/// Splits `KEY=VALUE` into its two parts.
pub fn split_pair(text: &str) -> Result<(&str, &str), RuleError> {
    match text.split_once('=') {
        Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.trim(), v.trim())),
        _ => Err(RuleError::Malformed(text.to_owned())),
    }
}

/// Reads an integer option within `min..=max`.
pub fn parse_int_in(key: &str, value: &str, min: u32, max: u32) -> Result<u32, RuleError> {
    match value.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(RuleError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: format!("a whole number from {min} to {max}"),
        }),
    }
}

/// Reads a boolean option (`true` or `false`).
pub fn parse_bool(key: &str, value: &str) -> Result<bool, RuleError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(RuleError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: "true or false".to_owned(),
        }),
    }
}

/// Reads an option that takes one of a few words.
pub fn parse_choice<'a>(key: &str, value: &str, choices: &[&'a str]) -> Result<&'a str, RuleError> {
    choices
        .iter()
        .copied()
        .find(|c| *c == value)
        .ok_or_else(|| RuleError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: format!("one of {}", choices.join(", ")),
        })
}

/// One rule option, `key=value`, as the rule book names it (see docs/NOTATION.md).
///
/// ```
/// use chaupal_rules::record::Record;
/// use chaupal_rules::rules::RulePair;
///
/// // A record's Rules tag holds the pairs that differ from the defaults.
/// let record = Record::parse("[Game \"kalah\"]\n[Rules \"pits=4 seeds=3\"]\n\n*\n").unwrap();
/// assert_eq!(record.rules, [RulePair::new("pits", "4"), RulePair::new("seeds", "3")]);
/// assert_eq!((record.rules[1].key.as_str(), record.rules[1].value.as_str()), ("seeds", "3"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RulePair {
    pub key: String,
    pub value: String,
}

impl RulePair {
    pub fn new(key: impl Into<String>, value: impl Into<String>) -> Self {
        RulePair {
            key: key.into(),
            value: value.into(),
        }
    }
}
