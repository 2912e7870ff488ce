//! Retrograde analysis of the Bagh Chal movement phase.
//!
//! The positions are split into layers by the goats captured (0 to `captures-to-win` - 1).
//! Captures only go up, so layers are solved from the most captures down: a capture leads into
//! a layer already solved (or, from the last layer, ends the game with the tigers' win). Within
//! a layer the usual retrograde loop runs ply by ply over a bucket queue:
//! - first every position whose value its captures alone settle (no move at all: lost now; a
//!   capture into a lost position: won; only captures, all into won positions: lost) or bound
//!   (a winning capture) is queued at its distance;
//! - the positions queued at ply `n` and not yet decided are decided there; then, in parallel,
//!   the predecessors (un-moves of the other side's pieces, never captures) of each: those of a
//!   lost position are won at `n + 1`; those of a won position are checked forward, and when every
//!   move leads to a won position for the opponent they are lost, at 1 + the longest of them.
//!
//! Checking losses forward (instead of counting the moves left) keeps the solver exact when
//! symmetric positions share a slot. What is never decided is a draw: endless play, since the
//! database ignores the repetition rules. The same code solves the whole game for every
//! `captures-to-win` from 1 to 5 (1 and 2 are small enough for the tests), and the smaller
//! games of the rule `goats=N` (N goats in all, so N - c on the board with c captured).

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use chaupal_rules::baghchal::board::{
    ALL_POINTS, GOATS_TOTAL, JUMPS, Points, STEPS, TIGER_COUNT, between, bit, points,
};
use chaupal_rules::baghchal::rules::MIN_GOATS;

use super::index::Indexer;
use crate::progress::{Meter, Progress, Silent};

/// Set on a value once it is final (during the solve only).
const DECIDED: u16 = 0x8000;
/// The distance bits of a value: plies + 1 (0: not decided, a draw at the end).
const DISTANCE: u16 = 0x7FFF;
/// The side to move in an index: goats (0) or tigers (1).
pub(crate) const GOATS_TO_MOVE: usize = 0;
/// See [`GOATS_TO_MOVE`].
pub(crate) const TIGERS_TO_MOVE: usize = 1;
/// The largest `captures-to-win` the database handles (the rules' default).
pub(crate) const MAX_CAPTURES_TO_WIN: u8 = 5;

/// The index of a position within its layer.
#[inline]
pub fn slot(class: usize, rank: usize, goat_sets: usize, side: usize) -> usize {
    ((class * goat_sets + rank) << 1) | side
}

/// A stored value: `None` for a draw, else the plies to the end (odd: the side to move wins;
/// even: it loses).
#[inline]
pub(crate) fn plies_of(value: u16) -> Option<u32> {
    (value != 0).then(|| u32::from(value) - 1)
}

/// How the solve goes.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The tigers win at this capture (1..=5, at most `goats`).
    pub captures_to_win: u8,
    /// The goats of the game (the rule `goats`; 20 is the standard game).
    pub goats: u8,
    /// Worker threads.
    pub threads: usize,
}

impl SolveOptions {
    /// The standard game's database under `captures-to-win` = `captures_to_win`.
    pub fn standard(captures_to_win: u8, threads: usize) -> SolveOptions {
        SolveOptions {
            captures_to_win,
            goats: GOATS_TOTAL,
            threads,
        }
    }
}

/// Whether the solver handles a game of `goats` goats whose tigers win at `captures_to_win`;
/// if not, why.
pub(crate) fn check_rules(goats: u8, captures_to_win: u8) -> Result<(), String> {
    if !(1..=MAX_CAPTURES_TO_WIN).contains(&captures_to_win) {
        return Err(format!(
            "captures-to-win {captures_to_win}: the database covers 1 to {MAX_CAPTURES_TO_WIN}"
        ));
    }
    if !(MIN_GOATS..=u32::from(GOATS_TOTAL)).contains(&u32::from(goats)) {
        return Err(format!(
            "goats {goats}: the database covers {MIN_GOATS} to {GOATS_TOTAL}"
        ));
    }
    if captures_to_win > goats {
        return Err(format!(
            "captures-to-win {captures_to_win} is more than the {goats} goats"
        ));
    }
    Ok(())
}

/// The solved layers: `layers[c]` holds the positions with `c` goats captured.
pub struct Solved {
    pub captures_to_win: u8,
    /// The goats of the game: `goats - c` are on the board in `layers[c]`.
    pub goats: u8,
    pub layers: Vec<Vec<u16>>,
}

/// One layer's shape: its goats on the board and goat sets per tiger class.
#[derive(Clone, Copy)]
struct Shape {
    goats: u32,
    goat_sets: usize,
}

impl Shape {
    /// The layer of `captured` goats captured in a game of `total` goats.
    fn of_layer(total: u8, captured: u8) -> Shape {
        let goats = u32::from(total - captured);
        Shape {
            goats,
            goat_sets: Indexer::goat_sets(goats) as usize,
        }
    }
}

/// The moves of the side to move: `step` gets each position after a move within the layer,
/// `capture` each after a capture. Either returns `false` to stop early; so does this.
#[inline]
pub(crate) fn for_each_move(
    tigers: Points,
    goats: Points,
    side: usize,
    mut step: impl FnMut(Points, Points) -> bool,
    mut capture: impl FnMut(Points, Points) -> bool,
) -> bool {
    let empty = !(tigers | goats) & ALL_POINTS;
    if side == GOATS_TO_MOVE {
        for from in points(goats) {
            for to in points(STEPS[from as usize] & empty) {
                if !step(tigers, goats ^ bit(from) ^ bit(to)) {
                    return false;
                }
            }
        }
    } else {
        for from in points(tigers) {
            for to in points(JUMPS[from as usize] & empty) {
                let over = bit(between(from, to));
                if goats & over != 0 && !capture(tigers ^ bit(from) ^ bit(to), goats ^ over) {
                    return false;
                }
            }
            for to in points(STEPS[from as usize] & empty) {
                if !step(tigers ^ bit(from) ^ bit(to), goats) {
                    return false;
                }
            }
        }
    }
    true
}

/// The positions one step (never a capture) before, with the other side to move.
#[inline]
fn for_each_unmove(tigers: Points, goats: Points, side: usize, mut f: impl FnMut(Points, Points)) {
    let empty = !(tigers | goats) & ALL_POINTS;
    let movers = if side == GOATS_TO_MOVE { tigers } else { goats };
    for from in points(movers) {
        for to in points(STEPS[from as usize] & empty) {
            let change = bit(from) | bit(to);
            if side == GOATS_TO_MOVE {
                f(tigers ^ change, goats);
            } else {
                f(tigers, goats ^ change);
            }
        }
    }
}

/// Solves every layer, reporting each layer's stages to `progress`. Fails only if a distance
/// would not fit the value.
pub fn solve(
    ix: &Indexer,
    options: &SolveOptions,
    progress: &dyn Progress,
) -> Result<Solved, String> {
    let k = options.captures_to_win;
    let total = options.goats;
    check_rules(total, k)?;
    debug_assert_eq!(TIGER_COUNT, 4);
    let mut layers: Vec<Vec<u16>> = vec![Vec::new(); usize::from(k)];
    for captured in (0..k).rev() {
        let next = layers.get(usize::from(captured) + 1).map(Vec::as_slice);
        let layer = Layer {
            ix,
            shape: Shape::of_layer(total, captured),
            next: next.map(|values| (values, Shape::of_layer(total, captured + 1))),
            threads: options.threads.max(1),
        };
        let values = layer.solve(captured, progress)?;
        layers[usize::from(captured)] = values;
    }
    Ok(Solved {
        captures_to_win: k,
        goats: total,
        layers,
    })
}

/// One layer being solved.
struct Layer<'a> {
    ix: &'a Indexer,
    shape: Shape,
    /// The next layer's final values and shape; `None` from the last layer (a capture wins).
    next: Option<(&'a [u16], Shape)>,
    threads: usize,
}

impl Layer<'_> {
    fn len(&self) -> usize {
        self.ix.class_count() * self.shape.goat_sets * 2
    }

    #[inline]
    fn decode(&self, index: usize) -> (Points, Points, usize) {
        let side = index & 1;
        let rest = index >> 1;
        let (class, rank) = (rest / self.shape.goat_sets, rest % self.shape.goat_sets);
        let (t, g) = self.ix.position(class, self.shape.goats, rank);
        (t, g, side)
    }

    #[inline]
    fn index(&self, tigers: Points, goats: Points, side: usize) -> usize {
        let (class, rank) = self.ix.locate(tigers, goats);
        slot(class, rank, self.shape.goat_sets, side)
    }

    /// The value of the position after a capture, for the goats to move there.
    #[inline]
    fn after_capture(&self, tigers: Points, goats: Points) -> u16 {
        match self.next {
            // The winning capture: the goats have lost, 0 plies.
            None => 1,
            Some((values, shape)) => {
                let (class, rank) = self.ix.locate(tigers, goats);
                values[slot(class, rank, shape.goat_sets, GOATS_TO_MOVE)]
            }
        }
    }

    /// What the captures alone say about a position: the distance it is decided or bounded at.
    fn initial(&self, index: usize) -> Option<u16> {
        let (t, g, side) = self.decode(index);
        let mut steps = 0u32;
        let mut best_win: Option<u16> = None;
        let mut longest_loss = 0u16;
        let mut escape = false;
        for_each_move(
            t,
            g,
            side,
            |_, _| {
                steps += 1;
                true
            },
            |t2, g2| {
                match plies_of(self.after_capture(t2, g2)) {
                    None => escape = true,
                    Some(d) if d % 2 == 0 => {
                        let win = d as u16 + 1;
                        best_win = Some(best_win.map_or(win, |b| b.min(win)));
                    }
                    Some(d) => longest_loss = longest_loss.max(d as u16 + 1),
                }
                true
            },
        );
        if best_win.is_some() {
            best_win
        } else if steps == 0 && !escape {
            // No move at all is lost now (0); only captures into won positions are lost later.
            Some(longest_loss)
        } else {
            None
        }
    }

    /// When every move of a position leads to a position the opponent wins (decided already),
    /// the distance of its loss.
    fn loss_distance(&self, values: &[u16], t: Points, g: Points, side: usize) -> Option<u16> {
        let longest = Cell::new(0u16);
        let all_won = for_each_move(
            t,
            g,
            side,
            |t2, g2| {
                let v = values[self.index(t2, g2, 1 - side)];
                let d = v & DISTANCE;
                if v & DECIDED == 0 || (d - 1) % 2 == 0 {
                    return false;
                }
                longest.set(longest.get().max(d));
                true
            },
            |t2, g2| match plies_of(self.after_capture(t2, g2)) {
                Some(d) if d % 2 == 1 => {
                    longest.set(longest.get().max(d as u16 + 1));
                    true
                }
                _ => false,
            },
        );
        all_won.then_some(longest.get())
    }

    /// What deciding the position `index` at `plies` tells about its predecessors. A
    /// predecessor stored more than once (a symmetric tiger set) is queued in every slot: the
    /// un-moves start from this slot's position, which may be another copy's image.
    fn propagate(&self, values: &[u16], index: usize, plies: u16, out: &mut Vec<(u32, u16)>) {
        let (t, g, side) = self.decode(index);
        let before = 1 - side;
        for_each_unmove(t, g, side, |pt, pg| {
            let mut slots = [0usize; 8];
            let mut copies = 0;
            self.ix.locate_all(pt, pg, |class, rank| {
                slots[copies] = slot(class, rank, self.shape.goat_sets, before);
                copies += 1;
            });
            let slots = &slots[..copies];
            if slots.iter().all(|&p| values[p] & DECIDED != 0) {
                return;
            }
            let d = if plies % 2 == 0 {
                plies + 1
            } else {
                match self.loss_distance(values, pt, pg, before) {
                    Some(d) => d,
                    None => return,
                }
            };
            for &p in slots {
                if values[p] & DECIDED == 0 {
                    out.push((p as u32, d));
                }
            }
        });
    }

    /// Runs the retrograde loop; returns the final values (plies + 1, 0 for a draw).
    fn solve(&self, captured: u8, progress: &dyn Progress) -> Result<Vec<u16>, String> {
        let len = self.len();
        let mut values = vec![0u16; len];
        let mut queue: Vec<Vec<u32>> = Vec::new();
        let bar = progress.stage(&format!("{captured} captured: first pass"), len as u64);
        let found = par_collect(len, self.threads, bar.as_ref(), |i, out| {
            if let Some(d) = self.initial(i) {
                out.push((i as u32, d));
            }
        });
        drop(bar);
        enqueue(&mut values, &mut queue, found)?;
        let bar = progress.stage(&format!("{captured} captured: retrograde"), len as u64);
        let mut plies = 0usize;
        while plies < queue.len() {
            let bucket = std::mem::take(&mut queue[plies]);
            let target = plies as u16 + 1;
            let mut decided = Vec::with_capacity(bucket.len());
            for i in bucket {
                let v = &mut values[i as usize];
                if *v & DECIDED == 0 && *v == target {
                    *v |= DECIDED;
                    decided.push(i);
                }
            }
            bar.advance(decided.len() as u64);
            bar.note(&format!("ply {plies}"));
            let shared = values.as_slice();
            let found = par_collect(decided.len(), self.threads, &Silent, |j, out| {
                self.propagate(shared, decided[j] as usize, plies as u16, out);
            });
            enqueue(&mut values, &mut queue, found)?;
            plies += 1;
        }
        drop(bar);
        for v in &mut values {
            *v = if *v & DECIDED != 0 { *v & DISTANCE } else { 0 };
        }
        Ok(values)
    }
}

/// Queues each (position, plies) unless the position is decided or already queued nearer.
fn enqueue(
    values: &mut [u16],
    queue: &mut Vec<Vec<u32>>,
    found: Vec<(u32, u16)>,
) -> Result<(), String> {
    for (i, plies) in found {
        if plies >= DISTANCE - 1 {
            return Err(format!("a distance of {plies} plies does not fit"));
        }
        let v = &mut values[i as usize];
        if *v & DECIDED != 0 || (*v != 0 && *v <= plies + 1) {
            continue;
        }
        *v = plies + 1;
        let at = usize::from(plies);
        if queue.len() <= at {
            queue.resize_with(at + 1, Vec::new);
        }
        queue[at].push(i);
    }
    Ok(())
}

/// Runs `work` on every index below `len` on `threads` threads, in chunks; collects what it
/// pushes.
fn par_collect<T: Send>(
    len: usize,
    threads: usize,
    bar: &dyn Meter,
    work: impl Fn(usize, &mut Vec<T>) + Sync,
) -> Vec<T> {
    const CHUNK: usize = 1 << 14;
    let next = AtomicUsize::new(0);
    let threads = threads.min(len.div_ceil(CHUNK)).max(1);
    let parts: Vec<Vec<T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if start >= len {
                            break;
                        }
                        let end = (start + CHUNK).min(len);
                        for i in start..end {
                            work(i, &mut out);
                        }
                        bar.advance((end - start) as u64);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    parts.into_iter().flatten().collect()
}
