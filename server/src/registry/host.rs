//! What the rooms report to the registry that opened them: moves (the listing's move count,
//! announced at most every [`PROGRESS_EVERY`]), the end of a game, a room closing or handing
//! its game to another node, and a rematch to start.

use std::time::Duration;

use chaupal_rules::AnyGame;
use chaupal_rules::Side;
use chaupal_shared::protocol::{ErrorReply, GameId, GameResult, GameSummary, LobbyEvent, Version};
use tokio::time::Instant;

use super::Registry;
use crate::outbox::Outbox;
use crate::room::{HostFuture, RoomHost};
use crate::store::NewGame;

/// The least time between two `game_progress` announcements of one game: a fast game does not
/// flood the lobby's subscribers, and the last count always follows.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// The registry opens the rooms, so it hears what they report and starts their rematches.
impl RoomHost for Registry {
    fn may_act(&self) -> Result<(), ErrorReply> {
        match self.cluster() {
            Some(cluster) => cluster.available(),
            None => Ok(()),
        }
    }

    /// A room reports a move (or takeback): the listing's move count follows, and the lobby's
    /// subscribers hear of it, at most every [`PROGRESS_EVERY`] (a later announcement carries
    /// the count of the moves in between).
    fn game_moved(&self, game: GameId, plies: u32) {
        let now = Instant::now();
        let (wait, private) = {
            let mut state = self.state();
            let Some(g) = state.games.get_mut(&game) else {
                return;
            };
            g.summary.plies = plies;
            let wait = match g.progress_sent {
                Some(sent) if now < sent + PROGRESS_EVERY => {
                    if g.progress_due {
                        return;
                    }
                    g.progress_due = true;
                    Some(sent + PROGRESS_EVERY - now)
                }
                _ => {
                    g.progress_sent = Some(now);
                    None
                }
            };
            (wait, g.summary.private)
        };
        match wait {
            None => self
                .inner
                .announcer
                .announce_game(LobbyEvent::GameProgress { game, plies }, private),
            Some(wait) => {
                let registry = self.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(wait).await;
                    registry.announce_due_progress(game);
                });
            }
        }
    }

    /// A room reports the end of its game.
    fn game_ended(&self, game: GameId, result: GameResult, berserk: [bool; 2]) {
        let removed = self.state().games.remove(&game);
        let plies = removed.as_ref().map_or(0, |g| g.summary.plies);
        // Nobody following endings is no fault.
        let _ = self.inner.endings.send(super::Ending {
            game,
            result,
            plies,
            berserk,
        });
        if let Some(g) = removed {
            self.inner
                .announcer
                .announce_game(LobbyEvent::GameEnded { game, result }, g.summary.private);
        }
    }

    /// A correspondence game moved or ended: its players hear of it on every device.
    fn correspondence_changed(&self, summary: GameSummary, to_move: Side) {
        self.tell_players(summary, to_move, None);
    }

    /// A room has closed.
    fn room_closed(&self, game: GameId) {
        {
            let mut state = self.state();
            state.rooms.remove(&game);
            state.games.remove(&game);
        }
        if let Some(cluster) = &self.inner.cluster {
            cluster.room_closed(game);
        }
    }

    /// A correspondence game's room fell asleep: in a cluster, the game is given up, so that
    /// whichever node next needs it claims it.
    fn room_asleep(&self, game: GameId) {
        self.state().rooms.remove(&game);
        if let Some(cluster) = &self.inner.cluster {
            cluster.room_closed(game);
            let (store, me) = (self.inner.store.clone(), cluster.node().to_owned());
            tokio::spawn(async move {
                if let Err(e) = store.release_game(&me, game).await {
                    tracing::warn!("{game}: giving it up as it sleeps failed: {e}");
                }
            });
        }
    }

    /// A room closed while its game goes on elsewhere: the game stays listed.
    fn room_handed_over(&self, game: GameId) {
        self.state().rooms.remove(&game);
    }

    /// Another node runs the game: the room's connections sit down there.
    fn room_superseded(&self, game: GameId, version: Version, outboxes: Vec<Outbox>) {
        self.state().rooms.remove(&game);
        if let Some(cluster) = &self.inner.cluster {
            cluster.room_superseded(game, version, outboxes);
        }
    }

    /// A rematch is a new game like any other.
    fn start_rematch(
        &self,
        setup: NewGame,
        start: AnyGame,
        seated: Vec<Outbox>,
    ) -> HostFuture<'_, Result<GameId, ErrorReply>> {
        Box::pin(self.start_game(setup, start, seated, None))
    }
}

impl Registry {
    /// Announces a game's move count when an announcement was held back.
    fn announce_due_progress(&self, game: GameId) {
        let (plies, private) = {
            let mut state = self.state();
            let Some(g) = state.games.get_mut(&game) else {
                return;
            };
            if !g.progress_due {
                return;
            }
            g.progress_due = false;
            g.progress_sent = Some(Instant::now());
            (g.summary.plies, g.summary.private)
        };
        self.inner
            .announcer
            .announce_game(LobbyEvent::GameProgress { game, plies }, private);
    }
}
