//! Correspondence games in the registry: waking a sleeping game's room from the records (on a
//! request for it, or when its deadline passes), the deadline scanner, and a player's list of
//! games in play.
//!
//! A correspondence game's room sleeps when nobody has been at it for a while (`room.rs`
//! decides); the game stays live in the records, with its deadline. [`Rooms::wake`] opens it
//! again. In a cluster a sleeping game has no owner, and the node that wakes it claims it first
//! (the database decides between two nodes that try at once).

use std::sync::Arc;
use std::time::Duration;

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    ErrorReply, GameId, GameStatus, GameSummary, MyGame, PlayerId, ServerMessage,
};
use tokio_util::sync::CancellationToken;

use super::Rooms;
use crate::room::RoomHandle;
use crate::store::GameRow;

/// How often the records are read for deadlines that have passed.
pub const DEADLINE_SCAN: Duration = Duration::from_secs(1);
/// The most games one scan acts on (the rest wait for the next scan).
const DEADLINES_AT_ONCE: u32 = 256;
/// How long a wake waits for a room that is falling asleep to be gone.
const ASLEEP_WITHIN: Duration = Duration::from_secs(2);

impl Rooms {
    /// The room of correspondence game `game` on this node, opened from the records if it
    /// slept; `None` when `game` is not a correspondence game in play, or another live node
    /// runs it.
    pub async fn wake(&self, game: GameId) -> Result<Option<RoomHandle>, ErrorReply> {
        let _one_at_a_time = self.inner.waking.lock().await;
        let falling_asleep = tokio::time::Instant::now() + ASLEEP_WITHIN;
        loop {
            match self.room(game) {
                Some(room) if !room.is_closed() => return Ok(Some(room)),
                Some(_) if tokio::time::Instant::now() < falling_asleep => {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                _ => break,
            }
        }
        let store = &self.inner.store;
        let Some(owner) = store.correspondence_owner(game).await? else {
            return Ok(None);
        };
        if let Some(cluster) = self.cluster() {
            match owner {
                Some(node) if node == cluster.node() => {}
                Some(node) if cluster.is_live_now(&node).await => return Ok(None),
                _ => {
                    if !store
                        .claim_game(cluster.node(), game, &cluster.live())
                        .await?
                    {
                        return Ok(None);
                    }
                }
            }
        }
        let Some((row, moves, log)) = store
            .live_game(game, self.inner.limits.replay_events)
            .await?
        else {
            return Ok(None);
        };
        if !self.open_stored(row, moves, log).await? {
            return Ok(None);
        }
        tracing::debug!("{game}: woken");
        Ok(self.room(game))
    }

    /// Acts on the deadlines that have passed, by the records' clock, every [`DEADLINE_SCAN`]
    /// until `stop`: a game's room here is told; a sleeping game is woken (its room ends it as
    /// it opens). In a cluster, a game another live node runs is left to that node.
    pub async fn watch_deadlines(self, stop: CancellationToken) {
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(DEADLINE_SCAN) => {}
            }
            if self.closing() {
                continue;
            }
            let store = &self.inner.store;
            let due = match store.due_deadlines(store.now_ms(), DEADLINES_AT_ONCE).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!("reading the deadlines that have passed failed: {e}");
                    continue;
                }
            };
            for (game, owner) in due {
                if let Some(room) = self.room(game).filter(|r| !r.is_closed()) {
                    room.deadline_passed().await;
                    continue;
                }
                if let (Some(cluster), Some(node)) = (self.cluster(), &owner)
                    && node != cluster.node()
                    && cluster.is_live_now(node).await
                {
                    continue;
                }
                match self.wake(game).await {
                    Ok(Some(room)) => room.deadline_passed().await,
                    Ok(None) => {}
                    Err(e) => tracing::warn!("{game}: waking it for its deadline failed: {e}"),
                }
            }
        }
    }

    /// Tells the players of a correspondence game, on every device and every node, how it
    /// stands now (`to_move` to move): a `my_game` notice each.
    pub(super) fn tell_players(&self, summary: GameSummary, to_move: Side) {
        let mut players: Vec<PlayerId> = summary
            .seats
            .iter()
            .filter_map(|s| s.player.as_ref().map(|p| p.id))
            .collect();
        players.dedup();
        for player in players {
            let your_seats: Vec<Side> = Side::BOTH
                .into_iter()
                .filter(|s| summary.seats[s.index()].player.as_ref().map(|p| p.id) == Some(player))
                .collect();
            let notice = MyGame {
                your_turn: summary.status == GameStatus::Live && your_seats.contains(&to_move),
                your_seats,
                muted: false,
                summary: summary.clone(),
            };
            let msg = Arc::new(ServerMessage::MyGame(Box::new(notice)));
            self.inner.players.tell(player, &msg);
            if let Some(cluster) = self.cluster() {
                cluster.tell_player(player, &msg);
            }
        }
    }

    /// `player`'s games in play: those where it is the player's turn first, then by deadline
    /// (soonest first; none last), then oldest first.
    pub async fn my_games(&self, player: PlayerId) -> Result<Vec<MyGame>, ErrorReply> {
        let rows = self.inner.store.games_in_play(player).await?;
        let mut games: Vec<MyGame> = rows.iter().map(|row| my_game(row, player)).collect();
        games.sort_by_key(|g| {
            (
                !g.your_turn,
                g.summary.deadline_ms.unwrap_or(u64::MAX),
                g.summary.game,
            )
        });
        Ok(games)
    }
}

/// One game of `player`'s list, from its row.
fn my_game(row: &GameRow, player: PlayerId) -> MyGame {
    let your_seats: Vec<_> = chaupal_rules::Side::BOTH
        .into_iter()
        .filter(|s| row.setup.seats[s.index()].player == Some(player))
        .collect();
    // Rows from before the side to move was recorded: the plies tell it in all but Kalah's
    // extra turns.
    let to_move = row.to_move.unwrap_or(if row.plies % 2 == 0 {
        chaupal_rules::Side::First
    } else {
        chaupal_rules::Side::Second
    });
    MyGame {
        summary: row.summary(),
        your_turn: your_seats.contains(&to_move),
        your_seats,
        muted: false,
    }
}
