//! Perft: the number of legal move sequences of exactly `depth` plies, the standard way to check
//! a move generator against another implementation. A finished game has no moves, so a game that
//! ends earlier contributes nothing.

use crate::game::Game;

/// Counts the legal move sequences of `depth` plies from `game`. The game is restored afterwards.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(game, depth, &mut buffers)
}

fn perft_with<G: Game>(game: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    game.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = game.make(mv);
        total += perft_with(game, depth - 1, rest);
        game.unmake(mv, undo);
    }
    total
}

/// Perft split by first move: each legal move in notation with the count below it, for finding
/// where two implementations disagree.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let text = game.move_text(mv);
            let undo = game.make(mv);
            let count = perft(game, depth.saturating_sub(1));
            game.unmake(mv, undo);
            (text, count)
        })
        .collect()
}
