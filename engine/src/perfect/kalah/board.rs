//! A Kalah position as the solver sees it: only the houses, from the side to move's point of
//! view, packed one byte per house into a `u128`.
//!
//! Byte `i` for `i < m` is the mover's house `i + 1` (from the mover's left); byte `m + i` is the
//! opponent's house `i + 1` (from the opponent's left). The stores are left out: seeds in a
//! store never come back into play, so the value of the rest of the game (the final store
//! difference still to come, for the side to move) depends on the houses alone, and the final
//! margin is the present store difference plus that value.
//!
//! The sowing ring of the mover runs over bytes `0..m`, then the mover's store, then bytes
//! `m..2m`; so a sowing adds one to a run of consecutive bytes (two runs when it wraps), which is
//! one addition of a mask of `0x01` bytes. No byte ever overflows: a house holds at most every
//! seed of the game, at most 128.

/// The most houses a side has (the rules allow 1..=8).
pub(crate) const MAX_PITS: usize = 8;

/// `0x01` in each of the 16 bytes.
const ONES: u128 = u128::MAX / 255;

/// `0x01` in each of the low `n` bytes (`n <= 16`).
#[inline(always)]
pub const fn low_ones(n: usize) -> u128 {
    if n >= 16 {
        ONES
    } else {
        ONES & ((1u128 << (8 * n)) - 1)
    }
}

/// Every bit of the low `n` bytes (`n <= 16`).
#[inline(always)]
const fn low_mask(n: usize) -> u128 {
    low_ones(n) * 0xFF
}

/// The sum of the bytes of `x`, when it is below 256.
#[inline(always)]
pub fn byte_sum(x: u128) -> u32 {
    const M: u64 = u64::MAX / 255;
    let lo = (x as u64).wrapping_mul(M) >> 56;
    let hi = ((x >> 64) as u64).wrapping_mul(M) >> 56;
    (lo + hi) as u32
}

/// How a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The last seed fell in the mover's store: the mover moves again on the new board.
    Again,
    /// The turn passed: the new board is from the opponent's point of view.
    Pass,
    /// A row emptied and the seeds were swept: the game is over.
    Over,
}

/// The result of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The houses after the move, from the point of view of whoever moves next
    /// (zero when the game is over).
    pub board: u128,
    /// The change in (mover's store - opponent's store) made by the move, sweep included.
    pub gain: i32,
    pub after: After,
    /// Whether the move captured (the last seed in an empty own house).
    pub capture: bool,
}

/// The geometry of one board size and capture rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Houses a side, `1..=8`.
    pub pits: usize,
    /// Whether a lone last seed in an empty own house is taken even against an empty house.
    pub empty_capture: bool,
}

impl Geometry {
    /// The geometry of `pits` houses a side (`1..=8`).
    pub const fn new(pits: usize, empty_capture: bool) -> Self {
        Geometry {
            pits,
            empty_capture,
        }
    }

    /// Houses on the board, both rows.
    #[inline(always)]
    pub const fn houses(&self) -> usize {
        2 * self.pits
    }

    /// The seeds in house byte `i`.
    #[inline(always)]
    pub const fn get(board: u128, i: usize) -> u32 {
        ((board >> (8 * i)) & 0xFF) as u32
    }

    /// The mover's row.
    #[inline(always)]
    pub const fn own_row(&self, board: u128) -> u128 {
        board & low_mask(self.pits)
    }

    /// The opponent's row, shifted down to bytes `0..m`.
    #[inline(always)]
    pub const fn other_row(&self, board: u128) -> u128 {
        board >> (8 * self.pits)
    }

    /// The same houses from the other side's point of view.
    #[inline(always)]
    pub const fn flip(&self, board: u128) -> u128 {
        self.other_row(board) | (self.own_row(board) << (8 * self.pits))
    }

    /// Whether the game is over on this board: a row is empty (with both empty after a sweep).
    #[inline(always)]
    pub const fn is_over(&self, board: u128) -> bool {
        self.own_row(board) == 0 || self.other_row(board) == 0
    }

    /// Builds a board from the mover's houses and the opponent's houses (each from its owner's
    /// left).
    pub fn board(&self, own: &[u8], other: &[u8]) -> u128 {
        let mut b = 0u128;
        for (i, &c) in own.iter().chain(other).enumerate() {
            b |= u128::from(c) << (8 * i);
        }
        b
    }

    /// Plays house byte `i` (`i < m`, not empty) of the mover.
    #[inline(always)]
    pub fn play(&self, board: u128, i: usize) -> Child {
        let m = self.pits;
        let n = 2 * m;
        let ring = n + 1;
        let sown = Self::get(board, i) as usize;
        let mut b = board & !(0xFFu128 << (8 * i));
        let laps = sown / ring;
        let rest = sown % ring;
        let mut gain = laps as i32;
        if laps > 0 {
            b += low_ones(n) * laps as u128;
        }
        // Ring position of the last seed; ring positions p < m are bytes p, p == m is the store,
        // p > m are bytes p - 1.
        let end = i + rest;
        if end < m {
            b += low_ones(end + 1) - low_ones(i + 1);
        } else if end < ring {
            b += low_ones(end) - low_ones(i + 1);
            gain += 1;
        } else {
            b += low_ones(n) - low_ones(i + 1);
            gain += 1;
            b += low_ones(end - ring + 1);
        }
        let last = if end >= ring { end - ring } else { end };
        let mut capture = false;
        if last == m {
            return self.finish(b, gain, After::Again, false);
        }
        if last < m && Self::get(b, last) == 1 {
            let opposite = n - 1 - last;
            let taken = Self::get(b, opposite);
            if taken > 0 || self.empty_capture {
                b &= !((0xFFu128 << (8 * opposite)) | (0xFFu128 << (8 * last)));
                gain += taken as i32 + 1;
                capture = true;
            }
        }
        self.finish(b, gain, After::Pass, capture)
    }

    /// Ends a move: the sweep when a row is empty, else the board for the next mover.
    #[inline(always)]
    fn finish(&self, b: u128, gain: i32, after: After, capture: bool) -> Child {
        let own = self.own_row(b);
        let other = self.other_row(b);
        if own == 0 || other == 0 {
            return Child {
                board: 0,
                gain: gain + byte_sum(own) as i32 - byte_sum(other) as i32,
                after: After::Over,
                capture,
            };
        }
        let board = if after == After::Pass {
            own << (8 * self.pits) | other
        } else {
            b
        };
        Child {
            board,
            gain,
            after,
            capture,
        }
    }

    /// Whether playing house byte `i` ends in the mover's store (an extra turn).
    #[inline(always)]
    #[cfg(test)]
    pub(crate) fn is_extra_turn(&self, board: u128, i: usize) -> bool {
        let sown = Self::get(board, i) as usize;
        sown > 0 && (i + sown) % (2 * self.pits + 1) == self.pits
    }
}

#[cfg(test)]
mod tests {
    use chaupal_rules::kalah::{Kalah, KalahMove, KalahRules};
    use chaupal_rules::{Game, Side};

    use super::*;

    /// The solver's board of a shared-rules position, from the side to move's view.
    fn board_of(g: &Kalah, geo: &Geometry) -> u128 {
        let me = g.side_to_move();
        geo.board(g.houses(me), g.houses(me.opponent()))
    }

    fn store_diff(g: &Kalah, side: Side) -> i32 {
        i32::from(g.store(side)) - i32::from(g.store(side.opponent()))
    }

    /// Every move of random games agrees with the shared rules: the board, the store gain and
    /// who moves next.
    #[test]
    fn moves_agree_with_the_shared_rules_on_random_games() {
        let mut rng = 0x1234_5678_u64;
        for &(pits, seeds, ec) in &[
            (6u8, 4u8, false),
            (6, 4, true),
            (3, 2, false),
            (2, 8, true),
            (8, 8, false),
            (1, 3, false),
            (4, 6, true),
        ] {
            let rules = KalahRules::new(pits, seeds, ec).unwrap();
            let geo = Geometry::new(pits as usize, ec);
            for _ in 0..40 {
                let mut g = Kalah::start(rules);
                let mut moves = Vec::new();
                while g.outcome().is_none() {
                    g.legal_moves(&mut moves);
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let mv: KalahMove = moves[(rng % moves.len() as u64) as usize];
                    let me = g.side_to_move();
                    let before = board_of(&g, &geo);
                    let diff = store_diff(&g, me);
                    let child = geo.play(before, mv.index());
                    if child.after != After::Over {
                        assert_eq!(
                            geo.is_extra_turn(before, mv.index()),
                            child.after == After::Again
                        );
                    }
                    g.make(mv);
                    assert_eq!(
                        store_diff(&g, me) - diff,
                        child.gain,
                        "{}",
                        g.position_text()
                    );
                    match child.after {
                        After::Over => assert!(g.outcome().is_some()),
                        After::Again => {
                            assert_eq!(g.side_to_move(), me);
                            assert_eq!(board_of(&g, &geo), child.board);
                        }
                        After::Pass => {
                            assert_eq!(g.side_to_move(), me.opponent());
                            assert_eq!(board_of(&g, &geo), child.board);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn flip_swaps_the_rows_and_byte_sum_counts_the_seeds() {
        let geo = Geometry::new(3, false);
        let b = geo.board(&[1, 2, 3], &[4, 5, 6]);
        assert_eq!(geo.flip(b), geo.board(&[4, 5, 6], &[1, 2, 3]));
        assert_eq!(byte_sum(b), 21);
        let big = Geometry::new(8, false);
        assert_eq!(byte_sum(big.board(&[16; 8], &[0; 8])), 128);
        assert_eq!(byte_sum(big.board(&[0; 8], &[16; 8])), 128);
        assert!(!geo.is_over(b));
        assert!(geo.is_over(geo.board(&[0, 0, 0], &[1, 0, 0])));
    }
}
