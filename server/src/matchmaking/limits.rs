//! The limits a new seek or game is checked against: a player's open seeks and live games
//! (`--max-open-games`), their correspondence games in play and waiting
//! (`--max-correspondence-games`), and the lasting seeks made from one address.

use chaupal_shared::protocol::{ErrorCode, ErrorReply, PlayerId};

use super::{Matchmaking, State, bad};

impl Matchmaking {
    fn open_count(&self, state: &State, player: PlayerId) -> usize {
        state
            .seeks
            .values()
            .filter(|s| s.info.by.id == player && !s.waits_alone())
            .count()
            + state
                .remote_seeks
                .values()
                .filter(|(_, s)| s.by.id == player)
                .count()
            + self.inner.registry.open_games_of(player)
    }

    pub(super) fn check_open_limit(
        &self,
        state: &State,
        player: PlayerId,
    ) -> Result<(), ErrorReply> {
        let max = self.inner.limits.max_open_games as usize;
        if self.open_count(state, player) >= max {
            Err(bad(
                ErrorCode::TooManyGames,
                format!("you already have {max} open seeks and live games"),
            ))
        } else {
            Ok(())
        }
    }

    /// Refuses one more lasting seek (a correspondence seek, or an invitation) from `address`
    /// when it has as many waiting as allowed, whoever made them: every hello without a token
    /// is a new player, so a limit per player alone does not bound one address.
    pub(super) async fn check_address_limit(&self, address: &str) -> Result<(), ErrorReply> {
        let max = u64::from(self.inner.limits.max_lasting_seeks_per_address);
        let waiting = self.inner.store.seeks_from(address).await?;
        if waiting >= max {
            return Err(bad(
                ErrorCode::TooManyGames,
                format!(
                    "{max} correspondence seeks and invitations made from your address are \
                     waiting already; one must be taken or cancelled first"
                ),
            ));
        }
        Ok(())
    }

    /// Refuses `player` another correspondence game when they have as many in play and
    /// waiting as `--max-correspondence-games` allows.
    pub(super) async fn check_correspondence_limit(
        &self,
        player: PlayerId,
    ) -> Result<(), ErrorReply> {
        let max = u64::from(self.inner.limits.max_correspondence_games);
        let in_play = self.inner.store.correspondence_games(player).await?;
        // On one node its own seeks are all there are; in a cluster the records have every
        // node's.
        let waiting = if self.inner.cluster.is_some() {
            self.inner
                .store
                .seeks_of(player)
                .await?
                .iter()
                .filter(|s| s.setup.correspondence.is_some())
                .count() as u64
        } else {
            self.state()
                .seeks
                .values()
                .filter(|s| s.info.by.id == player && s.waits_alone())
                .count() as u64
        };
        if in_play + waiting >= max {
            Err(bad(
                ErrorCode::TooManyGames,
                format!(
                    "you already have {max} correspondence games in play or waiting; finish \
                     one, or cancel a seek, first"
                ),
            ))
        } else {
            Ok(())
        }
    }
}
