//! Each event of the game: written to the records at its version, kept in the room's log
//! for catching up, and sent to every connection at the board.

use super::*;

impl Room {
    /// Records the next event, then sends it to everyone at the board. Nothing is sent, and the
    /// version does not move, when the store fails.
    pub(super) async fn emit(
        &mut self,
        event: GameEvent,
        change: Change,
    ) -> Result<(), ErrorReply> {
        self.emit_turn(event, change, None).await
    }

    /// Like [`Room::emit`], for an event that changes the position (a move, a takeback): `next`
    /// is the game after it, whose [`Turn`] the connections that asked for turns get in the
    /// event.
    pub(super) async fn emit_turn(
        &mut self,
        event: GameEvent,
        change: Change,
        next: Option<&AnyGame>,
    ) -> Result<(), ErrorReply> {
        let version = self.version + 1;
        let body = serde_json::to_string(&event)
            .map_err(|e| ErrorReply::new(ErrorCode::Internal, e.to_string()))?;
        let write = EventWrite {
            game: self.id,
            version,
            body,
            change,
            at_ms: self.deps.store.now_ms(),
        };
        tracing::trace!("{}: writing version {version}", self.id);
        let written = self.deps.store.write(write).await;
        tracing::trace!(
            "{}: written version {version}: {:?}",
            self.id,
            written.is_ok()
        );
        if let Err(e) = &written {
            tracing::warn!("{}: version {version} was not recorded", self.id);
            if e.is_conflict() {
                // Another room (on another node of a cluster) recorded this version: this one
                // is out of date. It closes, and its connections sit down wherever the game is.
                tracing::warn!("{}: another room runs this game; closing this one", self.id);
                self.life = self.life.on(Happening::VersionTaken);
                return Err(ErrorReply::new(
                    ErrorCode::Unavailable,
                    format!("{} moved to another server; try again in a moment", self.id),
                ));
            }
        }
        written?;
        self.version = version;
        let msg = Arc::new(ServerMessage::Event {
            game: self.id,
            version,
            event,
        });
        let turned = next
            .filter(|_| self.subs.values().any(|s| s.outbox.turns))
            .and_then(|game| match &*msg {
                ServerMessage::Event { event, .. } => with_turn(event.clone(), turn_of(game)),
                _ => None,
            })
            .map(|event| {
                Arc::new(ServerMessage::Event {
                    game: self.id,
                    version,
                    event,
                })
            });
        self.log.push_back((version, msg.clone()));
        while self.log.len() > self.deps.limits.replay_events.max(1) {
            self.log.pop_front();
        }
        self.broadcast(msg, turned);
        Ok(())
    }

    /// Sends `msg` to everyone at the board; those who asked for turns get `turned` instead
    /// when there is one.
    pub(super) fn broadcast(
        &mut self,
        msg: Arc<ServerMessage>,
        turned: Option<Arc<ServerMessage>>,
    ) {
        let mut dropped = Vec::new();
        for (conn, sub) in &self.subs {
            let msg = match &turned {
                Some(turned) if sub.outbox.turns => turned.clone(),
                _ => msg.clone(),
            };
            if !sub.outbox.send(msg) {
                dropped.push(*conn);
            }
        }
        if !dropped.is_empty() {
            for conn in dropped {
                self.subs.remove(&conn);
            }
            self.update_away();
            self.broadcast_presence();
        }
    }
}
