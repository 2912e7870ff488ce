//! The room's connections: sitting down (a seat or a spectator's place), catching up on
//! what was missed since a version, and who is away from their seat.

use super::*;

impl Room {
    pub(super) fn add_sub(&mut self, outbox: Outbox) {
        let seats = self.seats_of(outbox.player);
        let conn = outbox.conn;
        // Notice when the connection goes, even if the room never writes to it again.
        let watch = outbox.clone();
        let tx = self.tx.clone();
        let stop = CancellationToken::new();
        let guard = stop.clone().drop_guard();
        tokio::spawn(async move {
            tokio::select! {
                () = watch.closed() => {
                    let _ = tx.send(RoomCommand::Detach { conn }).await;
                }
                () = stop.cancelled() => {}
            }
        });
        self.subs.insert(
            conn,
            Sub {
                outbox,
                seats,
                _watch: guard,
            },
        );
        self.update_away();
    }

    /// Sends a new subscriber what it missed since `since`: the events, or a snapshot. A
    /// connection that asked for turns gets a snapshot whenever it missed anything: the events
    /// kept for replay do not carry the turn, and a snapshot does.
    pub(super) fn catch_up(&mut self, conn: ConnId, since: Option<Version>) {
        let turns = self.subs.get(&conn).is_some_and(|s| s.outbox.turns);
        let replay: Option<Vec<Arc<ServerMessage>>> = match since {
            Some(v) if v == self.version => Some(Vec::new()),
            Some(v) if v < self.version && !turns => {
                let first_kept = self.log.front().map_or(self.version + 1, |(fv, _)| *fv);
                (v + 1 >= first_kept).then(|| {
                    self.log
                        .iter()
                        .filter(|(ev, _)| *ev > v)
                        .map(|(_, m)| m.clone())
                        .collect()
                })
            }
            _ => None,
        };
        match replay {
            Some(events) => {
                if let Some(sub) = self.subs.get(&conn) {
                    for msg in events {
                        if !sub.outbox.send(msg) {
                            break;
                        }
                    }
                }
            }
            None => self.send_snapshot(conn),
        }
    }

    /// Recomputes which human seats are away, starting their grace periods.
    pub(super) fn update_away(&mut self) {
        let now = Instant::now();
        for side in Side::BOTH {
            let i = side.index();
            if self.setup.seats[i].player.is_none() {
                continue;
            }
            let present = self.subs.values().any(|s| s.seats.contains(&side));
            if present {
                self.away_since[i] = None;
                self.grace_announced[i] = false;
            } else if self.away_since[i].is_none() {
                self.away_since[i] = Some(now);
            }
        }
    }

    pub(super) fn seats_of(&self, player: PlayerId) -> Vec<Side> {
        Side::BOTH
            .into_iter()
            .filter(|s| self.setup.seats[s.index()].player == Some(player))
            .collect()
    }
}
