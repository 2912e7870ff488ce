//! Small drawing helpers over macroquad: text placed by its centre or edge (measured and drawn
//! by [`super::text`]), rounded boxes, discs with an edge, arrows.

use macroquad::prelude::*;

use super::text::Face;
use crate::geometry::{Area, Px};

/// Where a text is anchored horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// A size in whole pixels, never below a readable minimum, as text is drawn and measured.
pub fn whole_size(px: f32) -> f32 {
    px.round().clamp(9.0, 400.0)
}

/// The width of a text.
pub fn text_width(text: &str, font: &Face, size: f32) -> f32 {
    font.width(text, whole_size(size))
}

/// Draws `text` with its vertical centre at `y`, anchored at `x` as `align` says.
pub fn text(text: &str, x: f32, y: f32, size: f32, font: &Face, color: Color, align: Align) {
    let size = whole_size(size);
    let width = font.width(text, size);
    let left = match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    };
    // Centred on the height of capital letters, so mixed text sits level.
    let baseline = y + font.cap_height(size) / 2.0;
    font.draw(text, left, baseline, size, color);
}

/// `s` cut to `max_w` pixels with an ellipsis, if it is wider.
pub fn fit(s: &str, font: &Face, size: f32, max_w: f32) -> String {
    if text_width(s, font, size) <= max_w {
        return s.to_owned();
    }
    let mut cut: String = s.to_owned();
    while !cut.is_empty() && text_width(&format!("{cut}..."), font, size) > max_w {
        cut.pop();
    }
    let shown = format!("{cut}...");
    font.typesetter().note_cut(&shown);
    shown
}

/// Splits `s` into lines no wider than `max_w` where the Unicode line-breaking rules (UAX #14)
/// allow: between words, and in Chinese between characters but never before a closing mark
/// such as "，" or "。". A piece wider than a line on its own (a long name, a link) is broken
/// after a hyphen or a slash where it can be, else between two characters as a person sees
/// them.
pub fn wrap(s: &str, font: &Face, size: f32, max_w: f32) -> Vec<String> {
    use unicode_linebreak::{BreakOpportunity, linebreaks};
    let s = s.trim();
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut start = 0;
    for (end, opportunity) in linebreaks(s) {
        let segment = &s[start..end];
        start = end;
        // A segment: a word (or a Chinese character) with the spaces after it.
        let word = segment.trim_end();
        for piece in break_word(word, font, size, max_w) {
            let candidate = format!("{line}{piece}");
            if text_width(&candidate, font, size) > max_w && !line.trim().is_empty() {
                lines.push(line.trim_end().to_owned());
                line = piece;
            } else {
                line = candidate;
            }
        }
        let ends_line = opportunity == BreakOpportunity::Mandatory
            && segment.ends_with(['\n', '\r', '\u{2028}', '\u{2029}']);
        if ends_line {
            if !line.trim().is_empty() {
                lines.push(line.trim_end().to_owned());
            }
            line.clear();
        } else if word.len() < segment.len() {
            line.push(' ');
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_owned());
    }
    lines
}

/// A word as pieces no wider than `max_w` (the word whole when it fits): broken after its last
/// hyphen or slash that keeps a piece within the width, else between two characters.
fn break_word(word: &str, font: &Face, size: f32, max_w: f32) -> Vec<String> {
    use unicode_segmentation::UnicodeSegmentation;
    if text_width(word, font, size) <= max_w {
        return vec![word.to_owned()];
    }
    let mut pieces = Vec::new();
    let mut piece = String::new();
    // Where in `piece` a break after a hyphen or a slash would fall.
    let mut soft: Option<usize> = None;
    for g in word.graphemes(true) {
        if text_width(&format!("{piece}{g}"), font, size) > max_w && !piece.is_empty() {
            let rest = match soft {
                Some(at) if at < piece.len() => piece.split_off(at),
                _ => String::new(),
            };
            pieces.push(std::mem::replace(&mut piece, rest));
            soft = None;
        }
        piece.push_str(g);
        if g == "-" || g == "/" {
            soft = Some(piece.len());
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    pieces
}

/// The first of `candidates` (longest first) that fits in `max_w`; the last one when none
/// does.
pub fn first_fitting<'a>(candidates: &[&'a str], font: &Face, size: f32, max_w: f32) -> &'a str {
    candidates
        .iter()
        .copied()
        .find(|c| text_width(c, font, size) <= max_w)
        .or_else(|| candidates.last().copied())
        .unwrap_or("")
}

/// A filled box with rounded corners. The parts do not overlap, so see-through colours blend
/// evenly.
pub fn rounded(a: Area, r: f32, color: Color) {
    let r = r.min(a.w / 2.0).min(a.h / 2.0).max(0.0);
    draw_rectangle(a.x, a.y + r, a.w, a.h - 2.0 * r, color);
    draw_rectangle(a.x + r, a.y, a.w - 2.0 * r, r, color);
    draw_rectangle(a.x + r, a.y + a.h - r, a.w - 2.0 * r, r, color);
    let quarter = std::f32::consts::FRAC_PI_2;
    for (cx, cy, start) in [
        (a.x + r, a.y + r, 2.0 * quarter),
        (a.x + a.w - r, a.y + r, 3.0 * quarter),
        (a.x + a.w - r, a.y + a.h - r, 0.0),
        (a.x + r, a.y + a.h - r, quarter),
    ] {
        sector(cx, cy, r, start, quarter, color);
    }
}

/// A box with its top corners rounded (`top`), its foot's (`bottom`), both or neither: a part
/// of a [`rounded`] box, cut across.
pub fn rounded_ends(a: Area, r: f32, (top, bottom): (bool, bool), color: Color) {
    let ends = f32::from(u8::from(top) + u8::from(bottom)).max(1.0);
    let r = r.min(a.w / 2.0).min(a.h / ends).max(0.0);
    let (rt, rb) = (if top { r } else { 0.0 }, if bottom { r } else { 0.0 });
    draw_rectangle(a.x, a.y + rt, a.w, a.h - rt - rb, color);
    let quarter = std::f32::consts::FRAC_PI_2;
    if top {
        draw_rectangle(a.x + r, a.y, a.w - 2.0 * r, r, color);
        sector(a.x + r, a.y + r, r, 2.0 * quarter, quarter, color);
        sector(a.x + a.w - r, a.y + r, r, 3.0 * quarter, quarter, color);
    }
    if bottom {
        draw_rectangle(a.x + r, a.y + a.h - r, a.w - 2.0 * r, r, color);
        sector(a.x + a.w - r, a.y + a.h - r, r, 0.0, quarter, color);
        sector(a.x + r, a.y + a.h - r, r, quarter, quarter, color);
    }
}

/// A filled circle sector from angle `start` through `sweep` (radians, y down).
pub fn sector(cx: f32, cy: f32, r: f32, start: f32, sweep: f32, color: Color) {
    const STEPS: usize = 10;
    for i in 0..STEPS {
        let a0 = start + sweep * i as f32 / STEPS as f32;
        let a1 = start + sweep * (i + 1) as f32 / STEPS as f32;
        draw_triangle(
            vec2(cx, cy),
            vec2(cx + r * a0.cos(), cy + r * a0.sin()),
            vec2(cx + r * a1.cos(), cy + r * a1.sin()),
            color,
        );
    }
}

/// A rounded box with an edge of `edge` pixels.
pub fn rounded_edged(a: Area, r: f32, fill: Color, edge: f32, edge_color: Color) {
    rounded(a, r, edge_color);
    rounded(a.inset(edge), (r - edge).max(0.0), fill);
}

/// A disc with an edge.
pub fn disc(c: Px, r: f32, fill: Color, edge: f32, edge_color: Color) {
    draw_circle(c.x, c.y, r, edge_color);
    draw_circle(c.x, c.y, (r - edge).max(0.0), fill);
}

/// A ring.
pub fn ring(c: Px, r: f32, width: f32, color: Color) {
    draw_poly_lines(c.x, c.y, 48, r, 0.0, width, color);
}

/// A line between two points.
pub fn line(a: Px, b: Px, width: f32, color: Color) {
    draw_line(a.x, a.y, b.x, b.y, width, color);
}

/// An X centred on `c`, reaching `d` from the centre along each axis: marks a capture.
pub fn cross(c: Px, d: f32, width: f32, color: Color) {
    line(
        Px {
            x: c.x - d,
            y: c.y - d,
        },
        Px {
            x: c.x + d,
            y: c.y + d,
        },
        width,
        color,
    );
    line(
        Px {
            x: c.x - d,
            y: c.y + d,
        },
        Px {
            x: c.x + d,
            y: c.y - d,
        },
        width,
        color,
    );
}

/// An arrow from `a` to `b` with a head of size `head`.
pub fn arrow(a: Px, b: Px, width: f32, head: f32, color: Color) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let base = Px {
        x: b.x - ux * head,
        y: b.y - uy * head,
    };
    line(a, base, width, color);
    let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
    draw_triangle(
        vec2(b.x, b.y),
        vec2(base.x + px, base.y + py),
        vec2(base.x - px, base.y - py),
        color,
    );
}

/// Fills an area.
pub fn fill(a: Area, color: Color) {
    draw_rectangle(a.x, a.y, a.w, a.h, color);
}
