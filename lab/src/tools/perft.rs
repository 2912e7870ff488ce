//! `chaupal perft`: counts legal move sequences to each depth, one `d count` line per depth.

use std::io::Write;

use super::ToolError;
use super::setup::PositionArgs;

/// What `perft` was asked to do.
#[derive(Clone, Debug)]
pub struct PerftArgs {
    pub setup: PositionArgs,
    pub depth: u32,
    pub divide: bool,
}

/// Runs perft and writes `d count` for each depth from 1 to `args.depth` to `out`.
pub fn run_perft(args: &PerftArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let mut game = args.setup.set_up()?;
    for d in 1..=args.depth {
        let count = game.perft(d);
        writeln!(out, "{d} {count}")?;
        out.flush()?;
    }
    if args.divide && args.depth > 0 {
        for (mv, count) in game.divide(args.depth) {
            writeln!(out, "{mv} {count}")?;
        }
    }
    Ok(())
}
