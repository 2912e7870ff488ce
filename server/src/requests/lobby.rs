//! Requests of the lobby: create a game (a seek, an invitation, or a game that starts at
//! once), cancel a seek, accept one, read an invitation by its code and join or decline it,
//! list the seeks and live games, and follow the lobby's changes.

use std::sync::Arc;

use chaupal_shared::protocol::{
    ErrorReply, GameId, GameSetup, LobbyEvent, PlayerId, PlayerInfo, Reply, SeekId, ServerMessage,
};
use tokio_util::sync::CancellationToken;

use crate::bus::{Received, Subscription};
use crate::matchmaking::Matchmaking;
use crate::outbox::Outbox;
use crate::registry::Registry;

/// `create_game`, from a connection at `address` (as [`crate::proxies::Peer::group`] names
/// it, for the per-address limit of lasting seeks).
pub async fn create(
    matchmaking: &Matchmaking,
    player: PlayerInfo,
    outbox: Outbox,
    setup: GameSetup,
    address: &str,
) -> Result<Reply, ErrorReply> {
    let c = matchmaking.create(player, outbox, setup, address).await?;
    Ok(Reply::Created {
        game: c.game,
        seek: c.seek,
        invite_code: c.invite_code,
    })
}

/// `cancel_seek`.
pub fn cancel(
    matchmaking: &Matchmaking,
    player: PlayerId,
    seek: SeekId,
) -> Result<Reply, ErrorReply> {
    matchmaking.cancel(player, seek)?;
    Ok(Reply::Ok)
}

/// `accept_seek`.
pub async fn accept(
    matchmaking: &Matchmaking,
    player: PlayerInfo,
    outbox: Outbox,
    seek: SeekId,
) -> Result<Reply, ErrorReply> {
    Ok(created(matchmaking.accept(player, outbox, seek).await?))
}

/// `join_by_code`.
pub async fn join_by_code(
    matchmaking: &Matchmaking,
    player: PlayerInfo,
    outbox: Outbox,
    code: &str,
) -> Result<Reply, ErrorReply> {
    Ok(created(
        matchmaking.join_by_code(player, outbox, code).await?,
    ))
}

/// `invitation`: a private invitation read by its code, before the friend accepts it or
/// declines it.
pub async fn invitation(
    matchmaking: &Matchmaking,
    player: &PlayerInfo,
    code: &str,
) -> Result<Reply, ErrorReply> {
    let invitation = matchmaking.invitation(player, code).await?;
    Ok(Reply::Invitation(Box::new(invitation)))
}

/// `decline_invitation`: withdrawn, and its inviter told.
pub async fn decline(
    matchmaking: &Matchmaking,
    player: &PlayerInfo,
    code: &str,
) -> Result<Reply, ErrorReply> {
    matchmaking.decline(player, code).await?;
    Ok(Reply::Ok)
}

/// `list_seeks` (`before` none) and `list_seeks_before`.
pub fn list_seeks(matchmaking: &Matchmaking, before: Option<SeekId>) -> Reply {
    let (seeks, more) = matchmaking.seeks(before);
    Reply::Seeks { seeks, more }
}

/// `list_games` (`before` none) and `list_games_before`: the live public games.
pub fn list_games(registry: &Registry, before: Option<GameId>) -> Reply {
    let (games, more) = registry.games(before);
    Reply::Games { games, more }
}

/// `subscribe_lobby`: the reply (the lobby as it is now) for the caller to send first, and
/// the subscription whose events [`forward`] sends after it.
pub fn subscribe(matchmaking: &Matchmaking) -> (Reply, Subscription<LobbyEvent>) {
    let (rx, lobby) = matchmaking.subscribe();
    (lobby.reply(), rx)
}

/// Sends lobby events to one connection until it unsubscribes (`stop`) or goes; one that
/// falls behind gets the whole lobby afresh (`reset`).
pub async fn forward(
    mut rx: Subscription<LobbyEvent>,
    outbox: Outbox,
    matchmaking: Matchmaking,
    stop: CancellationToken,
) {
    loop {
        let event = tokio::select! {
            _ = stop.cancelled() => return,
            _ = outbox.closed() => return,
            e = rx.recv() => e,
        };
        let msg = match event {
            Received::Message(e) => ServerMessage::Lobby(e),
            Received::Lagged(_) => ServerMessage::Lobby(matchmaking.lobby().reset()),
            Received::Closed => return,
        };
        if !outbox.send(Arc::new(msg)) {
            return;
        }
    }
}

fn created(game: GameId) -> Reply {
    Reply::Created {
        game: Some(game),
        seek: None,
        invite_code: None,
    }
}
