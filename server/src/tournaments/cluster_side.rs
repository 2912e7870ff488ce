//! The tournaments across the nodes of a cluster (docs/SCALING.md, "Tournaments").
//!
//! - **One node runs each tournament** (the `node` column of its row): it pairs, starts the
//!   games and records every change. A tournament whose node is gone is claimed by a live node
//!   ([`crate::store::Store::claim_tournament`]), which rebuilds it from its log and settles its
//!   games as a restart does. A node that may not take moves (its lease is not fresh) does no
//!   tournament's work; one that finds in the records that another node now runs a tournament
//!   it ran follows it from then on.
//! - **Every node follows every tournament** from the records: told that a log grew
//!   ([`TournamentWire::Changed`]), it reads the new events and applies them as a restart
//!   would, tells its own connections of their pairings and sends the standings to its own
//!   followers. Every few seconds it reads every log again for what it may have missed.
//! - **Requests** that change a tournament run elsewhere (join, pause, leave) are forwarded to
//!   its node; reads (list, open, standings) are answered here.
//! - **Presence:** each node says which entrants of others' arenas it holds
//!   ([`TournamentWire::Present`]), so that an arena pairs a player connected anywhere.
//! - **Endings:** a tournament game that ends on a node that does not run its tournament is
//!   sent to the node that does ([`TournamentWire::GameEnded`]), and that node also looks in
//!   the records, every few seconds, for its games that ended elsewhere.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use chaupal_rules::game::Side;
use chaupal_shared::protocol::tournaments::{
    TournamentId, TournamentNews, TournamentSetup, TournamentStatus, TournamentView,
};
use chaupal_shared::protocol::{ErrorReply, GameId, PlayerId, PlayerInfo, ServerMessage};
use tokio::sync::Notify;
use tokio::time::Instant;

use super::records;
use super::run::{Entrant, Play};
use super::{Changes, FINISHED_KEPT_MS, Tournaments};
use crate::cluster::wire::{
    PRESENT_EVERY_MS, TournamentAnswer, TournamentAsk, TournamentWire, WireSeat,
};
use crate::cluster::{Cluster, TournamentHost, unavailable};
use crate::registry::Ending;
use crate::room::HostFuture;
use crate::store::TournamentEvent;

/// How often a node reads every followed tournament's log again, and looks for tournaments it
/// has not heard of, and for its games that ended on other nodes.
const RESYNC_EVERY: Duration = Duration::from_secs(5);

/// What the tournaments keep of the other nodes.
#[derive(Default)]
pub(super) struct Nodes {
    /// Tournaments whose log grew on another node, to read.
    dirty: Mutex<BTreeSet<TournamentId>>,
    /// Wakes the reader of `dirty`.
    pub(super) wake: Notify,
    /// The entrants each other node holds, and when it said so.
    present: Mutex<HashMap<String, (Instant, HashSet<PlayerId>)>>,
    /// When this node last said whom it holds, and last read every log again.
    said_present: Mutex<Option<Instant>>,
    resynced: Mutex<Option<Instant>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether `last` is more than `every` ago (or never); if so, it becomes now.
fn due(last: &Mutex<Option<Instant>>, every: Duration) -> bool {
    let mut last = lock(last);
    let now = Instant::now();
    if last.is_some_and(|t| now.duration_since(t) < every) {
        return false;
    }
    *last = Some(now);
    true
}

impl Tournaments {
    fn cluster(&self) -> Option<&Cluster> {
        self.inner.registry.cluster()
    }

    /// Tells the other nodes that `tournament`'s log grew.
    pub(super) fn logged(&self, tournament: TournamentId) {
        if let Some(cluster) = self.cluster() {
            cluster.tournament_news(TournamentWire::Changed { tournament });
        }
    }

    /// Whether `player` has a connection on another node (for an arena's pairing).
    pub(super) fn present_elsewhere(&self, player: PlayerId) -> bool {
        let fresh = Duration::from_millis(3 * PRESENT_EVERY_MS);
        lock(&self.inner.nodes.present)
            .values()
            .any(|(when, players)| when.elapsed() < fresh && players.contains(&player))
    }

    /// The cluster's part of a pass (the caller holds `changes`): tournaments this node runs
    /// and no longer owns in the records are followed instead; those no live node runs are
    /// claimed; every few seconds, tournaments not heard of are read, and the games that ended
    /// elsewhere are scored. Returns whether this node may do its tournaments' work now.
    pub(super) async fn keep_nodes(&self, changes: &Changes<'_>, now: u64) -> bool {
        let Some(cluster) = self.cluster().cloned() else {
            return true;
        };
        if cluster.available().is_err() {
            return false;
        }
        let store = self.inner.registry.store().clone();
        let kept_from = now.saturating_sub(FINISHED_KEPT_MS);
        // Those the records say another node now runs (this one was thought gone).
        match store.tournaments_run_by(cluster.node(), kept_from).await {
            Ok(mine) => {
                let mine: HashSet<TournamentId> = mine.into_iter().collect();
                let lost: Vec<TournamentId> = self
                    .state()
                    .runs
                    .values()
                    .filter(|r| r.owned && !mine.contains(&r.id))
                    .map(|r| r.id)
                    .collect();
                for tournament in lost {
                    tracing::warn!(tournament = tournament.0, "run by another node now");
                    self.reload(tournament, now, false).await;
                }
            }
            Err(e) => {
                tracing::warn!("tournaments: cannot read which this node runs: {e}");
                return false;
            }
        }
        let live = cluster.live();
        match store.orphan_tournaments(&live, kept_from).await {
            Ok(orphans) => {
                for tournament in orphans {
                    match store
                        .claim_tournament(cluster.node(), tournament, &live)
                        .await
                    {
                        Ok(true) => {
                            tracing::info!(tournament = tournament.0, "tournament claimed");
                            self.reload(tournament, now, true).await;
                            self.logged(tournament);
                        }
                        Ok(false) => {}
                        Err(e) => tracing::warn!(tournament = tournament.0, "not claimed: {e}"),
                    }
                }
            }
            Err(e) => tracing::warn!("tournaments: cannot look for orphans: {e}"),
        }
        if due(
            &self.inner.nodes.said_present,
            Duration::from_millis(PRESENT_EVERY_MS),
        ) {
            self.say_present(&cluster, now);
        }
        if due(&self.inner.nodes.resynced, RESYNC_EVERY) {
            self.resync(kept_from).await;
            self.score_ended_elsewhere(changes).await;
        }
        true
    }

    /// Tells the other nodes which entrants of the arenas they run have a connection here.
    fn say_present(&self, cluster: &Cluster, now: u64) {
        let players = self.inner.registry.players();
        let present: Vec<PlayerId> = {
            let state = self.state();
            let mut out = BTreeSet::new();
            for run in state.runs.values() {
                if run.owned
                    || !matches!(run.play, Play::Arena(_))
                    || run.status(now) == TournamentStatus::Finished
                {
                    continue;
                }
                out.extend(
                    run.entrants
                        .iter()
                        .filter(|e| e.computer.is_none() && players.is_online(e.player.id))
                        .map(|e| e.player.id),
                );
            }
            out.into_iter().collect()
        };
        if !present.is_empty() {
            cluster.tournament_news(TournamentWire::Present { players: present });
        }
    }

    /// Reads the tournaments not heard of, and every followed log again.
    async fn resync(&self, kept_from: u64) {
        let known: HashSet<TournamentId> = self.state().runs.keys().copied().collect();
        let stored = match self
            .inner
            .registry
            .store()
            .every_tournament_ending_after(kept_from)
            .await
        {
            Ok(stored) => stored,
            Err(e) => {
                tracing::warn!("tournaments: cannot list them: {e}");
                return;
            }
        };
        let mut dirty = lock(&self.inner.nodes.dirty);
        for made in stored {
            if !known.contains(&made.id) {
                dirty.insert(made.id);
            }
        }
        let state = self.state();
        dirty.extend(state.runs.values().filter(|r| !r.owned).map(|r| r.id));
        drop(state);
        drop(dirty);
        self.inner.nodes.wake.notify_one();
    }

    /// Scores the games of the tournaments this node runs that ended on other nodes and were
    /// not heard of (their message was lost).
    async fn score_ended_elsewhere(&self, changes: &Changes<'_>) {
        let elsewhere: Vec<GameId> = {
            let state = self.state();
            state
                .games
                .iter()
                .filter(|(game, t)| {
                    state.runs.get(t).is_some_and(|r| r.owned)
                        && !self.inner.registry.is_live(**game)
                })
                .map(|(game, _)| *game)
                .collect()
        };
        if elsewhere.is_empty() {
            return;
        }
        let rows = match self.inner.registry.store().finished_among(&elsewhere).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!("tournaments: cannot read the games ended elsewhere: {e}");
                return;
            }
        };
        for row in rows {
            let Some(result) = row.result else { continue };
            let ending = Ending {
                game: row.id,
                result,
                plies: row.plies,
                berserk: row.berserk,
            };
            self.score_held(changes, ending).await;
        }
    }

    /// `tournament` rebuilt from the records, run here (`run_here`: its games settled) or
    /// followed. The caller holds `changes`.
    async fn reload(&self, tournament: TournamentId, now: u64, run_here: bool) {
        let store = self.inner.registry.store();
        let made = match store.tournament(tournament).await {
            Ok(Some(made)) => made,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(tournament = tournament.0, "cannot read it: {e}");
                return;
            }
        };
        match records::rebuild_one(&self.inner.registry, made, now, run_here).await {
            Ok(run) => {
                let mut state = self.state();
                state.games.retain(|_, t| *t != tournament);
                for game in run.games.keys() {
                    state.games.insert(*game, tournament);
                }
                state.runs.insert(tournament, run);
            }
            Err(e) => tracing::warn!(tournament = tournament.0, "cannot rebuild it: {e}"),
        }
    }

    /// Reads what is new in the logs of the tournaments another node changed (taking
    /// `changes`), and tells this node's connections what concerns them.
    pub(super) async fn catch_up(&self) {
        let dirty = std::mem::take(&mut *lock(&self.inner.nodes.dirty));
        if dirty.is_empty() {
            return;
        }
        let _changes = self.inner.changes.lock().await;
        let now = self.now_ms();
        for tournament in dirty {
            self.catch_up_one(tournament, now).await;
        }
    }

    /// Reads what is new in `tournament`'s log, where another node runs it; the caller holds
    /// `changes`.
    async fn catch_up_one(&self, tournament: TournamentId, now: u64) {
        let known = self
            .state()
            .runs
            .get(&tournament)
            .map(|r| (r.owned, r.last_event));
        let after = match known {
            Some((true, _)) => return,
            Some((false, last)) => last,
            None => {
                self.reload(tournament, now, false).await;
                return;
            }
        };
        let events = match self
            .inner
            .registry
            .store()
            .tournament_events_after(tournament, after)
            .await
        {
            Ok(events) => events,
            Err(e) => {
                tracing::warn!(tournament = tournament.0, "cannot read its log: {e}");
                return;
            }
        };
        for (number, logged) in events {
            let told = {
                let mut state = self.state();
                let Some(run) = state.runs.get_mut(&tournament) else {
                    return;
                };
                run.last_event = number;
                if let Err(e) = records::apply(run, &logged.event, logged.at_ms) {
                    tracing::error!(tournament = tournament.0, "a change does not fit: {e}");
                    continue;
                }
                news_of(run, &logged.event)
            };
            match &logged.event {
                TournamentEvent::Paired { game, .. } => {
                    self.state().games.insert(*game, tournament);
                }
                TournamentEvent::Finished { game, .. } | TournamentEvent::Cancelled { game } => {
                    self.state().games.remove(game);
                }
                _ => {}
            }
            for (player, msg, game) in told {
                self.tell_here(player, msg, game);
            }
        }
    }

    /// Tells `player`'s connections on this node `msg`, and seats them at `game` (their new
    /// tournament game, run on another node), as the node that started it seats its own.
    fn tell_here(&self, player: PlayerId, msg: ServerMessage, game: Option<GameId>) {
        let players = self.inner.registry.players();
        let msg = Arc::new(msg);
        players.tell(player, &msg);
        // A game started here seated this node's connections of its players already.
        let Some(game) = game.filter(|g| self.inner.registry.room(*g).is_none()) else {
            return;
        };
        for outbox in players.outboxes_of(player) {
            let registry = self.inner.registry.clone();
            tokio::spawn(async move {
                let attached = match registry.locate(game).await {
                    Ok(room) => room.attach(outbox, None).await,
                    Err(e) => Err(e),
                };
                if let Err(e) = attached {
                    tracing::warn!(
                        game = game.0,
                        "a tournament game's player not seated: {e:?}"
                    );
                }
            });
        }
    }

    /// The node to start a game between `seats` on, where not this one: in a cluster, a node
    /// that holds a connection of one of its players, when this node holds none (so that the
    /// games of a tournament run where their players are, not all on its node).
    pub(super) fn node_for(&self, seats: &[Entrant; 2]) -> Option<String> {
        self.cluster()?;
        let players = self.inner.registry.players();
        let humans: Vec<PlayerId> = seats
            .iter()
            .filter(|e| e.computer.is_none())
            .map(|e| e.player.id)
            .collect();
        if humans.is_empty() || humans.iter().any(|p| players.is_online(*p)) {
            return None;
        }
        let fresh = Duration::from_millis(3 * PRESENT_EVERY_MS);
        let present = lock(&self.inner.nodes.present);
        let mut nodes: Vec<&String> = present
            .iter()
            .filter(|(_, (when, held))| {
                when.elapsed() < fresh && humans.iter().any(|p| held.contains(p))
            })
            .map(|(node, _)| node)
            .collect();
        nodes.sort();
        nodes.first().map(|n| (*n).clone())
    }

    /// Starts a game between `seats` on node `node` (see [`Tournaments::node_for`]); where that
    /// node cannot, here.
    pub(super) async fn start_on(
        &self,
        node: &str,
        setup: &TournamentSetup,
        seats: &[Entrant; 2],
    ) -> Result<GameId, ErrorReply> {
        let Some(cluster) = self.cluster() else {
            return self.start_here(setup, seats).await;
        };
        let ask = TournamentAsk::StartGame {
            setup: Box::new(setup.clone()),
            seats: seats.clone().map(|e| WireSeat {
                player: e.player,
                rating: e.rating,
                computer: e.computer,
            }),
        };
        match cluster.ask_tournament(node, &ask).await {
            Ok(TournamentAnswer::Started(game)) => Ok(game),
            // Not started there (a game whose start is not known is found by its node's
            // records and is not scored: the players play it unscored, as when a start is not
            // recorded).
            other => {
                tracing::warn!(node, "a tournament game did not start there: {other:?}");
                match other {
                    Err(e) if e.code == chaupal_shared::protocol::ErrorCode::OutcomeUnknown => {
                        Err(e)
                    }
                    _ => self.start_here(setup, seats).await,
                }
            }
        }
    }

    /// Where `tournament` is run by another node: that node (an error while it changes
    /// hands). `None` where this node runs it, or on a single node.
    async fn run_elsewhere(&self, tournament: TournamentId) -> Result<Option<String>, ErrorReply> {
        let Some(cluster) = self.cluster() else {
            return Ok(None);
        };
        let owned = self.state().runs.get(&tournament).is_some_and(|r| r.owned);
        if owned {
            return Ok(None);
        }
        let moving = || {
            unavailable(format!(
                "{tournament} is moving to another server; try again in a moment"
            ))
        };
        match self
            .inner
            .registry
            .store()
            .tournament_node(tournament)
            .await?
        {
            Some(Some(node)) if node != cluster.node() && cluster.is_live_now(&node).await => {
                Ok(Some(node))
            }
            Some(_) => Err(moving()),
            None => Ok(None),
        }
    }

    /// Forwards `ask` to the node that runs its tournament, when another does; the answer is
    /// that node's, and this node reads the tournament's log again at once.
    pub(super) async fn forward(
        &self,
        tournament: TournamentId,
        ask: TournamentAsk,
    ) -> Option<Result<TournamentView, ErrorReply>> {
        let node = match self.run_elsewhere(tournament).await {
            Ok(Some(node)) => node,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        let cluster = self.cluster()?;
        let answer = match cluster.ask_tournament(&node, &ask).await {
            Ok(TournamentAnswer::View(view)) => Ok(*view),
            Ok(TournamentAnswer::Started(_)) => Err(ErrorReply::new(
                chaupal_shared::protocol::ErrorCode::Internal,
                "a wrong answer from the tournament's server",
            )),
            Err(e) => Err(e),
        };
        if answer.is_ok() {
            // Read with the other changes heard meanwhile (thousands of joins at an arena's
            // start are read together, not one read each).
            lock(&self.inner.nodes.dirty).insert(tournament);
            self.inner.nodes.wake.notify_one();
        }
        Some(answer)
    }

    /// Makes sure this node has read `tournament`, where another node made it a moment ago (a
    /// link shared at once): one this node has not heard of is read from the records.
    pub async fn read_if_new(&self, tournament: TournamentId) {
        if self.cluster().is_none() || self.state().runs.contains_key(&tournament) {
            return;
        }
        let _changes = self.inner.changes.lock().await;
        let now = self.now_ms();
        self.catch_up_one(tournament, now).await;
    }

    /// A game of a tournament another node runs ended here: that node hears of it.
    pub(super) fn ended_here_for_another(&self, tournament: TournamentId, ending: &Ending) {
        if let Some(cluster) = self.cluster() {
            cluster.tournament_news(TournamentWire::GameEnded {
                tournament,
                game: ending.game,
                result: ending.result,
                plies: ending.plies,
                berserk: ending.berserk,
            });
        }
    }
}

/// What applying `event` to `run` (followed from another node) tells this node's connections:
/// each player's message, and the game they are to be seated at.
fn news_of(
    run: &mut super::run::Run,
    event: &TournamentEvent,
) -> Vec<(PlayerId, ServerMessage, Option<GameId>)> {
    let tournament = run.id;
    let info = |player: PlayerId| -> Option<PlayerInfo> {
        let e = run.by_player.get(&player)?;
        run.entrants.get(e.0 as usize).map(|e| e.player.clone())
    };
    match event {
        TournamentEvent::Paired {
            game,
            first,
            second,
        } => {
            let (Some(a), Some(b)) = (info(*first), info(*second)) else {
                return Vec::new();
            };
            [(a.clone(), Side::First, b.clone()), (b, Side::Second, a)]
                .into_iter()
                .map(|(me, side, opponent)| {
                    let msg = ServerMessage::Tournament(TournamentNews::Paired {
                        tournament,
                        game: *game,
                        side,
                        opponent,
                    });
                    (me.id, msg, Some(*game))
                })
                .collect()
        }
        TournamentEvent::RoundPaired { round, .. } => {
            let ids: Vec<PlayerId> = run.entrants.iter().map(|e| e.player.id).collect();
            let Some(rounds) = run.rounds_mut() else {
                return Vec::new();
            };
            rounds
                .take_sat_out()
                .into_iter()
                .filter_map(|(entrant, bye)| {
                    let player = *ids.get(entrant.0 as usize)?;
                    let msg = ServerMessage::Tournament(TournamentNews::SatOut {
                        tournament,
                        round: *round,
                        bye,
                    });
                    Some((player, msg, None))
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

impl TournamentHost for Tournaments {
    fn news(&self, from: &str, news: TournamentWire) {
        match news {
            TournamentWire::Changed { tournament } => {
                lock(&self.inner.nodes.dirty).insert(tournament);
                self.inner.nodes.wake.notify_one();
            }
            TournamentWire::Present { players } => {
                lock(&self.inner.nodes.present).insert(
                    from.to_owned(),
                    (Instant::now(), players.into_iter().collect()),
                );
            }
            TournamentWire::GameEnded {
                tournament,
                game,
                result,
                plies,
                berserk,
            } => {
                let ours = self.state().runs.get(&tournament).is_some_and(|r| r.owned);
                if ours {
                    let this = self.clone();
                    let ending = Ending {
                        game,
                        result,
                        plies,
                        berserk,
                    };
                    tokio::spawn(async move { this.score(ending).await });
                }
            }
        }
    }

    fn ask(&self, ask: TournamentAsk) -> HostFuture<'_, Result<TournamentAnswer, ErrorReply>> {
        Box::pin(async move {
            let view = match ask {
                TournamentAsk::StartGame { setup, seats } => {
                    let seats = seats.map(|s| Entrant {
                        player: s.player,
                        rating: s.rating,
                        computer: s.computer,
                    });
                    let game = self.start_here(&setup, &seats).await?;
                    return Ok(TournamentAnswer::Started(game));
                }
                TournamentAsk::Join {
                    player,
                    tournament,
                    code,
                } => {
                    self.runs_here(tournament)?;
                    self.join(&player, tournament, code.as_deref()).await
                }
                TournamentAsk::StepOut {
                    player,
                    tournament,
                    leave,
                } => {
                    self.runs_here(tournament)?;
                    self.step_out(player, tournament, leave).await
                }
            }?;
            Ok(TournamentAnswer::View(Box::new(view)))
        })
    }
}

impl Tournaments {
    /// Whether this node runs `tournament` (a request forwarded here just as it changed hands
    /// is refused, to be made again).
    fn runs_here(&self, tournament: TournamentId) -> Result<(), ErrorReply> {
        if self.state().runs.get(&tournament).is_some_and(|r| r.owned) {
            Ok(())
        } else {
            Err(unavailable(format!(
                "{tournament} is moving to another server; try again in a moment"
            )))
        }
    }
}
