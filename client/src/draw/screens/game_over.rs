//! The game-over screen's card over the final position: the result and its reason, with
//! Rematch, Replay, Review (a server's game) and Lobby; a click beside it puts it aside to look
//! at the board.

use macroquad::prelude::*;

use crate::app::Action;
use crate::app::{GameAction, ReplayAction};
use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::layout;
use crate::play::Match;
use crate::words::capitalise;

/// Draws the result card in the middle of `board` (from `top` down, where given: on a phone,
/// the board's top, so that its close button lies over the board and a second tap there meets
/// no button); a click beside it (or on its close button) puts it aside. The result and its
/// reason wrap rather than being cut, and the buttons go as many to a row as keeps their
/// labels whole.
/// A tournament's game (`in_tournament`) leads back to the tournament's page first.
pub(super) fn card(
    (m, in_tournament): (&Match, bool),
    ui: &Ui,
    board: Area,
    top: Option<f32>,
    actions: &mut Vec<Action>,
) {
    let watching = matches!(m.seats, crate::play::Seats::Watching);
    let mut buttons = vec![(
        ui.t("replay"),
        Action::Replay(ReplayAction::OpenReplay),
        Look::Plain,
    )];
    // A tournament pairs its players again by itself: no rematch there.
    if !watching && !in_tournament {
        buttons.insert(
            0,
            (
                ui.t("rematch"),
                Action::Game(GameAction::Rematch),
                Look::Primary,
            ),
        );
    }
    // A game the server keeps can be reviewed by its engine.
    if m.id.is_some() {
        buttons.push((
            ui.t("review"),
            Action::Replay(ReplayAction::Review),
            Look::Plain,
        ));
    }
    if in_tournament {
        buttons.insert(
            0,
            (
                ui.t("tournament-back"),
                Action::Tournament(crate::app::TournamentAction::BackToPage),
                Look::Primary,
            ),
        );
    }
    buttons.push((
        ui.t("lobby"),
        Action::Game(GameAction::ToLobby),
        Look::Plain,
    ));
    let labels: Vec<&str> = buttons.iter().map(|(l, _, _)| l.as_str()).collect();
    let w = (ui.unit * 24.0).min(board.w * 0.94);
    let pad = ui.unit;
    let inner_w = w - 2.0 * pad;
    let close_w = ui.row_h();
    let (head, reason) = match m.result_parts() {
        Some((result, why)) => (
            ui.say(&result),
            why.map_or_else(String::new, |w| capitalise(&ui.say(&w))),
        ),
        None => (ui.say(&m.status()), String::new()),
    };
    // The result keeps clear of the close button on both sides, so it stays centred.
    let head_size = ui.unit * 1.5;
    let head_lines = paint::wrap(&head, &ui.fonts.bold, head_size, inner_w - 2.0 * close_w);
    let reason_lines = paint::wrap(&reason, &ui.fonts.regular, ui.unit, inner_w);
    let rh = ui.row_h();
    let per_row = layout::per_row(ui, &labels, inner_w, rh, ui.unit, 4);
    let rows = labels.len().div_ceil(per_row);
    let head_h = head_lines.len() as f32 * head_size * 1.3;
    let reason_h = reason_lines.len() as f32 * ui.unit * 1.4;
    let h = pad
        + head_h.max(close_w)
        + ui.unit * 0.4
        + reason_h
        + ui.unit * 0.8
        + layout::grid_h(rows, rh)
        - layout::BUTTON_GAP
        + pad;
    let a = Area {
        x: board.x + (board.w - w) / 2.0,
        y: top.unwrap_or(board.y + ((board.h - h) / 2.0).max(0.0)),
        w,
        h,
    };
    ui.fonts.typesetter().overlay();
    paint::rounded(Area { y: a.y + 4.0, ..a }, 14.0, alpha(BLACK, 0.4));
    paint::rounded_edged(a, 14.0, theme::PANEL, 2.0, theme::ACCENT);
    // The card is over the board: a press on it is the card's, or its buttons'.
    ui.cover(a);
    let mut y = a.y + pad;
    for line in &head_lines {
        ui.strong(
            line,
            a.x + a.w / 2.0,
            y + head_size * 0.65,
            head_size,
            theme::ACCENT,
            Align::Centre,
        );
        y += head_size * 1.3;
    }
    y = y.max(a.y + pad + close_w) + ui.unit * 0.4;
    for line in &reason_lines {
        ui.label(
            line,
            a.x + a.w / 2.0,
            y + ui.unit * 0.7,
            theme::TEXT,
            Align::Centre,
        );
        y += ui.unit * 1.4;
    }
    let close = Area {
        x: a.x + a.w - close_w - ui.unit * 0.4,
        y: a.y + ui.unit * 0.4,
        w: close_w,
        h: close_w,
    };
    if ui.button(close, "×", Look::Plain) || (ui.input.clicked && ui.hover(board) && !ui.hover(a))
    {
        actions.push(Action::Game(GameAction::HideResult));
    }
    let inner = Area {
        x: a.x + pad,
        w: inner_w,
        ..a
    };
    let cells = layout::grid(inner, y + ui.unit * 0.8, buttons.len(), per_row, rh);
    for (c, (label, action, look)) in cells.iter().zip(buttons) {
        if ui.button(*c, &label, look) {
            actions.push(action);
        }
    }
}
