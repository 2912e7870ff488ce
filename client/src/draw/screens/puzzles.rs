//! The Puzzles screen: the puzzle's board, its solver's side at the bottom, where moves are
//! entered as in a game (the game screen's board: [`super::game::board`]); and beside it (under
//! it on a phone, where the screen scrolls) what to find, the puzzle's rating and themes, the
//! player's rating (or the streak and the best), each move's verdict with the ratings' change
//! at the attempt's end, the buttons (try again, the solution, the next puzzle: a skip that
//! asks for a second press while leaving would cost the rated attempt), and the choices for
//! the next puzzle: a game, a theme, rated or a streak.

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::puzzles::PuzzleMode;
use macroquad::prelude::{Color, KeyCode};

use super::common::{
    Measured, aspect, game_title, split, stepper, touch_least, upright_areas, value_stepper,
};
use super::game;
use crate::app::{Action, App};
use crate::app::{GameAction, PuzzleAction, ScreenAction};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::Align;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::{self, Area, Frame};
use crate::layout::{self, Measure};
use crate::puzzles::{Attempt, Leave, Puzzles, Stage, words};
use crate::say;
use crate::view::BoardView;
use crate::words::Phrase;

/// The least room the panel keeps beside the board (landscape), in text units.
const PANEL_MIN_UNITS: f32 = 22.0;

/// The room kept under the board on a phone for what to find, the verdict and the buttons, in
/// text units, until the panel has been measured.
const PANEL_UPRIGHT_UNITS: f32 = 16.0;

/// Draws the Puzzles screen in `body`.
pub(super) fn draw(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    if ui.portrait {
        upright(app, ui, body, actions);
    } else {
        let shape = board_view(app).map_or(1.0, |v| aspect(&v));
        let (board_area, panel) = split(ui, body, shape, ui.unit * PANEL_MIN_UNITS);
        board(app, ui, board_area, actions);
        ui.panel(panel);
        let inner = panel.inset(ui.unit * 0.9);
        content(app, ui, inner, actions);
    }
    if ui.input.key(KeyCode::Escape) && app.cursor().is_none() {
        actions.push(Action::Screen(ScreenAction::Back));
    }
}

/// A phone held upright: the board across the screen's width (as wide as leaves what to find,
/// the verdict and the buttons in view), then the panel; the screen scrolls to the choices
/// when they do not fit (a finger dragged over the panel, or the wheel).
fn upright(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let Some(view) = board_view(app) else {
        return;
    };
    // A board whose cells would be narrower than a fingertip within the body's margins takes
    // the window's whole width (Kalah on the narrowest phones).
    let e = geometry::extent(&view);
    let across = if body.w / (e.x1 - e.x0) < touch_least(&view) {
        Area {
            x: 0.0,
            w: body.w + 2.0 * body.x,
            ..body
        }
    } else {
        body
    };
    let measured = Measured {
        essential: "puzzles.essential",
        panel: "puzzles.panel",
        essential_units: PANEL_UPRIGHT_UNITS,
    };
    let (board_area, panel) = upright_areas(app, ui, (body, across), &view, &measured, actions);
    board(app, ui, board_area, actions);
    let pad = ui.unit * 0.6;
    let inner = panel.inset(pad);
    let content_h = ui.heights().get("puzzles.content").unwrap_or(inner.h);
    ui.panel(Area {
        h: content_h + 2.0 * pad,
        ..panel
    });
    let (essential, bottom) = content(app, ui, inner, actions);
    ui.heights()
        .set("puzzles.essential", essential - panel.y + pad);
    ui.heights().set("puzzles.content", bottom - inner.y);
    ui.heights().set("puzzles.panel", bottom + pad - panel.y);
}

/// What the board shows: the puzzle's position (or a move of it being shown), else the start
/// of the game chosen (the lobby's, for any) while a puzzle is awaited.
fn board_view(app: &App) -> Option<BoardView> {
    let p = app.puzzles();
    match &p.attempt {
        Some(a) => Some(a.board.view()),
        None => {
            let kind = p.game.unwrap_or(app.lobby().kind);
            AnyGame::start(kind, std::iter::empty::<(&str, &str)>())
                .ok()
                .map(|g| BoardView::of(&g))
        }
    }
}

/// The board in `area`: the puzzle's, taking moves while one is to be found; else the game's
/// start, which takes none.
fn board(app: &App, ui: &Ui, area: Area, actions: &mut Vec<Action>) {
    let p = app.puzzles();
    match &p.attempt {
        Some(a) => {
            let open = !p.asking && matches!(a.stage, Stage::Finding { .. });
            game::board(app, &a.board, ui, area, (true, open), actions);
        }
        None => {
            if let Some(view) = board_view(app) {
                let frame = Frame::fit(geometry::extent(&view), area, false);
                boards::draw(&view, &frame, &Marks::default(), (ui.fonts, ui.words));
            }
        }
    }
}

/// The panel's content in `inner`, from its top: the buttons, then the puzzle's task (or why
/// there is none) and its verdict in room kept for them, then the choices for the next one.
/// Returns the y below that room (what a phone keeps in view under the board) and the y below
/// it all.
fn content(app: &App, ui: &Ui, inner: Area, actions: &mut Vec<Action>) -> (f32, f32) {
    let p = app.puzzles();
    let y = inner.y + ui.unit * 0.2;
    let attempt = p.attempt.as_ref().filter(|_| !p.asking);
    // The buttons first, right under the board, with room of a fixed height kept under them
    // for the task and the verdict: the board keeps its size from puzzle to puzzle, and
    // nothing the finger aims at moves as the text changes.
    let y = buttons(app, ui, inner, y, actions);
    let kept = y + TEXT_LINES * ui.unit * 0.95 * 1.45;
    let below = match attempt {
        Some(a) => {
            let y = about(ui, p, a, inner, y + ui.unit * 0.5);
            verdict(ui, a, inner, y + ui.unit * 0.5)
        }
        None => {
            let (text, colour) = match &p.problem {
                Some(why) if !p.asking => (ui.say(why), theme::BAD),
                _ => (ui.t("puzzle-finding"), theme::TEXT_DIM),
            };
            text_block(ui, &text, inner, y + ui.unit * 0.5, colour)
        }
    };
    let y = choices(p, ui, inner, below.max(kept) + ui.unit * 1.2, actions);
    (kept, y)
}

/// The lines of text kept under the buttons for the task and the verdict on a move, so that
/// they come without moving anything or resizing the board (a verdict with the ratings' change
/// and a streak's end takes six at a phone's width).
const TEXT_LINES: f32 = 7.0;

/// Text wrapped to `inner`'s width from `top`; returns the y below it.
fn text_block(ui: &Ui, text: &str, inner: Area, top: f32, colour: Color) -> f32 {
    // As [`Ui::paragraph`] sets it.
    let step = ui.unit * 0.95 * 1.45;
    ui.paragraph(text, inner.x, top + step / 2.0, inner.w, colour) - step / 2.0
}

/// Bold text from `top` at `size` (smaller, or on more lines, to fit `inner`'s width); returns
/// the y below it.
fn bold_block(ui: &Ui, text: &str, inner: Area, top: f32, size: f32, colour: Color) -> f32 {
    let (size, lines) = ui.fitted(text, true, size, inner.w);
    let step = size * 1.3;
    let mut y = top;
    for line in &lines {
        ui.strong(line, inner.x, y + step / 2.0, size, colour, Align::Left);
        y += step;
    }
    y
}

/// The puzzle from `top`: its game, what to find, its rating and themes, and the player's
/// rating, the streak and the best, or which of their mistakes it is. Returns the y below.
fn about(ui: &Ui, p: &Puzzles, a: &Attempt, inner: Area, top: f32) -> f32 {
    let info = &a.info;
    let title = game_title(ui, &a.board.start);
    let y = bold_block(ui, &title, inner, top, ui.unit * 1.2, theme::TEXT);
    let task = ui.say(&words::task(info.game, info.solver, info.goal));
    let y = bold_block(
        ui,
        &task,
        inner,
        y + ui.unit * 0.2,
        ui.unit * 1.05,
        theme::ACCENT,
    );
    let mut facts = vec![ui.say(&say!(
        "puzzle-rating",
        rating = words::rating_number(info.rating)
    ))];
    facts.extend(info.themes.iter().map(|t| ui.say(&words::theme_name(t))));
    let y = text_block(
        ui,
        &facts.join(" · "),
        inner,
        y + ui.unit * 0.3,
        theme::TEXT_DIM,
    );
    // One streak line: the streak as it stands (with this puzzle once it is solved), and the
    // best.
    let (streak, best) = a
        .outcome
        .as_ref()
        .map_or((info.streak, p.best_streak), |o| {
            (o.streak, o.best_streak.max(p.best_streak))
        });
    let who = if info.mode == PuzzleMode::Streak {
        say!("puzzle-streak", count = streak)
    } else if let Some((place, total)) = p.mistake_place() {
        say!("puzzle-from-your-game", place = place, total = total)
    } else if info.rated {
        words::player_rating(&info.player)
    } else {
        say!(
            "puzzle-unrated-attempt",
            rating = words::rating_number(info.player.rating)
        )
    };
    let mut who = ui.say(&who);
    if info.mode == PuzzleMode::Streak {
        who = format!("{who} · {}", ui.say(&words::best_streak(best)));
    }
    text_block(ui, &who, inner, y, theme::TEXT_DIM)
}

/// How the attempt stands, from `top`: the move to find, right, wrong (why, in the game's
/// terms), solved, or the solution; with the ratings' change once the attempt has ended.
/// Returns the y below.
fn verdict(ui: &Ui, a: &Attempt, inner: Area, top: f32) -> f32 {
    let big = |y: f32, text: &Phrase, colour| {
        bold_block(ui, &ui.say(text), inner, y, ui.unit * 1.3, colour)
    };
    let plain = |y: f32, text: &Phrase, colour| text_block(ui, &ui.say(text), inner, y, colour);
    let left = a.left_to_find();
    let mut y = top;
    match &a.stage {
        Stage::Finding { .. } if a.board.pending.is_some() => {
            y = plain(y, &say!("puzzle-checking"), theme::TEXT);
        }
        Stage::Finding { right: true } => {
            y = big(y, &say!("puzzle-right"), theme::GOOD);
            y = plain(y, &say!("puzzle-keep-going", count = left), theme::TEXT);
        }
        Stage::Finding { right: false } => {
            let find = if a.missed {
                say!("puzzle-find-again")
            } else {
                say!("puzzle-to-find", count = left)
            };
            y = plain(y, &find, theme::TEXT);
        }
        Stage::Wrong { .. } => {
            let why = words::wrong_reason(a.info.game, a.info.solver, a.info.goal);
            y = big(y, &why, theme::BAD);
            if let Some(o) = a.outcome.as_ref().filter(|o| o.streak_over) {
                y = big(
                    y,
                    &say!("puzzle-streak-over", count = o.streak),
                    theme::ACCENT,
                );
            }
        }
        Stage::Solved => {
            y = big(y, &say!("puzzle-solved"), theme::GOOD);
            if a.outcome.is_none() && a.missed {
                y = plain(y, &say!("puzzle-solved-again"), theme::TEXT);
            }
        }
        Stage::Solution { line, shown, .. } => {
            let heading = say!("puzzle-solution-shown", shown = *shown, count = line.len());
            y = plain(y, &heading, theme::TEXT);
            y = text_block(ui, &line.join("  "), inner, y, theme::ACCENT);
        }
    }
    if let Some(o) = &a.outcome {
        y = plain(y, &words::rating_change(o), theme::TEXT);
        if o.rated {
            let now = say!(
                "puzzle-rating-now",
                rating = words::rating_number(o.puzzle_rating)
            );
            y = plain(y, &now, theme::TEXT_DIM);
        }
    }
    y
}

/// The buttons for the attempt's stage, from `y`, as many to a row as keep their labels
/// whole; returns the y below.
fn buttons(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let buttons = buttons_for(app, ui.portrait);
    let labels: Vec<String> = buttons.iter().map(|(l, _, _)| ui.t(l)).collect();
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    // A skip's two labels are measured alike: the press that confirms it finds the button
    // where the first press left it.
    let skips = [ui.t("puzzle-skip"), ui.t("puzzle-skip-confirm")];
    let skip_shown = buttons
        .iter()
        .any(|(l, _, _)| matches!(*l, "puzzle-skip" | "puzzle-skip-confirm"));
    let mut measured = labels.clone();
    if skip_shown {
        measured.extend(skips.iter().map(String::as_str));
    }
    let bh = ui.row_h();
    let most = if ui.portrait { 3 } else { 2 };
    let per_row = layout::per_row(ui, &measured, inner.w, bh, ui.unit, most);
    let cells = layout::grid(inner, y, buttons.len(), per_row, bh);
    for (c, ((_, action, look), label)) in cells.iter().zip(buttons.iter().zip(&labels)) {
        if ui.button(*c, label, *look) {
            actions.push(action.clone());
        }
    }
    y + layout::grid_h(buttons.len().div_ceil(per_row), bh) - layout::BUTTON_GAP
}

/// The buttons of the Puzzles screen now, in order: (label's message id, action, look). The
/// first three are always there, so none moves as the attempt goes on: *Try again* (after a
/// wrong move), *Show solution* (while there is one to find), and the next puzzle (a skip while
/// finding, the primary action once over); each is disabled while it does nothing.
fn buttons_for(app: &App, touch: bool) -> Vec<(&'static str, Action, Look)> {
    let p = app.puzzles();
    let mut out: Vec<(&'static str, Action, Look)> = Vec::new();
    let attempt = p.attempt.as_ref().filter(|_| !p.asking);
    let waiting = |on: bool| if on { Look::Plain } else { Look::Disabled };
    let next = words::next_button(p);
    let stage = attempt.map(|a| (&a.stage, a.board.pending.is_some()));
    let wrong = matches!(stage, Some((Stage::Wrong { .. }, _)));
    out.push((
        "puzzle-try-again",
        Action::Puzzle(PuzzleAction::TryAgain),
        if wrong { Look::Primary } else { Look::Disabled },
    ));
    let solution = match stage {
        Some((Stage::Wrong { .. }, _)) => Look::Plain,
        Some((Stage::Finding { .. }, pending)) => waiting(!pending),
        _ => Look::Disabled,
    };
    out.push((
        "puzzle-show-solution",
        Action::Puzzle(PuzzleAction::ShowSolution),
        solution,
    ));
    let next_look = match stage {
        Some((Stage::Wrong { .. }, _)) => Look::Plain,
        // A skip that costs the attempt, pressed once, waits for the second press.
        Some((Stage::Finding { .. }, _)) if p.leave_asked(&Leave::Next) => Look::Danger,
        Some((Stage::Finding { .. }, pending)) => waiting(!pending),
        Some((Stage::Solved | Stage::Solution { .. }, _)) => Look::Primary,
        None => waiting(!p.asking),
    };
    out.push((next, Action::Puzzle(PuzzleAction::NextPuzzle), next_look));
    // A phone's way back is in the top bar; the board turns round with `f` on a keyboard.
    if !touch {
        if attempt.is_some() {
            out.push(("play-flip", Action::Game(GameAction::Flip), Look::Plain));
        }
        out.push(("back", Action::Screen(ScreenAction::Back), Look::Plain));
    }
    out
}

/// A value stepped with `<` and `>` after its label (`label`, `value`), as the lobby's
/// steppers are, wide enough for the widest value (`widest` pixels); when the label and that
/// width do not fit on one row, the label goes on a line of its own above a stepper across the
/// width. Returns the y below.
fn choice(
    ui: &Ui,
    inner: Area,
    y: f32,
    (label, value): (&str, &str),
    widest: f32,
    steps: [Action; 2],
    actions: &mut Vec<Action>,
) -> f32 {
    // As [`stepper`] measures its row.
    let bw = ui.row_h() * 0.8 * 1.4;
    let stepper_w = 2.0 * bw + widest.max(ui.unit * 2.5) + ui.unit * 1.2 + 8.0;
    let label_w = ui.width(label, false, ui.unit) + 6.0;
    if label_w + stepper_w <= inner.w {
        return stepper(ui, inner, y, label, value, widest, steps, actions);
    }
    let below = text_block(ui, label, inner, y, theme::TEXT_DIM);
    let row = Area {
        y: below + ui.unit * 0.2,
        h: ui.small_row_h(0.8),
        ..inner
    };
    value_stepper(ui, row, value, steps, actions);
    row.y + row.h + ui.row_h() * 0.15
}

/// The choices for the next puzzle from `y`: the game, the theme, rated or a streak; returns
/// the y below.
fn choices(p: &Puzzles, ui: &Ui, inner: Area, top: f32, actions: &mut Vec<Action>) -> f32 {
    let heading = ui.t("puzzle-choices");
    let mut y = bold_block(ui, &heading, inner, top, ui.unit * 1.2, theme::TEXT) + ui.unit * 0.3;
    let game_name = |g: Option<chaupal_rules::GameKind>| match g {
        Some(kind) => ui.game(kind),
        None => ui.t("puzzle-any-game"),
    };
    let widest = |values: &[String]| {
        values
            .iter()
            .map(|v| ui.width(v, true, ui.unit))
            .fold(0.0, f32::max)
    };
    let games: Vec<String> = std::iter::once(None)
        .chain(chaupal_rules::GameKind::ALL.map(Some))
        .map(game_name)
        .collect();
    y = choice(
        ui,
        inner,
        y,
        (&ui.t("puzzle-game"), &game_name(p.game)),
        widest(&games),
        [
            Action::Puzzle(PuzzleAction::CyclePuzzleGame { forward: false }),
            Action::Puzzle(PuzzleAction::CyclePuzzleGame { forward: true }),
        ],
        actions,
    );
    let theme_name = |t: Option<&String>| match t {
        Some(t) => ui.say(&words::theme_name(t)),
        None => ui.t("puzzle-any-theme"),
    };
    let themes: Vec<String> = std::iter::once(None)
        .chain(p.theme_choices().iter().map(Some))
        .map(theme_name)
        .collect();
    y = choice(
        ui,
        inner,
        y,
        (&ui.t("puzzle-theme"), &theme_name(p.theme.as_ref())),
        widest(&themes),
        [
            Action::Puzzle(PuzzleAction::CyclePuzzleTheme { forward: false }),
            Action::Puzzle(PuzzleAction::CyclePuzzleTheme { forward: true }),
        ],
        actions,
    );
    let row = Area {
        y: y + ui.unit * 0.2,
        h: ui.small_row_h(0.9),
        ..inner
    };
    let modes = [
        (PuzzleMode::Rated, "puzzle-mode-rated"),
        (PuzzleMode::Streak, "puzzle-mode-streak"),
    ];
    for (c, (mode, label)) in columns(row, 2, 6.0).iter().zip(modes) {
        let look = if p.mode == mode {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, &ui.t(label), look) {
            actions.push(Action::Puzzle(PuzzleAction::SetPuzzleMode(mode)));
        }
    }
    let hint = if p.mode == PuzzleMode::Streak {
        "puzzle-streak-hint"
    } else {
        "puzzle-rated-hint"
    };
    text_block(
        ui,
        &ui.t(hint),
        inner,
        row.y + row.h + ui.unit * 0.4,
        theme::TEXT_DIM,
    )
}
