//! Taking the other seat of a seek: accepting an open seek or joining an invitation by its
//! code, and starting the game it becomes. A seek taken for a game that does not start is
//! put back.

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, LobbyEvent, PlayerId, PlayerInfo, SeekId, SeekInfo,
};

use super::{Matchmaking, Seek, State, Untaken, bad, no_game_for_code, seat_of, side_of};
use crate::identity::{new_watch_key, normalise_code};
use crate::outbox::Outbox;
use crate::setup::check_setup;
use crate::store::NewGame;

impl Matchmaking {
    /// Takes the other seat of an open seek.
    pub async fn accept(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        seek: SeekId,
    ) -> Result<GameId, ErrorReply> {
        let here = self.state().seeks.get(&seek).map(Seek::waits_alone);
        if here == Some(true) {
            self.check_correspondence_limit(player.id).await?;
        }
        if here.is_none() && self.inner.cluster.is_some() {
            return self.accept_remote(player, outbox, seek).await;
        }
        let taken = {
            let mut state = self.state();
            match state.seeks.get(&seek) {
                None => return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))),
                Some(s) if s.code.is_some() => {
                    return Err(bad(
                        ErrorCode::NoSuchSeek,
                        format!("{seek} is private: join it by its invite code"),
                    ));
                }
                // Nobody should find a game started with a stranger while they were away (but a
                // correspondence seek waits for that).
                Some(s) if s.owner.is_none() && !s.waits_alone() => {
                    return Err(bad(
                        ErrorCode::NoSuchSeek,
                        format!("{seek} waits for its seeker to come back after a restart"),
                    ));
                }
                Some(_) => {}
            }
            match self.take_seek(&mut state, &player, seek) {
                Ok(taken) => taken,
                Err(untaken) => {
                    drop(state);
                    return Err(self.untaken(untaken));
                }
            }
        };
        self.inner
            .announcer
            .announce(LobbyEvent::SeekRemoved { seek });
        let kept = taken.clone();
        let started = self.start_from_seek(taken, player, outbox).await;
        if started.is_err() {
            self.put_back(kept).await;
        }
        started
    }

    /// Takes the other seat of a private game.
    pub async fn join_by_code(
        &self,
        player: PlayerInfo,
        outbox: Outbox,
        code: &str,
    ) -> Result<GameId, ErrorReply> {
        let code = normalise_code(code);
        if let Some((game, _)) = self.game_of_used_code(&self.state(), &player, &code) {
            return Ok(game);
        }
        let here = self.state().codes.contains_key(&code);
        let (game, info) = if !here && self.inner.cluster.is_some() {
            self.join_remote(player, outbox, &code).await?
        } else {
            let waits_alone = {
                let state = self.state();
                let seek = state.codes.get(&code).and_then(|id| state.seeks.get(id));
                seek.is_some_and(Seek::waits_alone)
            };
            if waits_alone {
                self.check_correspondence_limit(player.id).await?;
            }
            let taken = {
                let mut state = self.state();
                let taken = match state.codes.get(&code) {
                    Some(&seek) => self.take_seek(&mut state, &player, seek),
                    None => return Err(no_game_for_code()),
                };
                match taken {
                    Ok(taken) => taken,
                    Err(untaken) => {
                        drop(state);
                        return Err(self.untaken(untaken));
                    }
                }
            };
            let kept = taken.clone();
            let info = taken.info.clone();
            match self.start_from_seek(taken, player, outbox).await {
                Ok(game) => (game, info),
                Err(e) => {
                    self.put_back(kept).await;
                    return Err(e);
                }
            }
        };
        let mut state = self.state();
        // Codes of games that are over are forgotten as new ones come.
        state
            .used_codes
            .retain(|_, (g, _)| self.inner.registry.is_live(*g));
        state.used_codes.insert(code, (game, info));
        Ok(game)
    }

    /// The live game an invite code already started on this node, and the invitation it was,
    /// for one of its players (who opened the link again, or reloaded its page); none for
    /// anyone else.
    pub(super) fn game_of_used_code(
        &self,
        state: &State,
        player: &PlayerInfo,
        code: &str,
    ) -> Option<(GameId, SeekInfo)> {
        state
            .used_codes
            .get(code)
            .filter(|(game, _)| self.inner.registry.plays_in(*game, player.id))
            .cloned()
    }

    /// Puts back a seek taken for a game that did not start (the records could not store it):
    /// when the records still hold the seek (so that no game was stored in its place) and its
    /// seeker is still there, it waits again as before, and is listed again if it was. A
    /// refused accept or join changes nothing.
    async fn put_back(&self, seek: Seek) {
        let id = seek.info.seek;
        match self.inner.store.has_seek(id).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::error!(
                    "{id}: a game from it did not start, and the records do not say whether they still hold it: {e}"
                );
                return;
            }
        }
        if seek.owner.as_ref().is_some_and(Outbox::is_closed) && !seek.waits_alone() {
            self.forget_seek(id);
            return;
        }
        let listed = (seek.code.is_none()).then(|| seek.info.clone());
        {
            let mut state = self.state();
            if let Some(code) = &seek.code {
                state.codes.insert(code.clone(), id);
            }
            state.seeks.insert(id, seek);
        }
        if let Some(info) = listed {
            self.inner.announcer.announce(LobbyEvent::SeekAdded(info));
        }
    }

    /// Takes `seek` out of the lobby for `player`. Refused with why, and, when the seek was
    /// dropped all the same (its seeker had left, and the lobby was not yet told), with the
    /// listed seek dropped, which the caller announces once the lock is released
    /// ([`Matchmaking::untaken`]).
    fn take_seek(
        &self,
        state: &mut State,
        player: &PlayerInfo,
        seek: SeekId,
    ) -> Result<Seek, Untaken> {
        let refused = |error| Untaken {
            error,
            dropped: None,
        };
        let Some(s) = state.seeks.get(&seek) else {
            return Err(refused(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))));
        };
        if s.info.by.id == player.id {
            return Err(refused(bad(
                ErrorCode::BadSetup,
                "you cannot play your own seek",
            )));
        }
        let gone = s.owner.as_ref().is_some_and(Outbox::is_closed) && !s.waits_alone();
        if !s.waits_alone() {
            self.check_open_limit(state, player.id).map_err(refused)?;
        }
        let Some(taken) = state.seeks.remove(&seek) else {
            return Err(refused(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))));
        };
        if let Some(code) = &taken.code {
            state.codes.remove(code);
        }
        if gone {
            self.forget_seek(seek);
            return Err(Untaken {
                error: bad(ErrorCode::NoSuchSeek, "the seeker has left"),
                dropped: taken.code.is_none().then_some(seek),
            });
        }
        Ok(taken)
    }

    /// A refused take: tells the lobby's subscribers of a listed seek it dropped; the error.
    fn untaken(&self, untaken: Untaken) -> ErrorReply {
        if let Some(seek) = untaken.dropped {
            self.inner
                .announcer
                .announce(LobbyEvent::SeekRemoved { seek });
        }
        untaken.error
    }

    async fn start_from_seek(
        &self,
        seek: Seek,
        taker: PlayerInfo,
        outbox: Outbox,
    ) -> Result<GameId, ErrorReply> {
        self.start_from_seek_with(seek, taker, outbox, None).await
    }

    pub(super) async fn start_from_seek_with(
        &self,
        seek: Seek,
        taker: PlayerInfo,
        outbox: Outbox,
        elsewhere: Option<(String, (u64, bool), PlayerId)>,
    ) -> Result<GameId, ErrorReply> {
        let setup = &seek.setup;
        let start = check_setup(setup, &self.inner.limits)?;
        let seeker_side = side_of(setup.side);
        let mut seats = [seat_of(&seek.info.by), seat_of(&taker)];
        if seeker_side == Side::Second {
            seats.swap(0, 1);
        }
        let new = NewGame {
            kind: setup.game,
            rules: setup.rules.clone(),
            start_position: setup.position.clone(),
            clock: setup.clock,
            correspondence: setup.correspondence,
            rated: setup.rated,
            mode: if seek.code.is_some() {
                "private"
            } else {
                "open"
            }
            .to_owned(),
            creator: Some(seek.info.by.id),
            seats,
            started_ms: self.inner.store.now_ms(),
            // A game from a private invitation is private, whatever its set-up says.
            watch_key: (seek.code.is_some() || setup.private).then(new_watch_key),
        };
        let subscribers = seek
            .owner
            .filter(|o| !o.is_closed())
            .into_iter()
            .chain([outbox])
            .collect();
        self.inner
            .registry
            .start_game_with(new, start, subscribers, Some(seek.info.seek), elsewhere)
            .await
    }
}
