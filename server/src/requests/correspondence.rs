//! Correspondence games' requests: `my_games`, the player's games in play, those where it is
//! their turn first.

use chaupal_shared::protocol::{ErrorReply, PlayerId, Reply};

use crate::rooms::Rooms;

/// `my_games`: `player`'s games in play (correspondence and live), read from the records.
pub async fn my_games(rooms: &Rooms, player: PlayerId) -> Result<Reply, ErrorReply> {
    Ok(Reply::MyGames {
        games: rooms.my_games(player).await?,
    })
}
