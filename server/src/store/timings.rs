//! Where the writer's time goes, stage by stage: a summary logged at debug level
//! (`RUST_LOG=chaupal_server::store=debug`) every [`WINDOW`], on a timer: an idle server says
//! that it committed nothing.
//!
//! Each group commit is timed from the oldest write's arrival in the queue to the last
//! acknowledgement: the wait in the queue, taking the connection and `BEGIN`, the statements,
//! `COMMIT` (on SQLite with `synchronous = FULL`, the disk sync), and the acknowledgements.

use std::time::{Duration, Instant};

use super::checkpoint::Checkpointed;

/// How often the summary is logged.
pub const WINDOW: Duration = Duration::from_secs(10);

/// The time one group spent in each stage.
#[derive(Clone, Copy, Debug, Default)]
pub struct GroupTiming {
    /// Writes in the group.
    pub size: usize,
    /// From the oldest write's arrival in the queue to the group's start.
    pub queued: Duration,
    /// Taking the connection and beginning the transaction.
    pub begin: Duration,
    /// The inserts and updates.
    pub statements: Duration,
    /// `COMMIT`.
    pub commit: Duration,
    /// Sending the acknowledgements.
    pub ack: Duration,
}

/// The groups and checkpoints of the current window.
#[derive(Debug)]
pub struct Timings {
    since: Instant,
    groups: Vec<GroupTiming>,
    /// How long each checkpoint took, and what it did.
    checkpoints: Vec<(Duration, Checkpointed)>,
}

impl Default for Timings {
    fn default() -> Self {
        Timings {
            since: Instant::now(),
            groups: Vec::new(),
            checkpoints: Vec::new(),
        }
    }
}

impl Timings {
    /// Whether the summaries are logged at all (debug level for this module).
    pub fn enabled() -> bool {
        tracing::enabled!(tracing::Level::DEBUG)
    }

    /// When the current window ends.
    pub fn due(&self) -> Instant {
        self.since + WINDOW
    }

    /// Counts one group, and logs the window's summary when the window is over.
    pub fn add(&mut self, group: GroupTiming) {
        if !Self::enabled() {
            return;
        }
        self.groups.push(group);
        self.log_if_due();
    }

    /// Logs the window's summary and starts the next window, once the window is over; returns
    /// the line logged.
    pub fn log_if_due(&mut self) -> Option<String> {
        if self.since.elapsed() < WINDOW {
            return None;
        }
        let line = self.summary();
        tracing::debug!("group commits: {line}");
        self.groups.clear();
        self.checkpoints.clear();
        self.since = Instant::now();
        Some(line)
    }

    /// Counts one checkpoint.
    pub fn checkpoint(&mut self, took: Duration, done: Checkpointed) {
        if tracing::enabled!(tracing::Level::DEBUG) {
            self.checkpoints.push((took, done));
        }
    }

    /// One line: groups, writes, and each stage's p50/p99/max in milliseconds.
    pub fn summary(&self) -> String {
        let writes: usize = self.groups.iter().map(|g| g.size).sum();
        let mut sizes: Vec<f64> = self.groups.iter().map(|g| g.size as f64).collect();
        let mut line = format!(
            "{} groups, {} writes in {:.1} s; size {}",
            self.groups.len(),
            writes,
            self.since.elapsed().as_secs_f64(),
            spread(&mut sizes, "")
        );
        type Stage = fn(&GroupTiming) -> Duration;
        let stages: [(&str, Stage); 5] = [
            ("queued", |g| g.queued),
            ("begin", |g| g.begin),
            ("statements", |g| g.statements),
            ("commit", |g| g.commit),
            ("ack", |g| g.ack),
        ];
        for (name, stage) in stages {
            let mut ms: Vec<f64> = self
                .groups
                .iter()
                .map(|g| stage(g).as_secs_f64() * 1e3)
                .collect();
            line.push_str(&format!("; {name} {}", spread(&mut ms, " ms")));
        }
        let mut took: Vec<f64> = self
            .checkpoints
            .iter()
            .map(|(d, _)| d.as_secs_f64() * 1e3)
            .collect();
        let mut frames: Vec<f64> = self.checkpoints.iter().map(|(_, c)| c.log as f64).collect();
        line.push_str(&format!(
            "; {} checkpoints {}, log frames {}",
            self.checkpoints.len(),
            spread(&mut took, " ms"),
            spread(&mut frames, "")
        ));
        line
    }
}

/// "p50/p99/max" of the values.
fn spread(values: &mut [f64], unit: &str) -> String {
    if values.is_empty() {
        return "-".into();
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    format!("{:.2}/{:.2}/{:.2}{unit}", at(0.5), at(0.99), at(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_summary_gives_each_stage_its_median_99th_percentile_and_worst() {
        let mut timings = Timings::default();
        for i in 1..=100 {
            timings.groups.push(GroupTiming {
                size: 2,
                queued: ms(i),
                begin: ms(1),
                statements: ms(2),
                commit: ms(if i == 100 { 40 } else { 3 }),
                ack: Duration::ZERO,
            });
        }
        timings.checkpoints.push((
            ms(5),
            Checkpointed {
                log: 900,
                copied: 900,
            },
        ));
        let line = timings.summary();
        assert!(line.starts_with("100 groups, 200 writes in "), "{line}");
        for part in [
            "size 2.00/2.00/2.00",
            "queued 51.00/99.00/100.00 ms",
            "begin 1.00/1.00/1.00 ms",
            "statements 2.00/2.00/2.00 ms",
            "commit 3.00/3.00/40.00 ms",
            "ack 0.00/0.00/0.00 ms",
            "1 checkpoints 5.00/5.00/5.00 ms, log frames 900.00/900.00/900.00",
        ] {
            assert!(line.contains(part), "{part} not in {line}");
        }
    }

    #[test]
    fn an_empty_window_says_so() {
        let line = Timings::default().summary();
        assert!(line.starts_with("0 groups, 0 writes"), "{line}");
        assert!(line.contains("commit -"), "{line}");
    }

    #[test]
    fn an_idle_window_is_summed_up_when_it_ends_and_the_next_begins() {
        let mut timings = Timings::default();
        assert_eq!(timings.log_if_due(), None, "the window has just begun");
        timings.since = Instant::now()
            .checked_sub(WINDOW)
            .expect("the clock is past one window");
        assert!(timings.due() <= Instant::now());
        let line = timings
            .log_if_due()
            .expect("a summary when the window is over");
        assert!(line.starts_with("0 groups, 0 writes in 10."), "{line}");
        assert!(timings.due() > Instant::now(), "the next window has begun");
        assert_eq!(timings.log_if_due(), None);
    }
}
