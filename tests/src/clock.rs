//! The records' clock of a server under test: the server started with
//! `--test-clock-offset-file FILE` adds the milliseconds written in FILE to the wall clock at
//! each reading, so a test makes days pass in a moment.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The offset file, and the offset written in it.
pub struct TestClock {
    path: PathBuf,
    offset_ms: u64,
}

impl TestClock {
    /// A clock at no offset, its file in `dir`.
    pub fn new(dir: &Path) -> TestClock {
        let clock = TestClock {
            path: dir.join("clock-offset"),
            offset_ms: 0,
        };
        clock.write();
        clock
    }

    /// Writes the offset whole (a new file renamed over the old), so that the server never
    /// reads half of it.
    fn write(&self) {
        let fresh = self.path.with_extension("new");
        std::fs::write(&fresh, self.offset_ms.to_string()).unwrap();
        std::fs::rename(&fresh, &self.path).unwrap();
    }

    /// Moves the clock on by `ms`.
    pub fn advance(&mut self, ms: u64) {
        self.set(self.offset_ms + ms);
    }

    /// Sets the clock `offset_ms` ahead of the wall clock.
    pub fn set(&mut self, offset_ms: u64) {
        self.offset_ms = offset_ms;
        self.write();
    }

    /// Now, as the server's records see it.
    pub fn now_ms(&self) -> u64 {
        let wall = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        wall.as_millis() as u64 + self.offset_ms
    }

    /// The server's option that makes it read this clock.
    pub fn option(&self) -> [&str; 2] {
        ["--test-clock-offset-file", self.path.to_str().unwrap()]
    }
}
