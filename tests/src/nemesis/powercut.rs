//! The power-cut run: one server on SQLite, its records on the project's FUSE file system
//! (`chaupal-powercut`, tools/powercut), which keeps in memory what was not synced. Players and
//! spectators play and watch while, at moments drawn from a seed, the server is killed with
//! SIGKILL and everything unsynced is dropped, as a power failure would. After each cut the
//! file system is mounted again on what survived, the records are opened and checked
//! (`PRAGMA integrity_check`, and every move acknowledged so far), and the server starts again
//! on them; the players sit back down and play on. At the end the whole history is checked.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chaupal_powercut::{CutReport, Mount};
use chaupal_shared::protocol::{GameId, WatchKey};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::{Connection, Row};
use tokio::time::Instant;

use super::plans::plan;
use crate::history::actors::{self, Played, Table};
use crate::history::check::{self, Expectations, Report, Stored, TableInfo};
use crate::history::log::{ActorId, Entry, History, Op};
use crate::history::records::read_records;
use crate::history::session::Session;
use crate::{ServerProcess, server_binary};

/// A run's settings.
#[derive(Clone, Debug)]
pub struct PowerCutRun {
    pub seed: u64,
    pub cuts: usize,
    pub games: usize,
    pub spectators: usize,
    /// `--sqlite-synchronous`: full (the default), normal or off.
    pub synchronous: String,
    /// The time between one restart and the next cut, drawn in this range.
    pub between_ms: (u64, u64),
    /// How long the players play on after the last cut.
    pub settle_seconds: u64,
    /// The `chaupal-powercut` binary (else [`Mount::default_binary`]).
    pub powercut_binary: Option<PathBuf>,
    pub out: Option<PathBuf>,
}

/// What one cut did and left.
#[derive(Clone, Debug)]
pub struct Cut {
    pub at_ms: u64,
    /// What the file system dropped.
    pub dropped: String,
    /// `PRAGMA integrity_check` on what survived (`ok`), or why the records did not open.
    pub integrity: String,
    /// Moves acknowledged before this cut, in the records before it, and not after it.
    pub lost: usize,
    /// Moves acknowledged before this cut, all told.
    pub acknowledged: usize,
}

impl Cut {
    /// Whether the records came through whole: they open, are intact and lost nothing.
    pub fn survived(&self) -> bool {
        self.integrity == "ok" && self.lost == 0
    }
}

impl std::fmt::Display for Cut {
    /// One line: when, what the cut dropped, the integrity check, the moves lost.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "at {} ms: {}; integrity {}; lost {} of {} acknowledged",
            self.at_ms, self.dropped, self.integrity, self.lost, self.acknowledged
        )
    }
}

/// What a run did and found.
pub struct PowerCutOutcome {
    pub cuts: Vec<Cut>,
    pub report: Report,
    pub history: History,
    pub played: Vec<Played>,
    pub trouble: Vec<String>,
}

impl PowerCutOutcome {
    /// One line: cuts survived, moves lost, and the checker's counts.
    pub fn summary(&self) -> String {
        let survived = self.cuts.iter().filter(|c| c.survived()).count();
        let lost: usize = self.cuts.iter().map(|c| c.lost).sum();
        format!(
            "cuts={} survived={survived} lost_acknowledged={lost} {}",
            self.cuts.len(),
            self.report.summary()
        )
    }
}

/// The moves acknowledged so far: (game, ply from 1, notation).
fn acknowledged(entries: &[Entry]) -> HashSet<(GameId, u32, String)> {
    let mut invoked = BTreeMap::new();
    let mut out = HashSet::new();
    for e in entries {
        match &e.op {
            Op::Invoke {
                game,
                ply,
                notation,
                req,
            } => {
                invoked.insert((e.actor, *req), (*game, *ply + 1, notation.clone()));
            }
            Op::Ok { req, .. } => {
                if let Some(m) = invoked.get(&(e.actor, *req)) {
                    out.insert(m.clone());
                }
            }
            _ => {}
        }
    }
    out
}

/// Opens the records at `file` as a new server would and checks them: the integrity check's
/// answer, and every stored move.
async fn inspect(file: &Path) -> Result<(String, HashSet<(GameId, u32, String)>), String> {
    let url = format!("sqlite://{}?mode=rw", file.display());
    let mut conn = sqlx::SqliteConnection::connect(&url)
        .await
        .map_err(|e| format!("the records do not open: {e}"))?;
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| format!("integrity_check: {e}"))?;
    let rows = sqlx::query("SELECT game_id, ply, notation FROM moves")
        .fetch_all(&mut conn)
        .await
        .map_err(|e| format!("the moves do not read: {e}"))?;
    let mut moves = HashSet::new();
    for r in rows {
        let game: i64 = r.try_get(0).map_err(|e| e.to_string())?;
        let ply: i64 = r.try_get(1).map_err(|e| e.to_string())?;
        let notation: String = r.try_get(2).map_err(|e| e.to_string())?;
        moves.insert((
            GameId(u64::try_from(game).unwrap_or(0)),
            u32::try_from(ply).unwrap_or(0),
            notation,
        ));
    }
    // Closed before the server opens them, so that no connection of this process outlives it.
    conn.close().await.map_err(|e| e.to_string())?;
    Ok((integrity, moves))
}

/// Runs it.
pub async fn run(args: &PowerCutRun) -> Result<PowerCutOutcome, String> {
    let binary = match &args.powercut_binary {
        Some(b) => b.clone(),
        None => Mount::default_binary().map_err(|e| e.to_string())?,
    };
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let backing = dir.path().join("disk");
    let mountpoint = dir.path().join("mnt");
    for d in [&backing, &mountpoint] {
        std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
    }
    let mount_now =
        |b: &Path, m: &Path| Mount::start_with(&binary, b, m).map_err(|e| format!("mount: {e}"));
    let mut mount = Some(mount_now(&backing, &mountpoint)?);
    let server_args = [
        "--sqlite-synchronous",
        args.synchronous.as_str(),
        "--messages-per-second",
        "100000",
        "--message-burst",
        "100000",
        "--connections-per-address",
        "100000",
    ];
    let mut server =
        Some(ServerProcess::start_binary(&server_binary(), &mountpoint, &server_args).await);
    let urls: Arc<[String]> = server
        .iter()
        .map(ServerProcess::url)
        .collect::<Vec<_>>()
        .into();
    let history = History::new();

    let mut tables: Vec<Table> = Vec::new();
    let mut infos = Vec::new();
    for index in 0..args.games {
        let mut p = plan(index, args.seed);
        // No clock jumps here, and a quick pace: the players are the load.
        p.correspondence = None;
        p.think_ms = (20, 150);
        // No stallers: the time a player thinks between a server's start and its cut is not
        // kept (a restarted server counts from the last move), so against a server cut every
        // few seconds a 15-second flag never falls (docs/RELIABILITY.md, "What is not
        // promised").
        if p.stall_at.take().is_some() {
            p.clock = Some(super::plans::LONG_CLOCK);
        }
        let table = actors::set_up(urls.clone(), history.clone(), index, p.clone()).await?;
        infos.push(TableInfo {
            game: table.game,
            plan: p,
            seats: actors::seat_actors(index),
        });
        tables.push(table);
    }
    let games: Vec<GameId> = tables.iter().map(|t| t.game).collect();
    // The games begin from invitations, so they are private: the spectators and the checker
    // hold their watch links' keys, which the players' snapshots carry.
    let keys: Vec<(GameId, WatchKey)> = tables
        .iter()
        .filter_map(|t| Some((t.game, t.seats[0].key(t.game)?)))
        .collect();
    // The players stop a while after the last cut; until then they play on.
    let far = Instant::now() + Duration::from_secs(24 * 3600);
    let (stop_tx, stop) = tokio::sync::watch::channel(far);
    let mut players = Vec::new();
    for table in tables {
        players.push(tokio::spawn(actors::play(
            table,
            history.clone(),
            stop.clone(),
        )));
    }
    let first_spectator = u32::try_from(args.games * 2).unwrap_or(u32::MAX / 2);
    let mut spectators = Vec::new();
    for (i, game) in games.iter().take(args.spectators).enumerate() {
        let actor: ActorId = first_spectator + i as u32;
        let mut session = Session::new(urls.clone(), 0, &format!("w{i}"), actor, history.clone());
        for (g, k) in &keys {
            session.know_key(*g, k.clone());
        }
        spectators.push(tokio::spawn(actors::spectate(session, *game, stop.clone())));
    }

    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut cuts = Vec::new();
    let mut trouble = Vec::new();
    let mut lost_so_far: HashSet<(GameId, u32, String)> = HashSet::new();
    let db = mountpoint.join("chaupal.sqlite");
    for k in 0..args.cuts {
        let wait = rng.random_range(args.between_ms.0..=args.between_ms.1.max(args.between_ms.0));
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let at_ms = history.now_ms();
        history.fault(format!("power cut {}", k + 1));
        if let Some(s) = server.as_mut() {
            s.kill().await;
        }
        let acked = acknowledged(&history.entries());
        let dropped = match mount.take().map(Mount::cut) {
            Some(Ok(report)) => describe(&report),
            Some(Err(e)) => format!("the cut failed: {e}"),
            None => "no mount".into(),
        };
        mount = Some(mount_now(&backing, &mountpoint)?);
        let (integrity, lost) = match inspect(&db).await {
            Ok((integrity, stored)) => {
                let lost: Vec<_> = acked
                    .iter()
                    .filter(|m| !stored.contains(*m) && !lost_so_far.contains(*m))
                    .cloned()
                    .collect();
                (integrity, lost)
            }
            Err(e) => (
                e,
                acked
                    .iter()
                    .filter(|m| !lost_so_far.contains(*m))
                    .cloned()
                    .collect(),
            ),
        };
        let lost_count = lost.len();
        lost_so_far.extend(lost);
        history.fault(format!(
            "after cut {}: {dropped}; integrity {integrity}; {lost_count} acknowledged moves lost",
            k + 1
        ));
        cuts.push(Cut {
            at_ms,
            dropped,
            integrity,
            lost: lost_count,
            acknowledged: acked.len(),
        });
        let Some(s) = server.take() else {
            break;
        };
        match tokio::time::timeout(Duration::from_secs(60), s.restart_at_same_address()).await {
            Ok(s) => server = Some(s),
            Err(_) => {
                trouble.push(format!(
                    "the server did not start again after cut {}",
                    k + 1
                ));
                break;
            }
        }
    }
    let _ = stop_tx.send(Instant::now() + Duration::from_secs(args.settle_seconds));

    let mut played = Vec::new();
    for p in players {
        match p.await {
            Ok(p) => {
                if let Some(t) = &p.trouble {
                    trouble.push(format!("{:?}: {t}", p.game));
                }
                played.push(p);
            }
            Err(e) => trouble.push(format!("a player task failed: {e}")),
        }
    }
    for s in spectators {
        match s.await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => trouble.push(format!("a spectator: {e}")),
            Err(e) => trouble.push(format!("a spectator task failed: {e}")),
        }
    }
    let mut reader = Session::new(urls.clone(), 0, "checker", u32::MAX - 1, History::new());
    for (g, k) in keys {
        reader.know_key(g, k);
    }
    let records: BTreeMap<GameId, Stored> =
        read_records(&mut reader, &games, Duration::from_secs(30)).await;
    let expect = Expectations {
        tables: infos,
        deadlines_passed_at_ms: None,
        clock_tolerance_ms: 1_500,
    };
    let report = check::check(&history.entries(), &records, &expect);
    if let Some(s) = server.as_mut() {
        s.kill().await;
    }
    if let Some(m) = mount.take()
        && let Err(e) = m.unmount()
    {
        trouble.push(format!("unmount: {e}"));
    }
    let outcome = PowerCutOutcome {
        cuts,
        report,
        history,
        played,
        trouble,
    };
    if let Some(out) = &args.out {
        write_report(out, &outcome).map_err(|e| e.to_string())?;
    }
    Ok(outcome)
}

fn describe(report: &CutReport) -> String {
    report.to_string()
}

fn write_report(dir: &Path, o: &PowerCutOutcome) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    o.history.write_jsonl(&dir.join("history.jsonl"))?;
    let mut text = format!("{}\n", o.summary());
    for (i, c) in o.cuts.iter().enumerate() {
        text.push_str(&format!("cut {} {c}\n", i + 1));
    }
    for a in &o.report.anomalies {
        text.push_str(&format!("anomaly {:?}: {}\n", a.game, a.what));
    }
    for t in &o.trouble {
        text.push_str(&format!("trouble: {t}\n"));
    }
    std::fs::write(dir.join("report.txt"), text)?;
    o.report.write_games(&o.history.entries(), dir)
}
