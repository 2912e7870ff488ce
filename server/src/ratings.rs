//! Glicko-2 ratings, one per player and game (skillratings does the arithmetic).
//!
//! A rated game between two players updates both; a rated game against an AI level updates the
//! player only: each level is an anchor with a fixed rating ([`level_rating`]) and a small
//! deviation, so people's ratings and the levels share one scale. Every game is its own rating
//! period (as on most game servers).

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

/// The fixed rating of an AI level (1..8): 700 for level 1, 200 more per level.
pub fn level_rating(level: u8) -> Rating {
    Rating {
        rating: 500.0 + 200.0 * f64::from(level.clamp(1, 8)),
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
        let (strong, _) = rate(Rating::default(), level_rating(8), Some(true));
        let (weak, _) = rate(Rating::default(), level_rating(1), Some(true));
        assert!(strong.rating > weak.rating);
        assert!(level_rating(1).rating < level_rating(8).rating);
    }
}
