//! The Bagh Chal movement-phase database: every position with all goats placed, solved by
//! retrograde analysis ([`solve`]), stored once per symmetry class of the tiger set ([`index`]) in
//! a checked file ([`file`](mod@file)), and probed here for the value of a position and its best
//! move (in the last goat placements too, by a short search down to the movement phase).
//!
//! Values ignore the repetition rules (endless play is a draw), so the database applies to games
//! under `repetition=draw` with the `captures-to-win` and `goats` it was built for. A win it
//! reports is a win under the threefold rule too when the winner follows it (each move shortens
//! the distance, so no position comes back), unless the game's earlier history already holds a
//! position twice.

pub mod file;
pub mod index;
pub(crate) mod lure;
pub mod placement;
pub mod play;
pub mod solve;
pub(crate) mod swindle;

use std::convert::Infallible;
use std::path::Path;

use chaupal_rules::Game;
use chaupal_rules::Side;
use chaupal_rules::baghchal::board::{Points, bit};
use chaupal_rules::baghchal::{BaghChal, Move, Repetition};

use self::file::{Decoded, SideCounts};
use self::index::Indexer;
use self::solve::{GOATS_TO_MOVE, SolveOptions, TIGERS_TO_MOVE, plies_of, slot};
use crate::perfect::error::PerfectError;
pub use crate::perfect::tablebase::Wdl;
use crate::perfect::tablebase::{self, rank};

/// The most goats in hand for which the database's answers search the last placements through
/// to the movement phase (a goat and a tiger move a goat: at most a few thousand probes).
pub(crate) const AHEAD_HAND: u8 = 2;

/// A loaded (or freshly built) database.
pub struct BaghChalTb {
    ix: Indexer,
    data: Decoded,
}

impl BaghChalTb {
    /// Reads and checks a database file.
    pub fn load(path: &Path) -> Result<BaghChalTb, PerfectError> {
        let ix = Indexer::new();
        let data = file::read(path, &ix)?;
        Ok(BaghChalTb { ix, data })
    }

    /// Solves the database in memory (for tests and small variants).
    pub fn build(options: &SolveOptions) -> Result<BaghChalTb, String> {
        let ix = Indexer::new();
        let solved = solve::solve(&ix, options, &crate::progress::Silent)?;
        let data = file::decode(&ix, file::encode(&ix, &solved)).map_err(|e| e.to_string())?;
        Ok(BaghChalTb { ix, data })
    }

    /// The `captures-to-win` the database was built for.
    pub fn captures_to_win(&self) -> u8 {
        self.data.captures_to_win
    }

    /// The goats of the game the database was built for (20, or the rule `goats=N`).
    pub fn goats(&self) -> u8 {
        self.data.goats
    }

    /// Wins, draws and losses for goats to move and for tigers to move.
    pub fn counts(&self) -> [SideCounts; 2] {
        self.data.counts
    }

    /// The checksum the database's file ends with: what a database built on this one (the
    /// placement phase's) names it by.
    pub fn checksum(&self) -> u64 {
        let bytes = &self.data.bytes;
        let mut sum = [0u8; 8];
        if let Some(tail) = bytes.get(bytes.len().saturating_sub(8)..) {
            sum.copy_from_slice(tail);
        }
        u64::from_le_bytes(sum)
    }

    /// The database's file, byte for byte (what [`BaghChalTb::load`] reads).
    #[cfg(test)]
    pub(crate) fn file_bytes(&self) -> &[u8] {
        &self.data.bytes
    }

    /// The index the database is stored by.
    pub(crate) fn indexer(&self) -> &Indexer {
        &self.ix
    }

    /// The stored value at a position given by its sets (plies + 1, 0 for a draw).
    fn raw(&self, tigers: u32, goats: u32, side: usize, captured: u8) -> u16 {
        let (class, rank) = self.ix.locate(tigers, goats);
        self.stored(captured, goats.count_ones(), class, rank, side)
    }

    /// The stored value (plies + 1, 0 for a draw) of the position with `captured` goats
    /// captured and `goats` on the board, at (class, goat rank), `side` to move.
    #[inline]
    pub(crate) fn stored(
        &self,
        captured: u8,
        goats: u32,
        class: usize,
        rank: usize,
        side: usize,
    ) -> u16 {
        let (start, _) = self.data.layers[usize::from(captured)];
        let goat_sets = Indexer::goat_sets(goats) as usize;
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
        game.goats_in_hand() == 0 && self.fits(game)
    }

    /// Whether the game is played under the database's rules (its `captures-to-win` and
    /// `goats`) with all its pieces counted, in any phase.
    fn fits(&self, game: &BaghChal) -> bool {
        let rules = game.rules();
        rules.repetition == Repetition::Draw
            && rules.captures_to_win == self.data.captures_to_win
            && rules.goats == self.data.goats
            && game.goats_captured() < self.data.captures_to_win
            && game.tigers().count_ones() == 4
            && u32::from(game.goats_captured())
                + game.goats().count_ones()
                + u32::from(game.goats_in_hand())
                == u32::from(self.data.goats)
    }

    /// Whether [`BaghChalTb::move_values`] and
    /// [`Tablebase::choose`](crate::perfect::tablebase::Tablebase::choose) answer for this game:
    /// the movement phase, or the last [`AHEAD_HAND`] goat placements, searched through to it.
    pub(crate) fn reaches(&self, game: &BaghChal) -> bool {
        game.goats_in_hand() <= AHEAD_HAND && self.fits(game)
    }

    /// The value of a position the database reaches ([`BaghChalTb::reaches`]) for the side to
    /// move, with the plies to the end: read in the movement phase, searched in the last
    /// placements (no position repeats there, so the search is exact).
    pub(crate) fn value_ahead(&self, game: &BaghChal) -> Option<(Wdl, u32)> {
        if game.goats_in_hand() == 0 {
            return self.value(game);
        }
        let values = self.move_values(game)?;
        values.into_iter().max_by_key(rank).map(|(_, w, p)| (w, p))
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
    /// when the database does not reach the position ([`BaghChalTb::reaches`]) or the game is
    /// over.
    pub(crate) fn move_values(&self, game: &BaghChal) -> Option<Vec<(Move, Wdl, u32)>> {
        if !self.reaches(game) {
            return None;
        }
        let Ok(values) = tablebase::move_values(game, |child, _| {
            Ok::<_, Infallible>(self.value_ahead(child))
        });
        let values = values?.into_iter();
        Some(values.map(|(mv, (wdl, plies))| (mv, wdl, plies)).collect())
    }
}

/// The position text of two point sets with `in_hand` goats still to place.
pub(crate) fn text_in_placement(
    tigers: Points,
    goats: Points,
    side: Side,
    in_hand: u8,
    captured: u8,
) -> String {
    let mut ranks = Vec::new();
    for rank in (0..5u8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..5u8 {
            let p = bit(rank * 5 + file);
            let c = if tigers & p != 0 {
                'T'
            } else if goats & p != 0 {
                'G'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push(c);
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    let side = if side == Side::First { 'g' } else { 't' };
    format!("{} {side} {in_hand} {captured}", ranks.join("/"))
}

#[cfg(test)]
mod tests;
