//! The tournament screens' set-ups for the check: a long list in every section, a
//! tournament's page upcoming (private, with its link), running (the player's line pinned
//! under another page of the standings, a streak on fire), paused, and finished with a
//! long-named podium; a Swiss's page mid-round and between rounds, a round robin's page, with
//! their tie-breaks; and the card that makes a tournament, for each format and pace.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::tournaments::{
    EntrantPresence, RoundsInfo, StandingLine, StandingsPage, TieBreak, TournamentFormat,
    TournamentId, TournamentNews, TournamentStatus, TournamentSummary, TournamentView,
};
use chaupal_shared::protocol::{ClockSpec, Correspondence, PlayerId, PlayerInfo};

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
        correspondence: None,
        private: id % 3 == 0,
        starts_ms: NOW_MS + 23 * 3_600_000 + 59 * 60_000,
        ends_ms: NOW_MS + 23 * 3_600_000 + 59 * 60_000,
        status,
        rounds: None,
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
        computer: None,
        rank,
        player: player(100 + u64::from(rank), name),
        rating: 2199,
        points: 1000 + 10 * (100 - rank.min(100)),
        scores: vec![2, 4, 4, 0],
        on_fire,
        presence: presences[rank as usize % presences.len()],
        tie_breaks: Vec::new(),
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
            let status = statuses[id as usize % statuses.len()];
            let summary = summary(id, GameKind::ALL[id as usize % GameKind::ALL.len()], status);
            // Every fourth a Swiss, every fourth a round robin, by correspondence or live.
            match id % 4 {
                1 => in_rounds(summary, SWISS, (3, 11), id % 8 == 1),
                2 => in_rounds(summary, DOUBLE_ROUND_ROBIN, (3, 30), id % 8 == 2),
                _ => summary,
            }
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
    app.handle(Action::Tournament(TournamentAction::NewTournament));
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

/// The longest Swiss: 11 rounds of matches of two games.
const SWISS: TournamentFormat = TournamentFormat::Swiss {
    rounds: 11,
    matches: true,
};

/// The longest round robin: double, of 16.
const DOUBLE_ROUND_ROBIN: TournamentFormat = TournamentFormat::RoundRobin {
    double: true,
    most_entrants: 16,
};

/// `summary` as a Swiss's or a round robin's of `format`, at round `round` of `of`, by
/// correspondence (14 days a move) or live.
fn in_rounds(
    mut summary: TournamentSummary,
    format: TournamentFormat,
    (round, of): (u32, u32),
    by_correspondence: bool,
) -> TournamentSummary {
    summary.format = format;
    summary.correspondence = by_correspondence
        .then(|| Correspondence::days(14))
        .flatten();
    let round = if summary.status == TournamentStatus::Upcoming {
        0
    } else {
        round
    };
    summary.rounds = Some(RoundsInfo {
        round,
        of,
        next_ms: None,
    });
    summary
}

/// A Swiss's or a round robin's line: long names, many points, long tie-breaks.
fn rounds_line(rank: u32, name: &str, format: TournamentFormat) -> StandingLine {
    let mut line = line(rank, name, false);
    line.points = 59 - rank.min(59);
    line.scores = vec![4, 3, 2, 1, 0];
    line.tie_breaks = match format {
        TournamentFormat::RoundRobin { .. } => {
            vec![TieBreak::SonnebornBerger(1003), TieBreak::Wins(29)]
        }
        _ => vec![TieBreak::Buchholz(1001), TieBreak::SonnebornBerger(1003)],
    };
    line
}

/// A Swiss's or a round robin's page in `status`, the player's line pinned under the first
/// page of many when `me` (the tournament by correspondence, or live with its next round in
/// `next_s` seconds).
pub(super) fn rounds_page(
    format: TournamentFormat,
    status: TournamentStatus,
    me: Option<EntrantPresence>,
    next_s: Option<u64>,
) -> App {
    let mut app = lobby();
    app.set_now_ms(NOW_MS);
    app.handle(Action::Tournament(TournamentAction::Open {
        id: 42,
        code: None,
    }));
    let of = match format {
        TournamentFormat::Swiss { rounds, .. } => rounds,
        _ => 30,
    };
    let mut summary = in_rounds(
        summary(42, GameKind::SholoGuti, status),
        format,
        (of - 1, of),
        next_s.is_none(),
    );
    if let Some(rounds) = &mut summary.rounds {
        rounds.next_ms = next_s.map(|s| NOW_MS + s * 1000);
    }
    if let TournamentFormat::RoundRobin { most_entrants, .. } = format {
        summary.entrants = most_entrants;
    }
    let mut view = view(summary, 0, 12);
    view.standings.lines = (1..=10)
        .map(|rank| {
            let name = if rank % 2 == 0 { OTHER_NAME } else { LONG_NAME };
            rounds_line(rank, name, format)
        })
        .collect();
    view.me = me.map(|presence| {
        let mut line = rounds_line(57, LONG_NAME, format);
        line.presence = presence;
        line
    });
    app.apply(Event::Tournament(TournamentEvent::View(Box::new(view))));
    app
}

/// A Swiss's page mid-round, by correspondence, with the tie-breaks, the player's line pinned.
pub(super) fn swiss_mid_round() -> App {
    rounds_page(
        SWISS,
        TournamentStatus::Running,
        Some(EntrantPresence::Playing),
        None,
    )
}

/// A live Swiss between rounds, the next in 25 seconds, and the player told of their bye.
pub(super) fn swiss_between_rounds() -> App {
    let mut app = rounds_page(
        SWISS,
        TournamentStatus::Running,
        Some(EntrantPresence::Idle),
        Some(25),
    );
    app.apply(Event::Tournament(TournamentEvent::News(
        TournamentNews::SatOut {
            tournament: TournamentId(42),
            round: 10,
            bye: true,
        },
    )));
    app
}

/// A double round robin that has started, the player in it, and one full before its start
/// (its Join not to be pressed) told of a round sat out.
pub(super) fn round_robin(started: bool) -> App {
    if started {
        return rounds_page(
            DOUBLE_ROUND_ROBIN,
            TournamentStatus::Running,
            Some(EntrantPresence::Idle),
            None,
        );
    }
    let mut app = rounds_page(DOUBLE_ROUND_ROBIN, TournamentStatus::Upcoming, None, None);
    app.apply(Event::Tournament(TournamentEvent::News(
        TournamentNews::SatOut {
            tournament: TournamentId(42),
            round: 29,
            bye: false,
        },
    )));
    app
}

/// The card that makes a tournament with `format` chosen (a Swiss's longest choices, a round
/// robin's), live or by correspondence, starting in a week.
pub(super) fn new_in_rounds(swiss: bool, by_correspondence: bool) -> App {
    let mut app = new_arena(false);
    let steps = if swiss { 1 } else { 2 };
    for _ in 0..steps {
        app.handle(Action::Tournament(TournamentAction::CycleFormat {
            forward: true,
        }));
    }
    // The most rounds, players and days a move.
    for _ in 0..2 {
        app.handle(Action::Tournament(TournamentAction::CycleRounds {
            forward: false,
        }));
    }
    for _ in 0..3 {
        app.handle(Action::Tournament(TournamentAction::CycleEntrants {
            forward: false,
        }));
        app.handle(Action::Tournament(TournamentAction::CycleDays {
            forward: false,
        }));
    }
    app.handle(Action::Tournament(TournamentAction::SetDouble(true)));
    app.handle(Action::Tournament(TournamentAction::SetCorrespondence(
        by_correspondence,
    )));
    // A week from now.
    app.handle(Action::Tournament(TournamentAction::CycleStart {
        forward: false,
    }));
    app
}

/// The card that makes a private round robin by correspondence with four computer entrants of
/// the strongest level: every row the card can have.
pub(super) fn new_with_computers() -> App {
    let mut app = new_in_rounds(false, true);
    app.handle(Action::Tournament(TournamentAction::SetPrivate(true)));
    for _ in 0..4 {
        app.handle(Action::Tournament(TournamentAction::CycleComputers {
            forward: true,
        }));
    }
    for _ in 0..5 {
        app.handle(Action::Tournament(TournamentAction::CycleComputerLevel {
            forward: true,
        }));
    }
    app
}
