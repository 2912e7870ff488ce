//! The card that makes a tournament: its format (an arena, a Swiss or a round robin), the
//! game, the format's own choices (an arena's length; a Swiss's rounds, single games or
//! matches of two; a round robin's most players, once or twice round), the pace (a Swiss or a
//! round robin live or by correspondence; each game's clock, or days a move), when it starts,
//! public or private; the tournament is rated (an arena with streaks). Its page opens on the
//! answer. Every stepper has the width of the widest value any may show, so that they stand in
//! one column whatever is chosen.

use chaupal_rules::GameKind;
use chaupal_shared::levels::LEVELS;
use chaupal_shared::protocol::{ClockSpec, Correspondence};

use super::{lines, paragraph};
use crate::app::{ARENA_CLOCKS, ARENA_MINUTES, ARENA_STARTS, Action, App, ScreenAction};
use crate::app::{FormatChoice, MOST_COMPUTERS_OFFERED, ROUND_ROBIN_ENTRANTS, SWISS_ROUNDS};
use crate::app::{TournamentAction, clock_words, pace_value};
use crate::draw::screens::common::stepper;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::Measure;
use crate::say;
use crate::words::Phrase;

/// A stepper's label, its value now, and its two steps.
type Row = (&'static str, String, [TournamentAction; 2]);

/// Draws the card from the top of `column`; returns the y below.
pub(super) fn draw(app: &App, ui: &Ui, column: Area, actions: &mut Vec<Action>) -> f32 {
    let form = &app.tournaments().form;
    let mut y = lines(
        ui,
        &ui.t("tournament-new-heading"),
        (true, ui.unit * 1.3),
        column,
        column.y,
        theme::TEXT,
    );
    y += ui.unit * 0.3;
    let minutes = |m: u32| ui.say(&say!("tournament-minutes", count = m));
    let rounds = |r: u32| ui.say(&say!("tournament-rounds", count = r));
    let players = |p: u32| ui.say(&say!("tournament-most-players", count = p));
    let clock = |(m, i): (u32, u32)| {
        ui.say(&clock_words(&ClockSpec {
            initial_ms: u64::from(m) * 60_000,
            increment_ms: u64::from(i) * 1000,
        }))
    };
    let days = |d: u8| ui.say(&pace_value(Correspondence { days: Some(d) }));
    let start = |m: u32| ui.say(&start_words(m));
    let computers = |n: usize| ui.say(&say!("tournament-computers", count = n));
    let level = |l: u8| ui.say(&say!("ai-level", level = l));
    // One width for every stepper, so they stand in a column whatever the format.
    let values: Vec<String> = FormatChoice::ALL
        .iter()
        .map(|f| ui.t(f.name()))
        .chain(GameKind::ALL.iter().map(|k| ui.game(*k)))
        .chain(ARENA_MINUTES.iter().map(|m| minutes(*m)))
        .chain(SWISS_ROUNDS.iter().map(|r| rounds(*r)))
        .chain(ROUND_ROBIN_ENTRANTS.iter().map(|p| players(*p)))
        .chain(ARENA_CLOCKS.iter().map(|c| clock(*c)))
        .chain(Correspondence::DAYS.iter().map(|d| days(*d)))
        .chain(ARENA_STARTS.iter().map(|m| start(*m)))
        .chain((0..=MOST_COMPUTERS_OFFERED).map(computers))
        .chain((1..=LEVELS).map(level))
        .collect();
    let widest = values
        .iter()
        .map(|v| ui.width(v, true, ui.unit))
        .fold(0.0, f32::max);
    let step = |label, value, back, on| -> Row { (label, value, [back, on]) };
    let mut rows: Vec<Row> = vec![
        step(
            "tournament-format-label",
            ui.t(form.format.name()),
            TournamentAction::CycleFormat { forward: false },
            TournamentAction::CycleFormat { forward: true },
        ),
        step(
            "tournament-game",
            ui.game(form.game),
            TournamentAction::CycleGame { forward: false },
            TournamentAction::CycleGame { forward: true },
        ),
    ];
    rows.push(match form.format {
        FormatChoice::Arena => step(
            "tournament-length",
            minutes(form.minutes()),
            TournamentAction::CycleMinutes { forward: false },
            TournamentAction::CycleMinutes { forward: true },
        ),
        FormatChoice::Swiss => step(
            "tournament-rounds-label",
            rounds(form.rounds()),
            TournamentAction::CycleRounds { forward: false },
            TournamentAction::CycleRounds { forward: true },
        ),
        FormatChoice::RoundRobin => step(
            "tournament-players-label",
            players(form.most_entrants()),
            TournamentAction::CycleEntrants { forward: false },
            TournamentAction::CycleEntrants { forward: true },
        ),
    });
    y = steppers(ui, column, y, rows, widest, actions);
    // The format's choice of two, and the pace's.
    let choice = match form.format {
        FormatChoice::Arena => None,
        FormatChoice::Swiss => Some((
            [
                ("tournament-single-games", !form.matches()),
                ("tournament-matches", form.matches()),
            ],
            [
                TournamentAction::SetMatches(false),
                TournamentAction::SetMatches(true),
            ],
        )),
        FormatChoice::RoundRobin => Some((
            [
                ("tournament-meet-once", !form.double),
                ("tournament-meet-twice", form.double),
            ],
            [
                TournamentAction::SetDouble(false),
                TournamentAction::SetDouble(true),
            ],
        )),
    };
    if let Some((labels, steps)) = choice {
        y = pair(ui, column, y, labels, steps, actions);
        let by_post = form.by_correspondence;
        y = pair(
            ui,
            column,
            y,
            [
                ("choices-live", !by_post),
                ("choices-correspondence", by_post),
            ],
            [
                TournamentAction::SetCorrespondence(false),
                TournamentAction::SetCorrespondence(true),
            ],
            actions,
        );
    }
    let pace = if form.correspondence().is_some() {
        step(
            "choices-move-time",
            days(form.pace().days.unwrap_or(1)),
            TournamentAction::CycleDays { forward: false },
            TournamentAction::CycleDays { forward: true },
        )
    } else {
        step(
            "tournament-clock",
            clock(ARENA_CLOCKS[form.clock % ARENA_CLOCKS.len()]),
            TournamentAction::CycleClock { forward: false },
            TournamentAction::CycleClock { forward: true },
        )
    };
    let when = step(
        "tournament-start",
        start(form.starts_in()),
        TournamentAction::CycleStart { forward: false },
        TournamentAction::CycleStart { forward: true },
    );
    y = steppers(ui, column, y, vec![pace, when], widest, actions);
    let y_row = pair(
        ui,
        column,
        y,
        [
            ("tournament-public", !form.private),
            ("tournament-private", form.private),
        ],
        [
            TournamentAction::SetPrivate(false),
            TournamentAction::SetPrivate(true),
        ],
        actions,
    );
    let hint = if form.private {
        "tournament-private-hint"
    } else {
        "tournament-public-hint"
    };
    y = paragraph(
        ui,
        &ui.t(hint),
        ui.unit * 0.9,
        column,
        y_row + ui.unit * 0.1,
        theme::TEXT_DIM,
    );
    // A private tournament's computer entrants, under the choice that allows them.
    if form.private {
        let mut rows = vec![step(
            "tournament-computers-label",
            computers(form.computers),
            TournamentAction::CycleComputers { forward: false },
            TournamentAction::CycleComputers { forward: true },
        )];
        if form.computers > 0 {
            rows.push(step(
                "tournament-computer-level",
                level(form.computer_level),
                TournamentAction::CycleComputerLevel { forward: false },
                TournamentAction::CycleComputerLevel { forward: true },
            ));
        }
        y = steppers(ui, column, y + ui.unit * 0.2, rows, widest, actions);
    }
    let rated = match form.format {
        FormatChoice::Arena => "tournament-rated-hint",
        FormatChoice::Swiss => "tournament-swiss-hint",
        FormatChoice::RoundRobin => "tournament-round-robin-hint",
    };
    y = paragraph(ui, &ui.t(rated), ui.unit * 0.9, column, y, theme::TEXT_DIM);
    let make = Area {
        y: y + ui.unit * 0.5,
        h: ui.row_h(),
        ..column
    };
    let cells = if ui.portrait {
        vec![make]
    } else {
        columns(make, 2, 8.0)
    };
    let look = if app.tournaments().asking {
        Look::Disabled
    } else {
        Look::Primary
    };
    if ui.button(cells[0], &ui.t("tournament-create"), look) {
        actions.push(TournamentAction::Create.into());
    }
    if let Some(back) = cells.get(1)
        && ui.button(*back, &ui.t("back"), Look::Plain)
    {
        actions.push(Action::Screen(ScreenAction::Back));
    }
    make.y + make.h
}

/// Steppers one under another from `y`, each `widest` wide between its buttons; returns the y
/// below.
fn steppers(
    ui: &Ui,
    column: Area,
    mut y: f32,
    rows: Vec<Row>,
    widest: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    for (label, value, [back, on]) in rows {
        y = stepper(
            ui,
            column,
            y,
            &ui.t(label),
            &value,
            widest,
            [back.into(), on.into()],
            actions,
        );
    }
    y
}

/// Two buttons side by side, the one chosen marked; returns the y below.
fn pair(
    ui: &Ui,
    column: Area,
    y: f32,
    labels: [(&str, bool); 2],
    steps: [TournamentAction; 2],
    actions: &mut Vec<Action>,
) -> f32 {
    let row = Area {
        y: y + ui.unit * 0.2,
        h: ui.small_row_h(0.9),
        ..column
    };
    for (c, ((label, chosen), action)) in columns(row, 2, 6.0)
        .iter()
        .zip(labels.into_iter().zip(steps))
    {
        let look = if chosen { Look::Selected } else { Look::Plain };
        if ui.button(*c, &ui.t(label), look) {
            actions.push(action.into());
        }
    }
    row.y + row.h + ui.unit * 0.2
}

/// When a tournament starts: now, in so many minutes, in a day, in a week.
fn start_words(minutes: u32) -> Phrase {
    match minutes {
        0 => say!("tournament-start-now"),
        1_440 => say!("tournament-start-day"),
        10_080 => say!("tournament-start-week"),
        _ => say!("tournament-start-in", count = minutes),
    }
}
