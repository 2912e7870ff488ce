//! One tournament on this node: its set-up, its arena (`chaupal_tournament::arena`), who its
//! entrants are, the games it has running, and how the protocol shows it.

use std::collections::HashMap;

use chaupal_shared::protocol::tournaments::{
    EntrantPresence, STANDINGS_PAGE, StandingLine, StandingsPage, TournamentFormat, TournamentId,
    TournamentSetup, TournamentStatus, TournamentSummary, TournamentView,
};
use chaupal_shared::protocol::{GameId, PlayerId, PlayerInfo};
use chaupal_tournament::arena::scoring::Lengths;
use chaupal_tournament::arena::waiting::wait_seconds;
use chaupal_tournament::arena::{Arena, ArenaRules, Presence};
use chaupal_tournament::entrant::{EntrantId, Pairing};
use chaupal_tournament::standings::Standings;

/// One entrant: the player and their rating when they joined.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub player: PlayerInfo,
    pub rating: i32,
}

/// One tournament.
pub struct Run {
    pub id: TournamentId,
    pub setup: TournamentSetup,
    pub by: Option<PlayerInfo>,
    /// A private tournament's code.
    pub code: Option<String>,
    pub arena: Arena,
    /// By entrant number.
    pub entrants: Vec<Entrant>,
    pub by_player: HashMap<PlayerId, EntrantId>,
    /// The games running, and their pairing.
    pub games: HashMap<GameId, Pairing>,
    /// The status last announced.
    pub announced: TournamentStatus,
    /// Whether the standings changed since they were last sent.
    pub standings_due: bool,
    /// Whether the entrants were reminded of its start ([`REMIND_BEFORE_MS`]).
    pub reminded: bool,
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
        let TournamentFormat::Arena { streaks, .. } = setup.format;
        let estimate = (setup.clock.initial_ms / 1000)
            .saturating_add(setup.clock.increment_ms.saturating_mul(40) / 1000);
        let rules = ArenaRules {
            streaks,
            berserk: true,
            lengths: Lengths::default(),
            wait_seconds: wait_seconds(u32::try_from(estimate).unwrap_or(u32::MAX)),
        };
        Run {
            id,
            code,
            setup,
            by,
            arena: Arena::new(rules, starts_ms, ends_ms),
            entrants: Vec::new(),
            by_player: HashMap::new(),
            games: HashMap::new(),
            announced: TournamentStatus::Upcoming,
            standings_due: false,
            reminded: false,
        }
    }

    /// The status at `now_ms`: upcoming before the start; running until the end, and after it
    /// while games started in time are still played; then finished.
    pub fn status(&self, now_ms: u64) -> TournamentStatus {
        if now_ms < self.arena.starts_ms {
            TournamentStatus::Upcoming
        } else if now_ms < self.arena.ends_ms || !self.games.is_empty() {
            TournamentStatus::Running
        } else {
            TournamentStatus::Finished
        }
    }

    /// Whether its entrants are due the reminder of its start at `now_ms`: not yet reminded,
    /// upcoming, and starting within [`REMIND_BEFORE_MS`].
    pub fn reminder_due(&self, now_ms: u64) -> bool {
        !self.reminded
            && now_ms < self.arena.starts_ms
            && now_ms.saturating_add(REMIND_BEFORE_MS) >= self.arena.starts_ms
    }

    /// The entrants to remind: those in it and not paused.
    pub fn to_remind(&self) -> Vec<PlayerId> {
        self.entrants
            .iter()
            .enumerate()
            .filter(|(k, _)| {
                self.arena
                    .player(EntrantId(*k as u32))
                    .is_some_and(|p| p.presence == Presence::Idle)
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
            rated: self.setup.rated,
            private: self.setup.private,
            starts_ms: self.arena.starts_ms,
            ends_ms: self.arena.ends_ms,
            status: self.status(now_ms),
            entrants: self.entrants.len() as u32,
            by: self.by.clone(),
        }
    }

    /// One entrant's line, at `rank`.
    fn line(&self, entrant: EntrantId, rank: u32) -> Option<StandingLine> {
        let who = self.entrants.get(entrant.0 as usize)?;
        let p = self.arena.player(entrant)?;
        Some(StandingLine {
            rank,
            player: who.player.clone(),
            rating: who.rating,
            points: p.sheet.total(),
            scores: p
                .sheet
                .scores()
                .iter()
                .map(|s| u8::try_from(s.points()).unwrap_or(u8::MAX))
                .collect(),
            on_fire: self.arena.rules.streaks && p.sheet.on_fire(),
            presence: match p.presence {
                Presence::Idle => EntrantPresence::Idle,
                Presence::Playing => EntrantPresence::Playing,
                Presence::Paused => EntrantPresence::Paused,
                Presence::Left => EntrantPresence::Left,
            },
        })
    }

    /// Page `page` of the standings.
    pub fn page(&self, standings: &Standings, page: u32) -> StandingsPage {
        let size = STANDINGS_PAGE as usize;
        let total = standings.lines().len();
        let lines = standings
            .page(page as usize, size)
            .iter()
            .filter_map(|l| self.line(l.entrant, standings.rank_of(l.entrant)?))
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
        let standings = self.arena.standings();
        standings
            .podium()
            .iter()
            .filter_map(|l| self.line(l.entrant, standings.rank_of(l.entrant)?))
            .collect()
    }

    /// The tournament as `viewer` sees it (one who may see it: the code comes with it).
    pub fn view(&self, viewer: PlayerId, now_ms: u64) -> TournamentView {
        self.view_in(&self.arena.standings(), viewer, now_ms)
    }

    /// The same, with its standings ranked already (many views of one moment share them).
    pub fn view_in(&self, standings: &Standings, viewer: PlayerId, now_ms: u64) -> TournamentView {
        let mine = self.by_player.get(&viewer).copied();
        let me = mine.and_then(|e| self.line(e, standings.rank_of(e)?));
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
