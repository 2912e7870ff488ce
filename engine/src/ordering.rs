//! Move ordering: the hash move first, then captures and other forcing moves by the game's own
//! hint, then the two killer moves of the ply, then quiet moves by the history heuristic, and
//! moves into danger last.

use std::hash::{Hash, Hasher};

use super::value::MAX_PLY;

/// Slots of the history table (moves are hashed into it, so any game's moves fit).
pub(crate) const HISTORY_SIZE: usize = 4096;
/// History scores are halved when one grows past this, keeping old lessons from dominating.
const HISTORY_MAX: i32 = 1 << 20;

/// Sort keys of the move classes, far apart so that hints and history stay within a class.
pub(crate) const HASH_MOVE_KEY: i32 = 1 << 30;
pub(crate) const FORCING_KEY: i32 = 1 << 28;
pub(crate) const KILLER_KEY: i32 = 1 << 26;
pub(crate) const DANGER_KEY: i32 = -(1 << 26);

/// A small multiplicative hasher (FxHash), enough to spread moves over the history table.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The history slot of a move.
#[inline]
pub(crate) fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut h = FxHasher::default();
    mv.hash(&mut h);
    (h.finish() >> 52) as usize % HISTORY_SIZE
}

/// Killer moves (two a ply) and the history table, kept across the iterations of one search.
#[derive(Debug)]
pub(crate) struct OrderingTables<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq + Hash> OrderingTables<M> {
    pub fn new() -> Self {
        OrderingTables {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; HISTORY_SIZE],
        }
    }

    /// Whether `mv` is a killer at `ply`, and which (0 first).
    #[inline]
    pub(crate) fn killer_rank(&self, ply: usize, mv: M) -> Option<usize> {
        self.killers[ply].iter().position(|k| *k == Some(mv))
    }

    #[inline]
    pub(crate) fn history(&self, mv: &M) -> i32 {
        self.history[history_slot(mv)]
    }

    /// Records a quiet move that caused a cut-off at `ply` with `depth` left.
    pub(crate) fn record_cutoff(&mut self, ply: usize, depth: i32, mv: M) {
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        let h = &mut self.history[history_slot(&mv)];
        *h += depth.max(1) * depth.max(1);
        if *h > HISTORY_MAX {
            for v in self.history.iter_mut() {
                *v /= 2;
            }
        }
    }
}

impl<M: Copy + Eq + Hash> Default for OrderingTables<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// The sort key of a move that is not the hash move.
#[inline]
pub(crate) fn order_key(hint: i32, killer: Option<usize>, history: i32) -> i32 {
    if hint > 0 {
        FORCING_KEY + hint.min(FORCING_KEY - 1)
    } else if let Some(rank) = killer {
        KILLER_KEY - rank as i32
    } else if hint < 0 {
        DANGER_KEY + hint.max(-(1 << 24)) + history.min(1 << 24)
    } else {
        history.min(KILLER_KEY - 16)
    }
}

/// Moves the best remaining entry of `keys[from..]` to `from` (selection sort, one step at a
/// time: the rest need sorting only if no cut-off comes first).
#[inline]
pub(crate) fn pick_next(keys: &mut [(i32, u16)], from: usize) {
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i].0 > keys[best].0 {
            best = i;
        }
    }
    keys.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_ordered_forcing_killers_quiet_danger() {
        let forcing = order_key(5, None, 0);
        let killer = order_key(0, Some(0), 0);
        let killer2 = order_key(0, Some(1), 0);
        let quiet = order_key(0, None, 1000);
        let danger = order_key(-3, None, 1000);
        assert!(forcing > killer && killer > killer2 && killer2 > quiet && quiet > danger);
        assert!(HASH_MOVE_KEY > forcing);
    }

    #[test]
    fn killers_keep_the_two_latest_cutoff_moves() {
        let mut t = OrderingTables::<u8>::new();
        t.record_cutoff(3, 2, 7);
        t.record_cutoff(3, 2, 9);
        t.record_cutoff(3, 2, 9);
        assert_eq!(t.killer_rank(3, 9), Some(0));
        assert_eq!(t.killer_rank(3, 7), Some(1));
        assert_eq!(t.killer_rank(4, 9), None);
        assert!(t.history(&9) > t.history(&7));
    }

    #[test]
    fn pick_next_brings_the_largest_key_forward() {
        let mut keys = vec![(1, 0), (9, 1), (4, 2)];
        pick_next(&mut keys, 0);
        assert_eq!(keys[0], (9, 1));
        pick_next(&mut keys, 1);
        assert_eq!(keys[1], (4, 2));
    }
}
