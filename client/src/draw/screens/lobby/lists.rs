//! The lobby's right panel: this player's games in play ("My games", [`my_games`]), the
//! server's open seeks (to accept or cancel), the live games (to watch or resume), and this
//! player's finished games (to replay), every entry of each; in a wide window, when they are
//! taller than the panel, they scroll in it (by themselves, apart from the screen) above the
//! button for other devices, a slim bar at the panel's edge saying where they stand.

use super::choices::Foot;
use super::entry::entry;
use super::my_games;
use crate::app::{Action, App, FinishedEntry, LiveEntry, SeekEntry};
use crate::app::{LinkAction, LobbyAction};
use crate::draw::paint::{self, rounded_ends};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Scroller, Ui};
use crate::geometry::Area;
use crate::play::seat_label;
use crate::say;
use crate::terms;

/// The panel's corner radius (as [`Ui::panel`] draws it), and the band at its top that
/// the lists scroll under in a wide window.
const CORNER: f32 = 12.0;

/// The room between the lists and the button for other devices pinned under them.
const FOOT_GAP: f32 = 8.0;

/// Draws the panel in `a`: "My games" when `mine` (a phone shows the player's games in play
/// in a panel of their own above the choices), the seeks, the live games and this player's
/// finished games, each whole, one after the other; then the button for other devices, right
/// under them (`Foot::Under`, a phone's screen, which scrolls as a whole), or pinned at the
/// foot of the panel with the lists above it scrolled up by `offset` when they do not all fit
/// (a wide window: the lists' column scrolls apart from the screen, [`Scroller::Lists`]).
/// Returns the height the panel's content needs with the button right under it, whatever
/// `a` gave it.
pub(super) fn draw(
    app: &App,
    ui: &Ui,
    a: Area,
    foot: Foot,
    mine: bool,
    actions: &mut Vec<Action>,
) -> f32 {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let online = app.connection().online();
    let device_h = ui.small_row_h(0.85);
    // The foot under the lists: the button for other devices (none offline).
    let foot_h = if online {
        FOOT_GAP + device_h + pad
    } else {
        pad
    };
    let (offset, view) = match foot {
        Foot::Under => (0.0, a),
        Foot::Pinned { offset } => (offset, view_of(a, foot_h)),
    };
    // The lists scrolled out of their part of the panel are neither seen nor pressed there.
    let kept_out = super::mouse_kept_to(ui, |m| foot == Foot::Under || view.contains(m));
    let scrolled = ui.with_input(&kept_out, true);
    let scrolled = if foot == Foot::Under {
        scrolled
    } else {
        scrolled.within_scrolled(view, Scroller::Lists)
    };
    let top = a.y - offset;
    let inner = Area {
        x: a.x + pad,
        y: top,
        w: a.w - 2.0 * pad,
        h: a.h,
    };
    let end = lists(
        app,
        &scrolled,
        inner,
        top + pad + ui.unit * 0.6,
        mine,
        actions,
    );
    let (device_at, needs) = match foot {
        Foot::Under => {
            let at = end + ui.unit * 0.5;
            let below = if online { at + device_h } else { end };
            (at, below + pad - top)
        }
        Foot::Pinned { .. } => {
            let needs = end + foot_h - top;
            let c = column(a, foot_h, offset, needs);
            if c.cut_above || c.cut_below {
                // The lists go on under the panel's top or its foot: cover them there, as a
                // card covers what is under it, with a line where they are cut.
                ui.fonts.typesetter().overlay();
                let line = |y: f32| {
                    let at = Area {
                        x: a.x + 1.5,
                        y,
                        w: a.w - 3.0,
                        h: 1.0,
                    };
                    paint::fill(at, theme::PANEL_EDGE);
                };
                if c.cut_above {
                    band(a, a.y, c.view.y);
                    line(c.view.y - 1.0);
                }
                if c.cut_below {
                    let foot_y = c.view.y + c.view.h;
                    // Down past the panel, over the window's margin under it.
                    band(a, foot_y, a.y + a.h + ui.unit * 2.0);
                    line(foot_y);
                }
            }
            if let Some(bar) = c.thumb {
                paint::rounded(bar, bar.w / 2.0, alpha(theme::TEXT_DIM, 0.5));
            }
            (c.view.y + c.view.h + FOOT_GAP, needs)
        }
    };
    if online {
        let inner = Area {
            x: a.x + pad,
            w: a.w - 2.0 * pad,
            ..a
        };
        other_device(ui, inner, device_at, actions);
    }
    needs
}

/// The lists, from `y` in `inner`'s width: "My games" when `mine`, then the seeks, the live
/// games and this player's finished games (or, offline, a word that they need the server).
/// Returns the y below them.
fn lists(app: &App, ui: &Ui, inner: Area, y: f32, mine: bool, actions: &mut Vec<Action>) -> f32 {
    let mut y = y;
    if mine {
        y = my_games::section(app, ui, inner, y, actions) + ui.unit;
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
        );
    }
    let y = seeks(app.seeks(), ui, inner, y, actions) + ui.unit;
    let y = live_games(app.live(), ui, inner, y, actions) + ui.unit;
    finished_games(app.finished(), ui, inner, y, actions)
}

/// Covers the band of the panel `a` from `from` to `to` down (the lists scrolled there) with
/// the panel as it is drawn there: its ground, its edge down the sides, and its rounded
/// corners where the band takes in its top or its foot; past them, the window's ground.
fn band(a: Area, from: f32, to: f32) {
    paint::fill(
        Area {
            y: from,
            h: to - from,
            ..a
        },
        theme::BACKGROUND,
    );
    let (top, bottom) = (from.max(a.y), to.min(a.y + a.h));
    if bottom <= top {
        return;
    }
    let ends = (from <= a.y, to >= a.y + a.h);
    let part = Area {
        y: top,
        h: bottom - top,
        ..a
    };
    rounded_ends(part, CORNER, ends, theme::PANEL_EDGE);
    let edge = 1.5;
    let inside = Area {
        x: part.x + edge,
        y: part.y + if ends.0 { edge } else { 0.0 },
        w: part.w - 2.0 * edge,
        h: part.h - if ends.0 { edge } else { 0.0 } - if ends.1 { edge } else { 0.0 },
    };
    rounded_ends(inside, CORNER - edge, ends, theme::PANEL);
}

/// The part of a wide window's panel `a` the lists show in: all of it but the band at its
/// top and the foot (`foot_h`) kept for the button for other devices.
fn view_of(a: Area, foot_h: f32) -> Area {
    Area {
        y: a.y + CORNER,
        h: (a.h - CORNER - foot_h).max(0.0),
        ..a
    }
}

/// How the lists show in a wide window's panel: [`column()`].
#[derive(Clone, Copy, Debug, PartialEq)]
struct Column {
    /// The part of the panel they show in.
    view: Area,
    /// Whether some are scrolled up out of it, under the panel's top.
    cut_above: bool,
    /// Whether some go on below it, under the foot.
    cut_below: bool,
    /// When they do not all show: a slim bar at the panel's right edge, along the view,
    /// showing where the part in view stands among them all.
    thumb: Option<Area>,
}

/// How the lists show in a wide window's panel `a` (`foot_h` of it kept at its foot), when
/// they and the foot need `needs` pixels and are scrolled `offset` down (within what there is
/// to scroll, [`crate::layout::clamp_scroll`]).
fn column(a: Area, foot_h: f32, offset: f32, needs: f32) -> Column {
    let view = view_of(a, foot_h);
    let scrollable = needs - a.h;
    let cut_above = offset > 0.0;
    // (Less than half a pixel left is none: the offset is in whole pixels.)
    let cut_below = offset < scrollable - 0.5;
    let thumb = (cut_above || cut_below).then(|| {
        let h = (view.h * a.h / needs).clamp(24.0_f32.min(view.h), view.h);
        let y = view.y + (view.h - h) * (offset / scrollable.max(1.0)).clamp(0.0, 1.0);
        Area {
            x: a.x + a.w - 7.0,
            y,
            w: 4.0,
            h,
        }
    });
    Column {
        view,
        cut_above,
        cut_below,
        thumb,
    }
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
        actions.push(Action::Link(LinkAction::OpenDevices));
    }
    b.y + b.h
}

/// The open seeks from `y` (under their heading): accept another's, cancel one's own.
fn seeks(seeks: &[SeekEntry], ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
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
            (
                ui.t("lists-cancel"),
                Look::Plain,
                Action::Lobby(LobbyAction::CancelSeek(s.id)),
            )
        } else {
            (
                ui.t("lists-play"),
                Look::Primary,
                Action::Lobby(LobbyAction::AcceptSeek(s.id)),
            )
        };
        let button = (label.as_str(), look);
        let (pressed, h) = entry(ui, inner, y, (&who, &details.join(" · ")), button, false);
        if pressed {
            actions.push(action);
        }
        y += h + 10.0;
    }
    y
}

/// "Live games" from `y`: watch one, or resume one's own.
fn live_games(
    games: &[LiveEntry],
    ui: &Ui,
    inner: Area,
    mut y: f32,
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
        let (pressed, h) = entry(ui, inner, y, (&who, &info.join(" · ")), button, false);
        if pressed {
            actions.push(Action::Lobby(LobbyAction::Watch(g.id)));
        }
        y += h + 10.0;
    }
    y
}

/// "Your finished games" from `y`, to replay.
fn finished_games(
    games: &[FinishedEntry],
    ui: &Ui,
    inner: Area,
    mut y: f32,
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
        let (pressed, h) = entry(ui, inner, y, (&who, &info), (&replay, Look::Plain), false);
        if pressed {
            actions.push(Action::Lobby(LobbyAction::ReplayGame(g.id)));
        }
        y += h + 10.0;
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout;

    /// A laptop's lists' panel, its foot 60 pixels high.
    const PANEL: Area = Area {
        x: 900.0,
        y: 60.0,
        w: 340.0,
        h: 724.0,
    };
    const FOOT: f32 = 60.0;

    #[test]
    fn lists_that_fit_show_whole_and_do_not_scroll() {
        let c = column(PANEL, FOOT, 0.0, PANEL.h - 10.0);
        assert!(!c.cut_above && !c.cut_below);
        assert_eq!(c.thumb, None);
        assert_eq!(c.view.y, PANEL.y + CORNER);
        assert_eq!(c.view.y + c.view.h, PANEL.y + PANEL.h - FOOT);
    }

    #[test]
    fn longer_lists_scroll_in_their_panel_to_the_last_entry_with_a_bar_saying_where() {
        let needs = PANEL.h * 3.0;
        // From the top: cut below, the bar at the top of the view, a third of it.
        let start = column(PANEL, FOOT, 0.0, needs);
        assert!(!start.cut_above && start.cut_below);
        let bar = start.thumb.expect("a bar");
        assert_eq!(bar.y, start.view.y);
        assert!((bar.h - start.view.h / 3.0).abs() < 0.01);
        assert!(bar.x > PANEL.x + PANEL.w - 10.0 && bar.x + bar.w < PANEL.x + PANEL.w);
        // Half way: cut both ways, the bar in the middle.
        let most = layout::clamp_scroll(f32::MAX, needs, PANEL.h);
        let half = column(PANEL, FOOT, most / 2.0, needs);
        assert!(half.cut_above && half.cut_below);
        let bar = half.thumb.expect("a bar");
        let middle = half.view.y + half.view.h / 2.0;
        assert!((bar.y + bar.h / 2.0 - middle).abs() < 0.01);
        // As far as it goes: the lists' end (the foot's top, less the foot) just above the
        // foot, nothing cut below, the bar at the bottom.
        let end = column(PANEL, FOOT, most, needs);
        assert!(end.cut_above && !end.cut_below);
        let lists_end = PANEL.y - most + needs - FOOT;
        assert!((lists_end - (end.view.y + end.view.h)).abs() < 0.01);
        let bar = end.thumb.expect("a bar");
        assert!((bar.y + bar.h - (end.view.y + end.view.h)).abs() < 0.01);
    }

    #[test]
    fn the_bar_stays_long_enough_to_see_however_long_the_lists() {
        let c = column(PANEL, FOOT, 0.0, PANEL.h * 1000.0);
        assert_eq!(c.thumb.map(|b| b.h), Some(24.0));
    }
}
