//! Matchmaking across a cluster: seeks whose seekers are on other nodes. Accepting or
//! joining one reads it from the records and seats its seeker through the seeker's node; the
//! lists follow the seeks other nodes announce, and a node that is gone takes its seekers'
//! open seeks with it.

use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, LobbyEvent, PlayerInfo, SeekId, SeekInfo,
};

use super::{Matchmaking, Seek, bad, no_game_for_code, own_invitation};
use crate::cluster::SeekHost;
use crate::outbox::Outbox;
use crate::store::{StoreError, StoredSeek};

impl Matchmaking {
    /// Accepts an open seek whose seeker is on another node of the cluster: the records say
    /// whether it is still there, and taking it stores the game in the same transaction.
    pub(super) async fn accept_remote(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        seek: SeekId,
    ) -> Result<GameId, ErrorReply> {
        let stored = self.inner.store.seek(seek).await?;
        let Some(stored) = stored else {
            return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}")));
        };
        if stored.code.is_some() {
            return Err(bad(
                ErrorCode::NoSuchSeek,
                format!("{seek} is private: join it by its invite code"),
            ));
        }
        let seeker_here = match (&self.inner.cluster, &stored.node) {
            (Some(cluster), Some(node)) => cluster.is_live_now(node).await,
            _ => false,
        };
        if !seeker_here {
            return Err(bad(
                ErrorCode::NoSuchSeek,
                format!("{seek} waits for its seeker to come back"),
            ));
        }
        self.start_from_stored(stored, player, outbox).await
    }

    /// Joins a private game whose seeker is on another node of the cluster: the game, and the
    /// invitation it was.
    pub(super) async fn join_remote(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        code: &str,
    ) -> Result<(GameId, SeekInfo), ErrorReply> {
        let Some(stored) = self.inner.store.seek_by_code(code).await? else {
            return Err(no_game_for_code());
        };
        let info = stored_info(&stored);
        let game = self.start_from_stored(stored, player, outbox).await?;
        Ok((game, info))
    }

    /// Declines a private invitation that is not this node's (`code` normalised): it leaves
    /// the records at once (a join racing it on another node finds it gone, or takes it
    /// first and this is refused), and the node it was made on is told to drop it. The
    /// invitation it was.
    pub(super) async fn decline_remote(
        &self,
        player: &PlayerInfo,
        code: &str,
    ) -> Result<SeekInfo, ErrorReply> {
        let Some(cluster) = &self.inner.cluster else {
            return Err(no_game_for_code());
        };
        let Some(stored) = self.inner.store.seek_by_code(code).await? else {
            return Err(no_game_for_code());
        };
        if stored.by.id == player.id {
            return Err(own_invitation());
        }
        match self.inner.store.withdraw_seek(stored.id).await {
            Ok(()) => {}
            Err(StoreError::SeekGone) => return Err(no_game_for_code()),
            Err(e) => return Err(e.into()),
        }
        if let Some(node) = stored.node.as_deref().filter(|n| *n != cluster.node()) {
            cluster.withdraw_elsewhere(node, stored.id);
        }
        Ok(stored_info(&stored))
    }

    /// Starts the game of a seek stored by another node: its seeker's node is told, and seats
    /// the seeker.
    async fn start_from_stored(
        &self,
        stored: StoredSeek,
        player: PlayerInfo,
        outbox: Outbox,
    ) -> Result<GameId, ErrorReply> {
        if stored.by.id == player.id {
            return Err(bad(ErrorCode::BadSetup, "you cannot play your own seek"));
        }
        self.check_open_limit(&self.state(), player.id)?;
        let seek = Seek {
            info: stored_info(&stored),
            setup: stored.setup,
            owner: None,
            code: stored.code,
        };
        let private = seek.code.is_some();
        let me = self.inner.cluster.as_ref().map(|c| c.node().to_owned());
        let elsewhere = match (stored.node, stored.conn) {
            (Some(node), Some(conn)) if Some(&node) != me.as_ref() => {
                Some((node, conn, stored.by.id))
            }
            _ => None,
        };
        let game = self
            .start_from_seek_with(seek, player, outbox, elsewhere)
            .await?;
        self.state().remote_seeks.remove(&stored.id);
        if !private {
            self.inner
                .announcer
                .announce(LobbyEvent::SeekRemoved { seek: stored.id });
        }
        Ok(game)
    }

    /// Lists the open seeks of the `live` nodes at this node's start; returns how many.
    pub async fn restore_cluster(&self, live: &[String]) -> Result<usize, StoreError> {
        let seeks = self.inner.store.seeks().await?;
        let mut state = self.state();
        let mut listed = 0;
        for seek in seeks {
            let Some(node) = seek.node.clone().filter(|n| live.contains(n)) else {
                continue;
            };
            if seek.code.is_some() {
                continue;
            }
            let info = SeekInfo {
                seek: seek.id,
                by: seek.by,
                kind: seek.setup.game,
                rules: seek.setup.rules.clone(),
                clock: seek.setup.clock,
                correspondence: seek.setup.correspondence,
                side: seek.setup.side,
                rated: seek.setup.rated,
                rating: None,
            };
            state.remote_seeks.insert(seek.id, (node, info));
            listed += 1;
        }
        Ok(listed)
    }
}

/// A seek stored by another node, as the lobby lists it (without its seeker's rating).
fn stored_info(stored: &StoredSeek) -> SeekInfo {
    SeekInfo {
        seek: stored.id,
        by: stored.by.clone(),
        kind: stored.setup.game,
        rules: stored.setup.rules.clone(),
        clock: stored.setup.clock,
        correspondence: stored.setup.correspondence,
        side: stored.setup.side,
        rated: stored.setup.rated,
        rating: None,
    }
}

/// The cluster hears of this node's seeks and tells it of other nodes' through it.
impl SeekHost for Matchmaking {
    /// Another node's seek was added or removed: the list follows, and this node's
    /// subscribers hear it.
    fn remote_seek(&self, from: &str, event: LobbyEvent) {
        {
            let mut state = self.state();
            match &event {
                LobbyEvent::SeekAdded(info) => {
                    if state.seeks.contains_key(&info.seek) {
                        return;
                    }
                    state
                        .remote_seeks
                        .insert(info.seek, (from.to_owned(), info.clone()));
                }
                LobbyEvent::SeekRemoved { seek } => {
                    // A seek of this node's goes only by this node's hand.
                    if state.seeks.contains_key(seek) {
                        return;
                    }
                    state.remote_seeks.remove(seek);
                }
                LobbyEvent::GameStarted(_)
                | LobbyEvent::GameProgress { .. }
                | LobbyEvent::GameEnded { .. }
                | LobbyEvent::Reset { .. } => return,
            }
        }
        self.inner.announcer.tell_here(event);
    }

    /// A seek taken on another node leaves this node's lists; its seeker's connection goes to
    /// sit down at the game.
    fn take_seek(&self, seek: SeekId) -> Option<Outbox> {
        let mut state = self.state();
        let s = state.seeks.remove(&seek)?;
        if let Some(code) = &s.code {
            state.codes.remove(code);
        }
        s.owner
    }

    /// A node is gone: its seekers' open seeks leave the lists (the first survivor removes them
    /// from the records too; invitations stay, their codes still work).
    fn node_gone(&self, node: &str, first_survivor: bool) {
        let gone: Vec<SeekId> = {
            let mut state = self.state();
            let gone: Vec<SeekId> = state
                .remote_seeks
                .iter()
                .filter(|(_, (n, _))| n == node)
                .map(|(id, _)| *id)
                .collect();
            for id in &gone {
                state.remote_seeks.remove(id);
            }
            gone
        };
        for seek in gone {
            self.inner
                .announcer
                .tell_here(LobbyEvent::SeekRemoved { seek });
        }
        if first_survivor {
            let store = self.inner.store.clone();
            let node = node.to_owned();
            tokio::spawn(async move {
                if let Err(e) = store.delete_open_seeks_of(&node).await {
                    tracing::warn!("cluster: removing the seeks of {node} failed: {e}");
                }
            });
        }
    }
}
