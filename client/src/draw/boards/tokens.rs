//! The shapes pieces share: the shadow under a piece, the round token, and what tells the two
//! sides apart (their colours and their marks).

use chaupal_rules::Side;
use macroquad::prelude::*;

use crate::draw::paint::{disc, ring};
use crate::draw::theme::{self, alpha};
use crate::geometry::Px;

/// Soft shadow under a piece.
pub(super) fn shadow(c: Px, r: f32) {
    draw_circle(
        c.x + r * 0.08,
        c.y + r * 0.14,
        r,
        Color::new(0.0, 0.0, 0.0, 0.28),
    );
}

/// A round token in a side's colours, with a glossy inner ring.
pub(super) fn token(c: Px, r: f32, fill: Color, dark: Color) {
    shadow(c, r);
    disc(c, r, fill, r * 0.12, dark);
    ring(c, r * 0.68, r * 0.07, alpha(WHITE, 0.25));
    draw_circle(c.x - r * 0.3, c.y - r * 0.32, r * 0.18, alpha(WHITE, 0.22));
}

/// What tells the sides' pieces apart besides their colour: a round dot for the first side
/// (South), a square for the second (North), `r` across at `c`.
pub(super) fn side_mark(c: Px, r: f32, side: Side, color: Color) {
    match side {
        Side::First => draw_circle(c.x, c.y, r, color),
        Side::Second => {
            let h = r * 0.9;
            draw_rectangle(c.x - h, c.y - h, 2.0 * h, 2.0 * h, color);
        }
    }
}

/// A side's piece colours.
pub(super) fn side_colours(side: Side) -> (Color, Color) {
    match side {
        Side::First => (theme::FIRST, theme::FIRST_DARK),
        Side::Second => (theme::SECOND, theme::SECOND_DARK),
    }
}
