//! Immediate-mode widgets in the house style: the frame's input, buttons (plain, selected,
//! disabled), panels, headings and wrapped text. Each widget draws itself and says whether it
//! was clicked; the caller turns clicks into actions.

use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align, rounded, rounded_edged, text};
use super::theme::{self, alpha};
use crate::geometry::{Area, Px};

/// What the player did this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// The mouse position.
    pub mouse: Px,
    /// The left button went down this frame.
    pub clicked: bool,
    /// The right button went down this frame.
    pub right_clicked: bool,
    /// Characters typed.
    pub typed: Vec<char>,
    /// Keys pressed this frame.
    pub keys: Vec<KeyCode>,
    /// The mouse wheel, lines (positive: up).
    pub wheel: f32,
}

impl Input {
    /// Reads this frame's input from macroquad.
    pub fn read() -> Input {
        let (x, y) = mouse_position();
        let mut typed = Vec::new();
        while let Some(c) = get_char_pressed() {
            if !c.is_control() {
                typed.push(c);
            }
        }
        let keys = [
            KeyCode::Escape,
            KeyCode::Enter,
            KeyCode::Backspace,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::Space,
        ]
        .into_iter()
        .filter(|k| is_key_pressed(*k))
        .collect();
        Input {
            mouse: Px { x, y },
            clicked: is_mouse_button_pressed(MouseButton::Left),
            right_clicked: is_mouse_button_pressed(MouseButton::Right),
            typed,
            keys,
            wheel: mouse_wheel().1.signum(),
        }
    }

    /// Whether `key` was pressed this frame.
    pub fn key(&self, key: KeyCode) -> bool {
        self.keys.contains(&key)
    }
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// An ordinary button.
    Plain,
    /// The main action of a screen.
    Primary,
    /// One of a set, the one chosen.
    Selected,
    /// Not available now.
    Disabled,
    /// Gives something up (resign).
    Danger,
}

/// Draws widgets for one frame.
pub struct Ui<'a> {
    pub input: &'a Input,
    pub fonts: &'a Fonts,
    /// The base text size, scaled with the window.
    pub unit: f32,
}

impl<'a> Ui<'a> {
    /// Widgets for this frame, with text sized for a window of `height` pixels.
    pub fn new(input: &'a Input, fonts: &'a Fonts, height: f32) -> Ui<'a> {
        Ui {
            input,
            fonts,
            unit: (height / 42.0).clamp(13.0, 24.0),
        }
    }

    /// Whether the mouse is over `a`.
    pub fn hover(&self, a: Area) -> bool {
        a.contains(self.input.mouse)
    }

    /// A button; true when clicked (never when disabled).
    pub fn button(&self, a: Area, label: &str, look: Look) -> bool {
        let hovered = self.hover(a);
        let (fill, fg) = match look {
            Look::Plain if hovered => (theme::BUTTON_HOVER, theme::TEXT),
            Look::Plain => (theme::BUTTON, theme::TEXT),
            Look::Primary if hovered => (theme::hex(0xf4c25e), theme::hex(0x2a1c08)),
            Look::Primary => (theme::ACCENT, theme::hex(0x2a1c08)),
            Look::Selected => (theme::BUTTON_ON, theme::hex(0x21170a)),
            Look::Disabled => (theme::BUTTON_OFF, alpha(theme::TEXT_DIM, 0.6)),
            Look::Danger if hovered => (theme::hex(0xb5483f), theme::TEXT),
            Look::Danger => (theme::hex(0x7c3a34), theme::TEXT),
        };
        let r = (a.h * 0.28).min(10.0);
        rounded(Area { y: a.y + 2.0, ..a }, r, alpha(BLACK, 0.25));
        rounded(a, r, fill);
        let mut size = (a.h * 0.42).min(self.unit * 1.05);
        let room = a.w - 12.0;
        let wide = paint::text_width(label, &self.fonts.bold, size);
        if wide > room {
            size = (size * room / wide).max(size * 0.72);
        }
        let label = paint::fit(label, &self.fonts.bold, size, room);
        text(
            &label,
            a.x + a.w / 2.0,
            a.y + a.h / 2.0,
            size,
            &self.fonts.bold,
            fg,
            Align::Centre,
        );
        look != Look::Disabled && hovered && self.input.clicked
    }

    /// A panel behind a group of widgets.
    pub fn panel(&self, a: Area) {
        rounded_edged(a, 12.0, theme::PANEL, 1.5, theme::PANEL_EDGE);
    }

    /// A heading, left-aligned at `x`, centred on `y`.
    pub fn heading(&self, s: &str, x: f32, y: f32) {
        text(
            s,
            x,
            y,
            self.unit * 1.2,
            &self.fonts.bold,
            theme::TEXT,
            Align::Left,
        );
    }

    /// A line of text.
    pub fn label(&self, s: &str, x: f32, y: f32, color: Color, align: Align) {
        text(s, x, y, self.unit, &self.fonts.regular, color, align);
    }

    /// A line of bold text of a given size.
    pub fn strong(&self, s: &str, x: f32, y: f32, size: f32, color: Color, align: Align) {
        text(s, x, y, size, &self.fonts.bold, color, align);
    }

    /// Text wrapped to `w` from `(x, y)` (centre of the first line); returns the y below it.
    pub fn paragraph(&self, s: &str, x: f32, y: f32, w: f32, color: Color) -> f32 {
        let size = self.unit * 0.95;
        let step = size * 1.45;
        let mut y = y;
        for line in paint::wrap(s, &self.fonts.regular, size, w) {
            text(&line, x, y, size, &self.fonts.regular, color, Align::Left);
            y += step;
        }
        y
    }

    /// The height of one row of buttons.
    pub fn row_h(&self) -> f32 {
        self.unit * 2.1
    }
}

/// Splits `a` into `n` equal columns with `gap` between them.
pub fn columns(a: Area, n: usize, gap: f32) -> Vec<Area> {
    let n = n.max(1);
    let w = (a.w - gap * (n - 1) as f32) / n as f32;
    (0..n)
        .map(|i| Area {
            x: a.x + i as f32 * (w + gap),
            y: a.y,
            w,
            h: a.h,
        })
        .collect()
}

/// The row of height `h` at `y` within `a`'s width.
pub fn row(a: Area, y: f32, h: f32) -> Area {
    Area {
        x: a.x,
        y,
        w: a.w,
        h,
    }
}
