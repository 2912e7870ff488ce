//! Where a position lives in the database: one table per class (mover's piece count, other
//! side's piece count), indexed by the colex rank of the mover's set times the number of sets
//! of the other side, plus the colex rank of the other side's set. Overlapping pairs of sets
//! waste their slots (they are never read).

use chaupal_rules::sholo_guti::board::POINT_COUNT;

/// The most pieces on the board a database can cover (memory to build: 6 needs about 0.7 GB,
/// 7 about 10 GB; the slots of 7, about 2 billion, still fit the solver's `u32` slot lists).
pub const MAX_PIECES: u32 = 7;

/// Binomial coefficients `C(n, k)` for `n <= 37`, `k <= MAX_PIECES`.
const BINOMIAL: [[u64; MAX_PIECES as usize + 1]; POINT_COUNT + 1] = binomials();

const fn binomials() -> [[u64; MAX_PIECES as usize + 1]; POINT_COUNT + 1] {
    let mut t = [[0u64; MAX_PIECES as usize + 1]; POINT_COUNT + 1];
    let mut n = 0;
    while n <= POINT_COUNT {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

/// How many sets of `k` points the board has.
pub fn sets(k: u32) -> u64 {
    BINOMIAL[POINT_COUNT][k as usize]
}

/// The colex rank of a set among the sets of its size (the order of their `u64` values).
#[inline]
pub fn rank(mut set: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let p = set.trailing_zeros() as usize;
        r += BINOMIAL[p][i];
        set &= set - 1;
        i += 1;
    }
    r
}

/// The set of `k` points with colex rank `r`.
pub(crate) fn unrank(mut r: u64, k: u32) -> u64 {
    let mut set = 0;
    let mut p = POINT_COUNT;
    for i in (1..=k as usize).rev() {
        while BINOMIAL[p][i] > r {
            p -= 1;
        }
        r -= BINOMIAL[p][i];
        set |= 1 << p;
    }
    set
}

/// Every set of `k` points in colex order (rank 0 first), by Gosper's hack.
pub(crate) fn all_sets(k: u32) -> impl Iterator<Item = u64> {
    let last = if k == 0 {
        0
    } else {
        ((1u64 << k) - 1) << (POINT_COUNT as u32 - k)
    };
    let mut next = Some((1u64 << k) - 1);
    std::iter::from_fn(move || {
        let set = next?;
        next = if set == last {
            None
        } else {
            let c = set & set.wrapping_neg();
            let r = set + c;
            Some((((r ^ set) >> 2) / c) | r)
        };
        Some(set)
    })
}

/// One table: positions with `mover` pieces for the side to move and `other` for the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    pub mover: u32,
    pub other: u32,
    /// Where its slots start in the database.
    pub start: usize,
    pub len: usize,
}

/// The classes of a database of at most `max` pieces, in solving order (fewer pieces first).
#[derive(Clone, Debug)]
pub struct Layout {
    pub max: u32,
    pub classes: Vec<Class>,
    /// Class index by `mover * (max + 1) + other`.
    lookup: Vec<Option<usize>>,
}

impl Layout {
    /// The classes with at least one piece a side and at most `max` in all (2..=MAX_PIECES).
    pub fn new(max: u32) -> Layout {
        let max = max.clamp(2, MAX_PIECES);
        let stride = max as usize + 1;
        let mut lookup = vec![None; stride * stride];
        let mut classes = Vec::new();
        let mut start = 0;
        for total in 2..=max {
            for mover in 1..total {
                let other = total - mover;
                let len = (sets(mover) * sets(other)) as usize;
                lookup[mover as usize * stride + other as usize] = Some(classes.len());
                classes.push(Class {
                    mover,
                    other,
                    start,
                    len,
                });
                start += len;
            }
        }
        Layout {
            max,
            classes,
            lookup,
        }
    }

    /// Slots in all.
    pub fn len(&self) -> usize {
        self.classes.last().map_or(0, |c| c.start + c.len)
    }

    /// Whether there are no slots (never: the smallest layout has the 1-against-1 class).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The class of these piece counts, if covered.
    pub fn class(&self, mover: u32, other: u32) -> Option<&Class> {
        if mover > self.max || other > self.max {
            return None;
        }
        let stride = self.max as usize + 1;
        self.lookup[mover as usize * stride + other as usize].map(|i| &self.classes[i])
    }

    /// The slot of a position given by the mover's set and the other side's, if covered.
    #[inline]
    pub fn slot(&self, mover: u64, other: u64) -> Option<usize> {
        let class = self.class(mover.count_ones(), other.count_ones())?;
        Some(class.start + (rank(mover) * sets(class.other) + rank(other)) as usize)
    }

    /// The class index and the two sets of a slot.
    pub fn position(&self, slot: usize) -> (usize, u64, u64) {
        let i = self.classes.partition_point(|c| c.start + c.len <= slot);
        let c = &self.classes[i];
        let at = (slot - c.start) as u64;
        let per = sets(c.other);
        (i, unrank(at / per, c.mover), unrank(at % per, c.other))
    }
}
