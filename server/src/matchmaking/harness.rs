//! The lobby driven directly, without sockets or a database: the entry point of the `lobby`
//! fuzz target (`fuzz/fuzz_targets/lobby.rs`) and of the lobby proptests.
//!
//! [`play`] runs a [`Script`] (players opening and closing connections, seeks and invitations
//! made, cancelled, accepted and joined by code, in every spelling, by anyone; players saying
//! hello again; the store failing and recovering; time passing) against the real
//! [`Matchmaking`] and [`Registry`] on the store that keeps nothing ([`Store::discarding`]), and
//! keeps a model of the waiting seeks beside them. After every step it checks that:
//! - a refused request changes nothing (the waiting seeks, their codes, the games), except
//!   that a seek whose seeker's connection has closed (and that would go with it) is dropped
//!   by the first taker who finds it so;
//! - a seek is accepted at most once, never by its seeker, never after it was cancelled or
//!   its seeker left; what an accept or a join started seats the seeker and the taker;
//! - an invite code joins at most one game: joined again, it sends one of that game's players
//!   back to it and anyone else nowhere; a code in any spelling (case, spaces, the dash) is
//!   the same code;
//! - every id given (seek, game) is new; an open seek has no code, an invitation has one;
//! - the lobby's list is the waiting open seeks, and a watcher subscribed from the start that
//!   applies what it hears has that list and the list of live games;
//! - nobody has more open seeks and live games than `--max-open-games`, or more waiting
//!   correspondence seeks than `--max-correspondence-games`.
//!
//! It panics when one breaks. AI and exhibition games are not made (they start at once like
//! local games, and their rooms would ask the AI threads); the store keeps no games, so a
//! correspondence game in play never counts against the correspondence limit here.
//!
//! Time is tokio's: run it on a runtime whose clock is paused (`start_paused`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chaupal_rules::GameKind;
use chaupal_shared::protocol::{
    ClockSpec, Correspondence, ErrorReply, GameId, GameSetup, LobbyEvent, Opponent, PlayerId,
    PlayerInfo, RulePair, SeekId, SideChoice,
};
use futures_util::FutureExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::{Created, Matchmaking};
use crate::announce::Announcer;
use crate::bus::{Received, Subscription};
use crate::config::Limits;
use crate::identity::normalise_code;
use crate::outbox::{ConnId, ConnIds, Outbox, Outgoing};
use crate::players::Players;
use crate::registry::Registry;
use crate::store::Store;

/// The players (a fifth would add nothing four do not).
const PLAYERS: u64 = 4;
/// The most open seeks and live games a player may have here.
const MAX_OPEN: u32 = 3;
/// The most correspondence games a player may have in play or waiting here.
const MAX_CORRESPONDENCE: u32 = 2;
/// The most connections one script opens.
const MAX_CONNS: usize = 24;
/// The most steps of one script.
pub const MAX_STEPS: usize = 200;
/// Rule options a set-up may name (one the game does not know is refused).
const RULES: [(&str, &str); 4] = [
    ("pits", "4"),
    ("board", "small"),
    ("goats", "20"),
    ("no-such-rule", "1"),
];

/// A script: the steps, in order.
#[derive(Clone, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub struct Script {
    pub steps: Vec<Step>,
}

/// One thing that happens in the lobby. Connections are named by their index among those the
/// script opened (modulo their number: a closed one stays closed).
#[derive(Clone, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub enum Step {
    /// Player `player` (modulo four) opens a connection and says hello.
    Connect { player: u8 },
    /// A connection closes; `told`: the lobby hears of it (as the connection's task tells it
    /// when it ends), else not yet.
    Close { conn: u8, told: bool },
    /// The connection's player makes a game.
    Create { conn: u8, setup: Setup },
    /// The connection's player cancels a seek.
    Cancel { conn: u8, seek: SeekPick },
    /// The connection's player accepts a seek.
    Accept { conn: u8, seek: SeekPick },
    /// The connection's player joins by an invite code.
    Join { conn: u8, code: CodePick },
    /// The connection's player says hello again (its seeks waiting without a connection go
    /// with this one).
    Hello { conn: u8 },
    /// The store fails from now on, or works again.
    Store { fail: bool },
    /// Seconds pass (the games' clocks run, rooms close).
    Wait { seconds: u8 },
}

/// A game's set-up, mostly one the server takes.
#[derive(Clone, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub struct Setup {
    /// The game (modulo four).
    pub game: u8,
    pub opponent: Against,
    pub side: SidePick,
    pub rated: bool,
    /// Seconds to start with (0 is refused) and seconds added a move.
    pub clock: Option<(u8, u8)>,
    /// Days a move (an index into the allowed days, modulo their number and one more: no
    /// limit).
    pub correspondence: Option<u8>,
    /// A rule option from the harness's list.
    pub rule: Option<u8>,
}

/// Who the other seat is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub enum Against {
    Open,
    Private,
    Local,
}

/// The creator's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub enum SidePick {
    First,
    Second,
    Random,
}

/// A seek named by a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub enum SeekPick {
    /// The `n`th seek the script made (modulo their number; no seek yet: the first id).
    Made(u8),
    /// Any id.
    Id(u64),
}

/// An invite code sent by a joiner.
#[derive(Clone, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub enum CodePick {
    /// The `n`th code handed out (modulo their number), spelled some way.
    Given(u8, Spelling),
    /// Any text (at most 24 characters of it).
    Text(String),
}

/// Ways a person may type a code they were given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, arbitrary::Arbitrary)]
pub enum Spelling {
    AsGiven,
    Lowercase,
    WithoutDash,
    Spaced,
    /// Its last character dropped: another code.
    Cut,
}

impl Spelling {
    fn spell(self, code: &str) -> String {
        match self {
            Spelling::AsGiven => code.to_owned(),
            Spelling::Lowercase => code.to_lowercase(),
            Spelling::WithoutDash => code.replace('-', ""),
            Spelling::Spaced => format!(" {} ", code.replace('-', " ")),
            Spelling::Cut => {
                let mut cut = code.to_owned();
                cut.pop();
                cut
            }
        }
    }
}

impl Setup {
    fn game_setup(&self) -> GameSetup {
        let game = GameKind::ALL[usize::from(self.game) % GameKind::ALL.len()];
        let days = Correspondence::DAYS;
        GameSetup {
            game,
            rules: self
                .rule
                .map(|r| RULES[usize::from(r) % RULES.len()])
                .map(|(k, v)| RulePair::new(k, v))
                .into_iter()
                .collect(),
            private: false,
            clock: self.clock.map(|(initial, increment)| ClockSpec {
                initial_ms: 1_000 * u64::from(initial),
                increment_ms: 1_000 * u64::from(increment),
            }),
            correspondence: self.correspondence.map(|d| {
                let d = usize::from(d) % (days.len() + 1);
                Correspondence {
                    days: days.get(d).copied(),
                }
            }),
            side: match self.side {
                SidePick::First => SideChoice::First,
                SidePick::Second => SideChoice::Second,
                SidePick::Random => SideChoice::Random,
            },
            opponent: match self.opponent {
                Against::Open => Opponent::Open,
                Against::Private => Opponent::Private,
                Against::Local => Opponent::Local,
            },
            rated: self.rated,
            position: None,
        }
    }
}

/// What a script did, for tests that want a particular outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Seeks and invitations made.
    pub seeks: usize,
    /// Games started (from seeks, by code, or at once).
    pub games: usize,
    /// Requests refused.
    pub refused: usize,
}

/// Whether a connection is open, closed without the lobby knowing yet, or gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Life {
    Open,
    Closed,
    Gone,
}

struct Conn {
    outbox: Outbox,
    player: PlayerInfo,
    /// Its queue (dropped when it closes); drained after every step.
    rx: Option<mpsc::Receiver<Outgoing>>,
    life: Life,
}

/// A seek as the model keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Waiting {
    by: PlayerId,
    /// The connection it goes with (none: a correspondence seek whose seeker left).
    conn: Option<ConnId>,
    code: Option<String>,
    /// A correspondence seek: it waits without its seeker.
    alone: bool,
}

/// What became of a seek that no longer waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    Taken(GameId),
    Cancelled,
    /// Its seeker left.
    Left,
}

/// The model of the lobby, beside the real one.
#[derive(Default)]
struct Model {
    waiting: BTreeMap<SeekId, Waiting>,
    fates: HashMap<SeekId, Fate>,
    /// Every seek made, in order.
    made: Vec<SeekId>,
    /// Every code handed out, in order, and the game each started.
    codes: Vec<String>,
    code_games: HashMap<String, GameId>,
    /// Every game started, and its players.
    games: BTreeMap<GameId, Vec<PlayerId>>,
}

/// The lobby and everything around it.
struct Bench {
    matchmaking: Matchmaking,
    registry: Registry,
    fail: Arc<AtomicBool>,
    ids: ConnIds,
    conns: Vec<Conn>,
    /// A watcher of the lobby from the start, and what it has heard.
    watcher: Subscription<LobbyEvent>,
    heard_seeks: BTreeSet<SeekId>,
    heard_games: BTreeSet<GameId>,
    model: Model,
    refused: usize,
}

/// Plays `script` against a lobby, checking it after every step (see the module comment).
/// Run it on a paused tokio clock.
pub async fn play(script: &Script) -> Report {
    let Some(mut bench) = Bench::new() else {
        return Report::default();
    };
    for step in script.steps.iter().take(MAX_STEPS) {
        bench.step(step).await;
        bench.settle().await;
        bench.check();
    }
    Report {
        seeks: bench.model.made.len(),
        games: bench.model.games.len(),
        refused: bench.refused,
    }
}

impl Bench {
    fn new() -> Option<Bench> {
        let fail = Arc::new(AtomicBool::new(false));
        let store = Store::discarding(fail.clone()).ok()?;
        let limits = Arc::new(Limits {
            max_open_games: MAX_OPEN,
            max_correspondence_games: MAX_CORRESPONDENCE,
            ..Limits::default()
        });
        let announcer = Announcer::new(None);
        let pool = crate::room::harness::pool();
        let registry = Registry::new(
            store,
            pool,
            limits.clone(),
            None,
            announcer.clone(),
            Players::default(),
            None,
        );
        let matchmaking = Matchmaking::new(registry.clone(), limits, announcer);
        let (watcher, lobby) = matchmaking.subscribe();
        if !lobby.seeks.is_empty() || !lobby.games.is_empty() {
            return None;
        }
        Some(Bench {
            matchmaking,
            registry,
            fail,
            ids: ConnIds::new(),
            conns: Vec::new(),
            watcher,
            heard_seeks: BTreeSet::new(),
            heard_games: BTreeSet::new(),
            model: Model::default(),
            refused: 0,
        })
    }

    /// The connection a step names: its index, when it is open.
    fn open(&self, conn: u8) -> Option<usize> {
        if self.conns.is_empty() {
            return None;
        }
        let i = usize::from(conn) % self.conns.len();
        (self.conns[i].life == Life::Open).then_some(i)
    }

    fn seek(&self, pick: SeekPick) -> SeekId {
        match pick {
            SeekPick::Made(n) if !self.model.made.is_empty() => {
                self.model.made[usize::from(n) % self.model.made.len()]
            }
            SeekPick::Made(_) => SeekId(1),
            SeekPick::Id(id) => SeekId(id),
        }
    }

    async fn step(&mut self, step: &Step) {
        match step {
            &Step::Connect { player } => {
                if self.conns.len() < MAX_CONNS {
                    let id = PlayerId(1 + u64::from(player) % PLAYERS);
                    let (tx, rx) = mpsc::channel(64);
                    let outbox =
                        Outbox::new(self.ids.next(), id, false, tx, CancellationToken::new());
                    self.matchmaking.adopt_seeks(&outbox);
                    self.adopted(&outbox);
                    self.conns.push(Conn {
                        outbox,
                        player: PlayerInfo {
                            id,
                            name: format!("player {}", id.0),
                        },
                        rx: Some(rx),
                        life: Life::Open,
                    });
                }
            }
            &Step::Close { conn, told } => {
                if !self.conns.is_empty() {
                    let i = usize::from(conn) % self.conns.len();
                    let c = &mut self.conns[i];
                    c.rx = None;
                    if told && c.life != Life::Gone {
                        c.life = Life::Gone;
                        let id = c.outbox.conn;
                        self.matchmaking.conn_closed(id);
                        self.closed(id);
                    } else if c.life == Life::Open {
                        c.life = Life::Closed;
                    }
                }
            }
            Step::Create { conn, setup } => {
                if let Some(i) = self.open(*conn) {
                    self.create(i, setup.game_setup()).await;
                }
            }
            &Step::Cancel { conn, seek } => {
                if let Some(i) = self.open(conn) {
                    let seek = self.seek(seek);
                    let player = self.conns[i].player.id;
                    let result = self.matchmaking.cancel(player, seek);
                    self.cancelled(player, seek, result);
                }
            }
            &Step::Accept { conn, seek } => {
                if let Some(i) = self.open(conn) {
                    let seek = self.seek(seek);
                    let c = &self.conns[i];
                    let (player, outbox) = (c.player.clone(), c.outbox.clone());
                    let result = self.matchmaking.accept(player.clone(), outbox, seek).await;
                    self.taken(&player, Some(seek), None, result);
                }
            }
            Step::Join { conn, code } => {
                if let Some(i) = self.open(*conn) {
                    let text = match code {
                        CodePick::Given(n, spelling) if !self.model.codes.is_empty() => {
                            let given = &self.model.codes[usize::from(*n) % self.model.codes.len()];
                            spelling.spell(given)
                        }
                        CodePick::Given(..) => String::new(),
                        CodePick::Text(text) => text.chars().take(24).collect(),
                    };
                    let c = &self.conns[i];
                    let (player, outbox) = (c.player.clone(), c.outbox.clone());
                    let result = self
                        .matchmaking
                        .join_by_code(player.clone(), outbox, &text)
                        .await;
                    self.taken(&player, None, Some(normalise_code(&text)), result);
                }
            }
            &Step::Hello { conn } => {
                if let Some(i) = self.open(conn) {
                    let outbox = self.conns[i].outbox.clone();
                    self.matchmaking.adopt_seeks(&outbox);
                    self.adopted(&outbox);
                }
            }
            &Step::Store { fail } => self.fail.store(fail, Ordering::Relaxed),
            &Step::Wait { seconds } => {
                tokio::time::sleep(Duration::from_secs(u64::from(seconds))).await;
            }
        }
    }

    async fn create(&mut self, i: usize, setup: GameSetup) {
        let c = &self.conns[i];
        let (player, outbox) = (c.player.clone(), c.outbox.clone());
        let alone = setup.correspondence.is_some();
        let private = setup.opponent == Opponent::Private;
        let local = setup.opponent == Opponent::Local;
        let result = self
            .matchmaking
            .create(
                player.clone(),
                outbox.clone(),
                setup,
                &format!("192.0.2.{i}"),
            )
            .await;
        match result {
            Err(_) => self.refused += 1,
            Ok(Created {
                game: None,
                seek: Some(seek),
                invite_code,
            }) => {
                assert!(!local, "a local game became {seek}");
                assert!(
                    !self.model.made.contains(&seek),
                    "{seek} was given out before"
                );
                assert_eq!(
                    invite_code.is_some(),
                    private,
                    "an invitation, and only one, has a code"
                );
                if let Some(code) = &invite_code {
                    assert_eq!(
                        &normalise_code(code),
                        code,
                        "a code is handed out as it reads"
                    );
                    assert!(
                        !self.model.codes.contains(code),
                        "the code {code} was handed out before"
                    );
                    self.model.codes.push(code.clone());
                }
                self.model.made.push(seek);
                self.model.waiting.insert(
                    seek,
                    Waiting {
                        by: player.id,
                        conn: Some(outbox.conn),
                        code: invite_code,
                        alone,
                    },
                );
            }
            Ok(Created {
                game: Some(game),
                seek: None,
                invite_code: None,
            }) => {
                assert!(local, "only a local game starts at once here, not {game}");
                self.started(game, vec![player.id]);
            }
            Ok(other) => panic!("create answered {other:?}"),
        }
    }

    fn started(&mut self, game: GameId, players: Vec<PlayerId>) {
        assert!(
            !self.model.games.contains_key(&game),
            "{game} was started before"
        );
        self.model.games.insert(game, players);
    }

    fn cancelled(&mut self, player: PlayerId, seek: SeekId, result: Result<(), ErrorReply>) {
        match result {
            Err(_) => self.refused += 1,
            Ok(()) => {
                let waiting = self.model.waiting.remove(&seek);
                assert!(
                    waiting.as_ref().is_some_and(|w| w.by == player),
                    "{player} cancelled {seek}, which was {:?} ({:?})",
                    waiting,
                    self.model.fates.get(&seek)
                );
                self.model.fates.insert(seek, Fate::Cancelled);
            }
        }
    }

    /// An accept (of `seek`) or a join (by `code`, normalised) was answered.
    fn taken(
        &mut self,
        taker: &PlayerInfo,
        seek: Option<SeekId>,
        code: Option<String>,
        result: Result<GameId, ErrorReply>,
    ) {
        let found = match (seek, &code) {
            (Some(seek), _) => self.model.waiting.get(&seek).map(|w| (seek, w.clone())),
            (None, Some(code)) => self
                .model
                .waiting
                .iter()
                .find(|(_, w)| w.code.as_ref() == Some(code))
                .map(|(id, w)| (*id, w.clone())),
            (None, None) => None,
        };
        let game = match result {
            Err(_) => {
                self.refused += 1;
                // A taker finds a seek whose seeker has gone (the lobby not yet told): it is
                // dropped then.
                if let Some((id, w)) = found {
                    let seeker_gone = !w.alone
                        && self
                            .conns
                            .iter()
                            .any(|c| Some(c.outbox.conn) == w.conn && c.life == Life::Closed);
                    if seeker_gone && w.by != taker.id && !self.waits(id) {
                        self.model.waiting.remove(&id);
                        self.model.fates.insert(id, Fate::Left);
                    }
                }
                return;
            }
            Ok(game) => game,
        };
        if let Some(code) = &code
            && let Some(&before) = self.model.code_games.get(code)
            && found.is_none()
        {
            assert_eq!(game, before, "the code {code} joins one game");
            assert!(
                self.model
                    .games
                    .get(&game)
                    .is_some_and(|p| p.contains(&taker.id)),
                "{} was sent back to {game}, which it does not play",
                taker.id
            );
            return;
        }
        let Some((id, w)) = found else {
            panic!(
                "{} took {seek:?} / {code:?}, which waits for nobody ({:?}), as {game}",
                taker.id,
                seek.and_then(|s| self.model.fates.get(&s))
            );
        };
        assert_ne!(w.by, taker.id, "{} took its own {id}", taker.id);
        assert_eq!(
            w.code.is_some(),
            seek.is_none(),
            "an open seek is accepted, an invitation joined by its code"
        );
        if !w.alone {
            let seeker_open = self
                .conns
                .iter()
                .any(|c| Some(c.outbox.conn) == w.conn && c.life == Life::Open);
            assert!(seeker_open, "{id} was taken after its seeker left");
            assert!(
                self.registry.plays_in(game, w.by) && self.registry.plays_in(game, taker.id),
                "{game} from {id} seats {} and {}",
                w.by,
                taker.id
            );
        }
        self.model.waiting.remove(&id);
        self.model.fates.insert(id, Fate::Taken(game));
        if let Some(code) = w.code {
            self.model.code_games.insert(code, game);
        }
        self.started(game, vec![w.by, taker.id]);
    }

    /// Whether the real lobby still has `seek` waiting.
    fn waits(&self, seek: SeekId) -> bool {
        // Every player's seeks, as the player's own list shows them.
        self.real_waiting_now().contains_key(&seek)
    }

    /// The lobby heard that a connection closed: the seeks that go with it went.
    fn closed(&mut self, conn: ConnId) {
        let model = &mut self.model;
        let gone: Vec<SeekId> = model
            .waiting
            .iter()
            .filter(|(_, w)| w.conn == Some(conn))
            .map(|(id, _)| *id)
            .collect();
        for id in gone {
            if model.waiting[&id].alone {
                if let Some(w) = model.waiting.get_mut(&id) {
                    w.conn = None;
                }
            } else {
                model.waiting.remove(&id);
                model.fates.insert(id, Fate::Left);
            }
        }
    }

    /// A player said hello: their seeks waiting without a connection go with this one.
    fn adopted(&mut self, outbox: &Outbox) {
        for w in self.model.waiting.values_mut() {
            if w.by == outbox.player && w.conn.is_none() {
                w.conn = Some(outbox.conn);
            }
        }
    }

    /// Lets the rooms run, then reads what the connections and the watcher were sent.
    async fn settle(&mut self) {
        for _ in 0..4 {
            tokio::task::yield_now().await;
        }
        for conn in &mut self.conns {
            if let Some(rx) = &mut conn.rx {
                while rx.try_recv().is_ok() {}
            }
        }
        while let Some(received) = self.watcher.recv().now_or_never() {
            match received {
                Received::Message(event) => self.heard(event),
                Received::Lagged(n) => panic!("the watcher missed {n} lobby events"),
                Received::Closed => break,
            }
        }
    }

    fn heard(&mut self, event: LobbyEvent) {
        match event {
            LobbyEvent::SeekAdded(info) => {
                self.heard_seeks.insert(info.seek);
            }
            LobbyEvent::SeekRemoved { seek } => {
                self.heard_seeks.remove(&seek);
            }
            LobbyEvent::GameStarted(summary) => {
                self.heard_games.insert(summary.game);
            }
            LobbyEvent::GameEnded { game, .. } => {
                self.heard_games.remove(&game);
            }
            LobbyEvent::GameProgress { game, .. } => {
                assert!(
                    self.heard_games.contains(&game),
                    "progress of {game}, which is not live"
                );
            }
            LobbyEvent::Reset { seeks, games, .. } => {
                self.heard_seeks = seeks.iter().map(|s| s.seek).collect();
                self.heard_games = games.iter().map(|g| g.game).collect();
            }
        }
    }

    /// The seeks waiting in the real lobby: by whom, with which code.
    fn real_waiting_now(&self) -> BTreeMap<SeekId, (PlayerId, Option<String>)> {
        let mut all = BTreeMap::new();
        for p in 1..=PLAYERS {
            // On one node a player's list is the node's own state: no await is needed.
            let Some(Ok(mine)) = self.matchmaking.my_seeks(PlayerId(p)).now_or_never() else {
                panic!("my_seeks on one node answers at once");
            };
            for m in mine {
                all.insert(m.seek.seek, (m.seek.by.id, m.invite_code));
            }
        }
        all
    }

    /// The lobby's invariants, against the model.
    fn check(&self) {
        let real = self.real_waiting_now();
        let model: BTreeMap<SeekId, (PlayerId, Option<String>)> = self
            .model
            .waiting
            .iter()
            .map(|(id, w)| (*id, (w.by, w.code.clone())))
            .collect();
        assert_eq!(real, model, "the waiting seeks (real, model)");
        let listed: BTreeSet<SeekId> = self
            .matchmaking
            .seeks(None)
            .0
            .iter()
            .map(|s| s.seek)
            .collect();
        let open: BTreeSet<SeekId> = self
            .model
            .waiting
            .iter()
            .filter(|(_, w)| w.code.is_none())
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(listed, open, "the lobby lists the waiting open seeks");
        assert_eq!(self.heard_seeks, listed, "the watcher's seeks");
        let games: BTreeSet<GameId> = self.registry.games(None).0.iter().map(|g| g.game).collect();
        assert_eq!(self.heard_games, games, "the watcher's games");
        for game in &games {
            assert!(
                self.model.games.contains_key(game),
                "{game} is live but was never started"
            );
        }
        for p in (1..=PLAYERS).map(PlayerId) {
            let seeks = |alone: bool| {
                self.model
                    .waiting
                    .values()
                    .filter(|w| w.by == p && w.alone == alone)
                    .count()
            };
            let open = seeks(false) + self.registry.open_games_of(p);
            assert!(
                open <= MAX_OPEN as usize,
                "{p} has {open} open seeks and games"
            );
            assert!(
                seeks(true) <= MAX_CORRESPONDENCE as usize,
                "{p} has {} correspondence seeks",
                seeks(true)
            );
        }
    }
}
