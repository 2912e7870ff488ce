//! Tournaments on this node: arenas made by players, their entrants, and the task that pairs
//! them, starts their games through the registry and scores the games' endings
//! (docs/TOURNAMENTS.md has the rules, docs/PROTOCOL.md the requests).
//!
//! A tournament lives in this node's memory: it is not yet kept in the records, so a restart
//! ends it (its games, as every game, are recorded and rated). Games end on the node that runs
//! them; tournaments follow the endings of this node ([`crate::registry::Registry::endings`]).
//!
//! - [`run`]: one tournament, and how the protocol shows it.
//! - [`schedule`]: the hourly arenas the server makes itself.

pub mod run;
pub mod schedule;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use chaupal_shared::protocol::tournaments::{
    StandingsPage, TournamentFormat, TournamentId, TournamentNews, TournamentSetup,
    TournamentStatus, TournamentSummary, TournamentView,
};
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, GameSetup, Opponent, PlayerId, PlayerInfo, ResultReason,
    ServerMessage, SideChoice,
};
use chaupal_tournament::arena::scoring::Lengths;
use chaupal_tournament::arena::waiting::wait_seconds;
use chaupal_tournament::arena::{Arena, ArenaError, ArenaRules};
use chaupal_tournament::entrant::{EntrantId, Outcome, Pairing};
use chaupal_tournament::settings::{Format, Pace, Settings};
use rand::Rng;
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;

use self::run::{Entrant, Run};
use crate::config::Limits;
use crate::identity::{new_invite_code, new_watch_key};
use crate::outbox::Outbox;
use crate::ratings::player_key;
use crate::registry::{Ending, Registry};
use crate::setup::check_setup;
use crate::store::{NewGame, StoredSeat};

/// The latest start a new tournament may have, in seconds from now: a week.
pub const LATEST_START_S: u32 = 7 * 24 * 3600;
/// The most tournaments not yet finished that one player may have made.
pub const MOST_MADE: usize = 3;
/// The most tournaments made by players and not yet finished on a node (the server's own
/// hourly arenas, at most eight at a time, are not counted).
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
}

#[derive(Default)]
struct State {
    next: u64,
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
    /// No tournaments yet; [`Tournaments::run`] starts the task that pairs them.
    pub fn new(registry: Registry, limits: Arc<Limits>) -> Tournaments {
        Tournaments {
            inner: Arc::new(Inner {
                registry,
                limits,
                state: Mutex::new(State::default()),
            }),
        }
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

    /// Makes a tournament as `setup` says, by `by`.
    pub fn create(
        &self,
        by: &PlayerInfo,
        setup: TournamentSetup,
    ) -> Result<TournamentView, ErrorReply> {
        let TournamentFormat::Arena { minutes, streaks } = setup.format;
        let settings = Settings {
            format: Format::Arena {
                minutes,
                streaks,
                berserk: false,
            },
            pace: Pace::Live {
                seconds: u32::try_from(setup.clock.initial_ms / 1000).unwrap_or(u32::MAX),
                increment: u32::try_from(setup.clock.increment_ms / 1000).unwrap_or(u32::MAX),
            },
        };
        settings
            .check()
            .map_err(|e| bad(ErrorCode::BadSetup, e.to_string()))?;
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
        let now = self.now_ms();
        let mut state = self.state();
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
            .filter(|r| r.by.as_ref().is_some_and(|b| b.id == by.id))
            .count();
        if made >= MOST_MADE {
            return Err(bad(
                ErrorCode::NotAllowed,
                format!("a player may have {MOST_MADE} tournaments not yet finished"),
            ));
        }
        let starts_ms = now + u64::from(setup.starts_in_s) * 1000;
        let id = add_run(&mut state, Some(by.clone()), setup, starts_ms);
        let view = state.runs[&id].view(by.id, now);
        tracing::info!(tournament = id.0, by = by.id.0, "tournament made");
        Ok(view)
    }

    /// Makes the hourly arenas that are due and missing ([`schedule::missing`]).
    fn keep_hourly(&self, now: u64) {
        let mut state = self.state();
        let due = schedule::missing(now, |game, starts_ms| {
            state
                .runs
                .values()
                .any(|r| r.by.is_none() && r.setup.game == game && r.arena.starts_ms == starts_ms)
        });
        for hourly in due {
            let game = hourly.setup.game;
            let id = add_run(&mut state, None, hourly.setup, hourly.starts_ms);
            tracing::info!(
                tournament = id.0,
                ?game,
                starts_ms = hourly.starts_ms,
                "hourly arena made"
            );
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

    /// `player` enters `tournament`, or comes back to it.
    pub async fn join(
        &self,
        player: &PlayerInfo,
        tournament: TournamentId,
        code: Option<&str>,
    ) -> Result<TournamentView, ErrorReply> {
        let kind = {
            let mut state = self.state();
            seen(&mut state.runs, tournament, player.id, code)?
                .setup
                .game
        };
        let rating = self.rating(player.id, kind).await?;
        let now = self.now_ms();
        let mut state = self.state();
        let run = state
            .runs
            .get_mut(&tournament)
            .ok_or_else(|| no_such(tournament))?;
        let entrant = match run.by_player.get(&player.id) {
            Some(e) => *e,
            None => EntrantId(run.entrants.len() as u32),
        };
        run.arena.join(entrant, rating, now).map_err(arena_error)?;
        if entrant.0 as usize == run.entrants.len() {
            run.entrants.push(Entrant {
                player: player.clone(),
                rating,
            });
            run.by_player.insert(player.id, entrant);
        }
        run.standings_due = true;
        Ok(run.view(player.id, now))
    }

    /// `player` pauses (`leave` false) or leaves `tournament`.
    pub fn step_out(
        &self,
        player: PlayerId,
        tournament: TournamentId,
        leave: bool,
    ) -> Result<TournamentView, ErrorReply> {
        let now = self.now_ms();
        let mut state = self.state();
        let run = seen(&mut state.runs, tournament, player, None)?;
        if run.status(now) == TournamentStatus::Finished {
            return Err(bad(
                ErrorCode::TournamentOver,
                format!("{tournament} is over"),
            ));
        }
        let entrant = *run
            .by_player
            .get(&player)
            .ok_or_else(|| bad(ErrorCode::NotEntered, format!("not in {tournament}")))?;
        run.arena.step_out(entrant, leave).map_err(arena_error)?;
        run.standings_due = true;
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
        Ok(run.page(&run.arena.standings(), page))
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
        let mut endings = self.inner.registry.endings();
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                _ = tick.tick() => self.tick().await,
                ending = endings.recv() => match ending {
                    Ok(ending) => self.ended(ending),
                    Err(RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "tournaments missed game endings");
                    }
                    Err(RecvError::Closed) => return,
                },
            }
        }
    }

    /// A game ended: scored, where it is a tournament's.
    fn ended(&self, ending: Ending) {
        let mut state = self.state();
        let Some(tournament) = state.games.remove(&ending.game) else {
            return;
        };
        let Some(run) = state.runs.get_mut(&tournament) else {
            return;
        };
        let Some(pairing) = run.games.remove(&ending.game) else {
            return;
        };
        let outcome = match (ending.result.winner, ending.result.reason) {
            (_, ResultReason::Aborted) => None,
            (Some(chaupal_rules::game::Side::First), _) => Some(Outcome::Win),
            (Some(chaupal_rules::game::Side::Second), _) => Some(Outcome::Loss),
            (None, _) => Some(Outcome::Draw),
        };
        let done = match outcome {
            Some(o) => run.arena.finish(pairing, o, ending.plies, [false; 2]),
            None => run.arena.cancel(pairing),
        };
        if let Err(e) = done {
            tracing::warn!(tournament = tournament.0, game = ending.game.0, "{e}");
        }
        run.standings_due = true;
    }

    /// One second's work: statuses, passes, new games, standings news, old tournaments
    /// forgotten.
    async fn tick(&self) {
        let now = self.now_ms();
        if self.inner.limits.hourly_arenas {
            self.keep_hourly(now);
        }
        let players = self.inner.registry.players().clone();
        let mut to_start: Vec<(TournamentId, Pairing, [Entrant; 2], TournamentSetup)> = Vec::new();
        let mut news: Vec<(TournamentId, Arc<ServerMessage>, Vec<PlayerId>)> = Vec::new();
        {
            let mut state = self.state();
            state
                .runs
                .retain(|_, r| r.arena.ends_ms + FINISHED_KEPT_MS > now || !r.games.is_empty());
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
                if status == TournamentStatus::Running && !run.arena.is_over(now) {
                    let entrants = &run.entrants;
                    let present = |e: EntrantId| {
                        entrants
                            .get(e.0 as usize)
                            .is_some_and(|x| players.is_online(x.player.id))
                    };
                    let mut rng = rand::rng();
                    let mut toss = || rng.random::<bool>();
                    for pairing in run.arena.pass(now, &present, &mut toss) {
                        let (Some(a), Some(b)) = (
                            run.entrants.get(pairing.first.0 as usize),
                            run.entrants.get(pairing.second.0 as usize),
                        ) else {
                            continue;
                        };
                        to_start.push((run.id, pairing, [a.clone(), b.clone()], run.setup.clone()));
                    }
                }
                if run.standings_due {
                    run.standings_due = false;
                    let page = run.page(&run.arena.standings(), 0);
                    let msg = ServerMessage::Tournament(TournamentNews::Standings(Box::new(page)));
                    news.push((run.id, Arc::new(msg), Vec::new()));
                }
            }
        }
        for (tournament, msg, entrants) in news {
            self.tell_followers(tournament, &msg);
            for player in entrants {
                players.tell(player, &msg);
            }
        }
        for (tournament, pairing, seats, setup) in to_start {
            self.start(tournament, pairing, seats, setup).await;
        }
    }

    /// Sends `msg` to the connections that follow `tournament`.
    fn tell_followers(&self, tournament: TournamentId, msg: &Arc<ServerMessage>) {
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

    /// Starts a paired game and tells its players; a game that cannot start is taken back.
    async fn start(
        &self,
        tournament: TournamentId,
        pairing: Pairing,
        seats: [Entrant; 2],
        setup: TournamentSetup,
    ) {
        let registry = &self.inner.registry;
        let started = match check_setup(&game_setup(&setup), &self.inner.limits) {
            Ok(start) => {
                let new = NewGame {
                    kind: setup.game,
                    rules: setup.rules.clone(),
                    start_position: None,
                    clock: Some(setup.clock),
                    correspondence: None,
                    rated: setup.rated,
                    mode: "tournament".to_owned(),
                    creator: None,
                    seats: seats.clone().map(|e| StoredSeat {
                        player: Some(e.player.id),
                        engine: None,
                        name: e.player.name,
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
            Err(e) => Err(e),
        };
        let mut state = self.state();
        let game = match started {
            Ok(game) => game,
            Err(e) => {
                tracing::warn!(
                    tournament = tournament.0,
                    "a paired game did not start: {}",
                    e.reason
                );
                if let Some(run) = state.runs.get_mut(&tournament) {
                    let _ = run.arena.cancel(pairing);
                }
                return;
            }
        };
        state.games.insert(game, tournament);
        if let Some(run) = state.runs.get_mut(&tournament) {
            run.games.insert(game, pairing);
        }
        drop(state);
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
}

/// Adds a new tournament made by `by` (none: by the server) as `setup` says, starting at
/// `starts_ms`; its number.
fn add_run(
    state: &mut State,
    by: Option<PlayerInfo>,
    setup: TournamentSetup,
    starts_ms: u64,
) -> TournamentId {
    let TournamentFormat::Arena { minutes, streaks } = setup.format;
    state.next += 1;
    let id = TournamentId(state.next);
    let ends_ms = starts_ms + u64::from(minutes) * 60_000;
    let estimate = setup.clock.initial_ms / 1000 + 40 * setup.clock.increment_ms / 1000;
    let rules = ArenaRules {
        streaks,
        berserk: false,
        lengths: Lengths::default(),
        wait_seconds: wait_seconds(u32::try_from(estimate).unwrap_or(u32::MAX)),
    };
    let run = Run {
        id,
        code: setup.private.then(new_invite_code),
        setup,
        by,
        arena: Arena::new(rules, starts_ms, ends_ms),
        entrants: Vec::new(),
        by_player: HashMap::new(),
        games: HashMap::new(),
        announced: TournamentStatus::Upcoming,
        standings_due: false,
    };
    state.runs.insert(id, run);
    id
}

/// A tournament game's set-up, as a game's set-up is checked.
fn game_setup(setup: &TournamentSetup) -> GameSetup {
    GameSetup {
        game: setup.game,
        rules: setup.rules.clone(),
        clock: Some(setup.clock),
        correspondence: None,
        side: SideChoice::First,
        opponent: Opponent::Open,
        rated: setup.rated,
        position: None,
        private: setup.private,
    }
}

/// An arena's refusal as the protocol says it.
fn arena_error(e: ArenaError) -> ErrorReply {
    let code = match e {
        ArenaError::AlreadyJoined => ErrorCode::AlreadyEntered,
        ArenaError::NotJoined => ErrorCode::NotEntered,
        ArenaError::Over => ErrorCode::TournamentOver,
        ArenaError::NoSuchGame => ErrorCode::Internal,
    };
    bad(code, e.to_string())
}

#[cfg(test)]
mod tests;
