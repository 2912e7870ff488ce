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

/// `text` in a box, at `size` or smaller so that it fits whole.
pub(super) fn text_box(ui: &Ui, field: Area, text: &str, size: f32) {
    paint::rounded(field, 8.0, theme::BACKGROUND);
    let room = field.w - 16.0;
    let size = shrunk(ui, text, size, room);
    let shown = paint::fit(text, &ui.fonts.bold, size, room);
    ui.strong(
        &shown,
        field.x + 8.0,
        field.y + field.h / 2.0,
        size,
        theme::ACCENT,
        Align::Left,
    );
}

/// The size to draw bold `text` at so that it fits in `room`: `size`, or smaller (down to the
/// smallest readable size, where it is cut instead).
fn shrunk(m: &impl Measure, text: &str, size: f32, room: f32) -> f32 {
    let wide = m.width(text, true, size);
    if wide <= room {
        return size;
    }
    // Text is drawn at whole pixel sizes, and widths are not quite proportional to the size:
    // round down, then step down until it fits.
    let mut shrunk = (size * room / wide).floor().max(9.0);
    while shrunk > 9.0 && m.width(text, true, shrunk) > room {
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
    ui.button(close, "Close", Look::Plain)
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
    fn a_shrunk_text_fits_its_box_whole() {
        let m = Fonts::load().expect("the bundled fonts");
        let link = "http://play.example.org:7878/join/K7QM-2XPD";
        for room in (200..600).step_by(7) {
            let room = room as f32;
            for size in [13.0, 14.4, 17.3, 21.0] {
                let s = shrunk(&m, link, size, room);
                assert!(s <= size);
                if m.width(link, true, 9.0) > room {
                    assert_eq!(s, 9.0, "too long for any readable size: cut at 9 px");
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
