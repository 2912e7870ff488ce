//! What the player did this frame, with the mouse or a finger and the keyboard, read from
//! macroquad; and a press aimed at the picture it began on, so that a tap is a place's only
//! when it went down and came up on that place as shown.

use macroquad::prelude::*;

use super::record::{Aim, Fired, Record, TargetKind};
use crate::geometry::Px;

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

    /// What acted, when the tap that ends this frame is on `aim`.
    pub(super) fn tap_fired(&self, aim: &Aim) -> Option<Fired> {
        let Aim::Place { kind, label, nth } = aim else {
            return None;
        };
        Some(Fired {
            kind: *kind,
            label: label.clone(),
            nth: *nth,
            down: self.press_at.map(|p| (p, self.aim_frame)),
            up: Some((self.mouse, self.release_frame)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::ui::record::{Layer, Scroller, Target};
    use crate::geometry::Area;

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
        let fired = up.tap_fired(&place("Hint")).expect("a place");
        assert_eq!(fired.label, "Hint");
        assert_eq!(fired.down, Some((Px { x: 50.0, y: 80.0 }, 7)));
        assert_eq!(fired.up, Some((Px { x: 51.0, y: 82.0 }, 8)));
        assert_eq!(up.tap_fired(&Aim::Cover), None);
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
