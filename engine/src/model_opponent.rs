//! The searching opponent that perfect play's Bagh Chal lures model: a plain PVS of a few
//! plies with the game's default evaluation, in a small table of its own. Perfect play names
//! nothing of the search, so the search lends it this opponent
//! ([`SearchLayer::plain_reply`](crate::perfect::probe::SearchLayer::plain_reply)).

use std::sync::atomic::AtomicBool;

use crate::algorithms::{SearchInputs, run_algorithm};
use crate::engine_config::EngineConfig;
use crate::game_ai::{GameAi, default_evaluator};
use crate::memory::Kept;
use crate::request::SearchLimits;

/// The modelled opponent's transposition table, in MiB: its searches are small, and a fresh
/// table for each keeps one reply independent of what the other searches stored.
const MODEL_HASH_MIB: usize = 1;

/// The move a plain search of `depth` plies with the game's default evaluation plays in
/// `game`: `pvs` with no time or node limit, seed 0, no endgame database, a fresh table.
pub(crate) fn reply<G: GameAi>(game: &G, depth: u32) -> Option<G::Move> {
    let mut config = EngineConfig::parse("pvs").ok()?;
    config.limits = SearchLimits {
        depth: Some(depth),
        time: None,
        nodes: None,
    };
    config.search.hash_mib = MODEL_HASH_MIB;
    let eval = default_evaluator::<G>()?;
    let cancel = AtomicBool::new(false);
    let inputs = SearchInputs {
        config: &config,
        eval: eval.as_ref(),
        seed: 0,
        endgame: None,
        cancel: &cancel,
    };
    run_algorithm(game, &inputs, &mut Kept::default(), &mut |_| {}).best_move
}
