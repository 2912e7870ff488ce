//! `chaupal puzzles verify`: reads every set file of a directory, checks every puzzle's line
//! (legal, the solver's move last, ids unique), and proves every exact puzzle again from
//! scratch with the databases and the Kalah solver ([`chaupal_engine::puzzles::prove`]).
//!
//! Prints one line per game: `GAME puzzles N exact E proven P checked C`; then one per game
//! with the puzzles to win and to save the draw and each theme's count; then any puzzle that
//! failed, and fails itself when one did, or when an exact puzzle could not be proven for want
//! of its database (the database's directory must be given).
//!
//! A checked puzzle whose position the databases know (a Bagh Chal placement puzzle once the
//! placement phase is solved) is proven too: a line `GAME checked-known K proven-exact P`
//! counts them, and one the databases refute is a failure like an exact one's.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use chaupal_engine::Engine;
use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::puzzle_set::{Goal, Proof};

use super::finder::{ProveError, knows, prove};
use super::generate::oracles;
use super::set::read;
use crate::tools::ToolError;
use chaupal_engine::puzzles::LineError;

/// The options of `chaupal puzzles verify`.
#[derive(Clone, Debug, clap::Args)]
pub struct VerifyArgs {
    /// The directory of set files (`GAME.jsonl`).
    #[arg(long, default_value = "puzzles")]
    pub dir: PathBuf,
    /// Only this game.
    #[arg(long)]
    pub game: Option<GameKind>,
    /// Only every Nth puzzle of each file (a fixed sample: the 1st, the (N+1)th, ...).
    #[arg(long, default_value_t = 1)]
    pub every: usize,
    /// A directory of solved databases (baghchal.tb, sholo-guti.tb, kalah*.db).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Kalah: the solver's table, in megabytes.
    #[arg(long, default_value_t = 512)]
    pub kalah_tt_mb: usize,
    /// Count, instead of failing, the exact Bagh Chal puzzles of the placement phase that the
    /// databases given do not reach (their proof needs the placement layers, 35 GB, which a CI
    /// machine does not build).
    #[arg(long)]
    pub without_placement: bool,
}

/// Per game: puzzles, exact ones, proven ones, checked ones, those to save a draw, and each
/// theme's.
#[derive(Default)]
struct Counts {
    puzzles: u64,
    exact: u64,
    proven: u64,
    checked: u64,
    /// Checked puzzles whose start the databases know, and of them those proven.
    checked_known: u64,
    checked_proven: u64,
    /// Exact placement puzzles left unproven under `--without-placement`.
    not_covered: u64,
    save_draw: u64,
    themes: BTreeMap<String, u64>,
}

/// Runs `chaupal puzzles verify`.
pub fn run_verify(
    args: &VerifyArgs,
    engine: &Engine,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut counts: BTreeMap<GameKind, Counts> = BTreeMap::new();
    let mut ids = HashSet::new();
    for kind in GameKind::ALL {
        if args.game.is_some_and(|g| g != kind) {
            continue;
        }
        let path = args.dir.join(format!("{}.jsonl", kind.name()));
        let entries = read(&path)?;
        if entries.is_empty() {
            continue;
        }
        // The Kalah solver proves without a budget: an exact puzzle is proven or not.
        let oracles = oracles(engine, kind, args.kalah_tt_mb, None, u32::MAX);
        let c = counts.entry(kind).or_default();
        for entry in entries.iter().step_by(args.every.max(1)) {
            c.puzzles += 1;
            if entry.goal == Goal::SaveDraw {
                c.save_draw += 1;
            }
            for theme in &entry.themes {
                *c.themes.entry(theme.clone()).or_default() += 1;
            }
            if entry.game != kind {
                failures.push(format!(
                    "{}: in {} but of {}",
                    entry.id,
                    path.display(),
                    entry.game
                ));
                continue;
            }
            if !ids.insert(entry.id.clone()) {
                failures.push(format!("{}: the id is used twice", entry.id));
                continue;
            }
            let start = match entry.start() {
                Ok(s) => s,
                Err(e) => {
                    failures.push(format!("{}: {e}", entry.id));
                    continue;
                }
            };
            match entry.proof {
                Proof::Checked => {
                    c.checked += 1;
                    if knows(&start, &oracles) {
                        c.checked_known += 1;
                        match prove(&start, entry.goal, &entry.solution, &oracles) {
                            Some(Ok(())) => c.checked_proven += 1,
                            Some(Err(e)) => failures.push(format!(
                                "{}: checked, and the databases refute it: {e}",
                                entry.id
                            )),
                            None => {}
                        }
                    }
                }
                Proof::Exact => {
                    c.exact += 1;
                    match prove(&start, entry.goal, &entry.solution, &oracles) {
                        Some(Ok(())) => c.proven += 1,
                        Some(Err(ProveError::Line(LineError::Unknown(_))))
                            if args.without_placement && in_placement(&start) =>
                        {
                            c.not_covered += 1
                        }
                        Some(Err(e)) => failures.push(format!("{}: {e}", entry.id)),
                        None => failures.push(format!(
                            "{}: exact, but no database of {} was given",
                            entry.id, kind
                        )),
                    }
                }
            }
        }
    }
    for (kind, c) in &counts {
        writeln!(
            out,
            "{kind} puzzles {} exact {} proven {} checked {}",
            c.puzzles, c.exact, c.proven, c.checked
        )?;
    }
    for (kind, c) in counts.iter().filter(|(_, c)| c.not_covered > 0) {
        writeln!(
            out,
            "{kind} not-covered {} (exact, of the placement phase: proven with the placement layers)",
            c.not_covered
        )?;
    }
    for (kind, c) in counts.iter().filter(|(_, c)| c.checked_known > 0) {
        writeln!(
            out,
            "{kind} checked-known {} proven-exact {}",
            c.checked_known, c.checked_proven
        )?;
    }
    for (kind, c) in &counts {
        let themes: Vec<String> = c.themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
        writeln!(
            out,
            "{kind} to win {} to save the draw {}; themes: {}",
            c.puzzles - c.save_draw,
            c.save_draw,
            themes.join(", ")
        )?;
    }
    writeln!(out, "time {:.1} s", started.elapsed().as_secs_f64())?;
    for f in &failures {
        writeln!(out, "FAILED {f}")?;
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(ToolError::Usage(format!(
            "{} puzzles failed the check",
            failures.len()
        )))
    }
}

/// Whether `start` is a Bagh Chal position of the placement phase.
fn in_placement(start: &AnyGame) -> bool {
    matches!(start, AnyGame::BaghChal(g) if g.goats_in_hand() > 0)
}
