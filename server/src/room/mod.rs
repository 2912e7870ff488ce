//! Game rooms: one tokio task per game, owning it.
//!
//! A room validates every action with the shared rules, runs the clocks, numbers its events
//! (1, 2, 3, ...), writes each event to the store *before* anyone hears of it, and sends it to
//! both seats and every spectator. Nothing else touches a game: connections talk to the room
//! through its [`RoomHandle`], and the room answers each request with `Ok` or a typed error.
//! A room reports its moves, its end and its closing to its [`RoomHost`] (the registry of rooms,
//! which opened it), and asks it to start a rematch; it knows nothing else of the registry.
//!
//! A correspondence game's room keeps its pace (its days a move and the deadline of the side
//! to move, by the records' clock, kept in the records with each move) and ends the game on
//! time when the deadline passes; with nobody at the board for
//! `--sleep-after-secs` it sleeps: the room closes, the game stays live in the records, and
//! the registry opens it again on the next request or when its deadline comes.
//!
//! This file holds the room's state, its handle and commands, and its loop, which reads as a
//! dispatch: each concern is a file of its own.
//!
//! - [`life`]: the room's life as one value (open, falling asleep, handed over, superseded).
//! - [`actions`]: what seats do (moves, resignation, aborts, claims).
//! - [`offers`]: draws, takebacks and rematches offered and answered.
//! - [`subscribers`]: connections sitting down, catching up, away from their seats.
//! - [`timers`]: when the room wakes next and what it does then; lag credited to clocks.
//! - [`deadline`]: a correspondence game's deadline, and when its room falls asleep.
//! - [`ai`]: the computer's turns through the AI pool.
//! - [`record`]: each event written, logged and sent.
//! - [`finish`]: a game's end, its ratings, and everyone told.
//! - [`view`]: what the room shows (snapshots, presence, summaries).
//! - `harness` (feature `test-support`): a room driven directly by a script of requests, with
//!   its invariants checked after every step (for the fuzz target and the proptests).

mod actions;
mod ai;
mod deadline;
mod finish;
#[cfg(any(test, feature = "test-support"))]
pub mod harness;
mod life;
mod offers;
mod record;
mod subscribers;
mod timers;
mod view;

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chaupal_rules::{AnyGame, Side};
use chaupal_shared::protocol::{
    Action, ErrorCode, ErrorReply, GameEvent, GameId, GameResult, GameStatus, GameSummary,
    PlayerId, ResultReason, ServerMessage, Turn, Version,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::{CancellationToken, DropGuard};

use self::life::{Ending, Happening, Life};
use crate::clock::GameClock;
use crate::config::Limits;
use crate::outbox::{ConnId, Outbox};
use crate::pace::Pace;
use crate::pool::{AiPool, PoolError, request_for};
use crate::ratings::{level_key, level_rating, player_key};
use crate::store::{Change, EventWrite, NewGame, RatedSeats, Store};
use chaupal_engine::SearchResult;

/// Commands waiting for a room; senders wait when it is full.
const ROOM_QUEUE: usize = 64;
/// How long a finished room stays up with nobody watching (for rematch offers and late
/// watchers) before it closes; its record stays in the store.
const LINGER: Duration = Duration::from_secs(30);
/// The longest a finished room stays up while connections are still attached to it (players who
/// stay online for their next game, spectators who moved on): without this bound every finished
/// game of a long-lived connection would stay in memory.
const FINISHED_MAX: Duration = Duration::from_secs(120);
/// The longest a room waits before looking at the records' clock again for its deadline.
const DEADLINE_RECHECK: Duration = Duration::from_secs(60);
/// How long an AI seat waits before asking a busy pool again.
const AI_RETRY: Duration = Duration::from_millis(200);
/// The least time an AI seat gets for a move under a clock.
const AI_MIN_BUDGET: Duration = Duration::from_millis(50);

/// What the room needs from the rest of the server.
#[derive(Clone)]
pub struct RoomDeps {
    pub store: Store,
    pub pool: AiPool,
    /// Whoever opened the room (the registry): hears its reports, starts its rematch.
    pub host: Arc<dyn RoomHost>,
    pub limits: Arc<Limits>,
}

/// A boxed future of a [`RoomHost`] method (a trait object cannot have `async fn`s).
pub type HostFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a room tells whoever opened it, and the one thing it asks of it: the registry of rooms
/// implements this, so that a room knows nothing of the registry and the registry alone knows
/// of rooms.
pub trait RoomHost: Send + Sync {
    /// Whether the room may change its game now: in a cluster, only while this node's lease is
    /// fresh (a node back from a pause past its lease must not play the moves queued before
    /// it, since another node may run the game by now).
    fn may_act(&self) -> Result<(), ErrorReply> {
        Ok(())
    }
    /// The game's number of moves changed (a move, or a takeback).
    fn game_moved(&self, game: GameId, plies: u32);
    /// The game ended with `result`, the sides in `berserk` having gone berserk.
    fn game_ended(&self, game: GameId, result: GameResult, berserk: [bool; 2]);
    /// A correspondence game moved (a move or a take-back, `to_move` to move now) or ended:
    /// its players' devices are told, wherever they are.
    fn correspondence_changed(&self, summary: GameSummary, to_move: Side) {
        let _ = (summary, to_move);
    }
    /// The room closed (its game is over, and nobody is left or it lingered long enough).
    fn room_closed(&self, game: GameId);
    /// A correspondence game's room closed to sleep: the game goes on in the records, and its
    /// room opens again on the next request for it or at its deadline.
    fn room_asleep(&self, game: GameId) {
        self.room_closed(game);
    }
    /// The room closed while its game goes on, to be run by another node of a cluster
    /// ([`RoomHandle::hand_over`]).
    fn room_handed_over(&self, game: GameId) {
        self.room_closed(game);
    }
    /// The room closed because another room recorded a version of its game first (two nodes
    /// of a cluster both ran it for a moment); `outboxes` were at the board, which had
    /// `version`.
    fn room_superseded(&self, game: GameId, version: Version, outboxes: Vec<Outbox>) {
        let _ = (version, outboxes);
        self.room_handed_over(game);
    }
    /// Starts the rematch: stores the game `setup` describes, opens its room from `start` with
    /// the `seated` connections at the board, and returns its id.
    fn start_rematch(
        &self,
        setup: NewGame,
        start: AnyGame,
        seated: Vec<Outbox>,
    ) -> HostFuture<'_, Result<GameId, ErrorReply>>;
}

/// Everything a room starts from: a new game, or a live game reloaded after a restart.
pub struct RoomInit {
    pub id: GameId,
    pub setup: NewGame,
    /// The start position.
    pub start: AnyGame,
    /// Moves already played (after a restart).
    pub moves: Vec<String>,
    /// The version of the last stored event.
    pub version: Version,
    /// Recent events (after a restart), oldest first.
    pub log: Vec<(Version, GameEvent)>,
    /// Both clocks as stored (after a restart).
    pub clocks_ms: Option<[u64; 2]>,
    /// The sides that went berserk, as stored (after a restart).
    pub berserk: [bool; 2],
    /// The seats' ratings at the start, for display.
    pub ratings: [Option<i32>; 2],
    /// Connections that sit down at once (the players who created or joined the game).
    pub subscribers: Vec<Outbox>,
    /// Whether this game was reloaded after a restart.
    pub restored: bool,
    /// A correspondence game's pace, with the deadline of the side to move (none: a live
    /// game).
    pub pace: Option<Pace>,
}

/// A request to a room.
pub(crate) enum RoomCommand {
    /// Watch, or sit back down at one's seats: events after `since`, or a snapshot.
    Attach {
        outbox: Outbox,
        since: Option<Version>,
        reply: oneshot::Sender<Result<(), ErrorReply>>,
    },
    /// A connection left (or unwatched).
    Detach { conn: ConnId },
    /// A seat acts.
    Act {
        player: PlayerId,
        seat: Option<Side>,
        action: Action,
        /// The connection's measured lag (credited back on the clock).
        lag: Duration,
        reply: oneshot::Sender<Result<(), ErrorReply>>,
    },
    /// The game as it stands (for hints and records).
    View { reply: oneshot::Sender<RoomView> },
    /// Close now, the game going on elsewhere: answers the version and the connections at
    /// the board.
    HandOver {
        reply: oneshot::Sender<(Version, Vec<Outbox>)>,
    },
    /// An AI seat's search finished.
    AiDone {
        ply: usize,
        side: Side,
        result: Result<SearchResult, PoolError>,
    },
    /// The deadline scanner found this game's deadline passed (by the records' clock); `done`
    /// is answered once the room has acted on it.
    DeadlinePassed { done: oneshot::Sender<()> },
}

/// A copy of a room's game, for work done outside the room.
#[derive(Clone, Debug)]
pub struct RoomView {
    pub summary: GameSummary,
    pub game: AnyGame,
    pub moves: Vec<String>,
    pub start_position: Option<String>,
}

/// How to reach a room (cheap to clone).
#[derive(Clone, Debug)]
pub struct RoomHandle {
    pub id: GameId,
    tx: mpsc::Sender<RoomCommand>,
}

fn gone(id: GameId) -> ErrorReply {
    ErrorReply::new(ErrorCode::NoSuchGame, format!("{id} has closed"))
}

impl RoomHandle {
    /// Watches the game, or sits back down at the player's seats.
    pub async fn attach(&self, outbox: Outbox, since: Option<Version>) -> Result<(), ErrorReply> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(RoomCommand::Attach {
                outbox,
                since,
                reply,
            })
            .await
            .map_err(|_| gone(self.id))?;
        answer.await.map_err(|_| gone(self.id))?
    }

    /// Stops sending this connection the game's events.
    pub async fn detach(&self, conn: ConnId) {
        let _ = self.tx.send(RoomCommand::Detach { conn }).await;
    }

    /// Acts for one of the player's seats.
    pub async fn act(
        &self,
        player: PlayerId,
        seat: Option<Side>,
        action: Action,
        lag: Duration,
    ) -> Result<(), ErrorReply> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(RoomCommand::Act {
                player,
                seat,
                action,
                lag,
                reply,
            })
            .await
            .map_err(|_| gone(self.id))?;
        answer.await.map_err(|_| gone(self.id))?
    }

    /// Closes the room while its game goes on (another node of a cluster takes it over from
    /// the records): every request before this one is finished first. Answers the last
    /// version and the connections that were at the board; `None` when the room had closed.
    pub async fn hand_over(&self) -> Option<(Version, Vec<Outbox>)> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(RoomCommand::HandOver { reply }).await.ok()?;
        answer.await.ok()
    }

    /// Tells the room that its deadline has passed by the records' clock: it ends the game on
    /// time (or aborts it when a side has not moved yet), and this returns once it has.
    pub async fn deadline_passed(&self) {
        let (done, answer) = oneshot::channel();
        if self
            .tx
            .send(RoomCommand::DeadlinePassed { done })
            .await
            .is_ok()
        {
            let _ = answer.await;
        }
    }

    /// Whether the room has stopped taking requests (it closed, or it is falling asleep): a
    /// request refused by a closed room may be sent again to the game's new room.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// A copy of the game as it stands.
    pub async fn view(&self) -> Result<RoomView, ErrorReply> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(RoomCommand::View { reply })
            .await
            .map_err(|_| gone(self.id))?;
        answer.await.map_err(|_| gone(self.id))
    }
}

/// A connection at the board.
struct Sub {
    outbox: Outbox,
    /// The seats this connection's player holds (none: a spectator).
    seats: Vec<Side>,
    /// Stops the task that watches for the connection's end when this subscription goes
    /// (detached, replaced, or the room closed): a player who stays online for game after game
    /// must not leave a task, and the room's queue it holds, behind each finished room.
    _watch: DropGuard,
}

/// The AI search in flight.
struct AiSearch {
    ply: usize,
    cancel: Arc<AtomicBool>,
}

/// One game, owned by its task.
pub(crate) struct Room {
    id: GameId,
    setup: NewGame,
    start: AnyGame,
    game: AnyGame,
    moves: Vec<String>,
    /// Who played each move (Kalah gives extra turns, so sides do not simply alternate).
    movers: Vec<Side>,
    version: Version,
    /// Recent events for replay, oldest first.
    log: VecDeque<(Version, Arc<ServerMessage>)>,
    status: GameStatus,
    result: Option<GameResult>,
    clock: Option<GameClock>,
    draw_offer: Option<Side>,
    takeback_request: Option<Side>,
    rematch_offer: Option<Side>,
    rematch_game: Option<GameId>,
    subs: HashMap<ConnId, Sub>,
    /// Since when each seat's player has been away (none while connected, and for AI seats).
    away_since: [Option<Instant>; 2],
    /// Whether the end of each away seat's grace period was announced.
    grace_announced: [bool; 2],
    /// The last lag measured on each seat's connection.
    lag: [Duration; 2],
    ai: Option<AiSearch>,
    ratings: [Option<i32>; 2],
    /// When the finished room last had nobody at it.
    empty_since: Option<Instant>,
    /// When the game finished (the room closes at most [`FINISHED_MAX`] later).
    finished_at: Option<Instant>,
    /// When this room opened (a Swiss's or round robin's game's first move is timed from it).
    opened_at: Instant,
    /// Where the room is in its life: open, falling asleep, handed over or superseded.
    life: Life,
    /// A correspondence game's pace, with the deadline of the side to move by the records'
    /// clock while it is in play (none: a live game).
    pace: Option<Pace>,
    deps: RoomDeps,
    tx: mpsc::Sender<RoomCommand>,
}

/// Starts a room's task and returns its handle. The seated connections have the game's
/// snapshot in their queues before this returns, so that it comes before the reply to the
/// request that started the game.
pub fn spawn(init: RoomInit, deps: RoomDeps) -> Result<RoomHandle, ErrorReply> {
    let (tx, rx) = mpsc::channel(ROOM_QUEUE);
    let mut room = Room::new(init, deps, tx.clone())?;
    room.greet();
    let handle = RoomHandle { id: room.id, tx };
    tokio::spawn(async move {
        room.begin().await;
        room.run(rx).await;
    });
    Ok(handle)
}

impl Room {
    fn new(
        init: RoomInit,
        deps: RoomDeps,
        tx: mpsc::Sender<RoomCommand>,
    ) -> Result<Room, ErrorReply> {
        let mut game = init.start.clone();
        let mut movers = Vec::with_capacity(init.moves.len());
        for (i, mv) in init.moves.iter().enumerate() {
            movers.push(game.side_to_move());
            game.play_text(mv).map_err(|e| {
                ErrorReply::new(
                    ErrorCode::Internal,
                    format!("stored move {} of {} does not replay: {e}", i + 1, init.id),
                )
            })?;
        }
        let clock = init.setup.clock.map(|spec| match init.clocks_ms {
            Some(ms) => GameClock::resumed(spec, ms).with_berserk(init.berserk),
            None => GameClock::new(spec),
        });
        let log = init
            .log
            .into_iter()
            .map(|(version, event)| {
                let msg = ServerMessage::Event {
                    game: init.id,
                    version,
                    event,
                };
                (version, Arc::new(msg))
            })
            .collect();
        let now = Instant::now();
        let away = |side: Side| {
            let seat = &init.setup.seats[side.index()];
            let sitting = init
                .subscribers
                .iter()
                .any(|o| seat.player == Some(o.player));
            (seat.player.is_some() && !sitting).then_some(now)
        };
        let mut room = Room {
            id: init.id,
            away_since: [away(Side::First), away(Side::Second)],
            setup: init.setup,
            start: init.start,
            game,
            moves: init.moves,
            movers,
            version: init.version,
            log,
            status: GameStatus::Live,
            result: None,
            clock,
            draw_offer: None,
            takeback_request: None,
            rematch_offer: None,
            rematch_game: None,
            subs: HashMap::new(),
            grace_announced: [false; 2],
            lag: [Duration::ZERO; 2],
            ai: None,
            ratings: init.ratings,
            empty_since: None,
            finished_at: None,
            opened_at: now,
            life: Life::Open,
            pace: init.pace,
            deps,
            tx,
        };
        for outbox in init.subscribers {
            room.add_sub(outbox);
        }
        if init.restored {
            // The clock runs again from now: the time the server was down is nobody's.
            if let Some(clock) = &mut room.clock
                && !room.moves.is_empty()
            {
                clock.start(room.game.side_to_move(), now);
            }
        }
        Ok(room)
    }

    /// Tells the connections seated at the start the game: a snapshot each.
    fn greet(&mut self) {
        let conns: Vec<ConnId> = self.subs.keys().copied().collect();
        for conn in conns {
            self.send_snapshot(conn);
        }
    }

    /// First things in the room's task: finish a game whose end was not recorded (or whose
    /// deadline passed while it slept or the server was down), and let an AI seat think.
    async fn begin(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            let result = GameResult {
                winner: outcome.winner(),
                reason: ResultReason::Rules(outcome.reason()),
            };
            if let Err(e) = self.finish(result).await {
                tracing::error!("{}: could not record the end: {e}", self.id);
            }
        }
        self.check_deadline().await;
        self.maybe_start_ai();
    }

    async fn run(&mut self, mut rx: mpsc::Receiver<RoomCommand>) {
        self.serve(&mut rx).await;
        if self.life == Life::FallingAsleep {
            // Requests already queued are answered; new ones find the room closed and go to
            // the game's next room, opened from the records.
            rx.close();
            while let Some(cmd) = rx.recv().await {
                self.handle_while_falling_asleep(cmd).await;
            }
        }
        self.close();
    }

    /// The room's life: commands and timers, until it closes.
    async fn serve(&mut self, rx: &mut mpsc::Receiver<RoomCommand>) {
        loop {
            let wake = self.next_wake();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until_opt(wake) => self.on_timer().await,
            }
            if self.life.stops() {
                break;
            }
            if self.subs.is_empty() {
                self.empty_since.get_or_insert_with(Instant::now);
            } else {
                self.empty_since = None;
            }
            if self.status == GameStatus::Finished
                && ((self.subs.is_empty()
                    && self.empty_since.is_some_and(|t| t.elapsed() >= LINGER))
                    || self
                        .finished_at
                        .is_some_and(|t| t.elapsed() >= FINISHED_MAX))
            {
                break;
            }
            if self.sleep_at().is_some_and(|t| Instant::now() >= t) {
                self.life = self.life.on(Happening::NobodyThere);
                break;
            }
        }
    }

    /// A request that reached the room as it fell asleep: it is answered as it would have
    /// been, except a connection that wants to sit down, which is told the room closed (and is
    /// sent to the game's next room).
    async fn handle_while_falling_asleep(&mut self, cmd: RoomCommand) {
        match cmd {
            RoomCommand::Attach { reply, .. } => {
                let _ = reply.send(Err(gone(self.id)));
            }
            cmd => self.handle(cmd).await,
        }
    }

    /// Tells the host the room is gone.
    fn close(&mut self) {
        if let Some(ai) = &self.ai {
            ai.cancel.store(true, Ordering::Relaxed);
        }
        match self.life.ending(self.status == GameStatus::Live) {
            Ending::Superseded => {
                let outboxes = self.subs.drain().map(|(_, sub)| sub.outbox).collect();
                self.deps
                    .host
                    .room_superseded(self.id, self.version, outboxes);
            }
            Ending::HandedOver => {
                self.deps.host.room_handed_over(self.id);
                tracing::debug!("{}: room handed over", self.id);
            }
            Ending::Asleep => {
                self.deps.host.room_asleep(self.id);
                tracing::debug!("{}: room asleep", self.id);
            }
            Ending::Closed => {
                self.deps.host.room_closed(self.id);
                tracing::debug!("{}: room closed", self.id);
            }
        }
    }

    async fn handle(&mut self, cmd: RoomCommand) {
        match cmd {
            RoomCommand::Attach {
                outbox,
                since,
                reply,
            } => {
                let conn = outbox.conn;
                self.add_sub(outbox);
                self.catch_up(conn, since);
                self.broadcast_presence();
                let _ = reply.send(Ok(()));
            }
            RoomCommand::Detach { conn } => {
                if self.subs.remove(&conn).is_some() {
                    self.update_away();
                    self.broadcast_presence();
                }
            }
            RoomCommand::Act {
                player,
                seat,
                action,
                lag,
                reply,
            } => {
                let result = self.act(player, seat, action, lag).await;
                let _ = reply.send(result);
            }
            RoomCommand::View { reply } => {
                let _ = reply.send(self.view());
            }
            RoomCommand::HandOver { reply } => {
                self.life = self.life.on(Happening::HandOver);
                let outboxes = self.subs.drain().map(|(_, sub)| sub.outbox).collect();
                let _ = reply.send((self.version, outboxes));
            }
            RoomCommand::AiDone { ply, side, result } => self.ai_done(ply, side, result).await,
            RoomCommand::DeadlinePassed { done } => {
                self.check_deadline().await;
                let _ = done.send(());
            }
        }
    }

    // ---- seats ----

    /// Whether one player holds both seats.
    fn is_local(&self) -> bool {
        let [a, b] = &self.setup.seats;
        a.player.is_some() && a.player == b.player
    }

    // ---- events ----

    /// Tells a correspondence game's players (every device) how it stands.
    pub(super) fn tell_players(&self) {
        if self.setup.correspondence.is_some() {
            self.deps
                .host
                .correspondence_changed(self.summary(), self.game.side_to_move());
        }
    }

    // ---- AI seats ----
}

/// What a bot needs to know of `game`: its position, whose turn it is and the legal moves.
fn turn_of(game: &AnyGame) -> Turn {
    Turn {
        position: game.position_text(),
        side_to_move: game.side_to_move(),
        legal_moves: game.legal_moves_text(),
    }
}

/// The event with the turn in it, for an event that carries one (a move, a takeback).
fn with_turn(event: GameEvent, turn: Turn) -> Option<GameEvent> {
    match event {
        GameEvent::Moved {
            ply,
            side,
            notation,
            clocks,
            deadline_ms,
            ..
        } => Some(GameEvent::Moved {
            ply,
            side,
            notation,
            clocks,
            turn: Some(turn),
            deadline_ms,
        }),
        GameEvent::TakenBack {
            plies,
            ply,
            clocks,
            deadline_ms,
            ..
        } => Some(GameEvent::TakenBack {
            plies,
            ply,
            clocks,
            turn: Some(turn),
            deadline_ms,
        }),
        _ => None,
    }
}

async fn sleep_until_opt(when: Option<Instant>) {
    match when {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
