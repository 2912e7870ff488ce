//! The Sholo Guti endgame database: every position with at most N pieces on the board (at least one
//! a side), solved by retrograde analysis ([`solve`]) for the side to move, stored per class of
//! piece counts ([`index`]) in a checked file ([`file`](mod@file)), and probed here for the value
//! of a game and its best move.
//!
//! A value is a win or a loss with its distance in plies to the next capture or the end (DTZ),
//! or a draw. The rules are the same for both sides, so a position is stored once, seen from
//! the side to move. The 200-ply no-capture rule makes a win count only when its DTZ fits in
//! the plies left: a stored win or loss is from a fresh count (a position just captured into),
//! and [`SholoGutiTb::value`] turns it into a draw when the game's count leaves too few plies.
//! Only `capture=optional` (the default) is covered; games under `capture=compulsory` are not.
//! Repetition is ignored: the winner following the smallest DTZ never repeats a position.

pub mod file;
pub mod index;
pub mod play;
pub mod solve;
pub mod text;

use std::convert::Infallible;
use std::path::Path;

use chaupal_rules::sholo_guti::{Move, NO_CAPTURE_LIMIT, SholoGuti};
use chaupal_rules::{Game, Side};

use self::file::ClassCounts;
use self::index::Layout;
use self::solve::decode;
use crate::perfect::error::PerfectError;
use crate::perfect::tablebase;
pub use crate::perfect::tablebase::Wdl;

/// A loaded (or freshly built) database.
pub struct SholoGutiTb {
    layout: Layout,
    values: Vec<u16>,
    counts: Vec<ClassCounts>,
}

impl std::fmt::Debug for SholoGutiTb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SholoGutiTb(pieces-max={})", self.layout.max)
    }
}

impl SholoGutiTb {
    /// Reads and checks a database file.
    pub fn load(path: &Path) -> Result<SholoGutiTb, PerfectError> {
        let d = file::read(path)?;
        Ok(SholoGutiTb {
            layout: d.layout,
            values: d.values,
            counts: d.counts,
        })
    }

    /// Solves the database of at most `pieces` pieces in memory.
    pub fn build(pieces: u32) -> SholoGutiTb {
        let layout = Layout::new(pieces);
        let values = solve::solve(&layout, &mut |_| {});
        SholoGutiTb::from_solved(layout, values)
    }

    /// A database from solved values.
    pub(crate) fn from_solved(layout: Layout, values: Vec<u16>) -> SholoGutiTb {
        let counts = file::count(&layout, &values);
        SholoGutiTb {
            layout,
            values,
            counts,
        }
    }

    /// The most pieces on the board covered.
    pub fn pieces_max(&self) -> u32 {
        self.layout.max
    }

    /// Wins, draws and losses per class.
    pub fn counts(&self) -> &[ClassCounts] {
        &self.counts
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        file::encode(&self.layout, &self.values)
    }

    /// The stored value (from a fresh no-capture count) of the mover's set against the other's.
    pub fn stored(&self, own: u64, enemy: u64) -> Option<(Wdl, u32)> {
        if own & enemy != 0 {
            return None;
        }
        let slot = self.layout.slot(own, enemy)?;
        Some(decode(self.values[slot]))
    }

    /// Every real position of a class (`mover` pieces to move against `other`) with its stored
    /// value: the mover's set, the other side's, the value and its plies. Empty when the class
    /// is not covered.
    pub fn class_values(
        &self,
        mover: u32,
        other: u32,
    ) -> impl Iterator<Item = (u64, u64, Wdl, u32)> + '_ {
        let class = self.layout.class(mover, other).copied();
        class.into_iter().flat_map(move |c| {
            (c.start..c.start + c.len).filter_map(move |slot| {
                let (_, own, enemy) = self.layout.position(slot);
                (own & enemy == 0).then(|| {
                    let (wdl, plies) = decode(self.values[slot]);
                    (own, enemy, wdl, plies)
                })
            })
        })
    }

    /// Whether the database answers for this game: optional capture, both sides on the board,
    /// at most N pieces in all.
    pub fn covers(&self, game: &SholoGuti) -> bool {
        let (own, enemy) = sets(game);
        !game.rules().compulsory()
            && own != 0
            && enemy != 0
            && (own | enemy).count_ones() <= self.layout.max
    }

    /// The value of a covered position for the side to move with the plies to the next capture
    /// or the end (0 for a draw), the game's no-capture count taken into account; `None` when
    /// not covered.
    pub fn value(&self, game: &SholoGuti) -> Option<(Wdl, u32)> {
        if !self.covers(game) {
            return None;
        }
        let (own, enemy) = sets(game);
        let (wdl, plies) = self.stored(own, enemy)?;
        let left = u32::from(NO_CAPTURE_LIMIT).saturating_sub(game.no_capture_plies());
        Some(if wdl == Wdl::Draw || (plies > left && plies > 0) {
            (Wdl::Draw, 0)
        } else {
            (wdl, plies)
        })
    }

    /// The value of each legal move for the side to move (from its point of view: a capture
    /// counts 1 ply, a quiet move one more than its reply's), or `None` when the position is not
    /// covered or the game is over.
    pub(crate) fn move_values(&self, game: &SholoGuti) -> Option<Vec<(Move, Wdl, u32)>> {
        if !self.covers(game) {
            return None;
        }
        // The plies count to the next capture, so a capture is the last ply it counts: the
        // count after it starts again from 0 (the shared rule adds the capture's ply).
        let after = |child: &SholoGuti, mv: Move| {
            let value = self.value(child);
            let value = value.map(|(wdl, plies)| (wdl, if mv.is_capture() { 0 } else { plies }));
            Ok::<_, Infallible>(value)
        };
        let Ok(values) = tablebase::move_values(game, after);
        let values = values?.into_iter();
        Some(values.map(|(mv, (wdl, plies))| (mv, wdl, plies)).collect())
    }
}

/// The side to move's pieces and the other side's.
fn sets(game: &SholoGuti) -> (u64, u64) {
    let me: Side = game.side_to_move();
    (game.pieces(me), game.pieces(me.opponent()))
}

#[cfg(test)]
mod tests;
