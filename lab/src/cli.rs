//! The command line of `chaupal-server`: every subcommand and its options.

use std::io::Write;

use chaupal_shared::GameKind;
use clap::{Parser, Subcommand};

use crate::config::ServerConfig;
use crate::tools::ToolError;
use crate::tools::bestmove::{BestMoveArgs, run_bestmove};
use crate::tools::perft::{PerftArgs, run_perft};
use crate::tools::solve::{KalahTablebaseArgs, SolveArgs, run_solve, run_tablebase_kalah};
use crate::tools::tablebase::{TablebaseArgs, run_tablebase};

/// Chaupal's game server and tools. With no subcommand it serves games (as `serve` does).
#[derive(Debug, Parser)]
#[command(
    name = "chaupal-server",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The server's options, when no subcommand is given.
    #[command(flatten)]
    pub serve: ServerConfig,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve games over websockets (the default): lobby, game rooms, AI seats, records.
    ///
    /// Prints `listening on ADDR` on stdout once it accepts connections; logs go to stderr
    /// (RUST_LOG sets the level). Every limit below is also shown to clients in the Welcome.
    Serve(ServerConfig),
    /// Count legal move sequences to each depth (to check the rules against other programs).
    ///
    /// Prints one line `d count` for each depth d from 1 to N on stdout.
    Perft {
        /// The game: baghchal, kalah, jungle or sholo-guti.
        game: GameKind,
        /// The deepest depth to count.
        #[arg(long)]
        depth: u32,
        /// A rule option, KEY=VALUE (repeatable), as the rule book names them.
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
        /// The position to start from, in the game's position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Moves to play first, in the game's notation, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        /// Also print the count under each first move at the deepest depth (on stdout, after the
        /// depth lines, as `move count`).
        #[arg(long)]
        divide: bool,
    },
    /// Search a position and print the engine's best move.
    ///
    /// Prints `info depth D score S nodes N nps N time-ms T pv M1 M2 ...` per finished iteration
    /// (MCTS: periodic summaries), then `bestmove M`. `--engine help` lists the engines.
    Bestmove {
        /// The game: baghchal, kalah, jungle or sholo-guti (not needed with `--engine help`).
        game: Option<GameKind>,
        /// A rule option, KEY=VALUE (repeatable), as the rule book names them.
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
        /// The position to start from, in the game's position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Moves to play first, in the game's notation, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        /// A named engine, ALGORITHM[:EVALUATION] (`help` lists them).
        #[arg(long)]
        engine: Option<String>,
        /// A player level, 1 (random) to 8 (full strength); the default is 8.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
        level: Option<u8>,
        /// Search to this depth (plies).
        #[arg(long, conflicts_with_all = ["time_ms", "nodes"])]
        depth: Option<u32>,
        /// Search for this many milliseconds.
        #[arg(long, conflicts_with = "nodes")]
        time_ms: Option<u64>,
        /// Search this many nodes (MCTS: playouts).
        #[arg(long)]
        nodes: Option<u64>,
        /// Seed for engines that use random numbers.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Search threads (Lazy SMP for the full search; other engines use one).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
        /// A directory of solved databases: the top level plays from `DIR/baghchal.tb` and the
        /// Kalah endgame databases `DIR/kalah*.db`.
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
    },
    /// Solve a Kalah position exactly: the final margin with perfect play for the side to move.
    ///
    /// Prints `info` lines (the endgame database, each MTD(f) pass, the totals), then
    /// `best-moves H...` (every move that keeps the margin), `pv H...`, and last `margin +N`
    /// (or `-N`, or `0`): the final store difference, sweep included, for the side to move.
    Solve {
        /// The game: kalah.
        game: GameKind,
        /// A rule option, KEY=VALUE (repeatable): pits, seeds, empty-capture.
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
        /// The position to start from, in the game's position notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Moves to play first, in the game's notation, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Megabytes of transposition table.
        #[arg(long, default_value_t = 1024)]
        tt_mb: usize,
        /// Build the endgame database up to this many seeds in play first (0: none; default:
        /// as many as fit in 256 MB).
        #[arg(long, conflicts_with = "db")]
        db_seeds: Option<u32>,
        /// Load the endgame database from this file (written by `tablebase kalah`).
        #[arg(long)]
        db: Option<std::path::PathBuf>,
        /// Longest principal variation printed.
        #[arg(long, default_value_t = 24)]
        pv_plies: usize,
        /// Resume from this file when it exists, and write the table's most expensive entries
        /// to it as the solve goes and at its end: a long solve stopped is not lost.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<std::path::PathBuf>,
        /// Minutes between checkpoints.
        #[arg(long, default_value_t = 10, requires = "checkpoint")]
        checkpoint_minutes: u64,
        /// Largest checkpoint file, in megabytes.
        #[arg(long, default_value_t = 512, requires = "checkpoint")]
        checkpoint_mb: u64,
    },
    /// Build a solved database and write it to a file.
    ///
    /// baghchal: the whole movement phase by retrograde analysis; prints `positions N` (the
    /// stored positions), the wins, draws and losses for each side to move, and `time-ms T`
    /// (progress bars go to stderr). kalah: every board with at most --seeds-max seeds in the
    /// houses, for the board size and capture rule of --rule pits=M --rule empty-capture=B;
    /// prints a line per level, the counts of wins, draws and losses per seed count,
    /// `positions N` and the time. sholo-guti: every position with at most --pieces-max pieces
    /// (capture=optional); prints a line per class of piece counts, `positions N` and the time.
    Tablebase {
        /// The game: baghchal, kalah or sholo-guti.
        game: GameKind,
        /// Where to write the database.
        #[arg(long)]
        out: std::path::PathBuf,
        /// A rule option, KEY=VALUE (repeatable).
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
        /// kalah: the most seeds in play covered.
        #[arg(long, default_value_t = 20)]
        seeds_max: u32,
        /// Worker threads (0: one per core; baghchal only).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// baghchal: the tigers win at this capture (1..=5); smaller values make small test
        /// databases.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=5))]
        captures_to_win: u8,
        /// sholo-guti: the most pieces on the board covered (2..=7; 7 takes about 10 GB to build).
        #[arg(long, default_value_t = 5)]
        pieces_max: u32,
    },
    /// Engine-against-engine round robin: a table per pairing (wins, draws, losses, score, Elo
    /// with a 95% interval, time, plies, nodes, memory); CSV, JSON and PNG plots in --out.
    Arena(crate::tools::arena::ArenaCli),
    /// Perft and search speed on fixed positions: one summary line per game.
    Bench(crate::tools::bench::BenchArgs),
    /// Build or deepen the Kalah opening book: every position the top level can meet on its turn
    /// in the first plies, solved; new entries are appended to --out.
    Book(crate::tools::book::BookCli),
    /// Genetic algorithm over a game's evaluation weights; the best go to a JSON weights file.
    Tune(crate::tools::tune::TuneCli),
}

/// Sends logs to stderr (stdout belongs to the subcommands' output). `RUST_LOG` sets the level.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> Result<(), ToolError> {
    match cli.command {
        Some(Command::Perft {
            game,
            depth,
            rules,
            position,
            moves,
            divide,
        }) => {
            let args = PerftArgs {
                game,
                depth,
                rules,
                position,
                moves,
                divide,
            };
            on_stdout(|out| run_perft(&args, out))
        }
        Some(Command::Bestmove {
            game,
            rules,
            position,
            moves,
            engine,
            level,
            depth,
            time_ms,
            nodes,
            seed,
            threads,
            tablebase,
        }) => {
            if let Some(dir) = &tablebase {
                crate::tablebase::load_dir_logged(dir)?;
            }
            let args = BestMoveArgs {
                game,
                rules,
                position,
                moves,
                engine,
                level,
                depth,
                time_ms,
                nodes,
                seed,
                threads,
            };
            on_stdout(|out| run_bestmove(&args, out))
        }
        Some(Command::Solve {
            game,
            rules,
            position,
            moves,
            threads,
            tt_mb,
            db_seeds,
            db,
            pv_plies,
            checkpoint,
            checkpoint_minutes,
            checkpoint_mb,
        }) => {
            let args = SolveArgs {
                game: Some(game),
                rules,
                position,
                moves,
                threads,
                tt_mb,
                db_seeds,
                db_file: db,
                pv_plies,
                checkpoint,
                checkpoint_minutes,
                checkpoint_mb,
            };
            on_stdout(|out| run_solve(&args, out))
        }
        Some(Command::Tablebase {
            game,
            out: file,
            rules,
            seeds_max,
            threads,
            captures_to_win,
            pieces_max,
        }) => match game {
            GameKind::Kalah => {
                let args = KalahTablebaseArgs {
                    rules,
                    seeds_max,
                    out: file,
                };
                on_stdout(|out| run_tablebase_kalah(&args, out))
            }
            GameKind::BaghChal => {
                let args = TablebaseArgs {
                    out: file,
                    threads,
                    captures_to_win,
                    progress: true,
                };
                on_stdout(|out| run_tablebase(&args, out))
            }
            GameKind::SholoGuti => {
                let args = crate::tools::tablebase_sholo_guti::SholoGutiTbArgs {
                    out: file,
                    pieces_max,
                    rules,
                };
                on_stdout(|out| crate::tools::tablebase_sholo_guti::run(&args, out))
            }
            other => Err(ToolError::Usage(format!("no tablebase for {other}"))),
        },
        Some(Command::Arena(args)) => crate::tools::arena::run_cli(args),
        Some(Command::Bench(args)) => crate::tools::bench::run_cli(args),
        Some(Command::Tune(args)) => crate::tools::tune::run_cli(args),
        Some(Command::Book(args)) => crate::tools::book::run_cli(args),
        Some(Command::Serve(config)) => Ok(crate::server::run_blocking(config)?),
        None => Ok(crate::server::run_blocking(cli.serve)?),
    }
}

/// Runs a tool that writes its report to stdout, holding the lock, and flushes it at the end.
fn on_stdout(
    run: impl FnOnce(&mut std::io::StdoutLock<'static>) -> Result<(), ToolError>,
) -> Result<(), ToolError> {
    let mut out = std::io::stdout().lock();
    run(&mut out)?;
    out.flush().map_err(ToolError::Io)
}
