//! The day's puzzle of each game: the same for everyone from midnight UTC to the next, and on
//! every node of a cluster, since it follows from the day and the set alone.
//!
//! Each game's candidates are its puzzles of middle rating (the middle half of the game's
//! puzzles by the set's rating) that have at least one theme (all of the middle half when none
//! has); a SHA-256 of the day and the game's name picks one.

use chaupal_rules::GameKind;
use chaupal_rules::record::date_of;
use sha2::{Digest, Sha256};

use super::set::PuzzleSet;

/// The day of `epoch_ms` (UTC), `YYYY-MM-DD`.
pub fn day_of(epoch_ms: u64) -> String {
    date_of(epoch_ms).replace('.', "-")
}

/// The day's puzzle of each game that has puzzles: (game, index in the set).
pub fn daily(set: &PuzzleSet, day: &str) -> Vec<(GameKind, usize)> {
    set.counts()
        .into_iter()
        .filter_map(|(game, _)| pick(set, game, day).map(|i| (game, i)))
        .collect()
}

/// The day's puzzle of one game.
fn pick(set: &PuzzleSet, game: GameKind, day: &str) -> Option<usize> {
    let list = set.of_game(game);
    let (from, to) = (list.len() / 4, list.len() - list.len() / 4);
    let middle = &list[from..to.max(from + 1).min(list.len())];
    let themed: Vec<usize> = middle
        .iter()
        .copied()
        .filter(|&i| set.get(i).is_some_and(|p| !p.entry.themes.is_empty()))
        .collect();
    let candidates = if themed.is_empty() {
        middle.to_vec()
    } else {
        themed
    };
    if candidates.is_empty() {
        return None;
    }
    let digest = Sha256::digest(format!("{day}/{}", game.name()).as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let at = u64::from_be_bytes(first) % candidates.len() as u64;
    candidates.get(at as usize).copied()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::puzzles::testing::set_of;

    #[test]
    fn the_day_is_written_with_dashes_in_utc() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(1_795_000_000_000 - 1), "2026-11-18");
        assert_eq!(day_of(86_400_000 - 1), "1970-01-01");
        assert_eq!(day_of(86_400_000), "1970-01-02");
    }

    #[test]
    fn the_same_day_gives_the_same_puzzle_and_other_days_others() {
        let themes: &[&str] = &["capture"];
        let mut list: Vec<(String, f64, &[&str])> = (0..40)
            .map(|i| (format!("k-{i}"), 1000.0 + 25.0 * f64::from(i), themes))
            .collect();
        // The easiest and hardest quarters are never the day's, nor one without a theme.
        list[20].2 = &[];
        let set = set_of(
            &list
                .iter()
                .map(|(id, r, t)| (id.as_str(), *r, *t))
                .collect::<Vec<_>>(),
        );
        let day = "2026-11-28";
        let today = daily(&set, day);
        assert_eq!(today.len(), 1);
        assert_eq!(today, daily(&set, day), "the same day, the same puzzle");
        let picks: std::collections::HashSet<usize> = (1..=28)
            .map(|d| daily(&set, &format!("2026-02-{d:02}"))[0].1)
            .collect();
        assert!(picks.len() > 5, "{picks:?}");
        for i in picks {
            let p = set.get(i).unwrap();
            assert!(
                (1250.0..1750.0).contains(&p.entry.rating),
                "{}",
                p.entry.rating
            );
            assert!(!p.entry.themes.is_empty());
        }
    }

    #[test]
    fn a_set_of_one_still_has_a_days_puzzle() {
        let set = set_of(&[("k-0", 1500.0, &[])]);
        assert_eq!(daily(&set, "2026-01-01").len(), 1);
        assert!(daily(&set_of(&[]), "2026-01-01").is_empty());
    }
}
