//! Round robins: everyone meets everyone, once or twice, by Berger tables (the circle method).
//! With an odd number of entrants, one sits out each round. Each entrant's sides alternate as
//! far as the table allows; in a double round robin the second cycle swaps every game's sides.

use crate::entrant::{EntrantId, Pairing};

/// The rounds of a round robin of `entrants` (in seeding order), each a list of games; the
/// entrant who sits a round out has no game in it.
pub fn rounds(entrants: &[EntrantId], double: bool) -> Vec<Vec<Pairing>> {
    let n = entrants.len();
    if n < 2 {
        return Vec::new();
    }
    // Seats 0..m, m even; a seat at or beyond n is the bye.
    let m = n + n % 2;
    let mut out = Vec::with_capacity(m - 1);
    for round in 0..m - 1 {
        let mut games = Vec::with_capacity(m / 2);
        // The last seat is fixed; the others turn one place a round.
        let seat = |k: usize| {
            if k == m - 1 {
                m - 1
            } else {
                (round + k) % (m - 1)
            }
        };
        for k in 0..m / 2 {
            let (a, b) = (seat(k), seat(m - 1 - k));
            if a >= n || b >= n {
                continue;
            }
            // The fixed seat alternates; the others by the table's half.
            let a_first = if k == 0 { round % 2 == 0 } else { k % 2 == 1 };
            let (first, second) = if a_first { (a, b) } else { (b, a) };
            games.push(Pairing {
                first: entrants[first],
                second: entrants[second],
            });
        }
        out.push(games);
    }
    if double {
        let second: Vec<Vec<Pairing>> = out
            .iter()
            .map(|games| {
                games
                    .iter()
                    .map(|g| Pairing {
                        first: g.second,
                        second: g.first,
                    })
                    .collect()
            })
            .collect();
        out.extend(second);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    fn ids(n: u32) -> Vec<EntrantId> {
        (0..n).map(EntrantId).collect()
    }

    #[test]
    fn everyone_meets_everyone_once_and_plays_at_most_once_a_round() {
        for n in 2..=13u32 {
            let rounds = rounds(&ids(n), false);
            assert_eq!(rounds.len() as u32, n - 1 + n % 2, "{n}");
            let mut met = BTreeSet::new();
            for games in &rounds {
                let mut playing = BTreeSet::new();
                for g in games {
                    assert!(playing.insert(g.first) && playing.insert(g.second), "{n}");
                    let pair = (g.first.min(g.second), g.first.max(g.second));
                    assert!(met.insert(pair), "{n}: {pair:?} twice");
                }
                // At most one sits out.
                assert!(playing.len() as u32 >= n - 1, "{n}");
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2, "{n}");
        }
    }

    #[test]
    fn sides_are_balanced_and_a_double_round_robin_swaps_them() {
        for n in [4u32, 6, 8, 10, 12] {
            let single = rounds(&ids(n), false);
            let mut firsts: BTreeMap<EntrantId, i32> = BTreeMap::new();
            for g in single.iter().flatten() {
                *firsts.entry(g.first).or_default() += 1;
                *firsts.entry(g.second).or_default() -= 1;
            }
            // Over n - 1 games, first and second differ by at most one.
            assert!(firsts.values().all(|d| d.abs() <= 1), "{n}: {firsts:?}");
            let double = rounds(&ids(n), true);
            assert_eq!(double.len(), 2 * single.len());
            for (a, b) in single
                .iter()
                .flatten()
                .zip(double[single.len()..].iter().flatten())
            {
                assert_eq!((a.first, a.second), (b.second, b.first));
            }
        }
    }
}
