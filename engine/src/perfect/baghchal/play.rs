//! How the top level plays Bagh Chal from the database (in the movement phase and the last goat
//! placements): the database's move in a won or lost position. Among drawing moves it leaves
//! out those that end the game by repetition or let the opponent do so at once and lets the
//! normal search choose among the rest, so a weaker opponent gets chances to go wrong, unless
//! one of them lures a searching opponent into a losing reply ([`lure`]); when the search's
//! move would give the draw away, the move that leaves the opponent the most losing replies
//! ([`swindle`]) instead.

use chaupal_rules::baghchal::{BaghChal, Move};
use chaupal_rules::{EndReason, Game};

use super::{BaghChalTb, lure, swindle};
use crate::perfect::player::Policy;
use crate::perfect::probe::SearchLayer;
use crate::perfect::tablebase::{Choice, Tablebase, Wdl};
use crate::request::SearchRequest;

impl Tablebase<BaghChal> for BaghChalTb {
    fn value(&self, game: &BaghChal) -> Option<(Wdl, u32)> {
        BaghChalTb::value(self, game)
    }

    fn move_values(&self, game: &BaghChal) -> Option<Vec<(Move, Wdl, u32)>> {
        BaghChalTb::move_values(self, game)
    }
}

impl Policy<BaghChal> for BaghChalTb {
    fn pick(
        &self,
        game: &BaghChal,
        choice: &Choice<Move>,
        request: &SearchRequest,
        search: &mut dyn SearchLayer<BaghChal>,
    ) -> Option<Move> {
        if choice.wdl != Wdl::Draw || choice.draws.len() <= 1 {
            return Some(choice.best);
        }
        // Keep the game going: a repetition ends it drawn, while play on gives the opponent
        // chances to go wrong.
        let fresh: Vec<Move> = choice
            .draws
            .iter()
            .copied()
            .filter(|&m| !allows_repetition(game, m))
            .collect();
        let drawing = if fresh.is_empty() {
            &choice.draws
        } else {
            &fresh
        };
        // A drawing move whose reply, as a searching opponent would choose it, loses.
        if let Some(m) = lure::lure(self, game, drawing, search) {
            return Some(m);
        }
        // Else the search's move when it keeps the draw; else the one that leaves the opponent
        // the most (and deepest) losing replies in a position the game has not seen. (These
        // traps first, before the search, scored worse against the published agent:
        // docs/journal/2026-11.md, "Bagh Chal: traps in the database's drawn positions".)
        let searched = search
            .search(request)
            .ok()
            .and_then(|r| r.best_move)
            .and_then(|text| game.parse_move(&text).ok());
        Some(match searched.filter(|m| drawing.contains(m)) {
            Some(m) => m,
            None => swindle::best_traps(self, game, drawing)[0],
        })
    }
}

/// Whether playing `mv` ends the game by repetition, or lets the opponent end it so at once.
pub(crate) fn allows_repetition(game: &BaghChal, mv: Move) -> bool {
    let repeated = |g: &BaghChal| {
        g.outcome()
            .is_some_and(|o| o.reason() == EndReason::Repetition)
    };
    let mut g = game.clone();
    g.make(mv);
    if repeated(&g) {
        return true;
    }
    if g.outcome().is_some() {
        return false;
    }
    let mut replies = Vec::new();
    g.legal_moves(&mut replies);
    replies.into_iter().any(|r| {
        let undo = g.make(r);
        let ends = repeated(&g);
        g.unmake(r, undo);
        ends
    })
}
