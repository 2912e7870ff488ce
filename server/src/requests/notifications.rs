//! Notifications' requests: keeping and forgetting a browser's push subscription, and muting
//! a game's notifications or all of them.

use chaupal_shared::protocol::{ErrorCode, ErrorReply, GameId, PlayerId, Reply};

use crate::push::Push;
use crate::store::Store;

fn no_push() -> ErrorReply {
    ErrorReply::new(ErrorCode::NoPush, "this server sends no push notifications")
}

/// `push_subscribe`: keeps the subscription, once checked.
pub async fn subscribe(
    push: Option<&Push>,
    player: PlayerId,
    endpoint: &str,
    p256dh: &str,
    auth: &str,
) -> Result<Reply, ErrorReply> {
    push.ok_or_else(no_push)?
        .subscribe(player, endpoint, p256dh, auth)
        .await?;
    Ok(Reply::Ok)
}

/// `push_unsubscribe`: forgets one of the player's subscriptions, and says whether there was
/// one (someone else's endpoint, or nobody's, is left as it is).
pub async fn unsubscribe(
    push: Option<&Push>,
    player: PlayerId,
    endpoint: &str,
) -> Result<Reply, ErrorReply> {
    let removed = push
        .ok_or_else(no_push)?
        .unsubscribe(player, endpoint)
        .await?;
    Ok(Reply::Unsubscribed { removed })
}

/// `mute`: mutes or unmutes a game's notifications, or all of them (kept whether or not this
/// server sends push: the lists show it).
pub async fn mute(
    store: &Store,
    player: PlayerId,
    game: Option<GameId>,
    muted: bool,
) -> Result<Reply, ErrorReply> {
    store.set_mute(player, game, muted).await?;
    Ok(Reply::Ok)
}
