//! The review's part of the replay screen: while the server works, its progress; when it
//! refused, why; once the review is there, the advantage graph (click it to jump), each
//! player's accuracy, the verdict on the move played from the position shown, and each
//! player's slips (click one to see the position before it). The arithmetic and the words are
//! [`crate::review`]'s; this only draws them and turns clicks into actions.

use chaupal_shared::Side;
use chaupal_shared::review::{GameReview, MoveClass};
use macroquad::prelude::*;

use super::common::side_colour;
use crate::app::Action;
use crate::draw::paint::{self, Align, disc, rounded};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::Ui;
use crate::geometry::{Area, Px};
use crate::replay::Replay;
use crate::review::{ReviewState, graph, notes};

/// The colour a move's class is marked in.
pub(super) fn class_colour(class: MoveClass) -> Color {
    match class {
        MoveClass::Best => theme::BEST,
        MoveClass::Good => theme::GOOD,
        MoveClass::Inaccuracy => theme::INACCURACY,
        MoveClass::Mistake => theme::MISTAKE,
        MoveClass::Blunder => theme::BAD,
    }
}

/// Where the review stands while it is not there: its progress, or why there is none, from
/// `y` across `a`; returns the y below.
pub(super) fn status(ui: &Ui, state: &ReviewState, a: Area, y: f32) -> f32 {
    match state {
        ReviewState::Failed(why) => {
            ui.paragraph(why, a.x, y + ui.unit * 0.5, a.w, theme::BAD) + ui.unit * 0.2
        }
        _ => {
            let text = state.progress_text().unwrap_or_default();
            ui.label(
                &paint::fit(&text, &ui.fonts.regular, ui.unit, a.w),
                a.x,
                y + ui.unit * 0.5,
                theme::TEXT,
                Align::Left,
            );
            let bar = Area {
                x: a.x,
                y: y + ui.unit * 1.3,
                w: a.w,
                h: ui.unit * 0.5,
            };
            rounded(bar, bar.h / 2.0, theme::BUTTON_OFF);
            let done = state.progress().unwrap_or(0.0);
            if done > 0.0 {
                rounded(
                    Area {
                        w: (bar.w * done).max(bar.h),
                        ..bar
                    },
                    bar.h / 2.0,
                    theme::BEST,
                );
            }
            bar.y + bar.h + ui.unit * 0.5
        }
    }
}

/// The review of the replay `r` in `a`: graph, accuracy, verdict and slips, top to bottom.
pub(super) fn block(ui: &Ui, r: &Replay, review: &GameReview, a: Area, actions: &mut Vec<Action>) {
    let graph_h = (a.h * 0.3).clamp(ui.unit * 3.0, ui.unit * if ui.portrait { 4.0 } else { 5.5 });
    let g = Area { h: graph_h, ..a };
    advantage(ui, r, review, g, actions);
    let mut y = g.y + g.h + ui.unit * 0.8;
    let small = ui.unit * 0.9;
    // "Accuracy" before the figures when there is room for both.
    let figures = notes::accuracy_line(review);
    let with_word = format!("Accuracy: {figures}");
    let line = if paint::text_width(&with_word, &ui.fonts.bold, small) <= a.w {
        with_word
    } else {
        paint::fit(&figures, &ui.fonts.bold, small, a.w)
    };
    paint::text(
        &line,
        a.x,
        y,
        small,
        &ui.fonts.bold,
        theme::TEXT,
        Align::Left,
    );
    y += ui.unit * 1.3;
    y = verdict(ui, r, review, a, y);
    let list = Area {
        y,
        h: (a.y + a.h - y).max(0.0),
        ..a
    };
    slips(ui, r, review, list, actions);
}

/// The advantage graph: the first player's winning chance over the game (their colour below
/// the curve, the second's above), the middle line, the mistakes and blunders marked, and the
/// position shown; a click or a drag jumps there.
fn advantage(ui: &Ui, r: &Replay, review: &GameReview, g: Area, actions: &mut Vec<Action>) {
    let kind = review.kind;
    let (first, _) = side_colour(kind, Side::First);
    let (second, _) = side_colour(kind, Side::Second);
    rounded(g, 6.0, alpha(second, 0.28));
    let chances = graph::chances(review);
    let moves = review.plies.len();
    let x_of = |ply: usize| graph::x_of(ply, moves, g.x, g.w);
    let y_of = |c: f64| graph::y_of(c, g.y, g.h);
    let bottom = g.y + g.h;
    for (i, w) in chances.windows(2).enumerate() {
        let (x0, x1) = (x_of(i), x_of(i + 1));
        let (y0, y1) = (y_of(w[0]), y_of(w[1]));
        let fill = alpha(first, 0.45);
        draw_triangle(vec2(x0, y0), vec2(x1, y1), vec2(x0, bottom), fill);
        draw_triangle(vec2(x1, y1), vec2(x1, bottom), vec2(x0, bottom), fill);
    }
    let mid = y_of(50.0);
    draw_line(g.x, mid, g.x + g.w, mid, 1.0, alpha(theme::TEXT_DIM, 0.7));
    for (i, w) in chances.windows(2).enumerate() {
        draw_line(
            x_of(i),
            y_of(w[0]),
            x_of(i + 1),
            y_of(w[1]),
            2.0,
            theme::TEXT,
        );
    }
    let shown = x_of(r.ply());
    draw_line(shown, g.y, shown, bottom, 2.0, theme::ACCENT);
    let dot = (ui.unit * 0.3).max(3.0);
    for (ply, class) in graph::marked(review) {
        if let Some(&c) = chances.get(ply) {
            disc(
                Px {
                    x: x_of(ply),
                    y: y_of(c),
                },
                dot,
                class_colour(class),
                1.5,
                theme::BACKGROUND,
            );
        }
    }
    let grab = Area {
        y: g.y - 4.0,
        h: g.h + 8.0,
        ..g
    };
    if (ui.input.clicked || (ui.input.down && ui.input.dragged)) && ui.hover(grab) {
        let ply = graph::ply_at(ui.input.mouse.x, moves, g.x, g.w);
        if ply != r.ply() {
            actions.push(Action::ReplayJump(ply));
        }
    }
}

/// The verdict on the move played from the position shown, and what it was worth; the end of
/// the game says so. Returns the y below.
fn verdict(ui: &Ui, r: &Replay, review: &GameReview, a: Area, y: f32) -> f32 {
    let small = ui.unit * 0.9;
    match notes::next_move(review, r.ply()) {
        Some(p) => {
            paint::text(
                &paint::fit(&notes::verdict(p), &ui.fonts.bold, ui.unit, a.w),
                a.x,
                y,
                ui.unit,
                &ui.fonts.bold,
                class_colour(p.class),
                Align::Left,
            );
            paint::text(
                &paint::fit(
                    &notes::values(review.kind, p),
                    &ui.fonts.regular,
                    small,
                    a.w,
                ),
                a.x,
                y + ui.unit * 1.25,
                small,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            y + ui.unit * 2.4
        }
        None => {
            ui.label("The end of the game.", a.x, y, theme::TEXT_DIM, Align::Left);
            y + ui.unit * 1.2
        }
    }
}

/// Each player's slips in a column of their own, under their side's name; a click on one shows
/// the position before it.
fn slips(ui: &Ui, r: &Replay, review: &GameReview, a: Area, actions: &mut Vec<Action>) {
    let line_h = ui.unit * 1.25;
    if a.h < line_h * 2.0 {
        return;
    }
    rounded(a, 8.0, alpha(theme::BACKGROUND, 0.6));
    let gap = ui.unit * 0.5;
    let col_w = (a.w - gap) / 2.0;
    let small = ui.unit * 0.85;
    let rows_fit = ((a.h - line_h - 6.0) / line_h).floor().max(0.0) as usize;
    for side in Side::BOTH {
        let x = a.x + side.index() as f32 * (col_w + gap);
        let (fill, dark) = side_colour(review.kind, side);
        let head_y = a.y + 4.0 + line_h / 2.0;
        disc(
            Px {
                x: x + ui.unit * 0.7,
                y: head_y,
            },
            ui.unit * 0.3,
            fill,
            1.0,
            dark,
        );
        let list = notes::slips(review, side);
        let head = match list.len() {
            1 => format!("{}: 1 slip", notes::side_name(review.kind, side)),
            n => format!("{}: {n} slips", notes::side_name(review.kind, side)),
        };
        paint::text(
            &paint::fit(&head, &ui.fonts.bold, small, col_w - ui.unit * 1.3),
            x + ui.unit * 1.2,
            head_y,
            small,
            &ui.fonts.bold,
            theme::TEXT,
            Align::Left,
        );
        if list.is_empty() {
            paint::text(
                "No slips",
                x + ui.unit * 0.5,
                head_y + line_h,
                small,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            continue;
        }
        // When they do not all fit, the rows around the position shown.
        let first = notes::window_start(&list, r.ply(), rows_fit);
        for (i, slip) in list.iter().skip(first).take(rows_fit).enumerate() {
            let cell = Area {
                x,
                y: a.y + 4.0 + line_h * (i + 1) as f32,
                w: col_w,
                h: line_h,
            };
            if slip.before() == r.ply() {
                rounded(cell.inset(1.0), 6.0, alpha(theme::ACCENT, 0.3));
            } else if ui.hover(cell) {
                rounded(cell.inset(1.0), 6.0, alpha(theme::TEXT, 0.08));
            }
            let cy = cell.y + line_h / 2.0;
            draw_circle(
                x + ui.unit * 0.55,
                cy,
                ui.unit * 0.22,
                class_colour(slip.class),
            );
            paint::text(
                &paint::fit(
                    &slip.text(),
                    &ui.fonts.regular,
                    small,
                    col_w - ui.unit * 1.1,
                ),
                x + ui.unit * 1.0,
                cy,
                small,
                &ui.fonts.regular,
                theme::TEXT,
                Align::Left,
            );
            if ui.input.tapped(cell) {
                actions.push(Action::ReplayJump(slip.before()));
            }
        }
    }
}
