//! `chaupal arena`: a round robin between engines, with a progress bar, a table per
//! pairing on stdout, and CSV, JSON and PNG plots in `--out`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind};
use serde::{Deserialize, Serialize};

use super::ToolError;
use super::bars::progress_bar;
use super::setup::set_up_game;
use crate::research::arena::{ArenaSettings, GameRecord, Openings, run_arena};
use crate::research::elo::Wdl;
use crate::research::entrant::{Entrant, EntrantSpec, expand_depths};
use crate::research::ladder::{Meeting, Rung, fit, fit_anchored};
use crate::research::plots::{DepthSeries, elo_ladder, score_by_depth};
use crate::research::report::{
    EntrantInfo, PairingSummary, games_csv, pairings_csv, standings, summarize, table,
};
use chaupal_engine::perfect::Resources;
use chaupal_engine::weights::Tunable;
use chaupal_engine::{Engine, EngineSettings, SearchLimits};

/// The command line of `arena`.
#[derive(Clone, Debug, clap::Args)]
pub struct ArenaCli {
    /// The game: baghchal, kalah, jungle or sholo-guti (not with --rescore).
    #[arg(required_unless_present = "rescore")]
    pub game: Option<GameKind>,
    /// Entrants, comma-separated: `ENGINE[@dN][@tMS][@nN][@w=FILE]`, ENGINE a named engine
    /// (`--engine help` on bestmove lists them) or `level:N`.
    #[arg(long, value_delimiter = ',', required_unless_present = "rescore")]
    pub engines: Vec<String>,
    /// Games per pairing (each opening is played with both colours).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// A rule option, KEY=VALUE (repeatable), as the rule book names them.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Search depth for entrants that set no limit of their own.
    #[arg(long, conflicts_with = "time_ms")]
    pub depth: Option<u32>,
    /// Each entrant without limits of its own at each of these depths (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub depths: Vec<u32>,
    /// Milliseconds a move for entrants that set no limit of their own.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// How games begin: `none` (the start) or `random:K` (K random plies, seeded).
    #[arg(long, default_value = "random:4")]
    pub openings: String,
    /// Plies after which a game stops as a draw (counted apart as "capped").
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the openings and of the engines that use random numbers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Each entrant also plays itself (one game per opening), as seed 001 tabulated.
    #[arg(long)]
    pub self_play: bool,
    /// Only the first K entrants play everyone (a gauntlet) instead of every pair.
    #[arg(long)]
    pub gauntlet: Option<usize>,
    /// Only entrants at most K apart in --engines meet (1: neighbours, 2: and next-but-one); the
    /// Elo ladder is still fitted over every game played.
    #[arg(long)]
    pub span: Option<usize>,
    /// Directory for arena.json, pairings.csv, games.csv and the PNG plots.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A directory of solved databases (`baghchal.tb`, `sholo-guti.tb`, `kalah*.db`), read as
    /// the server reads its `--tablebase`: levels play with them as they do there.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Plays nothing: reads an earlier run's arena.json, sums it up and fits the ladders again
    /// with this version's code, and prints (and with --out writes) the result.
    #[arg(long, value_name = "ARENA_JSON", conflicts_with = "engines")]
    pub rescore: Option<PathBuf>,
}

/// Runs `arena` from the command line, printing to stdout.
pub fn run_cli(cli: ArenaCli) -> Result<(), ToolError> {
    if let Some(file) = &cli.rescore {
        let text = std::fs::read_to_string(file)?;
        let old: ArenaReport = serde_json::from_str(&text)
            .map_err(|e| ToolError::Usage(format!("{}: {e}", file.display())))?;
        let stdout = std::io::stdout();
        return rescore(old, cli.out.as_deref(), &mut stdout.lock()).map(|_| ());
    }
    let game = cli
        .game
        .ok_or_else(|| ToolError::Usage("arena needs a game".to_owned()))?;
    let args = ArenaArgs {
        game,
        engines: cli.engines,
        games: cli.games,
        rules: cli.rules,
        depth: cli.depth,
        depths: cli.depths,
        time_ms: cli.time_ms,
        openings: cli.openings,
        max_plies: cli.max_plies,
        threads: cli.threads,
        seed: cli.seed,
        self_play: cli.self_play,
        gauntlet: cli.gauntlet,
        span: cli.span,
        out: cli.out,
        tablebase: cli.tablebase,
        progress: true,
    };
    let stdout = std::io::stdout();
    run_arena_tool(&args, &mut stdout.lock()).map(|_| ())
}

/// What `arena` was asked to do.
#[derive(Clone, Debug)]
pub struct ArenaArgs {
    pub game: GameKind,
    /// Entrants, `ENGINE[@dN][@tMS][@nN][@w=FILE]` (see `research::entrant`).
    pub engines: Vec<String>,
    pub games: u32,
    pub rules: Vec<String>,
    pub depth: Option<u32>,
    /// Each entrant without limits of its own, once per depth.
    pub depths: Vec<u32>,
    pub time_ms: Option<u64>,
    pub openings: String,
    pub max_plies: u32,
    pub threads: usize,
    pub seed: u64,
    pub self_play: bool,
    pub gauntlet: Option<usize>,
    pub span: Option<usize>,
    pub out: Option<PathBuf>,
    /// The solved databases levels play with (`--tablebase`).
    pub tablebase: Option<PathBuf>,
    /// Show a progress bar (on stderr, when it is a terminal).
    pub progress: bool,
}

impl Default for ArenaArgs {
    fn default() -> Self {
        ArenaArgs {
            game: GameKind::Kalah,
            engines: Vec::new(),
            games: 2,
            rules: Vec::new(),
            depth: None,
            depths: Vec::new(),
            time_ms: None,
            openings: "random:4".to_owned(),
            max_plies: 400,
            threads: 1,
            seed: 1,
            self_play: false,
            gauntlet: None,
            span: None,
            out: None,
            tablebase: None,
            progress: false,
        }
    }
}

/// Everything an arena produced (the JSON file).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArenaReport {
    pub game: String,
    pub rules: Vec<(String, String)>,
    pub settings: ArenaSettings,
    pub entrants: Vec<EntrantInfo>,
    pub pairings: Vec<PairingSummary>,
    /// Each entrant's score over all its games (self-play excluded).
    pub standings: Vec<(String, Wdl)>,
    /// The maximum-likelihood Elo ladder, the first entrant at 0 (intervals against the field).
    pub ladder: Vec<Rung>,
    /// The same ratings with 95% intervals against the first entrant ([`fit_anchored`]).
    #[serde(default)]
    pub anchored: Vec<Rung>,
    pub games: Vec<GameRecord>,
}

/// Runs the arena, writes the tables to `out` and the files to `--out`.
pub fn run_arena_tool(args: &ArenaArgs, out: &mut impl Write) -> Result<ArenaReport, ToolError> {
    let usage = |s: String| ToolError::Usage(s);
    if args.games == 0 {
        return Err(usage("--games must be at least 1".to_owned()));
    }
    let specs = args
        .engines
        .iter()
        .map(|e| EntrantSpec::parse(e))
        .collect::<Result<Vec<_>, _>>()
        .map_err(usage)?;
    let specs = expand_depths(specs, &args.depths);
    if specs.len() < 2 && !(args.self_play && specs.len() == 1) {
        return Err(usage(
            "--engines needs two entrants or more (or --self-play)".to_owned(),
        ));
    }
    let settings = ArenaSettings {
        games: args.games,
        openings: Openings::parse(&args.openings).map_err(usage)?,
        max_plies: args.max_plies,
        threads: args.threads.max(1),
        seed: args.seed,
        self_play: args.self_play,
        gauntlet: args.gauntlet,
        span: args.span,
    };
    let defaults = SearchLimits {
        depth: args.depth,
        time: args.time_ms.map(Duration::from_millis),
        nodes: None,
    };
    let any = set_up_game(args.game, &args.rules, None, None)?;
    let rules = any.rule_pairs();
    // The engine the server would play with: the shipped tuned weights, the databases given.
    let engine = Engine::load(&EngineSettings {
        tablebase_dir: args.tablebase.clone(),
        ..EngineSettings::default()
    })
    .map_err(|e| ToolError::Usage(e.to_string()))?;
    let play = |progress| Play {
        specs: &specs,
        defaults: &defaults,
        settings: &settings,
        progress,
    };
    let (entrants, records) = match &any {
        AnyGame::BaghChal(g) => play(args.progress).typed(g, engine.resources())?,
        AnyGame::Kalah(g) => play(args.progress).typed(g, engine.resources())?,
        AnyGame::Jungle(g) => play(args.progress).typed(g, engine.resources())?,
        AnyGame::SholoGuti(g) => play(args.progress).typed(g, engine.resources())?,
    };
    let report = sum_up(
        args.game.name().to_owned(),
        rules,
        settings,
        entrants,
        records,
    );
    print_and_write(&report, args.out.as_deref(), out)?;
    Ok(report)
}

/// Sums up an earlier run's games again with this version's code (`--rescore`).
pub fn rescore(
    old: ArenaReport,
    dir: Option<&Path>,
    out: &mut impl Write,
) -> Result<ArenaReport, ToolError> {
    let report = sum_up(old.game, old.rules, old.settings, old.entrants, old.games);
    print_and_write(&report, dir, out)?;
    Ok(report)
}

/// The pairings, standings and ladders of the games played.
fn sum_up(
    game: String,
    rules: Vec<(String, String)>,
    settings: ArenaSettings,
    entrants: Vec<EntrantInfo>,
    records: Vec<GameRecord>,
) -> ArenaReport {
    let pairings = summarize(&entrants, &records, &settings);
    let meetings: Vec<Meeting> = pairings
        .iter()
        .map(|p| Meeting {
            a: p.a,
            b: p.b,
            wdl: p.wdl,
        })
        .collect();
    let labels: Vec<String> = entrants.iter().map(|e| e.label.clone()).collect();
    let ladder = fit(&labels, &meetings);
    let anchored = fit_anchored(&labels, &meetings);
    let standings: Vec<(String, Wdl)> = standings(&entrants, &records)
        .into_iter()
        .map(|(e, w)| (labels[e].clone(), w))
        .collect();
    ArenaReport {
        game,
        rules,
        settings,
        entrants,
        pairings,
        standings,
        ladder,
        anchored,
        games: records,
    }
}

/// Prints the tables to `out` and writes the files to `dir`.
fn print_and_write(
    report: &ArenaReport,
    dir: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    write!(out, "{}", table(&report.pairings))?;
    if report.entrants.len() > 2 {
        writeln!(
            out,
            "standings (Elo from every game played, first entrant 0; intervals against the \
             field, then against the first entrant):"
        )?;
        for (((label, w), rung), anchored) in report
            .standings
            .iter()
            .zip(&report.ladder)
            .zip(&report.anchored)
        {
            writeln!(
                out,
                "  {label:<32} +{} ={} -{}  {:.1}%  Elo {:+.0} [{:+.0}, {:+.0}]  vs first [{:+.0}, {:+.0}]",
                w.wins,
                w.draws,
                w.losses,
                100.0 * w.score(),
                rung.elo,
                rung.low,
                rung.high,
                anchored.low,
                anchored.high
            )?;
        }
    }
    if let Some(dir) = dir {
        for note in write_files(dir, report)? {
            writeln!(out, "{note}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// An arena to play, whatever the game.
struct Play<'a> {
    specs: &'a [EntrantSpec],
    defaults: &'a SearchLimits,
    settings: &'a ArenaSettings,
    progress: bool,
}

impl Play<'_> {
    /// Builds the entrants for game `G` (levels with what the engine holds for it) and plays.
    fn typed<G: Tunable>(
        &self,
        start: &G,
        engine: &Resources<G>,
    ) -> Result<(Vec<EntrantInfo>, Vec<GameRecord>), ToolError> {
        let (specs, defaults, settings, progress) =
            (self.specs, self.defaults, self.settings, self.progress);
        let entrants = specs
            .iter()
            .map(|s| Entrant::<G>::build(s, defaults, engine))
            .collect::<Result<Vec<_>, _>>()
            .map_err(ToolError::Usage)?;
        let info = entrants
            .iter()
            .map(|e| EntrantInfo {
                label: e.label.clone(),
                depth: e.config.limits.depth,
            })
            .collect();
        let total = crate::research::arena::jobs(entrants.len(), settings).len() as u64;
        let bar = progress_bar(total, progress, "games");
        let cancel = AtomicBool::new(false);
        let records = run_arena(start, &entrants, settings, &cancel, &|_| bar.inc(1));
        bar.finish_and_clear();
        Ok((info, records))
    }
}

/// Writes `arena.json`, `pairings.csv`, `games.csv` and the plots; returns notes for stdout.
fn write_files(dir: &Path, report: &ArenaReport) -> Result<Vec<String>, ToolError> {
    std::fs::create_dir_all(dir)?;
    let json =
        serde_json::to_string_pretty(report).map_err(|e| ToolError::Usage(format!("json: {e}")))?;
    std::fs::write(dir.join("arena.json"), json)?;
    std::fs::write(dir.join("pairings.csv"), pairings_csv(&report.pairings))?;
    std::fs::write(
        dir.join("games.csv"),
        games_csv(&report.entrants, &report.games),
    )?;
    let mut notes = vec![format!(
        "wrote {}/arena.json, pairings.csv, games.csv",
        dir.display()
    )];
    let title = format!("{}: Elo ladder", report.game);
    match elo_ladder(&dir.join("elo-ladder.png"), &title, &report.ladder) {
        Ok(()) => notes.push(format!("wrote {}/elo-ladder.png", dir.display())),
        Err(e) => notes.push(format!("no plots: {e}")),
    }
    let series = depth_series(report);
    if !series.is_empty() {
        let title = format!("{}: score against depth (round robin)", report.game);
        match score_by_depth(&dir.join("score-by-depth.png"), &title, &series) {
            Ok(()) => notes.push(format!("wrote {}/score-by-depth.png", dir.display())),
            Err(e) => notes.push(format!("no depth plot: {e}")),
        }
    }
    Ok(notes)
}

/// Entrants that differ only by depth, as lines of score against depth (empty when no engine
/// appears at two depths or more).
pub fn depth_series(report: &ArenaReport) -> Vec<DepthSeries> {
    let mut series: Vec<DepthSeries> = Vec::new();
    for (info, (_, w)) in report.entrants.iter().zip(&report.standings) {
        let Some(depth) = info.depth else { continue };
        let name = info
            .label
            .split('@')
            .filter(|p| {
                !p.starts_with('d') || p.len() < 2 || !p[1..].bytes().all(|b| b.is_ascii_digit())
            })
            .collect::<Vec<_>>()
            .join("@");
        let point = (depth, 100.0 * w.score());
        match series.iter_mut().find(|s| s.name == name) {
            Some(s) => s.points.push(point),
            None => series.push(DepthSeries {
                name,
                points: vec![point],
            }),
        }
    }
    series.retain(|s| s.points.len() >= 2);
    for s in &mut series {
        s.points.sort_by_key(|p| p.0);
    }
    series
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::research::arena::GameEnd;

    fn tiny(seed: u64, threads: usize) -> ArenaArgs {
        ArenaArgs {
            game: GameKind::Kalah,
            engines: vec!["random".into(), "greedy:store-difference".into()],
            games: 6,
            rules: vec!["pits=4".into(), "seeds=3".into()],
            depth: Some(1),
            openings: "random:2".into(),
            threads,
            seed,
            ..ArenaArgs::default()
        }
    }

    #[test]
    fn a_tiny_arena_plays_every_game_with_balanced_colours_and_results_that_add_up() {
        let mut out = Vec::new();
        let report = run_arena_tool(&tiny(7, 2), &mut out).unwrap();
        assert_eq!(report.games.len(), 6);
        assert_eq!(report.pairings.len(), 1);
        let p = &report.pairings[0];
        assert_eq!(p.games, 6);
        assert_eq!(p.wdl.games(), 6);
        assert_eq!(p.a_first, 3, "colours balanced");
        // Each opening is played once with each colour.
        for o in 0..3 {
            let firsts: Vec<usize> = report
                .games
                .iter()
                .filter(|g| g.opening == o)
                .map(|g| g.first)
                .collect();
            assert_eq!(firsts.len(), 2);
            assert_ne!(firsts[0], firsts[1]);
        }
        let wins_by_side = report
            .games
            .iter()
            .filter(|g| matches!(g.end, GameEnd::FirstWon | GameEnd::SecondWon))
            .count() as u32;
        assert_eq!(wins_by_side, p.wdl.wins + p.wdl.losses);
        let (a, b) = (&report.standings[0].1, &report.standings[1].1);
        assert_eq!(*a, b.flipped());
        assert!(p.capped <= p.wdl.draws);
        assert!(report.games.iter().all(|g| g.plies >= g.opening_plies));
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("random vs greedy:store-difference"), "{text}");
        assert!(text.contains("score"), "{text}");
    }

    #[test]
    fn the_same_seed_gives_the_same_games_whatever_the_threads() {
        let strip = |r: &ArenaReport| {
            r.games
                .iter()
                .map(|g| (g.first, g.end, g.plies, g.sides[0].generated))
                .collect::<Vec<_>>()
        };
        let one = run_arena_tool(&tiny(11, 1), &mut Vec::new()).unwrap();
        let two = run_arena_tool(&tiny(11, 2), &mut Vec::new()).unwrap();
        assert_eq!(strip(&one), strip(&two));
    }

    #[test]
    fn a_span_schedule_is_fitted_and_rescoring_its_json_gives_the_same_ladder() {
        let dir = tempfile::tempdir().unwrap();
        let args = ArenaArgs {
            engines: vec![
                "random".into(),
                "greedy:store-difference".into(),
                "alphabeta:store-difference@d2".into(),
            ],
            games: 4,
            span: Some(1),
            out: Some(dir.path().to_owned()),
            ..tiny(5, 2)
        };
        let report = run_arena_tool(&args, &mut Vec::new()).unwrap();
        let pairs: Vec<(usize, usize)> = report.pairings.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(pairs, vec![(0, 1), (1, 2)]);
        assert_eq!(report.games.len(), 8);
        assert_eq!(report.anchored.len(), 3);
        assert_eq!(report.anchored[0].elo, 0.0);
        // Rung 2 is reached through rung 1 only: less sure against the anchor.
        let width = |r: &Rung| r.high - r.low;
        assert!(width(&report.anchored[2]) > width(&report.anchored[1]));
        let text = std::fs::read_to_string(dir.path().join("arena.json")).unwrap();
        let old: ArenaReport = serde_json::from_str(&text).unwrap();
        let mut out = Vec::new();
        let again = rescore(old, None, &mut out).unwrap();
        assert_eq!(again.ladder, report.ladder);
        assert_eq!(again.anchored, report.anchored);
        assert_eq!(again.pairings, report.pairings);
        let printed = String::from_utf8(out).unwrap();
        assert!(printed.contains("vs first"), "{printed}");
    }

    #[test]
    fn files_are_written_and_depth_series_group_engines() {
        let dir = tempfile::tempdir().unwrap();
        let args = ArenaArgs {
            engines: vec!["alphabeta:store-difference".into()],
            depths: vec![1, 2],
            games: 2,
            out: Some(dir.path().to_owned()),
            ..tiny(3, 1)
        };
        let report = run_arena_tool(&args, &mut Vec::new()).unwrap();
        assert_eq!(report.entrants.len(), 2);
        let series = depth_series(&report);
        assert_eq!(series.len(), 1);
        assert_eq!(series[0].name, "alphabeta:store-difference");
        assert_eq!(series[0].points.len(), 2);
        for f in ["arena.json", "pairings.csv", "games.csv"] {
            assert!(dir.path().join(f).is_file(), "{f}");
        }
        let csv = std::fs::read_to_string(dir.path().join("pairings.csv")).unwrap();
        assert_eq!(csv.lines().count(), 2);
    }
}
