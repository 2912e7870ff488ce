//! What the lobby's cards share (the invitation, playing on another device): a panel over the
//! dimmed lobby with its title, and text shown in a box, shrunk to fit rather than cut.

use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::Ui;
use crate::geometry::Area;
use crate::layout::Measure;

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
    let wide = ui.width(text, true, size);
    let size = if wide > room {
        (size * room / wide).max(9.0)
    } else {
        size
    };
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
