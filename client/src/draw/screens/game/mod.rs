//! The game screen: the board with its marks (selection, targets, pieces a jump can take, the
//! last turn and what it took, hint, the piece gliding or dragged, the seeds being sown),
//! presses and drags on it, and the side panel (beside the board, or under it on a phone) with
//! the players, their clocks (or a correspondence game's deadline), the status, a look back at
//! an earlier position, the counters and the buttons of play.

use chaupal_rules::{GameKind, Side};
use macroquad::prelude::*;

use super::common::{
    Measured, aspect, field_keys, hint_block, move_list, side_colour, split, upright_areas,
};
use super::game_over;
use crate::app::{Action, App, Field, Screen};
use crate::app::{GameAction, KeyAction, SettingsAction};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::{self, Align, disc, rounded};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui};
use crate::geometry::{self, Area, Frame};
use crate::layout::Measure;
use crate::play::{Match, Seats, seat_label};
use crate::selection::{jumped_point, move_path};
use crate::terms;
use crate::view::BoardView;
use crate::words::capitalise;

mod controls;

/// The marks of play for the game on the screen.
pub fn match_marks(m: &Match, hover: Option<String>) -> Marks {
    let kind = m.kind();
    let mover = m.game.side_to_move();
    let sowing = m.sowing();
    let targets = if m.can_enter_move() {
        m.selection.targets(&m.choices)
    } else {
        Vec::new()
    };
    Marks {
        selected: m.selection.path().to_vec(),
        capturable: capturable(m, &targets),
        targets,
        last: if sowing.is_some() {
            Vec::new()
        } else {
            m.last_move().map(|(_, cells)| cells).unwrap_or_default()
        },
        last_captured: if sowing.is_some() {
            Vec::new()
        } else {
            m.last_captures()
        },
        jumped: m.selection.jumped(),
        hint: m
            .hint
            .as_ref()
            .filter(|_| m.looking.is_none())
            .map(|h| move_path(kind, mover, &h.text))
            .unwrap_or_default(),
        best: Vec::new(),
        hover,
        sown: sowing.and_then(|s| s.current()).and_then(|f| f.landed),
        moving: m.slide().and_then(|s| {
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
        cursor: None,
    }
}

/// The pieces the selected piece can take by jumping (Bagh Chal, Sholo Guti): the point between
/// it and each target that a capture lands on.
fn capturable(m: &Match, targets: &[String]) -> Vec<String> {
    if matches!(m.kind(), GameKind::Jungle | GameKind::Kalah) {
        return Vec::new();
    }
    let Some(from) = m.selection.path().last() else {
        return Vec::new();
    };
    let mut path = m.selection.path().to_vec();
    targets
        .iter()
        .filter(|to| {
            path.push((*to).clone());
            let capture = m
                .choices
                .moves
                .iter()
                .any(|c| c.path.starts_with(&path) && c.text.contains('x'));
            path.pop();
            capture
        })
        .filter_map(|to| jumped_point(from, to))
        .collect()
}

/// The least room the panel keeps beside the board (landscape), in text units.
const PANEL_MIN_UNITS: f32 = 22.0;

/// The room kept under the board on a phone for the players, the status and the buttons, in
/// text units, until the panel has been measured.
const PANEL_UPRIGHT_UNITS: f32 = 20.0;

/// Draws the game `m` in `body`: the board (presses, drags and clicks enter moves while it is
/// in play), the side panel (below the board on a phone), and the result card once it is
/// over.
pub(super) fn draw(app: &App, m: &Match, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    if ui.portrait {
        return upright(app, m, ui, body, actions);
    }
    let view = m.view();
    let (board_area, panel) = split(ui, body, aspect(&view), ui.unit * PANEL_MIN_UNITS);
    let playing = app.screen() == Screen::Game;
    board(app, m, ui, board_area, (playing, true), actions);
    game_panel(app, m, ui, panel, actions);
    if app.screen() == Screen::GameOver && !app.result_hidden() && m.looking.is_none() {
        game_over::card((m, app.in_tournament_game()), ui, board_area, None, actions);
    }
}

/// The game on a phone held upright: the board across the screen's width (as wide as leaves
/// the players and the six places of play in view, and never so small that a point or a house
/// is under [`crate::layout::BOARD_TOUCH_MIN`] pixels), then the panel, then the moves. The
/// screen scrolls when that is more than it holds: a finger dragged over it (the board too,
/// unless it carries a piece), or the wheel.
fn upright(app: &App, m: &Match, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let view = m.view();
    // The panel's players, status and buttons stay in view under the board.
    let measured = Measured {
        essential: "game.panel.essential",
        panel: "game.panel",
        essential_units: PANEL_UPRIGHT_UNITS,
    };
    let (board_area, panel) = upright_areas(app, ui, (body, body), &view, &measured, actions);
    let playing = app.screen() == Screen::Game;
    board(app, m, ui, board_area, (playing, true), actions);
    let (bottom, grid) = phone_panel(app, m, ui, panel, actions);
    ui.heights().set("game.panel", bottom - panel.y);
    controls::overlays(app, m, ui, grid, actions);
    if app.screen() == Screen::GameOver && !app.result_hidden() && m.looking.is_none() {
        game_over::card(
            (m, app.in_tournament_game()),
            ui,
            body,
            Some(board_area.y),
            actions,
        );
    }
    controls::menu(app, m, ui, (body, grid), actions);
}

/// The board of the game in `area`, with what the pointer and the keys do to it: presses and
/// drags enter moves while `playing` (the game screen's, or a puzzle's board), when `open`
/// lets them and the match takes them.
pub(super) fn board(
    app: &App,
    m: &Match,
    ui: &Ui,
    area: Area,
    (playing, open): (bool, bool),
    actions: &mut Vec<Action>,
) {
    let view = m.view();
    let frame = Frame::fit(geometry::extent(&view), area, m.flipped);
    let hover = geometry::hit(&view, &frame, ui.input.mouse);
    let mut marks = match_marks(m, hover.clone());
    marks.cursor = app.cursor().map(str::to_owned);
    if !open {
        marks.targets.clear();
        marks.capturable.clear();
    }
    // The piece being dragged follows the pointer.
    if let Some(from) = app.dragging()
        && ui.input.down
        && ui.input.dragged
        && m.can_enter_move()
        && open
    {
        marks.moving = Some((from.to_owned(), frame.to_unit(ui.input.mouse)));
    }
    boards::draw(&view, &frame, &marks, (ui.fonts, ui.words));
    note_cells(m, &view, &frame, ui, open);
    if playing {
        // The cell the press aimed at in the picture shown (never one under the bar or
        // scrolled out of the board's view): a piece picked up at once, to be dragged;
        // anything else when the tap ends there, so a swipe that starts on the board plays
        // nothing.
        if let Some(cell) = ui.input.pressed_cell()
            && m.picks_up(cell)
        {
            actions.push(Action::Game(GameAction::Press(cell.to_owned())));
        }
        if ui.input.released && app.dragging().is_some() {
            actions.push(Action::Game(GameAction::Release(
                ui.input.released_cell().map(str::to_owned),
            )));
        } else if let Some(cell) = ui.input.tapped_cell() {
            actions.push(Action::Game(GameAction::Cell(cell.to_owned())));
        }
        if ui.input.right_clicked {
            actions.push(Action::Game(GameAction::StopChain));
        }
    }
    if app.typing_move() {
        move_typing(app, ui, actions);
    } else {
        keyboard(app, (&view, &frame), ui, playing, actions);
        if ui.input.typed.contains(&'f') {
            actions.push(Action::Game(GameAction::Flip));
        }
    }
}

/// The keys on the board. While the cursor is there (Tab brings it: [`crate::keys`]) the
/// arrow keys move it to the nearest cell that way on the screen, Enter or Space picks the
/// cell under it, and Escape lets go of a piece (then of the board). Without the cursor, the
/// arrows, Home and End step through the moves, and Enter ends a chain of captures.
fn keyboard(
    app: &App,
    (view, frame): (&BoardView, &Frame),
    ui: &Ui,
    playing: bool,
    actions: &mut Vec<Action>,
) {
    let input = ui.input;
    if let Some(cell) = app.cursor() {
        let ways = [
            (KeyCode::Left, (-1.0, 0.0)),
            (KeyCode::Right, (1.0, 0.0)),
            (KeyCode::Up, (0.0, -1.0)),
            (KeyCode::Down, (0.0, 1.0)),
        ];
        for (key, way) in ways {
            if input.key(key)
                && let Some(next) = neighbour(view, frame, cell, way)
            {
                actions.push(Action::Key(KeyAction::Cursor(Some(next))));
            }
        }
        if playing && (input.enter() || input.key(KeyCode::Space)) {
            actions.push(Action::Key(KeyAction::PickAtCursor));
        }
        if input.key(KeyCode::Escape) {
            actions.push(Action::Key(KeyAction::LetGo));
        }
        return;
    }
    if playing && input.enter() && app.key_focus().is_none() {
        actions.push(Action::Game(GameAction::StopChain));
    }
    let keys = [
        (KeyCode::Left, Action::Game(GameAction::LookStep(-1))),
        (KeyCode::Right, Action::Game(GameAction::LookStep(1))),
        (KeyCode::Home, Action::Game(GameAction::LookAt(0))),
        (KeyCode::End, Action::Game(GameAction::LookPresent)),
    ];
    for (key, action) in keys {
        if input.key(key) {
            actions.push(action);
        }
    }
}

/// The cell nearest `from` on the screen in the direction `(dx, dy)` (screen pixels, y down),
/// favouring cells in line with it; none at the board's edge.
pub fn neighbour(
    view: &BoardView,
    frame: &Frame,
    from: &str,
    (dx, dy): (f32, f32),
) -> Option<String> {
    let kind = geometry::kind_of(view);
    let at = |c: &str| geometry::cell_unit(kind, view, c).map(|u| frame.to_px(u));
    let p = at(from)?;
    geometry::cells(view)
        .into_iter()
        .filter(|c| c != from)
        .filter_map(|c| {
            let q = at(&c)?;
            let (vx, vy) = (q.x - p.x, q.y - p.y);
            let along = vx * dx + vy * dy;
            let across = (vx * dy - vy * dx).abs();
            (along > 1.0).then_some((along + 2.0 * across, c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Typing in the move field, where the window takes the keys: Enter plays, Escape leaves the
/// field.
fn move_typing(app: &App, ui: &Ui, actions: &mut Vec<Action>) {
    let field = (Field::Move, app.move_entry());
    field_keys(
        ui,
        field,
        Action::Key(KeyAction::PlayTyped),
        Action::Settings(SettingsAction::Focus(None)),
        actions,
    );
}

/// Notes each cell of the board for the frame's record, and whether a click there enters
/// (part of) a move now: a cell where one of the moves that go on from the selection goes next
/// (none unless `open`).
fn note_cells(m: &Match, view: &BoardView, frame: &Frame, ui: &Ui, open: bool) {
    let kind = m.kind();
    let chosen = m.selection.path();
    let next: Vec<&str> = if m.can_enter_move() && open {
        m.choices
            .moves
            .iter()
            .filter(|c| c.path.len() > chosen.len() && c.path.starts_with(chosen))
            .map(|c| c.path[chosen.len()].as_str())
            .collect()
    } else {
        Vec::new()
    };
    // The area a tap takes: the square round a square or a house, the circle's square round a
    // point.
    let r = frame.px(geometry::pick_radius(view));
    for name in geometry::cells(view) {
        let Some(u) = geometry::cell_unit(kind, view, &name) else {
            continue;
        };
        let c = frame.to_px(u);
        let area = Area {
            x: c.x - r,
            y: c.y - r,
            w: 2.0 * r,
            h: 2.0 * r,
        };
        ui.cell_drawn(&name, area, next.contains(&name.as_str()));
    }
}

/// The height of a player's row.
fn player_h(unit: f32) -> f32 {
    unit * 2.5
}

/// A player's row from the top of `a`: colour, name (with the rating) over the side, and the
/// clock or whose turn. A long name takes a smaller size or a second line, never cut. Returns
/// the row's height.
fn player_row(m: &Match, ui: &Ui, side: Side, a: Area) -> f32 {
    let kind = m.kind();
    let to_move = !m.finished() && m.game.side_to_move() == side;
    let right = a.x + a.w - ui.unit * 0.6;
    let clock = m.clocks.as_ref().map(|c| {
        let running = c.running == Some(side) && !m.finished();
        let low = c.left_ms[side.index()] < 10_000.0;
        let colour = match (running, low) {
            (true, true) => theme::BAD,
            (true, false) => theme::ACCENT,
            _ => theme::TEXT_DIM,
        };
        (c.text(side), colour)
    });
    let clock_size = ui.unit * 1.15;
    let clock_w = clock
        .as_ref()
        .map_or(0.0, |(t, _)| ui.width(t, true, clock_size) + ui.unit * 0.6);
    let text_x = a.x + ui.unit * 2.0;
    let room = right - clock_w - text_x;
    let name = ui.say(&seat_label(&m.names[side.index()], m.ratings[side.index()]));
    let (name_size, name_lines) = ui.fitted(&name, true, ui.unit, room);
    // The side under the name (unless the name is the side's), the computer, whose turn.
    let mut parts = Vec::new();
    let side_name = terms::side_name(kind, side);
    if m.names[side.index()] != side_name {
        parts.push(ui.say(&side_name));
    }
    if m.ai[side.index()] {
        parts.push(ui.t("player-computer"));
    }
    if to_move && clock.is_none() {
        parts.push(ui.t("player-to-move"));
    }
    let detail = capitalise(&parts.join(" · "));
    let (small, detail_lines) = if detail.is_empty() {
        (ui.unit * 0.8, Vec::new())
    } else {
        ui.fitted(&detail, false, ui.unit * 0.8, room)
    };
    let name_h = name_lines.len() as f32 * name_size * 1.2;
    let detail_h = detail_lines.len() as f32 * small * 1.25;
    let h = player_h(ui.unit).max(name_h + detail_h + ui.unit * 0.5);
    let a = Area { h, ..a };
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
    let mut y = cy - (name_h + detail_h) / 2.0;
    for line in &name_lines {
        ui.strong(
            line,
            text_x,
            y + name_size * 0.6,
            name_size,
            theme::TEXT,
            Align::Left,
        );
        y += name_size * 1.2;
    }
    for line in &detail_lines {
        paint::text(
            line,
            text_x,
            y + small * 0.62,
            small,
            &ui.fonts.regular,
            if to_move {
                theme::ACCENT
            } else {
                theme::TEXT_DIM
            },
            Align::Left,
        );
        y += small * 1.25;
    }
    if let Some((text, colour)) = clock {
        ui.strong(&text, right, cy, clock_size, colour, Align::Right);
    }
    h
}

/// The side panel beside the board: the players and their clocks, the look back, the status
/// and the last turn, the counters, the hint, the buttons of play (from the bottom up) and the
/// moves in the space between.
fn game_panel(app: &App, m: &Match, ui: &Ui, a: Area, actions: &mut Vec<Action>) {
    ui.panel(a);
    let inner = a.inset(ui.unit * 0.9);
    let y = players(m, ui, inner, inner.y);
    let controls_top = inner.y + inner.h - controls::panel_controls_h(app, m, ui, inner);
    let grid = controls::panel_controls(app, m, ui, inner, controls_top, actions);
    let limit = controls_top - ui.unit * 0.4;
    let y = about(app, m, ui, inner, (y, limit), actions);
    // The move list fills what is left; a click on a move looks back at it.
    moves(m, ui, inner, y + ui.unit * 0.4, limit, actions);
    controls::overlays(app, m, ui, grid, actions);
}

/// The panel under the board on a phone, flowing down from the top of `a`: the players and the
/// six places of the main actions (what stays in view under the board), then what is said
/// about the game, the move field and the moves. Returns the y below and the six places' area.
fn phone_panel(app: &App, m: &Match, ui: &Ui, a: Area, actions: &mut Vec<Action>) -> (f32, Area) {
    let pad = ui.unit * 0.6;
    let inner = a.inset(pad);
    let content_h = ui.heights().get("game.panel.content").unwrap_or(inner.h);
    ui.panel(Area {
        h: content_h + 2.0 * pad,
        ..a
    });
    let y = players(m, ui, inner, inner.y);
    let grid = controls::phone_grid(app, m, ui, inner, y, actions);
    let y = grid.y + grid.h;
    ui.heights().set("game.panel.essential", y - a.y + pad);
    let y = about(
        app,
        m,
        ui,
        inner,
        (y + ui.unit * 0.2, f32::INFINITY),
        actions,
    );
    let y = controls::move_field(app, ui, inner, y + ui.unit * 0.3, actions);
    // The moves, under the rest: as many lines as they take, a few at least.
    let line_h = ui.unit * 1.3;
    let lines = m.moves.len().div_ceil(2).clamp(2, 12) as f32;
    let bottom = y + ui.unit * 0.4 + lines * line_h + 8.0;
    moves(m, ui, inner, y + ui.unit * 0.4, bottom, actions);
    ui.heights().set("game.panel.content", bottom - inner.y);
    (bottom + pad, grid)
}

/// The players' rows, in board order (the side at the top of the board first) from `y`; on a
/// short phone the two side by side, so the board keeps its room; returns the y below.
fn players(m: &Match, ui: &Ui, inner: Area, y: f32) -> f32 {
    let ph = player_h(ui.unit);
    let (top, bottom) = if m.flipped {
        (Side::First, Side::Second)
    } else {
        (Side::Second, Side::First)
    };
    if side_by_side(ui) {
        let halves = crate::draw::ui::columns(Area { h: ph, y, ..inner }, 2, 4.0);
        let h = [top, bottom]
            .into_iter()
            .zip(halves)
            .map(|(side, half)| player_row(m, ui, side, half))
            .fold(0.0, f32::max);
        return y + h + 4.0 + ui.unit * 0.3;
    }
    let mut y = y;
    for side in [top, bottom] {
        y += player_row(m, ui, side, Area { h: ph, y, ..inner }) + 4.0;
    }
    y + ui.unit * 0.3
}

/// Whether the players' rows go side by side: on a phone held upright whose window is short
/// (under [`SHORT_PHONE`] pixels high).
fn side_by_side(ui: &Ui) -> bool {
    ui.portrait && ui.window_h() < SHORT_PHONE
}

/// A phone's window height under which the players share one row.
const SHORT_PHONE: f32 = 720.0;

/// What is said about the game from `y`, each part only while it stays above `limit`: the
/// status (or the look back, with a button back to the latest move), a correspondence game's
/// deadline, the last turn, the game's number, its pace and its watchers, the counters and the
/// hint. Returns the y below.
fn about(
    app: &App,
    m: &Match,
    ui: &Ui,
    inner: Area,
    (y, limit): (f32, f32),
    actions: &mut Vec<Action>,
) -> f32 {
    let mut y = y;
    if let Some(ply) = m.looking {
        let at = if ply == 0 {
            crate::say!("looking-at-start")
        } else {
            crate::say!("looking-at-move", ply = ply, count = m.moves.len())
        };
        y = ui.paragraph(
            &ui.say(&crate::say!("looking-back", at = at)),
            inner.x,
            y + ui.unit * 0.5,
            inner.w,
            theme::HINT,
        );
        let bh = ui.small_row_h(0.85);
        if y + bh < limit {
            let b = Area {
                x: inner.x,
                y,
                w: inner.w.min(ui.unit * 12.0),
                h: bh,
            };
            if ui.button(b, &ui.t("play-latest"), Look::Primary) {
                actions.push(Action::Game(GameAction::LookPresent));
            }
            y += bh + ui.unit * 0.2;
        }
    } else {
        let status_color = if m.finished() {
            theme::ACCENT
        } else {
            theme::TEXT
        };
        y = ui.paragraph(
            &ui.say(&m.status()),
            inner.x,
            y + ui.unit * 0.5,
            inner.w,
            status_color,
        );
    }
    // A correspondence game's deadline, in place of the clocks.
    if let Some(line) = crate::deadline::line(m, app.now_ms()) {
        let colour = if m.my_turn() {
            theme::ACCENT
        } else {
            theme::TEXT
        };
        y = ui.paragraph(&ui.say(&line), inner.x, y, inner.w, colour);
    }
    if let Some(note) = m.turn_note()
        && y + ui.unit * 1.4 < limit
    {
        y = ui.paragraph(&ui.say(&note), inner.x, y, inner.w, theme::TEXT_DIM);
    }
    // The game's number (to find it again, or pass it on), its pace when it is played by
    // correspondence, and who is watching.
    let mut about = Vec::new();
    if let Some(id) = m.id.filter(|_| m.online) {
        about.push(ui.say(&crate::say!("game-number", id = id.to_string())));
    }
    if let Some(pace) = m.pace {
        about.push(ui.say(&crate::app::pace_words(pace)));
    }
    if matches!(m.seats, Seats::Watching) {
        about.push(ui.say(&crate::say!(
            "you-are-watching",
            count = app.watchers().max(1)
        )));
    } else if app.watchers() > 0 {
        about.push(ui.say(&crate::say!("watching-count", count = app.watchers())));
    }
    if !about.is_empty() && y + ui.unit * 1.4 < limit {
        let line = capitalise(&about.join(" · "));
        y = ui.paragraph(&line, inner.x, y, inner.w, theme::TEXT_DIM);
    }
    y += ui.unit * 0.3;
    let mut counters = m.counters();
    if ui.portrait {
        // The move list counts the moves; a phone's panel is short of room.
        counters.retain(|(label, _)| label.id() != Some("counter-moves"));
    }
    let counters: Vec<(String, String)> = counters
        .iter()
        .map(|(label, value)| (ui.say(label), ui.say(value)))
        .collect();
    let small = ui.unit * if ui.portrait { 0.8 } else { 1.0 };
    // Two to a row in portrait, where height is short, when they fit so.
    let fits_half = counters.iter().all(|(label, value)| {
        ui.width(label, false, small) + ui.width(value, true, small) + ui.unit * 1.5
            <= (inner.w - ui.unit) / 2.0
    });
    let per_line = if ui.portrait && fits_half { 2 } else { 1 };
    let line_h = ui.unit * if ui.portrait { 1.2 } else { 1.35 };
    let counters_h = counters.len().div_ceil(per_line) as f32 * line_h;
    if y + counters_h < limit {
        let col_w = (inner.w - ui.unit * (per_line - 1) as f32) / per_line as f32;
        for (i, (label, value)) in counters.iter().enumerate() {
            let x = inner.x + (i % per_line) as f32 * (col_w + ui.unit);
            let cy = y + (i / per_line) as f32 * line_h;
            let vw = ui.width(value, true, small);
            let label = paint::fit(label, &ui.fonts.regular, small, col_w - vw - ui.unit * 0.5);
            paint::text(
                &label,
                x,
                cy,
                small,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            ui.strong(value, x + col_w, cy, small, theme::TEXT, Align::Right);
        }
        y += counters_h;
    }
    if let Some(h) = &m.hint
        && y + ui.unit * 2.6 < limit
    {
        y = hint_block(ui, inner, y, h, (m.kind(), m.game.side_to_move()));
    }
    y
}

/// The moves in `inner`'s width from `top` to `bottom`; a click on one looks back at it.
fn moves(m: &Match, ui: &Ui, inner: Area, top: f32, bottom: f32, actions: &mut Vec<Action>) {
    let list = Area {
        x: inner.x,
        y: top,
        w: inner.w,
        h: bottom - top,
    };
    let texts: Vec<(Side, String)> = m.moves.iter().map(|p| (p.side, p.text.clone())).collect();
    move_list(
        ui,
        m.kind(),
        &texts,
        list,
        Some(m.shown_ply()),
        |ply| Action::Game(GameAction::LookAt(ply)),
        actions,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::LobbyAction;
    use crate::app::{ConnectionEvent, MatchEvent};
    use crate::app::{Event, Opened};
    use crate::draw::Fonts;
    use crate::layout::tests::SIZES;
    use crate::layout::{self, Window, label_fit, row_h};
    use crate::words::{Language, Words};
    use chaupal_rules::{AnyGame, GameKind};
    use chaupal_shared::protocol::{GameEvent, OfferKind};

    /// The panel of a game screen in a window of `w` x `h`, as `draw` lays it out.
    fn panel(w: f32, h: f32, kind: GameKind) -> (Area, f32, bool) {
        let win = Window::new(w, h);
        let game = AnyGame::start(kind, [("", ""); 0]).expect("start");
        let view = crate::view::BoardView::of(&game);
        let e = geometry::extent(&view);
        let aspect = (e.y1 - e.y0) / (e.x1 - e.x0);
        let (_, panel) = layout::board_and_panel(
            win.body,
            win.unit,
            win.portrait,
            win.gap,
            aspect,
            win.unit * PANEL_MIN_UNITS,
        );
        (panel, win.unit, win.portrait)
    }

    /// Apps in the states that show the most buttons, or the longest.
    fn states() -> Vec<App> {
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let open = |seats, ai: bool| {
            let mut app = App::new(false);
            app.apply(Event::Connection(ConnectionEvent::Welcomed {
                name: "asha".into(),
            }));
            let mut m = Match::new(game.clone(), seats, true);
            m.ai = [false, ai];
            m.names = ["Asha Rai (1523)".into(), "AI level 8 (1850)".into()];
            app.apply(Event::Game(MatchEvent::Opened(Box::new(Opened {
                game: m,
                watchers: 3,
                offers: Vec::new(),
            }))));
            app
        };
        let mut person = open(Seats::One(Side::First), false);
        person.apply(Event::Game(MatchEvent::Next(GameEvent::OfferMade {
            kind: OfferKind::Draw,
            by: Side::Second,
        })));
        let mut resigning = open(Seats::One(Side::First), true);
        resigning.handle(Action::Game(GameAction::Resign));
        let mut looking = open(Seats::One(Side::First), true);
        looking.apply(Event::Game(MatchEvent::Next(GameEvent::Moved {
            ply: 1,
            side: Side::First,
            notation: "c3".into(),
            clocks: None,
            turn: None,
            deadline_ms: None,
        })));
        looking.handle(Action::Game(GameAction::LookAt(0)));
        let mut local = App::new(true);
        local.handle(Action::Lobby(LobbyAction::Start));
        vec![
            person,
            resigning,
            looking,
            local,
            open(Seats::Watching, false),
        ]
    }

    #[test]
    fn every_button_label_of_the_game_panel_fits_at_every_window_size_in_every_language() {
        let m = Fonts::load().expect("the bundled fonts");
        for language in Language::ALL {
            buttons_fit(&m, &Words::new(language));
        }
    }

    /// Asserts that `labels` laid `per_row` to a row across `area` each show whole.
    fn all_whole(m: &Fonts, labels: &[String], area: Area, per_row: usize, bh: f32, unit: f32) {
        let cells = layout::grid(area, 0.0, labels.len(), per_row, bh);
        for (cell, label) in cells.iter().zip(labels) {
            let (_, whole) = label_fit(m, label, *cell, unit);
            assert!(whole, "\"{label}\" is cut in {cell:?} ({area:?})");
        }
    }

    /// Asserts that the game panel's buttons fit at every window size in `words`: beside the
    /// board, every button in rows of up to two; on a phone, the six places three to a row,
    /// the menu's actions in the menu's width, and the answers to a question two to a row.
    fn buttons_fit(m: &Fonts, words: &Words) {
        let tag = words.language().tag();
        for (w, h) in SIZES {
            for kind in GameKind::ALL {
                let (panel, unit, portrait) = panel(w, h, kind);
                let pad = unit * if portrait { 0.6 } else { 0.9 };
                let inner = panel.inset(pad);
                let bh = row_h(unit, portrait) * if portrait { 1.0 } else { 0.9 };
                let say = |ids: &[&str]| ids.iter().map(|l| words.t(l)).collect::<Vec<_>>();
                for app in states() {
                    let Some(game) = app.current() else {
                        continue;
                    };
                    if portrait {
                        let (six, rest) = controls::phone_split(&app, game);
                        let six: Vec<&str> = six.iter().map(|b| b.0).collect();
                        all_whole(m, &say(&six), inner, 3, bh, unit);
                        let menu_w = (inner.w * 0.62).max(unit * 14.0).min(inner.w) - 2.0 * pad;
                        let rest: Vec<&str> = rest.iter().map(|b| b.0).collect();
                        let menu = Area { w: menu_w, ..inner };
                        all_whole(m, &say(&rest), menu, 1, bh, unit);
                        continue;
                    }
                    let buttons = controls::buttons(&app, game, portrait);
                    let labels: Vec<String> = buttons.iter().map(|(l, _, _)| words.t(l)).collect();
                    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
                    let per_row = layout::per_row(m, &refs, inner.w, bh, unit, 2);
                    all_whole(m, &labels, inner, per_row, bh, unit);
                    // The buttons leave room for the players and the status above them.
                    let rows = labels.len().div_ceil(per_row);
                    let used = layout::grid_h(rows, bh) + 2.0 * (player_h(unit) + 4.0);
                    assert!(
                        used + unit * 3.0 <= inner.h,
                        "{tag} {w}x{h} {kind:?}: {rows} rows of buttons ({labels:?}, {per_row} a row) overflow the panel {inner:?}"
                    );
                }
                // The answers to a question, two to a row; the end of a chain, one.
                for pair in [
                    ["play-resign-yes", "play-keep-playing"],
                    ["play-accept", "play-decline"],
                ] {
                    all_whole(m, &say(&pair), inner, 2, bh, unit);
                }
                all_whole(m, &say(&["play-stop-chain"]), inner, 1, bh, unit);
            }
        }
    }

    /// The labels of the phone's six places for `app`'s game.
    fn six(app: &App) -> Vec<&'static str> {
        let game = app.current().expect("a game");
        controls::phone_split(app, game)
            .0
            .iter()
            .map(|b| b.0)
            .collect()
    }

    #[test]
    fn the_phones_six_places_stay_put_through_a_move_a_hint_and_a_question() {
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let mut app = App::new(false);
        app.apply(Event::Connection(ConnectionEvent::Welcomed {
            name: "asha".into(),
        }));
        let mut m = Match::new(game, Seats::One(Side::First), true);
        m.ai = [false, true];
        m.id = Some(7);
        app.apply(Event::Game(MatchEvent::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: Vec::new(),
        }))));
        let first = six(&app);
        assert_eq!(
            first,
            [
                "play-back",
                "play-forward",
                "play-more",
                "play-take-back",
                "play-hint",
                "play-resign"
            ]
        );
        app.apply(Event::Game(MatchEvent::Next(GameEvent::Moved {
            ply: 1,
            side: Side::First,
            notation: "c3".into(),
            clocks: None,
            turn: None,
            deadline_ms: None,
        })));
        assert_eq!(six(&app), first, "after the first move");
        app.handle(Action::Game(GameAction::Resign));
        assert!(app.resign_asked());
        assert_eq!(six(&app), first, "while resigning is asked");
        app.handle(Action::Game(GameAction::LookStep(-1)));
        assert_eq!(six(&app), first, "looking back");
        let (_, menu) = controls::phone_split(&app, app.current().expect("a game"));
        let menu: Vec<&str> = menu.iter().map(|b| b.0).collect();
        assert_eq!(menu, ["play-flip", "choices-rules", "play-share", "lobby"]);
    }

    #[test]
    fn the_menu_opens_and_closes_and_its_actions_are_not_among_the_six() {
        for app in states() {
            let game = app.current().expect("a game");
            let (six, rest) = controls::phone_split(&app, game);
            for b in &rest {
                assert!(!six.iter().any(|s| s.0 == b.0), "{} twice", b.0);
            }
            let all = controls::buttons(&app, game, true);
            assert_eq!(
                all.len(),
                rest.len() + six.iter().filter(|s| s.0 != "play-more").count(),
                "every button is in one place or the menu: {:?}",
                all.iter().map(|b| b.0).collect::<Vec<_>>()
            );
        }
        let mut app = states().remove(1);
        app.handle(Action::Game(GameAction::Menu(true)));
        assert!(app.current().expect("a game").menu_open);
        app.handle(Action::Game(GameAction::Menu(false)));
        assert!(!app.current().expect("a game").menu_open);
    }

    #[test]
    fn a_players_line_keeps_the_clock_and_the_side_whole() {
        let m = Fonts::load().expect("the bundled fonts");
        for (w, h) in SIZES {
            let (panel, unit, portrait) = panel(w, h, GameKind::BaghChal);
            let pad = unit * if portrait { 0.6 } else { 0.9 };
            let inner = panel.inset(pad);
            let right = inner.x + inner.w - unit * 0.6;
            let clock_w = m.width("1:02:09", true, unit * 1.15) + unit * 0.6;
            let room = right - clock_w - (inner.x + unit * 2.0);
            for line in ["Tigers · computer", "Goats · to move"] {
                let width = m.width(line, false, unit * 0.8);
                assert!(width <= room, "{w}x{h}: \"{line}\" ({width}) in {room}");
            }
            // A name of up to 16 characters with a rating shows whole.
            let name = m.width("Asha Rai (1523)", true, unit);
            assert!(name <= room, "{w}x{h}: a name ({name}) in {room}");
        }
    }
}
