//! An entry of the lobby's lists: its text (the names, then the details under them, wrapped,
//! never cut) beside its button (or its buttons, side by side), on a tinted ground when it
//! asks for the player.

use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;

/// A list entry's text: the main line (names) and the details under it, each wrapped to `w`
/// (never cut), with their sizes.
struct EntryText {
    main: (f32, Vec<String>),
    details: (f32, Vec<String>),
}

impl EntryText {
    fn new(ui: &Ui, w: f32, main: &str, details: &str) -> EntryText {
        EntryText {
            main: ui.fitted(main, true, ui.unit * 0.9, w),
            details: ui.fitted(details, false, ui.unit * 0.72, w),
        }
    }

    /// The height the text takes.
    fn height(&self) -> f32 {
        let (ms, ml) = &self.main;
        let (ds, dl) = &self.details;
        ml.len() as f32 * ms * 1.25 + dl.len() as f32 * ds * 1.3
    }

    /// Draws it from `(x, y)`.
    fn draw(&self, ui: &Ui, x: f32, y: f32) {
        let mut y = y;
        let (size, lines) = &self.main;
        for line in lines {
            ui.strong(line, x, y + size * 0.62, *size, theme::TEXT, Align::Left);
            y += size * 1.25;
        }
        let (size, lines) = &self.details;
        for line in lines {
            paint::text(
                line,
                x,
                y + size * 0.65,
                *size,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            y += size * 1.3;
        }
    }
}

/// The height of an entry.
pub(super) fn row_h(ui: &Ui) -> f32 {
    ui.small_row_h(0.85)
}

/// The share of an entry's width each of its buttons takes.
const BUTTON_SHARE: f32 = 0.26;

/// The gap between an entry's text and its buttons, and between its buttons, as a share of
/// its width.
const GAP_SHARE: f32 = 0.04;

/// The width of an entry's text in `inner`, beside `buttons` buttons.
fn text_w(inner: Area, buttons: usize) -> f32 {
    inner.w * (1.0 - GAP_SHARE - BUTTON_SHARE * buttons as f32)
}

/// The height an entry of this text takes in `inner`'s width, beside `buttons` buttons.
fn entry_h_beside(ui: &Ui, inner: Area, (main, details): (&str, &str), buttons: usize) -> f32 {
    let text = EntryText::new(ui, text_w(inner, buttons), main, details).height();
    // Beside buttons, as tall as they are at least.
    if buttons == 0 {
        text
    } else {
        text.max(row_h(ui))
    }
}

/// An entry at `y`: its text (the `main` line, then the `details`, as many lines as they
/// take) and a button on the right, on a tinted ground when `marked`. Returns whether the
/// button was clicked, and the entry's height.
pub(super) fn entry(
    ui: &Ui,
    inner: Area,
    y: f32,
    text: (&str, &str),
    button: (&str, Look),
    marked: bool,
) -> (bool, f32) {
    let (pressed, h) = entry_with(ui, inner, y, text, &[button], marked);
    (pressed.is_some(), h)
}

/// An entry as [`entry`] draws it, with `buttons` side by side on the right (none: its text
/// alone, as wide as the entry). Returns which button was clicked (by its place), and the
/// entry's height.
pub(super) fn entry_with(
    ui: &Ui,
    inner: Area,
    y: f32,
    (main, details): (&str, &str),
    buttons: &[(&str, Look)],
    marked: bool,
) -> (Option<usize>, f32) {
    let rh = row_h(ui);
    let text = EntryText::new(ui, text_w(inner, buttons.len()), main, details);
    let h = entry_h_beside(ui, inner, (main, details), buttons.len());
    if marked {
        let pad = 4.0;
        let ground = Area {
            x: inner.x - pad,
            y: y - pad,
            w: inner.w + 2.0 * pad,
            h: h + 2.0 * pad,
        };
        paint::rounded(ground, 8.0, alpha(theme::ACCENT, 0.16));
    }
    text.draw(ui, inner.x, y + (h - text.height()) / 2.0);
    // The buttons side by side, the last at the right edge, each its share of the width
    // (less the gap between two).
    let slot = inner.w * BUTTON_SHARE;
    let gap = if buttons.len() > 1 { 6.0 } else { 0.0 };
    let mut pressed = None;
    for (i, (label, look)) in buttons.iter().enumerate() {
        let from_right = (buttons.len() - i) as f32;
        let b = Area {
            x: inner.x + inner.w - from_right * slot + gap,
            y: y + (h - rh) / 2.0,
            w: slot - gap,
            h: rh,
        };
        if ui.button(b, label, *look) {
            pressed = Some(i);
        }
    }
    (pressed, h)
}
