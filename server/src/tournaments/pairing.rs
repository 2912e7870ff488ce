//! The pass that runs every second: statuses announced, an arena's idle entrants paired, a
//! Swiss's or a round robin's next round paired when it is due, the games of both started
//! through the registry. The standings are sent as they change by `super::standings_news`.
//!
//! A round is recorded (`RoundPaired`) before any of its games starts, and each game when it
//! starts (`Paired`), so that a restart starts the games of a round that had not started yet and
//! no other.

use std::sync::Arc;

use chaupal_shared::protocol::tournaments::{
    TournamentId, TournamentNews, TournamentSetup, TournamentStatus,
};
use chaupal_shared::protocol::{Engine, ErrorReply, GameId, PlayerId, ServerMessage};
use chaupal_tournament::entrant::{EntrantId, Pairing};
use chaupal_tournament::swiss::Round;
use futures_util::StreamExt;
use rand::Rng;

use super::run::{Entrant, Play};
use super::{FINISHED_KEPT_MS, Tournaments, game_setup};
use crate::identity::new_watch_key;
use crate::push::notice::Notice;
use crate::setup::check_setup;
use crate::store::{NewGame, ROUNDS_MODE, StoredSeat, TOURNAMENT_MODE, TournamentEvent};

/// The most games of one pass started at the same time.
const STARTS_AT_ONCE: usize = 16;

impl Tournaments {
    /// One second's work: statuses, passes, new games, standings news, old tournaments
    /// forgotten.
    pub(super) async fn tick(&self) {
        let changes = self.inner.changes.lock().await;
        let now = self.now_ms();
        // In a cluster, a node whose lease is not fresh does no tournament's work: another
        // node may be taking its tournaments over.
        let may_run = self.keep_nodes(&changes, now).await;
        if may_run {
            if self.inner.limits.hourly_arenas {
                self.keep_hourly(now).await;
            }
            self.remind(now).await;
            self.pair_rounds(now).await;
            self.end_rounds(now).await;
        }
        let players = self.inner.registry.players().clone();
        let mut to_start: Vec<(TournamentId, Pairing, [Entrant; 2], TournamentSetup)> = Vec::new();
        let mut news: Vec<(TournamentId, Arc<ServerMessage>, Vec<PlayerId>)> = Vec::new();
        {
            let mut state = self.state();
            state
                .runs
                .retain(|_, r| r.ends_ms(now) + FINISHED_KEPT_MS > now || !r.games.is_empty());
            for run in state.runs.values_mut() {
                let status = run.status(now);
                if status != run.announced {
                    run.announced = status;
                    let podium = if status == TournamentStatus::Finished {
                        run.podium()
                    } else {
                        Vec::new()
                    };
                    let msg = ServerMessage::Tournament(TournamentNews::Status {
                        tournament: run.id,
                        status,
                        podium,
                    });
                    let entrants = run.entrants.iter().map(|e| e.player.id).collect();
                    news.push((run.id, Arc::new(msg), entrants));
                }
                let rounds = run.rounds_info();
                if rounds != run.announced_rounds {
                    run.announced_rounds = rounds;
                    if let Some(rounds) = rounds {
                        let msg = ServerMessage::Tournament(TournamentNews::Rounds {
                            tournament: run.id,
                            rounds,
                        });
                        let entrants = run.entrants.iter().map(|e| e.player.id).collect();
                        news.push((run.id, Arc::new(msg), entrants));
                    }
                }
                let paired = match &mut run.play {
                    // Another node's tournament (or this node's, while it may not run them).
                    _ if !(may_run && run.owned) => Vec::new(),
                    Play::Arena(arena) if status == TournamentStatus::Running => {
                        if arena.is_over(now) {
                            Vec::new()
                        } else {
                            // A computer entrant is always there; a player is, when connected
                            // to any node.
                            let entrants = &run.entrants;
                            let present = |e: EntrantId| {
                                entrants.get(e.0 as usize).is_some_and(|x| {
                                    x.computer.is_some()
                                        || players.is_online(x.player.id)
                                        || self.present_elsewhere(x.player.id)
                                })
                            };
                            let mut rng = rand::rng();
                            let mut toss = || rng.random::<bool>();
                            arena.pass(now, &present, &mut toss)
                        }
                    }
                    Play::Arena(_) => Vec::new(),
                    Play::Rounds(rounds) => rounds.take_to_start(),
                };
                for pairing in paired {
                    let (Some(a), Some(b)) = (
                        run.entrants.get(pairing.first.0 as usize),
                        run.entrants.get(pairing.second.0 as usize),
                    ) else {
                        continue;
                    };
                    to_start.push((run.id, pairing, [a.clone(), b.clone()], run.setup.clone()));
                }
            }
        }
        for (tournament, msg, entrants) in news {
            self.tell_followers(tournament, &msg);
            for player in entrants {
                players.tell(player, &msg);
            }
        }
        // Started side by side (each game's writes join the records' group commits), a few
        // at a time; the games of one pass concern different entrants, so their order does
        // not matter.
        let starts = to_start
            .into_iter()
            .map(|(tournament, pairing, seats, setup)| {
                self.start(tournament, pairing, seats, setup)
            });
        futures_util::stream::iter(starts)
            .buffer_unordered(STARTS_AT_ONCE)
            .for_each(|()| async {})
            .await;
    }

    /// Sends `msg` to the connections that follow `tournament`.
    pub(super) fn tell_followers(&self, tournament: TournamentId, msg: &Arc<ServerMessage>) {
        let followers = {
            let mut state = self.state();
            let Some(list) = state.followers.get_mut(&tournament) else {
                return;
            };
            list.retain(|o| !o.is_closed());
            list.clone()
        };
        for o in followers {
            o.send(msg.clone());
        }
    }

    /// Starts a tournament game between `seats` on this node, its players' connections here
    /// seated at it.
    pub(super) async fn start_here(
        &self,
        setup: &TournamentSetup,
        seats: &[Entrant; 2],
    ) -> Result<GameId, ErrorReply> {
        let registry = &self.inner.registry;
        let start = check_setup(&game_setup(setup), &self.inner.limits)?;
        let new = NewGame {
            kind: setup.game,
            rules: setup.rules.clone(),
            start_position: None,
            clock: setup.correspondence.is_none().then_some(setup.clock),
            correspondence: setup.correspondence,
            rated: setup.rated,
            mode: if setup.format.in_rounds() {
                ROUNDS_MODE
            } else {
                TOURNAMENT_MODE
            }
            .to_owned(),
            creator: None,
            seats: seats.clone().map(|e| match e.computer {
                Some(level) => StoredSeat {
                    player: None,
                    engine: Some(Engine::Level { level }),
                    name: e.player.name,
                },
                None => StoredSeat {
                    player: Some(e.player.id),
                    engine: None,
                    name: e.player.name,
                },
            }),
            started_ms: registry.store().now_ms(),
            watch_key: setup.private.then(new_watch_key),
        };
        let subscribers = seats
            .iter()
            .flat_map(|e| registry.players().outboxes_of(e.player.id))
            .collect();
        registry.start_game(new, start, subscribers, None).await
    }

    /// Starts a paired game and tells its players; a game that cannot start is taken back.
    pub(super) async fn start(
        &self,
        tournament: TournamentId,
        pairing: Pairing,
        seats: [Entrant; 2],
        setup: TournamentSetup,
    ) {
        let registry = &self.inner.registry;
        // In a cluster, on the node of one of its players (this one when it holds either).
        let started = match self.node_for(&seats) {
            Some(node) => self.start_on(&node, &setup, &seats).await,
            None => self.start_here(&setup, &seats).await,
        };
        // The pass began the pairing in the arena already; the records hear of it now that
        // its game has an id (or could not start).
        let store = registry.store();
        let (first, second) = (seats[0].player.id, seats[1].player.id);
        let event = match &started {
            Ok(game) => TournamentEvent::Paired {
                game: *game,
                first,
                second,
            },
            Err(e) => {
                tracing::warn!(
                    tournament = tournament.0,
                    "a paired game did not start: {}",
                    e.reason
                );
                TournamentEvent::Unstarted { first, second }
            }
        };
        let recorded = store
            .record_tournament_event(tournament, store.now_ms(), &event)
            .await;
        if recorded.is_ok() {
            self.logged(tournament);
        }
        let mut state = self.state();
        let game = match (started, recorded) {
            (Ok(game), Ok(())) => game,
            (started, recorded) => {
                if let (Ok(game), Err(e)) = (started, recorded) {
                    // Its players play it unscored: the tournament lets it go.
                    tracing::error!(
                        tournament = tournament.0,
                        game = game.0,
                        "a tournament game was not recorded, and is not scored: {e}"
                    );
                }
                if let Some(run) = state.runs.get_mut(&tournament) {
                    let _ = run.cancel(pairing, registry.store().now_ms());
                    run.standings_due = true;
                }
                return;
            }
        };
        state.games.insert(game, tournament);
        let mut round = None;
        if let Some(run) = state.runs.get_mut(&tournament) {
            run.games.insert(game, pairing);
            round = run.rounds().map(|r| r.paired());
            run.standings_due |= round.is_some();
        }
        drop(state);
        // A round's game waits for its players wherever they are: a push to their browsers.
        if let (Some(round), Some(push)) = (round, registry.push()) {
            for k in (0..2).filter(|&k| seats[k].computer.is_none()) {
                push.notify(
                    seats[k].player.id,
                    Notice::RoundGame {
                        game,
                        kind: setup.game,
                        opponent: seats[1 - k].player.name.clone(),
                        round,
                    },
                );
            }
        }
        for (k, side) in [
            chaupal_rules::game::Side::First,
            chaupal_rules::game::Side::Second,
        ]
        .into_iter()
        .enumerate()
        {
            let msg = Arc::new(ServerMessage::Tournament(TournamentNews::Paired {
                tournament,
                game,
                side,
                opponent: seats[1 - k].player.clone(),
            }));
            registry.players().tell(seats[k].player.id, &msg);
        }
    }

    /// Pairs the next round of each Swiss and round robin whose round is due at `now`: the
    /// round is recorded, then begun (its games wait for the pass to start them), and who sits
    /// it out hears so. The caller holds `changes`. A round the records refuse is paired again
    /// at a later pass.
    async fn pair_rounds(&self, now: u64) {
        let began = std::time::Instant::now();
        let due: Vec<(TournamentId, u32, Round, Vec<PlayerId>)> = {
            let state = self.state();
            let mut rng = rand::rng();
            let mut toss = || rng.random::<bool>();
            state
                .runs
                .values()
                .filter(|run| run.owned)
                .filter_map(|run| {
                    let rounds = run.rounds()?;
                    if !rounds.round_due(now) {
                        return None;
                    }
                    let round = match rounds.next_round(&mut toss) {
                        Ok(round) => round,
                        Err(e) => {
                            tracing::error!(tournament = run.id.0, "a round was not paired: {e}");
                            return None;
                        }
                    };
                    let ids = run.entrants.iter().map(|e| e.player.id).collect();
                    Some((run.id, rounds.paired() + 1, round, ids))
                })
                .collect()
        };
        let pairing_ms = began.elapsed().as_millis() as u64;
        for (tournament, number, round, ids) in due {
            let id = |e: EntrantId| ids.get(e.0 as usize).copied();
            let games: Option<Vec<[PlayerId; 2]>> = round
                .games
                .iter()
                .map(|g| Some([id(g.first)?, id(g.second)?]))
                .collect();
            let unpaired: Option<Vec<PlayerId>> = round.unpaired.iter().map(|e| id(*e)).collect();
            let (Some(games), Some(unpaired)) = (games, unpaired) else {
                continue;
            };
            let event = TournamentEvent::RoundPaired {
                round: number,
                games,
                bye: round.bye.and_then(id),
                unpaired,
            };
            if let Err(e) = self.record(tournament, now, event).await {
                tracing::warn!(
                    tournament = tournament.0,
                    "a round was not recorded: {}",
                    e.reason
                );
                continue;
            }
            tracing::info!(
                tournament = tournament.0,
                round = number,
                pairing_ms,
                since_pass_began_ms = self.now_ms().saturating_sub(now),
                "round paired"
            );
            let sat_out = {
                let mut state = self.state();
                let Some(run) = state.runs.get_mut(&tournament) else {
                    continue;
                };
                let Some(rounds) = run.rounds_mut() else {
                    continue;
                };
                rounds.take_sat_out()
            };
            let players = self.inner.registry.players();
            for (entrant, bye) in sat_out {
                let Some(player) = id(entrant) else {
                    continue;
                };
                let msg = Arc::new(ServerMessage::Tournament(TournamentNews::SatOut {
                    tournament,
                    round: number,
                    bye,
                }));
                players.tell(player, &msg);
            }
        }
    }

    /// Records the end of each Swiss and round robin that ended since the last pass (stored
    /// with no end until then), so that a restart keeps it a day and no longer. The caller
    /// holds `changes`; an end the records refuse is tried again at a later pass.
    async fn end_rounds(&self, now: u64) {
        let ended: Vec<(TournamentId, u64)> = {
            let state = self.state();
            state
                .runs
                .values()
                .filter(|r| {
                    r.owned
                        && r.rounds().is_some()
                        && !r.end_recorded
                        && r.status(now) == TournamentStatus::Finished
                })
                .map(|r| (r.id, r.ends_ms(now)))
                .collect()
        };
        for (tournament, ends_ms) in ended {
            match self
                .inner
                .registry
                .store()
                .end_tournament(tournament, ends_ms)
                .await
            {
                Ok(()) => {
                    if let Some(run) = self.state().runs.get_mut(&tournament) {
                        run.end_recorded = true;
                    }
                }
                Err(e) => {
                    tracing::warn!(tournament = tournament.0, "its end was not recorded: {e}")
                }
            }
        }
    }
}
