//! Which node of a cluster runs each tournament: the `node` column of `tournaments`, as the
//! `owner` column is for games (docs/SCALING.md, "Tournaments"). A tournament whose node is
//! not live is claimed by a live node, one `UPDATE` each, so never by two; a node gives its
//! tournaments up at a graceful shutdown. The hourly arenas carry a key no two rows share, so
//! that each is made once however many nodes try.

use chaupal_shared::protocol::GameId;
use chaupal_shared::protocol::tournaments::{TournamentId, TournamentSetup};
use sqlx::Row;

use super::owners::{Claimable, placeholders};
use super::rows::{self, GameRow};
use super::{Store, StoreError, to_i64, to_u64, writer};

/// Tournaments, by their `node`.
const TOURNAMENTS: Claimable = Claimable {
    table: "tournaments",
    column: "node",
    only: "",
};

impl Store {
    /// Makes the server's own arena of hourly key `key` (its game and start), as
    /// [`Store::create_tournament`] makes one; `None` when a row with that key exists already
    /// (another node made it first).
    pub async fn create_hourly(
        &self,
        setup: &TournamentSetup,
        key: &str,
        (starts_ms, ends_ms, made_ms): (u64, u64, u64),
    ) -> Result<Option<TournamentId>, StoreError> {
        let json = serde_json::to_string(setup)
            .map_err(|e| StoreError::Corrupt(format!("a tournament set-up as JSON: {e}")))?;
        let node = self.node.as_deref().map(str::to_owned);
        let key = key.to_owned();
        let id = self
            .run_op(writer::op(move |conn| {
                let (json, node, key) = (json.clone(), node.clone(), key.clone());
                Box::pin(async move {
                    let row = sqlx::query(
                        "INSERT INTO tournaments (setup, starts_ms, ends_ms, made_ms, node, \
                         hourly) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (hourly) DO NOTHING \
                         RETURNING id",
                    )
                    .bind(json)
                    .bind(to_i64(starts_ms))
                    .bind(to_i64(ends_ms))
                    .bind(to_i64(made_ms))
                    .bind(node)
                    .bind(key)
                    .fetch_optional(conn)
                    .await?;
                    row.map(|r| r.try_get::<i64, _>("id"))
                        .transpose()
                        .map_err(StoreError::from)
                })
            }))
            .await?;
        Ok(id.map(|id| TournamentId(to_u64(id))))
    }

    /// The node that runs `tournament` (`Some(None)`: none, on a single node or between
    /// nodes); `None` for one not recorded.
    pub async fn tournament_node(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<Option<String>>, StoreError> {
        let row = sqlx::query("SELECT node FROM tournaments WHERE id = $1")
            .bind(to_i64(tournament.0))
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<Option<String>, _>("node"))
            .transpose()
            .map_err(StoreError::from)
    }

    /// The tournaments ending after `ends_after_ms` that `node` runs.
    pub async fn tournaments_run_by(
        &self,
        node: &str,
        ends_after_ms: u64,
    ) -> Result<Vec<TournamentId>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM tournaments WHERE node = $1 AND ends_ms > $2 ORDER BY id")
                .bind(node.to_owned())
                .bind(to_i64(ends_after_ms))
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok(TournamentId(to_u64(r.try_get("id")?))))
            .collect()
    }

    /// The tournaments ending after `ends_after_ms` that no node of `live` runs, oldest first.
    pub async fn orphan_tournaments(
        &self,
        live: &[String],
        ends_after_ms: u64,
    ) -> Result<Vec<TournamentId>, StoreError> {
        let sql = format!(
            "SELECT id FROM tournaments WHERE ends_ms > $1 AND (node IS NULL OR node NOT IN \
             ({})) ORDER BY id",
            placeholders(2, live.len())
        );
        let mut query = sqlx::query(&sql).bind(to_i64(ends_after_ms));
        if live.is_empty() {
            query = query.bind(String::new());
        }
        for node in live {
            query = query.bind(node.clone());
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| Ok(TournamentId(to_u64(r.try_get("id")?))))
            .collect()
    }

    /// Claims `tournament` for `me` if no node of `live` runs it (one `UPDATE`: of two nodes
    /// claiming at once, one gets it); whether `me` got it.
    pub async fn claim_tournament(
        &self,
        me: &str,
        tournament: TournamentId,
        live: &[String],
    ) -> Result<bool, StoreError> {
        self.claim_row(&TOURNAMENTS, me, to_i64(tournament.0), live)
            .await
    }

    /// Gives up `me`'s tournaments (a graceful shutdown): another node claims them at once.
    pub async fn release_tournaments(&self, me: &str) -> Result<u64, StoreError> {
        let me = me.to_owned();
        let released = self
            .run_op(writer::op(move |conn| {
                let me = me.clone();
                Box::pin(async move {
                    let done = sqlx::query("UPDATE tournaments SET node = NULL WHERE node = $1")
                        .bind(me)
                        .execute(conn)
                        .await?;
                    Ok(Some(done.rows_affected() as i64))
                })
            }))
            .await?;
        Ok(released.map_or(0, to_u64))
    }

    /// The rows of those of `games` that are finished (a tournament's games that ended on
    /// another node).
    pub async fn finished_among(&self, games: &[GameId]) -> Result<Vec<GameRow>, StoreError> {
        let mut out = Vec::new();
        for chunk in games.chunks(500) {
            let sql = format!(
                "SELECT {} FROM games WHERE status = 'finished' AND id IN ({})",
                rows::GAME_COLUMNS,
                placeholders(1, chunk.len())
            );
            let mut query = sqlx::query(&sql);
            for game in chunk {
                query = query.bind(to_i64(game.0));
            }
            for row in query.fetch_all(&self.pool).await? {
                out.push(GameRow::from_row(&row)?);
            }
        }
        Ok(out)
    }
}
