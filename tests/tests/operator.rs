//! What an operator sees of a running server: its log, as a service manager's journal gets it.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::path::{Path, PathBuf};
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

/// Whether a websocket from a page at `origin` opens on the server at `addr` (a `403` is a
/// refusal; anything else fails the test). `forwarded`: the headers a proxy would add.
async fn opens_from(addr: &str, origin: &str, forwarded: &[(&'static str, &'static str)]) -> bool {
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    req.headers_mut()
        .insert("origin", HeaderValue::from_str(origin).unwrap());
    for (name, value) in forwarded {
        req.headers_mut()
            .insert(*name, HeaderValue::from_static(value));
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok(_) => true,
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) if res.status() == 403 => false,
        Err(e) => panic!("neither opened nor refused from {origin}: {e}"),
    }
}

/// An allowed origin is a scheme, a host and a port, the port left out being the scheme's
/// default: `--allowed-origin https://chaupal.example:443` lets in the page at
/// `https://chaupal.example` (the browser's spelling) and nothing else of that host, not over
/// `http`, not on another port. Without `--allowed-origin` the server's own origin is its
/// `Host` over the scheme the request came by: plain `http` when it comes straight to the
/// server, whose own port then serves no `https` page; `https` only when a trusted proxy says
/// so (`X-Forwarded-Proto`), and then the same host over `http` is refused.
#[tokio::test]
async fn an_allowed_origin_is_its_scheme_host_and_port() {
    let (mut child, addr, _log, _dir) =
        server_with_log("warn", &["--allowed-origin", "https://chaupal.example:443"]).await;
    assert!(opens_from(&addr, "https://chaupal.example", &[]).await);
    assert!(opens_from(&addr, "https://chaupal.example:443", &[]).await);
    assert!(!opens_from(&addr, "http://chaupal.example", &[]).await);
    assert!(!opens_from(&addr, "http://chaupal.example:443", &[]).await);
    assert!(!opens_from(&addr, "https://chaupal.example:8443", &[]).await);
    child.start_kill().unwrap();

    let (mut child, addr, _log, _dir) = server_with_log("warn", &[]).await;
    assert!(opens_from(&addr, &format!("http://{addr}"), &[]).await);
    assert!(!opens_from(&addr, &format!("https://{addr}"), &[]).await);
    // A client's own word on the scheme counts for nothing.
    let says_https = [("x-forwarded-proto", "https")];
    assert!(!opens_from(&addr, &format!("https://{addr}"), &says_https).await);
    child.start_kill().unwrap();

    let (mut child, addr, _log, _dir) =
        server_with_log("warn", &["--trusted-proxy", "127.0.0.1"]).await;
    assert!(opens_from(&addr, &format!("https://{addr}"), &says_https).await);
    assert!(!opens_from(&addr, &format!("http://{addr}"), &says_https).await);
    assert!(opens_from(&addr, &format!("http://{addr}"), &[]).await);
    child.start_kill().unwrap();
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

/// The user an unprivileged run is made as, from /etc/passwd: its name, uid and gid.
fn nobody() -> (String, u32, u32) {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap();
    passwd
        .lines()
        .find_map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            (fields.first() == Some(&"nobody")).then(|| {
                (
                    "nobody".to_owned(),
                    fields[2].parse().unwrap(),
                    fields[3].parse().unwrap(),
                )
            })
        })
        .expect("a user nobody in /etc/passwd, to run the server as someone other than root")
}

/// Whether the tests run as root (the owner of this process's /proc entry).
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// The user this process runs as, by name.
fn me() -> String {
    use std::os::unix::fs::MetadataExt;
    let uid = std::fs::metadata("/proc/self").unwrap().uid();
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap();
    passwd
        .lines()
        .find_map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            (fields.get(2) == Some(&uid.to_string().as_str())).then(|| fields[0].to_owned())
        })
        .unwrap_or_else(|| format!("uid {uid}"))
}

/// Records made by a server in `folder/x.sqlite`, stopped cleanly (SIGTERM), so that only
/// the file is left; then the folder and what it holds owned by `owner` (uid, gid) when
/// given.
async fn records_in(folder: &Path, owner: Option<(u32, u32)>) -> PathBuf {
    std::fs::create_dir_all(folder).unwrap();
    let file = folder.join("x.sqlite");
    let db = format!("sqlite://{}", file.display());
    let made = tempfile::tempdir().unwrap();
    let (mut child, _addr, _log, _dir) = server_on(&db, made, "warn", &[]).await;
    let pid = child.id().unwrap();
    let sent = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .await
        .unwrap();
    assert!(sent.success());
    tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("the server stops on SIGTERM")
        .unwrap();
    if let Some((uid, gid)) = owner {
        std::os::unix::fs::chown(folder, Some(uid), Some(gid)).unwrap();
        for entry in std::fs::read_dir(folder).unwrap() {
            std::os::unix::fs::chown(entry.unwrap().path(), Some(uid), Some(gid)).unwrap();
        }
    }
    file
}

/// Sets `path`'s permission bits.
fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// What a server started on the records at `file` did: its exit status, its stdout and
/// stderr, and how long it ran. As root, which may write anything, it runs as `nobody`
/// (`setpriv`, util-linux), and the test fails if it cannot; otherwise as this user.
async fn start_on(file: &Path) -> (std::process::ExitStatus, String, String, Duration) {
    let db = format!("sqlite://{}", file.display());
    let server = chaupal_tests::server_binary();
    let server = server.to_str().unwrap();
    let args = ["--bind", "127.0.0.1:0", "--database", db.as_str()];
    let mut command = if is_root() {
        let (_, uid, gid) = nobody();
        let mut c = Command::new("setpriv");
        c.arg(format!("--reuid={uid}"))
            .arg(format!("--regid={gid}"))
            .arg("--clear-groups")
            .arg(server);
        c
    } else {
        Command::new(server)
    };
    let started = std::time::Instant::now();
    let run = command
        .args(args)
        .env("RUST_LOG", "warn")
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("the server stops instead of serving or trying for ever")
        .unwrap_or_else(|e| panic!("running the server as another user (setpriv): {e}"));
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        started.elapsed(),
    )
}

/// The server on records it cannot write refused to start as it should: at once (within
/// 10 s), exiting non-zero, without listening, and in one line that names `named` (the
/// folder or the file) and the user it runs as.
fn refused_naming(
    (status, stdout, stderr, took): &(std::process::ExitStatus, String, String, Duration),
    named: &Path,
    user: &str,
) {
    assert!(
        status.code().is_some_and(|c| c != 0),
        "{status}: {stdout}{stderr}"
    );
    assert!(!stdout.contains("listening on"), "{stdout}");
    assert!(
        *took < Duration::from_secs(10),
        "it took {took:?}: {stderr}"
    );
    assert!(
        !stderr.contains("after_connect"),
        "no retries before the refusal: {stderr}"
    );
    let named = named.display().to_string();
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains(&named)).collect();
    assert_eq!(lines.len(), 1, "one line names {named}: {stderr}");
    assert!(
        lines[0].contains("the records cannot be written"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(user), "the user {user}: {}", lines[0]);
}

/// A server run as a user who cannot write its records refuses to start within 10 s, in one
/// line naming the folder or the file and the user, and exits non-zero (before, with the file
/// readable and the folder not writable, so that the write-ahead log could not be made, it
/// logged `attempt to write a readonly database` every 6 s until sqlx gave up, then a service
/// manager started it again): the folder not writable, then the file itself read-only. As
/// root, which writes anything, the server runs as `nobody`.
#[tokio::test]
async fn a_server_that_cannot_write_its_records_refuses_to_start_naming_them_and_the_user() {
    let root = tempfile::tempdir().unwrap();
    chmod(root.path(), 0o755);
    let (user, owner) = if is_root() {
        let (name, uid, gid) = nobody();
        (name, Some((uid, gid)))
    } else {
        (me(), None)
    };

    // The folder not writable; the file the user's own.
    let folder = root.path().join("folder");
    let file = records_in(&folder, owner).await;
    chmod(&file, 0o644);
    chmod(&folder, 0o555);
    let ran = start_on(&file).await;
    refused_naming(&ran, &folder, &user);

    // The folder the user's own; the file read-only (owned by someone else when root).
    let other = root.path().join("file");
    let file = records_in(&other, owner).await;
    if is_root() {
        std::os::unix::fs::chown(&file, Some(0), Some(0)).unwrap();
    }
    chmod(&file, 0o444);
    let ran = start_on(&file).await;
    refused_naming(&ran, &file, &user);
    chmod(&folder, 0o755);
}

/// A small file system, mounted for a test and unmounted when it ends.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// A server whose records' disk is full refuses to start as it does on records it may not
/// write, naming their folder and the user: the records (the user's own) on a small tmpfs,
/// the rest of it filled (mounting needs root, which CI has: without it the test fails,
/// saying so).
#[tokio::test]
async fn a_server_whose_disk_is_full_refuses_to_start_naming_the_folder() {
    let root = tempfile::tempdir().unwrap();
    chmod(root.path(), 0o755);
    let disk = root.path().join("disk");
    std::fs::create_dir(&disk).unwrap();
    let mount = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
        .arg(&disk)
        .output()
        .unwrap();
    assert!(
        mount.status.success(),
        "mounting a 4 MB tmpfs for the full disk needs root (CI runs as root): {}",
        String::from_utf8_lossy(&mount.stderr)
    );
    let _mounted = Mounted(disk.clone());
    let (user, owner) = if is_root() {
        let (name, uid, gid) = nobody();
        (name, Some((uid, gid)))
    } else {
        (me(), None)
    };
    let file = records_in(&disk, owner).await;
    // Fill what is left, to the last block.
    let mut filler = std::fs::File::create(disk.join("filler")).unwrap();
    let block = vec![0u8; 4096];
    while std::io::Write::write_all(&mut filler, &block).is_ok() {}
    let _ = filler.sync_all();
    let ran = start_on(&file).await;
    refused_naming(&ran, &disk, &user);
}

/// A server on a PostgreSQL database it may only read (here the database's transactions
/// read-only by default; in the field a read-only user or a standby) refuses to start within
/// 10 s, in one line naming the database user, and exits non-zero.
#[tokio::test]
async fn a_server_on_a_read_only_postgresql_refuses_to_start_naming_the_user() {
    use sqlx::Connection;
    let Some(url) = chaupal_tests::services::fresh_database("chaupal_e2e_ro_start").await else {
        return;
    };
    let name = database_name(&url);
    let dir = tempfile::tempdir().unwrap();
    let (mut first, _addr, _log, _dir) = server_on(&url, dir, "warn", &[]).await;
    first.start_kill().unwrap();
    let _ = first.wait().await;
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query(&format!(
        "ALTER DATABASE {name} SET default_transaction_read_only = on"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let user = url
        .parse::<sqlx::postgres::PgConnectOptions>()
        .unwrap()
        .get_username()
        .to_owned();
    let started = std::time::Instant::now();
    let run = Command::new(chaupal_tests::server_binary())
        .args(["--bind", "127.0.0.1:0", "--database", url.as_str()])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("the server stops instead of serving")
        .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some_and(|c| c != 0), "{stderr}");
    assert!(took < Duration::from_secs(10), "it took {took:?}: {stderr}");
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("the records cannot be written"))
        .collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].contains("read-only"), "{}", lines[0]);
    assert!(
        lines[0].contains(&format!("the database user is {user}")),
        "{}",
        lines[0]
    );
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
    let name = database_name(&url);
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

/// The database a PostgreSQL URL names (`postgres://user@host/NAME?options`).
fn database_name(url: &str) -> String {
    url.split('?')
        .next()
        .and_then(|u| u.rsplit('/').next())
        .unwrap_or_default()
        .to_owned()
}
