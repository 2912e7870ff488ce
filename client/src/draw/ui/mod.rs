//! Immediate-mode widgets in the house style: the frame's input, buttons (plain, selected,
//! disabled), panels, headings and wrapped text. Each widget draws itself and says whether it
//! was clicked (pressed and released on it without dragging, so a finger scrolling a phone's
//! screen presses nothing); the caller turns clicks into actions.
//!
//! A tap belongs to the picture that was on the screen when the finger went down: each frame
//! records the places it drew that take a tap, and the parts drawn over them (the top bar, a
//! notice, a card), in the order drawn and cut to the part of the window they show in
//! ([`Record::aim_at`]). A press aims at the topmost place of the picture shown at its point,
//! or at nothing; a tap is that place's only when the finger also comes up on it in the
//! picture shown ([`Input::aim`], [`Input::release_aim`]). A place covered by the bar, scrolled
//! out of its view or drawn anew somewhere else after the picture the player saw is never
//! tapped by a press aimed elsewhere.
//!
//! What the player did this frame is [`Input`] (`input`); what a frame drew that takes a tap,
//! and what a press aims at in it, is a [`Record`] (`record`); the heights of a screen's parts
//! as last drawn are [`Heights`] (`heights`). This file holds [`Ui`], which draws the widgets
//! and notes them in the frame's record.

mod heights;
mod input;
mod record;

use std::cell::RefCell;
use std::rc::Rc;

use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align, rounded, rounded_edged, text};
use super::theme::{self, alpha};
use crate::geometry::Area;
use crate::layout::{self, Measure};
use crate::words::{Phrase, Words};

pub use heights::Heights;
pub use input::{DRAG_SLOP, Input};
pub use record::{Aim, Fired, Layer, Record, Scroller, Target, TargetKind, TextField};

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
    /// The interface's words, in the player's language.
    pub words: &'a Words,
    /// The base text size, scaled with the window.
    pub unit: f32,
    /// Whether the window is laid out for a phone held upright.
    pub portrait: bool,
    /// Whether the widgets answer the player (not under a card that takes every click).
    answers: bool,
    /// Where the keyboard stands: a button's place among the frame's targets, and its label.
    key_focus: Option<(usize, String)>,
    /// What the frame offered: its text fields and what can be clicked (shared by the `Ui`s
    /// made from this one).
    record: Rc<RefCell<Record>>,
    /// The heights of the parts of a screen, as last measured.
    heights: &'a Heights,
    /// The part of the window the widgets show in (a screen that scrolls draws some out of
    /// it, under the top bar or below the window's edge).
    view: Area,
    /// What scrolls that part.
    scroller: Scroller,
    /// The window's height.
    window_h: f32,
}

impl Measure for Ui<'_> {
    fn width(&self, text: &str, bold: bool, size: f32) -> f32 {
        self.fonts.width(text, bold, size)
    }
}

impl<'a> Ui<'a> {
    /// Widgets for this frame, with text sized for a window of `w` x `h` pixels, and the
    /// heights of the screen's parts as last measured.
    pub fn new(
        input: &'a Input,
        fonts: &'a Fonts,
        words: &'a Words,
        heights: &'a Heights,
        w: f32,
        h: f32,
    ) -> Ui<'a> {
        Ui {
            input,
            fonts,
            words,
            unit: layout::unit(w, h),
            portrait: layout::portrait(w, h),
            answers: true,
            key_focus: None,
            record: Rc::default(),
            heights,
            view: Area {
                x: 0.0,
                y: 0.0,
                w,
                h,
            },
            scroller: Scroller::Screen,
            window_h: h,
        }
    }

    /// The same widgets, shown only within `view`.
    pub fn within(&self, view: Area) -> Ui<'a> {
        Ui {
            input: self.input,
            fonts: self.fonts,
            words: self.words,
            unit: self.unit,
            portrait: self.portrait,
            answers: self.answers,
            key_focus: self.key_focus.clone(),
            record: Rc::clone(&self.record),
            heights: self.heights,
            view,
            scroller: self.scroller,
            window_h: self.window_h,
        }
    }

    /// The same widgets, shown only within `view`, which `scroller` scrolls.
    pub fn within_scrolled(&self, view: Area, scroller: Scroller) -> Ui<'a> {
        Ui {
            scroller,
            ..self.within(view)
        }
    }

    /// The same widgets, with the keyboard standing on the button at `focus` (its place among
    /// the targets, and its label).
    pub fn with_key_focus(mut self, focus: Option<(usize, String)>) -> Ui<'a> {
        self.key_focus = focus;
        self
    }

    /// The message `id` in the player's language (English where it has no translation).
    pub fn t(&self, id: &str) -> String {
        self.words.t(id)
    }

    /// `phrase` in the player's language.
    pub fn say(&self, phrase: &Phrase) -> String {
        self.words.say(phrase)
    }

    /// A game's name in the player's language.
    pub fn game(&self, kind: chaupal_rules::GameKind) -> String {
        self.words.say(&crate::terms::game_name(kind))
    }

    /// The window's height.
    pub fn window_h(&self) -> f32 {
        self.window_h
    }

    /// The heights of the screen's parts, as last measured.
    pub fn heights(&self) -> &Heights {
        self.heights
    }

    /// The same widgets reading `input` instead (say, one with the mouse kept out of a part of
    /// the screen); `answers: false` for widgets that answer nothing, under a card.
    pub fn with_input<'b>(&'b self, input: &'b Input, answers: bool) -> Ui<'b> {
        Ui {
            input,
            fonts: self.fonts,
            words: self.words,
            unit: self.unit,
            portrait: self.portrait,
            answers: self.answers && answers,
            key_focus: self.key_focus.clone(),
            record: Rc::clone(&self.record),
            heights: self.heights,
            view: self.view,
            scroller: self.scroller,
            window_h: self.window_h,
        }
    }

    /// What the frame drew so far, handed over (the frame's end).
    pub fn take_record(&self) -> Record {
        self.record.take()
    }

    /// Notes a text field drawn this frame, where it shows: the part of `area` within this
    /// widget's view (in a browser, the input laid over the field takes taps there only; a
    /// field scrolled out of view, or under pinned buttons, takes none, and what is drawn
    /// there gets the tap).
    pub fn field_drawn(&self, field: crate::field::Field, area: Area, text: &str, label: &str) {
        let shown = self.clip(area).unwrap_or(Area {
            w: 0.0,
            h: 0.0,
            ..area
        });
        self.record.borrow_mut().fields.push(TextField {
            field,
            area: shown,
            text: text.to_owned(),
            label: label.to_owned(),
        });
    }

    /// Notes a board cell drawn this frame, and whether a click there plays now.
    pub fn cell_drawn(&self, name: &str, area: Area, enabled: bool) {
        self.place(TargetKind::Cell, name, area, (enabled, false));
    }

    /// Notes a place that takes a tap, drawn now over what was drawn before (`enabled`,
    /// `selected`: how it shows); returns its index among the frame's targets and its name as
    /// an aim.
    fn place(
        &self,
        kind: TargetKind,
        label: &str,
        area: Area,
        (enabled, selected): (bool, bool),
    ) -> (usize, Aim) {
        let mut record = self.record.borrow_mut();
        let index = record.targets.len();
        record.targets.push(Target {
            kind,
            label: label.to_owned(),
            area,
            enabled: self.answers && enabled,
            selected,
            visible: self.view.holds(area),
            scroller: self.scroller,
        });
        let shown = self.clip(area);
        // A widget that answers nothing (under a card) takes no press either: what is over it
        // takes it.
        if let Some(shown) = shown.filter(|_| self.answers) {
            record.layers.push(Layer {
                area: shown,
                target: Some(index),
            });
        }
        let aim = record.place(index, kind, label);
        (index, aim)
    }

    /// What shows of `a` within this widget's part of the window.
    fn clip(&self, a: Area) -> Option<Area> {
        let v = self.view;
        let (x0, y0) = (a.x.max(v.x), a.y.max(v.y));
        let (x1, y1) = ((a.x + a.w).min(v.x + v.w), (a.y + a.h).min(v.y + v.h));
        (x1 > x0 && y1 > y0).then_some(Area {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        })
    }

    /// Notes something drawn over what was drawn before (the top bar, a notice, a card): a
    /// press there is its own, never a place's under it.
    pub fn cover(&self, a: Area) {
        self.record.borrow_mut().layers.push(Layer {
            area: a,
            target: None,
        });
    }

    /// A line of a list (or a notice) that takes a tap, named `label`, in `a`: true when it
    /// was tapped in the picture shown.
    pub fn item(&self, a: Area, label: &str) -> bool {
        let (_, aim) = self.place(TargetKind::Item, label, a, (true, false));
        let tapped = self.answers && self.input.tapped_on(&aim);
        if tapped {
            self.fired(&aim);
        }
        tapped
    }

    /// Notes that the tap ending now on `aim` acted.
    fn fired(&self, aim: &Aim) {
        if let Some(f) = self.input.tap_fired(aim) {
            self.record.borrow_mut().fired.push(f);
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
        let (index, aim) = self.place(
            TargetKind::Button,
            label,
            a,
            (look != Look::Disabled, look == Look::Selected),
        );
        let keyed = self
            .key_focus
            .as_ref()
            .is_some_and(|(i, l)| *i == index && l == label);
        let r = (a.h * 0.28).min(10.0);
        rounded(Area { y: a.y + 2.0, ..a }, r, alpha(BLACK, 0.25));
        if keyed {
            // The keyboard stands here: a ring outside the button, in the cursor's colour.
            rounded(a.inset(-4.0), r + 4.0, theme::CURSOR);
        }
        rounded(a, r, fill);
        let (size, _) = layout::label_fit(self, label, a, self.unit);
        let label = paint::fit(label, &self.fonts.bold, size, a.w - layout::LABEL_PAD);
        text(
            &label,
            a.x + a.w / 2.0,
            a.y + a.h / 2.0,
            size,
            &self.fonts.bold,
            fg,
            Align::Centre,
        );
        let pressed_by_key = keyed && self.answers && self.input.activate == Some(index);
        let tapped = self.answers && self.input.tapped_on(&aim) && look != Look::Disabled;
        if tapped {
            self.fired(&aim);
        }
        tapped || (look != Look::Disabled && pressed_by_key)
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

    /// `text` (bold or not) in `room` pixels across: at `size` on one line when it fits, else
    /// smaller (down to three quarters of it), else on as many lines as it takes at that size.
    /// Never cut.
    pub fn fitted(&self, text: &str, bold: bool, size: f32, room: f32) -> (f32, Vec<String>) {
        let least = (size * 0.75).max(11.0).min(size);
        let mut at = size;
        while at > least && self.width(text, bold, at) > room {
            at = (at - 1.0).max(least);
        }
        if self.width(text, bold, at) <= room {
            return (at, vec![text.to_owned()]);
        }
        (least, paint::wrap(text, self.fonts.face(bold), least, room))
    }

    /// The height of one row of buttons (taller on a touch screen).
    pub fn row_h(&self) -> f32 {
        layout::row_h(self.unit, self.portrait)
    }

    /// The height of a row of smaller buttons, `share` of [`Ui::row_h`] (never under a
    /// fingertip on a touch screen).
    pub fn small_row_h(&self, share: f32) -> f32 {
        layout::small_row_h(self.unit, self.portrait, share)
    }

    /// Whether the mouse is over `a` and pressed there this frame.
    pub fn pressed(&self, a: Area) -> bool {
        self.input.clicked && self.hover(a)
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
