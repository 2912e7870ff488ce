//! `chaupal perft`: counts legal move sequences to each depth, one `d count` line per depth.

use std::io::Write;

use chaupal_rules::GameKind;

use super::ToolError;
use super::setup::set_up_game;

/// What `perft` was asked to do.
#[derive(Clone, Debug)]
pub struct PerftArgs {
    pub game: GameKind,
    pub depth: u32,
    pub rules: Vec<String>,
    pub position: Option<String>,
    pub moves: Option<String>,
    pub divide: bool,
}

/// Runs perft and writes `d count` for each depth from 1 to `args.depth` to `out`.
pub fn run_perft(args: &PerftArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let mut game = set_up_game(
        args.game,
        &args.rules,
        args.position.as_deref(),
        args.moves.as_deref(),
    )?;
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
