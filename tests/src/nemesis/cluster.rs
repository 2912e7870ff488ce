//! The random-fault run over a cluster: three nodes on one PostgreSQL and one NATS, games with
//! their players and spectators spread over the nodes, and a schedule of faults drawn from a
//! seed ([`super::schedule`]) applied while they play. Halfway through, the servers' clock is
//! moved on by two days, past every correspondence deadline. When the faults are over,
//! everything is running again, the players play on a little, then resign what is still live;
//! the records are read back and the history checked.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chaupal_shared::protocol::{GameId, WatchKey};
use tokio::sync::Mutex;
use tokio::time::Instant;

use super::plans::plan;
use super::schedule::{Fault, Kind, Schedule};
use crate::ServerProcess;
use crate::history::actors::{self, Played, Table};
use crate::history::check::{self, Expectations, Report, Stored, TableInfo};
use crate::history::log::{ActorId, History};
use crate::history::records::read_records;
use crate::history::session::Session;
use crate::services::{Nats, Postgres};

/// A run's settings.
#[derive(Clone, Debug)]
pub struct ClusterRun {
    pub seed: u64,
    /// How long the faults go on.
    pub fault_seconds: u64,
    /// How long the players play on once everything is healed.
    pub settle_seconds: u64,
    pub games: usize,
    /// Spectators, one a game (the first games).
    pub spectators: usize,
    pub nodes: usize,
    /// The kinds of fault drawn.
    pub kinds: Vec<Kind>,
    /// Where to write the history and the report (else nowhere).
    pub out: Option<PathBuf>,
}

/// What a run did and found.
pub struct ClusterOutcome {
    pub schedule: Schedule,
    pub report: Report,
    pub history: History,
    pub played: Vec<Played>,
    /// What went wrong with the run itself (a node that would not start again, say), apart
    /// from the anomalies.
    pub trouble: Vec<String>,
}

/// Milliseconds in two days: the clock's jump past every correspondence deadline.
const TWO_DAYS_MS: u64 = 2 * 24 * 3_600_000;

/// The nodes of the run, each started again in place after a fault.
struct Nodes {
    procs: Vec<Option<ServerProcess>>,
}

impl Nodes {
    async fn signal(&self, node: usize, signal: &str) -> Result<(), String> {
        let pid = self.procs[node]
            .as_ref()
            .and_then(ServerProcess::pid)
            .ok_or_else(|| format!("n{node} is not running"))?;
        let ok = tokio::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(pid.to_string())
            .status()
            .await
            .is_ok_and(|s| s.success());
        if ok {
            Ok(())
        } else {
            Err(format!("kill -{signal} n{node} ({pid}) failed"))
        }
    }

    /// Kills the node (SIGKILL, or SIGTERM and a wait for it to exit).
    async fn stop(&mut self, node: usize, graceful: bool) -> Result<(), String> {
        let p = self.procs[node]
            .as_mut()
            .ok_or_else(|| format!("n{node} is not running"))?;
        if graceful {
            let status = p.terminate().await;
            if !status.success() {
                return Err(format!("n{node} exited with {status} after SIGTERM"));
            }
        } else {
            p.kill().await;
        }
        Ok(())
    }

    async fn start_again(&mut self, node: usize) -> Result<(), String> {
        let p = self.procs[node]
            .take()
            .ok_or_else(|| format!("n{node} is gone"))?;
        self.procs[node] = Some(p.restart_at_same_address().await);
        Ok(())
    }
}

/// Applies `schedule` from `start`, recording each fault in `history`; moves the servers'
/// clock on at `clock_jump_at_ms` by writing `offset_file`.
async fn apply(
    schedule: &Schedule,
    nodes: Arc<Mutex<Nodes>>,
    nats: &mut Nats,
    pg: &mut Postgres,
    history: &History,
    start: Instant,
    clock_jump: (u64, &Path),
) -> Vec<String> {
    let mut trouble = Vec::new();
    let mut jumped = false;
    for step in &schedule.steps {
        let at = start + Duration::from_millis(step.at_ms);
        if !jumped && step.at_ms >= clock_jump.0 {
            tokio::time::sleep_until(start + Duration::from_millis(clock_jump.0)).await;
            jump_clock(clock_jump.1, history);
            jumped = true;
        }
        tokio::time::sleep_until(at).await;
        history.fault(step.fault.to_string());
        let lasts = Duration::from_millis(step.fault.lasts_ms());
        let result = match step.fault {
            Fault::Kill { node, .. } | Fault::Terminate { node, .. } => {
                let graceful = matches!(step.fault, Fault::Terminate { .. });
                let stopped = nodes.lock().await.stop(node, graceful).await;
                tokio::time::sleep(lasts).await;
                history.fault(format!("n{node} started again"));
                let started = nodes.lock().await.start_again(node).await;
                stopped.and(started)
            }
            Fault::Pause { node, .. } => {
                let paused = nodes.lock().await.signal(node, "STOP").await;
                tokio::time::sleep(lasts).await;
                history.fault(format!("n{node} resumed"));
                let resumed = nodes.lock().await.signal(node, "CONT").await;
                paused.and(resumed)
            }
            Fault::StopNats { .. } => {
                nats.stop().await;
                tokio::time::sleep(lasts).await;
                history.fault("NATS started again");
                nats.resume().await;
                Ok(())
            }
            Fault::StopPostgres { .. } => {
                pg.crash().await;
                tokio::time::sleep(lasts).await;
                history.fault("PostgreSQL started again");
                if pg.resume().await {
                    Ok(())
                } else {
                    Err("PostgreSQL did not start again".into())
                }
            }
        };
        if let Err(e) = result {
            trouble.push(format!("{}: {e}", step.fault));
        }
    }
    if !jumped {
        tokio::time::sleep_until(start + Duration::from_millis(clock_jump.0)).await;
        jump_clock(clock_jump.1, history);
    }
    trouble
}

fn jump_clock(offset_file: &Path, history: &History) {
    let _ = std::fs::write(offset_file, TWO_DAYS_MS.to_string());
    history.fault("the servers' clock moved on by two days");
}

/// Runs it.
pub async fn run(args: &ClusterRun) -> Result<ClusterOutcome, String> {
    let mut pg = Postgres::start()
        .await
        .ok_or("PostgreSQL could not be started (scripts/install.sh test)")?;
    let mut nats = Nats::start()
        .await
        .ok_or("nats-server could not be started (scripts/install.sh test)")?;
    let clock_dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let offset_file = clock_dir.path().join("clock-offset-ms");
    std::fs::write(&offset_file, "0").map_err(|e| e.to_string())?;
    let offset_arg = offset_file.display().to_string();
    let nats_url = nats.url();
    let mut procs = Vec::new();
    for i in 0..args.nodes {
        let name = format!("n{i}");
        let node_args = [
            "--nats",
            nats_url.as_str(),
            "--node-name",
            name.as_str(),
            "--test-clock-offset-file",
            offset_arg.as_str(),
            "--connections-per-address",
            "100000",
            "--max-connections",
            "100000",
        ];
        procs.push(Some(
            ServerProcess::start_for_games_on(&pg.url, &node_args).await,
        ));
    }
    let urls: Arc<[String]> = procs
        .iter()
        .flatten()
        .map(ServerProcess::url)
        .collect::<Vec<_>>()
        .into();
    let nodes = Arc::new(Mutex::new(Nodes { procs }));
    let history = History::new();

    // The games, set up before any fault (a private game lasts as long as its creator's
    // connection).
    let mut tables: Vec<Table> = Vec::new();
    let mut infos = Vec::new();
    for index in 0..args.games {
        let p = plan(index, args.seed);
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

    let run_ms = args.fault_seconds * 1000;
    let schedule = Schedule::random(args.seed, run_ms, args.nodes, &args.kinds);
    let start = Instant::now();
    let (_stop_tx, stop) = tokio::sync::watch::channel(
        start + Duration::from_secs(args.fault_seconds + args.settle_seconds),
    );
    let mut players = Vec::new();
    for table in tables {
        players.push(tokio::spawn(actors::play(
            table,
            history.clone(),
            stop.clone(),
        )));
    }
    let mut spectators = Vec::new();
    let first_spectator = u32::try_from(args.games * 2).unwrap_or(u32::MAX / 2);
    for (i, game) in games.iter().take(args.spectators).enumerate() {
        let actor: ActorId = first_spectator + i as u32;
        let mut session = Session::new(
            urls.clone(),
            i + 2,
            &format!("w{i}"),
            actor,
            history.clone(),
        );
        for (g, k) in &keys {
            session.know_key(*g, k.clone());
        }
        spectators.push(tokio::spawn(actors::spectate(session, *game, stop.clone())));
    }

    let clock_jump_ms = run_ms / 2;
    let mut trouble = apply(
        &schedule,
        nodes.clone(),
        &mut nats,
        &mut pg,
        &history,
        start,
        (clock_jump_ms, &offset_file),
    )
    .await;

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
        read_records(&mut reader, &games, Duration::from_secs(60)).await;
    let expect = Expectations {
        tables: infos,
        deadlines_passed_at_ms: Some(clock_jump_ms),
        clock_tolerance_ms: 1_500,
    };
    let entries = history.entries();
    let report = check::check(&entries, &records, &expect);
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        history
            .write_jsonl(&dir.join("history.jsonl"))
            .map_err(|e| e.to_string())?;
        let mut text = format!("{schedule}\n{}\n", report.summary());
        for a in &report.anomalies {
            text.push_str(&format!("anomaly {:?}: {}\n", a.game, a.what));
        }
        for t in &trouble {
            text.push_str(&format!("trouble: {t}\n"));
        }
        std::fs::write(dir.join("report.txt"), text).map_err(|e| e.to_string())?;
        report
            .write_games(&entries, dir)
            .map_err(|e| e.to_string())?;
    }
    drop(nodes);
    Ok(ClusterOutcome {
        schedule,
        report,
        history,
        played,
        trouble,
    })
}
