//! Byte-level helpers the database files share: the FNV-1a checksum and a reader of fixed-size
//! header fields that reports a file cut short as corrupt.

use super::baghchal::file::TbError;

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Checks the FNV-1a checksum stored in the 8 bytes that follow `bytes[..end]` (the caller has
/// checked that the file is exactly `end + 8` bytes long).
pub(crate) fn check_trailing_checksum(bytes: &[u8], end: usize) -> Result<(), TbError> {
    let mut stored = [0u8; 8];
    stored.copy_from_slice(&bytes[end..end + 8]);
    let stored = u64::from_le_bytes(stored);
    let computed = fnv1a(&bytes[..end]);
    if stored != computed {
        return Err(TbError::Checksum { stored, computed });
    }
    Ok(())
}

/// Reads fixed-size little-endian fields off the front of a byte slice.
pub(crate) struct Reader<'a> {
    pub bytes: &'a [u8],
    pub at: usize,
    /// What a field past the end is reported as.
    pub short: fn() -> TbError,
}

impl Reader<'_> {
    pub fn take<const N: usize>(&mut self) -> Result<[u8; N], TbError> {
        let field = self
            .bytes
            .get(self.at..self.at + N)
            .ok_or_else(self.short)?;
        self.at += N;
        let mut out = [0; N];
        out.copy_from_slice(field);
        Ok(out)
    }

    pub fn u32(&mut self) -> Result<u32, TbError> {
        self.take::<4>().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Result<u64, TbError> {
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
            short: || TbError::Corrupt("short".to_owned()),
        };
        assert_eq!(r.u32().unwrap(), 1);
        assert_eq!(r.u64().unwrap(), 2);
        assert!(matches!(r.u32(), Err(TbError::Corrupt(m)) if m == "short"));
        assert_eq!(r.take::<1>().unwrap(), [9]);
        // The published FNV-1a test vectors.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
