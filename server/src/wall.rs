//! The server's wall clock: the time the records keep (when a player, a game, a move, a review
//! was made), in milliseconds since the Unix epoch. It is the system's clock, moved on by an
//! offset that tests may set (`--test-clock-offset-file FILE`, hidden from `--help`): the
//! file holds the milliseconds to add, and is read at each reading, so a test moves the
//! server's days on by writing it. The store carries the clock ([`crate::store::Store::now_ms`]),
//! so every part that writes a time reads the same one.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Milliseconds since the Unix epoch, by the system's clock.
fn system_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The wall clock (cheap to clone: clones read the same offset file).
#[derive(Clone, Debug, Default)]
pub struct WallClock {
    offset_file: Option<Arc<PathBuf>>,
}

impl WallClock {
    /// The system's clock.
    pub fn system() -> WallClock {
        WallClock::default()
    }

    /// The system's clock moved on by the milliseconds `file` holds (for tests); a file that
    /// is missing or holds no number moves it on by nothing, and says so in the log.
    pub fn offset_by_file(file: &Path) -> WallClock {
        WallClock {
            offset_file: Some(Arc::new(file.to_path_buf())),
        }
    }

    /// Now, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        system_ms().saturating_add(self.offset_ms())
    }

    /// The offset the test file sets (0 without one).
    fn offset_ms(&self) -> u64 {
        let Some(file) = &self.offset_file else {
            return 0;
        };
        match std::fs::read_to_string(file.as_ref()) {
            Ok(text) => text.trim().parse().unwrap_or_else(|_| {
                tracing::warn!(
                    "test clock: {} holds no number of milliseconds",
                    file.display()
                );
                0
            }),
            Err(e) => {
                tracing::warn!("test clock: cannot read {}: {e}", file.display());
                0
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const DAY_MS: u64 = 86_400_000;

    #[test]
    fn the_test_file_moves_the_clock_on_and_is_read_at_each_reading() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("offset");
        let clock = WallClock::offset_by_file(&file);
        let system = WallClock::system();
        // No file yet: the system's time.
        assert!(clock.now_ms().abs_diff(system.now_ms()) < 60_000);
        std::fs::write(&file, format!("{}\n", 3 * DAY_MS)).unwrap();
        let ahead = clock.now_ms() - system.now_ms();
        assert!(
            (3 * DAY_MS - 60_000..=3 * DAY_MS + 60_000).contains(&ahead),
            "{ahead}"
        );
        // A clone reads the same file.
        std::fs::write(&file, format!("{}", 10 * DAY_MS)).unwrap();
        let ahead = clock.clone().now_ms() - system.now_ms();
        assert!(ahead >= 10 * DAY_MS - 60_000, "{ahead}");
        std::fs::write(&file, "soon").unwrap();
        assert!(clock.now_ms().abs_diff(system.now_ms()) < 60_000);
    }
}
