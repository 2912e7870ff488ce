//! `chaupal winchance`: each game's winning-chance curve, measured from the AI's own games.
//!
//! Game reviews turn an evaluation into a winning chance with P(win) = 1/(1+exp(-cp/s)), draws
//! counting half, one scale s per game (the table in rules/src/review.rs). This tool plays
//! games between AI levels as the server plays them ([`play`]), records the evaluation of every
//! searched position with a heuristic score and the mover's final result, fits s by maximum
//! likelihood with a bootstrap interval over games ([`fit`]), and writes the samples, a plot
//! and the fits to `--out` ([`files`], [`plot`]). `--write` puts the fits of every `GAME.csv`
//! in `--out` into rules/src/review.rs and docs/AI.md, so the table is always the fit of the
//! committed samples; a test checks that it is.

pub mod files;
pub mod fit;
pub mod play;
pub mod plot;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chaupal_engine::{Engine, EngineSettings};
use chaupal_rules::{GameKind, Side};
use thiserror::Error;

use self::files::{
    DOC_MARKERS, GameFit, RUST_MARKERS, RunInfo, csv_path, csv_text, doc_section, edit_file,
    fit_game, read_csv, read_run, run_path, rust_table, summary_text,
};
use self::play::{End, PlaySettings, Played, play_all};
use super::ToolError;
use super::bars::progress_bar;

/// The command line of `winchance`.
#[derive(Clone, Debug, clap::Args)]
pub struct WinchanceCli {
    /// The games: baghchal, kalah, jungle, sholo-guti (default: all four).
    #[arg(value_name = "GAME")]
    pub kinds: Vec<GameKind>,
    /// Games played per game.
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// The levels drawn from (each side's at random), LOW..HIGH.
    #[arg(long, default_value = "3..6")]
    pub levels: String,
    /// Random legal plies before the levels play.
    #[arg(long, default_value_t = 4)]
    pub openings: u32,
    /// A game still going after this many plies is stopped and counted as a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
    /// Seed of the levels, openings and moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Where GAME.csv, GAME-run.json, GAME.png, summary.json and summary.txt go.
    #[arg(long, default_value = "docs/research/winchance")]
    pub out: PathBuf,
    /// Play nothing: fit the GAME.csv already in --out again (and redraw the plots).
    #[arg(long)]
    pub refit: bool,
    /// Put the fits of all four games' CSVs in --out into rules/src/review.rs and docs/AI.md
    /// (between their markers); run `cargo fmt -p chaupal-rules` afterwards.
    #[arg(long)]
    pub write: bool,
    /// The repository root the files of --write are under.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

/// Why `winchance` failed.
#[derive(Debug, Error)]
pub enum WinchanceError {
    #[error("--levels '{0}': use LOW..HIGH with levels 1 to 8, LOW at most HIGH")]
    Levels(String),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Game(String),
    #[error("{game}: {source}")]
    Fit {
        game: &'static str,
        source: fit::FitError,
    },
    #[error("{}, line {line}: {message}", path.display())]
    Csv {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{}: {message}", path.display())]
    Json { path: PathBuf, message: String },
    #[error("{}: no line with `{marker}`", path.display())]
    Markers { path: PathBuf, marker: String },
    #[error("{}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Engine(#[from] chaupal_engine::EngineError),
    #[error("output: {0}")]
    Io(#[from] std::io::Error),
}

/// Reads `LOW..HIGH` (or a single level).
pub fn parse_levels(text: &str) -> Result<(u8, u8), WinchanceError> {
    let bad = || WinchanceError::Levels(text.to_owned());
    let (low, high) = text.split_once("..").unwrap_or((text, text));
    let low: u8 = low.trim().parse().map_err(|_| bad())?;
    let high: u8 = high.trim().parse().map_err(|_| bad())?;
    if !(1..=8).contains(&low) || !(1..=8).contains(&high) || low > high {
        return Err(bad());
    }
    Ok((low, high))
}

/// Runs `winchance` from the command line, printing to stdout.
pub fn run_cli(cli: WinchanceCli) -> Result<(), ToolError> {
    let stdout = std::io::stdout();
    run_winchance(&cli, true, &mut stdout.lock())
        .map(|_| ())
        .map_err(ToolError::from)
}

/// What the games of one kind came to.
fn run_info(kind: GameKind, settings: &PlaySettings, games: &[&Played], every: usize) -> RunInfo {
    let mut info = RunInfo {
        game: kind.name().to_owned(),
        games: settings.games,
        levels: settings.levels,
        openings: settings.openings,
        max_plies: settings.max_plies,
        seed: settings.seed,
        thinned_every: every,
        ..RunInfo::default()
    };
    let mut plies = 0u64;
    for g in games {
        match g.end {
            End::Won(Side::First) => info.first_won += 1,
            End::Won(Side::Second) => info.second_won += 1,
            End::Drawn => info.drawn += 1,
            End::Capped => info.capped += 1,
        }
        plies += u64::from(g.plies);
        info.searched += u64::from(g.searched);
        info.samples += g.samples.len() as u64;
        info.game_seconds += g.seconds;
    }
    info.avg_plies = if games.is_empty() {
        0.0
    } else {
        plies as f64 / games.len() as f64
    };
    info
}

/// Plays, fits, writes; prints a summary to `out`.
pub fn run_winchance(
    cli: &WinchanceCli,
    progress: bool,
    out: &mut impl Write,
) -> Result<Vec<GameFit>, WinchanceError> {
    let kinds: Vec<GameKind> = if cli.kinds.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        GameKind::ALL
            .into_iter()
            .filter(|k| cli.kinds.contains(k))
            .collect()
    };
    let levels = parse_levels(&cli.levels)?;
    std::fs::create_dir_all(&cli.out).map_err(|source| WinchanceError::Write {
        path: cli.out.clone(),
        source,
    })?;
    if !cli.refit {
        if cli.games == 0 {
            return Err(WinchanceError::Usage(
                "--games must be at least 1".to_owned(),
            ));
        }
        let settings = PlaySettings {
            games: cli.games,
            levels,
            openings: cli.openings,
            max_plies: cli.max_plies,
            seed: cli.seed,
            threads: cli.threads.max(1),
        };
        // The engine the server plays with: the shipped weights, no databases.
        let engine = Engine::load(&EngineSettings::default())?;
        let started = Instant::now();
        let bar = progress_bar(u64::from(cli.games) * kinds.len() as u64, progress, "games");
        let cancel = AtomicBool::new(false);
        let played = play_all(&engine, &kinds, &settings, &cancel, &|_| bar.inc(1))?;
        bar.finish_and_clear();
        let wall = started.elapsed().as_secs_f64();
        for &kind in &kinds {
            let games: Vec<&Played> = played.iter().filter(|p| p.kind == kind).collect();
            let samples: Vec<_> = games
                .iter()
                .flat_map(|g| g.samples.iter().copied())
                .collect();
            let (text, every) = csv_text(&samples);
            let info = run_info(kind, &settings, &games, every);
            let path = csv_path(&cli.out, kind);
            std::fs::write(&path, text).map_err(|source| WinchanceError::Write {
                path: path.clone(),
                source,
            })?;
            let json = serde_json::to_string_pretty(&info).map_err(|e| WinchanceError::Json {
                path: run_path(&cli.out, kind),
                message: e.to_string(),
            })?;
            let path = run_path(&cli.out, kind);
            std::fs::write(&path, json + "\n")
                .map_err(|source| WinchanceError::Write { path, source })?;
        }
        writeln!(
            out,
            "played {} games in {wall:.0} s of wall time ({} thread(s))",
            played.len(),
            settings.threads
        )?;
    }
    let fits = fit_dir(&cli.out, &kinds)?;
    for f in &fits {
        let samples = read_csv(&csv_path(&cli.out, kind_of(f)))?;
        let path = cli.out.join(format!("{}.png", f.game));
        match plot::calibration(&path, f, &samples) {
            Ok(()) => writeln!(out, "wrote {}", path.display())?,
            Err(e) => writeln!(out, "no plot: {e}")?,
        }
    }
    // The summary covers every game with a CSV in --out, not only those just played.
    let all = fit_dir(&cli.out, &present(&cli.out))?;
    let text = summary_text(&all);
    write!(out, "{text}")?;
    let write = |name: &str, body: String| -> Result<(), WinchanceError> {
        let path = cli.out.join(name);
        std::fs::write(&path, body).map_err(|source| WinchanceError::Write { path, source })
    };
    write("summary.txt", text)?;
    let json = serde_json::to_string_pretty(&all).map_err(|e| WinchanceError::Json {
        path: cli.out.join("summary.json"),
        message: e.to_string(),
    })?;
    write("summary.json", json + "\n")?;
    if cli.write {
        if all.len() != GameKind::ALL.len() {
            return Err(WinchanceError::Usage(format!(
                "--write needs all four games' CSVs in {} (found {})",
                cli.out.display(),
                all.len()
            )));
        }
        let review = cli.root.join("rules/src/review.rs");
        edit_file(&review, RUST_MARKERS, &rust_table(&all))?;
        let docs = cli.root.join("docs/AI.md");
        edit_file(&docs, DOC_MARKERS, &doc_section(&all))?;
        writeln!(
            out,
            "wrote {} and {} (now run cargo fmt -p chaupal-rules)",
            review.display(),
            docs.display()
        )?;
    }
    Ok(fits)
}

/// The game kind a fit is of.
fn kind_of(fit: &GameFit) -> GameKind {
    GameKind::ALL
        .into_iter()
        .find(|k| k.name() == fit.game)
        .unwrap_or(GameKind::Kalah)
}

/// The games with a CSV in `dir`, in `GameKind::ALL` order.
fn present(dir: &Path) -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|&k| csv_path(dir, k).is_file())
        .collect()
}

/// Fits the CSVs of `kinds` in `dir`.
pub fn fit_dir(dir: &Path, kinds: &[GameKind]) -> Result<Vec<GameFit>, WinchanceError> {
    kinds
        .iter()
        .map(|&k| fit_game(k, &read_csv(&csv_path(dir, k))?, read_run(dir, k)?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_as_a_range_within_one_to_eight() {
        assert_eq!(parse_levels("3..6").unwrap(), (3, 6));
        assert_eq!(parse_levels("5").unwrap(), (5, 5));
        for bad in ["6..3", "0..4", "3..9", "a..b", ""] {
            let err = parse_levels(bad).unwrap_err().to_string();
            assert!(err.contains("LOW..HIGH"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_small_run_writes_its_files_and_refuses_to_write_without_markers() {
        let dir = tempfile::tempdir().unwrap();
        let cli = WinchanceCli {
            kinds: vec![GameKind::Kalah],
            games: 4,
            levels: "1..2".to_owned(),
            openings: 4,
            max_plies: 300,
            seed: 5,
            threads: 2,
            out: dir.path().join("out"),
            refit: false,
            write: false,
            root: dir.path().to_path_buf(),
        };
        let mut printed = Vec::new();
        let fits = run_winchance(&cli, false, &mut printed).unwrap();
        assert_eq!(fits.len(), 1);
        assert!(fits[0].scale > 0.0 && fits[0].games <= 4);
        for file in ["kalah.csv", "kalah-run.json", "summary.txt", "summary.json"] {
            assert!(cli.out.join(file).is_file(), "{file}");
        }
        let run = read_run(&cli.out, GameKind::Kalah).unwrap().unwrap();
        assert_eq!(run.first_won + run.second_won + run.drawn + run.capped, 4);
        // The same seed plays the same games (depth-limited levels).
        let first = std::fs::read_to_string(cli.out.join("kalah.csv")).unwrap();
        run_winchance(&cli, false, &mut Vec::new()).unwrap();
        let second = std::fs::read_to_string(cli.out.join("kalah.csv")).unwrap();
        assert_eq!(first, second);
        // --write needs all four games, then files with markers.
        let refit = WinchanceCli {
            refit: true,
            write: true,
            ..cli.clone()
        };
        let err = run_winchance(&refit, false, &mut Vec::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("all four"), "{err}");
        for kind in GameKind::ALL.into_iter().filter(|&k| k != GameKind::Kalah) {
            std::fs::copy(cli.out.join("kalah.csv"), csv_path(&cli.out, kind)).unwrap();
        }
        std::fs::create_dir_all(dir.path().join("rules/src")).unwrap();
        std::fs::create_dir_all(dir.path().join("docs")).unwrap();
        std::fs::write(dir.path().join("rules/src/review.rs"), "no markers\n").unwrap();
        std::fs::write(dir.path().join("docs/AI.md"), "x\n").unwrap();
        let err = run_winchance(&refit, false, &mut Vec::new())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("review.rs") && err.contains("review:scale:begin"),
            "{err}"
        );
    }

    // The table in use is the fit of the committed samples.

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    #[test]
    fn the_win_scales_in_use_are_the_fits_of_the_committed_samples() {
        let dir = root().join("docs/research/winchance");
        let fits = fit_dir(&dir, &GameKind::ALL).unwrap();
        for f in &fits {
            assert_eq!(
                chaupal_rules::review::win_scale(kind_of(f)),
                f.rounded(),
                "{}: the table in rules/src/review.rs is not the fit of {} (run chaupal \
                 winchance --refit --write)",
                f.game,
                csv_path(&dir, kind_of(f)).display()
            );
        }
        let review = std::fs::read_to_string(root().join("rules/src/review.rs")).unwrap();
        assert_eq!(
            files::between(&review, RUST_MARKERS),
            Some(rust_table(&fits).as_str()),
            "rules/src/review.rs's table is not the one --write writes"
        );
        let docs = std::fs::read_to_string(root().join("docs/AI.md")).unwrap();
        assert_eq!(
            files::between(&docs, DOC_MARKERS),
            Some(doc_section(&fits).as_str()),
            "docs/AI.md's winning chances are not the fits (run chaupal winchance --refit --write)"
        );
    }
}
