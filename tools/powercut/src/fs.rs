//! The file system the kernel talks to ([`fuser::Filesystem`]): every operation passes through
//! to the backing directory, except changes to a file's data and length, which wait in the
//! file's [`Overlay`] until an fsync of it.
//!
//! Attributes and entries are given with a TTL of zero, so the kernel asks again each time and
//! sees a file's length as written; files are opened without `keep_cache` (the page cache is
//! dropped at each open) and the writeback cache is not asked for, so each write reaches this
//! daemon before the write call returns.
//!
//! One lock guards the whole state: the FUSE session serves one request at a time, and the
//! control channel only reads counters.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File, Metadata, OpenOptions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, FileExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fuser::{
    Errno, FileAttr, FileHandle, FileType, Filesystem, FopenFlags, Generation, INodeNo, LockOwner,
    OpenFlags, RenameFlags, ReplyAttr, ReplyCreate, ReplyData, ReplyDirectory, ReplyEmpty,
    ReplyEntry, ReplyOpen, ReplyStatfs, ReplyWrite, ReplyXattr, Request, TimeOrNow, WriteFlags,
};
use rustix::fs::{AtFlags, CWD, OFlags, Timespec, Timestamps, UTIME_NOW, UTIME_OMIT};

use crate::nodes::{Nodes, ROOT};
use crate::overlay::Overlay;
use crate::stats::Stats;

/// How long the kernel may keep an attribute or an entry: not at all.
const TTL: Duration = Duration::ZERO;

type Res<T> = Result<T, Errno>;

fn errno(e: io::Error) -> Errno {
    Errno::from(e)
}

/// The FUSE file system over one backing directory.
#[derive(Debug)]
pub struct PowercutFs {
    state: Arc<Mutex<State>>,
}

/// Reaches a running [`PowercutFs`] from another thread (the control channel's).
#[derive(Debug, Clone)]
pub struct Remote {
    state: Arc<Mutex<State>>,
}

impl Remote {
    /// The counters now.
    pub fn stats(&self) -> Stats {
        lock(&self.state).stats()
    }

    /// From now on the session's end is a cut: the end of the session (an unmount) writes
    /// nothing. For a daemon about to exit without syncing, while its mount is detached.
    pub fn abandon_pending(&self) {
        lock(&self.state).abandoned = true;
    }
}

impl PowercutFs {
    /// A file system showing the directory `backing` (which must exist).
    pub fn new(backing: &Path) -> io::Result<PowercutFs> {
        let backing = backing.canonicalize()?;
        if !backing.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotADirectory,
                format!("{} is not a directory", backing.display()),
            ));
        }
        Ok(PowercutFs {
            state: Arc::new(Mutex::new(State {
                nodes: Nodes::new(&backing),
                handles: HashMap::new(),
                next_fh: 1,
                counters: Counters::default(),
                abandoned: false,
            })),
        })
    }

    /// A handle for the control channel.
    pub fn remote(&self) -> Remote {
        Remote {
            state: Arc::clone(&self.state),
        }
    }

    /// Writes every file's pending data to its backing file and syncs it, as a clean unmount
    /// does; returns how many files it could not sync.
    pub fn sync_all(&self) -> usize {
        lock(&self.state).sync_all()
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An open file: the backing file opened alike.
#[derive(Debug)]
struct Handle {
    ino: u64,
    file: File,
    writable: bool,
    /// Opened with `O_SYNC` or `O_DSYNC`: each write is synced before it returns.
    sync_writes: bool,
}

#[derive(Debug, Default)]
struct Counters {
    fsyncs: u64,
    dir_fsyncs: u64,
    bytes_written: u64,
    bytes_synced: u64,
}

#[derive(Debug)]
struct State {
    nodes: Nodes,
    handles: HashMap<u64, Handle>,
    next_fh: u64,
    counters: Counters,
    /// Set by [`Remote::abandon_pending`]: the end of the session syncs nothing.
    abandoned: bool,
}

impl State {
    fn stats(&self) -> Stats {
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

    fn path(&self, ino: u64) -> Res<PathBuf> {
        self.nodes.path(ino).ok_or(Errno::ENOENT)
    }

    fn child_path(&self, parent: u64, name: &OsStr) -> Res<PathBuf> {
        self.nodes.child_path(parent, name).ok_or(Errno::ENOENT)
    }

    /// Some open handle on `ino`, preferring `fh`.
    fn any_handle(&self, ino: u64, fh: Option<u64>) -> Option<&Handle> {
        fh.and_then(|fh| self.handles.get(&fh))
            .filter(|h| h.ino == ino)
            .or_else(|| self.handles.values().find(|h| h.ino == ino))
    }

    /// The backing file's metadata (its length as synced).
    fn metadata(&self, ino: u64, fh: Option<u64>) -> Res<Metadata> {
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

    fn getattr(&self, ino: u64, fh: Option<u64>) -> Res<FileAttr> {
        let md = self.metadata(ino, fh)?;
        Ok(self.attr(ino, &md))
    }

    fn lookup(&mut self, parent: u64, name: &OsStr) -> Res<FileAttr> {
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

    fn open(&mut self, ino: u64, flags: i32) -> Res<u64> {
        let path = self.path(ino)?;
        let file = open_backing(&path, flags, None).map_err(errno)?;
        Ok(self.add_handle(ino, file, flags))
    }

    fn create(&mut self, parent: u64, name: &OsStr, mode: u32, flags: i32) -> Res<(FileAttr, u64)> {
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

    fn release(&mut self, ino: u64, fh: u64) {
        if self.handles.remove(&fh).is_some() {
            self.nodes.release(ino);
        }
    }

    fn read(&self, ino: u64, fh: u64, offset: u64, size: u32) -> Res<Vec<u8>> {
        let handle = self.handles.get(&fh).ok_or(Errno::EBADF)?;
        let node = self.nodes.get(ino).ok_or(Errno::ENOENT)?;
        match &node.overlay {
            Some(overlay) => overlay.read(&handle.file, offset, size as usize),
            None => read_file(&handle.file, offset, size as usize),
        }
        .map_err(errno)
    }

    fn write(&mut self, ino: u64, fh: u64, offset: u64, data: &[u8]) -> Res<u32> {
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
    fn set_len(&mut self, ino: u64, md: &Metadata, len: u64) {
        if let Some(node) = self.nodes.get_mut(ino) {
            let overlay = node.overlay.get_or_insert_with(|| Overlay::new(md.len()));
            overlay.truncate(len);
            if overlay.is_clean() {
                node.overlay = None;
            }
        }
    }

    /// Writes the file's pending pages and length to its backing file and syncs that.
    fn sync(&mut self, ino: u64, data_only: bool) -> Res<()> {
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

    fn sync_all(&mut self) -> usize {
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

    #[allow(clippy::too_many_arguments)]
    fn setattr(
        &mut self,
        ino: u64,
        fh: Option<u64>,
        mode: Option<u32>,
        uid: Option<u32>,
        gid: Option<u32>,
        size: Option<u64>,
        atime: Option<TimeOrNow>,
        mtime: Option<TimeOrNow>,
    ) -> Res<FileAttr> {
        let path = self.nodes.path(ino);
        let handle = self.any_handle(ino, fh).map(|h| &h.file);
        if let Some(mode) = mode {
            let perms = fs::Permissions::from_mode(mode & 0o7777);
            match (&path, handle) {
                (Some(path), _) => fs::set_permissions(path, perms),
                (None, Some(file)) => file.set_permissions(perms),
                (None, None) => return Err(Errno::ENOENT),
            }
            .map_err(errno)?;
        }
        if uid.is_some() || gid.is_some() {
            match (&path, handle) {
                (Some(path), _) => std::os::unix::fs::lchown(path, uid, gid),
                (None, Some(file)) => std::os::unix::fs::fchown(file, uid, gid),
                (None, None) => return Err(Errno::ENOENT),
            }
            .map_err(errno)?;
        }
        if atime.is_some() || mtime.is_some() {
            let times = Timestamps {
                last_access: timespec(atime),
                last_modification: timespec(mtime),
            };
            match (&path, handle) {
                (Some(path), _) => {
                    rustix::fs::utimensat(CWD, path, &times, AtFlags::SYMLINK_NOFOLLOW)
                }
                (None, Some(file)) => rustix::fs::futimens(file, &times),
                (None, None) => return Err(Errno::ENOENT),
            }
            .map_err(|e| Errno::from_i32(e.raw_os_error()))?;
        }
        if let Some(size) = size {
            let md = self.metadata(ino, fh)?;
            if md.is_dir() {
                return Err(Errno::EISDIR);
            }
            if !md.is_file() {
                return Err(Errno::EINVAL);
            }
            self.set_len(ino, &md, size);
        }
        self.getattr(ino, fh)
    }

    fn mkdir(&mut self, parent: u64, name: &OsStr, mode: u32) -> Res<FileAttr> {
        let path = self.child_path(parent, name)?;
        fs::DirBuilder::new()
            .mode(mode & 0o7777)
            .create(&path)
            .map_err(errno)?;
        self.lookup(parent, name)
    }

    fn unlink(&mut self, parent: u64, name: &OsStr) -> Res<()> {
        let path = self.child_path(parent, name)?;
        fs::remove_file(path).map_err(errno)?;
        self.nodes.remove(parent, name);
        Ok(())
    }

    fn rmdir(&mut self, parent: u64, name: &OsStr) -> Res<()> {
        let path = self.child_path(parent, name)?;
        fs::remove_dir(path).map_err(errno)?;
        self.nodes.remove(parent, name);
        Ok(())
    }

    fn rename(
        &mut self,
        parent: u64,
        name: &OsStr,
        new_parent: u64,
        new_name: &OsStr,
        flags: u32,
    ) -> Res<()> {
        let from = self.child_path(parent, name)?;
        let to = self.child_path(new_parent, new_name)?;
        let flags = rustix::fs::RenameFlags::from_bits_retain(flags);
        if flags.is_empty() {
            fs::rename(&from, &to).map_err(errno)?;
        } else {
            rustix::fs::renameat_with(CWD, &from, CWD, &to, flags)
                .map_err(|e| Errno::from_i32(e.raw_os_error()))?;
        }
        if flags.contains(rustix::fs::RenameFlags::EXCHANGE) {
            self.nodes.exchange(parent, name, new_parent, new_name);
        } else {
            self.nodes.rename(parent, name, new_parent, new_name);
        }
        Ok(())
    }

    fn readdir(&mut self, ino: u64) -> Res<Vec<(u64, FileType, OsString)>> {
        let path = self.path(ino)?;
        let parent = self.nodes.get(ino).map_or(ROOT, |n| n.parent);
        let mut children = Vec::new();
        for entry in fs::read_dir(&path).map_err(errno)? {
            let entry = entry.map_err(errno)?;
            let kind = entry
                .file_type()
                .ok()
                .and_then(FileType::from_std)
                .unwrap_or(FileType::RegularFile);
            children.push((entry.file_name(), kind));
        }
        children.sort_by(|a, b| a.0.cmp(&b.0));
        let mut entries = vec![
            (ino, FileType::Directory, OsString::from(".")),
            (parent, FileType::Directory, OsString::from("..")),
        ];
        for (name, kind) in children {
            let child = self.nodes.insert(ino, &name);
            entries.push((child, kind, name));
        }
        Ok(entries)
    }

    fn fsyncdir(&mut self, ino: u64) -> Res<()> {
        let path = self.path(ino)?;
        File::open(path)
            .and_then(|dir| dir.sync_all())
            .map_err(errno)?;
        self.counters.dir_fsyncs += 1;
        Ok(())
    }
}

fn writable(flags: OFlags) -> bool {
    let acc = flags & OFlags::ACCMODE;
    acc == OFlags::WRONLY || acc == OFlags::RDWR
}

/// Opens the backing file as the caller asked, but readable where it may be (a page partly
/// written is read first) and without `O_APPEND`, `O_TRUNC` or `O_SYNC` (the kernel gives each
/// write its offset; truncation and syncs are this daemon's). `create` is the new file's mode.
fn open_backing(path: &Path, flags: i32, create: Option<u32>) -> io::Result<File> {
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

fn time(secs: i64, nsecs: i64) -> SystemTime {
    let nsecs = u32::try_from(nsecs).unwrap_or(0);
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs.unsigned_abs(), nsecs)
    } else {
        UNIX_EPOCH - Duration::new(secs.unsigned_abs(), 0) + Duration::new(0, nsecs)
    }
}

fn timespec(t: Option<TimeOrNow>) -> Timespec {
    match t {
        None => Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_OMIT,
        },
        Some(TimeOrNow::Now) => Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_NOW,
        },
        Some(TimeOrNow::SpecificTime(t)) => match t.duration_since(UNIX_EPOCH) {
            Ok(d) => Timespec {
                tv_sec: i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
                tv_nsec: i64::from(d.subsec_nanos()),
            },
            Err(before) => {
                let d = before.duration();
                let (secs, nanos) = if d.subsec_nanos() == 0 {
                    (-i64::try_from(d.as_secs()).unwrap_or(i64::MAX), 0)
                } else {
                    (
                        -i64::try_from(d.as_secs()).unwrap_or(i64::MAX) - 1,
                        1_000_000_000 - i64::from(d.subsec_nanos()),
                    )
                };
                Timespec {
                    tv_sec: secs,
                    tv_nsec: nanos,
                }
            }
        },
    }
}

impl Filesystem for PowercutFs {
    fn destroy(&mut self) {
        if self.state().abandoned {
            return;
        }
        // A clean unmount: what a clean shutdown would write back.
        let failed = self.sync_all();
        if failed > 0 {
            tracing::error!("{failed} files could not be synced at unmount");
        }
    }

    fn lookup(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEntry) {
        match self.state().lookup(parent.0, name) {
            Ok(attr) => reply.entry(&TTL, &attr, Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn getattr(&self, _req: &Request, ino: INodeNo, fh: Option<FileHandle>, reply: ReplyAttr) {
        match self.state().getattr(ino.0, fh.map(|f| f.0)) {
            Ok(attr) => reply.attr(&TTL, &attr),
            Err(e) => reply.error(e),
        }
    }

    fn setattr(
        &self,
        _req: &Request,
        ino: INodeNo,
        mode: Option<u32>,
        uid: Option<u32>,
        gid: Option<u32>,
        size: Option<u64>,
        atime: Option<TimeOrNow>,
        mtime: Option<TimeOrNow>,
        _ctime: Option<SystemTime>,
        fh: Option<FileHandle>,
        _crtime: Option<SystemTime>,
        _chgtime: Option<SystemTime>,
        _bkuptime: Option<SystemTime>,
        _flags: Option<fuser::BsdFileFlags>,
        reply: ReplyAttr,
    ) {
        let result =
            self.state()
                .setattr(ino.0, fh.map(|f| f.0), mode, uid, gid, size, atime, mtime);
        match result {
            Ok(attr) => reply.attr(&TTL, &attr),
            Err(e) => reply.error(e),
        }
    }

    fn mkdir(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        reply: ReplyEntry,
    ) {
        match self.state().mkdir(parent.0, name, mode & !umask) {
            Ok(attr) => reply.entry(&TTL, &attr, Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn unlink(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        match self.state().unlink(parent.0, name) {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn rmdir(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        match self.state().rmdir(parent.0, name) {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn rename(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        newparent: INodeNo,
        newname: &OsStr,
        flags: RenameFlags,
        reply: ReplyEmpty,
    ) {
        match self
            .state()
            .rename(parent.0, name, newparent.0, newname, flags.bits())
        {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn open(&self, _req: &Request, ino: INodeNo, flags: OpenFlags, reply: ReplyOpen) {
        match self.state().open(ino.0, flags.0) {
            // No FOPEN_KEEP_CACHE: the kernel drops its cached pages of the file at each open.
            Ok(fh) => reply.opened(FileHandle(fh), FopenFlags::empty()),
            Err(e) => reply.error(e),
        }
    }

    fn create(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        flags: i32,
        reply: ReplyCreate,
    ) {
        match self.state().create(parent.0, name, mode & !umask, flags) {
            Ok((attr, fh)) => reply.created(
                &TTL,
                &attr,
                Generation(0),
                FileHandle(fh),
                FopenFlags::empty(),
            ),
            Err(e) => reply.error(e),
        }
    }

    fn read(
        &self,
        _req: &Request,
        ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        size: u32,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyData,
    ) {
        match self.state().read(ino.0, fh.0, offset, size) {
            Ok(data) => reply.data(&data),
            Err(e) => reply.error(e),
        }
    }

    fn write(
        &self,
        _req: &Request,
        ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        data: &[u8],
        _write_flags: WriteFlags,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyWrite,
    ) {
        match self.state().write(ino.0, fh.0, offset, data) {
            Ok(n) => reply.written(n),
            Err(e) => reply.error(e),
        }
    }

    /// A close: nothing is persisted.
    fn flush(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _lock_owner: LockOwner,
        reply: ReplyEmpty,
    ) {
        reply.ok();
    }

    /// The last close of an open: nothing is persisted.
    fn release(
        &self,
        _req: &Request,
        ino: INodeNo,
        fh: FileHandle,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        _flush: bool,
        reply: ReplyEmpty,
    ) {
        self.state().release(ino.0, fh.0);
        reply.ok();
    }

    fn fsync(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        datasync: bool,
        reply: ReplyEmpty,
    ) {
        tracing::debug!(ino = ino.0, datasync, "fsync");
        let mut state = self.state();
        state.counters.fsyncs += 1;
        match state.sync(ino.0, datasync) {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn readdir(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        mut reply: ReplyDirectory,
    ) {
        let entries = match self.state().readdir(ino.0) {
            Ok(entries) => entries,
            Err(e) => return reply.error(e),
        };
        let skip = usize::try_from(offset).unwrap_or(usize::MAX);
        for (i, (child, kind, name)) in entries.into_iter().enumerate().skip(skip) {
            if reply.add(INodeNo(child), i as u64 + 1, kind, name) {
                break;
            }
        }
        reply.ok();
    }

    fn fsyncdir(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        datasync: bool,
        reply: ReplyEmpty,
    ) {
        tracing::debug!(ino = ino.0, datasync, "fsyncdir");
        match self.state().fsyncdir(ino.0) {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    // Extended attributes are not kept: ENOSYS tells the kernel not to ask again.
    fn getxattr(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _name: &OsStr,
        _size: u32,
        reply: ReplyXattr,
    ) {
        reply.error(Errno::ENOSYS);
    }

    fn listxattr(&self, _req: &Request, _ino: INodeNo, _size: u32, reply: ReplyXattr) {
        reply.error(Errno::ENOSYS);
    }

    fn setxattr(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _name: &OsStr,
        _value: &[u8],
        _flags: i32,
        _position: u32,
        reply: ReplyEmpty,
    ) {
        reply.error(Errno::ENOSYS);
    }

    fn removexattr(&self, _req: &Request, _ino: INodeNo, _name: &OsStr, reply: ReplyEmpty) {
        reply.error(Errno::ENOSYS);
    }

    fn statfs(&self, _req: &Request, _ino: INodeNo, reply: ReplyStatfs) {
        let root = self.state().nodes.root().to_path_buf();
        match rustix::fs::statvfs(&root) {
            Ok(st) => reply.statfs(
                st.f_blocks,
                st.f_bfree,
                st.f_bavail,
                st.f_files,
                st.f_ffree,
                u32::try_from(st.f_bsize).unwrap_or(4096),
                u32::try_from(st.f_namemax).unwrap_or(255),
                u32::try_from(st.f_frsize).unwrap_or(4096),
            ),
            Err(e) => reply.error(Errno::from_i32(e.raw_os_error())),
        }
    }
}
