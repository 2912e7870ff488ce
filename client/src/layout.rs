//! Where things go in a window of a given size: the text unit, the top bar, the notice strip,
//! the board and its panel side by side (landscape) or one above the other (portrait, a phone),
//! the rows of buttons sized so their labels fit, and the lobby's columns or stack. Pure
//! functions of the window's size and of a [`Measure`] of text, so they are tested without a
//! window: text is measured by [`crate::draw::text`], which needs none.

use crate::geometry::Area;

/// Measures text as it will be drawn.
pub trait Measure {
    /// The width of `text` in the regular or the bold font at `size` pixels.
    fn width(&self, text: &str, bold: bool, size: f32) -> f32;
}

/// Space between panels and the window's edges (landscape).
pub const GAP: f32 = 14.0;
/// The same on a narrow (portrait) window.
pub const GAP_NARROW: f32 = 8.0;
/// The top bar's height, as a multiple of the text unit.
pub const TOP_BAR: f32 = 2.6;
/// Space between buttons.
pub const BUTTON_GAP: f32 = 6.0;
/// A button's label is drawn at most this share of the button's height.
pub const LABEL_SHARE: f32 = 0.42;
/// Room left and right of a button's label.
pub const LABEL_PAD: f32 = 12.0;
/// A label may shrink to this share of its size before it is cut.
pub const LABEL_SHRINK: f32 = 0.72;
/// The smallest height of a button on a touch screen (portrait), in pixels: a fingertip.
pub const TAP_MIN: f32 = 44.0;

/// The smallest a button may be on a phone, in pixels (Apple asks for 44 points, Android for
/// 48 density-independent pixels).
pub const TOUCH_MIN: f32 = 44.0;

/// The smallest a place on a board that takes a tap may be on a phone, in pixels: a board of
/// nine rows (Sholo Guti) and the main actions under it fit a 360 x 640 phone only with its
/// points a little closer than [`TOUCH_MIN`]; this is half as much again as the 24 pixels of
/// WCAG 2.2's minimum target size (2.5.8, level AA).
pub const BOARD_TOUCH_MIN: f32 = 36.0;

/// The base text size for a window of `w` x `h` pixels.
pub fn unit(w: f32, h: f32) -> f32 {
    (h / 42.0).min(w / 24.0).clamp(12.0, 24.0)
}

/// Whether a window is laid out for a phone held upright: the board above, the panels below.
pub fn portrait(w: f32, h: f32) -> bool {
    w < h * 0.85
}

/// The parts of the window every screen shares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub w: f32,
    pub h: f32,
    pub unit: f32,
    pub portrait: bool,
    /// The space between panels.
    pub gap: f32,
    /// The bar across the top.
    pub bar: Area,
    /// What the screen has.
    pub body: Area,
}

/// The widest a notice gets, in text units.
pub const NOTICE_UNITS: f32 = 34.0;

/// Where a notice of `w` x `h` floats: centred across the foot of the window, over the body.
pub fn notice(win: &Window, w: f32, h: f32) -> Area {
    Area {
        x: (win.w - w) / 2.0,
        y: win.h - win.gap - h,
        w,
        h,
    }
}

/// The column of a wide window that a notice floats over, at its foot: where nothing is aimed
/// at there. In the lobby the middle column (the preview; its side columns end in buttons);
/// on a screen with a board beside its panel, the board's column (the panel ends in buttons).
/// Elsewhere, and on a phone, the window's width.
pub fn notice_column(win: &Window, lobby_screen: bool, board_screen: bool) -> Area {
    if win.portrait {
        return win.body;
    }
    if lobby_screen {
        return lobby(win.body, win.unit, false, win.gap, 0.0, 0.0)
            .preview
            .unwrap_or(win.body);
    }
    if board_screen {
        return board_and_panel(win.body, win.unit, false, win.gap, 1.0, 0.0).0;
    }
    win.body
}

/// Where a notice of `w` x `h` floats in `column` (see [`notice_column`]): centred across it,
/// as wide as it lets, at the window's foot.
pub fn notice_in(win: &Window, column: Area, w: f32, h: f32) -> Area {
    let w = w.min(column.w);
    Area {
        x: column.x + (column.w - w) / 2.0,
        ..notice(win, w, h)
    }
}

impl Window {
    /// The window of `w` x `h`.
    pub fn new(w: f32, h: f32) -> Window {
        let unit = unit(w, h);
        let portrait = portrait(w, h);
        let gap = if portrait { GAP_NARROW } else { GAP };
        // On a phone the bar holds a button that a finger must hit.
        let bar_h = if portrait {
            (unit * TOP_BAR).max(TAP_MIN + 8.0)
        } else {
            unit * TOP_BAR
        };
        let bar = Area {
            x: 0.0,
            y: 0.0,
            w,
            h: bar_h,
        };
        let top = bar.h + gap;
        Window {
            w,
            h,
            unit,
            portrait,
            gap,
            bar,
            body: Area {
                x: gap,
                y: top,
                w: (w - 2.0 * gap).max(0.0),
                h: (h - top - gap).max(0.0),
            },
        }
    }

    /// The height of one row of buttons.
    pub fn row_h(&self) -> f32 {
        row_h(self.unit, self.portrait)
    }
}

/// The height of a row of buttons: taller on a touch screen.
pub fn row_h(unit: f32, portrait: bool) -> f32 {
    let h = unit * 2.1;
    if portrait { h.max(TAP_MIN) } else { h }
}

/// A row a `share` of [`row_h`] high, for the smaller buttons of a busy panel; never under a
/// fingertip on a touch screen.
pub fn small_row_h(unit: f32, portrait: bool, share: f32) -> f32 {
    let h = row_h(unit, portrait) * share;
    if portrait { h.max(TAP_MIN) } else { h }
}

/// The board's area and its panel's: side by side in landscape, the board on top in portrait,
/// as tall as a board of `aspect` (height over width) needs, leaving the panel at least
/// `panel_min` pixels.
pub fn board_and_panel(
    body: Area,
    unit: f32,
    portrait: bool,
    gap: f32,
    aspect: f32,
    panel_min: f32,
) -> (Area, Area) {
    if portrait {
        let want = body.w * aspect;
        let board_h = want.min(body.h - panel_min - gap).max(body.h * 0.25);
        let board = Area { h: board_h, ..body };
        let panel = Area {
            y: body.y + board_h + gap,
            h: (body.h - board_h - gap).max(0.0),
            ..body
        };
        return (board, panel);
    }
    let panel_w = (body.w * 0.3)
        .clamp(unit * 19.0, unit * 24.0)
        .min(body.w * 0.45);
    let board = Area {
        w: body.w - panel_w - gap,
        ..body
    };
    let panel = Area {
        x: body.x + body.w - panel_w,
        w: panel_w,
        ..body
    };
    (board, panel)
}

/// The height of a board of `extent` (width, height in board units) on a phone held upright:
/// across the width of `body`, unless that leaves less than `keep` pixels below it, and never
/// at fewer than `least` pixels to a board unit (the screen scrolls then).
pub fn upright_board_h(body: Area, extent: (f32, f32), least: f32, keep: f32) -> f32 {
    let (w, h) = (extent.0.max(0.01), extent.1.max(0.01));
    let across = body.w / w;
    let room = (body.h - keep) / h;
    across.min(room).max(least).min(across) * h
}

/// A landscape split with the panel widened by up to `extra` pixels taken from the board's
/// side (at most a quarter of the board's width): for a panel with more to say, such as a
/// game's review. Portrait splits are left as they are.
pub fn widen_panel(board: Area, panel: Area, extra: f32, portrait: bool) -> (Area, Area) {
    if portrait {
        return (board, panel);
    }
    let extra = extra.clamp(0.0, board.w * 0.25);
    (
        Area {
            w: board.w - extra,
            ..board
        },
        Area {
            x: panel.x - extra,
            w: panel.w + extra,
            ..panel
        },
    )
}

/// The text size of a button's label: a share of its height, at most a little over the unit.
pub fn label_size(button: Area, unit: f32) -> f32 {
    (button.h * LABEL_SHARE).min(unit * 1.05)
}

/// The size a label is drawn at in `button` (shrunk to fit, down to [`LABEL_SHRINK`]), and
/// whether it fits whole at that size.
pub fn label_fit(m: &impl Measure, label: &str, button: Area, unit: f32) -> (f32, bool) {
    let size = label_size(button, unit);
    let room = button.w - LABEL_PAD;
    let wide = m.width(label, true, size);
    if wide <= room {
        return (size, true);
    }
    // Text is drawn at whole pixel sizes: step down a pixel at a time.
    let least = size * LABEL_SHRINK;
    let mut smaller = (size * room / wide).floor().min(size.floor());
    while smaller > least && m.width(label, true, smaller) > room {
        smaller -= 1.0;
    }
    let smaller = smaller.max(least);
    (smaller, m.width(label, true, smaller) <= room)
}

/// Lays `labels` out in rows of equal buttons across `width`: as many to a row (up to
/// `most`) as keeps every label whole (shrunk down to [`LABEL_SHRINK`] at most): rows are
/// what a phone's panel is short of. Returns how many go to a row.
pub fn per_row(
    m: &impl Measure,
    labels: &[&str],
    width: f32,
    bh: f32,
    unit: f32,
    most: usize,
) -> usize {
    let fits = |n: usize| {
        let w = (width - BUTTON_GAP * (n - 1) as f32) / n as f32;
        let b = Area {
            x: 0.0,
            y: 0.0,
            w,
            h: bh,
        };
        labels.iter().all(|l| label_fit(m, l, b, unit).1)
    };
    (1..=most.max(1)).rev().find(|&n| fits(n)).unwrap_or(1)
}

/// The buttons of `n` labels in rows of `per_row` across `area`'s width, from `y` down; a
/// last row with fewer buttons is spread across the width.
pub fn grid(area: Area, y: f32, n: usize, per_row: usize, bh: f32) -> Vec<Area> {
    let per_row = per_row.max(1);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let row = i / per_row;
        let in_row = (n - row * per_row).min(per_row);
        let col = i % per_row;
        let w = (area.w - BUTTON_GAP * (in_row - 1) as f32) / in_row as f32;
        out.push(Area {
            x: area.x + col as f32 * (w + BUTTON_GAP),
            y: y + row as f32 * (bh + BUTTON_GAP),
            w,
            h: bh,
        });
    }
    out
}

/// The height of `rows` rows of buttons of height `bh`.
pub fn grid_h(rows: usize, bh: f32) -> f32 {
    rows as f32 * (bh + BUTTON_GAP)
}

/// The lobby's three columns (choices, preview, lists) in landscape; in portrait the choices
/// and the lists one under the other, from the body's top, as tall as they need (the screen
/// scrolls), and no preview.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LobbyLayout {
    pub choices: Area,
    pub preview: Option<Area>,
    pub lists: Area,
}

/// The lobby's layout in `body`; in portrait the choices take `choices_h` and the lists
/// `lists_h`.
pub fn lobby(
    body: Area,
    unit: f32,
    portrait: bool,
    gap: f32,
    choices_h: f32,
    lists_h: f32,
) -> LobbyLayout {
    if portrait {
        let choices = Area {
            h: choices_h,
            ..body
        };
        let lists = Area {
            y: choices.y + choices.h + gap,
            h: lists_h,
            ..body
        };
        return LobbyLayout {
            choices,
            preview: None,
            lists,
        };
    }
    let left_w = (body.w * 0.34).clamp(unit * 21.0, unit * 26.0);
    let right_w = (body.w * 0.27).clamp(unit * 15.0, unit * 22.0);
    let choices = Area { w: left_w, ..body };
    let lists = Area {
        x: body.x + body.w - right_w,
        w: right_w,
        ..body
    };
    let middle_x = choices.x + choices.w + gap;
    let middle_w = lists.x - gap - middle_x;
    LobbyLayout {
        choices,
        preview: (middle_w > unit * 8.0).then_some(Area {
            x: middle_x,
            w: middle_w,
            ..body
        }),
        lists,
    }
}

/// The scroll offset kept within what there is to scroll: `content` pixels shown in `view`.
pub fn clamp_scroll(offset: f32, content: f32, view: f32) -> f32 {
    offset.clamp(0.0, (content - view).max(0.0))
}

#[cfg(test)]
pub mod tests {
    use super::*;

    #[test]
    fn a_widened_panel_takes_from_the_board_in_landscape_only() {
        let body = Area {
            x: 0.0,
            y: 0.0,
            w: 1200.0,
            h: 700.0,
        };
        let (board, panel) = board_and_panel(body, 19.0, false, GAP, 1.0, 0.0);
        let (b, p) = widen_panel(board, panel, 95.0, false);
        assert_eq!((b.w, p.w), (board.w - 95.0, panel.w + 95.0));
        assert_eq!(
            p.x + p.w,
            panel.x + panel.w,
            "the panel keeps its right edge"
        );
        let (b, _) = widen_panel(board, panel, 5000.0, false);
        assert_eq!(b.w, board.w * 0.75, "the board keeps three quarters");
        assert_eq!(widen_panel(board, panel, 95.0, true), (board, panel));
    }

    /// The window sizes every layout must serve: a phone upright, the desktop's smallest
    /// usual window, a laptop, and a few between.
    pub const SIZES: [(f32, f32); 7] = [
        (390.0, 844.0),
        (360.0, 640.0),
        (600.0, 800.0),
        (800.0, 600.0),
        (1024.0, 768.0),
        (1280.0, 800.0),
        (1920.0, 1080.0),
    ];

    #[test]
    fn phones_are_upright_and_desktops_are_not() {
        assert!(portrait(390.0, 844.0));
        assert!(portrait(600.0, 800.0));
        assert!(!portrait(800.0, 600.0));
        assert!(!portrait(1280.0, 800.0));
        assert!(!portrait(800.0, 800.0));
    }

    #[test]
    fn in_portrait_the_board_is_on_top_and_the_panel_below_without_overlap() {
        let w = Window::new(390.0, 844.0);
        assert!(w.portrait);
        // Bagh Chal's drawing is taller than wide (8.5 by 6.3 units).
        let (board, panel) = board_and_panel(w.body, w.unit, true, w.gap, 8.5 / 6.3, 300.0);
        assert_eq!(board.w, w.body.w);
        assert!(board.y + board.h < panel.y, "no overlap");
        assert!(panel.h >= 300.0, "the panel keeps its room: {panel:?}");
        assert!(panel.y + panel.h <= 844.0 + 0.01);
        // Kalah's is wide: the board takes only the height it needs.
        let (board, panel) = board_and_panel(w.body, w.unit, true, w.gap, 3.9 / 8.9, 300.0);
        assert!(board.h < w.body.h * 0.45, "{board:?}");
        assert!(panel.h > w.body.h * 0.5);
    }

    #[test]
    fn in_landscape_the_panel_is_beside_the_board() {
        for (ww, wh) in SIZES.into_iter().filter(|&(w, h)| !portrait(w, h)) {
            let w = Window::new(ww, wh);
            let (board, panel) = board_and_panel(w.body, w.unit, false, w.gap, 1.0, 0.0);
            assert!(board.x + board.w <= panel.x, "{ww}x{wh}");
            assert!(panel.x + panel.w <= ww, "{ww}x{wh}");
            assert!(panel.w >= w.unit * 12.0, "{ww}x{wh}: {panel:?}");
        }
    }

    #[test]
    fn a_notice_floats_over_the_foot_of_the_window_and_moves_nothing() {
        for (ww, wh) in SIZES {
            let w = Window::new(ww, wh);
            let n = notice(&w, (ww - 2.0 * w.gap).min(w.unit * NOTICE_UNITS), 60.0);
            assert!(
                n.x >= w.gap - 0.01 && n.x + n.w <= ww - w.gap + 0.01,
                "{n:?}"
            );
            assert!(
                (n.y + n.h - (wh - w.gap)).abs() < 0.01,
                "at the foot: {n:?}"
            );
            assert!(n.y > w.bar.h, "under the bar");
        }
    }

    #[test]
    fn on_a_wide_window_a_notice_keeps_off_the_columns_that_end_in_buttons() {
        for (ww, wh) in SIZES.into_iter().filter(|&(w, h)| !portrait(w, h)) {
            let win = Window::new(ww, wh);
            let l = lobby(win.body, win.unit, false, win.gap, 0.0, 0.0);
            let n = notice_in(&win, notice_column(&win, true, false), 600.0, 60.0);
            assert!(
                n.x >= l.choices.x + l.choices.w && n.x + n.w <= l.lists.x,
                "{ww}x{wh}: the lobby's notice {n:?} between {l:?}"
            );
            let (board, panel) = board_and_panel(win.body, win.unit, false, win.gap, 1.0, 0.0);
            let n = notice_in(&win, notice_column(&win, false, true), 600.0, 60.0);
            assert!(
                n.x >= board.x - 0.01 && n.x + n.w <= panel.x,
                "{ww}x{wh}: the game's notice {n:?} over the board {board:?}"
            );
        }
        let phone = Window::new(390.0, 844.0);
        let n = notice_in(&phone, notice_column(&phone, true, false), 600.0, 60.0);
        assert!(
            (n.w - phone.body.w).abs() < 0.01,
            "a phone's across the window"
        );
    }

    #[test]
    fn scrolling_stays_within_the_content() {
        assert_eq!(clamp_scroll(-5.0, 1000.0, 600.0), 0.0);
        assert_eq!(clamp_scroll(900.0, 1000.0, 600.0), 400.0);
        assert_eq!(clamp_scroll(50.0, 300.0, 600.0), 0.0, "nothing to scroll");
    }
}
