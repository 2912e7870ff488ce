//! The Kalah solver as a puzzle oracle: a position's exact final margin, from its endgame
//! database where that covers the seeds in play, else from the exact search, within a budget of
//! nodes per question (a position the budget does not solve is not known, and so no puzzle).
//!
//! Kalah has no distance to the end that matters to a player; what matters is the margin. The
//! oracle's distance stands for it: a win by more is "nearer" ([`TablebaseValue::Win`] of a
//! smaller number), a loss by less is "farther", so the opponent's best defence in a line is
//! the move that loses by least.

use std::sync::Arc;

use chaupal_rules::Game;
use chaupal_rules::kalah::Kalah;

use super::Oracle;
use crate::game_ai::TablebaseValue;
use crate::perfect::kalah::search::Limits;
use crate::perfect::kalah::{EndgameDb, Geometry, Solver, board_of, geometry, store_margin};

/// The distance a margin of 0 would have: larger than any margin.
const FAR: u32 = 1000;

/// Exact Kalah values for one board size and capture rule.
pub struct KalahOracle {
    solver: Solver,
    /// Nodes each question may search (none: no limit).
    budget: Option<u64>,
}

impl KalahOracle {
    /// An oracle for the geometry of `db` (or `geo` without a database), with a transposition
    /// table of `tt_mb` megabytes and at most `budget` nodes a question.
    pub fn new(
        geo: Geometry,
        db: Option<Arc<EndgameDb>>,
        tt_mb: usize,
        budget: Option<u64>,
    ) -> KalahOracle {
        KalahOracle {
            solver: Solver::new(geo, tt_mb, db),
            budget,
        }
    }

    /// The final margin of `game` with perfect play, for its side to move, when solved within
    /// the budget; `None` also for a game of another geometry.
    pub fn margin(&self, game: &Kalah) -> Option<i32> {
        if geometry(game.rules()) != self.solver.geometry() {
            return None;
        }
        let limits = Limits {
            nodes: self.budget,
            ..Limits::default()
        };
        let rest = self.solver.value(board_of(game), limits, &mut |_| {})?;
        Some(store_margin(game) + rest)
    }
}

impl Oracle<Kalah> for KalahOracle {
    fn value(&self, game: &Kalah) -> Option<TablebaseValue> {
        let margin = self.margin(game)?;
        let far = FAR.saturating_sub(margin.unsigned_abs());
        Some(match margin.signum() {
            1 => TablebaseValue::Win(far),
            -1 => TablebaseValue::Loss(far),
            _ => TablebaseValue::Draw,
        })
    }
}
