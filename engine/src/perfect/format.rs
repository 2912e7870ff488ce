//! The file format the Bagh Chal and Sholo Guti databases share, and its byte-level helpers.
//!
//! Layout (little-endian):
//! - a magic of 8 bytes naming the game's database, the format version (u32), one parameter
//!   of the database (u8: Bagh Chal's captures-to-win, Sholo Guti's most pieces), the value
//!   width in bytes (u8: 1 when every value fits, else 2), two zero bytes;
//! - the game's own header fields (its shape and counts);
//! - the values, `width` bytes each;
//! - an FNV-1a checksum (u64) of everything before it.
//!
//! [`encode`] makes such a file's bytes (the lab's tools write them to disk); [`open`] checks
//! the common header and hands back a [`Reader`] for the game's fields; [`check_body`] checks
//! the length and the checksum.

use crate::perfect::error::PerfectError;

/// The format version this code writes and reads.
pub(crate) const VERSION: u32 = 1;

/// The value width that stores every value of `values`.
pub(crate) fn width_for<'a>(mut values: impl Iterator<Item = &'a u16>) -> u8 {
    if values.all(|&v| v < 256) { 1 } else { 2 }
}

/// A database file's bytes: the common header with `magic` and `param`, then `header` (the
/// game's fields), then `values` part after part at `width` bytes each, then the checksum.
pub fn encode(magic: &[u8; 8], param: u8, width: u8, header: &[u8], values: &[&[u16]]) -> Vec<u8> {
    let count: usize = values.iter().map(|part| part.len()).sum();
    let mut out = Vec::with_capacity(24 + header.len() + count * usize::from(width));
    out.extend_from_slice(magic);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[param, width, 0, 0]);
    out.extend_from_slice(header);
    for part in values {
        for &v in *part {
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

/// A file whose common header was checked: its parameter and value width, and a reader
/// positioned at the game's own header fields.
pub struct Opened<'a> {
    pub param: u8,
    pub width: u8,
    pub reader: Reader<'a>,
}

/// Checks the common header of `bytes`: the magic of `game`'s database, the version and the
/// value width.
pub fn open<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    game: &'static str,
    short: fn() -> PerfectError,
) -> Result<Opened<'a>, PerfectError> {
    let mut reader = Reader {
        bytes,
        at: 0,
        short,
    };
    if &reader.take::<8>()? != magic {
        return Err(PerfectError::BadMagic(game));
    }
    let version = reader.u32()?;
    if version != VERSION {
        return Err(PerfectError::BadVersion {
            found: version,
            reads: VERSION,
        });
    }
    let [param, width, _, _] = reader.take::<4>()?;
    if width != 1 && width != 2 {
        return Err(PerfectError::Corrupt(format!(
            "{game} tablebase: value width {width}"
        )));
    }
    Ok(Opened {
        param,
        width,
        reader,
    })
}

/// Checks that `bytes` holds `count` values of `width` bytes from `at`, then the checksum of
/// all before it; returns where the values end.
pub(crate) fn check_body(
    bytes: &[u8],
    at: usize,
    count: usize,
    width: u8,
) -> Result<usize, PerfectError> {
    let end = at + count * usize::from(width);
    if bytes.len() != end + 8 {
        return Err(PerfectError::Corrupt(format!(
            "{} bytes, the header promises {}",
            bytes.len(),
            end + 8
        )));
    }
    check_trailing_checksum(bytes, end)?;
    Ok(end)
}

/// The values of a body of `width`-byte values.
pub(crate) fn values_of(body: &[u8], width: u8) -> Vec<u16> {
    if width == 1 {
        body.iter().map(|&b| u16::from(b)).collect()
    } else {
        body.chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect()
    }
}

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::new();
    h.update(bytes);
    h.finish()
}

/// FNV-1a over bytes that come in pieces (a file written or read a part at a time).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn update(&mut self, bytes: &[u8]) {
        let mut h = self.0;
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = h;
    }

    pub(crate) fn finish(self) -> u64 {
        self.0
    }
}

/// Checks the FNV-1a checksum stored in the 8 bytes that follow `bytes[..end]` (the caller has
/// checked that the file is exactly `end + 8` bytes long).
fn check_trailing_checksum(bytes: &[u8], end: usize) -> Result<(), PerfectError> {
    let mut stored = [0u8; 8];
    stored.copy_from_slice(&bytes[end..end + 8]);
    let stored = u64::from_le_bytes(stored);
    let computed = fnv1a(&bytes[..end]);
    if stored != computed {
        return Err(PerfectError::Checksum { stored, computed });
    }
    Ok(())
}

/// Reads fixed-size little-endian fields off the front of a byte slice.
pub struct Reader<'a> {
    pub bytes: &'a [u8],
    pub at: usize,
    /// What a field past the end is reported as.
    pub short: fn() -> PerfectError,
}

impl Reader<'_> {
    pub fn take<const N: usize>(&mut self) -> Result<[u8; N], PerfectError> {
        let field = self
            .bytes
            .get(self.at..self.at + N)
            .ok_or_else(self.short)?;
        self.at += N;
        let mut out = [0; N];
        out.copy_from_slice(field);
        Ok(out)
    }

    pub fn u32(&mut self) -> Result<u32, PerfectError> {
        self.take::<4>().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Result<u64, PerfectError> {
        self.take::<8>().map(u64::from_le_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_in_order_and_a_short_file_is_corrupt() {
        let bytes = [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 9];
        let mut r = Reader {
            bytes: &bytes,
            at: 0,
            short: || PerfectError::Corrupt("short".to_owned()),
        };
        assert_eq!(r.u32().unwrap(), 1);
        assert_eq!(r.u64().unwrap(), 2);
        assert!(matches!(r.u32(), Err(PerfectError::Corrupt(m)) if m == "short"));
        assert_eq!(r.take::<1>().unwrap(), [9]);
        // The published FNV-1a test vectors.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        // In pieces, the same.
        let mut h = Fnv1a::new();
        h.update(b"foo");
        h.update(b"bar");
        assert_eq!(h.finish(), fnv1a(b"foobar"));
    }
}
