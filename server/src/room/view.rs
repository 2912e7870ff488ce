//! What a room shows: snapshots for newcomers, presence for everyone, summaries for lists.

use std::sync::Arc;

use chaupal_rules::Side;
use chaupal_shared::protocol::{GameSnapshot, GameSummary, SeatPresence, ServerMessage};
use tokio::time::Instant;

use super::{Room, RoomView};
use crate::outbox::ConnId;

impl Room {
    /// The game as lists show it.
    pub(super) fn summary(&self) -> GameSummary {
        let mut summary = self.setup.summary(
            self.id,
            self.ratings,
            self.status,
            self.result,
            self.moves.len() as u32,
            self.watchers(),
        );
        summary.deadline_ms = self.deadline_ms();
        summary
    }

    /// Connections watching without a seat.
    fn watchers(&self) -> u32 {
        self.subs.values().filter(|s| s.seats.is_empty()).count() as u32
    }

    fn presence(&self) -> [SeatPresence; 2] {
        let now = Instant::now();
        let grace = self.deps.limits.reconnect_grace();
        // A correspondence game has no grace period: being away is how it is played.
        let claims = self.setup.correspondence.is_none();
        Side::BOTH.map(|side| match self.away_since[side.index()] {
            Some(since) if claims && self.status == crate::room::GameStatus::Live => SeatPresence {
                connected: false,
                claim_in_ms: Some(
                    grace
                        .saturating_sub(now.saturating_duration_since(since))
                        .as_millis() as u64,
                ),
            },
            Some(_) => SeatPresence {
                connected: false,
                claim_in_ms: None,
            },
            None => SeatPresence {
                connected: true,
                claim_in_ms: None,
            },
        })
    }

    pub(super) fn broadcast_presence(&mut self) {
        let msg = Arc::new(ServerMessage::Presence {
            game: self.id,
            seats: self.presence(),
            watchers: self.watchers(),
        });
        let mut dropped = false;
        for sub in self.subs.values() {
            dropped |= !sub.outbox.send(msg.clone());
        }
        if dropped {
            self.subs.retain(|_, s| !s.outbox.is_closed());
            self.update_away();
        }
    }

    /// The whole game, as the connection `conn` may see it.
    pub(super) fn snapshot(&self, your_seats: Vec<Side>) -> GameSnapshot {
        let now = Instant::now();
        let live = self.status == crate::room::GameStatus::Live;
        GameSnapshot {
            summary: self.summary(),
            version: self.version,
            start_position: self.setup.start_position.clone(),
            moves: self.moves.clone(),
            position: self.game.position_text(),
            side_to_move: self.game.side_to_move(),
            legal_moves: if live {
                self.game.legal_moves_text()
            } else {
                Vec::new()
            },
            clocks: self.clock.as_ref().map(|c| c.view(now)),
            deadline_ms: self.deadline_ms(),
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            rematch_offer: self.rematch_offer,
            presence: self.presence(),
            your_seats,
            // Only those who may see the game are sent a snapshot of it.
            watch_key: self.setup.watch_key.clone(),
        }
    }

    pub(super) fn send_snapshot(&mut self, conn: ConnId) {
        if let Some(sub) = self.subs.get(&conn) {
            let snapshot = self.snapshot(sub.seats.clone());
            sub.outbox
                .send(Arc::new(ServerMessage::Snapshot(Box::new(snapshot))));
        }
    }

    pub(super) fn view(&self) -> RoomView {
        RoomView {
            summary: self.summary(),
            game: self.game.clone(),
            moves: self.moves.clone(),
            start_position: self.setup.start_position.clone(),
        }
    }
}
