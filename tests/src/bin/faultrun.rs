//! Fault runs from the command line, for the long runs of docs/RELIABILITY.md:
//!
//! ```sh
//! faultrun cluster --seed 7 --minutes 10 --games 200 --spectators 200 --out DIR
//! ```
//!
//! prints the schedule, one summary line of counts, and every anomaly; exits 1 when the
//! history shows any. The same seed replays the same schedule.

use std::path::PathBuf;
use std::process::ExitCode;

use chaupal_tests::nemesis::cluster::{ClusterRun, run};
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
