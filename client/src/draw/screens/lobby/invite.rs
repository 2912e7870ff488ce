//! The invitation's card: a private game waits for a friend. It shows the link to the game
//! (`http://HOST:PORT/join/CODE`, from the server's address) and the code, each with a Copy
//! button, and says the game starts when the friend joins.

use super::card::{self, Card};
use crate::app::LinkAction;
use crate::app::{Action, App};
use crate::draw::paint::{self, Align};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;

/// Draws the card in the middle of `body`.
pub(super) fn card(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let Some(code) = app.lobby().my_code.clone() else {
        return;
    };
    let link = app.invite_link();
    let rh = ui.row_h();
    let (w, pad) = card::width(ui, body);
    let inner_w = w - 2.0 * pad;
    let lines = if link.is_some() { 2.0 } else { 1.0 };
    let note = &ui.t("invite-note");
    let note_lines = paint::wrap(note, &ui.fonts.regular, ui.unit * 0.95, inner_w).len() as f32;
    let h = pad * 2.0
        + ui.unit * 2.2
        + lines * (ui.unit * 1.4 + rh + ui.unit * 0.8)
        + note_lines * ui.unit * 0.95 * 1.45
        + ui.unit * 0.8
        + rh;
    let Card { area: a, x, y, .. } = card::frame(ui, body, h, &ui.t("invite-title"));
    let mut y = y;
    // A row: what it is, the text (shrunk to fit rather than cut), and its Copy button.
    let mut row = |label: &str, text: &str, button: &str, action: Action, big: bool| {
        ui.label(label, x, y + ui.unit * 0.5, theme::TEXT_DIM, Align::Left);
        y += ui.unit * 1.4;
        let row = Area {
            x,
            y,
            w: inner_w,
            h: rh,
        };
        let (field, copy) = card::with_button(ui, row, button);
        let size = if big { ui.unit * 1.3 } else { ui.unit * 0.9 };
        card::text_box(ui, field, text, size);
        if ui.button(copy, button, Look::Primary) {
            actions.push(action);
        }
        y += rh + ui.unit * 0.8;
    };
    if let Some(link) = &link {
        row(
            &ui.t("invite-send-link"),
            link,
            &ui.t("copy-link"),
            Action::Link(LinkAction::CopyInvite),
            false,
        );
    }
    let label = ui.t(if link.is_some() {
        "invite-or-code"
    } else {
        "invite-code"
    });
    row(
        &label,
        &code,
        &ui.t("copy-code"),
        Action::Link(LinkAction::CopyCode),
        true,
    );
    let bottom = ui.paragraph(note, x, y + ui.unit * 0.2, inner_w, theme::TEXT_DIM);
    if card::close_button(ui, a, bottom) {
        actions.push(Action::Link(LinkAction::CloseInvite));
    }
}
