//! `chaupal puzzles generate`: looks through games for puzzles and appends the new ones to a
//! set file, until the file holds `--count` puzzles, the games run out or the time is up.
//!
//! Record files come first, then AI games (`--ai-games` of them at most). Each position is
//! looked at once per run and never again once it is in the set. Threads share the games; each
//! has its own engine judges. The report ends with the counts and puzzles an hour.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chaupal_engine::Engine;
use chaupal_engine::perfect::kalah::{EndgameDb, default_db_seeds, geometry};
use chaupal_engine::puzzles::Oracle;
use chaupal_engine::puzzles::kalah::KalahOracle;
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::kalah::KalahRules;
use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::puzzle_set::{Goal, Proof, PuzzleEntry, replay_line};

use super::finder::{Checkers, Oracles, find, worth_judging};
use super::judge::{EngineJudge, judge_any, second_evaluation};
use super::rating::starting_rating;
use super::set::SetFile;
use super::sources::{Source, ai_game, records};
use crate::tools::ToolError;

/// The options of `chaupal puzzles generate`.
#[derive(Clone, Debug, clap::Args)]
pub struct GenerateArgs {
    /// The game: baghchal, kalah, jungle or sholo-guti.
    pub game: GameKind,
    /// The set file to grow (created when missing): puzzles/GAME.jsonl.
    #[arg(long)]
    pub out: PathBuf,
    /// Stop when the set holds this many puzzles.
    #[arg(long, default_value_t = 5000)]
    pub count: usize,
    /// Game records to look through first: record files, or directories of them (*.txt).
    #[arg(long = "records", value_name = "PATH")]
    pub records: Vec<PathBuf>,
    /// AI games to play after the records, at most.
    #[arg(long, default_value_t = 1_000_000)]
    pub ai_games: u64,
    /// The AI games' levels are drawn from this range, `LOW-HIGH`.
    #[arg(long, default_value = "1-5", value_parser = parse_levels)]
    pub levels: (u8, u8),
    /// Random plies at most at the start of each AI game.
    #[arg(long, default_value_t = 8)]
    pub openings: u32,
    /// The run's seed: the AI games depend on it and their number only.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Stop after this many minutes.
    #[arg(long)]
    pub minutes: Option<u64>,
    /// A directory of solved databases (baghchal.tb, sholo-guti.tb, kalah*.db): exact puzzles
    /// where they reach.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Checked puzzles: nodes each deep judge searches a position.
    #[arg(long, default_value_t = 40_000)]
    pub judge_nodes: u64,
    /// Checked puzzles: nodes the scout searches a position.
    #[arg(long, default_value_t = 2_000)]
    pub scout_nodes: u64,
    /// No checked puzzles: exact ones only.
    #[arg(long)]
    pub exact_only: bool,
    /// Kalah: positions with more seeds in play are not tried.
    #[arg(long, default_value_t = 30)]
    pub kalah_seeds_max: u32,
    /// Kalah: nodes the solver may search for one position's value.
    #[arg(long, default_value_t = 2_000_000)]
    pub kalah_nodes: u64,
    /// Kalah: the solver's table, in megabytes.
    #[arg(long, default_value_t = 512)]
    pub kalah_tt_mb: usize,
    /// The most puzzles taken from one game (neighbouring positions of a game often make the
    /// same puzzle with a piece moved elsewhere).
    #[arg(long, default_value_t = 2)]
    pub per_game: usize,
    /// The largest share of the set's `--count` that saves a draw (the rest are to win).
    #[arg(long, default_value_t = 0.35)]
    pub save_draw_share: f64,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
}

fn parse_levels(text: &str) -> Result<(u8, u8), String> {
    let (a, b) = text
        .split_once('-')
        .ok_or_else(|| format!("'{text}': expected LOW-HIGH, like 2-5"))?;
    let low: u8 = a
        .trim()
        .parse()
        .map_err(|_| format!("'{a}' is not a level"))?;
    let high: u8 = b
        .trim()
        .parse()
        .map_err(|_| format!("'{b}' is not a level"))?;
    if !(1..=8).contains(&low) || !(low..=8).contains(&high) {
        return Err(format!("'{text}': levels are 1 to 8, the low one first"));
    }
    Ok((low, high))
}

/// The exact knowledge a run of `kind` uses: the engine's databases, and for Kalah the solver
/// with the engine's endgame database of the default rules, or one built now.
pub fn oracles(
    engine: &Engine,
    kind: GameKind,
    tt_mb: usize,
    kalah_nodes: Option<u64>,
    kalah_seeds_max: u32,
) -> Oracles {
    let tbs = engine.tablebases();
    let mut oracles = Oracles {
        kalah_seeds_max,
        ..Oracles::default()
    };
    match kind {
        GameKind::BaghChal => {
            oracles.baghchal = match (&tbs.baghchal_placement, &tbs.baghchal) {
                (Some(whole), _) => Some(whole.clone() as Arc<dyn Oracle<BaghChal> + Send + Sync>),
                (None, Some(movement)) => Some(movement.clone() as _),
                (None, None) => None,
            }
        }
        GameKind::SholoGuti => oracles.sholo_guti = tbs.sholo_guti.clone(),
        GameKind::Kalah => {
            let rules = KalahRules::default();
            let geo = geometry(&rules);
            let db = tbs
                .kalah
                .iter()
                .find(|d| d.geometry() == geo)
                .cloned()
                .unwrap_or_else(|| {
                    let total = u32::from(rules.seeds()) * 2 * rules.pits() as u32;
                    let seeds = default_db_seeds(geo, total);
                    eprintln!("building the Kalah endgame database to {seeds} seeds ...");
                    Arc::new(EndgameDb::build(geo, seeds, &mut |_, _| {}))
                });
            oracles.kalah = Some(KalahOracle::new(geo, Some(db), tt_mb, kalah_nodes));
        }
        GameKind::Jungle => {}
    }
    oracles
}

/// The set, even if a thread panicked holding it (what it wrote is whole lines).
fn lock(m: &Mutex<SetFile>) -> std::sync::MutexGuard<'_, SetFile> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a run found.
#[derive(Default)]
struct Tally {
    games: u64,
    positions: u64,
    /// Positions judged by the scout, and those it found an only move in.
    judged: u64,
    scouted: u64,
    added: BTreeMap<Proof, u64>,
    themes: BTreeMap<String, u64>,
}

/// Runs `chaupal puzzles generate`.
pub fn run_generate(
    args: &GenerateArgs,
    engine: &Engine,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let started = Instant::now();
    let deadline = args.minutes.map(|m| started + Duration::from_secs(m * 60));
    let set = Mutex::new(SetFile::open(&args.out, args.game)?);
    let oracles = oracles(
        engine,
        args.game,
        args.kalah_tt_mb,
        Some(args.kalah_nodes),
        args.kalah_seeds_max,
    );
    let recorded = records(&args.records, args.game)?;
    let tried: Mutex<HashSet<String>> = Mutex::new(HashSet::new());
    let tally = Mutex::new(Tally::default());
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let failed: Mutex<Option<ToolError>> = Mutex::new(None);
    let total_games = recorded.len() as u64 + args.ai_games;
    if lock(&set).len >= args.count {
        stop.store(true, Ordering::Relaxed);
    }
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut checkers = (!args.exact_only).then(|| Checkers {
                    scout: EngineJudge::new(engine, None, args.scout_nodes),
                    first: EngineJudge::new(engine, None, args.judge_nodes),
                    second: EngineJudge::new(
                        engine,
                        Some(second_evaluation(args.game)),
                        args.judge_nodes,
                    ),
                    judged: 0,
                    scouted: 0,
                });
                loop {
                    if stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        break;
                    }
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= total_games {
                        break;
                    }
                    let source = match recorded.get(n as usize) {
                        Some(s) => Ok(s.clone()),
                        None => ai_game(
                            engine,
                            args.game,
                            n - recorded.len() as u64,
                            args.seed,
                            args.levels,
                            args.openings,
                        ),
                    };
                    let source: Source = match source {
                        Ok(s) => s,
                        Err(e) => {
                            *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    };
                    let mut looked = 0;
                    let positions = source.positions();
                    // The solutions taken from this game, to take each once.
                    let mut taken: Vec<Vec<String>> = Vec::new();
                    for played in positions.iter().skip(1) {
                        if taken.len() >= args.per_game {
                            break;
                        }
                        // The puzzle is the position as its notation gives it, without the
                        // game's history: a repetition earlier in the game must not decide it.
                        let Ok(fresh) = AnyGame::from_position_text(
                            played.kind(),
                            &played.position_text(),
                            Vec::<(String, String)>::new(),
                        ) else {
                            continue;
                        };
                        let position = &fresh;
                        let key = position.position_text();
                        if lock(&set).positions.contains(&key)
                            || !tried
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .insert(key.clone())
                        {
                            continue;
                        }
                        looked += 1;
                        // A quick look at the root first: deep judging only where it may pay.
                        let deep = checkers.as_mut().and_then(|c| {
                            worth_judging(judge_any(&mut c.scout, position)).then_some(c)
                        });
                        let Some(found) = find(position, &oracles, deep) else {
                            continue;
                        };
                        if taken.contains(&found.line)
                            || (found.goal == Goal::SaveDraw
                                && lock(&set).save_draws as f64
                                    >= args.save_draw_share * args.count as f64)
                        {
                            continue;
                        }
                        let Ok(replayed) = replay_line(position.clone(), &found.line) else {
                            continue;
                        };
                        taken.push(found.line.clone());
                        let solver_moves = replayed.solver_moves();
                        let rating = starting_rating(engine, position, &found.line, solver_moves);
                        let mut set = lock(&set);
                        let entry = PuzzleEntry {
                            id: set.next_id(),
                            game: args.game,
                            rules: position.rule_pairs().into_iter().collect(),
                            position: key,
                            goal: found.goal,
                            solution: found.line,
                            themes: found.themes,
                            proof: found.proof,
                            rating,
                        };
                        match set.add(&entry) {
                            Ok(true) => {
                                let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                                *t.added.entry(entry.proof).or_default() += 1;
                                for theme in &entry.themes {
                                    *t.themes.entry(theme.clone()).or_default() += 1;
                                }
                                if !args.quiet && set.len % 25 == 0 {
                                    eprintln!(
                                        "{}: {} puzzles ({:.0} s)",
                                        set.path().display(),
                                        set.len,
                                        started.elapsed().as_secs_f64()
                                    );
                                }
                            }
                            Ok(false) => {}
                            Err(e) => {
                                *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        if set.len >= args.count {
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    t.games += 1;
                    t.positions += looked;
                }
                if let Some(c) = checkers {
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    t.judged += c.judged;
                    t.scouted += c.scouted;
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let t = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    let set = set.into_inner().unwrap_or_else(|e| e.into_inner());
    let hours = started.elapsed().as_secs_f64() / 3600.0;
    let added: u64 = t.added.values().sum();
    writeln!(
        out,
        "{}: {} games, {} positions looked at, {} puzzles added ({} exact, {} checked), {} in the set",
        args.game,
        t.games,
        t.positions,
        added,
        t.added.get(&Proof::Exact).unwrap_or(&0),
        t.added.get(&Proof::Checked).unwrap_or(&0),
        set.len
    )?;
    writeln!(
        out,
        "time {:.0} s, {:.0} puzzles an hour on {} threads",
        hours * 3600.0,
        added as f64 / hours.max(1e-9),
        args.threads.max(1)
    )?;
    if !args.exact_only {
        writeln!(
            out,
            "checked: {} positions scouted, {} with an only move at a glance, {} confirmed",
            t.judged,
            t.scouted,
            t.added.get(&Proof::Checked).unwrap_or(&0)
        )?;
    }
    for (theme, n) in &t.themes {
        writeln!(out, "theme {theme} {n}")?;
    }
    Ok(())
}
