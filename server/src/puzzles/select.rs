//! Choosing the next puzzle from a list sorted by rating (`super::ranking`).
//!
//! - **Rated:** a puzzle the player has not tried, near their puzzle rating: within the
//!   narrowest of [`WINDOWS`] that has one, chosen at random among the [`NEAREST_FEW`]
//!   nearest in it, so that two players of one rating do not get the same sequence. Once
//!   every puzzle within the widest window has been tried, the least recently tried of them
//!   comes again; with none there at all, the nearest untried one at any distance.
//! - **Streak:** the first puzzle rated within [`STREAK_START`], each next one
//!   [`STREAK_STEP`] above the last (the easiest harder one when that range has none), none
//!   twice in one streak; past the hardest puzzle, the hardest left.

use rand::Rng;
use rand::seq::IndexedRandom;

/// The windows around the player's rating tried in turn, narrowest first (rating points
/// either side).
pub const WINDOWS: [f64; 5] = [50.0, 100.0, 200.0, 400.0, 800.0];
/// How many of the nearest puzzles in a window the choice is made among.
pub const NEAREST_FEW: usize = 8;
/// The ratings of a streak's first puzzle.
pub const STREAK_START: (f64, f64) = (1000.0, 1200.0);
/// How much harder each puzzle of a streak is than the last: the range of its rating above.
pub const STREAK_STEP: (f64, f64) = (50.0, 80.0);

/// The widest window.
const WIDEST: f64 = WINDOWS[WINDOWS.len() - 1];

/// The entries of `order` (sorted by rating) that `ok` accepts, nearest to `target` first:
/// at most `n`, none further than `max` from it. Each is (distance, index).
fn nearest(
    order: &[(f64, usize)],
    target: f64,
    n: usize,
    max: f64,
    ok: impl Fn(usize) -> bool,
) -> Vec<(f64, usize)> {
    let mut found = Vec::new();
    let split = order.partition_point(|&(r, _)| r < target);
    let (mut below, mut above) = (split, split);
    while found.len() < n {
        let down = below.checked_sub(1).map(|i| (target - order[i].0, i));
        let up = order.get(above).map(|&(r, _)| (r - target, above));
        let (distance, at, is_down) = match (down, up) {
            (Some(d), Some(u)) if d.0 <= u.0 => (d.0, d.1, true),
            (_, Some(u)) => (u.0, u.1, false),
            (Some(d), None) => (d.0, d.1, true),
            (None, None) => break,
        };
        if distance > max {
            break;
        }
        if is_down {
            below = at;
        } else {
            above = at + 1;
        }
        let index = order[at].1;
        if ok(index) {
            found.push((distance, index));
        }
    }
    found
}

/// A puzzle near `target` that `ok` accepts: in the narrowest window that has one, at random
/// among the nearest few there.
pub fn near(
    order: &[(f64, usize)],
    target: f64,
    ok: impl Fn(usize) -> bool,
    rng: &mut impl Rng,
) -> Option<usize> {
    let found = nearest(order, target, NEAREST_FEW, WIDEST, ok);
    let closest = found.first()?.0;
    let window = WINDOWS.iter().copied().find(|&w| closest <= w)?;
    let within: Vec<usize> = found
        .iter()
        .filter(|&&(d, _)| d <= window)
        .map(|&(_, i)| i)
        .collect();
    within.choose(rng).copied()
}

/// The next rated puzzle for a player rated `target`: `fits` says which puzzles the request
/// allows (its game and theme), `tried` when the player last tried one (none: never).
pub fn rated(
    order: &[(f64, usize)],
    target: f64,
    fits: impl Fn(usize) -> bool,
    tried: impl Fn(usize) -> Option<u64>,
    rng: &mut impl Rng,
) -> Option<usize> {
    if let Some(i) = near(order, target, |i| fits(i) && tried(i).is_none(), rng) {
        return Some(i);
    }
    let least_recent = |found: Vec<(f64, usize)>| {
        found
            .into_iter()
            .min_by_key(|&(d, i)| (tried(i).unwrap_or(0), d.to_bits()))
            .map(|(_, i)| i)
    };
    // Everything near is tried: the least recent of it.
    if let Some(i) = least_recent(nearest(order, target, usize::MAX, WIDEST, &fits)) {
        return Some(i);
    }
    // Nothing near at all: the nearest untried, else the least recent, at any distance.
    nearest(order, target, 1, f64::INFINITY, |i| {
        fits(i) && tried(i).is_none()
    })
    .first()
    .map(|&(_, i)| i)
    .or_else(|| least_recent(nearest(order, target, usize::MAX, f64::INFINITY, &fits)))
}

/// The next puzzle of a streak whose last puzzle was rated `last` (none: the first), among
/// those `fits` accepts (the request's game and theme, and none given in this streak yet).
pub fn streak(
    order: &[(f64, usize)],
    last: Option<f64>,
    fits: impl Fn(usize) -> bool,
    rng: &mut impl Rng,
) -> Option<usize> {
    let (low, high) = match last {
        None => STREAK_START,
        Some(r) => (r + STREAK_STEP.0, r + STREAK_STEP.1),
    };
    let start = order.partition_point(|&(r, _)| r < low);
    let above = &order[start..];
    let in_step: Vec<usize> = above
        .iter()
        .take_while(|&&(r, _)| r <= high)
        .map(|&(_, i)| i)
        .filter(|&i| fits(i))
        .collect();
    if let Some(&i) = in_step.choose(rng) {
        return Some(i);
    }
    // None in the step: the easiest harder one.
    if let Some(i) = above.iter().map(|&(_, i)| i).find(|&i| fits(i)) {
        return Some(i);
    }
    // Nothing that hard: the hardest left.
    order[..start]
        .iter()
        .rev()
        .map(|&(_, i)| i)
        .find(|&i| fits(i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::collections::{HashMap, HashSet};

    /// Puzzles rated as given, their indexes in that order.
    fn order_of(ratings: &[f64]) -> Vec<(f64, usize)> {
        let mut order: Vec<(f64, usize)> = ratings.iter().copied().zip(0..).collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0));
        order
    }

    fn rng() -> StdRng {
        StdRng::seed_from_u64(7)
    }

    #[test]
    fn a_rated_puzzle_is_untried_and_in_the_narrowest_window_that_has_one() {
        // 0: 1500, 1: 1520, 2: 1540, 3: 1700, 4: 2600
        let order = order_of(&[1500.0, 1520.0, 1540.0, 1700.0, 2600.0]);
        let mut rng = rng();
        let never = |_| None;
        for _ in 0..50 {
            let i = rated(&order, 1510.0, |_| true, never, &mut rng).unwrap();
            assert!([0, 1, 2].contains(&i), "{i}");
        }
        // 0 and 1 tried: 2 is the only untried one within 50.
        let tried: HashMap<usize, u64> = [(0, 5), (1, 6)].into();
        for _ in 0..20 {
            assert_eq!(
                rated(
                    &order,
                    1510.0,
                    |_| true,
                    |i| tried.get(&i).copied(),
                    &mut rng
                ),
                Some(2)
            );
        }
        // The window widens: with 0, 1 and 2 tried, 3 (190 away) comes, not 4 (1090 away).
        let tried: HashMap<usize, u64> = [(0, 5), (1, 6), (2, 7)].into();
        assert_eq!(
            rated(
                &order,
                1510.0,
                |_| true,
                |i| tried.get(&i).copied(),
                &mut rng
            ),
            Some(3)
        );
        // The request's game and theme: only what fits.
        assert_eq!(rated(&order, 1510.0, |i| i == 4, never, &mut rng), Some(4));
        assert_eq!(rated(&order, 1510.0, |_| false, never, &mut rng), None);
    }

    #[test]
    fn the_nearest_few_are_chosen_at_random() {
        let ratings: Vec<f64> = (0..40).map(|i| 1400.0 + 5.0 * f64::from(i)).collect();
        let order = order_of(&ratings);
        let mut rng = rng();
        let seen: HashSet<usize> = (0..200)
            .map(|_| rated(&order, 1500.0, |_| true, |_| None, &mut rng).unwrap())
            .collect();
        // The eight nearest to 1500 (1485..1515), and no others.
        assert!(seen.len() > 3, "{seen:?}");
        assert!(seen.len() <= NEAREST_FEW, "{seen:?}");
        assert!(
            seen.iter().all(|&i| (ratings[i] - 1500.0).abs() <= 20.0),
            "{seen:?}"
        );
    }

    #[test]
    fn once_all_near_are_tried_the_least_recent_comes_again() {
        let order = order_of(&[1500.0, 1550.0, 1600.0, 3000.0]);
        let tried: HashMap<usize, u64> = [(0, 30), (1, 10), (2, 20)].into();
        let mut rng = rng();
        assert_eq!(
            rated(
                &order,
                1500.0,
                |_| true,
                |i| tried.get(&i).copied(),
                &mut rng
            ),
            Some(1)
        );
        // Nothing near at all: the nearest untried, far as it is.
        let order = order_of(&[3000.0, 3100.0]);
        assert_eq!(rated(&order, 1500.0, |_| true, |_| None, &mut rng), Some(0));
        // Everything tried and far: the least recent.
        let tried: HashMap<usize, u64> = [(0, 30), (1, 10)].into();
        assert_eq!(
            rated(
                &order,
                1500.0,
                |_| true,
                |i| tried.get(&i).copied(),
                &mut rng
            ),
            Some(1)
        );
    }

    #[test]
    fn a_streak_starts_easy_and_each_puzzle_is_harder_than_the_last() {
        let ratings: Vec<f64> = (0..60).map(|i| 800.0 + 25.0 * f64::from(i)).collect();
        let order = order_of(&ratings);
        let mut rng = rng();
        let mut used = HashSet::new();
        let mut last = None;
        let mut seen = Vec::new();
        while let Some(i) = streak(&order, last, |i| !used.contains(&i), &mut rng) {
            let r = ratings[i];
            let unused_above =
                |floor: f64| (0..ratings.len()).any(|j| !used.contains(&j) && ratings[j] >= floor);
            match last {
                None => assert!((1000.0..=1200.0).contains(&r), "{r}"),
                Some(l) if unused_above(l + 50.0) => {
                    assert!(r >= l + 50.0 && r <= l + 80.0, "{l} then {r}")
                }
                // Nothing that hard is left: the hardest that is.
                Some(l) => {
                    let hardest = (0..ratings.len())
                        .filter(|j| !used.contains(j))
                        .map(|j| ratings[j])
                        .fold(f64::MIN, f64::max);
                    assert_eq!(r, hardest, "after {l}");
                }
            }
            used.insert(i);
            seen.push(r);
            last = Some(r);
        }
        assert_eq!(seen.len(), ratings.len(), "every puzzle once");
        // Harder each time until the top, then the hardest left, and so every puzzle.
        let top = seen.iter().position(|&r| r == ratings[59]).unwrap();
        assert!(
            seen[..=top].windows(2).all(|w| w[1] >= w[0] + 50.0),
            "{seen:?}"
        );
        // A step with nothing in it: the easiest harder one.
        let order = order_of(&[1100.0, 1400.0, 1450.0]);
        assert_eq!(streak(&order, Some(1100.0), |_| true, &mut rng), Some(1));
    }
}
