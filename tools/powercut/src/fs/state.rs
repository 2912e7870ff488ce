//! The state behind the file system's one lock: the inode table, the open handles and the
//! counters; names looked up, attributes as the kernel is given them, files opened.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fuser::{Errno, FileAttr, FileType, INodeNo};
use rustix::fs::OFlags;

use super::{Res, errno};
use crate::nodes::Nodes;
use crate::stats::Stats;

/// An open file: the backing file opened alike.
#[derive(Debug)]
pub(super) struct Handle {
    pub(super) ino: u64,
    pub(super) file: File,
    pub(super) writable: bool,
    /// Opened with `O_SYNC` or `O_DSYNC`: each write is synced before it returns.
    pub(super) sync_writes: bool,
}

#[derive(Debug, Default)]
pub(super) struct Counters {
    pub(super) fsyncs: u64,
    pub(super) dir_fsyncs: u64,
    pub(super) bytes_written: u64,
    pub(super) bytes_synced: u64,
}

#[derive(Debug)]
pub(super) struct State {
    pub(super) nodes: Nodes,
    pub(super) handles: HashMap<u64, Handle>,
    pub(super) next_fh: u64,
    pub(super) counters: Counters,
    /// Set by [`Remote::abandon_pending`](super::Remote::abandon_pending): the end of the
    /// session syncs nothing.
    pub(super) abandoned: bool,
}

impl State {
    pub(super) fn stats(&self) -> Stats {
        let mut stats = Stats {
            fsyncs: self.counters.fsyncs,
            dir_fsyncs: self.counters.dir_fsyncs,
            bytes_written: self.counters.bytes_written,
            bytes_synced: self.counters.bytes_synced,
            ..Stats::default()
        };
        for (_, node) in self.nodes.iter() {
            if let Some(overlay) = &node.overlay {
                stats.pending_files += 1;
                stats.pending_bytes += overlay.pending_bytes();
            }
        }
        stats
    }

    pub(super) fn path(&self, ino: u64) -> Res<PathBuf> {
        self.nodes.path(ino).ok_or(Errno::ENOENT)
    }

    pub(super) fn child_path(&self, parent: u64, name: &OsStr) -> Res<PathBuf> {
        self.nodes.child_path(parent, name).ok_or(Errno::ENOENT)
    }

    /// Some open handle on `ino`, preferring `fh`.
    pub(super) fn any_handle(&self, ino: u64, fh: Option<u64>) -> Option<&Handle> {
        fh.and_then(|fh| self.handles.get(&fh))
            .filter(|h| h.ino == ino)
            .or_else(|| self.handles.values().find(|h| h.ino == ino))
    }

    /// The backing file's metadata (its length as synced).
    pub(super) fn metadata(&self, ino: u64, fh: Option<u64>) -> Res<Metadata> {
        if let Some(path) = self.nodes.path(ino) {
            return fs::symlink_metadata(path).map_err(errno);
        }
        let handle = self.any_handle(ino, fh).ok_or(Errno::ENOENT)?;
        handle.file.metadata().map_err(errno)
    }

    /// The attributes the kernel is given: the backing file's, with the length as written.
    fn attr(&self, ino: u64, md: &Metadata) -> FileAttr {
        let pending = self.nodes.get(ino).and_then(|n| n.overlay.as_ref());
        let (size, blocks) = match pending {
            Some(overlay) => (overlay.len(), overlay.len().div_ceil(512)),
            None => (md.len(), md.blocks()),
        };
        FileAttr {
            ino: INodeNo(ino),
            size,
            blocks,
            atime: time(md.atime(), md.atime_nsec()),
            mtime: time(md.mtime(), md.mtime_nsec()),
            ctime: time(md.ctime(), md.ctime_nsec()),
            crtime: UNIX_EPOCH,
            kind: FileType::from_std(md.file_type()).unwrap_or(FileType::RegularFile),
            perm: (md.mode() & 0o7777) as u16,
            nlink: u32::try_from(md.nlink()).unwrap_or(u32::MAX),
            uid: md.uid(),
            gid: md.gid(),
            rdev: u32::try_from(md.rdev()).unwrap_or(0),
            blksize: u32::try_from(md.blksize()).unwrap_or(4096),
            flags: 0,
        }
    }

    pub(super) fn getattr(&self, ino: u64, fh: Option<u64>) -> Res<FileAttr> {
        let md = self.metadata(ino, fh)?;
        Ok(self.attr(ino, &md))
    }

    pub(super) fn lookup(&mut self, parent: u64, name: &OsStr) -> Res<FileAttr> {
        let path = self.child_path(parent, name)?;
        let md = fs::symlink_metadata(path).map_err(errno)?;
        let ino = self.nodes.insert(parent, name);
        Ok(self.attr(ino, &md))
    }

    fn add_handle(&mut self, ino: u64, file: File, flags: i32) -> u64 {
        let flags = OFlags::from_bits_retain(flags as u32);
        let fh = self.next_fh;
        self.next_fh += 1;
        self.handles.insert(
            fh,
            Handle {
                ino,
                file,
                writable: writable(flags),
                sync_writes: flags.intersects(OFlags::SYNC | OFlags::DSYNC),
            },
        );
        if let Some(node) = self.nodes.get_mut(ino) {
            node.open += 1;
        }
        fh
    }

    pub(super) fn open(&mut self, ino: u64, flags: i32) -> Res<u64> {
        let path = self.path(ino)?;
        let file = open_backing(&path, flags, None).map_err(errno)?;
        Ok(self.add_handle(ino, file, flags))
    }

    pub(super) fn create(
        &mut self,
        parent: u64,
        name: &OsStr,
        mode: u32,
        flags: i32,
    ) -> Res<(FileAttr, u64)> {
        let path = self.child_path(parent, name)?;
        let file = open_backing(&path, flags, Some(mode & 0o7777)).map_err(errno)?;
        let md = file.metadata().map_err(errno)?;
        let ino = self.nodes.insert(parent, name);
        if OFlags::from_bits_retain(flags as u32).contains(OFlags::TRUNC) && md.len() > 0 {
            self.set_len(ino, &md, 0);
        }
        let fh = self.add_handle(ino, file, flags);
        Ok((self.attr(ino, &md), fh))
    }

    pub(super) fn release(&mut self, ino: u64, fh: u64) {
        if self.handles.remove(&fh).is_some() {
            self.nodes.release(ino);
        }
    }
}

fn writable(flags: OFlags) -> bool {
    let acc = flags & OFlags::ACCMODE;
    acc == OFlags::WRONLY || acc == OFlags::RDWR
}

/// Opens the backing file as the caller asked, but readable where it may be (a page partly
/// written is read first) and without `O_APPEND`, `O_TRUNC` or `O_SYNC` (the kernel gives each
/// write its offset; truncation and syncs are this daemon's). `create` is the new file's mode.
pub(super) fn open_backing(path: &Path, flags: i32, create: Option<u32>) -> io::Result<File> {
    let flags = OFlags::from_bits_retain(flags as u32);
    let write = writable(flags);
    let mut options = OpenOptions::new();
    options.read(true).write(write);
    if let Some(mode) = create {
        options.mode(mode);
        if flags.contains(OFlags::EXCL) {
            options.create_new(true);
        } else {
            options.create(true);
        }
    }
    match options.open(path) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied && write => {
            options.read(false);
            options.open(path)
        }
        opened => opened,
    }
}

fn time(secs: i64, nsecs: i64) -> SystemTime {
    let nsecs = u32::try_from(nsecs).unwrap_or(0);
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs.unsigned_abs(), nsecs)
    } else {
        UNIX_EPOCH - Duration::new(secs.unsigned_abs(), 0) + Duration::new(0, nsecs)
    }
}
