//! The puzzles' current ratings as the selection sees them: each puzzle's rating (the set's
//! until the records have one), and each game's puzzles sorted by it.
//!
//! The records keep the exact ratings (every node of a cluster writes them); this table is a
//! copy, read from the records at start and again every [`REFRESH`], and moved at once by
//! the rated attempts this node records. Only the choice of the next puzzle reads it: what a
//! player is shown is read from the records.

use std::collections::BTreeMap;
use std::sync::RwLock;
use std::time::Duration;

use chaupal_rules::GameKind;

use super::set::PuzzleSet;

/// How often the table is read again from the records.
pub const REFRESH: Duration = Duration::from_secs(300);

/// The ratings, and the order by them.
#[derive(Debug, Default)]
pub struct Ranking {
    table: RwLock<Table>,
}

#[derive(Debug, Default)]
struct Table {
    /// Each puzzle's rating, by its index in the set.
    rating: Vec<f64>,
    /// Each game's puzzles as (rating, index), by rating.
    by_game: BTreeMap<GameKind, Vec<(f64, usize)>>,
    /// Every puzzle as (rating, index), by rating.
    all: Vec<(f64, usize)>,
}

impl Ranking {
    /// The set's own ratings.
    pub fn new(set: &PuzzleSet) -> Ranking {
        let ranking = Ranking::default();
        ranking.refresh(set, &[]);
        ranking
    }

    /// Takes the ratings the records have (`stored`: id and rating; ids not in the set are
    /// ignored) over the set's, and sorts again.
    pub fn refresh(&self, set: &PuzzleSet, stored: &[(String, f64)]) {
        let mut rating: Vec<f64> = set.all().iter().map(|p| p.entry.rating).collect();
        for (id, r) in stored {
            if let Some(i) = set.index_of(id)
                && r.is_finite()
            {
                rating[i] = *r;
            }
        }
        let mut all: Vec<(f64, usize)> = rating.iter().copied().zip(0..).collect();
        all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut by_game: BTreeMap<GameKind, Vec<(f64, usize)>> = BTreeMap::new();
        for &(r, i) in &all {
            if let Some(p) = set.get(i) {
                by_game.entry(p.game()).or_default().push((r, i));
            }
        }
        *self.table.write().unwrap_or_else(|e| e.into_inner()) = Table {
            rating,
            by_game,
            all,
        };
    }

    /// A puzzle's rating as the table has it.
    pub fn rating(&self, index: usize) -> Option<f64> {
        let table = self.table.read().unwrap_or_else(|e| e.into_inner());
        table.rating.get(index).copied()
    }

    /// A rated attempt moved a puzzle's rating: the table takes it at once (the order follows
    /// at the next refresh).
    pub fn moved(&self, index: usize, rating: f64) {
        let mut table = self.table.write().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = table.rating.get_mut(index)
            && rating.is_finite()
        {
            *r = rating;
        }
    }

    /// Runs `f` on the puzzles of `game` (all, when none) as (rating, index), sorted by the
    /// rating; the table is locked for reading meanwhile.
    pub fn with_order<T>(&self, game: Option<GameKind>, f: impl FnOnce(&[(f64, usize)]) -> T) -> T {
        let table = self.table.read().unwrap_or_else(|e| e.into_inner());
        let order = match game {
            Some(g) => table.by_game.get(&g).map_or(&[][..], Vec::as_slice),
            None => &table.all,
        };
        f(order)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::puzzles::testing::set_of;

    #[test]
    fn the_records_ratings_replace_the_sets_and_reorder() {
        let set = set_of(&[("a", 1200.0, &[]), ("b", 1500.0, &[]), ("c", 1800.0, &[])]);
        let ranking = Ranking::new(&set);
        let ids = |r: &Ranking| {
            r.with_order(Some(GameKind::Kalah), |o| {
                o.iter()
                    .map(|&(_, i)| set.get(i).unwrap().id().to_owned())
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(ids(&ranking), ["a", "b", "c"]);
        ranking.refresh(&set, &[("a".to_owned(), 2000.0), ("gone".to_owned(), 1.0)]);
        assert_eq!(ids(&ranking), ["b", "c", "a"]);
        assert_eq!(ranking.rating(set.index_of("a").unwrap()), Some(2000.0));
        ranking.moved(set.index_of("b").unwrap(), 1510.0);
        assert_eq!(ranking.rating(set.index_of("b").unwrap()), Some(1510.0));
        assert!(ranking.with_order(Some(GameKind::Jungle), <[_]>::is_empty));
        assert_eq!(ranking.with_order(None, <[_]>::len), 3);
    }
}
