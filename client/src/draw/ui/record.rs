//! What one frame drew that takes a tap (its text fields, its places, the parts drawn over
//! them, in the order drawn), and what a press at a point aims at in that picture.

use crate::geometry::{Area, Px};

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
    pub(super) fn place(&self, i: usize, kind: TargetKind, label: &str) -> Aim {
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
