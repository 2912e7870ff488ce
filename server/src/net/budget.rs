//! The per-connection message budget: a token bucket with a steady rate and a burst.

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

#[cfg(test)]
mod tests {
    use super::*;

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
