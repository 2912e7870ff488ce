//! The tournament screens' state: the list as the server gave it, sorted into upcoming,
//! running, finished and the player's own; the tournament whose page is open (its summary,
//! the player's own line, the page of the standings shown, the player's game, the podium once
//! finished) with the news applied to it; and the choices of the card that makes an arena.

use chaupal_shared::protocol::tournaments::{
    EntrantPresence, StandingLine, StandingsPage, TournamentFormat, TournamentStatus,
    TournamentSummary, TournamentView,
};

use super::form::TournamentForm;

/// How often the list on the screen is asked for again, in milliseconds (besides just after a
/// listed tournament's start or end).
pub const LIST_REFRESH_MS: u64 = 30_000;

/// How long after a listed start or end the list is asked for again, in milliseconds (the
/// server's pass, once a second, has changed its status by then).
pub const LIST_AFTER_CHANGE_MS: u64 = 1_500;

/// The tournament screens' state.
#[derive(Clone, Debug, Default)]
pub struct Tournaments {
    /// The list, once the server has given it.
    pub list: Option<Vec<TournamentSummary>>,
    /// The tournaments this player made or entered, as the views seen say.
    pub mine: Vec<u64>,
    /// The tournament whose page is open (followed: its news come).
    pub open: Option<OpenTournament>,
    /// A tournament asked for and not yet answered (its page waits for it).
    pub opening: Option<u64>,
    /// A request waits for its answer.
    pub asking: bool,
    /// The card that makes a tournament.
    pub form: TournamentForm,
    /// The games this player was paired into in arenas (where berserk is offered), the latest
    /// last.
    pub paired: Vec<u64>,
    /// When the list was last asked for (by the device's clock, in milliseconds).
    pub list_asked_ms: Option<u64>,
    /// When the page open was last asked for (a Swiss's or a round robin's rounds are not
    /// news: its page asks again for them).
    pub page_asked_ms: Option<u64>,
}

/// The sections of the list, in the order shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Mine,
    Running,
    Upcoming,
    Finished,
}

impl Section {
    pub const ALL: [Section; 4] = [
        Section::Mine,
        Section::Running,
        Section::Upcoming,
        Section::Finished,
    ];

    /// The heading's message id.
    pub fn heading(self) -> &'static str {
        match self {
            Section::Mine => "tournaments-mine",
            Section::Running => "tournaments-running",
            Section::Upcoming => "tournaments-upcoming",
            Section::Finished => "tournaments-finished",
        }
    }
}

impl Tournaments {
    /// The tournaments of a section of the list, in the server's order (soonest first). One's
    /// own are in "mine" only.
    pub fn section(&self, section: Section) -> Vec<&TournamentSummary> {
        let Some(list) = &self.list else {
            return Vec::new();
        };
        list.iter()
            .filter(|t| {
                let mine = self.mine.contains(&t.tournament.0);
                match section {
                    Section::Mine => mine,
                    Section::Running => !mine && t.status == TournamentStatus::Running,
                    Section::Upcoming => !mine && t.status == TournamentStatus::Upcoming,
                    Section::Finished => !mine && t.status == TournamentStatus::Finished,
                }
            })
            .collect()
    }

    /// Notes an arena's game of this player (the most recent few are kept).
    pub fn note_paired(&mut self, game: u64) {
        if !self.paired.contains(&game) {
            self.paired.push(game);
        }
        if self.paired.len() > 16 {
            self.paired.remove(0);
        }
    }

    /// Whether tournament `id` is a Swiss or a round robin, as the page open or the list says
    /// (one this client has not seen is taken for an arena).
    pub fn in_rounds(&self, id: u64) -> bool {
        let open = self.open.as_ref().map(|o| &o.summary);
        open.into_iter()
            .chain(self.list.iter().flatten())
            .find(|t| t.tournament.0 == id)
            .is_some_and(|t| t.format.in_rounds())
    }

    /// Notes that the player made or entered a tournament.
    pub fn note_mine(&mut self, id: u64) {
        if !self.mine.contains(&id) {
            self.mine.push(id);
        }
    }

    /// Whether the list on the screen is due to be asked for again at `now_ms`: every
    /// [`LIST_REFRESH_MS`], and [`LIST_AFTER_CHANGE_MS`] after a listed tournament's start or
    /// end passes; never while an answer is awaited.
    pub fn list_due(&self, now_ms: u64) -> bool {
        let (Some(list), Some(asked)) = (&self.list, self.list_asked_ms) else {
            return false;
        };
        if self.asking {
            return false;
        }
        let crossed = |at: u64| {
            let due = at.saturating_add(LIST_AFTER_CHANGE_MS);
            asked < due && due <= now_ms
        };
        now_ms >= asked.saturating_add(LIST_REFRESH_MS)
            || list.iter().any(|t| match t.status {
                TournamentStatus::Upcoming => crossed(t.starts_ms),
                TournamentStatus::Running => crossed(t.ends_ms),
                TournamentStatus::Finished => false,
            })
    }

    /// Milliseconds until the list is due again ([`Tournaments::list_due`]), for the render
    /// loop's sleep.
    pub fn list_due_in(&self, now_ms: u64) -> Option<u64> {
        let (Some(list), Some(asked)) = (&self.list, self.list_asked_ms) else {
            return None;
        };
        let changes = list.iter().filter_map(|t| match t.status {
            TournamentStatus::Upcoming => Some(t.starts_ms),
            TournamentStatus::Running => Some(t.ends_ms),
            TournamentStatus::Finished => None,
        });
        changes
            .map(|at| at.saturating_add(LIST_AFTER_CHANGE_MS))
            .filter(|due| *due > asked)
            .chain([asked.saturating_add(LIST_REFRESH_MS)])
            .min()
            .map(|due| due.saturating_sub(now_ms))
    }

    /// Milliseconds until the words of a time to a start or an end shown change (the page's,
    /// and the list's), or the page's count of seconds to its next round.
    pub fn next_change(&self, now_ms: u64) -> Option<u64> {
        let open = self.open.as_ref().map(|o| &o.summary);
        let listed = self.list.iter().flatten();
        let next_round = open
            .and_then(|s| s.rounds)
            .and_then(|r| r.next_ms)
            .and_then(|at| until_round_change(crate::deadline::left_ms(at, now_ms)));
        open.into_iter()
            .chain(listed)
            .filter_map(|t| {
                let at = match t.status {
                    TournamentStatus::Upcoming => t.starts_ms,
                    TournamentStatus::Running => t.ends_ms,
                    TournamentStatus::Finished => return None,
                };
                crate::deadline::until_change(crate::deadline::left_ms(at, now_ms))
            })
            .chain(next_round)
            .min()
    }

    /// Whether the page open is due to be asked for again at `now_ms`: a Swiss's or a round
    /// robin's, not finished, every [`LIST_REFRESH_MS`] and [`LIST_AFTER_CHANGE_MS`] after its
    /// start or its next round's pairing passes (its rounds come with its view only); never
    /// while an answer is awaited.
    pub fn page_due(&self, now_ms: u64) -> bool {
        let (Some(open), Some(asked)) = (&self.open, self.page_asked_ms) else {
            return false;
        };
        if self.asking || !open.in_rounds() || open.summary.status == TournamentStatus::Finished {
            return false;
        }
        now_ms >= asked.saturating_add(LIST_REFRESH_MS)
            || open.changes_at().any(|at| {
                let due = at.saturating_add(LIST_AFTER_CHANGE_MS);
                asked < due && due <= now_ms
            })
    }

    /// Milliseconds until the page open is due again ([`Tournaments::page_due`]).
    pub fn page_due_in(&self, now_ms: u64) -> Option<u64> {
        let (Some(open), Some(asked)) = (&self.open, self.page_asked_ms) else {
            return None;
        };
        if !open.in_rounds() || open.summary.status == TournamentStatus::Finished {
            return None;
        }
        open.changes_at()
            .map(|at| at.saturating_add(LIST_AFTER_CHANGE_MS))
            .filter(|due| *due > asked)
            .chain([asked.saturating_add(LIST_REFRESH_MS)])
            .min()
            .map(|due| due.saturating_sub(now_ms))
    }

    /// Keeps a summary's news in the list too (its status, its entrants).
    pub fn update_listed(&mut self, summary: &TournamentSummary) {
        if let Some(list) = &mut self.list
            && let Some(t) = list.iter_mut().find(|t| t.tournament == summary.tournament)
        {
            *t = summary.clone();
        }
    }
}

/// The tournament whose page is open.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenTournament {
    pub summary: TournamentSummary,
    /// A private tournament's code, for its link.
    pub code: Option<String>,
    /// The player's own line, once entered.
    pub me: Option<StandingLine>,
    /// The page of the standings shown.
    pub standings: StandingsPage,
    /// The player's game in progress in it.
    pub game: Option<u64>,
    /// The player's games in it seen here, in progress or over (their ends lead back here).
    pub played: Vec<u64>,
    /// The first three, once it has finished.
    pub podium: Vec<StandingLine>,
}

impl OpenTournament {
    /// The page of a view.
    pub fn of(view: TournamentView) -> OpenTournament {
        let podium = podium_of(&view.summary, &view.standings);
        OpenTournament {
            summary: view.summary,
            code: view.code,
            me: view.me,
            standings: view.standings,
            game: view.game.map(|g| g.0),
            played: view.game.map(|g| g.0).into_iter().collect(),
            podium,
        }
    }

    /// The tournament's number.
    pub fn id(&self) -> u64 {
        self.summary.tournament.0
    }

    /// A new view of the same tournament: everything but the page of the standings shown,
    /// which stays unless the view's is the same page.
    pub fn refresh(&mut self, view: TournamentView) {
        let page = self.standings.page;
        let podium = std::mem::take(&mut self.podium);
        let mut played = std::mem::take(&mut self.played);
        let mut next = OpenTournament::of(view);
        for game in next.played.drain(..) {
            if !played.contains(&game) {
                played.push(game);
            }
        }
        next.played = played;
        if next.standings.page != page {
            next.standings = self.standings.clone();
        }
        if next.podium.is_empty() {
            next.podium = podium;
        }
        *self = next;
    }

    /// A page of the standings came (asked for, or the first page as news).
    pub fn page_came(&mut self, page: StandingsPage) {
        if page.tournament != self.summary.tournament {
            return;
        }
        self.my_line_from(&page);
        self.standings = page;
        if self.podium.is_empty() {
            self.podium = podium_of(&self.summary, &self.standings);
        }
    }

    /// The first page of the standings, as news: it replaces the page shown when that is the
    /// first (another page shown stays); the player's own line is taken from it either way.
    pub fn first_page_news(&mut self, page: StandingsPage) {
        if page.tournament != self.summary.tournament {
            return;
        }
        self.summary.entrants = self.summary.entrants.max(page.lines.len() as u32);
        if self.standings.page == 0 {
            self.page_came(page);
        } else {
            self.standings.pages = page.pages.max(self.standings.pages);
            self.my_line_from(&page);
        }
    }

    /// The player was paired in `game`.
    pub fn paired(&mut self, game: u64) {
        self.game = Some(game);
        if !self.played.contains(&game) {
            self.played.push(game);
        }
    }

    /// The player's line as a page of the standings has it; once it counts one more game and
    /// says they are no longer playing, their game is over (standings older than the pairing
    /// count no more games).
    fn my_line_from(&mut self, page: &StandingsPage) {
        if let Some(me) = &self.me
            && let Some(line) = page.lines.iter().find(|l| l.player.id == me.player.id)
        {
            self.my_line(line.clone());
        }
    }

    /// The player's own line as the server sent it (`own_line`, wherever it is in the
    /// standings), or as a page had it.
    pub fn my_line(&mut self, line: StandingLine) {
        if line.presence != EntrantPresence::Playing
            && self
                .me
                .as_ref()
                .is_some_and(|me| line.scores.len() > me.scores.len())
        {
            self.game = None;
        }
        self.me = Some(line);
    }

    /// The player's line when it is not on the page shown: it is pinned under the page.
    pub fn pinned(&self) -> Option<&StandingLine> {
        let me = self.me.as_ref()?;
        (!self
            .standings
            .lines
            .iter()
            .any(|l| l.player.id == me.player.id))
        .then_some(me)
    }

    /// Whether it is played in rounds (a Swiss or a round robin).
    pub fn in_rounds(&self) -> bool {
        self.summary.format.in_rounds()
    }

    /// When its page's words of rounds change by the server's reckoning: its start, and the
    /// next round's pairing while it waits.
    fn changes_at(&self) -> impl Iterator<Item = u64> {
        let start =
            (self.summary.status == TournamentStatus::Upcoming).then_some(self.summary.starts_ms);
        let next = self.summary.rounds.and_then(|r| r.next_ms);
        start.into_iter().chain(next)
    }

    /// Whether it may be entered (or come back to) now, by its format: an arena until it
    /// ends; a Swiss until its last round is paired; a round robin before its start, while it
    /// has room.
    pub fn open_to_entries(&self) -> bool {
        let s = &self.summary;
        if s.status == TournamentStatus::Finished {
            return false;
        }
        match s.format {
            TournamentFormat::Arena { .. } => true,
            TournamentFormat::Swiss { rounds, .. } => {
                let (round, of) = s.rounds.map_or((0, rounds), |r| (r.round, r.of));
                round < of
            }
            TournamentFormat::RoundRobin { most_entrants, .. } => {
                s.status == TournamentStatus::Upcoming && s.entrants < most_entrants
            }
        }
    }

    /// What the player may do now: (join, pause, leave). A round robin has no pause, and is
    /// joined only before its start while it has room; a Swiss is joined (and a pause taken
    /// back) until its last round is paired.
    pub fn may(&self) -> (bool, bool, bool) {
        if self.summary.status == TournamentStatus::Finished {
            return (false, false, false);
        }
        let entries = self.open_to_entries();
        let pauses = !matches!(self.summary.format, TournamentFormat::RoundRobin { .. });
        match self.me.as_ref().map(|m| m.presence) {
            None => (entries, false, false),
            Some(EntrantPresence::Paused) => (entries, false, true),
            // Left for good: nothing more to do but watch.
            Some(EntrantPresence::Left) => (false, false, false),
            Some(EntrantPresence::Idle | EntrantPresence::Playing) => (false, pauses, true),
        }
    }

    /// Whether *Join* (or *Play again*) stands on the page, and whether it may be pressed:
    /// it stands, not pressable, where entries have closed to a player who could otherwise
    /// come in, so that the buttons keep their places.
    pub fn join_button(&self) -> Option<bool> {
        if self.summary.status == TournamentStatus::Finished {
            return None;
        }
        match self.me.as_ref().map(|m| m.presence) {
            None | Some(EntrantPresence::Paused) => Some(self.may().0),
            _ => None,
        }
    }
}

/// The first three of a finished tournament, from its first page of standings.
fn podium_of(summary: &TournamentSummary, page: &StandingsPage) -> Vec<StandingLine> {
    if summary.status == TournamentStatus::Finished && page.page == 0 {
        page.lines.iter().take(3).cloned().collect()
    } else {
        Vec::new()
    }
}

/// Milliseconds until the count to the next round changes: each second in its last minute,
/// as [`crate::deadline::until_change`] before it.
pub fn until_round_change(left_ms: u64) -> Option<u64> {
    match left_ms {
        0 => None,
        ms if ms < 60_000 => Some(ms % 1000 + 1),
        ms => crate::deadline::until_change(ms),
    }
}
