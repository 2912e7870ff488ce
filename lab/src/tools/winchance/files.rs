//! What `chaupal winchance` reads and writes: each game's samples (`GAME.csv`) and run
//! (`GAME-run.json`), the fits (`summary.json`, `summary.txt`), and the generated text it puts
//! between markers in docs/AI.md and rules/src/review.rs.
//!
//! The CSV is the record the table is fitted from: the test that the table in
//! rules/src/review.rs is the fit of the committed CSVs reads it back with [`read_csv`].

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use chaupal_rules::{GameKind, Side};
use serde::{Deserialize, Serialize};

use super::WinchanceError;
use super::fit::{BOOTSTRAP_SEED, Fit, Point, RESAMPLES, fit_scale, fit_with_interval};
use super::play::Sample;

/// The header of `GAME.csv`.
pub const CSV_HEADER: &str = "game,ply,mover,level,cp,result";

/// A CSV larger than this (bytes) is thinned: every k-th sample is kept.
pub const CSV_LIMIT: usize = 2_000_000;

/// The markers in docs/AI.md and rules/src/review.rs.
pub const DOC_MARKERS: (&str, &str) = ("<!-- winchance:begin -->", "<!-- winchance:end -->");
pub const RUST_MARKERS: (&str, &str) = ("// review:scale:begin", "// review:scale:end");

/// The date the measurement in docs/AI.md is given.
pub const MEASURED_ON: &str = "2026-11-27";

/// `GAME.csv` in `dir`.
pub fn csv_path(dir: &Path, kind: GameKind) -> PathBuf {
    dir.join(format!("{}.csv", kind.name()))
}

/// `GAME-run.json` in `dir`.
pub fn run_path(dir: &Path, kind: GameKind) -> PathBuf {
    dir.join(format!("{}-run.json", kind.name()))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

fn result_text(result: f64) -> &'static str {
    if result >= 1.0 {
        "1"
    } else if result <= 0.0 {
        "0"
    } else {
        "0.5"
    }
}

/// One sample as a CSV line (with its newline).
fn csv_line(s: &Sample) -> String {
    format!(
        "{},{},{},{},{},{}\n",
        s.game,
        s.ply,
        side_name(s.mover),
        s.level,
        s.cp,
        result_text(s.result)
    )
}

/// The CSV of `samples`, and the k of "every k-th sample kept" (1: all) that keeps it under
/// [`CSV_LIMIT`] bytes.
pub fn csv_text(samples: &[Sample]) -> (String, usize) {
    let full: usize = samples.iter().map(|s| csv_line(s).len()).sum();
    let every = full.div_ceil(CSV_LIMIT).max(1);
    let mut text = format!("{CSV_HEADER}\n");
    for s in samples.iter().step_by(every) {
        text.push_str(&csv_line(s));
    }
    (text, every)
}

/// Reads a `GAME.csv` written by [`csv_text`].
pub fn parse_csv(text: &str, path: &Path) -> Result<Vec<Sample>, WinchanceError> {
    let bad = |line: usize, message: String| WinchanceError::Csv {
        path: path.to_path_buf(),
        line,
        message,
    };
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim() == CSV_HEADER => {}
        _ => return Err(bad(1, format!("the first line must be `{CSV_HEADER}`"))),
    }
    let mut out = Vec::new();
    for (i, line) in lines {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.trim().split(',').collect();
        let [game, ply, mover, level, cp, result] = fields.as_slice() else {
            return Err(bad(n, format!("{} fields, not 6", fields.len())));
        };
        let number = |name: &str, v: &str| -> Result<i64, WinchanceError> {
            v.parse::<i64>()
                .map_err(|_| bad(n, format!("{name} '{v}' is not a whole number")))
        };
        let in_range = |name: &str, v: i64, max: i64| -> Result<i64, WinchanceError> {
            if (0..=max).contains(&v) {
                Ok(v)
            } else {
                Err(bad(n, format!("{name} {v} out of range")))
            }
        };
        let mover = match *mover {
            "first" => Side::First,
            "second" => Side::Second,
            other => return Err(bad(n, format!("mover '{other}' (first or second)"))),
        };
        let result = match *result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(bad(n, format!("result '{other}' (1, 0.5 or 0)"))),
        };
        let cp = number("cp", cp)?;
        out.push(Sample {
            game: in_range("game", number("game", game)?, i64::from(u32::MAX))? as u32,
            ply: in_range("ply", number("ply", ply)?, i64::from(u32::MAX))? as u32,
            mover,
            level: in_range("level", number("level", level)?, 8)? as u8,
            cp: i32::try_from(cp).map_err(|_| bad(n, format!("cp {cp} out of range")))?,
            result,
        });
    }
    Ok(out)
}

/// Reads `path` as a `GAME.csv`.
pub fn read_csv(path: &Path) -> Result<Vec<Sample>, WinchanceError> {
    let text = std::fs::read_to_string(path).map_err(|source| WinchanceError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_csv(&text, path)
}

/// What one game kind's games were, for `GAME-run.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    pub game: String,
    /// The settings: games asked for, levels, random opening plies, ply cap, seed.
    pub games: u32,
    pub levels: (u8, u8),
    pub openings: u32,
    pub max_plies: u32,
    pub seed: u64,
    /// Games won by the first side, by the second, drawn by the rules, stopped at the cap
    /// (counted as draws).
    pub first_won: u32,
    pub second_won: u32,
    pub drawn: u32,
    pub capped: u32,
    /// Mean plies of the games.
    pub avg_plies: f64,
    /// Positions searched, and those with a heuristic score.
    pub searched: u64,
    pub samples: u64,
    /// Every k-th sample is in the CSV (1: all).
    pub thinned_every: usize,
    /// Seconds the games took, summed over the threads.
    pub game_seconds: f64,
}

/// Reads `GAME-run.json` when there is one.
pub fn read_run(dir: &Path, kind: GameKind) -> Result<Option<RunInfo>, WinchanceError> {
    let path = run_path(dir, kind);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|source| WinchanceError::Read {
        path: path.clone(),
        source,
    })?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| WinchanceError::Json {
            path,
            message: e.to_string(),
        })
}

/// One game kind's fit, with the same fit for each level and each side alone (to see whether
/// one curve suits them all).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameFit {
    pub game: String,
    pub title: String,
    pub scale: f64,
    pub low: f64,
    pub high: f64,
    pub positions: usize,
    pub games: usize,
    /// Mean cross-entropy at the fit, nats.
    pub cross_entropy: f64,
    /// The mover's level -> its scale (none when its positions fit none).
    pub by_level: BTreeMap<u8, Option<f64>>,
    /// first / second -> the scale of that side's positions alone.
    pub by_mover: BTreeMap<String, Option<f64>>,
    /// The mean result of the positions (the first side's and the second side's).
    pub mean_result: [f64; 2],
    pub run: Option<RunInfo>,
}

impl GameFit {
    /// The scale as the table holds it: a whole number.
    pub fn rounded(&self) -> f64 {
        self.scale.round()
    }
}

fn points(samples: &[Sample], keep: impl Fn(&Sample) -> bool) -> Vec<Point> {
    samples
        .iter()
        .filter(|s| keep(s))
        .map(|s| Point {
            cp: f64::from(s.cp),
            result: s.result,
        })
        .collect()
}

/// Fits one game kind's samples.
pub fn fit_game(
    kind: GameKind,
    samples: &[Sample],
    run: Option<RunInfo>,
) -> Result<GameFit, WinchanceError> {
    let grouped: Vec<(u32, Point)> = samples
        .iter()
        .map(|s| {
            (
                s.game,
                Point {
                    cp: f64::from(s.cp),
                    result: s.result,
                },
            )
        })
        .collect();
    let Fit {
        scale,
        low,
        high,
        positions,
        games,
        cross_entropy,
    } = fit_with_interval(&grouped, RESAMPLES, BOOTSTRAP_SEED).map_err(|source| {
        WinchanceError::Fit {
            game: kind.name(),
            source,
        }
    })?;
    let mut by_level = BTreeMap::new();
    for level in samples.iter().map(|s| s.level) {
        by_level
            .entry(level)
            .or_insert_with(|| fit_scale(&points(samples, |s| s.level == level)).ok());
    }
    let by_mover = Side::BOTH
        .iter()
        .map(|&side| {
            (
                side_name(side).to_owned(),
                fit_scale(&points(samples, |s| s.mover == side)).ok(),
            )
        })
        .collect();
    let mean = |side: Side| {
        let p = points(samples, |s| s.mover == side);
        if p.is_empty() {
            f64::NAN
        } else {
            p.iter().map(|p| p.result).sum::<f64>() / p.len() as f64
        }
    };
    Ok(GameFit {
        game: kind.name().to_owned(),
        title: kind.title().to_owned(),
        scale,
        low,
        high,
        positions,
        games,
        cross_entropy,
        by_level,
        by_mover,
        mean_result: [mean(Side::First), mean(Side::Second)],
        run,
    })
}

/// A count as docs/AI.md writes it: `12 345`.
fn thousands(n: usize) -> String {
    chaupal_engine::levels::thousands(n as u64)
}

/// An interval end, rounded (`inf` where the bootstrap found no bound).
fn end_text(x: f64) -> String {
    if x.is_finite() {
        format!("{:.0}", x)
    } else {
        "inf".to_owned()
    }
}

/// The command that measured the fits, from their runs (when they agree).
pub fn command(fits: &[GameFit]) -> String {
    let runs: Vec<&RunInfo> = fits.iter().filter_map(|f| f.run.as_ref()).collect();
    let mut text = "chaupal winchance".to_owned();
    if let Some(first) = runs.first()
        && runs.len() == fits.len()
        && runs.iter().all(|r| {
            (r.games, r.levels, r.openings, r.max_plies, r.seed)
                == (
                    first.games,
                    first.levels,
                    first.openings,
                    first.max_plies,
                    first.seed,
                )
        })
    {
        let _ = write!(
            text,
            " --games {} --levels {}..{} --openings {} --seed {}",
            first.games, first.levels.0, first.levels.1, first.openings, first.seed
        );
    }
    text.push_str(" --write");
    text
}

/// The text docs/AI.md holds between its `winchance` markers.
pub fn doc_section(fits: &[GameFit]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| game | s | 95% interval | positions | games |\n|---|---|---|---|---|"
    );
    for f in fits {
        let _ = writeln!(
            out,
            "| {} | {:.0} | [{}, {}] | {} | {} |",
            f.title,
            f.rounded(),
            end_text(f.low),
            end_text(f.high),
            thousands(f.positions),
            thousands(f.games)
        );
    }
    let _ = writeln!(
        out,
        "\ns is the evaluation, in the game's hundredths, at which the side to move wins 73% of\n\
         its games (1/(1+e^-1), draws counting half): an evaluation of +s gives 73%, +2s 88%,\n\
         -s 27%. Measured {MEASURED_ON} with\n`{}`\n(docs/research/winchance/: the samples \
         `GAME.csv`, the plots `GAME.png`, the fits `summary.txt`).",
        command(fits)
    );
    out
}

/// The Rust table rules/src/review.rs holds between its `review:scale` markers.
pub fn rust_table(fits: &[GameFit]) -> String {
    let mut out = String::from(
        "/// Each game's winning-chance scale: the evaluation (in its hundredths) at which the side to\n\
         /// move wins 1/(1+e^-1) = 73% of its games, counting draws half, fitted to the positions and\n\
         /// results of games between the AI's levels (docs/AI.md, \"Winning chances\").\n",
    );
    let _ = writeln!(
        out,
        "const WIN_SCALE: [(GameKind, f64); {}] = [",
        fits.len()
    );
    for f in fits {
        let kind = GameKind::ALL
            .iter()
            .find(|k| k.name() == f.game)
            .copied()
            .unwrap_or(GameKind::Kalah);
        let _ = writeln!(out, "    (GameKind::{kind:?}, {:.1}),", f.rounded());
    }
    out.push_str("];\n");
    out
}

/// The text summary: one line per game, then the fits by level and by side.
pub fn summary_text(fits: &[GameFit]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<11} {:>6} {:>17} {:>9} {:>6} {:>8}",
        "game", "s", "95% interval", "positions", "games", "xent"
    );
    for f in fits {
        let _ = writeln!(
            out,
            "{:<11} {:>6.0} {:>17} {:>9} {:>6} {:>8.4}",
            f.game,
            f.scale,
            format!("[{}, {}]", end_text(f.low), end_text(f.high)),
            f.positions,
            f.games,
            f.cross_entropy
        );
    }
    let scale = |s: &Option<f64>| s.map_or("-".to_owned(), |s| format!("{s:.0}"));
    for f in fits {
        let levels: Vec<String> = f
            .by_level
            .iter()
            .map(|(l, s)| format!("level {l}: {}", scale(s)))
            .collect();
        let movers: Vec<String> = f
            .by_mover
            .iter()
            .map(|(m, s)| format!("{m} mover: {}", scale(s)))
            .collect();
        let _ = writeln!(
            out,
            "{}: s by the mover's level: {}; by side: {}; mean result of the first mover's \
             positions {:.3}, of the second's {:.3}",
            f.game,
            levels.join(", "),
            movers.join(", "),
            f.mean_result[0],
            f.mean_result[1]
        );
        if let Some(r) = &f.run {
            let _ = writeln!(
                out,
                "{}: {} games (levels {}..{}, {} random plies, seed {}): first won {}, second won \
                 {}, drawn {}, stopped at {} plies and counted drawn {}; {:.0} plies on average; {} \
                 positions searched, {} with a heuristic score{}; {:.0} s of play",
                f.game,
                r.games,
                r.levels.0,
                r.levels.1,
                r.openings,
                r.seed,
                r.first_won,
                r.second_won,
                r.drawn,
                r.max_plies,
                r.capped,
                r.avg_plies,
                r.searched,
                r.samples,
                if r.thinned_every > 1 {
                    format!(" (every {}th kept in the CSV)", r.thinned_every)
                } else {
                    String::new()
                },
                r.game_seconds
            );
        }
    }
    out
}

/// `text` with the lines strictly between the line holding `begin` and the next line holding
/// `end` replaced by `body`; the markers and everything outside them are kept as they are.
pub fn replace_between(
    text: &str,
    markers: (&str, &str),
    body: &str,
    path: &Path,
) -> Result<String, WinchanceError> {
    let missing = |marker: &str| WinchanceError::Markers {
        path: path.to_path_buf(),
        marker: marker.to_owned(),
    };
    let (begin, end) = markers;
    let at = text.find(begin).ok_or_else(|| missing(begin))?;
    let start = text[at..]
        .find('\n')
        .map(|j| at + j + 1)
        .ok_or_else(|| missing(end))?;
    let rest = &text[start..];
    let end_at = rest.find(end).ok_or_else(|| missing(end))?;
    // The end marker's line starts after the last newline before it.
    let stop = start + rest[..end_at].rfind('\n').map_or(0, |k| k + 1);
    Ok(format!("{}{body}{}", &text[..start], &text[stop..]))
}

/// The text between the markers of `text` (the lines strictly between them).
#[cfg(test)]
pub fn between<'a>(text: &'a str, markers: (&str, &str)) -> Option<&'a str> {
    let at = text.find(markers.0)?;
    let start = at + text[at..].find('\n')? + 1;
    let rest = &text[start..];
    let end_at = rest.find(markers.1)?;
    let stop = rest[..end_at].rfind('\n').map_or(0, |k| k + 1);
    Some(&rest[..stop])
}

/// Rewrites the part of the file at `path` between `markers` with `body`.
pub fn edit_file(path: &Path, markers: (&str, &str), body: &str) -> Result<(), WinchanceError> {
    let text = std::fs::read_to_string(path).map_err(|source| WinchanceError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let new = replace_between(&text, markers, body, path)?;
    std::fs::write(path, new).map_err(|source| WinchanceError::Write {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(game: u32, cp: i32, result: f64) -> Sample {
        Sample {
            game,
            ply: 7,
            mover: Side::Second,
            level: 5,
            cp,
            result,
        }
    }

    #[test]
    fn samples_read_back_exactly_and_a_bad_line_is_named() {
        let samples = vec![
            sample(0, -250, 0.0),
            sample(0, 31, 0.5),
            sample(3, 900, 1.0),
        ];
        let (text, every) = csv_text(&samples);
        assert_eq!(every, 1);
        assert_eq!(text.lines().nth(2), Some("0,7,second,5,31,0.5"));
        let path = Path::new("x.csv");
        assert_eq!(parse_csv(&text, path).unwrap(), samples);
        let err = parse_csv("game,ply\n", path).unwrap_err().to_string();
        assert!(err.contains("x.csv") && err.contains("line 1"), "{err}");
        let bad = format!("{CSV_HEADER}\n0,7,second,5,31,0.5\n0,8,third,5,3,1\n");
        let err = parse_csv(&bad, path).unwrap_err().to_string();
        assert!(err.contains("line 3") && err.contains("third"), "{err}");
        let bad = format!("{CSV_HEADER}\n0,7,second,5,31,0.7\n");
        assert!(parse_csv(&bad, path).is_err());
        let bad = format!("{CSV_HEADER}\n0,7,second,5,99999999999,1\n");
        assert!(parse_csv(&bad, path).is_err());
    }

    #[test]
    fn a_large_csv_is_thinned_under_the_limit() {
        let samples: Vec<Sample> = (0..150_000).map(|i| sample(i / 100, 1234, 1.0)).collect();
        let (text, every) = csv_text(&samples);
        assert!(every > 1);
        assert!(text.len() <= CSV_LIMIT + CSV_HEADER.len() + 1);
        assert_eq!(text.lines().count() - 1, samples.len().div_ceil(every));
    }

    #[test]
    fn the_text_between_markers_is_replaced_exactly_and_a_file_without_them_refused() {
        let path = Path::new("review.rs");
        let text = "a\n// review:scale:begin\nold\nlines\n  // review:scale:end\nb\n";
        let new = replace_between(text, RUST_MARKERS, "new\n", path).unwrap();
        assert_eq!(
            new,
            "a\n// review:scale:begin\nnew\n  // review:scale:end\nb\n"
        );
        assert_eq!(between(&new, RUST_MARKERS), Some("new\n"));
        // Replacing again with the same body changes nothing.
        assert_eq!(
            replace_between(&new, RUST_MARKERS, "new\n", path).unwrap(),
            new
        );
        let err = replace_between("a\nb\n", RUST_MARKERS, "x\n", path)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("review.rs") && err.contains("// review:scale:begin"),
            "{err}"
        );
        let err = replace_between("// review:scale:begin\nx\n", RUST_MARKERS, "", path)
            .unwrap_err()
            .to_string();
        assert!(err.contains("// review:scale:end"), "{err}");
        let err = replace_between("x\n<!-- winchance:end -->\n", DOC_MARKERS, "", path)
            .unwrap_err()
            .to_string();
        assert!(err.contains("<!-- winchance:begin -->"), "{err}");
    }

    #[test]
    fn the_rust_table_has_the_files_layout() {
        let fit = |kind: GameKind, scale: f64| GameFit {
            game: kind.name().to_owned(),
            title: kind.title().to_owned(),
            scale,
            low: scale - 10.0,
            high: scale + 10.0,
            positions: 12_345,
            games: 100,
            cross_entropy: 0.5,
            by_level: BTreeMap::new(),
            by_mover: BTreeMap::new(),
            mean_result: [0.5, 0.5],
            run: None,
        };
        let fits = [
            fit(GameKind::BaghChal, 312.4),
            fit(GameKind::SholoGuti, 99.5),
        ];
        let table = rust_table(&fits);
        assert!(table.contains("const WIN_SCALE: [(GameKind, f64); 2] = [\n"));
        assert!(table.contains("    (GameKind::BaghChal, 312.0),\n"));
        assert!(table.contains("    (GameKind::SholoGuti, 100.0),\n"));
        let doc = doc_section(&fits);
        assert!(
            doc.contains("| Bagh Chal | 312 | [302, 322] | 12 345 | 100 |"),
            "{doc}"
        );
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1 234 567");
    }
}
