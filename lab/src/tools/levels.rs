//! `chaupal levels`: the levels' calibration read back from its games. For each game, every
//! arena run under `DIR/levels-GAME/` (`*/arena.json`) is pooled, one Elo ladder is fitted over
//! all the games between levels (level 1 = 0, intervals against level 1), and each step from a
//! level to the next is judged by their direct games: the score and its 95% interval.
//!
//! It prints the tables docs/AI.md shows; `--write` puts them there (between the
//! `levels:ladder` markers) and writes the ratings the server and the client use into
//! `shared/src/levels.rs` (between the `levels:` markers), so the ratings are always the
//! measured ones. A test checks that both files hold what this command computes.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use chaupal_rules::GameKind;
use chaupal_shared::levels::LEVELS;

use super::ToolError;
use super::arena::ArenaReport;
use crate::research::elo::{EloEstimate, Wdl, elo_of_score};
use crate::research::ladder::{Meeting, Rung, fit_anchored};
use crate::research::plots::elo_ladder;

/// The command line of `levels`.
#[derive(Clone, Debug, clap::Args)]
pub struct LevelsCli {
    /// The directory holding `levels-GAME/*/arena.json`.
    #[arg(long, default_value = "docs/research")]
    pub research: PathBuf,
    /// Write the tables into these files (docs/AI.md, shared/src/levels.rs) and each game's
    /// ladder plot into `levels-GAME/elo-ladder.png`.
    #[arg(long)]
    pub write: bool,
    /// The repository root the files are written under.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

/// Fewer games than this show nothing, whatever their score: the normal interval is not to be
/// trusted on a handful of games.
pub const MIN_STEP_GAMES: u32 = 10;

/// The step from level `n - 1` to level `n`, from their direct games.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub level: u8,
    /// From level `n`'s side.
    pub wdl: Wdl,
    pub elo: EloEstimate,
}

impl Step {
    /// The lower end of the 95% interval of the Elo difference. For a clean sweep of n games
    /// (where the normal interval collapses to a point) the exact one: the score p with
    /// p^n = 2.5%.
    pub fn low(&self) -> f64 {
        let n = self.wdl.games();
        if n > 0 && self.wdl.wins == n {
            elo_of_score(0.025f64.powf(1.0 / f64::from(n)))
        } else {
            self.elo.low
        }
    }

    /// Whether the step shows: at least [`MIN_STEP_GAMES`] games, a score of at least 65% and
    /// the lower end of the 95% interval above an even score.
    pub fn separated(&self) -> bool {
        self.wdl.games() >= MIN_STEP_GAMES && self.wdl.score() >= 0.65 && self.low() > 0.0
    }

    /// `+147 [+17, +339]`, or `>= +276` for a clean sweep.
    fn elo_text(&self) -> String {
        let n = self.wdl.games();
        if n > 0 && self.wdl.wins == n {
            format!(">= {}", signed(self.low()))
        } else {
            format!(
                "{} [{}, {}]",
                signed(self.elo.elo),
                signed(self.elo.low),
                signed(self.elo.high)
            )
        }
    }
}

/// One game's calibration.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLadder {
    pub kind: GameKind,
    /// Levels 1 to 8, level 1 at 0, intervals against level 1.
    pub rungs: Vec<Rung>,
    /// Levels 2 to 8 against the level below.
    pub steps: Vec<Step>,
    /// Games between levels, and their average length in plies.
    pub games: u32,
    pub avg_plies: f64,
}

impl GameLadder {
    /// Each level's Elo above level 1, rounded.
    pub fn rounded(&self) -> [i32; 8] {
        let mut out = [0; 8];
        for (o, r) in out.iter_mut().zip(&self.rungs) {
            *o = r.elo.round() as i32;
        }
        out
    }
}

/// The level an entrant label names (`level:5`, with no limits or weights of its own).
fn level_of(label: &str) -> Option<u8> {
    label
        .strip_prefix("level:")
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| (1..=LEVELS).contains(n))
}

/// The arena runs of a game's calibration, in path order.
fn runs(research: &Path, kind: GameKind) -> Result<Vec<ArenaReport>, ToolError> {
    let dir = research.join(format!("levels-{}", kind.name()));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| ToolError::Usage(format!("{}: {e}", dir.display())))?
        .filter_map(|entry| entry.ok().map(|e| e.path().join("arena.json")))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(ToolError::Usage(format!(
            "{}: no */arena.json (run scripts/calibrate-levels.sh)",
            dir.display()
        )));
    }
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f)?;
            serde_json::from_str(&text)
                .map_err(|e| ToolError::Usage(format!("{}: {e}", f.display())))
        })
        .collect()
}

/// Pools a game's runs and fits its ladder.
pub fn measure(research: &Path, kind: GameKind) -> Result<GameLadder, ToolError> {
    let mut pairings: BTreeMap<(u8, u8), Wdl> = BTreeMap::new();
    let (mut games, mut plies) = (0u32, 0u64);
    for run in runs(research, kind)? {
        if run.game != kind.name() {
            return Err(ToolError::Usage(format!(
                "a {} arena among {}'s levels",
                run.game,
                kind.name()
            )));
        }
        let level = |e: usize| run.entrants.get(e).and_then(|x| level_of(&x.label));
        for p in &run.pairings {
            let (Some(a), Some(b)) = (level(p.a), level(p.b)) else {
                continue;
            };
            if a == b {
                continue;
            }
            // The pairing's W-D-L is from `a`'s side; kept from the higher level's.
            let (low, high, wdl) = if a < b {
                (a, b, p.wdl.flipped())
            } else {
                (b, a, p.wdl)
            };
            let w = pairings.entry((low, high)).or_default();
            w.wins += wdl.wins;
            w.draws += wdl.draws;
            w.losses += wdl.losses;
            games += wdl.games();
            plies += (p.avg_plies * f64::from(wdl.games())).round() as u64;
        }
    }
    let labels: Vec<String> = (1..=LEVELS).map(|n| format!("level:{n}")).collect();
    // Meetings from the lower level's side, as the arena fits them.
    let meetings: Vec<Meeting> = pairings
        .iter()
        .map(|(&(low, high), w)| Meeting {
            a: usize::from(low - 1),
            b: usize::from(high - 1),
            wdl: w.flipped(),
        })
        .collect();
    let rungs = fit_anchored(&labels, &meetings);
    let steps = (2..=LEVELS)
        .map(|n| {
            let wdl = pairings.get(&(n - 1, n)).copied().unwrap_or_default();
            Step {
                level: n,
                wdl,
                elo: wdl.elo(),
            }
        })
        .collect();
    Ok(GameLadder {
        kind,
        rungs,
        steps,
        games,
        avg_plies: if games > 0 {
            plies as f64 / f64::from(games)
        } else {
            0.0
        },
    })
}

/// A number with a sign, `+123` (0 as `0`; `?` where the fit has no interval).
fn signed(x: f64) -> String {
    if !x.is_finite() || x.abs() > 1e6 {
        return "?".to_owned();
    }
    let r = x.round() as i64;
    if r == 0 {
        "0".to_owned()
    } else {
        format!("{r:+}")
    }
}

/// The tables docs/AI.md shows: the ladder (Elo above level 1 with intervals), the steps, the
/// server's ratings.
pub fn tables(ladders: &[GameLadder]) -> String {
    let header = ladders.iter().fold("| level |".to_owned(), |h, l| {
        format!("{h} {} |", l.kind.title())
    });
    let rule = format!("|---|{}", "---|".repeat(ladders.len()));
    let mut out = String::new();
    out.push_str("Elo above level 1, 95% interval against level 1:\n\n");
    out.push_str(&format!("{header}\n{rule}\n"));
    for n in 0..usize::from(LEVELS) {
        out.push_str(&format!("| {} |", n + 1));
        for l in ladders {
            let r = &l.rungs[n];
            if n == 0 {
                out.push_str(" 0 |");
            } else {
                out.push_str(&format!(
                    " {} [{}, {}] |",
                    signed(r.elo),
                    signed(r.low),
                    signed(r.high)
                ));
            }
        }
        out.push('\n');
    }
    out.push_str("| games (avg plies) |");
    for l in ladders {
        out.push_str(&format!(" {} ({:.0}) |", l.games, l.avg_plies));
    }
    out.push_str(
        "\n\nEach level against the one below, their own games (W-D-L from the higher \
                  level's side, its score, and the Elo of that score with its 95% interval):\n\n",
    );
    out.push_str(&format!(
        "{}\n{rule}\n",
        header.replacen("level", "step", 1)
    ));
    for i in 0..usize::from(LEVELS) - 1 {
        out.push_str(&format!("| {} over {} |", i + 2, i + 1));
        for l in ladders {
            let s = &l.steps[i];
            let mark = if s.separated() { "" } else { " (not shown)" };
            out.push_str(&format!(
                " {}-{}-{} {:.0}% {}{mark} |",
                s.wdl.wins,
                s.wdl.draws,
                s.wdl.losses,
                100.0 * s.wdl.score(),
                s.elo_text()
            ));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "\n\"Not shown\": fewer than {MIN_STEP_GAMES} games, a score under 65%, or a 95% interval \
         reaching an even score (a clean sweep of n games: the exact bound, p^n = 2.5%).\n"
    ));
    out.push_str("\nRatings on the server (level 1 at ");
    out.push_str(&chaupal_shared::levels::LEVEL_ONE_RATING.to_string());
    out.push_str(", each level at that plus its Elo above level 1):\n\n");
    out.push_str(&format!("{header}\n{rule}\n"));
    for n in 0..usize::from(LEVELS) {
        out.push_str(&format!("| {} |", n + 1));
        for l in ladders {
            let rating = chaupal_shared::levels::LEVEL_ONE_RATING + l.rounded()[n];
            out.push_str(&format!(" {rating} |"));
        }
        out.push('\n');
    }
    out
}

/// The Rust table of `shared/src/levels.rs` for these ladders.
pub fn rust_table(ladders: &[GameLadder]) -> String {
    let mut out = String::from(
        "/// Each level's Elo above level 1, levels 1 to 8, per game, rounded: the maximum-likelihood\n\
         /// ladder of the calibration's games.\n",
    );
    out.push_str(&format!(
        "const LEVEL_ELO: [(GameKind, [i32; 8]); {}] = [\n",
        ladders.len()
    ));
    for l in ladders {
        let elo: Vec<String> = l.rounded().iter().map(i32::to_string).collect();
        out.push_str(&format!(
            "    (GameKind::{:?}, [{}]),\n",
            l.kind,
            elo.join(", ")
        ));
    }
    out.push_str("];\n");
    out
}

/// `text` with the lines strictly between the line holding `begin` and the one holding `end`
/// replaced by `body`.
pub fn replace_between(text: &str, begin: &str, end: &str, body: &str) -> Result<String, String> {
    let start = text
        .find(begin)
        .and_then(|i| text[i..].find('\n').map(|j| i + j + 1))
        .ok_or_else(|| format!("no line with {begin}"))?;
    let rest = &text[start..];
    let end_at = rest
        .find(end)
        .ok_or_else(|| format!("no line with {end} after {begin}"))?;
    let stop = start + rest[..end_at].rfind('\n').map_or(0, |k| k + 1);
    Ok(format!("{}{body}{}", &text[..start], &text[stop..]))
}

/// The markers in docs/AI.md and shared/src/levels.rs.
pub const DOC_MARKERS: (&str, &str) =
    ("<!-- levels:ladder:begin -->", "<!-- levels:ladder:end -->");
pub const RUST_MARKERS: (&str, &str) = ("// levels:begin", "// levels:end");

/// Every game's ladder, in `GameKind::ALL` order.
pub fn measure_all(research: &Path) -> Result<Vec<GameLadder>, ToolError> {
    GameKind::ALL
        .iter()
        .map(|&k| measure(research, k))
        .collect()
}

/// Runs `levels`.
pub fn run_levels(cli: &LevelsCli, out: &mut impl Write) -> Result<(), ToolError> {
    let ladders = measure_all(&cli.research)?;
    let tables = tables(&ladders);
    write!(out, "{tables}")?;
    if cli.write {
        let edit = |path: PathBuf, markers: (&str, &str), body: &str| -> Result<(), ToolError> {
            let text = std::fs::read_to_string(&path)?;
            let new = replace_between(&text, markers.0, markers.1, body)
                .map_err(|e| ToolError::Usage(format!("{}: {e}", path.display())))?;
            std::fs::write(&path, new)?;
            Ok(())
        };
        edit(cli.root.join("docs/AI.md"), DOC_MARKERS, &tables)?;
        edit(
            cli.root.join("shared/src/levels.rs"),
            RUST_MARKERS,
            &rust_table(&ladders),
        )?;
        writeln!(out, "wrote docs/AI.md and shared/src/levels.rs")?;
        for l in &ladders {
            let path = cli
                .research
                .join(format!("levels-{}", l.kind.name()))
                .join("elo-ladder.png");
            let title = format!("{}: the eight levels (Elo above level 1)", l.kind.title());
            match elo_ladder(&path, &title, &l.rungs) {
                Ok(()) => writeln!(out, "wrote {}", path.display())?,
                Err(e) => writeln!(out, "no plot: {e}")?,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_level_labels_count() {
        assert_eq!(level_of("level:3"), Some(3));
        assert_eq!(level_of("level:9"), None);
        assert_eq!(level_of("level:7@t100"), None);
        assert_eq!(level_of("pvs"), None);
    }

    #[test]
    fn a_step_shows_only_with_65_percent_and_an_interval_above_even() {
        let step = |w, d, l| {
            let wdl = Wdl::new(w, d, l);
            Step {
                level: 2,
                wdl,
                elo: wdl.elo(),
            }
        };
        assert!(step(20, 0, 0).separated(), "a sweep of 20");
        assert!((step(20, 0, 0).low() - elo_of_score(0.025f64.powf(0.05))).abs() < 1e-9);
        assert!(!step(3, 0, 0).separated(), "a sweep of 3 shows nothing");
        assert!(!step(7, 2, 0).separated(), "nor do 9 games");
        assert!(!step(1, 19, 10).separated(), "35%: a step down");
        assert!(
            step(10, 19, 1).separated(),
            "65% with an interval above even"
        );
        assert!(
            !step(13, 0, 7).separated(),
            "65% in 20 games: the interval reaches below even"
        );
    }

    #[test]
    fn a_missing_or_unreadable_calibration_is_a_clear_error() {
        let dir = std::env::temp_dir().join(format!("chaupal-levels-{}", std::process::id()));
        let err = measure(&dir, GameKind::Kalah).unwrap_err().to_string();
        assert!(err.contains("levels-kalah"), "{err}");
        let run = dir.join("levels-kalah").join("low");
        std::fs::create_dir_all(&run).unwrap();
        let err = measure(&dir, GameKind::Kalah).unwrap_err().to_string();
        assert!(err.contains("calibrate-levels.sh"), "{err}");
        std::fs::write(run.join("arena.json"), "{not json").unwrap();
        let err = measure(&dir, GameKind::Kalah).unwrap_err().to_string();
        assert!(err.contains("arena.json"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_text_between_markers_is_replaced_and_the_rest_kept() {
        let text = "a\n// levels:begin\nold\nlines\n// levels:end\nb\n";
        let new = replace_between(text, RUST_MARKERS.0, RUST_MARKERS.1, "new\n").unwrap();
        assert_eq!(new, "a\n// levels:begin\nnew\n// levels:end\nb\n");
        assert!(replace_between("a\n", "x", "y", "").is_err());
    }

    // The calibration in the repository: the ratings in use are the measured ones.

    use chaupal_shared::levels::level_elo;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    #[test]
    fn the_ratings_in_use_are_the_ladder_fitted_from_the_calibration_games() {
        let ladders = measure_all(&root().join("docs/research")).unwrap();
        assert_eq!(ladders.len(), 4);
        for ladder in &ladders {
            assert!(ladder.games > 0, "{}: no games", ladder.kind);
            for (i, elo) in ladder.rounded().iter().enumerate() {
                let level = i as u8 + 1;
                assert_eq!(
                    level_elo(ladder.kind, level),
                    *elo,
                    "{} level {level}: the table in shared/src/levels.rs is not the measured \
                     ladder (run target/release/chaupal levels --write)",
                    ladder.kind
                );
            }
        }
        let docs = std::fs::read_to_string(root().join("docs/AI.md")).unwrap();
        let section = docs
            .split(DOC_MARKERS.0)
            .nth(1)
            .and_then(|rest| rest.split(DOC_MARKERS.1).next())
            .expect("docs/AI.md has the levels:ladder markers");
        assert_eq!(
            section.trim_start_matches('\n'),
            tables(&ladders),
            "docs/AI.md's tables are not the measured ones (run chaupal levels --write)"
        );
    }

    #[test]
    fn no_level_rates_below_the_one_under_it_and_every_step_shown_rises() {
        for ladder in measure_all(&root().join("docs/research")).unwrap() {
            let elo = ladder.rounded();
            for step in &ladder.steps {
                let n = usize::from(step.level) - 1;
                assert!(
                    elo[n] >= elo[n - 1],
                    "{} level {} ({}) is below level {} ({})",
                    ladder.kind,
                    n + 1,
                    elo[n],
                    n,
                    elo[n - 1]
                );
                if step.separated() {
                    assert!(elo[n] > elo[n - 1], "{} level {}", ladder.kind, n + 1);
                }
            }
        }
    }
}
