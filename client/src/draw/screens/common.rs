//! What several screens share: the spacing, the split into board and side panel, scrolling a
//! screen taller than the window, a game's title, a side's colours, the engine's hint, the
//! list of moves, and a value stepped with `<` and `>`.

use chaupal_rules::{AnyGame, GameKind, Side};
use macroquad::prelude::*;

use crate::app::{Action, App, Field, PlayMode};
use crate::app::{ScreenAction, SettingsAction};
use crate::draw::paint::{self, Align, disc, rounded};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui};
use crate::geometry::{self, Area};
use crate::layout::{self, Measure};
use crate::say;
use crate::terms;
use crate::view::BoardView;

/// The space between panels in this window.
pub(super) fn gap(ui: &Ui) -> f32 {
    if ui.portrait {
        layout::GAP_NARROW
    } else {
        layout::GAP
    }
}

/// The board area and the side panel of a screen with a board of `aspect` (height over width):
/// side by side, or the board on top in portrait with `panel_min` pixels left below it.
pub(super) fn split(ui: &Ui, body: Area, aspect: f32, panel_min: f32) -> (Area, Area) {
    layout::board_and_panel(body, ui.unit, ui.portrait, gap(ui), aspect, panel_min)
}

/// The height over the width of a board's drawing.
pub(super) fn aspect(view: &crate::view::BoardView) -> f32 {
    let e = geometry::extent(view);
    (e.y1 - e.y0) / (e.x1 - e.x0).max(0.01)
}

/// A screen taller than its window `view`: the offset it is drawn at (kept within its
/// content), and the scroll the player asks for, with the wheel over `view` or by dragging a
/// finger that went down in `drag_from`.
pub(super) fn scroll(
    app: &App,
    ui: &Ui,
    drag_from: Area,
    view: Area,
    content_h: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    let scroller = (
        app.scroll(),
        (|y| Action::Screen(ScreenAction::ScrollTo(y))) as fn(i32) -> Action,
    );
    scroll_of(scroller, ui, (drag_from, view), content_h, actions)
}

/// The least size of a board's step on a phone, in the units of its extent: a point or a house
/// at this scale is [`layout::BOARD_TOUCH_MIN`] pixels across.
pub(super) fn touch_least(view: &BoardView) -> f32 {
    layout::BOARD_TOUCH_MIN / (2.0 * geometry::pick_radius(view))
}

/// The heights an upright screen measured when last drawn, by name: what must stay in view
/// under the board (`essential`), and the whole panel (`panel`).
pub(super) struct Measured {
    pub essential: &'static str,
    pub panel: &'static str,
    /// The room kept for `essential` until it has been measured, in text units.
    pub essential_units: f32,
}

/// A screen on a phone held upright: the board across `across` (as wide as leaves the panel's
/// essentials in view, and never under [`layout::BOARD_TOUCH_MIN`] a step), then the panel across
/// `body`. The whole scrolls when taller than `body`, from a finger dragged over the panel
/// (on the board it moves pieces) or the wheel. Returns the board's area and the panel's.
pub(super) fn upright_areas(
    app: &App,
    ui: &Ui,
    (body, across): (Area, Area),
    view: &BoardView,
    measured: &Measured,
    actions: &mut Vec<Action>,
) -> (Area, Area) {
    let e = geometry::extent(view);
    let gap = gap(ui);
    let keep = ui
        .heights()
        .get(measured.essential)
        .unwrap_or(ui.unit * measured.essential_units);
    let board_h = layout::upright_board_h(
        across,
        (e.x1 - e.x0, e.y1 - e.y0),
        touch_least(view),
        keep + gap,
    );
    let panel_h = ui
        .heights()
        .get(measured.panel)
        .unwrap_or(body.h - board_h - gap);
    let whole = board_h + gap + panel_h;
    let panel_now = Area {
        y: body.y + board_h + gap - app.scroll(),
        h: panel_h,
        ..body
    };
    let scroller = ui.with_input(ui.input, true);
    // A finger dragged over the board scrolls too, unless it carries a piece.
    let drag_from = if app.dragging().is_some() {
        panel_now
    } else {
        body
    };
    let offset = scroll(app, &scroller, drag_from, body, whole, actions);
    let board_area = Area {
        y: body.y - offset,
        h: board_h,
        ..across
    };
    let panel = Area {
        y: board_area.y + board_h + gap,
        h: (body.h - board_h - gap).max(panel_h),
        ..body
    };
    (board_area, panel)
}

/// A part taller than its window `view`, scrolled `at` pixels down: the offset it is drawn at
/// (kept within its content), and the scroll the player asks for (as `to` says), with the
/// wheel over `view` or by dragging a finger that went down in `drag_from` and in `view`.
pub(super) fn scroll_of(
    (at, to): (f32, fn(i32) -> Action),
    ui: &Ui,
    (drag_from, view): (Area, Area),
    content_h: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    let offset = layout::clamp_scroll(at, content_h, view.h);
    let mut next = offset;
    if ui.input.wheel != 0.0 && ui.hover(view) {
        next -= ui.input.wheel * ui.unit * 3.0;
    }
    if ui.input.down
        && ui.input.dragged
        && ui
            .input
            .press_at
            .is_some_and(|p| drag_from.contains(p) && view.contains(p))
    {
        next -= ui.input.delta.y;
    }
    let next = layout::clamp_scroll(next, content_h, view.h).round();
    if next != at {
        actions.push(to(next as i32));
    }
    offset
}

/// "Kalah (Houses a side: 8)" and the like: a game's name with the rules that differ from
/// the defaults.
pub(super) fn game_title(ui: &Ui, game: &AnyGame) -> String {
    let changed = crate::view::non_default_rules(game);
    if changed.is_empty() {
        ui.game(game.kind())
    } else {
        let rules: Vec<String> = changed
            .iter()
            .map(|(k, v)| ui.say(&crate::rulebook::describe(game.kind(), k, v)))
            .collect();
        ui.say(&say!(
            "game-with-rules",
            game = terms::game_name(game.kind()),
            rules = rules.join(", ")
        ))
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

/// The engine's suggestion, evaluation and winning chances for `side` to move in a game of
/// `kind`; an exact value as a sentence ("Tigers win in 47 moves."); returns the y below.
pub(super) fn hint_block(
    ui: &Ui,
    inner: Area,
    y: f32,
    h: &crate::play::Hint,
    (kind, side): (GameKind, Side),
) -> f32 {
    let mover = ui.say(&terms::side_name(kind, side));
    let mut y = y + ui.unit * 0.3;
    let mut line = ui.say(&say!("hint-best-move", best = h.text.as_str()));
    // The engine's score only where no winning chance says it in the review's words (the
    // meter below).
    if let Some(e) = h.eval.as_ref().filter(|_| h.chances.is_none()) {
        line.push_str(&format!("   ({})", ui.say(e)));
    }
    let line = paint::fit(&line, &ui.fonts.regular, ui.unit, inner.w);
    ui.label(&line, inner.x, y, theme::HINT, Align::Left);
    y += ui.unit * 1.2;
    if let Some(score) = h.exact {
        let said = ui.say(&crate::review::notes::standing(kind, side, score));
        let said = paint::fit(&said, &ui.fonts.regular, ui.unit, inner.w);
        ui.label(&said, inner.x, y, theme::HINT, Align::Left);
        y += ui.unit * 1.2;
    }
    let mover = mover.as_str();
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
        &ui.say(&say!(
            "hint-chances",
            side = mover,
            percent = (p * 100.0).round() as i64
        )),
        a.x + a.w / 2.0,
        a.y + a.h / 2.0,
        a.h * 0.85,
        &ui.fonts.bold,
        theme::TEXT,
        Align::Centre,
    );
}

/// The moves in a scrolling list (the move shown in view, marked when `current` is given);
/// clicking a move asks `jump` for the action that shows the position after it.
pub(super) fn move_list(
    ui: &Ui,
    kind: GameKind,
    moves: &[(Side, String)],
    a: Area,
    current: Option<usize>,
    jump: fn(usize) -> Action,
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
            &ui.t("moves-none"),
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
        if ui.item(cell, &format!("move {}", i + 1)) {
            actions.push(jump(i + 1));
        }
    }
}

/// The window's keys typing into `field`, whose text is `entry`: letters added, Backspace,
/// Enter (`enter`), Escape (`escape`). The browser's input carries its own typing.
pub(super) fn field_keys(
    ui: &Ui,
    (field, entry): (Field, &str),
    enter: Action,
    escape: Action,
    actions: &mut Vec<Action>,
) {
    let input = ui.input;
    if !input.typed.is_empty() {
        let typed: String = input.typed.iter().collect();
        actions.push(Action::Settings(SettingsAction::SetText(
            field,
            format!("{entry}{typed}"),
        )));
    }
    if input.key(KeyCode::Backspace) {
        let mut shorter = entry.to_owned();
        shorter.pop();
        actions.push(Action::Settings(SettingsAction::SetText(field, shorter)));
    }
    if input.enter() {
        actions.push(enter);
    }
    if input.key(KeyCode::Escape) {
        actions.push(escape);
    }
}

/// A text field: the text (or a hint in its place), a caret while it takes the typing; a
/// click puts the typing there. Noted for the platform, which may lay a real input over it.
pub(super) fn text_field(
    app: &App,
    ui: &Ui,
    field: Area,
    which: Field,
    text: &str,
    hint: &str,
    actions: &mut Vec<Action>,
) {
    let focused = app.focus() == Some(which)
        || (app.focus().is_none() && which == Field::Code && app.lobby().mode == PlayMode::Friend);
    paint::rounded_edged(
        field,
        8.0,
        theme::BACKGROUND,
        1.5,
        if focused {
            theme::ACCENT
        } else {
            theme::PANEL_EDGE
        },
    );
    let size = ui.unit;
    let font = &ui.fonts.bold;
    let room = field.w - 20.0;
    let left = field.x + 10.0;
    let cy = field.y + field.h / 2.0;
    if text.is_empty() && !focused {
        // The hint whole: smaller when it is long (down to a readable size), cut only past it.
        let wide = paint::text_width(hint, &ui.fonts.regular, size);
        let small = if wide > room {
            (size * room / wide).max(size * 0.75)
        } else {
            size
        };
        let shown = paint::fit(hint, &ui.fonts.regular, small, room);
        paint::text(
            &shown,
            left,
            cy,
            small,
            &ui.fonts.regular,
            theme::TEXT_DIM,
            Align::Left,
        );
    } else {
        // The selection, or the caret where it is (at the end unless the platform says),
        // in characters from the start.
        let count = text.chars().count();
        let (start, end) = app
            .selection()
            .filter(|_| app.focus() == Some(which))
            .map_or((count, count), |(a, b)| (a.min(count), b.min(count)));
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let byte = |n: usize| chars.get(n).map_or(text.len(), |(at, _)| *at);
        let x_of = |n: usize| paint::text_width(&text[..byte(n)], font, size);
        // A text wider than the field shows the part around the caret: the first character
        // shown is the first that keeps the caret in the field, the last the last that fits.
        let first = (0..=end)
            .find(|&n| x_of(end) - x_of(n) <= room)
            .unwrap_or(end);
        let last = (end..=count)
            .rev()
            .find(|&n| x_of(n) - x_of(first) <= room)
            .unwrap_or(end);
        let shown = &text[byte(first)..byte(last)];
        let at = |n: usize| left + x_of(n.clamp(first, last)) - x_of(first);
        if focused && start != end {
            let (a, b) = (at(start), at(end));
            paint::fill(
                Area {
                    x: a,
                    y: cy - size * 0.7,
                    w: b - a,
                    h: size * 1.4,
                },
                alpha(theme::ACCENT, 0.45),
            );
        }
        paint::text(shown, left, cy, size, font, theme::TEXT, Align::Left);
        // A steady caret: a blinking one would redraw the whole window twice a second, which
        // without a graphics card costs half a core.
        if focused && start == end {
            paint::fill(
                Area {
                    x: at(end) + 1.0,
                    y: cy - size * 0.65,
                    w: 2.0,
                    h: size * 1.3,
                },
                theme::ACCENT,
            );
        }
    }
    ui.field_drawn(which, field, text, hint);
    if ui.pressed(field) && app.focus() != Some(which) {
        actions.push(Action::Settings(SettingsAction::Focus(Some(which))));
    }
}

/// A row with a label and a value stepped with `<` and `>` (wide enough for the widest value,
/// `widest` pixels); returns the y below it.
#[allow(clippy::too_many_arguments)]
pub(super) fn stepper(
    ui: &Ui,
    inner: Area,
    y: f32,
    label: &str,
    value: &str,
    widest: f32,
    steps: [Action; 2],
    actions: &mut Vec<Action>,
) -> f32 {
    let rh = ui.row_h();
    let bw = rh * 0.8 * 1.4;
    let w = 2.0 * bw + widest.max(ui.unit * 2.5) + ui.unit * 1.2 + 8.0;
    let area = Area {
        x: inner.x + inner.w - w,
        y,
        w,
        h: ui.small_row_h(0.8),
    };
    let label = paint::fit(label, &ui.fonts.regular, ui.unit, area.x - inner.x - 6.0);
    ui.label(
        &label,
        inner.x,
        y + area.h / 2.0,
        theme::TEXT_DIM,
        Align::Left,
    );
    value_stepper(ui, area, value, steps, actions);
    y + area.h + rh * 0.15
}

/// A value between `<` and `>` buttons, filling `area`.
pub(super) fn value_stepper(
    ui: &Ui,
    area: Area,
    value: &str,
    [back, on]: [Action; 2],
    actions: &mut Vec<Action>,
) {
    // Narrow steppers (the clock's two) keep room for the value between the buttons, and a
    // fingertip's room for each button on a touch screen.
    let least = if ui.portrait { layout::TAP_MIN } else { 0.0 };
    let bw = (area.h * 1.4).min((area.w / 4.0).max(least));
    let minus = Area { w: bw, ..area };
    if ui.button(minus, "<", Look::Plain) {
        actions.push(back);
    }
    let vw = area.w - 2.0 * bw - 8.0;
    // A value a little too wide is drawn smaller rather than cut.
    let wide = ui.width(value, true, ui.unit);
    let size = if wide > vw {
        (ui.unit * vw / wide).floor().max(ui.unit * 0.8)
    } else {
        ui.unit
    };
    let shown = paint::fit(value, &ui.fonts.bold, size, vw);
    ui.strong(
        &shown,
        area.x + area.w / 2.0,
        area.y + area.h / 2.0,
        size,
        theme::TEXT,
        Align::Centre,
    );
    if ui.button(
        Area {
            x: area.x + area.w - bw,
            ..minus
        },
        ">",
        Look::Plain,
    ) {
        actions.push(on);
    }
}
