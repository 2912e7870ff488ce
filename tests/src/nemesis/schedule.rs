//! Fault schedules, drawn at random from a seed: which fault, on which node, when, and for how
//! long. The same seed gives the same schedule, so a failing run can be played again; the
//! schedule is printed with the run's report.

use std::fmt;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One fault, healed before the next one starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The node is killed with SIGKILL, and started again after `down_ms`.
    Kill { node: usize, down_ms: u64 },
    /// The node is asked to stop with SIGTERM (as a service manager would), and started again
    /// after `down_ms`.
    Terminate { node: usize, down_ms: u64 },
    /// The node is paused with SIGSTOP for `for_ms` (longer than its lease), then resumed.
    Pause { node: usize, for_ms: u64 },
    /// The NATS server is killed, and started again after `for_ms`.
    StopNats { for_ms: u64 },
    /// PostgreSQL is stopped at once (as a crash would), and started again after `for_ms`.
    StopPostgres { for_ms: u64 },
}

/// The kinds of fault a schedule may draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Kill,
    Terminate,
    Pause,
    StopNats,
    StopPostgres,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 5] = [
        Kind::Kill,
        Kind::Terminate,
        Kind::Pause,
        Kind::StopNats,
        Kind::StopPostgres,
    ];
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::Kill { node, down_ms } => write!(f, "kill -9 n{node}, down {down_ms} ms"),
            Fault::Terminate { node, down_ms } => {
                write!(f, "SIGTERM n{node}, down {down_ms} ms")
            }
            Fault::Pause { node, for_ms } => write!(f, "SIGSTOP n{node} for {for_ms} ms"),
            Fault::StopNats { for_ms } => write!(f, "NATS stopped for {for_ms} ms"),
            Fault::StopPostgres { for_ms } => write!(f, "PostgreSQL stopped for {for_ms} ms"),
        }
    }
}

impl Fault {
    /// How long the fault lasts before it is healed.
    pub fn lasts_ms(&self) -> u64 {
        match *self {
            Fault::Kill { down_ms, .. } | Fault::Terminate { down_ms, .. } => down_ms,
            Fault::Pause { for_ms, .. }
            | Fault::StopNats { for_ms }
            | Fault::StopPostgres { for_ms } => for_ms,
        }
    }
}

/// A fault and when it starts (ms into the run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub at_ms: u64,
    pub fault: Fault,
}

/// A run's faults, one after another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub seed: u64,
    pub steps: Vec<Step>,
}

/// The quiet time between one fault's healing and the next fault: long enough for the games to
/// settle on their new nodes, short enough for many faults in a run.
const QUIET_MS: (u64, u64) = (4_000, 12_000);

impl Schedule {
    /// A schedule for a run of `run_ms` over `nodes` nodes, drawn from `kinds` with `seed`;
    /// the first fault comes after a quiet start, the last is healed before the run ends.
    pub fn random(seed: u64, run_ms: u64, nodes: usize, kinds: &[Kind]) -> Schedule {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut steps = Vec::new();
        let mut at = rng.random_range(QUIET_MS.0..=QUIET_MS.1);
        let nodes = nodes.max(1);
        while !kinds.is_empty() {
            let kind = kinds[rng.random_range(0..kinds.len())];
            let node = rng.random_range(0..nodes);
            let fault = match kind {
                Kind::Kill => Fault::Kill {
                    node,
                    down_ms: rng.random_range(500..=6_000),
                },
                Kind::Terminate => Fault::Terminate {
                    node,
                    down_ms: rng.random_range(500..=6_000),
                },
                // Past the three-second lease, so that the others take its games.
                Kind::Pause => Fault::Pause {
                    node,
                    for_ms: rng.random_range(3_500..=9_000),
                },
                Kind::StopNats => Fault::StopNats {
                    for_ms: rng.random_range(1_000..=8_000),
                },
                Kind::StopPostgres => Fault::StopPostgres {
                    for_ms: rng.random_range(1_000..=8_000),
                },
            };
            if at + fault.lasts_ms() + QUIET_MS.0 > run_ms {
                break;
            }
            steps.push(Step { at_ms: at, fault });
            at += fault.lasts_ms() + rng.random_range(QUIET_MS.0..=QUIET_MS.1);
        }
        Schedule { seed, steps }
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "schedule seed {} ({} faults)",
            self.seed,
            self.steps.len()
        )?;
        for s in &self.steps {
            writeln!(f, "  at {:>7} ms: {}", s.at_ms, s.fault)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_schedule_and_another_seed_another() {
        let a = Schedule::random(7, 600_000, 3, &Kind::ALL);
        assert_eq!(a, Schedule::random(7, 600_000, 3, &Kind::ALL));
        assert_ne!(a, Schedule::random(8, 600_000, 3, &Kind::ALL));
        // Ten minutes hold dozens of faults, of every kind, each healed within the run.
        assert!(a.steps.len() >= 25, "{a}");
        for kind in Kind::ALL {
            let of_kind = a.steps.iter().filter(|s| {
                matches!(
                    (kind, s.fault),
                    (Kind::Kill, Fault::Kill { .. })
                        | (Kind::Terminate, Fault::Terminate { .. })
                        | (Kind::Pause, Fault::Pause { .. })
                        | (Kind::StopNats, Fault::StopNats { .. })
                        | (Kind::StopPostgres, Fault::StopPostgres { .. })
                )
            });
            assert!(of_kind.count() > 0, "{kind:?} in {a}");
        }
        for w in a.steps.windows(2) {
            assert!(w[0].at_ms + w[0].fault.lasts_ms() < w[1].at_ms, "{a}");
        }
        let last = a.steps.last().unwrap();
        assert!(last.at_ms + last.fault.lasts_ms() < 600_000);
        // A pause lasts past the lease, so that it costs the node its games.
        for s in &a.steps {
            if let Fault::Pause { for_ms, .. } = s.fault {
                assert!(for_ms > 3_000);
            }
        }
    }
}
