//! The screens, drawn from the app's state, one module each, inside what every screen shares:
//! the top bar with the connection, and the notice in a strip of its own under the bar (so it
//! covers nothing). Where each part goes is [`crate::layout`]'s business. Each returns the [`Action`]s the player
//! took this frame (clicks on buttons and on the board, keys); none of them changes the state.

mod common;
mod connection;
mod game;
mod game_over;
mod lobby;
mod replay;
mod review;
mod rules;

pub use game::{buttons, match_marks};

use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align};
use super::theme;
use super::ui::{Input, Record, Ui};
use crate::app::{Action, App, Connection, Screen, Tone};
use crate::geometry::Area;
use crate::layout::{self, Window};
use common::game_title;

/// One frame drawn: what the player did, and what the frame offered (its text fields and what
/// can be clicked).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    pub actions: Vec<Action>,
    pub record: Record,
}

/// Draws the screen the app is on; returns what the player did and what the frame offered.
pub fn draw(app: &App, input: &Input, fonts: &Fonts) -> Drawn {
    let (w, h) = (screen_width(), screen_height());
    let ui = Ui::new(input, fonts, w, h);
    clear_background(theme::BACKGROUND);
    let mut actions = Vec::new();
    let gap = if ui.portrait {
        layout::GAP_NARROW
    } else {
        layout::GAP
    };
    let notice_lines = notice_lines(app, &ui, w - 2.0 * gap);
    let notice_h = if notice_lines.is_empty() {
        0.0
    } else {
        notice_lines.len() as f32 * ui.unit * 1.45 + ui.unit * 0.9
    };
    let win = Window::new(w, h, notice_h);
    let body = win.body;
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
        Screen::Rules(kind) => rules::draw(app, kind, &ui, body, &mut actions),
    }
    // What scrolled above the body is covered by the bar and the notice.
    paint::fill(
        Area {
            x: 0.0,
            y: 0.0,
            w,
            h: body.y,
        },
        theme::BACKGROUND,
    );
    top_bar(app, &ui, &win);
    if let Some(a) = win.notice {
        notice(app, &ui, a, &notice_lines, &mut actions);
    }
    Drawn {
        actions,
        record: ui.take_record(),
    }
}

/// The bar across the top: the name, the screen's title (when there is room), and the
/// connection.
fn top_bar(app: &App, ui: &Ui, win: &Window) {
    let (w, bar_h) = (win.w, win.bar.h);
    paint::fill(win.bar, theme::BACKGROUND_LIGHT);
    let cy = bar_h / 2.0;
    let brand = ui.unit * 1.35;
    let x0 = win.gap + 4.0;
    ui.strong("Chaupal", x0, cy, brand, theme::ACCENT, Align::Left);
    let brand_w = paint::text_width("Chaupal", &ui.fonts.bold, brand);
    let dot = match app.connection() {
        Connection::Offline => theme::TEXT_DIM,
        Connection::Connecting { .. } => theme::ACCENT,
        Connection::Connected { .. } => theme::GOOD,
        Connection::Retrying { .. } => theme::BAD,
    };
    let size = ui.unit * 0.9;
    let text = app.connection().short();
    let room = (w - x0 - brand_w - ui.unit * 3.0).max(ui.unit * 4.0);
    let text = paint::fit(&text, &ui.fonts.regular, size, room.min(w * 0.5));
    let tw = paint::text_width(&text, &ui.fonts.regular, size);
    let x = w - win.gap - tw;
    draw_circle(x - ui.unit * 0.8, cy, ui.unit * 0.35, dot);
    paint::text(
        &text,
        x,
        cy,
        size,
        &ui.fonts.regular,
        theme::TEXT,
        Align::Left,
    );
    let title = match app.screen() {
        Screen::Connection => "Connecting".to_owned(),
        Screen::Lobby => "Lobby".to_owned(),
        Screen::Game | Screen::GameOver => app
            .current()
            .map(|m| game_title(&m.game))
            .unwrap_or_default(),
        Screen::Replay if app.replay().is_some_and(|r| r.review.is_some()) => "Review".to_owned(),
        Screen::Replay => "Replay".to_owned(),
        Screen::Rules(kind) => format!("Rules of {}", kind.title()),
    };
    // The title goes between the name and the connection, whole, or not at all.
    let title_x = x0 + brand_w + ui.unit * 1.2;
    let title_room = x - ui.unit * 1.6 - title_x;
    if paint::text_width(&title, &ui.fonts.regular, ui.unit) <= title_room {
        ui.label(&title, title_x, cy, theme::TEXT_DIM, Align::Left);
    }
}

/// The notice's lines, wrapped to the strip under the bar.
fn notice_lines(app: &App, ui: &Ui, w: f32) -> Vec<String> {
    match app.notice() {
        Some(n) => paint::wrap(&n.text, &ui.fonts.regular, ui.unit, w - ui.unit * 3.5),
        None => Vec::new(),
    }
}

/// The notice, in its strip under the bar, where it covers nothing; a click on it dismisses it.
fn notice(app: &App, ui: &Ui, a: Area, lines: &[String], actions: &mut Vec<Action>) {
    let Some(n) = app.notice() else {
        return;
    };
    let size = ui.unit;
    let line_h = size * 1.45;
    let edge = match n.tone {
        Tone::News => theme::GOOD,
        Tone::Problem => theme::BAD,
    };
    paint::rounded_edged(a, 10.0, theme::PANEL, 2.0, edge);
    let mut y = a.y + size * 0.45 + line_h / 2.0;
    for l in lines {
        ui.label(l, a.x + size, y, theme::TEXT, Align::Left);
        y += line_h;
    }
    paint::text(
        "x",
        a.x + a.w - size * 1.1,
        a.y + a.h / 2.0,
        size,
        &ui.fonts.bold,
        theme::TEXT_DIM,
        Align::Centre,
    );
    if ui.input.tapped(a) {
        actions.push(Action::DismissNotice);
    }
}
