//! [`Score`]: what a position is worth to the side to move, as a search, a database or the
//! Kalah solver finds it. The engine computes it, the review turns it into a winning chance
//! (`crate::review`), and the protocol carries it unchanged.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A score from the side to move's point of view.
///
/// ```
/// use chaupal_rules::score::Score;
///
/// assert_eq!(Score::Win(5).to_string(), "win 5");
/// assert_eq!(Score::Cp(-40).to_string(), "cp -40");
/// // On the wire and in JSON files the variants are snake_case.
/// assert_eq!(serde_json::to_string(&Score::Margin(3)).unwrap(), r#"{"margin":3}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Heuristic evaluation in hundredths of a unit (like chess centipawns).
    Cp(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
    /// Kalah: the exact final seed margin with perfect play.
    Margin(i32),
    /// A draw with perfect play (a solved database's verdict).
    Draw,
}

impl fmt::Display for Score {
    /// `cp N`, `win N`, `loss N`, `margin N` or `draw`, as the `bestmove` tool prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(n) => write!(f, "cp {n}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
            Score::Margin(n) => write!(f, "margin {n}"),
            Score::Draw => write!(f, "draw"),
        }
    }
}
