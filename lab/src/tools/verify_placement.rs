//! `chaupal tablebase baghchal --out DIR/baghchal.tb --verify`: rechecks a solved placement
//! phase without solving anything. `--samples N` random positions of each part of every layer
//! are checked to hold the best of their moves' values
//! ([`chaupal_engine::perfect::baghchal::placement::verify`]); `--boundary` also checks every
//! position of the last layer with the goats to move against the movement database;
//! `--forward N` values N random positions of the layers from `--forward-from` on by an
//! alpha-beta search over the rules' moves down to the movement database.
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
    verify_forward, verify_part, verify_sample,
};
use chaupal_engine::perfect::baghchal::placement::{PlacementTb, Residence};
use chaupal_rules::Side;

use super::ToolError;

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
