//! What the store that keeps nothing ([`super::Store::discarding`]) remembers, so that rooms
//! and the lobby can be driven without a database (the harnesses of tests and fuzzing):
//! whether writes fail now, the last id it gave, and the seeks stored and not yet taken. A
//! seek is taken at most once, as the records' one `DELETE` makes sure, and a game or seek
//! stored gets an id never given before; nothing else is kept.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chaupal_shared::protocol::SeekId;

use super::StoreError;

/// The little the store that keeps nothing remembers.
#[derive(Debug)]
pub struct Discarded {
    /// While set, every write fails (as a database that cannot be written).
    fail: Arc<AtomicBool>,
    last_id: AtomicU64,
    seeks: Mutex<HashSet<SeekId>>,
}

impl Discarded {
    pub fn new(fail: Arc<AtomicBool>) -> Discarded {
        Discarded {
            fail,
            last_id: AtomicU64::new(0),
            seeks: Mutex::new(HashSet::new()),
        }
    }

    /// Whether writes fail now.
    pub fn failing(&self) -> bool {
        self.fail.load(Ordering::Relaxed)
    }

    /// A write: refused while writes fail.
    pub fn write(&self) -> Result<(), StoreError> {
        if self.failing() {
            Err(StoreError::WriterGone)
        } else {
            Ok(())
        }
    }

    fn seeks(&self) -> MutexGuard<'_, HashSet<SeekId>> {
        self.seeks
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new row's id.
    pub fn create(&self) -> Result<u64, StoreError> {
        self.write()?;
        Ok(self.last_id.fetch_add(1, Ordering::Relaxed) + 1)
    }

    /// Stores a seek.
    pub fn create_seek(&self) -> Result<SeekId, StoreError> {
        let id = SeekId(self.create()?);
        self.seeks().insert(id);
        Ok(id)
    }

    /// Removes a seek.
    pub fn delete_seek(&self, seek: SeekId) -> Result<(), StoreError> {
        self.write()?;
        self.seeks().remove(&seek);
        Ok(())
    }

    /// Whether a seek is stored.
    pub fn holds(&self, seek: SeekId) -> bool {
        self.seeks().contains(&seek)
    }

    /// Takes a stored seek for the game it became: [`StoreError::SeekGone`] when it is not
    /// stored (taken or removed before).
    pub fn take_seek(&self, seek: SeekId) -> Result<u64, StoreError> {
        self.write()?;
        if !self.seeks().remove(&seek) {
            return Err(StoreError::SeekGone);
        }
        self.create()
    }
}
