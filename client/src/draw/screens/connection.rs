//! The connection screen: connecting to the server, or why it failed, with a way to try again
//! at once or to play offline meanwhile.

use macroquad::prelude::*;

use crate::app::ScreenAction;
use crate::app::{Action, App, Connection};
use crate::draw::paint::{self, Align};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;

/// Draws the connection card in the middle of `body`, as tall as its words need.
pub(super) fn draw(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let w = (ui.unit * 30.0).min(body.w);
    let pad = ui.unit * 1.5;
    let inner = w - 2.0 * pad;
    let title = ui.t(if app.device_offline() {
        "connect-title-offline"
    } else if matches!(app.connection(), Connection::NotAllowed { .. }) {
        "connect-title-not-allowed"
    } else if matches!(app.connection(), Connection::Retrying { .. }) {
        "connect-title-unreachable"
    } else {
        "connect-title-connecting"
    });
    let about = ui.t("connect-about");
    let dots = ".".repeat(1 + (get_time() * 2.0) as usize % 3);
    let status = match app.connection() {
        _ if app.device_offline() => ui.t("connect-no-network"),
        Connection::Connecting { .. } => format!("{}{dots}", ui.say(&app.connection().describe())),
        other => ui.say(&other.describe()),
    };
    let title_size = ui.unit * 1.4;
    let (title_size, title_lines) = ui.fitted(&title, true, title_size, inner);
    let text_size = ui.unit * 0.95;
    let lines = |s: &str| paint::wrap(s, &ui.fonts.regular, text_size, inner).len() as f32;
    // Said with the dots at their longest, so the card does not change height as they count.
    let status_lines = lines(&format!("{}...", status.trim_end_matches('.')));
    let row_h = ui.row_h();
    let h = pad
        + title_lines.len() as f32 * title_size * 1.3
        + ui.unit * 0.6
        + (status_lines + lines(&about)) * text_size * 1.45
        + ui.unit * 0.4
        + ui.unit * 1.0
        + row_h
        + pad;
    let a = Area {
        x: body.x + (body.w - w) / 2.0,
        y: body.y + ((body.h - h) / 2.5).max(0.0),
        w,
        h,
    };
    ui.panel(a);
    let x = a.x + pad;
    let mut y = a.y + pad;
    for line in &title_lines {
        ui.strong(
            line,
            x,
            y + title_size * 0.6,
            title_size,
            theme::TEXT,
            Align::Left,
        );
        y += title_size * 1.3;
    }
    y += ui.unit * 0.6 + text_size * 0.7;
    let y = ui.paragraph(&status, x, y, inner, theme::TEXT_DIM);
    let y = ui.paragraph(&about, x, y + ui.unit * 0.4, inner, theme::TEXT_DIM);
    let row = Area {
        x,
        y: (a.y + a.h - row_h - pad).max(y),
        w: inner,
        h: row_h,
    };
    let cols = columns(row, 2, super::common::gap(ui));
    if ui.button(cols[0], &ui.t("connect-try-now"), Look::Plain) {
        actions.push(Action::Screen(ScreenAction::RetryNow));
    }
    if ui.button(cols[1], &ui.t("connect-play-offline"), Look::Primary) {
        actions.push(Action::Screen(ScreenAction::PlayOffline));
    }
}
