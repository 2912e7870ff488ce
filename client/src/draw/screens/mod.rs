//! The screens, drawn from the app's state, one module each, inside what every screen shares:
//! the top bar with the connection, and the notice floating over the foot of the screen (it
//! pushes nothing, so nothing moves under a finger when it comes or goes). Where each part goes is [`crate::layout`]'s business. Each returns the [`Action`]s the player
//! took this frame (clicks on buttons and on the board, keys); none of them changes the state.

mod common;
mod connection;
mod game;
mod game_over;
mod lobby;
mod puzzles;
mod replay;
mod review;
mod rules;
mod tournaments;

pub use game::match_marks;
pub(crate) use tournaments::{next_round_words, status_words};

use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align};
use super::theme::{self, alpha};
use super::ui::{Heights, Input, Look, Record, Ui};
use crate::app::{Action, App, Connection, Screen, Tone};
use crate::app::{ScreenAction, SettingsAction};
use crate::geometry::{Area, Px};
use crate::layout::{self, Window};
use crate::words::Words;
use common::game_title;

/// One frame drawn: what the player did, and what the frame offered (its text fields and what
/// can be clicked).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    pub actions: Vec<Action>,
    pub record: Record,
}

/// Draws the screen the app is on; returns what the player did and what the frame offered.
/// A part whose height changed while it was drawn is drawn again at once with its new height
/// (see [`Heights`]), so the picture is whole.
pub fn draw(
    app: &App,
    input: &Input,
    fonts: &Fonts,
    words: &Words,
    heights: &Heights,
    size: (f32, f32),
) -> Drawn {
    let mut drawn = draw_once(app, input, fonts, words, heights, size);
    for _ in 0..2 {
        if !heights.take_changed() {
            break;
        }
        drawn = draw_once(app, input, fonts, words, heights, size);
    }
    drawn
}

/// Draws the screen once in a window of `size`, with the heights measured before.
fn draw_once(
    app: &App,
    input: &Input,
    fonts: &Fonts,
    words: &Words,
    heights: &Heights,
    size: (f32, f32),
) -> Drawn {
    let (w, h) = size;
    let ui = Ui::new(input, fonts, words, heights, w, h).with_key_focus(app.key_focus().cloned());
    clear_background(theme::BACKGROUND);
    let mut actions = Vec::new();
    let win = Window::new(w, h);
    let body = win.body;
    // The notice floats over the foot of the screen and pushes nothing: what the player
    // aims at stays where it is when a notice comes and goes. A press on it is its own.
    let notice_at = notice_area(app, &ui, &win);
    let pointer_on_notice = notice_at.as_ref().is_some_and(|(a, _)| {
        a.contains(input.mouse) || input.press_at.is_some_and(|p| a.contains(p))
    });
    let elsewhere = Input {
        mouse: Px {
            x: -1000.0,
            y: -1000.0,
        },
        ..Input::default()
    };
    {
        let ui = ui
            .with_input(if pointer_on_notice { &elsewhere } else { input }, true)
            .within(body);
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
            Screen::Puzzles => puzzles::draw(app, &ui, body, &mut actions),
            Screen::Tournaments | Screen::Tournament | Screen::NewTournament => {
                tournaments::draw(app, &ui, body, &mut actions)
            }
        }
    }
    // What scrolled above the body is covered by the bar.
    paint::fill(
        Area {
            x: 0.0,
            y: 0.0,
            w,
            h: body.y,
        },
        theme::BACKGROUND,
    );
    // The bar is over what scrolled under it: a press on it is the bar's, or its buttons'.
    ui.cover(win.bar);
    top_bar(app, &ui, &win, &mut actions);
    if let Some((a, lines)) = notice_at {
        notice(app, &ui, a, &lines, &mut actions);
    }
    Drawn {
        actions,
        record: ui.take_record(),
    }
}

/// The bar across the top: the name, the screen's title (when there is room), and the
/// connection.
fn top_bar(app: &App, ui: &Ui, win: &Window, actions: &mut Vec<Action>) {
    let (w, bar_h) = (win.w, win.bar.h);
    paint::fill(win.bar, theme::BACKGROUND_LIGHT);
    let cy = bar_h / 2.0;
    let brand = ui.unit * 1.35;
    let x0 = win.gap + 4.0;
    // On a phone, a screen with a way back has it at the top left, where a thumb looks for it.
    let back = ui.portrait
        && matches!(
            app.screen(),
            Screen::Rules(_)
                | Screen::Replay
                | Screen::Puzzles
                | Screen::Tournaments
                | Screen::Tournament
                | Screen::NewTournament
        );
    let brand_w = if back {
        let b = Area {
            x: win.gap,
            y: 4.0,
            w: ui.unit * 5.5,
            h: bar_h - 8.0,
        };
        if ui.button(b, &ui.t("back"), Look::Plain) {
            actions.push(Action::Screen(ScreenAction::Back));
        }
        b.w - 4.0
    } else {
        let name = ui.t("brand");
        ui.strong(&name, x0, cy, brand, theme::ACCENT, Align::Left);
        paint::text_width(&name, &ui.fonts.bold, brand)
    };
    let dot = match app.connection() {
        Connection::Offline => theme::TEXT_DIM,
        Connection::Connecting { .. } => theme::ACCENT,
        Connection::Connected { .. } => theme::GOOD,
        Connection::Retrying { .. } | Connection::NotAllowed { .. } => theme::BAD,
    };
    let size = ui.unit * 0.9;
    // In the lobby, the language (its name in itself) at the right: a click opens the list.
    let right = if app.screen() == Screen::Lobby {
        let name = app.language().own_name();
        let b_w = paint::text_width(name, &ui.fonts.bold, size) + ui.unit * 1.4;
        // As tall as a fingertip on a touch screen, within the bar.
        let b_h = (bar_h - 12.0).max(layout::TAP_MIN).min(bar_h);
        let b = Area {
            x: w - win.gap - b_w,
            y: (bar_h - b_h) / 2.0,
            w: b_w,
            h: b_h,
        };
        let look = if app.languages_open() {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(b, name, look) {
            actions.push(Action::Settings(SettingsAction::ToggleLanguages));
        }
        b.x - ui.unit * 0.8
    } else {
        w - win.gap
    };
    let room = (right - x0 - brand_w - ui.unit * 3.0).max(ui.unit * 4.0);
    let phrases = app.connection().short();
    let phrases: Vec<String> = phrases.iter().map(|p| ui.say(p)).collect();
    let phrases: Vec<&str> = phrases.iter().map(String::as_str).collect();
    let text = paint::first_fitting(&phrases, &ui.fonts.regular, size, room.min(w * 0.5));
    let tw = paint::text_width(text, &ui.fonts.regular, size);
    let x = right - tw;
    draw_circle(x - ui.unit * 0.8, cy, ui.unit * 0.35, dot);
    paint::text(
        text,
        x,
        cy,
        size,
        &ui.fonts.regular,
        theme::TEXT,
        Align::Left,
    );
    let title = match app.screen() {
        Screen::Connection => ui.t("screen-connecting"),
        Screen::Lobby => ui.t("screen-lobby"),
        Screen::Game | Screen::GameOver => app
            .current()
            .map(|m| game_title(ui, &m.game))
            .unwrap_or_default(),
        Screen::Replay if app.replay().is_some_and(|r| r.review.is_some()) => ui.t("screen-review"),
        Screen::Replay => ui.t("screen-replay"),
        Screen::Rules(kind) => ui.say(&crate::say!(
            "screen-rules",
            game = crate::terms::game_name(kind)
        )),
        Screen::Puzzles => ui.t("screen-puzzles"),
        Screen::Tournaments | Screen::Tournament => ui.t("screen-tournaments"),
        Screen::NewTournament => ui.t("screen-new-tournament"),
    };
    // The title goes between the name and the connection, whole, or not at all.
    let title_x = x0 + brand_w + ui.unit * 1.2;
    let title_room = x - ui.unit * 1.6 - title_x;
    if paint::text_width(&title, &ui.fonts.regular, ui.unit) <= title_room {
        ui.label(&title, title_x, cy, theme::TEXT_DIM, Align::Left);
    }
}

/// Where the notice floats, and its lines: across the foot of the screen's quiet column
/// ([`layout::notice_column`]), at most [`layout::NOTICE_UNITS`] units wide.
fn notice_area(app: &App, ui: &Ui, win: &Window) -> Option<(Area, Vec<String>)> {
    let n = app.notice()?;
    let screen = app.screen();
    let board = matches!(
        screen,
        Screen::Game | Screen::GameOver | Screen::Replay | Screen::Puzzles
    );
    let column = layout::notice_column(win, screen == Screen::Lobby, board);
    let w = column.w.min(ui.unit * layout::NOTICE_UNITS);
    let lines = paint::wrap(
        &ui.say(&n.text),
        &ui.fonts.regular,
        ui.unit,
        w - ui.unit * 3.5,
    );
    let h = lines.len() as f32 * ui.unit * 1.45 + ui.unit * 0.9;
    Some((layout::notice_in(win, column, w, h), lines))
}

/// The notice, over the foot of the screen; a tap on it dismisses it.
fn notice(app: &App, ui: &Ui, a: Area, lines: &[String], actions: &mut Vec<Action>) {
    let Some(n) = app.notice() else {
        return;
    };
    ui.fonts.typesetter().overlay();
    let size = ui.unit;
    let line_h = size * 1.45;
    let edge = match n.tone {
        Tone::News => theme::GOOD,
        Tone::Problem => theme::BAD,
    };
    paint::rounded(Area { y: a.y + 3.0, ..a }, 10.0, alpha(BLACK, 0.35));
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
    // Over everything: a press on the notice is its own.
    ui.cover(a);
    if ui.item(a, "notice") {
        actions.push(Action::Screen(ScreenAction::DismissNotice));
    }
}
