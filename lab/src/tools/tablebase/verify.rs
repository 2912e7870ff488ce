//! `chaupal tablebase baghchal --out DIR/baghchal.tb --verify`: rechecks a solved placement
//! phase without solving anything. `--samples N` random positions of each part of every layer
//! are checked to hold the best of their moves' values
//! ([`chaupal_engine::perfect::baghchal::placement::verify`]); `--boundary` also checks every
//! position of the last layer with the goats to move against the movement database;
//! `--forward N` values N random positions of the layers from `--forward-from` on by an
//! alpha-beta search over the rules' moves down to the movement database. `--probes N` times
//! the lookup of N random positions, twice: the first pass reads from the disk what the
//! operating system has not cached (cold, after the cache is dropped), the second the same
//! positions again (warm).
//!
//! Prints a line per layer (`verify layer L positions N`), the boundary's and the forward
//! search's lines, then
//! `verified positions N wins W draws D losses L over O time-ms T`; a value that disagrees
//! stops it with the position and both values.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use chaupal_engine::perfect::baghchal::BaghChalTb;
use chaupal_engine::perfect::baghchal::placement::verify::{
    random_positions, verify_forward, verify_part, verify_sample,
};
use chaupal_engine::perfect::baghchal::placement::{PlacementTb, Residence};
use chaupal_rules::Side;

use crate::tools::ToolError;

/// What a verification reads and how much it checks.
pub struct VerifyPlan<'a> {
    /// The directory of the placement layers.
    pub dir: &'a std::path::Path,
    /// Random positions checked per part of each layer.
    pub samples: u64,
    /// The sample's seed.
    pub seed: u64,
    /// Also every position at the boundary with the movement phase.
    pub boundary: bool,
    /// Positions also checked by a forward search, from this layer on.
    pub forward: (u64, u8),
    /// Random positions whose lookup is timed, twice over (0: none).
    pub probes: u64,
    pub threads: usize,
}

/// Verifies the placement layers of `plan.dir`, solved on `movement`, and prints the figures.
pub fn verify_placement(
    movement: BaghChalTb,
    plan: &VerifyPlan<'_>,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    let started = Instant::now();
    let tb = PlacementTb::open(plan.dir, Arc::new(movement), Residence::Disk)?;
    if plan.probes > 0 {
        time_probes(&tb, plan, out)?;
    }
    writeln!(
        out,
        "verify {} layers of {} bits, {} random positions a part, seed {}",
        tb.layers(),
        tb.width().bits(),
        plan.samples,
        plan.seed
    )?;
    let mut last = 0;
    let mut failed_write = None;
    let mut all = verify_sample(&tb, plan.samples, plan.seed, &mut |placed, so_far| {
        if let Err(e) = writeln!(
            out,
            "verify layer {placed} positions {} time-ms {}",
            so_far.positions - last,
            started.elapsed().as_millis()
        ) {
            failed_write.get_or_insert(e);
        }
        last = so_far.positions;
    })
    .map_err(|e| ToolError::Usage(format!("verification failed: {e}")))?;
    if let Some(e) = failed_write {
        return Err(e.into());
    }
    if plan.boundary {
        let last_layer = tb.layers() - 1;
        let boundary = verify_part(&tb, last_layer, Side::First, plan.threads)
            .map_err(|e| ToolError::Usage(format!("verification failed: {e}")))?;
        writeln!(
            out,
            "verify boundary layer {last_layer} goats-to-move positions {} wins {} draws {} losses {} time-ms {}",
            boundary.positions,
            boundary.wins,
            boundary.draws,
            boundary.losses,
            started.elapsed().as_millis()
        )?;
        all.add(&boundary);
    }
    let (forward, from) = plan.forward;
    if forward > 0 {
        let searched = verify_forward(&tb, forward, plan.seed, from)
            .map_err(|e| ToolError::Usage(format!("verification failed: {e}")))?;
        writeln!(
            out,
            "verify forward-search from-layer {from} positions {} wins {} draws {} losses {} time-ms {}",
            searched.positions,
            searched.wins,
            searched.draws,
            searched.losses,
            started.elapsed().as_millis()
        )?;
        all.add(&searched);
    }
    writeln!(
        out,
        "verified positions {} wins {} draws {} losses {} over {} time-ms {}",
        all.positions,
        all.wins,
        all.draws,
        all.losses,
        all.over,
        started.elapsed().as_millis()
    )?;
    Ok(())
}

/// Times the lookup of `plan.probes` random positions, twice, and prints the mean of each
/// pass in nanoseconds a lookup.
fn time_probes(
    tb: &PlacementTb,
    plan: &VerifyPlan<'_>,
    out: &mut impl Write,
) -> Result<(), ToolError> {
    let positions = random_positions(tb, plan.probes, plan.seed ^ 0x9e37_79b9, 0)?;
    let mut passes = Vec::new();
    for _ in 0..2 {
        let started = Instant::now();
        let mut known = 0u64;
        for game in &positions {
            known += u64::from(tb.value(game)?.is_some());
        }
        let ns = started.elapsed().as_nanos() / positions.len().max(1) as u128;
        passes.push((ns, known));
    }
    writeln!(
        out,
        "probe positions {} first-pass-ns {} second-pass-ns {} (found {})",
        positions.len(),
        passes[0].0,
        passes[1].0,
        passes[1].1
    )?;
    Ok(())
}
