//! An Elo ladder from a round robin: ratings that best explain every game at once (the
//! Bradley-Terry maximum-likelihood fit, draws as half a win), anchored so the first entrant
//! is 0; and a ladder chained from adjacent matches (level n against level n+1).
//!
//! The fit raises each rating by half-Newton steps `(S - E) * 350 / games` until every
//! entrant's actual score S equals its expected score E, the sum of
//! `1 / (1 + 10^((r_opp - r) / 400))` over its games. To keep clean sweeps finite, every pair
//! that met gets one extra virtual drawn game (a weak prior pulling towards equality; it is
//! small against tens of games and said wherever the ladder is shown). [`fit_anchored`] gives
//! the same ratings with intervals against the anchor instead of the field.

use serde::{Deserialize, Serialize};

use super::elo::{Wdl, Z95, score_of_elo};

/// One rung: an entrant's rating and its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    pub label: String,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// Results between two entrants, from `a`'s side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeting {
    pub a: usize,
    pub b: usize,
    pub wdl: Wdl,
}

/// The maximum-likelihood ladder of `n` entrants, entrant 0 at 0.
pub fn fit(labels: &[String], meetings: &[Meeting]) -> Vec<Rung> {
    let n = labels.len();
    let mut r = vec![0.0f64; n];
    // Points and games per pair, with the virtual draw.
    let pairs: Vec<(usize, usize, f64, f64)> = meetings
        .iter()
        .filter(|m| m.a != m.b && m.wdl.games() > 0)
        .map(|m| {
            let g = f64::from(m.wdl.games()) + 1.0;
            let s = f64::from(m.wdl.wins) + 0.5 * f64::from(m.wdl.draws) + 0.5;
            (m.a, m.b, s, g)
        })
        .collect();
    for _ in 0..2000 {
        let mut actual = vec![0.0; n];
        let mut expected = vec![0.0; n];
        let mut games = vec![0.0; n];
        for &(a, b, s, g) in &pairs {
            let e = score_of_elo(r[a] - r[b]);
            actual[a] += s;
            actual[b] += g - s;
            expected[a] += g * e;
            expected[b] += g * (1.0 - e);
            games[a] += g;
            games[b] += g;
        }
        let mut moved: f64 = 0.0;
        for (i, ri) in r.iter_mut().enumerate() {
            if games[i] > 0.0 {
                // Half a Newton step at most (dE/dr <= games/695; both ends of a pair move).
                let step = (actual[i] - expected[i]) * 350.0 / games[i];
                *ri += step;
                moved = moved.max(step.abs());
            }
        }
        if moved < 1e-4 {
            break;
        }
    }
    let anchor = r.first().copied().unwrap_or(0.0);
    // Each rung's interval: the standard error of its own score against the field.
    let mut spread = vec![0.0f64; n];
    for (i, spread_i) in spread.iter_mut().enumerate() {
        let mut w = Wdl::default();
        for m in meetings.iter().filter(|m| m.a != m.b) {
            let x = if m.a == i {
                m.wdl
            } else if m.b == i {
                m.wdl.flipped()
            } else {
                continue;
            };
            w.wins += x.wins;
            w.draws += x.draws;
            w.losses += x.losses;
        }
        let p = w.score().clamp(0.02, 0.98);
        // d(elo)/dp = 400 / (ln 10 p (1 - p)).
        let slope = 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
        let se = w.standard_error().max(0.5 / f64::from(w.games().max(1)));
        *spread_i = Z95 * se * slope;
    }
    (0..n)
        .map(|i| Rung {
            label: labels[i].clone(),
            elo: r[i] - anchor,
            low: r[i] - anchor - spread[i],
            high: r[i] - anchor + spread[i],
        })
        .collect()
}

/// The maximum-likelihood ladder with each rung's 95% interval taken against the first entrant
/// (the anchor, whose interval is empty) rather than against the field: the inverse of the fit's
/// Fisher information with rung 0 held fixed. A pair that played `g` games (the virtual draw
/// included) at expected score `p` informs `r_a - r_b` with weight `g p (1 - p) (ln 10 / 400)²`;
/// the variance of rung i is the i-th diagonal entry of the inverse of the summed weights. So the
/// intervals grow along a chain of matches and shrink where a rung met many others.
pub fn fit_anchored(labels: &[String], meetings: &[Meeting]) -> Vec<Rung> {
    let mut rungs = fit(labels, meetings);
    let n = rungs.len();
    if n == 0 {
        return rungs;
    }
    let c = std::f64::consts::LN_10 / 400.0;
    // Information over rungs 1..n (rung 0 fixed).
    let m = n - 1;
    let mut info = vec![vec![0.0f64; m]; m];
    for x in meetings.iter().filter(|x| x.a != x.b && x.wdl.games() > 0) {
        let g = f64::from(x.wdl.games()) + 1.0;
        let p = score_of_elo(rungs[x.a].elo - rungs[x.b].elo);
        let w = g * p * (1.0 - p) * c * c;
        let (a, b) = (x.a.checked_sub(1), x.b.checked_sub(1));
        for (i, j, sign) in [(a, a, 1.0), (b, b, 1.0), (a, b, -1.0), (b, a, -1.0)] {
            if let (Some(i), Some(j)) = (i, j) {
                info[i][j] += sign * w;
            }
        }
    }
    let variance = inverse_diagonal(info);
    for (i, rung) in rungs.iter_mut().enumerate() {
        let half = match i.checked_sub(1) {
            None => 0.0,
            Some(k) => Z95 * variance[k].max(0.0).sqrt(),
        };
        rung.low = rung.elo - half;
        rung.high = rung.elo + half;
    }
    rungs
}

/// The diagonal of a symmetric matrix's inverse (Gauss-Jordan with partial pivoting); an entry
/// is infinite where the matrix is singular (a rung not connected to the anchor by any games).
fn inverse_diagonal(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        if a[pivot][col].abs() < 1e-12 {
            return vec![f64::INFINITY; n];
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for j in 0..n {
                        a[row][j] -= f * a[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    (0..n).map(|i| inv[i][i]).collect()
}

#[cfg(test)]
/// A ladder chained from adjacent matches: `steps[i]` is rung i+1 against rung i (from i+1's
/// side). Rung 0 is 0; each rung adds its match's Elo, and the interval widens by the step's
/// half-width in quadrature (the matches are independent).
pub fn chain(labels: &[String], steps: &[Wdl]) -> Vec<Rung> {
    let mut out = Vec::with_capacity(labels.len());
    let (mut elo, mut var) = (0.0f64, 0.0f64);
    for (i, label) in labels.iter().enumerate() {
        if i > 0
            && let Some(w) = steps.get(i - 1)
        {
            let e = w.elo();
            elo += e.elo;
            let half = (e.high - e.low) / 2.0;
            var += half * half;
        }
        let half = var.sqrt();
        out.push(Rung {
            label: label.clone(),
            elo,
            low: elo - half,
            high: elo + half,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_a_pairwise_score_and_orders_the_entrants() {
        let labels: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let meetings = [
            Meeting {
                a: 0,
                b: 1,
                wdl: Wdl::new(10, 0, 30),
            },
            Meeting {
                a: 1,
                b: 2,
                wdl: Wdl::new(10, 0, 30),
            },
            Meeting {
                a: 0,
                b: 2,
                wdl: Wdl::new(4, 0, 36),
            },
        ];
        let rungs = fit(&labels, &meetings);
        assert_eq!(rungs[0].elo, 0.0);
        assert!(
            rungs[1].elo > 100.0 && rungs[2].elo > rungs[1].elo + 100.0,
            "{rungs:?}"
        );
        assert!(rungs.iter().all(|r| r.low < r.elo && r.elo < r.high));
    }

    #[test]
    fn a_clean_sweep_stays_finite() {
        let labels: Vec<String> = ["a", "b"].iter().map(|s| s.to_string()).collect();
        let rungs = fit(
            &labels,
            &[Meeting {
                a: 0,
                b: 1,
                wdl: Wdl::new(0, 0, 10),
            }],
        );
        assert!(
            rungs[1].elo.is_finite() && rungs[1].elo > 200.0,
            "{rungs:?}"
        );
    }

    #[test]
    fn anchored_intervals_follow_the_fisher_information() {
        let labels: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let one = [Meeting {
            a: 0,
            b: 1,
            wdl: Wdl::new(10, 0, 30),
        }];
        let two = fit_anchored(&labels[..2], &one);
        assert_eq!((two[0].low, two[0].high), (0.0, 0.0));
        // One pair: variance 1 / (g p (1-p) c²), p the fitted expected score (the virtual draw
        // makes it 10.5 / 41).
        let p: f64 = 10.5 / 41.0;
        let c = std::f64::consts::LN_10 / 400.0;
        let half = Z95 / (41.0 * p * (1.0 - p) * c * c).sqrt();
        assert!((two[1].elo - fit(&labels[..2], &one)[1].elo).abs() < 1e-9);
        assert!(
            ((two[1].high - two[1].low) / 2.0 - half).abs() < 0.5,
            "{two:?} {half}"
        );
        // A chain 0-1-2: the far rung is less sure than the near one; a direct 0-2 match
        // narrows it.
        let chain_only = [
            one[0],
            Meeting {
                a: 1,
                b: 2,
                wdl: Wdl::new(10, 0, 30),
            },
        ];
        let chained = fit_anchored(&labels, &chain_only);
        let width = |r: &Rung| r.high - r.low;
        assert!(width(&chained[2]) > width(&chained[1]) * 1.2, "{chained:?}");
        let mut closed = chain_only.to_vec();
        closed.push(Meeting {
            a: 0,
            b: 2,
            wdl: Wdl::new(4, 0, 36),
        });
        let tri = fit_anchored(&labels, &closed);
        assert!(width(&tri[2]) < width(&chained[2]), "{tri:?}");
        // A rung no games connect to the anchor has no finite interval.
        let apart = fit_anchored(
            &labels,
            &[Meeting {
                a: 1,
                b: 2,
                wdl: Wdl::new(5, 0, 5),
            }],
        );
        assert!(apart[1].high.is_infinite() && apart[2].high.is_infinite());
    }

    #[test]
    fn a_chain_adds_the_steps_and_widens() {
        let labels: Vec<String> = ["1", "2", "3"].iter().map(|s| s.to_string()).collect();
        let rungs = chain(&labels, &[Wdl::new(30, 0, 10), Wdl::new(30, 0, 10)]);
        assert_eq!(rungs[0].elo, 0.0);
        assert!((rungs[1].elo - 190.85).abs() < 0.1);
        assert!((rungs[2].elo - 381.7).abs() < 0.2);
        assert!(rungs[2].high - rungs[2].low > rungs[1].high - rungs[1].low);
    }
}
