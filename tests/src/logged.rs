//! A server started with its log piped, as a service manager's journal gets it: the tests
//! that read what an operator sees (tests/operator.rs, tests/proxies.rs).

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// The server's process, its address, its log lines as they come, and its folder.
pub type Logged = (Child, String, Arc<Mutex<Vec<String>>>, tempfile::TempDir);

/// Starts the server with `args` and its log piped (`RUST_LOG` as given).
pub async fn server_with_log(rust_log: &str, args: &[&str]) -> Logged {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/x.sqlite", dir.path().display());
    server_on(&db, dir, rust_log, args).await
}

/// [`server_with_log`] on the records at `db`.
pub async fn server_on(db: &str, dir: tempfile::TempDir, rust_log: &str, args: &[&str]) -> Logged {
    let mut child = Command::new(crate::server_binary())
        .args(["--bind", "127.0.0.1:0", "--database", db])
        .args(args)
        .env("RUST_LOG", rust_log)
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = tokio::time::timeout(Duration::from_secs(60), stdout.next_line())
        .await
        .expect("the server says where it listens")
        .expect("its output can be read")
        .expect("it prints a first line");
    let addr = first
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("not where it listens: {first}"))
        .to_owned();
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let lines = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = stderr.next_line().await {
            lines.lock().unwrap().push(line);
        }
    });
    (child, addr, log, dir)
}

/// Whether a line containing `text` is in the log, waiting up to `patience` for it.
pub async fn seen_in(
    log: &Arc<Mutex<Vec<String>>>,
    text: &str,
    patience: Duration,
) -> Option<String> {
    let until = tokio::time::Instant::now() + patience;
    loop {
        let found = log
            .lock()
            .ok()
            .and_then(|l| l.iter().find(|l| l.contains(text)).cloned());
        if found.is_some() || tokio::time::Instant::now() >= until {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
