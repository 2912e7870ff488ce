//! Choosing among drawing moves to give the opponent chances to go wrong: each drawing move is
//! scored by the opponent's replies the database says lose, weighted by how deep the loss is
//! (a short one a searching opponent sees and avoids; a long one is past its horizon), as a
//! share of all its replies, after a preference for positions the game has not seen yet (an
//! opponent that did not go wrong there once may well not the next time, and going back there
//! walks towards a draw by repetition). Generic: it knows nothing of the opponent but the rules.

use std::cmp::Reverse;

use chaupal_rules::Game;
use chaupal_rules::baghchal::{BaghChal, Move};

use super::BaghChalTb;
use crate::perfect::tablebase::Wdl;

/// The plies to the end past which a losing reply's weight stops growing.
const DEEP: u32 = 20;
/// The weight every losing reply has, however short its loss.
const BASE: u64 = 4;

/// The weight of one reply that loses in `plies` (counted from the reply itself).
fn trap_weight(plies: u32) -> u64 {
    BASE + u64::from(plies.min(DEEP))
}

/// How well `mv` sets traps: the opponent's losing replies after it, weighted by depth, per
/// thousand replies; 0 when none loses or the database does not reach the position after it.
pub(crate) fn trap_score(tb: &BaghChalTb, game: &BaghChal, mv: Move) -> u64 {
    let mut after = game.clone();
    after.make(mv);
    if after.outcome().is_some() {
        return 0;
    }
    let Some(replies) = tb.move_values(&after) else {
        return 0;
    };
    if replies.is_empty() {
        return 0;
    }
    let traps: u64 = replies
        .iter()
        .filter(|(_, wdl, _)| *wdl == Wdl::Loss)
        .map(|&(_, _, plies)| trap_weight(plies))
        .sum();
    traps * 1000 / replies.len() as u64
}

/// How many times the position after `mv` has stood in the game before.
pub(crate) fn seen_after(game: &BaghChal, mv: Move) -> usize {
    let mut after = game.clone();
    after.make(mv);
    after.occurrences() - 1
}

/// The moves of `moves` that lead to the positions the game has seen least, and of those the
/// ones with the highest [`trap_score`], in their order: a position the opponent already
/// answered without going wrong is tried again only when every move leads to one.
pub(crate) fn best_traps(tb: &BaghChalTb, game: &BaghChal, moves: &[Move]) -> Vec<Move> {
    let scored: Vec<(Move, (Reverse<usize>, u64))> = moves
        .iter()
        .map(|&m| {
            let key = (Reverse(seen_after(game, m)), trap_score(tb, game, m));
            (m, key)
        })
        .collect();
    let top = scored.iter().map(|&(_, s)| s).max().unwrap_or_default();
    scored
        .into_iter()
        .filter(|&(_, s)| s == top)
        .map(|(m, _)| m)
        .collect()
}
