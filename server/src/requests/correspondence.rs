//! Correspondence games' requests: `my_games`, the player's games in play, those where it is
//! their turn first (at most [`MY_GAMES_LISTED`], the rest counted); `my_seeks`, their seeks
//! and invitations still waiting.

use chaupal_shared::protocol::{ErrorReply, MY_GAMES_LISTED, PlayerId, Reply};

use crate::matchmaking::Matchmaking;
use crate::registry::Registry;

/// `my_games`: `player`'s games in play (correspondence and live), read from the records.
pub async fn my_games(registry: &Registry, player: PlayerId) -> Result<Reply, ErrorReply> {
    let mut games = registry.my_games(player).await?;
    let more = games.len().saturating_sub(MY_GAMES_LISTED);
    games.truncate(MY_GAMES_LISTED);
    Ok(Reply::MyGames {
        games,
        more: u32::try_from(more).unwrap_or(u32::MAX),
    })
}

/// `my_seeks`: `player`'s seeks and invitations still waiting, oldest first.
pub async fn my_seeks(matchmaking: &Matchmaking, player: PlayerId) -> Result<Reply, ErrorReply> {
    Ok(Reply::MySeeks {
        seeks: matchmaking.my_seeks(player).await?,
    })
}
