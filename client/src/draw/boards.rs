//! The four boards, drawn from a [`BoardView`] through a [`Frame`], with the marks of play on
//! top (selection, legal destinations, last move, hint). Shapes and letters only: the fonts are
//! the only bundled art.

use chaupal_rules::jungle::Animal;
use chaupal_rules::{GameKind, Side};
use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align, cross, disc, line, ring, rounded, rounded_edged, text};
use super::theme::{self, alpha};
use crate::geometry::{
    self, BAGHCHAL_TRAY, CellName, Frame, KALAH_H, KALAH_STORE_W, LABEL_MARGIN, Px, Unit,
    kalah_house, kalah_store,
};
use crate::view::{BaghChalView, BoardView, JungleView, KalahView, SholoGutiView, animal_label};
use crate::words::Words;

/// The marks of play drawn over a board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The cells clicked towards a move (the piece, then the landings of a chain).
    pub selected: Vec<CellName>,
    /// Where the next click can go.
    pub targets: Vec<CellName>,
    /// The cells of the last move.
    pub last: Vec<CellName>,
    /// Pieces the last move captured.
    pub last_captured: Vec<CellName>,
    /// Pieces the selected piece can capture by a jump (ringed, as Jungle rings the pieces a
    /// step can take).
    pub capturable: Vec<CellName>,
    /// Pieces jumped so far in the chain being entered.
    pub jumped: Vec<CellName>,
    /// The cells of a suggested move.
    pub hint: Vec<CellName>,
    /// The cells of the review's best move in the position shown.
    pub best: Vec<CellName>,
    /// The cell under the mouse.
    pub hover: Option<CellName>,
    /// Kalah: the slot (shared layout) a seed just landed in.
    pub sown: Option<usize>,
    /// A piece on its way: the cell it is going to, and where it is now.
    pub moving: Option<(CellName, Unit)>,
    /// The keyboard's cursor.
    pub cursor: Option<CellName>,
}

/// Draws `view` in `frame` with `marks`.
pub fn draw(view: &BoardView, frame: &Frame, marks: &Marks, (fonts, words): (&Fonts, &Words)) {
    match view {
        BoardView::BaghChal(v) => bagh_chal(v, frame, marks, (fonts, words)),
        BoardView::Kalah(v) => kalah(v, frame, marks, fonts),
        BoardView::Jungle(v) => jungle(v, frame, marks, (fonts, words)),
        BoardView::SholoGuti(v) => sholo_guti(v, frame, marks, fonts),
    }
    if let Some(cell) = &marks.cursor
        && let Some(p) = at(view, frame, cell)
    {
        cursor_frame(p, frame.px(geometry::pick_radius(view)));
    }
}

/// A capture's mark: a ring with four notches across it, as a sight has, so that it reads
/// apart from a move's dot and the selection's plain ring by its shape as well as its colour.
fn reticle(c: Px, r: f32, width: f32, color: Color) {
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
fn cursor_frame(c: Px, r: f32) {
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

/// The screen position of a named cell.
fn at(view: &BoardView, frame: &Frame, cell: &str) -> Option<Px> {
    geometry::cell_unit(geometry::kind_of(view), view, cell).map(|u| frame.to_px(u))
}

/// Where the piece standing on `cell` is drawn: on its cell, or on its way there.
fn piece_at(view: &BoardView, frame: &Frame, marks: &Marks, cell: &str) -> Option<Px> {
    match &marks.moving {
        Some((to, now)) if to == cell => Some(frame.to_px(*now)),
        _ => at(view, frame, cell),
    }
}

/// The board-unit rectangle from `a` to `b` on the screen.
fn unit_rect(frame: &Frame, a: Unit, b: Unit) -> geometry::Area {
    let (p, q) = (frame.to_px(a), frame.to_px(b));
    geometry::Area {
        x: p.x.min(q.x),
        y: p.y.min(q.y),
        w: (p.x - q.x).abs(),
        h: (p.y - q.y).abs(),
    }
}

/// Soft shadow under a piece.
fn shadow(c: Px, r: f32) {
    draw_circle(
        c.x + r * 0.08,
        c.y + r * 0.14,
        r,
        Color::new(0.0, 0.0, 0.0, 0.28),
    );
}

/// A round token in a side's colours, with a glossy inner ring.
fn token(c: Px, r: f32, fill: Color, dark: Color) {
    shadow(c, r);
    disc(c, r, fill, r * 0.12, dark);
    ring(c, r * 0.68, r * 0.07, alpha(WHITE, 0.25));
    draw_circle(c.x - r * 0.3, c.y - r * 0.32, r * 0.18, alpha(WHITE, 0.22));
}

/// The marks shared by the point boards: last move, hint, selection, destinations.
fn point_marks_under(view: &BoardView, frame: &Frame, marks: &Marks, r: f32) {
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
fn point_marks_over(view: &BoardView, frame: &Frame, marks: &Marks, r: f32, occupied: &[&str]) {
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
fn move_arrow(view: &BoardView, frame: &Frame, cells: &[CellName], r: f32, color: Color) {
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

/// How far outside the outermost points or square centres the coordinates are written.
const LABEL_GAP: f32 = 0.92;

/// File letters and rank numbers inside a board of squares, as chess sites draw them: each
/// rank's number in the corner of its square on the viewer's left, each file's letter in the
/// corner of its square on the viewer's bottom row. No margin round the board is needed, so the
/// squares are as large as the window allows.
fn square_coordinates(frame: &Frame, fonts: &Fonts, files: u8, ranks: u8) {
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
fn coordinates(frame: &Frame, fonts: &Fonts, files: u8, ranks: u8, offset: f32, cell: f32) {
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
fn wood(frame: &Frame, a: Unit, b: Unit, radius: f32) {
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

// ---------------------------------------------------------------- Bagh Chal

/// Bagh Chal's diagonal lines (the long two and the diamond through b2, d2, b4, d4).
const BAGHCHAL_DIAGONALS: [((f32, f32), (f32, f32)); 6] = [
    ((0.0, 0.0), (4.0, 4.0)),
    ((4.0, 0.0), (0.0, 4.0)),
    ((2.0, 0.0), (0.0, 2.0)),
    ((2.0, 0.0), (4.0, 2.0)),
    ((0.0, 2.0), (2.0, 4.0)),
    ((4.0, 2.0), (2.0, 4.0)),
];

/// Piece radius on the point boards, in board units.
const POINT_PIECE_R: f32 = 0.34;

fn bagh_chal(v: &BaghChalView, frame: &Frame, marks: &Marks, (fonts, words): (&Fonts, &Words)) {
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

// ---------------------------------------------------------------- Sholo Guti

fn sholo_guti(v: &SholoGutiView, frame: &Frame, marks: &Marks, fonts: &Fonts) {
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

/// What tells the sides' pieces apart besides their colour: a round dot for the first side
/// (South), a square for the second (North), `r` across at `c`.
fn side_mark(c: Px, r: f32, side: Side, color: Color) {
    match side {
        Side::First => draw_circle(c.x, c.y, r, color),
        Side::Second => {
            let h = r * 0.9;
            draw_rectangle(c.x - h, c.y - h, 2.0 * h, 2.0 * h, color);
        }
    }
}

/// A side's piece colours.
fn side_colours(side: Side) -> (Color, Color) {
    match side {
        Side::First => (theme::FIRST, theme::FIRST_DARK),
        Side::Second => (theme::SECOND, theme::SECOND_DARK),
    }
}

// ---------------------------------------------------------------- Jungle

fn jungle(v: &JungleView, frame: &Frame, marks: &Marks, (fonts, words): (&Fonts, &Words)) {
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

// ---------------------------------------------------------------- Kalah

/// A pit's radius, in board units.
const PIT_R: f32 = 0.4;
/// The seed colours, chosen by seed number so a pile looks varied but never flickers.
const SEED_COLOURS: [u32; 5] = [0xf3e7c6, 0xe7c98f, 0xd9a86c, 0xc8d6a4, 0xefd9b5];

fn kalah(v: &KalahView, frame: &Frame, marks: &Marks, fonts: &Fonts) {
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

/// The kind of game a view is, for callers that only have the view.
pub fn kind(view: &BoardView) -> GameKind {
    geometry::kind_of(view)
}
