//! The solver's transposition table: bounds on the exact value of boards, shared by every
//! search thread without locks.
//!
//! Every bound is a proven fact about the full game tree (the solver has no depth limit), so an
//! entry never goes stale and never needs a depth. Each entry is three atomic words: the two
//! halves of the board, each XORed with the data word, and the data word; a read whose halves
//! do not match (another thread was writing) is a miss. Buckets hold two entries: one kept for
//! the bigger subtree, one always replaced.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What the table knows of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The best move found (house byte), or `NO_MOVE`.
    pub best: u8,
    /// log2 of the nodes searched under the board, plus one.
    pub work: u8,
}

/// No best move known.
pub(crate) const NO_MOVE: u8 = 0xFF;

impl Bounds {
    pub(super) fn pack(self) -> u64 {
        u64::from(self.lower as i8 as u8)
            | u64::from(self.upper as i8 as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.work) << 24
            | 1 << 32
    }

    pub(super) fn unpack(d: u64) -> Self {
        Bounds {
            lower: i32::from(d as u8 as i8),
            upper: i32::from((d >> 8) as u8 as i8),
            best: (d >> 16) as u8,
            work: (d >> 24) as u8,
        }
    }
}

/// A table of `2^bits` entries.
pub(crate) struct Table {
    words: Vec<AtomicU64>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes (at least 1024 entries).
    pub(crate) fn with_megabytes(mb: usize) -> Self {
        let entries = (mb << 20) / 24;
        let mut size = 1024usize;
        while size * 2 <= entries {
            size *= 2;
        }
        let mut words = Vec::with_capacity(3 * size);
        words.resize_with(3 * size, || AtomicU64::new(0));
        Table {
            words,
            mask: size - 1,
        }
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline(always)]
    fn bucket(&self, board: u128) -> usize {
        let h = ((board as u64) ^ ((board >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 20) as usize) & self.mask & !1
    }

    #[inline(always)]
    fn read(&self, slot: usize, board: u128) -> Option<Bounds> {
        let w = &self.words[3 * slot..3 * slot + 3];
        let d = w[2].load(Relaxed);
        let lo = w[0].load(Relaxed) ^ d;
        let hi = w[1].load(Relaxed) ^ d;
        (d != 0 && lo == board as u64 && hi == (board >> 64) as u64).then(|| Bounds::unpack(d))
    }

    #[inline(always)]
    fn write(&self, slot: usize, board: u128, b: Bounds) {
        let d = b.pack();
        let w = &self.words[3 * slot..3 * slot + 3];
        w[0].store(board as u64 ^ d, Relaxed);
        w[1].store((board >> 64) as u64 ^ d, Relaxed);
        w[2].store(d, Relaxed);
    }

    /// What the table knows of `board`.
    #[inline(always)]
    pub(crate) fn probe(&self, board: u128) -> Option<Bounds> {
        let s = self.bucket(board);
        self.read(s, board).or_else(|| self.read(s + 1, board))
    }

    /// Calls `f` on every entry of the table, with its board. Meant for a table no thread is
    /// writing (an entry written meanwhile may be skipped or read torn).
    pub fn for_each(&self, mut f: impl FnMut(u128, Bounds)) {
        for w in self.words.chunks_exact(3) {
            let d = w[2].load(Relaxed);
            if d == 0 {
                continue;
            }
            let lo = w[0].load(Relaxed) ^ d;
            let hi = w[1].load(Relaxed) ^ d;
            f(u128::from(lo) | u128::from(hi) << 64, Bounds::unpack(d));
        }
    }

    /// Records bounds for `board`, merged with what the table already knew of it.
    pub fn store(&self, board: u128, mut b: Bounds) {
        let s = self.bucket(board);
        for slot in [s, s + 1] {
            if let Some(old) = self.read(slot, board) {
                b.lower = b.lower.max(old.lower);
                b.upper = b.upper.min(old.upper);
                b.work = b.work.max(old.work);
                if b.best == NO_MOVE {
                    b.best = old.best;
                }
                self.write(slot, board, b);
                return;
            }
        }
        let kept = Bounds::unpack(self.words[3 * s + 2].load(Relaxed)).work;
        let slot = if b.work >= kept { s } else { s + 1 };
        self.write(slot, board, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merge_bounds_and_other_boards_miss() {
        let t = Table::with_megabytes(1);
        let board = 0x0102_0304u128 << 70 | 7;
        assert_eq!(t.probe(board), None);
        let b = Bounds {
            lower: -3,
            upper: 20,
            best: 2,
            work: 5,
        };
        t.store(board, b);
        assert_eq!(t.probe(board), Some(b));
        t.store(
            board,
            Bounds {
                lower: -10,
                upper: 4,
                best: NO_MOVE,
                work: 1,
            },
        );
        let got = t.probe(board).unwrap();
        assert_eq!((got.lower, got.upper, got.best, got.work), (-3, 4, 2, 5));
        assert_eq!(t.probe(board + 1), None);
    }
}
