//! Bagh Chal's board: the lines and points, the tigers and goats, and the trays of goats in
//! hand and goats captured.

use macroquad::prelude::*;

use super::board_face::{coordinates, wood};
use super::marks::{point_marks_over, point_marks_under};
use super::tokens::shadow;
use super::{Marks, POINT_PIECE_R, piece_at};
use crate::draw::Fonts;
use crate::draw::paint::{Align, cross, disc, line, ring, text};
use crate::draw::theme::{self, alpha};
use crate::geometry::{BAGHCHAL_TRAY, Frame, LABEL_MARGIN, Px, Unit};
use crate::view::{BaghChalView, BoardView};
use crate::words::Words;

/// Bagh Chal's diagonal lines (the long two and the diamond through b2, d2, b4, d4).
const BAGHCHAL_DIAGONALS: [((f32, f32), (f32, f32)); 6] = [
    ((0.0, 0.0), (4.0, 4.0)),
    ((4.0, 0.0), (0.0, 4.0)),
    ((2.0, 0.0), (0.0, 2.0)),
    ((2.0, 0.0), (4.0, 2.0)),
    ((0.0, 2.0), (2.0, 4.0)),
    ((4.0, 2.0), (2.0, 4.0)),
];

pub(super) fn bagh_chal(
    v: &BaghChalView,
    frame: &Frame,
    marks: &Marks,
    (fonts, words): (&Fonts, &Words),
) {
    let view = BoardView::BaghChal(v.clone());
    wood(
        frame,
        Unit { x: -0.55, y: -0.55 },
        Unit { x: 4.55, y: 4.55 },
        0.25,
    );
    let w = frame.px(0.05).max(1.5);
    let u = |x: f32, y: f32| frame.to_px(Unit { x, y });
    for i in 0..5 {
        let i = i as f32;
        line(u(0.0, i), u(4.0, i), w, theme::INK);
        line(u(i, 0.0), u(i, 4.0), w, theme::INK);
    }
    for ((x0, y0), (x1, y1)) in BAGHCHAL_DIAGONALS {
        line(u(x0, y0), u(x1, y1), w, theme::INK);
    }
    for r in 0..5 {
        for f in 0..5 {
            let p = u(f as f32, r as f32);
            draw_circle(p.x, p.y, frame.px(0.075), theme::INK);
        }
    }
    coordinates(frame, fonts, 5, 5, 0.0, 1.0);
    let r = frame.px(POINT_PIECE_R);
    point_marks_under(&view, frame, marks, r);
    for cell in &v.goats {
        if let Some(p) = piece_at(&view, frame, marks, cell) {
            goat(p, r, fonts, &words.t("piece-label-goat"));
        }
    }
    for cell in &v.tigers {
        if let Some(p) = piece_at(&view, frame, marks, cell) {
            tiger(p, r, fonts, &words.t("piece-label-tiger"));
        }
    }
    let occupied: Vec<&str> = v
        .goats
        .iter()
        .chain(&v.tigers)
        .map(String::as_str)
        .collect();
    point_marks_over(&view, frame, marks, r, &occupied);
    bagh_chal_trays(v, frame, (fonts, words));
}

/// A goat: a cream token with little horns.
pub fn goat(c: Px, r: f32, fonts: &Fonts, label: &str) {
    shadow(c, r);
    for dir in [-1.0, 1.0] {
        draw_triangle(
            vec2(c.x + dir * r * 0.55, c.y - r * 0.55),
            vec2(c.x + dir * r * 0.95, c.y - r * 1.05),
            vec2(c.x + dir * r * 0.2, c.y - r * 0.8),
            theme::GOAT_EDGE,
        );
    }
    disc(c, r, theme::GOAT, r * 0.1, theme::GOAT_EDGE);
    text(
        label,
        c.x,
        c.y,
        r * 0.95,
        &fonts.bold,
        theme::hex(0x6d655a),
        Align::Centre,
    );
}

/// A tiger: an amber token with stripes.
pub fn tiger(c: Px, r: f32, fonts: &Fonts, label: &str) {
    shadow(c, r);
    disc(c, r, theme::TIGER, r * 0.1, theme::TIGER_STRIPE);
    // Tapered stripes in from the rim: three on each cheek, two on the brow.
    for (deg, len) in [
        (160.0, 0.5),
        (180.0, 0.6),
        (200.0, 0.5),
        (-20.0, 0.5),
        (0.0, 0.6),
        (20.0, 0.5),
        (-110.0, 0.42),
        (-70.0, 0.42),
    ] {
        let a = f32::to_radians(deg);
        let (s, co) = a.sin_cos();
        let (ns, nc) = (co, -s);
        let rim = r * 0.93;
        let tip = Px {
            x: c.x + co * rim * (1.0 - len),
            y: c.y + s * rim * (1.0 - len),
        };
        let half = r * 0.1;
        draw_triangle(
            vec2(c.x + co * rim + nc * half, c.y + s * rim + ns * half),
            vec2(c.x + co * rim - nc * half, c.y + s * rim - ns * half),
            vec2(tip.x, tip.y),
            theme::TIGER_STRIPE,
        );
    }
    text(
        label,
        c.x,
        c.y,
        r * 0.95,
        &fonts.bold,
        theme::TIGER_STRIPE,
        Align::Centre,
    );
}

/// The goats in hand (the goats' side of the board) and the goats captured (the tigers' side).
fn bagh_chal_trays(v: &BaghChalView, frame: &Frame, (fonts, words): (&Fonts, &Words)) {
    let small = frame.px(0.16);
    let label_size = frame.px(0.26).clamp(8.0, 26.0);
    let tray_y = |goats_side: bool| {
        if goats_side {
            -LABEL_MARGIN - BAGHCHAL_TRAY / 2.0 + 0.1
        } else {
            4.0 + LABEL_MARGIN + BAGHCHAL_TRAY / 2.0 - 0.1
        }
    };
    // Goats in hand: up to two rows of ten small goats.
    let y = tray_y(true);
    let left = frame.to_px(Unit { x: -0.55, y });
    let right = frame.to_px(Unit { x: 4.55, y });
    let (x0, x1) = (left.x.min(right.x), left.x.max(right.x));
    let cy = left.y;
    text(
        &words.say(&crate::say!("tray-in-hand", count = u32::from(v.in_hand))),
        x0,
        cy - small * 2.3,
        label_size,
        &fonts.bold,
        theme::TEXT,
        Align::Left,
    );
    let step = (x1 - x0) / 10.0;
    for i in 0..u32::from(v.in_hand) {
        let col = (i % 10) as f32;
        let row = (i / 10) as f32;
        let p = Px {
            x: x0 + step * (col + 0.5),
            y: cy + row * small * 2.3 - small * 0.4,
        };
        mini_goat(p, small, false);
    }
    // Captured goats, with empty places up to the captures the tigers need.
    let y = tray_y(false);
    let left = frame.to_px(Unit { x: -0.55, y });
    let cy = left.y;
    text(
        &words.say(&crate::say!(
            "tray-captured",
            count = u32::from(v.captured),
            total = u32::from(v.captures_to_win)
        )),
        x0,
        cy - small * 2.0,
        label_size,
        &fonts.bold,
        theme::TEXT,
        Align::Left,
    );
    let total = u32::from(v.captures_to_win.max(v.captured)).min(20);
    let step_c = (x1 - x0) / 10.0;
    for i in 0..total {
        let p = Px {
            x: x0 + step_c * ((i % 10) as f32 + 0.5),
            y: cy + (i / 10) as f32 * small * 2.3 + small * 0.4,
        };
        if i < u32::from(v.captured) {
            mini_goat(p, small, true);
        } else {
            ring(p, small, small * 0.18, alpha(theme::TEXT_DIM, 0.6));
        }
    }
}

/// A small goat in a tray; crossed out when captured.
fn mini_goat(c: Px, r: f32, captured: bool) {
    disc(c, r, theme::GOAT, r * 0.15, theme::GOAT_EDGE);
    if captured {
        cross(c, r * 0.75, r * 0.3, theme::CAPTURE);
    }
}
