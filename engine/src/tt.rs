//! The transposition table: search results by Zobrist hash, for cut-offs and for the move to try
//! first.
//!
//! Entries are two atomic words (the key XOR the data, and the data), so threads may share the
//! table without locks: a torn write fails the key check and reads as a miss. Four entries make
//! a 64-byte bucket; a new result replaces the same position's entry, else the bucket's
//! least valuable one (oldest search first, then shallowest). The best move is kept as its index
//! in the position's legal move list, which keeps the table independent of any game's move type.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::value::Value;

/// Entries in one bucket (four 16-byte entries fill a cache line).
pub(crate) const BUCKET_SIZE: usize = 4;
/// Bytes one entry takes.
pub(crate) const ENTRY_BYTES: usize = 16;
/// Stored as the depth of a result that holds at any depth (its subtree reached only game ends).
pub(crate) const PROVEN_DEPTH: u8 = u8::MAX;
/// Stored as the move index when there is no move.
const NO_MOVE: u8 = u8::MAX;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most this (every move failed low).
    Upper,
    /// The true value is at least this (a move failed high).
    Lower,
    /// The exact value.
    Exact,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value, mate scores relative to this node (see `value::to_tt`).
    pub value: Value,
    /// The depth searched below this node; [`PROVEN_DEPTH`] when it holds for any depth.
    pub depth: u8,
    pub bound: Bound,
    /// Index of the best move in the legal move list, if one is known.
    pub move_index: Option<u8>,
}

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        (self.value as u32 as u64)
            | (self.depth as u64) << 32
            | bound << 40
            | (self.move_index.unwrap_or(NO_MOVE) as u64) << 42
            | (generation as u64) << 50
    }

    fn unpack(data: u64) -> Option<(Entry, u8)> {
        let bound = match (data >> 40) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let mv = ((data >> 42) & 0xff) as u8;
        let entry = Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            move_index: (mv != NO_MOVE).then_some(mv),
        };
        Some((entry, (data >> 50) as u8))
    }
}

/// One slot: the key XOR the data, and the data.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table.
#[derive(Debug)]
pub struct TranspositionTable {
    slots: Vec<Slot>,
    buckets: usize,
    /// Bumped at each new search so entries from earlier searches are replaced first (the table
    /// is kept between the searches of a game, and shared by the threads of one search).
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one bucket).
    pub fn new(mib: usize) -> Self {
        let buckets = Self::buckets_for(mib);
        let slots = std::iter::repeat_with(Slot::default)
            .take(buckets * BUCKET_SIZE)
            .collect();
        TranspositionTable {
            slots,
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    fn buckets_for(mib: usize) -> usize {
        ((mib << 20) / ENTRY_BYTES / BUCKET_SIZE).max(1)
    }

    /// The size in bytes of a table made with [`TranspositionTable::new`]`(mib)`.
    pub(crate) fn new_size(mib: usize) -> usize {
        Self::buckets_for(mib) * BUCKET_SIZE * ENTRY_BYTES
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    /// Starts a new search: older entries become first to go.
    pub(crate) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &[Slot] {
        let index = ((hash as u128 * self.buckets as u128) >> 64) as usize;
        &self.slots[index * BUCKET_SIZE..(index + 1) * BUCKET_SIZE]
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub(crate) fn probe(&self, hash: u64) -> Option<Entry> {
        self.bucket(hash).iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == hash {
                Entry::unpack(data).map(|(e, _)| e)
            } else {
                None
            }
        })
    }

    /// Stores a result for `hash`, keeping the old best move when the new result has none.
    pub fn store(&self, hash: u64, mut entry: Entry) {
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let now = self.generation();
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == hash {
                if let Some((old, _)) = Entry::unpack(data) {
                    if entry.move_index.is_none() {
                        entry.move_index = old.move_index;
                    }
                    // A deeper exact result of this very search is worth more than a shallow
                    // bound; anything else is replaced.
                    if old.depth > entry.depth.saturating_add(2)
                        && old.bound == Bound::Exact
                        && entry.bound != Bound::Exact
                        && (data >> 50) as u8 == self.generation()
                    {
                        return;
                    }
                }
                victim = i;
                break;
            }
            let worth = match Entry::unpack(data) {
                None => i32::MIN,
                Some((old, generation)) => {
                    let age = now.wrapping_sub(generation) as i32;
                    old.depth as i32 - 8 * age
                }
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let data = entry.pack(now);
        bucket[victim].check.store(hash ^ data, Ordering::Relaxed);
        bucket[victim].data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: Value, depth: u8) -> Entry {
        Entry {
            value,
            depth,
            bound: Bound::Exact,
            move_index: Some(3),
        }
    }

    #[test]
    fn stores_and_finds_entries_with_negative_values() {
        let tt = TranspositionTable::new(1);
        tt.store(0xdead_beef, entry(-1234, 7));
        assert_eq!(tt.probe(0xdead_beef), Some(entry(-1234, 7)));
        assert_eq!(tt.probe(0xdead_bee0), None);
    }

    #[test]
    fn keeps_the_old_move_when_the_new_result_has_none() {
        let tt = TranspositionTable::new(1);
        tt.store(42, entry(5, 3));
        let mut e = entry(9, 4);
        e.move_index = None;
        tt.store(42, e);
        assert_eq!(tt.probe(42).and_then(|e| e.move_index), Some(3));
        assert_eq!(tt.probe(42).map(|e| e.value), Some(9));
    }

    #[test]
    fn a_full_bucket_gives_up_its_oldest_shallowest_entry() {
        // A table of one bucket: every key lands in it.
        let tt = TranspositionTable {
            slots: std::iter::repeat_with(Slot::default).take(4).collect(),
            buckets: 1,
            generation: AtomicU8::new(0),
        };
        for (key, depth) in [(1u64, 9u8), (2, 2), (3, 8), (4, 7)] {
            tt.store(key, entry(0, depth));
        }
        tt.store(5, entry(0, 1));
        assert!(tt.probe(2).is_none(), "the shallowest entry goes first");
        tt.new_search();
        tt.new_search();
        tt.store(6, entry(0, 1));
        assert_eq!(
            [1, 3, 4, 5, 6].map(|k| tt.probe(k).is_some()),
            [true, true, true, false, true],
            "among old entries the shallowest goes"
        );
    }
}
