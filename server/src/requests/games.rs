//! Requests about a game in play: watch it, rejoin it from a version, stop watching, and act
//! in it (a move, an offer, a resignation). The game's room may be on this node or, in a
//! cluster, on another; [`Registry::locate`] finds it (waking a correspondence game that slept).

use std::time::Duration;

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    Action, ErrorCode, ErrorReply, GameId, PlayerId, Reply, Version, WatchKey,
};

use crate::outbox::{ConnId, Outbox};
use crate::registry::Registry;
use crate::sight;

/// `watch` (from the start, `since` none) or `rejoin` (the events after `since`): the
/// connection is attached to the game's room, if its player may see the game (`key`: the
/// private game's watch key they presented).
pub async fn attach(
    registry: &Registry,
    game: GameId,
    outbox: Outbox,
    since: Option<Version>,
    key: Option<&WatchKey>,
) -> Result<Reply, ErrorReply> {
    sight::check_game(registry, game, outbox.player, key).await?;
    let room = registry.locate(game).await?;
    match room.attach(outbox.clone(), since).await {
        // The room fell asleep as the request reached it: the game's next room takes it.
        Err(_) if room.closed_here() => registry.locate(game).await?.attach(outbox, since).await?,
        answer => answer?,
    }
    Ok(Reply::Ok)
}

/// `unwatch`: the connection leaves the game's room, wherever it runs.
pub async fn unwatch(registry: &Registry, conn: ConnId, game: GameId) -> Reply {
    if let Some(room) = registry.room(game) {
        room.detach(conn).await;
    }
    if let Some(cluster) = registry.cluster() {
        cluster.detach(conn, game);
    }
    Reply::Ok
}

/// The refusal of a request from a connection not yet seated at its game's new room.
fn still_sitting_down(game: GameId) -> ErrorReply {
    ErrorReply::new(
        ErrorCode::Unavailable,
        format!(
            "{game} has moved to another node and this connection is still sitting down there: try again"
        ),
    )
}

/// `act`: the player acts for one of their seats (`lag`: the connection's measured delay,
/// credited to the player's clock). In a cluster, a node that may not accept moves now
/// refuses it.
pub async fn act(
    registry: &Registry,
    conn: ConnId,
    player: PlayerId,
    game: GameId,
    seat: Option<Side>,
    action: Action,
    lag: Duration,
) -> Result<Reply, ErrorReply> {
    if let Some(cluster) = registry.cluster() {
        cluster.available()?;
    }
    let room = registry.locate(game).await?;
    if let Some(cluster) = registry.cluster() {
        // A connection the game's new room does not have yet sits down there first, to hear
        // its move's event before the reply.
        if !cluster.seat_before_acting(conn, game, &room).await {
            return Err(still_sitting_down(game));
        }
    }
    match room.act(conn, player, seat, action.clone(), lag).await {
        // The room fell asleep before the request reached it (a room answers every request it
        // took): the game's next room takes it.
        Err(_) if room.closed_here() => {
            tracing::debug!("{conn:?}: {game}'s room closed under the request; the next takes it");
            let room = registry.locate(game).await?;
            if let Some(cluster) = registry.cluster()
                && !cluster.seat_before_acting(conn, game, &room).await
            {
                return Err(still_sitting_down(game));
            }
            room.act(conn, player, seat, action, lag).await?;
        }
        answer => answer?,
    }
    Ok(Reply::Ok)
}
