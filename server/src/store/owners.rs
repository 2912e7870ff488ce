//! Which node of a cluster runs each live game: the `owner` column of `games`
//! (docs/SCALING.md). A node claims the live games whose owner is not a live node, one
//! `UPDATE` each, runs the rooms of exactly the games it got, and gives them up at a graceful
//! shutdown. The database is the arbiter: two nodes never both claim a game, and a node never
//! opens a game it did not claim (its own new games are opened by the registry that made them).

use chaupal_shared::protocol::{GameEvent, GameId, Version};
use sqlx::Row;

use super::rows::{self, GameRow};
use super::{Store, StoreError, read_event, to_i64, to_u64, writer};

/// A live game as stored, ready for its room: the row, the moves and the recent events.
pub type LiveGame = (GameRow, Vec<String>, Vec<(Version, GameEvent)>);

/// `$first, $first+1, ...`: `count` numbered placeholders (at least one: `NOT IN ()` is not
/// SQL; callers bind an empty name for it when there are none).
pub(super) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count.max(1))
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Rows that nodes claim: a table, the column naming the node that runs each row, and which
/// rows may be claimed at all.
pub(super) struct Claimable {
    pub table: &'static str,
    pub column: &'static str,
    /// A further condition on the row (`AND ...`), or nothing.
    pub only: &'static str,
}

/// Live games, by their `owner`.
const GAMES: Claimable = Claimable {
    table: "games",
    column: "owner",
    only: "AND status = 'live'",
};

impl Store {
    /// Live games played live that no live node owns: with no owner, or an owner not in `live`
    /// (which includes the asking node); at most `limit`, oldest first. Correspondence games
    /// are claimed one at a time, when a request or a deadline wakes them.
    pub async fn orphan_games(
        &self,
        live: &[String],
        limit: u32,
    ) -> Result<Vec<GameId>, StoreError> {
        let sql = format!(
            "SELECT id FROM games WHERE status = 'live' AND correspondence_days IS NULL AND \
             (owner IS NULL OR owner NOT IN ({})) ORDER BY id LIMIT {}",
            placeholders(1, live.len()),
            limit.max(1)
        );
        let mut query = sqlx::query(&sql);
        if live.is_empty() {
            query = query.bind(String::new());
        }
        for node in live {
            query = query.bind(node.clone());
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| Ok(GameId(to_u64(r.try_get("id")?))))
            .collect()
    }

    /// Claims game `game` for `me` if it is live and no live node owns it (one `UPDATE`: of two
    /// nodes claiming at once, one gets it); whether `me` got it.
    pub async fn claim_game(
        &self,
        me: &str,
        game: GameId,
        live: &[String],
    ) -> Result<bool, StoreError> {
        self.claim_row(&GAMES, me, to_i64(game.0), live).await
    }

    /// Claims row `id` of `what` for `me` if its node is none of `live` (one `UPDATE`: of two
    /// nodes claiming at once, one gets it); whether `me` got it.
    pub(super) async fn claim_row(
        &self,
        what: &Claimable,
        me: &str,
        id: i64,
        live: &[String],
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "UPDATE {table} SET {column} = $1 WHERE id = $2 {only} AND ({column} IS NULL OR \
             {column} NOT IN ({}))",
            placeholders(3, live.len()),
            table = what.table,
            column = what.column,
            only = what.only,
        );
        let me = me.to_owned();
        let mut live = live.to_vec();
        if live.is_empty() {
            live.push(String::new());
        }
        let claimed = self
            .run_op(writer::op(move |conn| {
                let (sql, me, live) = (sql.clone(), me.clone(), live.clone());
                Box::pin(async move {
                    let mut query = sqlx::query(&sql).bind(me).bind(id);
                    for node in live {
                        query = query.bind(node);
                    }
                    let done = query.execute(conn).await?;
                    Ok(Some(done.rows_affected() as i64))
                })
            }))
            .await?;
        Ok(claimed == Some(1))
    }

    /// The live games `me` owns (the nodes open exactly the games they claim; tests look).
    #[cfg(test)]
    pub async fn owned_games(&self, me: &str) -> Result<Vec<GameId>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = 'live' AND owner = $1 ORDER BY id")
                .bind(me)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok(GameId(to_u64(r.try_get("id")?))))
            .collect()
    }

    /// Every live game's row that is played live (for a node's lobby list at its start, and
    /// the games a single node reopens after a restart); correspondence games sleep until
    /// asked for.
    pub async fn live_rows(&self) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM games WHERE status = 'live' AND correspondence_days IS NULL \
             ORDER BY id",
            rows::GAME_COLUMNS
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    /// Whether game `game` is live, and the node that runs it; `None` for an unknown game.
    pub async fn placement(
        &self,
        game: GameId,
    ) -> Result<Option<(bool, Option<String>)>, StoreError> {
        let row = sqlx::query("SELECT status, owner FROM games WHERE id = $1")
            .bind(to_i64(game.0))
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(r) => {
                let status: String = r.try_get("status")?;
                Ok(Some((status == "live", r.try_get("owner")?)))
            }
            None => Ok(None),
        }
    }

    /// Gives up `me`'s live games (a graceful shutdown): they have no owner until another node
    /// claims them.
    pub async fn release_games(&self, me: &str) -> Result<u64, StoreError> {
        let me = me.to_owned();
        let released = self
            .run_op(writer::op(move |conn| {
                let me = me.clone();
                Box::pin(async move {
                    let done = sqlx::query(
                        "UPDATE games SET owner = NULL WHERE owner = $1 AND status = 'live'",
                    )
                    .bind(me)
                    .execute(conn)
                    .await?;
                    Ok(Some(done.rows_affected() as i64))
                })
            }))
            .await?;
        Ok(released.map_or(0, to_u64))
    }

    /// Gives up game `game` if `me` owns it (its room here was superseded): it has no owner
    /// until a node claims it.
    pub async fn release_game(&self, me: &str, game: GameId) -> Result<(), StoreError> {
        let me = me.to_owned();
        self.run_op(writer::op(move |conn| {
            let me = me.clone();
            Box::pin(async move {
                sqlx::query("UPDATE games SET owner = NULL WHERE id = $1 AND owner = $2")
                    .bind(to_i64(game.0))
                    .bind(me)
                    .execute(conn)
                    .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// One live game as stored, with its moves and its last `events` events (to open its room
    /// on the node that claimed it). `None` when it is not live.
    pub async fn live_game(
        &self,
        id: GameId,
        events: usize,
    ) -> Result<Option<LiveGame>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {} FROM games WHERE id = $1 AND status = 'live'",
            rows::GAME_COLUMNS
        ))
        .bind(to_i64(id.0))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let game = GameRow::from_row(&row)?;
        let moves = self.moves(id).await?;
        let log = self.recent_events(id, events).await?;
        Ok(Some((game, moves, log)))
    }

    /// The game's last `events` events, oldest first; an event that does not read is skipped.
    pub async fn recent_events(
        &self,
        id: GameId,
        events: usize,
    ) -> Result<Vec<(Version, GameEvent)>, StoreError> {
        let bodies = self.recent_event_bodies(id, events).await?;
        Ok(bodies
            .into_iter()
            .filter_map(|(v, body)| read_event(&body).map(|e| (v, e)))
            .collect())
    }
}
