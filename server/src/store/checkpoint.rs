//! SQLite's log checkpoints: the bulk copied beside the writer, the tail by the writer itself.
//!
//! In WAL mode every commit appends the pages it changed to the log (`-wal`); a checkpoint
//! copies them back into the database file. Three things shape when that happens:
//! - Left to itself, SQLite checkpoints inside whichever commit takes the log past 1 000 pages:
//!   every write waiting behind that commit stalls while the file is written and synced. So
//!   connections never checkpoint on their own (`wal_autocheckpoint = 0`).
//! - A checkpoint beside the writer ([`run_beside`], on a connection of its own, every
//!   [`CHECKPOINT_EVERY`]) costs the writer nothing, but cannot let the log start again from its
//!   beginning: that needs a write transaction to begin with every frame already copied, and
//!   the writer commits while the checkpoint runs. Alone, it lets the log grow without end
//!   (700 MB in 30 s of the paced load test, for a 7 MB database).
//! - A checkpoint by the writer between two groups copies everything and lets the next group
//!   start the log again, but every write waits while it runs: with `synchronous = NORMAL`
//!   it also syncs the log, 40-60 ms for a quarter second of commits.
//!
//! So both: after each checkpoint beside it, the writer checkpoints what was committed while
//! that one ran (the tail, a few milliseconds of commits) before its next group, and that
//! group restarts the log. `journal_size_limit` trims a log that a burst (or a long reader)
//! made large once it restarts. Closing the store checkpoints everything (SQLite does on the
//! last close).
//!
//! A group restarts the log only if no reader is reading it at that moment. Under many
//! requests at once some read is always under way, and the log grows without end (1.28 GB in
//! ten minutes of 50 players making correspondence games, for a database of 20 MB). So a log
//! past [`RESTART_ABOVE`] frames after the tail's checkpoint is restarted by the writer itself
//! (`RESTART`): it waits for the reads under way to end (new ones read the database file,
//! which then holds everything), a few milliseconds, and the next group writes the log from
//! its beginning.

use std::time::Duration;

use sqlx::{AnyConnection, AnyPool, Row};
use tokio::sync::watch;

use super::StoreError;

/// How often the log is checkpointed beside the writer.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// How often the writer checkpoints the tail, letting the log start again: after the first
/// checkpoint beside it once this has passed since its last.
pub const RESTART_EVERY: Duration = Duration::from_secs(1);

/// The pragmas each SQLite connection gets: no checkpoints inside commits, and a log trimmed
/// to 64 MiB when it restarts (a second of commits under heavy load fits).
pub const PRAGMAS: [&str; 2] = [
    "PRAGMA wal_autocheckpoint = 0",
    "PRAGMA journal_size_limit = 67108864",
];

/// The frames (pages of 4 KiB) a log may hold after the tail's checkpoint before the writer
/// waits for readers to let it start again: 16 MiB.
pub const RESTART_ABOVE: i64 = 4096;

/// How long the writer waits for the log's readers to end when it restarts the log.
pub const RESTART_WAIT_MS: u64 = 200;

/// What one checkpoint did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checkpointed {
    /// Frames in the log.
    pub log: i64,
    /// Frames copied into the database file, in all (all of them unless a reader still needed
    /// some, or a commit came during the checkpoint).
    pub copied: i64,
}

/// Takes a passive checkpoint on `conn` (outside any transaction).
pub async fn passive(conn: &mut AnyConnection) -> Result<Checkpointed, StoreError> {
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(conn)
        .await?;
    Ok(Checkpointed {
        log: row.try_get(1)?,
        copied: row.try_get(2)?,
    })
}

/// Checkpoints everything on `conn` and waits for the readers of the log to end, so that the
/// next commit writes the log from its beginning (outside any transaction).
/// A reader still under way after [`RESTART_WAIT_MS`] lets the writer go on (the log starts
/// again at a later checkpoint): the writes waiting behind it wait no longer than that.
pub async fn restart(conn: &mut AnyConnection) -> Result<Checkpointed, StoreError> {
    let patience: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
        .fetch_one(&mut *conn)
        .await?;
    sqlx::query(&format!("PRAGMA busy_timeout = {RESTART_WAIT_MS}"))
        .execute(&mut *conn)
        .await?;
    let row = sqlx::query("PRAGMA wal_checkpoint(RESTART)")
        .fetch_one(&mut *conn)
        .await;
    sqlx::query(&format!("PRAGMA busy_timeout = {patience}"))
        .execute(&mut *conn)
        .await?;
    let row = row?;
    Ok(Checkpointed {
        log: row.try_get(1)?,
        copied: row.try_get(2)?,
    })
}

/// Checkpoints the log every [`CHECKPOINT_EVERY`] on a connection of `pool` until the pool
/// closes, counting the checkpoints done on `done` (the writer then copies the tail).
pub async fn run_beside(pool: AnyPool, done: watch::Sender<u64>) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        let result = match pool.acquire().await {
            Ok(mut conn) => passive(&mut conn).await,
            Err(e) => Err(e.into()),
        };
        match result {
            Ok(c) => {
                tracing::trace!("checkpoint: {} of {} log frames", c.copied, c.log);
                done.send_modify(|n| *n += 1);
            }
            Err(e) if pool.is_closed() => {
                tracing::debug!("checkpoint at close: {e}");
                return;
            }
            Err(e) => tracing::warn!("checkpoint failed: {e}"),
        }
    }
}
