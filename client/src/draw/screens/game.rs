//! The game screen: the board with its marks (selection, targets, last move, hint, the piece
//! gliding or the seeds being sown), clicks on it, and the side panel with the players, their
//! clocks, the status, the counters and the buttons of play.

use chaupal_shared::Side;
use macroquad::prelude::*;

use super::common::{hint_block, move_list, side_colour, split};
use super::game_over;
use crate::app::{Action, App, Screen};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::{self, Align, disc, rounded};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::{self, Area, Frame};
use crate::play::{Match, capitalise, player_label};
use crate::selection::move_path;

/// The marks of play for the game on the screen.
pub fn match_marks(m: &Match, hover: Option<String>) -> Marks {
    let kind = m.kind();
    let mover = m.game.side_to_move();
    Marks {
        selected: m.selection.path().to_vec(),
        targets: if m.can_enter_move() {
            m.selection.targets(&m.choices)
        } else {
            Vec::new()
        },
        last: if m.sowing.is_some() {
            Vec::new()
        } else {
            m.last_move().map(|(_, cells)| cells).unwrap_or_default()
        },
        last_captured: if m.sowing.is_some() {
            Vec::new()
        } else {
            m.last_captures()
        },
        jumped: m.selection.jumped(),
        hint: m
            .hint
            .as_ref()
            .map(|h| move_path(kind, mover, &h.text))
            .unwrap_or_default(),
        hover,
        sown: m
            .sowing
            .as_ref()
            .and_then(|s| s.current())
            .and_then(|f| f.landed),
        moving: m.slide.as_ref().and_then(|s| {
            let (hop, t) = s.progress()?;
            let view = m.view();
            let a = geometry::cell_unit(kind, &view, s.path.get(hop)?)?;
            let b = geometry::cell_unit(kind, &view, s.path.get(hop + 1)?)?;
            // Ease out: quick start, soft landing.
            let e = 1.0 - (1.0 - t) * (1.0 - t);
            let now = geometry::Unit {
                x: a.x + (b.x - a.x) * e,
                y: a.y + (b.y - a.y) * e,
            };
            Some((s.path.last()?.clone(), now))
        }),
    }
}

/// Draws the game `m` in `body`: the board (clicks enter moves while it is in play), the side
/// panel, and the result card once it is over.
pub(super) fn draw(app: &App, m: &Match, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let (board_area, panel) = split(body, ui.unit);
    let view = m.view();
    let frame = Frame::fit(geometry::extent(&view), board_area, m.flipped);
    let hover = geometry::hit(&view, &frame, ui.input.mouse);
    let marks = match_marks(m, hover.clone());
    boards::draw(&view, &frame, &marks, ui.fonts);
    if app.screen() == Screen::Game {
        if ui.input.clicked
            && let Some(cell) = hover
        {
            actions.push(Action::Cell(cell));
        }
        if ui.input.right_clicked || ui.input.key(KeyCode::Enter) {
            actions.push(Action::StopChain);
        }
    }
    game_panel(app, m, ui, panel, actions);
    if app.screen() == Screen::GameOver && !app.result_hidden() {
        game_over::card(m, ui, board_area, actions);
    }
    if ui.input.typed.contains(&'f') {
        actions.push(Action::Flip);
    }
}

/// A player's line: colour, name, whose turn.
fn player_row(m: &Match, ui: &Ui, side: Side, a: Area) {
    let kind = m.kind();
    let to_move = !m.finished() && m.game.side_to_move() == side;
    if to_move {
        rounded(a, 8.0, alpha(theme::ACCENT, 0.18));
    }
    let cy = a.y + a.h / 2.0;
    let dot = geometry::Px {
        x: a.x + ui.unit * 0.9,
        y: cy,
    };
    let (fill, dark) = side_colour(kind, side);
    disc(dot, ui.unit * 0.55, fill, 2.0, dark);
    let label = player_label(
        &m.names[side.index()],
        kind.side_name(side),
        m.ratings[side.index()],
    );
    let label = paint::fit(&label, &ui.fonts.bold, ui.unit, a.w - ui.unit * 6.0);
    ui.strong(
        &label,
        a.x + ui.unit * 2.0,
        cy,
        ui.unit,
        theme::TEXT,
        Align::Left,
    );
    let right = a.x + a.w - ui.unit * 0.6;
    if let Some(clocks) = &m.clocks {
        let running = clocks.running == Some(side) && !m.finished();
        let low = clocks.left_ms[side.index()] < 10_000.0;
        let colour = match (running, low) {
            (true, true) => theme::BAD,
            (true, false) => theme::ACCENT,
            _ => theme::TEXT_DIM,
        };
        ui.strong(
            &clocks.text(side),
            right,
            cy,
            ui.unit * 1.15,
            colour,
            Align::Right,
        );
    } else if to_move {
        ui.label("to move", right, cy, theme::ACCENT, Align::Right);
    }
}

/// The side panel: the players and their clocks, the status, the counters, the hint, the
/// buttons of play (from the bottom up) and the moves in the space between.
fn game_panel(app: &App, m: &Match, ui: &Ui, a: Area, actions: &mut Vec<Action>) {
    ui.panel(a);
    let pad = ui.unit * 0.9;
    let inner = a.inset(pad);
    let rh = ui.row_h();
    let mut y = inner.y;
    // The players, in board order: the side at the top of the board first.
    let (top, bottom) = if m.flipped {
        (Side::First, Side::Second)
    } else {
        (Side::Second, Side::First)
    };
    for side in [top, bottom] {
        player_row(m, ui, side, Area { h: rh, y, ..inner });
        y += rh + 4.0;
    }
    y += ui.unit * 0.5;
    let status_color = if m.finished() {
        theme::ACCENT
    } else {
        theme::TEXT
    };
    y = ui.paragraph(
        &m.status(),
        inner.x,
        y + ui.unit * 0.5,
        inner.w,
        status_color,
    );
    if app.watchers() > 0 || matches!(m.seats, crate::play::Seats::Watching) {
        let line = if matches!(m.seats, crate::play::Seats::Watching) {
            format!(
                "You are watching ({} watching in all)",
                app.watchers().max(1)
            )
        } else {
            format!("{} watching", app.watchers())
        };
        y = ui.paragraph(&line, inner.x, y, inner.w, theme::TEXT_DIM);
    }
    y += ui.unit * 0.3;
    for (label, value) in m.counters() {
        ui.label(&label, inner.x, y, theme::TEXT_DIM, Align::Left);
        ui.strong(
            &value,
            inner.x + inner.w,
            y,
            ui.unit,
            theme::TEXT,
            Align::Right,
        );
        y += ui.unit * 1.35;
    }
    if let Some(h) = &m.hint {
        let mover = capitalise(m.kind().side_name(m.game.side_to_move()));
        y = hint_block(ui, inner, y, h, &mover);
    }
    // The buttons, from the bottom of the panel up.
    let watching = matches!(m.seats, crate::play::Seats::Watching);
    let mut buttons: Vec<(&str, Action, Look)> = Vec::new();
    if m.selection.in_chain() && m.selection.can_stop(&m.choices) {
        buttons.push(("Stop the chain here", Action::StopChain, Look::Primary));
    }
    if app.offer().is_some() {
        buttons.push(("Accept", Action::AcceptOffer, Look::Primary));
        buttons.push(("Decline", Action::DeclineOffer, Look::Plain));
    }
    let playing = !watching && !m.finished();
    let enabled = |on: bool| if on { Look::Plain } else { Look::Disabled };
    buttons.push(("Flip board", Action::Flip, Look::Plain));
    buttons.push(("Rules", Action::ShowRules(m.kind()), Look::Plain));
    if watching {
        buttons.push(("Analyse", Action::Analyse, Look::Plain));
    } else {
        // Online, a finished game stays as it ended; here, a takeback reopens it.
        let can_take_back = !m.moves.is_empty() && (playing || !m.online);
        buttons.push(("Take back", Action::Takeback, enabled(can_take_back)));
        buttons.push(("Hint", Action::Hint, enabled(playing)));
        buttons.push(("Offer draw", Action::OfferDraw, enabled(m.can_offer_draw())));
        buttons.push((
            if app.resign_asked() {
                "Really resign?"
            } else {
                "Resign"
            },
            Action::Resign,
            if playing {
                Look::Danger
            } else {
                Look::Disabled
            },
        ));
    }
    if m.finished() {
        buttons.push(("Replay", Action::OpenReplay, Look::Plain));
        if !watching {
            buttons.push(("Rematch", Action::Rematch, Look::Plain));
        }
    }
    buttons.push(("Lobby", Action::ToLobby, Look::Plain));
    let per_row = 2;
    let rows = buttons.len().div_ceil(per_row);
    let bh = rh * 0.9;
    let buttons_top = inner.y + inner.h - rows as f32 * (bh + 6.0);
    if let Some(offer) = app.offer() {
        ui.label(
            &format!("Your opponent offers a {}.", offer.noun()),
            inner.x,
            buttons_top - ui.unit * 0.9,
            theme::ACCENT,
            Align::Left,
        );
    }
    for (r, chunk) in buttons.chunks(per_row).enumerate() {
        let row_area = Area {
            y: buttons_top + r as f32 * (bh + 6.0),
            h: bh,
            ..inner
        };
        let cols = if chunk.len() == 1 {
            vec![row_area]
        } else {
            columns(row_area, per_row, 6.0)
        };
        for (c, (label, action, look)) in cols.iter().zip(chunk) {
            if ui.button(*c, label, *look) {
                actions.push(action.clone());
            }
        }
    }
    // The move list fills what is left.
    let list = Area {
        x: inner.x,
        y: y + ui.unit * 0.4,
        w: inner.w,
        h: buttons_top - y - ui.unit * if app.offer().is_some() { 2.2 } else { 1.0 },
    };
    let texts: Vec<(Side, String)> = m.moves.iter().map(|p| (p.side, p.text.clone())).collect();
    move_list(ui, m.kind(), &texts, list, None, actions);
}
