//! What the lobby shows: the open seeks, a player's own seeks and invitations, the rating a
//! seek shows, and the lobby as a new subscriber first sees it.

use chaupal_shared::protocol::{
    ErrorReply, GameSetup, LobbyEvent, MySeek, PlayerId, SeekId, SeekInfo, newest_listed,
};

use super::{LobbyNow, Matchmaking, seek_info};
use crate::bus::Subscription;
use crate::ratings::Pool;
use crate::store::StoreError;

impl Matchmaking {
    /// The open seeks (a reloaded one only once its seeker is back), newest first: at most
    /// [`LOBBY_LISTED`](chaupal_shared::protocol::LOBBY_LISTED) made before `before` (from
    /// the newest when none), and how many more there are.
    pub fn seeks(&self, before: Option<SeekId>) -> (Vec<SeekInfo>, u32) {
        let state = self.state();
        let seeks: Vec<SeekInfo> = state
            .seeks
            .values()
            .filter(|s| s.code.is_none() && (s.owner.is_some() || s.waits_alone()))
            .map(|s| s.info.clone())
            .chain(state.remote_seeks.values().map(|(_, info)| info.clone()))
            .collect();
        newest_listed(seeks, |s| s.seek.0, before.map(|s| s.0))
    }

    /// The player's seeks and invitations still waiting, oldest first, each invitation with
    /// its code: this node's as it holds them and, in a cluster, those of the player's
    /// connections on other nodes, as stored.
    pub async fn my_seeks(&self, player: PlayerId) -> Result<Vec<MySeek>, ErrorReply> {
        let mut mine: Vec<MySeek> = self
            .state()
            .seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .map(|s| MySeek {
                seek: s.info.clone(),
                invite_code: s.code.clone(),
            })
            .collect();
        if let Some(cluster) = &self.inner.cluster {
            let store = &self.inner.store;
            for stored in store.seeks_of(player).await? {
                let held_here = mine.iter().any(|m| m.seek.seek == stored.id);
                if held_here || stored.node.as_deref() == Some(cluster.node()) {
                    continue;
                }
                let rating = self.seek_rating(player, &stored.setup).await?;
                mine.push(MySeek {
                    seek: seek_info(stored.id, stored.by, &stored.setup, rating),
                    invite_code: stored.code,
                });
            }
            mine.sort_by_key(|m| m.seek.seek);
        }
        Ok(mine)
    }

    /// The rating a seek of `player`'s shows: theirs in the pool its set-up is rated in.
    pub(super) async fn seek_rating(
        &self,
        player: PlayerId,
        setup: &GameSetup,
    ) -> Result<Option<i32>, StoreError> {
        let key = crate::ratings::player_key(player.0);
        let rating = self.inner.store.rating(&key, Pool::of_setup(setup)).await?;
        Ok(rating.map(|r| r.rating.round() as i32))
    }

    /// Lobby events from now on, with the lobby as it is now.
    pub fn subscribe(&self) -> (Subscription<LobbyEvent>, LobbyNow) {
        // Subscribe first: an event between the two is then seen twice, never missed.
        let rx = self.inner.announcer.subscribe();
        (rx, self.lobby())
    }

    /// The lobby now: the newest open seeks and live public games, as
    /// [`Matchmaking::seeks`] and [`Registry::games`](crate::registry::Registry::games) list them.
    pub fn lobby(&self) -> LobbyNow {
        let (seeks, more_seeks) = self.seeks(None);
        let (games, more_games) = self.inner.registry.games(None);
        LobbyNow {
            seeks,
            games,
            more_seeks,
            more_games,
        }
    }
}
