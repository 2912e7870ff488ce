//! The page overlay: one file's unsynced data and length, held in memory over its backing
//! file, and written to the backing file by a sync.
//!
//! The overlay is pure: it reads the backing file through [`ReadAt`] and writes it through
//! [`Backing`], so it is tested against a `Vec<u8>` as well as used over a [`File`].
//!
//! What a reader sees at byte `i` of the file:
//! - past [`Overlay::len`], nothing (reads are clipped there);
//! - in a pending page, that page's byte;
//! - else below the *base length*, the backing file's byte; else zero.
//!
//! The base length starts as the backing file's length and only a truncation moves it (down):
//! bytes the file was cut short of must read as zeros if it grows again, although the backing
//! file still holds them until the next sync.
//!
//! Invariant: in every pending page, the bytes at or past `len` are zero, so growing the file
//! (by a truncation up, or a write past the end) shows zeros there without touching the page.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;

/// The granule of pending data: a write touches whole pages of this size.
pub const PAGE_SIZE: u64 = 4096;

const PAGE: usize = PAGE_SIZE as usize;

/// Reads the backing file as last synced. A short read means its end.
pub trait ReadAt {
    /// Reads into `buf` from `offset`; fewer bytes (zero at the end) than asked for at its end.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize>;
}

/// The backing file a sync writes to.
pub trait Backing: ReadAt {
    /// Writes all of `buf` at `offset`, growing the file with zeros before it if need be.
    fn write_all_at(&mut self, buf: &[u8], offset: u64) -> io::Result<()>;
    /// Makes the file `len` bytes long: cut short, or grown with zeros.
    fn set_len(&mut self, len: u64) -> io::Result<()>;
}

impl ReadAt for File {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        FileExt::read_at(self, buf, offset)
    }
}

impl<T: ReadAt + ?Sized> ReadAt for &T {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        (**self).read_at(buf, offset)
    }
}

impl Backing for &File {
    fn write_all_at(&mut self, buf: &[u8], offset: u64) -> io::Result<()> {
        FileExt::write_all_at(*self, buf, offset)
    }

    fn set_len(&mut self, len: u64) -> io::Result<()> {
        File::set_len(self, len)
    }
}

/// A file in memory: the model the overlay is tested against.
impl ReadAt for Vec<u8> {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        let Ok(start) = usize::try_from(offset) else {
            return Ok(0);
        };
        let Some(rest) = self.get(start..) else {
            return Ok(0);
        };
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        Ok(n)
    }
}

impl Backing for Vec<u8> {
    fn write_all_at(&mut self, buf: &[u8], offset: u64) -> io::Result<()> {
        let start = to_usize(offset)?;
        let end = start + buf.len();
        if self.len() < end {
            self.resize(end, 0);
        }
        self[start..end].copy_from_slice(buf);
        Ok(())
    }

    fn set_len(&mut self, len: u64) -> io::Result<()> {
        self.resize(to_usize(len)?, 0);
        Ok(())
    }
}

fn to_usize(n: u64) -> io::Result<usize> {
    usize::try_from(n).map_err(|_| io::Error::from(io::ErrorKind::FileTooLarge))
}

/// One file's pending state: its length and the pages written since the last sync.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlay {
    /// The file's length as written: what `stat` shows and where reads end.
    len: u64,
    /// Below this, bytes not in a pending page are the backing file's; at and past it, zeros.
    base_len: u64,
    /// The backing file's length (only a sync changes it).
    backing_len: u64,
    /// Page index → the page's `PAGE_SIZE` bytes.
    pages: BTreeMap<u64, Box<[u8]>>,
}

impl Overlay {
    /// Nothing pending over a backing file of `backing_len` bytes.
    pub fn new(backing_len: u64) -> Overlay {
        Overlay {
            len: backing_len,
            base_len: backing_len,
            backing_len,
            pages: BTreeMap::new(),
        }
    }

    /// The file's length as written.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file is empty as written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether a sync would change nothing: no page pending and the length as synced.
    pub fn is_clean(&self) -> bool {
        self.pages.is_empty() && self.len == self.backing_len && self.base_len == self.backing_len
    }

    /// The pages held in memory.
    pub fn pending_pages(&self) -> usize {
        self.pages.len()
    }

    /// The bytes held in memory: whole pages.
    pub fn pending_bytes(&self) -> u64 {
        self.pages.len() as u64 * PAGE_SIZE
    }

    /// Reads up to `size` bytes at `offset` of the file as written: fewer at its end.
    pub fn read(&self, base: &impl ReadAt, offset: u64, size: usize) -> io::Result<Vec<u8>> {
        let end = offset.saturating_add(size as u64).min(self.len);
        if offset >= end {
            return Ok(Vec::new());
        }
        let mut out = vec![0; to_usize(end - offset)?];
        let mut pos = offset;
        while pos < end {
            let index = pos / PAGE_SIZE;
            let at = to_usize(pos - offset)?;
            if let Some(page) = self.pages.get(&index) {
                let run_end = end.min((index + 1) * PAGE_SIZE);
                let from = to_usize(pos - index * PAGE_SIZE)?;
                let n = to_usize(run_end - pos)?;
                out[at..at + n].copy_from_slice(&page[from..from + n]);
                pos = run_end;
            } else {
                // Up to the next pending page, from the backing file.
                let next = self
                    .pages
                    .range(index..)
                    .next()
                    .map(|(&i, _)| i * PAGE_SIZE);
                let run_end = next.map_or(end, |n| n.min(end));
                let n = to_usize(run_end - pos)?;
                self.read_base(base, pos, &mut out[at..at + n])?;
                pos = run_end;
            }
        }
        Ok(out)
    }

    /// Writes `data` at `offset`, growing the file if it ends past the end.
    pub fn write(&mut self, base: &impl ReadAt, offset: u64, data: &[u8]) -> io::Result<()> {
        let end = offset
            .checked_add(data.len() as u64)
            .ok_or_else(|| io::Error::from(io::ErrorKind::FileTooLarge))?;
        let mut pos = offset;
        while pos < end {
            let index = pos / PAGE_SIZE;
            let page_start = index * PAGE_SIZE;
            let run_end = end.min(page_start + PAGE_SIZE);
            if !self.pages.contains_key(&index) {
                let mut page = vec![0; PAGE].into_boxed_slice();
                let whole = pos == page_start && run_end == page_start + PAGE_SIZE;
                if !whole {
                    self.read_base(base, page_start, &mut page)?;
                }
                self.pages.insert(index, page);
            }
            if let Some(page) = self.pages.get_mut(&index) {
                let from = to_usize(pos - page_start)?;
                let n = to_usize(run_end - pos)?;
                let src = to_usize(pos - offset)?;
                page[from..from + n].copy_from_slice(&data[src..src + n]);
            }
            pos = run_end;
        }
        self.len = self.len.max(end);
        Ok(())
    }

    /// Sets the file's length: cut short (its pages past the end dropped, the last one zeroed
    /// past it) or grown with zeros.
    pub fn truncate(&mut self, len: u64) {
        if len < self.len {
            // Pages wholly at or past the new end go; the one it falls in is zeroed past it.
            let first_gone = len.div_ceil(PAGE_SIZE);
            self.pages.split_off(&first_gone);
            let tail = (len % PAGE_SIZE) as usize;
            if tail != 0
                && let Some(page) = self.pages.get_mut(&(len / PAGE_SIZE))
            {
                page[tail..].fill(0);
            }
            self.base_len = self.base_len.min(len);
        }
        self.len = len;
    }

    /// Writes the pending pages and the length to `backing` (the caller then syncs the backing
    /// file itself), and returns how many bytes of pages it wrote. Afterwards the backing file
    /// holds the file as written and this overlay is no longer needed ([`Overlay::new`] of
    /// [`Overlay::len`] would describe it).
    pub fn sync(&self, backing: &mut impl Backing) -> io::Result<u64> {
        let mut current = self.backing_len;
        if self.base_len < current {
            // What a truncation cut off must not come back between the pages.
            backing.set_len(self.base_len)?;
            current = self.base_len;
        }
        let mut written = 0;
        for (&index, page) in &self.pages {
            let start = index * PAGE_SIZE;
            if start >= self.len {
                continue;
            }
            let n = to_usize((self.len - start).min(PAGE_SIZE))?;
            backing.write_all_at(&page[..n], start)?;
            written += n as u64;
            current = current.max(start + n as u64);
        }
        if current != self.len {
            backing.set_len(self.len)?;
        }
        Ok(written)
    }

    /// Fills `buf` with the base bytes at `offset`: the backing file's below the base length,
    /// zeros past it.
    fn read_base(&self, base: &impl ReadAt, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        buf.fill(0);
        let avail = self.base_len.saturating_sub(offset).min(buf.len() as u64);
        let mut done = 0;
        let want = to_usize(avail)?;
        while done < want {
            match base.read_at(&mut buf[done..want], offset + done as u64) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use proptest::prelude::*;

    const P: u64 = PAGE_SIZE;

    fn bytes(len: usize, seed: u8) -> Vec<u8> {
        (0..len)
            .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
            .collect()
    }

    fn all(overlay: &Overlay, base: &Vec<u8>) -> Vec<u8> {
        overlay.read(base, 0, overlay.len() as usize + 10).unwrap()
    }

    #[test]
    fn a_write_across_page_boundaries_reads_back_over_the_backing_bytes() {
        let backing = bytes(3 * P as usize, 1);
        let mut ov = Overlay::new(backing.len() as u64);
        let data = vec![0xAB; P as usize + 100];
        ov.write(&backing, P - 50, &data).unwrap();
        assert_eq!(ov.pending_pages(), 3, "the write touches pages 0, 1 and 2");
        let mut expect = backing.clone();
        expect[(P - 50) as usize..(2 * P + 50) as usize].fill(0xAB);
        assert_eq!(all(&ov, &backing), expect);
        assert_eq!(ov.len(), 3 * P);
        // The backing file is untouched until a sync.
        assert_eq!(backing, bytes(3 * P as usize, 1));
    }

    #[test]
    fn a_write_past_the_end_grows_the_file_with_zeros_between() {
        let backing = bytes(100, 2);
        let mut ov = Overlay::new(100);
        ov.write(&backing, 2 * P + 10, b"xyz").unwrap();
        assert_eq!(ov.len(), 2 * P + 13);
        let got = all(&ov, &backing);
        assert_eq!(&got[..100], &backing[..]);
        assert!(got[100..(2 * P + 10) as usize].iter().all(|&b| b == 0));
        assert_eq!(&got[(2 * P + 10) as usize..], b"xyz");
        // Only the page written is pending, not the hole.
        assert_eq!(ov.pending_pages(), 1);
    }

    #[test]
    fn truncation_down_then_up_shows_zeros_not_the_old_bytes() {
        let backing = bytes(2 * P as usize, 3);
        let mut ov = Overlay::new(2 * P);
        ov.write(&backing, 10, b"hello").unwrap();
        ov.truncate(12);
        assert_eq!(ov.len(), 12);
        assert_eq!(all(&ov, &backing), [&backing[..10], b"he"].concat());
        ov.truncate(P + 5);
        let got = all(&ov, &backing);
        assert_eq!(got.len(), (P + 5) as usize);
        assert_eq!(&got[..12], [&backing[..10], b"he"].concat().as_slice());
        assert!(
            got[12..].iter().all(|&b| b == 0),
            "the cut-off bytes stay gone"
        );
    }

    #[test]
    fn truncation_of_an_unwritten_file_needs_no_page() {
        let backing = bytes(3 * P as usize, 4);
        let mut ov = Overlay::new(3 * P);
        ov.truncate(P + 1);
        assert_eq!(ov.pending_pages(), 0);
        assert!(!ov.is_clean(), "a length change is pending");
        ov.truncate(4 * P);
        let got = all(&ov, &backing);
        assert_eq!(&got[..=P as usize], &backing[..=P as usize]);
        assert!(got[(P + 1) as usize..].iter().all(|&b| b == 0));
    }

    #[test]
    fn reads_past_the_end_are_short_or_empty() {
        let backing = bytes(10, 5);
        let mut ov = Overlay::new(10);
        ov.write(&backing, 8, b"abcd").unwrap();
        assert_eq!(
            ov.read(&backing, 6, 100).unwrap(),
            [&backing[6..8], b"abcd"].concat()
        );
        assert_eq!(ov.read(&backing, 12, 100).unwrap(), Vec::<u8>::new());
        assert_eq!(ov.read(&backing, 1000, 5).unwrap(), Vec::<u8>::new());
        assert_eq!(
            ov.read(&backing, u64::MAX - 1, 5).unwrap(),
            Vec::<u8>::new()
        );
    }

    #[test]
    fn a_sync_writes_the_pages_and_the_length() {
        let mut backing = bytes(3 * P as usize, 6);
        let mut ov = Overlay::new(3 * P);
        ov.write(&backing, P + 1, b"one").unwrap();
        ov.truncate(P + 2);
        ov.truncate(2 * P);
        ov.write(&backing, 2 * P + 7, b"two").unwrap();
        let expect = all(&ov, &backing);
        let written = ov.sync(&mut backing).unwrap();
        assert_eq!(backing, expect);
        // Page 1 and the 10 bytes of page 2 up to the end.
        assert_eq!(written, P + 10);
        // The backing file now is the file: a fresh overlay over it reads the same.
        let fresh = Overlay::new(backing.len() as u64);
        assert_eq!(all(&fresh, &backing), expect);
        assert!(fresh.is_clean());
    }

    #[test]
    fn a_sync_of_a_file_cut_short_leaves_the_backing_file_short() {
        let mut backing = bytes(3 * P as usize, 7);
        let mut ov = Overlay::new(3 * P);
        ov.truncate(100);
        assert_eq!(ov.sync(&mut backing).unwrap(), 0);
        assert_eq!(backing, bytes(100, 7));
    }

    #[derive(Debug, Clone)]
    enum Op {
        Write { offset: u64, len: usize, seed: u8 },
        Truncate(u64),
        Read { offset: u64, size: usize },
        Sync,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => (0..4 * P + 100, 0..2 * P as usize + 10, any::<u8>())
                .prop_map(|(offset, len, seed)| Op::Write { offset, len, seed }),
            2 => (0..5 * P).prop_map(Op::Truncate),
            2 => (0..5 * P, 0..3 * P as usize).prop_map(|(offset, size)| Op::Read { offset, size }),
            1 => Just(Op::Sync),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Against a `Vec<u8>` model of the file as written: every read agrees, a sync leaves
        /// the backing file equal to the model, and until a sync the backing file keeps what
        /// the last sync wrote (what a cut leaves).
        #[test]
        fn the_overlay_behaves_as_a_file(
            initial in proptest::collection::vec(any::<u8>(), 0..3 * P as usize),
            ops in proptest::collection::vec(op(), 1..40),
        ) {
            let mut backing = initial.clone();
            let mut synced = initial.clone();
            let mut model = initial;
            let mut ov = Overlay::new(backing.len() as u64);
            for op in ops {
                match op {
                    Op::Write { offset, len, seed } => {
                        let data = bytes(len, seed);
                        ov.write(&backing, offset, &data).unwrap();
                        let end = offset as usize + len;
                        if model.len() < end {
                            model.resize(end, 0);
                        }
                        model[offset as usize..end].copy_from_slice(&data);
                    }
                    Op::Truncate(len) => {
                        ov.truncate(len);
                        model.resize(len as usize, 0);
                    }
                    Op::Read { offset, size } => {
                        let got = ov.read(&backing, offset, size).unwrap();
                        let start = (offset as usize).min(model.len());
                        let end = (offset as usize + size).min(model.len());
                        prop_assert_eq!(got, model[start..end].to_vec());
                    }
                    Op::Sync => {
                        ov.sync(&mut backing).unwrap();
                        prop_assert_eq!(&backing, &model);
                        synced = backing.clone();
                        ov = Overlay::new(backing.len() as u64);
                        prop_assert!(ov.is_clean());
                    }
                }
                prop_assert_eq!(ov.len(), model.len() as u64);
                prop_assert_eq!(&backing, &synced, "only a sync writes the backing file");
                let whole = ov.read(&backing, 0, model.len() + 1).unwrap();
                prop_assert_eq!(&whole, &model);
            }
        }
    }
}
