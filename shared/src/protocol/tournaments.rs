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
//!
//! A Swiss and a round robin are played in rounds, live or by correspondence: entrants join
//! before the start (a Swiss also until its last round is paired), each round is paired when
//! the one before it has ended, and `leave_tournament` (or `pause_tournament`, which a Swiss
//! takes back with `join_tournament`) withdraws from the rounds to come.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{ClockSpec, Correspondence, GameId, PlayerInfo, RulePair};
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
    /// A Swiss of `rounds` rounds (1 to 30): each round pairs entrants of equal points where it
    /// can, never the same two twice, with a bye (a won round) at most once each. `matches`:
    /// each pairing is a match of two games, one on each side, scored together (the client's
    /// default for Bagh Chal, whose sides are not alike).
    Swiss { rounds: u32, matches: bool },
    /// Everyone meets everyone, a round at a time; `double`: twice, once on each side. At most
    /// `most_entrants` (3 to 16) may enter.
    RoundRobin { double: bool, most_entrants: u32 },
}

impl TournamentFormat {
    /// Whether it is played in rounds (a Swiss or a round robin).
    pub fn in_rounds(self) -> bool {
        !matches!(self, TournamentFormat::Arena { .. })
    }
}

/// How a new tournament is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSetup {
    pub game: GameKind,
    /// Non-default rule pairs, as a game's set-up has them.
    #[serde(default)]
    pub rules: Vec<RulePair>,
    /// Each game's clock (not used by a tournament by correspondence).
    pub clock: ClockSpec,
    pub format: TournamentFormat,
    /// A Swiss or a round robin by correspondence: its games have days a move
    /// (`Correspondence::DAYS`) and no clock. May be left out: live games.
    #[serde(default)]
    pub correspondence: Option<Correspondence>,
    /// Seconds from now to the start: 0 (at once) to 604,800 (a week).
    pub starts_in_s: u32,
    /// Private: listed to nobody, and seen and joined only with its code.
    #[serde(default)]
    pub private: bool,
    /// Whether its games are rated.
    pub rated: bool,
    /// A private tournament's computer entrants, by level (1 to 8; at most
    /// [`MOST_COMPUTERS`]), entered when it is made, so that a small group still gets a full
    /// field. May be left out: none.
    #[serde(default)]
    pub computers: Vec<u8>,
}

/// The most computer entrants a private tournament may have.
pub const MOST_COMPUTERS: usize = 8;

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
    /// Days a move, for a tournament by correspondence.
    pub correspondence: Option<Correspondence>,
    pub rated: bool,
    pub private: bool,
    /// Start and end, in milliseconds since the Unix epoch. A Swiss's or a round robin's end is
    /// a reckoning until it has ended (its rounds take as long as their games).
    pub starts_ms: u64,
    pub ends_ms: u64,
    pub status: TournamentStatus,
    /// A Swiss's or a round robin's rounds; none for an arena.
    pub rounds: Option<RoundsInfo>,
    pub entrants: u32,
    /// Who made it (none: made by the server).
    pub by: Option<PlayerInfo>,
}

/// Where a Swiss or a round robin is in its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundsInfo {
    /// The round being played, or the last one played; 0 before the first.
    pub round: u32,
    /// Its rounds in all. A round robin's follow from its entrants: before its start, as many
    /// as those entered so far would play.
    pub of: u32,
    /// When the next round is paired, while it waits for its time (milliseconds since the Unix
    /// epoch): the start, or a short break after the round before it.
    pub next_ms: Option<u64>,
}

/// A tie-break of a Swiss or a round robin, in the order the standings apply them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The sum of one's opponents' points (a Swiss's first), as `points` counts them.
    Buchholz(u32),
    /// The sum over one's games of the points scored times the opponent's points, in quarter
    /// points (a Swiss's second, a round robin's first).
    SonnebornBerger(u32),
    /// Games won (a round robin's second).
    Wins(u32),
}

/// Where an entrant is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntrantPresence {
    /// Waiting to be paired (in a Swiss or a round robin: for the next round).
    Idle,
    Playing,
    /// Stepped out for a while: not paired until they join again.
    Paused,
    /// Left for good (in a Swiss or a round robin: withdrawn from the rounds to come); their
    /// points stay.
    Left,
}

/// One entrant's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StandingLine {
    /// 1 is the leader.
    pub rank: u32,
    pub player: PlayerInfo,
    /// Their rating in the tournament's game when they joined.
    pub rating: i32,
    /// Points: 2 a game won, 1 a game drawn; an arena's streaks and berserk add to them, and a
    /// Swiss's bye counts as a won round.
    pub points: u32,
    /// An arena's points of each game, a Swiss's or a round robin's of each round, oldest
    /// first.
    pub scores: Vec<u8>,
    /// Two wins in a row: the next win scores double.
    pub on_fire: bool,
    pub presence: EntrantPresence,
    /// A Swiss's or a round robin's tie-breaks, in the order they apply; none in an arena.
    pub tie_breaks: Vec<TieBreak>,
    /// A computer entrant's level (its `player` is the tournament's own, not a person).
    pub computer: Option<u8>,
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
    /// The standings changed: their first page, sent to the connections that follow the
    /// tournament at most twice a second, within a second of the change.
    Standings(Box<StandingsPage>),
    /// The player's own line changed (their rank, points, scores, presence or tie-breaks),
    /// wherever it is in the standings: sent to each of their connections with the
    /// standings' news, so that one's own rank is never stale.
    OwnLine {
        tournament: TournamentId,
        line: Box<StandingLine>,
    },
    /// The player sits out round `round` of a Swiss or a round robin, with a bye (a Swiss's
    /// scores as a won round) or without one (nobody left to meet).
    SatOut {
        tournament: TournamentId,
        round: u32,
        bye: bool,
    },
    /// A Swiss's or a round robin's rounds moved on: a round was paired, or ended and the
    /// next waits for its time (`next_ms`). Sent to its entrants and followers.
    Rounds {
        tournament: TournamentId,
        rounds: RoundsInfo,
    },
    /// It started or ended; when it ended, `podium` holds the first three.
    Status {
        tournament: TournamentId,
        status: TournamentStatus,
        podium: Vec<StandingLine>,
    },
}
