//! The browser client end to end: the real server serves the real browser client (as
//! scripts/build-web.sh builds it), and headless Chromium drives it (Playwright over Debian's
//! Chromium: see the drivers' headers and docs/WEB.md; screenshots go to
//! `target/browser-artifacts/`).
//!
//! - A whole game (`tests/browser/play.mjs`): A creates a private Kalah game and reads its
//!   invite link, B opens the link and is in the game, they play the whole game by clicking, C
//!   watches and sees every move; A reloads and is the same player, and a fourth page, D,
//!   becomes A's player by a device link.
//! - The service worker (`tests/browser/offline.mjs`, in a browser profile kept between its two
//!   runs): a second visit takes the client from the worker's cache, offline the client still
//!   starts (and without its wasm the offline page says so); then the server is restarted at
//!   the same address on a new build, and the browser runs the new client at once and drops the
//!   old build's cache.
//!
//! - A phone (`tests/browser/phone.mjs`, 390x844 with touch; a laptop page watches): names
//!   typed through the real input, every letter kept and the limit said; a link that leads
//!   nowhere; the address bar while playing, watching and replaying, and reloads of each; no
//!   stale frame after the opponent's move, a notice's end, the opponent's return or the
//!   result card; a whole Kalah game by taps with a takeback asked and declined, and its
//!   review.
//! - Taps on a phone (`tests/browser/taps.mjs`, 390x844 at pixel ratio 3): a tap on the top
//!   bar over the board's scrolled-under top row plays nothing; after resigning, with no
//!   input, the result card is drawn by itself and a tap on its Review opens the review.
//! - A monkey on a phone (`tests/browser/monkey.mjs`, 390x844 at pixel ratio 3, touch): random
//!   taps and swipes, seeded, across the lobby, a game against the computer in each game, its
//!   end, its review, the puzzles, the rules and another language; every tap that acted was on
//!   the topmost place at its points in the pictures shown then (worked out from the hook's
//!   layers, apart from the client's own aim), the picture on the screen is the state drawn
//!   afresh at every quiet moment, no button in view moves between two pictures of one
//!   screen when nothing was touched, and after a touch a second tap at that point meets what
//!   the first did (or nothing, the question's safe answer, or the same toggle).
//! - Languages and the keyboard (`tests/browser/access.mjs`): browsers set to Nepali, Bengali
//!   and Chinese get the lobby in their language; a name typed in Devanagari is kept; a laptop
//!   page plays a whole Kalah game against the computer with the keyboard alone, and its live
//!   region says the computer's moves and the result.
//! - Notifications (`tests/browser/push.mjs`): a page turns on notifications of its turns
//!   (its `PushManager` gives the tests' push receiver's subscription, headless Chromium
//!   having no push service), creates a correspondence game, switches to Nepali and leaves;
//!   the friend's taking the invitation makes the server push, the receiver decrypts it, and
//!   the DevTools protocol delivers it to the real service worker, which shows it in Nepali;
//!   a tap on it sends a window of the site to the game; with the site in sight, a push
//!   shows nothing.
//! - Puzzles on a phone (`tests/browser/puzzles.mjs`, 390x844 with touch), on a small set of
//!   Kalah puzzles written here (`--puzzles DIR`): the lobby's "Puzzles" opens one; it is
//!   solved by tapping the moves of its line, the opponent's replies played between them, and
//!   the rating goes up; the next is failed by a wrong move, and the rating goes down, the
//!   position kept; "Try again" and "Show solution" follow.
//! - An arena on two phones (`tests/browser/tournament.mjs`): made through the protocol to
//!   start at once, opened by its link on each phone, joined by a tap on Join; the server pairs
//!   the two into one game, where both are taken, and its standings count both.
//! - An arena made by taps (`tests/browser/new_arena.mjs`): a phone makes one with the card's
//!   steppers, another joins from the list, and berserk by a tap halves a clock.
//! - A Swiss on two phones (`tests/browser/new_swiss.mjs`, 390x844 at pixel ratio 3): made by
//!   taps (Kalah, 3 rounds), joined from the list by the other phone and by three bots here,
//!   so that every round has a bye; its start and its breaks passed on the server's test clock
//!   (and the phones' with it); games resigned by taps; "Round 1 of 3", the standings with
//!   their tie-breaks, the next round counted down, and the podium once finished, checked on
//!   the pages, what the server recorded checked here.
//! - A refused address (`tests/browser/origin.mjs`): a page at an address the server's
//!   `--allowed-origin` does not name says so, with the address to open instead, and waits for
//!   the player instead of reconnecting for ever.
//!
//! Nothing here is skipped: without the built client, Node, Playwright or Chromium the tests
//! fail and say what to run (`bash scripts/install.sh test`, `bash scripts/build-web.sh`;
//! scripts/test.sh runs both). They take turns: one browser at a time.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use chaupal_tests::push_receiver::PushReceiver;
use chaupal_tests::{ServerProcess, built_site, target_dir};
use serde_json::Value;

/// One browser test at a time: each drives Chromium hard on a small machine.
static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The workspace's root (this package is `tests/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
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

/// Runs the driver `script` of `tests/browser` with `args` and returns the JSON summary it
/// prints last; fails with what it said when it fails.
async fn drive(script: &str, args: &[OsString]) -> Value {
    let mut driver = tokio::process::Command::new("node");
    driver
        .arg(root().join("tests/browser").join(script))
        .args(args)
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
        "{script} failed ({}):\n{err}\n{out}\nscreenshots in {}",
        run.status,
        target_dir().join("browser-artifacts").display()
    );
    eprintln!("{err}");
    let summary: Value = out
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str(l).ok())
        .unwrap_or_else(|| panic!("no JSON summary in {script}'s output:\n{out}"));
    eprintln!("{script}: {summary}");
    summary
}

/// Starts the real server on the built client and runs the driver `script` against it (its
/// screenshots into `target/browser-artifacts/`); the server, and the driver's summary.
async fn serve_and_drive(script: &str) -> (ServerProcess, Value) {
    let site = built_site();
    let site_arg = site.to_str().unwrap().to_owned();
    let server = ServerProcess::start_for_games(&["--web", &site_arg]).await;
    let summary = drive(script, &driver_args(&server, tools())).await;
    (server, summary)
}

/// What every driver is told: the server's address, where screenshots go, and the browser.
fn driver_args(server: &ServerProcess, chromium: PathBuf) -> Vec<OsString> {
    vec![
        "--base".into(),
        format!("http://{}", server.addr).into(),
        "--artifacts".into(),
        target_dir().join("browser-artifacts").into(),
        "--chromium".into(),
        chromium.into(),
    ]
}

/// The record of the private game `game` (it began from an invitation), read with the watch
/// key of the link the driver's watcher came by; without it, refused.
async fn read_private(
    client: &mut chaupal_tests::Client,
    game: chaupal_shared::protocol::GameId,
    summary: &Value,
) -> chaupal_shared::protocol::Reply {
    use chaupal_shared::protocol::{ErrorCode, Request, WatchKey};
    let refused = client
        .request(Request::GetRecord { game, key: None })
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::PrivateGame, "{refused:?}");
    let key = summary["watch_key"].as_str().expect("the link's watch key");
    client
        .request(Request::GetRecord {
            game,
            key: Some(WatchKey(key.to_owned())),
        })
        .await
        .expect("the finished game's record")
}

/// Each screenshot the summary lists was written.
fn screenshots_written(summary: &Value) {
    let shots = summary["screenshots"].as_array().unwrap();
    assert!(!shots.is_empty());
    for shot in shots {
        let path = shot.as_str().unwrap();
        let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        assert!(size > 10_000, "{path}: {size} bytes");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_pages_play_a_whole_kalah_game_by_link_and_click_and_a_third_watches_it_all() {
    let _one_browser = ONE_BROWSER.lock().await;
    let (server, summary) = serve_and_drive("play.mjs").await;
    let base = format!("http://{}", server.addr);
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
    screenshots_written(&summary);
    // The server kept the game: its record has every move, for whoever holds its link.
    let mut client = chaupal_tests::Client::hello(&server, "Reader").await;
    let game = chaupal_shared::protocol::GameId(summary["game"].as_u64().unwrap());
    let record = read_private(&mut client, game, &summary).await;
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

/// The site's `assets.json`.
fn assets_of(web: &Path) -> Value {
    let text = std::fs::read_to_string(web.join("assets.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The name of the site's file whose path matches `prefix`…`suffix`.
fn file_named(assets: &Value, prefix: &str, suffix: &str) -> String {
    assets["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap().to_owned())
        .find(|f| f.starts_with(prefix) && f.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {prefix}…{suffix} in {assets}"))
}

/// What the service worker of the site's build keeps from the start, as it should: the page
/// (`/`) and every file but the page, the worker itself and the fonts, sorted.
fn kept_by_the_worker(assets: &Value) -> Vec<String> {
    let mut kept: Vec<String> = assets["files"]
        .as_array()
        .unwrap()
        .iter()
        // Fonts are kept once text in their script needs them, not from the start.
        .filter(|f| !f["content_type"].as_str().unwrap().starts_with("font/"))
        .map(|f| f["path"].as_str().unwrap().to_owned())
        .filter(|p| p != "/index.html" && p != "/sw.js")
        .chain(["/".to_owned()])
        .collect();
    kept.sort();
    kept
}

/// Rewrites the site in `web` as a new version, the way scripts/build-web.sh writes one
/// (scripts/web-site.py): the same wasm, and the JS bundle with one more line, which sets
/// `window.chaupal_upgrade_marker` to `marker`. Returns the new `assets.json`.
fn rebuild_with_marker(web: &Path, marker: &str) -> Value {
    let assets = assets_of(web);
    let inputs = tempfile::tempdir().unwrap();
    let wasm = inputs.path().join("client.wasm");
    std::fs::copy(web.join(file_named(&assets, "chaupal-", ".wasm")), &wasm).unwrap();
    let mut bundle = std::fs::read(web.join(file_named(&assets, "chaupal-", ".js"))).unwrap();
    let line = format!(
        "\nwindow.chaupal_upgrade_marker = {};\n",
        serde_json::to_string(marker).unwrap()
    );
    bundle.extend_from_slice(line.as_bytes());
    let js = inputs.path().join("bundle.js");
    std::fs::write(&js, bundle).unwrap();
    let run = std::process::Command::new("python3")
        .arg(root().join("scripts/web-site.py"))
        .arg("--out")
        .arg(web)
        .arg("--wasm")
        .arg(&wasm)
        .arg("--js")
        .arg(&js)
        .output()
        .expect("python3 runs");
    assert!(
        run.status.success(),
        "scripts/web-site.py failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assets_of(web)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_a_tap_acts_on_the_picture_shown_and_the_end_is_drawn_without_a_touch() {
    let _one_browser = ONE_BROWSER.lock().await;
    let (_server, summary) = serve_and_drive("taps.mjs").await;
    // The driver fails on a tap that played under the bar, and on an end not drawn by itself.
    assert_eq!(summary["bar_tap_played"].as_u64(), Some(0));
    let ms = summary["end_drawn_ms"].as_f64().unwrap();
    assert!(
        (0.0..=400.0).contains(&ms),
        "the end drawn {ms} ms after it came"
    );
    screenshots_written(&summary);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_monkey_on_a_phone_acts_only_on_what_it_sees_and_sees_every_change_at_once() {
    let _one_browser = ONE_BROWSER.lock().await;
    let (_server, summary) = serve_and_drive("monkey.mjs").await;
    // The driver fails on a tap that acted off the topmost place, a stale frame and a button
    // that moved; here, that it went everywhere and checked what it meant to.
    let screens = &summary["screens"];
    for screen in ["lobby", "game", "game_over", "replay", "puzzles", "rules"] {
        assert!(
            screens[screen].as_u64().unwrap_or(0) > 0,
            "no random step on the {screen} screen: {screens}"
        );
    }
    assert_eq!(summary["games"].as_array().unwrap().len(), 4);
    assert!(!summary["languages"].as_array().unwrap().is_empty());
    assert!(summary["fired"].as_u64().unwrap() >= 20, "{summary}");
    assert!(summary["checked"].as_u64().unwrap() >= 20, "{summary}");
    assert!(summary["compared"].as_u64().unwrap() >= 10, "{summary}");
    assert!(
        summary["touched_changes"].as_u64().unwrap() >= 10,
        "the layouts a touch changed were checked: {summary}"
    );
    assert_eq!(summary["compared"], summary["probes"]);
    screenshots_written(&summary);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_every_tap_lands_names_keep_their_letters_and_links_tell_the_truth() {
    let _one_browser = ONE_BROWSER.lock().await;
    let (server, summary) = serve_and_drive("phone.mjs").await;
    // The driver fails on anything late; its figures are kept in the log.
    for key in ["move_ms", "return_ms"] {
        let ms = summary[key].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&ms), "{key}: {ms} ms");
    }
    assert!(summary["notice_end_late_ms"].as_f64().unwrap().abs() <= 100.0);
    assert_eq!(
        summary["takeback_question"].as_str(),
        Some("Your opponent asks to take back their last move.")
    );
    assert!(
        summary["bad_link_card"]
            .as_str()
            .unwrap()
            .contains("ZZZZ-ZZZZ")
    );
    assert!(
        summary["name_limit_notice"]
            .as_str()
            .unwrap()
            .contains("at most 32 characters")
    );
    screenshots_written(&summary);
    // The game played by taps is the server's, whole.
    let mut client = chaupal_tests::Client::hello(&server, "Reader").await;
    let game = chaupal_shared::protocol::GameId(summary["game"].as_u64().unwrap());
    let record = read_private(&mut client, game, &summary).await;
    let chaupal_shared::protocol::Reply::Record { moves, .. } = record else {
        panic!("not a record: {record:?}");
    };
    assert_eq!(moves.len() as u64, summary["moves"].as_u64().unwrap());
    // Each Kalah move is one tap on a house, and every one was made so.
    assert_eq!(summary["taps"].as_u64(), Some(moves.len() as u64));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_worker_keeps_the_client_for_the_next_visit_and_offline_until_an_upgrade() {
    let _one_browser = ONE_BROWSER.lock().await;
    let built = built_site();
    assert!(
        built.join("sw.js").is_file() && built.join("manifest.webmanifest").is_file(),
        "no service worker in {}: rebuild it with `bash scripts/build-web.sh`",
        built.display()
    );
    let chromium = tools();
    // A copy of the built site, which becomes the new version in place later.
    let temp = tempfile::tempdir().unwrap();
    let web = temp.path().join("web");
    std::fs::create_dir(&web).unwrap();
    for entry in std::fs::read_dir(&built).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, web.join(path.file_name().unwrap())).unwrap();
        }
    }
    let before = assets_of(&web);
    let web_arg = web.to_str().unwrap().to_owned();
    let server = ServerProcess::start_for_games(&["--web", &web_arg]).await;
    let base = format!("http://{}", server.addr);
    let artifacts = target_dir().join("browser-artifacts").join("offline");
    let args = |phase: &str| -> Vec<OsString> {
        vec![
            "--phase".into(),
            phase.into(),
            "--base".into(),
            base.clone().into(),
            "--site".into(),
            web.clone().into(),
            "--profile".into(),
            temp.path().join("profile").into(),
            "--artifacts".into(),
            artifacts.clone().into(),
            "--chromium".into(),
            chromium.clone().into(),
        ]
    };

    // First and second visits, offline, offline without the wasm, online again.
    let first = drive("offline.mjs", &args("install")).await;
    let old_build = before["build"].as_str().unwrap();
    assert_eq!(first["cache"], format!("chaupal-{old_build}"));
    let kept: Vec<String> = serde_json::from_value(first["kept"].clone()).unwrap();
    assert_eq!(kept, kept_by_the_worker(&before));
    assert!(kept.contains(&format!("/{}", file_named(&before, "chaupal-", ".wasm"))));
    // The second visit: the page asked for the wasm, the worker answered it from its cache
    // and asked the network for nothing.
    let wasm = &first["second_visit"]["wasm"];
    let asked = wasm["page"].as_array().unwrap();
    assert!(!asked.is_empty());
    assert!(
        asked.iter().all(|r| r["fromServiceWorker"] == true),
        "{wasm}"
    );
    assert_eq!(wasm["worker"].as_array().map(Vec::len), Some(0), "{wasm}");
    // Offline: the client ran, unconnected; without its wasm, the offline page.
    assert_eq!(first["offline"]["connected"], false);
    let offline_page = first["offline_page"].as_str().unwrap();
    assert!(
        offline_page.contains("needs a connection"),
        "{offline_page}"
    );
    screenshots_written(&first);

    // A new version, and the server restarted on it at the same address (the same origin).
    let marker = format!("the build after {old_build}");
    let after = rebuild_with_marker(&web, &marker);
    let new_build = after["build"].as_str().unwrap();
    assert_ne!(new_build, old_build);
    let old_js = file_named(&before, "chaupal-", ".js");
    let new_js = file_named(&after, "chaupal-", ".js");
    assert_ne!(old_js, new_js);
    assert!(
        !web.join(&old_js).exists(),
        "the old build's {old_js} stayed"
    );
    let server = server.restart_at_same_address().await;
    assert_eq!(format!("http://{}", server.addr), base);
    let mut upgrade = args("upgrade");
    upgrade.extend(["--marker".into(), marker.into()]);
    let second = drive("offline.mjs", &upgrade).await;
    // The new JS ran (the driver checked its marker) and only the new build's cache is left.
    assert_eq!(second["js"], format!("/{new_js}"));
    assert_eq!(
        second["caches"],
        serde_json::json!([format!("chaupal-{new_build}")])
    );
    // The same browser, so the same player, on the same database.
    assert_eq!(second["name"], first["name"]);
    screenshots_written(&second);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_language_gets_its_words_and_a_whole_game_is_played_by_the_keyboard_alone() {
    let _one_browser = ONE_BROWSER.lock().await;
    let (_server, summary) = serve_and_drive("access.mjs").await;
    for tag in ["ne", "bn", "zh-Hans"] {
        assert!(
            summary["languages"][tag].as_u64().unwrap() >= 8,
            "{tag}: the lobby's buttons: {summary}"
        );
    }
    let moves = summary["keyboard"]["moves"].as_u64().unwrap();
    assert!(
        moves >= 5,
        "a whole Kalah game by the keyboard in {moves} moves?"
    );
    assert!(summary["keyboard"]["said"].as_u64().unwrap() >= moves);
    screenshots_written(&summary);
}

/// Writes a small set of Kalah puzzles (four houses of three seeds) into `dir`, as the server
/// reads them with `--puzzles DIR`: one whose line has the solver moving twice running and the
/// opponent's reply, and a short one.
fn write_puzzles(dir: &Path) {
    use chaupal_rules::{AnyGame, GameKind};
    use chaupal_shared::puzzle_set::{Goal, Proof, PuzzleEntry};
    let kalah = AnyGame::start(GameKind::Kalah, [("pits", "4"), ("seeds", "3")]).unwrap();
    let entry = |id: &str, rating: f64, solution: &[&str]| {
        let entry = PuzzleEntry {
            id: id.to_owned(),
            game: GameKind::Kalah,
            rules: kalah.rule_pairs().into_iter().collect(),
            position: kalah.position_text(),
            goal: Goal::Win,
            solution: solution.iter().map(|s| (*s).to_owned()).collect(),
            themes: vec!["extra-turn".to_owned()],
            proof: Proof::Exact,
            rating,
        };
        entry.replay().unwrap();
        entry.to_line()
    };
    // South sows into its store and moves again, then north replies, then south ends it.
    let lines = [
        entry("kalah-solve", 1500.0, &["2", "1", "1", "4"]),
        entry("kalah-fail", 1510.0, &["2", "4"]),
    ];
    std::fs::write(dir.join("kalah.jsonl"), lines.join("\n") + "\n").unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_solves_a_puzzle_and_fails_another_by_taps_and_the_rating_moves_both_ways() {
    let _one_browser = ONE_BROWSER.lock().await;
    let site = built_site();
    let chromium = tools();
    let set = tempfile::tempdir().unwrap();
    write_puzzles(set.path());
    let server = ServerProcess::start_for_games(&[
        "--web",
        site.to_str().unwrap(),
        "--puzzles",
        set.path().to_str().unwrap(),
    ])
    .await;
    let mut args = driver_args(&server, chromium);
    args.extend(["--puzzles".into(), set.path().into()]);
    let summary = drive("puzzles.mjs", &args).await;
    let solved = &summary["solved"];
    let failed = &summary["failed"];
    assert_ne!(solved["id"], failed["id"]);
    assert!(
        solved["after"].as_f64().unwrap() > solved["before"].as_f64().unwrap(),
        "{summary}"
    );
    assert!(solved["change"].as_str().unwrap().starts_with('+'));
    // The second puzzle starts from the rating the first left.
    assert_eq!(failed["before"], solved["after"], "{summary}");
    assert!(
        failed["after"].as_f64().unwrap() < failed["before"].as_f64().unwrap(),
        "{summary}"
    );
    assert!(failed["change"].as_str().unwrap().starts_with('-'));
    assert_eq!(failed["reason"], "Not that: the lead slips away");
    assert_eq!(summary["task"], "South to move: find the only winning move");
    assert_eq!(summary["rating"], failed["after"]);
    screenshots_written(&summary);
}

/// A page opened at an address the server does not allow (here the server allows only
/// `https://chaupal.example`): the player is told so, with the address to open instead, and
/// the page does not reconnect for ever; it tries again when the player asks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_at_an_address_the_server_refuses_says_so_instead_of_reconnecting() {
    let _one_browser = ONE_BROWSER.lock().await;
    let site = built_site();
    let chromium = tools();
    let site_arg = site.to_str().unwrap().to_owned();
    let allowed = "https://chaupal.example";
    let server =
        ServerProcess::start_for_games(&["--web", &site_arg, "--allowed-origin", allowed]).await;
    let summary = drive(
        "origin.mjs",
        &[
            "--base".into(),
            format!("http://{}", server.addr).into(),
            "--allowed".into(),
            allowed.into(),
            "--artifacts".into(),
            target_dir().join("browser-artifacts").into(),
            "--chromium".into(),
            chromium.into(),
        ],
    )
    .await;
    let said = summary["said"].as_str().unwrap();
    assert!(
        said.contains(&format!("pages at http://{}", server.addr)),
        "{said}"
    );
    assert!(said.contains(&format!("Open {allowed} instead")), "{said}");
    assert_eq!(summary["seen_at_first"], 1, "one attempt: {summary}");
    assert_eq!(
        summary["after_waiting"], 1,
        "no retries by itself: {summary}"
    );
    assert_eq!(summary["after_asking"], 2, "one more when asked: {summary}");
    assert_eq!(
        summary["problems"].as_array().unwrap().len(),
        0,
        "{summary}"
    );
    screenshots_written(&summary);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pushed_notice_shows_in_the_players_language_and_a_tap_on_it_opens_the_game() {
    let _one_browser = ONE_BROWSER.lock().await;
    let site = built_site();
    let chromium = tools();
    let receiver = PushReceiver::start().await;
    let server = ServerProcess::start_for_games(&[
        "--web",
        site.to_str().unwrap(),
        "--test-push-receiver",
        receiver.origin.as_str(),
    ])
    .await;
    let key = chaupal_tests::Client::hello(&server, "Key")
        .await
        .welcome
        .as_ref()
        .and_then(|w| w.push_key.clone())
        .expect("the server offers push");
    receiver.trust(&key);
    let subscription = receiver.subscription(1);
    let mut args = driver_args(&server, chromium);
    for (option, value) in [
        ("--receiver", &receiver.origin),
        ("--endpoint", &subscription.endpoint),
        ("--p256dh", &subscription.p256dh),
        ("--auth", &subscription.auth),
    ] {
        args.extend([option.into(), value.into()]);
    }
    let summary = drive("push.mjs", &args).await;
    // The server's notice, as the receiver decrypted it, named the game and the friend.
    let game = summary["game"].as_u64().unwrap();
    assert_eq!(summary["notice"]["event"], "accepted");
    assert_eq!(summary["notice"]["opponent"], "Bina");
    assert_eq!(summary["notice"]["game_kind"], "kalah");
    assert_eq!(summary["opened"], format!("/game/{game}"));
    assert_eq!(summary["language"], "ne");
    // The worker's words are not the server's English.
    assert_ne!(summary["notification"]["title"], summary["notice"]["title"]);
    assert!(receiver.refused().is_empty(), "{:?}", receiver.refused());
    screenshots_written(&summary);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_join_an_arena_by_its_link_and_taps_and_are_paired_into_one_game() {
    use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentSetup};
    use chaupal_shared::protocol::{ClockSpec, Reply, Request};
    let _one_browser = ONE_BROWSER.lock().await;
    let site = built_site();
    let chromium = tools();
    let server = ServerProcess::start_for_games(&[
        "--web",
        site.to_str().unwrap(),
        "--hourly-arenas",
        "false",
    ])
    .await;
    // An arena made as a bot would make one, public, starting at once.
    let mut maker = chaupal_tests::Client::hello(&server, "Maker").await;
    let setup = TournamentSetup {
        computers: Vec::new(),
        correspondence: None,
        game: chaupal_rules::GameKind::Kalah,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        format: TournamentFormat::Arena {
            minutes: 30,
            streaks: true,
        },
        starts_in_s: 0,
        private: false,
        rated: true,
    };
    let Ok(Reply::Tournament(view)) = maker
        .request(Request::CreateTournament(Box::new(setup)))
        .await
    else {
        panic!("the arena was not made");
    };
    let tournament = view.summary.tournament;
    let mut args = driver_args(&server, chromium);
    args.extend(["--tournament".into(), tournament.0.to_string().into()]);
    let summary = drive("tournament.mjs", &args).await;
    let games = summary["games"].as_array().unwrap();
    assert_eq!(games[0], games[1], "{summary}");
    // One of the two moves first.
    assert_ne!(summary["my_turn"][0], summary["my_turn"][1], "{summary}");
    // The standings count both, each at the game.
    let Ok(Reply::TournamentStandings(page)) = maker
        .request(Request::TournamentStandings {
            tournament,
            page: 0,
        })
        .await
    else {
        panic!("no standings");
    };
    let names: Vec<&str> = page.lines.iter().map(|l| l.player.name.as_str()).collect();
    assert_eq!(names.len(), 2, "{page:?}");
    assert!(
        names.contains(&"Asha") && names.contains(&"Bikram"),
        "{names:?}"
    );
    screenshots_written(&summary);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_makes_an_arena_by_taps_another_joins_from_the_list_and_berserk_halves_a_clock() {
    use chaupal_shared::protocol::tournaments::TournamentFormat;
    use chaupal_shared::protocol::{GameId, Reply, Request};
    let _one_browser = ONE_BROWSER.lock().await;
    let site = built_site();
    let chromium = tools();
    let server = ServerProcess::start_for_games(&[
        "--web",
        site.to_str().unwrap(),
        "--hourly-arenas",
        "false",
    ])
    .await;
    let summary = drive("new_arena.mjs", &driver_args(&server, chromium)).await;
    // The server made what the taps chose.
    let mut someone = chaupal_tests::Client::hello(&server, "Someone").await;
    let Ok(Reply::Tournaments { tournaments }) = someone.request(Request::ListTournaments).await
    else {
        panic!("no list");
    };
    assert_eq!(tournaments.len(), 1, "{tournaments:?}");
    let made = &tournaments[0];
    assert_eq!(made.game, chaupal_rules::GameKind::Kalah);
    assert_eq!(
        (made.clock.initial_ms, made.clock.increment_ms),
        (180_000, 2_000)
    );
    assert!(matches!(
        made.format,
        TournamentFormat::Arena { minutes: 20, .. }
    ));
    assert_eq!(made.entrants, 2);
    assert_eq!(made.by.as_ref().map(|b| b.name.as_str()), Some("Asha"));
    // Its game, watched: the first side's clock was halved by berserk.
    let game = GameId(summary["game"].as_u64().unwrap());
    someone
        .request(Request::Watch { game, key: None })
        .await
        .unwrap();
    let snap = someone.snapshot(game).await;
    let clocks = snap.clocks.expect("a clock");
    assert!(clocks.first_ms <= 90_000, "{clocks:?}");
    assert!(clocks.second_ms > 170_000, "{clocks:?}");
    screenshots_written(&summary);
}

/// The bots of the Swiss the phones play, by name.
const SWISS_BOTS: [&str; 3] = ["Chandra", "Deepa", "Era"];

/// An entrant of the Swiss `new_swiss.mjs` makes, through the protocol: it joins the Swiss as
/// soon as it is listed, then resigns each round's game at once against another bot (from the
/// first side), and against a phone after the first round (in the first, the phone resigns by
/// taps). Runs until aborted.
async fn swiss_bot(mut bot: chaupal_tests::Client) {
    use chaupal_rules::Side;
    use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentNews};
    use chaupal_shared::protocol::{Action, Reply, Request, ServerMessage};
    let tournament = loop {
        if let Ok(Reply::Tournaments { tournaments }) = bot.request(Request::ListTournaments).await
            && let Some(t) = tournaments
                .iter()
                .find(|t| matches!(t.format, TournamentFormat::Swiss { .. }))
        {
            break t.tournament;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    bot.request(Request::JoinTournament {
        tournament,
        code: None,
    })
    .await
    .expect("the bot joins the Swiss");
    let mut round = 0;
    loop {
        // Silence is no failure: the phones take their time.
        let Ok(message) = tokio::time::timeout(Duration::from_millis(500), bot.recv()).await else {
            continue;
        };
        match message {
            ServerMessage::Tournament(TournamentNews::Paired {
                tournament: t,
                game,
                side,
                opponent,
            }) if t == tournament => {
                round += 1;
                let against_a_bot = SWISS_BOTS.contains(&opponent.name.as_str());
                if (against_a_bot && side == Side::First) || (!against_a_bot && round > 1) {
                    bot.act(game, Action::Resign)
                        .await
                        .expect("the bot resigns");
                }
            }
            ServerMessage::Tournament(TournamentNews::SatOut { tournament: t, .. })
                if t == tournament =>
            {
                round += 1;
            }
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_a_swiss_by_taps_with_byes_through_its_breaks_to_its_podium() {
    use chaupal_shared::protocol::Reply;
    use chaupal_shared::protocol::Request;
    use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentStatus};
    use chaupal_tests::clock::TestClock;
    let _one_browser = ONE_BROWSER.lock().await;
    let site = built_site();
    let chromium = tools();
    let dir = tempfile::tempdir().unwrap();
    let clock = TestClock::new(dir.path());
    let [clock_option, clock_file] = clock.option();
    let server = ServerProcess::start_for_games(&[
        "--web",
        site.to_str().unwrap(),
        "--hourly-arenas",
        "false",
        clock_option,
        clock_file,
    ])
    .await;
    let mut bots = Vec::new();
    for name in SWISS_BOTS {
        let bot = chaupal_tests::Client::hello(&server, name).await;
        bots.push(tokio::spawn(swiss_bot(bot)));
    }
    let mut args = driver_args(&server, chromium);
    args.extend(["--clock".into(), clock_file.into()]);
    let summary = drive("new_swiss.mjs", &args).await;
    for bot in bots {
        assert!(!bot.is_finished(), "a bot stopped: {:?}", bot.await);
        bot.abort();
    }
    // The server made what the taps chose, and played it to its end.
    let mut someone = chaupal_tests::Client::hello(&server, "Someone").await;
    let id = chaupal_shared::protocol::tournaments::TournamentId(
        summary["tournament"]["id"].as_u64().unwrap(),
    );
    let Ok(Reply::Tournament(view)) = someone
        .request(Request::OpenTournament {
            tournament: id,
            code: None,
        })
        .await
    else {
        panic!("no Swiss");
    };
    let s = &view.summary;
    assert_eq!(s.game, chaupal_rules::GameKind::Kalah);
    assert_eq!(
        s.format,
        TournamentFormat::Swiss {
            rounds: 3,
            matches: false
        }
    );
    assert_eq!((s.clock.initial_ms, s.clock.increment_ms), (180_000, 2_000));
    assert_eq!(s.status, TournamentStatus::Finished);
    assert_eq!(s.entrants, 5);
    assert_eq!(s.rounds.map(|r| (r.round, r.of)), Some((3, 3)));
    assert_eq!(s.by.as_ref().map(|b| b.name.as_str()), Some("Asha"));
    let Ok(Reply::TournamentStandings(page)) = someone
        .request(Request::TournamentStandings {
            tournament: id,
            page: 0,
        })
        .await
    else {
        panic!("no standings");
    };
    let mut names: Vec<&str> = page.lines.iter().map(|l| l.player.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Asha", "Bikram", "Chandra", "Deepa", "Era"]);
    // Three rounds of two games won (2 points each) and a bye (2).
    let total: u32 = page.lines.iter().map(|l| l.points).sum();
    assert_eq!(total, 3 * (2 + 2 + 2), "{page:?}");
    for line in &page.lines {
        assert_eq!(line.scores.len(), 3, "{line:?}");
        assert_eq!(line.tie_breaks.len(), 2, "{line:?}");
    }
    // The page's final standings are the server's.
    let shown = summary["final"]["standings"].as_array().unwrap();
    for (line, on_page) in page.lines.iter().zip(shown) {
        assert_eq!(on_page["name"], line.player.name.as_str(), "{summary}");
    }
    screenshots_written(&summary);
}
