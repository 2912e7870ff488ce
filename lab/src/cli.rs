//! The command line of `chaupal`, the lab: every tool subcommand and its options.

use std::io::Write;

use chaupal_engine::engine::describe_loaded;
use chaupal_engine::{Engine, EngineSettings};
use chaupal_rules::GameKind;
use clap::{Parser, Subcommand};

use crate::tools::ToolError;
use crate::tools::bestmove::{BestMoveArgs, run_bestmove};
use crate::tools::perft::{PerftArgs, run_perft};
use crate::tools::setup::PositionArgs;
use crate::tools::solve::baghchal::{SolveBaghChalArgs, run_solve_baghchal};
use crate::tools::solve::kalah::{SolveKalahArgs, run_solve_kalah};
use crate::tools::tablebase::{TablebaseArgs, run_tablebase};

/// Chaupal's lab: the command-line tools to check the rules, ask and measure the AI, and solve
/// the games. The online server is the separate `chaupal-server` binary.
#[derive(Debug, Parser)]
#[command(name = "chaupal", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count legal move sequences to each depth (to check the rules against other programs).
    ///
    /// Prints one line `d count` for each depth d from 1 to N on stdout.
    Perft {
        #[command(flatten)]
        setup: PositionArgs,
        /// The deepest depth to count.
        #[arg(long)]
        depth: u32,
        /// Also print the count under each first move at the deepest depth (on stdout, after the
        /// depth lines, as `move count`).
        #[arg(long)]
        divide: bool,
    },
    /// Search a position and print the engine's best move.
    ///
    /// Prints `info depth D score S nodes N nps N time-ms T pv M1 M2 ...` per finished iteration
    /// (MCTS: periodic summaries), then `bestmove M`. `--engine help` lists the engines.
    #[command(mut_arg("game", |a| a.required(false).help(
        "The game: baghchal, kalah, jungle or sholo-guti (not needed with `--engine help`)"
    )))]
    Bestmove {
        #[command(flatten)]
        setup: PositionArgs,
        /// A named engine, `ALGORITHM[:EVALUATION]` (`help` lists them).
        #[arg(long)]
        engine: Option<String>,
        /// A player level, 1 (a careless beginner) to 8 (full strength); the default is 8.
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
    /// Solve a position exactly: Kalah by search, Bagh Chal from its solved databases.
    ///
    /// kalah: prints `info` lines (the endgame database, each MTD(f) pass, the totals), then
    /// `best-moves H...` (every move that keeps the margin), `pv H...`, and last `margin +N`
    /// (or `-N`, or `0`): the final store difference, sweep included, for the side to move.
    /// baghchal (--tablebase DIR): prints `move M VALUE` for each legal move, best first,
    /// `best-moves`, `pv`, and last `value VALUE` for the side to move: `win N`, `loss N` (plies
    /// to the end of the game) or `draw`.
    #[command(
        mut_arg("game", |a| a.help(
            "The game: kalah (searched by the solver), or baghchal (read from the solved \
             databases of --tablebase)"
        )),
        mut_arg("rules", |a| a.help(
            "A rule option, KEY=VALUE (repeatable): pits, seeds, empty-capture"
        )),
    )]
    Solve {
        #[command(flatten)]
        setup: PositionArgs,
        /// baghchal: the directory of the solved databases (`baghchal.tb` and its placement
        /// layers).
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
        /// baghchal: then follow every line on which both sides keep the value for this many
        /// plies, counting per ply the moves that would lose it.
        #[arg(long, default_value_t = 0)]
        mistakes: u32,
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
    /// (progress bars go to stderr); with --placement, then the placement phase layer by layer
    /// into the directory of --out (resumable with --resume); --count prints the placement
    /// phase's exact counts only. kalah: every board with at most --seeds-max seeds in the
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
        /// baghchal: the goats of the game (1..=20, at least --captures-to-win); fewer make a
        /// smaller game.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u8).range(1..=20))]
        goats: u8,
        /// baghchal: then solve the placement phase, one file a layer
        /// (baghchal-placement-NN.tb) in the directory of --out.
        #[arg(long)]
        placement: bool,
        /// baghchal: go on from the movement database at --out (when it is of these rules) and
        /// the placement layers already solved, instead of starting again.
        #[arg(long)]
        resume: bool,
        /// baghchal: placement values with the plies to the end, 8 bits each (else 2 bits:
        /// win, draw or loss).
        #[arg(long)]
        distances: bool,
        /// baghchal: print the placement phase's exact counts per layer, and solve nothing.
        #[arg(long)]
        count: bool,
        /// baghchal: recheck the placement layers beside --out, solving nothing: random
        /// positions of every layer, each checked to hold the best of its moves' values.
        #[arg(long)]
        verify: bool,
        /// baghchal, with --verify: random positions checked per part of each layer.
        #[arg(long, default_value_t = 100_000, requires = "verify")]
        samples: u64,
        /// baghchal, with --verify: the sample's seed.
        #[arg(long, default_value_t = 1, requires = "verify")]
        seed: u64,
        /// baghchal, with --verify: also every position of the last layer with the goats to
        /// move, against the movement database.
        #[arg(long, requires = "verify")]
        boundary: bool,
        /// baghchal, with --verify: also this many random positions valued by an alpha-beta
        /// search over the rules' moves down to the movement database.
        #[arg(long, default_value_t = 0, requires = "verify")]
        forward: u64,
        /// baghchal, with --forward: the first layer its positions are drawn from (the search
        /// grows with the goats still in hand).
        #[arg(long, default_value_t = 17, requires = "verify")]
        forward_from: u8,
        /// baghchal, with --verify: time the lookup of this many random positions, twice
        /// (cold from the disk, then warm from the cache).
        #[arg(long, default_value_t = 0, requires = "verify")]
        probes: u64,
        /// sholo-guti: the most pieces on the board covered (2..=7; 7 takes about 10 GB to build).
        #[arg(long, default_value_t = 5)]
        pieces_max: u32,
    },
    /// Engine-against-engine round robin: a table per pairing (wins, draws, losses, score, Elo
    /// with a 95% interval, time, plies, nodes, memory); CSV, JSON and PNG plots in --out.
    Arena(crate::tools::arena::ArenaCli),
    /// The eight levels' calibration read back from its arena runs (docs/research/levels-GAME/):
    /// one Elo ladder per game, each step's own games, the server's ratings; --write puts them
    /// into docs/AI.md and shared/src/levels.rs.
    Levels(crate::tools::levels::LevelsCli),
    /// The lessons' courses checked (docs/LESSONS.md): one line a stage, `GAME ID par N goal G
    /// solution M1 M2 ...`, a line of moves from its hint that wins it within par; fails when
    /// a stage has none.
    Lessons(crate::tools::lessons::LessonsCli),
    /// Perft and search speed on fixed positions: one summary line per game.
    Bench(crate::tools::bench::BenchArgs),
    /// Build or deepen the Kalah opening book: every position the top level can meet on its turn
    /// in the first plies, solved; new entries are appended to --out.
    Book(crate::tools::book::BookCli),
    /// Genetic algorithm over a game's evaluation weights; the best go to a JSON weights file.
    Tune(crate::tools::tune::TuneCli),
    /// Each game's winning-chance curve from games between AI levels: the scale s of
    /// P(win) = 1/(1+exp(-cp/s)) fitted to every searched position's evaluation and the mover's
    /// result, with a 95% bootstrap interval; samples, plots and fits in --out; --write puts
    /// the scales into rules/src/review.rs and docs/AI.md.
    Winchance(crate::tools::winchance::WinchanceCli),
    /// A game's review, as the server makes it: every position searched by the top level at a
    /// fixed budget. Prints `ply N move M value V best B loss L class C` for each move, then
    /// `accuracy first A second B`.
    Review(crate::tools::review::ReviewCli),
    /// Puzzles: find them in games and grow a set file (`generate`), or prove a set again
    /// (`verify`); docs/PUZZLES.md.
    Puzzles(crate::tools::puzzles::PuzzlesCli),
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
        Command::Perft {
            setup,
            depth,
            divide,
        } => {
            let args = PerftArgs {
                setup,
                depth,
                divide,
            };
            on_stdout(|out| run_perft(&args, out))
        }
        Command::Bestmove {
            setup,
            engine,
            level,
            depth,
            time_ms,
            nodes,
            seed,
            threads,
            tablebase,
        } => {
            let player = load_engine(tablebase)?;
            let args = BestMoveArgs {
                setup,
                engine,
                level,
                depth,
                time_ms,
                nodes,
                seed,
                threads,
            };
            on_stdout(|out| run_bestmove(&args, &player, out))
        }
        Command::Solve {
            setup:
                setup @ PositionArgs {
                    game: Some(GameKind::BaghChal),
                    ..
                },
            tablebase,
            pv_plies,
            mistakes,
            ..
        } => {
            let tablebase = tablebase.ok_or_else(|| {
                ToolError::Usage(
                    "solve baghchal reads the solved databases: pass --tablebase DIR".to_owned(),
                )
            })?;
            let args = SolveBaghChalArgs {
                setup,
                tablebase,
                pv_plies,
                mistakes,
            };
            on_stdout(|out| run_solve_baghchal(&args, out))
        }
        Command::Solve {
            setup,
            threads,
            tt_mb,
            db_seeds,
            db,
            pv_plies,
            checkpoint,
            checkpoint_minutes,
            checkpoint_mb,
            tablebase: _,
            mistakes: _,
        } => {
            let args = SolveKalahArgs {
                setup,
                threads,
                tt_mb,
                db_seeds,
                db_file: db,
                pv_plies,
                checkpoint,
                checkpoint_minutes,
                checkpoint_mb,
            };
            on_stdout(|out| run_solve_kalah(&args, out))
        }
        Command::Tablebase {
            game,
            out: file,
            rules,
            seeds_max,
            threads,
            captures_to_win,
            goats,
            placement,
            resume,
            distances,
            count,
            verify,
            samples,
            seed,
            boundary,
            forward,
            forward_from,
            probes,
            pieces_max,
        } => {
            let args = TablebaseArgs {
                game,
                out: file,
                rules,
                seeds_max,
                threads,
                captures_to_win,
                goats,
                placement,
                resume,
                distances,
                count,
                verify: verify.then_some(samples),
                boundary,
                seed,
                forward: (forward, forward_from),
                probes,
                pieces_max,
                progress: true,
            };
            on_stdout(|out| run_tablebase(&args, out))
        }
        Command::Arena(args) => crate::tools::arena::run_cli(args),
        Command::Levels(args) => on_stdout(|out| crate::tools::levels::run_levels(&args, out)),
        Command::Lessons(args) => on_stdout(|out| crate::tools::lessons::run_lessons(&args, out)),
        Command::Bench(args) => crate::tools::bench::run_cli(args),
        Command::Tune(args) => crate::tools::tune::run_cli(args),
        Command::Book(args) => crate::tools::book::run_cli(args),
        Command::Winchance(args) => crate::tools::winchance::run_cli(args),
        Command::Review(args) => {
            let engine = load_engine(args.tablebase.clone())?;
            on_stdout(|out| crate::tools::review::run_review(&args, &engine, out))
        }
        Command::Puzzles(cli) => {
            use crate::tools::puzzles::{PuzzlesCommand, generate, verify};
            let engine = load_engine(cli.tablebase())?;
            on_stdout(|out| match &cli.command {
                PuzzlesCommand::Generate(args) => generate::run_generate(args, &engine, out),
                PuzzlesCommand::Verify(args) => verify::run_verify(args, &engine, out),
            })
        }
    }
}

/// The engine the server would play with (its shipped weights), with the databases of
/// `tablebase_dir`; what was loaded goes to the log.
fn load_engine(tablebase_dir: Option<std::path::PathBuf>) -> Result<Engine, ToolError> {
    let settings = EngineSettings {
        tablebase_dir,
        ..EngineSettings::default()
    };
    let engine = Engine::load(&settings)?;
    if let Some(dir) = &settings.tablebase_dir {
        for line in describe_loaded(engine.tablebases(), dir) {
            tracing::info!("{line}");
        }
    }
    Ok(engine)
}

/// Runs a tool that writes its report to stdout, holding the lock, and flushes it at the end.
fn on_stdout(
    run: impl FnOnce(&mut std::io::StdoutLock<'static>) -> Result<(), ToolError>,
) -> Result<(), ToolError> {
    let mut out = std::io::stdout().lock();
    run(&mut out)?;
    out.flush().map_err(ToolError::Io)
}
