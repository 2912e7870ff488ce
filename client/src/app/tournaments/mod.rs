//! The app's side of tournaments (arenas, Swiss, round robins): the list (asked for when
//! opened), a tournament's page (opened by a tap or a link `/tournament/ID?code=CODE`,
//! followed until the player goes back from it; a Swiss's or a round robin's asked for again
//! for its rounds), entering, pausing and leaving, the standings' pages, the link of a private
//! one passed on, the card that makes a tournament (its page opens on the server's answer),
//! and the news as it comes: the first page of the standings, the status (and podium), the
//! player's pairings (the game itself comes as any game of theirs that starts, and takes them
//! to it) and the rounds they sit out.

mod action;
mod berserk;
mod event;
mod form;
pub mod points;
mod request;
mod rounds;
mod state;
pub use action::TournamentAction;
pub use event::TournamentEvent;
pub use form::{
    ARENA_CLOCKS, ARENA_MINUTES, ARENA_STARTS, FormatChoice, MOST_COMPUTERS_OFFERED,
    ROUND_ROBIN_ENTRANTS, SWISS_ROUNDS, TournamentForm,
};
pub use request::TournamentRequest;
pub use state::{OpenTournament, Section, Tournaments};

use chaupal_rules::GameKind;
use chaupal_shared::protocol::tournaments::{TournamentNews, TournamentStatus, TournamentView};

use crate::app::App;
use crate::app::LocalWish;
use crate::app::Outgoing;
use crate::app::shell::{Cue, NOTICE_SECONDS, Screen, Tone};
use crate::route::{self, Route};
use crate::say;

impl App {
    /// The tournament screens' actions.
    pub(in crate::app) fn handle_tournaments(&mut self, action: TournamentAction) -> Vec<Outgoing> {
        let t = &mut self.tournaments;
        match action {
            TournamentAction::OpenList => return self.open_tournament_list(),
            TournamentAction::Open { id, code } => return self.open_tournament(id, code),
            TournamentAction::Join => {
                if let Some(open) = &self.tournaments.open {
                    let (id, code) = (open.id(), open.code.clone());
                    return self.ask_tournament(TournamentRequest::Join { id, code });
                }
            }
            TournamentAction::Pause => {
                if let Some(id) = self.tournaments.open.as_ref().map(OpenTournament::id) {
                    return self.ask_tournament(TournamentRequest::Pause(id));
                }
            }
            TournamentAction::Leave => {
                if let Some(id) = self.tournaments.open.as_ref().map(OpenTournament::id) {
                    return self.ask_tournament(TournamentRequest::Leave(id));
                }
            }
            TournamentAction::StandingsPage(page) => {
                if let Some(open) = &self.tournaments.open
                    && page < open.standings.pages.max(1)
                    && page != open.standings.page
                {
                    let id = open.id();
                    return self.ask_tournament(TournamentRequest::Standings { id, page });
                }
            }
            TournamentAction::Share => {
                if let Some(link) = self.tournament_link() {
                    return vec![Outgoing::Local(LocalWish::Share(link))];
                }
            }
            TournamentAction::ToMyGame => {
                if let Some(game) = self.tournaments.open.as_ref().and_then(|o| o.game)
                    && self.require_online(say!("doing-tournaments"))
                {
                    return vec![Outgoing::Lobby(crate::app::LobbyRequest::Resume(game))];
                }
            }
            TournamentAction::BackToPage => {
                let Some(open) = &self.tournaments.open else {
                    return Vec::new();
                };
                let (id, code) = (open.id(), open.code.clone());
                let mut out = self.handle_game(crate::app::GameAction::ToLobby);
                out.extend(self.open_tournament(id, code));
                return out;
            }
            TournamentAction::NewTournament => {
                if !self.require_online(say!("doing-tournaments")) {
                    return Vec::new();
                }
                self.tournaments.form.game = self.lobby.kind;
                self.screen = Screen::NewTournament;
            }
            TournamentAction::CycleFormat { forward } => {
                let all = FormatChoice::ALL;
                let at = all.iter().position(|f| *f == t.form.format).unwrap_or(0);
                t.form.format = all[form::step(at, all.len(), forward)];
            }
            TournamentAction::CycleGame { forward } => {
                let at = GameKind::ALL
                    .iter()
                    .position(|k| *k == t.form.game)
                    .unwrap_or(0);
                t.form.game = GameKind::ALL[form::step(at, GameKind::ALL.len(), forward)];
            }
            TournamentAction::CycleMinutes { forward } => {
                t.form.minutes = form::step(t.form.minutes, ARENA_MINUTES.len(), forward);
            }
            TournamentAction::CycleRounds { forward } => {
                t.form.rounds = form::step(t.form.rounds, SWISS_ROUNDS.len(), forward);
            }
            TournamentAction::CycleEntrants { forward } => {
                let len = ROUND_ROBIN_ENTRANTS.len();
                t.form.entrants = form::step(t.form.entrants, len, forward);
            }
            TournamentAction::CycleClock { forward } => {
                t.form.clock = form::step(t.form.clock, ARENA_CLOCKS.len(), forward);
            }
            TournamentAction::CycleDays { forward } => {
                let len = chaupal_shared::protocol::Correspondence::DAYS.len();
                t.form.days = form::step(t.form.days, len, forward);
            }
            TournamentAction::CycleStart { forward } => {
                t.form.step_start(forward);
            }
            TournamentAction::CycleComputers { forward } => {
                let len = form::MOST_COMPUTERS_OFFERED + 1;
                t.form.computers = form::step(t.form.computers, len, forward);
            }
            TournamentAction::CycleComputerLevel { forward } => {
                let levels = usize::from(chaupal_shared::levels::LEVELS);
                let at = usize::from(t.form.computer_level.clamp(1, 8) - 1);
                t.form.computer_level = form::step(at, levels, forward) as u8 + 1;
            }
            TournamentAction::SetMatches(matches) => t.form.matches = Some(matches),
            TournamentAction::SetDouble(double) => t.form.double = double,
            TournamentAction::SetCorrespondence(by) => t.form.by_correspondence = by,
            TournamentAction::SetPrivate(private) => t.form.private = private,
            TournamentAction::Create => {
                let setup = Box::new(self.tournaments.form.setup());
                return self.ask_tournament(TournamentRequest::Create(setup));
            }
        }
        Vec::new()
    }

    /// The tournament screens' state.
    pub fn tournaments(&self) -> &Tournaments {
        &self.tournaments
    }

    /// Whether game `id` is one of this player's arena games (as paired on this device).
    pub fn is_arena_game(&self, id: u64) -> bool {
        self.tournaments.paired.contains(&id)
            || self
                .tournaments
                .open
                .as_ref()
                .is_some_and(|o| !o.in_rounds() && o.played.contains(&id))
    }

    /// Whether the game on the screen is one of the player's games in the tournament whose
    /// page is open (its end leads back to that page).
    pub fn in_tournament_game(&self) -> bool {
        let Some(on_screen) = self.game.current.as_ref().and_then(|m| m.id) else {
            return false;
        };
        self.tournaments
            .open
            .as_ref()
            .is_some_and(|o| o.played.contains(&on_screen))
    }

    /// A request, when online (else what it needs is said).
    fn ask_tournament(&mut self, request: TournamentRequest) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-tournaments")) {
            return Vec::new();
        }
        self.tournaments.asking = true;
        vec![Outgoing::Tournament(request)]
    }

    /// The list screen, asked for afresh; a page left open is closed.
    fn open_tournament_list(&mut self) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-tournaments")) {
            return Vec::new();
        }
        let mut out = self.close_tournament();
        self.screen = Screen::Tournaments;
        self.tournaments.asking = true;
        self.tournaments.list_asked_ms = Some(self.shell.now_ms);
        out.push(Outgoing::Tournament(TournamentRequest::List));
        out
    }

    /// The list on the screen asked for again when it is due ([`Tournaments::list_due`]),
    /// while online: so that it shows starts, ends, entrants and new tournaments by itself.
    pub(in crate::app) fn tournament_list_due(&mut self) -> Option<Outgoing> {
        let now = self.shell.now_ms;
        if self.screen != Screen::Tournaments
            || !self.online.connection.online()
            || !self.tournaments.list_due(now)
        {
            return None;
        }
        self.tournaments.list_asked_ms = Some(now);
        self.tournaments.asking = true;
        Some(Outgoing::Tournament(TournamentRequest::List))
    }

    /// A tournament's page, asked for (another page open is closed first).
    pub(in crate::app) fn open_tournament(
        &mut self,
        id: u64,
        code: Option<String>,
    ) -> Vec<Outgoing> {
        if !self.require_online(say!("doing-tournaments")) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.tournaments.open.as_ref().is_some_and(|o| o.id() != id) {
            out.extend(self.close_tournament());
        }
        self.tournaments.opening = Some(id);
        self.tournaments.asking = true;
        self.tournaments.page_asked_ms = Some(self.shell.now_ms);
        self.screen = Screen::Tournament;
        out.push(Outgoing::Tournament(TournamentRequest::Open { id, code }));
        out
    }

    /// Stops following the page open, if any.
    pub(in crate::app) fn close_tournament(&mut self) -> Vec<Outgoing> {
        self.tournaments.opening = None;
        match self.tournaments.open.take() {
            Some(open) => vec![Outgoing::Tournament(TournamentRequest::Close(open.id()))],
            None => Vec::new(),
        }
    }

    /// Back from a tournament screen: the page goes to the list (and is no longer followed),
    /// the card to the list, the list to the lobby.
    pub(in crate::app) fn back_from_tournaments(&mut self) -> Vec<Outgoing> {
        match self.screen {
            Screen::Tournament => {
                let mut out = self.close_tournament();
                self.screen = Screen::Tournaments;
                if self.online.connection.online() {
                    out.push(Outgoing::Tournament(TournamentRequest::List));
                }
                out
            }
            Screen::NewTournament => {
                self.screen = Screen::Tournaments;
                Vec::new()
            }
            _ => {
                self.screen = Screen::Lobby;
                Vec::new()
            }
        }
    }

    /// A tournament's view came: the page shows it when it is the one opened (or open).
    fn tournament_view(&mut self, view: TournamentView) {
        self.tournaments.asking = false;
        let id = view.summary.tournament.0;
        self.tournaments.update_listed(&view.summary);
        if view.me.is_some() {
            self.tournaments.note_mine(id);
        }
        match &mut self.tournaments.open {
            Some(open) if open.id() == id => open.refresh(view),
            _ if self.tournaments.opening == Some(id) => {
                self.tournaments.opening = None;
                self.tournaments.open = Some(OpenTournament::of(view));
            }
            _ => {}
        }
    }

    /// The arena this player made: its page opens, followed.
    fn tournament_made(&mut self, view: TournamentView) -> Vec<Outgoing> {
        self.tournaments.asking = false;
        let id = view.summary.tournament.0;
        let code = view.code.clone();
        self.tournaments.note_mine(id);
        if let Some(list) = &mut self.tournaments.list {
            list.insert(0, view.summary.clone());
        }
        let mut out = self.close_tournament();
        self.tournaments.open = Some(OpenTournament::of(view));
        self.tournaments.page_asked_ms = Some(self.shell.now_ms);
        self.screen = Screen::Tournament;
        out.push(Outgoing::Tournament(TournamentRequest::Open { id, code }));
        out
    }

    /// News of a tournament: the first page of the standings, the player's own line, its
    /// status (and podium), a pairing of this player, a round they sit out, its rounds moving
    /// on.
    fn tournament_news(&mut self, news: TournamentNews) {
        match news {
            TournamentNews::Standings(page) => {
                if let Some(open) = &mut self.tournaments.open {
                    open.first_page_news(*page);
                }
            }
            TournamentNews::OwnLine { tournament, line } => {
                if let Some(open) = &mut self.tournaments.open
                    && open.summary.tournament == tournament
                {
                    open.my_line(*line);
                }
            }
            TournamentNews::Status {
                tournament,
                status,
                podium,
            } => {
                if let Some(list) = &mut self.tournaments.list
                    && let Some(t) = list.iter_mut().find(|t| t.tournament == tournament)
                {
                    t.status = status;
                }
                if let Some(open) = &mut self.tournaments.open
                    && open.summary.tournament == tournament
                {
                    open.summary.status = status;
                    if !podium.is_empty() {
                        open.podium = podium;
                    }
                }
                if self.tournaments.mine.contains(&tournament.0) {
                    let said = match status {
                        TournamentStatus::Running => say!("tournament-started"),
                        TournamentStatus::Finished => say!("tournament-ended"),
                        TournamentStatus::Upcoming => return,
                    };
                    // Its start is heard too, and counted in a hidden tab's title.
                    if status == TournamentStatus::Running {
                        self.cue(Cue::Join);
                    }
                    // The first round's pairing or bye, told just before (the server sends it
                    // with the start), says more than the start: it stays on the screen.
                    let round_told = self.shell.notice.as_ref().is_some_and(|n| {
                        matches!(
                            n.text.id(),
                            Some("tournament-paired" | "tournament-bye" | "tournament-sat-out")
                        ) && n.left > NOTICE_SECONDS - 1.0
                    });
                    if !(status == TournamentStatus::Running && round_told) {
                        self.tell(said, Tone::News);
                    }
                }
            }
            TournamentNews::Paired {
                tournament,
                game,
                opponent,
                ..
            } => {
                self.tournaments.note_mine(tournament.0);
                // Berserk is an arena's: a Swiss's or a round robin's games (as far as this
                // client knows the format) are not noted for it.
                if !self.tournaments.in_rounds(tournament.0) {
                    self.tournaments.note_paired(game.0);
                }
                if let Some(open) = &mut self.tournaments.open
                    && open.summary.tournament == tournament
                {
                    open.paired(game.0);
                }
                // The game's snapshot comes to every connection of the player and takes them
                // to it, as any game of theirs that starts; it is heard (and counted in a
                // hidden tab's title) as a game an opponent joined.
                self.cue(Cue::Join);
                self.tell(
                    say!("tournament-paired", opponent = opponent.name),
                    Tone::News,
                );
            }
            TournamentNews::SatOut {
                tournament,
                round,
                bye,
            } => self.sat_out(tournament.0, round, bye),
            TournamentNews::Rounds { tournament, rounds } => self.rounds_moved(tournament, rounds),
        }
    }

    /// After a new connection: the page open is followed again (news go to the connection
    /// that asked), and the list on the screen asked for again; nothing waits for an answer
    /// the closed connection would have had.
    pub(in crate::app) fn tournaments_reconnected(&mut self) -> Vec<Outgoing> {
        self.tournaments.asking = false;
        let open = self
            .tournaments
            .open
            .as_ref()
            .map(|o| (o.id(), o.code.clone()));
        match (self.screen, open) {
            (Screen::Tournament | Screen::Game | Screen::GameOver, Some((id, code))) => {
                vec![Outgoing::Tournament(TournamentRequest::Open { id, code })]
            }
            (Screen::Tournaments, _) => {
                self.tournaments.asking = true;
                self.tournaments.list_asked_ms = Some(self.shell.now_ms);
                vec![Outgoing::Tournament(TournamentRequest::List)]
            }
            _ => Vec::new(),
        }
    }

    /// The list came: the tournaments this player made are theirs.
    fn tournaments_listed(
        &mut self,
        list: Vec<chaupal_shared::protocol::tournaments::TournamentSummary>,
    ) {
        self.tournaments.asking = false;
        let me = self.name().to_owned();
        for t in &list {
            if t.by.as_ref().is_some_and(|b| b.name == me) {
                self.tournaments.note_mine(t.tournament.0);
            }
        }
        self.tournaments.list = Some(list);
    }

    /// The link to the tournament on the page (with a private one's code), when the server's
    /// web address is known.
    pub fn tournament_link(&self) -> Option<String> {
        let open = self.tournaments.open.as_ref()?;
        let site = self.links.site.as_ref()?;
        Some(route::link(
            site,
            &Route::Tournament {
                id: open.id(),
                code: open.code.clone(),
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::testing::online;
    use crate::app::{ConnectionEvent, Event, ScreenAction};
    use chaupal_shared::protocol::tournaments::{
        StandingsPage, TournamentFormat, TournamentId, TournamentSummary,
    };
    use chaupal_shared::protocol::{ClockSpec, PlayerId, PlayerInfo};

    pub(super) fn summary(id: u64, by: &str) -> TournamentSummary {
        TournamentSummary {
            tournament: TournamentId(id),
            game: GameKind::Kalah,
            rules: Vec::new(),
            clock: ClockSpec {
                initial_ms: 60_000,
                increment_ms: 0,
            },
            format: TournamentFormat::Arena {
                minutes: 10,
                streaks: false,
            },
            rated: true,
            correspondence: None,
            private: false,
            starts_ms: 0,
            ends_ms: 600_000,
            status: TournamentStatus::Upcoming,
            rounds: None,
            entrants: 0,
            by: Some(PlayerInfo {
                id: PlayerId(1),
                name: by.into(),
            }),
        }
    }

    pub(super) fn view(id: u64) -> TournamentView {
        TournamentView {
            summary: summary(id, "someone"),
            code: Some("K7QM-2XPD".into()),
            me: None,
            standings: StandingsPage {
                tournament: TournamentId(id),
                page: 0,
                pages: 1,
                lines: Vec::new(),
            },
            game: None,
        }
    }

    #[test]
    fn the_tournaments_a_player_made_are_listed_as_theirs() {
        let mut app = online();
        app.handle(TournamentAction::OpenList);
        app.apply(Event::Tournament(TournamentEvent::Listed(vec![
            summary(1, "someone"),
            summary(2, "a"),
        ])));
        let mine: Vec<u64> = app
            .tournaments()
            .section(Section::Mine)
            .iter()
            .map(|t| t.tournament.0)
            .collect();
        assert_eq!(mine, [2]);
        assert_eq!(app.tournaments().section(Section::Upcoming).len(), 1);
    }

    #[test]
    fn a_new_connection_follows_the_page_again_with_its_code() {
        let mut app = online();
        app.handle(TournamentAction::Open {
            id: 4,
            code: Some("K7QM-2XPD".into()),
        });
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(view(4)))));
        let out = app.apply(Event::Connection(ConnectionEvent::Welcomed {
            name: "a".into(),
        }));
        assert!(
            out.contains(&Outgoing::Tournament(TournamentRequest::Open {
                id: 4,
                code: Some("K7QM-2XPD".into())
            })),
            "{out:?}"
        );
        // Gone back to the list, it is the list that is asked for again.
        app.handle(ScreenAction::Back);
        let out = app.apply(Event::Connection(ConnectionEvent::Welcomed {
            name: "a".into(),
        }));
        assert!(out.contains(&Outgoing::Tournament(TournamentRequest::List)));
        assert!(
            !out.iter()
                .any(|o| matches!(o, Outgoing::Tournament(TournamentRequest::Open { .. })))
        );
    }

    #[test]
    fn the_page_leads_to_the_players_game_until_their_line_says_it_is_over() {
        let mut app = online();
        app.handle(TournamentAction::Open { id: 4, code: None });
        let mut playing = view(4);
        let mut me = chaupal_shared::protocol::tournaments::StandingLine {
            computer: None,
            rank: 1,
            player: PlayerInfo {
                id: PlayerId(3),
                name: "a".into(),
            },
            rating: 1500,
            points: 0,
            scores: Vec::new(),
            on_fire: false,
            presence: chaupal_shared::protocol::tournaments::EntrantPresence::Playing,
            tie_breaks: Vec::new(),
        };
        playing.me = Some(me.clone());
        playing.standings.lines = vec![me.clone()];
        playing.game = Some(chaupal_shared::protocol::GameId(55));
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(playing))));
        assert_eq!(
            app.handle(TournamentAction::ToMyGame),
            [Outgoing::Lobby(crate::app::LobbyRequest::Resume(55))]
        );
        // The standings say the player waits again: the game is over, and the way to it gone.
        me.presence = chaupal_shared::protocol::tournaments::EntrantPresence::Idle;
        me.points = 2;
        // Standings from before the game count nothing new: the way to it stays.
        let before = StandingsPage {
            tournament: TournamentId(4),
            page: 0,
            pages: 1,
            lines: vec![me.clone()],
        };
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Standings(Box::new(before)),
        )));
        assert_eq!(
            app.tournaments().open.as_ref().and_then(|o| o.game),
            Some(55)
        );
        me.scores = vec![2];
        let first = StandingsPage {
            tournament: TournamentId(4),
            page: 0,
            pages: 1,
            lines: vec![me],
        };
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Standings(Box::new(first)),
        )));
        assert_eq!(app.tournaments().open.as_ref().and_then(|o| o.game), None);
        assert!(app.handle(TournamentAction::ToMyGame).is_empty());
        // The game stays one of the tournament's (its end still leads back to the page).
        assert_eq!(
            app.tournaments().open.as_ref().map(|o| o.played.clone()),
            Some(vec![55])
        );
    }

    #[test]
    fn a_view_of_another_tournament_than_the_one_asked_for_is_not_shown() {
        let mut app = online();
        app.handle(TournamentAction::Open { id: 4, code: None });
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(view(5)))));
        assert!(app.tournaments().open.is_none());
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(view(4)))));
        assert_eq!(app.tournaments().open.as_ref().map(|o| o.id()), Some(4));
    }
}
