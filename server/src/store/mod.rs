//! The records: players, games, moves, game events and ratings, kept in SQL through sqlx.
//!
//! One code path serves both databases through sqlx's `Any` driver: a SQLite file by default
//! (created on first start), PostgreSQL when the URL says `postgres://`. The migrations for each
//! live in `server/migrations/{sqlite,postgres}` and run at start-up; the SQL here is the
//! common subset (`$N` parameters, `RETURNING`, `ON CONFLICT`).
//!
//! Open seeks and private invitations are kept too ([`seeks`]), so a restart loses none; game
//! reviews are kept with their records ([`reviews`]). Correspondence games' deadlines and
//! lists are read from the records ([`correspondence`]), since their rooms sleep; Web Push's key,
//! subscriptions, mutes and reminders are kept too ([`push`]); so are the players' and the
//! puzzles' puzzle ratings and every puzzle attempt ([`puzzles`]); tournaments, as their set-up and
//! the log of their changes, which a restart replays ([`tournaments`]).
//!
//! Every write goes through one [`writer`] task that commits everything waiting in one
//! transaction (a group commit) and answers each write only once it is durable: a room
//! broadcasts a move only after its write is acknowledged, and the lobby lists a game only
//! once it is stored. Reads go to a pool of their own.

mod access;
mod batch;
mod checkpoint;
mod correspondence;
#[cfg(any(test, feature = "test-support"))]
mod discard;
mod events;
mod health;
pub mod migrate;
mod owners;
mod push;
mod puzzles;
mod reviews;
mod rows;
mod seeks;
mod timings;
mod tournament_nodes;
mod tournaments;
mod writer;

use std::sync::Arc;
use std::time::Duration;

use chaupal_shared::protocol::Engine;
use chaupal_shared::protocol::{ErrorCode, ErrorReply, GameId, PlayerId, Version};
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyPoolOptions;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

pub use batch::NextTurn;
pub use events::{Change, EventWrite, RatedSeats, read_event};
pub use push::StoredSubscription;
pub use puzzles::{AttemptEnd, PuzzleStanding};
pub use rows::{GameRow, NewGame, ROUNDS_MODE, StoredSeat, TOURNAMENT_MODE};
pub use seeks::StoredSeek;
pub use tournaments::{ENDS_UNKNOWN_MS, FirstSide, StoredTournament, TournamentEvent};

use crate::config::SqliteSync;
use crate::ratings::{Pool, Rating, level_rating};

/// Writes waiting for the writer task; rooms wait (back-pressure) when it is full.
const WRITE_QUEUE: usize = 1024;
/// The most writes committed in one transaction.
const GROUP_COMMIT_MAX: usize = 128;

/// Why the records could not be read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL '{0}': use sqlite://FILE or postgres://...")]
    Url(String),
    #[error("the record writer has stopped")]
    WriterGone,
    #[error("the group commit this write was in failed: {0}")]
    GroupFailed(String),
    /// The connection broke while the write's commit was on its way and the database could
    /// not be asked in time whether it was committed: it may or may not be stored.
    #[error("the database's answer to the commit was lost ({0}): the write may be stored")]
    OutcomeUnknown(String),
    #[error("a stored record is damaged: {0}")]
    Corrupt(String),
    #[error(
        "the records cannot be written ({0}): the user the server runs as must own the \
         database and its folder (after a restore as root: chown the files back)"
    )]
    NotWritable(String),
    /// There are no records at this SQLite file (which `migrate` does not create).
    #[error("no records at {0}")]
    NoRecords(String),
    /// The records have a migration this build does not know (the version given).
    #[error(
        "the records were written by a newer build (migration {0}, which this build does not \
         know): run the newer build, or restore the backup taken before the upgrade"
    )]
    NewerRecords(i64),
    /// The seek was taken or withdrawn (by another node of the cluster) first.
    #[error("the seek is gone")]
    SeekGone,
}

impl StoreError {
    /// Whether the write clashed with a row already there (a game event's version recorded by
    /// another room: two nodes of a cluster ran the game at once).
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Db(sqlx::Error::Database(e)) if e.is_unique_violation())
    }
}

/// What a client hears when the records fail: a `storage` error, whatever the request would
/// have changed being unchanged; or `outcome_unknown` when the write may have been stored. The
/// details go to the log, not to the client.
impl From<StoreError> for ErrorReply {
    fn from(e: StoreError) -> ErrorReply {
        let (code, reason) = match &e {
            StoreError::SeekGone => {
                return ErrorReply::new(
                    ErrorCode::NoSuchSeek,
                    "the seek was taken or withdrawn a moment ago",
                );
            }
            StoreError::OutcomeUnknown(_) => (
                ErrorCode::OutcomeUnknown,
                "the database went away while it recorded this: it may or may not have been \
                 kept; look at the game again to see",
            ),
            _ => (
                ErrorCode::Storage,
                "the server could not read or write its records; nothing changed",
            ),
        };
        tracing::error!("records: {e}");
        ErrorReply::new(code, reason)
    }
}

/// Which database the URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The records, shared by the whole server (cheap to clone).
#[derive(Clone, Debug)]
pub struct Store {
    /// Reads (and, on PostgreSQL, writes).
    pool: AnyPool,
    /// The writer's connection. On SQLite a pool of one: SQLite lets one writer in at a time
    /// and makes the others wait in a busy handler that sleeps up to 100 ms between tries.
    writes: AnyPool,
    writer: mpsc::Sender<writer::Job>,
    backend: Backend,
    /// A store that keeps nothing (see [`Store::discarding`]): what it remembers.
    #[cfg(any(test, feature = "test-support"))]
    discarding: Option<Arc<discard::Discarded>>,
    /// The cluster node this server is: the owner written into the games and seeks it
    /// creates (none on a single node).
    node: Option<Arc<str>>,
    /// What the last write found (see [`health`]).
    health: WriteHealth,
    /// The time the records keep.
    clock: WallClock,
}

pub use health::{WriteHealth, Writes};

use crate::wall::WallClock;

impl Store {
    /// Connects (creating a SQLite file if needed), runs the migrations and starts the writer.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Self::open_with(url, SqliteSync::Full).await
    }

    /// [`Store::open`], with SQLite's durability setting chosen.
    pub async fn open_with(url: &str, sync: SqliteSync) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = normalise_url(url)?;
        let options = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 16,
            })
            .acquire_timeout(Duration::from_secs(30));
        let options = if backend == Backend::Sqlite {
            let synchronous = match sync {
                SqliteSync::Full => "PRAGMA synchronous = FULL",
                SqliteSync::Normal => "PRAGMA synchronous = NORMAL",
                SqliteSync::Off => "PRAGMA synchronous = OFF",
            };
            options.after_connect(move |conn, _meta| {
                Box::pin(async move {
                    // WAL lets readers go on while the writer commits; FULL makes every
                    // commit durable before it is acknowledged (see `SqliteSync`).
                    sqlx::query("PRAGMA journal_mode = WAL")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query(synchronous).execute(&mut *conn).await?;
                    for pragma in checkpoint::PRAGMAS {
                        sqlx::query(pragma).execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
        } else {
            options
        };
        // Records this process cannot write refuse the start at once (`access`); PostgreSQL
        // out of reach is waited for (sqlx's connect retries until its timeout).
        let refused = |e: StoreError| match backend {
            Backend::Sqlite => e,
            Backend::Postgres => access::postgres_refusal(e, &url),
        };
        if backend == Backend::Sqlite {
            access::sqlite(&url).await?;
        }
        let pool = options
            .clone()
            .connect(&url)
            .await
            .map_err(|e| refused(e.into()))?;
        migrate::at_start(&pool, backend).await.map_err(refused)?;
        let writes = match backend {
            Backend::Sqlite => options.max_connections(1).connect(&url).await?,
            Backend::Postgres => pool.clone(),
        };
        let (tx, rx) = mpsc::channel(WRITE_QUEUE);
        let checkpoints = (backend == Backend::Sqlite).then(|| {
            let (done, checkpoints) = tokio::sync::watch::channel(0);
            tokio::spawn(checkpoint::run_beside(pool.clone(), done));
            checkpoints
        });
        let health = WriteHealth::default();
        tokio::spawn(writer::run(
            writes.clone(),
            backend,
            rx,
            checkpoints,
            health.clone(),
        ));
        Ok(Store {
            pool,
            writes,
            writer: tx,
            backend,
            #[cfg(any(test, feature = "test-support"))]
            discarding: None,
            node: None,
            health,
            clock: WallClock::system(),
        })
    }

    /// A store that keeps nothing, for driving rooms and the lobby without a database (the
    /// harnesses of tests and fuzzing): every write succeeds at once, or fails while `fail` is
    /// set; a new game or seek gets a fresh id, and a seek is taken at most once
    /// (`discard.rs`); a rating, a mute or a correspondence game is never found; other reads
    /// find no tables. Needs a tokio runtime (it spawns its writer).
    #[cfg(any(test, feature = "test-support"))]
    pub fn discarding(
        fail: std::sync::Arc<std::sync::atomic::AtomicBool>,
    ) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect_lazy("sqlite::memory:")?;
        let (tx, mut rx) = mpsc::channel::<writer::Job>(WRITE_QUEUE);
        let discarded = Arc::new(discard::Discarded::new(fail.clone()));
        tokio::spawn(async move {
            while let Some(job) = rx.recv().await {
                match job.work {
                    writer::Work::Event { done, .. } => {
                        let result = if fail.load(std::sync::atomic::Ordering::Relaxed) {
                            Err(StoreError::WriterGone)
                        } else {
                            Ok(())
                        };
                        let _ = done.send(result);
                    }
                    writer::Work::Op { done, .. } => {
                        let _ = done.send(Err(StoreError::WriterGone));
                    }
                }
            }
        });
        Ok(Store {
            writes: pool.clone(),
            pool,
            writer: tx,
            backend: Backend::Sqlite,
            discarding: Some(discarded),
            node: None,
            health: WriteHealth::default(),
            clock: WallClock::system(),
        })
    }

    /// Closes the records at shutdown: waits for the connections in use to come back, then
    /// closes them all (SQLite checkpoints its log into the file). Writes after this fail.
    pub async fn close(&self) {
        self.writes.close().await;
        self.pool.close().await;
    }

    /// This store as node `node` of a cluster: the games and seeks it creates are owned by
    /// that node.
    pub fn for_node(mut self, node: &str) -> Store {
        self.node = Some(Arc::from(node));
        self
    }

    /// This store with the records' times read from `clock`.
    pub fn with_clock(mut self, clock: WallClock) -> Store {
        self.clock = clock;
        self
    }

    /// Now, as the records keep it (milliseconds since the Unix epoch; see [`WallClock`]).
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// The cluster node this store writes as owner (none on a single node).
    pub fn node(&self) -> Option<&str> {
        self.node.as_deref()
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Commits one game event (and what it changes), returning once it is durable.
    pub async fn write(&self, write: EventWrite) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.send(writer::Work::Event { write, done }).await?;
        answer.await.map_err(|_| StoreError::WriterGone)?
    }

    /// Runs `op` in the writer's next group commit, returning its answer once it is durable.
    async fn run_op(&self, op: writer::Op) -> Result<Option<i64>, StoreError> {
        let (done, answer) = oneshot::channel();
        self.send(writer::Work::Op { op, done }).await?;
        answer.await.map_err(|_| StoreError::WriterGone)?
    }

    /// Checks that the records can be written, by a write that changes nothing, through the
    /// writer like any other: a database the server may only read (a file restored as root
    /// under a service user, a read-only mount) is refused at start, not at the first move;
    /// later, the outcome is what `/health` reports ([`Store::writes`]).
    pub async fn check_writable(&self) -> Result<(), StoreError> {
        let probe = writer::op(|conn| {
            Box::pin(async move {
                sqlx::query("UPDATE players SET name = name WHERE id = -1")
                    .execute(conn)
                    .await?;
                Ok(None)
            })
        });
        let result = match self.run_op(probe).await {
            Ok(_) => Ok(()),
            Err(StoreError::Db(e)) => Err(StoreError::NotWritable(e.to_string())),
            Err(StoreError::GroupFailed(e)) => Err(StoreError::NotWritable(e)),
            Err(e) => Err(e),
        };
        self.health.record(match &result {
            Ok(()) => Ok(()),
            Err(StoreError::NotWritable(why)) => Err(why.clone()),
            Err(e) => Err(e.to_string()),
        });
        result
    }

    /// Whether the records can be written, as the last check found.
    pub fn writes(&self) -> Writes {
        self.health.state()
    }

    /// Checks the records with a write that changes nothing every [`health::PROBE_EVERY`],
    /// until `stop`, so that [`Store::writes`] is current on an idle node too.
    pub async fn watch_writes(self, stop: tokio_util::sync::CancellationToken) {
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(health::PROBE_EVERY) => {}
            }
            tokio::select! {
                () = stop.cancelled() => return,
                _ = self.check_writable() => {}
            }
        }
    }

    /// [`Store::run_op`] for an op that creates a row and answers its id.
    async fn create(&self, op: writer::Op) -> Result<u64, StoreError> {
        match self.run_op(op).await? {
            Some(id) => Ok(to_u64(id)),
            None => Err(StoreError::Corrupt("an insert returned no id".into())),
        }
    }

    async fn send(&self, work: writer::Work) -> Result<(), StoreError> {
        let job = writer::Job {
            work,
            queued: std::time::Instant::now(),
        };
        self.writer
            .send(job)
            .await
            .map_err(|_| StoreError::WriterGone)
    }

    // ---- players ----

    /// The player whose token hashes to `token_hash`: the player's first token, or one of a
    /// device linked since ([`Store::add_token`]).
    pub async fn player_by_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<(PlayerId, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT id, name FROM players WHERE token_hash = $1 \
             UNION ALL \
             SELECT p.id, p.name FROM player_tokens t JOIN players p ON p.id = t.player \
             WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((PlayerId(to_u64(r.try_get("id")?)), r.try_get("name")?)))
            .transpose()
    }

    /// Registers a new player.
    pub async fn create_player(
        &self,
        name: &str,
        token_hash: &str,
        now_ms: u64,
    ) -> Result<PlayerId, StoreError> {
        let (name, token_hash) = (name.to_owned(), token_hash.to_owned());
        let id = self
            .create(writer::op(move |conn| {
                let (name, token_hash) = (name.clone(), token_hash.clone());
                Box::pin(async move {
                    let row = sqlx::query(
                        "INSERT INTO players (name, token_hash, created_ms) VALUES ($1, $2, $3) \
                         RETURNING id",
                    )
                    .bind(name)
                    .bind(token_hash)
                    .bind(to_i64(now_ms))
                    .fetch_one(conn)
                    .await?;
                    Ok(Some(row.try_get("id")?))
                })
            }))
            .await?;
        Ok(PlayerId(id))
    }

    /// Gives player `id` another token (a device linked with a device code); the others stay
    /// good.
    pub async fn add_token(
        &self,
        id: PlayerId,
        token_hash: &str,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let token_hash = token_hash.to_owned();
        self.run_op(writer::op(move |conn| {
            let token_hash = token_hash.clone();
            Box::pin(async move {
                sqlx::query(
                    "INSERT INTO player_tokens (token_hash, player, created_ms) \
                     VALUES ($1, $2, $3)",
                )
                .bind(token_hash)
                .bind(to_i64(id.0))
                .bind(to_i64(now_ms))
                .execute(conn)
                .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// Changes a player's display name.
    pub async fn rename_player(&self, id: PlayerId, name: &str) -> Result<(), StoreError> {
        let name = name.to_owned();
        self.run_op(writer::op(move |conn| {
            let name = name.clone();
            Box::pin(async move {
                sqlx::query("UPDATE players SET name = $1 WHERE id = $2")
                    .bind(name)
                    .bind(to_i64(id.0))
                    .execute(conn)
                    .await?;
                Ok(None)
            })
        }))
        .await?;
        Ok(())
    }

    /// A player's display name.
    pub async fn player_name(&self, id: PlayerId) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT name FROM players WHERE id = $1")
            .bind(to_i64(id.0))
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("name").map_err(StoreError::from))
            .transpose()
    }

    // ---- games ----

    /// Stores a new live game and returns its id.
    pub async fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if let Some(discarded) = &self.discarding {
            return Ok(GameId(discarded.create()?));
        }
        let game = game.clone();
        let owner = self.node.clone();
        let id = self
            .create(writer::op(move |conn| {
                let (game, owner) = (game.clone(), owner.clone());
                Box::pin(async move {
                    let id = rows::insert_game(conn, &game, "live", owner.as_deref()).await?;
                    Ok(Some(to_i64(id.0)))
                })
            }))
            .await?;
        Ok(GameId(id))
    }

    /// A game's row and its moves.
    pub async fn game(&self, id: GameId) -> Result<Option<(GameRow, Vec<String>)>, StoreError> {
        let Some(game) = self.game_row(id).await? else {
            return Ok(None);
        };
        let moves = self.moves(id).await?;
        Ok(Some((game, moves)))
    }

    /// A stored game without its moves.
    pub async fn game_row(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {} FROM games WHERE id = $1",
            rows::GAME_COLUMNS
        ))
        .bind(to_i64(id.0))
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(GameRow::from_row).transpose()
    }

    /// The moves of a game, in order.
    pub async fn moves(&self, id: GameId) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(to_i64(id.0))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get("notation").map_err(StoreError::from))
            .collect()
    }

    /// Every live game with its moves and its last `events` events (oldest first).
    pub async fn live_games(
        &self,
        events: usize,
    ) -> Result<Vec<(GameRow, Vec<String>, Vec<(Version, String)>)>, StoreError> {
        let rows = self.live_rows().await?;
        let mut out = Vec::with_capacity(rows.len());
        for game in rows {
            let moves = self.moves(game.id).await?;
            let log = self.recent_event_bodies(game.id, events).await?;
            out.push((game, moves, log));
        }
        Ok(out)
    }

    /// A game's last `events` events as stored (JSON), oldest first.
    pub async fn recent_event_bodies(
        &self,
        id: GameId,
        events: usize,
    ) -> Result<Vec<(Version, String)>, StoreError> {
        let recent = sqlx::query(
            "SELECT version, body FROM events WHERE game_id = $1 ORDER BY version DESC LIMIT $2",
        )
        .bind(to_i64(id.0))
        .bind(to_i64(events as u64))
        .fetch_all(&self.pool)
        .await?;
        recent
            .iter()
            .rev()
            .map(|r| Ok((to_u64(r.try_get("version")?), r.try_get("body")?)))
            .collect()
    }

    /// Finished games of a player, newest first, as `asker` may see them: private games only
    /// when `asker` is one of their players (see [`crate::sight`]).
    pub async fn finished_games(
        &self,
        player: PlayerId,
        asker: PlayerId,
        limit: u32,
        before: Option<GameId>,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM games WHERE status = 'finished' \
             AND (first_player = $1 OR second_player = $1 \
             OR (mode = 'imported' AND creator = $1)) AND id < $2 \
             AND (watch_key IS NULL OR first_player = $4 OR second_player = $4 \
             OR creator = $4) \
             ORDER BY id DESC LIMIT $3",
            rows::GAME_COLUMNS
        ))
        .bind(to_i64(player.0))
        .bind(before.map_or(i64::MAX, |g| to_i64(g.0)))
        .bind(i64::from(limit))
        .bind(to_i64(asker.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    /// Stores a finished game read from a record; the moves were checked by the caller.
    pub async fn import_game(
        &self,
        game: &NewGame,
        moves: &[String],
        winner: Option<chaupal_rules::Side>,
        reason: Option<&str>,
        now_ms: u64,
    ) -> Result<GameId, StoreError> {
        let game = game.clone();
        let moves = moves.to_vec();
        let reason = reason.map(str::to_owned);
        let id = self
            .create(writer::op(move |conn| {
                let (game, moves, reason) = (game.clone(), moves.clone(), reason.clone());
                Box::pin(async move {
                    let id = rows::insert_game(conn, &game, "finished", None).await?;
                    for (i, mv) in moves.iter().enumerate() {
                        sqlx::query(
                            "INSERT INTO moves (game_id, ply, notation, clock_ms, played_ms) \
                             VALUES ($1, $2, $3, NULL, $4)",
                        )
                        .bind(to_i64(id.0))
                        .bind(i as i64 + 1)
                        .bind(mv.as_str())
                        .bind(to_i64(now_ms))
                        .execute(&mut *conn)
                        .await?;
                    }
                    sqlx::query(
                        "UPDATE games SET winner = $1, reason = $2, plies = $3, ended_ms = $4 \
                         WHERE id = $5",
                    )
                    .bind(winner.map(rows::side_name))
                    .bind(reason)
                    .bind(moves.len() as i64)
                    .bind(to_i64(now_ms))
                    .bind(to_i64(id.0))
                    .execute(&mut *conn)
                    .await?;
                    Ok(Some(to_i64(id.0)))
                })
            }))
            .await?;
        Ok(GameId(id))
    }

    // ---- ratings ----

    /// The rating of a player (or AI level) in one pool (a game, live or by correspondence),
    /// if rated before (levels always are).
    pub async fn rating(
        &self,
        owner: &str,
        pool: impl Into<Pool>,
    ) -> Result<Option<Rating>, StoreError> {
        #[cfg(any(test, feature = "test-support"))]
        if self.discarding.is_some() {
            return Ok(None);
        }
        let mut conn = self.pool.acquire().await?;
        events::read_rating(&mut conn, owner, pool.into()).await
    }

    /// All ratings of a player, live games' first.
    pub async fn ratings(&self, owner: &str) -> Result<Vec<(Pool, Rating)>, StoreError> {
        let rows = sqlx::query(
            "SELECT kind, rating, deviation, volatility, games FROM ratings WHERE owner = $1 \
             ORDER BY kind",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let key: String = r.try_get("kind")?;
                let pool = Pool::from_key(&key)
                    .ok_or_else(|| StoreError::Corrupt(format!("rating for game '{key}'")))?;
                Ok((pool, events::rating_from_row(r)?))
            })
            .collect::<Result<Vec<_>, StoreError>>()
            .map(|mut all| {
                all.sort_by_key(|(pool, _)| (pool.correspondence, pool.kind.name()));
                all
            })
    }

    /// The rating a seat shows: a player's stored rating, or an AI level's fixed (calibrated)
    /// one, the rating its rated games are scored against.
    pub async fn seat_rating(
        &self,
        player: Option<PlayerId>,
        engine: Option<&Engine>,
        pool: impl Into<Pool>,
    ) -> Result<Option<Rating>, StoreError> {
        let pool = pool.into();
        match (player, engine) {
            (Some(p), _) => self.rating(&crate::ratings::player_key(p.0), pool).await,
            (None, Some(Engine::Level { level })) => Ok(Some(level_rating(pool.kind, *level))),
            _ => Ok(None),
        }
    }
}

/// Checks the URL and, for SQLite, asks for the file to be created when missing.
fn normalise_url(url: &str) -> Result<(Backend, String), StoreError> {
    if url.starts_with("sqlite:") {
        let url = if url.contains("mode=") {
            url.to_owned()
        } else if url.contains('?') {
            format!("{url}&mode=rwc")
        } else {
            format!("{url}?mode=rwc")
        };
        Ok((Backend::Sqlite, url))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok((Backend::Postgres, url.to_owned()))
    } else {
        Err(StoreError::Url(url.to_owned()))
    }
}

/// Ids and times are `u64` in the protocol and `BIGINT` in SQL; they stay far below `i64::MAX`.
pub(crate) fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

pub(crate) fn to_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// A store on SQLite in a new temporary directory, for tests (the directory goes when the
/// second value is dropped).
#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test helper: a failure should fail loudly
pub(crate) async fn temporary() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.sqlite").display());
    (Store::open(&url).await.unwrap(), dir)
}

#[cfg(test)]
mod tests;
