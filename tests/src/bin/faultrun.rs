//! Fault runs from the command line, for the long runs of docs/RELIABILITY.md:
//!
//! ```sh
//! faultrun cluster --seed 7 --minutes 10 --games 200 --spectators 200 --out DIR
//! faultrun powercut --seed 1 --cuts 100 --synchronous full --out DIR
//! ```
//!
//! `cluster` prints the schedule, one summary line of counts, and every anomaly; `powercut`
//! prints one line a cut (what was dropped, the records' integrity, moves lost) and the
//! summary. Each exits 1 when the history shows an anomaly (for `powercut`, also when a cut
//! lost an acknowledged move or left the records damaged). The same seed replays the same run.

use std::path::PathBuf;
use std::process::ExitCode;

use chaupal_tests::nemesis::cluster::{ClusterRun, run};
use chaupal_tests::nemesis::powercut::{self, PowerCutRun};
use chaupal_tests::nemesis::schedule::Kind;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "faultrun",
    about = "Chaupal under faults, and the check of its history"
)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Three nodes, NATS and PostgreSQL under a random schedule of faults.
    Cluster {
        /// The schedule's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Minutes of faults.
        #[arg(long, default_value_t = 10.0)]
        minutes: f64,
        /// Seconds of play once everything is healed.
        #[arg(long, default_value_t = 20)]
        settle_seconds: u64,
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[arg(long, default_value_t = 200)]
        spectators: usize,
        #[arg(long, default_value_t = 3)]
        nodes: usize,
        /// Where to write history.jsonl and report.txt.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// One server on SQLite on the FUSE file system that drops what was not synced, cut
    /// again and again while games are played and watched.
    Powercut {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 100)]
        cuts: usize,
        /// `--sqlite-synchronous` of the server: full, normal or off.
        #[arg(long, default_value = "full")]
        synchronous: String,
        #[arg(long, default_value_t = 12)]
        games: usize,
        #[arg(long, default_value_t = 4)]
        spectators: usize,
        /// The shortest and the longest time from a restart to the next cut, in ms.
        #[arg(long, default_value_t = 1_500)]
        min_ms: u64,
        #[arg(long, default_value_t = 4_000)]
        max_ms: u64,
        /// The `chaupal-powercut` binary (default: beside this one).
        #[arg(long)]
        powercut_binary: Option<PathBuf>,
        /// Where to write history.jsonl and report.txt.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    else {
        eprintln!("faultrun: no runtime");
        return ExitCode::from(2);
    };
    match args.command {
        Command::Powercut {
            seed,
            cuts,
            synchronous,
            games,
            spectators,
            min_ms,
            max_ms,
            powercut_binary,
            out,
        } => {
            if let Err(e) = chaupal_powercut::harness::preflight() {
                eprintln!("faultrun: power cuts need FUSE: {e}");
                return ExitCode::from(2);
            }
            let run_args = PowerCutRun {
                seed,
                cuts,
                games,
                spectators,
                synchronous: synchronous.clone(),
                between_ms: (min_ms, max_ms.max(min_ms)),
                settle_seconds: 3,
                powercut_binary,
                out,
            };
            let outcome = match runtime.block_on(powercut::run(&run_args)) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("faultrun: {e}");
                    return ExitCode::from(2);
                }
            };
            for (i, c) in outcome.cuts.iter().enumerate() {
                println!("cut {} {c}", i + 1);
            }
            println!("{synchronous}: {}", outcome.summary());
            for a in &outcome.report.anomalies {
                println!("anomaly {:?}: {}", a.game, a.what);
            }
            for t in &outcome.trouble {
                println!("trouble: {t}");
            }
            let whole = outcome.cuts.iter().all(|c| c.survived());
            if whole && outcome.report.anomalies.is_empty() && outcome.trouble.is_empty() {
                ExitCode::SUCCESS
            } else {
                println!("seed {seed} replays this run");
                ExitCode::from(1)
            }
        }
        Command::Cluster {
            seed,
            minutes,
            settle_seconds,
            games,
            spectators,
            nodes,
            out,
        } => {
            let run_args = ClusterRun {
                seed,
                fault_seconds: (minutes * 60.0).round() as u64,
                settle_seconds,
                games,
                spectators,
                nodes,
                kinds: Kind::ALL.to_vec(),
                out,
            };
            let outcome = match runtime.block_on(run(&run_args)) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("faultrun: {e}");
                    return ExitCode::from(2);
                }
            };
            print!("{}", outcome.schedule);
            println!("{}", outcome.report.summary());
            for a in &outcome.report.anomalies {
                println!("anomaly {:?}: {}", a.game, a.what);
            }
            for t in &outcome.trouble {
                println!("trouble: {t}");
            }
            if outcome.report.anomalies.is_empty() && outcome.trouble.is_empty() {
                ExitCode::SUCCESS
            } else {
                println!("seed {seed} replays this schedule");
                ExitCode::from(1)
            }
        }
    }
}
