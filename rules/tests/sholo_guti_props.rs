//! Sholo Guti property tests over random playouts (both rule sets): make/unmake restores
//! everything, the incremental hash is always the hash from scratch, move and position notation
//! round-trip, the result agrees with the legal moves, and every playout ends under the draw
//! rules without ever reaching a position the notation rejects.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

use chaupal_rules::sholo_guti::{SholoGuti, SholoGutiRules};
use chaupal_rules::{Game, Outcome};
use proptest::prelude::*;

/// A small deterministic random stream (xorshift64*) seeded by proptest.
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

fn rules(compulsory: bool) -> SholoGutiRules {
    if compulsory {
        SholoGutiRules::COMPULSORY
    } else {
        SholoGutiRules::default()
    }
}

/// The checks made at every position of a playout.
fn check_position(g: &SholoGuti, moves: &[<SholoGuti as Game>::Move]) -> Result<(), TestCaseError> {
    prop_assert_eq!(g.hash(), g.hash_from_scratch());
    prop_assert_eq!(g.outcome().is_some(), moves.is_empty(), "{:?}", g);
    let text = g.position_text();
    let read = SholoGuti::from_position_text(&text, SholoGutiRules::default());
    prop_assert!(read.is_ok(), "{text}: {:?}", read.err());
    let read = read.unwrap();
    prop_assert_eq!(read.position_text(), text);
    prop_assert_eq!(read.hash(), g.hash());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Along a playout, every legal move: make then unmake restores the text, the hash and the
    /// legal moves; the hash after make is the hash from scratch; the move's text reads back to
    /// the same move.
    #[test]
    fn every_move_makes_unmakes_and_reads_back(seed in any::<u64>(), compulsory in any::<bool>(), plies in 1usize..160) {
        let mut rng = Stream(seed | 1);
        let mut g = SholoGuti::start(rules(compulsory));
        let mut moves = Vec::new();
        for _ in 0..plies {
            g.legal_moves(&mut moves);
            check_position(&g, &moves)?;
            if moves.is_empty() {
                break;
            }
            let text = g.position_text();
            let hash = g.hash();
            for &m in &moves {
                let written = g.move_text(m);
                prop_assert_eq!(g.parse_move(&written), Ok(m), "{}", written);
                let undo = g.make(m);
                prop_assert_eq!(g.hash(), g.hash_from_scratch(), "after {}", written);
                g.unmake(m, undo);
                prop_assert_eq!(g.hash(), hash);
                prop_assert_eq!(&g.position_text(), &text, "after {} and back", written);
            }
            let mut again = Vec::new();
            g.legal_moves(&mut again);
            prop_assert_eq!(&again, &moves);
            let m = moves[rng.below(moves.len())];
            g.make(m);
        }
    }

    /// A whole random playout always ends (capture, no move, repetition or the no-capture
    /// limit), and every position on the way reads back from its text.
    #[test]
    fn random_playouts_always_end(seed in any::<u64>(), compulsory in any::<bool>()) {
        let mut rng = Stream(seed | 1);
        let mut g = SholoGuti::start(rules(compulsory));
        let mut moves = Vec::new();
        // 31 captures at most, and at most 200 plies between two of them.
        let bound = 32 * 200;
        let mut plies = 0;
        loop {
            g.legal_moves(&mut moves);
            check_position(&g, &moves)?;
            if moves.is_empty() {
                break;
            }
            prop_assert!(plies < bound, "no end after {plies} plies");
            g.make(moves[rng.below(moves.len())]);
            plies += 1;
        }
        let outcome = g.outcome();
        prop_assert!(outcome.is_some());
        if let Some(Outcome::Win { winner, .. }) = outcome {
            prop_assert_eq!(winner, g.side_to_move().opponent());
        }
    }
}
