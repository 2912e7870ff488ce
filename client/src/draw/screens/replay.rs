//! The replay screen: a finished game's position at any move, with the result at the end, a
//! bar to jump along, the controls (also on the arrow keys, Home, End and Space), the analysis,
//! and the list of moves or, once asked for, the game's review (its part is
//! [`super::review`]'s) with the best move marked on the board and "play from here".

use chaupal_shared::Side;
use macroquad::prelude::*;

use super::common::{aspect, game_title, hint_block, move_list, split};
use super::review;
use crate::app::Action;
use crate::draw::boards::{self, Marks};
use crate::draw::paint::{self, Align, rounded};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::{self, Area, Frame};
use crate::layout;
use crate::play::capitalise;
use crate::replay::Replay;
use crate::review::ReviewState;
use crate::review::arrow::best_mark;
use crate::selection::move_path;
use crate::view::BoardView;

/// Draws the replay `r` in `body`.
pub(super) fn draw(r: &Replay, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let game = r.game();
    let view = BoardView::of(game);
    let ready = r.ready_review();
    // A phone gives the review more of the screen, the board less.
    let panel_min = if ready.is_some() && ui.portrait {
        ui.unit * 27.0
    } else {
        ui.unit * 17.0
    };
    let (board_area, panel) = split(ui, body, aspect(&view), panel_min);
    let (board_area, panel) = if ready.is_some() {
        layout::widen_panel(board_area, panel, ui.unit * 5.0, ui.portrait)
    } else {
        (board_area, panel)
    };
    let frame = Frame::fit(geometry::extent(&view), board_area, r.flipped);
    let marks = Marks {
        last: r
            .last_move()
            .map(|p| move_path(game.kind(), p.side, &p.text))
            .unwrap_or_default(),
        hint: r
            .hint
            .as_ref()
            .map(|h| move_path(game.kind(), game.side_to_move(), &h.text))
            .unwrap_or_default(),
        // The best move in the position shown: the one the next move was measured against.
        best: ready
            .and_then(|rv| rv.plies.get(r.ply()))
            .and_then(|p| p.best.as_deref())
            .and_then(|b| best_mark(game, b))
            .map(|m| m.cells())
            .unwrap_or_default(),
        ..Marks::default()
    };
    boards::draw(&view, &frame, &marks, ui.fonts);
    ui.panel(panel);
    let inner = panel.inset(ui.unit * 0.9);
    let rh = ui.row_h();
    let mut y = inner.y + ui.unit * 0.6;
    // On a phone the review leaves out the title and the names (the bar names the screen).
    if ready.is_none() || !ui.portrait {
        ui.heading(
            &paint::fit(&game_title(game), &ui.fonts.bold, ui.unit * 1.2, inner.w),
            inner.x,
            y,
        );
        y += ui.unit * 1.6;
        ui.label(
            &paint::fit(
                &format!("{} vs {}", r.names[0], r.names[1]),
                &ui.fonts.regular,
                ui.unit,
                inner.w,
            ),
            inner.x,
            y,
            theme::TEXT_DIM,
            Align::Left,
        );
        y += ui.unit * 1.5;
    }
    let place = if r.ply() == 0 {
        "The start".to_owned()
    } else {
        format!("After move {} of {}", r.ply(), r.len())
    };
    ui.strong(&place, inner.x, y, ui.unit, theme::TEXT, Align::Left);
    y += ui.unit * 1.2;
    let result = match game.outcome() {
        Some(outcome) => Some(crate::play::result_text(game.kind(), outcome, &r.names)),
        None => r.result_text(),
    };
    if r.ply() == r.len()
        && let Some(result) = result
    {
        y = ui.paragraph(&result, inner.x, y + ui.unit * 0.3, inner.w, theme::ACCENT);
    }
    y += ui.unit * 0.5;
    // Progress bar: click to jump (the review's graph does that when it is there).
    if ready.is_none() {
        y = progress_bar(ui, r, inner, y, actions);
    }
    let controls = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: rh,
    };
    let cols = columns(controls, 5, 6.0);
    let play = if r.autoplay() { "Pause" } else { "Play" };
    let buttons = [
        ("|<", Action::ReplayJump(0)),
        ("<", Action::ReplayStep(-1)),
        (play, Action::ReplayAutoplay),
        (">", Action::ReplayStep(1)),
        (">|", Action::ReplayJump(usize::MAX)),
    ];
    for (c, (label, action)) in cols.iter().zip(buttons) {
        let look = if label == "Pause" {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, label, look) {
            actions.push(action);
        }
    }
    y += rh + ui.unit * 0.6;
    let bottom = Area {
        y: inner.y + inner.h - rh,
        h: rh,
        ..inner
    };
    // A game of the server's can be reviewed (again, after a refusal).
    let review_look = match &r.review {
        _ if r.game.is_none() => None,
        None | Some(ReviewState::Failed(_)) => Some(Look::Plain),
        Some(ReviewState::Asked | ReviewState::Running { .. }) => Some(Look::Disabled),
        Some(ReviewState::Ready(_)) => None,
    };
    let mut buttons = vec![("Analyse", Action::Analyse, Look::Plain)];
    if let Some(look) = review_look {
        buttons.push(("Review", Action::Review, look));
    }
    buttons.push(("Flip board", Action::Flip, Look::Plain));
    buttons.push(("Back", Action::Back, Look::Plain));
    let cols = columns(bottom, buttons.len(), 6.0);
    for (c, (label, action, look)) in cols.iter().zip(buttons) {
        if ui.button(*c, label, look) {
            actions.push(action);
        }
    }
    if let Some(h) = &r.hint {
        let mover = capitalise(game.kind().side_name(game.side_to_move()));
        y = hint_block(ui, inner, y, h, &mover) + ui.unit * 0.3;
    }
    if let Some(rv) = ready {
        let play = Area {
            y: bottom.y - rh - ui.unit * 0.5,
            ..bottom
        };
        let playable = game.outcome().is_none();
        let look = if playable {
            Look::Primary
        } else {
            Look::Disabled
        };
        if ui.button(play, "Play from here against the AI", look) {
            actions.push(Action::PlayFromHere);
        }
        let area = Area {
            x: inner.x,
            y,
            w: inner.w,
            h: play.y - y - ui.unit * 0.6,
        };
        review::block(ui, r, rv, area, actions);
    } else {
        if let Some(state) = &r.review {
            y = review::status(ui, state, inner, y);
        }
        moves(ui, r, inner, y, bottom.y, actions);
    }
    let keys = [
        (KeyCode::Left, Action::ReplayStep(-1)),
        (KeyCode::Right, Action::ReplayStep(1)),
        (KeyCode::Home, Action::ReplayJump(0)),
        (KeyCode::End, Action::ReplayJump(usize::MAX)),
        (KeyCode::Space, Action::ReplayAutoplay),
        (KeyCode::Escape, Action::Back),
    ];
    for (key, action) in keys {
        if ui.input.key(key) {
            actions.push(action);
        }
    }
}

/// The list of moves from `y` to `bottom` (a click shows the position after a move).
fn moves(ui: &Ui, r: &Replay, inner: Area, y: f32, bottom: f32, actions: &mut Vec<Action>) {
    let game = r.game();
    let list = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: bottom - y - ui.unit * 0.6,
    };
    let texts: Vec<(Side, String)> = r.moves().iter().map(|p| (p.side, p.text.clone())).collect();
    move_list(
        ui,
        game.kind(),
        &texts,
        list,
        Some(r.ply()),
        Action::ReplayJump,
        actions,
    );
}

/// The bar along the game from `y` (a click or a drag jumps there); returns the y below.
fn progress_bar(ui: &Ui, r: &Replay, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let bar = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: ui.unit * 0.7,
    };
    rounded(bar, bar.h / 2.0, theme::BUTTON_OFF);
    let frac = if r.is_empty() {
        1.0
    } else {
        r.ply() as f32 / r.len() as f32
    };
    rounded(
        Area {
            w: bar.w * frac,
            ..bar
        },
        bar.h / 2.0,
        theme::ACCENT,
    );
    let grab = Area {
        y: bar.y - 6.0,
        h: bar.h + 12.0,
        ..bar
    };
    if (ui.input.clicked || (ui.input.down && ui.input.dragged)) && ui.hover(grab) {
        let f = ((ui.input.mouse.x - bar.x) / bar.w).clamp(0.0, 1.0);
        actions.push(Action::ReplayJump((f * r.len() as f32).round() as usize));
    }
    y + ui.unit * 1.4
}
