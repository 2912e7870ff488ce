//! A FUSE file system that loses, at a power cut, what was not synced: in the manner of
//! LazyFS, on the `fuser` crate. It passes file operations through to a backing directory but
//! keeps in memory whatever file data has not been synced. The pending state lives only in the
//! daemon's memory, so killing the daemon with SIGKILL *is* the cut: the backing directory
//! then holds exactly the synced state, and a new mount over it is the machine after the cut.
//!
//! # The durability model
//!
//! - **Namespace operations** (create, mkdir, unlink, rmdir, rename) go to the backing
//!   directory at once and survive a cut. A real file system (ext4's journal) makes them
//!   durable only at the next fsync of the file or its directory, or at the journal's next
//!   commit; this is a simplification: here no namespace operation is ever lost.
//! - **File data and size** changes (write, and truncation through `setattr`) are kept in
//!   memory, page-granular: 4 KiB pages overlaying the backing file, plus the file's current
//!   length ([`Overlay`]). An **fsync or fdatasync** of that file, through any handle, writes
//!   the pages and the length to the backing file and then fsyncs the backing file. A file
//!   opened with `O_SYNC` or `O_DSYNC` is synced after each write.
//! - **flush, release, close do not persist** anything.
//! - **Reads** see the file as written: the backing file with the pending pages over it,
//!   clipped to the current length (a truncation below the backing length and back up reads
//!   zeros, not the old bytes).
//! - **Unlinking** a file drops its pending pages (while it is still open they live on,
//!   nameless, for its handles, until its last handle is released).
//! - A **cut** loses everything pending. A file created and never synced survives with
//!   length 0; a renamed file keeps its new name and its synced data.
//! - A **clean unmount** (`fusermount3 -u`, [`Mount::unmount`]) writes and syncs everything
//!   pending, as a clean shutdown would.
//!
//! Not modelled: torn writes inside a page (a page is written whole or not at all), the loss
//! of metadata (names, modes, times), and reordering of writes within the unsynced set (a cut
//! keeps none of them, never a later one without an earlier one). A cut *during* an fsync
//! that has not returned may leave any of that fsync's pages written.
//!
//! # A tour
//!
//! - [`overlay`]: one file's pending pages and length over its backing file; pure, tested
//!   against a `Vec<u8>` model.
//! - [`nodes`]: the inode table: numbers for the kernel, places (parent, name) in the backing
//!   directory, and each file's overlay.
//! - [`fs`]: the `fuser::Filesystem`: lookup, getattr (TTL zero), setattr, open/create/
//!   release/flush, read, write, fsync/fdatasync, fsyncdir, mkdir, rmdir, unlink, rename,
//!   readdir, statfs. Files are opened without `keep_cache` and the writeback cache is not
//!   enabled, so writes reach the daemon synchronously and the page cache is dropped at open.
//! - [`stats`]: the counters (pending bytes, files with pending data, fsyncs served, bytes
//!   written, bytes synced) and the line they travel in.
//! - [`control`]: the control channel on the daemon's standard input and output (`stats`).
//! - [`mounts`]: whether a FUSE mount is at a path, and detaching one.
//! - [`harness`]: [`Mount`], for tests: start the daemon binary, [`Mount::cut`],
//!   [`Mount::unmount`]; dropping it cleans up.
//!
//! The binary `chaupal-powercut --backing DIR MOUNTPOINT` serves in the foreground.
//!
//! SQLite's WAL mode maps the `-shm` file shared and writable: FUSE supports that while a
//! file is not opened with `direct_io`, which this file system never asks for. Pages the
//! kernel writes back from such a mapping arrive as ordinary writes and are pending like any.

pub mod control;
pub mod fs;
pub mod harness;
pub mod mounts;
pub mod nodes;
pub mod overlay;
pub mod stats;

pub use fs::{PowercutFs, Remote};
pub use harness::{Error, Mount};
pub use overlay::{Overlay, PAGE_SIZE};
pub use stats::{CutReport, Stats};
