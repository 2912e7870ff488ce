//! A test of reviews in a database's positions, for any game with a database: a planted blunder
//! and the database's best moves after it, reviewed by an engine holding the database, must get
//! the database's exact values before and after every move, and the blunder its class.

use std::sync::atomic::AtomicBool;

use chaupal_rules::record::GameId;
use chaupal_rules::review::{MoveClass, for_opponent};
use chaupal_rules::score::Score;
use chaupal_rules::{AnyGame, Game};

use crate::engine::Engine;
use crate::perfect::tablebase::{Tablebase, Wdl};

/// The database's value of `g` for the side to move as a review shows it (the result where the
/// game is over), or `None` where it does not cover `g`.
fn exact<G: Game>(tb: &dyn Tablebase<G>, g: &G) -> Option<Score> {
    if let Some(outcome) = g.outcome() {
        return Some(match outcome.winner() {
            None => Score::Draw,
            Some(w) if w == g.side_to_move() => Score::Win(0),
            Some(_) => Score::Loss(0),
        });
    }
    tb.value(g).map(|v| match v {
        (Wdl::Win, n) => Score::Win(n),
        (Wdl::Loss, n) => Score::Loss(n),
        (Wdl::Draw, _) => Score::Draw,
    })
}

fn order(w: Wdl) -> u8 {
    match w {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    }
}

/// Plays a move of `start` that gives its value away, then the database's best moves (three at
/// most, while it covers the game), reviews them with `engine` and checks every value and the
/// blunder's class. `false` when `start` is not covered or has no such move.
pub(crate) fn a_planted_blunder_is_reviewed_exactly<G: Game>(
    tb: &dyn Tablebase<G>,
    engine: &Engine,
    start: &G,
    any: fn(G) -> AnyGame,
) -> bool {
    let Some((wdl, _)) = tb.value(start) else {
        return false;
    };
    let Some(values) = tb.move_values(start) else {
        return false;
    };
    let Some(&(blunder, _, _)) = values.iter().find(|(_, w, _)| order(*w) < order(wdl)) else {
        return false;
    };
    let mut g = start.clone();
    let mut moves = vec![g.move_text(blunder)];
    g.make(blunder);
    while moves.len() < 4 && g.outcome().is_none() {
        let Some(choice) = tb.choose(&g) else { break };
        moves.push(g.move_text(choice.best));
        g.make(choice.best);
    }
    let cancel = AtomicBool::new(false);
    let review = crate::review::review(
        engine,
        GameId(1),
        &any(start.clone()),
        &moves,
        20,
        &cancel,
        &mut |_, _| {},
    )
    .expect("reviewed");
    let text = start.position_text();
    let mut g = start.clone();
    for (ply, played) in review.plies.iter().zip(&moves) {
        let before = exact(tb, &g);
        let mover = g.side_to_move();
        g.make(g.parse_move(played).expect("a legal move"));
        let after = exact(tb, &g).map(|n| {
            if g.side_to_move() == mover {
                n
            } else {
                for_opponent(n)
            }
        });
        assert_eq!(
            (before, after),
            (Some(ply.before), Some(ply.after)),
            "{text}"
        );
    }
    assert_eq!(review.plies[0].class, MoveClass::Blunder, "{text}");
    assert!(
        review.plies[0].loss >= 50.0,
        "{text}: {}",
        review.plies[0].loss
    );
    true
}
