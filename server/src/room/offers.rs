//! Offers between the seats: a draw, the takeback of the offerer's last move, and after the
//! game a rematch, each made by one seat and accepted or declined by the other. An AI seat, or
//! the one player of a local game, takes a takeback or a rematch at once; offering what the
//! opponent has offered accepts it.
//!
//! Each offer is checked like any action: who may make or answer it and whether it may be
//! made now; a refused one changes nothing and gets a typed error.

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameEvent, GameResult, OfferKind, ResultReason,
};
use tokio::time::Instant;

use super::Room;
use crate::pace::Pace;
use crate::store::{Change, NextTurn};

fn err(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

/// What an offer is called in an error's reason.
fn offer_name(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw offer",
        OfferKind::Takeback => "takeback request",
        OfferKind::Rematch => "rematch offer",
    }
}

impl Room {
    /// `side` offers `kind` to its opponent.
    pub(super) async fn offer(&mut self, side: Side, kind: OfferKind) -> Result<(), ErrorReply> {
        match kind {
            OfferKind::Draw => {
                self.require_live()?;
                self.require_opponent_person(side, "draw offers")?;
                match self.draw_offer {
                    Some(by) if by == side.opponent() => self.agree_draw().await,
                    Some(_) => Ok(()),
                    None => {
                        self.emit(GameEvent::OfferMade { kind, by: side }, Change::None)
                            .await?;
                        self.draw_offer = Some(side);
                        Ok(())
                    }
                }
            }
            OfferKind::Takeback => {
                self.require_live()?;
                self.refuse_in_tournament("takebacks")?;
                if self.setup.rated {
                    return Err(err(
                        ErrorCode::NotAllowed,
                        "takebacks are for casual games only",
                    ));
                }
                if !self.movers.contains(&side) {
                    return Err(err(ErrorCode::NotAllowed, "you have no move to take back"));
                }
                let opponent = side.opponent();
                if self.is_ai(opponent) || self.is_local() {
                    // The AI, or the same person, consents at once.
                    self.emit(GameEvent::OfferMade { kind, by: side }, Change::None)
                        .await?;
                    return self.take_back(side).await;
                }
                if self.takeback_request == Some(opponent) {
                    return self.take_back(opponent).await;
                }
                if self.takeback_request.is_none() {
                    self.emit(GameEvent::OfferMade { kind, by: side }, Change::None)
                        .await?;
                    self.takeback_request = Some(side);
                }
                Ok(())
            }
            OfferKind::Rematch => {
                self.require_finished()?;
                self.refuse_in_tournament("rematches: the tournament pairs its entrants")?;
                let opponent = side.opponent();
                if self.is_ai(opponent) || self.is_local() || self.rematch_offer == Some(opponent) {
                    return self.start_rematch().await;
                }
                if self.rematch_offer.is_none() {
                    self.emit(GameEvent::OfferMade { kind, by: side }, Change::None)
                        .await?;
                    self.rematch_offer = Some(side);
                }
                Ok(())
            }
        }
    }

    /// Refuses `what` in a tournament's game (an arena's, a Swiss's, a round robin's): its
    /// games are played as paired, and their results are the tournament's.
    fn refuse_in_tournament(&self, what: &str) -> Result<(), ErrorReply> {
        let mode = self.setup.mode.as_str();
        if mode == crate::store::TOURNAMENT_MODE || mode == crate::store::ROUNDS_MODE {
            return Err(err(
                ErrorCode::NotAllowed,
                format!("no {what} in a tournament's game"),
            ));
        }
        Ok(())
    }

    /// `side` accepts (`accept`) or declines its opponent's open offer of `kind`.
    pub(super) async fn answer(
        &mut self,
        side: Side,
        kind: OfferKind,
        accept: bool,
    ) -> Result<(), ErrorReply> {
        match kind {
            OfferKind::Draw | OfferKind::Takeback => self.require_live()?,
            OfferKind::Rematch => self.require_finished()?,
        }
        if *self.open_offer(kind) != Some(side.opponent()) {
            return Err(err(
                ErrorCode::NoOffer,
                format!("there is no {} to answer", offer_name(kind)),
            ));
        }
        if accept {
            return match kind {
                OfferKind::Draw => self.agree_draw().await,
                OfferKind::Takeback => self.take_back(side.opponent()).await,
                OfferKind::Rematch => self.start_rematch().await,
            };
        }
        self.emit(GameEvent::OfferDeclined { kind, by: side }, Change::None)
            .await?;
        *self.open_offer(kind) = None;
        Ok(())
    }

    /// The open offer of `kind`: the side that made it, if any.
    fn open_offer(&mut self, kind: OfferKind) -> &mut Option<Side> {
        match kind {
            OfferKind::Draw => &mut self.draw_offer,
            OfferKind::Takeback => &mut self.takeback_request,
            OfferKind::Rematch => &mut self.rematch_offer,
        }
    }

    fn require_opponent_person(&self, side: Side, what: &str) -> Result<(), ErrorReply> {
        if self.is_ai(side.opponent()) || self.is_local() {
            Err(err(
                ErrorCode::NotAllowed,
                format!("{what} need an opponent who is a different person"),
            ))
        } else {
            Ok(())
        }
    }

    async fn agree_draw(&mut self) -> Result<(), ErrorReply> {
        self.finish(GameResult {
            winner: None,
            reason: ResultReason::Agreement,
        })
        .await
    }

    /// Takes back `side`'s last move and every move after it.
    async fn take_back(&mut self, side: Side) -> Result<(), ErrorReply> {
        let Some(keep) = self.movers.iter().rposition(|&s| s == side) else {
            return Err(err(ErrorCode::NotAllowed, "there is no move to take back"));
        };
        let mut game = self.start.clone();
        for mv in &self.moves[..keep] {
            game.play_text(mv)
                .map_err(|e| err(ErrorCode::Internal, format!("replaying the game: {e}")))?;
        }
        let now = Instant::now();
        let mut clock = self.clock.clone();
        if let Some(c) = &mut clock {
            c.stop(now);
            if keep > 0 {
                c.start(game.side_to_move(), now);
            }
        }
        let plies = (self.moves.len() - keep) as u32;
        let pace = self.pace_after_move(&game);
        let change = Change::TakeBack {
            to_ply: keep as u32,
            clocks_ms: clock.as_ref().map(|c| c.millis(now)),
            turn: NextTurn {
                side: game.side_to_move(),
                pace,
            },
        };
        self.emit_turn(
            GameEvent::TakenBack {
                plies,
                ply: keep as u32,
                clocks: clock.as_ref().map(|c| c.view(now)),
                turn: None,
                deadline_ms: pace.and_then(Pace::deadline_ms),
            },
            change,
            Some(&game),
        )
        .await?;
        self.pace = pace;
        self.game = game;
        self.moves.truncate(keep);
        self.movers.truncate(keep);
        self.clock = clock;
        self.takeback_request = None;
        self.draw_offer = None;
        if let Some(ai) = self.ai.take() {
            ai.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        self.deps.host.game_moved(self.id, keep as u32);
        self.tell_players();
        self.maybe_start_ai();
        Ok(())
    }

    /// Starts the rematch (same set-up, sides swapped) with the seated connections.
    async fn start_rematch(&mut self) -> Result<(), ErrorReply> {
        let mut setup = self.setup.clone();
        setup.seats.swap(0, 1);
        setup.started_ms = self.deps.store.now_ms();
        let seated = self
            .subs
            .values()
            .filter(|s| !s.seats.is_empty())
            .map(|s| s.outbox.clone())
            .collect();
        let start = self.start.clone();
        let game = self.deps.host.start_rematch(setup, start, seated).await?;
        self.emit(GameEvent::RematchStarted { game }, Change::None)
            .await?;
        self.rematch_game = Some(game);
        self.rematch_offer = None;
        Ok(())
    }
}
