//! Game clocks kept by the server: initial time plus an increment per move, flag fall, and lag
//! credited back to the mover.
//!
//! A clock runs for one side at a time. The room starts it once the first move is played, so
//! nobody loses time while waiting for an opponent to sit down. Lag (half the ping round trip,
//! measured per connection) is credited back on each move, at most the configured cap and never
//! more than the time the move took. Times are `tokio::time::Instant`, so tests run on paused
//! time.

use std::time::Duration;

use chaupal_rules::Side;
use chaupal_shared::protocol::{ClockSpec, Clocks};
use tokio::time::Instant;

/// Both clocks of a game.
#[derive(Clone, Debug)]
pub struct GameClock {
    spec: ClockSpec,
    remaining: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, Instant)>,
    /// The sides that went berserk: no increment for them.
    berserk: [bool; 2],
}

/// A flag fell: this side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub Side);

impl GameClock {
    /// Fresh clocks, not running.
    pub fn new(spec: ClockSpec) -> Self {
        let t = Duration::from_millis(spec.initial_ms);
        GameClock {
            spec,
            remaining: [t, t],
            running: None,
            berserk: [false; 2],
        }
    }

    /// Clocks as stored (after a restart), not running.
    pub fn resumed(spec: ClockSpec, remaining_ms: [u64; 2]) -> Self {
        GameClock {
            spec,
            remaining: remaining_ms.map(Duration::from_millis),
            running: None,
            berserk: [false; 2],
        }
    }

    /// The same clocks, the sides in `berserk` without their increment (after a restart, the
    /// time taken off already in the clocks as stored).
    pub fn with_berserk(mut self, berserk: [bool; 2]) -> Self {
        self.berserk = berserk;
        self
    }

    /// `side` goes berserk at `now`: its clock loses half the initial time (its time used so
    /// far still counts: lichess's rule) and, from now on, its increment. Going berserk twice
    /// changes nothing more.
    pub fn go_berserk(&mut self, side: Side, now: Instant) {
        if self.berserk[side.index()] {
            return;
        }
        self.berserk[side.index()] = true;
        let half = Duration::from_millis(self.spec.initial_ms / 2);
        let left = self.left(side, now).saturating_sub(half);
        if let Some((running, since)) = self.running
            && running == side
        {
            self.remaining[side.index()] = left + now.saturating_duration_since(since);
        } else {
            self.remaining[side.index()] = left;
        }
    }

    /// The sides that went berserk.
    pub fn berserk(&self) -> [bool; 2] {
        self.berserk
    }

    pub fn spec(&self) -> ClockSpec {
        self.spec
    }

    /// Starts `side`'s clock (stopping the other).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock, charging the time used.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            let used = now.saturating_duration_since(since);
            self.remaining[side.index()] = self.remaining[side.index()].saturating_sub(used);
        }
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(s, _)| s)
    }

    /// Charges a move by `side` made at `now`, crediting up to `lag` back, then adds the
    /// increment. The clock is left stopped; the caller starts the next side's. Fails when the
    /// side had no time left.
    pub fn charge_move(&mut self, side: Side, now: Instant, lag: Duration) -> Result<(), Flagged> {
        if let Some((running, since)) = self.running.take() {
            let used = now.saturating_duration_since(since);
            let charged = if running == side {
                used.saturating_sub(lag.min(used))
            } else {
                used
            };
            let left = &mut self.remaining[running.index()];
            if charged >= *left && running == side {
                *left = Duration::ZERO;
                return Err(Flagged(side));
            }
            *left = left.saturating_sub(charged);
        }
        if !self.berserk[side.index()] {
            self.remaining[side.index()] += Duration::from_millis(self.spec.increment_ms);
        }
        Ok(())
    }

    /// When the running side's flag falls, allowing it `lag` of credit.
    pub fn deadline(&self, lag: Duration) -> Option<Instant> {
        self.running
            .map(|(side, since)| since + self.remaining[side.index()] + lag)
    }

    /// The side whose flag has fallen by `now` (with `lag` of credit), if any.
    pub fn flagged(&self, now: Instant, lag: Duration) -> Option<Side> {
        match (self.running, self.deadline(lag)) {
            (Some((side, _)), Some(deadline)) if now >= deadline => Some(side),
            _ => None,
        }
    }

    /// Time left for a side at `now`.
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let base = self.remaining[side.index()];
        match self.running {
            Some((s, since)) if s == side => {
                base.saturating_sub(now.saturating_duration_since(since))
            }
            _ => base,
        }
    }

    /// Both clocks at `now`, in milliseconds.
    pub fn millis(&self, now: Instant) -> [u64; 2] {
        Side::BOTH.map(|s| self.left(s, now).as_millis() as u64)
    }

    /// The clocks as the protocol shows them.
    pub fn view(&self, now: Instant) -> Clocks {
        let [first_ms, second_ms] = self.millis(now);
        Clocks {
            first_ms,
            second_ms,
            running: self.running(),
        }
    }

    /// Sets one side's time to zero (after its flag fell).
    pub fn zero(&mut self, side: Side) {
        self.running = None;
        self.remaining[side.index()] = Duration::ZERO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> ClockSpec {
        ClockSpec {
            initial_ms: 10_000,
            increment_ms: 2_000,
        }
    }

    #[tokio::test(start_paused = true)]
    async fn berserk_takes_half_the_initial_time_and_the_increment_of_one_side_only() {
        let mut clock = GameClock::new(spec());
        clock.start(Side::First, Instant::now());
        tokio::time::advance(Duration::from_secs(1)).await;
        clock.go_berserk(Side::First, Instant::now());
        // 10 s less the second used, less half of the initial 10 s.
        assert_eq!(clock.millis(Instant::now()), [4_000, 10_000]);
        clock.go_berserk(Side::First, Instant::now());
        assert_eq!(clock.millis(Instant::now()), [4_000, 10_000]);
        tokio::time::advance(Duration::from_secs(1)).await;
        clock
            .charge_move(Side::First, Instant::now(), Duration::ZERO)
            .unwrap();
        assert_eq!(
            clock.millis(Instant::now()),
            [3_000, 10_000],
            "no increment"
        );
        clock.start(Side::Second, Instant::now());
        tokio::time::advance(Duration::from_secs(1)).await;
        clock
            .charge_move(Side::Second, Instant::now(), Duration::ZERO)
            .unwrap();
        assert_eq!(clock.millis(Instant::now()), [3_000, 11_000]);
        assert_eq!(clock.berserk(), [true, false]);
        let resumed = GameClock::resumed(spec(), [3_000, 11_000]).with_berserk([true, false]);
        let mut resumed = resumed;
        resumed.start(Side::First, Instant::now());
        resumed
            .charge_move(Side::First, Instant::now(), Duration::ZERO)
            .unwrap();
        assert_eq!(resumed.millis(Instant::now()), [3_000, 11_000]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_move_costs_the_time_it_took_plus_gains_the_increment() {
        let mut clock = GameClock::new(spec());
        clock.start(Side::First, Instant::now());
        tokio::time::advance(Duration::from_secs(3)).await;
        clock
            .charge_move(Side::First, Instant::now(), Duration::ZERO)
            .unwrap();
        assert_eq!(clock.millis(Instant::now()), [9_000, 10_000]);
        assert_eq!(clock.running(), None);
    }

    #[tokio::test(start_paused = true)]
    async fn lag_is_credited_but_never_more_than_the_move_took() {
        let mut clock = GameClock::new(spec());
        clock.start(Side::First, Instant::now());
        tokio::time::advance(Duration::from_millis(500)).await;
        clock
            .charge_move(Side::First, Instant::now(), Duration::from_millis(200))
            .unwrap();
        assert_eq!(clock.millis(Instant::now())[0], 10_000 - 300 + 2_000);
        clock.start(Side::Second, Instant::now());
        tokio::time::advance(Duration::from_millis(100)).await;
        clock
            .charge_move(Side::Second, Instant::now(), Duration::from_secs(5))
            .unwrap();
        assert_eq!(clock.millis(Instant::now())[1], 12_000);
    }

    #[tokio::test(start_paused = true)]
    async fn the_flag_falls_when_the_time_is_used_up() {
        let mut clock = GameClock::new(spec());
        let start = Instant::now();
        clock.start(Side::First, start);
        assert_eq!(
            clock.deadline(Duration::ZERO),
            Some(start + Duration::from_secs(10))
        );
        tokio::time::advance(Duration::from_millis(9_999)).await;
        assert_eq!(clock.flagged(Instant::now(), Duration::ZERO), None);
        tokio::time::advance(Duration::from_millis(1)).await;
        assert_eq!(
            clock.flagged(Instant::now(), Duration::ZERO),
            Some(Side::First)
        );
        assert_eq!(
            clock.charge_move(Side::First, Instant::now(), Duration::ZERO),
            Err(Flagged(Side::First))
        );
    }

    #[tokio::test(start_paused = true)]
    async fn resumed_clocks_do_not_run_until_started() {
        let clock = GameClock::resumed(spec(), [4_000, 7_000]);
        tokio::time::advance(Duration::from_secs(60)).await;
        assert_eq!(clock.millis(Instant::now()), [4_000, 7_000]);
        assert_eq!(clock.flagged(Instant::now(), Duration::ZERO), None);
    }
}
