//! The registry's side of a cluster: the cluster reaches this node's rooms through it, hears
//! other nodes' games start, progress and end, has it open the games this node claims, and
//! closes its rooms when this node hands its games on.

use chaupal_shared::protocol::{GameId, LobbyEvent, PlayerId, ServerMessage, Version};

use super::{LiveGame, Registry};
use crate::cluster::ClusterHost;
use crate::outbox::Outbox;
use crate::room::{HostFuture, RoomHandle};

impl ClusterHost for Registry {
    fn local_room(&self, game: GameId) -> Option<RoomHandle> {
        self.room(game)
    }

    /// Another node's game started, moved or ended: the list follows, and this node's
    /// subscribers hear it, unless the game is private.
    fn remote_game(&self, event: LobbyEvent) {
        let private = {
            let mut state = self.state();
            match &event {
                LobbyEvent::GameStarted(summary) => {
                    let players = summary
                        .seats
                        .iter()
                        .filter_map(|s| s.player.as_ref().map(|p| p.id))
                        .collect();
                    state
                        .games
                        .entry(summary.game)
                        .or_insert(LiveGame::new((**summary).clone(), players));
                    summary.private
                }
                // A game this node never heard start is kept out of sight.
                LobbyEvent::GameProgress { game, plies } => match state.games.get_mut(game) {
                    Some(g) => {
                        g.summary.plies = *plies;
                        g.summary.private
                    }
                    None => true,
                },
                LobbyEvent::GameEnded { game, .. } => {
                    state.games.remove(game).is_none_or(|g| g.summary.private)
                }
                LobbyEvent::SeekAdded(_)
                | LobbyEvent::SeekRemoved { .. }
                | LobbyEvent::Reset { .. } => {
                    return;
                }
            }
        };
        if !private {
            self.inner.announcer.tell_here(event);
        }
    }

    fn open_games(&self, games: Vec<GameId>) -> HostFuture<'_, Vec<GameId>> {
        Box::pin(async move {
            let store = &self.inner.store;
            let mut opened = Vec::new();
            for game in games {
                // Leaving: the games stay in the records, given up with the others.
                if self.closing() {
                    break;
                }
                if self.room(game).is_some() {
                    continue;
                }
                let loaded = store.live_game(game, self.inner.limits.replay_events).await;
                match loaded {
                    Ok(Some((row, moves, log))) => match self.open_stored(row, moves, log).await {
                        Ok(true) => opened.push(game),
                        Ok(false) => {}
                        Err(e) => tracing::error!("{game}: cannot reload: {e}"),
                    },
                    Ok(None) => {}
                    Err(e) => tracing::error!("{game}: cannot reload: {e}"),
                }
            }
            opened
        })
    }

    fn tell_player(&self, player: PlayerId, msg: ServerMessage) {
        self.inner.players.tell(player, &std::sync::Arc::new(msg));
    }

    fn close_rooms(&self) -> HostFuture<'_, Vec<(GameId, Version, Vec<Outbox>)>> {
        Box::pin(async move {
            let rooms: Vec<RoomHandle> = self.state().rooms.values().cloned().collect();
            let mut closed = Vec::with_capacity(rooms.len());
            for room in rooms {
                if let Some((version, outboxes)) = room.hand_over().await {
                    closed.push((room.id, version, outboxes));
                }
            }
            closed
        })
    }
}
