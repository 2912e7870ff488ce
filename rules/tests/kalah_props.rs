//! Kalah property tests over random playouts under random rule sets: make/unmake restores
//! everything, the hash stays equal to the one from scratch, notation round-trips, games end,
//! and no position ever comes back.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::collections::HashSet;

use chaupal_rules::kalah::{Kalah, KalahRules};
use chaupal_rules::{Game, RuleSet};
use proptest::prelude::*;

/// Far more plies than any Kalah game can last on the largest board: the property below checks
/// that every playout ends well before.
const PLY_LIMIT: usize = 5_000;

fn rules() -> impl Strategy<Value = KalahRules> {
    (1u8..=8, 1u8..=8, any::<bool>())
        .prop_map(|(pits, seeds, empty)| KalahRules::new(pits, seeds, empty).unwrap())
}

/// Plays a whole game from the start, choosing moves with `choices` (cycled), and calls `check`
/// on every position reached, the start included.
fn playout(rules: KalahRules, choices: &[u16], mut check: impl FnMut(&mut Kalah)) -> usize {
    let mut game = Kalah::start(rules);
    let mut moves = Vec::new();
    for ply in 0..PLY_LIMIT {
        check(&mut game);
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return ply;
        }
        let pick = choices[ply % choices.len()] as usize % moves.len();
        game.make(moves[pick]);
    }
    panic!("a game lasted {PLY_LIMIT} plies");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn make_then_unmake_restores_position_hash_and_text(
        rules in rules(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        playout(rules, &choices, |game| {
            let before = *game;
            let text = game.position_text();
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            for &mv in &moves {
                let undo = game.make(mv);
                game.unmake(mv, undo);
                assert_eq!(*game, before);
                assert_eq!(game.hash(), before.hash());
                assert_eq!(game.position_text(), text);
            }
        });
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch_after_every_move(
        rules in rules(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        playout(rules, &choices, |game| {
            assert_eq!(game.hash(), game.hash_from_scratch(), "{}", game.position_text());
        });
    }

    #[test]
    fn every_legal_move_round_trips_through_its_notation(
        rules in rules(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        playout(rules, &choices, |game| {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(game.parse_move(&game.move_text(mv)), Ok(mv));
            }
        });
    }

    #[test]
    fn every_position_reached_reads_back_from_its_text(
        rules in rules(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        playout(rules, &choices, |game| {
            let text = game.position_text();
            let again = Kalah::from_position_text(&text, KalahRules::default())
                .unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
            assert_eq!(again.position_text(), text);
            assert_eq!(again.hash(), game.hash());
            assert_eq!(again.rules(), game.rules());
            // Read under other rules too: the text's own pairs decide.
            let other = KalahRules::from_pairs([("pits", "1"), ("seeds", "1")]).unwrap();
            if let Ok(again) = Kalah::from_position_text(&text, other) {
                assert_eq!(again.position_text(), text);
            }
        });
    }

    #[test]
    fn playouts_end_with_an_outcome_exactly_when_no_move_is_left(
        rules in rules(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        let mut last = None;
        playout(rules, &choices, |game| {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            assert_eq!(game.outcome().is_some(), moves.is_empty());
            last = Some(*game);
        });
        let end = last.unwrap();
        let outcome = end.outcome().unwrap();
        assert_eq!(outcome.reason(), chaupal_rules::EndReason::SeedsCounted);
        let total = rules.total_seeds();
        let stores = [end.store(chaupal_rules::Side::First), end.store(chaupal_rules::Side::Second)];
        assert_eq!(u32::from(stores[0]) + u32::from(stores[1]), total);
        let expected_winner = match stores[0].cmp(&stores[1]) {
            std::cmp::Ordering::Greater => Some(chaupal_rules::Side::First),
            std::cmp::Ordering::Less => Some(chaupal_rules::Side::Second),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(outcome.winner(), expected_winner);
    }

    /// Kalah positions cannot repeat (see the module documentation of `kalah`): no playout
    /// meets the same hash twice, whoever is to move.
    #[test]
    fn no_position_ever_repeats_in_a_game(
        rules in rules(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        let mut seen = HashSet::new();
        let mut boards = HashSet::new();
        playout(rules, &choices, |game| {
            assert!(seen.insert(game.hash()), "repeated: {}", game.position_text());
            // Not even the seeds alone, with the other side to move.
            assert!(boards.insert(game.slots().to_vec()), "repeated board: {}", game.position_text());
        });
    }
}
