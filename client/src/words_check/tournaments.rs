//! The tournament screens' set-ups for the check: a long list in every section, a
//! tournament's page upcoming (private, with its link), running (the player's line pinned
//! under another page of the standings, a streak on fire), paused, and finished with a
//! long-named podium; and the card that makes an arena.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::tournaments::{
    EntrantPresence, StandingLine, StandingsPage, TournamentFormat, TournamentId, TournamentStatus,
    TournamentSummary, TournamentView,
};
use chaupal_shared::protocol::{ClockSpec, PlayerId, PlayerInfo};

use super::lobby::lobby;
use super::{LONG_NAME, NOW_MS, OTHER_NAME};
use crate::app::{Action, App, Event, TournamentAction, TournamentEvent};

/// A tournament's summary: the longest format's words (streaks, 1,440 minutes, thousands of
/// players), made by the longest name.
pub(super) fn summary(id: u64, game: GameKind, status: TournamentStatus) -> TournamentSummary {
    TournamentSummary {
        tournament: TournamentId(id),
        game,
        rules: Vec::new(),
        clock: ClockSpec {
            initial_ms: 10 * 60_000,
            increment_ms: 5_000,
        },
        format: TournamentFormat::Arena {
            minutes: 1440,
            streaks: true,
        },
        rated: true,
        private: id % 3 == 0,
        starts_ms: NOW_MS + 23 * 3_600_000 + 59 * 60_000,
        ends_ms: NOW_MS + 23 * 3_600_000 + 59 * 60_000,
        status,
        entrants: 1234,
        by: Some(player(1, LONG_NAME)),
    }
}

fn player(id: u64, name: &str) -> PlayerInfo {
    PlayerInfo {
        id: PlayerId(id),
        name: name.into(),
    }
}

/// A line of the standings: long names, four-digit points, every presence.
pub(super) fn line(rank: u32, name: &str, on_fire: bool) -> StandingLine {
    let presences = [
        EntrantPresence::Idle,
        EntrantPresence::Playing,
        EntrantPresence::Paused,
        EntrantPresence::Left,
    ];
    StandingLine {
        rank,
        player: player(100 + u64::from(rank), name),
        rating: 2199,
        points: 1000 + 10 * (100 - rank.min(100)),
        scores: vec![2, 4, 4, 0],
        on_fire,
        presence: presences[rank as usize % presences.len()],
    }
}

/// A page of the standings, 10 lines of long names.
fn page(tournament: u64, page: u32, pages: u32) -> StandingsPage {
    StandingsPage {
        tournament: TournamentId(tournament),
        page,
        pages,
        lines: (0..10)
            .map(|k| {
                let rank = page * 10 + k + 1;
                let name = if k % 2 == 0 { OTHER_NAME } else { LONG_NAME };
                line(rank, name, k % 3 == 0)
            })
            .collect(),
    }
}

/// The list: a dozen tournaments in each section.
pub(super) fn list() -> App {
    let mut app = lobby();
    app.set_now_ms(NOW_MS);
    app.handle(Action::Tournament(TournamentAction::OpenList));
    let statuses = [
        TournamentStatus::Running,
        TournamentStatus::Upcoming,
        TournamentStatus::Finished,
    ];
    let list: Vec<TournamentSummary> = (1..=36)
        .map(|id| {
            summary(
                id,
                GameKind::ALL[id as usize % GameKind::ALL.len()],
                statuses[id as usize % statuses.len()],
            )
        })
        .collect();
    app.apply(Event::Tournament(TournamentEvent::Listed(list)));
    // The player's own: two entered.
    for id in [4, 5] {
        let mut view = view(
            summary(id, GameKind::Kalah, TournamentStatus::Running),
            0,
            1,
        );
        view.me = Some(line(3, LONG_NAME, true));
        app.apply(Event::Tournament(TournamentEvent::View(Box::new(view))));
    }
    app
}

fn view(summary: TournamentSummary, on: u32, pages: u32) -> TournamentView {
    let id = summary.tournament.0;
    TournamentView {
        summary,
        code: None,
        me: None,
        standings: page(id, on, pages),
        game: None,
    }
}

/// A tournament's page in `status`: the player in it or not (and where), on page `on` of
/// `pages` of the standings.
pub(super) fn page_of(
    status: TournamentStatus,
    me: Option<StandingLine>,
    (on, pages): (u32, u32),
    private: bool,
) -> App {
    let mut app = lobby();
    app.set_now_ms(NOW_MS);
    app.handle(Action::Tournament(TournamentAction::Open {
        id: 42,
        code: None,
    }));
    let mut summary = summary(42, GameKind::SholoGuti, status);
    summary.private = private;
    let mut view = view(summary, on, pages);
    view.me = me;
    view.code = private.then(|| "K7QM-2XPD".to_owned());
    app.apply(Event::Tournament(TournamentEvent::View(Box::new(view))));
    if status == TournamentStatus::Finished {
        app.apply(Event::Tournament(TournamentEvent::News(
            chaupal_shared::protocol::tournaments::TournamentNews::Status {
                tournament: TournamentId(42),
                status,
                podium: vec![
                    line(1, LONG_NAME, true),
                    line(2, OTHER_NAME, false),
                    line(3, LONG_NAME, false),
                ],
            },
        )));
    }
    app
}

/// `app` (a tournament's page) told of the player's pairing in `game`.
pub(super) fn paired(mut app: App, game: u64) -> App {
    app.apply(Event::Tournament(TournamentEvent::News(
        chaupal_shared::protocol::tournaments::TournamentNews::Paired {
            tournament: TournamentId(42),
            game: chaupal_shared::protocol::GameId(game),
            side: chaupal_rules::Side::First,
            opponent: player(2, OTHER_NAME),
        },
    )));
    app
}

/// The card that makes an arena, with the longest choices (Sholo Guti, an hour, the slowest
/// clock, an hour from now), public or private.
pub(super) fn new_arena(private: bool) -> App {
    let mut app = list();
    app.handle(Action::Tournament(TournamentAction::NewArena));
    app.handle(Action::Tournament(TournamentAction::CycleMinutes {
        forward: false,
    }));
    app.handle(Action::Tournament(TournamentAction::CycleClock {
        forward: false,
    }));
    app.handle(Action::Tournament(TournamentAction::CycleStart {
        forward: false,
    }));
    app.handle(Action::Tournament(TournamentAction::SetPrivate(private)));
    app
}
