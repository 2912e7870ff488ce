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
    /// What the press under way (or just ended) aimed at: the topmost place drawn at its point
    /// in the picture shown when it began (none: nothing that takes a tap).
    pub aim: Option<Aim>,
    /// What the pointer came up on this frame, in the picture shown.
    pub release_aim: Option<Aim>,
    /// The numbers of the pictures the press began on and the pointer came up on
    /// ([`Record::frame`]; for the test hook's log of what fired).
    pub aim_frame: u64,
    pub release_frame: u64,
    /// Whether the pointer is a finger: a touch screen's last touch, not since followed by a
    /// real mouse's moves. A finger that lifted leaves nothing hovered ([`Input::touched`]).
    pub touch: bool,
    /// Where the pointer really is ([`Input::mouse`] is off the window while no finger is on
    /// a touch screen).
    pub pointer: Px,
}

/// What a press aims at in a picture: a place that takes a tap, named as the picture named it
/// (its kind, its label, and which of the places with that label it is, in the order drawn),
/// or something drawn over the places (the top bar, a notice, a card), which takes the press
/// from whatever lies under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aim {
    Place {
        kind: TargetKind,
        label: String,
        nth: usize,
    },
    Cover,
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
        let touching = !touches().is_empty();
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
        Input { shift, ..input }.touched(touching, last)
    }

    /// The rule of hover on a touch screen: a finger on the screen (`touching` this frame)
    /// makes the pointer a finger until a real mouse moves; while it is a finger, the pointer
    /// is over something only while the finger is down (or comes down or up this frame). The
    /// mouse macroquad makes of a finger stays where the finger lifted, and would keep the
    /// last tapped place hovered.
    pub fn touched(mut self, touching: bool, last: &Input) -> Input {
        let moved = self.delta != Px::default();
        self.touch = touching || (last.touch && !(moved && !self.down && !self.clicked));
        if self.touch && !(self.down || self.clicked || self.released) {
            self.mouse = Input::away().mouse;
        }
        self
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
            pointer: mouse,
            clicked,
            released,
            down,
            press_at,
            dragged: !clicked && (moved || (last.dragged && (last.down || last.clicked))),
            delta: Px {
                x: mouse.x - last.pointer.x,
                y: mouse.y - last.pointer.y,
            },
            right_clicked,
            typed,
            keys,
            wheel,
            shift: false,
            activate: None,
            aim: if clicked {
                None
            } else if last.down || last.clicked {
                last.aim.clone()
            } else {
                None
            },
            release_aim: None,
            aim_frame: if clicked { 0 } else { last.aim_frame },
            release_frame: 0,
            touch: last.touch,
        }
    }

    /// The aims of this frame's press and release in `shown`, the picture on the screen: a
    /// press that begins now aims at what `shown` has at its point; one under way keeps its
    /// aim; a release aims at what `shown` has where it ends.
    pub fn aimed(mut self, shown: &Record) -> Input {
        if self.clicked {
            self.aim = self.press_at.and_then(|p| shown.aim_at(p));
            self.aim_frame = shown.frame;
        }
        if self.released {
            self.release_aim = shown.aim_at(self.mouse);
            self.release_frame = shown.frame;
        }
        self
    }

    /// Whether this frame ends a tap on `place`: pressed and released on it in the picture
    /// shown, without dragging.
    pub fn tapped_on(&self, place: &Aim) -> bool {
        self.released
            && !self.dragged
            && self.aim.as_ref() == Some(place)
            && self.release_aim.as_ref() == Some(place)
    }

    /// The cell a press beginning this frame aims at, in the picture shown.
    pub fn pressed_cell(&self) -> Option<&str> {
        match &self.aim {
            Some(Aim::Place {
                kind: TargetKind::Cell,
                label,
                ..
            }) if self.clicked => Some(label),
            _ => None,
        }
    }

    /// The cell a tap ends on this frame: pressed and released on it in the picture shown,
    /// without dragging.
    pub fn tapped_cell(&self) -> Option<&str> {
        match &self.aim {
            Some(
                place @ Aim::Place {
                    kind: TargetKind::Cell,
                    label,
                    ..
                },
            ) if self.tapped_on(place) => Some(label),
            _ => None,
        }
    }

    /// The cell the pointer came up on this frame, in the picture shown.
    pub fn released_cell(&self) -> Option<&str> {
        match &self.release_aim {
            Some(Aim::Place {
                kind: TargetKind::Cell,
                label,
                ..
            }) if self.released => Some(label),
            _ => None,
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
        let off = Px {
            x: -100.0,
            y: -100.0,
        };
        Input {
            mouse: off,
            pointer: off,
            ..Input::default()
        }
    }

    /// The same pointer, with the clicks, keys, typing and wheel taken out: for drawing a
    /// picture after they have acted.
    pub fn calm(&self) -> Input {
        let lifted = self.touch && !self.down;
        Input {
            mouse: if lifted {
                Input::away().mouse
            } else {
                self.mouse
            },
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

    /// Whether a finger came up this frame: the picture is drawn again without the hover it
    /// showed ([`Input::touched`]).
    pub fn lifted(&self) -> bool {
        self.touch && self.released
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
    /// The window's height.
    window_h: f32,
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
/// input over each, so a phone's keyboard opens), the places that take a click (for the
/// keyboard's way round, and the browser's test hook, [`crate::hook`]), and what takes a
/// press where, topmost last ([`Record::aim_at`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub fields: Vec<TextField>,
    pub targets: Vec<Target>,
    /// The parts of the picture that take a press, in the order drawn.
    pub layers: Vec<Layer>,
    /// The places whose tap acted this frame, for the test hook (it checks from outside that
    /// each was the topmost place at the tap's points in the pictures shown then).
    pub fired: Vec<Fired>,
    /// The picture's number once shown (the test hook counts them; 0 without it).
    pub frame: u64,
}

/// A place whose tap (or press) acted: a button or a line tapped, or a board cell pressed or
/// let go on; with where the pointer went down and came up, and on which pictures (their
/// [`Record::frame`]), as far as the effect depends on them.
#[derive(Clone, Debug, PartialEq)]
pub struct Fired {
    pub kind: TargetKind,
    pub label: String,
    /// Which of the places of that kind and label, in the order drawn.
    pub nth: usize,
    pub down: Option<(Px, u64)>,
    pub up: Option<(Px, u64)>,
}

impl Fired {
    /// The tap that ends this frame on `aim`, as fired.
    fn tap(aim: &Aim, input: &Input) -> Option<Fired> {
        let Aim::Place { kind, label, nth } = aim else {
            return None;
        };
        Some(Fired {
            kind: *kind,
            label: label.clone(),
            nth: *nth,
            down: input.press_at.map(|p| (p, input.aim_frame)),
            up: Some((input.mouse, input.release_frame)),
        })
    }
}

/// A part of the picture that takes a press: a place (one of the targets, by its index), or
/// something drawn over the places; its area is what shows of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layer {
    pub area: Area,
    pub target: Option<usize>,
}

impl Record {
    /// What a press at `p` aims at: the topmost part drawn there (none: nothing that takes
    /// one).
    pub fn aim_at(&self, p: Px) -> Option<Aim> {
        let layer = self.layers.iter().rev().find(|l| l.area.contains(p))?;
        let Some(i) = layer.target else {
            return Some(Aim::Cover);
        };
        let t = self.targets.get(i)?;
        Some(self.place(i, t.kind, &t.label))
    }

    /// Whether target `i` is the topmost part of the picture at its middle: not under a card,
    /// a notice, a menu or the bar drawn after it.
    pub fn on_top(&self, i: usize) -> bool {
        let Some(t) = self.targets.get(i) else {
            return false;
        };
        let middle = Px {
            x: t.area.x + t.area.w / 2.0,
            y: t.area.y + t.area.h / 2.0,
        };
        self.layers
            .iter()
            .rev()
            .find(|l| l.area.contains(middle))
            .is_some_and(|l| l.target == Some(i))
    }

    /// The name of target `i` as an aim: its kind, its label, and how many targets of that
    /// kind and label were drawn before it.
    fn place(&self, i: usize, kind: TargetKind, label: &str) -> Aim {
        let nth = self.targets[..i.min(self.targets.len())]
            .iter()
            .filter(|t| t.kind == kind && t.label == label)
            .count();
        Aim::Place {
            kind,
            label: label.to_owned(),
            nth,
        }
    }
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
    /// A line of a list, or a notice: taps, but no stop of the keyboard's way round.
    Item,
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
        if let Some(f) = Fired::tap(aim, self.input) {
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

    /// A picture with a button `label` in `a`, and the bar drawn over the top 50 pixels.
    fn picture(label: &str, a: Area) -> Record {
        let bar = Area {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 50.0,
        };
        Record {
            targets: vec![Target {
                kind: TargetKind::Button,
                label: label.to_owned(),
                area: a,
                enabled: true,
                selected: false,
                visible: true,
                scroller: Scroller::Screen,
            }],
            layers: vec![
                Layer {
                    area: a,
                    target: Some(0),
                },
                Layer {
                    area: bar,
                    target: None,
                },
            ],
            ..Record::default()
        }
    }

    fn place(label: &str) -> Aim {
        Aim::Place {
            kind: TargetKind::Button,
            label: label.to_owned(),
            nth: 0,
        }
    }

    #[test]
    fn a_press_and_release_in_place_is_a_tap_and_a_moved_one_a_drag() {
        let button = Area {
            x: 0.0,
            y: 60.0,
            w: 100.0,
            h: 40.0,
        };
        let shown = picture("Hint", button);
        let ok = place("Hint");
        let idle = Input::default();
        let down = step(&idle, 50.0, 80.0, true, false, true).aimed(&shown);
        assert!(!down.tapped_on(&ok), "a press alone is no click");
        let up = step(&down, 52.0, 81.0, false, true, false).aimed(&shown);
        assert!(up.tapped_on(&ok));
        // The finger slides to scroll: no click, wherever it ends.
        let moved = step(&down, 50.0, 120.0, false, false, true).aimed(&shown);
        assert!(moved.dragged);
        let back = step(&moved, 50.0, 80.0, false, true, false).aimed(&shown);
        assert!(back.dragged && !back.tapped_on(&ok));
        // Pressed and released in one frame (the loop idled meanwhile): still a click.
        let quick = step(&idle, 50.0, 80.0, true, true, false).aimed(&shown);
        assert!(quick.tapped_on(&ok));
        assert!(!step(&quick, 50.0, 80.0, false, false, false).tapped_on(&ok));
        // Released on something else: no click.
        let edge = step(&idle, 50.0, 96.0, true, false, true).aimed(&shown);
        let off = step(&edge, 52.0, 102.0, false, true, false).aimed(&shown);
        assert!(!off.dragged && !off.tapped_on(&ok));
    }

    #[test]
    fn a_finger_hovers_only_while_it_is_down_and_a_mouse_always() {
        let button = Area {
            x: 0.0,
            y: 60.0,
            w: 100.0,
            h: 40.0,
        };
        let over = |i: &Input| button.contains(i.mouse);
        // A finger goes down on the button, holds, and lifts.
        let idle = Input::default();
        let down = step(&idle, 50.0, 80.0, true, false, true).touched(true, &idle);
        assert!(down.touch && over(&down), "a finger down hovers");
        let held = step(&down, 50.0, 80.0, false, false, true).touched(true, &down);
        assert!(over(&held));
        let up = step(&held, 50.0, 80.0, false, true, false).touched(true, &held);
        assert!(over(&up), "the release is aimed where the finger came up");
        assert!(
            up.lifted() && !over(&up.calm()),
            "the picture after it hovers nothing"
        );
        let after = step(&up, 50.0, 80.0, false, false, false).touched(false, &up);
        assert!(
            after.touch && !over(&after),
            "the mouse left where the finger lifted"
        );
        assert_eq!(after.delta, Px::default(), "the pointer did not move");
        assert!(!after.active());
        // A quick tap, down and up between two frames, aims and acts as before.
        let quick = step(&after, 50.0, 80.0, true, true, false).touched(true, &after);
        assert!(over(&quick) && quick.clicked && quick.released);
        // A real mouse moving over the window hovers, held down or not.
        let mouse = step(&after, 40.0, 70.0, false, false, false).touched(false, &after);
        assert!(!mouse.touch && over(&mouse));
        assert!(over(&mouse.calm()), "a mouse's hover stays after a click");
        let still = step(&mouse, 40.0, 70.0, false, false, false).touched(false, &mouse);
        assert!(over(&still));
    }

    #[test]
    fn a_button_tapped_is_logged_with_its_points_and_pictures() {
        let a = Area {
            x: 0.0,
            y: 60.0,
            w: 100.0,
            h: 40.0,
        };
        let shown = Record {
            frame: 7,
            ..picture("Hint", a)
        };
        let down = step(&Input::default(), 50.0, 80.0, true, false, true).aimed(&shown);
        let up = step(&down, 51.0, 82.0, false, true, false).aimed(&Record {
            frame: 8,
            ..shown.clone()
        });
        let fired = Fired::tap(&place("Hint"), &up).expect("a place");
        assert_eq!(fired.label, "Hint");
        assert_eq!(fired.down, Some((Px { x: 50.0, y: 80.0 }, 7)));
        assert_eq!(fired.up, Some((Px { x: 51.0, y: 82.0 }, 8)));
        assert_eq!(Fired::tap(&Aim::Cover, &up), None);
    }

    #[test]
    fn a_press_on_the_bar_reaches_nothing_drawn_under_it() {
        // The button scrolled up under the bar: its top half is under it.
        let under = Area {
            x: 0.0,
            y: 30.0,
            w: 100.0,
            h: 40.0,
        };
        let shown = picture("Hint", under);
        let on_bar = step(&Input::default(), 50.0, 40.0, true, true, false).aimed(&shown);
        assert_eq!(on_bar.aim, Some(Aim::Cover));
        assert!(!on_bar.tapped_on(&place("Hint")));
        let below = step(&Input::default(), 50.0, 60.0, true, true, false).aimed(&shown);
        assert!(below.tapped_on(&place("Hint")));
        // Off everything: aimed at nothing.
        let off = step(&Input::default(), 300.0, 300.0, true, true, false).aimed(&shown);
        assert_eq!(off.aim, None);
    }

    #[test]
    fn a_press_aims_at_the_picture_it_began_on_whatever_is_drawn_later() {
        // The press began on "Review" as shown; by its release the layout has put "Flip board"
        // there: the tap is Review's, wherever Review is drawn now.
        let a = Area {
            x: 0.0,
            y: 100.0,
            w: 100.0,
            h: 40.0,
        };
        let before = picture("Review", a);
        let down = step(&Input::default(), 50.0, 120.0, true, false, true).aimed(&before);
        let up = step(&down, 50.0, 120.0, false, true, false).aimed(&before);
        assert!(up.tapped_on(&place("Review")));
        assert!(!up.tapped_on(&place("Flip board")));
        // A picture with two buttons of one label tells them apart by their order.
        let mut two = picture("Watch", a);
        let b = Area { y: 200.0, ..a };
        two.targets.push(Target {
            area: b,
            ..two.targets[0].clone()
        });
        two.layers.push(Layer {
            area: b,
            target: Some(1),
        });
        let second = two.aim_at(Px { x: 50.0, y: 220.0 });
        assert_eq!(
            second,
            Some(Aim::Place {
                kind: TargetKind::Button,
                label: "Watch".to_owned(),
                nth: 1
            })
        );
    }

    #[test]
    fn a_place_under_a_card_drawn_after_it_is_not_on_top() {
        let a = Area {
            x: 0.0,
            y: 100.0,
            w: 100.0,
            h: 40.0,
        };
        let mut shown = picture("Replay", a);
        assert!(shown.on_top(0));
        shown.layers.push(Layer {
            area: Area { h: 30.0, ..a },
            target: None,
        });
        assert!(!shown.on_top(0), "a card over its middle");
        assert!(!shown.on_top(5), "no such place");
    }
}
