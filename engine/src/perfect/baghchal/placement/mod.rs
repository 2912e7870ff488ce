//! The Bagh Chal placement-phase database: the value of every position while goats are still
//! in hand, solved backwards from the movement-phase database ([`BaghChalTb`]) one layer of
//! goats placed at a time, and probed here.
//!
//! - [`index`]: the layers, parts and blocks, and where a position is stored in them;
//! - [`count`]: how many positions each layer holds, counted exactly;
//! - [`values`]: the value codes and their packing (2 bits: win, draw, loss; or 8 bits with the
//!   plies to the end of the game);
//! - [`part`]: one side to move of one layer in memory;
//! - [`solve`]: the layered backward induction, on worker threads, resumable;
//! - [`file`](mod@file): one checked file per layer, written atomically;
//! - [`play`]: the placement and movement databases as one [`Tablebase`](crate::perfect::Tablebase),
//!   and the top level's choice among the moves that keep the value;
//! - [`verify`]: a check of random positions of every layer against their moves' values.
//!
//! Values are those of the game under `repetition=draw` with the goats and `captures-to-win`
//! of the movement database they rest on. In the placement phase no position can come back
//! (each placement is one goat fewer in hand), so only the movement phase's values ignore the
//! repetition rules, as that database does.

pub mod count;
pub mod file;
pub mod index;
pub mod part;
pub mod play;
pub mod solve;
pub mod values;
pub mod verify;

use std::fs::File;
use std::path::Path;
use std::sync::Arc;

use chaupal_rules::baghchal::{BaghChal, Move, Repetition};
use chaupal_rules::{Game, Side};

use self::file::OpenLayer;
use self::index::{Block, Layout};
use self::part::Part;
use self::values::{Code, Width, wdl_of};
use super::BaghChalTb;
use crate::perfect::error::PerfectError;
use crate::perfect::tablebase::{self, MoveValue, Wdl};

/// A position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacementValue {
    pub wdl: Wdl,
    /// The plies to the end of the game with best play (the winner hurries, the loser holds
    /// out), when the database keeps distances and the value is not a draw.
    pub plies: Option<u32>,
}

impl PlacementValue {
    /// A value with its distance in plies (kept for a win or a loss, not for a draw).
    pub fn new(wdl: Wdl, plies: u32) -> PlacementValue {
        PlacementValue {
            wdl,
            plies: (wdl != Wdl::Draw).then_some(plies),
        }
    }
}

/// A distance is kept where the database keeps one: a move that ends the game has one (a win
/// or a loss in one ply) and a move before a known distance has it one ply longer.
impl MoveValue for PlacementValue {
    fn ended(wdl: Wdl) -> Self {
        PlacementValue::new(wdl, 1)
    }

    fn before(self) -> Self {
        PlacementValue {
            wdl: self.wdl.for_opponent(),
            plies: self.plies.map(|p| p + 1),
        }
    }
}

/// Where the probe reads a part's values.
#[derive(Debug)]
enum Stored {
    /// In memory, read whole and checked.
    Memory(Part),
    /// On the disk: single values read at their place (the operating system's cache keeps
    /// what is read often).
    Disk {
        file: Arc<File>,
        start: u64,
        blocks: Vec<Block>,
    },
}

/// Whether a database's values are read into memory or from the disk as needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Residence {
    /// Every layer read whole and its checksum checked at opening.
    Memory,
    /// Only the headers read at opening; each value read from its file when asked for.
    Disk,
}

/// The placement-phase database of one game, with the movement-phase database below it.
pub struct PlacementTb {
    layout: Layout,
    width: Width,
    movement: Arc<BaghChalTb>,
    /// Per layer (goats placed): the goats' part and the tigers' part.
    layers: Vec<[Stored; 2]>,
}

impl std::fmt::Debug for PlacementTb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlacementTb")
            .field("layout", &self.layout)
            .field("width", &self.width)
            .finish_non_exhaustive()
    }
}

impl PlacementTb {
    /// Opens the layers solved into `dir` on `movement` (all of them, each solved from the one
    /// above and the last from `movement`, at one width).
    pub fn open(
        dir: &Path,
        movement: Arc<BaghChalTb>,
        residence: Residence,
    ) -> Result<PlacementTb, PerfectError> {
        let layout = Layout::new(
            movement.indexer(),
            movement.goats(),
            movement.captures_to_win(),
        );
        let mut layers = Vec::new();
        let mut source = movement.checksum();
        let mut width = None;
        for placed in layout.layers().rev() {
            let OpenLayer {
                header,
                file,
                starts,
                checksum,
            } = file::open_layer(dir, &layout, placed)?;
            if header.source != source {
                return Err(PerfectError::Corrupt(format!(
                    "layer {placed} was not solved from the layer above it (or the movement \
                     database given)"
                )));
            }
            if *width.get_or_insert(header.width) != header.width {
                return Err(PerfectError::Corrupt(format!(
                    "layer {placed} has {} bits a value, the layer above another width",
                    header.width.bits()
                )));
            }
            source = checksum;
            let parts = match residence {
                Residence::Disk => {
                    let file = Arc::new(file);
                    let blocks = layout.blocks(placed, header.width);
                    starts.map(|start| Stored::Disk {
                        file: file.clone(),
                        start,
                        blocks: blocks.clone(),
                    })
                }
                Residence::Memory => {
                    let read = file::read_layer(dir, &layout, placed, header.width, [true; 2])?;
                    if read.checksum != checksum {
                        return Err(PerfectError::Corrupt(format!(
                            "layer {placed} changed while it was read"
                        )));
                    }
                    let missing = || PerfectError::Corrupt(format!("layer {placed} not read"));
                    [
                        Stored::Memory(read.goats.ok_or_else(missing)?),
                        Stored::Memory(read.tigers.ok_or_else(missing)?),
                    ]
                }
            };
            layers.push(parts);
        }
        layers.reverse();
        Ok(PlacementTb {
            layout,
            width: width.unwrap_or(Width::Wdl),
            movement,
            layers,
        })
    }

    /// The layers: one for each number of goats placed before the last, 0 to `layers() - 1`.
    pub fn layers(&self) -> u8 {
        self.layout.goats
    }

    /// The values' width.
    pub fn width(&self) -> Width {
        self.width
    }

    /// The movement-phase database below.
    pub fn movement(&self) -> &Arc<BaghChalTb> {
        &self.movement
    }

    /// Whether the game is played under the database's rules (`repetition=draw`, its goats and
    /// `captures-to-win`) and still going on by the count of captures.
    fn fits(&self, game: &BaghChal) -> bool {
        let rules = game.rules();
        rules.repetition == Repetition::Draw
            && rules.goats == self.layout.goats
            && rules.captures_to_win == self.layout.captures_to_win
            && game.goats_captured() < self.layout.captures_to_win
    }

    /// Whether the database holds this position: the placement phase of a game of its rules.
    pub fn covers(&self, game: &BaghChal) -> bool {
        game.goats_in_hand() > 0 && self.fits(game)
    }

    /// The value of a position for the side to move: read in the placement phase, from the
    /// movement-phase database once every goat is placed; `None` when neither covers it.
    pub fn value(&self, game: &BaghChal) -> Result<Option<PlacementValue>, PerfectError> {
        if !self.fits(game) {
            return Ok(None);
        }
        if game.goats_in_hand() == 0 {
            return Ok(self
                .movement
                .value(game)
                .map(|(wdl, plies)| PlacementValue::new(wdl, plies)));
        }
        let placed = self.layout.goats - game.goats_in_hand();
        let side = match game.side_to_move() {
            Side::First => 0,
            Side::Second => 1,
        };
        let (class, rank) = self.movement.indexer().locate(game.tigers(), game.goats());
        let code = self.code(placed, side, game.goats_captured(), class, rank)?;
        let (wdl, plies) = wdl_of(code);
        Ok(Some(PlacementValue {
            wdl,
            plies: (self.width == Width::Plies && wdl != Wdl::Draw).then_some(plies),
        }))
    }

    /// The stored code of a position.
    fn code(
        &self,
        placed: u8,
        side: usize,
        captured: u8,
        class: usize,
        rank: usize,
    ) -> Result<Code, PerfectError> {
        match &self.layers[usize::from(placed)][side] {
            Stored::Memory(part) => Ok(part.get(captured, class, rank)),
            Stored::Disk {
                file,
                start,
                blocks,
            } => {
                let block = &blocks[usize::from(captured)];
                let i = block.slot(class, rank);
                let per_byte = self.width.per_byte();
                let mut byte = [0u8];
                let at = start + (block.byte_start + i / per_byte) as u64;
                file::read_at(file, &mut byte, at)?;
                Ok(self.width.get(&byte, i % per_byte))
            }
        }
    }

    /// The value of each legal move for its mover (a move that ends the game is won or lost
    /// in one ply); `None` when the database does not cover the position or the game is over.
    pub fn move_values(
        &self,
        game: &BaghChal,
    ) -> Result<Option<Vec<(Move, PlacementValue)>>, PerfectError> {
        if !self.covers(game) {
            return Ok(None);
        }
        tablebase::move_values(game, |child, _| self.value(child))
    }
}

#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod tests;
