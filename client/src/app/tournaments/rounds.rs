//! A Swiss's and a round robin's rounds in the app: their news (`rounds`: a round paired, or
//! ended with the next one's time) on the page and in the list, the page open asked for again
//! for them as well (in case news was missed), and the notice of a round the player sits out,
//! with a bye or without.

use chaupal_shared::protocol::tournaments::{RoundsInfo, TournamentId};

use crate::app::shell::{Screen, Tone};
use crate::app::{App, Outgoing, TournamentRequest};
use crate::say;

impl App {
    /// The page open asked for again when it is due ([`crate::app::Tournaments::page_due`]: a Swiss's or
    /// a round robin's, for its rounds), while online and on the screen.
    pub(in crate::app) fn tournament_page_due(&mut self) -> Option<Outgoing> {
        let now = self.shell.now_ms;
        if self.screen != Screen::Tournament
            || !self.online.connection.online()
            || !self.tournaments.page_due(now)
        {
            return None;
        }
        let open = self.tournaments.open.as_ref()?;
        let (id, code) = (open.id(), open.code.clone());
        // Asked in the background: the page's buttons stay as they are.
        self.tournaments.page_asked_ms = Some(now);
        Some(Outgoing::Tournament(TournamentRequest::Open { id, code }))
    }

    /// Tournament `id`'s rounds moved on: the page open and the list show them.
    pub(super) fn rounds_moved(&mut self, id: TournamentId, rounds: RoundsInfo) {
        if let Some(list) = &mut self.tournaments.list
            && let Some(t) = list.iter_mut().find(|t| t.tournament == id)
        {
            t.rounds = Some(rounds);
        }
        if let Some(open) = &mut self.tournaments.open
            && open.id() == id.0
        {
            open.summary.rounds = Some(rounds);
        }
    }

    /// The player sits out `round` of tournament `id`: with a bye (a Swiss's, a won round) or
    /// without (a round robin's odd one out). Said, and the page's round moves on.
    pub(super) fn sat_out(&mut self, id: u64, round: u32, bye: bool) {
        self.tournaments.note_mine(id);
        if let Some(open) = &mut self.tournaments.open
            && open.id() == id
            && let Some(rounds) = &mut open.summary.rounds
        {
            rounds.round = rounds.round.max(round);
        }
        let said = if bye {
            say!("tournament-bye", round = round)
        } else {
            say!("tournament-sat-out", round = round)
        };
        self.tell(said, Tone::News);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::view;
    use crate::app::TournamentRequest;
    use crate::app::testing::online;
    use crate::app::{Event, OpenTournament, Outgoing, TournamentAction, TournamentEvent};
    use chaupal_shared::protocol::tournaments::{
        EntrantPresence, RoundsInfo, StandingLine, TournamentFormat, TournamentId, TournamentNews,
        TournamentStatus, TournamentView,
    };
    use chaupal_shared::protocol::{PlayerId, PlayerInfo};

    fn in_rounds(format: TournamentFormat, status: TournamentStatus) -> TournamentView {
        let mut view = view(4);
        view.summary.format = format;
        view.summary.status = status;
        view.summary.rounds = Some(RoundsInfo {
            round: 2,
            of: 5,
            next_ms: None,
        });
        view
    }

    fn my_line(presence: EntrantPresence) -> StandingLine {
        StandingLine {
            computer: None,
            rank: 1,
            player: PlayerInfo {
                id: PlayerId(3),
                name: "a".into(),
            },
            rating: 1500,
            points: 3,
            scores: vec![2, 1],
            on_fire: false,
            presence,
            tie_breaks: Vec::new(),
        }
    }

    #[test]
    fn a_rounds_news_moves_the_page_on_to_the_next_rounds_countdown() {
        let mut app = online();
        app.handle(TournamentAction::Open { id: 4, code: None });
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: false,
        };
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(
            in_rounds(swiss, TournamentStatus::Running),
        ))));
        let next = RoundsInfo {
            round: 2,
            of: 5,
            next_ms: Some(1_767_232_830_000),
        };
        // Another tournament's news changes nothing here.
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Rounds {
                tournament: TournamentId(5),
                rounds: RoundsInfo { round: 4, ..next },
            },
        )));
        assert_eq!(
            app.tournaments()
                .open
                .clone()
                .unwrap()
                .summary
                .rounds
                .map(|r| r.round),
            Some(2)
        );
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Rounds {
                tournament: TournamentId(4),
                rounds: next,
            },
        )));
        let open = app.tournaments().open.clone().unwrap();
        assert_eq!(open.summary.rounds, Some(next));
    }

    #[test]
    fn a_round_sat_out_is_said_with_or_without_a_bye() {
        let mut app = online();
        app.handle(TournamentAction::Open { id: 4, code: None });
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: false,
        };
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(
            in_rounds(swiss, TournamentStatus::Running),
        ))));
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::SatOut {
                tournament: TournamentId(4),
                round: 3,
                bye: true,
            },
        )));
        let said = app.notice().map(|n| n.text.english());
        assert_eq!(
            said.as_deref(),
            Some("Round 3: you have a bye, a won round.")
        );
        // The page's round moves on with it.
        let open = app.tournaments().open.clone().unwrap();
        assert_eq!(open.summary.rounds.map(|r| r.round), Some(3));
        assert!(app.tournaments().mine.contains(&4));
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::SatOut {
                tournament: TournamentId(4),
                round: 4,
                bye: false,
            },
        )));
        assert!(
            app.notice()
                .is_some_and(|n| n.text.id() == Some("tournament-sat-out"))
        );
    }

    #[test]
    fn a_first_round_bye_told_with_the_start_is_not_hidden_by_it() {
        let mut app = online();
        app.handle(TournamentAction::Open { id: 4, code: None });
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: false,
        };
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(
            in_rounds(swiss, TournamentStatus::Upcoming),
        ))));
        // The server pairs the first round, then says the Swiss has started.
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::SatOut {
                tournament: TournamentId(4),
                round: 1,
                bye: true,
            },
        )));
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Status {
                tournament: TournamentId(4),
                status: TournamentStatus::Running,
                podium: Vec::new(),
            },
        )));
        assert!(
            app.notice()
                .is_some_and(|n| n.text.id() == Some("tournament-bye")),
            "{:?}",
            app.notice().map(|n| n.text.english())
        );
        // Later, its end is said as ever.
        app.tick(10.0);
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Status {
                tournament: TournamentId(4),
                status: TournamentStatus::Finished,
                podium: Vec::new(),
            },
        )));
        assert!(
            app.notice()
                .is_some_and(|n| n.text.id() == Some("tournament-ended"))
        );
    }

    #[test]
    fn a_round_robin_has_no_pause_and_is_joined_only_before_its_start_while_it_has_room() {
        let round_robin = TournamentFormat::RoundRobin {
            double: false,
            most_entrants: 4,
        };
        let page = |status, me: Option<EntrantPresence>, entrants| {
            let mut view = in_rounds(round_robin, status);
            view.me = me.map(my_line);
            view.summary.entrants = entrants;
            OpenTournament::of(view)
        };
        let upcoming = page(TournamentStatus::Upcoming, None, 3);
        assert_eq!(upcoming.may(), (true, false, false));
        assert_eq!(upcoming.join_button(), Some(true));
        // Full, or started: Join stands, not to be pressed.
        let full = page(TournamentStatus::Upcoming, None, 4);
        assert_eq!(full.may(), (false, false, false));
        assert_eq!(full.join_button(), Some(false));
        let started = page(TournamentStatus::Running, None, 3);
        assert_eq!(started.join_button(), Some(false));
        // In it: leave, and never pause.
        let playing = page(TournamentStatus::Running, Some(EntrantPresence::Playing), 3);
        assert_eq!(playing.may(), (false, false, true));
        assert_eq!(playing.join_button(), None);
    }

    #[test]
    fn a_swiss_pauses_and_is_joined_until_its_last_round_is_paired() {
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: true,
        };
        let page = |round, me: Option<EntrantPresence>| {
            let mut view = in_rounds(swiss, TournamentStatus::Running);
            view.summary.rounds = Some(RoundsInfo {
                round,
                of: 5,
                next_ms: None,
            });
            view.me = me.map(my_line);
            OpenTournament::of(view)
        };
        assert_eq!(page(2, None).may(), (true, false, false));
        assert_eq!(
            page(2, Some(EntrantPresence::Idle)).may(),
            (false, true, true)
        );
        // A pause taken back while rounds are to be paired.
        assert_eq!(
            page(4, Some(EntrantPresence::Paused)).may(),
            (true, false, true)
        );
        // The last round paired: no more entries.
        assert_eq!(page(5, None).may(), (false, false, false));
        assert_eq!(page(5, None).join_button(), Some(false));
        assert_eq!(
            page(5, Some(EntrantPresence::Paused)).may(),
            (false, false, true)
        );
        // An arena is as it was.
        let arena = OpenTournament::of(view(4));
        assert_eq!(arena.may(), (true, false, false));
    }

    #[test]
    fn a_swiss_page_is_asked_for_again_for_its_rounds_and_an_arenas_is_not() {
        let mut app = online();
        app.set_now_ms(1_000_000);
        app.handle(TournamentAction::Open { id: 4, code: None });
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: false,
        };
        let mut running = in_rounds(swiss, TournamentStatus::Running);
        running.summary.rounds = Some(RoundsInfo {
            round: 2,
            of: 5,
            next_ms: Some(1_020_000),
        });
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(running))));
        assert!(app.due_by_clock().is_empty());
        // The next round's pairing passed: the page is asked for again.
        app.set_now_ms(1_021_500);
        assert_eq!(
            app.due_by_clock(),
            [Outgoing::Tournament(TournamentRequest::Open {
                id: 4,
                code: Some("K7QM-2XPD".into())
            })]
        );
        assert!(app.due_by_clock().is_empty(), "once");
        let mut arena = online();
        arena.set_now_ms(1_000_000);
        arena.handle(TournamentAction::Open { id: 4, code: None });
        arena.apply(Event::Tournament(TournamentEvent::View(Box::new(view(4)))));
        arena.set_now_ms(1_100_000);
        assert!(arena.due_by_clock().is_empty());
    }

    #[test]
    fn a_swiss_game_is_no_arena_game_and_offers_no_berserk() {
        let mut app = online();
        app.handle(TournamentAction::Open { id: 4, code: None });
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: false,
        };
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(
            in_rounds(swiss, TournamentStatus::Running),
        ))));
        app.apply(Event::Tournament(TournamentEvent::News(
            TournamentNews::Paired {
                tournament: TournamentId(4),
                game: chaupal_shared::protocol::GameId(55),
                side: chaupal_rules::Side::First,
                opponent: PlayerInfo {
                    id: PlayerId(9),
                    name: "b".into(),
                },
            },
        )));
        assert_eq!(
            app.tournaments().open.as_ref().and_then(|o| o.game),
            Some(55)
        );
        assert!(!app.is_arena_game(55));
    }
}
