//! A room driven directly, without its task, its connections or a database: the entry point of
//! the room fuzz target (`fuzz/fuzz_targets/room.rs`) and of the room proptests.
//!
//! [`run`] reads a script from arbitrary bytes (a game set-up, then requests: moves drawn from
//! the legal ones and from damaged or foreign text, resignations, offers and answers,
//! takebacks, aborts, rematches, claims, connections coming and going, time passing, the store
//! failing) and plays it against a real [`Room`], checking after every step that:
//! - a refused request changes nothing (no event, same moves, same status);
//! - only a seat's player acts for it, and only the side to move moves;
//! - every accepted move was legal in the position before it;
//! - each connection's events follow each other without gaps (after its snapshot, or from the
//!   version it rejoined at); a spectator that watched from the start sees events 1, 2, 3, ...
//!   up to the room's version, and replaying their moves and takebacks gives the room's moves;
//! - the room's game is its start position with its moves replayed, each by the side that was
//!   to move; a snapshot's moves replay to its position;
//! - a game the rules have ended is finished (unless the store failed to record the end), a
//!   finished game has a result, no offers and no running clock.
//!
//! It panics when one breaks. A rematch cannot start here (the store keeps no games): asking
//! for one is refused with a storage error, which the checks treat like any refusal.
//!
//! Time is tokio's: run it on a runtime whose clock is paused (`start_paused`), so that the
//! script's waits pass at once and a run is deterministic.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    Action, ClockSpec, ErrorCode, ErrorReply, GameEvent, GameId, GameResult, GameStatus, OfferKind,
    PlayerId, ResultReason, ServerMessage, Version,
};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use super::{HostFuture, Room, RoomCommand, RoomDeps, RoomHost, RoomInit};
use crate::config::Limits;
use crate::outbox::{ConnId, ConnIds, Outbox, Outgoing};
use crate::pool::AiPool;
use crate::store::{NewGame, Store, StoreError, StoredSeat};

/// Rule options the set-up may choose (one that the game does not know falls back to the
/// defaults).
const VARIANTS: [(&str, &str); 6] = [
    ("pits", "3"),
    ("seeds", "2"),
    ("board", "small"),
    ("captures-to-win", "1"),
    ("repetition", "forbidden"),
    ("empty-capture", "true"),
];

/// The move `text`, naming no ply (played in whatever position the room is in).
fn a_move(text: String) -> Action {
    Action::Move {
        notation: text,
        ply: None,
    }
}

/// Move texts that are not moves, or not here.
const GARBAGE: [&str; 10] = [
    "", " ", "a1", "a1-", "0", "99", "z9z9", "a1xa1", "\u{0}", "resign",
];

/// Every non-move action.
const ACTIONS: [Action; 13] = [
    Action::Resign,
    Action::Offer(OfferKind::Draw),
    Action::Answer {
        kind: OfferKind::Draw,
        accept: true,
    },
    Action::Answer {
        kind: OfferKind::Draw,
        accept: false,
    },
    Action::Abort,
    Action::Offer(OfferKind::Takeback),
    Action::Answer {
        kind: OfferKind::Takeback,
        accept: true,
    },
    Action::Answer {
        kind: OfferKind::Takeback,
        accept: false,
    },
    Action::Offer(OfferKind::Rematch),
    Action::Answer {
        kind: OfferKind::Rematch,
        accept: true,
    },
    Action::Answer {
        kind: OfferKind::Rematch,
        accept: false,
    },
    Action::ClaimWin,
    Action::Berserk,
];

/// The player of the first seat, of the second (unless local), and a stranger.
const PLAYERS: [PlayerId; 3] = [PlayerId(1), PlayerId(2), PlayerId(3)];

/// The most steps of one script (the fuzzer's inputs are short anyway).
const MAX_STEPS: usize = 400;

/// Reads bytes one at a time; the script ends when they do.
struct Script<'a> {
    bytes: &'a [u8],
}

impl Script<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(b)
    }
}

/// A connection at the board, as the harness sees it.
struct Conn {
    id: ConnId,
    player: PlayerId,
    rx: mpsc::Receiver<Outgoing>,
    /// The version of the last event (or snapshot) it received; none before the first.
    last: Option<Version>,
    /// The version it rejoined at, until its first message.
    since: Option<Version>,
    /// Whether it asked for the turn in each move and takeback.
    turns: bool,
}

/// What a watcher from the start has heard: the moves the events tell.
#[derive(Default)]
struct Story {
    version: Version,
    moves: Vec<String>,
}

/// The room and everything around it.
struct Bench {
    room: Room,
    rx: mpsc::Receiver<RoomCommand>,
    fail: Arc<AtomicBool>,
    /// Whether the store ever failed (a game the rules ended may then stay live).
    ever_failed: bool,
    conns: Vec<Conn>,
    observer: Conn,
    story: Story,
    lag: Duration,
    refused: usize,
    /// Numbers the connections.
    ids: ConnIds,
}

/// The state a refused request must leave as it was.
#[derive(PartialEq, Debug)]
struct Before {
    version: Version,
    moves: Vec<String>,
    status: GameStatus,
    position: String,
    draw_offer: Option<Side>,
    takeback_request: Option<Side>,
    rematch_offer: Option<Side>,
}

/// What a script did, for tests that want a particular outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Moves on the board at the end.
    pub plies: usize,
    /// The room's last event.
    pub version: Version,
    /// Whether the game ended.
    pub finished: bool,
    /// Requests the room refused.
    pub refused: usize,
}

/// Plays the script in `bytes` against a room, checking the room after every step (see the
/// module comment). Run it on a paused tokio clock. A script too short for a set-up does
/// nothing.
pub async fn run(bytes: &[u8]) -> Report {
    let mut script = Script { bytes };
    let (Some(head), Some(variant)) = (script.byte(), script.byte()) else {
        return Report::default();
    };
    let Some(mut bench) = Bench::new(&Setup::from_bytes(head, variant)).await else {
        return Report::default();
    };
    for _ in 0..MAX_STEPS {
        let Some(op) = script.byte() else { break };
        let step = Step::from_bytes(op, &mut script);
        bench.play(&step).await;
    }
    bench.report()
}

/// Plays a typed script (its set-up, then at most [`MAX_STEPS`] of its steps) against a room,
/// with the same checks as [`run`]. Run it on a paused tokio clock.
pub async fn play(setup: &Setup, steps: &[Step]) -> Report {
    let Some(mut bench) = Bench::new(setup).await else {
        return Report::default();
    };
    for step in steps.iter().take(MAX_STEPS) {
        bench.play(step).await;
    }
    bench.report()
}

/// A game's set-up: the game, a rule variant, local or two players, rated, a clock.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "test-support", derive(arbitrary::Arbitrary))]
pub struct Setup {
    /// The game (an index into [`GameKind::ALL`], modulo its length).
    pub game: u8,
    /// A rule option from the harness's list (modulo its length); none, or one the game does
    /// not know: the defaults.
    pub variant: Option<u8>,
    /// Both seats held by the first player.
    pub local: bool,
    /// Rated (a local game never is).
    pub rated: bool,
    /// The clock: seconds (plus half a second) to start with, and half-seconds added a move.
    pub clock: Option<(u8, u8)>,
    /// An arena's game (where a side may go berserk), unless local.
    pub arena: bool,
}

impl Setup {
    /// The set-up the first two bytes of a byte script say.
    fn from_bytes(head: u8, variant: u8) -> Setup {
        let local = head & 4 != 0;
        Setup {
            game: head & 3,
            variant: (variant & 15 < 12).then_some(variant & 15),
            local,
            rated: head & 8 != 0,
            clock: (head & 16 != 0).then_some((variant >> 4, head >> 6)),
            arena: head & 32 != 0,
        }
    }
}

/// Who sends a request: the first seat's player, the second's (in a local game the first
/// holds both, and the second player none), or a stranger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "test-support", derive(arbitrary::Arbitrary))]
pub enum Who {
    First,
    Second,
    Stranger,
}

impl Who {
    fn from_byte(b: u8) -> Who {
        [Who::First, Who::Second, Who::Stranger][usize::from(b % 3)]
    }

    fn player(self) -> PlayerId {
        match self {
            Who::First => PLAYERS[0],
            Who::Second => PLAYERS[1],
            Who::Stranger => PLAYERS[2],
        }
    }
}

/// The seat a request names: none (the sender's seat to move, or its only one), or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "test-support", derive(arbitrary::Arbitrary))]
pub enum SeatPick {
    Unnamed,
    First,
    Second,
}

impl SeatPick {
    fn from_byte(b: u8) -> SeatPick {
        [SeatPick::Unnamed, SeatPick::First, SeatPick::Second][usize::from(b % 3)]
    }

    fn side(self) -> Option<Side> {
        match self {
            SeatPick::Unnamed => None,
            SeatPick::First => Some(Side::First),
            SeatPick::Second => Some(Side::Second),
        }
    }
}

/// The version a connection rejoins at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "test-support", derive(arbitrary::Arbitrary))]
pub enum Since {
    /// A fresh join: a snapshot.
    Fresh,
    /// The room's version now.
    Now,
    /// So many events back (beyond the replay log: a snapshot).
    Back(u8),
    /// Versions the room has not reached (1 + so many ahead).
    Ahead(u8),
}

/// One request or event of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "test-support", derive(arbitrary::Arbitrary))]
pub enum Step {
    /// A legal move (the `pick`th, modulo their number) by the player of the side to move,
    /// naming that seat or not.
    Move { pick: u8, name_seat: bool },
    /// A legal move sent by anyone, naming any seat.
    MoveBy { pick: u8, who: Who, seat: SeatPick },
    /// A legal move with one character changed, dropped or added (`how`), by the player of
    /// the side to move.
    Damaged { pick: u8, how: u8 },
    /// A text that is no move (from the harness's list), by the player of the side to move.
    Garbage { pick: u8 },
    /// A move that was legal at the start (often no longer), by anyone for any seat.
    Foreign { pick: u8, who: Who, seat: SeatPick },
    /// Any text as a move (at most 32 characters of it), by anyone for any seat.
    Text {
        text: String,
        who: Who,
        seat: SeatPick,
    },
    /// A non-move action (an index into the harness's list) by the player of the side to
    /// move or of the other side, naming that seat or not.
    Action {
        action: u8,
        to_move: bool,
        name_seat: bool,
    },
    /// A non-move action by anyone, naming any seat.
    ActionBy {
        action: u8,
        who: Who,
        seat: SeatPick,
    },
    /// A connection joins (or rejoins at a version), asking for turns or not.
    Attach { who: Who, since: Since, turns: bool },
    /// A connection (the `conn`th, modulo their number) goes away, telling the room or not.
    Leave { conn: u8, detach: bool },
    /// Time passes (in quarters of a second), and the room's timer fires.
    Wait { quarters: u8 },
    /// The store fails from now on, or works again.
    Store { fail: bool },
    /// The lag credited to the next moves (tens of milliseconds).
    Lag { tens_ms: u8 },
}

impl Step {
    /// The step an operation byte and the bytes after it say.
    fn from_bytes(op: u8, script: &mut Script<'_>) -> Step {
        let arg = script.byte().unwrap_or(0);
        match op % 16 {
            0..=6 => Step::Move {
                pick: arg,
                name_seat: op & 16 != 0,
            },
            7 => {
                let who = script.byte().unwrap_or(0);
                Step::MoveBy {
                    pick: arg,
                    who: Who::from_byte(who),
                    seat: SeatPick::from_byte(who >> 2),
                }
            }
            8 => {
                let edit = script.byte().unwrap_or(0);
                if edit & 1 == 0 {
                    Step::Damaged {
                        pick: arg,
                        how: edit >> 1,
                    }
                } else {
                    Step::Garbage { pick: arg }
                }
            }
            9 => Step::Action {
                action: arg & 127,
                to_move: arg & 128 != 0,
                name_seat: arg & 64 != 0,
            },
            10 => {
                let who = script.byte().unwrap_or(0);
                Step::ActionBy {
                    action: arg,
                    who: Who::from_byte(who),
                    seat: SeatPick::from_byte(who >> 2),
                }
            }
            11 => Step::Attach {
                who: Who::from_byte((arg >> 6) % 3),
                since: match arg % 4 {
                    0 => Since::Fresh,
                    1 => Since::Now,
                    2 => Since::Back(arg >> 2),
                    _ => Since::Ahead(arg >> 2),
                },
                turns: arg & 32 != 0,
            },
            12 => Step::Leave {
                conn: arg,
                detach: arg & 1 == 0,
            },
            13 => Step::Wait { quarters: arg },
            14 => Step::Store { fail: arg & 1 != 0 },
            _ => Step::Lag { tens_ms: arg },
        }
    }
}

/// A host with no lobby: reports go nowhere, and a rematch cannot be stored, as with a lobby
/// on the discarding store.
struct NoLobby;

impl RoomHost for NoLobby {
    fn game_moved(&self, _game: GameId, _plies: u32) {}
    fn game_ended(&self, _game: GameId, _result: GameResult, _berserk: [bool; 2]) {}
    fn room_closed(&self, _game: GameId) {}
    fn start_rematch(
        &self,
        _setup: NewGame,
        _start: AnyGame,
        _seated: Vec<Outbox>,
    ) -> HostFuture<'_, Result<GameId, ErrorReply>> {
        Box::pin(async { Err(StoreError::WriterGone.into()) })
    }
}

/// An AI pool on one engine for the whole process: building an engine (its Kalah book) costs
/// far more than a script, and the harnesses never ask it for a move.
pub(crate) fn pool() -> AiPool {
    static ENGINE: std::sync::OnceLock<Arc<chaupal_engine::Engine>> = std::sync::OnceLock::new();
    AiPool::new(ENGINE.get_or_init(Default::default).clone(), 1, 0)
}

/// What a room needs, without a database or AI threads.
fn deps(store: Store, limits: Limits) -> RoomDeps {
    RoomDeps {
        store,
        pool: pool(),
        host: Arc::new(NoLobby),
        limits: Arc::new(limits),
    }
}

/// A new game's room, with these connections at the board.
fn new_room(setup: NewGame, start: AnyGame, subscribers: Vec<Outbox>) -> RoomInit {
    RoomInit {
        id: GameId(1),
        pace: setup.first_pace(),
        setup,
        start,
        moves: Vec::new(),
        version: 0,
        log: Vec::new(),
        clocks_ms: None,
        berserk: [false; 2],
        ratings: [None, None],
        subscribers,
        restored: false,
    }
}

fn outbox(
    ids: &ConnIds,
    player: PlayerId,
    turns: bool,
    capacity: usize,
) -> (Outbox, mpsc::Receiver<Outgoing>) {
    let (tx, rx) = mpsc::channel(capacity);
    let out = Outbox::new(ids.next(), player, turns, tx, CancellationToken::new());
    (out, rx)
}

impl Bench {
    async fn new(set_up: &Setup) -> Option<Bench> {
        let kind = GameKind::ALL[usize::from(set_up.game) % GameKind::ALL.len()];
        let local = set_up.local;
        let rated = set_up.rated && !local;
        let clock = set_up.clock.map(|(initial, increment)| ClockSpec {
            initial_ms: 1_000 * u64::from(initial) + 500,
            increment_ms: 500 * u64::from(increment),
        });
        let pair = set_up
            .variant
            .map(|v| VARIANTS[usize::from(v) % VARIANTS.len()]);
        let (start, rules) = match pair.map(|pair| (pair, AnyGame::start(kind, [pair]))) {
            Some((pair, Ok(start))) => (start, vec![pair]),
            _ => (
                AnyGame::start(kind, std::iter::empty::<(&str, &str)>()).ok()?,
                vec![],
            ),
        };
        let second = if local { PLAYERS[0] } else { PLAYERS[1] };
        let seat = |player: PlayerId| StoredSeat {
            player: Some(player),
            engine: None,
            name: player.to_string(),
        };
        let setup = NewGame {
            kind,
            rules: rules
                .iter()
                .map(|(k, v)| chaupal_shared::protocol::RulePair::new(*k, *v))
                .collect(),
            start_position: None,
            clock,
            correspondence: None,
            rated,
            mode: match (local, set_up.arena) {
                (true, _) => "local",
                (false, true) => crate::store::TOURNAMENT_MODE,
                (false, false) => "open",
            }
            .to_owned(),
            creator: Some(PLAYERS[0]),
            seats: [seat(PLAYERS[0]), seat(second)],
            started_ms: 0,
            watch_key: None,
        };
        let fail = Arc::new(AtomicBool::new(false));
        let store = Store::discarding(fail.clone()).ok()?;
        let deps = deps(
            store,
            Limits {
                reconnect_grace_ms: 5_000,
                replay_events: 6,
                ..Limits::default()
            },
        );
        let (tx, rx) = mpsc::channel(super::ROOM_QUEUE);
        let ids = ConnIds::new();
        let (seated, seated_rx) = outbox(&ids, PLAYERS[0], false, 64);
        let init = new_room(setup, start, vec![seated.clone()]);
        let room = Room::new(init, deps, tx).ok()?;
        // The watcher asks for turns: each one is checked against the moves it heard.
        let (watcher, watcher_rx) = outbox(&ids, PLAYERS[2], true, 1 << 14);
        let mut bench = Bench {
            room,
            rx,
            fail,
            ever_failed: false,
            conns: vec![Conn {
                id: seated.conn,
                player: seated.player,
                rx: seated_rx,
                last: None,
                since: None,
                turns: false,
            }],
            observer: Conn {
                id: watcher.conn,
                player: watcher.player,
                rx: watcher_rx,
                last: Some(0),
                since: Some(0),
                turns: true,
            },
            story: Story::default(),
            lag: Duration::ZERO,
            refused: 0,
            ids,
        };
        bench.room.greet();
        bench.room.begin().await;
        bench.room.add_sub(watcher);
        bench.room.catch_up(bench.observer.id, Some(0));
        bench.settle().await;
        Some(bench)
    }

    /// The player who holds `side`.
    fn holder(&self, side: Side) -> PlayerId {
        self.room.setup.seats[side.index()]
            .player
            .unwrap_or(PLAYERS[2])
    }

    fn legal_move(&self, pick: u8) -> Option<String> {
        let moves = self.room.game.legal_moves_text();
        (!moves.is_empty()).then(|| moves[usize::from(pick) % moves.len()].clone())
    }

    /// Plays one step, then runs what the room would run next and checks it.
    async fn play(&mut self, step: &Step) {
        self.step(step).await;
        self.settle().await;
        self.check();
    }

    fn report(&self) -> Report {
        Report {
            plies: self.room.moves.len(),
            version: self.room.version,
            finished: self.room.status == GameStatus::Finished,
            refused: self.refused,
        }
    }

    async fn step(&mut self, step: &Step) {
        match step {
            &Step::Move { pick, name_seat } => {
                let side = self.room.game.side_to_move();
                let seat = name_seat.then_some(side);
                let text = self.legal_move(pick).unwrap_or_default();
                let action = a_move(text);
                self.act(self.holder(side), seat, action).await;
            }
            &Step::MoveBy { pick, who, seat } => {
                let text = self.legal_move(pick).unwrap_or_default();
                let action = a_move(text);
                self.act(who.player(), seat.side(), action).await;
            }
            &Step::Damaged { pick, how } => {
                let text = match self.legal_move(pick) {
                    Some(text) => damage(&text, how),
                    None => GARBAGE[usize::from(pick) % GARBAGE.len()].to_owned(),
                };
                let side = self.room.game.side_to_move();
                self.act(self.holder(side), None, a_move(text)).await;
            }
            &Step::Garbage { pick } => {
                let text = GARBAGE[usize::from(pick) % GARBAGE.len()].to_owned();
                let side = self.room.game.side_to_move();
                self.act(self.holder(side), None, a_move(text)).await;
            }
            &Step::Foreign { pick, who, seat } => {
                let moves = self.room.start.legal_moves_text();
                let text = if moves.is_empty() {
                    String::new()
                } else {
                    moves[usize::from(pick) % moves.len()].clone()
                };
                self.act(who.player(), seat.side(), a_move(text)).await;
            }
            Step::Text { text, who, seat } => {
                let text: String = text.chars().take(32).collect();
                self.act(who.player(), seat.side(), a_move(text)).await;
            }
            &Step::Action {
                action,
                to_move,
                name_seat,
            } => {
                let side = if to_move {
                    self.room.game.side_to_move()
                } else {
                    self.room.game.side_to_move().opponent()
                };
                let action = ACTIONS[usize::from(action) % ACTIONS.len()].clone();
                let seat = name_seat.then_some(side);
                self.act(self.holder(side), seat, action).await;
            }
            &Step::ActionBy { action, who, seat } => {
                let action = ACTIONS[usize::from(action) % ACTIONS.len()].clone();
                self.act(who.player(), seat.side(), action).await;
            }
            &Step::Attach { who, since, turns } => {
                let version = self.room.version;
                let since = match since {
                    Since::Fresh => None,
                    Since::Now => Some(version),
                    Since::Back(n) => Some(version.saturating_sub(u64::from(n))),
                    Since::Ahead(n) => Some(version + 1 + u64::from(n)),
                };
                self.attach(who.player(), since, turns).await;
            }
            &Step::Leave { conn, detach } => {
                if !self.conns.is_empty() {
                    let conn = self.conns.remove(usize::from(conn) % self.conns.len());
                    // Dropping its queue closes it, as a connection that went away.
                    drop(conn.rx);
                    if detach {
                        self.room
                            .handle(RoomCommand::Detach { conn: conn.id })
                            .await;
                    }
                }
            }
            &Step::Wait { quarters } => {
                self.wait(Duration::from_millis(250 * u64::from(quarters)))
                    .await;
            }
            &Step::Store { fail } => {
                self.ever_failed |= fail;
                self.fail.store(fail, Ordering::Relaxed);
            }
            &Step::Lag { tens_ms } => self.lag = Duration::from_millis(10 * u64::from(tens_ms)),
        }
    }

    async fn attach(&mut self, player: PlayerId, since: Option<Version>, turns: bool) {
        let (out, rx) = outbox(&self.ids, player, turns, 64);
        let (reply, answer) = oneshot::channel();
        self.conns.push(Conn {
            id: out.conn,
            player,
            rx,
            last: None,
            since,
            turns,
        });
        self.room
            .handle(RoomCommand::Attach {
                outbox: out,
                since,
                reply,
            })
            .await;
        assert!(matches!(answer.await, Ok(Ok(()))), "attach is answered Ok");
    }

    /// Lets `by` pass, then does what the room's task does when its timer fires.
    async fn wait(&mut self, by: Duration) {
        tokio::time::sleep(by).await;
        for _ in 0..4 {
            match self.room.next_wake() {
                Some(wake) if wake <= tokio::time::Instant::now() => self.room.on_timer().await,
                _ => break,
            }
        }
    }

    /// Acts, and checks that a refusal changed nothing and that what was done was allowed.
    async fn act(&mut self, player: PlayerId, seat: Option<Side>, action: Action) {
        let before = self.before();
        let legal = self.room.game.legal_moves_text();
        let to_move = self.room.game.side_to_move();
        let held = self.room.seats_of(player);
        let result = self.room.act(player, seat, action.clone(), self.lag).await;
        self.settle().await;
        match result {
            Err(e) => {
                self.refused += 1;
                let flag_fell = e.code == ErrorCode::GameOver
                    && self
                        .room
                        .result
                        .is_some_and(|r| r.reason == ResultReason::Timeout)
                    && self.room.moves == before.moves;
                assert!(
                    self.before() == before || flag_fell,
                    "refused {action:?} ({e}) changed the room: {before:?} -> {:?}",
                    self.before()
                );
            }
            Ok(()) => {
                assert!(
                    !held.is_empty(),
                    "{player} holds no seat but {action:?} was done"
                );
                if let Some(s) = seat {
                    assert!(held.contains(&s), "{player} acted for the {s:?} seat");
                }
                if let Action::Move { .. } = action {
                    assert_eq!(
                        self.room.moves.len(),
                        before.moves.len() + 1,
                        "a move adds one"
                    );
                    let played = &self.room.moves[before.moves.len()];
                    assert!(legal.contains(played), "{played} was not legal");
                    assert_eq!(
                        self.room.movers.last(),
                        Some(&to_move),
                        "the side to move moved"
                    );
                    assert!(held.contains(&to_move), "{player} moved for {to_move:?}");
                }
            }
        }
    }

    fn before(&self) -> Before {
        Before {
            version: self.room.version,
            moves: self.room.moves.clone(),
            status: self.room.status,
            position: self.room.game.position_text(),
            draw_offer: self.room.draw_offer,
            takeback_request: self.room.takeback_request,
            rematch_offer: self.room.rematch_offer,
        }
    }

    /// Runs what the room's task would run next: commands from its own helpers (a connection
    /// noticed closed); then reads every connection's messages.
    async fn settle(&mut self) {
        tokio::task::yield_now().await;
        while let Ok(cmd) = self.rx.try_recv() {
            self.room.handle(cmd).await;
        }
        let seats: HashMap<PlayerId, Vec<Side>> = PLAYERS
            .iter()
            .map(|&p| (p, self.room.seats_of(p)))
            .collect();
        let start = self.room.start.clone();
        while let Ok(out) = self.observer.rx.try_recv() {
            read(
                &mut self.observer,
                out,
                &start,
                &seats,
                Some(&mut self.story),
            );
        }
        for conn in &mut self.conns {
            while let Ok(out) = conn.rx.try_recv() {
                read(conn, out, &start, &seats, None);
            }
        }
    }

    /// The room's invariants.
    fn check(&self) {
        let room = &self.room;
        let mut game = room.start.clone();
        assert_eq!(room.moves.len(), room.movers.len(), "one mover per move");
        for (mv, side) in room.moves.iter().zip(&room.movers) {
            assert_eq!(
                game.side_to_move(),
                *side,
                "{mv} played by the side to move"
            );
            let canonical = game.play_text(mv).expect("every stored move replays");
            assert_eq!(&canonical, mv, "moves are stored in canonical notation");
        }
        assert_eq!(
            game.position_text(),
            room.game.position_text(),
            "the game is its moves"
        );
        assert_eq!(
            game.hash(),
            room.game.hash(),
            "the game's hash is its moves'"
        );
        assert_eq!(
            self.story.version, room.version,
            "a watcher heard every event"
        );
        assert_eq!(self.story.moves, room.moves, "the events tell the moves");
        assert_eq!(
            room.status == GameStatus::Finished,
            room.result.is_some(),
            "a finished game has a result"
        );
        if room.status == GameStatus::Live {
            assert!(
                room.game.outcome().is_none() || self.ever_failed,
                "a game the rules ended is finished"
            );
            assert!(
                room.rematch_offer.is_none(),
                "no rematch offer while playing"
            );
            if let Some(clock) = &room.clock
                && !room.moves.is_empty()
                && room.game.outcome().is_none()
            {
                assert_eq!(
                    clock.running(),
                    Some(room.game.side_to_move()),
                    "whose clock runs"
                );
            }
        } else {
            assert!(room.draw_offer.is_none() && room.takeback_request.is_none());
            if let Some(clock) = &room.clock {
                assert_eq!(clock.running(), None, "no clock runs after the end");
            }
        }
    }
}

/// Checks one message a connection received.
fn read(
    conn: &mut Conn,
    out: Outgoing,
    start: &AnyGame,
    seats: &HashMap<PlayerId, Vec<Side>>,
    story: Option<&mut Story>,
) {
    let Outgoing::Message(msg) = out else { return };
    match &*msg {
        ServerMessage::Snapshot(snap) => {
            let mut game = start.clone();
            for mv in &snap.moves {
                game.play_text(mv).expect("a snapshot's moves replay");
            }
            assert_eq!(game.position_text(), snap.position, "a snapshot's position");
            assert_eq!(
                game.side_to_move(),
                snap.side_to_move,
                "a snapshot's side to move"
            );
            let expected = seats.get(&conn.player).cloned().unwrap_or_default();
            assert_eq!(
                snap.your_seats, expected,
                "a snapshot names the receiver's seats"
            );
            conn.last = Some(snap.version);
            conn.since = None;
        }
        ServerMessage::Event { version, event, .. } => {
            let previous = conn.last.or(conn.since);
            assert_eq!(
                previous.map(|v| v + 1),
                Some(*version),
                "events follow each other without gaps"
            );
            conn.last = Some(*version);
            conn.since = None;
            let turn = match event {
                GameEvent::Moved { turn, .. } | GameEvent::TakenBack { turn, .. } => {
                    assert_eq!(
                        turn.is_some(),
                        conn.turns,
                        "a move or takeback has the turn exactly for those who asked"
                    );
                    turn.as_ref()
                }
                _ => None,
            };
            if let Some(story) = story {
                story.version = *version;
                match event {
                    GameEvent::Moved { ply, notation, .. } => {
                        story.moves.push(notation.clone());
                        assert_eq!(*ply as usize, story.moves.len(), "a move's ply");
                    }
                    GameEvent::TakenBack { ply, .. } => story.moves.truncate(*ply as usize),
                    _ => {}
                }
                if let Some(turn) = turn {
                    let mut game = start.clone();
                    for mv in &story.moves {
                        game.play_text(mv).expect("the moves heard replay");
                    }
                    assert_eq!(turn.position, game.position_text(), "a turn's position");
                    assert_eq!(turn.side_to_move, game.side_to_move(), "a turn's side");
                    assert_eq!(
                        turn.legal_moves,
                        game.legal_moves_text(),
                        "a turn's legal moves"
                    );
                }
            }
        }
        _ => {}
    }
}

/// A move text with one character changed, dropped or added.
fn damage(text: &str, how: u8) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = usize::from(how >> 2) % (chars.len() + 1);
    let c = char::from(b'0' + how % 75);
    match how % 3 {
        0 if at < chars.len() => chars[at] = c,
        1 if at < chars.len() => {
            chars.remove(at);
        }
        _ => chars.insert(at, c),
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection that stays open after its game (a player going on to the next one, a
    /// spectator following another game) keeps nothing of the room once the room is gone: the
    /// task that watched for the connection's end stops, and with it the last handle on the
    /// connection's queue that the room gave out.
    #[tokio::test]
    async fn a_closed_room_leaves_nothing_watching_a_connection_that_stays() {
        let start = AnyGame::start(GameKind::Kalah, std::iter::empty::<(&str, &str)>()).unwrap();
        let seat = |player: PlayerId| StoredSeat {
            player: Some(player),
            engine: None,
            name: player.to_string(),
        };
        let setup = NewGame {
            kind: GameKind::Kalah,
            rules: vec![],
            start_position: None,
            clock: None,
            correspondence: None,
            rated: false,
            mode: "open".to_owned(),
            creator: Some(PLAYERS[0]),
            seats: [seat(PLAYERS[0]), seat(PLAYERS[1])],
            started_ms: 0,
            watch_key: None,
        };
        let store = Store::discarding(Arc::new(AtomicBool::new(false))).unwrap();
        let deps = deps(store, Limits::default());
        let (tx, _rx) = mpsc::channel(super::super::ROOM_QUEUE);
        let ids = ConnIds::new();
        let (player, mut player_rx) = outbox(&ids, PLAYERS[0], false, 64);
        let (watcher, mut watcher_rx) = outbox(&ids, PLAYERS[2], false, 64);
        let init = new_room(setup, start, vec![player.clone(), watcher.clone()]);
        let mut room = Room::new(init, deps, tx).unwrap();
        // Watching twice replaces the first subscription and its watch.
        room.add_sub(watcher.clone());
        tokio::task::yield_now().await;
        drop(room);
        drop((player, watcher));
        for rx in [&mut player_rx, &mut watcher_rx] {
            let drained = tokio::time::timeout(Duration::from_secs(10), async {
                while rx.recv().await.is_some() {}
            })
            .await;
            assert!(
                drained.is_ok(),
                "something still holds the connection's queue after the room is gone"
            );
        }
    }
}
