//! The writer task: the one way writes reach the records. It commits them in groups and
//! answers each once it is durable.
//!
//! Rooms send game events ([`EventWrite`]); the lobby and the players' requests send the other
//! writes (a new player, seek or game, a rename) as [`Op`]s. The writer takes everything waiting
//! (up to [`super::GROUP_COMMIT_MAX`]) into one transaction, so a busy server pays one disk sync
//! for many writes, whatever their kind, and writes the events as a few multi-row statements
//! ([`super::events`]). A write that fails is refused alone: the group is written again with
//! each write in a savepoint of its own, and the others still commit. Only a failure of the
//! transaction itself (no connection, a failed `COMMIT`) fails the whole group.
//!
//! When the connection breaks while `COMMIT` is on its way, the group may or may not have been
//! committed. On PostgreSQL the writer then asks the database what became of the group's
//! transaction (`txid_status`, on a new connection) and answers as the database decided;
//! only when the database stays out of reach for [`RESOLVE_FOR`] is the answer
//! [`StoreError::OutcomeUnknown`]. SQLite commits in this process: its answer cannot be lost.
//!
//! Being the only writer matters on SQLite, which lets one writer in at a time: a write on
//! another connection makes a group wait behind its commit (half a second when a thousand games
//! are created at once). It keeps one connection from group to group, and on SQLite it also
//! takes the checkpoints that let the log start again ([`super::checkpoint`]).
//! Each group's stages are timed ([`super::timings`]).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot, watch};

use super::checkpoint;
use super::events::{EventWrite, write_events};
use super::health::WriteHealth;
use super::timings::{GroupTiming, Timings};
use super::{Backend, GROUP_COMMIT_MAX, StoreError};

/// The most ops in one group: a burst of them (a thousand games created at once) is spread
/// over several groups rather than holding up the moves in one long transaction.
const OPS_PER_GROUP: usize = 16;

/// How long the writer keeps asking the database what became of a commit whose answer was
/// lost, before it answers [`StoreError::OutcomeUnknown`].
pub(super) const RESOLVE_FOR: Duration = Duration::from_secs(5);

/// A write other than a game event: run on the writer's connection inside the group's
/// transaction; its answer is the id it created, if any. It may be run twice (when its group
/// is written again one by one), so it owns its data and clones what each run uses.
pub type Op = Box<
    dyn for<'c> Fn(&'c mut AnyConnection) -> BoxFuture<'c, Result<Option<i64>, StoreError>>
        + Send
        + Sync,
>;

/// Boxes a closure as an [`Op`] (this gives the closure its signature over the connection's
/// lifetime).
pub fn op<F>(f: F) -> Op
where
    F: for<'c> Fn(&'c mut AnyConnection) -> BoxFuture<'c, Result<Option<i64>, StoreError>>
        + Send
        + Sync
        + 'static,
{
    Box::new(f)
}

/// What a job asks the writer to do, and where its answer goes once the group is durable.
pub(super) enum Work {
    Event {
        write: EventWrite,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    Op {
        op: Op,
        done: oneshot::Sender<Result<Option<i64>, StoreError>>,
    },
}

/// One write waiting for the writer.
pub(super) struct Job {
    pub work: Work,
    /// When it entered the queue.
    pub queued: Instant,
}

/// The answers of one group, in the order of its ops and of its events.
struct Answers {
    ops: Vec<Result<Option<i64>, StoreError>>,
    events: Vec<Result<(), StoreError>>,
}

/// One group of writes, and where their answers go.
#[derive(Default)]
struct Group {
    ops: Vec<Op>,
    op_done: Vec<oneshot::Sender<Result<Option<i64>, StoreError>>>,
    events: Vec<EventWrite>,
    event_done: Vec<oneshot::Sender<Result<(), StoreError>>>,
    /// When its oldest write entered the queue.
    oldest: Option<Instant>,
}

impl Group {
    fn len(&self) -> usize {
        self.ops.len() + self.events.len()
    }

    /// Takes `job` into the group, or leaves an op for a later group (in `deferred`) once the
    /// group has [`OPS_PER_GROUP`].
    fn add(&mut self, job: Job, deferred: &mut VecDeque<Job>) {
        match job.work {
            Work::Op { .. } if self.ops.len() >= OPS_PER_GROUP => {
                deferred.push_back(job);
                return;
            }
            Work::Op { op, done } => {
                self.ops.push(op);
                self.op_done.push(done);
            }
            Work::Event { write, done } => {
                self.events.push(write);
                self.event_done.push(done);
            }
        }
        self.oldest = Some(self.oldest.map_or(job.queued, |t| t.min(job.queued)));
    }

    /// Sends every write its answer.
    fn answer(self, answers: Result<Answers, StoreError>) {
        match answers {
            Ok(answers) => {
                for (done, answer) in self.op_done.into_iter().zip(answers.ops) {
                    let _ = done.send(answer);
                }
                for (done, answer) in self.event_done.into_iter().zip(answers.events) {
                    let _ = done.send(answer);
                }
            }
            Err(err) => {
                tracing::error!("a group commit of {} writes failed: {err}", self.len());
                let failed = || match &err {
                    StoreError::OutcomeUnknown(why) => StoreError::OutcomeUnknown(why.clone()),
                    err => StoreError::GroupFailed(err.to_string()),
                };
                for done in self.op_done {
                    let _ = done.send(Err(failed()));
                }
                for done in self.event_done {
                    let _ = done.send(Err(failed()));
                }
            }
        }
    }
}

/// Commits what arrives on `rx` in groups until every sender is gone.
///
/// With `checkpoints` (SQLite: the count of checkpoints taken beside the writer), the writer
/// checkpoints the tail of the log after each of them, between two groups
/// ([`super::checkpoint`]).
pub(super) async fn run(
    pool: AnyPool,
    backend: Backend,
    mut rx: mpsc::Receiver<Job>,
    mut checkpoints: Option<watch::Receiver<u64>>,
    health: WriteHealth,
) {
    let mut timings = Timings::default();
    // Ops beyond a group's share, oldest first.
    let mut deferred: VecDeque<Job> = VecDeque::new();
    // Kept from group to group; given back when the pool closes, so that closing can finish.
    let mut conn: Option<PoolConnection<Any>> = None;
    // When the writer last checkpointed the log's tail.
    let mut last_tail = Instant::now();
    loop {
        let mut group = Group::default();
        if deferred.is_empty() {
            let first = tokio::select! {
                job = rx.recv() => job,
                () = pool.close_event(), if conn.is_some() => {
                    conn = None;
                    continue;
                }
                // The stage timings' summary, on time while no write comes in.
                () = tokio::time::sleep_until(tokio::time::Instant::from_std(timings.due())),
                    if Timings::enabled() =>
                {
                    timings.log_if_due();
                    continue;
                }
                changed = beside_changed(&mut checkpoints), if checkpoints.is_some() => {
                    match (changed, &mut conn) {
                        (true, Some(c)) => checkpoint_tail(c, &mut last_tail, &mut timings).await,
                        (true, None) => {}
                        (false, _) => checkpoints = None,
                    }
                    continue;
                }
            };
            let Some(first) = first else { break };
            group.add(first, &mut deferred);
        }
        while group.ops.len() < OPS_PER_GROUP
            && let Some(job) = deferred.pop_front()
        {
            group.add(job, &mut deferred);
        }
        for _ in 0..GROUP_COMMIT_MAX {
            if group.len() >= GROUP_COMMIT_MAX {
                break;
            }
            match rx.try_recv() {
                Ok(job) => group.add(job, &mut deferred),
                Err(_) => break,
            }
        }
        let mut timing = GroupTiming {
            size: group.len(),
            queued: group.oldest.map(|t| t.elapsed()).unwrap_or_default(),
            ..GroupTiming::default()
        };
        let answers = commit(
            &pool,
            backend,
            &mut conn,
            &group.ops,
            &group.events,
            &mut timing,
        )
        .await;
        if answers.is_err() {
            // Back to the pool, which tests it before it is lent again.
            conn = None;
        }
        if let Err(e) = &answers {
            health.group_failed(e.to_string());
        }
        let acked = Instant::now();
        group.answer(answers);
        timing.ack = acked.elapsed();
        timings.add(timing);
        if let (Some(beside), Some(c)) = (&mut checkpoints, &mut conn)
            && beside.has_changed().unwrap_or(false)
        {
            beside.borrow_and_update();
            checkpoint_tail(c, &mut last_tail, &mut timings).await;
        }
    }
}

/// Waits for the next checkpoint beside the writer: false once there will be none.
async fn beside_changed(checkpoints: &mut Option<watch::Receiver<u64>>) -> bool {
    match checkpoints {
        Some(beside) => beside.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}

/// Checkpoints what the last checkpoint beside the writer left, on the writer's connection
/// between two groups, once [`checkpoint::RESTART_EVERY`] has passed since the `last` one,
/// timing it; a log still past [`checkpoint::RESTART_ABOVE`] frames is then restarted,
/// waiting for its readers. Another checkpoint running makes this one a no-op (SQLite answers
/// busy): the next one comes soon.
async fn checkpoint_tail(conn: &mut AnyConnection, last: &mut Instant, timings: &mut Timings) {
    if last.elapsed() < checkpoint::RESTART_EVERY {
        return;
    }
    let started = Instant::now();
    *last = started;
    match checkpoint::passive(conn).await {
        Ok(done) if done.log > checkpoint::RESTART_ABOVE => {
            // Reads under way hold a long log: wait for them, and start it again.
            match checkpoint::restart(conn).await {
                Ok(done) => timings.checkpoint(started.elapsed(), done),
                Err(e) => tracing::debug!("restarting the log: {e}"),
            }
        }
        Ok(done) => timings.checkpoint(started.elapsed(), done),
        Err(e) => tracing::debug!("checkpoint of the log's tail: {e}"),
    }
}

/// Runs one group in one transaction on `conn` (the writer's own connection, taken from the
/// pool when it has none), timing its stages into `timing`. `Err` when the transaction failed:
/// nothing of the group is stored, except for [`StoreError::OutcomeUnknown`].
///
/// The group is first written whole, with no savepoints (the common case costs no more than
/// its statements). If a statement fails, the transaction is rolled back and the group written
/// again with each event and each op in a savepoint of its own, so that only the writes that
/// fail again are refused.
async fn commit(
    pool: &AnyPool,
    backend: Backend,
    conn: &mut Option<PoolConnection<Any>>,
    ops: &[Op],
    events: &[EventWrite],
    timing: &mut GroupTiming,
) -> Result<Answers, StoreError> {
    let started = Instant::now();
    let c = match conn {
        Some(c) => c,
        None => conn.insert(pool.acquire().await?),
    };
    let mut tx = c.begin().await?;
    timing.begin = started.elapsed();
    let started = Instant::now();
    let all: Vec<&EventWrite> = events.iter().collect();
    let answers = match write_whole(&mut tx, ops, &all).await {
        Ok(ids) => Answers {
            ops: ids.into_iter().map(Ok).collect(),
            events: events.iter().map(|_| Ok(())).collect(),
        },
        Err(err) => {
            tracing::warn!(
                "a group of {} writes failed ({err}); writing them one by one",
                ops.len() + events.len()
            );
            tx.rollback().await?;
            tx = c.begin().await?;
            write_one_by_one(&mut tx, ops, &all).await?
        }
    };
    // The transaction's id, to ask after it should the answer to `COMMIT` be lost.
    let xid = match backend {
        Backend::Postgres => Some(
            sqlx::query_scalar::<_, i64>("SELECT txid_current()")
                .fetch_one(&mut *tx)
                .await?,
        ),
        Backend::Sqlite => None,
    };
    timing.statements = started.elapsed();
    let started = Instant::now();
    let committed = tx.commit().await;
    timing.commit = started.elapsed();
    match (committed, xid) {
        (Ok(()), _) => Ok(answers),
        // SQLite commits in this process: its answer is the outcome.
        (Err(e), None) => Err(e.into()),
        // PostgreSQL refused the commit: it answered, so nothing was stored.
        (Err(e), Some(_)) if refused(&e) => Err(e.into()),
        (Err(lost), Some(xid)) => {
            tracing::warn!("the answer to a group's commit was lost ({lost}); asking after it");
            // The connection is broken: the next group takes another.
            *conn = None;
            match fate(pool, xid, RESOLVE_FOR).await {
                Some(Fate::Committed) => {
                    tracing::info!("the group whose commit went unanswered was committed");
                    Ok(answers)
                }
                Some(Fate::Aborted) => Err(lost.into()),
                None => Err(StoreError::OutcomeUnknown(lost.to_string())),
            }
        }
    }
}

/// Whether PostgreSQL answered a `COMMIT` with `error`, refusing it: an error of the statement,
/// not of the connection. A server going down (class 57, operator intervention) or a broken
/// connection (class 08) may have come after the commit, so those do not count as answers.
fn refused(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .and_then(|e| e.code())
        .is_some_and(|code| !code.starts_with("57") && !code.starts_with("08"))
}

/// What became of a PostgreSQL transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    Committed,
    Aborted,
}

/// Asks PostgreSQL, on connections from `pool`, what became of transaction `xid` until it
/// answers `committed` or `aborted` (a transaction still `in progress` is asked after again)
/// or `within` has passed (`None`).
async fn fate(pool: &AnyPool, xid: i64, within: Duration) -> Option<Fate> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let asked = tokio::time::timeout_at(deadline, async {
            let mut c = pool.acquire().await?;
            sqlx::query_scalar::<_, Option<String>>("SELECT txid_status($1)")
                .bind(xid)
                .fetch_one(&mut *c)
                .await
        })
        .await;
        match asked {
            Err(_) => return None,
            Ok(Ok(Some(status))) if status == "committed" => return Some(Fate::Committed),
            Ok(Ok(Some(status))) if status == "aborted" => return Some(Fate::Aborted),
            // Still in progress, or too old to be known (which a transaction of a moment ago
            // is not): ask again.
            Ok(Ok(other)) => tracing::debug!("transaction {xid}: {other:?}"),
            Ok(Err(e)) => tracing::debug!("asking after transaction {xid}: {e}"),
        }
        if tokio::time::Instant::now() + Duration::from_millis(100) >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Writes the events and runs the ops; the ops' answers, or the first error.
async fn write_whole(
    conn: &mut AnyConnection,
    ops: &[Op],
    events: &[&EventWrite],
) -> Result<Vec<Option<i64>>, StoreError> {
    write_events(conn, events).await?;
    let mut ids = Vec::with_capacity(ops.len());
    for op in ops {
        ids.push(op(conn).await?);
    }
    Ok(ids)
}

/// Writes each event and runs each op in a savepoint of its own, keeping each one's answer.
/// `Err` only when the transaction itself fails.
async fn write_one_by_one(
    conn: &mut AnyConnection,
    ops: &[Op],
    events: &[&EventWrite],
) -> Result<Answers, StoreError> {
    let mut answers = Answers {
        ops: Vec::with_capacity(ops.len()),
        events: Vec::with_capacity(events.len()),
    };
    for write in events {
        savepoint(conn).await?;
        let written = write_events(conn, &[write]).await;
        let answer = settle(conn, written).await?;
        if let Err(e) = &answer {
            tracing::error!("{}: version {} not written: {e}", write.game, write.version);
        }
        answers.events.push(answer);
    }
    for op in ops {
        savepoint(conn).await?;
        let answer = op(conn).await;
        answers.ops.push(settle(conn, answer).await?);
    }
    Ok(answers)
}

/// Opens the savepoint one write runs in.
async fn savepoint(conn: &mut AnyConnection) -> Result<(), StoreError> {
    sqlx::query("SAVEPOINT write").execute(conn).await?;
    Ok(())
}

/// Keeps what a write did (`Ok`) or undoes it (`Err`), closing its savepoint either way. The
/// outer `Err` is a failure of the transaction itself.
async fn settle<T>(
    conn: &mut AnyConnection,
    answer: Result<T, StoreError>,
) -> Result<Result<T, StoreError>, StoreError> {
    if answer.is_err() {
        sqlx::query("ROLLBACK TO SAVEPOINT write")
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("RELEASE SAVEPOINT write").execute(conn).await?;
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::refused;

    /// A database's error with an SQLSTATE code.
    #[derive(Debug)]
    struct Coded(&'static str);

    impl std::fmt::Display for Coded {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "error {}", self.0)
        }
    }

    impl std::error::Error for Coded {}

    impl sqlx::error::DatabaseError for Coded {
        fn message(&self) -> &str {
            "coded"
        }
        fn code(&self) -> Option<Cow<'_, str>> {
            Some(Cow::Borrowed(self.0))
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    #[test]
    fn only_an_error_of_the_statement_is_a_refused_commit() {
        let db = |code| sqlx::Error::Database(Box::new(Coded(code)));
        // A serialization failure, a deferred constraint: the commit was refused.
        assert!(refused(&db("40001")));
        assert!(refused(&db("23505")));
        // The server shutting down, the connection failing, the socket gone: the commit may
        // have been made before the error.
        assert!(!refused(&db("57P01")));
        assert!(!refused(&db("08006")));
        let io = std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "gone");
        assert!(!refused(&sqlx::Error::Io(io)));
    }
}
