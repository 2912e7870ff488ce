//! Open seeks and private invitations in the `seeks` table, so that a restart loses none: the
//! lobby stores a seek before it lists it, removes it when it is cancelled or withdrawn, and
//! takes it in the same transaction that stores the game it becomes.

use chaupal_shared::protocol::{GameId, GameSetup, PlayerId, PlayerInfo, SeekId};
use sqlx::Row;

use super::rows::{self, NewGame};
use super::{Store, StoreError, to_i64, to_u64, writer};

/// A seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeek {
    pub id: SeekId,
    pub by: PlayerInfo,
    pub setup: GameSetup,
    /// The invite code of a private game.
    pub code: Option<String>,
    /// The cluster node its seeker's connection was on when it was made (none on one node).
    pub node: Option<String>,
    /// That connection, and whether it asked for turns.
    pub conn: Option<(u64, bool)>,
}

impl Store {
    /// Stores a new seek and returns its id (never one given before).
    pub async fn create_seek(
        &self,
        by: &PlayerInfo,
        setup: &GameSetup,
        code: Option<&str>,
        now_ms: u64,
    ) -> Result<SeekId, StoreError> {
        self.create_seek_from(by, setup, code, now_ms, None, None)
            .await
    }

    /// [`Store::create_seek`], with the seeker's connection and whether it asked for turns
    /// (kept for the node that takes the seek, in a cluster).
    pub async fn create_seek_from(
        &self,
        by: &PlayerInfo,
        setup: &GameSetup,
        code: Option<&str>,
        now_ms: u64,
        conn: Option<(u64, bool)>,
        address: Option<&str>,
    ) -> Result<SeekId, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            return discarded.create_seek(address);
        }
        let json = serde_json::to_string(setup)
            .map_err(|e| StoreError::Corrupt(format!("a game set-up as JSON: {e}")))?;
        let (player, name) = (to_i64(by.id.0), by.name.clone());
        let code = code.map(str::to_owned);
        let node = self.node.as_deref().map(str::to_owned);
        let seeker = conn;
        let address = address.map(str::to_owned);
        let id = self
            .create(writer::op(move |conn| {
                let (name, json, code) = (name.clone(), json.clone(), code.clone());
                let (node, address) = (node.clone(), address.clone());
                Box::pin(async move {
                    let row = sqlx::query(
                        "INSERT INTO seeks (player, player_name, setup, code, created_ms, node, \
                         conn, turns, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                         RETURNING id",
                    )
                    .bind(player)
                    .bind(name)
                    .bind(json)
                    .bind(code)
                    .bind(to_i64(now_ms))
                    .bind(node)
                    .bind(seeker.map(|(c, _)| to_i64(c)))
                    .bind(seeker.map(|(_, t)| i64::from(t)))
                    .bind(address)
                    .fetch_one(conn)
                    .await?;
                    Ok(Some(row.try_get("id")?))
                })
            }))
            .await?;
        Ok(SeekId(id))
    }

    /// How many stored seeks were made from `address` (as [`crate::proxies::Peer::group`]
    /// names it) and wait still: the lasting ones, for which the address is kept.
    pub async fn seeks_from(&self, address: &str) -> Result<u64, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            return Ok(discarded.seeks_from(address));
        }
        let row = sqlx::query("SELECT COUNT(*) AS n FROM seeks WHERE address = $1")
            .bind(address)
            .fetch_one(&self.pool)
            .await?;
        Ok(to_u64(row.try_get("n")?))
    }

    /// Removes a seek (cancelled, or its seeker left).
    pub async fn delete_seek(&self, seek: SeekId) -> Result<(), StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            return discarded.delete_seek(seek);
        }
        self.run_op(writer::op(move |conn| {
            Box::pin(async move {
                sqlx::query("DELETE FROM seeks WHERE id = $1")
                    .bind(to_i64(seek.0))
                    .execute(conn)
                    .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// Removes a seek that is still stored (a private invitation declined):
    /// [`StoreError::SeekGone`] when it is not (taken or removed first, on any node).
    pub async fn withdraw_seek(&self, seek: SeekId) -> Result<(), StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            if !discarded.holds(seek) {
                return Err(StoreError::SeekGone);
            }
            return discarded.delete_seek(seek);
        }
        self.run_op(writer::op(move |conn| {
            Box::pin(async move {
                let gone = sqlx::query("DELETE FROM seeks WHERE id = $1")
                    .bind(to_i64(seek.0))
                    .execute(conn)
                    .await?;
                if gone.rows_affected() != 1 {
                    return Err(StoreError::SeekGone);
                }
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// Removes the open seeks (not the invitations) made on cluster node `node`, which is gone.
    pub async fn delete_open_seeks_of(&self, node: &str) -> Result<(), StoreError> {
        let node = node.to_owned();
        self.run_op(writer::op(move |conn| {
            let node = node.clone();
            Box::pin(async move {
                sqlx::query("DELETE FROM seeks WHERE node = $1 AND code IS NULL")
                    .bind(node)
                    .execute(conn)
                    .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// Every stored seek, oldest first. A seek whose set-up no longer reads is skipped (and
    /// logged), never fatal.
    pub async fn seeks(&self) -> Result<Vec<StoredSeek>, StoreError> {
        let rows = sqlx::query(&format!("SELECT {SEEK_COLUMNS} FROM seeks ORDER BY id"))
            .fetch_all(&self.pool)
            .await?;
        read_seeks(&rows)
    }

    /// The stored seeks of `player`, oldest first, wherever their seeker is.
    pub async fn seeks_of(&self, player: PlayerId) -> Result<Vec<StoredSeek>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SEEK_COLUMNS} FROM seeks WHERE player = $1 ORDER BY id"
        ))
        .bind(to_i64(player.0))
        .fetch_all(&self.pool)
        .await?;
        read_seeks(&rows)
    }

    /// The stored seek `seek`, wherever its seeker is.
    pub async fn seek(&self, seek: SeekId) -> Result<Option<StoredSeek>, StoreError> {
        let rows = sqlx::query(&format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE id = $1"))
            .bind(to_i64(seek.0))
            .fetch_all(&self.pool)
            .await?;
        Ok(read_seeks(&rows)?.pop())
    }

    /// Whether the seek `seek` is still stored (not taken, cancelled or withdrawn).
    pub async fn has_seek(&self, seek: SeekId) -> Result<bool, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            return Ok(discarded.holds(seek));
        }
        let row = sqlx::query("SELECT id FROM seeks WHERE id = $1")
            .bind(to_i64(seek.0))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// The stored private game waiting for the invite code `code` (normalised).
    pub async fn seek_by_code(&self, code: &str) -> Result<Option<StoredSeek>, StoreError> {
        let rows = sqlx::query(&format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE code = $1"))
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
        Ok(read_seeks(&rows)?.pop())
    }

    /// Stores the game a seek became and removes the seek, in one transaction: after a crash
    /// there is either the seek or the game, never both. [`StoreError::SeekGone`] when the seek
    /// is no longer stored (another node of a cluster took it first): no game is stored.
    pub async fn create_game_from_seek(
        &self,
        game: &NewGame,
        seek: SeekId,
    ) -> Result<GameId, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            return discarded.take_seek(seek).map(GameId);
        }
        let game = game.clone();
        let owner = self.node.clone();
        let id = self
            .create(writer::op(move |conn| {
                let (game, owner) = (game.clone(), owner.clone());
                Box::pin(async move {
                    let taken = sqlx::query("DELETE FROM seeks WHERE id = $1")
                        .bind(to_i64(seek.0))
                        .execute(&mut *conn)
                        .await?;
                    if taken.rows_affected() != 1 {
                        return Err(StoreError::SeekGone);
                    }
                    let id = rows::insert_game(conn, &game, "live", owner.as_deref()).await?;
                    Ok(Some(to_i64(id.0)))
                })
            }))
            .await?;
        Ok(GameId(id))
    }
}

/// The columns [`read_seeks`] reads.
const SEEK_COLUMNS: &str = "id, player, player_name, setup, code, node, conn, turns";

/// Stored seeks from their rows. A seek whose set-up no longer reads is skipped (and logged),
/// never fatal.
fn read_seeks(rows: &[sqlx::any::AnyRow]) -> Result<Vec<StoredSeek>, StoreError> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let id = SeekId(to_u64(row.try_get("id")?));
        let setup: String = row.try_get("setup")?;
        let Ok(setup) = serde_json::from_str::<GameSetup>(&setup) else {
            tracing::error!("{id}: its stored set-up does not read; skipped");
            continue;
        };
        out.push(StoredSeek {
            id,
            by: PlayerInfo {
                id: chaupal_shared::protocol::PlayerId(to_u64(row.try_get("player")?)),
                name: row.try_get("player_name")?,
            },
            setup,
            code: row.try_get("code")?,
            node: row.try_get("node")?,
            conn: match (
                row.try_get::<Option<i64>, _>("conn")?,
                row.try_get::<Option<i64>, _>("turns")?,
            ) {
                (Some(c), t) => Some((to_u64(c), t == Some(1))),
                _ => None,
            },
        });
    }
    Ok(out)
}
