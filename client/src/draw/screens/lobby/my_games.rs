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

use super::entry::{entry, entry_h, row_h};
use super::waiting;

/// The size of the line of how many more games there are, in text units.
const MORE_SIZE: f32 = 0.8;

/// Draws the section from `y` in `inner`'s width, its entries ending above `last` (the seeks
/// waiting and the notifications' row kept under the games); returns the y below.
pub(super) fn section(
    app: &App,
    ui: &Ui,
    inner: Area,
    y: f32,
    last: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    ui.heading(&ui.t("my-games"), inner.x, y);
    let mut y = y + ui.unit * 1.4;
    let games = app.my_games();
    let waiting_h = waiting::height(app, ui, inner);
    if games.is_empty() && waiting_h == 0.0 {
        y = ui.paragraph(&ui.t("my-games-none"), inner.x, y, inner.w, theme::TEXT_DIM);
    }
    let entries: Vec<(String, String)> = games
        .iter()
        .map(|g| {
            let details: Vec<String> = g.details(app.now_ms()).iter().map(|p| ui.say(p)).collect();
            (ui.say(&g.opponent), details.join(" · "))
        })
        .collect();
    // As many entries as fit above the notifications' part, and a line saying how many more
    // there are when that is not all (or the server listed not all).
    let notifications_h = notifications_h(app, ui, inner.w);
    let heights: Vec<f32> = entries
        .iter()
        .map(|(main, details)| entry_h(ui, inner, (main, details)) + 10.0)
        .collect();
    let fitting = |room: f32| {
        heights
            .iter()
            .scan(0.0, |used, h| {
                *used += h;
                Some(*used)
            })
            .take_while(|used| *used <= room)
            .count()
    };
    let room = last - notifications_h - waiting_h - y;
    // Room for the line of how many more: two lines at most.
    let line_h = 2.0 * MORE_SIZE * ui.unit * 1.3 + ui.unit * 0.2;
    let all = fitting(room) == entries.len() && app.my_games_more() == 0;
    let shown = if all {
        entries.len()
    } else {
        fitting(room - line_h)
    };
    for (g, (main, details)) in games.iter().zip(&entries).take(shown) {
        let (label, look) = if g.your_turn {
            (ui.t("lists-play"), Look::Primary)
        } else {
            (ui.t("my-games-open"), Look::Plain)
        };
        let button = (label.as_str(), look);
        let Some((pressed, h)) = entry(
            ui,
            inner,
            (y, f32::MAX),
            (main, details),
            button,
            g.your_turn,
        ) else {
            break;
        };
        if pressed {
            actions.push(Action::OpenMyGame(g.id));
        }
        y += h + 10.0;
    }
    let hidden = (entries.len() - shown) as u64 + u64::from(app.my_games_more());
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
    if waiting_h > 0.0 {
        let top = if games.is_empty() {
            y
        } else {
            y + ui.unit * 0.3
        };
        y = waiting::draw(app, ui, inner, top, last - notifications_h, actions);
    }
    if notifications_h > 0.0 {
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

/// The height of the notifications' part in `w` (0 when there is none).
fn notifications_h(app: &App, ui: &Ui, w: f32) -> f32 {
    match offer(app) {
        None => 0.0,
        Some(Offer::Blocked) => {
            let lines = crate::draw::paint::wrap(
                &ui.t("push-blocked"),
                &ui.fonts.regular,
                ui.unit * 0.95,
                w,
            );
            lines.len() as f32 * ui.unit * 0.95 * 1.45 + ui.unit * 0.4
        }
        Some(_) => row_h(ui) + ui.unit * 0.6,
    }
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
            (ui.t("push-unmute-all"), Action::MuteAll(false))
        } else {
            (ui.t("push-mute-all"), Action::MuteAll(true))
        }
    };
    match offer {
        Offer::TurnOn => {
            if ui.button(row, &ui.t("push-turn-on"), Look::Plain) {
                actions.push(Action::TurnOnPush);
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
                actions.push(Action::TurnOffPush);
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
