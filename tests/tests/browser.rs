//! The browser client end to end: the real server serves the real browser client (as
//! scripts/build-web.sh builds it), and headless Chromium plays it through three pages: A
//! creates a private Kalah game and reads its invite link, B opens the link and is in the game,
//! they play the whole game by clicking, C watches and sees every move; A reloads and is the same
//! player, and a fourth page, D, becomes A's player by a device link. The pages are driven by
//! `tests/browser/play.mjs` (Playwright over Debian's Chromium: see its header and
//! docs/WEB.md); screenshots go to `target/browser-artifacts/`.
//!
//! Nothing here is skipped: without the built client, Node, Playwright or Chromium the test
//! fails and says what to run (`bash scripts/install.sh test`, `bash scripts/build-web.sh`;
//! scripts/test.sh runs both).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use chaupal_tests::ServerProcess;

/// The workspace's root (this package is `tests/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The target folder this test was built into (the test binary is in `TARGET/debug/deps`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.ancestors()
        .find(|p| p.file_name().is_some_and(|n| n == "deps"))
        .and_then(|deps| deps.parent()?.parent())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| root().join("target"))
}

/// The built browser client: `CHAUPAL_WEB_DIR`, else `TARGET/web`.
fn site() -> PathBuf {
    let dir = std::env::var_os("CHAUPAL_WEB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir().join("web"));
    assert!(
        dir.join("index.html").is_file() && dir.join("assets.json").is_file(),
        "no browser client in {}: run `bash scripts/build-web.sh` first (scripts/test.sh does)",
        dir.display()
    );
    dir
}

/// Checks that what the driver needs is installed, saying how to install it if not.
fn tools() -> PathBuf {
    let browser_dir = root().join("tests/browser");
    assert!(
        browser_dir.join("node_modules/playwright-core").is_dir(),
        "Playwright is not installed in tests/browser: run `bash scripts/install.sh test`"
    );
    let chromium = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    assert!(
        chromium.is_file(),
        "no Chromium at {}: run `bash scripts/install.sh test` (or set CHROMIUM)",
        chromium.display()
    );
    chromium
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_pages_play_a_whole_kalah_game_by_link_and_click_and_a_third_watches_it_all() {
    let site = site();
    let chromium = tools();
    let site_arg = site.to_str().unwrap().to_owned();
    let server = ServerProcess::start_for_games(&["--web", &site_arg]).await;
    let base = format!("http://{}", server.addr);
    let artifacts = target_dir().join("browser-artifacts");
    let mut driver = tokio::process::Command::new("node");
    driver
        .arg(root().join("tests/browser/play.mjs"))
        .args(["--base", &base])
        .arg("--artifacts")
        .arg(&artifacts)
        .arg("--chromium")
        .arg(&chromium)
        .current_dir(root().join("tests/browser"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let run = tokio::time::timeout(Duration::from_secs(600), driver.output())
        .await
        .expect("the browser test ends within 10 minutes")
        .expect("node runs (bash scripts/install.sh test installs it)");
    let out = String::from_utf8_lossy(&run.stdout);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the browser test failed ({}):\n{err}\n{out}\nscreenshots in {}",
        run.status,
        artifacts.display()
    );
    eprintln!("{err}");
    let summary: serde_json::Value = out
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str(l).ok())
        .unwrap_or_else(|| panic!("no JSON summary in the driver's output:\n{out}"));
    eprintln!("browser test: {summary}");
    // A whole Kalah game takes many moves; the watcher saw each of them.
    let moves = summary["moves"].as_u64().unwrap();
    assert!(moves >= 10, "a whole game of Kalah in {moves} moves?");
    assert_eq!(summary["watcher_moves"].as_u64(), Some(moves));
    // A reload keeps the player; a device link makes another browser the same player.
    assert_eq!(summary["reloaded_as"].as_str(), Some("Asha"));
    assert_eq!(summary["linked_as"].as_str(), Some("Asha"));
    assert!(summary["clicks"].as_u64().unwrap() >= moves);
    let invite = summary["invite"].as_str().unwrap();
    assert!(invite.starts_with(&format!("{base}/join/")), "{invite}");
    // Each page's screenshots were written.
    for shot in summary["screenshots"].as_array().unwrap() {
        let path = shot.as_str().unwrap();
        let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        assert!(size > 10_000, "{path}: {size} bytes");
    }
    // The server kept the game: its record has every move.
    let mut client = chaupal_tests::Client::hello(&server, "Reader").await;
    let game = chaupal_shared::protocol::GameId(summary["game"].as_u64().unwrap());
    let record = client
        .request(chaupal_shared::protocol::Request::GetRecord { game })
        .await
        .expect("the finished game's record");
    let chaupal_shared::protocol::Reply::Record { moves: kept, .. } = record else {
        panic!("not a record: {record:?}");
    };
    let played: Vec<String> = summary["move_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kept, played, "the server's record and the pages' moves");
    assert_eq!(kept.len() as u64, moves);
}
