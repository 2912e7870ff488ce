//! The command line of `chaupal-server`: every subcommand and its options.

use std::io::Write;

use chaupal_shared::GameKind;
use clap::{Parser, Subcommand};

use crate::config::ServerConfig;
use crate::tools::ToolError;
use crate::tools::bestmove::{BestMoveArgs, run_bestmove};
use crate::tools::perft::{PerftArgs, run_perft};
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
        /// A directory of solved databases: the top level plays from `DIR/baghchal.tb`.
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
    },
    /// Solve the Bagh Chal movement phase by retrograde analysis into a database file.
    ///
    /// Prints `positions N` (the stored positions), the wins, draws and losses for each side to
    /// move, and `time-ms T`; progress bars go to stderr.
    Tablebase {
        /// The game: only `baghchal`.
        #[arg(value_parser = ["baghchal"])]
        game: String,
        /// Where to write the database (the server reads `DIR/baghchal.tb`).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Worker threads (0: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// The tigers win at this capture (1..=5); smaller values make small test databases.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=5))]
        captures_to_win: u8,
    },
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
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            run_perft(&args, &mut out)?;
            out.flush().map_err(ToolError::Io)
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
            };
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            run_bestmove(&args, &mut out)
        }
        Some(Command::Tablebase {
            game: _,
            out,
            threads,
            captures_to_win,
        }) => {
            let args = TablebaseArgs {
                out,
                threads,
                captures_to_win,
                progress: true,
            };
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            run_tablebase(&args, &mut out)
        }
        Some(Command::Serve(config)) => Ok(crate::server::run_blocking(config)?),
        None => Ok(crate::server::run_blocking(cli.serve)?),
    }
}
