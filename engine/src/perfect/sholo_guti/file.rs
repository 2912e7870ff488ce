//! The database file, in the format all databases share ([`format`](mod@super::super::format)): the
//! magic `CHPLSGTB`, the most pieces N as the parameter, the Sholo Guti header fields, the values
//! of every slot and the checksum. Loading checks every part and refuses a wrong or damaged file
//! with a [`PerfectError`].
//!
//! The header fields (little-endian):
//! - the number of classes (u32), then per class: the mover's pieces (u32), the other side's
//!   (u32), slots (u64), wins, draws, losses (u64 each, over the real positions), the longest
//!   distance in plies (u32);
//! - then the values, class by class: 0 a draw, 2d + 1 a win in d plies, 2d + 2 a loss in d
//!   plies.

use std::path::Path;

use super::index::{Layout, MAX_PIECES, all_sets};
use super::solve::decode;
use crate::perfect::error::PerfectError;
use crate::perfect::format;
use crate::perfect::tablebase::Wdl;

/// The first bytes of a database file.
pub(crate) const MAGIC: &[u8; 8] = b"CHPLSGTB";

/// Wins, draws and losses for the side to move in one class, and the longest distance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub mover: u32,
    pub other: u32,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub longest: u32,
}

impl ClassCounts {
    /// Real positions (the slots of overlapping sets left out).
    pub fn positions(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Counts per class over the real positions.
pub fn count(layout: &Layout, values: &[u16]) -> Vec<ClassCounts> {
    layout
        .classes
        .iter()
        .map(|class| {
            let mut c = ClassCounts {
                mover: class.mover,
                other: class.other,
                ..ClassCounts::default()
            };
            let mut slot = class.start;
            for own in all_sets(class.mover) {
                for enemy in all_sets(class.other) {
                    if own & enemy == 0 {
                        let (wdl, plies) = decode(values[slot]);
                        match wdl {
                            Wdl::Win => c.wins += 1,
                            Wdl::Draw => c.draws += 1,
                            Wdl::Loss => c.losses += 1,
                        }
                        c.longest = c.longest.max(plies);
                    }
                    slot += 1;
                }
            }
            c
        })
        .collect()
}

/// The file's bytes for a solved database.
pub fn encode(layout: &Layout, values: &[u16]) -> Vec<u8> {
    let mut header = Vec::new();
    header.extend_from_slice(&(layout.classes.len() as u32).to_le_bytes());
    for (class, c) in layout.classes.iter().zip(count(layout, values)) {
        header.extend_from_slice(&class.mover.to_le_bytes());
        header.extend_from_slice(&class.other.to_le_bytes());
        header.extend_from_slice(&(class.len as u64).to_le_bytes());
        for n in [c.wins, c.draws, c.losses] {
            header.extend_from_slice(&n.to_le_bytes());
        }
        header.extend_from_slice(&c.longest.to_le_bytes());
    }
    let width = format::width_for(values.iter());
    format::encode(MAGIC, layout.max as u8, width, &header, &[values])
}

/// A database read back.
pub struct Decoded {
    pub layout: Layout,
    pub counts: Vec<ClassCounts>,
    pub values: Vec<u16>,
}

/// A [`PerfectError::Corrupt`] naming this database.
fn corrupt(what: &str) -> PerfectError {
    PerfectError::Corrupt(format!("Sholo Guti tablebase: {what}"))
}

/// Checks and reads a database file's bytes.
pub(crate) fn decode_file(bytes: &[u8]) -> Result<Decoded, PerfectError> {
    let format::Opened {
        param: max,
        width,
        reader: mut r,
    } = format::open(bytes, MAGIC, "Sholo Guti", || {
        corrupt("the file ends inside its header")
    })?;
    if !(2..=MAX_PIECES).contains(&u32::from(max)) {
        return Err(corrupt(&format!("{max} pieces, out of range")));
    }
    let layout = Layout::new(u32::from(max));
    let classes = r.u32()?;
    if classes as usize != layout.classes.len() {
        return Err(corrupt(&format!(
            "{classes} classes, expected {}",
            layout.classes.len()
        )));
    }
    let mut counts = Vec::new();
    for class in &layout.classes {
        let (mover, other, len) = (r.u32()?, r.u32()?, r.u64()?);
        if (mover, other, len) != (class.mover, class.other, class.len as u64) {
            return Err(corrupt(&format!(
                "class {mover} against {other} with {len} slots, expected {} against {} with {}",
                class.mover, class.other, class.len
            )));
        }
        let (wins, draws, losses, longest) = (r.u64()?, r.u64()?, r.u64()?, r.u32()?);
        counts.push(ClassCounts {
            mover,
            other,
            wins,
            draws,
            losses,
            longest,
        });
    }
    let at = r.at;
    let end = format::check_body(bytes, at, layout.len(), width)?;
    let values = format::values_of(&bytes[at..end], width);
    Ok(Decoded {
        layout,
        counts,
        values,
    })
}

/// Reads and checks a database file.
pub fn read(path: &Path) -> Result<Decoded, PerfectError> {
    decode_file(&std::fs::read(path)?)
}
