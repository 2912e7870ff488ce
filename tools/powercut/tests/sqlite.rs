//! SQLite on the mount (through sqlx, the SQLite build the server itself uses): a WAL-mode
//! database, one row inserted per committed transaction by a writer task, the power cut at a
//! random moment while it writes; then a new mount over the same backing directory, and
//! `PRAGMA integrity_check` and the rows.
//!
//! - `synchronous=FULL`: every commit that returned is there.
//! - `synchronous=OFF` (the negative control): commits that returned are lost.
//! - `synchronous=NORMAL`: the latest commits may be lost, never an earlier one without the
//!   later ones, and the database is never corrupt.
//!
//! WAL mode maps the `-shm` file shared and writable; the FULL test also reads the database
//! from another process (Debian's `sqlite3`) while the writer runs, which needs that mapping to
//! be shared through the mount. Set `CHAUPAL_POWERCUT_SEED` to replay the random cut points.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chaupal_powercut::{CutReport, Mount, Stats, harness};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Connection, Row};
use tempfile::TempDir;

/// The writer stops here if no cut came (a cut comes long before).
const ROWS_MAX: i64 = 3000;

struct Rig {
    _dir: TempDir,
    backing: PathBuf,
    mnt: PathBuf,
}

impl Rig {
    fn new() -> Rig {
        let dir = tempfile::tempdir().unwrap();
        let backing = dir.path().join("backing");
        let mnt = dir.path().join("mnt");
        fs::create_dir(&backing).unwrap();
        fs::create_dir(&mnt).unwrap();
        Rig {
            _dir: dir,
            backing,
            mnt,
        }
    }

    fn mount(&self) -> Mount {
        harness::preflight().unwrap_or_else(|e| panic!("FUSE is needed here: {e}"));
        let binary = Path::new(env!("CARGO_BIN_EXE_chaupal-powercut"));
        Mount::start_with(binary, &self.backing, &self.mnt)
            .unwrap_or_else(|e| panic!("cannot mount: {e}"))
    }
}

/// `wal_autocheckpoint` is the log's length (in pages, about one a commit here) at which a
/// commit checkpoints: a run picks one of these, so that its cut falls among frequent
/// checkpoints or far from any (SQLite's default is 1000).
const AUTOCHECKPOINTS: [u32; 3] = [8, 64, 1000];

fn options(path: &Path, sync: SqliteSynchronous, autocheckpoint: u32) -> SqliteConnectOptions {
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(sync)
        .pragma("wal_autocheckpoint", autocheckpoint.to_string())
}

fn body(id: i64) -> String {
    format!("move {id}: {}", "e2e4 ".repeat((id % 50) as usize))
}

fn seed() -> u64 {
    match std::env::var("CHAUPAL_POWERCUT_SEED") {
        Ok(s) => s.parse().expect("CHAUPAL_POWERCUT_SEED is a number"),
        Err(_) => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    }
}

/// What one run saw.
struct Outcome {
    /// Ids whose commit returned before the cut.
    acked: Vec<i64>,
    /// The highest id the writer began.
    attempted: i64,
    /// Ids found after the cut.
    present: Vec<i64>,
    integrity: String,
    /// What the writer's first failed commit said.
    writer_error: String,
    /// The run's `wal_autocheckpoint`.
    autocheckpoint: u32,
    /// The counters once the schema was made, before the writer began.
    before: Stats,
    report: CutReport,
}

impl Outcome {
    fn lost(&self) -> usize {
        self.acked
            .iter()
            .filter(|id| self.present.binary_search(id).is_err())
            .count()
    }

    /// Whether the rows found are 0, 1, … with no gap: what a cut may leave of ordered commits.
    fn is_prefix(&self) -> bool {
        self.present
            .iter()
            .enumerate()
            .all(|(i, &id)| id == i as i64)
    }

    fn summary(&self, sync: &str, seed: u64) -> String {
        format!(
            "synchronous={sync} seed={seed} wal_autocheckpoint={}: {} commits returned (writer \
             began {}; then {:?}), {} rows after the cut, {} returned commits lost, \
             integrity_check {:?}; {}",
            self.autocheckpoint,
            self.acked.len(),
            self.attempted + 1,
            self.writer_error,
            self.present.len(),
            self.lost(),
            self.integrity,
            self.report
        )
    }
}

/// One run: the schema made and synced, a writer committing one row at a time with
/// `synchronous=sync`, a cut after a random number of commits (and a random fraction of a
/// commit more), and what a new mount shows.
async fn run(sync: SqliteSynchronous, seed: u64, read_from_another_process: bool) -> Outcome {
    let rig = Rig::new();
    let db = rig.mnt.join("moves.db");
    let mut rng = StdRng::seed_from_u64(seed);
    let autocheckpoint = AUTOCHECKPOINTS[rng.random_range(0..AUTOCHECKPOINTS.len())];
    let mut mount = rig.mount();

    // The schema, durable: made with FULL and checkpointed into the database by the close.
    let mut conn =
        SqliteConnection::connect_with(&options(&db, SqliteSynchronous::Full, autocheckpoint))
            .await
            .unwrap();
    sqlx::query("CREATE TABLE moves (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let before = mount.stats().unwrap();

    let mut conn = SqliteConnection::connect_with(&options(&db, sync, autocheckpoint))
        .await
        .unwrap();
    let acked = Arc::new(Mutex::new(Vec::new()));
    let attempted = Arc::new(AtomicI64::new(-1));
    let writer = tokio::spawn({
        let acked = Arc::clone(&acked);
        let attempted = Arc::clone(&attempted);
        async move {
            for id in 0..ROWS_MAX {
                attempted.store(id, Ordering::SeqCst);
                let committed: Result<(), sqlx::Error> = async {
                    let mut tx = conn.begin().await?;
                    sqlx::query("INSERT INTO moves (id, body) VALUES (?, ?)")
                        .bind(id)
                        .bind(body(id))
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await
                }
                .await;
                match committed {
                    Ok(()) => acked.lock().unwrap().push(id),
                    Err(e) => return (conn, Some(e)),
                }
            }
            (conn, None)
        }
    });

    let cut_after = rng.random_range(20..250);
    let mut read_elsewhere = read_from_another_process;
    while acked.lock().unwrap().len() < cut_after && !writer.is_finished() {
        let done = acked.lock().unwrap().len();
        if read_elsewhere && done >= cut_after / 2 {
            // Another process reads the database through the mount while the writer runs:
            // its view of the log comes through the shared mapping of the -shm file.
            read_elsewhere = false;
            let out = tokio::task::spawn_blocking({
                let db = db.clone();
                move || {
                    Command::new("sqlite3")
                        .arg(&db)
                        .arg("SELECT count(*) FROM moves")
                        .output()
                        .unwrap_or_else(|e| panic!("sqlite3 (Debian's sqlite3) is needed: {e}"))
                }
            })
            .await
            .unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "sqlite3: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let count: usize = said.trim().parse().unwrap();
            assert!(
                count >= done,
                "sqlite3 saw {count} rows of {done} committed"
            );
            println!("sqlite3 in another process saw {count} rows ({done} committed before)");
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    tokio::time::sleep(Duration::from_micros(rng.random_range(0..3000))).await;
    let report = tokio::task::spawn_blocking(move || mount.cut())
        .await
        .unwrap()
        .unwrap();
    let (conn, error) = tokio::time::timeout(Duration::from_secs(60), writer)
        .await
        .expect("the writer ends after the cut")
        .unwrap();
    let writer_error = error
        .expect("the writer ran out of rows before the cut")
        .to_string();
    // Closed before the new mount: a connection closing deletes its log by name.
    let _ = tokio::time::timeout(Duration::from_secs(30), conn.close()).await;
    let acked = acked.lock().unwrap().clone();
    let attempted = attempted.load(Ordering::SeqCst);

    let mount = rig.mount();
    let mut conn =
        SqliteConnection::connect_with(&options(&db, SqliteSynchronous::Full, autocheckpoint))
            .await
            .unwrap();
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let rows = sqlx::query("SELECT id, body FROM moves ORDER BY id")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let mut present = Vec::new();
    for row in rows {
        let id: i64 = row.get(0);
        let text: String = row.get(1);
        assert_eq!(text, body(id), "row {id} is whole");
        present.push(id);
    }
    conn.close().await.unwrap();
    mount.unmount().unwrap();
    assert!(
        present.iter().all(|&id| id <= attempted),
        "a row the writer never began"
    );
    Outcome {
        acked,
        attempted,
        present,
        integrity,
        writer_error,
        autocheckpoint,
        before,
        report,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_synchronous_full_every_returned_commit_survives_a_cut() {
    let seed = seed();
    for run_no in 0..4 {
        let seed = seed.wrapping_add(run_no);
        let outcome = run(SqliteSynchronous::Full, seed, run_no == 0).await;
        println!("{}", outcome.summary("FULL", seed));
        assert_eq!(outcome.integrity, "ok", "seed {seed}");
        assert_eq!(outcome.lost(), 0, "seed {seed}: returned commits lost");
        assert!(outcome.is_prefix(), "seed {seed}: {:?}", outcome.present);
        assert!(outcome.report.at_cut.fsyncs > outcome.acked.len() as u64 / 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_synchronous_off_returned_commits_are_lost_at_a_cut() {
    let seed = seed();
    let outcome = run(SqliteSynchronous::Off, seed, false).await;
    println!("{}", outcome.summary("OFF", seed));
    assert!(
        outcome.lost() > 0,
        "seed {seed}: with synchronous=OFF a cut should lose returned commits"
    );
    assert_eq!(
        outcome.report.at_cut.fsyncs, outcome.before.fsyncs,
        "OFF never syncs"
    );
    assert!(outcome.report.at_cut.pending_bytes > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_synchronous_normal_a_cut_may_lose_the_latest_commits_but_never_corrupts() {
    let seed = seed();
    for run_no in 0..3 {
        let seed = seed.wrapping_add(run_no);
        let outcome = run(SqliteSynchronous::Normal, seed, false).await;
        println!("{}", outcome.summary("NORMAL", seed));
        assert_eq!(outcome.integrity, "ok", "seed {seed}");
        assert!(
            outcome.is_prefix(),
            "seed {seed}: only the latest commits may go: {:?}",
            outcome.present
        );
    }
}
