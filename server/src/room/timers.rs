//! The room's timers: when it must wake next (a clock running out, a seat's grace ending, a
//! correspondence deadline, a Swiss's or round robin's first move not made, an AI retry,
//! closing), what it does then, and the lag credited to a seat's clock.

use super::*;
use crate::store::ROUNDS_MODE;

impl Room {
    /// The next time something happens by itself: a flag, a deadline, a grace period's end,
    /// sleeping, closing.
    pub(super) fn next_wake(&self) -> Option<Instant> {
        let mut wake: Option<Instant> = None;
        let mut consider = |t: Instant| wake = Some(wake.map_or(t, |w| w.min(t)));
        if let Some(at) = self.sleep_at() {
            consider(at);
        }
        if self.status == GameStatus::Live
            && let Some(deadline) = self.deadline_ms()
        {
            // The records' clock may be moved on (tests do): look again at least each minute;
            // the deadline scanner also tells the room when the records say it has passed.
            let left = deadline.saturating_sub(self.deps.store.now_ms());
            consider(Instant::now() + Duration::from_millis(left).min(DEADLINE_RECHECK));
        }
        if self.status == GameStatus::Live && self.setup.correspondence.is_some() {
            // No grace periods: being away is how a correspondence game is played.
        } else if self.status == GameStatus::Live {
            if let Some(at) = self.first_move_due() {
                consider(at);
            }
            if let Some(clock) = &self.clock
                && let Some(side) = clock.running()
                && let Some(deadline) = clock.deadline(self.lag_credit(side))
            {
                consider(deadline);
            }
            for side in Side::BOTH {
                if let Some(since) = self.away_since[side.index()]
                    && !self.grace_announced[side.index()]
                {
                    consider(since + self.deps.limits.reconnect_grace());
                }
            }
        } else {
            if let Some(since) = self.empty_since {
                consider(since + LINGER);
            }
            if let Some(at) = self.finished_at {
                consider(at + FINISHED_MAX);
            }
        }
        wake
    }

    pub(super) async fn on_timer(&mut self) {
        let now = Instant::now();
        if self.status != GameStatus::Live {
            return;
        }
        if self.deadline_ms().is_some() {
            self.check_deadline().await;
            return;
        }
        if self.first_move_due().is_some_and(|at| now >= at) {
            // The first side never moved: it loses, and the round goes on.
            let result = GameResult {
                winner: Some(Side::Second),
                reason: ResultReason::Timeout,
            };
            if let Err(e) = self.finish(result).await {
                tracing::error!("{}: could not record a first move not made: {e}", self.id);
            }
            return;
        }
        if let Some(clock) = &mut self.clock
            && let Some(side) = clock.running()
        {
            let credit = self.lag[side.index()].min(self.deps.limits.max_lag_credit());
            if clock.flagged(now, credit).is_some() {
                let mut stopped = clock.clone();
                stopped.zero(side);
                let result = GameResult {
                    winner: Some(side.opponent()),
                    reason: ResultReason::Timeout,
                };
                let before = self.clock.replace(stopped);
                if let Err(e) = self.finish(result).await {
                    tracing::error!("{}: could not record the flag fall: {e}", self.id);
                    self.clock = before;
                }
                return;
            }
        }
        let mut changed = false;
        for side in Side::BOTH {
            let i = side.index();
            if let Some(since) = self.away_since[i]
                && !self.grace_announced[i]
                && now >= since + self.deps.limits.reconnect_grace()
            {
                self.grace_announced[i] = true;
                changed = true;
            }
        }
        if changed {
            self.broadcast_presence();
        }
    }

    /// When a live Swiss's or round robin's game is lost by its first side for not having made
    /// its first move ([`crate::config::Limits::round_first_move`] after the room opened): an
    /// entrant who does not come must not hold up the round. None in any other game, and once
    /// the first side has moved.
    pub(super) fn first_move_due(&self) -> Option<Instant> {
        (self.status == GameStatus::Live
            && self.setup.mode == ROUNDS_MODE
            && self.clock.is_some()
            && !self.movers.contains(&Side::First))
        .then(|| self.opened_at + self.deps.limits.round_first_move())
    }

    pub(super) fn lag_credit(&self, side: Side) -> Duration {
        self.lag[side.index()].min(self.deps.limits.max_lag_credit())
    }
}
