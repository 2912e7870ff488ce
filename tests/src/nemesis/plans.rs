//! The games of a fault run: a mix of the four games, untimed, with clocks, and by
//! correspondence, with a few players who stall so that a flag must fall.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::{ClockSpec, Correspondence};

use crate::history::actors::GamePlan;

/// The clock of a staller's game: short, so that the flag falls within the run.
pub const STALLER_CLOCK: ClockSpec = ClockSpec {
    initial_ms: 15_000,
    increment_ms: 0,
};

/// The clock of the other timed games: far longer than any fault, so no flag should fall.
pub const LONG_CLOCK: ClockSpec = ClockSpec {
    initial_ms: 20 * 60_000,
    increment_ms: 2_000,
};

/// Game `index` of a run with `seed`: of every twenty, ten untimed, five with a long clock,
/// two stallers with a short clock, three by correspondence at a day a move.
pub fn plan(index: usize, seed: u64) -> GamePlan {
    let kind = GameKind::ALL[index % GameKind::ALL.len()];
    let mut plan = GamePlan {
        kind,
        clock: None,
        correspondence: None,
        stall_at: None,
        think_ms: (150, 700),
        seed: seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64 * 7919 + 1),
    };
    match index % 20 {
        10..=14 => plan.clock = Some(LONG_CLOCK),
        15 | 16 => {
            plan.clock = Some(STALLER_CLOCK);
            plan.stall_at = Some(4 + (index as u32 / 20) % 6);
        }
        17..=19 => plan.correspondence = Some(Correspondence { days: Some(1) }),
        _ => {}
    }
    plan
}
