//! The lobby's right panel: this player's games in play ("My games", [`my_games`]), the
//! server's open seeks (to accept or cancel), the live games (to watch or resume), and this
//! player's finished games (to replay).

use super::entry::entry;
use super::my_games;
use crate::app::{Action, App, FinishedEntry, LiveEntry, SeekEntry};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::play::seat_label;
use crate::say;
use crate::terms;

/// Draws the panel in `a`: "My games" when `mine` (a phone shows the player's games in play
/// in a panel of their own above the choices), the seeks, the live games and this player's
/// finished games, one after the other, each list stopping at its share of the panel
/// (`pinned`); or, on a phone, each list whole. Returns the y below the content.
pub(super) fn draw(
    app: &App,
    ui: &Ui,
    a: Area,
    (pinned, mine): (bool, bool),
    actions: &mut Vec<Action>,
) -> f32 {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let inner = Area {
        x: a.x + pad,
        y: a.y,
        w: a.w - 2.0 * pad,
        h: a.h,
    };
    // Where the lists end when pinned: the room over the button for other devices, shared out
    // as they go (what a short list leaves goes to the lists after it).
    let device_top = a.y + a.h - pad - ui.small_row_h(0.85);
    let share = |from: f32, parts: f32| {
        if pinned {
            from + (device_top - from) / parts
        } else {
            f32::MAX
        }
    };
    let mut y = a.y + pad + ui.unit * 0.6;
    if mine {
        // The player's own games first, with the larger share when there are any.
        let none = app.my_games().is_empty() && app.waiting().is_empty();
        let parts = if none { 4.0 } else { 2.2 };
        y = my_games::section(app, ui, inner, y, share(y, parts), actions) + ui.unit;
    }
    ui.heading(&ui.t("lists-seeks"), inner.x, y);
    y += ui.unit * 1.4;
    if !app.connection().online() {
        return ui.paragraph(
            &ui.t("lists-not-connected"),
            inner.x,
            y,
            inner.w,
            theme::TEXT_DIM,
        ) + pad;
    }
    let y = seeks(app.seeks(), ui, inner, y, share(y, 3.0), actions) + ui.unit;
    let y = live_games(app.live(), ui, inner, y, share(y, 2.0), actions) + ui.unit;
    if !pinned {
        let y = finished_games(app.finished(), ui, inner, y, f32::MAX, actions);
        let y = other_device(ui, inner, y + ui.unit * 0.5, actions);
        return y + pad;
    }
    finished_games(app.finished(), ui, inner, y, device_top - 8.0, actions);
    other_device(ui, inner, device_top, actions);
    a.y + a.h
}

/// The button that opens the card for playing on another device as this player; returns
/// the y below it.
fn other_device(ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let b = Area {
        y,
        h: ui.small_row_h(0.85),
        ..inner
    };
    if ui.button(b, &ui.t("devices-title"), Look::Plain) {
        actions.push(Action::OpenDevices);
    }
    b.y + b.h
}

/// The open seeks from `y` (under their heading), none ending below `last`: accept another's,
/// cancel one's own.
fn seeks(
    seeks: &[SeekEntry],
    ui: &Ui,
    inner: Area,
    mut y: f32,
    last: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    if seeks.is_empty() {
        y = ui.paragraph(
            &ui.t("lists-no-seeks"),
            inner.x,
            y,
            inner.w,
            theme::TEXT_DIM,
        );
    }
    for s in seeks {
        let mut details = vec![ui.game(s.kind)];
        details.push(match &s.pace {
            Some(pace) => ui.say(pace),
            None => ui.t("lists-no-clock"),
        });
        details.push(ui.t(if s.rated {
            "lists-rated"
        } else {
            "lists-casual"
        }));
        details.extend(
            s.rules
                .iter()
                .map(|(k, v)| ui.say(&crate::rulebook::describe(s.kind, k, v))),
        );
        let who = if s.mine {
            ui.say(&say!("lists-your-seek", who = s.who.clone()))
        } else {
            ui.say(&s.who)
        };
        let (label, look, action) = if s.mine {
            (ui.t("lists-cancel"), Look::Plain, Action::CancelSeek(s.id))
        } else {
            (ui.t("lists-play"), Look::Primary, Action::AcceptSeek(s.id))
        };
        let button = (label.as_str(), look);
        let Some((pressed, h)) = entry(
            ui,
            inner,
            (y, last),
            (&who, &details.join(" · ")),
            button,
            false,
        ) else {
            break;
        };
        if pressed {
            actions.push(action);
        }
        y += h + 10.0;
    }
    y
}

/// "Live games" from `y`, none ending below `last`: watch one, or resume one's own.
fn live_games(
    games: &[LiveEntry],
    ui: &Ui,
    inner: Area,
    mut y: f32,
    last: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    ui.heading(&ui.t("lists-live"), inner.x, y);
    y += ui.unit * 1.4;
    if games.is_empty() {
        y = ui.paragraph(&ui.t("lists-no-live"), inner.x, y, inner.w, theme::TEXT_DIM);
    }
    for g in games {
        let who = ui.say(&say!(
            "lists-versus",
            first = seat_label(&g.players[0], g.ratings[0]),
            second = seat_label(&g.players[1], g.ratings[1])
        ));
        let mut info = vec![if g.exhibition {
            ui.say(&say!("lists-exhibition", game = terms::game_name(g.kind)))
        } else {
            ui.game(g.kind)
        }];
        info.push(ui.say(&say!("lists-at-move", count = g.moves)));
        if g.watchers > 0 {
            info.push(ui.say(&say!("watching-count", count = g.watchers)));
        }
        let (label, look) = if g.mine {
            (ui.t("lists-resume"), Look::Primary)
        } else {
            (ui.t("lists-watch"), Look::Plain)
        };
        let button = (label.as_str(), look);
        let Some((pressed, h)) = entry(
            ui,
            inner,
            (y, last),
            (&who, &info.join(" · ")),
            button,
            false,
        ) else {
            break;
        };
        if pressed {
            actions.push(Action::Watch(g.id));
        }
        y += h + 10.0;
    }
    y
}

/// "Your finished games" from `y`, none ending below `last`, to replay.
fn finished_games(
    games: &[FinishedEntry],
    ui: &Ui,
    inner: Area,
    mut y: f32,
    last: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    ui.heading(&ui.t("lists-finished"), inner.x, y);
    y += ui.unit * 1.4;
    if games.is_empty() {
        y = ui.paragraph(
            &ui.t("lists-no-finished"),
            inner.x,
            y,
            inner.w,
            theme::TEXT_DIM,
        );
    }
    for g in games {
        let who = ui.say(&say!(
            "lists-versus",
            first = g.players[0].clone(),
            second = g.players[1].clone()
        ));
        let info = [
            ui.game(g.kind),
            ui.say(&g.result),
            ui.say(&say!("lists-moves", count = g.moves)),
        ]
        .join(" · ");
        let replay = ui.t("replay");
        let Some((pressed, h)) = entry(
            ui,
            inner,
            (y, last),
            (&who, &info),
            (&replay, Look::Plain),
            false,
        ) else {
            break;
        };
        if pressed {
            actions.push(Action::ReplayGame(g.id));
        }
        y += h + 10.0;
    }
    y
}
