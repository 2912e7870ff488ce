//! Reopening the live games from the records: every one after a restart of a single node, or
//! one game at a time as a node of a cluster claims it. Their clocks run again from now.

use chaupal_shared::protocol::{GameEvent, Version};

use super::{LiveGame, Registry, seated_players};
use crate::room::RoomInit;
use crate::store::{GameRow, StoreError, read_event};

impl Registry {
    /// Reloads every live game after a restart; returns how many.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let live = store.live_games(self.inner.limits.replay_events).await?;
        let mut count = 0;
        for (row, moves, log) in live {
            let log = log
                .into_iter()
                .filter_map(|(v, body)| read_event(&body).map(|e| (v, e)))
                .collect();
            match self.open_stored(row, moves, log).await {
                Ok(true) => count += 1,
                Ok(false) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(count)
    }

    /// Opens the room of a stored live game (after a restart, or a claim by this node of a
    /// cluster): its clocks run again from now. `Ok(false)` when the game cannot be reloaded
    /// (logged).
    pub(super) async fn open_stored(
        &self,
        row: GameRow,
        moves: Vec<String>,
        log: Vec<(Version, GameEvent)>,
    ) -> Result<bool, StoreError> {
        let setup = row.setup.clone();
        let start = match setup.start() {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("{}: cannot reload: {e}", row.id);
                return Ok(false);
            }
        };
        let ratings = self.seat_ratings(&setup).await?;
        let init = RoomInit {
            id: row.id,
            setup,
            start,
            moves,
            version: row.version,
            log,
            clocks_ms: row.clocks_ms,
            berserk: row.berserk,
            ratings,
            subscribers: Vec::new(),
            restored: true,
            pace: row.pace,
        };
        match self.open_room(init) {
            Ok(_) => Ok(true),
            Err(e) => {
                tracing::error!("{}: cannot reload: {e}", row.id);
                Ok(false)
            }
        }
    }

    /// Lists the cluster's live games at this node's start (their rooms open as this node
    /// claims them); returns how many.
    pub async fn restore_cluster(&self) -> Result<usize, StoreError> {
        let rows = self.inner.store.live_rows().await?;
        let mut state = self.state();
        let games = rows.len();
        for row in rows {
            let players = seated_players(&row.setup);
            state
                .games
                .insert(row.id, LiveGame::new(row.summary(), players));
        }
        Ok(games)
    }
}
