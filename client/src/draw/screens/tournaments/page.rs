//! A tournament's page: its name, format and pace, its status with the time to the start or
//! the end (a Swiss's or a round robin's round, and the time to its next), its entrants, the
//! buttons that fit the player's state and the format (join, pause, leave; the link of a
//! private one), the podium once finished, and the standings.

use chaupal_shared::protocol::tournaments::TournamentStatus;

use super::{
    entrants_words, format_words, lines, next_round_words, standings, status_words, title,
};
use crate::app::{Action, App, ScreenAction, TournamentAction, points};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::layout;
use crate::say;

/// Draws the page from the top of `column`; returns the y below.
pub(super) fn draw(app: &App, ui: &Ui, column: Area, actions: &mut Vec<Action>) -> f32 {
    let Some(open) = &app.tournaments().open else {
        let y = lines(
            ui,
            &ui.t("tournaments-loading"),
            (false, ui.unit),
            column,
            column.y,
            theme::TEXT_DIM,
        );
        return back_button(ui, column, y, actions);
    };
    let s = &open.summary;
    let mut y = lines(
        ui,
        &ui.say(&title(s)),
        (true, ui.unit * 1.3),
        column,
        column.y,
        theme::TEXT,
    );
    if let Some(by) = &s.by {
        y = lines(
            ui,
            &ui.say(&say!("tournament-by", name = by.name.clone())),
            (false, ui.unit * 0.9),
            column,
            y,
            theme::TEXT_DIM,
        );
    }
    let small = (false, ui.unit * 0.95);
    y = lines(
        ui,
        &ui.say(&format_words(s)),
        small,
        column,
        y + ui.unit * 0.2,
        theme::TEXT,
    );
    y = lines(
        ui,
        &ui.say(&status_words(s, app.now_ms())),
        (true, ui.unit),
        column,
        y,
        theme::ACCENT,
    );
    if let Some(next) = next_round_words(s, app.now_ms()) {
        y = lines(ui, &ui.say(&next), small, column, y, theme::TEXT);
    }
    y = lines(
        ui,
        &ui.say(&entrants_words(s)),
        small,
        column,
        y,
        theme::TEXT_DIM,
    );
    y = buttons(app, ui, column, y + ui.unit * 0.5, actions);
    if s.status == TournamentStatus::Finished && !open.podium.is_empty() {
        y = podium(app, ui, column, y + ui.unit * 0.4);
    }
    y = standings::draw(app, ui, column, y + ui.unit * 0.4, actions);
    back_button(ui, column, y, actions)
}

/// The buttons that fit: join (or come back; standing, not pressable, once entries have
/// closed), pause (never in a round robin), leave, the link of a private one.
fn buttons(app: &App, ui: &Ui, column: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let Some(open) = &app.tournaments().open else {
        return y;
    };
    let (_, pause, leave) = open.may();
    let mut shown: Vec<(String, Action, Look)> = Vec::new();
    let waiting = app.tournaments().asking;
    let look = |main: bool| match (waiting, main) {
        (true, _) => Look::Disabled,
        (false, true) => Look::Primary,
        (false, false) => Look::Plain,
    };
    if open.game.is_some() {
        shown.push((
            ui.t("tournament-my-game"),
            TournamentAction::ToMyGame.into(),
            Look::Primary,
        ));
    }
    if let Some(may) = open.join_button() {
        let label = if open.me.is_some() {
            "tournament-rejoin"
        } else {
            "tournament-join"
        };
        let look = if may { look(true) } else { Look::Disabled };
        shown.push((ui.t(label), TournamentAction::Join.into(), look));
    }
    if pause {
        shown.push((
            ui.t("tournament-pause"),
            TournamentAction::Pause.into(),
            look(false),
        ));
    }
    if leave {
        shown.push((
            ui.t("tournament-leave"),
            TournamentAction::Leave.into(),
            look(false),
        ));
    }
    if open.code.is_some() && app.tournament_link().is_some() {
        shown.push((
            ui.t("tournament-share"),
            TournamentAction::Share.into(),
            Look::Plain,
        ));
    }
    if shown.is_empty() {
        return y;
    }
    let labels: Vec<&str> = shown.iter().map(|(l, _, _)| l.as_str()).collect();
    let bh = ui.row_h();
    let per_row = layout::per_row(ui, &labels, column.w, bh, ui.unit, 3);
    let cells = layout::grid(column, y, shown.len(), per_row, bh);
    for (c, (label, action, look)) in cells.iter().zip(&shown) {
        if ui.button(*c, label, *look) {
            actions.push(action.clone());
        }
    }
    y + layout::grid_h(shown.len().div_ceil(per_row), bh)
}

/// The first three of a finished tournament.
fn podium(app: &App, ui: &Ui, column: Area, y: f32) -> f32 {
    let Some(open) = &app.tournaments().open else {
        return y;
    };
    let mut y = lines(
        ui,
        &ui.t("tournament-podium"),
        (true, ui.unit * 1.1),
        column,
        y,
        theme::TEXT,
    );
    for line in &open.podium {
        let shown = points::shown_points(open.summary.format, line.points);
        let text = ui.say(&say!(
            "tournament-podium-line",
            rank = line.rank,
            name = super::standings::entrant_name(ui, line),
            many = points::many(&shown),
            points = shown
        ));
        let colour = if line.rank == 1 {
            theme::ACCENT
        } else {
            theme::TEXT
        };
        y = lines(ui, &text, (true, ui.unit), column, y, colour);
    }
    y
}

/// Back, on a screen with no top-bar way back (not a phone); returns the y below.
fn back_button(ui: &Ui, column: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    if ui.portrait {
        return y;
    }
    let b = Area {
        y: y + ui.unit * 0.6,
        h: ui.row_h(),
        w: (column.w * 0.4).max(ui.unit * 8.0).min(column.w),
        ..column
    };
    if ui.button(b, &ui.t("back"), Look::Plain) {
        actions.push(Action::Screen(ScreenAction::Back));
    }
    b.y + b.h
}
