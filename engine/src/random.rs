//! The random mover (seed 000's "easy" AI): a legal move chosen uniformly, from a seed.

use chaupal_rules::{AnyGame, Game};

use super::request::SearchResult;

/// A small seeded generator (SplitMix64): the same seed gives the same moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = chaupal_rules::zobrist::splitmix64(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n` (`n` > 0), without modulo bias worth caring about for n < 2^32.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Picks a legal move uniformly at random.
pub fn choose(game: &AnyGame, seed: u64) -> SearchResult {
    let moves = game.legal_moves_text();
    let mut rng = Rng::new(seed ^ game.hash());
    let best_move = (!moves.is_empty()).then(|| moves[rng.below(moves.len())].clone());
    SearchResult {
        best_move,
        info: None,
        stats: Default::default(),
        trap_set: false,
    }
}

/// Picks a legal move of a typed game uniformly at random: the same move [`choose`] picks for the
/// same game and seed.
pub(crate) fn choose_move<G: Game>(game: &G, seed: u64) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut rng = Rng::new(seed ^ game.hash());
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}
