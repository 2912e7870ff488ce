//! Tournaments: arenas, Swiss and round robins made by players or the server, their entrants,
//! and the task that pairs them, starts their games through the registry and scores the games'
//! endings (docs/TOURNAMENTS.md has the rules, docs/PROTOCOL.md the requests).
//!
//! Tournaments are kept in the records (`crate::store`, `tournaments` and `tournament_events`):
//! every change is recorded before it is made in memory, and a restart rebuilds each
//! tournament by replaying its log ([`records`]), so that a restart loses none. Games end on the
//! node that runs them; tournaments follow the endings of this node
//! ([`crate::registry::Registry::endings`]), and those of the games that came back with their
//! rooms after a restart.
//!
//! The changes are made one at a time (`Inner::changes`): a change is checked, recorded, then
//! applied, so the log's order is the order lived. Joins that arrive together are checked,
//! recorded in one commit and applied in their order by whoever holds the lock next. A change
//! refused by the records is not made and its asker hears why; a game's ending is scored even
//! when its record fails (a restart scores it again from the game's own record, kept with the
//! game).
//!
//! - [`run`]: one tournament, and how the protocol shows it.
//! - [`rounds`]: a Swiss's or a round robin's rounds: when each is paired, the games waiting to
//!   start, a match's two games.
//! - `pairing`: the pass that pairs arenas and rounds, and the games it starts.
//! - `joins`: joins, made together when they come together.
//! - [`records`]: the changes as recorded, applied to a tournament, and the rebuild at start.
//! - `reminders`: the entrants reminded by push before a start.
//! - [`schedule`]: the hourly arenas the server makes itself.
//! - [`standings_news`]: the standings sent as they change: the first page to followers, each
//!   entrant's own line to them.
//! - `cluster_side`: the tournaments across the nodes of a cluster (which node runs each, the
//!   logs the others follow, forwarded joins, presence, endings on other nodes).

mod cluster_side;
mod joins;
mod pairing;
pub mod records;
mod reminders;
pub mod rounds;
pub mod run;
pub mod schedule;
pub mod standings_news;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use chaupal_shared::levels::{LEVELS, level_rating};
use chaupal_shared::protocol::tournaments::{
    MOST_COMPUTERS, StandingsPage, TournamentFormat, TournamentId, TournamentSetup,
    TournamentStatus, TournamentSummary, TournamentView,
};
use chaupal_shared::protocol::{
    Engine, ErrorCode, ErrorReply, GameId, GameSetup, Opponent, PlayerId, PlayerInfo, SideChoice,
};
use chaupal_tournament::settings::{Format, Pace, Settings};
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;

use self::run::Run;
use crate::cluster::wire::TournamentAsk;
use crate::config::Limits;
use crate::identity::new_invite_code;
use crate::outbox::Outbox;
use crate::pool::engine_name;
use crate::ratings::player_key;
use crate::registry::{Ending, Registry};
use crate::setup::check_setup;
use crate::store::{ENDS_UNKNOWN_MS, StoreError, TournamentEvent};

/// The latest start a new tournament may have, in seconds from now: a week.
pub const LATEST_START_S: u32 = 7 * 24 * 3600;
/// The earliest start of a new Swiss or round robin, in seconds from now: one that starts with
/// fewer than two in it ends unplayed, so it gives its entrants a minute to join.
pub const EARLIEST_ROUNDS_START_S: u32 = 60;
/// The most tournaments not yet finished that one player may have made.
pub const MOST_MADE: usize = 3;
/// The most tournaments made by players and not yet finished on the server (every node of a
/// cluster counts those it follows too; the server's own hourly arenas, at most eight at a
/// time, are not counted).
pub const MOST_RUNNING: usize = 200;
/// How long a finished tournament stays listed and open, in milliseconds: a day.
pub const FINISHED_KEPT_MS: u64 = 24 * 3600 * 1000;
/// The most tournaments a `list_tournaments` reply lists, the player's own first.
pub const MOST_LISTED: usize = 100;
/// The rating of an entrant who has none in the tournament's game.
const DEFAULT_RATING: i32 = 1500;

/// The tournaments of this node.
#[derive(Clone)]
pub struct Tournaments {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Registry,
    limits: Arc<Limits>,
    state: Mutex<State>,
    /// Held through each change, from its check to its record and its making, so that
    /// changes are recorded in the order they are made.
    changes: tokio::sync::Mutex<()>,
    /// The endings of this node's games, followed from before the rebuild (so that none ends
    /// unseen between the rebuild and [`Tournaments::run`]).
    endings: Mutex<Option<broadcast::Receiver<Ending>>>,
    /// Joins waiting for the change lock, to be made together ([`Tournaments::join`]).
    joins: Mutex<Vec<joins::JoinWish>>,
    /// The other nodes of a cluster, as the tournaments see them.
    nodes: cluster_side::Nodes,
}

/// The change lock held ([`Inner::changes`]): what a function that must be called under it
/// takes, so that it cannot be called without it, nor take it again.
type Changes<'a> = tokio::sync::MutexGuard<'a, ()>;

#[derive(Default)]
struct State {
    runs: BTreeMap<TournamentId, Run>,
    /// Each running tournament game's tournament.
    games: HashMap<GameId, TournamentId>,
    /// The connections that follow each tournament's news.
    followers: HashMap<TournamentId, Vec<Outbox>>,
}

fn bad(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

fn no_such(tournament: TournamentId) -> ErrorReply {
    bad(ErrorCode::NoSuchTournament, format!("no {tournament}"))
}

/// Tournament `tournament`, where `player` (who presented `code`, if anything) may see it;
/// `no_such_tournament` alike where it is not and where it is hidden from them.
fn seen<'a>(
    runs: &'a mut BTreeMap<TournamentId, Run>,
    tournament: TournamentId,
    player: PlayerId,
    code: Option<&str>,
) -> Result<&'a mut Run, ErrorReply> {
    runs.get_mut(&tournament)
        .filter(|run| run.may_see(player, code))
        .ok_or_else(|| no_such(tournament))
}

impl Tournaments {
    /// This node's tournaments as the records keep them, the finished ones for a day
    /// ([`records::rebuild`]); [`Tournaments::run`] starts the task that pairs them. The
    /// registry's rooms of games in play must be restored first.
    pub async fn load(registry: Registry, limits: Arc<Limits>) -> Result<Tournaments, StoreError> {
        let endings = registry.endings();
        let now = registry.store().now_ms();
        let runs = records::rebuild(&registry, now.saturating_sub(FINISHED_KEPT_MS), now).await?;
        let games = runs
            .values()
            .flat_map(|r| r.games.keys().map(|g| (*g, r.id)))
            .collect();
        Ok(Tournaments {
            inner: Arc::new(Inner {
                registry,
                limits,
                state: Mutex::new(State {
                    runs,
                    games,
                    followers: HashMap::new(),
                }),
                changes: tokio::sync::Mutex::new(()),
                endings: Mutex::new(Some(endings)),
                joins: Mutex::new(Vec::new()),
                nodes: cluster_side::Nodes::default(),
            }),
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.inner
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn now_ms(&self) -> u64 {
        self.inner.registry.store().now_ms()
    }

    /// Makes a tournament as `setup` says, by `by`, once it is recorded.
    pub async fn create(
        &self,
        by: &PlayerInfo,
        setup: TournamentSetup,
    ) -> Result<TournamentView, ErrorReply> {
        settings_of(&setup)
            .check()
            .map_err(|e| bad(ErrorCode::BadSetup, e.to_string()))?;
        if setup
            .correspondence
            .is_some_and(|c| c.days.is_none() || !c.is_offered())
        {
            return Err(bad(
                ErrorCode::BadSetup,
                "a tournament by correspondence has 1, 2, 3, 5, 7 or 14 days a move",
            ));
        }
        check_computers(&setup)?;
        if setup.format.in_rounds() && setup.starts_in_s < EARLIEST_ROUNDS_START_S {
            return Err(bad(
                ErrorCode::BadSetup,
                format!(
                    "a Swiss or a round robin starts at least {EARLIEST_ROUNDS_START_S} s after \
                     it is made, for its entrants to join"
                ),
            ));
        }
        if setup.starts_in_s > LATEST_START_S {
            return Err(bad(
                ErrorCode::BadSetup,
                format!(
                    "a tournament starts within {LATEST_START_S} s, not {}",
                    setup.starts_in_s
                ),
            ));
        }
        check_setup(&game_setup(&setup), &self.inner.limits)?;
        let _changes = self.inner.changes.lock().await;
        let now = self.now_ms();
        self.check_room_for(by.id, now)?;
        let starts_ms = now + u64::from(setup.starts_in_s) * 1000;
        let ends_ms = match setup.format {
            TournamentFormat::Arena { minutes, .. } => starts_ms + u64::from(minutes) * 60_000,
            // Known once its last round has ended ([`Tournaments::end_rounds`]).
            TournamentFormat::Swiss { .. } | TournamentFormat::RoundRobin { .. } => ENDS_UNKNOWN_MS,
        };
        let code = setup.private.then(new_invite_code);
        let id = self
            .inner
            .registry
            .store()
            .create_tournament(&setup, Some(by), code.as_deref(), (starts_ms, ends_ms, now))
            .await?;
        let computers = computer_joins(&setup);
        let run = Run::new(id, setup, Some(by.clone()), code, (starts_ms, ends_ms));
        self.state().runs.insert(id, run);
        tracing::info!(tournament = id.0, by = by.id.0, "tournament made");
        // Its computer entrants, entered together (one the records refuse leaves the
        // tournament made without them, and its maker hears why).
        let joins: Vec<(TournamentId, TournamentEvent)> =
            computers.into_iter().map(|e| (id, e)).collect();
        self.inner
            .registry
            .store()
            .record_tournament_events(now, &joins)
            .await?;
        for (_, event) in &joins {
            self.make(id, now, event);
        }
        self.logged(id);
        let state = self.state();
        let run = state.runs.get(&id).ok_or_else(|| no_such(id))?;
        Ok(run.view(by.id, now))
    }

    /// Whether `by` may make another tournament at `now`: within the node's and the maker's
    /// bounds.
    fn check_room_for(&self, by: PlayerId, now: u64) -> Result<(), ErrorReply> {
        let state = self.state();
        let open: Vec<&Run> = state
            .runs
            .values()
            .filter(|r| r.by.is_some() && r.status(now) != TournamentStatus::Finished)
            .collect();
        if open.len() >= MOST_RUNNING {
            return Err(bad(
                ErrorCode::NotAllowed,
                format!("this server runs {MOST_RUNNING} tournaments already"),
            ));
        }
        let made = open
            .iter()
            .filter(|r| r.by.as_ref().is_some_and(|b| b.id == by))
            .count();
        if made >= MOST_MADE {
            return Err(bad(
                ErrorCode::NotAllowed,
                format!("a player may have {MOST_MADE} tournaments not yet finished"),
            ));
        }
        Ok(())
    }

    /// Makes and records the hourly arenas that are due and missing ([`schedule::missing`]);
    /// the caller holds `changes`. One the records refuse is made at a later pass.
    async fn keep_hourly(&self, now: u64) {
        let due = {
            let state = self.state();
            schedule::missing(now, |game, starts_ms| {
                state
                    .runs
                    .values()
                    .any(|r| r.by.is_none() && r.setup.game == game && r.starts_ms() == starts_ms)
            })
        };
        for hourly in due {
            let (game, starts_ms) = (hourly.setup.game, hourly.starts_ms);
            let ends_ms = starts_ms + u64::from(schedule::HOURLY_MINUTES) * 60_000;
            let key = format!("{}@{starts_ms}", game.name());
            let made = self
                .inner
                .registry
                .store()
                .create_hourly(&hourly.setup, &key, (starts_ms, ends_ms, now))
                .await;
            match made {
                Ok(Some(id)) => {
                    let run = Run::new(id, hourly.setup, None, None, (starts_ms, ends_ms));
                    self.state().runs.insert(id, run);
                    self.logged(id);
                    tracing::info!(tournament = id.0, ?game, starts_ms, "hourly arena made");
                }
                // Another node of the cluster made it: this node follows it once it reads it.
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(?game, starts_ms, "an hourly arena was not recorded: {e}");
                    return;
                }
            }
        }
    }

    /// `player`'s own tournaments (made or entered) and the public ones not long finished:
    /// at most [`MOST_LISTED`], the player's own first, then those not finished, soonest
    /// first.
    pub fn list(&self, player: PlayerId) -> Vec<TournamentSummary> {
        let now = self.now_ms();
        let state = self.state();
        let mut out: Vec<(bool, TournamentSummary)> = state
            .runs
            .values()
            .filter_map(|r| {
                let own = r.by.as_ref().is_some_and(|b| b.id == player)
                    || r.by_player.contains_key(&player);
                (own || r.code.is_none()).then(|| (own, r.summary(now)))
            })
            .collect();
        out.sort_by_key(|(own, s)| {
            (
                !own,
                s.status == TournamentStatus::Finished,
                s.starts_ms,
                s.tournament,
            )
        });
        out.truncate(MOST_LISTED);
        out.into_iter().map(|(_, s)| s).collect()
    }

    /// A tournament's view, for one who may see it; `follow` adds the connection to those
    /// who hear its news.
    pub fn open(
        &self,
        player: PlayerId,
        tournament: TournamentId,
        code: Option<&str>,
        follow: Option<Outbox>,
    ) -> Result<TournamentView, ErrorReply> {
        let now = self.now_ms();
        let mut state = self.state();
        let run = seen(&mut state.runs, tournament, player, code)?;
        let view = run.view(player, now);
        if let Some(outbox) = follow {
            let followers = state.followers.entry(tournament).or_default();
            followers.retain(|o| !o.is_closed() && o.conn != outbox.conn);
            followers.push(outbox);
        }
        Ok(view)
    }

    /// Stops the news of `tournament` to connection `outbox`.
    pub fn close(&self, tournament: TournamentId, outbox: &Outbox) {
        if let Some(followers) = self.state().followers.get_mut(&tournament) {
            followers.retain(|o| o.conn != outbox.conn);
        }
    }

    /// Records `event` of `tournament` at `now`, then makes it: an error where the records
    /// refuse it, and then nothing changed. The caller holds `changes`, and checked first that
    /// the change can be made.
    async fn record(
        &self,
        tournament: TournamentId,
        now: u64,
        event: TournamentEvent,
    ) -> Result<(), ErrorReply> {
        self.inner
            .registry
            .store()
            .record_tournament_event(tournament, now, &event)
            .await?;
        self.make(tournament, now, &event);
        self.logged(tournament);
        Ok(())
    }

    /// Makes a change, recorded or not (see [`records::apply`]).
    fn make(&self, tournament: TournamentId, now: u64, event: &TournamentEvent) {
        let mut state = self.state();
        let Some(run) = state.runs.get_mut(&tournament) else {
            return;
        };
        if let Err(e) = records::apply(run, event, now) {
            tracing::error!(tournament = tournament.0, "a change was not made: {e}");
        }
        match event {
            TournamentEvent::Paired { game, .. } => {
                state.games.insert(*game, tournament);
            }
            TournamentEvent::Finished { game, .. } | TournamentEvent::Cancelled { game } => {
                state.games.remove(game);
            }
            _ => {}
        }
    }

    /// `player` pauses (`leave` false) or leaves `tournament`, once it is recorded.
    pub async fn step_out(
        &self,
        player: PlayerId,
        tournament: TournamentId,
        leave: bool,
    ) -> Result<TournamentView, ErrorReply> {
        let ask = TournamentAsk::StepOut {
            player,
            tournament,
            leave,
        };
        if let Some(answer) = self.forward(tournament, ask).await {
            return answer;
        }
        let _changes = self.inner.changes.lock().await;
        let now = self.now_ms();
        {
            let mut state = self.state();
            let run = seen(&mut state.runs, tournament, player, None)?;
            if run.status(now) == TournamentStatus::Finished {
                return Err(bad(
                    ErrorCode::TournamentOver,
                    format!("{tournament} is over"),
                ));
            }
            if !run.by_player.contains_key(&player) {
                return Err(bad(ErrorCode::NotEntered, format!("not in {tournament}")));
            }
            run.can_step_out(leave)?;
        }
        let event = if leave {
            TournamentEvent::Left { player }
        } else {
            TournamentEvent::Paused { player }
        };
        self.record(tournament, now, event).await?;
        let state = self.state();
        let run = state
            .runs
            .get(&tournament)
            .ok_or_else(|| no_such(tournament))?;
        Ok(run.view(player, now))
    }

    /// Page `page` of the standings, for one who may see them.
    pub fn standings(
        &self,
        player: PlayerId,
        tournament: TournamentId,
        page: u32,
    ) -> Result<StandingsPage, ErrorReply> {
        let mut state = self.state();
        let run = seen(&mut state.runs, tournament, player, None)?;
        Ok(run.page(&run.standings(), page))
    }

    /// The player's rating in `kind`'s live games, or the default.
    async fn rating(
        &self,
        player: PlayerId,
        kind: chaupal_rules::GameKind,
    ) -> Result<i32, ErrorReply> {
        let ratings = self
            .inner
            .registry
            .store()
            .ratings(&player_key(player.0))
            .await?;
        Ok(ratings
            .iter()
            .find(|(pool, _)| pool.kind == kind && !pool.correspondence)
            .map_or(DEFAULT_RATING, |(_, r)| r.rating.round() as i32))
    }

    /// Runs the tournaments until `shutdown`: a pass every second, and each ending scored as
    /// it comes.
    pub async fn run(self, shutdown: CancellationToken) {
        let followed = self
            .inner
            .endings
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        let mut endings = followed.unwrap_or_else(|| self.inner.registry.endings());
        tokio::spawn(self.clone().tell_standings_until(shutdown.clone()));
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            // A round due before the next tick is paired at its time, not up to a second late.
            let round_in = self.next_round_in();
            tokio::select! {
                () = shutdown.cancelled() => return,
                _ = tick.tick() => self.tick().await,
                () = tokio::time::sleep(round_in.unwrap_or(Duration::MAX)), if round_in.is_some() => {
                    self.tick().await;
                }
                () = self.inner.nodes.wake.notified() => self.catch_up().await,
                ending = endings.recv() => match ending {
                    Ok(ending) => self.ended(ending).await,
                    Err(RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "tournaments missed game endings");
                    }
                    Err(RecvError::Closed) => return,
                },
            }
        }
    }

    /// How long until the next round of a tournament this node runs is due, when one is
    /// waiting for a time still to come (one overdue is the ticks' to pair).
    fn next_round_in(&self) -> Option<Duration> {
        let now = self.now_ms();
        let state = self.state();
        let due = state
            .runs
            .values()
            .filter(|run| run.owned)
            .filter_map(|run| run.rounds()?.progress().1)
            .filter(|&at| at > now)
            .min()?;
        // A millisecond past it, so that the clock read when woken has reached it.
        Some(Duration::from_millis(due - now + 1))
    }

    /// A game of this node ended: scored where it is a tournament's that this node runs, sent
    /// to the node that runs it where another does.
    async fn ended(&self, ending: Ending) {
        let elsewhere = {
            let state = self.state();
            let Some(tournament) = state.games.get(&ending.game).copied() else {
                return;
            };
            state
                .runs
                .get(&tournament)
                .is_some_and(|r| !r.owned)
                .then_some(tournament)
        };
        match elsewhere {
            Some(tournament) => self.ended_here_for_another(tournament, &ending),
            None => self.score(ending).await,
        }
    }

    /// A tournament game ended: recorded and scored, where this node runs its tournament. A
    /// failed record is logged and the game scored all the same: the game's own record holds
    /// its result, from which a restart scores it again ([`records::rebuild`]).
    async fn score(&self, ending: Ending) {
        let changes = self.inner.changes.lock().await;
        self.score_held(&changes, ending).await;
    }

    /// The same, by one that holds `changes` already (the lock is not reentrant: taking it
    /// again would wait for ever).
    async fn score_held(&self, _changes: &Changes<'_>, ending: Ending) {
        let tournament = {
            let state = self.state();
            let Some(tournament) = state.games.get(&ending.game).copied() else {
                return;
            };
            if !state.runs.get(&tournament).is_some_and(|r| r.owned) {
                return;
            }
            tournament
        };
        let now = self.now_ms();
        let event =
            records::ending_event(ending.game, &ending.result, ending.plies, ending.berserk);
        match self
            .inner
            .registry
            .store()
            .record_tournament_event(tournament, now, &event)
            .await
        {
            Ok(()) => self.logged(tournament),
            Err(e) => tracing::error!(
                tournament = tournament.0,
                game = ending.game.0,
                "the end of a tournament game was not recorded: {e}"
            ),
        }
        self.make(tournament, now, &event);
    }
}

/// Whether `setup`'s computer entrants may be: in a private tournament only, at most
/// [`MOST_COMPUTERS`], each of a level there is, and no more than a round robin takes.
fn check_computers(setup: &TournamentSetup) -> Result<(), ErrorReply> {
    let computers = &setup.computers;
    if computers.is_empty() {
        return Ok(());
    }
    let refuse = |reason: String| Err(bad(ErrorCode::BadSetup, reason));
    if !setup.private {
        return refuse("computer entrants are for private tournaments".to_owned());
    }
    if computers.len() > MOST_COMPUTERS {
        return refuse(format!(
            "a tournament has at most {MOST_COMPUTERS} computer entrants, not {}",
            computers.len()
        ));
    }
    if let Some(level) = computers.iter().find(|l| !(1..=LEVELS).contains(*l)) {
        return refuse(format!(
            "the computer's levels are 1 to {LEVELS}, not {level}"
        ));
    }
    if let TournamentFormat::RoundRobin { most_entrants, .. } = setup.format
        && computers.len() as u32 > most_entrants
    {
        return refuse(format!(
            "this round robin takes {most_entrants} entrants, not {} computers",
            computers.len()
        ));
    }
    Ok(())
}

/// The joins of `setup`'s computer entrants: each under the tournament's own player id for it,
/// named as its level, rated as its level is.
fn computer_joins(setup: &TournamentSetup) -> Vec<TournamentEvent> {
    setup
        .computers
        .iter()
        .enumerate()
        .map(|(k, &level)| TournamentEvent::Joined {
            player: PlayerInfo {
                id: run::computer_id(k),
                name: engine_name(&Engine::Level { level }),
            },
            rating: level_rating(setup.game, level),
            computer: Some(level),
        })
        .collect()
}

/// A tournament's settings, as the tournament crate checks them.
fn settings_of(setup: &TournamentSetup) -> Settings {
    let format = match setup.format {
        TournamentFormat::Arena { minutes, streaks } => Format::Arena {
            minutes,
            streaks,
            berserk: true,
        },
        TournamentFormat::Swiss { rounds, matches } => Format::Swiss { rounds, matches },
        TournamentFormat::RoundRobin {
            double,
            most_entrants,
        } => Format::RoundRobin {
            double,
            most_entrants,
        },
    };
    let pace = match setup.correspondence {
        Some(c) => Pace::Days(u32::from(c.days.unwrap_or(0))),
        None => Pace::Live {
            seconds: u32::try_from(setup.clock.initial_ms / 1000).unwrap_or(u32::MAX),
            increment: u32::try_from(setup.clock.increment_ms / 1000).unwrap_or(u32::MAX),
        },
    };
    Settings { format, pace }
}

/// A tournament game's set-up, as a game's set-up is checked.
fn game_setup(setup: &TournamentSetup) -> GameSetup {
    let correspondence = setup.correspondence;
    GameSetup {
        game: setup.game,
        rules: setup.rules.clone(),
        clock: correspondence.is_none().then_some(setup.clock),
        correspondence,
        side: SideChoice::First,
        opponent: Opponent::Open,
        rated: setup.rated,
        position: None,
        private: setup.private,
    }
}

#[cfg(test)]
mod tests;
