//! The values of the placement-phase database: what a value code means, how the code of a
//! position follows from its moves' codes, and how codes are packed, 2 bits (win, draw or loss)
//! or 8 bits (with the plies to the end) a position.
//!
//! A code is the movement-phase database's value: 0 a draw, otherwise the plies to the end of
//! the game + 1, odd plies a win for the side to move and even plies a loss. Packed in 2 bits,
//! a win is stored as 1 ply (code 2) and a loss as 0 plies (code 1): the distance is dropped.

use crate::perfect::tablebase::Wdl;

/// A value code: 0 a draw, else plies + 1 (odd plies: the side to move wins).
pub type Code = u8;

/// The code of a draw.
pub const DRAW: Code = 0;
/// The code of a loss now: the side to move has no move (or has just lost).
pub const LOST_NOW: Code = 1;
/// The code of a win in one ply, the best there is.
pub const WIN_NOW: Code = 2;

/// How many bits a stored value takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Width {
    /// 2 bits: win, draw or loss.
    Wdl,
    /// 8 bits: win, draw or loss with the plies to the end of the game.
    Plies,
}

impl Width {
    /// The bits of one value.
    pub const fn bits(self) -> u8 {
        match self {
            Width::Wdl => 2,
            Width::Plies => 8,
        }
    }

    /// The width a file names by its bits.
    pub fn of_bits(bits: u8) -> Option<Width> {
        match bits {
            2 => Some(Width::Wdl),
            8 => Some(Width::Plies),
            _ => None,
        }
    }

    /// Values a byte holds.
    pub const fn per_byte(self) -> usize {
        8 / self.bits() as usize
    }

    /// The bytes `len` values take (the last byte padded with draws).
    pub const fn bytes_for(self, len: u64) -> u64 {
        len.div_ceil(self.per_byte() as u64)
    }

    /// The value at `i` of packed `bytes`.
    #[inline]
    pub fn get(self, bytes: &[u8], i: usize) -> Code {
        match self {
            Width::Plies => bytes[i],
            Width::Wdl => (bytes[i >> 2] >> ((i & 3) << 1)) & 3,
        }
    }

    /// What a code becomes when stored at this width: in 2 bits a win is 1 ply and a loss 0.
    #[inline]
    pub fn keep(self, code: Code) -> Code {
        match self {
            Width::Plies => code,
            Width::Wdl if code == DRAW => DRAW,
            Width::Wdl if code % 2 == 0 => WIN_NOW,
            Width::Wdl => LOST_NOW,
        }
    }

    /// Packs `codes` (already [`Width::keep`]-ed) into `out`, which holds
    /// [`Width::bytes_for`] of them.
    pub fn pack(self, codes: &[Code], out: &mut [u8]) {
        match self {
            Width::Plies => out.copy_from_slice(codes),
            Width::Wdl => {
                for (byte, four) in out.iter_mut().zip(codes.chunks(4)) {
                    *byte = four
                        .iter()
                        .enumerate()
                        .fold(0, |b, (j, &c)| b | (c & 3) << (2 * j));
                }
            }
        }
    }
}

/// A code's value for the side to move, and the plies to the end (0 for a draw).
pub fn wdl_of(code: Code) -> (Wdl, u32) {
    match code {
        DRAW => (Wdl::Draw, 0),
        c if c % 2 == 0 => (Wdl::Win, u32::from(c) - 1),
        c => (Wdl::Loss, u32::from(c) - 1),
    }
}

/// The code of the position before a move, for its mover, given the code after it for the
/// other side; `None` when the distance would not fit a code.
#[inline]
pub fn before(after: Code) -> Option<Code> {
    if after == DRAW {
        Some(DRAW)
    } else {
        after.checked_add(1)
    }
}

/// How good a code is for the side to move: a win sooner, then a draw, then a loss later.
#[inline]
pub fn rank(code: Code) -> i16 {
    match code {
        DRAW => 0,
        c if c % 2 == 0 => 512 - i16::from(c),
        c => -512 + i16::from(c),
    }
}

/// The better of two codes for the side to move.
#[inline]
pub fn better(a: Code, b: Code) -> Code {
    if rank(b) > rank(a) { b } else { a }
}

/// Wins, draws and losses among values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The longest distance in plies (0 when the values keep none).
    pub longest: u32,
}

impl Tally {
    /// Counts one value.
    #[inline]
    pub fn count(&mut self, code: Code) {
        match wdl_of(code) {
            (Wdl::Draw, _) => self.draws += 1,
            (Wdl::Win, p) => {
                self.wins += 1;
                self.longest = self.longest.max(p);
            }
            (Wdl::Loss, p) => {
                self.losses += 1;
                self.longest = self.longest.max(p);
            }
        }
    }

    /// Adds another tally's counts.
    pub fn merge(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.longest = self.longest.max(other.longest);
    }

    /// All the values counted.
    pub fn total(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_pack_and_read_back_at_both_widths() {
        let codes: Vec<Code> = (0..11).map(|i| [0, 1, 2, 5, 8][i % 5]).collect();
        for width in [Width::Wdl, Width::Plies] {
            let kept: Vec<Code> = codes.iter().map(|&c| width.keep(c)).collect();
            let mut bytes = vec![0u8; width.bytes_for(codes.len() as u64) as usize];
            width.pack(&kept, &mut bytes);
            for (i, &c) in kept.iter().enumerate() {
                assert_eq!(width.get(&bytes, i), c);
                assert_eq!(wdl_of(c).0, wdl_of(codes[i]).0);
            }
        }
        assert_eq!(Width::Wdl.bytes_for(9), 3);
        assert_eq!(Width::Plies.bytes_for(9), 9);
        // Code 8 is a win in 7 plies, code 5 a loss in 4.
        assert_eq!(Width::Wdl.keep(8), WIN_NOW);
        assert_eq!(Width::Wdl.keep(5), LOST_NOW);
    }

    #[test]
    fn the_mover_prefers_a_quick_win_a_draw_and_a_slow_loss() {
        // After the move the opponent loses now: a win in 1.
        assert_eq!(before(LOST_NOW), Some(WIN_NOW));
        assert_eq!(wdl_of(WIN_NOW), (Wdl::Win, 1));
        // The opponent wins in 1: a loss in 2.
        assert_eq!(wdl_of(before(WIN_NOW).unwrap()), (Wdl::Loss, 2));
        assert_eq!(before(255), None);
        let win_1 = 2;
        let win_3 = 4;
        let loss_2 = 3;
        let loss_4 = 5;
        assert_eq!(better(win_3, win_1), win_1);
        assert_eq!(better(DRAW, win_3), win_3);
        assert_eq!(better(loss_4, DRAW), DRAW);
        assert_eq!(better(loss_2, loss_4), loss_4);
        assert_eq!(better(LOST_NOW, loss_2), loss_2);
    }
}
