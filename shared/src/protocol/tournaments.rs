//! The tournament messages: what a client asks of tournaments and what the server says of
//! them. The formats' rules (points, pairing, standings) are docs/TOURNAMENTS.md; the messages,
//! with an example of each, are docs/PROTOCOL.md, section Tournaments.
//!
//! An arena is made with `create_tournament`, listed by `list_tournaments`, followed with
//! `open_tournament` (which also sends the connection the tournament's news until
//! `close_tournament`), and entered with `join_tournament`; `pause_tournament` steps out for a
//! while (`join_tournament` again comes back) and `leave_tournament` leaves for good, the points
//! kept. The server pairs whoever is idle and seats them at a game, which is played as any
//! other game; each connection of a paired player hears `paired`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{ClockSpec, GameId, PlayerInfo, RulePair};
use chaupal_rules::game::{GameKind, Side};

/// A tournament's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TournamentId(pub u64);

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tournament {}", self.0)
    }
}

/// A tournament's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentFormat {
    /// An arena of `minutes` (10 to 1,440); `streaks`: two wins in a row set a player on fire.
    Arena { minutes: u32, streaks: bool },
}

/// How a new tournament is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSetup {
    pub game: GameKind,
    /// Non-default rule pairs, as a game's set-up has them.
    #[serde(default)]
    pub rules: Vec<RulePair>,
    /// Each game's clock.
    pub clock: ClockSpec,
    pub format: TournamentFormat,
    /// Seconds from now to the start: 0 (at once) to 604,800 (a week).
    pub starts_in_s: u32,
    /// Private: listed to nobody, and seen and joined only with its code.
    #[serde(default)]
    pub private: bool,
    /// Whether its games are rated.
    pub rated: bool,
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    Upcoming,
    Running,
    Finished,
}

/// A tournament as lists show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSummary {
    pub tournament: TournamentId,
    pub game: GameKind,
    pub rules: Vec<RulePair>,
    pub clock: ClockSpec,
    pub format: TournamentFormat,
    pub rated: bool,
    pub private: bool,
    /// Start and end, in milliseconds since the Unix epoch.
    pub starts_ms: u64,
    pub ends_ms: u64,
    pub status: TournamentStatus,
    pub entrants: u32,
    /// Who made it (none: made by the server).
    pub by: Option<PlayerInfo>,
}

/// Where an entrant is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntrantPresence {
    /// Waiting to be paired.
    Idle,
    Playing,
    /// Stepped out for a while: not paired until they join again.
    Paused,
    /// Left for good; their points stay.
    Left,
}

/// One entrant's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingLine {
    /// 1 is the leader.
    pub rank: u32,
    pub player: PlayerInfo,
    /// Their rating in the tournament's game when they joined.
    pub rating: i32,
    pub points: u32,
    /// Each game's points, oldest first.
    pub scores: Vec<u8>,
    /// Two wins in a row: the next win scores double.
    pub on_fire: bool,
    pub presence: EntrantPresence,
}

/// A page of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsPage {
    pub tournament: TournamentId,
    /// From 0; [`STANDINGS_PAGE`] lines a page.
    pub page: u32,
    pub pages: u32,
    pub lines: Vec<StandingLine>,
}

/// Lines on a page of the standings.
pub const STANDINGS_PAGE: u32 = 10;

/// A tournament as its page shows it to one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentView {
    pub summary: TournamentSummary,
    /// A private tournament's code, for its link (`/tournament/ID?code=CODE`): sent to those
    /// who may see it.
    pub code: Option<String>,
    /// The player's own line, when they have joined.
    pub me: Option<StandingLine>,
    /// The page of the standings with the player's line, or the first.
    pub standings: StandingsPage,
    /// The player's game in progress in it, if any.
    pub game: Option<GameId>,
}

/// News of a tournament the connection follows or plays in. Not numbered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentNews {
    /// The player was paired: `game` waits for them on `side` (sent to each of their
    /// connections; the game's events follow as for any game they sit at).
    Paired {
        tournament: TournamentId,
        game: GameId,
        side: Side,
        opponent: PlayerInfo,
    },
    /// The standings changed (at most once a second): their first page.
    Standings(Box<StandingsPage>),
    /// It started or ended; when it ended, `podium` holds the first three.
    Status {
        tournament: TournamentId,
        status: TournamentStatus,
        podium: Vec<StandingLine>,
    },
}
