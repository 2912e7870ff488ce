//! Combinatorial ranking of boards: every way of putting `k` seeds into `n` houses gets a number
//! in `0..C(k + n - 1, n - 1)`, so an endgame database is a plain array indexed by rank.
//!
//! A board `h_0..h_{n-1}` with `k` seeds is a row of `k` seeds and `n - 1` bars; bar `j` stands
//! at `b_j = h_0 + .. + h_j + j`, and the set of bar positions is ranked in the combinatorial
//! number system: `rank = sum_j C(b_j, j + 1)`.

use super::board::MAX_PITS;

/// The most houses on a board, both rows.
const MAX_HOUSES: usize = 2 * MAX_PITS;
/// Rows of the binomial table: every `a` in `C(a, b)` the ranks use (128 seeds + 16 bars).
const ROWS: usize = 128 + MAX_HOUSES + 1;

/// `BINOM[a][b] = C(a, b)`, saturating at `u64::MAX`.
static BINOM: [[u64; MAX_HOUSES + 1]; ROWS] = {
    let mut t = [[0u64; MAX_HOUSES + 1]; ROWS];
    let mut a = 0;
    while a < ROWS {
        t[a][0] = 1;
        let mut b = 1;
        while b <= MAX_HOUSES && b <= a {
            t[a][b] = t[a - 1][b - 1].saturating_add(t[a - 1][b]);
            b += 1;
        }
        a += 1;
    }
    t
};

/// `C(a, b)` (saturating).
#[inline(always)]
pub(crate) fn binom(a: usize, b: usize) -> u64 {
    if b > a { 0 } else { BINOM[a][b] }
}

/// Boards of exactly `k` seeds over `n` houses.
pub(crate) fn level_size(k: usize, n: usize) -> u64 {
    binom(k + n - 1, n - 1)
}

/// Boards of fewer than `k` seeds over `n` houses: where level `k` starts in a database.
pub(crate) fn level_offset(k: usize, n: usize) -> u64 {
    binom(k + n - 1, n)
}

/// The rank of a board among the boards of its seed count, over `n` houses.
#[inline(always)]
pub fn rank(board: u128, n: usize) -> u64 {
    let mut prefix = 0usize;
    let mut r = 0u64;
    for j in 0..n - 1 {
        prefix += ((board >> (8 * j)) & 0xFF) as usize;
        r += BINOM[prefix + j][j + 1];
    }
    r
}

/// Every board of `k` seeds over `n` houses, in no particular order.
pub(crate) struct Boards {
    h: [u8; MAX_HOUSES],
    n: usize,
    k: u32,
    /// Seeds in houses `0..n-1` (the last house holds the rest).
    head: u32,
    done: bool,
}

impl Boards {
    /// The boards of `k` seeds over `n` houses (`1 <= n <= 16`).
    pub fn new(k: u32, n: usize) -> Self {
        Boards {
            h: [0; MAX_HOUSES],
            n,
            k,
            head: 0,
            done: false,
        }
    }
}

impl Iterator for Boards {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        if self.done {
            return None;
        }
        let n = self.n;
        let mut b = u128::from(self.k - self.head) << (8 * (n - 1));
        for (i, &c) in self.h[..n - 1].iter().enumerate() {
            b |= u128::from(c) << (8 * i);
        }
        // An odometer over houses 0..n-1 whose sum stays within k.
        let mut i = n - 1;
        loop {
            if i == 0 {
                self.done = true;
                break;
            }
            i -= 1;
            if self.head < self.k {
                self.h[i] += 1;
                self.head += 1;
                break;
            }
            self.head -= u32::from(self.h[i]);
            self.h[i] = 0;
        }
        Some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_each_level() {
        for n in [2usize, 3, 6, 8] {
            for k in 0..7u32 {
                let mut seen: Vec<u64> = Boards::new(k, n).map(|b| rank(b, n)).collect();
                let size = level_size(k as usize, n);
                assert_eq!(seen.len() as u64, size, "n={n} k={k}");
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len() as u64, size);
                assert_eq!(seen.last().copied(), Some(size - 1));
                for b in Boards::new(k, n) {
                    let sum: u32 = (0..n).map(|i| ((b >> (8 * i)) & 0xFF) as u32).sum();
                    assert_eq!(sum, k);
                }
            }
        }
    }

    #[test]
    fn level_offsets_add_up_the_levels_below() {
        for n in [2usize, 12, 16] {
            let mut total = 0u64;
            for k in 0..20 {
                assert_eq!(level_offset(k, n), total);
                total += level_size(k, n);
            }
        }
        assert_eq!(level_size(48, 12), binom(59, 11));
    }
}
