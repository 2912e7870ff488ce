//! The database file: a header (magic, version, rules, shape, counts), the values of every
//! layer, and an FNV-1a checksum of all that precedes it. Loading checks every part and refuses
//! a wrong or damaged file with a [`TbError`].
//!
//! Layout (little-endian):
//! - `CHPLBCTB` (8 bytes), version (u32), captures-to-win (u8), value width in bytes (u8: 1 when
//!   every distance fits, else 2), two zero bytes;
//! - tiger classes (u32), then per layer (captures-to-win of them): goats on the board (u32) and
//!   stored positions (u64);
//! - per side to move (goats, tigers): wins, draws, losses (u64 each), then the longest
//!   distance in plies (u32);
//! - the values, layer by layer: plies + 1 (0: a draw) at the position's slot;
//! - the checksum (u64).

use std::io::Write;
use std::path::Path;

use thiserror::Error;

use super::index::Indexer;
use super::solve::{MAX_CAPTURES_TO_WIN, Solved, plies_of};
use crate::tablebase::bytes::{Reader, check_trailing_checksum, fnv1a};
use chaupal_shared::baghchal::board::GOATS_TOTAL;

/// The first bytes of a database file.
pub const MAGIC: &[u8; 8] = b"CHPLBCTB";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;

/// Why a database file was refused.
#[derive(Debug, Error)]
pub enum TbError {
    #[error("reading the tablebase: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a Bagh Chal tablebase (bad magic)")]
    BadMagic,
    #[error("tablebase format version {0}, this program reads version {VERSION}")]
    BadVersion(u32),
    #[error("tablebase damaged: {0}")]
    Corrupt(String),
    #[error("tablebase checksum mismatch: stored {stored:#018x}, computed {computed:#018x}")]
    Checksum { stored: u64, computed: u64 },
}

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

/// The file's bytes for solved layers.
pub fn encode(ix: &Indexer, solved: &Solved) -> Vec<u8> {
    let counts = count(solved);
    let longest = counts.iter().map(|c| c.longest).max().unwrap_or(0);
    let width: u8 = if longest < 255 { 1 } else { 2 };
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[solved.captures_to_win, width, 0, 0]);
    out.extend_from_slice(&(ix.class_count() as u32).to_le_bytes());
    for (captured, layer) in solved.layers.iter().enumerate() {
        out.extend_from_slice(&(u32::from(GOATS_TOTAL) - captured as u32).to_le_bytes());
        out.extend_from_slice(&(layer.len() as u64).to_le_bytes());
    }
    for c in counts {
        for n in [c.wins, c.draws, c.losses] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&c.longest.to_le_bytes());
    }
    for layer in &solved.layers {
        for &v in layer {
            if width == 1 {
                out.push(v as u8);
            } else {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Writes the database to `path`.
pub fn write(path: &Path, ix: &Indexer, solved: &Solved) -> Result<(), TbError> {
    let bytes = encode(ix, solved);
    let mut file = std::fs::File::create(path)?;
    file.write_all(&bytes)?;
    file.sync_all()?;
    Ok(())
}

/// A database read back: its rules, counts and values.
pub struct Decoded {
    pub captures_to_win: u8,
    pub width: u8,
    pub counts: [SideCounts; 2],
    /// Per layer: where its values start in `bytes` and how many there are.
    pub layers: Vec<(usize, usize)>,
    pub bytes: Vec<u8>,
}

/// Checks and reads a database file's bytes.
pub fn decode(ix: &Indexer, bytes: Vec<u8>) -> Result<Decoded, TbError> {
    let mut r = Reader {
        bytes: &bytes,
        at: 0,
        short: || TbError::Corrupt("the file ends inside its header".to_owned()),
    };
    if &r.take::<8>()? != MAGIC {
        return Err(TbError::BadMagic);
    }
    let version = r.u32()?;
    if version != VERSION {
        return Err(TbError::BadVersion(version));
    }
    let [captures_to_win, width, _, _] = r.take::<4>()?;
    if !(1..=MAX_CAPTURES_TO_WIN).contains(&captures_to_win) {
        return Err(TbError::Corrupt(format!(
            "captures-to-win {captures_to_win} out of range"
        )));
    }
    if width != 1 && width != 2 {
        return Err(TbError::Corrupt(format!("value width {width}")));
    }
    let classes = r.u32()?;
    if classes as usize != ix.class_count() {
        return Err(TbError::Corrupt(format!(
            "{classes} tiger classes, expected {}",
            ix.class_count()
        )));
    }
    let mut sizes = Vec::new();
    for captured in 0..u32::from(captures_to_win) {
        let goats = r.u32()?;
        let positions = r.u64()?;
        let expected = ix.class_count() as u64 * u64::from(Indexer::goat_sets(goats)) * 2;
        if goats != u32::from(GOATS_TOTAL) - captured || positions != expected {
            return Err(TbError::Corrupt(format!(
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
    let mut layers = Vec::new();
    for size in sizes {
        layers.push((at, size));
        at += size * usize::from(width);
    }
    if bytes.len() != at + 8 {
        return Err(TbError::Corrupt(format!(
            "{} bytes, the header promises {}",
            bytes.len(),
            at + 8
        )));
    }
    check_trailing_checksum(&bytes, at)?;
    Ok(Decoded {
        captures_to_win,
        width,
        counts,
        layers,
        bytes,
    })
}

/// Reads and checks a database file.
pub fn read(path: &Path, ix: &Indexer) -> Result<Decoded, TbError> {
    decode(ix, std::fs::read(path)?)
}
