//! Joins: each waits in `Inner::joins` for the change lock, and whoever holds it next makes
//! every join waiting then, checked, recorded in one commit and applied in the order they came
//! (BENCHMARKS.md, the arena of 10,000).

use std::collections::HashMap;
use std::sync::MutexGuard;

use chaupal_shared::protocol::tournaments::{TournamentId, TournamentView};
use chaupal_shared::protocol::{ErrorCode, ErrorReply, PlayerInfo};
use chaupal_tournament::entrant::EntrantId;
use chaupal_tournament::standings::Standings;

use super::{Tournaments, bad, no_such, seen};
use crate::cluster::wire::TournamentAsk;
use crate::store::TournamentEvent;

/// A join waiting to be made, and where its answer goes.
pub(super) struct JoinWish {
    player: PlayerInfo,
    tournament: TournamentId,
    rating: i32,
    answer: tokio::sync::oneshot::Sender<Result<TournamentView, ErrorReply>>,
}

impl Tournaments {
    /// `player` enters `tournament`, or comes back to it, once it is recorded.
    ///
    /// Joins are recorded together: each join waits in `Inner::joins`, and whoever holds the
    /// change lock next makes every join waiting then in one commit ([`Tournaments::joins`]),
    /// in the order they came; a join made by another holder finds its answer at once. Ten
    /// thousand players joining an hourly arena within seconds share a few commits instead of
    /// queueing behind one commit each.
    pub async fn join(
        &self,
        player: &PlayerInfo,
        tournament: TournamentId,
        code: Option<&str>,
    ) -> Result<TournamentView, ErrorReply> {
        let ask = TournamentAsk::Join {
            player: player.clone(),
            tournament,
            code: code.map(str::to_owned),
        };
        if let Some(answer) = self.forward(tournament, ask).await {
            return answer;
        }
        let kind = {
            let mut state = self.state();
            seen(&mut state.runs, tournament, player.id, code)?
                .setup
                .game
        };
        let rating = self.rating(player.id, kind).await?;
        let (answer, mut answered) = tokio::sync::oneshot::channel();
        self.waiting_joins().push(JoinWish {
            player: player.clone(),
            tournament,
            rating,
            answer,
        });
        let _changes = self.inner.changes.lock().await;
        if let Ok(done) = answered.try_recv() {
            return done;
        }
        let waiting = std::mem::take(&mut *self.waiting_joins());
        self.joins(waiting).await;
        drop(_changes);
        answered
            .await
            .unwrap_or_else(|_| Err(bad(ErrorCode::Internal, "the join was not answered")))
    }

    fn waiting_joins(&self) -> MutexGuard<'_, Vec<JoinWish>> {
        self.inner
            .joins
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Makes `wishes` (the caller holds `changes`): each checked, those that may join recorded
    /// together and made in their order, and every wish answered. A player's second join in
    /// the same group is made after the first, in a group of its own.
    async fn joins(&self, wishes: Vec<JoinWish>) {
        let mut wishes = wishes;
        while !wishes.is_empty() {
            let now = self.now_ms();
            let mut accepted: Vec<JoinWish> = Vec::new();
            let mut later: Vec<JoinWish> = Vec::new();
            {
                let mut state = self.state();
                for wish in wishes {
                    let twice = accepted
                        .iter()
                        .any(|a| a.tournament == wish.tournament && a.player.id == wish.player.id);
                    if twice {
                        later.push(wish);
                        continue;
                    }
                    let checked = match state.runs.get_mut(&wish.tournament) {
                        None => Err(no_such(wish.tournament)),
                        Some(run) => {
                            let entrant = match run.by_player.get(&wish.player.id) {
                                Some(e) => *e,
                                None => EntrantId(run.entrants.len() as u32),
                            };
                            run.can_join(entrant, now)
                        }
                    };
                    match checked {
                        Ok(()) => accepted.push(wish),
                        Err(e) => {
                            let _ = wish.answer.send(Err(e));
                        }
                    }
                }
            }
            let events: Vec<(TournamentId, TournamentEvent)> = accepted
                .iter()
                .map(|w| {
                    let event = TournamentEvent::Joined {
                        player: w.player.clone(),
                        rating: w.rating,
                        computer: None,
                    };
                    (w.tournament, event)
                })
                .collect();
            let recorded = self
                .inner
                .registry
                .store()
                .record_tournament_events(now, &events)
                .await;
            match recorded {
                Err(e) => {
                    let refusal = ErrorReply::from(e);
                    for wish in accepted {
                        let _ = wish.answer.send(Err(refusal.clone()));
                    }
                }
                Ok(()) => {
                    for (tournament, event) in &events {
                        self.make(*tournament, now, event);
                    }
                    let mut told: Vec<TournamentId> = events.iter().map(|(t, _)| *t).collect();
                    told.dedup();
                    for tournament in told {
                        self.logged(tournament);
                    }
                    // Each tournament's standings ranked once for all its joins' views.
                    let state = self.state();
                    let mut ranked: HashMap<TournamentId, Standings> = HashMap::new();
                    for wish in accepted {
                        let view = match state.runs.get(&wish.tournament) {
                            Some(run) => {
                                let standings = ranked
                                    .entry(wish.tournament)
                                    .or_insert_with(|| run.standings());
                                Ok(run.view_in(standings, wish.player.id, now))
                            }
                            None => Err(no_such(wish.tournament)),
                        };
                        let _ = wish.answer.send(view);
                    }
                }
            }
            wishes = later;
        }
    }
}
