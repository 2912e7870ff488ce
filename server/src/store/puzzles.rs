//! Puzzles in the records: each player's puzzle rating and best streak (`puzzle_players`),
//! each puzzle's rating once it has been played rated (`puzzle_ratings`), and every attempt
//! that ended (`puzzle_attempts`).
//!
//! An attempt is recorded in one op of the writer, which decides there whether it is rated:
//! only when the player has no earlier attempt at the puzzle. On PostgreSQL the player's row
//! and then the puzzle's are locked (`FOR UPDATE`) before they are read, so that two nodes of
//! a cluster recording attempts of one player, or at one puzzle, at once do not lose either's
//! change: the second waits for the first to commit, and sees it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chaupal_shared::protocol::PlayerId;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Backend, Store, StoreError, to_i64, to_u64, writer};
use crate::ratings::Rating;

/// A player's puzzle standing as kept (a newcomer's when none is).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PuzzleStanding {
    /// The rating; its `games` are the rated attempts.
    pub rating: Rating,
    /// The longest streak.
    pub best_streak: u32,
}

/// The end of an attempt, to record.
#[derive(Clone, Debug)]
pub struct AttemptEnd {
    pub player: PlayerId,
    pub puzzle: String,
    pub solved: bool,
    /// Asked rated: it is, if it is the player's first attempt at the puzzle.
    pub rated: bool,
    /// `rated`, `streak` or `mine`.
    pub mode: &'static str,
    /// The puzzle's rating while the records have none (none: a puzzle never rated).
    pub puzzle_start: Option<Rating>,
    /// The streak's length after this attempt, for a streak's.
    pub streak: Option<u32>,
    pub at_ms: u64,
    /// The ratings after a rated attempt: (player's, puzzle's, solved) to (player's,
    /// puzzle's).
    pub rate: fn(Rating, Rating, bool) -> (Rating, Rating),
}

/// What the records kept of an attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptKept {
    /// Whether it was rated.
    pub rated: bool,
    pub player_before: Rating,
    pub player_after: Rating,
    /// The puzzle's rating before and after (none for a puzzle never rated).
    pub puzzle_before: Option<Rating>,
    pub puzzle_after: Option<Rating>,
    /// The player's longest streak, after this attempt.
    pub best_streak: u32,
}

impl Store {
    /// `player`'s puzzle standing.
    pub async fn puzzle_standing(&self, player: PlayerId) -> Result<PuzzleStanding, StoreError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, attempts, best_streak FROM puzzle_players \
             WHERE player = $1",
        )
        .bind(to_i64(player.0))
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref()
            .map(standing_from_row)
            .transpose()
            .map(Option::unwrap_or_default)
    }

    /// A puzzle's rating, once it has been played rated (its `games`: the rated attempts).
    pub async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Rating>, StoreError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, plays FROM puzzle_ratings WHERE puzzle = $1",
        )
        .bind(puzzle)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(puzzle_from_row).transpose()
    }

    /// Every rated puzzle's rating: (id, rating).
    pub async fn puzzle_ratings(&self) -> Result<Vec<(String, f64)>, StoreError> {
        let rows = sqlx::query("SELECT puzzle, rating FROM puzzle_ratings")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("puzzle")?, r.try_get("rating")?)))
            .collect()
    }

    /// The puzzles `player` has tried, each with when they last ended an attempt at it (ms).
    pub async fn puzzles_tried(
        &self,
        player: PlayerId,
    ) -> Result<HashMap<String, u64>, StoreError> {
        let rows = sqlx::query(
            "SELECT puzzle, MAX(at_ms) AS at FROM puzzle_attempts WHERE player = $1 \
             GROUP BY puzzle",
        )
        .bind(to_i64(player.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("puzzle")?, to_u64(r.try_get("at")?))))
            .collect()
    }

    /// Whether `player` has ended an attempt at `puzzle`.
    pub async fn puzzle_tried(&self, player: PlayerId, puzzle: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM puzzle_attempts WHERE player = $1 AND puzzle = $2",
        )
        .bind(to_i64(player.0))
        .bind(puzzle)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")? > 0)
    }

    /// Records the end of an attempt and, when it is rated (the player's first at the
    /// puzzle, and asked rated), both ratings' change; returns what was kept.
    pub async fn record_attempt(&self, end: AttemptEnd) -> Result<AttemptKept, StoreError> {
        let kept: Arc<Mutex<Option<AttemptKept>>> = Arc::default();
        let slot = kept.clone();
        let lock = match self.backend {
            Backend::Postgres => " FOR UPDATE",
            Backend::Sqlite => "",
        };
        self.run_op(writer::op(move |conn| {
            let (end, slot) = (end.clone(), slot.clone());
            Box::pin(async move {
                // An op may run twice (its group written again): only the last run counts.
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = None;
                let answer = record(conn, &end, lock).await?;
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
                Ok(None)
            })
        }))
        .await?;
        let answer = *kept.lock().unwrap_or_else(|e| e.into_inner());
        answer
            .ok_or_else(|| StoreError::Corrupt("an attempt was recorded without an answer".into()))
    }
}

/// The op of [`Store::record_attempt`], on the writer's connection.
async fn record(
    conn: &mut AnyConnection,
    end: &AttemptEnd,
    lock: &str,
) -> Result<AttemptKept, StoreError> {
    let player = to_i64(end.player.0);
    let fresh = Rating::default();
    sqlx::query(
        "INSERT INTO puzzle_players (player, rating, deviation, volatility, attempts, \
         best_streak) VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (player) DO NOTHING",
    )
    .bind(player)
    .bind(fresh.rating)
    .bind(fresh.deviation)
    .bind(fresh.volatility)
    .execute(&mut *conn)
    .await?;
    let row = sqlx::query(&format!(
        "SELECT rating, deviation, volatility, attempts, best_streak FROM puzzle_players \
         WHERE player = $1{lock}"
    ))
    .bind(player)
    .fetch_one(&mut *conn)
    .await?;
    let standing_before = standing_from_row(&row)?;
    let player_before = standing_before.rating;
    let best_streak = end.streak.map_or(standing_before.best_streak, |length| {
        length.max(standing_before.best_streak)
    });
    let earlier: i64 =
        sqlx::query("SELECT COUNT(*) AS n FROM puzzle_attempts WHERE player = $1 AND puzzle = $2")
            .bind(player)
            .bind(end.puzzle.as_str())
            .fetch_one(&mut *conn)
            .await?
            .try_get("n")?;
    let rated = end.rated && earlier == 0 && end.puzzle_start.is_some();
    let (player_after, puzzle_before, puzzle_after) = match end.puzzle_start {
        Some(start) if rated => {
            sqlx::query(
                "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, plays) \
                 VALUES ($1, $2, $3, $4, 0) ON CONFLICT (puzzle) DO NOTHING",
            )
            .bind(end.puzzle.as_str())
            .bind(start.rating)
            .bind(start.deviation)
            .bind(start.volatility)
            .execute(&mut *conn)
            .await?;
            let row = sqlx::query(&format!(
                "SELECT rating, deviation, volatility, plays FROM puzzle_ratings \
                 WHERE puzzle = $1{lock}"
            ))
            .bind(end.puzzle.as_str())
            .fetch_one(&mut *conn)
            .await?;
            let puzzle_before = puzzle_from_row(&row)?;
            let (p, z) = (end.rate)(player_before, puzzle_before, end.solved);
            sqlx::query(
                "UPDATE puzzle_players SET rating = $2, deviation = $3, volatility = $4, \
                 attempts = $5 WHERE player = $1",
            )
            .bind(player)
            .bind(p.rating)
            .bind(p.deviation)
            .bind(p.volatility)
            .bind(i64::from(p.games))
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, \
                 plays = $5 WHERE puzzle = $1",
            )
            .bind(end.puzzle.as_str())
            .bind(z.rating)
            .bind(z.deviation)
            .bind(z.volatility)
            .bind(i64::from(z.games))
            .execute(&mut *conn)
            .await?;
            (p, Some(puzzle_before), Some(z))
        }
        Some(start) => {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, plays FROM puzzle_ratings \
                 WHERE puzzle = $1",
            )
            .bind(end.puzzle.as_str())
            .fetch_optional(&mut *conn)
            .await?;
            let now = row
                .as_ref()
                .map(puzzle_from_row)
                .transpose()?
                .unwrap_or(start);
            (player_before, Some(now), Some(now))
        }
        None => (player_before, None, None),
    };
    if let Some(length) = end.streak {
        sqlx::query(
            "UPDATE puzzle_players SET best_streak = $2 WHERE player = $1 AND best_streak < $2",
        )
        .bind(player)
        .bind(i64::from(length))
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(
        "INSERT INTO puzzle_attempts (player, puzzle, at_ms, solved, rated, mode, \
         rating_before, deviation_before, rating_after, deviation_after, \
         puzzle_rating_before, puzzle_rating_after) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(player)
    .bind(end.puzzle.as_str())
    .bind(to_i64(end.at_ms))
    .bind(i64::from(end.solved))
    .bind(i64::from(rated))
    .bind(end.mode)
    .bind(player_before.rating)
    .bind(player_before.deviation)
    .bind(player_after.rating)
    .bind(player_after.deviation)
    .bind(puzzle_before.map(|r| r.rating))
    .bind(puzzle_after.map(|r| r.rating))
    .execute(&mut *conn)
    .await?;
    Ok(AttemptKept {
        rated,
        player_before,
        player_after,
        puzzle_before,
        puzzle_after,
        best_streak,
    })
}

fn count(row: &AnyRow, column: &str) -> Result<u32, StoreError> {
    Ok(u32::try_from(to_u64(row.try_get(column)?)).unwrap_or(u32::MAX))
}

fn standing_from_row(row: &AnyRow) -> Result<PuzzleStanding, StoreError> {
    Ok(PuzzleStanding {
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: count(row, "attempts")?,
        },
        best_streak: count(row, "best_streak")?,
    })
}

fn puzzle_from_row(row: &AnyRow) -> Result<Rating, StoreError> {
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: count(row, "plays")?,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::super::tests::TestDb;
    use super::*;
    use crate::ratings::rate;

    fn rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
        rate(player, puzzle, Some(solved))
    }

    fn end(player: PlayerId, puzzle: &str, solved: bool, rated: bool) -> AttemptEnd {
        AttemptEnd {
            player,
            puzzle: puzzle.to_owned(),
            solved,
            rated,
            mode: if rated { "rated" } else { "streak" },
            puzzle_start: Some(Rating {
                rating: 1700.0,
                ..Rating::default()
            }),
            streak: None,
            at_ms: 1_000,
            rate: rate_attempt,
        }
    }

    #[tokio::test]
    async fn puzzle_ratings_and_attempts_are_kept_and_read_back() {
        for db in TestDb::all().await {
            let store = db.open().await;
            kept_and_read_back(&store).await;
            db.remove(store).await;
        }
    }

    async fn kept_and_read_back(store: &Store) {
        let asha = store.create_player("asha", "h1", 1).await.unwrap();
        let bina = store.create_player("bina", "h2", 1).await.unwrap();
        // A newcomer: the default standing, nothing tried.
        assert_eq!(
            store.puzzle_standing(asha).await.unwrap(),
            PuzzleStanding::default()
        );
        assert!(store.puzzles_tried(asha).await.unwrap().is_empty());
        assert_eq!(store.puzzle_rating("k-1").await.unwrap(), None);
        // A first attempt asked rated is rated: both ratings move, as Glicko-2 says.
        let kept = store
            .record_attempt(end(asha, "k-1", true, true))
            .await
            .unwrap();
        let start = Rating {
            rating: 1700.0,
            ..Rating::default()
        };
        let (p, z) = rate(Rating::default(), start, Some(true));
        assert!(kept.rated);
        assert_eq!(kept.player_before, Rating::default());
        assert_eq!(
            (kept.player_after, kept.puzzle_before, kept.puzzle_after),
            (p, Some(start), Some(z))
        );
        assert_eq!(store.puzzle_standing(asha).await.unwrap().rating, p);
        assert_eq!(store.puzzle_rating("k-1").await.unwrap(), Some(z));
        assert_eq!(
            store.puzzle_ratings().await.unwrap(),
            [("k-1".to_owned(), z.rating)]
        );
        // A second attempt is not, even asked rated: nothing moves.
        let mut again = end(asha, "k-1", false, true);
        again.at_ms = 2_000;
        let kept = store.record_attempt(again).await.unwrap();
        assert!(!kept.rated);
        assert_eq!((kept.player_before, kept.player_after), (p, p));
        assert_eq!((kept.puzzle_before, kept.puzzle_after), (Some(z), Some(z)));
        assert_eq!(store.puzzle_standing(asha).await.unwrap().rating, p);
        assert_eq!(store.puzzle_rating("k-1").await.unwrap(), Some(z));
        assert!(store.puzzle_tried(asha, "k-1").await.unwrap());
        assert!(!store.puzzle_tried(bina, "k-1").await.unwrap());
        assert_eq!(
            store.puzzles_tried(asha).await.unwrap(),
            HashMap::from([("k-1".to_owned(), 2_000)])
        );
        // Another player's failure moves the puzzle from where it stands now.
        let kept = store
            .record_attempt(end(bina, "k-1", false, true))
            .await
            .unwrap();
        let (q, y) = rate(Rating::default(), z, Some(false));
        assert_eq!(
            (kept.rated, kept.player_after, kept.puzzle_after),
            (true, q, Some(y))
        );
        assert_eq!(store.puzzle_rating("k-1").await.unwrap().unwrap().games, 2);
        // An unrated streak attempt at a new puzzle: nothing rated, the best streak kept.
        let mut streak = end(bina, "k-2", true, false);
        streak.streak = Some(3);
        let kept = store.record_attempt(streak.clone()).await.unwrap();
        assert!(!kept.rated);
        assert_eq!(kept.puzzle_after.map(|r| r.rating), Some(1700.0));
        assert_eq!(store.puzzle_rating("k-2").await.unwrap(), None);
        assert_eq!(kept.best_streak, 3);
        streak.streak = Some(2);
        let kept = store.record_attempt(streak).await.unwrap();
        assert_eq!(kept.best_streak, 3, "the longest, not the last");
        assert_eq!(store.puzzle_standing(bina).await.unwrap().best_streak, 3);
        assert_eq!(store.puzzle_standing(bina).await.unwrap().rating, q);
        // A puzzle from the player's own game has no rating at all.
        let mut own = end(asha, "mine-4-2", true, true);
        own.puzzle_start = None;
        own.mode = "mine";
        let kept = store.record_attempt(own).await.unwrap();
        assert!(!kept.rated);
        assert_eq!((kept.puzzle_before, kept.puzzle_after), (None, None));
        assert_eq!(store.puzzles_tried(asha).await.unwrap().len(), 2);
    }

    /// Two nodes (two stores on one database) record attempts at one puzzle at once: none is
    /// lost, and one player's two attempts at once are rated once. (The rows are there
    /// before, so that no first insert puts the two in order.)
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn attempts_recorded_at_once_by_two_nodes_lose_nothing() {
        for db in TestDb::all().await {
            let (one, two) = (db.open().await, db.open().await);
            let mut players = Vec::new();
            for i in 0..12 {
                players.push(
                    one.create_player(&format!("p{i}"), &format!("h{i}"), 1)
                        .await
                        .unwrap(),
                );
            }
            let first = one.create_player("first", "h-first", 1).await.unwrap();
            one.record_attempt(end(first, "k-hot", true, true))
                .await
                .unwrap();
            for &p in &players {
                one.record_attempt(end(p, "k-warm", true, true))
                    .await
                    .unwrap();
            }
            let writes = players.iter().enumerate().map(|(i, &p)| {
                let store = if i % 2 == 0 { one.clone() } else { two.clone() };
                async move {
                    store
                        .record_attempt(end(p, "k-hot", i % 3 == 0, true))
                        .await
                }
            });
            let kept = futures_util::future::join_all(writes).await;
            assert!(kept.iter().all(|k| k.as_ref().unwrap().rated));
            let rating = one.puzzle_rating("k-hot").await.unwrap().unwrap();
            assert_eq!(rating.games, 13, "every rated attempt counted");
            // One player, twice at once on two nodes: rated once.
            let p = players[0];
            let (a, b) = tokio::join!(
                one.record_attempt(end(p, "k-twice", true, true)),
                two.record_attempt(end(p, "k-twice", true, true))
            );
            let rated = [a.unwrap().rated, b.unwrap().rated];
            assert_eq!(rated.iter().filter(|&&r| r).count(), 1, "{rated:?}");
            assert_eq!(
                one.puzzle_rating("k-twice").await.unwrap().unwrap().games,
                1
            );
            assert_eq!(one.puzzle_standing(p).await.unwrap().rating.games, 3);
            two.close().await;
            db.remove(one).await;
        }
    }
}
