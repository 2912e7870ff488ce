//! The screens, drawn from the app's state. Each returns the [`Action`]s the player took this
//! frame (clicks on buttons and on the board, keys); none of them changes the state.

use chaupal_shared::{AnyGame, GameKind, Side};
use macroquad::prelude::*;

use super::Fonts;
use super::boards::{self, Marks};
use super::paint::{self, Align, disc, rounded};
use super::theme::{self, alpha};
use super::ui::{Input, Look, Ui, columns};
use crate::app::{
    Action, App, CLOCK_INCREMENTS, CLOCK_MINUTES, Connection, PlayMode, Screen, SidePick, Tone,
    kind_index,
};
use crate::geometry::{self, Area, Frame};
use crate::play::{Match, capitalise, player_label, seat_label};
use crate::replay::Replay;
use crate::rulebook;
use crate::selection::move_path;
use crate::view::BoardView;

/// The top bar's height, as a multiple of the text unit.
const TOP_BAR: f32 = 2.6;
/// Space between panels and the window's edges.
const GAP: f32 = 14.0;

/// Draws the screen the app is on; returns what the player did.
pub fn draw(app: &App, input: &Input, fonts: &Fonts) -> Vec<Action> {
    let (w, h) = (screen_width(), screen_height());
    let ui = Ui::new(input, fonts, h);
    clear_background(theme::BACKGROUND);
    let mut actions = Vec::new();
    let bar_h = ui.unit * TOP_BAR;
    top_bar(app, &ui, w, bar_h);
    let body = Area {
        x: GAP,
        y: bar_h + GAP,
        w: w - 2.0 * GAP,
        h: h - bar_h - 2.0 * GAP,
    };
    match app.screen() {
        Screen::Connection => connection(app, &ui, body, &mut actions),
        Screen::Lobby => lobby(app, &ui, body, &mut actions),
        Screen::Game | Screen::GameOver => {
            if let Some(m) = app.current() {
                game(app, m, &ui, body, &mut actions);
            }
        }
        Screen::Replay => {
            if let Some(r) = app.replay() {
                replay(r, &ui, body, &mut actions);
            }
        }
        Screen::Rules(kind) => rules(kind, &ui, body, &mut actions),
    }
    notice(app, &ui, w, h, &mut actions);
    actions
}

/// The board area and the side panel of a screen with a board.
fn split(body: Area, unit: f32) -> (Area, Area) {
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

fn top_bar(app: &App, ui: &Ui, w: f32, bar_h: f32) {
    paint::fill(
        Area {
            x: 0.0,
            y: 0.0,
            w,
            h: bar_h,
        },
        theme::BACKGROUND_LIGHT,
    );
    let cy = bar_h / 2.0;
    ui.strong(
        "Chaupal",
        GAP + 4.0,
        cy,
        ui.unit * 1.35,
        theme::ACCENT,
        Align::Left,
    );
    let title = match app.screen() {
        Screen::Connection => "Connecting".to_owned(),
        Screen::Lobby => "Lobby".to_owned(),
        Screen::Game | Screen::GameOver => app
            .current()
            .map(|m| game_title(&m.game))
            .unwrap_or_default(),
        Screen::Replay => "Replay".to_owned(),
        Screen::Rules(kind) => format!("Rules of {}", kind.title()),
    };
    ui.label(
        &title,
        GAP + ui.unit * 7.5,
        cy,
        theme::TEXT_DIM,
        Align::Left,
    );
    let dot = match app.connection() {
        Connection::Offline => theme::TEXT_DIM,
        Connection::Connecting { .. } => theme::ACCENT,
        Connection::Connected { .. } => theme::GOOD,
        Connection::Retrying { .. } => theme::BAD,
    };
    let text = app.connection().short();
    let text = paint::fit(&text, &ui.fonts.regular, ui.unit * 0.9, w * 0.5);
    let tw = paint::text_width(&text, &ui.fonts.regular, ui.unit * 0.9);
    let x = w - GAP - tw;
    draw_circle(x - ui.unit * 0.8, cy, ui.unit * 0.35, dot);
    paint::text(
        &text,
        x,
        cy,
        ui.unit * 0.9,
        &ui.fonts.regular,
        theme::TEXT,
        Align::Left,
    );
}

/// "Kalah, 8 houses" and the like: a game's name with the rules that differ from the defaults.
fn game_title(game: &AnyGame) -> String {
    let changed = crate::view::non_default_rules(game);
    if changed.is_empty() {
        game.kind().title().to_owned()
    } else {
        let rules: Vec<String> = changed.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{} ({})", game.kind().title(), rules.join(", "))
    }
}

fn notice(app: &App, ui: &Ui, w: f32, h: f32, actions: &mut Vec<Action>) {
    let Some(n) = app.notice() else {
        return;
    };
    let size = ui.unit;
    let max_w = (w * 0.6).max(300.0);
    let lines = paint::wrap(&n.text, &ui.fonts.regular, size, max_w - 2.0 * size);
    let line_h = size * 1.45;
    let box_h = lines.len() as f32 * line_h + size * 1.6;
    let box_w = lines
        .iter()
        .map(|l| paint::text_width(l, &ui.fonts.regular, size))
        .fold(0.0, f32::max)
        + 3.5 * size;
    let a = Area {
        x: (w - box_w) / 2.0,
        y: h - box_h - GAP * 2.0,
        w: box_w,
        h: box_h,
    };
    let edge = match n.tone {
        Tone::News => theme::GOOD,
        Tone::Problem => theme::BAD,
    };
    paint::rounded_edged(a, 10.0, theme::PANEL, 2.0, edge);
    let mut y = a.y + size * 0.8 + line_h / 2.0;
    for l in &lines {
        ui.label(l, a.x + size, y, theme::TEXT, Align::Left);
        y += line_h;
    }
    paint::text(
        "x",
        a.x + a.w - size * 0.9,
        a.y + size * 0.9,
        size * 0.9,
        &ui.fonts.bold,
        theme::TEXT_DIM,
        Align::Centre,
    );
    if ui.input.clicked && ui.hover(a) {
        actions.push(Action::DismissNotice);
    }
}

// ---------------------------------------------------------------- connection

fn connection(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let w = (ui.unit * 30.0).min(body.w);
    let h = ui.unit * 15.0;
    let a = Area {
        x: body.x + (body.w - w) / 2.0,
        y: body.y + (body.h - h) / 2.5,
        w,
        h,
    };
    ui.panel(a);
    let x = a.x + ui.unit * 1.5;
    let inner = a.w - ui.unit * 3.0;
    let title = if matches!(app.connection(), Connection::Retrying { .. }) {
        "Cannot reach the server"
    } else {
        "Connecting to the server"
    };
    ui.strong(
        title,
        x,
        a.y + ui.unit * 2.0,
        ui.unit * 1.4,
        theme::TEXT,
        Align::Left,
    );
    let dots = ".".repeat(1 + (get_time() * 2.0) as usize % 3);
    let status = match app.connection() {
        Connection::Connecting { .. } => format!("{}{dots}", app.connection().describe()),
        other => other.describe(),
    };
    let y = ui.paragraph(&status, x, a.y + ui.unit * 4.2, inner, theme::TEXT_DIM);
    ui.paragraph(
        "Games on this computer work without a server; playing friends, the computer, and \
         watching need one.",
        x,
        y + ui.unit * 0.4,
        inner,
        theme::TEXT_DIM,
    );
    let row = Area {
        x,
        y: a.y + a.h - ui.row_h() - ui.unit * 1.3,
        w: inner,
        h: ui.row_h(),
    };
    let cols = columns(row, 2, GAP);
    if ui.button(cols[0], "Try again now", Look::Plain) {
        actions.push(Action::RetryNow);
    }
    if ui.button(cols[1], "Play offline", Look::Primary) {
        actions.push(Action::PlayOffline);
    }
}

// ---------------------------------------------------------------- lobby

fn lobby(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let left_w = (body.w * 0.34).clamp(ui.unit * 19.0, ui.unit * 26.0);
    let right_w = (body.w * 0.27).clamp(ui.unit * 15.0, ui.unit * 22.0);
    let left = Area { w: left_w, ..body };
    let right = Area {
        x: body.x + body.w - right_w,
        w: right_w,
        ..body
    };
    let middle = Area {
        x: left.x + left.w + GAP,
        w: (right.x - GAP) - (left.x + left.w + GAP),
        ..body
    };
    lobby_choices(app, ui, left, actions);
    lobby_preview(app, ui, middle, actions);
    lobby_online(app, ui, right, actions);
    for c in &ui.input.typed {
        if app.lobby().mode == PlayMode::Friend {
            actions.push(Action::TypeCode(*c));
        }
    }
    if app.lobby().mode == PlayMode::Friend {
        if ui.input.key(KeyCode::Backspace) {
            actions.push(Action::EraseCode);
        }
        if ui.input.key(KeyCode::Enter) {
            actions.push(Action::JoinByCode);
        }
    } else if ui.input.key(KeyCode::Enter) {
        actions.push(Action::Start);
    }
}

fn lobby_choices(app: &App, ui: &Ui, a: Area, actions: &mut Vec<Action>) {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let x = a.x + pad;
    let inner = Area {
        x,
        y: a.y,
        w: a.w - 2.0 * pad,
        h: a.h,
    };
    let rh = ui.row_h();
    let mut y = a.y + pad + ui.unit * 0.6;
    ui.heading("Choose a game", x, y);
    y += ui.unit * 1.3;
    for pair in GameKind::ALL.chunks(2) {
        let cols = columns(Area { y, h: rh, ..inner }, 2, 8.0);
        for (c, kind) in cols.iter().zip(pair) {
            let look = if app.lobby().kind == *kind {
                Look::Selected
            } else {
                Look::Plain
            };
            if ui.button(*c, kind.title(), look) {
                actions.push(Action::SelectGame(*kind));
            }
        }
        y += rh + 8.0;
    }
    y += ui.unit * 0.6;
    let kind = app.lobby().kind;
    let choice = &app.lobby().rule_choice[kind_index(kind)];
    for (i, option) in rulebook::options(kind).iter().enumerate() {
        let value = choice
            .get(i)
            .and_then(|&c| option.values.get(c))
            .copied()
            .unwrap_or("");
        y = stepper(
            ui,
            inner,
            y,
            option.label,
            value,
            [
                Action::CycleRule {
                    index: i,
                    forward: false,
                },
                Action::CycleRule {
                    index: i,
                    forward: true,
                },
            ],
            actions,
        );
    }
    y += ui.unit * 1.2;
    ui.heading("Play", x, y);
    y += ui.unit * 1.3;
    let modes = [
        (PlayMode::ThisComputer, "On this computer"),
        (PlayMode::Computer, "The computer"),
        (PlayMode::Friend, "A friend (code)"),
        (PlayMode::Anyone, "Anyone (open seek)"),
    ];
    for pair in modes.chunks(2) {
        let cols = columns(
            Area {
                y,
                h: rh * 0.9,
                ..inner
            },
            2,
            6.0,
        );
        for (c, (mode, label)) in cols.iter().zip(pair) {
            let look = if app.lobby().mode == *mode {
                Look::Selected
            } else {
                Look::Plain
            };
            if ui.button(*c, label, look) {
                actions.push(Action::SelectMode(*mode));
            }
        }
        y += rh * 0.9 + 6.0;
    }
    y += ui.unit * 0.5;
    if app.lobby().mode != PlayMode::ThisComputer {
        ui.label("You play", x, y + rh * 0.42, theme::TEXT_DIM, Align::Left);
        let label_w = ui.unit * 4.6;
        let sides = [
            (SidePick::First, capitalise(kind.side_name(Side::First))),
            (SidePick::Second, capitalise(kind.side_name(Side::Second))),
            (SidePick::Random, "Either".to_owned()),
        ];
        let cols = columns(
            Area {
                x: inner.x + label_w,
                y,
                w: inner.w - label_w,
                h: rh * 0.85,
            },
            3,
            6.0,
        );
        for (c, (side, label)) in cols.iter().zip(sides) {
            let look = if app.lobby().side == side {
                Look::Selected
            } else {
                Look::Plain
            };
            if ui.button(*c, &label, look) {
                actions.push(Action::SelectSide(side));
            }
        }
        y += rh * 0.85 + ui.unit * 0.6;
    }
    match app.lobby().mode {
        PlayMode::ThisComputer => {
            y = ui.paragraph(
                "Both sides at this screen: take turns with the mouse.",
                x,
                y + ui.unit * 0.3,
                inner.w,
                theme::TEXT_DIM,
            );
        }
        PlayMode::Anyone => {
            y = ui.paragraph(
                "Your seek is listed in every lobby; the game starts when someone accepts it.",
                x,
                y,
                inner.w,
                theme::TEXT_DIM,
            ) + ui.unit * 0.4;
        }
        PlayMode::Computer => {
            let engine = match app.lobby().engine {
                0 => "level".to_owned(),
                i => crate::app::ENGINES
                    .get(i - 1)
                    .copied()
                    .unwrap_or("?")
                    .to_owned(),
            };
            y = stepper(
                ui,
                inner,
                y,
                "Engine",
                &engine,
                [
                    Action::CycleEngine { forward: false },
                    Action::CycleEngine { forward: true },
                ],
                actions,
            );
            y = if app.lobby().engine == 0 {
                stepper(
                    ui,
                    inner,
                    y,
                    "Level",
                    &format!("{} of {}", app.lobby().level, crate::app::LEVELS),
                    [
                        Action::CycleLevel { forward: false },
                        Action::CycleLevel { forward: true },
                    ],
                    actions,
                )
            } else {
                stepper(
                    ui,
                    inner,
                    y,
                    "Depth",
                    &app.lobby().depth.to_string(),
                    [
                        Action::CycleDepth { forward: false },
                        Action::CycleDepth { forward: true },
                    ],
                    actions,
                )
            };
            let b = Area {
                y: y + 4.0,
                h: rh * 0.85,
                ..inner
            };
            if ui.button(b, "Watch the computer play itself", Look::Plain) {
                actions.push(Action::StartExhibition);
            }
            y += rh;
        }
        PlayMode::Friend => {
            if let Some(code) = &app.lobby().my_code {
                ui.label(
                    "Your invite code:",
                    x,
                    y + ui.unit * 0.5,
                    theme::TEXT_DIM,
                    Align::Left,
                );
                ui.strong(
                    code,
                    inner.x + inner.w,
                    y + ui.unit * 0.5,
                    ui.unit * 1.3,
                    theme::ACCENT,
                    Align::Right,
                );
                y += ui.unit * 1.6;
            }
            let field = Area {
                x,
                y,
                w: inner.w * 0.6,
                h: rh,
            };
            rounded(field, 8.0, theme::BACKGROUND);
            let shown = if app.lobby().code.is_empty() {
                ("type a code".to_owned(), theme::TEXT_DIM)
            } else {
                let caret = if (get_time() * 2.0) as i64 % 2 == 0 {
                    "|"
                } else {
                    ""
                };
                (format!("{}{caret}", app.lobby().code), theme::TEXT)
            };
            paint::text(
                &shown.0,
                field.x + 10.0,
                field.y + field.h / 2.0,
                ui.unit,
                &ui.fonts.bold,
                shown.1,
                Align::Left,
            );
            let join = Area {
                x: field.x + field.w + 8.0,
                w: inner.w - field.w - 8.0,
                ..field
            };
            if ui.button(join, "Join", Look::Plain) {
                actions.push(Action::JoinByCode);
            }
            y += rh + 8.0;
        }
    }
    y = clock_and_rating(app, ui, inner, y, actions);
    // The main button, at the bottom of the panel.
    let bottom = a.y + a.h - pad - rh;
    let start = Area {
        x,
        y: bottom.max(y + 8.0),
        w: inner.w * 0.62,
        h: rh,
    };
    let label = match app.lobby().mode {
        PlayMode::ThisComputer => "Start the game",
        PlayMode::Computer => "Play the computer",
        PlayMode::Friend => "Create a private game",
        PlayMode::Anyone => "Offer the game",
    };
    let online_needed = app.lobby().mode != PlayMode::ThisComputer;
    let look = if online_needed && !app.connection().online() {
        Look::Plain
    } else {
        Look::Primary
    };
    if ui.button(start, label, look) {
        actions.push(if app.lobby().mode == PlayMode::Friend {
            Action::CreatePrivate
        } else {
            Action::Start
        });
    }
    let rules_btn = Area {
        x: start.x + start.w + 8.0,
        w: inner.w - start.w - 8.0,
        ..start
    };
    if ui.button(rules_btn, "Rules", Look::Plain) {
        actions.push(Action::ShowRules(kind));
    }
}

/// A row with a label and a value stepped with `<` and `>`; returns the y below it.
#[allow(clippy::too_many_arguments)]
fn stepper(
    ui: &Ui,
    inner: Area,
    y: f32,
    label: &str,
    value: &str,
    steps: [Action; 2],
    actions: &mut Vec<Action>,
) -> f32 {
    let rh = ui.row_h();
    let w = 2.0 * rh * 1.1 + ui.unit * 6.5 + 8.0;
    let area = Area {
        x: inner.x + inner.w - w,
        y,
        w,
        h: rh * 0.8,
    };
    let label = paint::fit(label, &ui.fonts.regular, ui.unit, area.x - inner.x - 6.0);
    ui.label(&label, inner.x, y + rh * 0.4, theme::TEXT_DIM, Align::Left);
    value_stepper(ui, area, value, steps, actions);
    y + rh * 0.95
}

/// A value between `<` and `>` buttons, filling `area`.
fn value_stepper(
    ui: &Ui,
    area: Area,
    value: &str,
    [back, on]: [Action; 2],
    actions: &mut Vec<Action>,
) {
    // Narrow steppers (the clock's two) keep room for the value between the buttons.
    let bw = (area.h * 1.4).min(area.w / 4.0);
    let minus = Area { w: bw, ..area };
    if ui.button(minus, "<", Look::Plain) {
        actions.push(back);
    }
    let vw = area.w - 2.0 * bw - 8.0;
    let shown = paint::fit(value, &ui.fonts.bold, ui.unit, vw);
    ui.strong(
        &shown,
        area.x + area.w / 2.0,
        area.y + area.h / 2.0,
        ui.unit,
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

/// The clock (minutes and increment) and casual or rated, where the chosen way of playing
/// takes them; returns the y below.
fn clock_and_rating(app: &App, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.row_h();
    let lobby = app.lobby();
    if lobby.clock_applies() {
        let minutes = CLOCK_MINUTES.get(lobby.minutes).copied().unwrap_or(0);
        let label_w = ui.unit * 4.6;
        ui.label("Clock", inner.x, y + rh * 0.4, theme::TEXT_DIM, Align::Left);
        let steppers = columns(
            Area {
                x: inner.x + label_w,
                y,
                w: inner.w - label_w,
                h: rh * 0.8,
            },
            2,
            8.0,
        );
        let shown = if minutes == 0 {
            "none".to_owned()
        } else {
            format!("{minutes} min")
        };
        value_stepper(
            ui,
            steppers[0],
            &shown,
            [
                Action::CycleMinutes { forward: false },
                Action::CycleMinutes { forward: true },
            ],
            actions,
        );
        if minutes > 0 {
            let inc = CLOCK_INCREMENTS.get(lobby.increment).copied().unwrap_or(0);
            value_stepper(
                ui,
                steppers[1],
                &format!("+{inc} s"),
                [
                    Action::CycleIncrement { forward: false },
                    Action::CycleIncrement { forward: true },
                ],
                actions,
            );
        } else {
            ui.label(
                "untimed",
                steppers[1].x + steppers[1].w / 2.0,
                y + rh * 0.4,
                theme::TEXT_DIM,
                Align::Centre,
            );
        }
        y += rh * 0.95;
    }
    if lobby.rated_allowed() {
        let cols = columns(
            Area {
                y,
                h: rh * 0.8,
                ..inner
            },
            2,
            6.0,
        );
        for (c, (rated, label)) in cols.iter().zip([(false, "Casual"), (true, "Rated")]) {
            let look = if lobby.rated == rated {
                Look::Selected
            } else {
                Look::Plain
            };
            if ui.button(*c, label, look) {
                actions.push(Action::SetRated(rated));
            }
        }
        y += rh * 0.8 + 6.0;
    }
    y
}

fn lobby_preview(app: &App, ui: &Ui, a: Area, actions: &mut [Action]) {
    let _ = actions;
    let kind = app.lobby().kind;
    let title_h = ui.unit * 2.2;
    ui.strong(
        kind.title(),
        a.x + a.w / 2.0,
        a.y + title_h / 2.0,
        ui.unit * 1.6,
        theme::TEXT,
        Align::Centre,
    );
    let Ok(game) = AnyGame::start(kind, app.lobby().rule_pairs()) else {
        return;
    };
    let view = BoardView::of(&game);
    let board = Area {
        x: a.x,
        y: a.y + title_h,
        w: a.w,
        h: a.h - title_h - ui.unit * 4.6,
    };
    let frame = Frame::fit(geometry::extent(&view), board, false);
    boards::draw(&view, &frame, &Marks::default(), ui.fonts);
    ui.paragraph(
        rulebook::how_to_play(kind),
        a.x + ui.unit * 0.5,
        a.y + a.h - ui.unit * 3.6,
        a.w - ui.unit,
        theme::TEXT_DIM,
    );
}

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

fn lobby_online(app: &App, ui: &Ui, a: Area, actions: &mut Vec<Action>) {
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

// ---------------------------------------------------------------- game

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

fn game(app: &App, m: &Match, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
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
        game_over_card(m, ui, board_area, actions);
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

/// A side's colours as the board draws it.
fn side_colour(kind: GameKind, side: Side) -> (Color, Color) {
    match (kind, side) {
        (GameKind::BaghChal, Side::First) => (theme::GOAT, theme::GOAT_EDGE),
        (GameKind::BaghChal, Side::Second) => (theme::TIGER, theme::TIGER_STRIPE),
        (_, Side::First) => (theme::FIRST, theme::FIRST_DARK),
        (_, Side::Second) => (theme::SECOND, theme::SECOND_DARK),
    }
}

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

/// The engine's suggestion, evaluation and winning chances; returns the y below.
fn hint_block(ui: &Ui, inner: Area, y: f32, h: &crate::play::Hint, mover: &str) -> f32 {
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
fn move_list(
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

fn game_over_card(m: &Match, ui: &Ui, board: Area, actions: &mut Vec<Action>) {
    let w = (ui.unit * 24.0).min(board.w * 0.9);
    let h = ui.unit * 8.5;
    let a = Area {
        x: board.x + (board.w - w) / 2.0,
        y: board.y + (board.h - h) / 2.0,
        w,
        h,
    };
    paint::rounded(Area { y: a.y + 4.0, ..a }, 14.0, alpha(BLACK, 0.4));
    paint::rounded_edged(a, 14.0, theme::PANEL, 2.0, theme::ACCENT);
    let status = m.status();
    let (head, reason) = match status.split_once(": ") {
        Some((h, r)) => (h.to_owned(), capitalise(r)),
        None => (status.clone(), String::new()),
    };
    ui.strong(
        &head,
        a.x + a.w / 2.0,
        a.y + ui.unit * 1.8,
        ui.unit * 1.6,
        theme::ACCENT,
        Align::Centre,
    );
    ui.label(
        &paint::fit(&reason, &ui.fonts.regular, ui.unit, a.w - 20.0),
        a.x + a.w / 2.0,
        a.y + ui.unit * 3.6,
        theme::TEXT,
        Align::Centre,
    );
    let row = Area {
        x: a.x + ui.unit,
        y: a.y + a.h - ui.row_h() - ui.unit,
        w: a.w - 2.0 * ui.unit,
        h: ui.row_h(),
    };
    paint::text(
        "x",
        a.x + a.w - ui.unit * 0.9,
        a.y + ui.unit * 0.9,
        ui.unit * 0.9,
        &ui.fonts.bold,
        theme::TEXT_DIM,
        Align::Centre,
    );
    let close = Area {
        x: a.x + a.w - ui.unit * 1.8,
        y: a.y,
        w: ui.unit * 1.8,
        h: ui.unit * 1.8,
    };
    if ui.input.clicked && (ui.hover(close) || (ui.hover(board) && !ui.hover(a))) {
        actions.push(Action::HideResult);
    }
    let watching = matches!(m.seats, crate::play::Seats::Watching);
    let mut buttons = vec![("Replay", Action::OpenReplay, Look::Plain)];
    if !watching {
        buttons.insert(0, ("Rematch", Action::Rematch, Look::Primary));
    }
    buttons.push(("Lobby", Action::ToLobby, Look::Plain));
    let cols = columns(row, buttons.len(), 8.0);
    for (c, (label, action, look)) in cols.iter().zip(buttons) {
        if ui.button(*c, label, look) {
            actions.push(action);
        }
    }
}

// ---------------------------------------------------------------- replay

fn replay(r: &Replay, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let (board_area, panel) = split(body, ui.unit);
    let game = r.game();
    let view = BoardView::of(game);
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
        ..Marks::default()
    };
    boards::draw(&view, &frame, &marks, ui.fonts);
    ui.panel(panel);
    let inner = panel.inset(ui.unit * 0.9);
    let rh = ui.row_h();
    let mut y = inner.y + ui.unit * 0.6;
    ui.heading(&game_title(game), inner.x, y);
    y += ui.unit * 1.6;
    ui.label(
        &format!("{} vs {}", r.names[0], r.names[1]),
        inner.x,
        y,
        theme::TEXT_DIM,
        Align::Left,
    );
    y += ui.unit * 1.5;
    let place = if r.ply() == 0 {
        "The start".to_owned()
    } else {
        format!("After move {} of {}", r.ply(), r.len())
    };
    ui.strong(&place, inner.x, y, ui.unit, theme::TEXT, Align::Left);
    y += ui.unit * 1.2;
    let result = match (game.outcome(), &r.result) {
        (Some(outcome), _) => Some(crate::play::result_text(game.kind(), outcome, &r.names)),
        (None, Some(text)) => Some(text.clone()),
        (None, None) => None,
    };
    if r.ply() == r.len()
        && let Some(result) = result
    {
        y = ui.paragraph(&result, inner.x, y + ui.unit * 0.3, inner.w, theme::ACCENT);
    }
    y += ui.unit * 0.5;
    // Progress bar: click to jump.
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
    if ui.input.clicked && ui.hover(grab) {
        let f = ((ui.input.mouse.x - bar.x) / bar.w).clamp(0.0, 1.0);
        actions.push(Action::ReplayJump((f * r.len() as f32).round() as usize));
    }
    y += ui.unit * 1.4;
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
    let cols = columns(bottom, 3, 6.0);
    if ui.button(cols[0], "Analyse", Look::Plain) {
        actions.push(Action::Analyse);
    }
    if ui.button(cols[1], "Flip board", Look::Plain) {
        actions.push(Action::Flip);
    }
    if ui.button(cols[2], "Back", Look::Plain) {
        actions.push(Action::Back);
    }
    if let Some(h) = &r.hint {
        let mover = capitalise(game.kind().side_name(game.side_to_move()));
        y = hint_block(ui, inner, y, h, &mover) + ui.unit * 0.3;
    }
    let list = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: bottom.y - y - ui.unit * 0.6,
    };
    let texts: Vec<(Side, String)> = r.moves().iter().map(|p| (p.side, p.text.clone())).collect();
    move_list(ui, game.kind(), &texts, list, Some(r.ply()), actions);
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

// ---------------------------------------------------------------- rules

fn rules(kind: GameKind, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
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
