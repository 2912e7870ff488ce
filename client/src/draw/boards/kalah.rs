//! Kalah's board: the houses and stores with their seeds, the counts, and the marks of play
//! on the houses.

use chaupal_rules::Side;
use macroquad::prelude::*;

use super::Marks;
use super::board_face::{unit_rect, wood};
use super::tokens::side_colours;
use crate::draw::Fonts;
use crate::draw::paint::{Align, disc, ring, rounded, rounded_edged, text};
use crate::draw::theme::{self, alpha};
use crate::geometry::{self, Frame, KALAH_H, KALAH_STORE_W, Px, Unit, kalah_house, kalah_store};
use crate::view::KalahView;

/// A pit's radius, in board units.
const PIT_R: f32 = 0.4;
/// The seed colours, chosen by seed number so a pile looks varied but never flickers.
const SEED_COLOURS: [u32; 5] = [0xf3e7c6, 0xe7c98f, 0xd9a86c, 0xc8d6a4, 0xefd9b5];

pub(super) fn kalah(v: &KalahView, frame: &Frame, marks: &Marks, fonts: &Fonts) {
    let pits = v.pits;
    let width = pits as f32 + 2.0 * KALAH_STORE_W;
    wood(
        frame,
        Unit { x: 0.0, y: 0.0 },
        Unit {
            x: width,
            y: KALAH_H,
        },
        0.45,
    );
    let count_size = frame.px(0.3).clamp(11.0, 30.0);
    let slot_of = |side: Side, house: usize| side.index() * (pits + 1) + house;
    for side in Side::BOTH {
        let (fill, _) = side_colours(side);
        // Each side's row gets a faint band of its colour.
        let band = unit_rect(
            frame,
            Unit {
                x: KALAH_STORE_W - 0.02,
                y: if side == Side::First {
                    0.2
                } else {
                    KALAH_H - 1.2
                },
            },
            Unit {
                x: KALAH_STORE_W + pits as f32 + 0.02,
                y: if side == Side::First {
                    1.2
                } else {
                    KALAH_H - 0.2
                },
            },
        );
        rounded(band, frame.px(0.45), alpha(fill, 0.16));
        for house in 0..pits {
            let centre = frame.to_px(kalah_house(pits, side, house));
            let cell = geometry::kalah_cell(side, house + 1);
            let seeds = v.houses[side.index()].get(house).copied().unwrap_or(0);
            let r = frame.px(PIT_R);
            pit(centre, r, seeds);
            if marks.last.contains(&cell) {
                ring(centre, r * 1.08, r * 0.12, theme::LAST_MOVE);
            }
            if marks.targets.contains(&cell) {
                let hovered = marks.hover.as_ref() == Some(&cell);
                ring(
                    centre,
                    r * 1.06,
                    r * if hovered { 0.16 } else { 0.08 },
                    alpha(theme::TARGET, if hovered { 1.0 } else { 0.75 }),
                );
            }
            if marks.hint.contains(&cell) {
                ring(centre, r * 1.18, r * 0.12, theme::HINT);
            }
            if marks.best.contains(&cell) {
                ring(centre, r * 1.18, r * 0.14, theme::BEST);
            }
            if marks.sown == Some(slot_of(side, house)) {
                ring(centre, r * 0.95, r * 0.14, alpha(theme::SELECTED, 0.9));
            }
            // The house number, small, towards the middle of the board.
            let number = frame.to_px(Unit {
                x: kalah_house(pits, side, house).x,
                y: if side == Side::First {
                    0.7 + PIT_R + 0.13
                } else {
                    KALAH_H - 0.7 - PIT_R - 0.13
                },
            });
            text(
                &(house + 1).to_string(),
                number.x,
                number.y,
                frame.px(0.2).max(9.0),
                &fonts.regular,
                alpha(theme::INK, 0.75),
                Align::Centre,
            );
            // The count, outside the pit on the owner's edge of the board.
            let label = frame.to_px(Unit {
                x: kalah_house(pits, side, house).x,
                y: if side == Side::First {
                    -0.22
                } else {
                    KALAH_H + 0.22
                },
            });
            text(
                &seeds.to_string(),
                label.x,
                label.y,
                count_size,
                &fonts.bold,
                theme::TEXT,
                Align::Centre,
            );
        }
        // The store.
        let s = kalah_store(pits, side);
        let area = unit_rect(
            frame,
            Unit {
                x: s.x - KALAH_STORE_W * 0.36,
                y: 0.28,
            },
            Unit {
                x: s.x + KALAH_STORE_W * 0.36,
                y: KALAH_H - 0.28,
            },
        );
        rounded(area, area.w / 2.0, theme::PIT_DEEP);
        rounded(area.inset(frame.px(0.04)), area.w / 2.0, theme::PIT);
        let seeds = v.stores[side.index()];
        seeds_in(area.inset(area.w * 0.12), seeds, frame.px(0.075));
        if marks.sown == Some(slot_of(side, pits)) {
            rounded_edged(
                area.inset(-frame.px(0.04)),
                area.w / 2.0,
                Color::new(0.0, 0.0, 0.0, 0.0),
                frame.px(0.05),
                theme::SELECTED,
            );
        }
        let centre = frame.to_px(s);
        let badge = frame.px(0.32);
        disc(
            centre,
            badge,
            alpha(theme::BACKGROUND, 0.8),
            frame.px(0.04),
            fill,
        );
        text(
            &seeds.to_string(),
            centre.x,
            centre.y,
            count_size * 1.05,
            &fonts.bold,
            theme::TEXT,
            Align::Centre,
        );
    }
}

/// A house: a round pit with its seeds.
fn pit(c: Px, r: f32, seeds: u8) {
    draw_circle(c.x, c.y + r * 0.05, r, theme::PIT_DEEP);
    draw_circle(c.x, c.y, r * 0.93, theme::PIT);
    draw_circle(c.x, c.y + r * 0.08, r * 0.8, alpha(theme::PIT_DEEP, 0.5));
    let n = usize::from(seeds);
    let shown = n.min(40);
    if shown == 0 {
        return;
    }
    let (seed_r, places): (f32, Vec<(f32, f32)>) = if shown <= 7 {
        // A few seeds sit in a ring (one in the middle), easy to count at a glance.
        let seed_r = r * 0.22;
        let ring_r = if shown == 1 { 0.0 } else { r * 0.42 };
        let places = (0..shown)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / shown as f32 - 1.2;
                (ring_r * a.cos(), ring_r * a.sin())
            })
            .collect();
        (seed_r, places)
    } else {
        let seed_r = (r * 0.2).min(r * 0.85 / (shown as f32).sqrt() * 0.6);
        let spread = (r * 0.8 - seed_r).max(0.0);
        let places = (0..shown)
            .map(|i| {
                let t = (i as f32 + 0.5) / shown as f32;
                let rad = spread * t.sqrt();
                let ang = i as f32 * 2.399_963;
                (rad * ang.cos(), rad * ang.sin())
            })
            .collect();
        (seed_r, places)
    };
    for (i, (dx, dy)) in places.into_iter().enumerate() {
        seed(
            Px {
                x: c.x + dx,
                y: c.y + dy,
            },
            seed_r,
            i,
        );
    }
}

/// Seeds spread over a store's area.
fn seeds_in(a: geometry::Area, seeds: u8, seed_r: f32) {
    let n = usize::from(seeds).min(96);
    if n == 0 {
        return;
    }
    let cols = ((a.w / (seed_r * 2.2)).floor() as usize).max(1);
    let rows = ((a.h / (seed_r * 2.2)).floor() as usize).max(1);
    for i in 0..n.min(cols * rows) {
        // Fill from the bottom up, rows slightly offset for a natural pile.
        let row = i / cols;
        let col = i % cols;
        let jitter = ((i * 7919) % 13) as f32 / 13.0 - 0.5;
        let x = a.x
            + (col as f32 + 0.5 + if row % 2 == 1 { 0.25 } else { -0.1 }) * a.w / cols as f32
            + jitter * seed_r * 0.4;
        let y = a.y + a.h - (row as f32 + 0.5) * seed_r * 2.1;
        seed(Px { x, y }, seed_r, i);
    }
}

/// One seed.
fn seed(p: Px, r: f32, i: usize) {
    let colour = theme::hex(SEED_COLOURS[i % SEED_COLOURS.len()]);
    draw_circle(
        p.x + r * 0.15,
        p.y + r * 0.2,
        r,
        Color::new(0.0, 0.0, 0.0, 0.3),
    );
    disc(p, r, colour, (r * 0.2).max(0.6), theme::SEED_EDGE);
    draw_circle(p.x - r * 0.3, p.y - r * 0.3, r * 0.3, alpha(WHITE, 0.5));
}
