//! Traps for opponents who search: in a drawn position, among the moves that keep the draw, one
//! after which the reply a plain search of a few plies would choose loses.
//!
//! Bagh Chal is a draw, and a player who keeps the draw and waits seldom beats anyone who looks
//! a few plies ahead: the replies that lose are many (the share [`super::swindle`] and the
//! placement layers' `mistake_share` count), but a searching player plays none of them unless
//! it looks best. So the top level models its opponent as searches of [`MODEL_DEPTHS`] plies
//! with the game's evaluation (how the levels below it and most players look ahead) and asks
//! the database whether the reply each model would choose loses. The move that catches the
//! most models, the deepest first, is played; when none catches any, the caller chooses as
//! before. Every move considered keeps the draw, so against best play a lure costs nothing.

use chaupal_rules::Game;
use chaupal_rules::baghchal::{BaghChal, Move};

use crate::perfect::probe::SearchLayer;
use crate::perfect::tablebase::{Tablebase, Wdl};

/// The opponents modelled: plain searches this many plies deep, the reply included.
pub(crate) const MODEL_DEPTHS: [u32; 3] = [2, 4, 6];

/// Whether the opponent, to move in `after`, loses the draw by playing `reply`: the game is
/// then won for the side that moved into `after`.
fn reply_loses<T: Tablebase<BaghChal> + ?Sized>(tb: &T, after: &BaghChal, reply: Move) -> bool {
    let mover = after.side_to_move();
    let mut next = after.clone();
    next.make(reply);
    match next.outcome() {
        Some(outcome) => outcome.winner().is_some_and(|w| w != mover),
        // The reply handed the move back: a win for the side to move there is the lure's.
        None if next.side_to_move() != mover => {
            matches!(tb.value(&next), Some((Wdl::Win, _)))
        }
        None => matches!(tb.value(&next), Some((Wdl::Loss, _))),
    }
}

/// How many of the modelled opponents (plain searches of [`MODEL_DEPTHS`] plies, as `search`
/// runs them) playing `mv` in `game` catches, and the deepest of them (0 for none).
fn catches<T: Tablebase<BaghChal> + ?Sized>(
    tb: &T,
    game: &BaghChal,
    mv: Move,
    search: &dyn SearchLayer<BaghChal>,
) -> (usize, u32) {
    let mut after = game.clone();
    after.make(mv);
    if after.outcome().is_some() {
        return (0, 0);
    }
    let mut caught = 0;
    let mut deepest = 0;
    for depth in MODEL_DEPTHS {
        if search
            .plain_reply(&after, depth)
            .is_some_and(|reply| reply_loses(tb, &after, reply))
        {
            caught += 1;
            deepest = deepest.max(depth);
        }
    }
    (caught, deepest)
}

/// The move of `drawing` (moves that keep a drawn position drawn) after which the most
/// modelled opponents play a losing reply, the one catching the deepest model among equals,
/// the first of `drawing` among those; `None` when no move catches any model. `search` runs
/// the models' searches (the search lends them: [`SearchLayer::plain_reply`]).
pub(crate) fn lure<T: Tablebase<BaghChal> + ?Sized>(
    tb: &T,
    game: &BaghChal,
    drawing: &[Move],
    search: &dyn SearchLayer<BaghChal>,
) -> Option<Move> {
    drawing
        .iter()
        .map(|&mv| (catches(tb, game, mv, search), mv))
        .filter(|&((caught, _), _)| caught > 0)
        // max_by_key keeps the last of equals; reversed, the first of `drawing` wins ties.
        .rev()
        .max_by_key(|&(key, _)| key)
        .map(|(_, mv)| mv)
}
