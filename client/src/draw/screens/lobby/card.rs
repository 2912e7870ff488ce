//! What the lobby's cards share (the invitation, playing on another device): a panel over the
//! dimmed lobby with its title, and text shown in a box, shrunk to fit rather than cut.

use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::layout::{self, Measure};

/// A card drawn over the lobby: where it is, and where its content starts.
pub(super) struct Card {
    pub area: Area,
    /// The content's left edge.
    pub x: f32,
    /// Where the content starts, under the title.
    pub y: f32,
}

/// The width of a card in `body`, and its padding: content is `width - 2 * pad` wide.
pub(super) fn width(ui: &Ui, body: Area) -> (f32, f32) {
    ((ui.unit * 30.0).min(body.w), ui.unit * 1.2)
}

/// Dims `body` and draws a card `h` high (the title's room included) in its middle, titled
/// `title`.
pub(super) fn frame(ui: &Ui, body: Area, h: f32, title: &str) -> Card {
    let (w, pad) = width(ui, body);
    let inner_w = w - 2.0 * pad;
    let area = Area {
        x: body.x + (body.w - w) / 2.0,
        y: body.y + ((body.h - h) / 3.0).max(0.0),
        w,
        h: h.min(body.h),
    };
    ui.fonts.typesetter().overlay();
    paint::fill(body, alpha(theme::BACKGROUND, 0.6));
    paint::rounded(
        Area {
            y: area.y + 4.0,
            ..area
        },
        14.0,
        alpha(theme::BOARD_SHADOW, 0.6),
    );
    paint::rounded_edged(area, 14.0, theme::PANEL, 2.0, theme::ACCENT);
    // Over the lobby: a press on the card is the card's, or its buttons'.
    ui.cover(area);
    let x = area.x + pad;
    let y = area.y + pad + ui.unit * 0.6;
    let title = paint::fit(title, &ui.fonts.bold, ui.unit * 1.2, inner_w);
    ui.strong(&title, x, y, ui.unit * 1.2, theme::TEXT, Align::Left);
    Card {
        area,
        x,
        y: y + ui.unit * 1.6,
    }
}

/// `text` in a box, whole: at `size`, or smaller, or (a long link) on two lines.
pub(super) fn text_box(ui: &Ui, field: Area, text: &str, size: f32) {
    paint::rounded(field, 8.0, theme::BACKGROUND);
    let room = field.w - 16.0;
    let size = shrunk(ui, text, size, room);
    let lines = if ui.width(text, true, size) <= room {
        vec![text.to_owned()]
    } else {
        paint::wrap(text, &ui.fonts.bold, size, room)
    };
    let line_h = size * 1.2;
    let top = field.y + (field.h - line_h * lines.len() as f32) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        ui.strong(
            line,
            field.x + 8.0,
            top + line_h * (i as f32 + 0.5),
            size,
            theme::ACCENT,
            Align::Left,
        );
    }
}

/// The size to draw bold `text` at so that it fits in `room`: `size`, or smaller, down to a
/// size that two lines of it still fit a box (where it goes on two lines instead).
fn shrunk(m: &impl Measure, text: &str, size: f32, room: f32) -> f32 {
    let least = size.min(11.0);
    let wide = m.width(text, true, size);
    if wide <= room {
        return size;
    }
    // Text is drawn at whole pixel sizes, and widths are not quite proportional to the size:
    // round down, then step down until it fits.
    let mut shrunk = (size * room / wide).floor().max(least);
    while shrunk > least && m.width(text, true, shrunk) > room {
        shrunk -= 1.0;
    }
    shrunk
}

/// The card's Close button, at its bottom right and not above `below`; whether it was clicked.
pub(super) fn close_button(ui: &Ui, card: Area, below: f32) -> bool {
    let pad = width(ui, card).1;
    let rh = ui.row_h();
    let close = Area {
        x: card.x + card.w - pad - ui.unit * 6.0,
        y: (card.y + card.h - pad - rh).max(below),
        w: ui.unit * 6.0,
        h: rh,
    };
    ui.button(close, &ui.t("close"), Look::Plain)
}

/// A row split for a button labelled `label` at its right: the room left of it, and the button.
pub(super) fn with_button(ui: &Ui, row: Area, label: &str) -> (Area, Area) {
    let button_w = ui.width(label, true, layout::label_size(row, ui.unit)) + ui.unit * 2.0;
    let left = Area {
        w: row.w - button_w - 8.0,
        ..row
    };
    let button = Area {
        x: left.x + left.w + 8.0,
        w: button_w,
        ..row
    };
    (left, button)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Fonts;

    #[test]
    fn a_shrunk_text_fits_its_box_whole_or_takes_two_lines() {
        let m = Fonts::load().expect("the bundled fonts");
        let link = "http://play.example.org:7878/join/K7QM-2XPD";
        for room in (140..600).step_by(7) {
            let room = room as f32;
            for size in [13.0, 14.4, 17.3, 21.0] {
                let s = shrunk(&m, link, size, room);
                assert!(s <= size);
                if m.width(link, true, 11.0) > room {
                    // Too long for one line at a readable size: lines of 11 px instead, each
                    // within the box, as many as a box of a row's height holds.
                    assert_eq!(s, 11.0);
                    let lines = paint::wrap(link, &m.bold, s, room);
                    assert!(lines.len() as f32 * s * 1.2 <= 44.0, "{lines:?} in {room}");
                    assert!(lines.iter().all(|l| m.width(l, true, s) <= room));
                    continue;
                }
                assert!(
                    m.width(link, true, s) <= room,
                    "{link} at {s} px in {room} px (asked {size})"
                );
            }
        }
    }
}
