//! What an operator sees of a running server: its log, as a service manager's journal gets it.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;

/// The server's log through a pipe (as under systemd) has no colour codes, and an idle server
/// still logs the writer's stage timings on time when asked to (they were logged only at the
/// next commit, so an idle server said nothing).
#[tokio::test]
async fn an_idle_servers_log_is_plain_text_and_its_timings_come_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/x.sqlite", dir.path().display());
    let mut child = Command::new(chaupal_tests::server_binary())
        .args(["--bind", "127.0.0.1:0", "--database", db.as_str()])
        .env("RUST_LOG", "info,chaupal_server::store=debug")
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
        .unwrap()
        .unwrap();
    assert!(first.starts_with("listening on "), "{first}");
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut log = Vec::new();
    // The window is 10 s: the first summary is due within it, with nothing written meanwhile.
    let found = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(line) = stderr.next_line().await.unwrap() {
            let summary = line.contains("group commits: ");
            log.push(line);
            if summary {
                return;
            }
        }
    })
    .await;
    child.start_kill().unwrap();
    let log = log.join("\n");
    assert!(found.is_ok(), "no timing summary from an idle server in 30 s:\n{log}");
    assert!(log.contains("INFO"), "{log}");
    assert!(!log.contains('\u{1b}'), "colour codes in a piped log:\n{log:?}");
}
