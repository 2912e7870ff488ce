//! Bagh Chal property tests over random playouts: make/unmake restores everything, the
//! incremental hash equals the one from scratch, move and position notation round-trip, every
//! position reached reads back, and playouts end.

#![allow(clippy::unwrap_used)] // a test: a broken invariant should fail loudly

use chaupal_rules::baghchal::{BaghChal, BaghChalRules, Repetition};
use chaupal_rules::{Game, RuleSet};
use proptest::prelude::*;

/// A rule set from its three options.
fn rules(captures_to_win: u8, goats: u8, forbidden: bool) -> BaghChalRules {
    BaghChalRules {
        captures_to_win,
        goats,
        repetition: if forbidden {
            Repetition::Forbidden
        } else {
            Repetition::Draw
        },
    }
}

/// Checks every invariant of one position and of each of its moves.
fn check_position(game: &mut BaghChal) -> Result<Vec<<BaghChal as Game>::Move>, TestCaseError> {
    prop_assert_eq!(game.hash(), game.hash_from_scratch());

    // The position text reads back to the same text and hash, under the default rules.
    let text = game.position_text();
    let read = BaghChal::from_position_text(&text, BaghChalRules::default());
    prop_assert!(
        read.is_ok(),
        "{} does not read back: {:?}",
        text,
        read.err()
    );
    let read = read.unwrap();
    prop_assert_eq!(read.position_text(), text.clone());
    prop_assert_eq!(read.hash(), game.hash());
    prop_assert_eq!(read.rules(), game.rules());

    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    prop_assert_eq!(game.outcome().is_some(), moves.is_empty(), "{}", text);

    for &mv in &moves {
        let notation = game.move_text(mv);
        prop_assert_eq!(
            game.parse_move(&notation),
            Ok(mv),
            "{} in {}",
            notation,
            text
        );
        let undo = game.make(mv);
        prop_assert_eq!(game.hash(), game.hash_from_scratch(), "after {}", notation);
        game.unmake(mv, undo);
        prop_assert_eq!(game.position_text(), text.clone(), "unmake {}", notation);
        prop_assert_eq!(game.hash(), game.hash_from_scratch());
    }
    let mut again = Vec::new();
    game.legal_moves(&mut again);
    prop_assert_eq!(again, moves.clone(), "make/unmake changed the legal moves");
    Ok(moves)
}

/// The goats (1..=20, the standard 20 about half the time) and a capture target within them.
fn goats_and_target() -> impl Strategy<Value = (u8, u8)> {
    prop_oneof![1 => 1u8..=20, 1 => Just(20u8)].prop_flat_map(|goats| (Just(goats), 1u8..=goats))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_playouts_keep_every_invariant(
        (goats, captures_to_win) in goats_and_target(),
        forbidden in any::<bool>(),
        choices in prop::collection::vec(any::<u32>(), 1..300),
    ) {
        let mut game = BaghChal::start(rules(captures_to_win, goats, forbidden));
        let start_text = game.position_text();
        let start_hash = game.hash();
        let mut played = Vec::new();
        for choice in choices {
            let moves = check_position(&mut game)?;
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let undo = game.make(mv);
            played.push((mv, undo));
        }
        check_position(&mut game)?;
        // Unmaking the whole playout brings back the start.
        while let Some((mv, undo)) = played.pop() {
            game.unmake(mv, undo);
        }
        prop_assert_eq!(game.position_text(), start_text);
        prop_assert_eq!(game.hash(), start_hash);
    }

    #[test]
    fn random_playouts_end(
        (goats, captures_to_win) in goats_and_target(),
        forbidden in any::<bool>(),
        seed in any::<u64>(),
    ) {
        /// Far beyond any playout seen; the repetition rules bound a game, this bounds the test.
        const PLY_LIMIT: usize = 100_000;
        let mut game = BaghChal::start(rules(captures_to_win, goats, forbidden));
        let mut state = seed | 1;
        let mut moves = Vec::new();
        let mut plies = 0;
        loop {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[(state % moves.len() as u64) as usize];
            game.make(mv);
            plies += 1;
            prop_assert!(plies < PLY_LIMIT, "no end after {} plies", plies);
        }
        prop_assert!(game.outcome().is_some());
        // The final position reads back (no impossible position was reached).
        let text = game.position_text();
        prop_assert!(BaghChal::from_position_text(&text, BaghChalRules::default()).is_ok());
    }
}

#[test]
fn every_rule_set_starts_with_the_same_board() {
    for (goats, captures) in (1..=20u8).flat_map(|g| (1..=g).map(move |c| (g, c))) {
        for forbidden in [false, true] {
            let r = rules(captures, goats, forbidden);
            let game = BaghChal::start(r);
            let text = game.position_text();
            let start = format!("T3T/5/5/5/T3T g {goats} 0");
            assert!(text.starts_with(&start), "{text}");
            let read = BaghChal::from_position_text(&text, BaghChalRules::default()).unwrap();
            assert_eq!(read.rules(), &r);
            assert_eq!(
                BaghChalRules::from_pairs(r.non_default_pairs()).unwrap(),
                r,
                "non-default pairs rebuild the rules"
            );
        }
    }
}
