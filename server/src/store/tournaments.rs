//! Tournaments in the `tournaments` and `tournament_events` tables, so that a restart loses
//! none: a tournament's set-up when it is made, then every change to it (an entrant joins,
//! pauses or leaves, a game is paired, ends or is cancelled) appended to its log in order. The
//! server rebuilds each tournament by replaying its log (`crate::tournaments::records`).

use chaupal_shared::protocol::tournaments::{TournamentId, TournamentSetup};
use chaupal_shared::protocol::{GameId, PlayerId, PlayerInfo};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::{Store, StoreError, to_i64, to_u64, writer};

/// The end stored for a tournament whose end is not known yet (a Swiss's or a round robin's,
/// until its last round ends): later than any.
pub const ENDS_UNKNOWN_MS: u64 = i64::MAX as u64;

/// A tournament as made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTournament {
    pub id: TournamentId,
    pub setup: TournamentSetup,
    /// Its maker; none for the server's own.
    pub by: Option<PlayerInfo>,
    /// A private tournament's code.
    pub code: Option<String>,
    pub starts_ms: u64,
    pub ends_ms: u64,
    pub made_ms: u64,
}

/// How a tournament game ended, for its first side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstSide {
    Won,
    Drew,
    Lost,
}

/// One change to a tournament, as its log keeps it (JSON in `tournament_events.body`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TournamentEvent {
    /// A player entered (the first time) or came back, with their rating then; or a computer
    /// entrant of level `computer` was entered (under the tournament's own player id for it).
    Joined {
        player: PlayerInfo,
        rating: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        computer: Option<u8>,
    },
    Paused {
        player: PlayerId,
    },
    Left {
        player: PlayerId,
    },
    /// Two entrants were paired and their game started.
    Paired {
        game: GameId,
        first: PlayerId,
        second: PlayerId,
    },
    /// Two entrants were paired but their game could not start: the pairing was taken back at
    /// once (it still counts for their sides and last opponents, as it did when it was made).
    Unstarted {
        first: PlayerId,
        second: PlayerId,
    },
    /// A game ended and was scored.
    Finished {
        game: GameId,
        result: FirstSide,
        plies: u32,
        berserk: [bool; 2],
    },
    /// A game was aborted, or will not be played: no points.
    Cancelled {
        game: GameId,
    },
    /// A Swiss's or a round robin's round `round` (from 1) was paired: its games (first side
    /// first; a match's first game) wait to start, each recorded as `Paired` when it does; the
    /// `bye` scores a won round.
    RoundPaired {
        round: u32,
        games: Vec<[PlayerId; 2]>,
        bye: Option<PlayerId>,
        #[serde(default)]
        unpaired: Vec<PlayerId>,
    },
    /// The entrants were reminded that it starts soon (once; recorded first, so that a
    /// restart does not remind them again).
    Reminded,
}

/// One event of a log, with when it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEvent {
    pub at_ms: u64,
    pub event: TournamentEvent,
}

impl Store {
    /// Stores a new tournament, made by `by` at `made_ms`, and returns its id (never one given
    /// before, so ids continue after the highest recorded). It belongs to this node.
    pub async fn create_tournament(
        &self,
        setup: &TournamentSetup,
        by: Option<&PlayerInfo>,
        code: Option<&str>,
        (starts_ms, ends_ms, made_ms): (u64, u64, u64),
    ) -> Result<TournamentId, StoreError> {
        let json = serde_json::to_string(setup)
            .map_err(|e| StoreError::Corrupt(format!("a tournament set-up as JSON: {e}")))?;
        let (maker, name) = (by.map(|b| to_i64(b.id.0)), by.map(|b| b.name.clone()));
        let code = code.map(str::to_owned);
        let node = self.node.as_deref().map(str::to_owned);
        let id = self
            .create(writer::op(move |conn| {
                let (json, name, code, node) =
                    (json.clone(), name.clone(), code.clone(), node.clone());
                Box::pin(async move {
                    let row = sqlx::query(
                        "INSERT INTO tournaments (setup, maker, maker_name, code, starts_ms, \
                         ends_ms, made_ms, node) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                         RETURNING id",
                    )
                    .bind(json)
                    .bind(maker)
                    .bind(name)
                    .bind(code)
                    .bind(to_i64(starts_ms))
                    .bind(to_i64(ends_ms))
                    .bind(to_i64(made_ms))
                    .bind(node)
                    .fetch_one(conn)
                    .await?;
                    Ok(Some(row.try_get("id")?))
                })
            }))
            .await?;
        Ok(TournamentId(id))
    }

    /// Sets when `tournament` ended (a Swiss or a round robin is stored with no end until it
    /// has one: [`ENDS_UNKNOWN_MS`]), so that a restart keeps it a day from then and no longer.
    pub async fn end_tournament(
        &self,
        tournament: TournamentId,
        ends_ms: u64,
    ) -> Result<(), StoreError> {
        let (id, ends) = (to_i64(tournament.0), to_i64(ends_ms));
        self.run_op(writer::op(move |conn| {
            Box::pin(async move {
                sqlx::query("UPDATE tournaments SET ends_ms = $1 WHERE id = $2")
                    .bind(ends)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// Appends `event`, which happened at `at_ms`, to `tournament`'s log; returns once it is
    /// durable.
    pub async fn record_tournament_event(
        &self,
        tournament: TournamentId,
        at_ms: u64,
        event: &TournamentEvent,
    ) -> Result<(), StoreError> {
        self.record_tournament_events(at_ms, &[(tournament, event.clone())])
            .await
    }

    /// Appends `events`, which happened at `at_ms`, each to its tournament's log, in order and
    /// in one commit (all of them or none); returns once they are durable.
    pub async fn record_tournament_events(
        &self,
        at_ms: u64,
        events: &[(TournamentId, TournamentEvent)],
    ) -> Result<(), StoreError> {
        let rows: Vec<(i64, String)> = events
            .iter()
            .map(|(tournament, event)| {
                serde_json::to_string(event)
                    .map(|body| (to_i64(tournament.0), body))
                    .map_err(|e| StoreError::Corrupt(format!("a tournament event as JSON: {e}")))
            })
            .collect::<Result<_, _>>()?;
        if rows.is_empty() {
            return Ok(());
        }
        self.run_op(writer::op(move |conn| {
            let rows = rows.clone();
            Box::pin(async move {
                for (id, body) in rows {
                    sqlx::query(
                        "INSERT INTO tournament_events (tournament, at_ms, body) \
                         VALUES ($1, $2, $3)",
                    )
                    .bind(id)
                    .bind(to_i64(at_ms))
                    .bind(body)
                    .execute(&mut *conn)
                    .await?;
                }
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// This node's tournaments that end after `ends_after_ms`, oldest first.
    pub async fn tournaments_ending_after(
        &self,
        ends_after_ms: u64,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        let whose = match self.node.as_deref() {
            None => Whose::NoNode,
            Some(node) => Whose::Node(node.to_owned()),
        };
        self.read_tournaments(ends_after_ms, whose).await
    }

    /// Every node's tournaments that end after `ends_after_ms`, oldest first (a node of a
    /// cluster follows them all).
    pub async fn every_tournament_ending_after(
        &self,
        ends_after_ms: u64,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        self.read_tournaments(ends_after_ms, Whose::Any).await
    }

    /// Tournament `tournament` as made; `None` for one not recorded.
    pub async fn tournament(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<StoredTournament>, StoreError> {
        Ok(self
            .read_tournaments(0, Whose::Only(tournament))
            .await?
            .pop())
    }

    async fn read_tournaments(
        &self,
        ends_after_ms: u64,
        whose: Whose,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        const COLUMNS: &str = "id, setup, maker, maker_name, code, starts_ms, ends_ms, made_ms";
        let (filter, bound) = match whose {
            Whose::NoNode => ("AND node IS NULL", None),
            Whose::Node(node) => ("AND node = $2", Some(Bound::Text(node))),
            Whose::Any => ("", None),
            Whose::Only(id) => ("AND id = $2", Some(Bound::Int(to_i64(id.0)))),
        };
        let sql =
            format!("SELECT {COLUMNS} FROM tournaments WHERE ends_ms > $1 {filter} ORDER BY id");
        let query = sqlx::query(&sql).bind(to_i64(ends_after_ms));
        let query = match bound {
            None => query,
            Some(Bound::Text(text)) => query.bind(text),
            Some(Bound::Int(int)) => query.bind(int),
        };
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                let id = TournamentId(to_u64(r.try_get("id")?));
                let setup: String = r.try_get("setup")?;
                let setup = serde_json::from_str(&setup)
                    .map_err(|e| StoreError::Corrupt(format!("the set-up of {id}: {e}")))?;
                Ok(StoredTournament {
                    id,
                    setup,
                    by: match (
                        r.try_get::<Option<i64>, _>("maker")?,
                        r.try_get::<Option<String>, _>("maker_name")?,
                    ) {
                        (Some(maker), Some(name)) => Some(PlayerInfo {
                            id: PlayerId(to_u64(maker)),
                            name,
                        }),
                        _ => None,
                    },
                    code: r.try_get("code")?,
                    starts_ms: to_u64(r.try_get("starts_ms")?),
                    ends_ms: to_u64(r.try_get("ends_ms")?),
                    made_ms: to_u64(r.try_get("made_ms")?),
                })
            })
            .collect()
    }

    /// `tournament`'s log, in the order it happened.
    pub async fn tournament_events(
        &self,
        tournament: TournamentId,
    ) -> Result<Vec<LoggedEvent>, StoreError> {
        Ok(self
            .tournament_events_after(tournament, 0)
            .await?
            .into_iter()
            .map(|(_, logged)| logged)
            .collect())
    }

    /// The events of `tournament`'s log after the one numbered `after` (0: all of them), in
    /// the order they happened, each with its number (increasing along one log, which one
    /// node at a time writes).
    pub async fn tournament_events_after(
        &self,
        tournament: TournamentId,
        after: u64,
    ) -> Result<Vec<(u64, LoggedEvent)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at_ms, body FROM tournament_events WHERE tournament = $1 AND id > $2 \
             ORDER BY id",
        )
        .bind(to_i64(tournament.0))
        .bind(to_i64(after))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let body: String = r.try_get("body")?;
                let event = serde_json::from_str(&body).map_err(|e| {
                    StoreError::Corrupt(format!("an event of {tournament}: {e}: {body}"))
                })?;
                let logged = LoggedEvent {
                    at_ms: to_u64(r.try_get("at_ms")?),
                    event,
                };
                Ok((to_u64(r.try_get("id")?), logged))
            })
            .collect()
    }
}

/// Whose tournaments a read returns.
enum Whose {
    /// A single node's (no node recorded).
    NoNode,
    /// The named node's.
    Node(String),
    Any,
    Only(TournamentId),
}

/// A value bound to a query.
enum Bound {
    Text(String),
    Int(i64),
}
