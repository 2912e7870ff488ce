//! The whole game of Bagh Chal from the databases: the placement phase's values, and the
//! movement phase's below them, answered as one [`Tablebase`]; and how the top level plays
//! from them ([`Policy`]).
//!
//! In the placement phase the top level keeps the value and, among the moves that keep it,
//! plays the one that leaves the opponent the most ways to go wrong: in a drawn position first
//! a move whose reply, as a searching opponent would choose it, loses ([`lure`]); else the
//! largest share of their replies that lose value ([`mistake_share`]), then the fastest win or
//! the slowest loss. In the movement phase it plays as the movement database's player does
//! ([`super::super::play`]).
//!
//! The engine uses a placement database only when it keeps distances
//! ([`Width::Plies`](super::values::Width::Plies)): the values it reports are `win N` or
//! `loss N` with the plies to the end of the game, and a 2-bit database knows no `N`.

use chaupal_rules::Game;
use chaupal_rules::baghchal::{BaghChal, Move};

use super::PlacementTb;
use crate::perfect::baghchal::lure;
use crate::perfect::player::Policy;
use crate::perfect::probe::SearchLayer;
use crate::perfect::tablebase::{Choice, Tablebase, Wdl, rank};
use crate::request::SearchRequest;

impl Tablebase<BaghChal> for PlacementTb {
    /// The value for the side to move: from the placement layers while goats are in hand,
    /// from the movement database after; `None` where neither covers the position or a layer
    /// cannot be read (the search then plays it).
    fn value(&self, game: &BaghChal) -> Option<(Wdl, u32)> {
        if !self.covers(game) {
            return self.movement().value(game);
        }
        let value = PlacementTb::value(self, game).ok()??;
        Some((value.wdl, value.plies.unwrap_or(0)))
    }

    fn move_values(&self, game: &BaghChal) -> Option<Vec<(Move, Wdl, u32)>> {
        if !self.covers(game) {
            return self.movement().move_values(game);
        }
        let values = PlacementTb::move_values(self, game).ok()??;
        Some(
            values
                .into_iter()
                .map(|(mv, v)| (mv, v.wdl, v.plies.unwrap_or(0)))
                .collect(),
        )
    }
}

impl Policy<BaghChal> for PlacementTb {
    fn pick(
        &self,
        game: &BaghChal,
        choice: &Choice<Move>,
        request: &SearchRequest,
        search: &mut dyn SearchLayer<BaghChal>,
    ) -> Option<Move> {
        if !self.covers(game) {
            return self.movement().pick(game, choice, request, search);
        }
        let values = Tablebase::move_values(self, game)?;
        if choice.wdl == Wdl::Draw {
            let drawing: Vec<Move> = values
                .iter()
                .filter(|(_, wdl, _)| *wdl == Wdl::Draw)
                .map(|&(mv, _, _)| mv)
                .collect();
            if let Some(mv) = lure::lure(self, game, &drawing, search) {
                return Some(mv);
            }
        }
        best_for_mistakes(self, game, &values)
    }
}

/// Among the moves of `values` that keep the position's value, the fastest win; in a drawn or
/// lost position the one after which the opponent has the largest share of replies that lose
/// value, then the slowest loss, then the first move generated.
fn best_for_mistakes(
    tb: &PlacementTb,
    game: &BaghChal,
    values: &[(Move, Wdl, u32)],
) -> Option<Move> {
    let best = values.iter().map(|(_, wdl, _)| wdl_order(wdl)).max()?;
    let winning = best == wdl_order(&Wdl::Win);
    values
        .iter()
        .filter(|(_, wdl, _)| wdl_order(wdl) == best)
        .map(|entry| {
            // After a winning move every reply loses: the fastest win is all there is to
            // choose.
            let share = if winning {
                0
            } else {
                mistake_share(tb, game, entry.0)
            };
            (share, rank(entry), entry.0)
        })
        // max_by_key keeps the last of equals; reversed, the first generated move wins ties.
        .rev()
        .max_by_key(|&(share, rank, _)| (share, rank))
        .map(|(_, _, mv)| mv)
}

/// The share, per million, of the opponent's replies after `mv` that lose value for them:
/// that are worse for them than their best reply. 0 when the game ends with `mv`, when every
/// reply is as good as the best, or when the position after it is not covered.
pub fn mistake_share(tb: &PlacementTb, game: &BaghChal, mv: Move) -> u64 {
    let mut after = game.clone();
    after.make(mv);
    if after.outcome().is_some() {
        return 0;
    }
    let Some(replies) = Tablebase::move_values(tb, &after) else {
        return 0;
    };
    let Some(best) = replies.iter().map(|(_, wdl, _)| wdl_order(wdl)).max() else {
        return 0;
    };
    let worse = replies
        .iter()
        .filter(|(_, wdl, _)| wdl_order(wdl) < best)
        .count();
    (worse as u64 * 1_000_000) / replies.len() as u64
}

/// Win above draw above loss.
fn wdl_order(wdl: &Wdl) -> u8 {
    match wdl {
        Wdl::Win => 2,
        Wdl::Draw => 1,
        Wdl::Loss => 0,
    }
}
