//! What seats do: moves, resignation, aborts and claims; offers and their answers go to
//! [`super::offers`].
//!
//! Every action first checks who may do it and whether it is allowed now; a refused action
//! changes nothing and gets a typed error.

use std::time::Duration;

use chaupal_rules::{MoveError, Side};
use chaupal_shared::protocol::echo::about;
use chaupal_shared::protocol::{
    Action, ErrorCode, ErrorReply, GameEvent, GameResult, GameStatus, PlayerId, ResultReason,
};
use tokio::time::Instant;

use super::Room;
use crate::pace::Pace;
use crate::store::{Change, NextTurn, TOURNAMENT_MODE};

fn err(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

impl Room {
    pub(super) async fn act(
        &mut self,
        player: PlayerId,
        seat: Option<Side>,
        action: Action,
        lag: Duration,
    ) -> Result<(), ErrorReply> {
        tracing::trace!("{}: {player} acts: {action:?}", self.id);
        self.deps.host.may_act()?;
        let held = self.seats_of(player);
        let side = match (seat, held.as_slice()) {
            (_, []) => {
                return Err(err(
                    ErrorCode::NotYourSeat,
                    format!("you hold no seat in {}", self.id),
                ));
            }
            (Some(s), _) if !held.contains(&s) => {
                return Err(err(
                    ErrorCode::NotYourSeat,
                    format!("the {} seat is not yours", self.setup.kind.side_name(s)),
                ));
            }
            (Some(s), _) => s,
            (None, [only]) => *only,
            (None, _) => self.game.side_to_move(),
        };
        self.lag[side.index()] = lag;
        match action {
            Action::Move { notation, ply } => {
                self.require_live()?;
                let played = self.moves.len();
                if let Some(ply) = ply
                    && usize::try_from(ply).ok() != Some(played)
                {
                    return Err(err(
                        ErrorCode::StaleMove,
                        format!(
                            "{notation} was for the position after {ply} moves; {played} have \
                             been played: nothing changed"
                        ),
                    ));
                }
                let to_move = self.game.side_to_move();
                if side != to_move {
                    return Err(err(
                        ErrorCode::NotYourTurn,
                        format!("{} are to move", self.setup.kind.side_name(to_move)),
                    ));
                }
                self.play_move(side, &notation, lag).await
            }
            Action::Resign => {
                self.require_live()?;
                self.finish(GameResult {
                    winner: Some(side.opponent()),
                    reason: ResultReason::Resignation,
                })
                .await
            }
            Action::Offer(kind) => self.offer(side, kind).await,
            Action::Answer { kind, accept } => self.answer(side, kind, accept).await,
            Action::Abort => {
                self.require_live()?;
                if self.movers.contains(&Side::First) && self.movers.contains(&Side::Second) {
                    return Err(err(
                        ErrorCode::NotAllowed,
                        "both sides have moved: resign or offer a draw instead",
                    ));
                }
                self.finish(GameResult {
                    winner: None,
                    reason: ResultReason::Aborted,
                })
                .await
            }
            Action::Berserk => self.berserk(side).await,
            Action::ClaimWin => {
                self.require_live()?;
                if self.setup.correspondence.is_some() {
                    return Err(err(
                        ErrorCode::NotAllowed,
                        "a correspondence game is not won by claiming: its deadline decides",
                    ));
                }
                let opponent = side.opponent();
                let grace = self.deps.limits.reconnect_grace();
                match self.away_since[opponent.index()] {
                    Some(since) if since.elapsed() >= grace && !self.is_local() => {
                        self.finish(GameResult {
                            winner: Some(side),
                            reason: ResultReason::Abandoned,
                        })
                        .await
                    }
                    Some(since) => Err(err(
                        ErrorCode::NotAllowed,
                        format!(
                            "the grace period has {} ms to run",
                            grace.saturating_sub(since.elapsed()).as_millis()
                        ),
                    )),
                    None => Err(err(
                        ErrorCode::NotAllowed,
                        "your opponent is connected (or an AI)",
                    )),
                }
            }
        }
    }

    /// `side` goes berserk: only in an arena's game with a clock, before its first move, once.
    async fn berserk(&mut self, side: Side) -> Result<(), ErrorReply> {
        self.require_live()?;
        if self.setup.mode != TOURNAMENT_MODE {
            return Err(err(
                ErrorCode::NotAllowed,
                "berserk is for an arena's games only",
            ));
        }
        let Some(clock) = &self.clock else {
            return Err(err(ErrorCode::NotAllowed, "this game has no clock"));
        };
        if clock.berserk()[side.index()] {
            return Err(err(ErrorCode::NotAllowed, "you went berserk already"));
        }
        if self.movers.contains(&side) {
            return Err(err(
                ErrorCode::NotAllowed,
                "berserk is only before your first move",
            ));
        }
        let now = Instant::now();
        let mut clock = clock.clone();
        clock.go_berserk(side, now);
        let change = Change::Berserk {
            side,
            clocks_ms: Some(clock.millis(now)),
        };
        let clocks = Some(clock.view(now));
        self.emit(GameEvent::Berserked { side, clocks }, change)
            .await?;
        self.clock = Some(clock);
        // The running clock's flag falls sooner now.
        self.tell_players();
        Ok(())
    }

    pub(super) fn require_live(&self) -> Result<(), ErrorReply> {
        if self.status == GameStatus::Live {
            Ok(())
        } else {
            Err(err(ErrorCode::GameOver, format!("{} is over", self.id)))
        }
    }

    pub(super) fn require_finished(&self) -> Result<(), ErrorReply> {
        if self.status != GameStatus::Finished {
            return Err(err(ErrorCode::NotAllowed, "the game is still being played"));
        }
        if let Some(game) = self.rematch_game {
            return Err(err(
                ErrorCode::NotAllowed,
                format!("the rematch is already {game}"),
            ));
        }
        Ok(())
    }

    /// Checks and plays a move for `side`, recording it before anyone hears of it.
    pub(super) async fn play_move(
        &mut self,
        side: Side,
        notation: &str,
        lag: Duration,
    ) -> Result<(), ErrorReply> {
        let mut next = self.game.clone();
        let canonical = next.play_text(notation).map_err(|e| match e {
            MoveError::GameOver => err(ErrorCode::GameOver, "the game is over"),
            other => err(ErrorCode::IllegalMove, about(&other.to_string(), notation)),
        })?;
        // A correspondence game whose deadline has passed by the records' clock is lost on
        // time before a late move counts, however soon after the deadline it comes (the
        // room's timer and the deadline scanner look only now and then).
        if self.deadline_passed() {
            self.check_deadline().await;
            return Err(if self.status == GameStatus::Live {
                err(
                    ErrorCode::Storage,
                    "the deadline for this move has passed, and its end could not be recorded",
                )
            } else {
                err(ErrorCode::GameOver, "the deadline for this move passed")
            });
        }
        let now = Instant::now();
        let mut clock = self.clock.clone();
        if let Some(c) = &mut clock {
            let credit = lag.min(self.deps.limits.max_lag_credit());
            if c.charge_move(side, now, credit).is_err() {
                // The flag fell before the move arrived.
                let mut stopped = c.clone();
                stopped.zero(side);
                let before = self.clock.replace(stopped);
                let result = GameResult {
                    winner: Some(side.opponent()),
                    reason: ResultReason::Timeout,
                };
                if let Err(e) = self.finish(result).await {
                    // Not recorded: the game goes on as it was, its clock still running.
                    self.clock = before;
                    return Err(e);
                }
                return Err(err(ErrorCode::GameOver, "your time ran out"));
            }
            if next.outcome().is_none() {
                c.start(next.side_to_move(), now);
            }
        }
        let ply = self.moves.len() as u32 + 1;
        let clocks = clock.as_ref().map(|c| c.view(now));
        let clocks_ms = clock.as_ref().map(|c| c.millis(now));
        let pace = self.pace_after_move(&next);
        let change = Change::Move {
            ply,
            notation: canonical.clone(),
            mover_ms: clocks_ms.map(|c| c[side.index()]),
            clocks_ms,
            turn: NextTurn {
                side: next.side_to_move(),
                pace,
            },
        };
        self.emit_turn(
            GameEvent::Moved {
                ply,
                side,
                notation: canonical.clone(),
                clocks,
                turn: None,
                deadline_ms: pace.and_then(Pace::deadline_ms),
            },
            change,
            Some(&next),
        )
        .await?;
        self.pace = pace;
        self.game = next;
        self.moves.push(canonical);
        self.movers.push(side);
        self.clock = clock;
        self.draw_offer = None;
        self.takeback_request = None;
        self.deps.host.game_moved(self.id, ply);
        if self.game.outcome().is_none() {
            self.tell_players();
        }
        if let Some(outcome) = self.game.outcome() {
            let result = GameResult {
                winner: outcome.winner(),
                reason: ResultReason::Rules(outcome.reason()),
            };
            if let Err(e) = self.finish(result).await {
                // The move stands; the end is found again on the next start.
                tracing::error!("{}: could not record the end: {e}", self.id);
            }
        } else {
            self.maybe_start_ai();
        }
        Ok(())
    }
}
