//! The records' schema and this build's: `chaupal-server migrate` brings the records to this
//! build's schema (the server also does it at every start), and `migrate --check`, run with a
//! new build before an upgrade, says which migrations it would apply and tries them without
//! changing the records: on SQLite in a copy of the file (taken with `VACUUM INTO`, safe while
//! the server runs), on PostgreSQL in one transaction that is rolled back. Records written by
//! a newer build are refused: a downgrade would meet tables it does not know.

use std::collections::BTreeSet;
use std::time::Instant;

use sqlx::migrate::{Migration, Migrator};
use sqlx::{Connection, Executor};

use super::{Backend, StoreError, normalise_url};

static SQLITE: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES: Migrator = sqlx::migrate!("migrations/postgres");

/// What `migrate --check` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The migrations the records have, of this build's.
    pub applied: usize,
    /// This build's migrations.
    pub known: usize,
    /// Those this build would apply, oldest first: (version, description).
    pub pending: Vec<(i64, String)>,
    /// How the pending ones were tried, and how long they took (milliseconds).
    pub tried: String,
}

impl Check {
    /// The report, a line each.
    pub fn report(&self) -> String {
        let mut out = format!(
            "the records have {} of this build's {} migrations\n",
            self.applied, self.known
        );
        if self.pending.is_empty() {
            out.push_str("nothing to apply: the upgrade changes no table\n");
        } else {
            for (version, description) in &self.pending {
                out.push_str(&format!("to apply: {version} {description}\n"));
            }
            out.push_str(&format!("{}\n", self.tried));
        }
        out
    }
}

/// The records at `url`, opened for `migrate`: their backend, this build's migrations for
/// it, a connection, and the migrations they have (records of a newer build refused).
async fn open(
    url: &str,
) -> Result<
    (
        Backend,
        &'static Migrator,
        sqlx::AnyConnection,
        BTreeSet<i64>,
    ),
    StoreError,
> {
    sqlx::any::install_default_drivers();
    let (backend, url) = normalise_url(url)?;
    let migrator = migrator(backend);
    let mut conn = sqlx::AnyConnection::connect(&connect_url(backend, &url)?).await?;
    let done = applied(&mut conn).await?;
    refuse_newer(migrator, &done)?;
    Ok((backend, migrator, conn, done))
}

/// Brings the records at `url` to this build's schema; the migrations applied.
pub async fn apply(url: &str) -> Result<usize, StoreError> {
    let (_, migrator, mut conn, before) = open(url).await?;
    migrator.run_direct(&mut conn).await?;
    let after = applied(&mut conn).await?;
    conn.close().await?;
    Ok(after.len().saturating_sub(before.len()))
}

/// Says what this build would apply to the records at `url`, and tries it without changing
/// them.
pub async fn check(url: &str) -> Result<Check, StoreError> {
    let (backend, migrator, mut conn, done) = open(url).await?;
    let pending: Vec<&Migration> = migrator
        .iter()
        .filter(|m| !done.contains(&m.version))
        .collect();
    let started = Instant::now();
    let tried = if pending.is_empty() {
        String::new()
    } else {
        match backend {
            Backend::Sqlite => {
                let copy = std::env::temp_dir().join(format!(
                    "chaupal-migrate-check-{}.sqlite",
                    std::process::id()
                ));
                let _ = std::fs::remove_file(&copy);
                let result = try_on_copy(&mut conn, migrator, &copy).await;
                let _ = std::fs::remove_file(&copy);
                result?;
                format!(
                    "tried on a copy of the records: applied in {} ms, integrity ok",
                    started.elapsed().as_millis()
                )
            }
            Backend::Postgres => {
                let mut tx = conn.begin().await?;
                for m in &pending {
                    tx.execute(&*m.sql).await?;
                }
                tx.rollback().await?;
                format!(
                    "tried in a transaction, rolled back: applied in {} ms",
                    started.elapsed().as_millis()
                )
            }
        }
    };
    conn.close().await?;
    Ok(Check {
        applied: done.len(),
        known: migrator.iter().count(),
        pending: pending
            .iter()
            .map(|m| (m.version, m.description.to_string()))
            .collect(),
        tried,
    })
}

/// At the server's start: refuses records of a newer build, then applies this build's
/// migrations.
pub(super) async fn at_start(pool: &sqlx::AnyPool, backend: Backend) -> Result<(), StoreError> {
    let migrator = migrator(backend);
    {
        let mut conn = pool.acquire().await?;
        let done = applied(&mut conn).await?;
        refuse_newer(migrator, &done)?;
    }
    migrator.run(pool).await?;
    Ok(())
}

fn migrator(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}

/// The URL to connect with: SQLite's file must be there already (`migrate` creates none).
fn connect_url(backend: Backend, url: &str) -> Result<String, StoreError> {
    match backend {
        Backend::Sqlite => {
            let file = url.trim_start_matches("sqlite://");
            let file = file.split('?').next().unwrap_or(file);
            if !std::path::Path::new(file).is_file() {
                return Err(StoreError::NoRecords(file.to_owned()));
            }
            Ok(url.replace("mode=rwc", "mode=rw"))
        }
        Backend::Postgres => Ok(url.to_owned()),
    }
}

/// The versions of the migrations the records have.
async fn applied(conn: &mut sqlx::AnyConnection) -> Result<BTreeSet<i64>, StoreError> {
    let rows: Vec<(i64,)> = match sqlx::query_as("SELECT version FROM _sqlx_migrations")
        .fetch_all(&mut *conn)
        .await
    {
        Ok(rows) => rows,
        // No table yet: records that have never been migrated.
        Err(sqlx::Error::Database(e)) if e.message().contains("_sqlx_migrations") => Vec::new(),
        Err(e) => return Err(e.into()),
    };
    Ok(rows.into_iter().map(|(v,)| v).collect())
}

/// Records with a migration this build does not know were written by a newer build.
fn refuse_newer(migrator: &Migrator, applied: &BTreeSet<i64>) -> Result<(), StoreError> {
    let known: BTreeSet<i64> = migrator.iter().map(|m| m.version).collect();
    match applied.iter().find(|v| !known.contains(v)) {
        Some(v) => Err(StoreError::NewerRecords(*v)),
        None => Ok(()),
    }
}

/// Copies the records into `copy` and applies this build's migrations there.
async fn try_on_copy(
    conn: &mut sqlx::AnyConnection,
    migrator: &Migrator,
    copy: &std::path::Path,
) -> Result<(), StoreError> {
    sqlx::query("VACUUM INTO ?")
        .bind(copy.display().to_string())
        .execute(&mut *conn)
        .await?;
    let mut on_copy =
        sqlx::AnyConnection::connect(&format!("sqlite://{}?mode=rw", copy.display())).await?;
    migrator.run_direct(&mut on_copy).await?;
    let (integrity,): (String,) = sqlx::query_as("PRAGMA integrity_check")
        .fetch_one(&mut on_copy)
        .await?;
    on_copy.close().await?;
    if integrity == "ok" {
        Ok(())
    } else {
        Err(StoreError::Corrupt(format!(
            "the copy after the migrations: {integrity}"
        )))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use sqlx::Row;

    /// Records of an older build (all but the last two migrations) at `url`.
    async fn older_records(url: &str) -> &'static Migrator {
        let (backend, full) = normalise_url(url).unwrap();
        let migrator = migrator(backend);
        let mut conn = sqlx::AnyConnection::connect(&full).await.unwrap();
        let keep = migrator.iter().count() - 2;
        let mut older = Migrator::DEFAULT;
        older.migrations = std::borrow::Cow::Owned(migrator.iter().take(keep).cloned().collect());
        older.run_direct(&mut conn).await.unwrap();
        conn.close().await.unwrap();
        migrator
    }

    /// On SQLite (tried on a copy) and PostgreSQL (tried in a transaction rolled back).
    #[tokio::test]
    async fn a_check_tries_the_pending_migrations_and_leaves_the_records_alone() {
        sqlx::any::install_default_drivers();
        for db in super::super::tests::TestDb::all().await {
            let url = db.url.clone();
            let migrator = older_records(&url).await;
            let check = check(&url).await.unwrap();
            assert_eq!(check.known, migrator.iter().count());
            assert_eq!(check.applied, check.known - 2);
            assert_eq!(check.pending.len(), 2, "{check:?}");
            let report = check.report();
            assert!(report.contains("to apply: "), "{report}");
            let how = if url.starts_with("sqlite") {
                "on a copy of the records"
            } else {
                "in a transaction, rolled back"
            };
            assert!(report.contains(how), "{report}");
            // The records themselves are as they were.
            let again = super::check(&url).await.unwrap();
            assert_eq!(again.pending, check.pending, "{url}");
            // Applied, nothing is left to do.
            assert_eq!(apply(&url).await.unwrap(), 2);
            let done = super::check(&url).await.unwrap();
            assert!(done.pending.is_empty());
            assert!(
                done.report().contains("nothing to apply"),
                "{}",
                done.report()
            );
            db.drop_database().await;
        }
    }

    /// Records of the build before private games (the migrations before it), with two
    /// games begun from private invitations and an open one, then migrated.
    #[tokio::test]
    async fn invitation_games_of_older_records_become_private_each_with_its_own_key() {
        sqlx::any::install_default_drivers();
        for db in super::super::tests::TestDb::all().await {
            let (backend, full) = normalise_url(&db.url).unwrap();
            let migrator = migrator(backend);
            let keep = migrator
                .iter()
                .position(|m| m.description.contains("privacy"))
                .unwrap();
            let mut conn = sqlx::AnyConnection::connect(&full).await.unwrap();
            let mut older = Migrator::DEFAULT;
            older.migrations =
                std::borrow::Cow::Owned(migrator.iter().take(keep).cloned().collect());
            older.run_direct(&mut conn).await.unwrap();
            for (id, mode) in [(1_i64, "private"), (2, "open"), (3, "private")] {
                sqlx::query(
                    "INSERT INTO games (id, kind, rules, rated, mode, first_name, second_name, \
                     status, version, plies, started_ms) \
                     VALUES ($1, 'kalah', '', 0, $2, 'a', 'b', 'finished', 0, 0, 0)",
                )
                .bind(id)
                .bind(mode)
                .execute(&mut conn)
                .await
                .unwrap();
            }
            conn.close().await.unwrap();
            assert_eq!(
                apply(&db.url).await.unwrap(),
                migrator.iter().count() - keep
            );
            let mut conn = sqlx::AnyConnection::connect(&full).await.unwrap();
            let rows = sqlx::query("SELECT id, watch_key FROM games ORDER BY id")
                .fetch_all(&mut conn)
                .await
                .unwrap();
            let keys: Vec<Option<String>> = rows.iter().map(|r| r.get("watch_key")).collect();
            conn.close().await.unwrap();
            assert_eq!(keys[1], None, "an open game stays public");
            for key in [&keys[0], &keys[2]] {
                let key = key.as_deref().unwrap_or_default();
                assert_eq!(key.len(), 32, "{key}");
                assert!(key.bytes().all(|b| b.is_ascii_hexdigit()), "{key}");
            }
            assert_ne!(keys[0], keys[2], "each game has its own key");
            db.drop_database().await;
        }
    }

    #[tokio::test]
    async fn records_of_a_newer_build_are_refused() {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/r.sqlite", dir.path().display());
        apply_fresh(&url).await;
        let (_, full) = normalise_url(&url).unwrap();
        let mut conn = sqlx::AnyConnection::connect(&full).await.unwrap();
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, \
             execution_time) VALUES (29990101000000, 'from the future', 1, x'00', 0)",
        )
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
        let err = check(&url).await.unwrap_err();
        assert!(
            matches!(err, StoreError::NewerRecords(29990101000000)),
            "{err}"
        );
        assert!(err.to_string().contains("newer build"), "{err}");
    }

    #[tokio::test]
    async fn missing_records_are_an_error_not_a_new_file() {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/none.sqlite", dir.path().display());
        let err = check(&url).await.unwrap_err();
        assert!(matches!(err, StoreError::NoRecords(_)), "{err}");
        assert!(err.to_string().contains("none.sqlite"), "{err}");
        assert!(apply(&url).await.is_err());
        assert!(!dir.path().join("none.sqlite").exists());
    }

    async fn apply_fresh(url: &str) {
        let (_, full) = normalise_url(url).unwrap();
        let mut conn = sqlx::AnyConnection::connect(&full).await.unwrap();
        SQLITE.run_direct(&mut conn).await.unwrap();
        conn.close().await.unwrap();
    }
}
