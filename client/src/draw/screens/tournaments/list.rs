//! The list of tournaments: a button that makes an arena, then the player's own, those
//! running, those upcoming and those lately finished, each a line that opens its page.

use super::{entrants_words, format_words, lines, paragraph, status_words, title};
use crate::app::{Action, App, ScreenAction, Section, TournamentAction};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::{self, Measure};

/// Draws the list from the top of `column`; returns the y below.
pub(super) fn draw(app: &App, ui: &Ui, column: Area, actions: &mut Vec<Action>) -> f32 {
    let t = app.tournaments();
    let mut y = lines(
        ui,
        &ui.t("tournaments-heading"),
        (true, ui.unit * 1.3),
        column,
        column.y,
        theme::TEXT,
    );
    y = paragraph(
        ui,
        &ui.t("tournaments-about"),
        ui.unit * 0.95,
        column,
        y + ui.unit * 0.2,
        theme::TEXT_DIM,
    );
    let row = Area {
        y: y + ui.unit * 0.5,
        h: ui.row_h(),
        ..column
    };
    // A phone's way back is in the top bar.
    let cells = if ui.portrait {
        vec![row]
    } else {
        columns(row, 2, 8.0)
    };
    if ui.button(cells[0], &ui.t("tournaments-new"), Look::Primary) {
        actions.push(Action::Tournament(TournamentAction::NewTournament));
    }
    if let Some(back) = cells.get(1)
        && ui.button(*back, &ui.t("back"), Look::Plain)
    {
        actions.push(Action::Screen(ScreenAction::Back));
    }
    y = row.y + row.h + ui.unit * 0.6;
    let Some(list) = &t.list else {
        return lines(
            ui,
            &ui.t("tournaments-loading"),
            (false, ui.unit),
            column,
            y,
            theme::TEXT_DIM,
        );
    };
    if list.is_empty() {
        return lines(
            ui,
            &ui.t("tournaments-none"),
            (false, ui.unit),
            column,
            y,
            theme::TEXT_DIM,
        );
    }
    for section in Section::ALL {
        let entries = t.section(section);
        if entries.is_empty() {
            continue;
        }
        y = lines(
            ui,
            &ui.t(section.heading()),
            (true, ui.unit * 1.1),
            column,
            y + ui.unit * 0.4,
            theme::TEXT,
        ) + ui.unit * 0.2;
        for summary in entries {
            y = entry(app, ui, column, y, summary, actions) + layout::BUTTON_GAP;
        }
    }
    y
}

/// One tournament's line: its name, format, status and entrants; a tap opens its page.
fn entry(
    app: &App,
    ui: &Ui,
    column: Area,
    y: f32,
    summary: &chaupal_shared::protocol::tournaments::TournamentSummary,
    actions: &mut Vec<Action>,
) -> f32 {
    let pad = ui.unit * 0.5;
    // The way in is a button at the right, as the lobby's lists have theirs: the keyboard
    // stops on it, and the screen reader says it.
    let open = ui.t("tournament-open");
    let button_w = ui.width(&open, true, ui.unit) + ui.unit * 2.0;
    let inner = Area {
        x: column.x + pad,
        w: column.w - 3.0 * pad - button_w,
        ..column
    };
    let name = ui.say(&title(summary));
    let details = ui.say(&format_words(summary));
    let status = format!(
        "{} · {}",
        ui.say(&status_words(summary, app.now_ms())),
        ui.say(&entrants_words(summary))
    );
    let measured = [
        ui.fitted(&name, true, ui.unit, inner.w),
        ui.fitted(&details, false, ui.unit * 0.9, inner.w),
        ui.fitted(&status, false, ui.unit * 0.9, inner.w),
    ];
    let text_h: f32 = measured
        .iter()
        .map(|(size, rows)| size * 1.35 * rows.len() as f32)
        .sum();
    let button_h = ui.small_row_h(0.8);
    let h = (text_h + 2.0 * pad).max(button_h + 2.0 * pad);
    let area = Area { y, h, ..column };
    ui.panel(area);
    let mut at = y + pad;
    at = lines(ui, &name, (true, ui.unit), inner, at, theme::TEXT);
    at = lines(
        ui,
        &details,
        (false, ui.unit * 0.9),
        inner,
        at,
        theme::TEXT_DIM,
    );
    lines(
        ui,
        &status,
        (false, ui.unit * 0.9),
        inner,
        at,
        theme::ACCENT,
    );
    let button = Area {
        x: column.x + column.w - pad - button_w,
        y: y + (h - button_h) / 2.0,
        w: button_w,
        h: button_h,
    };
    if ui.button(button, &open, Look::Plain) {
        actions.push(Action::Tournament(TournamentAction::Open {
            id: summary.tournament.0,
            code: None,
        }));
    }
    y + h
}
