//! `chaupal solve kalah`: the exact final margin of a Kalah position with perfect play.
//!
//! `solve` prints `info ...` lines as it goes (the database, each MTD(f) pass, the result), the
//! moves that keep the margin (`best-moves`), a principal variation (`pv`), and last
//! `margin +N` (or `-N`, or `0`) for the side to move, stores and the final sweep included.

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chaupal_rules::kalah::Kalah;
use chaupal_rules::{AnyGame, Game};

use crate::tools::ToolError;
use crate::tools::setup::PositionArgs;
use chaupal_engine::perfect::kalah::board::{After, Geometry, byte_sum};
use chaupal_engine::perfect::kalah::checkpoint::{self, Event};
use chaupal_engine::perfect::kalah::search::Limits;
use chaupal_engine::perfect::kalah::{
    EndgameDb, Solver, board_of, default_db_seeds, geometry, margin_text, store_margin,
};

/// What `solve` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct SolveKalahArgs {
    pub setup: PositionArgs,
    /// Search threads (at least one).
    pub threads: usize,
    /// Megabytes of transposition table.
    pub tt_mb: usize,
    /// Build the endgame database up to this many seeds in play (default: what fits
    /// [`chaupal_engine::perfect::kalah::DEFAULT_DB_BYTES`]; 0: none).
    pub db_seeds: Option<u32>,
    /// Load the endgame database from this file instead of building one.
    pub db_file: Option<PathBuf>,
    /// Longest principal variation printed.
    pub pv_plies: usize,
    /// Resume from this checkpoint when it exists, and write it as the solve goes.
    pub checkpoint: Option<PathBuf>,
    /// Minutes between checkpoints.
    pub checkpoint_minutes: u64,
    /// Largest checkpoint, in megabytes.
    pub checkpoint_mb: u64,
}

pub(crate) fn kalah_of(any: AnyGame) -> Result<Kalah, ToolError> {
    match any {
        AnyGame::Kalah(g) => Ok(g),
        other => Err(ToolError::Usage(format!(
            "solve works on kalah, not {} (Bagh Chal has `tablebase baghchal`)",
            other.kind()
        ))),
    }
}

pub(crate) fn ms(start: Instant) -> u64 {
    start.elapsed().as_millis() as u64
}

/// The endgame database a solve uses: loaded from `file` (which must be of `geo`), or built up
/// to `seeds` seeds in play (default: what fits [`chaupal_engine::perfect::kalah::DEFAULT_DB_BYTES`]; 0:
/// none), never past the `in_play` seeds of the position.
pub fn endgame_db(
    geo: Geometry,
    file: Option<&PathBuf>,
    seeds: Option<u32>,
    in_play: u32,
) -> Result<Option<EndgameDb>, ToolError> {
    Ok(match file {
        Some(path) => {
            let file = File::open(path)?;
            let db = EndgameDb::load(&mut BufReader::new(file))?;
            if db.geometry() != geo {
                return Err(ToolError::Usage(format!(
                    "{} is a database for pits={} empty-capture={}, not this game's rules",
                    path.display(),
                    db.geometry().pits,
                    db.geometry().empty_capture
                )));
            }
            Some(db)
        }
        None => {
            let k = seeds
                .unwrap_or_else(|| default_db_seeds(geo, in_play))
                .min(in_play);
            (k > 0).then(|| EndgameDb::build(geo, k, &mut |_, _| {}))
        }
    })
}

/// Which endgame database a solver gets: see [`endgame_db`].
pub struct DbChoice<'a> {
    pub file: Option<&'a PathBuf>,
    pub seeds: Option<u32>,
    pub in_play: u32,
}

/// A solver of `geo` with a table of `tt_mb` megabytes, `threads` threads and the endgame
/// database `db` asks for (reported on `out` as an `info db` line).
pub fn solver_with_db(
    geo: Geometry,
    db: DbChoice<'_>,
    tt_mb: usize,
    threads: usize,
    out: &mut impl Write,
) -> Result<Solver, ToolError> {
    let start = Instant::now();
    let db = endgame_db(geo, db.file, db.seeds, db.in_play)?.map(Arc::new);
    if let Some(db) = &db {
        writeln!(
            out,
            "info db seeds-max {} positions {} time-ms {}",
            db.max_seeds(),
            db.len(),
            ms(start)
        )?;
    }
    let mut solver = Solver::new(geo, tt_mb.max(1), db);
    solver.set_threads(threads);
    Ok(solver)
}

/// Solves the position and writes the `info` lines, `best-moves`, `pv` and `margin` to `out`.
pub fn run_solve_kalah(args: &SolveKalahArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let game = kalah_of(args.setup.set_up()?)?;
    if game.outcome().is_some() {
        writeln!(out, "info the game is over")?;
        writeln!(out, "margin {}", margin_text(store_margin(&game)))?;
        return Ok(());
    }
    let geo = geometry(game.rules());
    let board = board_of(&game);
    let in_play = byte_sum(board);
    let solver = solver_with_db(
        geo,
        DbChoice {
            file: args.db_file.as_ref(),
            seeds: args.db_seeds,
            in_play,
        },
        args.tt_mb,
        args.threads,
        out,
    )?;
    if let Some(path) = args.checkpoint.as_ref().filter(|p| p.exists()) {
        read_checkpoint(&solver, path, out)?;
    }
    let search_start = Instant::now();
    let slice = Duration::from_secs(args.checkpoint_minutes.max(1) * 60);
    let value = checkpoint::value_in_slices(
        &solver,
        board,
        || Limits {
            deadline: args.checkpoint.as_ref().map(|_| Instant::now() + slice),
            ..Limits::NONE
        },
        |solver, event| match event {
            Event::Pass(pass) => writeln!(
                out,
                "info pass margin {}..{} nodes {} time-ms {}",
                margin_text(store_margin(&game) + pass.lower),
                margin_text(store_margin(&game) + pass.upper),
                pass.nodes,
                ms(search_start)
            ),
            Event::SliceEnded => match &args.checkpoint {
                Some(path) => write_checkpoint(solver, path, args.checkpoint_mb, out),
                None => Err(std::io::Error::other("the search was stopped")),
            },
        },
    )?;
    let solve_ms = ms(search_start);
    // The proven value first (finding every best move can take long on a big board), then
    // again with what the best moves and the line added.
    if let Some(path) = &args.checkpoint {
        write_checkpoint(&solver, path, args.checkpoint_mb, out)?;
    }
    let best = solver
        .best_moves(board, value, Limits::NONE)
        .ok_or_else(|| ToolError::Usage("the search was stopped".to_owned()))?;
    let pv = principal_variation(&solver, board, value, args.pv_plies);
    if let Some(path) = &args.checkpoint {
        write_checkpoint(&solver, path, args.checkpoint_mb, out)?;
    }
    let nodes = solver.nodes();
    writeln!(
        out,
        "info solved nodes {nodes} time-ms {solve_ms} nps {} table-mb {}",
        (nodes as f64 / (solve_ms.max(1) as f64 / 1000.0)) as u64,
        solver.table_bytes() >> 20
    )?;
    let houses: Vec<String> = best.iter().map(|i| (i + 1).to_string()).collect();
    writeln!(out, "best-moves {}", houses.join(" "))?;
    let pv: Vec<String> = pv.iter().map(|i| (i + 1).to_string()).collect();
    writeln!(out, "pv {}", pv.join(" "))?;
    writeln!(out, "margin {}", margin_text(store_margin(&game) + value))?;
    Ok(())
}

/// Loads a checkpoint into the solver's table and says so on `out`.
pub(crate) fn read_checkpoint(
    solver: &Solver,
    path: &Path,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let start = Instant::now();
    let entries = checkpoint::load(solver, path)?;
    writeln!(
        out,
        "info checkpoint loaded {entries} entries from {} time-ms {}",
        path.display(),
        ms(start)
    )
}

/// Writes the solver's checkpoint and says so on `out`.
fn write_checkpoint(
    solver: &Solver,
    path: &Path,
    mb: u64,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let start = Instant::now();
    let saved = checkpoint::save(solver, path, mb << 20)?;
    writeln!(
        out,
        "info checkpoint saved {} entries min-work {} nodes {} to {} time-ms {}",
        saved.entries,
        saved.min_work,
        solver.nodes(),
        path.display(),
        ms(start)
    )
}

/// A line of perfect play from `board` (value `value`), up to `plies` moves: at each step the
/// first move in house order that keeps the value.
fn principal_variation(
    solver: &Solver,
    mut board: u128,
    mut value: i32,
    plies: usize,
) -> Vec<usize> {
    let geo = solver.geometry();
    let mut line = Vec::new();
    while line.len() < plies && !geo.is_over(board) {
        let Some(i) = (0..geo.pits)
            .filter(|&i| Geometry::get(board, i) > 0)
            .find(|&i| solver.keeps(board, i, value, Limits::NONE) == Some(true))
        else {
            break;
        };
        line.push(i);
        let c = geo.play(board, i);
        match c.after {
            After::Over => break,
            After::Again => value -= c.gain,
            After::Pass => value = c.gain - value,
        }
        board = c.board;
    }
    line
}
