//! What an operator sees of a running server: its log, as a service manager's journal gets it.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chaupal_tests::logged::{server_on, server_with_log};
use tokio::process::Command;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// A websocket refused for its page's Origin is logged at info level, with the origin and the
/// option that allows it, once: the same origin again within the minute is not logged again.
#[tokio::test]
async fn a_refused_origin_is_logged_once_with_the_option_that_allows_it() {
    let (mut child, addr, log, _dir) = server_with_log("info", &[]).await;
    for _ in 0..2 {
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        req.headers_mut().insert(
            "origin",
            HeaderValue::from_static("https://elsewhere.example"),
        );
        let refused = tokio_tungstenite::connect_async(req).await;
        let Err(tokio_tungstenite::tungstenite::Error::Http(res)) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert_eq!(res.status(), 403);
    }
    let told = |log: &Arc<Mutex<Vec<String>>>| {
        log.lock()
            .unwrap()
            .iter()
            .filter(|l| l.contains("refused a websocket from a page at https://elsewhere.example"))
            .cloned()
            .collect::<Vec<_>>()
    };
    for _ in 0..50 {
        if !told(&log).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Both refusals were answered after their log line was written; give the pipe a moment.
    tokio::time::sleep(Duration::from_millis(300)).await;
    child.start_kill().unwrap();
    let lines = told(&log);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("INFO"), "{}", lines[0]);
    assert!(
        lines[0].contains("--allowed-origin https://elsewhere.example"),
        "{}",
        lines[0]
    );
}

/// The server's log through a pipe (as under systemd) has no colour codes, and an idle server
/// still logs the writer's stage timings on time when asked to (they were logged only at the
/// next commit, so an idle server said nothing).
#[tokio::test]
async fn an_idle_servers_log_is_plain_text_and_its_timings_come_on_time() {
    let (mut child, _addr, log, _dir) =
        server_with_log("info,chaupal_server::store=debug", &[]).await;
    // The window is 10 s: the first summary is due within it, with nothing written meanwhile.
    let mut found = false;
    for _ in 0..300 {
        if log
            .lock()
            .unwrap()
            .iter()
            .any(|l| l.contains("group commits: "))
        {
            found = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child.start_kill().unwrap();
    let log = log.lock().unwrap().join("\n");
    assert!(
        found,
        "no timing summary from an idle server in 30 s:\n{log}"
    );
    assert!(log.contains("INFO"), "{log}");
    assert!(
        !log.contains('\u{1b}'),
        "colour codes in a piped log:\n{log:?}"
    );
}

/// Behind a trusted proxy the log names the client the proxy forwarded for, and the proxy.
#[tokio::test]
async fn the_log_names_the_client_behind_a_trusted_proxy() {
    let (mut child, addr, log, _dir) =
        server_with_log("info", &["--trusted-proxy", "127.0.0.1"]).await;
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    req.headers_mut()
        .insert("x-forwarded-for", HeaderValue::from_static("203.0.113.7"));
    let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    let mut client = chaupal_tests::Client::from_ws(ws);
    client
        .request(chaupal_shared::protocol::Request::Hello {
            version: chaupal_shared::protocol::PROTOCOL_VERSION,
            name: "asha".into(),
            token: None,
            turns: false,
        })
        .await
        .unwrap();
    let seen = || {
        log.lock()
            .unwrap()
            .iter()
            .find(|l| l.contains("(asha)"))
            .cloned()
    };
    for _ in 0..50 {
        if seen().is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child.start_kill().unwrap();
    let line = seen().unwrap_or_else(|| panic!("no line of asha's hello: {:?}", log.lock()));
    assert!(line.contains("203.0.113.7 (via 127.0.0.1:"), "{line}");
}

/// A server whose records can only be read (here a read-only open; in the field, a file
/// restored as root under a service user) refuses to start, saying why, instead of answering
/// `/health` and failing every move.
#[tokio::test]
async fn a_server_refuses_to_start_on_records_it_cannot_write() {
    let (mut first, _addr, _log, dir) = server_with_log("warn", &[]).await;
    first.start_kill().unwrap();
    let _ = first.wait().await;
    let db = format!("sqlite://{}/x.sqlite?mode=ro", dir.path().display());
    let run = Command::new(chaupal_tests::server_binary())
        .args(["--bind", "127.0.0.1:0", "--database", db.as_str()])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("the server stops at once instead of serving")
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}{stderr}");
    assert!(!stdout.contains("listening on"), "{stdout}");
    assert!(stderr.contains("the records cannot be written"), "{stderr}");
    assert!(stderr.contains("readonly"), "{stderr}");
}

/// `/health` gives everyone its status, and its details (the node, its rooms) only to this
/// machine, or to the addresses `--health-from` names; behind a trusted proxy, the client's
/// address decides.
#[tokio::test]
async fn health_details_are_shown_only_to_the_addresses_named_for_them() {
    let (mut child, addr, _log, _dir) =
        server_with_log("warn", &["--trusted-proxy", "127.0.0.1"]).await;
    let (status, here) = chaupal_tests::health(&addr, None).await;
    assert!(status.contains("200"), "{status}");
    assert!(
        here.starts_with("ok\n") && here.contains("rooms 0"),
        "{here:?}"
    );
    let (status, outside) = chaupal_tests::health(&addr, Some("203.0.113.7")).await;
    assert!(status.contains("200"), "{status}");
    assert_eq!(outside, "ok\n");
    child.start_kill().unwrap();

    let (mut child, addr, _log, _dir) = server_with_log(
        "warn",
        &[
            "--trusted-proxy",
            "127.0.0.1",
            "--health-from",
            "203.0.113.0/24",
        ],
    )
    .await;
    let (_, named) = chaupal_tests::health(&addr, Some("203.0.113.7")).await;
    assert!(named.contains("rooms 0"), "{named:?}");
    let (_, here) = chaupal_tests::health(&addr, None).await;
    assert_eq!(here, "ok\n");
    child.start_kill().unwrap();
}

/// `/health` tells the truth after the start too: records that turn read-only under a running
/// server (here PostgreSQL set read-only and its sessions ended; in the field, a full disk or a
/// demoted primary) make it answer 503, saying why, within seconds even with no player
/// writing, and 200 again once they can be written.
#[tokio::test]
async fn health_answers_503_while_the_records_cannot_be_written() {
    use sqlx::Connection;
    let Some(url) = chaupal_tests::services::fresh_database("chaupal_e2e_readonly").await else {
        return;
    };
    let name = url
        .split('?')
        .next()
        .and_then(|u| u.rsplit('/').next())
        .unwrap()
        .to_owned();
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr, _log, _dir) = server_on(&url, dir, "warn", &[]).await;
    let (status, body) = chaupal_tests::health(&addr, None).await;
    assert!(status.contains("200"), "{status}\n{body}");
    assert!(body.contains("records writable"), "{body}");

    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    let read_only = |on: bool| {
        let setting = if on { "on" } else { "off" };
        [
            format!("ALTER DATABASE {name} SET default_transaction_read_only = {setting}"),
            format!(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = '{name}' AND pid <> pg_backend_pid()"
            ),
        ]
    };
    for sql in read_only(true) {
        sqlx::query(&sql).execute(&mut admin).await.unwrap();
    }
    // The first failure may be the ended session; the next check meets the read-only database.
    let until = |want: &'static str, saying: &'static str| {
        let addr = addr.clone();
        async move {
            for _ in 0..300 {
                let (status, body) = chaupal_tests::health(&addr, None).await;
                if status.contains(want) && body.contains(saying) {
                    return body;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let (status, body) = chaupal_tests::health(&addr, None).await;
            panic!("/health still says {status}: {body}");
        }
    };
    let body = until("503", "read-only").await;
    assert!(body.starts_with("unavailable\n"), "{body}");
    assert!(body.contains("records not writable"), "{body}");

    for sql in read_only(false) {
        sqlx::query(&sql).execute(&mut admin).await.unwrap();
    }
    let body = until("200", "writable").await;
    assert!(body.contains("records writable"), "{body}");
    child.start_kill().unwrap();
}
