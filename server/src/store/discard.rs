//! What the store that keeps nothing ([`super::Store::discarding`]) remembers, so that rooms
//! and the lobby can be driven without a database (the harnesses of tests and fuzzing):
//! whether writes fail now, the last id it gave, and the seeks stored and not yet taken. A
//! seek is taken at most once, as the records' one `DELETE` makes sure, and a game or seek
//! stored gets an id never given before; nothing else is kept.

use std::collections::HashMap;
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
    /// The seeks stored, each with the address it counts against (a lasting seek's).
    seeks: Mutex<HashMap<SeekId, Option<String>>>,
}

impl Discarded {
    pub fn new(fail: Arc<AtomicBool>) -> Discarded {
        Discarded {
            fail,
            last_id: AtomicU64::new(0),
            seeks: Mutex::new(HashMap::new()),
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

    fn seeks(&self) -> MutexGuard<'_, HashMap<SeekId, Option<String>>> {
        self.seeks
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new row's id.
    pub fn create(&self) -> Result<u64, StoreError> {
        self.write()?;
        Ok(self.last_id.fetch_add(1, Ordering::Relaxed) + 1)
    }

    /// Stores a seek, made from `address` when it is a lasting one.
    pub fn create_seek(&self, address: Option<&str>) -> Result<SeekId, StoreError> {
        let id = SeekId(self.create()?);
        self.seeks().insert(id, address.map(str::to_owned));
        Ok(id)
    }

    /// How many stored seeks were made from `address`.
    pub fn seeks_from(&self, address: &str) -> u64 {
        self.seeks()
            .values()
            .filter(|a| a.as_deref() == Some(address))
            .count() as u64
    }

    /// Removes a seek.
    pub fn delete_seek(&self, seek: SeekId) -> Result<(), StoreError> {
        self.write()?;
        self.seeks().remove(&seek);
        Ok(())
    }

    /// Whether a seek is stored.
    pub fn holds(&self, seek: SeekId) -> bool {
        self.seeks().contains_key(&seek)
    }

    /// Takes a stored seek for the game it became: [`StoreError::SeekGone`] when it is not
    /// stored (taken or removed before).
    pub fn take_seek(&self, seek: SeekId) -> Result<u64, StoreError> {
        self.write()?;
        if self.seeks().remove(&seek).is_none() {
            return Err(StoreError::SeekGone);
        }
        self.create()
    }
}
