//! The review's part of the replay screen: while the server works, its progress; when it
//! refused, why; once the review is there, the advantage graph with its axes and legend (click
//! it to jump), each player's accuracy, the verdict on the move played from the position shown
//! in words, and each player's slips in words (click one to see the position before it). The
//! arithmetic and the words are [`crate::review`]'s; this only lays them out, draws them and
//! turns clicks into actions.

use chaupal_rules::review::{GameReview, MoveClass};
use chaupal_rules::{GameKind, Side};
use macroquad::prelude::*;

use super::common::side_colour;
use crate::app::Action;
use crate::app::ReplayAction;
use crate::draw::paint::{self, Align, disc, rounded};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::Ui;
use crate::geometry::{Area, Px};
use crate::replay::Replay;
use crate::review::{Parts, ReviewState, graph, notes};
use crate::say;
use crate::terms;

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
            ui.paragraph(&ui.say(why), a.x, y + ui.unit * 0.5, a.w, theme::BAD) + ui.unit * 0.2
        }
        _ => {
            let text = state
                .progress_text()
                .map(|p| ui.say(&p))
                .unwrap_or_default();
            let below = ui.paragraph(&text, a.x, y + ui.unit * 0.5, a.w, theme::TEXT);
            let bar = Area {
                x: a.x,
                y: below - ui.unit * 0.4,
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

/// The text size of the lists and the accuracy.
fn small(ui: &Ui) -> f32 {
    ui.unit * 0.85
}

/// The text size of the axes and the legend.
fn tiny(ui: &Ui) -> f32 {
    ui.unit * 0.72
}

/// The review of the replay `r` in `a`: graph, accuracy, verdict and slips, top to bottom,
/// with the heights [`Parts::fit`] gives them. The parts above the slips keep their heights
/// from move to move (the verdict has the room of the longest), so stepping through the game
/// moves nothing but the marks.
pub(super) fn block(ui: &Ui, r: &Replay, review: &GameReview, a: Area, actions: &mut Vec<Action>) {
    let legend = legend(ui, review, a.w);
    let legend_rows = legend.last().map_or(0, |entry| entry.row + 1);
    let parts = Parts::fit(
        a.h,
        ui.unit,
        ui.portrait,
        legend_rows,
        verdict_lines(ui, review, a.w),
    );
    advantage(ui, r, review, a, &parts, actions);
    if parts.legend > 0.0 {
        let top = a.y + parts.caption + parts.plot + parts.axis;
        draw_legend(ui, &legend, a.x, top);
    }
    let mut y = a.y + parts.caption + parts.plot + parts.axis + parts.legend;
    // "Accuracy" before the figures when there is room for both.
    let figures = ui.say(&notes::accuracy_line(review));
    let with_word = ui.say(&say!("review-accuracy", figures = figures.as_str()));
    let size = small(ui);
    let line = if paint::text_width(&with_word, &ui.fonts.bold, size) <= a.w {
        with_word
    } else {
        paint::fit(&figures, &ui.fonts.bold, size, a.w)
    };
    paint::text(
        &line,
        a.x,
        y + parts.accuracy * 0.45,
        size,
        &ui.fonts.bold,
        theme::TEXT,
        Align::Left,
    );
    y += parts.accuracy;
    verdict(ui, r, review, a, y);
    y += parts.verdict;
    if parts.slips > 0.0 {
        let list = Area {
            y,
            h: parts.slips,
            ..a
        };
        slips(ui, r, review, list, actions);
    }
}

/// What marks an entry of the graph's legend.
enum Key {
    /// An area's colour.
    Area(Color),
    /// A dot's colour.
    Dot(Color),
}

/// One entry of the legend, laid out: its mark, its words, its offset from the legend's left
/// and its row.
struct Entry {
    key: Key,
    words: String,
    dx: f32,
    row: usize,
}

/// The legend's entries, in rows `w` wide: the colour of each side ahead, the dots of the
/// mistakes and the blunders.
fn legend(ui: &Ui, review: &GameReview, w: f32) -> Vec<Entry> {
    let kind = review.kind;
    let tiny = tiny(ui);
    let keys = [
        (
            Key::Area(side_colour(kind, Side::First).0),
            ui.say(&say!(
                "review-ahead",
                side = terms::side_name(kind, Side::First)
            )),
        ),
        (
            Key::Area(side_colour(kind, Side::Second).0),
            ui.say(&say!(
                "review-ahead",
                side = terms::side_name(kind, Side::Second)
            )),
        ),
        (
            Key::Dot(class_colour(MoveClass::Mistake)),
            ui.t("review-legend-mistake"),
        ),
        (
            Key::Dot(class_colour(MoveClass::Blunder)),
            ui.t("review-legend-blunder"),
        ),
    ];
    let widths: Vec<f32> = keys
        .iter()
        .map(|(_, words)| {
            tiny * 0.9 + tiny * 0.4 + paint::text_width(words, &ui.fonts.regular, tiny)
        })
        .collect();
    keys.into_iter()
        .zip(graph::flow(&widths, w, tiny * 0.8))
        .map(|((key, words), (dx, row))| Entry {
            key,
            words,
            dx,
            row,
        })
        .collect()
}

/// Draws the legend from `(x, top)`, a row to each [`Parts::LEGEND_ROW`].
fn draw_legend(ui: &Ui, entries: &[Entry], x: f32, top: f32) {
    let tiny = tiny(ui);
    let mark_w = tiny * 0.9;
    let row_h = ui.unit * Parts::LEGEND_ROW;
    for e in entries {
        let x = x + e.dx;
        let cy = top + row_h * (e.row as f32 + 0.5);
        match e.key {
            Key::Area(c) => rounded(
                Area {
                    x,
                    y: cy - tiny * 0.4,
                    w: mark_w,
                    h: tiny * 0.8,
                },
                2.0,
                alpha(c, 0.75),
            ),
            Key::Dot(c) => disc(
                Px {
                    x: x + mark_w / 2.0,
                    y: cy,
                },
                mark_w * 0.5,
                c,
                1.0,
                theme::BACKGROUND,
            ),
        }
        paint::text(
            &e.words,
            x + mark_w + tiny * 0.4,
            cy,
            tiny,
            &ui.fonts.regular,
            theme::TEXT_DIM,
            Align::Left,
        );
    }
}

/// The advantage graph from the top of `a`, in the heights of `parts`: a caption naming the
/// vertical axis (the first player's winning chance) and the upright line (the move shown);
/// the plot with the chances 0%, 50% and 100% labelled at its left, the area between the curve
/// and the even line in the colour of the side ahead, the mistakes and blunders marked, and
/// the position shown; under it the moves. A click or a drag on the plot jumps there.
fn advantage(
    ui: &Ui,
    r: &Replay,
    review: &GameReview,
    a: Area,
    parts: &Parts,
    actions: &mut Vec<Action>,
) {
    let kind = review.kind;
    let tiny = tiny(ui);
    let font = &ui.fonts.regular;
    let (first_fill, _) = side_colour(kind, Side::First);
    let (second_fill, _) = side_colour(kind, Side::Second);
    // The caption: what goes up; at its right, when there is room, what the upright line is.
    let caption = ui.say(&say!(
        "review-graph-caption",
        side = terms::side_name(kind, Side::First),
        many = if kind == GameKind::BaghChal {
            "yes"
        } else {
            "no"
        }
    ));
    let caption_y = a.y + tiny * 0.75;
    let mark_w = tiny * 0.9;
    let shown_words = &ui.t("review-move-shown");
    let shown_w = mark_w + tiny * 0.4 + paint::text_width(shown_words, font, tiny);
    let caption_w = paint::text_width(&caption, font, tiny);
    if caption_w + tiny * 2.0 + shown_w <= a.w {
        let x = a.x + a.w - shown_w + mark_w / 2.0;
        draw_line(
            x,
            caption_y - tiny * 0.5,
            x,
            caption_y + tiny * 0.5,
            2.0,
            theme::ACCENT,
        );
        paint::text(
            shown_words,
            a.x + a.w,
            caption_y,
            tiny,
            font,
            theme::TEXT_DIM,
            Align::Right,
        );
    }
    paint::text(
        &paint::fit(&caption, font, tiny, a.w),
        a.x,
        caption_y,
        tiny,
        font,
        theme::TEXT_DIM,
        Align::Left,
    );
    // The plot, right of the chances' labels.
    let label_w = graph::CHANCE_TICKS
        .iter()
        .map(|(_, l)| paint::text_width(l, font, tiny))
        .fold(0.0, f32::max);
    let pad = tiny * 0.4;
    let g = Area {
        x: a.x + label_w + pad,
        y: a.y + parts.caption,
        w: (a.w - label_w - pad).max(1.0),
        h: parts.plot,
    };
    rounded(g, 4.0, alpha(theme::BACKGROUND, 0.7));
    let chances = graph::chances(review);
    let moves = review.plies.len();
    let x_of = |ply: usize| graph::x_of(ply, moves, g.x, g.w);
    let y_of = |c: f64| graph::y_of(c, g.y, g.h);
    let mid = y_of(50.0);
    for quarter in [25.0, 75.0] {
        let y = y_of(quarter);
        draw_line(g.x, y, g.x + g.w, y, 1.0, alpha(theme::TEXT_DIM, 0.18));
    }
    // The area between the curve and the even line: the first player's colour where they are
    // ahead, the second's where they are.
    let band = |x0: f32, c0: f64, x1: f32, c1: f64| {
        let fill = if c0 + c1 >= 100.0 {
            alpha(first_fill, 0.55)
        } else {
            alpha(second_fill, 0.55)
        };
        let (y0, y1) = (y_of(c0), y_of(c1));
        draw_triangle(vec2(x0, y0), vec2(x1, y1), vec2(x0, mid), fill);
        draw_triangle(vec2(x1, y1), vec2(x1, mid), vec2(x0, mid), fill);
    };
    for (i, w) in chances.windows(2).enumerate() {
        let (x0, x1) = (x_of(i), x_of(i + 1));
        match graph::crossing(w[0], w[1]) {
            Some(t) => {
                let xm = x0 + (x1 - x0) * t;
                band(x0, w[0], xm, 50.0);
                band(xm, 50.0, x1, w[1]);
            }
            None => band(x0, w[0], x1, w[1]),
        }
    }
    draw_line(g.x, mid, g.x + g.w, mid, 1.0, alpha(theme::TEXT_DIM, 0.8));
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
    draw_line(shown, g.y, shown, g.y + g.h, 2.0, theme::ACCENT);
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
    // The vertical axis: 100% at the top, 50% on the even line, 0% at the bottom.
    for (chance, label) in graph::CHANCE_TICKS {
        let y = y_of(chance);
        draw_line(g.x - pad * 0.6, y, g.x, y, 1.0, theme::TEXT_DIM);
        paint::text(
            label,
            g.x - pad,
            y,
            tiny,
            font,
            theme::TEXT_DIM,
            Align::Right,
        );
    }
    // The moves along the bottom, the first named: "move 1", then "10", "20"...
    let bottom = g.y + g.h;
    let most = (g.w / (paint::text_width("000", font, tiny) * 2.0)).floor() as usize;
    for tick in graph::move_ticks(moves, most) {
        let x = x_of(tick);
        draw_line(x, bottom, x, bottom + pad, 1.0, theme::TEXT_DIM);
        let number = tick.to_string();
        let right = x + paint::text_width(&number, font, tiny) / 2.0;
        let words = if tick == 1 {
            ui.say(&say!("review-graph-first-move", count = tick))
        } else {
            number
        };
        paint::text(
            &words,
            right,
            bottom + pad + tiny * 0.75,
            tiny,
            font,
            theme::TEXT_DIM,
            Align::Right,
        );
    }
    let grab = Area {
        y: g.y - 4.0,
        h: g.h + 8.0,
        ..g
    };
    if (ui.input.clicked || (ui.input.down && ui.input.dragged)) && ui.hover(grab) {
        let ply = graph::ply_at(ui.input.mouse.x, moves, g.x, g.w);
        if ply != r.ply() {
            actions.push(Action::Replay(ReplayAction::ReplayJump(ply)));
        }
    }
}

/// The text size of the verdict's words (`ui.paragraph`'s).
fn verdict_size(ui: &Ui) -> f32 {
    ui.unit * 0.95
}

/// The lines the longest verdict takes under its first, wrapped to `w` (at most four).
fn verdict_lines(ui: &Ui, review: &GameReview, w: f32) -> usize {
    let size = verdict_size(ui);
    review
        .plies
        .iter()
        .map(|p| {
            paint::wrap(
                &ui.say(&notes::verdict_detail(review.kind, p)),
                &ui.fonts.regular,
                size,
                w,
            )
            .len()
        })
        .max()
        .unwrap_or(1)
        .clamp(1, 4)
}

/// The verdict on the move played from the position shown, from `y`, in words: its class on
/// the first line, then what it gave away and what was better (wrapped); the end of the game
/// says so.
fn verdict(ui: &Ui, r: &Replay, review: &GameReview, a: Area, y: f32) {
    let kind = review.kind;
    let head_y = y + ui.unit * 0.45;
    let detail_y = head_y + ui.unit * 1.2;
    let (head, colour, detail) = match notes::next_move(review, r.ply()) {
        Some(p) => (
            ui.say(&notes::verdict_head(kind, p)),
            class_colour(p.class),
            ui.say(&notes::verdict_detail(kind, p)),
        ),
        None => (ui.t("review-end"), theme::TEXT, ui.t("review-step-back")),
    };
    paint::text(
        &paint::fit(&head, &ui.fonts.bold, ui.unit, a.w),
        a.x,
        head_y,
        ui.unit,
        &ui.fonts.bold,
        colour,
        Align::Left,
    );
    ui.paragraph(&detail, a.x, detail_y, a.w, theme::TEXT_DIM);
}

/// Both players' slips, in the order they were played, under a line with each player's count:
/// each in words, wrapped to the width, marked with its side's colour and its class's dot;
/// when they do not all fit, those around the position shown. A click on one shows the
/// position before it.
fn slips(ui: &Ui, r: &Replay, review: &GameReview, a: Area, actions: &mut Vec<Action>) {
    let kind = review.kind;
    let size = small(ui);
    let line_h = size * 1.35;
    let head_h = ui.unit * 1.5;
    if a.h < head_h + line_h + 8.0 {
        return;
    }
    rounded(a, 8.0, alpha(theme::BACKGROUND, 0.6));
    let font = &ui.fonts.regular;
    let mark = ui.unit * 0.32;
    let marker = |x: f32, y: f32, side: Side| {
        let (fill, dark) = side_colour(kind, side);
        disc(Px { x, y }, mark, fill, 1.0, dark);
    };
    // The heading: each player's count, under their side's colour.
    let head_y = a.y + 4.0 + head_h / 2.0;
    let half = a.w / 2.0;
    for side in Side::BOTH {
        let x = a.x + side.index() as f32 * half;
        marker(x + ui.unit * 0.7, head_y, side);
        let n = notes::slips(review, side).len();
        let name = terms::side_name(kind, side);
        let head = ui.say(&say!("review-slips", side = name, count = n));
        paint::text(
            &paint::fit(&head, &ui.fonts.bold, size, half - ui.unit * 1.4),
            x + ui.unit * 1.2,
            head_y,
            size,
            &ui.fonts.bold,
            theme::TEXT,
            Align::Left,
        );
    }
    let list = notes::all_slips(review);
    let indent = ui.unit * 1.9;
    let text_w = a.w - indent - ui.unit * 0.4;
    let texts: Vec<Vec<String>> = list
        .iter()
        .map(|s| paint::wrap(&ui.say(&s.text(kind)), font, size, text_w))
        .collect();
    // Each entry's height with the space after it (the last needs none).
    let entry_gap = size * 0.3;
    let heights: Vec<f32> = texts
        .iter()
        .map(|t| line_h * t.len() as f32 + entry_gap)
        .collect();
    let top = a.y + 4.0 + head_h;
    let room = a.y + a.h - 4.0 - top + entry_gap;
    let (first, count) = notes::window(&list, &heights, r.ply(), room);
    let mut y = top;
    for (slip, text) in list.iter().zip(&texts).skip(first).take(count) {
        let h = line_h * text.len() as f32;
        if y + h > a.y + a.h {
            break;
        }
        let cell = Area {
            x: a.x + 2.0,
            y,
            w: a.w - 4.0,
            h,
        };
        if slip.before() == r.ply() {
            rounded(cell, 6.0, alpha(theme::ACCENT, 0.3));
        } else if ui.hover(cell) {
            rounded(cell, 6.0, alpha(theme::TEXT, 0.08));
        }
        let cy = y + line_h / 2.0;
        marker(a.x + ui.unit * 0.7, cy, slip.side);
        draw_circle(
            a.x + ui.unit * 1.45,
            cy,
            ui.unit * 0.22,
            class_colour(slip.class),
        );
        for (i, part) in text.iter().enumerate() {
            paint::text(
                part,
                a.x + indent,
                y + line_h * (i as f32 + 0.5),
                size,
                font,
                theme::TEXT,
                Align::Left,
            );
        }
        if ui.item(cell, &format!("slip {}", slip.before())) {
            actions.push(Action::Replay(ReplayAction::ReplayJump(slip.before())));
        }
        y += h + entry_gap;
    }
}
