//! The card of a link that leads nowhere (an invite code used already, a game that is not
//! there): what was wrong, in words, and the way to the lobby.

use super::card::{self, Card};
use crate::app::LinkAction;
use crate::app::{Action, App};
use crate::draw::paint;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;

/// Draws the card in the middle of `body`.
pub(super) fn card(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let Some(why) = app.broken_link() else {
        return;
    };
    let why = &ui.say(why);
    let rh = ui.row_h();
    let (w, pad) = card::width(ui, body);
    let inner_w = w - 2.0 * pad;
    let size = ui.unit * 0.95;
    let lines = paint::wrap(why, &ui.fonts.regular, size, inner_w).len() as f32;
    let h = pad * 2.0 + ui.unit * 2.2 + lines * size * 1.45 + ui.unit * 1.2 + rh;
    let Card { area, x, y } = card::frame(ui, body, h, &ui.t("broken-title"));
    let bottom = ui.paragraph(why, x, y + ui.unit * 0.2, inner_w, theme::TEXT);
    let button = Area {
        x,
        y: (area.y + area.h - pad - rh).max(bottom + ui.unit * 0.4),
        w: inner_w,
        h: rh,
    };
    if ui.button(button, &ui.t("broken-to-lobby"), Look::Primary) {
        actions.push(Action::Link(LinkAction::CloseBrokenLink));
    }
}
