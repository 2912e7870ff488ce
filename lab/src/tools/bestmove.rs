//! `chaupal bestmove`: runs an engine on a position and prints one `info` line per
//! finished iteration (or periodic MCTS summary), then `bestmove M`.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::ToolError;
use super::setup::PositionArgs;
use chaupal_engine::{Engine, EngineSpec, Memory, SearchInfo, SearchLimits, SearchRequest};

/// What `bestmove` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct BestMoveArgs {
    pub setup: PositionArgs,
    /// A named engine, or `help`.
    pub engine: Option<String>,
    pub level: Option<u8>,
    pub depth: Option<u32>,
    pub time_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub seed: u64,
    /// Search threads (0 reads as 1).
    pub threads: u32,
}

/// One `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} score {} nodes {} nps {} time-ms {}",
        info.depth, info.score, info.nodes, info.nps, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// Runs the search with `engine` and writes its `info` lines and the `bestmove` line to `out`.
pub fn run_bestmove(
    args: &BestMoveArgs,
    engine: &Engine,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    if args.engine.as_deref() == Some("help") {
        write!(out, "{}", chaupal_engine::catalogue::help())?;
        return Ok(());
    }
    if args.setup.game.is_none() {
        return Err(ToolError::Usage(
            "bestmove needs a GAME (or --engine help)".to_owned(),
        ));
    }
    if args.engine.is_some() && args.level.is_some() {
        return Err(ToolError::Usage(
            "give --engine or --level, not both".to_owned(),
        ));
    }
    let any = args.setup.set_up()?;
    let spec = match (&args.engine, args.level) {
        (Some(name), _) => EngineSpec::Named(name.clone()),
        (None, Some(level)) => EngineSpec::Level(level),
        (None, None) => EngineSpec::Level(8),
    };
    let request = SearchRequest {
        engine: spec,
        limits: SearchLimits {
            depth: args.depth,
            time: args.time_ms.map(Duration::from_millis),
            nodes: args.nodes,
        },
        seed: args.seed,
        threads: args.threads.max(1),
        slips: None,
    };
    let cancel = AtomicBool::new(false);
    let mut write_error = None;
    let mut memory = Memory::default();
    let result = engine
        .search(&any, &request, &mut memory, &cancel, &mut |info| {
            if write_error.is_none()
                && let Err(e) = writeln!(out, "{}", info_line(info)).and_then(|()| out.flush())
            {
                write_error = Some(e);
            }
        })
        .map_err(|e| ToolError::Usage(e.to_string()))?;
    if let Some(e) = write_error {
        return Err(ToolError::Io(e));
    }
    let stats = &result.stats;
    tracing::info!(
        nodes = stats.nodes,
        generated = stats.generated,
        expanded = stats.expanded,
        depth = stats.depth,
        seldepth = stats.seldepth,
        hash_hits = stats.hash_hits,
        time_ms = stats.time_ms,
        nps = stats.nps,
        memory_bytes = stats.memory_bytes,
        "search statistics"
    );
    if result.trap_set
        && let Some(best) = result.info.as_ref().and_then(|i| i.pv.first())
    {
        writeln!(
            out,
            "info string trap set: the search's best move is {best}"
        )?;
    }
    match result.best_move {
        Some(m) => writeln!(out, "bestmove {m}")?,
        None => return Err(ToolError::Usage("the game is over".to_owned())),
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::GameKind;
    use chaupal_rules::score::Score;

    #[test]
    fn engine_help_lists_every_algorithm_and_the_levels() {
        let args = BestMoveArgs {
            engine: Some("help".to_owned()),
            ..BestMoveArgs::default()
        };
        let text = printed(&args);
        for name in [
            "random",
            "greedy",
            "minimax",
            "minimax-ab",
            "alphabeta",
            "negamax",
            "pvs",
            "mcts",
            "store-ratio",
            "square-tables",
        ] {
            assert!(text.contains(name), "{name} missing from:\n{text}");
        }
    }

    /// What `bestmove` prints for `args`.
    fn printed(args: &BestMoveArgs) -> String {
        let mut out = Vec::new();
        run_bestmove(args, &Engine::new(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn bestmove_prints_info_lines_then_the_move() {
        let args = BestMoveArgs {
            setup: PositionArgs {
                game: Some(GameKind::Kalah),
                rules: vec!["pits=3".into(), "seeds=2".into()],
                ..PositionArgs::default()
            },
            engine: Some("pvs".into()),
            depth: Some(30),
            ..BestMoveArgs::default()
        };
        let text = printed(&args);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 2, "{text}");
        assert!(
            lines[..lines.len() - 1]
                .iter()
                .all(|l| l.starts_with("info depth "))
        );
        assert!(lines[lines.len() - 2].contains(" score margin "), "{text}");
        assert!(lines[lines.len() - 1].starts_with("bestmove "), "{text}");
    }

    #[test]
    fn a_trap_set_by_level_8_is_announced_before_the_move() {
        // The middle game of `chaupal_engine::search::traps`' tests, where level 8 at depth 8 plays
        // d6xd4 instead of its search's b3xd3.
        let args = BestMoveArgs {
            setup: PositionArgs {
                game: Some(GameKind::SholoGuti),
                position: Some("1N1/N2/N2NN/3NN/N2SN/N1S1S/NNS1S/SSS/SSS n 0".into()),
                ..PositionArgs::default()
            },
            level: Some(8),
            depth: Some(8),
            ..BestMoveArgs::default()
        };
        let text = printed(&args);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[lines.len() - 2..],
            [
                "info string trap set: the search's best move is b3xd3",
                "bestmove d6xd4"
            ],
            "{text}"
        );
    }

    #[test]
    fn engine_and_level_together_are_refused() {
        let args = BestMoveArgs {
            setup: PositionArgs {
                game: Some(GameKind::Kalah),
                ..PositionArgs::default()
            },
            engine: Some("pvs".into()),
            level: Some(3),
            ..BestMoveArgs::default()
        };
        assert!(run_bestmove(&args, &Engine::new(), &mut Vec::new()).is_err());
    }

    #[test]
    fn info_lines_follow_the_documented_format() {
        let info = SearchInfo {
            depth: 3,
            score: Score::Margin(-2),
            nodes: 100,
            nps: 2000,
            time_ms: 50,
            pv: vec!["3".into(), "6".into()],
        };
        assert_eq!(
            info_line(&info),
            "info depth 3 score margin -2 nodes 100 nps 2000 time-ms 50 pv 3 6"
        );
    }
}
