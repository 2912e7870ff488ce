//! The card for playing on another device: the link (`http://HOST:PORT/link/CODE`) and the
//! code that bring another browser or computer in as this player, good for ten minutes and
//! once; and a field to enter a code from another device, to play here as the player it
//! belongs to.

use crate::app::{Action, App, Field};
use crate::draw::paint;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;

use super::super::common::text_field;
use super::card::{self, Card};
use crate::app::LinkAction;

/// Draws the card in the middle of `body`.
pub(super) fn card(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let Some(devices) = app.devices() else {
        return;
    };
    let rh = ui.row_h();
    let (w, pad) = card::width(ui, body);
    let inner_w = w - 2.0 * pad;
    let note = match &devices.code {
        Some((_, left)) => ui.say(&crate::say!(
            "devices-note",
            minutes = (left / 60.0).ceil().max(1.0) as i64
        )),
        None => ui.t("devices-asking"),
    };
    // What the field for a code from another device is for.
    let enter = &ui.t("devices-enter");
    let wrapped = |text: &str| {
        paint::wrap(text, &ui.fonts.regular, ui.unit * 0.95, inner_w).len() as f32
            * ui.unit
            * 0.95
            * 1.45
    };
    let h = pad * 2.0
        + ui.unit * 2.0
        + wrapped(&note)
        + 2.0 * (rh + ui.unit * 0.8)
        + wrapped(enter)
        + ui.unit * 1.5
        + rh
        + ui.unit * 0.8
        + rh;
    let Card { area: a, x, y, .. } = card::frame(ui, body, h, &ui.t("devices-title"));
    let mut y = ui.paragraph(&note, x, y - ui.unit * 0.2, inner_w, theme::TEXT_DIM);
    // The link with its Copy button, and the code, large.
    if let Some((code, _)) = &devices.code {
        if let Some(link) = app.device_link() {
            let row = Area {
                x,
                y,
                w: inner_w,
                h: rh,
            };
            let copy_link = ui.t("copy-link");
            let (field, copy) = card::with_button(ui, row, &copy_link);
            card::text_box(ui, field, &link, ui.unit * 0.9);
            if ui.button(copy, &copy_link, Look::Primary) {
                actions.push(Action::Link(LinkAction::CopyDeviceLink));
            }
        }
        y += rh + ui.unit * 0.8;
        let field = Area {
            x,
            y,
            w: inner_w,
            h: rh,
        };
        card::text_box(ui, field, code, ui.unit * 1.3);
        y += rh + ui.unit * 0.8;
    } else {
        y += 2.0 * (rh + ui.unit * 0.8);
    }
    // A code from another device.
    y = ui.paragraph(enter, x, y + ui.unit * 0.5, inner_w, theme::TEXT_DIM);
    let row = Area {
        x,
        y,
        w: inner_w,
        h: rh,
    };
    let use_label = ui.t("devices-use-code");
    let (field, use_code) = card::with_button(ui, row, &use_label);
    text_field(
        app,
        ui,
        field,
        Field::Device,
        &devices.entry,
        "XXXX-XXXX",
        actions,
    );
    let look = if devices.entry.is_empty() {
        Look::Disabled
    } else {
        Look::Plain
    };
    if ui.button(use_code, &use_label, look) {
        actions.push(Action::Link(LinkAction::LinkDevice));
    }
    y += rh + ui.unit * 0.8;
    if card::close_button(ui, a, y) {
        actions.push(Action::Link(LinkAction::CloseDevices));
    }
}
