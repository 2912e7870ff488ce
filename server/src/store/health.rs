//! Whether the records can be written, for `/health`. Every [`PROBE_EVERY`] a write that
//! changes nothing ([`super::Store::check_writable`]) goes through the writer like any other
//! and says so, on an idle node too; a group commit that fails says so at once, until the next
//! check succeeds. (A write that fails alone, in its savepoint, says nothing: that may be the
//! write's own fault, and a read-only database fails the check anyway.) A database that turned
//! read-only, filled its disk or went away shows as a failure within seconds; one that stopped
//! answering shows once no check has finished for [`STALE_AFTER`].

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a write that changes nothing checks the records.
pub const PROBE_EVERY: Duration = Duration::from_secs(5);

/// With no check finished for this long (one starts every [`PROBE_EVERY`]), writes are stuck.
pub const STALE_AFTER: Duration = Duration::from_secs(30);

/// The last check's outcome, or a failed group commit's since then: shared by the store (which
/// records them) and the health page (which reads them).
#[derive(Clone, Debug)]
pub struct WriteHealth(Arc<Mutex<Outcome>>);

#[derive(Debug)]
struct Outcome {
    /// When the last check (or the store's opening, or a failed group) finished.
    at: Instant,
    /// Why it failed, if it did.
    failure: Option<String>,
}

/// What [`WriteHealth::state`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Writes {
    /// The last check committed, this long ago.
    Working(Duration),
    /// The last check or group failed, for this reason, this long ago.
    Failing(String, Duration),
    /// No check has finished for this long.
    Stuck(Duration),
}

impl Writes {
    /// Whether the node can keep what it is sent.
    pub fn ok(&self) -> bool {
        matches!(self, Writes::Working(_))
    }

    /// One line for the health page.
    pub fn line(&self) -> String {
        match self {
            Writes::Working(ago) => format!("records writable (checked {}s ago)", ago.as_secs()),
            Writes::Failing(why, ago) => {
                format!("records not writable ({}s ago): {why}", ago.as_secs())
            }
            Writes::Stuck(ago) => format!(
                "records not writable: no check finished in {}s",
                ago.as_secs()
            ),
        }
    }
}

impl Default for WriteHealth {
    fn default() -> Self {
        WriteHealth(Arc::new(Mutex::new(Outcome {
            at: Instant::now(),
            failure: None,
        })))
    }
}

impl WriteHealth {
    /// Records a check's outcome.
    pub(super) fn record(&self, result: Result<(), String>) {
        if let Ok(mut o) = self.0.lock() {
            o.at = Instant::now();
            o.failure = result.err();
        }
    }

    /// Records a failed group commit: failing until the next check succeeds.
    pub(super) fn group_failed(&self, why: String) {
        self.record(Err(why));
    }

    /// What the last write says of the records.
    pub fn state(&self) -> Writes {
        let Ok(o) = self.0.lock() else {
            return Writes::Stuck(Duration::ZERO);
        };
        let ago = o.at.elapsed();
        match &o.failure {
            Some(why) => Writes::Failing(why.clone(), ago),
            None if ago > STALE_AFTER => Writes::Stuck(ago),
            None => Writes::Working(ago),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_fails_the_health_until_a_check_succeeds() {
        let h = WriteHealth::default();
        assert!(h.state().ok(), "{:?}", h.state());
        h.record(Err("attempt to write a readonly database".into()));
        let state = h.state();
        assert!(!state.ok());
        assert!(
            state.line().contains("readonly database"),
            "{}",
            state.line()
        );
        assert!(
            state.line().starts_with("records not writable"),
            "{}",
            state.line()
        );
        h.record(Ok(()));
        assert!(h.state().ok());
        h.group_failed("disk I/O error".into());
        assert!(
            h.state().line().contains("disk I/O error"),
            "{}",
            h.state().line()
        );
        h.record(Ok(()));
        assert!(h.state().line().starts_with("records writable"));
    }

    #[test]
    fn no_write_for_too_long_is_stuck() {
        let h = WriteHealth::default();
        if let Ok(mut o) = h.0.lock() {
            o.at = Instant::now() - STALE_AFTER - Duration::from_secs(1);
        }
        assert!(matches!(h.state(), Writes::Stuck(_)));
        assert!(!h.state().ok());
        assert!(h.state().line().contains("no check finished"));
    }
}
