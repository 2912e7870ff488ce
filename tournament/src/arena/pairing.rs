//! Pairing an arena's idle players, as lichess pairs its arenas.
//!
//! The idle players, in order of rank, are paired by the cheapest maximum matching
//! ([`crate::matching`]); a pair costs `|rank a - rank b| × factor + |rating a - rating b|`,
//! where `factor = 300 + 1700 × (most - best) / most`, `most` the group's lowest rank and
//! `best` the pair's higher one, so that pairs near the top weigh more. A pair may not meet
//! when either was the other's last opponent, or when both have had three games in a row on
//! the same side. At most 100 players go into one matching: beyond 100 idle players, the top
//! `min(n / 4 × 2, 100)` are matched among themselves and the next as many among themselves,
//! and the rest wait for the next pass. In the first seconds of an arena, players are paired
//! by rank, first with second, third with fourth. Where only two players of a small arena are
//! active, they may meet again at once.

use serde::{Deserialize, Serialize};

use super::colors::SideHistory;
use crate::entrant::{EntrantId, Pairing};
use crate::matching::{Cost, cheapest_pairs};

/// The most players in one matching.
pub const GROUP: usize = 100;

/// An idle player as pairing sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Idle {
    pub entrant: EntrantId,
    /// Their place in the standings: 1 is the leader.
    pub rank: u32,
    pub rating: i32,
    pub sides: SideHistory,
    /// Their last opponent in this arena, if any.
    pub last_opponent: Option<EntrantId>,
}

/// What a pass of pairing knows of the arena besides its idle players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    /// The arena began moments ago: pair by rank, without a matching.
    pub just_started: bool,
    /// A small arena where only the two idle players are active: they may meet again.
    pub only_two_active: bool,
}

/// A pair's cost, or `None` where the two may not meet.
pub fn pair_cost(a: &Idle, b: &Idle, most_rank: u32) -> Cost {
    let met = a.last_opponent == Some(b.entrant) || b.last_opponent == Some(a.entrant);
    if met || !a.sides.could_play(b.sides) {
        return None;
    }
    Some(
        rank_factor(a.rank.min(b.rank), most_rank) * a.rank.abs_diff(b.rank)
            + a.rating.abs_diff(b.rating),
    )
}

/// How much a step of rank weighs for a pair whose better player has rank `best`, in a group
/// whose lowest rank is `most`: 2000 at the top, 300 at the bottom.
pub fn rank_factor(best: u32, most: u32) -> u32 {
    if most == 0 {
        return 300;
    }
    300 + 1700 * most.saturating_sub(best) / most
}

/// The games of one pass over `idle` (in order of rank, best first). `toss` decides sides
/// between players whose histories are alike.
pub fn pair(idle: &[Idle], moment: Moment, toss: &mut dyn FnMut() -> bool) -> Vec<Pairing> {
    let n = idle.len();
    if n < 2 {
        return Vec::new();
    }
    if moment.just_started {
        return idle
            .chunks_exact(2)
            .map(|two| with_sides(&two[0], &two[1], toss))
            .collect();
    }
    if n > GROUP {
        let size = (n / 4 * 2).min(GROUP);
        let mut out = best_pairs(&idle[..size], moment, toss);
        out.extend(best_pairs(&idle[size..(2 * size).min(n)], moment, toss));
        return out;
    }
    best_pairs(idle, moment, toss)
}

/// The cheapest maximum pairing of one group.
fn best_pairs(group: &[Idle], moment: Moment, toss: &mut dyn FnMut() -> bool) -> Vec<Pairing> {
    if group.len() < 2 {
        return Vec::new();
    }
    let most = group.iter().map(|p| p.rank).max().unwrap_or(0);
    let pairs = if moment.only_two_active {
        cheapest_pairs(group.len(), |_, _| Some(1))
    } else {
        cheapest_pairs(group.len(), |i, j| pair_cost(&group[i], &group[j], most))
    };
    pairs
        .into_iter()
        .map(|(i, j)| with_sides(&group[i], &group[j], toss))
        .collect()
}

/// The game of `a` and `b`, the first side to the one who has had it less.
fn with_sides(a: &Idle, b: &Idle, toss: &mut dyn FnMut() -> bool) -> Pairing {
    Pairing::ordered(a.entrant, b.entrant, a.sides.takes_first(b.sides, toss()))
}

#[cfg(test)]
mod tests;
