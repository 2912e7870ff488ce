//! When a search stops: a small handler checked cheaply from the search loop.
//!
//! The search asks [`SearchControl::should_stop`] every node; the answer is computed only every
//! [`CHECK_INTERVAL`] nodes (the clock and the cancel flag are read there), so the check costs
//! a counter increment. Time is split into a soft budget (do not start another iteration) and a
//! hard budget (abandon the iteration under way); a node budget is split the same way, so a
//! level given nodes spends them as it would spend the time they stand for.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::request::SearchLimits;

/// Nodes between two looks at the clock and the cancel flag.
pub(crate) const CHECK_INTERVAL: u64 = 1024;
/// Share of the move's time after which no new iteration starts (an iteration usually costs
/// several times the previous one).
pub(crate) const SOFT_TIME_SHARE: f64 = 0.45;

/// The limits of one search and the flag that cancels it from another thread.
#[derive(Debug)]
pub struct SearchControl<'a> {
    /// Set by another thread to stop the search (resign, abort, shutdown).
    cancel: &'a AtomicBool,
    /// When the search began.
    start: Instant,
    /// Past this, the iteration under way is abandoned.
    hard_deadline: Option<Instant>,
    /// Past this, no new iteration starts.
    soft_deadline: Option<Instant>,
    /// Stop after this many nodes.
    node_limit: Option<u64>,
    /// Past this many nodes, no new iteration starts.
    soft_node_limit: Option<u64>,
    /// The deepest iteration to run.
    depth_limit: Option<u32>,
    /// Nodes counted so far (every node the search enters).
    nodes: u64,
    /// Latched once a stop was decided, so every later check agrees.
    stopped: bool,
}

impl<'a> SearchControl<'a> {
    /// A control for `limits`, cancelled by `cancel`.
    pub fn new(limits: &SearchLimits, cancel: &'a AtomicBool) -> Self {
        let start = Instant::now();
        let hard_deadline = limits.time.map(|t| start + t);
        let soft_deadline = limits.time.map(|t| start + t.mul_f64(SOFT_TIME_SHARE));
        SearchControl {
            cancel,
            start,
            hard_deadline,
            soft_deadline,
            node_limit: limits.nodes,
            soft_node_limit: limits.nodes.map(|n| (n as f64 * SOFT_TIME_SHARE) as u64),
            depth_limit: limits.depth,
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts one node and says whether the search must stop now.
    #[inline]
    pub(crate) fn should_stop(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CHECK_INTERVAL == 0 {
            self.check();
        }
        self.stopped
    }

    /// Whether a stop was decided (without counting a node).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Looks at the flag, the clock and the node count now.
    pub fn check(&mut self) -> bool {
        if !self.stopped {
            let cancelled = self.cancel.load(Ordering::Relaxed);
            let out_of_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
            let out_of_time = self.hard_deadline.is_some_and(|d| Instant::now() >= d);
            self.stopped = cancelled || out_of_nodes || out_of_time;
        }
        self.stopped
    }

    /// Whether an iteration to `depth` may start (depth limit, soft time budget, stop).
    pub(crate) fn may_start_iteration(&mut self, depth: u32) -> bool {
        if self.check() {
            return false;
        }
        if self.depth_limit.is_some_and(|d| depth > d) {
            return false;
        }
        self.soft_node_limit.is_none_or(|n| self.nodes < n)
            && self.soft_deadline.is_none_or(|d| Instant::now() < d)
    }

    /// Counts `n` nodes without checking anything (engines that check on their own schedule).
    #[inline]
    pub(crate) fn add_nodes(&mut self, n: u64) {
        self.nodes += n;
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed().as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }

    /// The node limit, if any.
    pub(crate) fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The depth limit, if any.
    pub(crate) fn depth_limit(&self) -> Option<u32> {
        self.depth_limit
    }

    /// Whether the cancel flag is set (a cancelled search must not start anything new).
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limit_stops_at_the_next_check() {
        let cancel = AtomicBool::new(false);
        let limits = SearchLimits {
            nodes: Some(10),
            ..SearchLimits::default()
        };
        let mut control = SearchControl::new(&limits, &cancel);
        let mut n = 0;
        while !control.should_stop() {
            n += 1;
        }
        assert_eq!(n + 1, CHECK_INTERVAL);
    }

    #[test]
    fn past_the_soft_share_of_its_nodes_no_iteration_starts() {
        let cancel = AtomicBool::new(false);
        let limits = SearchLimits {
            nodes: Some(100 * CHECK_INTERVAL),
            ..SearchLimits::default()
        };
        let mut control = SearchControl::new(&limits, &cancel);
        let soft = (100.0 * CHECK_INTERVAL as f64 * SOFT_TIME_SHARE) as u64;
        control.add_nodes(soft - 1);
        assert!(control.may_start_iteration(5));
        control.add_nodes(1);
        assert!(!control.may_start_iteration(5));
        assert!(
            !control.check(),
            "the iteration under way goes on to the hard limit"
        );
    }

    #[test]
    fn cancel_flag_stops_and_stays_stopped() {
        let cancel = AtomicBool::new(false);
        let mut control = SearchControl::new(&SearchLimits::default(), &cancel);
        assert!(!control.check());
        cancel.store(true, Ordering::Relaxed);
        assert!(control.check());
        cancel.store(false, Ordering::Relaxed);
        assert!(control.stopped());
        assert!(!control.may_start_iteration(1));
    }

    #[test]
    fn depth_limit_ends_iterations() {
        let cancel = AtomicBool::new(false);
        let limits = SearchLimits {
            depth: Some(3),
            ..SearchLimits::default()
        };
        let mut control = SearchControl::new(&limits, &cancel);
        assert!(control.may_start_iteration(3));
        assert!(!control.may_start_iteration(4));
    }
}
