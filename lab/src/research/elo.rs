//! Elo arithmetic for match results: the rating difference a score implies, with a 95%
//! interval from the score's standard error.
//!
//! With `n` games, `w` wins, `d` draws and `l` losses, the score is `p = (w + d/2) / n`. The
//! Elo difference is `-400 log10(1/p - 1)`. Each game's result `x` (1, 1/2 or 0) has the sample
//! variance `s² = (w (1-p)² + d (1/2-p)² + l p²) / n`, so the score's standard error is
//! `s / sqrt(n)`; the interval is `p ± 1.96 s / sqrt(n)`, turned into Elo the same way. A score
//! of 0 or 1 has no finite Elo: such scores are taken as half a game short of it
//! (`1/(2n)` from the edge) and marked as bounds.

use serde::{Deserialize, Serialize};

/// The z value of a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    #[cfg(test)]
    pub const fn new(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The same results from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The standard error of the score (per-game sample deviation over `sqrt(n)`).
    pub fn standard_error(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let p = self.score();
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        (var / n).sqrt()
    }

    /// The Elo difference with its 95% interval.
    pub fn elo(&self) -> EloEstimate {
        let n = self.games();
        let p = self.score();
        let edge = if n == 0 { 0.0 } else { 0.5 / f64::from(n) };
        let clamp = |x: f64| x.clamp(edge.max(1e-9), 1.0 - edge.max(1e-9));
        let se = self.standard_error();
        EloEstimate {
            elo: elo_of_score(clamp(p)),
            low: elo_of_score(clamp(p - Z95 * se)),
            high: elo_of_score(clamp(p + Z95 * se)),
            bound: n > 0 && (self.wins == n || self.losses == n),
        }
    }
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    /// The score was 0 or 1: `elo` is a bound (at least, or at most), not an estimate.
    pub bound: bool,
}

impl EloEstimate {
    /// `+120 [+40, +210]`, or `>= +300` / `<= -300` for a bound.
    pub fn text(&self) -> String {
        if self.bound {
            let sign = if self.elo > 0.0 { ">=" } else { "<=" };
            format!("{sign} {:+.0}", self.elo)
        } else {
            format!("{:+.0} [{:+.0}, {:+.0}]", self.elo, self.low, self.high)
        }
    }
}

/// The Elo difference a score `p` (0 < p < 1) implies.
pub fn elo_of_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of a side `elo` points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo_and_the_interval_is_symmetric() {
        let e = Wdl::new(10, 0, 10).elo();
        assert!(e.elo.abs() < 1e-9);
        assert!((e.low + e.high).abs() < 1e-9);
        assert!(e.low < -100.0 && e.high > 100.0, "{e:?}");
        assert!(!e.bound);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.85
        let e = Wdl::new(30, 0, 10).elo();
        assert!((e.elo - 190.85).abs() < 0.01, "{e:?}");
        assert!((elo_of_score(score_of_elo(250.0)) - 250.0).abs() < 1e-9);
    }

    #[test]
    fn standard_error_matches_the_formula() {
        // 6 wins, 2 draws, 2 losses: p = 0.7; s² = (6*0.09 + 2*0.04 + 2*0.49)/10 = 0.16.
        let r = Wdl::new(6, 2, 2);
        assert!((r.score() - 0.7).abs() < 1e-12);
        assert!((r.standard_error() - (0.16f64 / 10.0).sqrt()).abs() < 1e-12);
        let e = r.elo();
        let half = Z95 * (0.016f64).sqrt();
        assert!((e.low - elo_of_score(0.7 - half)).abs() < 1e-9);
        assert!((e.high - elo_of_score(0.7 + half)).abs() < 1e-9);
    }

    #[test]
    fn more_games_narrow_the_interval() {
        let small = Wdl::new(6, 0, 4).elo();
        let large = Wdl::new(60, 0, 40).elo();
        assert!((small.elo - large.elo).abs() < 1e-9);
        assert!(large.high - large.low < small.high - small.low);
    }

    #[test]
    fn a_clean_sweep_is_a_finite_bound() {
        let e = Wdl::new(8, 0, 0).elo();
        assert!(e.bound && e.elo.is_finite() && e.elo > 300.0, "{e:?}");
        assert!(e.text().starts_with(">= +"));
        let f = Wdl::new(0, 0, 8).elo();
        assert!(f.bound && f.elo < -300.0 && f.text().starts_with("<= -"));
        assert_eq!(Wdl::new(3, 1, 2).flipped(), Wdl::new(2, 1, 3));
    }
}
