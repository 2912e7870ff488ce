//! A correspondence game's time in its room: the pace after a move (the deadline of the side
//! to move), the game lost when the deadline passes, and when a game nobody is at falls asleep.

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

    /// The pace after a move or take-back leaves `next`: the next move's deadline is now plus
    /// the days a move, while the game goes on.
    pub(super) fn pace_after_move(&self, next: &AnyGame) -> Option<Pace> {
        self.pace
            .map(|pace| pace.after_move(next.outcome().is_none(), || self.deps.store.now_ms()))
    }

    /// The deadline of the side to move, by the records' clock (a correspondence game with days
    /// a move, in play).
    pub(super) fn deadline_ms(&self) -> Option<u64> {
        self.pace.and_then(Pace::deadline_ms)
    }

    /// Whether this correspondence game's deadline has passed by the records' clock.
    pub(super) fn deadline_passed(&self) -> bool {
        self.pace
            .is_some_and(|pace| pace.passed(|| self.deps.store.now_ms()))
    }

    /// Ends a correspondence game whose deadline has passed by the records' clock: lost on time
    /// by the side to move, or aborted when a side has not moved yet (nobody loses a game that
    /// never began).
    pub(super) async fn check_deadline(&mut self) {
        let Some(deadline) = self.deadline_ms() else {
            return;
        };
        if self.status != GameStatus::Live || !self.deadline_passed() {
            return;
        }
        let late = self.game.side_to_move();
        // A Swiss's or round robin's game is lost by an entrant who does not move, begun or
        // not: the round goes on with a result.
        let began = Side::BOTH.iter().all(|s| self.movers.contains(s))
            || self.setup.mode == crate::store::ROUNDS_MODE;
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
