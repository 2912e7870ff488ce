//! A game's end: the result recorded, the ratings changed, and everyone told.

use super::*;

impl Room {
    /// Ends the game: stops the clock and the AI, records the result (and ratings), tells
    /// everyone and the lobby.
    pub(super) async fn finish(&mut self, result: GameResult) -> Result<(), ErrorReply> {
        let now = Instant::now();
        let mut clock = self.clock.clone();
        if let Some(c) = &mut clock {
            c.stop(now);
        }
        let clocks = clock.as_ref().map(|c| c.view(now));
        let rated = (self.setup.rated && result.reason != ResultReason::Aborted)
            .then(|| self.rated_seats());
        let change = Change::Finish {
            result,
            clocks_ms: clock.as_ref().map(|c| c.millis(now)),
            rated,
        };
        self.emit(GameEvent::Ended { result, clocks }, change)
            .await?;
        self.pace = self.pace.map(Pace::ended);
        self.clock = clock;
        self.status = GameStatus::Finished;
        self.finished_at = Some(Instant::now());
        self.result = Some(result);
        self.draw_offer = None;
        self.takeback_request = None;
        if let Some(ai) = self.ai.take() {
            ai.cancel.store(true, Ordering::Relaxed);
        }
        let berserk = self.clock.as_ref().map_or([false; 2], GameClock::berserk);
        self.deps.host.game_ended(self.id, result, berserk);
        self.tell_players();
        Ok(())
    }

    pub(super) fn rated_seats(&self) -> RatedSeats {
        let owner = |i: usize| {
            let seat = &self.setup.seats[i];
            match (&seat.player, &seat.engine) {
                (Some(p), _) => (player_key(p.0), None),
                (None, Some(chaupal_shared::protocol::Engine::Level { level })) => (
                    level_key(*level),
                    Some(level_rating(self.setup.kind, *level)),
                ),
                _ => (
                    "unrated".to_owned(),
                    Some(crate::ratings::Rating::default()),
                ),
            }
        };
        let (a, fa) = owner(0);
        let (b, fb) = owner(1);
        RatedSeats {
            pool: self.setup.pool(),
            owners: [a, b],
            fixed: [fa, fb],
        }
    }
}
