//! How many placement-phase positions there are, layer by layer, counted exactly without
//! listing them: the positions the database stores, the positions distinct under the board's 8
//! symmetries (Burnside's lemma, [`distinct_positions`]), and all positions before symmetry.

use super::super::index::{Indexer, distinct_positions};
use super::index::Layout;

/// The sets of 4 tigers on 25 points, C(25, 4).
const TIGER_SETS: u64 = 12_650;

/// The counts of one layer, for one side to move (the other side's are the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerCount {
    /// Goats placed.
    pub placed: u8,
    /// The positions stored: tiger classes x goat sets, over the layer's blocks.
    pub stored: u64,
    /// The positions no symmetry of the board maps onto one another.
    pub distinct: u64,
    /// Every position: tiger sets x goat sets.
    pub all: u64,
}

/// The counts of every layer of `layout`, by goats placed.
pub fn layer_counts(layout: &Layout) -> Vec<LayerCount> {
    layout
        .layers()
        .map(|placed| {
            let mut count = LayerCount {
                placed,
                stored: 0,
                distinct: 0,
                all: 0,
            };
            for captured in 0..=layout.most_captured(placed) {
                let on_board = u32::from(placed - captured);
                let goat_sets = u64::from(Indexer::goat_sets(on_board));
                count.stored += layout.classes as u64 * goat_sets;
                count.distinct += distinct_positions(on_board);
                count.all += TIGER_SETS * goat_sets;
            }
            count
        })
        .collect()
}

/// The counts of the whole placement phase, both sides to move: (stored, distinct, all).
pub fn totals(layout: &Layout) -> (u64, u64, u64) {
    layer_counts(layout).iter().fold((0, 0, 0), |(s, d, a), c| {
        (s + 2 * c.stored, d + 2 * c.distinct, a + 2 * c.all)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perfect::baghchal::index::{SYMMETRIES, map_set_slow};
    use crate::perfect::baghchal::placement::values::Width;
    use std::collections::HashSet;

    /// In the small game, every stored position is listed and put in its canonical form (the
    /// least of its 8 images, found point by point): the stored slots are the layer's count,
    /// the canonical forms its distinct count, and every tiger set's class is there.
    #[test]
    fn the_counts_of_the_small_game_are_those_of_its_positions_listed() {
        let ix = Indexer::new();
        let layout = Layout::new(&ix, 3, 2);
        let counts = layer_counts(&layout);
        assert_eq!(counts.len(), 3);
        for count in &counts {
            let mut slots = 0u64;
            let mut canonical = HashSet::new();
            for block in layout.blocks(count.placed, Width::Wdl) {
                for slot in 0..block.len as usize {
                    let (class, rank) = block.split(slot);
                    let (t, g) = ix.position(class, block.on_board, rank);
                    let least = (0..SYMMETRIES)
                        .map(|s| (map_set_slow(s, t), map_set_slow(s, g)))
                        .min();
                    canonical.insert((block.captured, least));
                    slots += 1;
                }
            }
            assert_eq!(count.stored, slots, "layer {}", count.placed);
            assert_eq!(
                count.distinct,
                canonical.len() as u64,
                "layer {}",
                count.placed
            );
        }
        // Layer 1: one goat on the board (or none after a capture).
        assert_eq!(counts[1].stored, 1666 * (21 + 1));
        assert_eq!(counts[1].all, 12_650 * 22);
    }

    /// The figures of the standard game that docs/SOLVED.md quotes.
    #[test]
    fn the_standard_game_counts() {
        let ix = Indexer::new();
        let layout = Layout::new(&ix, 20, 5);
        let counts = layer_counts(&layout);
        assert_eq!(counts[0].stored, 1666);
        assert_eq!(counts[0].distinct, 1666);
        assert_eq!(counts[12].stored, 1666 * 1_496_782);
        let (stored, _, all) = totals(&layout);
        assert_eq!(stored, 34_814_405_332);
        assert_eq!(all, 2 * 12_650 * 10_448_501);
        for c in &counts {
            assert!(c.distinct <= c.stored && c.stored <= c.all);
            // At least an eighth of all: a class has at most 8 members.
            assert!(8 * c.distinct >= c.all);
        }
    }
}
