//! The marks of play drawn on a board: the last move, the selection and its destinations,
//! captures, the hint and the review's best move, and the keyboard's cursor.

use macroquad::prelude::*;

use super::{Marks, at};
use crate::draw::paint::{self, cross, line, ring};
use crate::draw::theme::{self, alpha};
use crate::geometry::{CellName, Frame, Px};
use crate::view::BoardView;

/// A capture's mark: a ring with four notches across it, as a sight has, so that it reads
/// apart from a move's dot and the selection's plain ring by its shape as well as its colour.
pub(super) fn reticle(c: Px, r: f32, width: f32, color: Color) {
    ring(c, r, width, color);
    for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        draw_line(
            c.x + dx * r * 0.7,
            c.y + dy * r * 0.7,
            c.x + dx * r * 1.3,
            c.y + dy * r * 1.3,
            width,
            color,
        );
    }
}

/// The keyboard's cursor round a cell: a square frame with heavy corners, in a colour and a
/// shape no other mark has.
pub(super) fn cursor_frame(c: Px, r: f32) {
    let (x0, y0, x1, y1) = (c.x - r, c.y - r, c.x + r, c.y + r);
    let thin = (r * 0.06).max(1.5);
    let thick = (r * 0.14).max(3.0);
    let arm = r * 0.45;
    draw_rectangle_lines(
        x0,
        y0,
        2.0 * r,
        2.0 * r,
        thin * 2.0,
        alpha(theme::CURSOR, 0.8),
    );
    for (x, y, dx, dy) in [
        (x0, y0, 1.0, 1.0),
        (x1, y0, -1.0, 1.0),
        (x0, y1, 1.0, -1.0),
        (x1, y1, -1.0, -1.0),
    ] {
        draw_line(x, y, x + dx * arm, y, thick, theme::CURSOR);
        draw_line(x, y, x, y + dy * arm, thick, theme::CURSOR);
    }
}

/// The marks shared by the point boards: last move, hint, selection, destinations.
pub(super) fn point_marks_under(view: &BoardView, frame: &Frame, marks: &Marks, r: f32) {
    for cell in &marks.last {
        if let Some(p) = at(view, frame, cell) {
            draw_circle(p.x, p.y, r * 1.22, alpha(theme::LAST_MOVE, 0.5));
            ring(p, r * 1.22, r * 0.1, alpha(theme::LAST_MOVE, 0.95));
        }
    }
    if let Some(h) = &marks.hover
        && marks.targets.contains(h)
        && let Some(p) = at(view, frame, h)
    {
        draw_circle(p.x, p.y, r * 1.15, alpha(theme::TARGET, 0.35));
    }
}

/// Marks drawn over the pieces.
pub(super) fn point_marks_over(
    view: &BoardView,
    frame: &Frame,
    marks: &Marks,
    r: f32,
    occupied: &[&str],
) {
    // Where the last move took a piece: a red cross in a ring on the empty point.
    for cell in &marks.last_captured {
        if let Some(p) = at(view, frame, cell) {
            draw_circle(p.x, p.y, r * 0.75, alpha(theme::CAPTURE, 0.25));
            ring(p, r * 0.75, r * 0.12, alpha(theme::CAPTURE, 0.9));
            cross(p, r * 0.38, r * 0.14, alpha(theme::CAPTURE, 0.9));
        }
    }
    for cell in &marks.capturable {
        if let Some(p) = at(view, frame, cell) {
            reticle(p, r * 1.05, r * 0.14, alpha(theme::CAPTURE, 0.9));
        }
    }
    for cell in &marks.jumped {
        if let Some(p) = at(view, frame, cell) {
            cross(p, r * 0.55, r * 0.2, theme::CAPTURE);
        }
    }
    // The path of a chain under way.
    let hops = marks.selected.len().saturating_sub(1);
    for (i, w) in marks.selected.windows(2).enumerate() {
        if let (Some(a), Some(b)) = (at(view, frame, &w[0]), at(view, frame, &w[1])) {
            line(a, b, r * 0.18, alpha(theme::SELECTED, 0.85));
            if i + 1 < hops {
                draw_circle(b.x, b.y, r * 0.3, theme::SELECTED);
            }
        }
    }
    // The piece being moved: where it stands now (the latest landing of a chain).
    if let Some(cell) = marks.selected.last()
        && let Some(p) = at(view, frame, cell)
    {
        ring(p, r * 1.08, r * 0.16, theme::SELECTED);
    }
    if !marks.selected.is_empty() {
        for cell in &marks.targets {
            if let Some(p) = at(view, frame, cell) {
                if occupied.contains(&cell.as_str()) {
                    reticle(p, r * 1.05, r * 0.14, alpha(theme::CAPTURE, 0.9));
                } else {
                    draw_circle(p.x, p.y, r * 0.4, alpha(theme::TARGET, 0.9));
                    ring(p, r * 0.4, r * 0.07, alpha(WHITE, 0.75));
                }
            }
        }
    }
    move_arrow(view, frame, &marks.best, r, theme::BEST);
    move_arrow(view, frame, &marks.hint, r, theme::HINT);
}

/// A suggested move (the hint, the review's best move): an arrow along it, or a ring for a
/// one-cell move.
pub(super) fn move_arrow(
    view: &BoardView,
    frame: &Frame,
    cells: &[CellName],
    r: f32,
    color: Color,
) {
    let points: Vec<Px> = cells.iter().filter_map(|c| at(view, frame, c)).collect();
    match points.as_slice() {
        [] => {}
        [one] => {
            ring(*one, r * 1.12, r * 0.16, alpha(color, 0.95));
            draw_circle(one.x, one.y, r * 0.22, alpha(color, 0.95));
        }
        many => {
            ring(many[0], r * 1.05, r * 0.14, alpha(color, 0.95));
            for w in many.windows(2) {
                paint::arrow(w[0], w[1], r * 0.26, r * 0.7, alpha(color, 0.9));
            }
        }
    }
}
