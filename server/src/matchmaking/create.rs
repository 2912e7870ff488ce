//! Creating a game from a set-up: an open seek or a private invitation, stored and then
//! listed, or a local, AI or exhibition game started at once.

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    Engine, ErrorReply, GameId, GameSetup, LobbyEvent, Opponent, PlayerInfo, SeekId, SeekInfo,
};

use super::{Created, Matchmaking, Seek, seat_of, seek_info, side_of};
use crate::identity::{new_invite_code, new_watch_key};
use crate::outbox::Outbox;
use crate::pool::engine_name;
use crate::setup::check_setup;
use crate::store::{NewGame, StoredSeat};

impl Matchmaking {
    /// Creates a game as `setup` says.
    pub async fn create(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        setup: GameSetup,
        address: &str,
    ) -> Result<Created, ErrorReply> {
        let start = check_setup(&setup, &self.inner.limits)?;
        if setup.correspondence.is_some() {
            self.check_correspondence_limit(player.id).await?;
        } else {
            self.check_open_limit(&self.state(), player.id)?;
        }
        let creator_side = side_of(setup.side);
        let person = seat_of;
        let ai = |e: &Engine| StoredSeat {
            player: None,
            engine: Some(e.clone()),
            name: engine_name(e),
        };
        let seated = |mode: &str, mut seats: [StoredSeat; 2], side: Side| {
            if side == Side::Second {
                seats.swap(0, 1);
            }
            NewGame {
                kind: setup.game,
                rules: setup.rules.clone(),
                start_position: setup.position.clone(),
                clock: setup.clock,
                correspondence: setup.correspondence,
                rated: setup.rated,
                mode: mode.to_owned(),
                creator: Some(player.id),
                seats,
                started_ms: self.inner.store.now_ms(),
                // A game of two people at one device is nobody else's.
                watch_key: (setup.private || mode == "local").then(new_watch_key),
            }
        };
        let new = match &setup.opponent {
            Opponent::Open | Opponent::Private => {
                let private = setup.opponent == Opponent::Private;
                // A seek that outlives its connection counts against its address too.
                let lasting = private || setup.correspondence.is_some();
                if lasting {
                    self.check_address_limit(address).await?;
                }
                let rating = self.seek_rating(player.id, &setup).await?;
                let code = private.then(|| {
                    let state = self.state();
                    loop {
                        let c = new_invite_code();
                        if !state.codes.contains_key(&c) {
                            break c;
                        }
                    }
                });
                // Stored first, so that a seek anyone can see survives a crash.
                let store = &self.inner.store;
                let seeker = Some((outbox.conn.0, outbox.turns));
                let from = lasting.then_some(address);
                let id = store
                    .create_seek_from(
                        &player,
                        &setup,
                        code.as_deref(),
                        store.now_ms(),
                        seeker,
                        from,
                    )
                    .await?;
                let info = self.add_seek(id, player, setup, code.clone(), rating, Some(outbox));
                let info = match info {
                    Ok(info) => info,
                    Err(e) => {
                        self.forget_seek(id);
                        return Err(e);
                    }
                };
                if !private {
                    self.inner.announcer.announce(LobbyEvent::SeekAdded(info));
                }
                return Ok(Created {
                    game: None,
                    seek: Some(id),
                    invite_code: code,
                });
            }
            Opponent::Local => seated("local", [person(&player), person(&player)], Side::First),
            Opponent::Ai { engine } => seated("ai", [person(&player), ai(engine)], creator_side),
            Opponent::Exhibition { first, second } => {
                seated("exhibition", [ai(first), ai(second)], Side::First)
            }
        };
        // Local, AI and exhibition games start at once.
        let game = self
            .inner
            .registry
            .start_game(new, start, vec![outbox], None)
            .await?;
        Ok(created(game))
    }

    /// Lists a stored seek. A new seek (with its seeker's connection) counts against the
    /// seeker's open-games limit; a reloaded one is always taken back.
    pub(super) fn add_seek(
        &self,
        id: SeekId,
        by: PlayerInfo,
        setup: GameSetup,
        code: Option<String>,
        rating: Option<i32>,
        owner: Option<Outbox>,
    ) -> Result<SeekInfo, ErrorReply> {
        let mut state = self.state();
        if owner.is_some() && setup.correspondence.is_none() {
            self.check_open_limit(&state, by.id)?;
        }
        let info = seek_info(id, by, &setup, rating);
        if let Some(c) = &code {
            state.codes.insert(c.clone(), id);
        }
        state.seeks.insert(
            id,
            Seek {
                info: info.clone(),
                setup,
                owner,
                code,
            },
        );
        Ok(info)
    }
}

fn created(game: GameId) -> Created {
    Created {
        game: Some(game),
        seek: None,
        invite_code: None,
    }
}
