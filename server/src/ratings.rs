//! Glicko-2 ratings, one per player and pool (skillratings does the arithmetic): a pool is a
//! game, played live or by correspondence ([`Pool`]), as on lichess, where the two are rated
//! apart.
//!
//! A rated game between two players updates both; a rated game against an AI level updates the
//! player only: each level is an anchor with a fixed rating ([`level_rating`]) and a small
//! deviation, so people's ratings and the levels share one scale. Every game is its own rating
//! period (as on most game servers).
//!
//! The levels' ratings are measured, per game: arena runs of level against level (docs/AI.md,
//! "Calibrated ratings"), kept in `chaupal_shared::levels` so that the client shows the same.

use chaupal_rules::GameKind;
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

/// What a rating is of: one game, played live or by correspondence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    pub kind: GameKind,
    pub correspondence: bool,
}

impl Pool {
    /// The pool of `kind`'s correspondence games.
    pub fn correspondence(kind: GameKind) -> Pool {
        Pool {
            kind,
            correspondence: true,
        }
    }

    /// The pool of a game set up as `setup` says.
    pub fn of_setup(setup: &chaupal_shared::protocol::GameSetup) -> Pool {
        Pool {
            kind: setup.game,
            correspondence: setup.correspondence.is_some(),
        }
    }

    /// The pool as the ratings table keeps it: the game's name (`kalah`), with
    /// `:correspondence` after it for correspondence games.
    pub fn key(self) -> String {
        if self.correspondence {
            format!("{}:correspondence", self.kind.name())
        } else {
            self.kind.name().to_owned()
        }
    }

    /// Reads a key written by [`Pool::key`].
    pub fn from_key(key: &str) -> Option<Pool> {
        let (name, correspondence) = match key.strip_suffix(":correspondence") {
            Some(name) => (name, true),
            None => (key, false),
        };
        Some(Pool {
            kind: name.parse().ok()?,
            correspondence,
        })
    }
}

impl From<GameKind> for Pool {
    /// The pool of `kind`'s live games.
    fn from(kind: GameKind) -> Pool {
        Pool {
            kind,
            correspondence: false,
        }
    }
}

/// How sure the server is of an AI level's rating: small, since the levels are anchors.
const LEVEL_DEVIATION: f64 = 60.0;

/// The fixed rating of AI level `level` (1..8) in a game: the calibration's
/// ([`chaupal_shared::levels::level_rating`]).
pub fn level_rating(kind: GameKind, level: u8) -> Rating {
    Rating {
        rating: f64::from(chaupal_shared::levels::level_rating(kind, level)),
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

    #[test]
    fn a_pool_reads_back_from_its_key_and_correspondence_is_apart_from_live() {
        for kind in GameKind::ALL {
            for pool in [Pool::from(kind), Pool::correspondence(kind)] {
                assert_eq!(Pool::from_key(&pool.key()), Some(pool));
            }
            assert_ne!(Pool::from(kind).key(), Pool::correspondence(kind).key());
            assert_eq!(Pool::from(kind).key(), kind.name());
        }
        assert_eq!(Pool::from_key("chess:correspondence"), None);
    }

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
            assert_eq!(
                level_rating(kind, 1).rating,
                f64::from(chaupal_shared::levels::LEVEL_ONE_RATING)
            );
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
}
