//! The catalogue printed by `--engine help`: every algorithm with its default budget, and for
//! each game its evaluations and its eight levels.

use std::fmt::Write;

use chaupal_rules::GameKind;

use crate::engine_config::Algorithm;

/// The text of `--engine help`: algorithms, each game's evaluations and levels.
pub fn help() -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Engines are written ALGORITHM[:EVALUATION], e.g. alphabeta:store-ratio."
    );
    let _ = writeln!(s, "\nAlgorithms:");
    for a in Algorithm::ALL {
        let limits = a.default_limits();
        let default = match (limits.depth, limits.time) {
            (Some(d), _) => format!("depth {d}"),
            (_, Some(t)) => format!("{} ms", t.as_millis()),
            _ => "one ply".to_owned(),
        };
        let _ = writeln!(s, "  {:<12} {} [default {default}]", a.name(), a.about());
    }
    for kind in GameKind::ALL {
        let _ = writeln!(
            s,
            "\nEvaluations for {} (first is the default):",
            kind.name()
        );
        for e in crate::eval::evaluations(kind) {
            let also = if e.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also {})", e.aliases.join(", "))
            };
            let _ = writeln!(s, "  {:<16} {}{also}", e.name, e.about);
        }
        let _ = writeln!(s, "Levels for {}:", kind.name());
        for (i, level) in crate::levels::table(kind).iter().enumerate() {
            let _ = writeln!(s, "  {}  {:<20} {}", i + 1, level.describe(), level.purpose);
        }
    }
    s
}
