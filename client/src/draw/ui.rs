//! Immediate-mode widgets in the house style: the frame's input, buttons (plain, selected,
//! disabled), panels, headings and wrapped text. Each widget draws itself and says whether it
//! was clicked (pressed and released on it without dragging, so a finger scrolling a phone's
//! screen presses nothing); the caller turns clicks into actions.

use std::cell::RefCell;
use std::rc::Rc;

use macroquad::prelude::*;

use super::Fonts;
use super::paint::{self, Align, rounded, rounded_edged, text};
use super::theme::{self, alpha};
use crate::geometry::{Area, Px};
use crate::layout::{self, Measure};
use crate::words::{Phrase, Words};

/// How far a press may move and still be a click (or tap), in pixels.
pub const DRAG_SLOP: f32 = 10.0;

/// What the player did this frame, with the mouse or a finger (macroquad turns touches into
/// the mouse) and the keyboard.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// The mouse position.
    pub mouse: Px,
    /// The left button (or a finger) went down this frame.
    pub clicked: bool,
    /// The left button (or the finger) came up this frame.
    pub released: bool,
    /// The left button (or a finger) is down.
    pub down: bool,
    /// Where the press under way (or just ended) began.
    pub press_at: Option<Px>,
    /// Whether that press moved further than [`DRAG_SLOP`]: a drag, not a click.
    pub dragged: bool,
    /// How far the mouse moved since the last frame.
    pub delta: Px,
    /// The right button went down this frame.
    pub right_clicked: bool,
    /// Characters typed.
    pub typed: Vec<char>,
    /// Keys pressed this frame.
    pub keys: Vec<KeyCode>,
    /// The mouse wheel, lines (positive: up).
    pub wheel: f32,
    /// Whether a Shift key is held.
    pub shift: bool,
    /// The button the keyboard presses this frame (Enter on it): its place among the frame's
    /// targets.
    pub activate: Option<usize>,
}

impl Input {
    /// Reads this frame's input from macroquad, after `last` frame's.
    pub fn read(last: &Input) -> Input {
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
            KeyCode::KpEnter,
            KeyCode::Backspace,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Tab,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::Space,
        ]
        .into_iter()
        .filter(|k| is_key_pressed(*k))
        .collect();
        let wheel = mouse_wheel().1;
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        let input = Input::next(
            last,
            Px { x, y },
            is_mouse_button_pressed(MouseButton::Left),
            is_mouse_button_released(MouseButton::Left),
            is_mouse_button_down(MouseButton::Left),
            is_mouse_button_pressed(MouseButton::Right),
            typed,
            keys,
            if wheel == 0.0 { 0.0 } else { wheel.signum() },
        );
        Input { shift, ..input }
    }

    /// This frame's input from the raw readings and `last` frame's: where a press began,
    /// whether it became a drag, how far the mouse moved.
    #[allow(clippy::too_many_arguments)]
    pub fn next(
        last: &Input,
        mouse: Px,
        clicked: bool,
        released: bool,
        down: bool,
        right_clicked: bool,
        typed: Vec<char>,
        keys: Vec<KeyCode>,
        wheel: f32,
    ) -> Input {
        let press_at = if clicked {
            Some(mouse)
        } else if last.down || last.clicked {
            last.press_at
        } else {
            None
        };
        let moved = press_at.is_some_and(|p| {
            let (dx, dy) = (mouse.x - p.x, mouse.y - p.y);
            dx * dx + dy * dy > DRAG_SLOP * DRAG_SLOP
        });
        Input {
            mouse,
            clicked,
            released,
            down,
            press_at,
            dragged: !clicked && (moved || (last.dragged && (last.down || last.clicked))),
            delta: Px {
                x: mouse.x - last.mouse.x,
                y: mouse.y - last.mouse.y,
            },
            right_clicked,
            typed,
            keys,
            wheel,
            shift: false,
            activate: None,
        }
    }

    /// Whether `key` was pressed this frame.
    pub fn key(&self, key: KeyCode) -> bool {
        self.keys.contains(&key)
    }

    /// Whether Enter was pressed (either one).
    pub fn enter(&self) -> bool {
        self.key(KeyCode::Enter) || self.key(KeyCode::KpEnter)
    }

    /// No input, the pointer off the window (nothing shows as hovered): for drawing a picture
    /// nobody touches (a screenshot, the words check).
    pub fn away() -> Input {
        Input {
            mouse: Px {
                x: -100.0,
                y: -100.0,
            },
            ..Input::default()
        }
    }

    /// The same pointer, with the clicks, keys, typing and wheel taken out: for drawing a
    /// picture after they have acted.
    pub fn calm(&self) -> Input {
        Input {
            clicked: false,
            released: false,
            right_clicked: false,
            typed: Vec::new(),
            keys: Vec::new(),
            wheel: 0.0,
            delta: Px::default(),
            activate: None,
            ..self.clone()
        }
    }

    /// Whether the player did anything this frame (the loop then draws at full rate).
    pub fn active(&self) -> bool {
        self.clicked
            || self.released
            || self.down
            || self.right_clicked
            || self.delta != Px::default()
            || !self.typed.is_empty()
            || !self.keys.is_empty()
            || self.wheel != 0.0
    }

    /// Whether a click (or tap) ended in `a` this frame: pressed and released there without
    /// dragging, so that a finger scrolling the screen presses no button.
    pub fn tapped(&self, a: Area) -> bool {
        self.released
            && !self.dragged
            && a.contains(self.mouse)
            && self.press_at.is_some_and(|p| a.contains(p))
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
}

/// The heights the parts of a screen took when last drawn: an immediate-mode screen knows a
/// part's height only once it is drawn, and a part below it (or the scrolling) needs it
/// before. When a height changed, the frame is drawn again at once with the new one
/// ([`crate::draw::screens::draw`]), so no picture shows a height that is out of date.
#[derive(Debug, Default)]
pub struct Heights {
    kept: RefCell<Vec<(&'static str, f32)>>,
    changed: std::cell::Cell<bool>,
}

impl Heights {
    /// The height part `key` took when last drawn.
    pub fn get(&self, key: &'static str) -> Option<f32> {
        self.kept
            .borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, h)| *h)
    }

    /// Keeps the height part `key` took; a change marks the frame to be drawn again.
    pub fn set(&self, key: &'static str, height: f32) {
        let mut kept = self.kept.borrow_mut();
        match kept.iter_mut().find(|(k, _)| *k == key) {
            Some((_, h)) if (*h - height).abs() < 0.5 => {}
            Some((_, h)) => {
                *h = height;
                self.changed.set(true);
            }
            None => {
                kept.push((key, height));
                self.changed.set(true);
            }
        }
    }

    /// Whether a height changed since the last call.
    pub fn take_changed(&self) -> bool {
        self.changed.replace(false)
    }
}

/// What one frame drew that others need to know of: the text fields (the browser lays a real
/// input over each, so a phone's keyboard opens) and the places that take a click (for the
/// browser's test hook, [`crate::hook`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub fields: Vec<TextField>,
    pub targets: Vec<Target>,
}

/// A text field on the screen: which, where, and its text.
#[derive(Clone, Debug, PartialEq)]
pub struct TextField {
    pub field: crate::field::Field,
    pub area: Area,
    pub text: String,
    /// What the field is for, in the player's language (a screen reader's name for it).
    pub label: String,
}

/// A place on the screen that takes a click: a button by its label, or a board's cell by its
/// name.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub kind: TargetKind,
    /// The button's label or the cell's name.
    pub label: String,
    pub area: Area,
    /// Whether a click there does something now (a button not disabled; a cell where one of
    /// the player's moves starts or goes on).
    pub enabled: bool,
    /// Whether it is the chosen one of a set of buttons.
    pub selected: bool,
    /// Whether it is wholly in view (a screen that scrolls has targets out of view).
    pub visible: bool,
    /// What scrolls it into view.
    pub scroller: Scroller,
}

/// What scrolls a place into view: the screen, or (in the lobby on a wide window) the lists'
/// column, which scrolls apart from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scroller {
    #[default]
    Screen,
    Lists,
}

/// What a [`Target`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    Button,
    Cell,
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
        }
    }

    /// What the frame drew so far, handed over (the frame's end).
    pub fn take_record(&self) -> Record {
        self.record.take()
    }

    /// Notes a text field drawn this frame.
    pub fn field_drawn(&self, field: crate::field::Field, area: Area, text: &str, label: &str) {
        self.record.borrow_mut().fields.push(TextField {
            field,
            area,
            text: text.to_owned(),
            label: label.to_owned(),
        });
    }

    /// Notes a board cell drawn this frame, and whether a click there plays now.
    pub fn cell_drawn(&self, name: &str, area: Area, enabled: bool) {
        self.record.borrow_mut().targets.push(Target {
            kind: TargetKind::Cell,
            label: name.to_owned(),
            area,
            enabled: self.answers && enabled,
            selected: false,
            visible: self.view.holds(area),
            scroller: self.scroller,
        });
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
        let index = self.record.borrow().targets.len();
        self.record.borrow_mut().targets.push(Target {
            kind: TargetKind::Button,
            label: label.to_owned(),
            area: a,
            enabled: self.answers && look != Look::Disabled,
            selected: look == Look::Selected,
            visible: self.view.holds(a),
            scroller: self.scroller,
        });
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
        look != Look::Disabled && (self.input.tapped(a) || pressed_by_key)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn step(last: &Input, x: f32, y: f32, clicked: bool, released: bool, down: bool) -> Input {
        Input::next(
            last,
            Px { x, y },
            clicked,
            released,
            down,
            false,
            Vec::new(),
            Vec::new(),
            0.0,
        )
    }

    #[test]
    fn a_press_and_release_in_place_is_a_tap_and_a_moved_one_a_drag() {
        let button = Area {
            x: 0.0,
            y: 0.0,
            w: 100.0,
            h: 40.0,
        };
        let idle = Input::default();
        let down = step(&idle, 50.0, 20.0, true, false, true);
        assert!(!down.tapped(button), "a press alone is no click");
        let up = step(&down, 52.0, 21.0, false, true, false);
        assert!(up.tapped(button));
        // The finger slides to scroll: no click, wherever it ends.
        let moved = step(&down, 50.0, 60.0, false, false, true);
        assert!(moved.dragged);
        let back = step(&moved, 50.0, 20.0, false, true, false);
        assert!(back.dragged && !back.tapped(button));
        // Pressed and released in one frame (the loop idled meanwhile): still a click.
        let quick = step(&idle, 50.0, 20.0, true, true, false);
        assert!(quick.tapped(button));
        assert!(!step(&quick, 50.0, 20.0, false, false, false).tapped(button));
    }
}
