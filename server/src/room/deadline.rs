//! A correspondence game's time: the deadline of the side to move after a move, the game
//! lost when it passes, and when a game nobody is at falls asleep.

use super::*;

impl Room {
    /// When a correspondence game in play, with nobody at it and no AI thinking, falls asleep.
    pub(super) fn sleep_at(&self) -> Option<Instant> {
        if self.setup.correspondence.is_none()
            || self.status != GameStatus::Live
            || self.ai.is_some()
            || !self.subs.is_empty()
        {
            return None;
        }
        Some(self.empty_since? + self.deps.limits.sleep_after())
    }

    /// The next move's deadline after a move or take-back leaves `next`: now plus the days a
    /// move, while the game goes on.
    pub(super) fn deadline_after_move(&self, next: &AnyGame) -> Option<u64> {
        let move_ms = self.setup.correspondence?.move_ms()?;
        next.outcome()
            .is_none()
            .then(|| self.deps.store.now_ms() + move_ms)
    }

    /// Whether this correspondence game's deadline has passed by the records' clock.
    pub(super) fn deadline_passed(&self) -> bool {
        self.deadline_ms
            .is_some_and(|deadline| self.deps.store.now_ms() >= deadline)
    }

    /// Ends a correspondence game whose deadline has passed by the records' clock: lost on time
    /// by the side to move, or aborted when a side has not moved yet (nobody loses a game that
    /// never began).
    pub(super) async fn check_deadline(&mut self) {
        let Some(deadline) = self.deadline_ms else {
            return;
        };
        if self.status != GameStatus::Live || !self.deadline_passed() {
            return;
        }
        let late = self.game.side_to_move();
        let began = Side::BOTH.iter().all(|s| self.movers.contains(s));
        let result = GameResult {
            winner: began.then_some(late.opponent()),
            reason: if began {
                ResultReason::Timeout
            } else {
                ResultReason::Aborted
            },
        };
        tracing::info!(
            "{}: the deadline passed {} ms ago",
            self.id,
            self.deps.store.now_ms() - deadline
        );
        if let Err(e) = self.finish(result).await {
            tracing::error!("{}: could not record the deadline's end: {e}", self.id);
        }
    }
}
