//! The history: every request a client made and every answer and event it was told, with the
//! time it happened, appended by every actor of a run into one log (shared, in order of
//! arrival). The checker ([`super::check`]) reads it after the run; `faultrun` writes it as
//! JSON lines beside its report, so a failing run can be read line by line.

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chaupal_shared::protocol::{GameEvent, GameId, GameResult, GameStatus, Version};
use serde::Serialize;

/// Who did or saw something: one client connection's owner (a player's seat or a spectator),
/// numbered from 0 in the order the run made them.
pub type ActorId = u32;

/// One thing that happened, as one actor saw it.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// Milliseconds since the run began.
    pub at_ms: u64,
    pub actor: ActorId,
    /// The node (index into the run's list of nodes) the actor was connected to, if any.
    pub node: Option<usize>,
    pub op: Op,
}

/// What happened.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// A move was sent, by the player of the side to move as it saw the game: `ply` moves had
    /// been played. `req` numbers the actor's requests.
    Invoke {
        game: GameId,
        ply: u32,
        notation: String,
        req: u64,
    },
    /// The move was acknowledged; its event was `version` (the event came before the reply).
    Ok {
        game: GameId,
        req: u64,
        version: Version,
    },
    /// The move was refused with this error code: by the protocol, nothing changed.
    Fail {
        game: GameId,
        req: u64,
        code: String,
    },
    /// No answer came (the connection ended or went silent): the move may or may not have been
    /// played.
    Unknown { game: GameId, req: u64, why: String },
    /// A numbered event of a game, as received.
    Event {
        game: GameId,
        version: Version,
        event: GameEvent,
    },
    /// A snapshot of a game, as received (at a sit-down, a watch, or a resync).
    Snapshot {
        game: GameId,
        version: Version,
        moves: Vec<String>,
        status: GameStatus,
        result: Option<GameResult>,
    },
    /// The actor asked to sit down at (or watch) a game again, from after version `since`
    /// (from a snapshot when none): the events that follow may repeat versions it heard.
    Rejoin {
        game: GameId,
        since: Option<Version>,
    },
    /// The actor's connection to a node opened (after its hello).
    Connected,
    /// The actor's connection ended, and why.
    Disconnected { why: String },
    /// The fault injector did this (`kill n1`, `pause n2 for 6000 ms`, `stop nats`, ...).
    Fault { what: String },
}

/// The shared, append-only log of a run.
#[derive(Clone)]
pub struct History {
    start: Instant,
    entries: Arc<Mutex<Vec<Entry>>>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    /// An empty history whose clock starts now.
    pub fn new() -> History {
        History {
            start: Instant::now(),
            entries: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// Milliseconds since the run began.
    pub fn now_ms(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Appends what `actor` (on `node`) did or saw, timed now.
    pub fn add(&self, actor: ActorId, node: Option<usize>, op: Op) {
        let entry = Entry {
            at_ms: self.now_ms(),
            actor,
            node,
            op,
        };
        self.lock().push(entry);
    }

    /// Appends a fault, as the injector (actor `u32::MAX`) applied it.
    pub fn fault(&self, what: impl Into<String>) {
        self.add(FAULTS, None, Op::Fault { what: what.into() });
    }

    /// Everything so far, in order of arrival.
    pub fn entries(&self) -> Vec<Entry> {
        self.lock().clone()
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether nothing happened yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes the history as JSON lines, one entry a line.
    pub fn write_jsonl(&self, path: &Path) -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        for entry in self.lock().iter() {
            serde_json::to_writer(&mut out, entry)?;
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Entry>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Op {
    /// The game this entry is about, if any.
    pub fn game(&self) -> Option<GameId> {
        match self {
            Op::Invoke { game, .. }
            | Op::Ok { game, .. }
            | Op::Fail { game, .. }
            | Op::Unknown { game, .. }
            | Op::Event { game, .. }
            | Op::Snapshot { game, .. }
            | Op::Rejoin { game, .. } => Some(*game),
            Op::Connected | Op::Disconnected { .. } | Op::Fault { .. } => None,
        }
    }
}

/// The actor number of the fault injector.
pub const FAULTS: ActorId = u32::MAX;
