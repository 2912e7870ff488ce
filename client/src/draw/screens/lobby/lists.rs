//! The lobby's right panel: the server's open seeks (to accept or cancel), the live games (to
//! watch or resume), and this player's finished games (to replay).

use crate::app::{Action, App};
use crate::draw::paint::{self, Align};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::play::seat_label;

/// A list entry: a main line and a smaller line of details under it.
fn two_lines(ui: &Ui, x: f32, y: f32, rh: f32, w: f32, main: &str, details: &str) {
    let main = paint::fit(main, &ui.fonts.bold, ui.unit * 0.9, w);
    paint::text(
        &main,
        x,
        y + rh * 0.28,
        ui.unit * 0.9,
        &ui.fonts.bold,
        theme::TEXT,
        Align::Left,
    );
    let details = paint::fit(details, &ui.fonts.regular, ui.unit * 0.72, w);
    paint::text(
        &details,
        x,
        y + rh * 0.85,
        ui.unit * 0.72,
        &ui.fonts.regular,
        theme::TEXT_DIM,
        Align::Left,
    );
}

pub(super) fn lobby_online(app: &App, ui: &Ui, a: Area, actions: &mut Vec<Action>) {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let x = a.x + pad;
    let inner_w = a.w - 2.0 * pad;
    let rh = ui.row_h() * 0.85;
    let mut y = a.y + pad + ui.unit * 0.6;
    ui.heading("Open seeks", x, y);
    y += ui.unit * 1.4;
    if !app.connection().online() {
        ui.paragraph(
            "Not connected to a server. Open seeks and live games to watch show up here once \
             the connection is made.",
            x,
            y,
            inner_w,
            theme::TEXT_DIM,
        );
        return;
    }
    if app.seeks().is_empty() {
        y = ui.paragraph(
            "Nobody is waiting for a game right now.",
            x,
            y,
            inner_w,
            theme::TEXT_DIM,
        );
    }
    let half = a.y + a.h * 0.36;
    for s in app.seeks() {
        if y > half - rh {
            break;
        }
        let mut details = vec![s.kind.title().to_owned()];
        details.push(s.clock.clone().unwrap_or_else(|| "no clock".to_owned()));
        details.push(if s.rated { "rated" } else { "casual" }.to_owned());
        details.extend(s.rules.iter().map(|(k, v)| format!("{k}={v}")));
        let who = if s.mine {
            format!("{} (your seek)", s.who)
        } else {
            s.who.clone()
        };
        two_lines(ui, x, y, rh, inner_w * 0.7, &who, &details.join(" · "));
        let b = Area {
            x: x + inner_w * 0.74,
            y,
            w: inner_w * 0.26,
            h: rh,
        };
        if s.mine {
            if ui.button(b, "Cancel", Look::Plain) {
                actions.push(Action::CancelSeek(s.id));
            }
        } else if ui.button(b, "Play", Look::Primary) {
            actions.push(Action::AcceptSeek(s.id));
        }
        y += rh + 10.0;
    }
    let mut y = half + ui.unit;
    ui.heading("Live games", x, y);
    y += ui.unit * 1.4;
    if app.live().is_empty() {
        ui.paragraph("No games are being played.", x, y, inner_w, theme::TEXT_DIM);
    }
    let finished_top = a.y + a.h * 0.68;
    for g in app.live() {
        if y > finished_top - rh - pad {
            break;
        }
        let who = format!(
            "{} vs {}",
            seat_label(&g.players[0], g.ratings[0]),
            seat_label(&g.players[1], g.ratings[1])
        );
        let mut info = format!(
            "{}{} · move {}",
            g.kind.title(),
            if g.exhibition { " (AI vs AI)" } else { "" },
            g.moves,
        );
        if g.watchers > 0 {
            info.push_str(&format!(" · {} watching", g.watchers));
        }
        two_lines(ui, x, y, rh, inner_w * 0.7, &who, &info);
        let b = Area {
            x: x + inner_w * 0.74,
            y,
            w: inner_w * 0.26,
            h: rh,
        };
        let (label, look) = if g.mine {
            ("Resume", Look::Primary)
        } else {
            ("Watch", Look::Plain)
        };
        if ui.button(b, label, look) {
            actions.push(Action::Watch(g.id));
        }
        y += rh + 10.0;
    }
    let mut y = finished_top + ui.unit;
    ui.heading("Your finished games", x, y);
    y += ui.unit * 1.4;
    if app.finished().is_empty() {
        ui.paragraph(
            "Games you finish on the server can be replayed from here.",
            x,
            y,
            inner_w,
            theme::TEXT_DIM,
        );
    }
    for g in app.finished() {
        if y > a.y + a.h - rh - pad {
            break;
        }
        let who = format!("{} vs {}", g.players[0], g.players[1]);
        let info = format!("{} · {} · {} moves", g.kind.title(), g.result, g.moves);
        two_lines(ui, x, y, rh, inner_w * 0.7, &who, &info);
        let b = Area {
            x: x + inner_w * 0.74,
            y,
            w: inner_w * 0.26,
            h: rh,
        };
        if ui.button(b, "Replay", Look::Plain) {
            actions.push(Action::ReplayGame(g.id));
        }
        y += rh + 10.0;
    }
}
