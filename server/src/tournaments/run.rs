//! One tournament on this node: its set-up, its play (an arena, `chaupal_tournament::arena`,
//! or rounds, [`super::rounds`]), who its entrants are, the games it has running, and how the
//! protocol shows it.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use chaupal_shared::protocol::tournaments::{
    EntrantPresence, RoundsInfo, STANDINGS_PAGE, StandingLine, StandingsPage, TieBreak,
    TournamentFormat, TournamentId, TournamentSetup, TournamentStatus, TournamentSummary,
    TournamentView,
};
use chaupal_shared::protocol::{ErrorCode, ErrorReply, GameId, PlayerId, PlayerInfo};
use chaupal_tournament::arena::scoring::Lengths;
use chaupal_tournament::arena::waiting::wait_seconds;
use chaupal_tournament::arena::{Arena, ArenaError, ArenaRules, Presence};
use chaupal_tournament::entrant::{EntrantId, Outcome, Pairing};
use chaupal_tournament::standings::Standings;
use chaupal_tournament::swiss::{RoundResult, TieBreaks};

use super::rounds::{Rounds, RoundsKind, RoundsRefusal};
use chaupal_tournament::swiss::SwissError;

/// Why a change could not be made to a tournament's play.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    Arena(#[from] ArenaError),
    #[error("{0}")]
    Rounds(#[from] SwissError),
    #[error("a game paired that its round does not have waiting")]
    NotWaiting,
}

/// How a tournament is played.
pub enum Play {
    Arena(Arena),
    Rounds(Box<Rounds>),
}

/// One entrant: the player and their rating when they joined; a computer entrant's level (its
/// player is one of [`computer_id`]'s).
#[derive(Clone, Debug)]
pub struct Entrant {
    pub player: PlayerInfo,
    pub rating: i32,
    pub computer: Option<u8>,
}

/// The first of the player ids a tournament gives its computer entrants (far above any
/// person's, which the records number from 1).
const COMPUTER_IDS: u64 = 1 << 62;

/// The player id of a tournament's `k`th computer entrant.
pub fn computer_id(k: usize) -> PlayerId {
    PlayerId(COMPUTER_IDS + k as u64)
}

/// One tournament.
pub struct Run {
    pub id: TournamentId,
    pub setup: TournamentSetup,
    pub by: Option<PlayerInfo>,
    /// A private tournament's code.
    pub code: Option<String>,
    pub play: Play,
    /// By entrant number.
    pub entrants: Vec<Entrant>,
    pub by_player: HashMap<PlayerId, EntrantId>,
    /// The games running, and their pairing.
    pub games: HashMap<GameId, Pairing>,
    /// The status last announced.
    pub announced: TournamentStatus,
    /// A Swiss's or a round robin's rounds as last announced.
    pub announced_rounds: Option<RoundsInfo>,
    /// Whether the standings changed since they were last sent.
    pub standings_due: bool,
    /// When the standings were last sent (`standings_news`).
    pub standings_sent: Option<std::time::Instant>,
    /// When the lines whose place alone changed were last sent (`standings_news`).
    pub ranks_sent: Option<std::time::Instant>,
    /// Whether some line's place alone changed and waits to be sent (`standings_news`).
    pub ranks_due: bool,
    /// The first page as last sent, as a hash (`standings_news`).
    pub first_page_sent: Option<u64>,
    /// Each entrant's line as last looked at for its news (`standings_news`).
    pub lines_sent: Vec<LineSent>,
    /// Whether the entrants were reminded of its start ([`REMIND_BEFORE_MS`]).
    pub reminded: bool,
    /// Whether a Swiss's or a round robin's end is in the records (it is stored with none until
    /// it has ended).
    pub end_recorded: bool,
    /// Whether this node runs it (always on a single node): pairs it, starts its games,
    /// records its changes. Another node's is followed from the records.
    pub owned: bool,
    /// The number of the last event of its log applied here (where another node runs it).
    pub last_event: u64,
}

/// What an entrant's line last sent said, as two numbers: of what concerns them alone
/// (points, scores, streak, presence), and of where it stands (rank, tie-breaks).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct LineSent {
    pub own: u64,
    pub placed: u64,
}

/// A hash of `value`, for what was last sent of a tournament's standings.
pub fn hash_of(value: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

impl LineSent {
    pub fn of(line: &StandingLine) -> LineSent {
        LineSent {
            own: hash_of((&line.points, &line.scores, line.on_fire, line.presence)),
            placed: hash_of((line.rank, &line.tie_breaks)),
        }
    }
}

/// How long before its start a tournament's entrants are reminded by push, in milliseconds.
pub const REMIND_BEFORE_MS: u64 = 5 * 60_000;

impl Run {
    /// A tournament as made, with nobody in it yet: when it is made, and again when it is
    /// rebuilt from the records.
    pub fn new(
        id: TournamentId,
        setup: TournamentSetup,
        by: Option<PlayerInfo>,
        code: Option<String>,
        (starts_ms, ends_ms): (u64, u64),
    ) -> Run {
        // A game's length reckoned from its clock: each side's time and forty increments.
        let estimate = (setup.clock.initial_ms / 1000)
            .saturating_add(setup.clock.increment_ms.saturating_mul(40) / 1000);
        let game_reckoned_ms = match setup.correspondence {
            // A correspondence game reckoned at twenty moves a side, each in half its days.
            Some(c) => u64::from(c.days.unwrap_or(14)) * 20 * 24 * 3_600_000,
            None => estimate.saturating_mul(2000),
        };
        let live = setup.correspondence.is_none();
        let play = match setup.format {
            TournamentFormat::Arena { streaks, .. } => {
                let rules = ArenaRules {
                    streaks,
                    berserk: true,
                    lengths: Lengths::default(),
                    wait_seconds: wait_seconds(u32::try_from(estimate).unwrap_or(u32::MAX)),
                };
                Play::Arena(Arena::new(rules, starts_ms, ends_ms))
            }
            TournamentFormat::Swiss { rounds, matches } => Play::Rounds(Box::new(Rounds::new(
                RoundsKind::Swiss,
                rounds,
                matches,
                starts_ms,
                live,
                game_reckoned_ms,
            ))),
            TournamentFormat::RoundRobin {
                double,
                most_entrants,
            } => Play::Rounds(Box::new(Rounds::new(
                RoundsKind::RoundRobin {
                    double,
                    most_entrants,
                },
                0,
                false,
                starts_ms,
                live,
                game_reckoned_ms,
            ))),
        };
        Run {
            id,
            code,
            setup,
            by,
            play,
            entrants: Vec::new(),
            by_player: HashMap::new(),
            games: HashMap::new(),
            announced: TournamentStatus::Upcoming,
            announced_rounds: None,
            standings_due: false,
            standings_sent: None,
            ranks_sent: None,
            ranks_due: false,
            first_page_sent: None,
            lines_sent: Vec::new(),
            reminded: false,
            end_recorded: false,
            owned: true,
            last_event: 0,
        }
    }

    /// The status at `now_ms`: upcoming before the start; running until the end, and after it
    /// while games started in time are still played; then finished.
    /// A Swiss or a round robin runs until its last round has ended (or ends at its start when
    /// fewer than two are in it).
    pub fn status(&self, now_ms: u64) -> TournamentStatus {
        let over = match &self.play {
            Play::Arena(arena) => arena.is_over(now_ms),
            Play::Rounds(rounds) => rounds.is_over(now_ms),
        };
        if now_ms < self.starts_ms() {
            TournamentStatus::Upcoming
        } else if !over || !self.games.is_empty() {
            TournamentStatus::Running
        } else {
            TournamentStatus::Finished
        }
    }

    pub fn starts_ms(&self) -> u64 {
        match &self.play {
            Play::Arena(arena) => arena.starts_ms,
            Play::Rounds(rounds) => rounds.starts_ms(),
        }
    }

    /// Its end: an arena's; a Swiss's or a round robin's once it ended, else reckoned from
    /// `now_ms`.
    pub fn ends_ms(&self, now_ms: u64) -> u64 {
        match &self.play {
            Play::Arena(arena) => arena.ends_ms,
            Play::Rounds(rounds) => rounds.ends_ms(now_ms),
        }
    }

    /// The rounds, for a Swiss or a round robin.
    pub fn rounds(&self) -> Option<&Rounds> {
        match &self.play {
            Play::Rounds(rounds) => Some(rounds),
            Play::Arena(_) => None,
        }
    }

    pub fn rounds_mut(&mut self) -> Option<&mut Rounds> {
        match &mut self.play {
            Play::Rounds(rounds) => Some(rounds),
            Play::Arena(_) => None,
        }
    }

    /// The standings, ranked now.
    pub fn standings(&self) -> Standings {
        match &self.play {
            Play::Arena(arena) => arena.standings(),
            Play::Rounds(rounds) => rounds.standings(),
        }
    }

    /// Whether `entrant` may join at `now_ms`, as the protocol says a refusal.
    pub fn can_join(&self, entrant: EntrantId, now_ms: u64) -> Result<(), ErrorReply> {
        match &self.play {
            Play::Arena(arena) => arena.can_join(entrant, now_ms).map_err(arena_error),
            Play::Rounds(rounds) => {
                if self.status(now_ms) == TournamentStatus::Finished {
                    return Err(ErrorReply::new(
                        ErrorCode::TournamentOver,
                        format!("{} is over", self.id),
                    ));
                }
                rounds.can_join(entrant, now_ms).map_err(rounds_refusal)
            }
        }
    }

    /// Whether an entrant may pause (`leave` false) or leave.
    pub fn can_step_out(&self, leave: bool) -> Result<(), ErrorReply> {
        match &self.play {
            Play::Arena(_) => Ok(()),
            Play::Rounds(rounds) => rounds.can_step_out(leave).map_err(rounds_refusal),
        }
    }

    /// `entrant` joins at `at_ms`, or comes back.
    pub fn join(&mut self, entrant: EntrantId, rating: i32, at_ms: u64) -> Result<(), PlayError> {
        match &mut self.play {
            Play::Arena(arena) => arena.join(entrant, rating, at_ms)?,
            Play::Rounds(rounds) => rounds.join(entrant, rating)?,
        }
        Ok(())
    }

    /// `entrant` pauses (`leave` false) or leaves.
    pub fn step_out(&mut self, entrant: EntrantId, leave: bool) -> Result<(), PlayError> {
        match &mut self.play {
            Play::Arena(arena) => arena.step_out(entrant, leave)?,
            Play::Rounds(rounds) => rounds.step_out(entrant, leave)?,
        }
        Ok(())
    }

    /// `game` (its sides as played) was paired and started.
    pub fn paired(&mut self, game: Pairing) -> Result<(), PlayError> {
        match &mut self.play {
            Play::Arena(arena) => arena.paired(game)?,
            Play::Rounds(rounds) => {
                if !rounds.waits(game) {
                    return Err(PlayError::NotWaiting);
                }
                rounds.started(game);
            }
        }
        Ok(())
    }

    /// `game` will not be played: it could not start, or it was aborted.
    pub fn cancel(&mut self, game: Pairing, at_ms: u64) -> Result<(), PlayError> {
        match &mut self.play {
            Play::Arena(arena) => arena.cancel(game)?,
            Play::Rounds(rounds) => rounds.void(game, at_ms)?,
        }
        Ok(())
    }

    /// `game` ended at `at_ms`: `outcome` for its first side, `plies` moves, who went berserk.
    pub fn finish(
        &mut self,
        game: Pairing,
        (outcome, plies, berserk): (Outcome, u32, [bool; 2]),
        at_ms: u64,
    ) -> Result<(), PlayError> {
        match &mut self.play {
            Play::Arena(arena) => arena.finish(game, outcome, plies, berserk)?,
            Play::Rounds(rounds) => rounds.finish(game, outcome, at_ms)?,
        }
        Ok(())
    }

    /// Where `entrant` is.
    fn presence(&self, entrant: EntrantId) -> Option<EntrantPresence> {
        match &self.play {
            Play::Arena(arena) => Some(match arena.player(entrant)?.presence {
                Presence::Idle => EntrantPresence::Idle,
                Presence::Playing => EntrantPresence::Playing,
                Presence::Paused => EntrantPresence::Paused,
                Presence::Left => EntrantPresence::Left,
            }),
            Play::Rounds(rounds) => {
                let swiss = rounds.swiss();
                swiss.player(entrant)?;
                // Playing from the round's pairing until its game (or match) ends, though the
                // game may start a moment after the pairing.
                let in_round = swiss.current().is_some_and(|round| {
                    round
                        .games
                        .iter()
                        .any(|g| g.has(entrant) && swiss.is_open(*g))
                });
                Some(if in_round || self.games.values().any(|g| g.has(entrant)) {
                    EntrantPresence::Playing
                } else if rounds.has_left(entrant) {
                    EntrantPresence::Left
                } else if rounds.is_paused(entrant) {
                    EntrantPresence::Paused
                } else {
                    EntrantPresence::Idle
                })
            }
        }
    }

    /// Whether its entrants are due the reminder of its start at `now_ms`: not yet reminded,
    /// upcoming, and starting within [`REMIND_BEFORE_MS`].
    pub fn reminder_due(&self, now_ms: u64) -> bool {
        !self.reminded
            && now_ms < self.starts_ms()
            && now_ms.saturating_add(REMIND_BEFORE_MS) >= self.starts_ms()
    }

    /// The entrants to remind: those in it and not paused.
    pub fn to_remind(&self) -> Vec<PlayerId> {
        self.entrants
            .iter()
            .enumerate()
            .filter(|(k, e)| {
                e.computer.is_none()
                    && self.presence(EntrantId(*k as u32)) == Some(EntrantPresence::Idle)
            })
            .map(|(_, e)| e.player.id)
            .collect()
    }

    /// Whether `player` may see it: a public one anyone; a private one its maker, its
    /// entrants and whoever has its code.
    pub fn may_see(&self, player: PlayerId, code: Option<&str>) -> bool {
        match &self.code {
            None => true,
            Some(own) => {
                self.by.as_ref().is_some_and(|b| b.id == player)
                    || self.by_player.contains_key(&player)
                    || code == Some(own.as_str())
            }
        }
    }

    pub fn summary(&self, now_ms: u64) -> TournamentSummary {
        TournamentSummary {
            tournament: self.id,
            game: self.setup.game,
            rules: self.setup.rules.clone(),
            clock: self.setup.clock,
            format: self.setup.format,
            correspondence: self.setup.correspondence,
            rated: self.setup.rated,
            private: self.setup.private,
            starts_ms: self.starts_ms(),
            ends_ms: self.ends_ms(now_ms),
            status: self.status(now_ms),
            entrants: self.entrants.len() as u32,
            by: self.by.clone(),
            rounds: self.rounds_info(),
        }
    }

    /// Where a Swiss or a round robin is in its rounds.
    pub fn rounds_info(&self) -> Option<RoundsInfo> {
        self.rounds().map(|r| {
            let (round, next_ms) = r.progress();
            RoundsInfo {
                round,
                of: r.total(),
                next_ms,
            }
        })
    }

    /// One entrant's line, at `rank`, with its tie-breaks as `standings` ranked them.
    pub(super) fn line(
        &self,
        entrant: EntrantId,
        rank: u32,
        tie_breaks: [i64; 2],
    ) -> Option<StandingLine> {
        let who = self.entrants.get(entrant.0 as usize)?;
        let presence = self.presence(entrant)?;
        let small = |points: u32| u8::try_from(points).unwrap_or(u8::MAX);
        let wide = |value: i64| u32::try_from(value).unwrap_or(0);
        let (points, scores, on_fire, tie_breaks) = match &self.play {
            Play::Arena(arena) => {
                let p = arena.player(entrant)?;
                (
                    p.sheet.total(),
                    p.sheet.scores().iter().map(|s| small(s.points())).collect(),
                    arena.rules.streaks && p.sheet.on_fire(),
                    Vec::new(),
                )
            }
            Play::Rounds(rounds) => {
                let swiss = rounds.swiss();
                let p = swiss.player(entrant)?;
                let bye = swiss.round_points();
                let scores = p
                    .rounds
                    .iter()
                    .map(|r| match r {
                        RoundResult::Played { points, .. } => small(*points),
                        RoundResult::Bye => small(bye),
                        RoundResult::Absent => 0,
                    })
                    .collect();
                let [a, b] = tie_breaks.map(wide);
                let tie_breaks = match rounds.tie_breaks() {
                    TieBreaks::Swiss => vec![TieBreak::Buchholz(a), TieBreak::SonnebornBerger(b)],
                    TieBreaks::RoundRobin => {
                        vec![TieBreak::SonnebornBerger(a), TieBreak::Wins(b)]
                    }
                };
                (p.points(bye), scores, false, tie_breaks)
            }
        };
        Some(StandingLine {
            rank,
            player: who.player.clone(),
            rating: who.rating,
            points,
            scores,
            on_fire,
            presence,
            tie_breaks,
            computer: who.computer,
        })
    }

    /// `entrant`'s line in `standings`.
    fn line_in(&self, standings: &Standings, entrant: EntrantId) -> Option<StandingLine> {
        let rank = standings.rank_of(entrant)?;
        let line = standings.lines().get(rank as usize - 1)?;
        self.line(entrant, rank, line.tie_breaks)
    }

    /// Page `page` of the standings.
    pub fn page(&self, standings: &Standings, page: u32) -> StandingsPage {
        let size = STANDINGS_PAGE as usize;
        let total = standings.lines().len();
        let lines = standings
            .page(page as usize, size)
            .iter()
            .filter_map(|l| self.line(l.entrant, standings.rank_of(l.entrant)?, l.tie_breaks))
            .collect();
        StandingsPage {
            tournament: self.id,
            page,
            pages: total.div_ceil(size) as u32,
            lines,
        }
    }

    /// The first three, once it is finished.
    pub fn podium(&self) -> Vec<StandingLine> {
        let standings = self.standings();
        standings
            .podium()
            .iter()
            .filter_map(|l| self.line(l.entrant, standings.rank_of(l.entrant)?, l.tie_breaks))
            .collect()
    }

    /// The tournament as `viewer` sees it (one who may see it: the code comes with it).
    pub fn view(&self, viewer: PlayerId, now_ms: u64) -> TournamentView {
        self.view_in(&self.standings(), viewer, now_ms)
    }

    /// The same, with its standings ranked already (many views of one moment share them).
    pub fn view_in(&self, standings: &Standings, viewer: PlayerId, now_ms: u64) -> TournamentView {
        let mine = self.by_player.get(&viewer).copied();
        let me = mine.and_then(|e| self.line_in(standings, e));
        let page = mine
            .and_then(|e| standings.page_of(e, STANDINGS_PAGE as usize))
            .unwrap_or(0) as u32;
        let game = mine.and_then(|e| self.games.iter().find(|(_, g)| g.has(e)).map(|(id, _)| *id));
        TournamentView {
            summary: self.summary(now_ms),
            code: self.code.clone(),
            me,
            standings: self.page(standings, page),
            game,
        }
    }
}

/// An arena's refusal as the protocol says it.
pub fn arena_error(e: ArenaError) -> ErrorReply {
    let code = match e {
        ArenaError::AlreadyJoined => ErrorCode::AlreadyEntered,
        ArenaError::NotJoined => ErrorCode::NotEntered,
        ArenaError::Over => ErrorCode::TournamentOver,
        ArenaError::NoSuchGame => ErrorCode::Internal,
    };
    ErrorReply::new(code, e.to_string())
}

/// A Swiss's or a round robin's refusal as the protocol says it.
pub fn rounds_refusal(e: RoundsRefusal) -> ErrorReply {
    let code = match e {
        RoundsRefusal::AlreadyJoined => ErrorCode::AlreadyEntered,
        RoundsRefusal::LastRoundPaired => ErrorCode::TournamentOver,
        RoundsRefusal::Started
        | RoundsRefusal::Full(_)
        | RoundsRefusal::Left
        | RoundsRefusal::NoPause => ErrorCode::NotAllowed,
    };
    ErrorReply::new(code, e.to_string())
}
