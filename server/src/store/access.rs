//! Whether this process may write the records, checked as they open: a server that cannot
//! keep what it is sent refuses to start at once, in one line naming the file or folder and
//! the user it runs as, instead of retrying (sqlx retries a connection whose set-up fails
//! until its 30-second timeout, and a service manager then starts it again, for ever).
//!
//! SQLite writes beside its file: the write-ahead log (`FILE-wal`) and its index
//! (`FILE-shm`) are made in the file's folder, so the folder must take new files and their
//! bytes, and the file and those two, when they are there, must be writable. [`sqlite`]
//! tries each for real (a probe file made, filled, synced and removed: a full disk or a
//! read-only mount fails it as a permission does), then opens the records once and takes the
//! write lock, which makes the log. PostgreSQL says so itself: a refusal for want of
//! privilege or in a read-only transaction ([`denied`]) is final, while a database out of
//! reach is waited for (sqlx's connect retries until its timeout).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::{ConnectOptions, Connection};

use super::StoreError;

/// How long opening SQLite's records once, to try them, may take.
const TRY_WITHIN: Duration = Duration::from_secs(5);

/// The bytes the probe file is filled with: a few of SQLite's pages.
const PROBE_BYTES: usize = 64 * 1024;

/// Who this process runs as: `chaupal (uid 998)`, or `uid 998` when the name is not known.
pub fn user() -> String {
    #[cfg(target_os = "linux")]
    {
        let uid = rustix::process::geteuid().as_raw();
        match name_of(uid) {
            Some(name) => format!("{name} (uid {uid})"),
            None => format!("uid {uid}"),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        "the server's user".to_owned()
    }
}

/// The name `/etc/passwd` gives `uid`.
#[cfg(target_os = "linux")]
fn name_of(uid: u32) -> Option<String> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let mut fields = line.split(':');
        let name = fields.next()?;
        let id: u32 = fields.nth(1)?.parse().ok()?;
        (id == uid).then(|| name.to_owned())
    })
}

/// The refusal of records that cannot be written: what could not be, why, and as whom.
fn refusal(what: &str, path: &Path, why: impl std::fmt::Display) -> StoreError {
    StoreError::NotWritable(format!(
        "{what} {}: {why}; the server runs as {}",
        path.display(),
        user()
    ))
}

/// Checks that the SQLite records at `url` (already normalised: `sqlite://FILE?mode=...`) can
/// be written by this process, before they are opened for serving.
pub async fn sqlite(url: &str) -> Result<(), StoreError> {
    let options: sqlx::sqlite::SqliteConnectOptions = url.parse()?;
    if url.contains(":memory:") || url.contains("mode=memory") {
        return Ok(());
    }
    let file = options.get_filename().to_path_buf();
    let checked = file.clone();
    tokio::task::spawn_blocking(move || files(&checked))
        .await
        .map_err(|e| StoreError::NotWritable(e.to_string()))??;
    let tried = tokio::time::timeout(TRY_WITHIN, async {
        let mut conn = options.disable_statement_logging().connect().await?;
        sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&mut conn)
            .await?;
        sqlx::query("BEGIN IMMEDIATE").execute(&mut conn).await?;
        sqlx::query("ROLLBACK").execute(&mut conn).await?;
        conn.close().await
    })
    .await;
    match tried {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(refusal("the records", &file, e)),
        Err(_) => Err(refusal(
            "the records",
            &file,
            format!("no write lock within {TRY_WITHIN:?}"),
        )),
    }
}

/// The file system's part of [`sqlite`]: the folder takes a new file and its bytes, and the
/// file, its log and the log's index are writable where they exist.
fn files(file: &Path) -> Result<(), StoreError> {
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    probe(&folder).map_err(|e| refusal("the records' folder", &folder, e))?;
    let mut beside = vec![file.to_path_buf()];
    for suffix in ["-wal", "-shm"] {
        let mut name = file.as_os_str().to_owned();
        name.push(suffix);
        beside.push(PathBuf::from(name));
    }
    for path in beside.iter().filter(|p| p.exists()) {
        OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| refusal("the records' file", path, e))?;
    }
    Ok(())
}

/// Makes a file in `folder`, fills it with [`PROBE_BYTES`], syncs it and removes it.
fn probe(folder: &Path) -> std::io::Result<()> {
    let path = folder.join(format!(".chaupal-write-check-{}", std::process::id()));
    let made = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut f| {
            f.write_all(&[0; PROBE_BYTES])?;
            f.sync_all()
        });
    let removed = std::fs::remove_file(&path);
    made?;
    removed
}

/// Whether a PostgreSQL error is a refusal to write that no waiting mends: no privilege
/// (`42501`), a read-only transaction (`25006`, a read-only user's default or a standby).
pub fn denied(e: &sqlx::Error) -> bool {
    let code = match e {
        sqlx::Error::Database(db) => db.code(),
        _ => None,
    };
    matches!(code.as_deref(), Some("42501" | "25006"))
}

/// A PostgreSQL error at the start as the refusal it is, when it is one ([`denied`]),
/// naming the database user of `url`.
pub fn postgres_refusal(e: StoreError, url: &str) -> StoreError {
    let source = match &e {
        StoreError::Db(db) => Some(db),
        StoreError::Migrate(sqlx::migrate::MigrateError::Execute(db))
        | StoreError::Migrate(sqlx::migrate::MigrateError::ExecuteMigration(db, _)) => Some(db),
        _ => None,
    };
    match source {
        Some(db) if denied(db) => {
            let user = url
                .parse::<sqlx::postgres::PgConnectOptions>()
                .map(|o| o.get_username().to_owned())
                .unwrap_or_else(|_| "?".to_owned());
            StoreError::NotWritable(format!("{db}; the database user is {user}"))
        }
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;

    #[test]
    fn a_writable_folder_passes_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        files(&dir.path().join("x.sqlite")).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_missing_folder_is_named_with_the_user() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("gone").join("x.sqlite");
        let Err(StoreError::NotWritable(why)) = files(&file) else {
            panic!("a missing folder passed")
        };
        assert!(why.contains("gone"), "{why}");
        assert!(why.contains(&user()), "{why}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_user_is_named_by_its_uid() {
        let uid = rustix::process::geteuid().as_raw();
        assert!(user().contains(&format!("uid {uid}")), "{}", user());
        assert_eq!(name_of(0).as_deref(), Some("root"));
    }
}
