//! Glicko-2 ratings, one per player and game (skillratings does the arithmetic).
//!
//! A rated game between two players updates both; a rated game against an AI level updates the
//! player only: each level is an anchor with a fixed rating ([`level_rating`]) and a small
//! deviation, so people's ratings and the levels share one scale. Every game is its own rating
//! period (as on most game servers).
//!
//! The levels' ratings are measured, per game: arena runs of level against level (docs/AI.md,
//! "Calibrated ratings"), level 1 put at [`LEVEL_ONE_RATING`]. Glicko-2's rating scale is
//! Elo's (400 points for 10:1 odds), so the measured differences carry over unchanged.

use chaupal_shared::GameKind;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// One rating, as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

impl Default for Rating {
    /// A new player: 1500 with the largest deviation.
    fn default() -> Self {
        let r = Glicko2Rating::new();
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: 0,
        }
    }
}

/// How sure the server is of an AI level's rating: small, since the levels are anchors.
const LEVEL_DEVIATION: f64 = 60.0;

/// Where level 1 stands on the server's scale (a new player starts at 1500).
pub const LEVEL_ONE_RATING: f64 = 1000.0;

/// Each level's Elo above level 1, levels 1 to 8, per game, rounded: the maximum-likelihood
/// ladders of the arena runs of 2026-11-26 (the commands, intervals and games are in docs/AI.md,
/// "Calibrated ratings"; the files in docs/research/levels-GAME/). A test checks that the
/// docs' table is this one.
const LEVEL_ELO: [(GameKind, [i32; 8]); 4] = [
    (GameKind::BaghChal, [0, 383, 431, 808, 790, 741, 986, 1091]),
    (GameKind::Kalah, [0, 247, 123, 636, 789, 908, 928, 983]),
    (GameKind::Jungle, [0, 110, 560, 960, 1053, 962, 1203, 1206]),
    (GameKind::SholoGuti, [0, 354, 495, 495, 549, 339, 693, 720]),
];

/// A level's calibrated Elo above level 1 in a game.
fn level_elo(kind: GameKind, level: u8) -> i32 {
    LEVEL_ELO
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(0, |(_, elo)| elo[usize::from(level.clamp(1, 8)) - 1])
}

/// The fixed rating of AI level `level` (1..8) in a game: level 1 at [`LEVEL_ONE_RATING`], the
/// others by the calibration.
pub fn level_rating(kind: GameKind, level: u8) -> Rating {
    Rating {
        rating: LEVEL_ONE_RATING + f64::from(level_elo(kind, level)),
        deviation: LEVEL_DEVIATION,
        volatility: 0.06,
        games: 0,
    }
}

/// The key under which ratings are stored: `player:ID` or `level:N`.
pub fn player_key(id: u64) -> String {
    format!("player:{id}")
}

/// The key of an AI level's (fixed) rating.
pub fn level_key(level: u8) -> String {
    format!("level:{level}")
}

/// Both ratings after a game; `first_score` is 1 for a first-side win, 0 for a loss, and `None`
/// for a draw.
pub fn rate(first: Rating, second: Rating, first_won: Option<bool>) -> (Rating, Rating) {
    let outcome = match first_won {
        Some(true) => Outcomes::WIN,
        Some(false) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let to = |r: Rating| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let (a, b) = glicko2(&to(first), &to(second), &outcome, &Glicko2Config::new());
    let from = |g: Glicko2Rating, old: Rating| Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
        games: old.games + 1,
    };
    (from(a, first), from(b, second))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The levels that measured no stronger than the level below them (game, level): the server
    /// shows what was measured, so these are not above their neighbour in `LEVEL_ELO`.
    const NOT_ABOVE_THE_LEVEL_BELOW: &[(GameKind, u8)] = &[
        (GameKind::BaghChal, 5),
        (GameKind::BaghChal, 6),
        (GameKind::Kalah, 3),
        (GameKind::Jungle, 6),
        (GameKind::SholoGuti, 4),
        (GameKind::SholoGuti, 6),
    ];

    #[test]
    fn the_winner_gains_and_the_loser_loses() {
        let (a, b) = rate(Rating::default(), Rating::default(), Some(true));
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!(a.deviation < 350.0);
        assert_eq!((a.games, b.games), (1, 1));
        let (c, d) = rate(Rating::default(), Rating::default(), None);
        assert!((c.rating - 1500.0).abs() < 1e-6 && (d.rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn beating_a_strong_level_gains_more_than_beating_a_weak_one() {
        for kind in GameKind::ALL {
            let (strong, _) = rate(Rating::default(), level_rating(kind, 8), Some(true));
            let (weak, _) = rate(Rating::default(), level_rating(kind, 1), Some(true));
            assert!(strong.rating > weak.rating, "{kind}");
            assert!(level_rating(kind, 1).rating < level_rating(kind, 8).rating);
            assert_eq!(level_rating(kind, 1).rating, LEVEL_ONE_RATING);
        }
    }

    #[test]
    fn each_level_is_above_the_one_below_except_where_measured_otherwise() {
        for kind in GameKind::ALL {
            for n in 2..=8u8 {
                let (below, this) = (level_elo(kind, n - 1), level_elo(kind, n));
                if NOT_ABOVE_THE_LEVEL_BELOW.contains(&(kind, n)) {
                    // A listed exception must be one, or the list hides nothing real.
                    assert!(this <= below, "{kind} level {n} is listed but is above");
                } else {
                    assert!(this > below, "{kind} level {n}: {this} <= {below}");
                }
            }
        }
    }

    /// The levels' ratings as docs/PROTOCOL.md shows them (section "AI players"): a row per
    /// level, a column per game, rendered from [`level_rating`].
    fn protocol_table() -> String {
        let mut table = GameKind::ALL.iter().fold("| level |".to_owned(), |h, k| {
            format!("{h} {} |", k.title())
        });
        table.push_str(&format!("\n|---|{}\n", "---|".repeat(GameKind::ALL.len())));
        for level in 1..=8u8 {
            let row = GameKind::ALL
                .iter()
                .fold(format!("| {level} |"), |row, &k| {
                    format!("{row} {:.0} |", level_rating(k, level).rating)
                });
            table.push_str(&row);
            table.push('\n');
        }
        table
    }

    /// docs/PROTOCOL.md shows the server's level ratings, exactly; `python3
    /// scripts/protocol-doc.py` writes them there (from [`print_level_ratings`]).
    #[test]
    fn the_protocol_manual_shows_the_level_ratings() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/PROTOCOL.md");
        let manual = std::fs::read_to_string(path).unwrap();
        let table = protocol_table();
        assert!(
            manual.contains(&table),
            "docs/PROTOCOL.md lacks the levels' ratings (run python3 scripts/protocol-doc.py):\n{table}"
        );
        assert_eq!(
            table.lines().count(),
            10,
            "a header, a rule and eight levels"
        );
    }

    /// Prints the table for scripts/protocol-doc.py:
    /// `cargo test -p chaupal-server --lib print_level_ratings -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn print_level_ratings() {
        print!("level ratings\n```\n{}```\n", protocol_table());
    }

    /// The rows of docs/AI.md's table of the levels' server ratings.
    fn documented_ratings() -> Vec<Vec<f64>> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/AI.md");
        let text = std::fs::read_to_string(path).unwrap();
        let header: String = GameKind::ALL.iter().fold("| level |".to_owned(), |h, k| {
            format!("{h} {} |", k.title())
        });
        let section = text
            .split("### Calibrated ratings")
            .nth(1)
            .expect("docs/AI.md has a section \"Calibrated ratings\"");
        let table = section
            .split("Ratings on the server")
            .nth(1)
            .expect("the section has the server's table");
        let mut lines = table.lines().skip_while(|l| l.trim() != header);
        assert!(lines.next().is_some(), "no table headed {header}");
        lines
            .skip(1)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                l.split('|')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(|c| c.parse::<f64>().unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_docs_table_is_the_servers() {
        let rows = documented_ratings();
        assert_eq!(rows.len(), 8);
        for (i, row) in rows.iter().enumerate() {
            let n = i as u8 + 1;
            assert_eq!(row[0], f64::from(n));
            for (k, kind) in GameKind::ALL.iter().enumerate() {
                assert_eq!(
                    row[k + 1],
                    level_rating(*kind, n).rating,
                    "{kind} level {n}"
                );
            }
        }
    }
}
