//! Game events as the records keep them: what a room asks to write ([`EventWrite`]) and the SQL
//! that writes a group of them, as a few multi-row statements ([`super::batch`]), inside the
//! writer's transaction ([`super::writer`]).

use chaupal_rules::Side;
use chaupal_shared::protocol::{GameEvent, GameId, GameResult, OfferKind, Version};
use serde::Deserialize;
use sqlx::AnyConnection;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::batch::{self, Clocks, Ending, GameRowChanges, NextTurn, insert_chunks, insert_sql};
use super::rows::side_name;
use super::{StoreError, to_i64, to_u64};
use crate::ratings::{Pool, Rating, rate};

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

/// An event as the records keep it (its `body`): the protocol's JSON of it, or, for an offer
/// recorded by a server of protocol version 1, its event of that version (`draw_offered`,
/// `takeback_declined`, ...), read as the offer it is. None when the body does not read.
pub fn read_event(body: &str) -> Option<GameEvent> {
    if let Ok(event) = serde_json::from_str::<GameEvent>(body) {
        return Some(event);
    }
    let (kind, by, made) = match serde_json::from_str::<OfferEventV1>(body).ok()? {
        OfferEventV1::DrawOffered { by } => (OfferKind::Draw, by, true),
        OfferEventV1::DrawDeclined { by } => (OfferKind::Draw, by, false),
        OfferEventV1::TakebackRequested { by } => (OfferKind::Takeback, by, true),
        OfferEventV1::TakebackDeclined { by } => (OfferKind::Takeback, by, false),
        OfferEventV1::RematchOffered { by } => (OfferKind::Rematch, by, true),
        OfferEventV1::RematchDeclined { by } => (OfferKind::Rematch, by, false),
    };
    Some(if made {
        GameEvent::OfferMade { kind, by }
    } else {
        GameEvent::OfferDeclined { kind, by }
    })
}

/// The offer events of protocol version 1, one for each kind of offer made and declined.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum OfferEventV1 {
    DrawOffered { by: Side },
    DrawDeclined { by: Side },
    TakebackRequested { by: Side },
    TakebackDeclined { by: Side },
    RematchOffered { by: Side },
    RematchDeclined { by: Side },
}

/// What an event changes besides the event log.
#[derive(Clone, Debug)]
pub enum Change {
    /// Nothing (offers, declines, ...).
    None,
    /// A move; `mover_ms` is the mover's clock and `clocks_ms` both clocks after it; `turn`
    /// the side to move and its deadline after it.
    Move {
        ply: u32,
        notation: String,
        mover_ms: Option<u64>,
        clocks_ms: Option<[u64; 2]>,
        turn: NextTurn,
    },
    /// Moves after `to_ply` were taken back; `turn` the side to move and its deadline now.
    TakeBack {
        to_ply: u32,
        clocks_ms: Option<[u64; 2]>,
        turn: NextTurn,
    },
    /// `side` went berserk (an arena's game); `clocks_ms` both clocks now.
    Berserk {
        side: Side,
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
    pub pool: Pool,
    pub owners: [String; 2],
    pub fixed: [Option<Rating>; 2],
}

/// Writes the events, in order, and what they change, on `conn` (inside the writer's
/// transaction): their rows as a few multi-row statements ([`super::batch`]).
pub(super) async fn write_events(
    conn: &mut AnyConnection,
    writes: &[&EventWrite],
) -> Result<(), StoreError> {
    let mut rows = Rows::default();
    let mut games = GameRowChanges::default();
    for w in writes {
        rows.events.push(w);
        let game = games.entry(w.game);
        game.version = to_i64(w.version);
        match &w.change {
            Change::None => {}
            Change::Move {
                ply,
                notation,
                mover_ms,
                clocks_ms,
                turn,
            } => {
                rows.moves.push(MoveRow {
                    game: w.game,
                    ply: *ply,
                    notation,
                    mover_ms: *mover_ms,
                    at_ms: w.at_ms,
                });
                game.plies = Some(i64::from(*ply));
                game.clocks = Some(clocks(clocks_ms));
                game.turn(turn);
            }
            Change::TakeBack {
                to_ply,
                clocks_ms,
                turn,
            } => {
                game.plies = Some(i64::from(*to_ply));
                game.clocks = Some(clocks(clocks_ms));
                game.turn(turn);
                // The moves before it in this group go in first, the later ones after.
                rows.insert(conn).await?;
                sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
                    .bind(batch::game_id(w.game))
                    .bind(i64::from(*to_ply))
                    .execute(&mut *conn)
                    .await?;
            }
            Change::Berserk { side, clocks_ms } => {
                game.clocks = Some(clocks(clocks_ms));
                sqlx::query("UPDATE games SET berserk = berserk | $1 WHERE id = $2")
                    .bind(super::rows::berserk_bit(*side))
                    .bind(batch::game_id(w.game))
                    .execute(&mut *conn)
                    .await?;
            }
            Change::Finish {
                result,
                clocks_ms,
                rated,
            } => {
                game.clocks = Some(clocks(clocks_ms));
                game.deadline = Some(None);
                game.remind_at = Some(None);
                game.finish = Some(Ending {
                    result: *result,
                    ended_ms: to_i64(w.at_ms),
                });
                if let Some(rated) = rated {
                    update_ratings(conn, rated, result).await?;
                }
            }
        }
    }
    rows.insert(conn).await?;
    update_games(conn, &games).await?;
    Ok(())
}

fn clocks(c: &Option<[u64; 2]>) -> Clocks {
    c.map(|c| [to_i64(c[0]), to_i64(c[1])])
}

/// Event and move rows waiting to be inserted, many to a statement.
#[derive(Default)]
struct Rows<'a> {
    events: Vec<&'a EventWrite>,
    moves: Vec<MoveRow<'a>>,
}

/// One row of the moves table.
struct MoveRow<'a> {
    game: GameId,
    ply: u32,
    notation: &'a str,
    mover_ms: Option<u64>,
    at_ms: u64,
}

impl Rows<'_> {
    /// Inserts the rows waiting and forgets them.
    async fn insert(&mut self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        let mut events = self.events.as_slice();
        for size in insert_chunks(events.len()) {
            let (chunk, rest) = events.split_at(size);
            events = rest;
            let sql = insert_sql("events", &["game_id", "version", "body"], size);
            let mut query = sqlx::query(&sql);
            for w in chunk {
                query = query
                    .bind(batch::game_id(w.game))
                    .bind(to_i64(w.version))
                    .bind(w.body.as_str());
            }
            query.execute(&mut *conn).await?;
        }
        let mut moves = self.moves.as_slice();
        for size in insert_chunks(moves.len()) {
            let (chunk, rest) = moves.split_at(size);
            moves = rest;
            let columns = ["game_id", "ply", "notation", "clock_ms", "played_ms"];
            let sql = insert_sql("moves", &columns, size);
            let mut query = sqlx::query(&sql);
            for m in chunk {
                query = query
                    .bind(batch::game_id(m.game))
                    .bind(i64::from(m.ply))
                    .bind(m.notation)
                    .bind(m.mover_ms.map(to_i64))
                    .bind(to_i64(m.at_ms));
            }
            query.execute(&mut *conn).await?;
        }
        self.events.clear();
        self.moves.clear();
        Ok(())
    }
}

/// Leaves every game's row as the group leaves it: one statement for versions, plies and
/// clocks, and one per game that ended.
async fn update_games(conn: &mut AnyConnection, games: &GameRowChanges) -> Result<(), StoreError> {
    if games.is_empty() {
        return Ok(());
    }
    let (sql, params) = games.update_sql();
    let mut query = sqlx::query(&sql).persistent(false);
    for p in params {
        query = query.bind(p);
    }
    query.execute(&mut *conn).await?;
    for (game, change) in games.iter() {
        if let Some(ending) = &change.finish {
            sqlx::query(
                "UPDATE games SET status = 'finished', winner = $1, reason = $2, ended_ms = $3 \
                 WHERE id = $4",
            )
            .bind(ending.result.winner.map(side_name))
            .bind(ending.result.reason.name())
            .bind(ending.ended_ms)
            .bind(batch::game_id(game))
            .execute(&mut *conn)
            .await?;
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
            None => read_rating(conn, owner, rated.pool)
                .await?
                .unwrap_or_default(),
        };
    }
    let first_won = result.winner.map(|w| w == chaupal_rules::Side::First);
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
        .bind(rated.pool.key())
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
    pool: Pool,
) -> Result<Option<Rating>, StoreError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE owner = $1 AND kind = $2",
    )
    .bind(owner)
    .bind(pool.key())
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
