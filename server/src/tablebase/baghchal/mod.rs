//! The Bagh Chal movement-phase database: every position with all goats placed, solved by
//! retrograde analysis ([`solve`]), stored once per symmetry class of the tiger set ([`index`])
//! in a checked file ([`file`]), and probed here for the value of a position and its best move.
//!
//! Values ignore the repetition rules (endless play is a draw), so the database applies to games
//! under `repetition=draw` with the `captures-to-win` it was built for. A win it reports is a win
//! under the threefold rule too when the winner follows it (each move shortens the distance, so
//! no position comes back), unless the game's earlier history already holds a position twice.

pub mod file;
pub mod index;
pub mod play;
pub mod solve;

use std::path::Path;

use chaupal_shared::Game;
use chaupal_shared::Side;
use chaupal_shared::baghchal::{BaghChal, Move, Repetition};
use chaupal_shared::game::Outcome;

use self::file::{Decoded, SideCounts, TbError};
use self::index::Indexer;
use self::solve::{GOATS_TO_MOVE, SolveOptions, TIGERS_TO_MOVE, plies_of, slot};

/// A game-theoretic value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Win,
    Draw,
    Loss,
}

/// The best move of a position and what it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Win fastest, lose slowest; for a draw, the first drawing move.
    pub best: Move,
    pub wdl: Wdl,
    /// Plies to the end (0 for a draw).
    pub plies: u32,
    /// Every move that keeps the draw, when the value is a draw.
    pub draws: Vec<Move>,
}

/// A loaded (or freshly built) database.
pub struct BaghChalTb {
    ix: Indexer,
    data: Decoded,
}

impl BaghChalTb {
    /// Reads and checks a database file.
    pub fn load(path: &Path) -> Result<BaghChalTb, TbError> {
        let ix = Indexer::new();
        let data = file::read(path, &ix)?;
        Ok(BaghChalTb { ix, data })
    }

    /// Solves the database in memory (for tests and small variants).
    pub fn build(options: &SolveOptions) -> Result<BaghChalTb, String> {
        let ix = Indexer::new();
        let solved = solve::solve(&ix, options)?;
        let data = file::decode(&ix, file::encode(&ix, &solved)).map_err(|e| e.to_string())?;
        Ok(BaghChalTb { ix, data })
    }

    /// The `captures-to-win` the database was built for.
    pub fn captures_to_win(&self) -> u8 {
        self.data.captures_to_win
    }

    /// Wins, draws and losses for goats to move and for tigers to move.
    pub fn counts(&self) -> [SideCounts; 2] {
        self.data.counts
    }

    /// The stored value at a position given by its sets (plies + 1, 0 for a draw).
    fn raw(&self, tigers: u32, goats: u32, side: usize, captured: u8) -> u16 {
        let (class, rank) = self.ix.locate(tigers, goats);
        let (start, _) = self.data.layers[usize::from(captured)];
        let goat_sets = Indexer::goat_sets(goats.count_ones()) as usize;
        let at = slot(class, rank, goat_sets, side);
        let bytes = &self.data.bytes;
        if self.data.width == 1 {
            u16::from(bytes[start + at])
        } else {
            let i = start + 2 * at;
            u16::from_le_bytes([bytes[i], bytes[i + 1]])
        }
    }

    /// Whether the database answers for this game: movement phase, same rules.
    pub fn covers(&self, game: &BaghChal) -> bool {
        let rules = game.rules();
        game.goats_in_hand() == 0
            && rules.repetition == Repetition::Draw
            && rules.captures_to_win == self.data.captures_to_win
            && game.goats_captured() < self.data.captures_to_win
            && game.tigers().count_ones() == 4
            && u32::from(game.goats_captured()) + game.goats().count_ones() == 20
    }

    /// The value of a movement-phase position for the side to move, with the plies to the end
    /// (0 for a draw); `None` when the database does not cover the position.
    pub fn value(&self, game: &BaghChal) -> Option<(Wdl, u32)> {
        if !self.covers(game) {
            return None;
        }
        let side = match game.side_to_move() {
            Side::First => GOATS_TO_MOVE,
            Side::Second => TIGERS_TO_MOVE,
        };
        let v = self.raw(game.tigers(), game.goats(), side, game.goats_captured());
        Some(match plies_of(v) {
            None => (Wdl::Draw, 0),
            Some(p) if p % 2 == 1 => (Wdl::Win, p),
            Some(p) => (Wdl::Loss, p),
        })
    }

    /// The value of each legal move for the side to move (from its point of view), or `None`
    /// when the database does not cover the position or the game is over.
    pub fn move_values(&self, game: &BaghChal) -> Option<Vec<(Move, Wdl, u32)>> {
        if !self.covers(game) || game.outcome().is_some() {
            return None;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut child = game.clone();
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let undo = child.make(mv);
            let value = match child.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == game.side_to_move() => (Wdl::Win, 1),
                Some(Outcome::Win { .. }) => (Wdl::Loss, 1),
                Some(_) => (Wdl::Draw, 0),
                None => match self.value(&child)? {
                    (Wdl::Win, p) => (Wdl::Loss, p + 1),
                    (Wdl::Loss, p) => (Wdl::Win, p + 1),
                    (Wdl::Draw, _) => (Wdl::Draw, 0),
                },
            };
            child.unmake(mv, undo);
            out.push((mv, value.0, value.1));
        }
        Some(out)
    }

    /// The move that keeps the value: the fastest win, the slowest loss, or a drawing move.
    pub fn choose(&self, game: &BaghChal) -> Option<Choice> {
        let values = self.move_values(game)?;
        let rank = |&(_, wdl, plies): &(Move, Wdl, u32)| match wdl {
            Wdl::Win => (2, -i64::from(plies)),
            Wdl::Draw => (1, 0),
            Wdl::Loss => (0, i64::from(plies)),
        };
        // max_by_key keeps the last of equals; reverse so the first generated move wins ties.
        let &(best, wdl, plies) = values.iter().rev().max_by_key(|&e| rank(e))?;
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

#[cfg(test)]
mod tests;
