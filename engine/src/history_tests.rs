//! Tests of how the full search treats the game's past (positions played before the search
//! began) in the games whose rules draw at a third occurrence: the side ahead, playing for a
//! win, must not walk back into them; the published agents' searches keep seeing only their own line.

use std::sync::atomic::AtomicBool;

use chaupal_rules::Game;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::sholo_guti::SholoGuti;

use super::control::SearchControl;
use super::engine_config::EngineConfig;
use super::game_ai::GameAi;
use super::request::SearchLimits;
use super::run::config_evaluator;
use super::search::Searcher;

/// The move `engine` chooses at a fixed depth, with a table of its own (no kept table).
fn best<G: GameAi>(game: &G, engine: &str, depth: u32) -> G::Move {
    let config = EngineConfig::parse(engine).unwrap();
    let eval = config_evaluator::<G>(&config, None).unwrap();
    let cancel = AtomicBool::new(false);
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let control = SearchControl::new(&limits, &cancel);
    Searcher::new(game, eval.as_ref(), config.search, control)
        .run(&mut |_| {})
        .best_move
        .unwrap()
}

/// Plays `first` and the opponent's first legal move, then two plies that bring the game back
/// to where it was: the start occurs once more, and so does the position after `first`.
pub(super) fn out_and_back<G: Game>(g: &mut G, first: G::Move) {
    let start = g.hash();
    g.make(first);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    g.make(moves[0]);
    let (mut backs, mut lasts) = (Vec::new(), Vec::new());
    g.legal_moves(&mut backs);
    for &back in &backs {
        let undo = g.make(back);
        g.legal_moves(&mut lasts);
        for &last in &lasts {
            let undo_last = g.make(last);
            if g.hash() == start {
                return;
            }
            g.unmake(last, undo_last);
        }
        g.unmake(back, undo);
    }
    panic!("no way back to the start");
}

/// From `game` (the side to move well ahead), `engine` chooses a move; after the game went
/// there and came back, it must choose another (the first now leads to a position of the
/// game's past, a step towards a draw by repetition), while the published agent `seed` chooses the
/// same move again.
fn the_side_ahead_leaves_the_games_past<G: GameAi>(game: G, engine: &str, seed: &str) {
    let depth = 2;
    let first = best(&game, engine, depth);
    let seed_first = best(&game, seed, depth);
    let mut g = game.clone();
    out_and_back(&mut g, first);
    assert_eq!(g.hash(), game.hash());
    let again = best(&g, engine, depth);
    assert_ne!(
        g.move_text(again),
        g.move_text(first),
        "the full search walked back into a position of the game"
    );
    let mut g = game.clone();
    out_and_back(&mut g, seed_first);
    assert_eq!(
        g.move_text(best(&g, seed, depth)),
        g.move_text(seed_first),
        "the published agent sees only its own line"
    );
}

#[test]
fn sholo_guti_the_side_ahead_leaves_the_games_past() {
    // South three pieces far from north's one.
    let text = "N2/3/5/5/5/5/5/SSS/3 s 0";
    let g = SholoGuti::from_position_text(text, Default::default()).unwrap();
    the_side_ahead_leaves_the_games_past(g, "pvs", "alphabeta:piece-count");
}

#[test]
fn jungle_the_side_ahead_leaves_the_games_past() {
    // North without its elephant.
    let text = "l5t/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L s 0";
    let g = Jungle::from_position_text(text, Default::default()).unwrap();
    the_side_ahead_leaves_the_games_past(g, "pvs:square-tables", "alphabeta:square-tables");
}
