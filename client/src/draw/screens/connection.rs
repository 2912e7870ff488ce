//! The connection screen: connecting to the server, or why it failed, with a way to try again
//! at once or to play offline meanwhile.

use macroquad::prelude::*;

use crate::app::{Action, App, Connection};
use crate::draw::paint::Align;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;

/// Draws the connection card in the middle of `body`.
pub(super) fn draw(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let w = (ui.unit * 30.0).min(body.w);
    let h = (ui.unit * 15.0)
        .max(ui.unit * 9.0 + ui.row_h() * 2.0)
        .min(body.h);
    let a = Area {
        x: body.x + (body.w - w) / 2.0,
        y: body.y + (body.h - h) / 2.5,
        w,
        h,
    };
    ui.panel(a);
    let x = a.x + ui.unit * 1.5;
    let inner = a.w - ui.unit * 3.0;
    let title = if app.device_offline() {
        "You are offline"
    } else if matches!(app.connection(), Connection::Retrying { .. }) {
        "Cannot reach the server"
    } else {
        "Connecting to the server"
    };
    ui.strong(
        title,
        x,
        a.y + ui.unit * 2.0,
        ui.unit * 1.4,
        theme::TEXT,
        Align::Left,
    );
    let dots = ".".repeat(1 + (get_time() * 2.0) as usize % 3);
    let status = match app.connection() {
        _ if app.device_offline() => "This device has no network. The client connects by itself \
                                      when it is back."
            .to_owned(),
        Connection::Connecting { .. } => format!("{}{dots}", app.connection().describe()),
        other => other.describe(),
    };
    let y = ui.paragraph(&status, x, a.y + ui.unit * 4.2, inner, theme::TEXT_DIM);
    ui.paragraph(
        "Games on this device, two people taking turns, work without a connection; playing \
         friends, the computer, and watching need one.",
        x,
        y + ui.unit * 0.4,
        inner,
        theme::TEXT_DIM,
    );
    let row = Area {
        x,
        y: a.y + a.h - ui.row_h() - ui.unit * 1.3,
        w: inner,
        h: ui.row_h(),
    };
    let cols = columns(row, 2, super::common::gap(ui));
    if ui.button(cols[0], "Try again now", Look::Plain) {
        actions.push(Action::RetryNow);
    }
    if ui.button(cols[1], "Play offline", Look::Primary) {
        actions.push(Action::PlayOffline);
    }
}
