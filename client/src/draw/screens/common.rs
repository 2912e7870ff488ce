//! What several screens share: the spacing, the split into board and side panel, a game's
//! title, a side's colours, the engine's hint, and the list of moves.

use chaupal_shared::{AnyGame, GameKind, Side};
use macroquad::prelude::*;

use crate::app::Action;
use crate::draw::paint::{self, Align, disc, rounded};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::Ui;
use crate::geometry::{self, Area};

/// The top bar's height, as a multiple of the text unit.
pub(super) const TOP_BAR: f32 = 2.6;
/// Space between panels and the window's edges.
pub(super) const GAP: f32 = 14.0;

/// The board area and the side panel of a screen with a board.
pub(super) fn split(body: Area, unit: f32) -> (Area, Area) {
    let panel_w = (body.w * 0.3)
        .clamp(unit * 17.0, unit * 24.0)
        .min(body.w * 0.45);
    let board = Area {
        w: body.w - panel_w - GAP,
        ..body
    };
    let panel = Area {
        x: body.x + body.w - panel_w,
        w: panel_w,
        ..body
    };
    (board, panel)
}

/// "Kalah, 8 houses" and the like: a game's name with the rules that differ from the defaults.
pub(super) fn game_title(game: &AnyGame) -> String {
    let changed = crate::view::non_default_rules(game);
    if changed.is_empty() {
        game.kind().title().to_owned()
    } else {
        let rules: Vec<String> = changed.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{} ({})", game.kind().title(), rules.join(", "))
    }
}

/// A side's colours as the board draws it.
pub(super) fn side_colour(kind: GameKind, side: Side) -> (Color, Color) {
    match (kind, side) {
        (GameKind::BaghChal, Side::First) => (theme::GOAT, theme::GOAT_EDGE),
        (GameKind::BaghChal, Side::Second) => (theme::TIGER, theme::TIGER_STRIPE),
        (_, Side::First) => (theme::FIRST, theme::FIRST_DARK),
        (_, Side::Second) => (theme::SECOND, theme::SECOND_DARK),
    }
}

/// The engine's suggestion, evaluation and winning chances; returns the y below.
pub(super) fn hint_block(ui: &Ui, inner: Area, y: f32, h: &crate::play::Hint, mover: &str) -> f32 {
    let mut y = y + ui.unit * 0.3;
    let mut line = format!("Best move: {}", h.text);
    if let Some(e) = &h.eval {
        line.push_str(&format!("   ({e})"));
    }
    let line = paint::fit(&line, &ui.fonts.regular, ui.unit, inner.w);
    ui.label(&line, inner.x, y, theme::HINT, Align::Left);
    y += ui.unit * 1.2;
    if let Some(p) = h.chances {
        chances_meter(
            ui,
            Area {
                h: ui.unit * 0.8,
                y,
                ..inner
            },
            p,
            mover,
        );
        y += ui.unit * 1.4;
    }
    y
}

/// A bar showing the side to move's chances of winning.
fn chances_meter(ui: &Ui, a: Area, p: f32, mover: &str) {
    let p = p.clamp(0.0, 1.0);
    rounded(a, a.h / 2.0, theme::BUTTON_OFF);
    rounded(Area { w: a.w * p, ..a }, a.h / 2.0, theme::HINT);
    paint::text(
        &format!("{mover}: {:.0}% to win", p * 100.0),
        a.x + a.w / 2.0,
        a.y + a.h / 2.0,
        a.h * 0.85,
        &ui.fonts.bold,
        theme::TEXT,
        Align::Centre,
    );
}

/// The moves in a scrolling list (the latest in view); clicking a move jumps there when
/// `current` is given (the replay).
pub(super) fn move_list(
    ui: &Ui,
    kind: GameKind,
    moves: &[(Side, String)],
    a: Area,
    current: Option<usize>,
    actions: &mut Vec<Action>,
) {
    if a.h < ui.unit * 2.0 {
        return;
    }
    rounded(a, 8.0, alpha(theme::BACKGROUND, 0.6));
    let line_h = ui.unit * 1.3;
    let cols = 2;
    let col_w = a.w / cols as f32;
    let rows_fit = ((a.h - 8.0) / line_h).floor().max(1.0) as usize;
    let total_rows = moves.len().div_ceil(cols);
    let focus_row = current.map_or(total_rows, |c| c.saturating_sub(1) / cols + 1);
    let first_row = focus_row.saturating_sub(rows_fit);
    if moves.is_empty() {
        ui.label(
            "No moves yet",
            a.x + 10.0,
            a.y + line_h * 0.7,
            theme::TEXT_DIM,
            Align::Left,
        );
        return;
    }
    for (i, (side, text)) in moves.iter().enumerate().skip(first_row * cols) {
        let row = i / cols - first_row;
        if row >= rows_fit {
            break;
        }
        let cell = Area {
            x: a.x + (i % cols) as f32 * col_w,
            y: a.y + 4.0 + row as f32 * line_h,
            w: col_w,
            h: line_h,
        };
        if current == Some(i + 1) {
            rounded(cell.inset(1.0), 6.0, alpha(theme::ACCENT, 0.3));
        }
        let cy = cell.y + line_h / 2.0;
        let (fill, dark) = side_colour(kind, *side);
        disc(
            geometry::Px {
                x: cell.x + ui.unit * 2.3,
                y: cy,
            },
            ui.unit * 0.3,
            fill,
            1.0,
            dark,
        );
        paint::text(
            &format!("{}.", i + 1),
            cell.x + ui.unit * 1.7,
            cy,
            ui.unit * 0.8,
            &ui.fonts.regular,
            theme::TEXT_DIM,
            Align::Right,
        );
        paint::text(
            text,
            cell.x + ui.unit * 2.9,
            cy,
            ui.unit * 0.9,
            &ui.fonts.bold,
            theme::TEXT,
            Align::Left,
        );
        if current.is_some() && ui.input.clicked && ui.hover(cell) {
            actions.push(Action::ReplayJump(i + 1));
        }
    }
}
