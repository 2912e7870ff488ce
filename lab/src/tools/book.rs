//! `chaupal book kalah`: builds (or deepens) the Kalah opening book the top level plays
//! from, by solving every position it can meet on its turn in the first plies.
//!
//! Entries already in the output file are kept and not solved again; each new one is appended
//! as soon as it is solved, so a long build can be stopped and resumed. Prints one `entry` line
//! per new entry, then `entries N` (the book's entries for these rules) and `time-ms T`.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use chaupal_rules::{Game, GameKind};

use super::ToolError;
use super::setup::set_up_game;
use super::solve::kalah::{DbChoice, kalah_of, ms, read_checkpoint, solver_with_db};
use chaupal_engine::perfect::kalah::board::byte_sum;
use chaupal_engine::perfect::kalah::book::{self, Book, format_line};
use chaupal_engine::perfect::kalah::search::Limits;
use chaupal_engine::perfect::kalah::{board_of, geometry, margin_text};

/// `book` command line.
#[derive(Clone, Debug, clap::Args)]
pub struct BookCli {
    /// The game: kalah.
    pub game: GameKind,
    /// A rule option, KEY=VALUE (repeatable): pits, seeds, empty-capture.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Cover the positions of the first PLIES plies (moves of either side, extra turns
    /// included).
    #[arg(long, default_value_t = 4)]
    pub plies: u32,
    /// The book file: its entries are kept, new ones appended (created if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Megabytes of transposition table.
    #[arg(long, default_value_t = 1024)]
    pub tt_mb: usize,
    /// Build the endgame database up to this many seeds in play first (0: none; default: as
    /// many as fit in 256 MB).
    #[arg(long, conflicts_with = "db")]
    pub db_seeds: Option<u32>,
    /// Load the endgame database from this file (written by `tablebase kalah`).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Warm the table with a `solve --checkpoint` file of the same board and rules (read,
    /// never written): what that solve proved costs next to nothing here.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
}

/// Runs `book` with its report on stdout.
pub fn run_cli(args: BookCli) -> Result<(), ToolError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    run_book(&args, &mut out)?;
    out.flush()?;
    Ok(())
}

/// Builds the book and writes the report to `out`.
pub fn run_book(args: &BookCli, out: &mut impl Write) -> Result<(), ToolError> {
    if args.game != GameKind::Kalah {
        return Err(ToolError::Usage(format!(
            "the opening book is for kalah, not {}",
            args.game
        )));
    }
    let game = kalah_of(set_up_game(GameKind::Kalah, &args.rules, None, None)?)?;
    let geo = geometry(game.rules());
    let start_board = board_of(&game);
    let mut book = match std::fs::read_to_string(&args.out) {
        Ok(text) => Book::parse(&text)
            .map_err(|e| ToolError::Usage(format!("{}: {e}", args.out.display())))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Book::default(),
        Err(e) => return Err(e.into()),
    };
    let start = Instant::now();
    let solver = solver_with_db(
        geo,
        DbChoice {
            file: args.db.as_ref(),
            seeds: args.db_seeds,
            in_play: byte_sum(start_board),
        },
        args.tt_mb,
        args.threads,
        out,
    )?;
    if let Some(path) = &args.checkpoint {
        read_checkpoint(&solver, path, out)?;
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)?;
    let mut io_error = None;
    let mut last = Instant::now();
    book::build(
        &solver,
        start_board,
        args.plies,
        &mut book,
        Limits::NONE,
        &mut |board, entry, ply| {
            if io_error.is_some() {
                return;
            }
            let written = writeln!(file, "{}", format_line(geo, board, entry))
                .and_then(|()| file.flush())
                .and_then(|()| {
                    writeln!(
                        out,
                        "entry ply {ply} value {} best {} nodes {} time-ms {}",
                        margin_text(entry.value),
                        entry.best + 1,
                        solver.nodes(),
                        last.elapsed().as_millis()
                    )
                });
            last = Instant::now();
            if let Err(e) = written {
                io_error = Some(e);
            }
        },
    )
    .ok_or_else(|| ToolError::Usage("the search was stopped".to_owned()))?;
    if let Some(e) = io_error {
        return Err(e.into());
    }
    let entries = book.iter().filter(|(g, _, _)| *g == geo).count();
    writeln!(out, "entries {entries}")?;
    writeln!(out, "time-ms {}", ms(start))?;
    Ok(())
}
