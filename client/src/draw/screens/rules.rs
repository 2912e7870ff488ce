//! The rules screen: one game's rules in short beside an example on its board, with tabs for
//! the four games and how to play them here.

use chaupal_shared::{AnyGame, GameKind};
use macroquad::prelude::*;

use super::common::split;
use crate::app::Action;
use crate::draw::boards::{self, Marks};
use crate::draw::paint::{self, Align, disc};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::{self, Area, Frame};
use crate::rulebook;
use crate::selection::move_path;
use crate::view::BoardView;

/// Draws the rules of `kind` in `body`.
pub(super) fn draw(kind: GameKind, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let (board_area, panel) = split(body, ui.unit);
    let panel = Area {
        x: panel.x - ui.unit * 6.0,
        w: panel.w + ui.unit * 6.0,
        ..panel
    };
    let board_area = Area {
        w: board_area.w - ui.unit * 6.0,
        ..board_area
    };
    let example = rulebook::example(kind);
    let caption_h = ui.unit * 4.0;
    let board_only = Area {
        h: board_area.h - caption_h,
        ..board_area
    };
    if let Ok(game) = AnyGame::from_position_text(kind, example.position, [("", ""); 0]) {
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
        let frame = Frame::fit(geometry::extent(&view), board_only, false);
        boards::draw(&view, &frame, &marks, ui.fonts);
    }
    ui.paragraph(
        example.caption,
        board_area.x + ui.unit,
        board_area.y + board_area.h - caption_h + ui.unit * 1.2,
        board_area.w - 2.0 * ui.unit,
        theme::TEXT,
    );
    ui.panel(panel);
    let inner = panel.inset(ui.unit * 0.9);
    let rh = ui.row_h();
    let tabs = columns(Area { h: rh, ..inner }, 4, 6.0);
    for (c, k) in tabs.iter().zip(GameKind::ALL) {
        let look = if k == kind {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, k.title(), look) {
            actions.push(Action::ShowRules(k));
        }
    }
    let mut y = inner.y + rh + ui.unit * 1.4;
    ui.heading(kind.title(), inner.x, y);
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
        y = ui.paragraph(line, inner.x + ui.unit, y, inner.w - ui.unit, theme::TEXT);
        y += ui.unit * 0.35;
    }
    let back = Area {
        y: inner.y + inner.h - rh,
        h: rh,
        w: inner.w * 0.4,
        ..inner
    };
    let how = paint::wrap(
        rulebook::how_to_play(kind),
        &ui.fonts.regular,
        ui.unit * 0.95,
        inner.w,
    );
    let how_h = ui.unit * (1.7 + 1.45 * how.len() as f32);
    if y + how_h < back.y {
        y += ui.unit * 0.4;
        ui.strong("Here", inner.x, y, ui.unit, theme::ACCENT, Align::Left);
        y += ui.unit * 1.3;
        ui.paragraph(
            rulebook::how_to_play(kind),
            inner.x,
            y,
            inner.w,
            theme::TEXT_DIM,
        );
    }
    if ui.button(back, "Back", Look::Primary) || ui.input.key(KeyCode::Escape) {
        actions.push(Action::Back);
    }
}
