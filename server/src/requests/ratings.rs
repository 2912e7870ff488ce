//! The `ratings` request: a player's rating in each game they have played rated, with its
//! deviation and number of games.

use chaupal_shared::protocol::{ErrorCode, ErrorReply, PlayerId, PlayerInfo, RatingInfo, Reply};

use crate::ratings::player_key;
use crate::store::Store;

/// `ratings`: player `who`'s ratings.
pub async fn ratings(store: &Store, who: PlayerId) -> Result<Reply, ErrorReply> {
    let name = store
        .player_name(who)
        .await?
        .ok_or_else(|| ErrorReply::new(ErrorCode::NoSuchPlayer, format!("no {who}")))?;
    let ratings = store
        .ratings(&player_key(who.0))
        .await?
        .into_iter()
        .map(|(pool, r)| RatingInfo {
            kind: pool.kind,
            correspondence: pool.correspondence,
            rating: r.rating,
            deviation: r.deviation,
            games: r.games,
        })
        .collect();
    Ok(Reply::Ratings {
        player: PlayerInfo { id: who, name },
        ratings,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::store::temporary;

    #[tokio::test]
    async fn a_new_player_has_a_name_and_no_ratings_and_a_stranger_is_no_such_player() {
        let (store, _dir) = temporary().await;
        let asha = store.create_player("asha", "hash", 1).await.unwrap();
        let Reply::Ratings {
            player,
            ratings: list,
        } = ratings(&store, asha).await.unwrap()
        else {
            panic!("not ratings");
        };
        assert_eq!((player.id, player.name.as_str()), (asha, "asha"));
        assert!(list.is_empty());
        let e = ratings(&store, PlayerId(asha.0 + 1)).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::NoSuchPlayer);
    }
}
