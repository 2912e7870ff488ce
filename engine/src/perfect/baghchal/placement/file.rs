//! The file of one placement layer: written under a temporary name, synced and renamed, so a
//! file under its own name is always whole; read back whole with its checksum checked (to
//! resume a solve, or to hold a layer in memory), or opened with its header checked only (to
//! read single values from the disk).
//!
//! Layout (little-endian), in the spirit of the shared format ([`format`](mod@crate::perfect::format)):
//! - the magic `CHPLBCPL`, the version (u32), then four bytes: the game's goats, its
//!   `captures-to-win`, the layer's goats placed, and the bits of a value (2 or 8);
//! - the tiger classes (u32), and the source (u64): the checksum of the file the layer was
//!   solved from (the layer above, or for the last layer the movement-phase database), so
//!   the layers of a directory chain up to the database they rest on;
//! - per block (goats captured 0, 1, ...): the goats on the board (u32) and the positions
//!   (u64), the same for both parts;
//! - per side to move (goats, then tigers): wins, draws, losses (u64 each) and the longest
//!   distance in plies (u32; 0 when the values keep no distance);
//! - the goats' part, then the tigers' part, each block starting on a byte;
//! - the FNV-1a checksum (u64) of everything before it.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::index::Layout;
use super::part::Part;
use super::values::{Tally, Width};
use crate::perfect::error::PerfectError;
use crate::perfect::format::{Fnv1a, Reader};

/// The first bytes of a layer's file.
const MAGIC: &[u8; 8] = b"CHPLBCPL";
/// The version of the layout this code writes and reads.
const VERSION: u32 = 1;
/// The bytes read or written at a time.
const BUFFER: usize = 1 << 20;

/// The name of layer `placed`'s file in a directory.
pub fn layer_path(dir: &Path, placed: u8) -> PathBuf {
    dir.join(format!("baghchal-placement-{placed:02}.tb"))
}

/// The name a layer's file is written under before it is renamed.
fn temporary_path(dir: &Path, placed: u8) -> PathBuf {
    dir.join(format!("baghchal-placement-{placed:02}.tb.tmp"))
}

/// What a layer's header says besides its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerHeader {
    /// Goats placed.
    pub placed: u8,
    pub width: Width,
    /// The checksum of the file the layer was solved from.
    pub source: u64,
    /// Wins, draws and losses of the goats' part and of the tigers' part.
    pub tallies: [Tally; 2],
}

/// The header's bytes.
fn header_bytes(layout: &Layout, header: &LayerHeader) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[
        layout.goats,
        layout.captures_to_win,
        header.placed,
        header.width.bits(),
    ]);
    out.extend_from_slice(&(layout.classes as u32).to_le_bytes());
    out.extend_from_slice(&header.source.to_le_bytes());
    for block in layout.blocks(header.placed, header.width) {
        out.extend_from_slice(&block.on_board.to_le_bytes());
        out.extend_from_slice(&block.len.to_le_bytes());
    }
    for tally in &header.tallies {
        for n in [tally.wins, tally.draws, tally.losses] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&tally.longest.to_le_bytes());
    }
    out
}

/// The length of layer `placed`'s header.
fn header_len(layout: &Layout, placed: u8) -> usize {
    8 + 4 + 4 + 4 + 8 + 12 * (usize::from(layout.most_captured(placed)) + 1) + 2 * 28
}

/// Reads and checks a header against the layout and the layer expected.
fn read_header(
    bytes: &[u8],
    layout: &Layout,
    placed: u8,
    width: Width,
) -> Result<LayerHeader, PerfectError> {
    let mut r = Reader {
        bytes,
        at: 0,
        short: || PerfectError::Corrupt("the layer's file ends inside its header".to_owned()),
    };
    if &r.take::<8>()? != MAGIC {
        return Err(PerfectError::BadMagic("Bagh Chal placement"));
    }
    let version = r.u32()?;
    if version != VERSION {
        return Err(PerfectError::BadVersion {
            found: version,
            reads: VERSION,
        });
    }
    let [goats, captures_to_win, found_placed, bits] = r.take::<4>()?;
    let classes = r.u32()?;
    let wanted = (
        layout.goats,
        layout.captures_to_win,
        placed,
        width.bits(),
        layout.classes,
    );
    let found = (goats, captures_to_win, found_placed, bits, classes as usize);
    if found != wanted {
        return Err(PerfectError::Corrupt(format!(
            "layer file of goats {goats}, captures-to-win {captures_to_win}, layer {found_placed}, \
             {bits} bits, {classes} classes; expected goats {}, captures-to-win {}, layer {placed}, \
             {} bits, {} classes",
            layout.goats,
            layout.captures_to_win,
            width.bits(),
            layout.classes
        )));
    }
    let source = r.u64()?;
    for block in layout.blocks(placed, width) {
        let on_board = r.u32()?;
        let len = r.u64()?;
        if (on_board, len) != (block.on_board, block.len) {
            return Err(PerfectError::Corrupt(format!(
                "layer {placed}, {} captured: {on_board} goats and {len} positions",
                block.captured
            )));
        }
    }
    let mut tallies = [Tally::default(); 2];
    for tally in &mut tallies {
        tally.wins = r.u64()?;
        tally.draws = r.u64()?;
        tally.losses = r.u64()?;
        tally.longest = r.u32()?;
        if tally.total() != layout.part_len(placed) {
            return Err(PerfectError::Corrupt(format!(
                "layer {placed}: counts of {} positions, expected {}",
                tally.total(),
                layout.part_len(placed)
            )));
        }
    }
    debug_assert_eq!(r.at, header_len(layout, placed));
    Ok(LayerHeader {
        placed,
        width,
        source,
        tallies,
    })
}

/// Writes layer `header.placed`'s file into `dir` (under a temporary name, synced, then
/// renamed over any file of that name) and returns its checksum.
pub fn write_layer(
    dir: &Path,
    layout: &Layout,
    header: &LayerHeader,
    goats: &Part,
    tigers: &Part,
) -> Result<u64, PerfectError> {
    let temporary = temporary_path(dir, header.placed);
    let file = File::create(&temporary)?;
    let mut out = BufWriter::with_capacity(BUFFER, file);
    let mut sum = Fnv1a::new();
    let head = header_bytes(layout, header);
    sum.update(&head);
    out.write_all(&head)?;
    for part in [goats, tigers] {
        for piece in part.bytes.chunks(BUFFER) {
            sum.update(piece);
            out.write_all(piece)?;
        }
    }
    let checksum = sum.finish();
    out.write_all(&checksum.to_le_bytes())?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, layer_path(dir, header.placed))?;
    // The rename itself reaches the disk with the directory.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(checksum)
}

/// A layer's file read back whole and checked.
#[derive(Debug)]
pub struct LayerFile {
    pub header: LayerHeader,
    /// The checksum it ends with.
    pub checksum: u64,
    /// The goats' part, when asked for.
    pub goats: Option<Part>,
    /// The tigers' part, when asked for.
    pub tigers: Option<Part>,
}

/// Reads layer `placed`'s file from `dir` and checks all of it (header, length, checksum);
/// keeps in memory only the parts asked for (`[goats, tigers]`).
pub fn read_layer(
    dir: &Path,
    layout: &Layout,
    placed: u8,
    width: Width,
    keep: [bool; 2],
) -> Result<LayerFile, PerfectError> {
    let path = layer_path(dir, placed);
    let file = File::open(&path)?;
    let expected = expected_len(layout, placed, width);
    let found = file.metadata()?.len();
    if found != expected {
        return Err(PerfectError::Corrupt(format!(
            "{}: {found} bytes, the layer has {expected}",
            path.display()
        )));
    }
    let mut input = BufReader::with_capacity(BUFFER, file);
    let mut sum = Fnv1a::new();
    let mut head = vec![0u8; header_len(layout, placed)];
    input.read_exact(&mut head)?;
    sum.update(&head);
    let header = read_header(&head, layout, placed, width)?;
    let mut parts = [None, None];
    let mut skip = vec![0u8; BUFFER];
    for (slot, wanted) in parts.iter_mut().zip(keep) {
        let mut part = Part {
            placed,
            width,
            blocks: layout.blocks(placed, width),
            bytes: Vec::new(),
        };
        let len = layout.part_bytes(placed, width);
        if wanted {
            part.bytes = vec![0; len];
            for piece in part.bytes.chunks_mut(BUFFER) {
                input.read_exact(piece)?;
                sum.update(piece);
            }
            *slot = Some(part);
        } else {
            let mut left = len;
            while left > 0 {
                let piece = &mut skip[..left.min(BUFFER)];
                input.read_exact(piece)?;
                sum.update(piece);
                left -= piece.len();
            }
        }
    }
    let mut stored = [0u8; 8];
    input.read_exact(&mut stored)?;
    let stored = u64::from_le_bytes(stored);
    let computed = sum.finish();
    if stored != computed {
        return Err(PerfectError::Checksum { stored, computed });
    }
    let [goats, tigers] = parts;
    Ok(LayerFile {
        header,
        checksum: stored,
        goats,
        tigers,
    })
}

/// The length of layer `placed`'s file.
fn expected_len(layout: &Layout, placed: u8, width: Width) -> u64 {
    (header_len(layout, placed) + 2 * layout.part_bytes(placed, width) + 8) as u64
}

/// A layer's file opened for single values: its header checked, not its checksum.
#[derive(Debug)]
pub struct OpenLayer {
    pub header: LayerHeader,
    pub file: File,
    /// Where the goats' part and the tigers' part start in the file.
    pub starts: [u64; 2],
    /// The checksum the file ends with.
    pub checksum: u64,
}

/// Opens layer `placed`'s file from `dir`, of either width, checking its header and length.
pub fn open_layer(dir: &Path, layout: &Layout, placed: u8) -> Result<OpenLayer, PerfectError> {
    let path = layer_path(dir, placed);
    let mut file = File::open(&path)?;
    let mut head = [0u8; 16];
    file.read_exact(&mut head)?;
    let width = Width::of_bits(head[15]).ok_or_else(|| {
        PerfectError::Corrupt(format!("{}: {} bits a value", path.display(), head[15]))
    })?;
    let found = file.metadata()?.len();
    let expected = expected_len(layout, placed, width);
    if found != expected {
        return Err(PerfectError::Corrupt(format!(
            "{}: {found} bytes, the layer has {expected}",
            path.display()
        )));
    }
    let mut bytes = vec![0u8; header_len(layout, placed)];
    read_at(&file, &mut bytes, 0)?;
    let header = read_header(&bytes, layout, placed, width)?;
    let mut checksum = [0u8; 8];
    read_at(&file, &mut checksum, found - 8)?;
    let goats_start = bytes.len() as u64;
    let tigers_start = goats_start + layout.part_bytes(placed, width) as u64;
    Ok(OpenLayer {
        header,
        file,
        starts: [goats_start, tigers_start],
        checksum: u64::from_le_bytes(checksum),
    })
}

/// Fills `buf` from `file` at `offset`, without moving the file's cursor (so threads may share
/// the file).
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
    }
    #[cfg(windows)]
    {
        let mut done = 0;
        while done < buf.len() {
            let n = std::os::windows::fs::FileExt::seek_read(
                file,
                &mut buf[done..],
                offset + done as u64,
            )?;
            if n == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            done += n;
        }
        Ok(())
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = (file, buf, offset);
        Err(std::io::ErrorKind::Unsupported.into())
    }
}
