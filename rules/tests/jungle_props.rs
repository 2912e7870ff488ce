//! Jungle property tests over random playouts on both boards: make/unmake restores everything,
//! the incremental hash is right, move and position notation round-trip, and every game ends
//! (under the draw rules) without ever reaching a position its own text cannot describe.

#![allow(clippy::unwrap_used)] // a test: a broken invariant should fail loudly

use chaupal_rules::Game;
use chaupal_rules::jungle::{BoardSize, Jungle, JungleRules, Move, NO_CAPTURE_LIMIT, Undo};
use proptest::prelude::*;

/// A game can last at most this long: every 200 capture-free plies end it unless a capture
/// comes, and there are at most 15 captures before one side has nothing left.
const MAX_PLIES: usize = 16 * NO_CAPTURE_LIMIT as usize;

/// A small deterministic generator for the playouts.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn rules(small: bool) -> JungleRules {
    JungleRules::with_board(if small {
        BoardSize::Small
    } else {
        BoardSize::Standard
    })
}

/// Plays a random game from the start to its end (or `max_plies`), calling `check` on every
/// position reached (the start included) with its legal moves. Returns the moves played.
fn playout(
    small: bool,
    seed: u64,
    max_plies: usize,
    mut check: impl FnMut(&mut Jungle, &[Move]),
) -> (Jungle, Vec<(Move, Undo)>) {
    let mut rng = Rng(seed | 1);
    let mut game = Jungle::start(rules(small));
    let mut moves = Vec::new();
    let mut played = Vec::new();
    for _ in 0..=max_plies {
        game.legal_moves(&mut moves);
        check(&mut game, &moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let undo = game.make(mv);
        played.push((mv, undo));
    }
    (game, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn make_then_unmake_restores_position_hash_and_text(seed in any::<u64>(), small in any::<bool>()) {
        playout(small, seed, 300, |game, moves| {
            let text = game.position_text();
            let hash = game.hash();
            let outcome = game.outcome();
            for &mv in moves {
                let undo = game.make(mv);
                game.unmake(mv, undo);
                assert_eq!(game.position_text(), text);
                assert_eq!(game.hash(), hash);
                assert_eq!(game.outcome(), outcome);
            }
        });
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch(seed in any::<u64>(), small in any::<bool>()) {
        playout(small, seed, MAX_PLIES, |game, moves| {
            assert_eq!(game.hash(), game.hash_from_scratch());
            for &mv in moves {
                let undo = game.make(mv);
                assert_eq!(game.hash(), game.hash_from_scratch(), "{}", game.position_text());
                game.unmake(mv, undo);
            }
        });
    }

    #[test]
    fn move_notation_round_trips(seed in any::<u64>(), small in any::<bool>()) {
        playout(small, seed, 300, |game, moves| {
            for &mv in moves {
                let text = game.move_text(mv);
                assert_eq!(game.parse_move(&text), Ok(mv), "{text}");
                let other = if text.contains('x') { text.replace('x', "-") } else { text.replace('-', "x") };
                assert_eq!(game.parse_move(&other), Ok(mv), "{other}");
            }
        });
    }

    #[test]
    fn position_notation_round_trips(seed in any::<u64>(), small in any::<bool>()) {
        playout(small, seed, MAX_PLIES, |game, _| {
            let text = game.position_text();
            let again = Jungle::from_position_text(&text, JungleRules::default()).unwrap();
            assert_eq!(again.position_text(), text);
            assert_eq!(again.hash(), game.hash());
            assert_eq!(again.rules(), game.rules());
        });
    }

    #[test]
    fn random_playouts_end_and_never_reach_an_illegal_position(seed in any::<u64>(), small in any::<bool>()) {
        let start = Jungle::start(rules(small));
        let (mut game, played) = playout(small, seed, MAX_PLIES, |game, moves| {
            assert_eq!(game.outcome().is_some(), moves.is_empty(), "{}", game.position_text());
            assert!(game.no_capture_plies() <= u32::from(NO_CAPTURE_LIMIT));
            let text = game.position_text();
            if let Err(e) = Jungle::from_position_text(&text, JungleRules::default()) {
                panic!("{text}: {e}");
            }
        });
        assert!(game.outcome().is_some(), "the game ended within {MAX_PLIES} plies");
        for &(mv, undo) in played.iter().rev() {
            game.unmake(mv, undo);
        }
        assert_eq!(game.position_text(), start.position_text());
        assert_eq!(game.hash(), start.hash());
        assert_eq!(game.outcome(), None);
    }
}
