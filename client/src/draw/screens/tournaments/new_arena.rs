//! The card that makes an arena: the game, how long it runs, each game's clock, when it
//! starts, public or private; the arena is rated, with streaks. Its page opens on the answer.

use chaupal_rules::GameKind;

use super::{lines, paragraph};
use crate::app::{ARENA_CLOCKS, ARENA_MINUTES, ARENA_STARTS, Action, App, ScreenAction};
use crate::app::{TournamentAction, clock_words};
use crate::draw::screens::common::stepper;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::Measure;
use crate::say;
use crate::words::Phrase;
use chaupal_shared::protocol::ClockSpec;

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
    let widest = |values: Vec<String>| {
        values
            .iter()
            .map(|v| ui.width(v, true, ui.unit))
            .fold(0.0, f32::max)
    };
    let minutes = |m: u32| ui.say(&say!("tournament-minutes", count = m));
    let clock = |(m, i): (u32, u32)| {
        ui.say(&clock_words(&ClockSpec {
            initial_ms: u64::from(m) * 60_000,
            increment_ms: u64::from(i) * 1000,
        }))
    };
    let start = |m: u32| ui.say(&start_words(m));
    let rows: [(&str, String, f32, [TournamentAction; 2]); 4] = [
        (
            "tournament-game",
            ui.game(form.game),
            widest(GameKind::ALL.iter().map(|k| ui.game(*k)).collect()),
            [
                TournamentAction::CycleGame { forward: false },
                TournamentAction::CycleGame { forward: true },
            ],
        ),
        (
            "tournament-length",
            minutes(form.minutes()),
            widest(ARENA_MINUTES.iter().map(|m| minutes(*m)).collect()),
            [
                TournamentAction::CycleMinutes { forward: false },
                TournamentAction::CycleMinutes { forward: true },
            ],
        ),
        (
            "tournament-clock",
            clock(ARENA_CLOCKS[form.clock % ARENA_CLOCKS.len()]),
            widest(ARENA_CLOCKS.iter().map(|c| clock(*c)).collect()),
            [
                TournamentAction::CycleClock { forward: false },
                TournamentAction::CycleClock { forward: true },
            ],
        ),
        (
            "tournament-start",
            start(form.starts_in()),
            widest(ARENA_STARTS.iter().map(|m| start(*m)).collect()),
            [
                TournamentAction::CycleStart { forward: false },
                TournamentAction::CycleStart { forward: true },
            ],
        ),
    ];
    // One width for every stepper, so they stand in a column.
    let widest = rows.iter().map(|r| r.2).fold(0.0, f32::max);
    for (label, value, _, [back, on]) in rows {
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
    let row = Area {
        y: y + ui.unit * 0.2,
        h: ui.small_row_h(0.9),
        ..column
    };
    for (c, (private, label)) in columns(row, 2, 6.0)
        .iter()
        .zip([(false, "tournament-public"), (true, "tournament-private")])
    {
        let look = if form.private == private {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, &ui.t(label), look) {
            actions.push(TournamentAction::SetPrivate(private).into());
        }
    }
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
        row.y + row.h + ui.unit * 0.3,
        theme::TEXT_DIM,
    );
    y = paragraph(
        ui,
        &ui.t("tournament-rated-hint"),
        ui.unit * 0.9,
        column,
        y,
        theme::TEXT_DIM,
    );
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

/// When an arena starts: now, or in so many minutes.
fn start_words(minutes: u32) -> Phrase {
    if minutes == 0 {
        say!("tournament-start-now")
    } else {
        say!("tournament-start-in", count = minutes)
    }
}
