//! What a test needs beside the server: a fresh PostgreSQL database on the test server, a
//! PostgreSQL server of its own (for a test that stops it), and a NATS server of its own (for
//! the cluster's tests).
//!
//! `scripts/test.sh` starts a throwaway PostgreSQL and names it in `CHAUPAL_TEST_POSTGRES`, and
//! sets `CHAUPAL_REQUIRE_POSTGRES` and `CHAUPAL_REQUIRE_NATS`, which make a missing service a
//! failure rather than a skipped test.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use sqlx::Connection;
use tokio::process::{Child, Command};

/// A new, empty database on the test server; `None` when the run has no server (a failure when
/// `CHAUPAL_REQUIRE_POSTGRES` is set).
pub async fn fresh_database(name: &str) -> Option<String> {
    let Ok(server) = std::env::var("CHAUPAL_TEST_POSTGRES") else {
        assert!(
            std::env::var_os("CHAUPAL_REQUIRE_POSTGRES").is_none(),
            "CHAUPAL_REQUIRE_POSTGRES is set but CHAUPAL_TEST_POSTGRES is not"
        );
        eprintln!("CHAUPAL_TEST_POSTGRES is not set: the server on PostgreSQL is not tested");
        return None;
    };
    let name = format!("{name}_{}", std::process::id());
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    for sql in [
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        format!("CREATE DATABASE {name}"),
    ] {
        sqlx::query(&sql).execute(&mut admin).await.unwrap();
    }
    admin.close().await.unwrap();
    // The server's URL with its database replaced by the new one.
    let (base, query) = server
        .split_once('?')
        .map_or((server.as_str(), None), |(b, q)| (b, Some(q)));
    let path_start = base.find("://").map_or(0, |i| i + 3);
    let base = match base[path_start..].find('/') {
        Some(slash) => &base[..path_start + slash],
        None => base,
    };
    Some(match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    })
}

/// A NATS server with JetStream, on a free port, keeping its files in a temporary directory;
/// it can be stopped and started again on the same port.
pub struct Nats {
    child: Option<Child>,
    pub port: u16,
    dir: tempfile::TempDir,
}

/// Where Debian puts `nats-server` (`scripts/install.sh test` installs it).
fn nats_binary() -> PathBuf {
    for dir in ["/usr/sbin", "/usr/bin", "/usr/local/bin"] {
        let path = PathBuf::from(dir).join("nats-server");
        if path.exists() {
            return path;
        }
    }
    PathBuf::from("nats-server")
}

impl Nats {
    /// Starts a NATS server; `None` when there is no `nats-server` (a failure when
    /// `CHAUPAL_REQUIRE_NATS` is set).
    pub async fn start() -> Option<Nats> {
        let binary = nats_binary();
        let found = Command::new(&binary)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .await
            .is_ok_and(|s| s.success());
        if !found {
            assert!(
                std::env::var_os("CHAUPAL_REQUIRE_NATS").is_none(),
                "CHAUPAL_REQUIRE_NATS is set but nats-server cannot be run"
            );
            eprintln!("no nats-server: the cluster is not tested (scripts/install.sh test)");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let mut nats = Nats {
            child: None,
            port,
            dir: tempfile::tempdir().unwrap(),
        };
        nats.resume().await;
        Some(nats)
    }

    /// The URL nodes connect to.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Starts it (again) on its port, and waits until it takes connections.
    pub async fn resume(&mut self) {
        let child = Command::new(nats_binary())
            .args([
                "-a",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-js",
                "-sd",
            ])
            .arg(self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("start nats-server");
        self.child = Some(child);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while tokio::net::TcpStream::connect(("127.0.0.1", self.port))
            .await
            .is_err()
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "nats-server takes connections"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Kills it (as a crash would).
    pub async fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.start_kill();
            let _ = child.wait().await;
        }
    }
}

/// A PostgreSQL server of the test's own (`scripts/postgres.sh`), for a test that stops it
/// under a running node; stopped when dropped.
pub struct Postgres {
    dir: Option<tempfile::TempDir>,
    /// Its URL (a superuser, no password, a socket in its folder).
    pub url: String,
}

fn postgres_script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/postgres.sh")
}

impl Postgres {
    /// Starts one; `None` when PostgreSQL is not installed (a failure when
    /// `CHAUPAL_REQUIRE_POSTGRES` is set).
    pub async fn start() -> Option<Postgres> {
        let dir = tempfile::tempdir().unwrap();
        let out = Command::new("bash")
            .arg(postgres_script())
            .arg("start")
            .arg(dir.path())
            .output()
            .await
            .unwrap();
        if !out.status.success() {
            assert!(
                std::env::var_os("CHAUPAL_REQUIRE_POSTGRES").is_none(),
                "CHAUPAL_REQUIRE_POSTGRES is set but scripts/postgres.sh start failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            eprintln!("no PostgreSQL to start: not tested (scripts/install.sh test)");
            return None;
        }
        let url = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        Some(Postgres {
            dir: Some(dir),
            url,
        })
    }

    /// Stops it at once (`pg_ctl -m immediate`, as a crash would), keeping its data for
    /// [`Postgres::resume`].
    pub async fn crash(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = Command::new("bash")
                .arg(postgres_script())
                .arg("stop")
                .arg(dir.path())
                .status()
                .await;
        }
    }

    /// Starts it again after [`Postgres::crash`], on the same data and socket; whether it
    /// started.
    pub async fn resume(&mut self) -> bool {
        let Some(dir) = &self.dir else {
            return false;
        };
        Command::new("bash")
            .arg(postgres_script())
            .arg("resume")
            .arg(dir.path())
            .status()
            .await
            .is_ok_and(|s| s.success())
    }

    /// Stops it at once (`pg_ctl -m immediate`, as a crash would).
    pub async fn stop(&mut self) {
        if let Some(dir) = self.dir.take() {
            let _ = Command::new("bash")
                .arg(postgres_script())
                .arg("stop")
                .arg(dir.path())
                .status()
                .await;
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            let _ = std::process::Command::new("bash")
                .arg(postgres_script())
                .arg("stop")
                .arg(dir.path())
                .status();
        }
    }
}

/// Whether `program` (one the deploy guide uses: nginx, caddy, openssl, podman,
/// systemd-analyze) runs with `version_arg`; a missing one fails the test when
/// `CHAUPAL_REQUIRE_DEPLOY_TOOLS` is set (scripts/test.sh sets it), else the caller skips it.
pub fn deploy_tool(program: &str, version_arg: &str) -> bool {
    let found = std::process::Command::new(program)
        .arg(version_arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            std::env::var_os("CHAUPAL_REQUIRE_DEPLOY_TOOLS").is_none(),
            "CHAUPAL_REQUIRE_DEPLOY_TOOLS is set but {program} cannot be run: bash scripts/install.sh test"
        );
        eprintln!("no {program}: not tested (bash scripts/install.sh test)");
    }
    found
}

/// A NATS server, a fresh PostgreSQL database named `name`, and `n` server nodes on them
/// (named `n0`, `n1`, ...), each started with `extra` options too; `None` where the services
/// are missing and not required (see [`Nats::start`] and [`fresh_database`]).
pub async fn cluster_of(
    name: &str,
    n: usize,
    extra: &[&str],
) -> Option<(Nats, String, Vec<crate::ServerProcess>)> {
    let url = fresh_database(name).await?;
    let nats = Nats::start().await?;
    let nats_url = nats.url();
    let mut nodes = Vec::new();
    for i in 0..n {
        let node_name = format!("n{i}");
        let mut args = vec!["--nats", &nats_url, "--node-name", &node_name];
        args.extend_from_slice(extra);
        nodes.push(crate::ServerProcess::start_for_games_on(&url, &args).await);
    }
    Some((nats, url, nodes))
}
