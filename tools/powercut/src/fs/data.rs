//! A file's data: reads see the pending pages over the backing file, writes and length
//! changes wait in the file's [`Overlay`], and a sync writes them to the backing file.

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;

use fuser::Errno;

use super::state::State;
use super::{Res, errno};
use crate::overlay::Overlay;

impl State {
    pub(super) fn read(&self, ino: u64, fh: u64, offset: u64, size: u32) -> Res<Vec<u8>> {
        let handle = self.handles.get(&fh).ok_or(Errno::EBADF)?;
        let node = self.nodes.get(ino).ok_or(Errno::ENOENT)?;
        match &node.overlay {
            Some(overlay) => overlay.read(&handle.file, offset, size as usize),
            None => read_file(&handle.file, offset, size as usize),
        }
        .map_err(errno)
    }

    pub(super) fn write(&mut self, ino: u64, fh: u64, offset: u64, data: &[u8]) -> Res<u32> {
        let State {
            nodes,
            handles,
            counters,
            ..
        } = self;
        let handle = handles.get(&fh).ok_or(Errno::EBADF)?;
        let node = nodes.get_mut(ino).ok_or(Errno::ENOENT)?;
        let overlay = match &mut node.overlay {
            Some(overlay) => overlay,
            empty @ None => {
                let len = handle.file.metadata().map_err(errno)?.len();
                empty.insert(Overlay::new(len))
            }
        };
        overlay.write(&handle.file, offset, data).map_err(errno)?;
        counters.bytes_written += data.len() as u64;
        let sync = handle.sync_writes;
        if sync {
            self.sync(ino, false)?;
        }
        u32::try_from(data.len()).map_err(|_| Errno::EINVAL)
    }

    /// Sets the length as written (a data change: pending until synced).
    pub(super) fn set_len(&mut self, ino: u64, md: &Metadata, len: u64) {
        if let Some(node) = self.nodes.get_mut(ino) {
            let overlay = node.overlay.get_or_insert_with(|| Overlay::new(md.len()));
            overlay.truncate(len);
            if overlay.is_clean() {
                node.overlay = None;
            }
        }
    }

    /// Writes the file's pending pages and length to its backing file and syncs that.
    pub(super) fn sync(&mut self, ino: u64, data_only: bool) -> Res<()> {
        let State {
            nodes,
            handles,
            counters,
            ..
        } = self;
        let Some(overlay) = nodes.get(ino).and_then(|n| n.overlay.as_ref()) else {
            return Ok(());
        };
        let opened;
        let file = match handles.values().find(|h| h.ino == ino && h.writable) {
            Some(handle) => &handle.file,
            None => match nodes.path(ino) {
                Some(path) => {
                    opened = OpenOptions::new().write(true).open(path).map_err(errno)?;
                    &opened
                }
                // Nameless, and no handle to write with: nothing of it could outlive a cut.
                None => return Ok(()),
            },
        };
        let mut backing = file;
        let written = overlay.sync(&mut backing).map_err(errno)?;
        if data_only {
            file.sync_data().map_err(errno)?;
        } else {
            file.sync_all().map_err(errno)?;
        }
        counters.bytes_synced += written;
        if let Some(node) = nodes.get_mut(ino) {
            node.overlay = None;
        }
        Ok(())
    }

    pub(super) fn sync_all(&mut self) -> usize {
        let pending: Vec<u64> = self
            .nodes
            .iter()
            .filter(|(_, n)| n.overlay.is_some() && n.linked)
            .map(|(ino, _)| ino)
            .collect();
        let mut failed = 0;
        for ino in pending {
            if let Err(e) = self.sync(ino, false) {
                tracing::error!("cannot sync inode {ino}: {e:?}");
                failed += 1;
            }
        }
        failed
    }
}

/// Reads up to `size` bytes at `offset` of a file with nothing pending.
fn read_file(file: &File, offset: u64, size: usize) -> io::Result<Vec<u8>> {
    let mut buf = vec![0; size];
    let mut done = 0;
    while done < size {
        match file.read_at(&mut buf[done..], offset + done as u64) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    buf.truncate(done);
    Ok(buf)
}
