//! `chaupal-server tablebase sholo-guti --out FILE [--pieces-max N]`: solves every Sholo Guti
//! position with at most N pieces (`capture=optional`) and writes the database; prints a line
//! per class of piece counts (wins, draws, losses for the side to move, the longest DTZ), then
//! `positions N` and `time-ms T`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use super::ToolError;
use crate::tablebase::sholo_guti::index::{Layout, MAX_PIECES};
use crate::tablebase::sholo_guti::{file, solve};

/// What `tablebase sholo-guti` was asked to do.
#[derive(Clone, Debug)]
pub struct SholoGutiTbArgs {
    pub out: PathBuf,
    /// The most pieces on the board (2..=7).
    pub pieces_max: u32,
    /// Rule options: only `capture=optional` is covered.
    pub rules: Vec<String>,
}

/// Solves, writes the file, and prints the figures to `out`.
pub fn run(args: &SholoGutiTbArgs, out: &mut impl Write) -> Result<(), ToolError> {
    if !(2..=MAX_PIECES).contains(&args.pieces_max) {
        return Err(ToolError::Usage(format!(
            "--pieces-max {} out of range 2..={MAX_PIECES}",
            args.pieces_max
        )));
    }
    if args
        .rules
        .iter()
        .any(|r| r.replace(' ', "") != "capture=optional")
    {
        return Err(ToolError::Usage(
            "the Sholo Guti database covers capture=optional only".to_owned(),
        ));
    }
    let started = Instant::now();
    let layout = Layout::new(args.pieces_max);
    let values = solve::solve(&layout, &mut |total| {
        tracing::info!("solved {total} pieces ({} s)", started.elapsed().as_secs());
    });
    file::write(&args.out, &layout, &values)?;
    let mut positions = 0;
    for c in file::count(&layout, &values) {
        positions += c.positions();
        writeln!(
            out,
            "class {} against {} positions {} wins {} draws {} losses {} longest {}",
            c.mover,
            c.other,
            c.positions(),
            c.wins,
            c.draws,
            c.losses,
            c.longest
        )?;
    }
    writeln!(out, "positions {positions}")?;
    writeln!(out, "pieces-max {} slots {}", layout.max, layout.len())?;
    writeln!(out, "time-ms {}", started.elapsed().as_millis())?;
    out.flush()?;
    Ok(())
}
