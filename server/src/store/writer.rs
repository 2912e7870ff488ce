//! The writer task: commits game events in groups and acknowledges each once durable.
//!
//! Rooms send an [`EventWrite`] and wait for the answer. The writer takes everything waiting
//! (up to [`super::GROUP_COMMIT_MAX`]) into one transaction, so a busy server pays one disk sync
//! for many moves. If a group fails, each write is retried alone so one bad write cannot sink
//! the others.

use chaupal_shared::GameKind;
use chaupal_shared::protocol::{GameId, GameResult, Version};
use sqlx::Row;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool};
use tokio::sync::{mpsc, oneshot};

use super::rows::side_name;
use super::{GROUP_COMMIT_MAX, StoreError, to_i64, to_u64};
use crate::ratings::{Rating, rate};

/// One numbered game event to commit, with what it changes in the records.
#[derive(Clone, Debug)]
pub struct EventWrite {
    pub game: GameId,
    pub version: Version,
    /// The event as protocol JSON, kept for replay after a restart.
    pub body: String,
    pub change: Change,
    pub at_ms: u64,
}

/// What an event changes besides the event log.
#[derive(Clone, Debug)]
pub enum Change {
    /// Nothing (offers, declines, ...).
    None,
    /// A move; `mover_ms` is the mover's clock and `clocks_ms` both clocks after it.
    Move {
        ply: u32,
        notation: String,
        mover_ms: Option<u64>,
        clocks_ms: Option<[u64; 2]>,
    },
    /// Moves after `to_ply` were taken back.
    TakeBack {
        to_ply: u32,
        clocks_ms: Option<[u64; 2]>,
    },
    /// The game ended; `rated` says whose ratings change.
    Finish {
        result: GameResult,
        clocks_ms: Option<[u64; 2]>,
        rated: Option<RatedSeats>,
    },
}

/// The rating owners of a rated game's seats; a fixed seat (an AI level) keeps its rating.
#[derive(Clone, Debug)]
pub struct RatedSeats {
    pub kind: GameKind,
    pub owners: [String; 2],
    pub fixed: [Option<Rating>; 2],
}

pub(super) struct Job {
    pub write: EventWrite,
    pub done: oneshot::Sender<Result<(), StoreError>>,
}

pub(super) async fn run(pool: AnyPool, mut rx: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(GROUP_COMMIT_MAX);
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < GROUP_COMMIT_MAX {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let writes: Vec<&EventWrite> = batch.iter().map(|j| &j.write).collect();
        tracing::trace!("committing {} writes", writes.len());
        let committed = commit(&pool, &writes).await;
        tracing::trace!("committed: {:?}", committed.as_ref().map(|_| writes.len()));
        match committed {
            Ok(()) => {
                for job in batch.drain(..) {
                    let _ = job.done.send(Ok(()));
                }
            }
            Err(err) if batch.len() == 1 => {
                tracing::error!("record write failed: {err}");
                if let Some(job) = batch.pop() {
                    let _ = job.done.send(Err(err));
                }
            }
            Err(err) => {
                tracing::warn!("group commit failed ({err}); writing one by one");
                for job in batch.drain(..) {
                    let result = commit(&pool, &[&job.write]).await;
                    if let Err(e) = &result {
                        tracing::error!("record write failed: {e}");
                    }
                    let _ = job.done.send(result);
                }
            }
        }
    }
}

async fn commit(pool: &AnyPool, writes: &[&EventWrite]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    for w in writes {
        apply(&mut tx, w).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn apply(conn: &mut AnyConnection, w: &EventWrite) -> Result<(), StoreError> {
    let game = to_i64(w.game.0);
    sqlx::query("INSERT INTO events (game_id, version, body) VALUES ($1, $2, $3)")
        .bind(game)
        .bind(to_i64(w.version))
        .bind(w.body.as_str())
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE games SET version = $1 WHERE id = $2")
        .bind(to_i64(w.version))
        .bind(game)
        .execute(&mut *conn)
        .await?;
    let clocks = |c: &Option<[u64; 2]>| (c.map(|c| to_i64(c[0])), c.map(|c| to_i64(c[1])));
    match &w.change {
        Change::None => {}
        Change::Move {
            ply,
            notation,
            mover_ms,
            clocks_ms,
        } => {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, notation, clock_ms, played_ms) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game)
            .bind(i64::from(*ply))
            .bind(notation.as_str())
            .bind(mover_ms.map(to_i64))
            .bind(to_i64(w.at_ms))
            .execute(&mut *conn)
            .await?;
            let (a, b) = clocks(clocks_ms);
            sqlx::query("UPDATE games SET plies = $1, first_ms = $2, second_ms = $3 WHERE id = $4")
                .bind(i64::from(*ply))
                .bind(a)
                .bind(b)
                .bind(game)
                .execute(&mut *conn)
                .await?;
        }
        Change::TakeBack { to_ply, clocks_ms } => {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
                .bind(game)
                .bind(i64::from(*to_ply))
                .execute(&mut *conn)
                .await?;
            let (a, b) = clocks(clocks_ms);
            sqlx::query("UPDATE games SET plies = $1, first_ms = $2, second_ms = $3 WHERE id = $4")
                .bind(i64::from(*to_ply))
                .bind(a)
                .bind(b)
                .bind(game)
                .execute(&mut *conn)
                .await?;
        }
        Change::Finish {
            result,
            clocks_ms,
            rated,
        } => {
            let (a, b) = clocks(clocks_ms);
            sqlx::query(
                "UPDATE games SET status = 'finished', winner = $1, reason = $2, \
                 first_ms = $3, second_ms = $4, ended_ms = $5 WHERE id = $6",
            )
            .bind(result.winner.map(side_name))
            .bind(result.reason.name())
            .bind(a)
            .bind(b)
            .bind(to_i64(w.at_ms))
            .bind(game)
            .execute(&mut *conn)
            .await?;
            if let Some(rated) = rated {
                update_ratings(conn, rated, result).await?;
            }
        }
    }
    Ok(())
}

async fn update_ratings(
    conn: &mut AnyConnection,
    rated: &RatedSeats,
    result: &GameResult,
) -> Result<(), StoreError> {
    let mut current = [Rating::default(); 2];
    for (slot, (fixed, owner)) in current
        .iter_mut()
        .zip(rated.fixed.iter().zip(&rated.owners))
    {
        *slot = match fixed {
            Some(r) => *r,
            None => read_rating(conn, owner, rated.kind)
                .await?
                .unwrap_or_default(),
        };
    }
    let first_won = result.winner.map(|w| w == chaupal_shared::Side::First);
    let (a, b) = rate(current[0], current[1], first_won);
    for (i, new) in [a, b].into_iter().enumerate() {
        if rated.fixed[i].is_some() {
            continue;
        }
        sqlx::query(
            "INSERT INTO ratings (owner, kind, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (owner, kind) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games",
        )
        .bind(rated.owners[i].as_str())
        .bind(rated.kind.name())
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(i64::from(new.games))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

pub(super) async fn read_rating(
    conn: &mut AnyConnection,
    owner: &str,
    kind: GameKind,
) -> Result<Option<Rating>, StoreError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE owner = $1 AND kind = $2",
    )
    .bind(owner)
    .bind(kind.name())
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(rating_from_row).transpose()
}

pub(super) fn rating_from_row(row: &AnyRow) -> Result<Rating, StoreError> {
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: u32::try_from(to_u64(row.try_get("games")?)).unwrap_or(u32::MAX),
    })
}
