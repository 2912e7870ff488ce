//! Jungle's board: land and water squares, the traps and dens, and the animals.

use chaupal_rules::Side;
use chaupal_rules::jungle::Animal;
use macroquad::prelude::*;

use super::board_face::{square_coordinates, unit_rect};
use super::marks::point_marks_over;
use super::tokens::{side_colours, side_mark, token};
use super::{Marks, piece_at};
use crate::draw::Fonts;
use crate::draw::paint::{self, Align, disc, rounded, text};
use crate::draw::theme::{self, alpha};
use crate::geometry::{self, Frame, Px, Unit};
use crate::view::{BoardView, JungleView, animal_label};
use crate::words::Words;

pub(super) fn jungle(
    v: &JungleView,
    frame: &Frame,
    marks: &Marks,
    (fonts, words): (&Fonts, &Words),
) {
    let view = BoardView::Jungle(v.clone());
    let (files, ranks) = (f32::from(v.files), f32::from(v.ranks));
    let outer = unit_rect(
        frame,
        Unit { x: -0.12, y: -0.12 },
        Unit {
            x: files + 0.12,
            y: ranks + 0.12,
        },
    );
    rounded(
        geometry::Area {
            x: outer.x + frame.px(0.06),
            y: outer.y + frame.px(0.1),
            ..outer
        },
        frame.px(0.15),
        theme::BOARD_SHADOW,
    );
    rounded(outer, frame.px(0.15), theme::WOOD_EDGE);
    let gap = frame.px(0.03).max(1.0);
    for r in 0..v.ranks {
        for f in 0..v.files {
            let sq = (f, r);
            let area = unit_rect(
                frame,
                Unit {
                    x: f32::from(f),
                    y: f32::from(r),
                },
                Unit {
                    x: f32::from(f) + 1.0,
                    y: f32::from(r) + 1.0,
                },
            )
            .inset(gap / 2.0);
            let water = v.water.contains(&sq);
            let base = if water {
                theme::WATER
            } else if (f + r) % 2 == 0 {
                theme::LAND
            } else {
                theme::LAND_ALT
            };
            paint::fill(area, base);
            if water {
                waves(area);
            }
            for side in Side::BOTH {
                if v.traps[side.index()].contains(&sq) {
                    trap(area, side);
                }
                if v.dens[side.index()] == sq {
                    den(area, side);
                }
            }
            let name = geometry::square_name(f, r);
            if marks.last.contains(&name) {
                paint::fill(area, alpha(theme::LAST_MOVE, 0.5));
            }
            if marks.hover.as_ref() == Some(&name) && marks.targets.contains(&name) {
                paint::fill(area, alpha(theme::TARGET, 0.3));
            }
        }
    }
    square_coordinates(frame, fonts, v.files, v.ranks);
    let r = frame.px(0.4);
    for (sq, side, animal) in &v.pieces {
        let name = geometry::square_name(sq.0, sq.1);
        if let Some(p) = piece_at(&view, frame, marks, &name) {
            animal_piece(
                p,
                r,
                *side,
                (*animal, &words.t(animal_label(*animal))),
                fonts,
            );
        }
    }
    let occupied: Vec<String> = v
        .pieces
        .iter()
        .map(|(sq, _, _)| geometry::square_name(sq.0, sq.1))
        .collect();
    let occupied: Vec<&str> = occupied.iter().map(String::as_str).collect();
    point_marks_over(&view, frame, marks, r * 0.95, &occupied);
}

/// Ripples on a water square.
fn waves(a: geometry::Area) {
    let c = alpha(theme::WATER_LIGHT, 0.8);
    let w = (a.w * 0.04).max(1.0);
    for k in 0..3 {
        let y = a.y + a.h * (0.28 + 0.22 * k as f32);
        let x0 = a.x + a.w * if k % 2 == 0 { 0.15 } else { 0.3 };
        let seg = a.w * 0.18;
        for s in 0..3 {
            let xs = x0 + s as f32 * seg;
            let up = if s % 2 == 0 { -1.0 } else { 1.0 };
            draw_line(xs, y, xs + seg / 2.0, y + up * a.h * 0.05, w, c);
            draw_line(xs + seg / 2.0, y + up * a.h * 0.05, xs + seg, y, w, c);
        }
    }
}

/// A trap: a lattice, edged in its owner's colour.
fn trap(a: geometry::Area, owner: Side) {
    paint::fill(a, alpha(theme::TRAP, 0.9));
    let c = alpha(theme::INK, 0.45);
    let w = (a.w * 0.035).max(1.0);
    for k in 1..4 {
        let t = k as f32 / 4.0;
        draw_line(a.x + a.w * t, a.y, a.x, a.y + a.h * t, w, c);
        draw_line(a.x + a.w * t, a.y + a.h, a.x + a.w, a.y + a.h * t, w, c);
        draw_line(a.x + a.w * t, a.y, a.x + a.w, a.y + a.h * (1.0 - t), w, c);
        draw_line(a.x + a.w * t, a.y + a.h, a.x, a.y + a.h * (1.0 - t), w, c);
    }
    let (fill, _) = side_colours(owner);
    draw_rectangle_lines(a.x, a.y, a.w, a.h, (a.w * 0.09).max(2.0), fill);
}

/// A den: a little house in its owner's colour.
fn den(a: geometry::Area, owner: Side) {
    paint::fill(a, theme::DEN);
    let (fill, dark) = side_colours(owner);
    let (cx, base, w) = (a.x + a.w / 2.0, a.y + a.h * 0.8, a.w * 0.5);
    draw_rectangle(
        cx - w / 2.0,
        a.y + a.h * 0.45,
        w,
        base - (a.y + a.h * 0.45),
        fill,
    );
    draw_triangle(
        vec2(cx - w * 0.7, a.y + a.h * 0.47),
        vec2(cx + w * 0.7, a.y + a.h * 0.47),
        vec2(cx, a.y + a.h * 0.15),
        dark,
    );
    draw_rectangle(
        cx - w * 0.14,
        a.y + a.h * 0.6,
        w * 0.28,
        base - (a.y + a.h * 0.6),
        theme::INK,
    );
    draw_rectangle_lines(a.x, a.y, a.w, a.h, (a.w * 0.08).max(2.0), alpha(fill, 0.9));
}

/// An animal: a token in its side's colour with its short name (`label`, in the player's
/// language), its rank, and its side's mark.
pub fn animal_piece(c: Px, r: f32, side: Side, (animal, label): (Animal, &str), fonts: &Fonts) {
    fonts
        .typesetter()
        .quietly(|| animal_piece_drawn(c, r, side, (animal, label), fonts));
}

fn animal_piece_drawn(c: Px, r: f32, side: Side, (animal, label): (Animal, &str), fonts: &Fonts) {
    let (fill, dark) = side_colours(side);
    token(c, r, fill, dark);
    text(
        label,
        c.x,
        c.y + r * 0.05,
        r * 0.78,
        &fonts.bold,
        theme::hex(0xfdf7ea),
        Align::Centre,
    );
    let badge = Px {
        x: c.x + r * 0.72,
        y: c.y - r * 0.72,
    };
    disc(badge, r * 0.34, theme::hex(0xfdf7ea), r * 0.06, dark);
    text(
        &animal.rank().to_string(),
        badge.x,
        badge.y,
        r * 0.46,
        &fonts.bold,
        dark,
        Align::Centre,
    );
    // The side by shape too, opposite the rank's badge.
    let foot = Px {
        x: c.x - r * 0.72,
        y: c.y + r * 0.72,
    };
    disc(foot, r * 0.26, theme::hex(0xfdf7ea), r * 0.05, dark);
    side_mark(foot, r * 0.13, side, dark);
}
