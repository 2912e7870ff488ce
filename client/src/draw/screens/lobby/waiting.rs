//! "Waiting for an opponent", in "My games": this player's seeks and invitations still
//! waiting, from this device or another (see `app::waiting` for which), each with its game
//! and pace and whom it waits for (an invitation's code), and under them a row of buttons:
//! copy an invitation's link, and cancel (half the row each, wide enough for every
//! language's words).

use crate::app::{Action, App, WaitingSeek};
use crate::draw::paint::Align;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;

use super::entry::{entry_with, row_h};
use crate::app::{LinkAction, LobbyAction};

/// The room between the entries.
const SPACING: f32 = 10.0;

/// An entry's text, as the player reads it: the game and its pace, then the rest.
fn text(ui: &Ui, w: &WaitingSeek) -> (String, String) {
    let said = |phrases: Vec<crate::words::Phrase>| {
        phrases
            .iter()
            .map(|p| ui.say(p))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    (said(w.title()), said(w.details()))
}

/// The room between an entry's text and its buttons.
const BUTTONS_GAP: f32 = 6.0;

/// The room the part's heading takes.
fn heading_h(ui: &Ui) -> f32 {
    ui.unit * 1.5
}

/// Draws the part from `y`, every seek waiting; returns the y below.
pub(super) fn draw(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let waiting = app.waiting();
    if waiting.is_empty() {
        return y;
    }
    ui.strong(
        &ui.t("waiting-title"),
        inner.x,
        y + ui.unit * 0.5,
        ui.unit * 0.95,
        theme::TEXT_DIM,
        Align::Left,
    );
    let mut y = y + heading_h(ui);
    for w in waiting {
        let (main, details) = text(ui, w);
        let (_, h) = entry_with(ui, inner, y, (&main, &details), &[], false);
        let row = Area {
            y: y + h + BUTTONS_GAP,
            h: row_h(ui),
            ..inner
        };
        let halves = columns(row, 2, 8.0);
        if w.code.is_some() && ui.button(halves[0], &ui.t("copy-link"), Look::Primary) {
            actions.push(Action::Link(LinkAction::CopyWaitingLink(w.id)));
        }
        if ui.button(halves[1], &ui.t("lists-cancel"), Look::Plain) {
            actions.push(Action::Lobby(LobbyAction::CancelSeek(w.id)));
        }
        y = row.y + row.h + SPACING;
    }
    y
}
