//! The cheapest pairing of a group: among the pairings that pair as many players as can be
//! paired, the one whose pairs cost least in all. Pairs that must not meet have no cost.
//!
//! This is a minimum-weight maximum-cardinality matching, found by Edmonds' blossom
//! algorithm (the `mwmatching` crate, a port of Joris van Rantwijk's code, as lila's arena
//! pairing uses): each allowed pair becomes an edge of weight `most + 1 - cost`, where `most`
//! is the dearest allowed pair, and the heaviest matching of the most edges is found. It takes
//! O(n³) time for n players.

use mwmatching::{Matching, SENTINEL};

/// A pair cost, or `None` for a pair that must not meet.
pub type Cost = Option<u32>;

/// The dearest cost a pair may have: weights are `i32`, and blossoms add two of them.
pub const MOST_COST: u32 = (i32::MAX / 4) as u32;

/// The cheapest maximum pairing of `n` players, `0..n`, with `cost(i, j)` for `i < j`; each
/// pair `(i, j)` with `i < j`, in increasing order of `i`. A cost above [`MOST_COST`] is
/// taken as [`MOST_COST`].
pub fn cheapest_pairs(n: usize, cost: impl Fn(usize, usize) -> Cost) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for j in 1..n {
        for i in 0..j {
            if let Some(c) = cost(i, j) {
                edges.push((i, j, c.min(MOST_COST)));
            }
        }
    }
    cheapest_pairs_of(&edges)
}

/// The same, for the pairs listed in `edges` (`(i, j, cost)`, at most one per pair, `i != j`):
/// a sparse group, where most pairs may not meet.
pub fn cheapest_pairs_of(edges: &[(usize, usize, u32)]) -> Vec<(usize, usize)> {
    let Some(most) = edges.iter().map(|e| e.2.min(MOST_COST)).max() else {
        return Vec::new();
    };
    let weighted = edges
        .iter()
        .map(|&(i, j, c)| (i, j, (most + 1 - c.min(MOST_COST)) as i32))
        .collect();
    let mate = Matching::new(weighted).max_cardinality().solve();
    let mut pairs: Vec<(usize, usize)> = mate
        .iter()
        .enumerate()
        .filter(|&(i, &j)| j != SENTINEL && i < j)
        .map(|(i, &j)| (i, j))
        .collect();
    pairs.sort_unstable();
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The fewest unpaired players and then the least cost, by trying every pairing.
    fn brute(n: usize, cost: &dyn Fn(usize, usize) -> Cost) -> (usize, u64) {
        fn go(
            left: &[usize],
            cost: &dyn Fn(usize, usize) -> Cost,
            paired: usize,
            total: u64,
            best: &mut (usize, u64),
        ) {
            let Some(&first) = left.first() else {
                let key = (usize::MAX - paired, total);
                if key < (usize::MAX - best.0, best.1) {
                    *best = (paired, total);
                }
                return;
            };
            // `first` unpaired.
            let rest: Vec<usize> = left[1..].to_vec();
            go(&rest, cost, paired, total, best);
            for k in 0..rest.len() {
                let other = rest[k];
                let (a, b) = (first.min(other), first.max(other));
                if let Some(c) = cost(a, b) {
                    let mut r: Vec<usize> = rest.clone();
                    r.remove(k);
                    go(&r, cost, paired + 1, total + u64::from(c), best);
                }
            }
        }
        let mut best = (0, u64::MAX);
        go(&(0..n).collect::<Vec<_>>(), cost, 0, 0, &mut best);
        (best.0, best.1)
    }

    proptest! {
        /// Against every pairing of up to 8 players: as many pairs, and no dearer.
        #[test]
        fn the_matching_is_the_cheapest_of_the_largest(
            n in 0usize..=8,
            costs in proptest::collection::vec(proptest::option::weighted(0.8, 0u32..5000), 28),
        ) {
            let cost = |i: usize, j: usize| costs[j * (j - 1) / 2 + i];
            let pairs = cheapest_pairs(n, cost);
            let mut seen = vec![false; n];
            let mut total = 0u64;
            for &(i, j) in &pairs {
                prop_assert!(i < j && j < n);
                prop_assert!(!seen[i] && !seen[j]);
                seen[i] = true;
                seen[j] = true;
                total += u64::from(cost(i, j).expect("a pair that may meet"));
            }
            let (most, least) = brute(n, &cost);
            prop_assert_eq!(pairs.len(), most);
            if most > 0 {
                prop_assert_eq!(total, least);
            }
        }
    }

    #[test]
    fn nobody_is_paired_where_no_pair_may_meet() {
        assert!(cheapest_pairs(5, |_, _| None).is_empty());
        assert!(cheapest_pairs(1, |_, _| Some(1)).is_empty());
    }

    #[test]
    fn the_cheaper_pairs_are_taken() {
        // 0-1 and 2-3 cost 1 each; 0-2 and 1-3 cost 10 each.
        let cost = |i: usize, j: usize| match (i, j) {
            (0, 1) | (2, 3) => Some(1),
            _ => Some(10),
        };
        assert_eq!(cheapest_pairs(4, cost), [(0, 1), (2, 3)]);
    }
}
