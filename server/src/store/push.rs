//! What Web Push keeps in the records: the server's VAPID key, each player's browser
//! subscriptions, what they muted, and the deadline reminders due.

use chaupal_shared::protocol::{GameId, PlayerId};
use sqlx::Row;

use super::rows::{self, GameRow};
use super::{Store, StoreError, to_i64, to_u64, writer};

/// A browser's push subscription, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSubscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// What `push_mutes` keeps for "every game".
const ALL_GAMES: i64 = 0;

impl Store {
    /// The server's VAPID private key, made by `make` and kept at the first call: every later
    /// call (and every node of a cluster) gets the one kept first.
    pub async fn push_key(&self, make: impl FnOnce() -> String) -> Result<String, StoreError> {
        if let Some(key) = self.kept_push_key().await? {
            return Ok(key);
        }
        let (key, now) = (make(), to_i64(self.now_ms()));
        self.run_op(writer::op(move |conn| {
            let key = key.clone();
            Box::pin(async move {
                sqlx::query(
                    "INSERT INTO push_keys (id, private_key, created_ms) VALUES (1, $1, $2) \
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(key)
                .bind(now)
                .execute(conn)
                .await?;
                Ok(None)
            })
        }))
        .await?;
        self.kept_push_key()
            .await?
            .ok_or_else(|| StoreError::Corrupt("the VAPID key was not kept".into()))
    }

    async fn kept_push_key(&self) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT private_key FROM push_keys WHERE id = 1")
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("private_key").map_err(StoreError::from))
            .transpose()
    }

    /// Keeps `player`'s subscription (the endpoint's keys are replaced when it is known).
    pub async fn save_subscription(
        &self,
        player: PlayerId,
        subscription: StoredSubscription,
    ) -> Result<(), StoreError> {
        let now = to_i64(self.now_ms());
        self.run_op(writer::op(move |conn| {
            let s = subscription.clone();
            Box::pin(async move {
                sqlx::query(
                    "INSERT INTO push_subscriptions (endpoint, player, p256dh, auth, created_ms) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (endpoint) DO UPDATE SET \
                     player = excluded.player, p256dh = excluded.p256dh, auth = excluded.auth",
                )
                .bind(s.endpoint)
                .bind(to_i64(player.0))
                .bind(s.p256dh)
                .bind(s.auth)
                .bind(now)
                .execute(conn)
                .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// Forgets a subscription: `player`'s, or anyone's (the push service said it is gone).
    pub async fn delete_subscription(
        &self,
        endpoint: &str,
        player: Option<PlayerId>,
    ) -> Result<bool, StoreError> {
        let endpoint = endpoint.to_owned();
        let deleted = self
            .run_op(writer::op(move |conn| {
                let endpoint = endpoint.clone();
                Box::pin(async move {
                    let done = sqlx::query(
                        "DELETE FROM push_subscriptions WHERE endpoint = $1 \
                         AND ($2 < 0 OR player = $2)",
                    )
                    .bind(endpoint)
                    .bind(player.map_or(-1, |p| to_i64(p.0)))
                    .execute(conn)
                    .await?;
                    Ok(Some(done.rows_affected() as i64))
                })
            }))
            .await?;
        Ok(deleted == Some(1))
    }

    /// `player`'s subscriptions.
    pub async fn subscriptions(
        &self,
        player: PlayerId,
    ) -> Result<Vec<StoredSubscription>, StoreError> {
        let rows = sqlx::query(
            "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE player = $1 \
             ORDER BY endpoint",
        )
        .bind(to_i64(player.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(StoredSubscription {
                    endpoint: r.try_get("endpoint")?,
                    p256dh: r.try_get("p256dh")?,
                    auth: r.try_get("auth")?,
                })
            })
            .collect()
    }

    /// Mutes (or unmutes) `player`'s notifications of `game`, or of all games.
    pub async fn set_mute(
        &self,
        player: PlayerId,
        game: Option<GameId>,
        muted: bool,
    ) -> Result<(), StoreError> {
        let game = game.map_or(ALL_GAMES, |g| to_i64(g.0));
        self.run_op(writer::op(move |conn| {
            Box::pin(async move {
                let sql = if muted {
                    "INSERT INTO push_mutes (player, game) VALUES ($1, $2) \
                     ON CONFLICT (player, game) DO NOTHING"
                } else {
                    "DELETE FROM push_mutes WHERE player = $1 AND game = $2"
                };
                sqlx::query(sql)
                    .bind(to_i64(player.0))
                    .bind(game)
                    .execute(conn)
                    .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// What `player` muted: whether all games, and which games.
    pub async fn mutes(&self, player: PlayerId) -> Result<(bool, Vec<GameId>), StoreError> {
        let rows = sqlx::query("SELECT game FROM push_mutes WHERE player = $1 ORDER BY game")
            .bind(to_i64(player.0))
            .fetch_all(&self.pool)
            .await?;
        let mut all = false;
        let mut games = Vec::new();
        for r in &rows {
            match r.try_get::<i64, _>("game")? {
                ALL_GAMES => all = true,
                g => games.push(GameId(to_u64(g))),
            }
        }
        Ok((all, games))
    }

    /// What each of `players` muted: whether all games, and which games (one query for all,
    /// for the news of many games at once). Players who muted nothing are left out.
    pub async fn mutes_of(
        &self,
        players: &[PlayerId],
    ) -> Result<std::collections::HashMap<PlayerId, (bool, Vec<GameId>)>, StoreError> {
        let mut found = std::collections::HashMap::new();
        #[cfg(any(test, feature = "test-support"))]
        if self.discarding.is_some() {
            return Ok(found);
        }
        for chunk in players.chunks(500) {
            let list = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!("SELECT player, game FROM push_mutes WHERE player IN ({list})");
            let mut query = sqlx::query(&sql).persistent(false);
            for p in chunk {
                query = query.bind(to_i64(p.0));
            }
            for r in query.fetch_all(&self.pool).await? {
                let player = PlayerId(to_u64(r.try_get("player")?));
                let entry: &mut (bool, Vec<GameId>) = found.entry(player).or_default();
                match r.try_get::<i64, _>("game")? {
                    ALL_GAMES => entry.0 = true,
                    g => entry.1.push(GameId(to_u64(g))),
                }
            }
        }
        Ok(found)
    }

    /// Correspondence games whose player to move is due a reminder at `now_ms`, at most
    /// `limit`, the soonest first.
    pub async fn due_reminders(&self, now_ms: u64, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM games WHERE remind_at_ms IS NOT NULL AND remind_at_ms <= $1 \
             AND status = 'live' ORDER BY remind_at_ms LIMIT $2",
            rows::GAME_COLUMNS
        ))
        .bind(to_i64(now_ms))
        .bind(i64::from(limit.max(1)))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    /// Takes game `game`'s reminder, due for the deadline `deadline_ms`: whether this call got
    /// it (of two nodes, one does; a move since has set another).
    pub async fn take_reminder(&self, game: GameId, deadline_ms: u64) -> Result<bool, StoreError> {
        let taken = self
            .run_op(writer::op(move |conn| {
                Box::pin(async move {
                    let done = sqlx::query(
                        "UPDATE games SET remind_at_ms = NULL WHERE id = $1 AND deadline_ms = $2 \
                         AND remind_at_ms IS NOT NULL",
                    )
                    .bind(to_i64(game.0))
                    .bind(to_i64(deadline_ms))
                    .execute(conn)
                    .await?;
                    Ok(Some(done.rows_affected() as i64))
                })
            }))
            .await?;
        Ok(taken == Some(1))
    }
}
