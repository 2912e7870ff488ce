//! Tournaments on the wire: the app's wishes about tournaments as requests (the list, a
//! tournament opened and closed, joined, paused, left, a page of its standings, a new arena),
//! the server's answers and news as events, and its refusals in words.

use chaupal_shared::protocol::tournaments::TournamentId;
use chaupal_shared::protocol::{ClientMessage, ErrorReply, Reply, Request};

use super::{Asked, Link};
use crate::app::{Event, TournamentEvent, TournamentRequest};
use crate::net::wording;
use crate::say;

impl Link {
    /// The request for a wish about tournaments.
    pub(super) fn tournament_request(&mut self, out: TournamentRequest) -> ClientMessage {
        let (request, asked) = match out {
            TournamentRequest::List => (Request::ListTournaments, Asked::Tournament),
            TournamentRequest::Open { id, code } => (
                Request::OpenTournament {
                    tournament: TournamentId(id),
                    code,
                },
                Asked::Tournament,
            ),
            TournamentRequest::Close(id) => (
                Request::CloseTournament {
                    tournament: TournamentId(id),
                },
                Asked::Other,
            ),
            TournamentRequest::Join { id, code } => (
                Request::JoinTournament {
                    tournament: TournamentId(id),
                    code,
                },
                Asked::Tournament,
            ),
            TournamentRequest::Pause(id) => (
                Request::PauseTournament {
                    tournament: TournamentId(id),
                },
                Asked::Tournament,
            ),
            TournamentRequest::Leave(id) => (
                Request::LeaveTournament {
                    tournament: TournamentId(id),
                },
                Asked::Tournament,
            ),
            TournamentRequest::Standings { id, page } => (
                Request::TournamentStandings {
                    tournament: TournamentId(id),
                    page,
                },
                Asked::Tournament,
            ),
            TournamentRequest::Create(setup) => {
                (Request::CreateTournament(setup), Asked::TournamentMade)
            }
        };
        self.message(request, asked)
    }

    /// The event for a tournament reply (none for any other).
    pub(super) fn tournament_reply(asked: &Asked, reply: Reply) -> Option<Event> {
        Some(Event::Tournament(match reply {
            Reply::Tournament(view) if *asked == Asked::TournamentMade => {
                TournamentEvent::Made(view)
            }
            Reply::Tournament(view) => TournamentEvent::View(view),
            Reply::Tournaments { tournaments } => TournamentEvent::Listed(tournaments),
            Reply::TournamentStandings(page) => TournamentEvent::Standings(page),
            _ => return None,
        }))
    }

    /// A refusal of a tournament request, in words (none for any other request).
    pub(super) fn tournament_error(asked: &Asked, error: &ErrorReply) -> Option<Event> {
        let what = match asked {
            Asked::Tournament => say!("asked-tournament"),
            Asked::TournamentMade => say!("asked-new-tournament"),
            _ => return None,
        };
        Some(Event::Tournament(TournamentEvent::Refused(
            wording::server_error(Some(what), error),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Action, App, Screen, ScreenAction, TournamentAction};
    use crate::config::Config;
    use crate::net::link::testing::*;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::tournaments::{
        EntrantPresence, StandingLine, StandingsPage, TournamentFormat, TournamentNews,
        TournamentStatus, TournamentSummary, TournamentView,
    };
    use chaupal_shared::protocol::{
        ClockSpec, ErrorCode, GameId, PlayerId, PlayerInfo, ServerMessage,
    };

    fn player(id: u64, name: &str) -> PlayerInfo {
        PlayerInfo {
            id: PlayerId(id),
            name: name.into(),
        }
    }

    fn summary(id: u64, status: TournamentStatus) -> TournamentSummary {
        TournamentSummary {
            tournament: TournamentId(id),
            game: GameKind::BaghChal,
            rules: Vec::new(),
            clock: ClockSpec {
                initial_ms: 180_000,
                increment_ms: 2_000,
            },
            format: TournamentFormat::Arena {
                minutes: 30,
                streaks: true,
            },
            rated: true,
            correspondence: None,
            private: false,
            starts_ms: 1_000_000,
            ends_ms: 2_800_000,
            status,
            rounds: None,
            entrants: 25,
            by: None,
        }
    }

    /// Player `rank + 10`, ranked `rank`; the player on this client (asha) is player 3.
    fn line(rank: u32, id: u64) -> StandingLine {
        StandingLine {
            computer: None,
            rank,
            player: player(id, if id == 3 { "asha" } else { "someone" }),
            rating: 1500,
            points: 100 - rank,
            scores: vec![2],
            on_fire: false,
            presence: EntrantPresence::Idle,
            tie_breaks: Vec::new(),
        }
    }

    fn page(id: u64, page: u32, pages: u32, me_at: Option<u32>) -> StandingsPage {
        StandingsPage {
            tournament: TournamentId(id),
            page,
            pages,
            lines: (1..=10)
                .map(|k| {
                    let rank = page * 10 + k;
                    line(
                        rank,
                        if Some(rank) == me_at {
                            3
                        } else {
                            100 + u64::from(rank)
                        },
                    )
                })
                .collect(),
        }
    }

    fn view(id: u64, status: TournamentStatus, me: Option<StandingLine>) -> TournamentView {
        TournamentView {
            summary: summary(id, status),
            code: None,
            me,
            standings: page(id, 0, 3, None),
            game: None,
        }
    }

    /// What the app wants through the link: the requests sent.
    fn act(link: &mut Link, app: &mut App, action: impl Into<Action>) -> Vec<ClientMessage> {
        let mut sent = Vec::new();
        for out in app.handle(action) {
            sent.extend(wish(link, app, out));
        }
        sent
    }

    fn answer(link: &mut Link, app: &mut App, config: &mut Config, id: u64, reply: Reply) {
        deliver(link, app, config, ServerMessage::Reply { id, reply });
    }

    fn news(link: &mut Link, app: &mut App, config: &mut Config, news: TournamentNews) {
        deliver(link, app, config, ServerMessage::Tournament(news));
    }

    /// A client greeted, on the page of tournament 7 (running, the player not in it).
    fn on_page() -> (Link, App, Config) {
        let (mut link, mut app, mut config) = greeted();
        let sent = act(
            &mut link,
            &mut app,
            TournamentAction::Open { id: 7, code: None },
        );
        assert_eq!(
            sent[0].request,
            Request::OpenTournament {
                tournament: TournamentId(7),
                code: None
            }
        );
        assert_eq!(app.screen(), Screen::Tournament);
        let reply = Reply::Tournament(Box::new(view(7, TournamentStatus::Running, None)));
        answer(&mut link, &mut app, &mut config, sent[0].id, reply);
        (link, app, config)
    }

    #[test]
    fn the_list_is_asked_for_and_sorted_into_its_sections() {
        let (mut link, mut app, mut config) = greeted();
        let sent = act(&mut link, &mut app, TournamentAction::OpenList);
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].request, Request::ListTournaments);
        assert_eq!(app.screen(), Screen::Tournaments);
        let list = vec![
            summary(1, TournamentStatus::Running),
            summary(2, TournamentStatus::Upcoming),
            summary(3, TournamentStatus::Finished),
            summary(4, TournamentStatus::Upcoming),
        ];
        let reply = Reply::Tournaments { tournaments: list };
        answer(&mut link, &mut app, &mut config, sent[0].id, reply);
        let ids = |s| -> Vec<u64> {
            app.tournaments()
                .section(s)
                .iter()
                .map(|t| t.tournament.0)
                .collect()
        };
        use crate::app::Section;
        assert_eq!(ids(Section::Running), [1]);
        assert_eq!(ids(Section::Upcoming), [2, 4]);
        assert_eq!(ids(Section::Finished), [3]);
        assert!(ids(Section::Mine).is_empty());
        // Back goes to the lobby.
        act(&mut link, &mut app, ScreenAction::Back);
        assert_eq!(app.screen(), Screen::Lobby);
    }

    #[test]
    fn joining_pausing_and_leaving_send_their_requests_and_the_buttons_follow() {
        let (mut link, mut app, mut config) = on_page();
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.may(), (true, false, false));
        let sent = act(&mut link, &mut app, TournamentAction::Join);
        assert_eq!(
            sent[0].request,
            Request::JoinTournament {
                tournament: TournamentId(7),
                code: None
            }
        );
        let joined = view(7, TournamentStatus::Running, Some(line(25, 3)));
        answer(
            &mut link,
            &mut app,
            &mut config,
            sent[0].id,
            Reply::Tournament(Box::new(joined)),
        );
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.may(), (false, true, true));
        let sent = act(&mut link, &mut app, TournamentAction::Pause);
        assert_eq!(
            sent[0].request,
            Request::PauseTournament {
                tournament: TournamentId(7)
            }
        );
        let mut paused = line(25, 3);
        paused.presence = EntrantPresence::Paused;
        let reply = Reply::Tournament(Box::new(view(7, TournamentStatus::Running, Some(paused))));
        answer(&mut link, &mut app, &mut config, sent[0].id, reply);
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.may(), (true, false, true));
        let sent = act(&mut link, &mut app, TournamentAction::Leave);
        assert_eq!(
            sent[0].request,
            Request::LeaveTournament {
                tournament: TournamentId(7)
            }
        );
        // Leaving the page stops the news.
        let sent = act(&mut link, &mut app, ScreenAction::Back);
        assert!(sent.iter().any(|m| m.request
            == Request::CloseTournament {
                tournament: TournamentId(7)
            }));
        assert!(sent.iter().any(|m| m.request == Request::ListTournaments));
        assert_eq!(app.screen(), Screen::Tournaments);
        assert!(app.tournaments().open.is_none());
    }

    #[test]
    fn a_page_of_standings_stays_through_news_and_the_players_line_is_pinned_under_it() {
        let (mut link, mut app, mut config) = on_page();
        let sent = act(&mut link, &mut app, TournamentAction::Join);
        let joined = view(7, TournamentStatus::Running, Some(line(25, 3)));
        answer(
            &mut link,
            &mut app,
            &mut config,
            sent[0].id,
            Reply::Tournament(Box::new(joined)),
        );
        // On the first page, the player's line (25th) is not: it is pinned.
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.pinned().map(|l| l.rank), Some(25));
        let sent = act(&mut link, &mut app, TournamentAction::StandingsPage(2));
        assert_eq!(
            sent[0].request,
            Request::TournamentStandings {
                tournament: TournamentId(7),
                page: 2
            }
        );
        let third = Reply::TournamentStandings(Box::new(page(7, 2, 3, Some(25))));
        answer(&mut link, &mut app, &mut config, sent[0].id, third);
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.standings.page, 2);
        assert_eq!(open.pinned(), None, "the player's line is on the page");
        // News of the first page leaves the third shown, but the player's line moves on.
        let mut first = page(7, 0, 3, Some(4));
        first.lines[3].points = 99;
        news(
            &mut link,
            &mut app,
            &mut config,
            TournamentNews::Standings(Box::new(first)),
        );
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.standings.page, 2);
        assert_eq!(open.me.as_ref().map(|m| (m.rank, m.points)), Some((4, 99)));
        // Back on the first page, its news replaces it.
        let sent = act(&mut link, &mut app, TournamentAction::StandingsPage(0));
        let first = Reply::TournamentStandings(Box::new(page(7, 0, 3, Some(4))));
        answer(&mut link, &mut app, &mut config, sent[0].id, first);
        let mut newer = page(7, 0, 3, Some(1));
        newer.lines[0].points = 120;
        news(
            &mut link,
            &mut app,
            &mut config,
            TournamentNews::Standings(Box::new(newer)),
        );
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.standings.lines[0].points, 120);
        assert_eq!(open.me.as_ref().map(|m| m.rank), Some(1));
        // A page beyond the last is not asked for.
        assert!(act(&mut link, &mut app, TournamentAction::StandingsPage(3)).is_empty());
    }

    #[test]
    fn the_end_keeps_the_podium_and_no_button_is_left() {
        let (mut link, mut app, mut config) = on_page();
        news(
            &mut link,
            &mut app,
            &mut config,
            TournamentNews::Status {
                tournament: TournamentId(7),
                status: TournamentStatus::Finished,
                podium: vec![line(1, 11), line(2, 12), line(3, 13)],
            },
        );
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.summary.status, TournamentStatus::Finished);
        assert_eq!(
            open.podium
                .iter()
                .map(|l| l.player.id.0)
                .collect::<Vec<_>>(),
            [11, 12, 13]
        );
        assert_eq!(open.may(), (false, false, false));
        // A view asked for later keeps it.
        let sent = act(&mut link, &mut app, TournamentAction::StandingsPage(1));
        answer(
            &mut link,
            &mut app,
            &mut config,
            sent[0].id,
            Reply::TournamentStandings(Box::new(page(7, 1, 3, None))),
        );
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.podium.len(), 3);
        // News of another tournament changes nothing here.
        news(
            &mut link,
            &mut app,
            &mut config,
            TournamentNews::Status {
                tournament: TournamentId(8),
                status: TournamentStatus::Running,
                podium: Vec::new(),
            },
        );
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.summary.status, TournamentStatus::Finished);
    }

    /// The news of the player's pairing in game 55 of tournament 7, against bo.
    fn paired_in_55() -> TournamentNews {
        TournamentNews::Paired {
            tournament: TournamentId(7),
            game: GameId(55),
            side: Side::First,
            opponent: player(12, "bo"),
        }
    }

    #[test]
    fn the_players_own_line_follows_its_news_far_from_the_page_shown() {
        let (mut link, mut app, mut config) = on_page();
        let sent = act(&mut link, &mut app, TournamentAction::Join);
        let mut joined = line(25, 3);
        joined.presence = EntrantPresence::Playing;
        let reply = Reply::Tournament(Box::new(view(7, TournamentStatus::Running, Some(joined))));
        answer(&mut link, &mut app, &mut config, sent[0].id, reply);
        news(&mut link, &mut app, &mut config, paired_in_55());
        // The game ended and was won: the line, 25th and off the first page, moves to 14th.
        let mut won = line(14, 3);
        won.scores = vec![2, 2];
        let other = TournamentNews::OwnLine {
            tournament: TournamentId(8),
            line: Box::new(line(1, 3)),
        };
        news(&mut link, &mut app, &mut config, other);
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.pinned().map(|l| l.rank), Some(25), "another's news");
        let mine = TournamentNews::OwnLine {
            tournament: TournamentId(7),
            line: Box::new(won),
        };
        news(&mut link, &mut app, &mut config, mine);
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(
            open.pinned().map(|l| (l.rank, l.scores.len())),
            Some((14, 2))
        );
        assert_eq!(open.game, None, "the line counts the game: it is over");
        assert_eq!(open.standings.page, 0, "the page shown stays");
    }

    #[test]
    fn a_pairing_takes_the_player_to_the_game_when_its_snapshot_comes() {
        let (mut link, mut app, mut config) = on_page();
        news(&mut link, &mut app, &mut config, paired_in_55());
        let open = app.tournaments().open.as_ref().expect("the page");
        assert_eq!(open.game, Some(55));
        assert!(app.notice().is_some(), "the pairing is said");
        assert!(
            app.take_cues().contains(&crate::app::Cue::Join),
            "and heard (a hidden tab's title counts it)"
        );
        // The server seats the player's connections at the game: its snapshot follows.
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(55, &[], vec![Side::First], 0),
        );
        assert_eq!(app.screen(), Screen::Game);
        assert_eq!(app.current().and_then(|m| m.id), Some(55));
        assert!(app.in_tournament_game());
        // From the game, back to the tournament's page, seen afresh.
        let sent = act(&mut link, &mut app, TournamentAction::BackToPage);
        assert!(
            sent.iter().any(|m| m.request
                == Request::OpenTournament {
                    tournament: TournamentId(7),
                    code: None
                }),
            "{sent:?}"
        );
        assert_eq!(app.screen(), Screen::Tournament);
        assert!(app.current().is_none());
    }

    #[test]
    fn an_arena_game_offers_berserk_before_ones_first_move_and_says_who_went_berserk() {
        use crate::app::GameAction;
        use chaupal_shared::protocol::{Action as Act, Clocks, GameEvent};
        let (mut link, mut app, mut config) = greeted();
        news(&mut link, &mut app, &mut config, paired_in_55());
        let clocks = |first_ms| Clocks {
            first_ms,
            second_ms: 60_000,
            running: None,
        };
        let mut snap = snapshot(55, &[], vec![Side::First], 0);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.clocks = Some(clocks(60_000));
        }
        deliver(&mut link, &mut app, &mut config, snap);
        assert!(app.is_arena_game(55), "known from the pairing alone");
        assert!(!app.is_arena_game(56));
        assert!(
            app.current()
                .is_some_and(crate::play::Match::may_go_berserk)
        );
        let sent = act(&mut link, &mut app, GameAction::Berserk);
        assert!(
            sent.iter().any(|m| matches!(
                &m.request,
                Request::Act {
                    game: GameId(55),
                    action: Act::Berserk,
                    ..
                }
            )),
            "{sent:?}"
        );
        let event = |version, side| ServerMessage::Event {
            game: GameId(55),
            version,
            event: GameEvent::Berserked {
                side,
                clocks: Some(clocks(30_000)),
            },
        };
        deliver(&mut link, &mut app, &mut config, event(1, Side::First));
        let m = app.current().expect("the game");
        assert_eq!(m.berserk, [true, false]);
        assert_eq!(m.clocks.as_ref().map(|c| c.left_ms[0]), Some(30_000.0));
        assert!(!m.may_go_berserk(), "once only");
        assert_eq!(
            app.notice().and_then(|n| n.text.id()),
            Some("notice-berserk-you")
        );
        assert!(act(&mut link, &mut app, GameAction::Berserk).is_empty());
        // The opponent's berserk is said too.
        deliver(&mut link, &mut app, &mut config, event(2, Side::Second));
        assert_eq!(
            app.notice().and_then(|n| n.text.id()),
            Some("notice-berserk-by")
        );
        assert_eq!(app.current().map(|m| m.berserk), Some([true, true]));
    }

    #[test]
    fn the_list_on_the_screen_is_asked_for_again_after_a_start_and_every_half_minute() {
        let (mut link, mut app, mut config) = greeted();
        let t0 = 1_000_000;
        app.set_now_ms(t0);
        let sent = act(&mut link, &mut app, TournamentAction::OpenList);
        assert_eq!(sent[0].request, Request::ListTournaments);
        let mut soon = summary(1, TournamentStatus::Upcoming);
        soon.starts_ms = t0 + 10_000;
        soon.ends_ms = t0 + 600_000;
        let reply = Reply::Tournaments {
            tournaments: vec![soon.clone()],
        };
        answer(&mut link, &mut app, &mut config, sent[0].id, reply);
        let due = |app: &mut App, at: u64| {
            app.set_now_ms(at);
            app.due_by_clock()
                .into_iter()
                .filter(|o| matches!(o, crate::app::Outgoing::Tournament(TournamentRequest::List)))
                .count()
        };
        assert_eq!(due(&mut app, t0 + 5_000), 0);
        // The start has passed (and the server's pass with it): asked again, once.
        assert_eq!(due(&mut app, t0 + 11_500), 1);
        assert_eq!(
            due(&mut app, t0 + 11_600),
            0,
            "not while the answer is awaited"
        );
        soon.status = TournamentStatus::Running;
        soon.entrants = 40;
        app.apply(crate::app::Event::Tournament(
            crate::app::TournamentEvent::Listed(vec![soon]),
        ));
        assert_eq!(
            app.tournaments().list.as_ref().map(|l| l[0].entrants),
            Some(40)
        );
        assert_eq!(due(&mut app, t0 + 30_000), 0);
        assert_eq!(due(&mut app, t0 + 11_500 + 30_000), 1, "half a minute on");
        app.apply(crate::app::Event::Tournament(
            crate::app::TournamentEvent::Listed(Vec::new()),
        ));
        // Elsewhere than on the list, never.
        act(&mut link, &mut app, ScreenAction::Back);
        assert_eq!(app.screen(), Screen::Lobby);
        assert_eq!(due(&mut app, t0 + 200_000), 0);
    }

    #[test]
    fn the_start_of_ones_own_tournament_is_said_and_heard_and_anothers_is_not() {
        let (mut link, mut app, mut config) = greeted();
        let sent = act(
            &mut link,
            &mut app,
            TournamentAction::Open { id: 7, code: None },
        );
        let reply = Reply::Tournament(Box::new(view(
            7,
            TournamentStatus::Upcoming,
            Some(line(4, 3)),
        )));
        answer(&mut link, &mut app, &mut config, sent[0].id, reply);
        app.take_cues();
        let started = |id| TournamentNews::Status {
            tournament: TournamentId(id),
            status: TournamentStatus::Running,
            podium: Vec::new(),
        };
        news(&mut link, &mut app, &mut config, started(8));
        assert!(app.take_cues().is_empty(), "not this player's");
        news(&mut link, &mut app, &mut config, started(7));
        assert_eq!(app.take_cues(), [crate::app::Cue::Join]);
        assert_eq!(
            app.notice().and_then(|n| n.text.id()),
            Some("tournament-started")
        );
    }

    #[test]
    fn after_ones_first_move_berserk_is_not_offered() {
        let (mut link, mut app, mut config) = greeted();
        news(&mut link, &mut app, &mut config, paired_in_55());
        let mut snap = snapshot(55, &["c3"], vec![Side::First], 1);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.clocks = Some(chaupal_shared::protocol::Clocks {
                first_ms: 60_000,
                second_ms: 60_000,
                running: Some(Side::Second),
            });
        }
        deliver(&mut link, &mut app, &mut config, snap);
        let m = app.current().expect("the game");
        assert!(!m.may_go_berserk());
        // The second side had not moved: it could have.
        let mut theirs = m.clone();
        theirs.seats = crate::play::Seats::One(Side::Second);
        assert!(theirs.may_go_berserk());
    }

    #[test]
    fn an_arena_made_opens_its_page_and_follows_it() {
        let (mut link, mut app, mut config) = greeted();
        act(&mut link, &mut app, TournamentAction::OpenList);
        act(&mut link, &mut app, TournamentAction::NewTournament);
        assert_eq!(app.screen(), Screen::NewTournament);
        act(
            &mut link,
            &mut app,
            TournamentAction::CycleMinutes { forward: true },
        );
        act(
            &mut link,
            &mut app,
            TournamentAction::CycleStart { forward: false },
        );
        act(&mut link, &mut app, TournamentAction::SetPrivate(true));
        let sent = act(&mut link, &mut app, TournamentAction::Create);
        let Request::CreateTournament(setup) = &sent[0].request else {
            panic!("not a new tournament: {sent:?}");
        };
        assert_eq!(
            setup.format,
            TournamentFormat::Arena {
                minutes: 60,
                streaks: true
            }
        );
        assert_eq!(setup.starts_in_s, 0);
        assert!(setup.private && setup.rated);
        let mut made = view(9, TournamentStatus::Running, None);
        made.code = Some("K7QM-2XPD".into());
        made.summary.private = true;
        let follow = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Tournament(Box::new(made)),
            },
        );
        assert_eq!(app.screen(), Screen::Tournament);
        assert_eq!(app.tournaments().open.as_ref().map(|o| o.id()), Some(9));
        assert!(app.tournaments().mine.contains(&9));
        assert_eq!(
            follow.iter().map(|m| &m.request).collect::<Vec<_>>(),
            [&Request::OpenTournament {
                tournament: TournamentId(9),
                code: Some("K7QM-2XPD".into())
            }],
            "its news are asked for"
        );
        app.set_site(Some("https://play.chaupal.example".into()));
        assert_eq!(
            app.tournament_link().as_deref(),
            Some("https://play.chaupal.example/tournament/9?code=K7QM-2XPD")
        );
    }

    #[test]
    fn a_swiss_by_correspondence_is_made_and_a_bye_from_the_wire_is_said() {
        let (mut link, mut app, mut config) = greeted();
        act(&mut link, &mut app, TournamentAction::OpenList);
        act(&mut link, &mut app, TournamentAction::NewTournament);
        act(
            &mut link,
            &mut app,
            TournamentAction::CycleFormat { forward: true },
        );
        act(
            &mut link,
            &mut app,
            TournamentAction::SetCorrespondence(true),
        );
        let sent = act(&mut link, &mut app, TournamentAction::Create);
        let Request::CreateTournament(setup) = &sent[0].request else {
            panic!("not a new tournament: {sent:?}");
        };
        assert!(matches!(
            setup.format,
            TournamentFormat::Swiss { rounds: 5, .. }
        ));
        assert_eq!(setup.correspondence.and_then(|c| c.days), Some(3));
        let bye = TournamentNews::SatOut {
            tournament: TournamentId(9),
            round: 3,
            bye: true,
        };
        news(&mut link, &mut app, &mut config, bye);
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english() == "Round 3: you have a bye, a won round.")
        );
    }

    #[test]
    fn a_refusal_is_said() {
        let (mut link, mut app, mut config) = greeted();
        let sent = act(
            &mut link,
            &mut app,
            TournamentAction::Open { id: 5, code: None },
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(sent[0].id),
                error: ErrorReply::new(ErrorCode::NoSuchTournament, "no such tournament"),
            },
        );
        assert!(
            app.notice()
                .is_some_and(|n| n.tone == crate::app::Tone::Problem)
        );
        assert!(app.tournaments().open.is_none());
    }

    #[test]
    fn offline_nothing_is_asked() {
        let mut app = App::new(true);
        assert!(app.handle(TournamentAction::OpenList).is_empty());
        assert_eq!(app.screen(), Screen::Lobby);
        assert!(app.notice().is_some());
    }
}
