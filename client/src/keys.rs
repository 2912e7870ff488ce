//! The keyboard's way round a screen: Tab and Shift+Tab go from one place to the next in the
//! order they are drawn (every button that does something now, and the board as one place),
//! Enter or Space presses the button there, Escape leaves it. On the board the arrow keys move
//! its own cursor ([`crate::app::App::cursor`]). Pure: the render loop passes in the places the
//! last picture offered.

use crate::app::Action;
use crate::app::ScreenAction;
use crate::draw::ui::{Scroller, Target, TargetKind};

/// A place the keyboard can stand on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A button: its place among the frame's targets, and its label (both must still match
    /// for Enter to press it).
    Button(usize, String),
    /// The board, where the arrow keys move the cursor.
    Board,
}

/// The places of a picture, in the order they were drawn: each button that does something
/// now (one scrolled out of view too: the screen scrolls to it), and the board where its
/// first cell is.
pub fn stops(targets: &[Target]) -> Vec<Stop> {
    let mut out = Vec::new();
    let mut board = false;
    for (i, t) in targets.iter().enumerate() {
        match t.kind {
            TargetKind::Button if t.enabled => {
                out.push(Stop::Button(i, t.label.clone()));
            }
            TargetKind::Cell if !board => {
                board = true;
                out.push(Stop::Board);
            }
            _ => {}
        }
    }
    out
}

/// Where Tab (or Shift+Tab, `back`) goes from `now` (none: from the start), among the
/// picture's `targets`; none when there is nowhere to go.
pub fn next_stop(targets: &[Target], now: Option<&Stop>, back: bool) -> Option<Stop> {
    let stops = stops(targets);
    let n = stops.len();
    if n == 0 {
        return None;
    }
    // Where the keyboard stands: the same place, else (the picture changed) the first place
    // after where it stood.
    let here = now.and_then(|now| match now {
        Stop::Board => stops.iter().position(|s| *s == Stop::Board),
        Stop::Button(i, label) => stops
            .iter()
            .position(|s| matches!(s, Stop::Button(j, l) if j == i && l == label))
            .or_else(|| {
                stops
                    .iter()
                    .position(|s| matches!(s, Stop::Button(j, _) if j > i))
                    .map(|p| (p + n - 1) % n)
            }),
    });
    let next = match (here, back) {
        (None, false) => 0,
        (None, true) => n - 1,
        (Some(p), false) => (p + 1) % n,
        (Some(p), true) => (p + n - 1) % n,
    };
    stops.into_iter().nth(next)
}

/// The scroll that brings `target`, out of view, into the middle of a window `window_h` high:
/// the screen's (scrolled `scroll` down now) or the lobby's lists' (`lists_scroll`), as the
/// target is scrolled by one or the other.
pub fn into_view(target: &Target, (scroll, lists_scroll): (f32, f32), window_h: f32) -> Action {
    let middle = target.area.y + target.area.h / 2.0 - window_h / 2.0;
    match target.scroller {
        Scroller::Screen => {
            Action::Screen(ScreenAction::ScrollTo((scroll + middle).round() as i32))
        }
        Scroller::Lists => Action::Screen(ScreenAction::ScrollListsTo(
            (lists_scroll + middle).round() as i32,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Area;

    fn target(kind: TargetKind, label: &str, enabled: bool) -> Target {
        Target {
            kind,
            label: label.into(),
            area: Area {
                x: 0.0,
                y: 0.0,
                w: 10.0,
                h: 10.0,
            },
            enabled,
            selected: false,
            visible: true,
            scroller: Scroller::Screen,
        }
    }

    fn game() -> Vec<Target> {
        vec![
            target(TargetKind::Cell, "a1", true),
            target(TargetKind::Cell, "a2", false),
            target(TargetKind::Button, "Flip board", true),
            target(TargetKind::Button, "Take back", false),
            target(TargetKind::Button, "Resign", true),
        ]
    }

    #[test]
    fn tab_goes_round_the_board_and_the_buttons_that_do_something() {
        let t = game();
        assert_eq!(
            stops(&t),
            [
                Stop::Board,
                Stop::Button(2, "Flip board".into()),
                Stop::Button(4, "Resign".into()),
            ],
            "the board once, and no button that does nothing now"
        );
        let first = next_stop(&t, None, false);
        assert_eq!(first, Some(Stop::Board));
        let second = next_stop(&t, first.as_ref(), false);
        assert_eq!(second, Some(Stop::Button(2, "Flip board".into())));
        let last = next_stop(&t, None, true);
        assert_eq!(last, Some(Stop::Button(4, "Resign".into())));
        assert_eq!(next_stop(&t, last.as_ref(), false), Some(Stop::Board));
        assert_eq!(next_stop(&t, Some(&Stop::Board), true), last);
        assert_eq!(next_stop(&[], None, false), None);
    }

    #[test]
    fn when_the_picture_changed_tab_goes_on_from_where_the_keyboard_stood() {
        let t = game();
        // A button that is gone (its place now holds another): the next one after it.
        let gone = Stop::Button(3, "Offer draw".into());
        assert_eq!(
            next_stop(&t, Some(&gone), false),
            Some(Stop::Button(4, "Resign".into()))
        );
    }

    #[test]
    fn a_button_out_of_view_comes_into_the_middle_by_what_scrolls_it() {
        let mut t = target(TargetKind::Button, "Cancel", true);
        t.area.y = 1000.0;
        t.visible = false;
        // 1005 is 605 below the middle of a window 800 high.
        assert_eq!(
            into_view(&t, (100.0, 40.0), 800.0),
            Action::Screen(ScreenAction::ScrollTo(705))
        );
        t.scroller = Scroller::Lists;
        assert_eq!(
            into_view(&t, (100.0, 40.0), 800.0),
            Action::Screen(ScreenAction::ScrollListsTo(645))
        );
    }
}
