//! What the records answer about correspondence games: the deadlines that have passed, a
//! sleeping game's owner, a player's games in play, and how many correspondence games a player
//! has. Their rooms sleep, so these are read from the `games` table, not from memory.

use chaupal_shared::protocol::{GameId, PlayerId};
use sqlx::Row;

use super::rows::{self, GameRow};
use super::{Store, StoreError, to_i64, to_u64};

impl Store {
    /// Live games whose deadline is at or before `now_ms`, soonest first, at most `limit`, with
    /// the node that runs each (none on a single node, or while it sleeps).
    pub async fn due_deadlines(
        &self,
        now_ms: u64,
        limit: u32,
    ) -> Result<Vec<(GameId, Option<String>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, owner FROM games WHERE status = 'live' AND deadline_ms IS NOT NULL \
             AND deadline_ms <= $1 ORDER BY deadline_ms LIMIT $2",
        )
        .bind(to_i64(now_ms))
        .bind(i64::from(limit.max(1)))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((GameId(to_u64(r.try_get("id")?)), r.try_get("owner")?)))
            .collect()
    }

    /// Whether `game` is a correspondence game in play, and if so the node that runs its room
    /// (none while it sleeps, and on a single node).
    pub async fn correspondence_owner(
        &self,
        game: GameId,
    ) -> Result<Option<Option<String>>, StoreError> {
        let row = sqlx::query(
            "SELECT owner FROM games WHERE id = $1 AND status = 'live' \
             AND correspondence_days IS NOT NULL",
        )
        .bind(to_i64(game.0))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| r.try_get("owner").map_err(StoreError::from))
            .transpose()
    }

    /// The live games `player` sits at (correspondence and live), oldest first.
    pub async fn games_in_play(&self, player: PlayerId) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM games WHERE status = 'live' \
             AND (first_player = $1 OR second_player = $1) ORDER BY id",
            rows::GAME_COLUMNS
        ))
        .bind(to_i64(player.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    /// How many correspondence games `player` sits at in play.
    pub async fn correspondence_games(&self, player: PlayerId) -> Result<u64, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if self.discarding.is_some() {
            return Ok(0);
        }
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'live' \
             AND correspondence_days IS NOT NULL AND (first_player = $1 OR second_player = $1)",
        )
        .bind(to_i64(player.0))
        .fetch_one(&self.pool)
        .await?;
        Ok(to_u64(row.try_get("n")?))
    }
}
