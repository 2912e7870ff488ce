//! The board layout of Kalah as a flat array of slots, and the compile-time tables built on it:
//! the sowing path of each side for every board size, and the Zobrist keys.
//!
//! With `m` houses a side, the slots are, in sowing (counter-clockwise) order:
//!
//! ```text
//! slot:   0 .. m-1          m             m+1 .. 2m         2m+1
//!         south houses 1..m south store   north houses 1..m north store
//! ```
//!
//! so each side's houses run from its own left to its own right, its store follows, and the
//! opponent's house 1 comes next. Slots from `2m+2` up to [`SLOTS`] are unused (always 0).

use crate::zobrist::keys;

use super::rules::{MAX_PITS, MAX_SEEDS};

/// Slots in the array: houses and stores of both sides on the largest board.
pub const SLOTS: usize = 2 * MAX_PITS as usize + 2;
/// The most seeds any slot can hold: every seed of the largest game.
pub const MAX_TOTAL: usize = 2 * MAX_PITS as usize * MAX_SEEDS as usize;
/// Seed counts a slot can hold: `0..=MAX_TOTAL`.
const COUNTS: usize = MAX_TOTAL + 1;
/// The longest sowing ring: the mover's houses, its store and the opponent's houses.
const MAX_RING: usize = 2 * MAX_PITS as usize + 1;
/// Length of a sowing path: two turns of the ring, so a sowing that starts anywhere in the
/// mover's houses and wraps once needs no modulo.
pub const PATH_LEN: usize = 2 * MAX_RING;

/// The slot of house `house` (0-based, from the owner's left) of side `side` (0 south,
/// 1 north) on a board of `pits` houses a side.
#[inline]
pub const fn house_slot(pits: usize, side: usize, house: usize) -> usize {
    side * (pits + 1) + house
}

/// The slot of the store of side `side` on a board of `pits` houses a side.
#[inline]
pub const fn store_slot(pits: usize, side: usize) -> usize {
    side * (pits + 1) + pits
}

/// The number of slots a sowing passes through in one lap: `2 * pits + 1` (every slot but the
/// opponent's store).
#[inline]
pub const fn ring_len(pits: usize) -> usize {
    2 * pits + 1
}

/// `SOW_PATH[pits][side][r]`: the slot at mover-relative position `r` for `side` moving on a
/// board of `pits` houses. Position `r` (taken modulo the ring length `2 * pits + 1`) is the
/// mover's house `r` (0-based) for `r < pits`, the mover's store for `r == pits`, and the
/// opponent's house `r - pits - 1` after that; the opponent's store is not on the path.
pub static SOW_PATH: [[[u8; PATH_LEN]; 2]; MAX_PITS as usize + 1] = build_sow_paths();

const fn build_sow_paths() -> [[[u8; PATH_LEN]; 2]; MAX_PITS as usize + 1] {
    let mut table = [[[0u8; PATH_LEN]; 2]; MAX_PITS as usize + 1];
    let mut pits = 1;
    while pits <= MAX_PITS as usize {
        let ring = ring_len(pits);
        let mut side = 0;
        while side < 2 {
            let mut r = 0;
            while r < 2 * ring {
                let pos = r % ring;
                let slot = if pos < pits {
                    house_slot(pits, side, pos)
                } else if pos == pits {
                    store_slot(pits, side)
                } else {
                    house_slot(pits, 1 - side, pos - pits - 1)
                };
                table[pits][side][r] = slot as u8;
                r += 1;
            }
            side += 1;
        }
        pits += 1;
    }
    table
}

/// Zobrist keys, `SLOTS * COUNTS` of them: one per (slot, seed count). The key of an empty
/// slot is 0 (like an empty square in chess), so emptying a slot costs one key.
static SEED_KEYS: [u64; SLOTS * COUNTS] = {
    let mut table: [u64; SLOTS * COUNTS] = keys(0x4B41_4C41_4800_0001);
    let mut slot = 0;
    while slot < SLOTS {
        table[slot * COUNTS] = 0;
        slot += 1;
    }
    table
};

/// `STEP_KEYS[slot * COUNTS + c]`: the key change when `slot` goes from `c` to `c + 1` seeds,
/// so sowing one seed costs one lookup.
static STEP_KEYS: [u64; SLOTS * COUNTS] = {
    let mut table = [0u64; SLOTS * COUNTS];
    let mut i = 0;
    while i < SLOTS * COUNTS {
        if (i + 1) % COUNTS != 0 {
            table[i] = SEED_KEYS[i] ^ SEED_KEYS[i + 1];
        }
        i += 1;
    }
    table
};
/// The key mixed in when north is to move.
pub const NORTH_TO_MOVE_KEY: u64 = keys::<1>(0x4B41_4C41_4800_0002)[0];

/// The Zobrist key of `count` seeds in `slot`.
#[inline(always)]
pub fn seed_key(slot: usize, count: u8) -> u64 {
    SEED_KEYS[slot * COUNTS + count as usize]
}

/// The key change of one more seed in `slot`, which holds `count` (below the most).
#[inline(always)]
pub fn step_key(slot: usize, count: u8) -> u64 {
    STEP_KEYS[slot * COUNTS + count as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sowing_path_of_south_on_six_houses_skips_the_north_store() {
        let path = &SOW_PATH[6][0][..13];
        assert_eq!(path, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        assert_eq!(SOW_PATH[6][0][13], 0, "the second turn starts over");
        assert!(!SOW_PATH[6][0][..26].contains(&13));
    }

    #[test]
    fn sowing_path_of_north_starts_at_its_house_one_and_skips_the_south_store() {
        let path = &SOW_PATH[6][1][..13];
        assert_eq!(path, &[7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5]);
        assert!(!SOW_PATH[6][1][..26].contains(&6));
    }

    #[test]
    fn every_board_size_has_a_ring_of_all_slots_but_the_opponents_store() {
        for (pits, paths) in SOW_PATH.iter().enumerate().skip(1) {
            for (side, path) in paths.iter().enumerate() {
                let ring = ring_len(pits);
                let mut seen: Vec<u8> = path[..ring].to_vec();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), ring);
                assert!(!seen.contains(&(store_slot(pits, 1 - side) as u8)));
                assert!(seen.iter().all(|&s| (s as usize) < 2 * pits + 2));
                assert_eq!(path[..ring], path[ring..2 * ring]);
            }
        }
    }

    #[test]
    fn zobrist_keys_are_distinct_and_zero_only_for_an_empty_slot() {
        let mut all: Vec<u64> = SEED_KEYS.to_vec();
        all.push(NORTH_TO_MOVE_KEY);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), SEED_KEYS.len() + 1 - (SLOTS - 1));
        for slot in 0..SLOTS {
            assert_eq!(seed_key(slot, 0), 0);
            for c in 1..=MAX_TOTAL as u8 {
                assert_ne!(seed_key(slot, c), 0);
                assert_eq!(
                    step_key(slot, c - 1),
                    seed_key(slot, c - 1) ^ seed_key(slot, c)
                );
            }
        }
    }
}
