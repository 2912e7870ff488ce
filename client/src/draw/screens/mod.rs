//! The screens, drawn from the app's state, one module each, inside what every screen shares:
//! the top bar with the connection, and the notice. Each returns the [`Action`]s the player
//! took this frame (clicks on buttons and on the board, keys); none of them changes the state.

mod common;
mod connection;
mod game;
mod game_over;
mod lobby;
mod replay;
mod rules;

pub use game::match_marks;

use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align};
use super::theme;
use super::ui::{Input, Ui};
use crate::app::{Action, App, Connection, Screen, Tone};
use crate::geometry::Area;
use common::{GAP, TOP_BAR, game_title};

/// Draws the screen the app is on; returns what the player did.
pub fn draw(app: &App, input: &Input, fonts: &Fonts) -> Vec<Action> {
    let (w, h) = (screen_width(), screen_height());
    let ui = Ui::new(input, fonts, h);
    clear_background(theme::BACKGROUND);
    let mut actions = Vec::new();
    let bar_h = ui.unit * TOP_BAR;
    top_bar(app, &ui, w, bar_h);
    let body = Area {
        x: GAP,
        y: bar_h + GAP,
        w: w - 2.0 * GAP,
        h: h - bar_h - 2.0 * GAP,
    };
    match app.screen() {
        Screen::Connection => connection::draw(app, &ui, body, &mut actions),
        Screen::Lobby => lobby::draw(app, &ui, body, &mut actions),
        Screen::Game | Screen::GameOver => {
            if let Some(m) = app.current() {
                game::draw(app, m, &ui, body, &mut actions);
            }
        }
        Screen::Replay => {
            if let Some(r) = app.replay() {
                replay::draw(r, &ui, body, &mut actions);
            }
        }
        Screen::Rules(kind) => rules::draw(kind, &ui, body, &mut actions),
    }
    notice(app, &ui, w, h, &mut actions);
    actions
}

/// The bar across the top: the name, the screen's title, and the connection.
fn top_bar(app: &App, ui: &Ui, w: f32, bar_h: f32) {
    paint::fill(
        Area {
            x: 0.0,
            y: 0.0,
            w,
            h: bar_h,
        },
        theme::BACKGROUND_LIGHT,
    );
    let cy = bar_h / 2.0;
    ui.strong(
        "Chaupal",
        GAP + 4.0,
        cy,
        ui.unit * 1.35,
        theme::ACCENT,
        Align::Left,
    );
    let title = match app.screen() {
        Screen::Connection => "Connecting".to_owned(),
        Screen::Lobby => "Lobby".to_owned(),
        Screen::Game | Screen::GameOver => app
            .current()
            .map(|m| game_title(&m.game))
            .unwrap_or_default(),
        Screen::Replay => "Replay".to_owned(),
        Screen::Rules(kind) => format!("Rules of {}", kind.title()),
    };
    ui.label(
        &title,
        GAP + ui.unit * 7.5,
        cy,
        theme::TEXT_DIM,
        Align::Left,
    );
    let dot = match app.connection() {
        Connection::Offline => theme::TEXT_DIM,
        Connection::Connecting { .. } => theme::ACCENT,
        Connection::Connected { .. } => theme::GOOD,
        Connection::Retrying { .. } => theme::BAD,
    };
    let text = app.connection().short();
    let text = paint::fit(&text, &ui.fonts.regular, ui.unit * 0.9, w * 0.5);
    let tw = paint::text_width(&text, &ui.fonts.regular, ui.unit * 0.9);
    let x = w - GAP - tw;
    draw_circle(x - ui.unit * 0.8, cy, ui.unit * 0.35, dot);
    paint::text(
        &text,
        x,
        cy,
        ui.unit * 0.9,
        &ui.fonts.regular,
        theme::TEXT,
        Align::Left,
    );
}

/// The notice, at the bottom of the window; a click on it dismisses it.
fn notice(app: &App, ui: &Ui, w: f32, h: f32, actions: &mut Vec<Action>) {
    let Some(n) = app.notice() else {
        return;
    };
    let size = ui.unit;
    let max_w = (w * 0.6).max(300.0);
    let lines = paint::wrap(&n.text, &ui.fonts.regular, size, max_w - 2.0 * size);
    let line_h = size * 1.45;
    let box_h = lines.len() as f32 * line_h + size * 1.6;
    let box_w = lines
        .iter()
        .map(|l| paint::text_width(l, &ui.fonts.regular, size))
        .fold(0.0, f32::max)
        + 3.5 * size;
    let a = Area {
        x: (w - box_w) / 2.0,
        y: h - box_h - GAP * 2.0,
        w: box_w,
        h: box_h,
    };
    let edge = match n.tone {
        Tone::News => theme::GOOD,
        Tone::Problem => theme::BAD,
    };
    paint::rounded_edged(a, 10.0, theme::PANEL, 2.0, edge);
    let mut y = a.y + size * 0.8 + line_h / 2.0;
    for l in &lines {
        ui.label(l, a.x + size, y, theme::TEXT, Align::Left);
        y += line_h;
    }
    paint::text(
        "x",
        a.x + a.w - size * 0.9,
        a.y + size * 0.9,
        size * 0.9,
        &ui.fonts.bold,
        theme::TEXT_DIM,
        Align::Centre,
    );
    if ui.input.clicked && ui.hover(a) {
        actions.push(Action::DismissNotice);
    }
}
