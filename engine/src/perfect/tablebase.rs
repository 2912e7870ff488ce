//! What a solved database answers, whatever its game: the value of a position ([`Wdl`] and
//! its distance in plies), the values of its moves, and the move that keeps the value
//! ([`Choice`]), through the [`Tablebase`] trait that the Bagh Chal and Sholo Guti databases
//! implement.

use chaupal_rules::Game;

/// A game-theoretic value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Win,
    Draw,
    Loss,
}

/// How good a move's value is for its mover: win fastest, draw, lose slowest.
pub(crate) fn rank<M>(&(_, wdl, plies): &(M, Wdl, u32)) -> (u8, i64) {
    match wdl {
        Wdl::Win => (2, -i64::from(plies)),
        Wdl::Draw => (1, 0),
        Wdl::Loss => (0, i64::from(plies)),
    }
}

/// The best move of a position and what it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// Win fastest, lose slowest; for a draw, the first drawing move.
    pub best: M,
    pub wdl: Wdl,
    /// Plies to the database's end (the end of the game, or the next capture where the database
    /// counts so); 0 for a draw.
    pub plies: u32,
    /// Every move that keeps the draw, when the value is a draw.
    pub draws: Vec<M>,
}

/// A solved database of game `G`.
pub trait Tablebase<G: Game>: Send + Sync {
    /// The value of a covered position for the side to move, with its distance in plies;
    /// `None` when the database does not cover it.
    fn value(&self, game: &G) -> Option<(Wdl, u32)>;

    /// The value of each legal move for its mover, or `None` when the position is not covered
    /// or the game is over.
    fn move_values(&self, game: &G) -> Option<Vec<(G::Move, Wdl, u32)>>;

    /// The move that keeps the value: the fastest win, the slowest loss, or the first drawing
    /// move, with every drawing move.
    fn choose(&self, game: &G) -> Option<Choice<G::Move>> {
        let values = self.move_values(game)?;
        // max_by_key keeps the last of equals; reverse so the first generated move wins ties.
        let &(best, wdl, plies) = values.iter().rev().max_by_key(|e| rank(e))?;
        let draws = values
            .iter()
            .filter(|(_, w, _)| *w == Wdl::Draw)
            .map(|&(m, _, _)| m)
            .collect();
        Some(Choice {
            best,
            wdl,
            plies,
            draws,
        })
    }
}
