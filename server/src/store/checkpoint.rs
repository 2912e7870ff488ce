//! SQLite's log checkpoints, taken off the commit path.
//!
//! In WAL mode SQLite copies the log back into the database file (a checkpoint) once the log
//! passes 1 000 pages, inside whichever commit crossed the mark: with the group commit that
//! was the writer's, and every move waiting on it stalled while the file was written and
//! synced (p99 over 100 ms under load). The connections now never checkpoint on their own
//! (`wal_autocheckpoint = 0`); this task asks for a passive checkpoint twice a second on its
//! own connection, which runs beside the writer's commits instead of inside one. Closing the
//! store still checkpoints everything (SQLite does on the last close).

use std::time::Duration;

use sqlx::{AnyPool, Row};

/// How often the log is checkpointed.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The pragma each connection gets: no checkpoints inside commits.
pub const NO_AUTO_CHECKPOINT: &str = "PRAGMA wal_autocheckpoint = 0";

/// Checkpoints the log every [`CHECKPOINT_EVERY`] until the pool closes.
pub async fn run(pool: AnyPool) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(&pool)
            .await
        {
            Ok(row) => {
                let frames = |i: usize| row.try_get::<i64, _>(i).unwrap_or(-1);
                tracing::trace!("checkpoint: {} of {} log frames", frames(2), frames(1));
            }
            Err(e) if pool.is_closed() => {
                tracing::debug!("checkpoint at close: {e}");
                return;
            }
            Err(e) => tracing::warn!("checkpoint failed: {e}"),
        }
    }
}
