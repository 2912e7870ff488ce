//! The computer's turns: a search started in the AI pool when an AI seat is to move, and its
//! move played (or tried again) when it comes back.

use super::*;

impl Room {
    pub(super) fn is_ai(&self, side: Side) -> bool {
        self.setup.seats[side.index()].engine.is_some()
    }

    /// Starts a search when an AI seat is to move and none runs for this position.
    pub(super) fn maybe_start_ai(&mut self) {
        if self.status != GameStatus::Live || self.game.outcome().is_some() {
            return;
        }
        let side = self.game.side_to_move();
        let Some(engine) = self.setup.seats[side.index()].engine.clone() else {
            return;
        };
        let ply = self.moves.len();
        if self.ai.as_ref().is_some_and(|a| a.ply == ply) {
            return;
        }
        if let Some(old) = self.ai.take() {
            old.cancel.store(true, Ordering::Relaxed);
        }
        let cancel = Arc::new(AtomicBool::new(false));
        self.ai = Some(AiSearch {
            ply,
            cancel: cancel.clone(),
        });
        let limits = &self.deps.limits;
        let mut budget = Duration::from_millis(limits.ai_move_ms);
        if let Some(clock) = &self.clock {
            let left = clock.left(side, Instant::now());
            let inc = Duration::from_millis(clock.spec().increment_ms);
            budget = budget.min(left / 30 + inc / 2).max(AI_MIN_BUDGET);
        }
        let delay = if self.setup.seats.iter().all(|s| s.engine.is_some()) {
            Duration::from_millis(limits.exhibition_delay_ms)
        } else {
            Duration::ZERO
        };
        let request = request_for(&engine, budget, self.id.0 ^ (ply as u64) << 32);
        let game = self.game.clone();
        let pool = self.deps.pool.clone();
        let tx = self.tx.clone();
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let result = loop {
                let r = pool
                    .search(game.clone(), request.clone(), budget, cancel.clone())
                    .await;
                match r {
                    Err(PoolError::Busy) if !cancel.load(Ordering::Relaxed) => {
                        tokio::time::sleep(AI_RETRY).await;
                    }
                    other => break other,
                }
            };
            if !cancel.load(Ordering::Relaxed) || result.is_ok() {
                let _ = tx.send(RoomCommand::AiDone { ply, side, result }).await;
            }
        });
    }

    pub(super) async fn ai_done(
        &mut self,
        ply: usize,
        side: Side,
        result: Result<SearchResult, PoolError>,
    ) {
        if self.ai.as_ref().is_none_or(|a| a.ply != ply) {
            return;
        }
        self.ai = None;
        if self.status != GameStatus::Live
            || self.moves.len() != ply
            || self.game.side_to_move() != side
        {
            return;
        }
        let outcome = match result {
            Ok(SearchResult {
                best_move: Some(mv),
                ..
            }) => self.play_move(side, &mv, Duration::ZERO).await,
            Ok(SearchResult {
                best_move: None, ..
            }) => Err(ErrorReply::new(
                ErrorCode::AiError,
                "the engine found no move",
            )),
            Err(e) => Err(ErrorReply::new(ErrorCode::AiError, e.to_string())),
        };
        if let Err(e) = outcome {
            tracing::warn!("{}: AI seat {side:?} could not move: {e}", self.id);
            if e.code == ErrorCode::Storage {
                // Try again later: the position is unchanged.
                self.maybe_start_ai();
                return;
            }
            let result = GameResult {
                winner: Some(side.opponent()),
                reason: ResultReason::Abandoned,
            };
            if let Err(e) = self.finish(result).await {
                tracing::error!("{}: could not record the end: {e}", self.id);
            }
        }
    }
}
