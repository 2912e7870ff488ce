//! The file system the kernel talks to ([`fuser::Filesystem`]): every operation passes through
//! to the backing directory, except changes to a file's data and length, which wait in the
//! file's [`Overlay`](crate::overlay::Overlay) until an fsync of it.
//!
//! Attributes and entries are given with a TTL of zero, so the kernel asks again each time and
//! sees a file's length as written; files are opened without `keep_cache` (the page cache is
//! dropped at each open) and the writeback cache is not asked for, so each write reaches this
//! daemon before the write call returns.
//!
//! One lock guards the whole state: the FUSE session serves one request at a time, and the
//! control channel only reads counters.
//!
//! The parts: `state.rs` (the state behind the lock: inodes, handles, counters, attributes),
//! `data.rs` (reads, pending writes and lengths, syncs), `attrs.rs` (`setattr`), `dirs.rs`
//! (names and directories), and `kernel.rs` (the [`fuser::Filesystem`] calls, each passed to
//! the state).

mod attrs;
mod data;
mod dirs;
mod kernel;
mod state;

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use fuser::Errno;

use crate::nodes::Nodes;
use crate::stats::Stats;
use state::{Counters, State};

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
