//! What a solved database answers, whatever its game: the value of a position ([`Wdl`] and
//! its distance in plies), the values of its moves ([`move_values`], from the values of the
//! positions they lead to), and the move that keeps the value ([`Choice`]), through the
//! [`Tablebase`] trait that the Bagh Chal and Sholo Guti databases implement.

use chaupal_rules::Game;

/// A game-theoretic value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Win,
    Draw,
    Loss,
}

impl Wdl {
    /// The same result seen by the other side: a win is their loss.
    pub fn for_opponent(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// A database's value of a position for its side to move, as [`move_values`] makes a move's
/// value for its mover from it.
pub(crate) trait MoveValue: Sized {
    /// The value of a move that ends the game, `wdl` for its mover: a win or a loss one ply
    /// away, or a draw.
    fn ended(wdl: Wdl) -> Self;

    /// The value for its mover of a move after which the side to move (the opponent) has
    /// `self`: turned round, one ply further.
    fn before(self) -> Self;
}

/// A value with its distance in plies, 0 for a draw.
impl MoveValue for (Wdl, u32) {
    fn ended(wdl: Wdl) -> Self {
        match wdl {
            Wdl::Draw => (Wdl::Draw, 0),
            wdl => (wdl, 1),
        }
    }

    fn before(self) -> Self {
        match self {
            (Wdl::Draw, _) => (Wdl::Draw, 0),
            (wdl, plies) => (wdl.for_opponent(), plies + 1),
        }
    }
}

/// Each legal move with its value for its mover, in the order the moves are generated.
pub(crate) type MoveValues<M, V> = Vec<(M, V)>;

/// The value of each legal move of `game` for its mover: a move that ends the game is won or
/// lost in one ply, or drawn ([`MoveValue::ended`]); any other is worth the value `after` gives
/// the position it leads to (for the side to move there), turned round and one ply further
/// ([`MoveValue::before`]). `after` also gets the move, for databases that count from it.
/// `Ok(None)` when the game is over or `after` does not know a position; `after`'s error
/// stops it. Whether the database covers `game` is the caller's to check. The turn passes with
/// every move, as it does in the games with databases (Kalah's extra turns are the Kalah
/// solver's own).
pub(crate) fn move_values<G: Game, V: MoveValue, E>(
    game: &G,
    mut after: impl FnMut(&G, G::Move) -> Result<Option<V>, E>,
) -> Result<Option<MoveValues<G::Move, V>>, E> {
    if game.outcome().is_some() {
        return Ok(None);
    }
    let mover = game.side_to_move();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut child = game.clone();
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let undo = child.make(mv);
        let value = match child.outcome() {
            Some(outcome) => Some(V::ended(match outcome.winner() {
                Some(winner) if winner == mover => Wdl::Win,
                Some(_) => Wdl::Loss,
                None => Wdl::Draw,
            })),
            None => after(&child, mv)?.map(V::before),
        };
        child.unmake(mv, undo);
        let Some(value) = value else {
            return Ok(None);
        };
        out.push((mv, value));
    }
    Ok(Some(out))
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
