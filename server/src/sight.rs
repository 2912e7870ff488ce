//! Who may see a game. A public game is anyone's to watch and read; a private one (begun from
//! a private invitation, or set up private) only its players' (those seated, and its creator)
//! and the watch link's holders': the link `/game/ID?key=KEY` carries the game's
//! [`WatchKey`], 128 random bits kept with the record, so it works on every node and after
//! restarts.
//!
//! Every request that shows a game (`watch`, `rejoin`, `get_record`, `review`, the puzzles made
//! from it) asks [`may_see`] or [`check`] first; the lists (`list_games`, the lobby's events,
//! `finished_games` of another player) leave private games out. A refusal is `private_game`,
//! the same whether the key was missing or wrong.

use chaupal_shared::protocol::{ErrorCode, ErrorReply, GameId, PlayerId, WatchKey};

use crate::registry::Registry;
use crate::store::{NewGame, Store};

/// Whether `player`, who presented `key` (if anything), may see the game set up as `setup`.
pub fn may_see(setup: &NewGame, player: PlayerId, key: Option<&WatchKey>) -> bool {
    match &setup.watch_key {
        None => true,
        Some(own) => setup.belongs_to(player) || key.is_some_and(|k| own.admits(k)),
    }
}

/// [`may_see`], as the error a request answers when it may not.
pub fn check(
    setup: &NewGame,
    game: GameId,
    player: PlayerId,
    key: Option<&WatchKey>,
) -> Result<(), ErrorReply> {
    if may_see(setup, player, key) {
        Ok(())
    } else {
        Err(refusal(game))
    }
}

/// [`check`] of a stored game (none stored: nothing to hide, and the request's own answer
/// says so).
pub async fn check_stored(
    store: &Store,
    game: GameId,
    player: PlayerId,
    key: Option<&WatchKey>,
) -> Result<(), ErrorReply> {
    match store.game_row(game).await? {
        Some(row) => check(&row.setup, game, player, key),
        None => Ok(()),
    }
}

/// [`check_stored`], without asking the records when the game is live and public.
pub async fn check_game(
    registry: &Registry,
    game: GameId,
    player: PlayerId,
    key: Option<&WatchKey>,
) -> Result<(), ErrorReply> {
    if registry.is_live_and_public(game) {
        return Ok(());
    }
    check_stored(registry.store(), game, player, key).await
}

/// The refusal of a private game to someone who may not see it.
pub fn refusal(game: GameId) -> ErrorReply {
    ErrorReply::new(
        ErrorCode::PrivateGame,
        format!("{game} is a private game: only its players and holders of its watch link see it"),
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::identity::new_watch_key;
    use crate::store::StoredSeat;
    use chaupal_rules::GameKind;

    fn game(watch_key: Option<WatchKey>) -> NewGame {
        let seat = |id: u64| StoredSeat {
            player: Some(PlayerId(id)),
            engine: None,
            name: format!("p{id}"),
        };
        NewGame {
            kind: GameKind::BaghChal,
            rules: Vec::new(),
            start_position: None,
            clock: None,
            correspondence: None,
            rated: false,
            mode: "private".to_owned(),
            creator: Some(PlayerId(1)),
            seats: [seat(1), seat(2)],
            started_ms: 0,
            watch_key,
        }
    }

    #[test]
    fn a_public_game_is_anyones_and_a_private_one_its_players_and_key_holders() {
        let stranger = PlayerId(3);
        assert!(may_see(&game(None), stranger, None));
        let key = new_watch_key();
        let private = game(Some(key.clone()));
        assert!(may_see(&private, PlayerId(1), None));
        assert!(may_see(&private, PlayerId(2), None));
        assert!(!may_see(&private, stranger, None));
        assert!(may_see(&private, stranger, Some(&key)));
        // One digit off, a prefix, a longer key, another game's key: refused.
        let mut near = key.0.clone().into_bytes();
        near[31] = if near[31] == b'0' { b'1' } else { b'0' };
        let near = WatchKey(String::from_utf8(near).unwrap_or_default());
        for wrong in [
            near,
            WatchKey(key.0[..31].to_owned()),
            WatchKey(format!("{}0", key.0)),
            WatchKey(String::new()),
            new_watch_key(),
        ] {
            assert!(!may_see(&private, stranger, Some(&wrong)), "{}", wrong.0);
        }
        let e = check(&private, GameId(7), stranger, None).unwrap_err();
        assert_eq!(e.code, ErrorCode::PrivateGame);
    }

    #[test]
    fn watch_keys_carry_128_random_bits() {
        let keys: Vec<WatchKey> = (0..1024).map(|_| new_watch_key()).collect();
        for k in &keys {
            assert_eq!(k.0.len(), 32);
            assert!(k.0.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        let distinct: std::collections::HashSet<&str> = keys.iter().map(|k| k.0.as_str()).collect();
        assert_eq!(distinct.len(), keys.len());
        // Every digit at every place: not a counter, not a short alphabet.
        for place in 0..32 {
            let seen: std::collections::HashSet<u8> =
                keys.iter().map(|k| k.0.as_bytes()[place]).collect();
            assert_eq!(seen.len(), 16, "place {place}");
        }
        assert_eq!(
            format!("{:?}", keys[0]),
            "WatchKey(..)",
            "a key never reaches a log"
        );
    }
}
