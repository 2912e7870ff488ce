//! Where a placement-phase position lives in the database.
//!
//! A placement position is the goats placed so far (0 to `goats` - 1), the goats captured, the
//! board and the side to move. The database is cut into **layers** by the goats placed, and each
//! layer into two **parts** by the side to move; a part is a run of **blocks**, one per number of
//! goats captured `c` (0 to the lesser of the goats placed and `captures-to-win` - 1), holding
//! the positions with `placed - c` goats on the board. Inside a block a position is stored as the
//! movement-phase database stores it ([`Indexer`]): under its canonical tiger set (one of the
//! 1 666 symmetry classes of the 12 650 tiger sets), at the colex rank of its goat set among the
//! 21 points the tigers leave free, so slot = class x C(21, goats on the board) + rank. Each
//! block starts on a whole byte.

use super::super::index::{FREE_POINTS, Indexer, binomial};
use super::values::Width;

/// One block of a part: the positions with `captured` goats captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Goats captured.
    pub captured: u8,
    /// Goats on the board: the goats placed less those captured.
    pub on_board: u32,
    /// The goat sets stored per tiger class, C(21, `on_board`).
    pub goat_sets: usize,
    /// The positions of the block: tiger classes x `goat_sets`.
    pub len: u64,
    /// Where its values start in the part's bytes.
    pub byte_start: usize,
}

/// The shape of the placement database of one game: its goats and capture target, and the
/// tiger classes of the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The goats of the game (20, or the rule `goats=N`).
    pub goats: u8,
    /// The tigers win at this capture.
    pub captures_to_win: u8,
    /// The symmetry classes of tiger sets ([`Indexer::class_count`]).
    pub classes: usize,
}

impl Layout {
    /// The layout for a game of `goats` goats whose tigers win at `captures_to_win`.
    pub fn new(ix: &Indexer, goats: u8, captures_to_win: u8) -> Layout {
        Layout {
            goats,
            captures_to_win,
            classes: ix.class_count(),
        }
    }

    /// The layers, by goats placed: `0..goats` (with all placed, the movement phase begins).
    pub fn layers(&self) -> std::ops::Range<u8> {
        0..self.goats
    }

    /// The most goats captured in the layer of `placed` goats placed (the capture target ends
    /// the game, so it is never stored).
    pub fn most_captured(&self, placed: u8) -> u8 {
        placed.min(self.captures_to_win - 1)
    }

    /// The blocks of either part of layer `placed`, laid out at `width`.
    pub fn blocks(&self, placed: u8, width: Width) -> Vec<Block> {
        let mut byte_start = 0;
        (0..=self.most_captured(placed))
            .map(|captured| {
                let on_board = u32::from(placed - captured);
                let goat_sets = Indexer::goat_sets(on_board) as usize;
                let len = (self.classes * goat_sets) as u64;
                let block = Block {
                    captured,
                    on_board,
                    goat_sets,
                    len,
                    byte_start,
                };
                byte_start += width.bytes_for(len) as usize;
                block
            })
            .collect()
    }

    /// The positions of either part of layer `placed` (one side to move).
    pub fn part_len(&self, placed: u8) -> u64 {
        self.blocks(placed, Width::Plies)
            .iter()
            .map(|b| b.len)
            .sum()
    }

    /// The bytes of either part of layer `placed` at `width`.
    pub fn part_bytes(&self, placed: u8, width: Width) -> usize {
        self.blocks(placed, width)
            .iter()
            .map(|b| width.bytes_for(b.len) as usize)
            .sum()
    }
}

/// The colex rank of a set of the 21 free points among the sets of its size, from two small
/// tables (56 KB, which stay in the processor's cache) instead of the index's table of every
/// set (8 MB): a set's rank is the sum over its points `x_i` (the i-th lowest, from 1) of
/// C(x_i, i), split at point 11 into what the low points give and what the high points give
/// after the low ones.
pub struct Colex {
    /// Per set of the points 0..11: its sum.
    low: Vec<u32>,
    /// Per set of the points 11..21 and count of low points below them: its sum.
    high: Vec<[u32; LOW_POINTS as usize + 1]>,
}

/// The points of [`Colex`]'s low table.
const LOW_POINTS: u32 = 11;

impl Colex {
    pub fn new() -> Colex {
        let low = (0..1u32 << LOW_POINTS)
            .map(|set| colex_sum(set, 0, 0))
            .collect();
        let high = (0..1u32 << (FREE_POINTS - LOW_POINTS))
            .map(|set| {
                let mut sums = [0; LOW_POINTS as usize + 1];
                for (below, sum) in sums.iter_mut().enumerate() {
                    *sum = colex_sum(set, LOW_POINTS, below as u32);
                }
                sums
            })
            .collect();
        Colex { low, high }
    }

    /// The rank of a set of free points (21 bits) among the sets of its size.
    #[inline]
    pub fn rank(&self, free: u32) -> usize {
        let low = free & ((1 << LOW_POINTS) - 1);
        let high = (free >> LOW_POINTS) as usize;
        (self.low[low as usize] + self.high[high][low.count_ones() as usize]) as usize
    }
}

impl Default for Colex {
    fn default() -> Self {
        Colex::new()
    }
}

/// The sum of C(x, i) over the points `x` of `set` shifted up by `offset`, the i-th lowest
/// counted from `below` + 1.
fn colex_sum(set: u32, offset: u32, below: u32) -> u32 {
    let mut sum = 0;
    let mut i = below;
    let mut rest = set;
    while rest != 0 {
        i += 1;
        sum += binomial(rest.trailing_zeros() + offset, i);
        rest &= rest - 1;
    }
    sum
}

impl Block {
    /// The position's index in the block, from its tiger class and goat rank.
    #[inline]
    pub fn slot(&self, class: usize, rank: usize) -> usize {
        class * self.goat_sets + rank
    }

    /// The tiger class and goat rank of the position at `slot` of the block.
    #[inline]
    pub fn split(&self, slot: usize) -> (usize, usize) {
        (slot / self.goat_sets, slot % self.goat_sets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perfect::baghchal::index::{SYMMETRIES, binomial, map_set_slow};
    use chaupal_rules::baghchal::board::{ALL_POINTS, Points};

    #[test]
    fn the_small_tables_rank_every_set_as_the_index_does() {
        let ix = Indexer::new();
        let colex = Colex::new();
        for free in 0..1u32 << FREE_POINTS {
            assert_eq!(colex.rank(free), ix.free_rank(free), "{free:#b}");
        }
    }

    /// A small xorshift generator, so runs repeat.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn the_standard_game_has_twenty_layers_of_up_to_five_blocks() {
        let ix = Indexer::new();
        let layout = Layout::new(&ix, 20, 5);
        assert_eq!(layout.layers().count(), 20);
        assert_eq!(layout.blocks(0, Width::Wdl).len(), 1);
        assert_eq!(layout.blocks(3, Width::Wdl).len(), 4);
        assert_eq!(layout.blocks(19, Width::Wdl).len(), 5);
        let blocks = layout.blocks(19, Width::Wdl);
        assert_eq!(
            blocks.iter().map(|b| b.on_board).collect::<Vec<_>>(),
            [19, 18, 17, 16, 15]
        );
        // Each block starts on a byte: 1 666 classes x 210 goat sets = 349 860 positions is
        // 87 465 bytes at 2 bits.
        assert_eq!(blocks[0].len, 1666 * 210);
        assert_eq!(blocks[1].byte_start, 87_465);
        assert_eq!(
            layout.part_len(12),
            1666 * (0..5).map(|c| u64::from(binomial(21, 12 - c))).sum::<u64>()
        );
    }

    /// Every layer of the standard game and of a small one: a position read from a random slot
    /// of every block goes back to that slot, its goats are on free points and as many as the
    /// block says, and its images under the 8 symmetries go to the same class (and, unless its
    /// tiger set is symmetric, the same slot).
    #[test]
    fn slots_and_positions_are_inverse_on_a_sample_of_every_layer() {
        let ix = Indexer::new();
        let mut state = 0x5eed_1234_abcd_0001u64;
        for (goats, k) in [(20, 5), (3, 2)] {
            let layout = Layout::new(&ix, goats, k);
            for placed in layout.layers() {
                for block in layout.blocks(placed, Width::Wdl) {
                    assert_eq!(
                        block.on_board + u32::from(block.captured),
                        u32::from(placed)
                    );
                    for _ in 0..200 {
                        let slot = (next(&mut state) % block.len) as usize;
                        let (class, rank) = block.split(slot);
                        let (t, g) = ix.position(class, block.on_board, rank);
                        assert_eq!(t.count_ones(), 4);
                        assert_eq!(g.count_ones(), block.on_board);
                        assert_eq!(t & g, 0);
                        assert_eq!((t | g) & !ALL_POINTS, 0);
                        assert_eq!(ix.locate(t, g), (class, rank));
                        assert_eq!(block.slot(class, rank), slot);
                        let symmetric = (1..SYMMETRIES).any(|s| ix.map(s, t) == t);
                        for s in 0..SYMMETRIES {
                            let image: (Points, Points) = (map_set_slow(s, t), map_set_slow(s, g));
                            let (c2, r2) = ix.locate(image.0, image.1);
                            assert_eq!(c2, class);
                            if !symmetric {
                                assert_eq!(r2, rank);
                            }
                        }
                    }
                }
            }
        }
    }
}
