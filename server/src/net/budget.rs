//! The per-connection message budget: a token bucket with a steady rate and a burst
//! ([`Budget`]), and the count of the messages it refused lately ([`Refusals`]): a connection
//! refused more than a set number of messages within a set window is flooding, and is closed.

use std::collections::VecDeque;
use std::time::Duration;

use tokio::time::Instant;

/// A token bucket: `burst` tokens at most, refilled at `rate` per second; each message costs one.
#[derive(Clone, Debug)]
pub struct Budget {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Budget {
    pub fn new(rate_per_second: u32, burst: u32) -> Self {
        let burst = f64::from(burst.max(1));
        Budget {
            rate: f64::from(rate_per_second),
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Spends one token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last);
        self.last = now;
        self.tokens = (self.tokens + elapsed.as_secs_f64() * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// How long until one token is back (for error messages).
    pub fn wait(&self) -> Duration {
        if self.rate <= 0.0 {
            return Duration::MAX;
        }
        Duration::from_secs_f64(((1.0 - self.tokens) / self.rate).max(0.0))
    }
}

/// The times of the messages the budget refused within the last `window`: more than `max` of
/// them is a flood. Keeps at most `max + 1` times.
#[derive(Clone, Debug)]
pub struct Refusals {
    max: usize,
    window: Duration,
    times: VecDeque<Instant>,
}

impl Refusals {
    pub fn new(max: u32, window: Duration) -> Self {
        Refusals {
            max: max as usize,
            window,
            times: VecDeque::new(),
        }
    }

    /// Counts a refusal at `now`; true when it is more than `max` within the window (a flood).
    pub fn refuse(&mut self, now: Instant) -> bool {
        while self
            .times
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= self.window)
        {
            self.times.pop_front();
        }
        self.times.push_back(now);
        if self.times.len() > self.max + 1 {
            self.times.pop_front();
        }
        self.times.len() > self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn more_refusals_than_allowed_within_the_window_is_a_flood() {
        let mut r = Refusals::new(3, Duration::from_secs(10));
        let now = Instant::now();
        assert!((0..3).all(|_| !r.refuse(now)), "three are allowed");
        assert!(r.refuse(now), "the fourth within the window is a flood");
    }

    #[tokio::test(start_paused = true)]
    async fn refusals_spread_wider_than_the_window_are_no_flood() {
        let mut r = Refusals::new(3, Duration::from_secs(10));
        for _ in 0..20 {
            assert!(!r.refuse(Instant::now()));
            tokio::time::advance(Duration::from_millis(3400)).await;
        }
        // Four within ten seconds again.
        for _ in 0..3 {
            r.refuse(Instant::now());
            tokio::time::advance(Duration::from_millis(100)).await;
        }
        assert!(r.refuse(Instant::now()));
    }

    /// A steady flood faster than the budget is refused again and again, and soon a flood;
    /// a client just under the budget is never refused.
    #[tokio::test(start_paused = true)]
    async fn a_steady_flood_is_caught_and_a_client_under_the_budget_is_not() {
        let (mut budget, mut refusals) = (
            Budget::new(20, 5),
            Refusals::new(20, Duration::from_secs(10)),
        );
        let mut flooding = false;
        for _ in 0..1000 {
            if !budget.take(Instant::now()) && refusals.refuse(Instant::now()) {
                flooding = true;
                break;
            }
            tokio::time::advance(Duration::from_millis(1)).await;
        }
        assert!(flooding, "1000 messages a second against 20");
        let mut budget = Budget::new(20, 5);
        for _ in 0..2000 {
            assert!(budget.take(Instant::now()), "19 a second is within 20");
            tokio::time::advance(Duration::from_micros(52_632)).await;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_burst_is_allowed_then_the_steady_rate() {
        let mut b = Budget::new(10, 5);
        let now = Instant::now();
        assert!((0..5).all(|_| b.take(now)));
        assert!(!b.take(now));
        tokio::time::advance(Duration::from_millis(100)).await;
        assert!(b.take(Instant::now()));
        assert!(!b.take(Instant::now()));
        tokio::time::advance(Duration::from_secs(60)).await;
        let now = Instant::now();
        assert_eq!(
            (0..10).filter(|_| b.take(now)).count(),
            5,
            "never above the burst"
        );
    }
}
