//! How long a seek lasts: cancelled by its seeker, gone with its seeker's connection (except
//! a correspondence seek), adopted by the seeker's next connection after a restart, reloaded
//! from the records at a start, and removed from the records once it is out of the lobby.

use std::sync::atomic::Ordering;

use chaupal_shared::protocol::{ErrorCode, ErrorReply, LobbyEvent, PlayerId, SeekId};

use super::{Matchmaking, bad};
use crate::outbox::{ConnId, Outbox};
use crate::setup::check_setup;
use crate::store::StoreError;

impl Matchmaking {
    /// Removes a seek from the records, in the background (it is already out of the lobby).
    /// While the server shuts down, seeks stay stored, to be reloaded at the next start.
    pub(super) fn forget_seek(&self, seek: SeekId) {
        if self.inner.closing.load(Ordering::Relaxed) {
            return;
        }
        let store = self.inner.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.delete_seek(seek).await {
                tracing::error!("{seek}: could not remove it from the records: {e}");
            }
        });
    }

    /// The server is shutting down: connections that close from now on keep their seeks.
    pub fn shutting_down(&self) {
        self.inner.closing.store(true, Ordering::Relaxed);
    }

    /// A player said hello: their reloaded seeks go with this connection from now on, and the
    /// games they become are sent to it.
    pub fn adopt_seeks(&self, outbox: &Outbox) {
        let mut listed = Vec::new();
        for seek in self.state().seeks.values_mut() {
            if seek.info.by.id == outbox.player && seek.owner.is_none() {
                seek.owner = Some(outbox.clone());
                if seek.code.is_none() {
                    listed.push(seek.info.clone());
                }
            }
        }
        for info in listed {
            self.inner.announcer.announce(LobbyEvent::SeekAdded(info));
        }
    }

    /// Withdraws a seek of the player's.
    pub fn cancel(&self, player: PlayerId, seek: SeekId) -> Result<(), ErrorReply> {
        let removed = {
            let mut state = self.state();
            match state.seeks.get(&seek) {
                Some(s) if s.info.by.id == player => {}
                Some(_) => return Err(bad(ErrorCode::NotYourSeat, format!("{seek} is not yours"))),
                None => return Err(bad(ErrorCode::NoSuchSeek, format!("no {seek}"))),
            }
            let s = state.seeks.remove(&seek);
            if let Some(code) = s.as_ref().and_then(|s| s.code.clone()) {
                state.codes.remove(&code);
            }
            s
        };
        self.forget_seek(seek);
        if removed.is_some_and(|s| s.code.is_none()) {
            self.inner
                .announcer
                .announce(LobbyEvent::SeekRemoved { seek });
        }
        Ok(())
    }

    /// A connection closed: its seeks go with it, except correspondence seeks, which wait
    /// for an opponent without their seeker.
    pub fn conn_closed(&self, conn: ConnId) {
        let removed: Vec<(SeekId, bool)> = {
            let mut state = self.state();
            for seek in state.seeks.values_mut() {
                if seek.waits_alone() && seek.owner.as_ref().is_some_and(|o| o.conn == conn) {
                    seek.owner = None;
                }
            }
            let ids: Vec<SeekId> = state
                .seeks
                .iter()
                .filter(|(_, s)| s.owner.as_ref().is_some_and(|o| o.conn == conn))
                .map(|(id, _)| *id)
                .collect();
            ids.into_iter()
                .filter_map(|id| {
                    let s = state.seeks.remove(&id)?;
                    if let Some(code) = &s.code {
                        state.codes.remove(code);
                    }
                    Some((id, s.code.is_none()))
                })
                .collect()
        };
        for (seek, listed) in removed {
            self.forget_seek(seek);
            if listed {
                self.inner
                    .announcer
                    .announce(LobbyEvent::SeekRemoved { seek });
            }
        }
    }

    /// Reloads the stored seeks and invitations after a restart; returns how many.
    pub async fn restore_seeks(&self) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let mut count = 0;
        for seek in store.seeks().await? {
            if let Err(e) = check_setup(&seek.setup, &self.inner.limits) {
                tracing::error!("{}: cannot reload: {e}", seek.id);
                store.delete_seek(seek.id).await?;
                continue;
            }
            let rating = self.seek_rating(seek.by.id, &seek.setup).await?;
            if self
                .add_seek(seek.id, seek.by, seek.setup, seek.code, rating, None)
                .is_ok()
            {
                count += 1;
            }
        }
        Ok(count)
    }
}
