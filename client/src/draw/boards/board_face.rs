//! A board's face: the wooden ground, the coordinates written round or inside it, and the
//! conversion of a board-unit rectangle to the screen.

use macroquad::prelude::*;

use crate::draw::Fonts;
use crate::draw::paint::{Align, rounded, rounded_edged, text};
use crate::draw::theme::{self, alpha};
use crate::geometry::{self, Frame, Unit};

/// The board-unit rectangle from `a` to `b` on the screen.
pub(super) fn unit_rect(frame: &Frame, a: Unit, b: Unit) -> geometry::Area {
    let (p, q) = (frame.to_px(a), frame.to_px(b));
    geometry::Area {
        x: p.x.min(q.x),
        y: p.y.min(q.y),
        w: (p.x - q.x).abs(),
        h: (p.y - q.y).abs(),
    }
}

/// How far outside the outermost points or square centres the coordinates are written.
const LABEL_GAP: f32 = 0.92;

/// File letters and rank numbers inside a board of squares, as chess sites draw them: each
/// rank's number in the corner of its square on the viewer's left, each file's letter in the
/// corner of its square on the viewer's bottom row. No margin round the board is needed, so the
/// squares are as large as the window allows.
pub(super) fn square_coordinates(frame: &Frame, fonts: &Fonts, files: u8, ranks: u8) {
    let size = frame.px(0.2).clamp(8.0, 20.0);
    let color = alpha(theme::INK, 0.7);
    // The viewer's left file and bottom rank.
    let (left, bottom) = if frame.flipped {
        (files - 1, ranks - 1)
    } else {
        (0, 0)
    };
    // Towards the viewer's left and top within a square, and right and bottom.
    let toward = |lo: bool| if lo == frame.flipped { 0.86 } else { 0.14 };
    for r in 0..ranks {
        let p = frame.to_px(Unit {
            x: f32::from(left) + toward(true),
            y: f32::from(r) + 1.0 - toward(true),
        });
        text(
            &(r + 1).to_string(),
            p.x,
            p.y,
            size,
            &fonts.bold,
            color,
            Align::Centre,
        );
    }
    for f in 0..files {
        let p = frame.to_px(Unit {
            x: f32::from(f) + 1.0 - toward(true),
            y: f32::from(bottom) + toward(true),
        });
        let letter = char::from(b'a' + f).to_string();
        text(&letter, p.x, p.y, size, &fonts.bold, color, Align::Centre);
    }
}

/// File letters and rank numbers around a point or square board.
pub(super) fn coordinates(
    frame: &Frame,
    fonts: &Fonts,
    files: u8,
    ranks: u8,
    offset: f32,
    cell: f32,
) {
    let size = frame.px(0.28).clamp(8.0, 26.0);
    let color = alpha(theme::TEXT_DIM, 0.9);
    for f in 0..files {
        let x = f32::from(f) * cell + offset;
        let label = char::from(b'a' + f).to_string();
        let p = frame.to_px(Unit {
            x,
            y: if frame.flipped {
                f32::from(ranks - 1) * cell + offset + LABEL_GAP
            } else {
                offset - LABEL_GAP
            },
        });
        text(&label, p.x, p.y, size, &fonts.regular, color, Align::Centre);
    }
    for r in 0..ranks {
        let y = f32::from(r) * cell + offset;
        let p = frame.to_px(Unit {
            x: if frame.flipped {
                f32::from(files - 1) * cell + offset + LABEL_GAP
            } else {
                offset - LABEL_GAP
            },
            y,
        });
        text(
            &(r + 1).to_string(),
            p.x,
            p.y,
            size,
            &fonts.regular,
            color,
            Align::Centre,
        );
    }
}

/// A wooden board face between two board-unit corners.
pub(super) fn wood(frame: &Frame, a: Unit, b: Unit, radius: f32) {
    let area = unit_rect(frame, a, b);
    let shadow_area = geometry::Area {
        x: area.x + frame.px(0.06),
        y: area.y + frame.px(0.1),
        ..area
    };
    rounded(shadow_area, frame.px(radius), theme::BOARD_SHADOW);
    rounded_edged(
        area,
        frame.px(radius),
        theme::WOOD,
        frame.px(0.06).max(2.0),
        theme::WOOD_EDGE,
    );
    // A few faint grain lines.
    let grain = alpha(theme::WOOD_DARK, 0.18);
    let n = 9;
    for i in 1..n {
        let t = i as f32 / n as f32;
        let y = area.y + area.h * t + (i as f32 * 1.7).sin() * frame.px(0.05);
        draw_line(
            area.x + frame.px(0.15),
            y,
            area.x + area.w - frame.px(0.15),
            y + (i as f32).cos() * frame.px(0.04),
            frame.px(0.02).max(1.0),
            grain,
        );
    }
}
