//! The lobby's right panel: the server's open seeks (to accept or cancel), the live games (to
//! watch or resume), and this player's finished games (to replay).

use crate::app::{Action, App, FinishedEntry, LiveEntry, SeekEntry};
use crate::draw::paint::{self, Align};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::play::seat_label;
use crate::say;
use crate::terms;

/// A list entry's text: the main line (names) and the details under it, each wrapped to `w`
/// (never cut), with their sizes.
struct EntryText {
    main: (f32, Vec<String>),
    details: (f32, Vec<String>),
}

impl EntryText {
    fn new(ui: &Ui, w: f32, main: &str, details: &str) -> EntryText {
        EntryText {
            main: ui.fitted(main, true, ui.unit * 0.9, w),
            details: ui.fitted(details, false, ui.unit * 0.72, w),
        }
    }

    /// The height the text takes.
    fn height(&self) -> f32 {
        let (ms, ml) = &self.main;
        let (ds, dl) = &self.details;
        ml.len() as f32 * ms * 1.25 + dl.len() as f32 * ds * 1.3
    }

    /// Draws it from `(x, y)`.
    fn draw(&self, ui: &Ui, x: f32, y: f32) {
        let mut y = y;
        let (size, lines) = &self.main;
        for line in lines {
            ui.strong(line, x, y + size * 0.62, *size, theme::TEXT, Align::Left);
            y += size * 1.25;
        }
        let (size, lines) = &self.details;
        for line in lines {
            paint::text(
                line,
                x,
                y + size * 0.65,
                *size,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            y += size * 1.3;
        }
    }
}

/// Draws the panel in `a`: the seeks in its top third, the live games in the next, this
/// player's finished games below, each list stopping where the next begins (`pinned`); or, on
/// a phone, each list whole under the one before. Returns the y below the content.
pub(super) fn draw(app: &App, ui: &Ui, a: Area, pinned: bool, actions: &mut Vec<Action>) -> f32 {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let inner = Area {
        x: a.x + pad,
        y: a.y,
        w: a.w - 2.0 * pad,
        h: a.h,
    };
    let mut y = a.y + pad + ui.unit * 0.6;
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
    if !pinned {
        let y = seeks(app.seeks(), ui, inner, y, f32::MAX, actions);
        let y = live_games(app.live(), ui, inner, y + ui.unit, f32::MAX, actions);
        let y = finished_games(app.finished(), ui, inner, y + ui.unit, f32::MAX, actions);
        let y = other_device(ui, inner, y + ui.unit * 0.5, actions);
        return y + pad;
    }
    let half = a.y + a.h * 0.36;
    seeks(app.seeks(), ui, inner, y, half, actions);
    let finished_top = a.y + a.h * 0.66;
    let y = half + ui.unit;
    live_games(app.live(), ui, inner, y, finished_top - pad, actions);
    let y = finished_top + ui.unit;
    let device_top = a.y + a.h - pad - ui.small_row_h(0.85);
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

/// The height of an entry.
fn row_h(ui: &Ui) -> f32 {
    ui.small_row_h(0.85)
}

/// An entry at `y`: its text (the names, then the details, as many lines as they take) and a
/// button on the right, when it ends above `bottom`. Returns whether the button was clicked,
/// and the entry's height; none when it would not end above `bottom` (nothing is drawn).
fn entry(
    ui: &Ui,
    inner: Area,
    (y, bottom): (f32, f32),
    main: &str,
    details: &str,
    button: (&str, Look),
) -> Option<(bool, f32)> {
    let rh = row_h(ui);
    let text_w = inner.w * 0.7;
    let text = EntryText::new(ui, text_w, main, details);
    let h = text.height().max(rh);
    if y + h > bottom {
        return None;
    }
    text.draw(ui, inner.x, y + (h - text.height()) / 2.0);
    let b = Area {
        x: inner.x + inner.w * 0.74,
        y: y + (h - rh) / 2.0,
        w: inner.w * 0.26,
        h: rh,
    };
    Some((ui.button(b, button.0, button.1), h))
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
        details.push(match &s.clock {
            Some(clock) => ui.say(clock),
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
        let Some((pressed, h)) = entry(ui, inner, (y, last), &who, &details.join(" · "), button)
        else {
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
        let Some((pressed, h)) = entry(ui, inner, (y, last), &who, &info.join(" · "), button)
        else {
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
        let Some((pressed, h)) = entry(ui, inner, (y, last), &who, &info, (&replay, Look::Plain))
        else {
            break;
        };
        if pressed {
            actions.push(Action::ReplayGame(g.id));
        }
        y += h + 10.0;
    }
    y
}
