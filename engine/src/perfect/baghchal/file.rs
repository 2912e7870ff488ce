//! The database file, in the format all databases share ([`format`](mod@super::super::format)): the
//! magic `CHPLBCTB`, captures-to-win as the parameter, the Bagh Chal header fields, the values of
//! every layer and the checksum. Loading checks every part and refuses a wrong or damaged file with
//! a [`PerfectError`].
//!
//! The header fields (little-endian):
//! - tiger classes (u32), then per layer (captures-to-win of them): goats on the board (u32) and
//!   stored positions (u64); the first layer's goats are the game's (20, or `goats=N`), and each
//!   further layer has one fewer;
//! - per side to move (goats, tigers): wins, draws, losses (u64 each), then the longest
//!   distance in plies (u32);
//! - then the values, layer by layer: plies + 1 (0: a draw) at the position's slot.

use std::path::Path;

use super::index::Indexer;
use super::solve::{Solved, check_rules, plies_of};
use crate::perfect::error::PerfectError;
use crate::perfect::format;

/// The first bytes of a database file.
pub(crate) const MAGIC: &[u8; 8] = b"CHPLBCTB";

/// Wins, draws and losses for one side to move, and the longest distance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideCounts {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub longest: u32,
}

/// Counts per side to move, `[goats, tigers]`, over all layers.
pub fn count(solved: &Solved) -> [SideCounts; 2] {
    let mut counts = [SideCounts::default(); 2];
    for layer in &solved.layers {
        add_counts(&mut counts, layer);
    }
    counts
}

/// Adds one layer's values to counts per side to move, `[goats, tigers]`.
pub fn add_counts(counts: &mut [SideCounts; 2], layer: &[u16]) {
    for (i, &v) in layer.iter().enumerate() {
        let c = &mut counts[i & 1];
        match plies_of(v) {
            None => c.draws += 1,
            Some(p) => {
                if p % 2 == 1 {
                    c.wins += 1;
                } else {
                    c.losses += 1;
                }
                c.longest = c.longest.max(p);
            }
        }
    }
}

/// The file's bytes for solved layers (`chaupal tablebase baghchal` writes them).
pub fn encode(ix: &Indexer, solved: &Solved) -> Vec<u8> {
    let mut header = Vec::new();
    header.extend_from_slice(&(ix.class_count() as u32).to_le_bytes());
    for (captured, layer) in solved.layers.iter().enumerate() {
        header.extend_from_slice(&(u32::from(solved.goats) - captured as u32).to_le_bytes());
        header.extend_from_slice(&(layer.len() as u64).to_le_bytes());
    }
    for c in count(solved) {
        for n in [c.wins, c.draws, c.losses] {
            header.extend_from_slice(&n.to_le_bytes());
        }
        header.extend_from_slice(&c.longest.to_le_bytes());
    }
    let layers: Vec<&[u16]> = solved.layers.iter().map(Vec::as_slice).collect();
    let width = format::width_for(layers.iter().flat_map(|l| l.iter()));
    format::encode(MAGIC, solved.captures_to_win, width, &header, &layers)
}

/// A database read back: its rules, counts and values.
pub struct Decoded {
    pub captures_to_win: u8,
    /// The goats of the game (20, or `goats=N`).
    pub goats: u8,
    pub width: u8,
    pub counts: [SideCounts; 2],
    /// Per layer: where its values start in `bytes` and how many there are.
    pub layers: Vec<(usize, usize)>,
    pub bytes: Vec<u8>,
}

/// Checks and reads a database file's bytes.
pub fn decode(ix: &Indexer, bytes: Vec<u8>) -> Result<Decoded, PerfectError> {
    let format::Opened {
        param: captures_to_win,
        width,
        reader: mut r,
    } = format::open(&bytes, MAGIC, "Bagh Chal", || {
        PerfectError::Corrupt("the file ends inside its header".to_owned())
    })?;
    let classes = r.u32()?;
    if classes as usize != ix.class_count() {
        return Err(PerfectError::Corrupt(format!(
            "{classes} tiger classes, expected {}",
            ix.class_count()
        )));
    }
    let mut sizes = Vec::new();
    let mut total = 0;
    for captured in 0..u32::from(captures_to_win) {
        let goats = r.u32()?;
        let positions = r.u64()?;
        if captured == 0 {
            total = u8::try_from(goats).unwrap_or(u8::MAX);
            check_rules(total, captures_to_win).map_err(PerfectError::Corrupt)?;
        }
        let expected = ix.class_count() as u64 * u64::from(Indexer::goat_sets(goats)) * 2;
        if goats != u32::from(total) - captured || positions != expected {
            return Err(PerfectError::Corrupt(format!(
                "layer {captured}: {goats} goats and {positions} positions"
            )));
        }
        sizes.push(positions as usize);
    }
    let mut counts = [SideCounts::default(); 2];
    for c in &mut counts {
        c.wins = r.u64()?;
        c.draws = r.u64()?;
        c.losses = r.u64()?;
        c.longest = r.u32()?;
    }
    let mut at = r.at;
    format::check_body(&bytes, at, sizes.iter().sum(), width)?;
    let mut layers = Vec::new();
    for size in sizes {
        layers.push((at, size));
        at += size * usize::from(width);
    }
    Ok(Decoded {
        captures_to_win,
        goats: total,
        width,
        counts,
        layers,
        bytes,
    })
}

/// Reads and checks a database file.
pub fn read(path: &Path, ix: &Indexer) -> Result<Decoded, PerfectError> {
    decode(ix, std::fs::read(path)?)
}
