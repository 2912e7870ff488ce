//! The load generator behind `--bin loadtest`: opens many connections to a server (its own, or
//! one given by URL), plays real games on some of them, watches some, keeps the rest idle, and
//! prints one summary line.
//!
//! - [`wire`]: one binary (bincode) connection.
//! - [`pair`]: two players playing private games against each other (the latency measured).
//! - [`bots`]: idle connections, spectators, players against the AI.
//! - [`puzzlers`]: players solving rated puzzles (serving and rating measured).
//! - [`arena`]: the entrants of one arena (joins, pairings and moves measured).
//! - [`stats`]: histograms and counters.

pub mod arena;
pub mod bots;
pub mod pair;
pub mod puzzlers;
pub mod stats;
pub mod wire;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use chaupal_shared::protocol::{GameId, ServerMessage};
use clap::Parser;
use tokio::sync::{Semaphore, watch};

use self::stats::{Phase, Stats};
use self::wire::Wire;
use crate::{ServerProcess, rss_mb};

/// The options of `loadtest`.
#[derive(Clone, Debug, Parser)]
#[command(
    name = "loadtest",
    about = "Load a Chaupal server with real games, spectators and idle connections"
)]
pub struct LoadArgs {
    /// The server's websocket URL; repeated for the nodes of a cluster, the connections are
    /// spread over them in turn (so the two players of a game are on different nodes). Without
    /// it, a server is started on an ephemeral port with a temporary database (its limits
    /// raised to let every connection in).
    #[arg(long)]
    pub server: Vec<String>,
    /// The server's process id, to report its memory (with --server); repeated, the memory of
    /// all of them.
    #[arg(long)]
    pub server_pid: Vec<u32>,
    /// Connections in all (idle ones make up what the games, spectators and AI games leave).
    #[arg(long, default_value_t = 100)]
    pub connections: usize,
    /// Games played at once between two load players.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// How long to play, once every connection is open.
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// Games against the AI played at once (one connection each).
    #[arg(long, default_value_t = 0)]
    pub ai_games: usize,
    /// The AI level of those games (7 thinks about a second per move).
    #[arg(long, default_value_t = 7)]
    pub ai_level: u8,
    /// Puzzle solvers (one connection each): rated puzzles one after another.
    #[arg(long, default_value_t = 0)]
    pub puzzlers: usize,
    /// Entrants of one public Kalah arena (3+2) that the first of them makes at the start
    /// (one connection each): they join, play the games they are paired into and wait for the
    /// next.
    #[arg(long, default_value_t = 0)]
    pub arena: usize,
    /// The arena's clock: initial seconds, `+`, increment seconds (a shorter clock makes the
    /// arena pair sooner after a game: lichess's wait, from 8 s to 50 s).
    #[arg(long, default_value = "180+2", value_parser = parse_clock)]
    pub arena_clock: chaupal_shared::protocol::ClockSpec,
    /// Entrants of one public Kalah Swiss (`--arena-clock`), made by the first of them at the
    /// start to begin a minute later (one connection each): they join and play each round's
    /// game.
    #[arg(long, default_value_t = 0)]
    pub swiss: usize,
    /// The Swiss's rounds.
    #[arg(long, default_value_t = 3)]
    pub swiss_rounds: u32,
    /// Spectators, each following one pair's games.
    #[arg(long, default_value_t = 0)]
    pub spectators: usize,
    /// The shortest think before a move, in milliseconds.
    #[arg(long, default_value_t = 200)]
    pub think_min_ms: u64,
    /// The longest think before a move, in milliseconds.
    #[arg(long, default_value_t = 800)]
    pub think_max_ms: u64,
    /// Plies after which a game is resigned.
    #[arg(long, default_value_t = 300)]
    pub ply_cap: u32,
    /// Connections being opened at once.
    #[arg(long, default_value_t = 64)]
    pub connect_concurrency: usize,
    /// Seed for moves and think times.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// An extra option for the server this starts (repeatable), e.g. `--server-arg=--write-queue=64`.
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    pub server_args: Vec<String>,
    /// Write the server's RSS (MiB) every N seconds to this CSV file (`seconds,rss_mb,open`).
    #[arg(long)]
    pub rss_csv: Option<PathBuf>,
    /// Seconds between RSS samples for --rss-csv.
    #[arg(long, default_value_t = 10)]
    pub rss_every: u64,
}

/// A clock written `SECONDS+INCREMENT`.
fn parse_clock(text: &str) -> Result<chaupal_shared::protocol::ClockSpec, String> {
    let (initial, increment) = text
        .split_once('+')
        .ok_or_else(|| format!("'{text}' is not SECONDS+INCREMENT"))?;
    let seconds = |s: &str| s.trim().parse::<u64>().map_err(|e| format!("'{s}': {e}"));
    Ok(chaupal_shared::protocol::ClockSpec {
        initial_ms: seconds(initial)? * 1000,
        increment_ms: seconds(increment)? * 1000,
    })
}

/// What every bot task shares.
#[derive(Clone)]
pub struct Bot {
    /// The servers' URLs, taken in turn by each new connection.
    pub urls: Arc<[String]>,
    next_url: Arc<std::sync::atomic::AtomicUsize>,
    pub stats: Arc<Stats>,
    pub phase: watch::Receiver<Phase>,
    pub think_ms: (u64, u64),
    pub ply_cap: u32,
    pub seed: u64,
    connecting: Arc<Semaphore>,
}

impl Bot {
    /// The URL the next connection opens: the servers in turn.
    pub fn url(&self) -> &str {
        let i = self.next_url.fetch_add(1, Ordering::Relaxed);
        &self.urls[i % self.urls.len()]
    }
}

/// The servers' resident memory together, in MiB (`None` if any is unknown).
fn total_rss(pids: &[u32]) -> Option<f64> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().map(|p| rss_mb(*p)).sum()
}

/// Opens one connection per name (a few at a time across all bots); `None` if any failed.
pub async fn connect_all(bot: &Bot, names: &[String]) -> Option<Vec<Wire>> {
    let mut wires = Vec::with_capacity(names.len());
    for name in names {
        let permit = bot.connecting.acquire().await.ok()?;
        let wire = Wire::hello(bot.url(), name).await;
        drop(permit);
        match wire {
            Ok(w) => {
                bot.stats.connected.fetch_add(1, Ordering::Relaxed);
                bot.stats.open.fetch_add(1, Ordering::Relaxed);
                wires.push(w);
            }
            Err(e) => {
                bot.stats.failed.fetch_add(1, Ordering::Relaxed);
                bot.stats.error(e);
                bot.stats
                    .open
                    .fetch_sub(wires.len() as i64, Ordering::Relaxed);
                return None;
            }
        }
    }
    Some(wires)
}

/// Reads the connections (answering pings) until the phase is `want`; false if one ended.
pub async fn drain_until_phase(
    phase: &mut watch::Receiver<Phase>,
    want: Phase,
    wires: &mut [&mut Wire],
    stats: &Stats,
) -> bool {
    loop {
        if *phase.borrow_and_update() == want {
            return true;
        }
        let n = wires.len() as i64;
        let reads = futures_util::future::select_all(wires.iter_mut().map(|w| Box::pin(w.recv())));
        tokio::select! {
            changed = phase.changed() => if changed.is_err() { return false },
            (m, _, _) = reads => match m {
                Some(Ok(ServerMessage::Error { error, .. })) => {
                    stats.error(format!("error {}", error.code));
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    stats.error(e);
                    stats.open.fetch_sub(n, Ordering::Relaxed);
                    return false;
                }
                None => {
                    stats.error("connection closed by the server");
                    stats.open.fetch_sub(n, Ordering::Relaxed);
                    return false;
                }
            },
        }
    }
}

/// Raises the soft limit on open files to the hard limit; returns the limit now in force.
pub fn raise_open_files() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// The summary line the load generator prints at the end.
#[derive(Clone, Debug)]
pub struct Summary {
    pub connections: i64,
    pub games: u64,
    pub moves: u64,
    pub moves_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub errors: u64,
    pub server_rss_mb: Option<f64>,
    /// The highest round of the Swiss (`--swiss`) its entrants heard of, and how many of its
    /// pairings reached them.
    pub swiss_round: u64,
    pub swiss_pairings: u64,
    /// How many times a tournament entrant's own line (`own_line`) came counting a game of
    /// theirs that ended.
    pub own_lines: u64,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rss = self
            .server_rss_mb
            .map_or_else(|| "unknown".to_owned(), |r| format!("{r:.1}"));
        write!(
            f,
            "connections={} games={} moves={} moves_per_s={:.1} p50_ms={:.2} p99_ms={:.2} \
             p999_ms={:.2} errors={} server_rss_mb={rss} swiss_round={} swiss_pairings={} \
             own_lines={}",
            self.connections,
            self.games,
            self.moves,
            self.moves_per_s,
            self.p50_ms,
            self.p99_ms,
            self.p999_ms,
            self.errors,
            self.swiss_round,
            self.swiss_pairings,
            self.own_lines
        )
    }
}

/// Runs the whole load test; `server_binary` is what to start when no --server is given.
pub async fn run(args: LoadArgs, server_binary: PathBuf) -> Result<Summary, String> {
    let nofile = raise_open_files();
    eprintln!("loadtest: open files limit {nofile:?}");
    let busy =
        2 * args.games + args.ai_games + args.spectators + args.puzzlers + args.arena + args.swiss;
    let connections = args.connections.max(busy);
    if connections > args.connections {
        eprintln!("loadtest: {busy} connections are needed for the games; using {connections}");
    }
    let mut own = None;
    let (urls, pids) = match args.server.is_empty() {
        false => (args.server.clone(), args.server_pid.clone()),
        true => {
            let room = (connections + 64).to_string();
            let queue = args.ai_games.max(64).to_string();
            // Every connection comes from this one address: its limits are raised to the
            // load's size, the invitations that start each game among them.
            let mut server_args: Vec<&str> = vec![
                "--connections-per-address",
                &room,
                "--max-connections",
                &room,
                "--max-lasting-seeks-per-address",
                &room,
                "--ai-queue",
                &queue,
            ];
            server_args.extend(args.server_args.iter().map(String::as_str));
            let server = ServerProcess::start_fresh(&server_binary, &server_args).await;
            let url = server.url();
            let pids = server.pid().into_iter().collect();
            own = Some(server);
            (vec![url], pids)
        }
    };
    eprintln!("loadtest: servers {urls:?} (pids {pids:?})");
    let baseline = total_rss(&pids);

    let stats = Arc::new(Stats::new());
    let (phase_tx, phase_rx) = watch::channel(Phase::Connecting);
    let bot = Bot {
        urls: urls.into(),
        next_url: Arc::new(std::sync::atomic::AtomicUsize::new(0)),
        stats: stats.clone(),
        phase: phase_rx,
        think_ms: (args.think_min_ms, args.think_max_ms.max(args.think_min_ms)),
        ply_cap: args.ply_cap,
        seed: args.seed,
        connecting: Arc::new(Semaphore::new(args.connect_concurrency.max(1))),
    };
    let mut shows: Vec<watch::Receiver<Option<GameId>>> = Vec::new();
    for i in 0..args.games {
        let (tx, rx) = watch::channel(None);
        shows.push(rx);
        tokio::spawn(pair::run(bot.clone(), i, tx));
    }
    for i in 0..args.ai_games {
        tokio::spawn(bots::ai_player(bot.clone(), i, args.ai_level));
    }
    let mut watchers = 0;
    for i in 0..args.spectators {
        if let Some(show) = shows.get(i % shows.len().max(1)) {
            tokio::spawn(bots::spectator(bot.clone(), i, show.clone()));
            watchers += 1;
        }
    }
    for i in 0..args.puzzlers {
        tokio::spawn(puzzlers::puzzler(bot.clone(), i));
    }
    if args.arena > 0 {
        // Long enough for the whole run, whatever it waits for its connections.
        let minutes = u32::try_from(args.seconds / 60 + 12).unwrap_or(u32::MAX);
        let (made, told) = watch::channel(None);
        let mut made = Some(made);
        for i in 0..args.arena {
            let maker = if i == 0 { made.take() } else { None };
            let made = (arena::Tourney::Arena { minutes }, args.arena_clock);
            tokio::spawn(arena::entrant(bot.clone(), i, made, maker, told.clone()));
        }
    }
    if args.swiss > 0 {
        let (made, told) = watch::channel(None);
        let mut made = Some(made);
        let kind = arena::Tourney::Swiss {
            rounds: args.swiss_rounds,
        };
        for i in 0..args.swiss {
            let maker = if i == 0 { made.take() } else { None };
            let index = args.arena + i;
            let made = (kind, args.arena_clock);
            tokio::spawn(arena::entrant(
                bot.clone(),
                index,
                made,
                maker,
                told.clone(),
            ));
        }
    }
    let idle = connections.saturating_sub(
        2 * args.games + args.ai_games + watchers + args.puzzlers + args.arena + args.swiss,
    );
    for i in 0..idle {
        tokio::spawn(bots::idle(bot.clone(), i));
    }

    // Wait for every connection to be open (or to have failed).
    let opened = tokio::time::Instant::now();
    loop {
        let done = stats.connected.load(Ordering::Relaxed) + stats.failed.load(Ordering::Relaxed);
        if done as usize >= connections {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        if opened.elapsed().as_secs() % 10 == 0 && opened.elapsed().subsec_millis() < 500 {
            eprintln!(
                "loadtest: {done}/{connections} connections after {:?}",
                opened.elapsed()
            );
        }
        if opened.elapsed() > Duration::from_secs(600) {
            return Err(format!(
                "only {done} of {connections} connections in 10 minutes"
            ));
        }
    }
    let connected_rss = total_rss(&pids);
    eprintln!(
        "loadtest: {} connections open in {:.1} s ({} failed); server RSS {baseline:?} MiB \
         before, {connected_rss:?} MiB now",
        stats.connected.load(Ordering::Relaxed),
        opened.elapsed().as_secs_f64(),
        stats.failed.load(Ordering::Relaxed),
    );

    let started = tokio::time::Instant::now();
    phase_tx.send_replace(Phase::Running);
    let mut csv = match &args.rss_csv {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    if let Some(f) = &mut csv {
        use std::io::Write;
        let _ = writeln!(f, "seconds,rss_mb,open_connections,moves");
    }
    let every = Duration::from_secs(args.rss_every.max(1));
    let end = started + Duration::from_secs(args.seconds);
    let mut next_sample = started;
    let mut next_report = started + Duration::from_secs(10);
    while tokio::time::Instant::now() < end {
        let now = tokio::time::Instant::now();
        if now >= next_sample {
            if let (Some(f), Some(rss)) = (&mut csv, total_rss(&pids)) {
                use std::io::Write;
                let _ = writeln!(
                    f,
                    "{:.0},{rss:.1},{},{}",
                    now.duration_since(started).as_secs_f64(),
                    stats.open.load(Ordering::Relaxed),
                    stats.moves.load(Ordering::Relaxed)
                );
                let _ = f.flush();
            }
            next_sample += every;
        }
        if now >= next_report {
            let [p50, p99, p999, max] = stats.quantiles_ms();
            eprintln!(
                "loadtest: {:.0} s: {} moves, p50 {p50:.2} p99 {p99:.2} p99.9 {p999:.2} max \
                 {max:.1} ms, {} errors, {} open, RSS {:?} MiB",
                now.duration_since(started).as_secs_f64(),
                stats.moves.load(Ordering::Relaxed),
                stats.error_count(),
                stats.open.load(Ordering::Relaxed),
                total_rss(&pids)
            );
            next_report += Duration::from_secs(10);
        }
        let wake = next_sample.min(next_report).min(end);
        tokio::time::sleep_until(wake).await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let moves = stats.moves.load(Ordering::Relaxed);
    phase_tx.send_replace(Phase::Draining);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let server_rss_mb = total_rss(&pids);
    let [p50_ms, p99_ms, p999_ms, max] = stats.quantiles_ms();
    eprintln!("loadtest: human-vs-human move latency max {max:.1} ms");
    if args.ai_games > 0 {
        let ([a50, a99, a999, amax], n) = stats.ai_game_quantiles_ms();
        eprintln!(
            "loadtest: games against the AI: {} AI moves; {n} human moves answered (own event) \
             p50 {a50:.2} p99 {a99:.2} p99.9 {a999:.2} max {amax:.1} ms",
            stats.ai_moves.load(Ordering::Relaxed)
        );
    }
    if args.puzzlers > 0 {
        let ([s50, s99, s999, smax], [e50, e99, e999, emax]) = stats.puzzle_quantiles_ms();
        eprintln!(
            "loadtest: puzzles: {} served, p50 {s50:.2} p99 {s99:.2} p99.9 {s999:.2} max \
             {smax:.1} ms; {} rated attempts ended, p50 {e50:.2} p99 {e99:.2} p99.9 {e999:.2} \
             max {emax:.1} ms ({:.1} served a second)",
            stats.puzzles.load(Ordering::Relaxed),
            stats.attempts.load(Ordering::Relaxed),
            stats.puzzles.load(Ordering::Relaxed) as f64 / elapsed.max(1e-9)
        );
    }
    if args.arena > 0 {
        let [(j, jn), (w, wn), (m, mn)] = stats.arena_quantiles_ms();
        eprintln!(
            "loadtest: arena of {}: {jn} joins answered p50 {:.2} p99 {:.2} max {:.1} ms; {wn} \
             pairings, the wait for one p50 {:.0} p99 {:.0} max {:.0} ms; {mn} own moves back \
             p50 {:.2} p99 {:.2} p99.9 {:.2} max {:.1} ms",
            args.arena, j[0], j[1], j[3], w[0], w[1], w[3], m[0], m[1], m[2], m[3]
        );
    }
    if args.swiss > 0 {
        let (p, n) = stats.swiss_quantiles_ms();
        eprintln!(
            "loadtest: swiss of {} ({} rounds): round {} reached; {n} pairings, after their round \
             was due p50 {:.0} p99 {:.0} p99.9 {:.0} max {:.0} ms",
            args.swiss,
            args.swiss_rounds,
            stats.swiss_round.load(Ordering::Relaxed),
            p[0],
            p[1],
            p[2],
            p[3]
        );
    }
    if args.arena > 0 || args.swiss > 0 {
        let (l, n) = stats.own_line_quantiles_ms();
        eprintln!(
            "loadtest: {n} own lines counted their game, after its end p50 {:.0} p99 {:.0} \
             p99.9 {:.0} max {:.0} ms",
            l[0], l[1], l[2], l[3]
        );
    }
    eprintln!(
        "loadtest: {} games finished; errors by kind: {:?}",
        stats.finished.load(Ordering::Relaxed),
        stats.error_kinds()
    );
    let summary = Summary {
        connections: stats.open.load(Ordering::Relaxed),
        games: stats.games.load(Ordering::Relaxed),
        moves,
        moves_per_s: moves as f64 / elapsed.max(1e-9),
        p50_ms,
        p99_ms,
        p999_ms,
        errors: stats.error_count(),
        server_rss_mb,
        swiss_round: stats.swiss_round.load(Ordering::Relaxed),
        swiss_pairings: stats.swiss_quantiles_ms().1,
        own_lines: stats.own_line_quantiles_ms().1,
    };
    if let Some(mut server) = own {
        server.kill().await;
    }
    Ok(summary)
}
