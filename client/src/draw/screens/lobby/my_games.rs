//! "My games": this player's correspondence games in play, those where it is their turn first
//! (on a tinted ground), each with the opponent, the game, whose turn and the time left, and a
//! button that opens it; then their seeks and invitations still waiting for an opponent
//! ([`super::waiting`]); under them, the notifications of their turns (turn them on, off, or
//! mute them all), where the server sends them.

use crate::app::{Action, App, PushState};
use crate::draw::paint::{self, Align};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;

use super::entry::{entry, row_h};
use super::waiting;
use crate::app::{LobbyAction, PushAction};

/// The size of the line of how many more games there are, in text units.
const MORE_SIZE: f32 = 0.8;

/// Draws the section from `y` in `inner`'s width, every game the server listed, the seeks
/// waiting and the notifications' row under them; returns the y below.
pub(super) fn section(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    ui.heading(&ui.t("my-games"), inner.x, y);
    let mut y = y + ui.unit * 1.4;
    let games = app.my_games();
    let waiting = !app.waiting().is_empty();
    if games.is_empty() && !waiting {
        y = ui.paragraph(&ui.t("my-games-none"), inner.x, y, inner.w, theme::TEXT_DIM);
    }
    for g in games {
        let details: Vec<String> = g.details(app.now_ms()).iter().map(|p| ui.say(p)).collect();
        let main = ui.say(&g.opponent);
        let (label, look) = if g.your_turn {
            (ui.t("lists-play"), Look::Primary)
        } else {
            (ui.t("my-games-open"), Look::Plain)
        };
        let button = (label.as_str(), look);
        let (pressed, h) = entry(
            ui,
            inner,
            y,
            (&main, &details.join(" · ")),
            button,
            g.your_turn,
        );
        if pressed {
            actions.push(Action::Lobby(LobbyAction::OpenMyGame(g.id)));
        }
        y += h + 10.0;
    }
    // The games the server left out of its list (it lists the most pressing first).
    let hidden = app.my_games_more();
    if hidden > 0 {
        let more = ui.say(&crate::say!("my-games-more", count = hidden));
        let (size, lines) = ui.fitted(&more, false, MORE_SIZE * ui.unit, inner.w);
        for line in lines {
            let at = y + size * 0.65;
            paint::text(
                &line,
                inner.x,
                at,
                size,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            y += size * 1.3;
        }
        y += ui.unit * 0.2;
    }
    if waiting {
        let top = if games.is_empty() {
            y
        } else {
            y + ui.unit * 0.3
        };
        y = waiting::draw(app, ui, inner, top, actions);
    }
    if offer(app).is_some() {
        y = notifications(app, ui, inner, y + ui.unit * 0.2, actions);
    }
    y
}

/// What the notifications' part offers on this device: a button to turn them on, a word on
/// why they cannot be, or buttons to turn them off and to mute every game; none where the
/// server sends none.
fn offer(app: &App) -> Option<Offer> {
    let push = app.push();
    if !push.mutable() {
        return None;
    }
    Some(match (&push.state, push.offered()) {
        (PushState::Off, true) => Offer::TurnOn,
        (PushState::Asking, true) => Offer::Asking,
        (PushState::Blocked, true) => Offer::Blocked,
        (PushState::On, true) => Offer::On,
        // This device cannot be told, but the player's others may: their games can be muted.
        _ if !app.my_games().is_empty() => Offer::MuteOnly,
        _ => return None,
    })
}

/// The notifications' part, by what it offers.
enum Offer {
    TurnOn,
    Asking,
    Blocked,
    On,
    MuteOnly,
}

/// Draws the notifications' part from `y`; returns the y below.
fn notifications(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let Some(offer) = offer(app) else {
        return y;
    };
    let row = Area {
        y,
        h: row_h(ui),
        ..inner
    };
    let mute = || {
        if app.push().muted_all {
            (
                ui.t("push-unmute-all"),
                Action::Push(PushAction::MuteAll(false)),
            )
        } else {
            (
                ui.t("push-mute-all"),
                Action::Push(PushAction::MuteAll(true)),
            )
        }
    };
    match offer {
        Offer::TurnOn => {
            if ui.button(row, &ui.t("push-turn-on"), Look::Plain) {
                actions.push(Action::Push(PushAction::TurnOnPush));
            }
        }
        Offer::Asking => {
            ui.button(row, &ui.t("push-asking"), Look::Disabled);
        }
        Offer::Blocked => {
            return ui.paragraph(
                &ui.t("push-blocked"),
                inner.x,
                y + ui.unit * 0.5,
                inner.w,
                theme::TEXT_DIM,
            );
        }
        Offer::On => {
            let cols = columns(row, 2, 6.0);
            if ui.button(cols[0], &ui.t("push-turn-off"), Look::Plain) {
                actions.push(Action::Push(PushAction::TurnOffPush));
            }
            let (label, action) = mute();
            if ui.button(cols[1], &label, Look::Plain) {
                actions.push(action);
            }
        }
        Offer::MuteOnly => {
            let (label, action) = mute();
            if ui.button(row, &label, Look::Plain) {
                actions.push(action);
            }
        }
    }
    row.y + row.h + ui.unit * 0.6
}
