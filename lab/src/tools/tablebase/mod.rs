//! `chaupal tablebase GAME --out FILE`: solves a game's database and writes it, for any game
//! that has one.
//!
//! - `baghchal`: the movement phase by retrograde analysis; prints `positions N` (the stored
//!   slots), `distinct-positions N` (the positions distinct under the board's 8 symmetries,
//!   either side to move), the wins, draws and losses for each side to move, a line per layer,
//!   and the time taken. `--placement` then solves the placement phase on it, layer by layer,
//!   into the directory of `--out` (one file a layer; `--resume` goes on from the movement
//!   database and the layers already there); `--count` prints the placement phase's exact
//!   counts without solving anything; `--verify` rechecks the layers solved
//!   ([`verify`]). `--goats N` solves the smaller game of N goats.
//! - `sholo-guti` (`--pieces-max N`): every position with at most N pieces
//!   (`capture=optional`); prints a line per class of piece counts (wins, draws, losses for the
//!   side to move, the longest DTZ), then `positions N` and `time-ms T`.
//! - `kalah` (`--seeds-max K`, `--rule pits=M --rule empty-capture=B`): every board with at
//!   most K seeds in the houses; prints a line per level, the counts per seed count,
//!   `positions N` and the time.

pub mod verify;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use std::sync::atomic::AtomicBool;

use chaupal_engine::perfect::PerfectError;
use chaupal_engine::perfect::baghchal::BaghChalTb;
use chaupal_engine::perfect::baghchal::index::{self, Indexer};
use chaupal_engine::perfect::baghchal::placement::count::{layer_counts, totals};
use chaupal_engine::perfect::baghchal::placement::file::layer_path;
use chaupal_engine::perfect::baghchal::placement::index::Layout as PlacementLayout;
use chaupal_engine::perfect::baghchal::placement::solve::{
    self as placement_solve, PlacementOptions,
};
use chaupal_engine::perfect::baghchal::placement::values::Width;
use chaupal_engine::perfect::baghchal::solve::{self as baghchal_solve, SolveOptions};
use chaupal_engine::perfect::kalah::{EndgameDb, geometry};
use chaupal_engine::perfect::sholo_guti::index::{Layout, MAX_PIECES};
use chaupal_engine::perfect::{baghchal, sholo_guti};
use chaupal_engine::progress::{Progress, Silent};
use chaupal_rules::{Game, GameKind};

use super::ToolError;
use super::bars::Bars;
use super::setup::set_up_game;
use super::solve::kalah::{kalah_of, ms};
use verify::{VerifyPlan, verify_placement};

/// What `tablebase` was asked to do.
#[derive(Clone, Debug)]
pub struct TablebaseArgs {
    pub game: GameKind,
    pub out: PathBuf,
    /// Rule options (kalah: the board; sholo-guti: only `capture=optional` is covered).
    pub rules: Vec<String>,
    /// kalah: the most seeds in play covered.
    pub seeds_max: u32,
    /// baghchal: worker threads (0: one per core).
    pub threads: usize,
    /// baghchal: the rules' `captures-to-win` (1..=5; the default 5 is the real game).
    pub captures_to_win: u8,
    /// baghchal: the rules' `goats` (1..=20; the default 20 is the real game).
    pub goats: u8,
    /// baghchal: after the movement phase, solve the placement phase into the directory of
    /// `out`.
    pub placement: bool,
    /// baghchal: use the movement database already at `out` (when it loads and is of these
    /// rules) and the placement layers already solved.
    pub resume: bool,
    /// baghchal: placement values of 8 bits, with the plies to the end (else 2 bits).
    pub distances: bool,
    /// baghchal: print the placement phase's counts and solve nothing.
    pub count: bool,
    /// baghchal: recheck the placement layers beside `out` (this many random positions a
    /// part) and solve nothing.
    pub verify: Option<u64>,
    /// baghchal, with `verify`: also every position at the boundary with the movement phase.
    pub boundary: bool,
    /// baghchal, with `verify`: the sample's seed.
    pub seed: u64,
    /// baghchal, with `verify`: positions also checked by a forward search, and the first
    /// layer they are drawn from.
    pub forward: (u64, u8),
    /// baghchal, with `verify`: random lookups timed (0: none).
    pub probes: u64,
    /// sholo-guti: the most pieces on the board (2..=7).
    pub pieces_max: u32,
    /// Show progress bars on stderr.
    pub progress: bool,
}

impl TablebaseArgs {
    #[cfg(test)]
    /// The defaults of the command line for `game`, writing to `out`.
    pub fn new(game: GameKind, out: PathBuf) -> TablebaseArgs {
        TablebaseArgs {
            game,
            out,
            rules: Vec::new(),
            seeds_max: 20,
            threads: 0,
            captures_to_win: 5,
            goats: 20,
            placement: false,
            resume: false,
            distances: false,
            count: false,
            verify: None,
            boundary: false,
            seed: 1,
            forward: (0, 17),
            probes: 0,
            pieces_max: 5,
            progress: false,
        }
    }
}

/// Solves the database `args` names, writes the file, and prints the figures to `out`.
pub fn run_tablebase(args: &TablebaseArgs, out: &mut impl Write) -> Result<(), ToolError> {
    match args.game {
        GameKind::BaghChal => bagh_chal(args, out),
        GameKind::SholoGuti => sholo_guti_endings(args, out),
        GameKind::Kalah => kalah(args, out),
        other => Err(ToolError::Usage(format!("no tablebase for {other}"))),
    }
}

/// Writes a database file's bytes to `path` and syncs them to the disk.
fn write_database(path: &Path, bytes: &[u8]) -> Result<(), PerfectError> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(())
}

/// Bagh Chal: the movement phase, then (`--placement`) the placement phase on it; or
/// (`--count`) the placement phase's counts alone.
fn bagh_chal(args: &TablebaseArgs, out: &mut impl Write) -> Result<(), ToolError> {
    if args.count {
        return placement_counts(args, out);
    }
    let threads = if args.threads > 0 {
        args.threads
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    };
    if let Some(samples) = args.verify {
        let plan = VerifyPlan {
            dir: &layers_dir(args),
            samples,
            seed: args.seed,
            boundary: args.boundary,
            forward: args.forward,
            probes: args.probes,
            threads,
        };
        return verify_placement(BaghChalTb::load(&args.out)?, &plan, out);
    }
    let progress: &dyn Progress = if args.progress { &Bars } else { &Silent };
    let reused = if args.resume && args.out.is_file() {
        BaghChalTb::load(&args.out)
            .ok()
            .filter(|tb| (tb.goats(), tb.captures_to_win()) == (args.goats, args.captures_to_win))
    } else {
        None
    };
    let movement = match reused {
        Some(tb) => {
            writeln!(out, "movement database {} reused", args.out.display())?;
            tb
        }
        None => {
            movement_phase(args, threads, progress, out)?;
            BaghChalTb::load(&args.out)?
        }
    };
    if args.placement {
        placement_phase(args, &movement, threads, progress, out)?;
    }
    out.flush()?;
    Ok(())
}

/// The Bagh Chal movement phase, solved and written to `args.out`.
fn movement_phase(
    args: &TablebaseArgs,
    threads: usize,
    progress: &dyn Progress,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    let started = Instant::now();
    let ix = Indexer::new();
    let options = SolveOptions {
        captures_to_win: args.captures_to_win,
        goats: args.goats,
        threads,
    };
    let solved = baghchal_solve::solve(&ix, &options, progress).map_err(ToolError::Usage)?;
    write_database(&args.out, &baghchal::file::encode(&ix, &solved))?;
    let positions: usize = solved.layers.iter().map(Vec::len).sum();
    writeln!(out, "positions {positions}")?;
    // The positions themselves, each counted once however many of the 8 symmetries map it to
    // another (the database stores some of them under more than one slot).
    let distinct: u64 = (0..args.captures_to_win)
        .map(|captured| 2 * index::distinct_positions(u32::from(args.goats - captured)))
        .sum();
    writeln!(
        out,
        "distinct-positions {distinct} (under the 8 symmetries, either side to move)"
    )?;
    for (side, c) in ["goats", "tigers"]
        .iter()
        .zip(baghchal::file::count(&solved))
    {
        writeln!(
            out,
            "{side}-to-move wins {} draws {} losses {} longest {}",
            c.wins, c.draws, c.losses, c.longest
        )?;
    }
    for (captured, layer) in solved.layers.iter().enumerate() {
        let mut counts = [baghchal::file::SideCounts::default(); 2];
        baghchal::file::add_counts(&mut counts, layer);
        let [g, t] = counts;
        writeln!(
            out,
            "layer captured {captured} positions {}: goats-to-move {}/{}/{} tigers-to-move {}/{}/{} (wins/draws/losses)",
            layer.len(),
            g.wins,
            g.draws,
            g.losses,
            t.wins,
            t.draws,
            t.losses
        )?;
    }
    writeln!(
        out,
        "tiger-classes {} captures-to-win {} goats {} threads {threads}",
        ix.class_count(),
        args.captures_to_win,
        args.goats
    )?;
    writeln!(out, "time-ms {}", started.elapsed().as_millis())?;
    Ok(())
}

/// The placement phase's exact counts: a line per layer, then the totals (both sides to move).
fn placement_counts(args: &TablebaseArgs, out: &mut impl Write) -> Result<(), ToolError> {
    if !(1..=20).contains(&args.goats) || !(1..=args.goats).contains(&args.captures_to_win) {
        return Err(ToolError::Usage(format!(
            "goats {} and captures-to-win {}: goats is 1..=20, captures-to-win 1..=goats",
            args.goats, args.captures_to_win
        )));
    }
    let layout = PlacementLayout::new(&Indexer::new(), args.goats, args.captures_to_win);
    for c in layer_counts(&layout) {
        writeln!(
            out,
            "placement layer {} positions {} distinct {} all {} (each side to move)",
            c.placed, c.stored, c.distinct, c.all
        )?;
    }
    let (stored, distinct, all) = totals(&layout);
    writeln!(
        out,
        "placement-positions {stored} distinct {distinct} all {all} (either side to move)"
    )?;
    let largest = layout
        .layers()
        .map(|placed| layout.part_bytes(placed, Width::Wdl))
        .max()
        .unwrap_or(0);
    let bytes: usize = layout
        .layers()
        .map(|placed| 2 * layout.part_bytes(placed, Width::Wdl))
        .sum();
    writeln!(
        out,
        "placement-bytes {bytes} largest-part {largest} (2 bits a value)"
    )?;
    Ok(())
}

/// The directory of the placement layers: that of `args.out`.
fn layers_dir(args: &TablebaseArgs) -> PathBuf {
    match args.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The placement phase solved on `movement` into the directory of `args.out`.
fn placement_phase(
    args: &TablebaseArgs,
    movement: &BaghChalTb,
    threads: usize,
    progress: &dyn Progress,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    let started = Instant::now();
    let dir = layers_dir(args);
    let layout = PlacementLayout::new(
        &Indexer::new(),
        movement.goats(),
        movement.captures_to_win(),
    );
    if !args.resume {
        if let Some(found) = layout
            .layers()
            .map(|placed| layer_path(&dir, placed))
            .find(|path| path.exists())
        {
            return Err(ToolError::Usage(format!(
                "{} exists: pass --resume to go on from the layers there, or remove them",
                found.display()
            )));
        }
    }
    let options = PlacementOptions {
        threads,
        width: if args.distances {
            Width::Plies
        } else {
            Width::Wdl
        },
    };
    let cancel = AtomicBool::new(false);
    let done = placement_solve::solve(movement, &dir, &options, progress, &cancel)?;
    let (stored, distinct, _) = totals(&layout);
    for layer in &done {
        let [g, t] = layer.tallies;
        // The parts held at once: the layer's goats part beside the tigers part above it
        // (the movement database for the last layer, held throughout), then beside its own
        // tigers part.
        let part = layout.part_bytes(layer.placed, options.width);
        let above = match layer.placed + 1 {
            next if next < layout.goats => layout.part_bytes(next, options.width),
            _ => 0,
        };
        writeln!(
            out,
            "placement layer {} positions {}: goats-to-move {}/{}/{} tigers-to-move {}/{}/{} (wins/draws/losses) longest {}{}",
            layer.placed,
            layout.part_len(layer.placed),
            g.wins,
            g.draws,
            g.losses,
            t.wins,
            t.draws,
            t.losses,
            g.longest.max(t.longest),
            if layer.resumed {
                ", found solved".to_owned()
            } else {
                format!(
                    ", time-ms {} parts-mb {}",
                    layer.time_ms,
                    (part + part.max(above)) >> 20
                )
            }
        )?;
    }
    let solved: u64 = done
        .iter()
        .filter(|l| !l.resumed)
        .map(|l| 2 * layout.part_len(l.placed))
        .sum();
    let ms = started.elapsed().as_millis();
    writeln!(
        out,
        "placement-positions {stored} distinct {distinct} solved-now {solved} bits {} threads {threads}",
        options.width.bits()
    )?;
    writeln!(out, "placement time-ms {ms}")?;
    Ok(())
}

/// Sholo Guti endings of few pieces.
fn sholo_guti_endings(args: &TablebaseArgs, out: &mut impl Write) -> Result<(), ToolError> {
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
    let values = sholo_guti::solve::solve(&layout, &mut |total| {
        tracing::info!("solved {total} pieces ({} s)", started.elapsed().as_secs());
    });
    write_database(&args.out, &sholo_guti::file::encode(&layout, &values))?;
    let mut positions = 0;
    for c in sholo_guti::file::count(&layout, &values) {
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

/// A Kalah endgame database, printing one line per level.
fn kalah(args: &TablebaseArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let game = kalah_of(set_up_game(GameKind::Kalah, &args.rules, None, None)?)?;
    let geo = geometry(game.rules());
    if args.seeds_max > chaupal_engine::perfect::kalah::db::MAX_DB_SEEDS {
        return Err(ToolError::Usage(format!(
            "--seeds-max is at most {}",
            chaupal_engine::perfect::kalah::db::MAX_DB_SEEDS
        )));
    }
    let start = Instant::now();
    let mut write_error = None;
    let db = EndgameDb::build(geo, args.seeds_max, &mut |k, total| {
        if write_error.is_none()
            && let Err(e) = writeln!(
                out,
                "level {k} positions-so-far {total} time-ms {}",
                ms(start)
            )
        {
            write_error = Some(e);
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    for k in 0..=db.max_seeds() {
        let [wins, draws, losses] = db.level_counts(k);
        writeln!(out, "seeds {k} wins {wins} draws {draws} losses {losses}")?;
    }
    let file = File::create(&args.out)?;
    let mut w = BufWriter::new(file);
    db.save(&mut w)?;
    w.flush()?;
    writeln!(out, "positions {}", db.len())?;
    writeln!(out, "time-ms {}", ms(start))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tool_writes_a_file_the_loader_accepts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("baghchal.tb");
        let args = TablebaseArgs {
            threads: 2,
            captures_to_win: 1,
            ..TablebaseArgs::new(GameKind::BaghChal, path.clone())
        };
        let mut out = Vec::new();
        run_tablebase(&args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let positions = Indexer::new().class_count() * 21 * 2;
        assert!(
            text.starts_with(&format!("positions {positions}\n")),
            "{text}"
        );
        assert!(text.contains("goats-to-move wins "), "{text}");
        // 20 goats and 4 tigers, either side to move: 2 x 33 481 classes.
        assert!(
            text.contains("\ndistinct-positions 66962 (under the 8 symmetries"),
            "{text}"
        );
        assert!(text.contains("tigers-to-move wins "), "{text}");
        let tb = baghchal::BaghChalTb::load(&path).unwrap();
        let sum: u64 = tb
            .counts()
            .iter()
            .map(|c| c.wins + c.draws + c.losses)
            .sum();
        assert_eq!(sum, positions as u64);
    }

    #[test]
    fn the_placement_phase_is_solved_beside_the_movement_database_and_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let args = TablebaseArgs {
            threads: 2,
            captures_to_win: 2,
            goats: 3,
            placement: true,
            ..TablebaseArgs::new(GameKind::BaghChal, dir.path().join("small.tb"))
        };
        let mut out = Vec::new();
        run_tablebase(&args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // 3 goats, 2 after a capture: 1 666 x (1 330 + 210) x 2.
        assert!(text.starts_with("positions 5131280\n"), "{text}");
        // Layer 2 (two goats placed): 1 666 x (210 + 21) positions a side.
        assert!(
            text.contains("\nplacement layer 2 positions 384846: "),
            "{text}"
        );
        assert!(text.contains("placement-positions 846328 "), "{text}");
        assert!(!text.contains("found solved"), "{text}");
        for placed in 0..3 {
            assert!(layer_path(dir.path(), placed).is_file());
        }

        // Again without --resume: refused, the layers are there.
        assert!(matches!(
            run_tablebase(&args, &mut Vec::new()),
            Err(ToolError::Usage(_))
        ));
        // With it: the database and the layers are reused.
        let resume = TablebaseArgs {
            resume: true,
            ..args.clone()
        };
        let mut out = Vec::new();
        run_tablebase(&resume, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("movement database "), "{text}");
        assert_eq!(text.matches(", found solved").count(), 3, "{text}");
    }

    #[test]
    fn the_counts_of_the_standard_placement_phase_are_printed_without_a_solve() {
        let dir = tempfile::tempdir().unwrap();
        let args = TablebaseArgs {
            count: true,
            ..TablebaseArgs::new(GameKind::BaghChal, dir.path().join("unused.tb"))
        };
        let mut out = Vec::new();
        run_tablebase(&args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 22, "{text}");
        assert!(
            text.contains("\nplacement-positions 34814405332 distinct "),
            "{text}"
        );
        assert!(!dir.path().join("unused.tb").exists());
    }

    #[test]
    fn games_without_a_database_are_refused() {
        let args = TablebaseArgs::new(GameKind::Jungle, PathBuf::from("unused.tb"));
        assert!(run_tablebase(&args, &mut Vec::new()).is_err());
    }
}
