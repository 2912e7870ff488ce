//! Sholo Guti's board: the field and its two triangles, the lines and points, and the pieces.

use chaupal_rules::Side;
use macroquad::prelude::*;

use super::board_face::{coordinates, unit_rect, wood};
use super::marks::{point_marks_over, point_marks_under};
use super::tokens::{side_colours, side_mark, token};
use super::{Marks, POINT_PIECE_R, at, piece_at};
use crate::draw::Fonts;
use crate::draw::paint::{self, line};
use crate::draw::theme::{self, alpha};
use crate::geometry::{Frame, Px, Unit};
use crate::view::{BoardView, SholoGutiView};

pub(super) fn sholo_guti(v: &SholoGutiView, frame: &Frame, marks: &Marks, fonts: &Fonts) {
    let view = BoardView::SholoGuti(v.clone());
    wood(
        frame,
        Unit { x: -0.55, y: -0.55 },
        Unit { x: 4.55, y: 8.55 },
        0.25,
    );
    let u = |x: f32, y: f32| frame.to_px(Unit { x, y });
    let tint = alpha(theme::WOOD_DARK, 0.45);
    // The two triangles and the field, lightly shaded so the shape reads at a glance.
    for (a, b, c) in [
        ((0.0, 0.0), (4.0, 0.0), (2.0, 2.0)),
        ((0.0, 8.0), (4.0, 8.0), (2.0, 6.0)),
    ] {
        let (pa, pb, pc) = (u(a.0, a.1), u(b.0, b.1), u(c.0, c.1));
        draw_triangle(vec2(pa.x, pa.y), vec2(pb.x, pb.y), vec2(pc.x, pc.y), tint);
    }
    let field = unit_rect(frame, Unit { x: 0.0, y: 2.0 }, Unit { x: 4.0, y: 6.0 });
    paint::fill(field, alpha(theme::WOOD_DARK, 0.22));
    let w = frame.px(0.05).max(1.5);
    for l in chaupal_rules::sholo_guti::board::LINES {
        let pts: Vec<Px> = l.split(' ').filter_map(|n| at(&view, frame, n)).collect();
        for pair in pts.windows(2) {
            line(pair[0], pair[1], w, theme::INK);
        }
    }
    for name in chaupal_rules::sholo_guti::board::NAMES {
        if let Some(p) = at(&view, frame, name) {
            draw_circle(p.x, p.y, frame.px(0.075), theme::INK);
        }
    }
    coordinates(frame, fonts, 5, 9, 0.0, 1.0);
    let r = frame.px(POINT_PIECE_R);
    point_marks_under(&view, frame, marks, r);
    for side in Side::BOTH {
        let (fill, dark) = side_colours(side);
        for cell in &v.pieces[side.index()] {
            if marks.selected.len() > 1 && marks.selected.first() == Some(cell) {
                // The piece is on its way along a chain: draw it at its latest landing.
                if let Some(p) = marks.selected.last().and_then(|c| at(&view, frame, c)) {
                    token(p, r, fill, dark);
                    side_mark(p, r * 0.3, side, dark);
                }
                if let Some(p) = at(&view, frame, cell) {
                    draw_circle(p.x, p.y, r, alpha(fill, 0.3));
                }
                continue;
            }
            if let Some(p) = piece_at(&view, frame, marks, cell) {
                token(p, r, fill, dark);
                side_mark(p, r * 0.3, side, dark);
            }
        }
    }
    let occupied: Vec<&str> = v.pieces.iter().flatten().map(String::as_str).collect();
    point_marks_over(&view, frame, marks, r, &occupied);
}
