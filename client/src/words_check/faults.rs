//! The rules the texts drawn must keep (none cut short, none beyond the window's sides, none
//! over another on the same layer); on a phone, no place that takes a tap smaller than a
//! fingertip; and what a button opened drawn (the list of languages, whatever else is open).

use crate::draw::text::DrawnText;
use crate::draw::ui::{Target, TargetKind};
use crate::layout;
use crate::words::Language;

/// What is missing from a picture drawn while the list of languages is open (`open`): each
/// language whose button is not among its `targets`. The top bar's button must never be
/// pressed for nothing, whatever else the screen has open (the name's field, a card).
pub fn languages_missing(open: bool, targets: &[Target]) -> Vec<String> {
    if !open {
        return Vec::new();
    }
    Language::ALL
        .iter()
        .filter(|l| {
            !targets
                .iter()
                .any(|t| t.kind == TargetKind::Button && t.enabled && t.label == l.own_name())
        })
        .map(|l| {
            format!(
                "the list of languages is open but \"{}\" is not drawn",
                l.own_name()
            )
        })
        .collect()
}

/// The places that take a tap and are smaller than a fingertip ([`layout::TOUCH_MIN`] both
/// ways, a board's points and squares [`layout::BOARD_TOUCH_MIN`]) on a phone held upright (`w` x `h`): every button and board cell in view that does
/// something. The lines of a list (a move of the move list, a slip of a review) are not
/// counted: each is also reached by the buttons that step through the moves.
pub fn small_targets(targets: &[Target], w: f32, h: f32) -> Vec<String> {
    if !layout::portrait(w, h) {
        return Vec::new();
    }
    targets
        .iter()
        .filter(|t| t.enabled && t.visible && t.kind != TargetKind::Item)
        .filter(|t| {
            let least = if t.kind == TargetKind::Cell {
                layout::BOARD_TOUCH_MIN
            } else {
                layout::TOUCH_MIN
            };
            t.area.w < least - 0.5 || t.area.h < least - 0.5
        })
        .map(|t| {
            format!(
                "\"{}\" takes taps in {:.0}x{:.0} pixels",
                t.label, t.area.w, t.area.h
            )
        })
        .collect()
}

/// What is wrong with the texts drawn in a window of `w` x `h`: each text cut short to fit,
/// reaching beyond the window's left or right side, or over another text of the same layer
/// (by more than a pixel each way). Texts below the window's foot are on a screen that scrolls
/// and are not checked against its height.
pub fn problems(texts: &[DrawnText], w: f32, _h: f32) -> Vec<String> {
    let mut out = Vec::new();
    for t in texts {
        if t.cut {
            out.push(format!("\"{}\" is cut", t.text));
        }
        if t.x < -0.5 || t.x + t.w > w + 0.5 {
            out.push(format!(
                "\"{}\" reaches beyond the window ({:.0} to {:.0} of {w})",
                t.text,
                t.x,
                t.x + t.w
            ));
        }
    }
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            if a.layer != b.layer {
                continue;
            }
            let across = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
            let down = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
            if across > 1.0 && down > 1.0 {
                out.push(format!("\"{}\" overlaps \"{}\"", a.text, b.text));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str, x: f32, y: f32, w: f32, layer: u32, cut: bool) -> DrawnText {
        DrawnText {
            text: s.into(),
            x,
            y,
            w,
            h: 16.0,
            layer,
            cut,
        }
    }

    #[test]
    fn cut_overflowing_and_overlapping_texts_are_problems_and_layers_are_apart() {
        let texts = [
            text("Remat...", 10.0, 10.0, 60.0, 0, true),
            text("wins", 300.0, 40.0, 40.0, 0, false),
            text("x", 320.0, 45.0, 10.0, 0, false),
            text("Resign this game? It counts", 100.0, 100.0, 300.0, 0, false),
            text("under the card", 10.0, 200.0, 200.0, 0, false),
            text("the card's title", 10.0, 205.0, 200.0, 1, false),
            text("side by side", 10.0, 300.0, 100.0, 0, false),
            text("touching", 110.0, 300.0, 100.0, 0, false),
        ];
        let found = problems(&texts, 390.0, 844.0);
        assert_eq!(
            found,
            [
                "\"Remat...\" is cut",
                "\"Resign this game? It counts\" reaches beyond the window (100 to 400 of 390)",
                "\"wins\" overlaps \"x\"",
            ]
        );
    }

    #[test]
    fn on_a_phone_every_place_that_takes_a_tap_is_a_fingertip_wide() {
        use crate::draw::ui::{Scroller, TargetKind};
        use crate::geometry::Area;
        let target = |w: f32, h: f32, enabled: bool, visible: bool| Target {
            kind: TargetKind::Button,
            label: "Rematch".into(),
            area: Area {
                x: 0.0,
                y: 0.0,
                w,
                h,
            },
            enabled,
            selected: false,
            visible,
            scroller: Scroller::Screen,
        };
        let targets = [
            target(80.0, 44.0, true, true),
            target(80.0, 33.0, true, true),
            target(30.0, 30.0, false, true),
            target(30.0, 30.0, true, false),
        ];
        assert_eq!(
            small_targets(&targets, 390.0, 844.0),
            ["\"Rematch\" takes taps in 80x33 pixels"]
        );
        assert!(
            small_targets(&targets, 1280.0, 800.0).is_empty(),
            "a mouse is finer"
        );
        // A board's points may be closer, down to BOARD_TOUCH_MIN.
        let cell = |side: f32| Target {
            kind: TargetKind::Cell,
            label: "c5".into(),
            ..target(side, side, true, true)
        };
        assert_eq!(
            small_targets(&[cell(40.0), cell(30.0)], 360.0, 640.0),
            ["\"c5\" takes taps in 30x30 pixels"]
        );
    }

    #[test]
    fn an_open_list_of_languages_must_show_every_language() {
        use crate::draw::ui::Scroller;
        use crate::geometry::Area;
        let button = |label: &str, enabled: bool| Target {
            kind: TargetKind::Button,
            label: label.into(),
            area: Area {
                x: 0.0,
                y: 0.0,
                w: 80.0,
                h: 44.0,
            },
            enabled,
            selected: false,
            visible: true,
            scroller: Scroller::Screen,
        };
        let mut all: Vec<Target> = Language::ALL
            .iter()
            .map(|l| button(l.own_name(), true))
            .collect();
        assert!(languages_missing(true, &all).is_empty());
        assert!(
            languages_missing(false, &[]).is_empty(),
            "closed, nothing is owed"
        );
        all[1].enabled = false;
        assert_eq!(
            languages_missing(true, &all[..4]),
            [
                format!(
                    "the list of languages is open but \"{}\" is not drawn",
                    Language::ALL[1].own_name()
                ),
                format!(
                    "the list of languages is open but \"{}\" is not drawn",
                    Language::ALL[4].own_name()
                ),
            ]
        );
        assert_eq!(languages_missing(true, &[]).len(), Language::ALL.len());
    }
}
