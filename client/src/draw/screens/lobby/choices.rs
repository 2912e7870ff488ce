//! The lobby's left panel: the game and its rules, the way of playing, the side, the computer
//! player or the invite code, the clock, rated or casual, and the button that starts it all.
//! Each section draws itself from the top `y` it is given and returns the `y` below it.

use chaupal_shared::{GameKind, Side};
use macroquad::prelude::*;

use crate::app::{
    Action, App, CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, LEVELS, Lobby, PlayMode, SidePick,
    kind_index,
};
use crate::draw::paint::{self, Align, rounded};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::play::capitalise;
use crate::rulebook;

/// Draws the panel in `a`, section under section.
pub(super) fn draw(app: &App, ui: &Ui, a: Area, actions: &mut Vec<Action>) {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let inner = Area {
        x: a.x + pad,
        y: a.y,
        w: a.w - 2.0 * pad,
        h: a.h,
    };
    let lobby = app.lobby();
    let mut y = a.y + pad + ui.unit * 0.6;
    y = game_choice(lobby, ui, inner, y, actions);
    y = rule_choices(lobby, ui, inner, y, actions);
    y = mode_choice(lobby, ui, inner, y, actions);
    if lobby.mode != PlayMode::ThisComputer {
        y = side_choice(lobby, ui, inner, y, actions);
    }
    y = match lobby.mode {
        PlayMode::ThisComputer => ui.paragraph(
            "Both sides at this screen: take turns with the mouse.",
            inner.x,
            y + ui.unit * 0.3,
            inner.w,
            theme::TEXT_DIM,
        ),
        PlayMode::Anyone => {
            ui.paragraph(
                "Your seek is listed in every lobby; the game starts when someone accepts it.",
                inner.x,
                y,
                inner.w,
                theme::TEXT_DIM,
            ) + ui.unit * 0.4
        }
        PlayMode::Computer => computer_choice(lobby, ui, inner, y, actions),
        PlayMode::Friend => invite_code(lobby, ui, inner, y, actions),
    };
    y = clock_and_rating(lobby, ui, inner, y, actions);
    // The main buttons, at the bottom of the panel.
    let bottom = a.y + a.h - pad - ui.row_h();
    start_buttons(app, ui, inner, bottom.max(y + 8.0), actions);
}

/// "Choose a game": the four games, two to a row.
fn game_choice(lobby: &Lobby, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.row_h();
    ui.heading("Choose a game", inner.x, y);
    y += ui.unit * 1.3;
    for pair in GameKind::ALL.chunks(2) {
        let cols = columns(Area { y, h: rh, ..inner }, 2, 8.0);
        for (c, kind) in cols.iter().zip(pair) {
            let look = if lobby.kind == *kind {
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
    y + ui.unit * 0.6
}

/// A stepper for each rule option of the chosen game.
fn rule_choices(lobby: &Lobby, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let kind = lobby.kind;
    let choice = &lobby.rule_choice[kind_index(kind)];
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
    y
}

/// "Play": whom against, two ways to a row.
fn mode_choice(lobby: &Lobby, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.row_h();
    y += ui.unit * 1.2;
    ui.heading("Play", inner.x, y);
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
            let look = if lobby.mode == *mode {
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
    y + ui.unit * 0.5
}

/// "You play": the first side, the second, or either.
fn side_choice(lobby: &Lobby, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.row_h();
    let kind = lobby.kind;
    ui.label(
        "You play",
        inner.x,
        y + rh * 0.42,
        theme::TEXT_DIM,
        Align::Left,
    );
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
        let look = if lobby.side == side {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, &label, look) {
            actions.push(Action::SelectSide(side));
        }
    }
    y + (rh * 0.85 + ui.unit * 0.6)
}

/// The computer player: an engine, its level or depth, and a game of it against itself.
fn computer_choice(lobby: &Lobby, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let engine = match lobby.engine {
        0 => "level".to_owned(),
        i => ENGINES.get(i - 1).copied().unwrap_or("?").to_owned(),
    };
    let y = stepper(
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
    let y = if lobby.engine == 0 {
        stepper(
            ui,
            inner,
            y,
            "Level",
            &format!("{} of {}", lobby.level, LEVELS),
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
            &lobby.depth.to_string(),
            [
                Action::CycleDepth { forward: false },
                Action::CycleDepth { forward: true },
            ],
            actions,
        )
    };
    let rh = ui.row_h();
    let b = Area {
        y: y + 4.0,
        h: rh * 0.85,
        ..inner
    };
    if ui.button(b, "Watch the computer play itself", Look::Plain) {
        actions.push(Action::StartExhibition);
    }
    y + rh
}

/// A friend's game: this player's own invite code to pass on, and the field to type one in.
fn invite_code(lobby: &Lobby, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.row_h();
    if let Some(code) = &lobby.my_code {
        ui.label(
            "Your code:",
            inner.x,
            y + ui.unit * 0.5,
            theme::TEXT_DIM,
            Align::Left,
        );
        // The link to the game (or the code) goes on the clipboard, to send to the friend.
        let copy = Area {
            x: inner.x + inner.w * 0.72,
            y: y - ui.unit * 0.2,
            w: inner.w * 0.28,
            h: ui.unit * 1.4,
        };
        ui.strong(
            code,
            copy.x - 8.0,
            y + ui.unit * 0.5,
            ui.unit * 1.3,
            theme::ACCENT,
            Align::Right,
        );
        if ui.button(copy, "Copy link", Look::Plain) {
            actions.push(Action::CopyInvite);
        }
        y += ui.unit * 1.6;
    }
    let field = Area {
        x: inner.x,
        y,
        w: inner.w * 0.6,
        h: rh,
    };
    rounded(field, 8.0, theme::BACKGROUND);
    let shown = if lobby.code.is_empty() {
        ("type a code".to_owned(), theme::TEXT_DIM)
    } else {
        let caret = if (get_time() * 2.0) as i64 % 2 == 0 {
            "|"
        } else {
            ""
        };
        (format!("{}{caret}", lobby.code), theme::TEXT)
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
    y + (rh + 8.0)
}

/// The button that starts what was chosen (marked as the main one when it can work now), and
/// the one that shows the rules, in a row at `y`.
fn start_buttons(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) {
    let lobby = app.lobby();
    let start = Area {
        x: inner.x,
        y,
        w: inner.w * 0.62,
        h: ui.row_h(),
    };
    let label = match lobby.mode {
        PlayMode::ThisComputer => "Start the game",
        PlayMode::Computer => "Play the computer",
        PlayMode::Friend => "Create a private game",
        PlayMode::Anyone => "Offer the game",
    };
    let online_needed = lobby.mode != PlayMode::ThisComputer;
    let look = if online_needed && !app.connection().online() {
        Look::Plain
    } else {
        Look::Primary
    };
    if ui.button(start, label, look) {
        actions.push(if lobby.mode == PlayMode::Friend {
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
        actions.push(Action::ShowRules(lobby.kind));
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
fn clock_and_rating(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    mut y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
    let rh = ui.row_h();
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
