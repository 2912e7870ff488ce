//! A private invitation as its friend sees it: read by its code without taking it, or
//! declined (the inviter hears of it on any node).

use std::sync::Arc;

use chaupal_shared::protocol::{ErrorReply, Invitation, PlayerInfo, ServerMessage};

use super::{Matchmaking, no_game_for_code, own_invitation, seek_info};
use crate::identity::normalise_code;
use crate::outbox::Outbox;

impl Matchmaking {
    /// Reads the private invitation of `code` for `player`, who has it from a friend, without
    /// taking it: what it is, to accept or decline. A code that waits for no game (never
    /// made, taken, cancelled, declined, or its live invitation's seeker gone) is
    /// `bad_invite_code`, as for `join_by_code`; one's own is `bad_setup`. A player of the live
    /// game the code already started gets it with that game. In a cluster, an invitation made
    /// on another node is read from the records, as `join_by_code` finds it.
    pub async fn invitation(
        &self,
        player: &PlayerInfo,
        code: &str,
    ) -> Result<Invitation, ErrorReply> {
        let code = normalise_code(code);
        {
            let state = self.state();
            if let Some((game, seek)) = self.game_of_used_code(&state, player, &code) {
                return Ok(Invitation {
                    code,
                    seek,
                    game: Some(game),
                });
            }
            if let Some(seek) = state.codes.get(&code).and_then(|id| state.seeks.get(id)) {
                if seek.info.by.id == player.id {
                    return Err(own_invitation());
                }
                if seek.owner.as_ref().is_some_and(Outbox::is_closed) && !seek.waits_alone() {
                    return Err(no_game_for_code());
                }
                return Ok(Invitation {
                    code,
                    seek: seek.info.clone(),
                    game: None,
                });
            }
        }
        if self.inner.cluster.is_none() {
            return Err(no_game_for_code());
        }
        let Some(stored) = self.inner.store.seek_by_code(&code).await? else {
            return Err(no_game_for_code());
        };
        if stored.by.id == player.id {
            return Err(own_invitation());
        }
        let rating = self.seek_rating(stored.by.id, &stored.setup).await?;
        Ok(Invitation {
            code,
            seek: seek_info(stored.id, stored.by, &stored.setup, rating),
            game: None,
        })
    }

    /// `player` declines the private invitation of `code`: it is withdrawn, from the records
    /// too, and every connection of the inviter hears of it (`invitation_declined`), on any
    /// node. Refused as [`Matchmaking::invitation`] refuses. In a cluster, an invitation made
    /// on another node is taken out of the records and its node told to drop it.
    pub async fn decline(&self, player: &PlayerInfo, code: &str) -> Result<(), ErrorReply> {
        let code = normalise_code(code);
        let here = {
            let mut state = self.state();
            match state.codes.get(&code).and_then(|id| state.seeks.get(id)) {
                Some(seek) if seek.info.by.id == player.id => return Err(own_invitation()),
                Some(seek) => {
                    let id = seek.info.seek;
                    state.codes.remove(&code);
                    state.seeks.remove(&id).map(|s| s.info)
                }
                None => None,
            }
        };
        let seek = match here {
            Some(info) => {
                self.forget_seek(info.seek);
                info
            }
            None => self.decline_remote(player, &code).await?,
        };
        let msg = ServerMessage::InvitationDeclined {
            seek: seek.seek,
            code,
            by: player.clone(),
        };
        self.inner
            .registry
            .players()
            .tell(seek.by.id, &Arc::new(msg.clone()));
        if let Some(cluster) = &self.inner.cluster {
            cluster.tell_player(seek.by.id, &msg);
        }
        Ok(())
    }
}
