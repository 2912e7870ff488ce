//! A tournament's standings on its page: a page of lines (rank, name, rating, points, the
//! fire mark of a player on a streak, and where they are: waiting, playing, paused, left),
//! stepped with `<` and `>`, and the player's own line pinned under the page when it is not
//! on it.

use chaupal_shared::protocol::tournaments::{EntrantPresence, StandingLine};

use super::lines;
use crate::app::{Action, App, TournamentAction};
use crate::draw::paint;
use crate::draw::screens::common::value_stepper;
use crate::draw::theme;
use crate::draw::ui::Ui;
use crate::geometry::{Area, Px};
use crate::say;

/// Draws the standings from `y`; returns the y below.
pub(super) fn draw(app: &App, ui: &Ui, column: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let Some(open) = &app.tournaments().open else {
        return y;
    };
    let page = &open.standings;
    let mut y = lines(
        ui,
        &ui.t("tournament-standings"),
        (true, ui.unit * 1.1),
        column,
        y,
        theme::TEXT,
    );
    if page.lines.is_empty() {
        return lines(
            ui,
            &ui.t("tournament-no-entrants"),
            (false, ui.unit),
            column,
            y,
            theme::TEXT_DIM,
        );
    }
    let me = open.me.as_ref().map(|m| m.player.id);
    for line in &page.lines {
        y = standing(ui, column, y, line, me == Some(line.player.id));
    }
    if page.pages > 1 {
        let row = Area {
            y: y + ui.unit * 0.3,
            h: ui.small_row_h(0.8),
            w: column.w.min(ui.unit * 16.0),
            ..column
        };
        let shown = ui.say(&say!(
            "tournament-page",
            page = page.page + 1,
            pages = page.pages
        ));
        value_stepper(
            ui,
            row,
            &shown,
            [
                Action::Tournament(TournamentAction::StandingsPage(page.page.saturating_sub(1))),
                Action::Tournament(TournamentAction::StandingsPage(page.page + 1)),
            ],
            actions,
        );
        y = row.y + row.h;
    }
    if let Some(mine) = open.pinned() {
        y = lines(
            ui,
            "…",
            (false, ui.unit),
            column,
            y + ui.unit * 0.2,
            theme::TEXT_DIM,
        );
        y = standing(ui, column, y, mine, true);
    }
    y
}

/// One line: the rank and name (the player's own marked), then the rating, points, the fire
/// mark and where they are.
fn standing(ui: &Ui, column: Area, y: f32, line: &StandingLine, mine: bool) -> f32 {
    let pad = ui.unit * 0.4;
    let inner = Area {
        x: column.x + pad,
        w: column.w - 2.0 * pad - ui.unit * 1.2,
        ..column
    };
    let name = format!("{}. {}", line.rank, line.player.name);
    let (size, rows) = ui.fitted(&name, true, ui.unit, inner.w);
    let details = ui.say(&say!(
        "tournament-line",
        rating = line.rating,
        points = line.points,
        presence = presence_words(line.presence)
    ));
    // On fire in words too, beside the mark.
    let details = if line.on_fire {
        format!("{details} · {}", ui.t("tournament-on-fire"))
    } else {
        details
    };
    let (dsize, drows) = ui.fitted(&details, false, ui.unit * 0.85, inner.w);
    let h = size * 1.35 * rows.len() as f32 + dsize * 1.35 * drows.len() as f32 + 2.0 * pad;
    let area = Area { y, h, ..column };
    if mine {
        paint::rounded(area, 8.0, theme::BUTTON);
    }
    let colour = if mine { theme::ACCENT } else { theme::TEXT };
    let at = lines(ui, &name, (true, ui.unit), inner, y + pad, colour);
    lines(
        ui,
        &details,
        (false, ui.unit * 0.85),
        inner,
        at,
        theme::TEXT_DIM,
    );
    // The fire mark: a flame's colour, at the right of the name.
    let mark = Px {
        x: column.x + column.w - pad - ui.unit * 0.5,
        y: y + pad + size * 0.7,
    };
    if line.on_fire {
        paint::disc(mark, ui.unit * 0.4, theme::BAD, 2.0, theme::ACCENT);
    }
    y + h
}

/// Where an entrant is, in words.
fn presence_words(presence: EntrantPresence) -> crate::words::Phrase {
    match presence {
        EntrantPresence::Idle => say!("tournament-idle"),
        EntrantPresence::Playing => say!("tournament-playing"),
        EntrantPresence::Paused => say!("tournament-paused"),
        EntrantPresence::Left => say!("tournament-left"),
    }
}
