//! The rules screen: one game's rules in short beside an example on its board, with tabs for
//! the four games and how to play them here. On a phone the example comes first and the rules
//! under it, and the screen scrolls.

use chaupal_rules::{AnyGame, GameKind};
use macroquad::prelude::*;

use super::common::{gap, scroll, split};
use crate::app::ScreenAction;
use crate::app::{Action, App};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::{self, Align, disc};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::{self, Area, Frame};
use crate::rulebook;
use crate::selection::move_path;
use crate::view::BoardView;

/// Draws the rules of `kind` in `body`.
pub(super) fn draw(app: &App, kind: GameKind, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    if ui.portrait {
        return upright(app, kind, ui, body, actions);
    }
    let (board_area, panel) = split(ui, body, 1.0, 0.0);
    let panel = Area {
        x: panel.x - ui.unit * 6.0,
        w: panel.w + ui.unit * 6.0,
        ..panel
    };
    let board_area = Area {
        w: board_area.w - ui.unit * 6.0,
        ..board_area
    };
    let caption_h = ui.unit * 4.0;
    example(
        kind,
        ui,
        Area {
            h: board_area.h - caption_h,
            ..board_area
        },
    );
    ui.paragraph(
        &ui.t(rulebook::example(kind).caption),
        board_area.x + ui.unit,
        board_area.y + board_area.h - caption_h + ui.unit * 1.2,
        board_area.w - 2.0 * ui.unit,
        theme::TEXT,
    );
    ui.panel(panel);
    let inner = panel.inset(ui.unit * 0.9);
    let rh = ui.row_h();
    tabs(kind, ui, Area { h: rh, ..inner }, actions);
    let back = Area {
        y: inner.y + inner.h - rh,
        h: rh,
        w: inner.w * 0.4,
        ..inner
    };
    let y = summary(kind, ui, inner, inner.y + rh + ui.unit * 1.4);
    let how_h = how_h(kind, ui, inner.w);
    if y + how_h < back.y {
        how(kind, ui, inner, y);
    }
    if ui.button(back, &ui.t("back"), Look::Primary) || ui.input.key(KeyCode::Escape) {
        actions.push(Action::Screen(ScreenAction::Back));
    }
}

/// The rules on a phone: the tabs, the example board and its caption, the rules, how to play
/// here and Back, one under the other in a screen that scrolls.
fn upright(app: &App, kind: GameKind, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let rh = ui.row_h();
    let w = body.w;
    let inner_w = w - ui.unit * 1.8;
    let board_h = (w * 0.9).min(body.h * 0.45);
    let caption_h = paragraph_h(ui, &ui.t(rulebook::example(kind).caption), inner_w);
    let text_h = summary_h(kind, ui, inner_w) + how_h(kind, ui, inner_w);
    let content = rh + board_h + caption_h + text_h + rh + ui.unit * 5.0;
    let offset = scroll(app, ui, body, body, content, actions);
    let mut y = body.y - offset;
    tabs(kind, ui, Area { y, h: rh, ..body }, actions);
    y += rh + gap(ui);
    example(
        kind,
        ui,
        Area {
            y,
            h: board_h,
            ..body
        },
    );
    y += board_h;
    y = ui.paragraph(
        &ui.t(rulebook::example(kind).caption),
        body.x + ui.unit * 0.9,
        y + ui.unit * 0.6,
        inner_w,
        theme::TEXT,
    );
    let panel = Area {
        y: y + ui.unit * 0.4,
        h: text_h + rh + ui.unit * 3.0,
        ..body
    };
    ui.panel(panel);
    let inner = panel.inset(ui.unit * 0.9);
    let y = summary(kind, ui, inner, inner.y + ui.unit * 0.8);
    let y = how(kind, ui, inner, y);
    let back = Area {
        y: y + ui.unit * 0.6,
        h: rh,
        w: inner.w * 0.5,
        ..inner
    };
    if ui.button(back, &ui.t("back"), Look::Primary) || ui.input.key(KeyCode::Escape) {
        actions.push(Action::Screen(ScreenAction::Back));
    }
}

/// The four games, one tab each.
fn tabs(kind: GameKind, ui: &Ui, row: Area, actions: &mut Vec<Action>) {
    for (c, k) in columns(row, 4, 6.0).iter().zip(GameKind::ALL) {
        let look = if k == kind {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, &ui.game(k), look) {
            actions.push(Action::Screen(ScreenAction::ShowRules(k)));
        }
    }
}

/// The example position of `kind` with its move, in `a`.
fn example(kind: GameKind, ui: &Ui, a: Area) {
    let example = rulebook::example(kind);
    let Ok(game) = AnyGame::from_position_text(kind, example.position, [("", ""); 0]) else {
        return;
    };
    let view = BoardView::of(&game);
    let path = move_path(kind, game.side_to_move(), example.mv);
    let jumped = if example.mv.contains('x') && kind != GameKind::Jungle {
        path.windows(2)
            .filter_map(|w| crate::selection::jumped_point(&w[0], &w[1]))
            .collect()
    } else {
        Vec::new()
    };
    let marks = Marks {
        hint: path,
        jumped,
        ..Marks::default()
    };
    let frame = Frame::fit(geometry::extent(&view), a, false);
    boards::draw(&view, &frame, &marks, (ui.fonts, ui.words));
}

/// The height of a paragraph of `text` wrapped to `w`.
fn paragraph_h(ui: &Ui, text: &str, w: f32) -> f32 {
    let size = ui.unit * 0.95;
    paint::wrap(text, &ui.fonts.regular, size, w).len() as f32 * size * 1.45
}

/// The height of the rules in short.
fn summary_h(kind: GameKind, ui: &Ui, w: f32) -> f32 {
    ui.unit * 1.6
        + rulebook::summary(kind)
            .iter()
            .map(|l| paragraph_h(ui, &ui.t(l), w - ui.unit) + ui.unit * 0.35)
            .sum::<f32>()
}

/// The height of "Here" and how to play.
fn how_h(kind: GameKind, ui: &Ui, w: f32) -> f32 {
    ui.unit * 1.7 + paragraph_h(ui, &ui.t(rulebook::how_to_play(kind)), w)
}

/// The game's name and its rules in short from `y`; returns the y below.
fn summary(kind: GameKind, ui: &Ui, inner: Area, mut y: f32) -> f32 {
    ui.heading(&ui.game(kind), inner.x, y);
    y += ui.unit * 1.6;
    for line in rulebook::summary(kind) {
        disc(
            geometry::Px {
                x: inner.x + ui.unit * 0.35,
                y,
            },
            ui.unit * 0.18,
            theme::ACCENT,
            0.0,
            theme::ACCENT,
        );
        y = ui.paragraph(
            &ui.t(line),
            inner.x + ui.unit,
            y,
            inner.w - ui.unit,
            theme::TEXT,
        );
        y += ui.unit * 0.35;
    }
    y
}

/// How to play the game here, from `y`; returns the y below.
fn how(kind: GameKind, ui: &Ui, inner: Area, y: f32) -> f32 {
    let y = y + ui.unit * 0.4;
    ui.strong(
        &ui.t("rules-here"),
        inner.x,
        y,
        ui.unit,
        theme::ACCENT,
        Align::Left,
    );
    ui.paragraph(
        &ui.t(rulebook::how_to_play(kind)),
        inner.x,
        y + ui.unit * 1.3,
        inner.w,
        theme::TEXT_DIM,
    )
}
