//! The lobby screen: the choices on the left ([`choices`]), the chosen game's board in the
//! middle, and the server's lists on the right ([`lists`]); typing goes to the invite code, and
//! Enter starts the game (or joins by code).

mod choices;
mod lists;

use chaupal_shared::AnyGame;
use macroquad::prelude::*;

use super::common::GAP;
use crate::app::{Action, App, PlayMode};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::Align;
use crate::draw::theme;
use crate::draw::ui::Ui;
use crate::geometry::{self, Area, Frame};
use crate::rulebook;
use crate::view::BoardView;

/// Draws the lobby in `body`: the choices, the preview and the lists side by side; typing and
/// Enter go to the invite code or start the game.
pub(super) fn draw(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let left_w = (body.w * 0.34).clamp(ui.unit * 19.0, ui.unit * 26.0);
    let right_w = (body.w * 0.27).clamp(ui.unit * 15.0, ui.unit * 22.0);
    let left = Area { w: left_w, ..body };
    let right = Area {
        x: body.x + body.w - right_w,
        w: right_w,
        ..body
    };
    let middle = Area {
        x: left.x + left.w + GAP,
        w: (right.x - GAP) - (left.x + left.w + GAP),
        ..body
    };
    choices::draw(app, ui, left, actions);
    preview(app, ui, middle);
    lists::draw(app, ui, right, actions);
    for c in &ui.input.typed {
        if app.lobby().mode == PlayMode::Friend {
            actions.push(Action::TypeCode(*c));
        }
    }
    if app.lobby().mode == PlayMode::Friend {
        if ui.input.key(KeyCode::Backspace) {
            actions.push(Action::EraseCode);
        }
        if ui.input.key(KeyCode::Enter) {
            actions.push(Action::JoinByCode);
        }
    } else if ui.input.key(KeyCode::Enter) {
        actions.push(Action::Start);
    }
}

/// The chosen game's name, its starting position under the rules chosen, and how to play it.
fn preview(app: &App, ui: &Ui, a: Area) {
    let kind = app.lobby().kind;
    let title_h = ui.unit * 2.2;
    ui.strong(
        kind.title(),
        a.x + a.w / 2.0,
        a.y + title_h / 2.0,
        ui.unit * 1.6,
        theme::TEXT,
        Align::Centre,
    );
    let Ok(game) = AnyGame::start(kind, app.lobby().rule_pairs()) else {
        return;
    };
    let view = BoardView::of(&game);
    let board = Area {
        x: a.x,
        y: a.y + title_h,
        w: a.w,
        h: a.h - title_h - ui.unit * 4.6,
    };
    let frame = Frame::fit(geometry::extent(&view), board, false);
    boards::draw(&view, &frame, &Marks::default(), ui.fonts);
    ui.paragraph(
        rulebook::how_to_play(kind),
        a.x + ui.unit * 0.5,
        a.y + a.h - ui.unit * 3.6,
        a.w - ui.unit,
        theme::TEXT_DIM,
    );
}
