//! `chaupal-server tablebase baghchal --out FILE`: solves the Bagh Chal movement phase by
//! retrograde analysis and writes the database; prints `positions N`, the wins, draws and losses
//! for each side to move, and the time taken.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use super::ToolError;
use crate::tablebase::baghchal::file;
use crate::tablebase::baghchal::index::Indexer;
use crate::tablebase::baghchal::solve::{self, SolveOptions};

/// What `tablebase` was asked to do.
#[derive(Clone, Debug)]
pub struct TablebaseArgs {
    pub out: PathBuf,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The rules' `captures-to-win` (1..=5; the default 5 is the real game).
    pub captures_to_win: u8,
    /// Show progress bars on stderr.
    pub progress: bool,
}

/// Solves, writes the file, and prints the figures to `out`.
pub fn run_tablebase(args: &TablebaseArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let started = Instant::now();
    let threads = if args.threads > 0 {
        args.threads
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    };
    let ix = Indexer::new();
    let solved = solve::solve(
        &ix,
        &SolveOptions {
            captures_to_win: args.captures_to_win,
            threads,
            progress: args.progress,
        },
    )
    .map_err(ToolError::Usage)?;
    file::write(&args.out, &ix, &solved)?;
    let positions: usize = solved.layers.iter().map(Vec::len).sum();
    writeln!(out, "positions {positions}")?;
    for (side, c) in ["goats", "tigers"].iter().zip(file::count(&solved)) {
        writeln!(
            out,
            "{side}-to-move wins {} draws {} losses {} longest {}",
            c.wins, c.draws, c.losses, c.longest
        )?;
    }
    for (captured, layer) in solved.layers.iter().enumerate() {
        let mut counts = [file::SideCounts::default(); 2];
        file::add_counts(&mut counts, layer);
        let [g, t] = counts;
        writeln!(
            out,
            "layer captured {captured} positions {}: goats-to-move {}/{}/{} tigers-to-move {}/{}/{} (wins/draws/losses)",
            layer.len(),
            g.wins,
            g.draws,
            g.losses,
            t.wins,
            t.draws,
            t.losses
        )?;
    }
    writeln!(
        out,
        "tiger-classes {} captures-to-win {} threads {threads}",
        ix.class_count(),
        args.captures_to_win
    )?;
    writeln!(out, "time-ms {}", started.elapsed().as_millis())?;
    out.flush()?;
    Ok(())
}
