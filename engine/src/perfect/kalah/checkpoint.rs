//! Checkpoints of a long solve: the solver's most expensive table entries written to a file, so
//! that a solve which is stopped (the machine restarted, the process was stopped) resumes where
//! it was instead of from nothing.
//!
//! Every table entry is a proven bound on the exact value of one board, true in any game of the
//! same board size and capture rule, so a checkpoint may be loaded into any solver of that
//! geometry, whatever position it solves. A checkpoint keeps the entries with the biggest
//! subtrees (`work`), as many as fit the size asked; the root's bounds are among them, so the
//! MTD(f) passes already finished are not searched again.
//!
//! The file: `CHKALTT1`, the number of houses a side, the capture rule, two zero bytes, the
//! entry count (u64), then 24 bytes an entry (the board's two halves and the packed bounds, all
//! little-endian u64) and a checksum of the entries. It is written under a temporary name and
//! renamed, so a crash while writing leaves the previous checkpoint whole. A damaged file is
//! refused before anything of it reaches the table.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::board::{Geometry, byte_sum};
use super::search::{Limits, Pass, Solver};
use super::tt::{Bounds, NO_MOVE};

const MAGIC: &[u8; 8] = b"CHKALTT1";
/// Bytes of one entry in the file.
pub(crate) const ENTRY_BYTES: u64 = 24;

/// What [`save`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    /// Entries written.
    pub entries: u64,
    /// The smallest `work` (log2 of the subtree's nodes, plus one) among them.
    pub min_work: u8,
}

/// Writes the table's entries with the most work, at most `max_bytes` of them, to `path`.
pub fn save(solver: &Solver, path: &Path, max_bytes: u64) -> io::Result<Saved> {
    let table = solver.table();
    let mut by_work = [0u64; 256];
    table.for_each(|_, b| by_work[usize::from(b.work)] += 1);
    // The smallest `work` whose entries, with every bigger one, fit the size.
    let cap = max_bytes.saturating_sub(28) / ENTRY_BYTES;
    let (mut min_work, mut count) = (256usize, 0u64);
    for w in (0..256).rev() {
        if count + by_work[w] > cap {
            break;
        }
        count += by_work[w];
        min_work = w;
    }

    let geo = solver.geometry();
    let tmp = temporary_name(path);
    let mut out = BufWriter::new(File::create(&tmp)?);
    out.write_all(MAGIC)?;
    out.write_all(&[geo.pits as u8, u8::from(geo.empty_capture), 0, 0])?;
    out.write_all(&count.to_le_bytes())?;
    let mut sum = Checksum::default();
    let mut written = 0u64;
    let mut failed = None;
    table.for_each(|board, b| {
        if usize::from(b.work) < min_work || failed.is_some() {
            return;
        }
        for word in [board as u64, (board >> 64) as u64, b.pack()] {
            sum.add(word);
            if let Err(e) = out.write_all(&word.to_le_bytes()) {
                failed = Some(e);
            }
        }
        written += 1;
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if written != count {
        return Err(io::Error::other(
            "the table changed while it was written (a search still running?)",
        ));
    }
    out.write_all(&sum.0.to_le_bytes())?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&tmp, path)?;
    Ok(Saved {
        entries: count,
        min_work: min_work.min(255) as u8,
    })
}

/// Reads the checkpoint at `path` into the solver's table and returns the entries loaded. The
/// file must be of the solver's geometry, whole and unchanged (its checksum), with every entry a
/// possible board and bound; otherwise nothing is loaded and the error says why.
pub fn load(solver: &Solver, path: &Path) -> io::Result<u64> {
    let bad = |what: String| io::Error::new(io::ErrorKind::InvalidData, what);
    let mut input = BufReader::new(File::open(path)?);
    let mut head = [0u8; 20];
    input.read_exact(&mut head)?;
    if &head[..8] != MAGIC {
        return Err(bad(format!(
            "{} is not a Kalah solver checkpoint",
            path.display()
        )));
    }
    let geo = solver.geometry();
    if usize::from(head[8]) != geo.pits || head[9] != u8::from(geo.empty_capture) {
        return Err(bad(format!(
            "{} is a checkpoint for pits={} empty-capture={}, not pits={} empty-capture={}",
            path.display(),
            head[8],
            head[9] == 1,
            geo.pits,
            geo.empty_capture
        )));
    }
    let mut count = [0u8; 8];
    count.copy_from_slice(&head[12..20]);
    let count = u64::from_le_bytes(count);
    let expected = count
        .checked_mul(ENTRY_BYTES)
        .and_then(|n| n.checked_add(8))
        .ok_or_else(|| bad("the entry count is impossible".to_owned()))?;
    let mut body = Vec::new();
    input.take(expected + 1).read_to_end(&mut body)?;
    if body.len() as u64 != expected {
        return Err(bad(format!(
            "{}: {} bytes after the header, {} expected (cut short or overlong)",
            path.display(),
            body.len(),
            expected
        )));
    }
    let word = |c: &[u8]| u64::from_le_bytes(c.try_into().unwrap_or_default());
    let (entries, tail) = body.split_at(body.len() - 8);
    let entry = |e: &[u8]| {
        let board = u128::from(word(&e[..8])) | u128::from(word(&e[8..16])) << 64;
        (board, Bounds::unpack(word(&e[16..])))
    };
    // Checked whole before anything reaches the table.
    let mut sum = Checksum::default();
    entries.chunks_exact(8).for_each(|c| sum.add(word(c)));
    if sum.0 != word(tail) {
        return Err(bad(format!(
            "{}: the checksum does not match",
            path.display()
        )));
    }
    let chunks = entries.chunks_exact(ENTRY_BYTES as usize);
    if !chunks.clone().all(|e| {
        let (board, b) = entry(e);
        possible(geo, board, b)
    }) {
        return Err(bad(format!(
            "{}: an entry is not a possible bound",
            path.display()
        )));
    }
    for e in chunks {
        let (board, b) = entry(e);
        solver.table().store(board, b);
    }
    Ok(count)
}

/// Whether `b` could be a bound the solver proved for `board`: houses only where the geometry
/// has them, bounds within the seeds in play, a move in range.
fn possible(geo: Geometry, board: u128, b: Bounds) -> bool {
    let houses = geo.houses();
    let seeds = byte_sum(board) as i32;
    (houses >= 16 || board >> (8 * houses) == 0)
        && -seeds <= b.lower
        && b.lower <= b.upper
        && b.upper <= seeds
        && (b.best == NO_MOVE || usize::from(b.best) < geo.pits)
}

fn temporary_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// A 64-bit checksum of the entries' words.
#[derive(Default)]
struct Checksum(u64);

impl Checksum {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// What a solve in slices reports.
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// An MTD(f) pass finished.
    Pass(Pass),
    /// A slice ended before the value was proven: the moment to write a checkpoint.
    SliceEnded,
}

/// The exact value of `board`, solved in slices: each call of the search gets the limits
/// `slice` gives (a deadline or a node budget), and between slices, with no search running,
/// `on_event` hears [`Event::SliceEnded`] (and writes a checkpoint). What a slice proved stays
/// in the table, so the next slice goes on from it. An error from `on_event` stops the solve.
pub fn value_in_slices(
    solver: &Solver,
    board: u128,
    mut slice: impl FnMut() -> Limits<'static>,
    mut on_event: impl FnMut(&Solver, Event) -> io::Result<()>,
) -> io::Result<i32> {
    loop {
        let mut failed = None;
        let got = solver.value(board, slice(), &mut |pass| {
            if failed.is_none()
                && let Err(e) = on_event(solver, Event::Pass(pass))
            {
                failed = Some(e);
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        if let Some(v) = got {
            return Ok(v);
        }
        on_event(solver, Event::SliceEnded)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perfect::kalah::{board_of, geometry};
    use chaupal_rules::Game;
    use chaupal_rules::kalah::{Kalah, KalahRules};

    /// Kalah(4,3) without empty capture, its start board and its exact value (25 298 nodes).
    fn small() -> (Geometry, u128, i32) {
        let rules = KalahRules::new(4, 3, false).unwrap();
        let geo = geometry(&rules);
        let board = board_of(&Kalah::start(rules));
        let value = Solver::new(geo, 1, None)
            .value(board, Limits::NONE, &mut |_| {})
            .unwrap();
        (geo, board, value)
    }

    /// A file in a fresh directory, removed when the directory is dropped.
    fn file(name: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        (dir, path)
    }

    #[test]
    fn a_loaded_checkpoint_answers_a_solved_board_without_searching_it_again() {
        let (geo, board, value) = small();
        let first = Solver::new(geo, 1, None);
        assert_eq!(first.value(board, Limits::NONE, &mut |_| {}), Some(value));
        let (_dir, path) = file("solved.ckpt");
        let saved = save(&first, &path, 64 << 20).unwrap();
        assert!(saved.entries > 100, "{saved:?}");
        assert!(
            !temporary_name(&path).exists(),
            "the temporary file is renamed"
        );
        assert_eq!(
            std::fs::metadata(&path).unwrap().len(),
            28 + ENTRY_BYTES * saved.entries
        );

        let second = Solver::new(geo, 1, None);
        assert_eq!(load(&second, &path).unwrap(), saved.entries);
        assert_eq!(second.value(board, Limits::NONE, &mut |_| {}), Some(value));
        assert!(
            second.nodes() <= 1,
            "the root's exact value came from the file: {} nodes",
            second.nodes()
        );
        // Its moves too: one that keeps the value, as a fresh solver finds.
        let mv = second.best_move(board, value, Limits::NONE).unwrap();
        let fresh = Solver::new(geo, 1, None);
        assert_eq!(fresh.keeps(board, mv, value, Limits::NONE), Some(true));
    }

    #[test]
    fn a_small_checkpoint_keeps_the_entries_with_the_most_work() {
        let (geo, board, _) = small();
        let solver = Solver::new(geo, 1, None);
        solver.value(board, Limits::NONE, &mut |_| {}).unwrap();
        let (_dir, path) = file("small.ckpt");
        let all = save(&solver, &path, 64 << 20).unwrap();
        let few = save(&solver, &path, 28 + 50 * ENTRY_BYTES).unwrap();
        assert!(few.entries <= 50 && few.entries > 0, "{few:?} of {all:?}");
        assert!(few.min_work > all.min_work);
        // The root has the most work of all, so even the small file resumes at once.
        let again = Solver::new(geo, 1, None);
        load(&again, &path).unwrap();
        again.value(board, Limits::NONE, &mut |_| {}).unwrap();
        assert!(again.nodes() <= 1, "{} nodes", again.nodes());
    }

    #[test]
    fn a_solve_stopped_after_a_proven_bound_resumes_from_it_in_another_solver() {
        let (geo, board, value) = small();
        // The first solver proves one bound only (the value is at least value - 2), then stops.
        let first = Solver::new(geo, 1, None);
        assert_eq!(first.at_least(board, value - 2, Limits::NONE), Some(true));
        let (_dir, path) = file("bound.ckpt");
        save(&first, &path, 64 << 20).unwrap();
        let resumed = Solver::new(geo, 1, None);
        load(&resumed, &path).unwrap();
        let mut passes = Vec::new();
        let got = resumed.value(board, Limits::NONE, &mut |p| passes.push(p));
        assert_eq!(got, Some(value));
        assert!(
            passes.iter().all(|p| p.lower >= value - 2),
            "no pass below the bound the file proved: {passes:?}"
        );
        let fresh = Solver::new(geo, 1, None);
        fresh.value(board, Limits::NONE, &mut |_| {}).unwrap();
        assert!(
            resumed.nodes() < fresh.nodes(),
            "resumed {} nodes, fresh {}",
            resumed.nodes(),
            fresh.nodes()
        );
    }

    #[test]
    fn a_solve_in_small_slices_finds_the_same_value() {
        let (geo, board, value) = small();
        let solver = Solver::new(geo, 1, None);
        let mut slices = 0;
        let got = value_in_slices(
            &solver,
            board,
            || Limits {
                nodes: Some(4096),
                ..Limits::NONE
            },
            |_, event| {
                if let Event::SliceEnded = event {
                    slices += 1;
                    assert!(slices < 1000, "no progress between slices");
                }
                Ok(())
            },
        );
        assert_eq!(got.unwrap(), value);
        assert!(slices >= 2, "the budget ended {slices} slices");
    }

    #[test]
    fn damaged_or_foreign_checkpoints_are_refused_and_load_nothing() {
        let (geo, board, _) = small();
        let solver = Solver::new(geo, 1, None);
        solver.value(board, Limits::NONE, &mut |_| {}).unwrap();
        let (_dir, path) = file("damaged.ckpt");
        save(&solver, &path, 64 << 20).unwrap();
        let good = std::fs::read(&path).unwrap();
        let refused = |bytes: &[u8], geo: Geometry| {
            std::fs::write(&path, bytes).unwrap();
            let target = Solver::new(geo, 1, None);
            let err = load(&target, &path).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidData, "{err}");
            // Nothing reached the table: the board is searched from scratch.
            if geo == solver.geometry() {
                target.value(board, Limits::NONE, &mut |_| {}).unwrap();
                assert!(target.nodes() > 1000, "{} nodes", target.nodes());
            }
            err.to_string()
        };
        let mut flipped = good.clone();
        flipped[100] ^= 0x10;
        assert!(refused(&flipped, geo).contains("checksum"));
        assert!(refused(&good[..good.len() - 5], geo).contains("cut short"));
        let mut magic = good.clone();
        magic[0] = b'X';
        assert!(refused(&magic, geo).contains("not a Kalah solver checkpoint"));
        let other = Geometry::new(4, true);
        assert!(refused(&good, other).contains("empty-capture=false"));
        // An entry whose bounds are impossible (checksum recomputed): refused as well.
        let mut words: Vec<u64> = good[20..good.len() - 8]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let b = Bounds {
            lower: 5,
            upper: -5,
            ..Bounds::unpack(words[2])
        };
        words[2] = b.pack();
        let mut sum = Checksum::default();
        words.iter().for_each(|&w| sum.add(w));
        let mut forged = good[..20].to_vec();
        words.iter().for_each(|w| forged.extend(w.to_le_bytes()));
        forged.extend(sum.0.to_le_bytes());
        assert!(refused(&forged, geo).contains("not a possible bound"));
    }
}
