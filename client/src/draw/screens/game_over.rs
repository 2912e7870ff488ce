//! The game-over screen's card over the final position: the result and its reason, with
//! Rematch, Replay, Review (a server's game) and Lobby; a click beside it puts it aside to look
//! at the board.

use macroquad::prelude::*;

use crate::app::Action;
use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::play::{Match, capitalise};

/// Draws the result card in the middle of the board; a click beside it hides it.
pub(super) fn card(m: &Match, ui: &Ui, board: Area, actions: &mut Vec<Action>) {
    let w = (ui.unit * 24.0).min(board.w * 0.9);
    let h = ui.unit * 8.5;
    let a = Area {
        x: board.x + (board.w - w) / 2.0,
        y: board.y + (board.h - h) / 2.0,
        w,
        h,
    };
    paint::rounded(Area { y: a.y + 4.0, ..a }, 14.0, alpha(BLACK, 0.4));
    paint::rounded_edged(a, 14.0, theme::PANEL, 2.0, theme::ACCENT);
    let status = m.status();
    let (head, reason) = match status.split_once(": ") {
        Some((h, r)) => (h.to_owned(), capitalise(r)),
        None => (status.clone(), String::new()),
    };
    ui.strong(
        &head,
        a.x + a.w / 2.0,
        a.y + ui.unit * 1.8,
        ui.unit * 1.6,
        theme::ACCENT,
        Align::Centre,
    );
    ui.label(
        &paint::fit(&reason, &ui.fonts.regular, ui.unit, a.w - 20.0),
        a.x + a.w / 2.0,
        a.y + ui.unit * 3.6,
        theme::TEXT,
        Align::Centre,
    );
    let row = Area {
        x: a.x + ui.unit,
        y: a.y + a.h - ui.row_h() - ui.unit,
        w: a.w - 2.0 * ui.unit,
        h: ui.row_h(),
    };
    paint::text(
        "x",
        a.x + a.w - ui.unit * 0.9,
        a.y + ui.unit * 0.9,
        ui.unit * 0.9,
        &ui.fonts.bold,
        theme::TEXT_DIM,
        Align::Centre,
    );
    let close = Area {
        x: a.x + a.w - ui.unit * 1.8,
        y: a.y,
        w: ui.unit * 1.8,
        h: ui.unit * 1.8,
    };
    if ui.input.clicked && (ui.hover(close) || (ui.hover(board) && !ui.hover(a))) {
        actions.push(Action::HideResult);
    }
    let watching = matches!(m.seats, crate::play::Seats::Watching);
    let mut buttons = vec![("Replay", Action::OpenReplay, Look::Plain)];
    if !watching {
        buttons.insert(0, ("Rematch", Action::Rematch, Look::Primary));
    }
    // A game the server keeps can be reviewed by its engine.
    if m.id.is_some() {
        buttons.push(("Review", Action::Review, Look::Plain));
    }
    buttons.push(("Lobby", Action::ToLobby, Look::Plain));
    let cols = columns(row, buttons.len(), 8.0);
    for (c, (label, action, look)) in cols.iter().zip(buttons) {
        if ui.button(*c, label, look) {
            actions.push(action);
        }
    }
}
