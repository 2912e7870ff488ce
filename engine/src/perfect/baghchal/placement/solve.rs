//! The placement phase solved backwards, layer by layer, from the movement-phase database.
//!
//! Goats placed only grow, so the positions form layers without cycles: a goat's placement
//! leads from layer `g` to `g + 1` (from the last layer into the movement phase), a tiger's
//! move stays in layer `g` (with one more goat captured after a capture) and hands the move to
//! the goats. So for each layer from the last down to 0, first the goats to move are solved from
//! the tigers to move of the layer above (or the movement-phase database), then the tigers to
//! move from the goats to move just solved. Each position's value follows from its moves'
//! values in one pass; the passes are shared by the worker threads in chunks of positions, each
//! chunk written by one thread.
//!
//! Only the parts a layer reads are in memory: the tigers' part above while the goats' part is
//! solved, the goats' part while the tigers' part is. Each finished layer is written to its
//! file ([`file`](mod@super::file)) and read back and checked before the next starts; a solve that
//! finds finished layers in its directory (whole, checked, and chained to the same database)
//! goes on below them, so a killed run loses at most the layer it was in.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use chaupal_rules::baghchal::board::{ALL_POINTS, JUMPS, Points, STEPS, between, bit, points};
use thiserror::Error;

use super::super::BaghChalTb;
use super::super::index::{FREE_POINTS, Indexer};
use super::super::solve::{TIGERS_TO_MOVE, check_rules};
use super::file::{self, LayerHeader};
use super::index::{Block, Colex, Layout};
use super::part::Part;
use super::values::{Code, LOST_NOW, Tally, WIN_NOW, Width, before, better};
use crate::perfect::error::PerfectError;
use crate::progress::{Meter, Progress};

/// Why a placement solve stopped without finishing.
#[derive(Debug, Error)]
pub enum PlacementError {
    /// A layer's file could not be written or read back.
    #[error(transparent)]
    File(#[from] PerfectError),
    /// The caller asked the solve to stop; the layers finished are in the directory.
    #[error(
        "stopped; the layers finished are kept, and a solve into the same directory goes on from them"
    )]
    Cancelled,
    /// The movement-phase database is of a game the solver does not handle.
    #[error("{0}")]
    Rules(String),
    /// A distance passed what 8 bits hold (values of 2 bits keep none).
    #[error("a distance does not fit a value of 8 bits")]
    TooLong,
}

/// How a placement solve runs.
#[derive(Clone, Copy, Debug)]
pub struct PlacementOptions {
    /// Worker threads.
    pub threads: usize,
    /// The values' width: 2 bits (win, draw, loss) or 8 (with the plies to the end).
    pub width: Width,
}

/// One layer of a finished solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerDone {
    /// Goats placed.
    pub placed: u8,
    /// Found finished in the directory, not solved by this run.
    pub resumed: bool,
    /// Wins, draws and losses of the goats' part and of the tigers' part.
    pub tallies: [Tally; 2],
    /// The checksum of the layer's file.
    pub checksum: u64,
    /// Milliseconds this run took to solve, write and read back the layer (0 when resumed).
    pub time_ms: u64,
}

/// Solves every placement layer of the game of `movement` (its goats and `captures-to-win`)
/// into `dir`, going on from the layers already finished there. Returns the layers from the
/// last down to 0. Stops with [`PlacementError::Cancelled`] soon after `cancel` is set.
pub fn solve(
    movement: &BaghChalTb,
    dir: &Path,
    options: &PlacementOptions,
    progress: &dyn Progress,
    cancel: &AtomicBool,
) -> Result<Vec<LayerDone>, PlacementError> {
    check_rules(movement.goats(), movement.captures_to_win()).map_err(PlacementError::Rules)?;
    let ix = movement.indexer();
    let layout = Layout::new(ix, movement.goats(), movement.captures_to_win());
    let width = options.width;
    let (mut done, mut above) = finished_layers(&layout, dir, width, movement.checksum());
    let solver = Solver {
        ix,
        layout,
        width,
        threads: options.threads.max(1),
        moves: tiger_moves(ix),
        colex: Colex::new(),
        cancel,
    };
    let next = match done.last() {
        Some(layer) if layer.placed == 0 => return Ok(done),
        Some(layer) => layer.placed - 1,
        None => layout.goats - 1,
    };
    let mut source = done.last().map_or(movement.checksum(), |l| l.checksum);
    for placed in (0..=next).rev() {
        let layer_started = Instant::now();
        let upper = match &above {
            Some(part) => Upper::Tigers(part),
            None => Upper::Movement(movement),
        };
        let (goats, goats_tally) = solver.goats_part(placed, upper, progress)?;
        // The layer above is read no more: free it before the tigers' part is made.
        drop(above.take());
        let (tigers, tigers_tally) = solver.tigers_part(placed, &goats, progress)?;
        let header = LayerHeader {
            placed,
            width,
            source,
            tallies: [goats_tally, tigers_tally],
        };
        let checksum = file::write_layer(dir, &layout, &header, &goats, &tigers)?;
        drop(goats);
        let back = file::read_layer(dir, &layout, placed, width, [false, false])?;
        if back.checksum != checksum || back.header != header {
            return Err(PerfectError::Corrupt(format!(
                "layer {placed} reads back otherwise than it was written"
            ))
            .into());
        }
        done.push(LayerDone {
            placed,
            resumed: false,
            tallies: header.tallies,
            checksum,
            time_ms: layer_started.elapsed().as_millis() as u64,
        });
        source = checksum;
        above = Some(tigers);
    }
    Ok(done)
}

/// The layers finished in `dir`, from the last down, each whole and solved from the one above
/// (the last from the database of checksum `base`), with the tigers' part of the lowest.
fn finished_layers(
    layout: &Layout,
    dir: &Path,
    width: Width,
    base: u64,
) -> (Vec<LayerDone>, Option<Part>) {
    let mut done = Vec::new();
    let mut tigers = None;
    let mut source = base;
    for placed in layout.layers().rev() {
        let Ok(found) = file::read_layer(dir, layout, placed, width, [false, true]) else {
            break;
        };
        if found.header.source != source {
            break;
        }
        done.push(LayerDone {
            placed,
            resumed: true,
            tallies: found.header.tallies,
            checksum: found.checksum,
            time_ms: 0,
        });
        source = found.checksum;
        tigers = found.tigers;
    }
    (done, tigers)
}

/// Where the goats' placements lead: the tigers to move of the layer above, or of the
/// movement phase after the last placement.
#[derive(Clone, Copy)]
enum Upper<'a> {
    Tigers(&'a Part),
    Movement(&'a BaghChalTb),
}

/// A tiger's move from a class's canonical tiger set, and where it leads.
#[derive(Clone, Copy, Debug)]
struct TigerMove {
    /// The point it lands on.
    to: u8,
    /// For a jump, the point jumped over (a capture when a goat is there); else [`STEP`].
    over: u8,
    /// The tiger set after it: its class and the symmetry onto the class's set.
    class: u32,
    sym: u8,
}

/// [`TigerMove::over`] of a step.
const STEP: u8 = u8::MAX;

/// Every tiger move of each class's canonical tiger set (onto points no tiger holds), jumps
/// first.
fn tiger_moves(ix: &Indexer) -> Vec<Vec<TigerMove>> {
    (0..ix.class_count())
        .map(|class| {
            let tigers = ix.class_tigers(class);
            let mut moves = Vec::new();
            let mut add = |from: u8, to: u8, over: u8| {
                let (class, sym) = ix.class_of(tigers ^ bit(from) ^ bit(to));
                moves.push(TigerMove {
                    to,
                    over,
                    class: class as u32,
                    sym: sym as u8,
                });
            };
            for from in points(tigers) {
                for to in points(JUMPS[from as usize] & !tigers) {
                    let over = between(from, to);
                    if tigers & bit(over) == 0 {
                        add(from, to, over);
                    }
                }
            }
            for from in points(tigers) {
                for to in points(STEPS[from as usize] & !tigers) {
                    add(from, to, STEP);
                }
            }
            moves
        })
        .collect()
}

/// The positions of a chunk: written by one thread at a time.
const CHUNK: usize = 1 << 14;
/// The free points as a set of 21 bits.
const ALL_FREE: u32 = (1 << FREE_POINTS) - 1;

/// What the passes share.
struct Solver<'a> {
    ix: &'a Indexer,
    layout: Layout,
    width: Width,
    threads: usize,
    /// Per tiger class, its tigers' moves.
    moves: Vec<Vec<TigerMove>>,
    /// The ranks of goat sets, from tables small enough to stay in the cache.
    colex: Colex,
    cancel: &'a AtomicBool,
}

impl Solver<'_> {
    /// The goats to move of layer `placed`, from where their placements lead.
    fn goats_part(
        &self,
        placed: u8,
        upper: Upper<'_>,
        progress: &dyn Progress,
    ) -> Result<(Part, Tally), PlacementError> {
        let name = format!("layer {placed}: goats to move");
        self.fill(placed, &name, progress, |block, slot| {
            self.goats_value(upper, block, slot)
        })
    }

    /// The tigers to move of layer `placed`, from the goats to move of the same layer.
    fn tigers_part(
        &self,
        placed: u8,
        goats: &Part,
        progress: &dyn Progress,
    ) -> Result<(Part, Tally), PlacementError> {
        let name = format!("layer {placed}: tigers to move");
        self.fill(placed, &name, progress, |block, slot| {
            self.tigers_value(goats, block, slot)
        })
    }

    /// The value of the goats to move at `slot` of `block`: the best of their placements.
    /// (Goats in hand always have an empty point: 4 tigers and at most 19 goats leave two.)
    #[inline]
    fn goats_value(
        &self,
        upper: Upper<'_>,
        block: &Block,
        slot: usize,
    ) -> Result<Code, PlacementError> {
        let (class, rank) = block.split(slot);
        let free = self.ix.free_set(block.on_board, rank);
        let mut open = !free & ALL_FREE;
        let mut best = None;
        while open != 0 {
            let point = open.trailing_zeros();
            open &= open - 1;
            let after = self.colex.rank(free | 1 << point);
            let code = match upper {
                Upper::Tigers(part) => part.get(block.captured, class, after),
                Upper::Movement(tb) => {
                    let stored = tb.stored(
                        block.captured,
                        block.on_board + 1,
                        class,
                        after,
                        TIGERS_TO_MOVE,
                    );
                    Code::try_from(stored).map_err(|_| PlacementError::TooLong)?
                }
            };
            let value = before(code).ok_or(PlacementError::TooLong)?;
            best = Some(best.map_or(value, |b| better(b, value)));
            if value == WIN_NOW {
                break;
            }
        }
        Ok(self.width.keep(best.unwrap_or(LOST_NOW)))
    }

    /// The value of the tigers to move at `slot` of `block`: the best of their moves (the
    /// capture that reaches `captures-to-win` wins at once; no move at all loses).
    #[inline]
    fn tigers_value(
        &self,
        goats: &Part,
        block: &Block,
        slot: usize,
    ) -> Result<Code, PlacementError> {
        let (class, rank) = block.split(slot);
        let tigers: Points = self.ix.class_tigers(class);
        let goat_set = self
            .ix
            .board_set(class, self.ix.free_set(block.on_board, rank));
        let empty = !(tigers | goat_set) & ALL_POINTS;
        let winning_capture = block.captured + 1 == self.layout.captures_to_win;
        let mut best = None;
        for mv in &self.moves[class] {
            if empty & bit(mv.to) == 0 {
                continue;
            }
            let value = if mv.over == STEP {
                let moved = self
                    .ix
                    .free_in(mv.class as usize, usize::from(mv.sym), goat_set);
                let after = self.colex.rank(moved);
                let code = goats.get(block.captured, mv.class as usize, after);
                before(code).ok_or(PlacementError::TooLong)?
            } else if goat_set & bit(mv.over) == 0 {
                continue;
            } else if winning_capture {
                WIN_NOW
            } else {
                let left = goat_set ^ bit(mv.over);
                let moved = self
                    .ix
                    .free_in(mv.class as usize, usize::from(mv.sym), left);
                let after = self.colex.rank(moved);
                let code = goats.get(block.captured + 1, mv.class as usize, after);
                before(code).ok_or(PlacementError::TooLong)?
            };
            best = Some(best.map_or(value, |b| better(b, value)));
            if value == WIN_NOW {
                break;
            }
        }
        Ok(self.width.keep(best.unwrap_or(LOST_NOW)))
    }

    /// A part of layer `placed` with each position's value from `value`, computed by the
    /// worker threads a chunk at a time; with the part's wins, draws and losses.
    fn fill(
        &self,
        placed: u8,
        name: &str,
        progress: &dyn Progress,
        value: impl Fn(&Block, usize) -> Result<Code, PlacementError> + Sync,
    ) -> Result<(Part, Tally), PlacementError> {
        let mut part = Part::new(&self.layout, placed, self.width);
        let width = self.width;
        let meter = progress.stage(name, self.layout.part_len(placed));
        let mut total = Tally::default();
        {
            let Part { blocks, bytes, .. } = &mut part;
            let mut chunks = Vec::new();
            let mut rest: &mut [u8] = bytes;
            for block in blocks.iter() {
                let (mine, tail) = rest.split_at_mut(width.bytes_for(block.len) as usize);
                rest = tail;
                for (i, out) in mine.chunks_mut(CHUNK / width.per_byte()).enumerate() {
                    let start = i * CHUNK;
                    let end = (start + CHUNK).min(block.len as usize);
                    chunks.push((block, start..end, out));
                }
            }
            let queue = Mutex::new(chunks.into_iter());
            let failed = AtomicBool::new(false);
            let meter: &dyn Meter = meter.as_ref();
            let work = || -> Result<Tally, PlacementError> {
                let mut tally = Tally::default();
                let mut codes = vec![0; CHUNK];
                loop {
                    if failed.load(Ordering::Relaxed) {
                        return Ok(tally);
                    }
                    if self.cancel.load(Ordering::Relaxed) {
                        return Err(PlacementError::Cancelled);
                    }
                    let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
                    let Some((block, range, out)) = next else {
                        return Ok(tally);
                    };
                    let codes = &mut codes[..range.len()];
                    for (code, slot) in codes.iter_mut().zip(range.clone()) {
                        *code = value(block, slot)?;
                        tally.count(*code);
                    }
                    width.pack(codes, out);
                    meter.advance(range.len() as u64);
                }
            };
            let results: Vec<Result<Tally, PlacementError>> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..self.threads)
                    .map(|_| {
                        scope.spawn(|| {
                            let result = work();
                            if result.is_err() {
                                failed.store(true, Ordering::Relaxed);
                            }
                            result
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            });
            for result in results {
                total.merge(&result?);
            }
        }
        if width == Width::Wdl {
            total.longest = 0;
        }
        Ok((part, total))
    }
}
