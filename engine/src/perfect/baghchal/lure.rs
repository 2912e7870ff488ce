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

use std::sync::atomic::AtomicBool;

use chaupal_rules::Game;
use chaupal_rules::baghchal::{BaghChal, Move};

use crate::algorithms::{SearchInputs, run_algorithm};
use crate::engine_config::EngineConfig;
use crate::game_ai::Evaluator;
use crate::memory::Kept;
use crate::perfect::tablebase::{Tablebase, Wdl};
use crate::request::SearchLimits;

/// The opponents modelled: plain searches this many plies deep, the reply included.
pub(crate) const MODEL_DEPTHS: [u32; 3] = [2, 4, 6];
/// A model's transposition table, in MiB: its searches are small, and a fresh table for each
/// keeps one model's reply independent of what the others searched.
const MODEL_HASH_MIB: usize = 1;

/// A modelled opponent: the game's default evaluation under a plain search of `depth` plies.
struct Model {
    depth: u32,
    config: EngineConfig,
    eval: Box<dyn Evaluator<BaghChal>>,
}

impl Model {
    fn new(depth: u32) -> Option<Model> {
        let mut config = EngineConfig::parse("pvs").ok()?;
        config.limits = SearchLimits {
            depth: Some(depth),
            time: None,
            nodes: None,
        };
        config.search.hash_mib = MODEL_HASH_MIB;
        let eval = crate::game_ai::default_evaluator::<BaghChal>()?;
        Some(Model {
            depth,
            config,
            eval,
        })
    }

    /// The reply this model would play in `game`.
    fn reply(&self, game: &BaghChal) -> Option<Move> {
        let cancel = AtomicBool::new(false);
        let inputs = SearchInputs {
            config: &self.config,
            eval: self.eval.as_ref(),
            seed: 0,
            endgame: None,
            cancel: &cancel,
        };
        run_algorithm(game, &inputs, &mut Kept::default(), &mut |_| {}).best_move
    }
}

/// The reply a model opponent searching `depth` plies plays in `game`.
#[cfg(test)]
pub(crate) fn model_reply(game: &BaghChal, depth: u32) -> Option<Move> {
    Model::new(depth)?.reply(game)
}

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

/// How many of `models` playing `mv` in `game` catches, and the deepest of them (0 for none).
fn catches<T: Tablebase<BaghChal> + ?Sized>(
    tb: &T,
    game: &BaghChal,
    mv: Move,
    models: &[Model],
) -> (usize, u32) {
    let mut after = game.clone();
    after.make(mv);
    if after.outcome().is_some() {
        return (0, 0);
    }
    let mut caught = 0;
    let mut deepest = 0;
    for model in models {
        if model
            .reply(&after)
            .is_some_and(|reply| reply_loses(tb, &after, reply))
        {
            caught += 1;
            deepest = deepest.max(model.depth);
        }
    }
    (caught, deepest)
}

/// The move of `drawing` (moves that keep a drawn position drawn) after which the most
/// modelled opponents play a losing reply, the one catching the deepest model among equals,
/// the first of `drawing` among those; `None` when no move catches any model.
pub(crate) fn lure<T: Tablebase<BaghChal> + ?Sized>(
    tb: &T,
    game: &BaghChal,
    drawing: &[Move],
) -> Option<Move> {
    let models: Vec<Model> = MODEL_DEPTHS.iter().filter_map(|&d| Model::new(d)).collect();
    drawing
        .iter()
        .map(|&mv| (catches(tb, game, mv, &models), mv))
        .filter(|&((caught, _), _)| caught > 0)
        // max_by_key keeps the last of equals; reversed, the first of `drawing` wins ties.
        .rev()
        .max_by_key(|&(key, _)| key)
        .map(|(_, mv)| mv)
}
