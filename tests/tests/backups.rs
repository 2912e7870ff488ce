//! Backups, restores and upgrades as docs/DEPLOY.md has the operator do them, with the scripts
//! it installs (`deploy/chaupal-backup`, `deploy/chaupal-restore`) and `chaupal-server
//! migrate --check`: a copy taken while a game is played is private and checked, the oldest
//! copies go, a restore refuses to run under a live server and keeps what it replaces, and the
//! game comes back as it was when the copy was taken; a new binary is installed over a running
//! one and the game goes on. On SQLite, and on PostgreSQL when `CHAUPAL_TEST_POSTGRES` names a
//! server (scripts/test.sh makes that required).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::protocol::{GameId, Opponent};
use chaupal_tests::play::{seek_and_accept, setup};
use chaupal_tests::services::fresh_database;
use chaupal_tests::{Client, ServerProcess, mover, pick_move, start_of};
use tokio::process::Command;

/// The message budget raised: the tests play faster than people.
const FOR_GAMES: &[&str] = &[
    "--messages-per-second",
    "100000",
    "--message-burst",
    "100000",
];

fn deploy(script: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy")
        .join(script)
}

/// Runs one of the scripts in `deploy/`.
async fn run(script: &str, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(deploy(script))
        .args(args)
        .output()
        .await
        .unwrap()
}

fn said(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A game between two players, and its position.
struct Game {
    players: [Client; 2],
    tokens: [String; 2],
    id: GameId,
    position: AnyGame,
    played: Vec<String>,
    seed: u64,
}

impl Game {
    async fn start(server: &ServerProcess) -> Game {
        let (alice, bob, id) =
            seek_and_accept(server, setup(GameKind::Kalah, Opponent::Open)).await;
        let tokens = [alice.token.clone().unwrap(), bob.token.clone().unwrap()];
        Game {
            players: [alice, bob],
            tokens,
            id,
            position: start_of(GameKind::Kalah),
            played: Vec::new(),
            seed: 5,
        }
    }

    /// The players leave and `server` stops (SIGTERM); Alice's token, the game and its moves.
    async fn leave_and_stop(self, server: &mut ServerProcess) -> (String, GameId, Vec<String>) {
        let Game {
            players,
            tokens,
            id,
            played,
            ..
        } = self;
        drop(players);
        server.terminate().await;
        let [token, _] = tokens;
        (token, id, played)
    }

    /// Plays `n` moves, each acknowledged.
    async fn play(&mut self, n: usize) {
        for _ in 0..n {
            let mv = pick_move(&self.position, &mut self.seed);
            let who = mover(&self.position, 0);
            self.players[who].play(self.id, &mv).await.unwrap();
            self.position.play_text(&mv).unwrap();
            self.played.push(mv);
            for c in &mut self.players {
                c.event(self.id).await;
            }
        }
    }
}

/// The copies in `dir`, oldest first.
fn copies(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("chaupal-") && (name.ends_with(".sqlite") || name.ends_with(".dump"))
        })
        .collect();
    found.sort();
    found
}

/// Readable by its owner alone, and owned by the user running the tests (in the field: the
/// service user the timer runs the backup as).
fn private_and_mine(path: &Path) {
    let meta = std::fs::metadata(path).unwrap();
    assert_eq!(
        meta.permissions().mode() & 0o777,
        0o600,
        "{}",
        path.display()
    );
    let me = std::fs::metadata("/proc/self").unwrap().uid();
    assert_eq!(meta.uid(), me, "{}", path.display());
}

/// Three copies a second apart, keeping two: the newest two stay, private and whole.
async fn three_copies_keeping_two(url: &str, dir: &Path) -> PathBuf {
    for _ in 0..3 {
        let out = run("chaupal-backup", &[url, dir.to_str().unwrap(), "2"]).await;
        assert!(out.status.success(), "{}", said(&out));
        assert!(
            said(&out).contains("keeping the newest 2"),
            "{}",
            said(&out)
        );
        tokio::time::sleep(Duration::from_millis(1100)).await;
    }
    let kept = copies(dir);
    assert_eq!(kept.len(), 2, "{kept:?}");
    for copy in &kept {
        private_and_mine(copy);
    }
    assert!(
        std::fs::read_dir(dir).unwrap().all(|e| !e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .ends_with(".part")),
        "no half-written copy is left"
    );
    kept.last().unwrap().clone()
}

/// The guide's restore of `copy` into the records at `url`: refused while `server` runs (its
/// players still playing `game`), done once it is stopped. Alice's token, the game and the
/// moves played before the stop.
async fn restore_once_stopped(
    server: &mut ServerProcess,
    game: Game,
    copy: &Path,
    url: &str,
) -> (String, GameId, Vec<String>) {
    let out = run("chaupal-restore", &[copy.to_str().unwrap(), url]).await;
    assert!(!out.status.success(), "not under a live server");
    assert!(
        said(&out).contains("systemctl stop chaupal"),
        "{}",
        said(&out)
    );
    let (token, id, played) = game.leave_and_stop(server).await;
    let out = run("chaupal-restore", &[copy.to_str().unwrap(), url]).await;
    assert!(out.status.success(), "{}", said(&out));
    (token, id, played)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_backup_taken_during_a_game_restores_the_game_as_it_was() {
    let home = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::start_in(home.path(), FOR_GAMES).await;
    let file = home.path().join("chaupal.sqlite");
    let url = format!("sqlite://{}", file.display());
    let backups = tempfile::tempdir().unwrap();
    let mut game = Game::start(&server).await;
    game.play(4).await;
    let newest = three_copies_keeping_two(&url, backups.path()).await;
    let at_backup = game.played.clone();
    // Moves after the copy was taken are not in it.
    game.play(2).await;

    let (token, id, played) = restore_once_stopped(&mut server, game, &newest, &url).await;
    private_and_mine(&file);
    assert!(!home.path().join("chaupal.sqlite-wal").exists());
    let kept = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("chaupal.sqlite.before-restore-"))
        .count();
    assert!(kept > 0, "the records replaced are kept");

    let server = ServerProcess::start_in(home.path(), FOR_GAMES).await;
    let mut alice = Client::hello_as(&server, "alice", Some(&token)).await;
    assert_eq!(alice.rejoin(id).await.moves, at_backup);
    assert_ne!(
        at_backup, played,
        "the moves after the copy are gone with the restore"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgresql_backup_taken_during_a_game_restores_the_game_as_it_was() {
    let Some(url) = fresh_database("chaupal_e2e_backup").await else {
        return;
    };
    let mut server = ServerProcess::start_for_games_on(&url, &[]).await;
    let backups = tempfile::tempdir().unwrap();
    let mut game = Game::start(&server).await;
    game.play(4).await;
    let newest = three_copies_keeping_two(&url, backups.path()).await;
    assert!(newest.to_string_lossy().ends_with(".dump"));
    let at_backup = game.played.clone();
    game.play(2).await;

    let (token, id, _) = restore_once_stopped(&mut server, game, &newest, &url).await;
    let server = ServerProcess::start_for_games_on(&url, &[]).await;
    let mut alice = Client::hello_as(&server, "alice", Some(&token)).await;
    assert_eq!(alice.rejoin(id).await.moves, at_backup);
}

/// The guide's upgrade: a backup, `migrate --check` with the new binary, `install` over the
/// running one (where `cp` fails with "Text file busy"), a restart; the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgrade_installs_over_the_running_binary_and_the_game_goes_on() {
    let home = tempfile::tempdir().unwrap();
    let opt = home.path().join("opt");
    std::fs::create_dir(&opt).unwrap();
    let installed = opt.join("chaupal-server");
    let built = chaupal_tests::server_binary();
    std::fs::copy(&built, &installed).unwrap();
    let mut server = ServerProcess::start_binary(&installed, home.path(), FOR_GAMES).await;
    let url = format!("sqlite://{}", home.path().join("chaupal.sqlite").display());
    let mut game = Game::start(&server).await;
    game.play(3).await;

    let backups = tempfile::tempdir().unwrap();
    let out = run("chaupal-backup", &[&url, backups.path().to_str().unwrap()]).await;
    assert!(out.status.success(), "{}", said(&out));
    let check = Command::new(&built)
        .args(["migrate", "--check", "--database", &url])
        .output()
        .await
        .unwrap();
    assert!(check.status.success(), "{}", said(&check));
    assert!(said(&check).contains("of this build's"), "{}", said(&check));

    let cp = Command::new("cp")
        .arg(&built)
        .arg(&installed)
        .output()
        .await
        .unwrap();
    assert!(!cp.status.success(), "cp over a running binary fails");
    assert!(said(&cp).contains("Text file busy"), "{}", said(&cp));
    let install = Command::new("install")
        .args(["-m", "755"])
        .arg(&built)
        .arg(&installed)
        .output()
        .await
        .unwrap();
    assert!(install.status.success(), "{}", said(&install));

    let (token, id, played) = game.leave_and_stop(&mut server).await;
    let server = ServerProcess::start_binary(&installed, home.path(), FOR_GAMES).await;
    let mut alice = Client::hello_as(&server, "alice", Some(&token)).await;
    assert_eq!(alice.rejoin(id).await.moves, played);
}
