//! Matchmaking: open seeks and private invitations, until they become games.
//!
//! Creating a game checks its set-up ([`crate::setup`]) and the player's open-games limit
//! (open seeks here, live games in the [`Registry`]). Open seeks are listed and announced to
//! lobby subscribers; private games wait for their invite code; local, AI and exhibition games
//! start at once. A game starts in the registry.
//!
//! Seeks and invitations are stored before they are listed and reloaded after a restart, so
//! a friend can still join by the code. A seek lasts as long as its seeker's connection; a
//! reloaded seek has no connection until its seeker says hello again (it then goes with that
//! connection), and stays until it is taken or cancelled. A reloaded open seek is listed (and
//! can be accepted) only once its seeker is back; an invite code works at once, since the
//! friend was invited. A shutdown keeps the seeks stored. In a cluster, a seek's seeker may be
//! on another node (`remote.rs`).
//!
//! Correspondence seeks and invitations are the exception: they outlive their seeker's
//! connection (the seeker learns of the game from their list of games), and count against the
//! correspondence limit (`--max-correspondence-games`), not the open-games limit.
//!
//! The state sits behind one short-held mutex (no await while it is held). Its lock is taken
//! before the registry's, never after.
//!
//! The parts:
//! - `create.rs`: new open seeks, invitations, and games that start at once;
//! - `lobby.rs`: what the lobby lists, and a player's own seeks;
//! - `limits.rs`: the open-games, correspondence and per-address limits;
//! - `take.rs`: accepting an open seek or joining by code, and starting the game;
//! - `invitations.rs`: an invitation read or declined by the friend it was sent to;
//! - `lifetime.rs`: cancelling, connections closing and coming back, reloading at a start;
//! - `remote.rs`: seeks whose seekers are on other nodes of a cluster;
//! - `harness.rs` (feature `test-support`): the lobby driven by a script, for tests and fuzzing.

mod create;
#[cfg(feature = "test-support")]
pub mod harness;
mod invitations;
mod lifetime;
mod limits;
mod lobby;
mod remote;
mod take;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

use chaupal_rules::Side;
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameId, GameSetup, GameSummary, LobbyEvent, PlayerInfo, Reply, SeekId,
    SeekInfo, SideChoice,
};
use rand::Rng;

use crate::announce::Announcer;
use crate::cluster::Cluster;
use crate::config::Limits;
use crate::outbox::Outbox;
use crate::registry::Registry;
use crate::store::{Store, StoredSeat};

/// What `create` made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub game: Option<GameId>,
    pub seek: Option<SeekId>,
    pub invite_code: Option<String>,
}

/// The lobby at one moment: the newest open seeks and live public games, and how many older
/// ones each list left out.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyNow {
    pub seeks: Vec<SeekInfo>,
    pub games: Vec<GameSummary>,
    pub more_seeks: u32,
    pub more_games: u32,
}

impl LobbyNow {
    /// As `subscribe_lobby`'s reply.
    pub fn reply(self) -> Reply {
        Reply::Lobby {
            seeks: self.seeks,
            games: self.games,
            more_seeks: self.more_seeks,
            more_games: self.more_games,
        }
    }

    /// As the `reset` a subscriber that fell behind is sent.
    pub fn reset(self) -> LobbyEvent {
        LobbyEvent::Reset {
            seeks: self.seeks,
            games: self.games,
            more_seeks: self.more_seeks,
            more_games: self.more_games,
        }
    }
}

/// Matchmaking (cheap to clone).
#[derive(Clone)]
pub struct Matchmaking {
    inner: Arc<Inner>,
}

struct Inner {
    state: Mutex<State>,
    registry: Registry,
    announcer: Announcer,
    store: Store,
    limits: Arc<Limits>,
    /// Set when the server shuts down: connections closing then keep their seeks stored.
    closing: AtomicBool,
    /// The cluster this node is part of (none on a single node).
    cluster: Option<Cluster>,
}

#[derive(Default)]
struct State {
    seeks: BTreeMap<SeekId, Seek>,
    codes: HashMap<String, SeekId>,
    /// Open seeks whose seekers are on other nodes of the cluster, and their node.
    remote_seeks: BTreeMap<SeekId, (String, SeekInfo)>,
    /// The invite codes taken up on this node, the live game each started and the invitation
    /// it was: a player of that game who opens its link again is sent back to it.
    used_codes: HashMap<String, (GameId, SeekInfo)>,
}

#[derive(Clone)]
struct Seek {
    info: SeekInfo,
    setup: GameSetup,
    /// The seeker's connection: the seek lasts as long as it does. None for a seek reloaded
    /// after a restart until its seeker says hello again.
    owner: Option<Outbox>,
    code: Option<String>,
}

impl Seek {
    /// Whether the seek waits without its seeker: a correspondence seek or invitation.
    fn waits_alone(&self) -> bool {
        self.setup.correspondence.is_some()
    }
}

/// Why a seek was not taken, and the listed seek dropped all the same (its seeker had left).
struct Untaken {
    error: ErrorReply,
    dropped: Option<SeekId>,
}

fn bad(code: ErrorCode, reason: impl Into<String>) -> ErrorReply {
    ErrorReply::new(code, reason)
}

fn no_game_for_code() -> ErrorReply {
    bad(
        ErrorCode::BadInviteCode,
        "no game waits for this invite code",
    )
}

/// The refusal of one's own invitation, to join or to read as a friend (`bad_setup`, as an
/// accept of one's own seek).
fn own_invitation() -> ErrorReply {
    bad(
        ErrorCode::BadSetup,
        "this is your own invitation: your friend opens its link",
    )
}

impl Matchmaking {
    /// The matchmaking of a node whose games open in `registry`.
    pub fn new(registry: Registry, limits: Arc<Limits>, announcer: Announcer) -> Matchmaking {
        Matchmaking {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                store: registry.store().clone(),
                cluster: registry.cluster().cloned(),
                registry,
                announcer,
                limits,
                closing: AtomicBool::new(false),
            }),
        }
    }

    /// The registry its games open in.
    pub fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.inner
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A seek as the lobby lists it.
fn seek_info(id: SeekId, by: PlayerInfo, setup: &GameSetup, rating: Option<i32>) -> SeekInfo {
    SeekInfo {
        seek: id,
        by,
        kind: setup.game,
        rules: setup.rules.clone(),
        clock: setup.clock,
        correspondence: setup.correspondence,
        side: setup.side,
        rated: setup.rated,
        rating,
    }
}

/// The side a player who chose `choice` gets (a coin decides `random`).
fn side_of(choice: SideChoice) -> Side {
    match choice {
        SideChoice::First => Side::First,
        SideChoice::Second => Side::Second,
        SideChoice::Random if rand::rng().random_bool(0.5) => Side::First,
        SideChoice::Random => Side::Second,
    }
}

/// A person's seat.
fn seat_of(player: &PlayerInfo) -> StoredSeat {
    StoredSeat {
        player: Some(player.id),
        engine: None,
        name: player.name.clone(),
    }
}
