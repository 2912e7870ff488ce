//! The lobby's left panel (the top of the lobby on a phone): who you are (your name, to change,
//! and the sounds on or off), the game and its rules, the way of playing, the side, the
//! computer player or the invite code, the clock, rated or casual, and the button that starts
//! it all. Each section draws itself from the top `y` it is given and returns the `y` below it.

use chaupal_shared::{GameKind, Side};
use macroquad::prelude::*;

use crate::app::Field;
use crate::app::{
    Action, App, CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, LEVELS, Lobby, PlayMode, SidePick,
    kind_index,
};
use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::{self, Measure};
use crate::play::capitalise;
use crate::rulebook;

/// Draws the panel in `a`, section under section; the start buttons at its bottom when
/// `pinned`, else right under the rest. Returns the y below the panel's content.
pub(super) fn draw(app: &App, ui: &Ui, a: Area, pinned: bool, actions: &mut Vec<Action>) -> f32 {
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
    y = you(app, ui, inner, y - ui.unit * 0.6, actions);
    y = game_choice(lobby, ui, inner, y, actions);
    y = rule_choices(lobby, ui, inner, y, actions);
    y = mode_choice(lobby, ui, inner, y, actions);
    if lobby.mode != PlayMode::ThisComputer {
        y = side_choice(lobby, ui, inner, y, actions);
    }
    y = match lobby.mode {
        PlayMode::ThisComputer => ui.paragraph(
            "Both sides at this screen: take turns on the board.",
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
        PlayMode::Friend => invite_code(app, ui, inner, y, actions),
    };
    y = clock_and_rating(lobby, ui, inner, y, actions);
    // The main buttons, at the bottom of the panel (or under the rest).
    let bottom = a.y + a.h - pad - ui.row_h();
    let at = if pinned {
        bottom.max(y + 8.0)
    } else {
        y + ui.unit * 0.6
    };
    start_buttons(app, ui, inner, at, actions);
    at + ui.row_h() + pad
}

/// Who you are: your name (a field to type a new one in, on request) and the sounds on or off;
/// on one row when they fit, else the name above its two buttons.
fn you(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.small_row_h(0.85);
    let row = Area { y, h: rh, ..inner };
    let size = layout::label_size(row, ui.unit);
    let sound = if app.muted() {
        "Sound: off"
    } else {
        "Sound: on"
    };
    let sound_w = ui.width("Sound: off", true, size) + ui.unit * 1.5;
    let change_w = ui.width("Change name", true, size) + ui.unit * 1.5;
    let name = if app.name().is_empty() {
        "You".to_owned()
    } else {
        format!("You: {}", app.name())
    };
    let one_row = ui.width(&name, true, ui.unit) + change_w + sound_w + 16.0 <= inner.w;
    // On two rows, the first is as tall as the second, so that the name's field takes the
    // name's place and nothing below moves when it opens.
    let (text_row, buttons_row) = if one_row {
        (row, row)
    } else {
        (
            row,
            Area {
                y: y + rh + 6.0,
                ..row
            },
        )
    };
    let bottom = buttons_row.y + rh + ui.unit * 1.3;
    if let Some(edit) = app.name_edit() {
        let label = "Name";
        let label_w = ui.width(label, true, ui.unit) + ui.unit * 0.6;
        ui.strong(
            label,
            inner.x,
            text_row.y + text_row.h / 2.0,
            ui.unit,
            theme::TEXT,
            Align::Left,
        );
        let keep_w = ui.width("Cancel", true, size) * 2.0 + ui.unit * 3.5;
        let (field_w, buttons) = if one_row {
            let buttons = Area {
                x: inner.x + inner.w - keep_w,
                w: keep_w,
                ..row
            };
            (inner.w - label_w - keep_w - 8.0, buttons)
        } else {
            (inner.w - label_w, buttons_row)
        };
        let field = Area {
            x: inner.x + label_w,
            w: field_w,
            ..text_row
        };
        text_field(app, ui, field, Field::Name, edit, "your name", actions);
        let gap = if one_row { 6.0 } else { 8.0 };
        let cols = columns(buttons, 2, gap);
        if ui.button(cols[0], "Keep", Look::Primary) {
            actions.push(Action::SaveName);
        }
        if ui.button(cols[1], "Cancel", Look::Plain) {
            actions.push(Action::CancelName);
        }
        return bottom;
    }
    let name_room = if one_row {
        inner.w - change_w - sound_w - 16.0
    } else {
        inner.w
    };
    // The name whole: smaller, or on two lines, when it is long.
    let (size, lines) = ui.fitted(&name, true, ui.unit, name_room);
    let line_h = size * 1.2;
    let top = text_row.y + (text_row.h - line_h * lines.len() as f32) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        ui.strong(
            line,
            inner.x,
            top + line_h * (i as f32 + 0.5),
            size,
            theme::TEXT,
            Align::Left,
        );
    }
    let (change, toggle) = if one_row {
        (
            Area {
                x: inner.x + inner.w - sound_w - 8.0 - change_w,
                w: change_w,
                ..buttons_row
            },
            Area {
                x: inner.x + inner.w - sound_w,
                w: sound_w,
                ..buttons_row
            },
        )
    } else {
        let cols = columns(buttons_row, 2, 8.0);
        (cols[0], cols[1])
    };
    if ui.button(change, "Change name", Look::Plain) {
        actions.push(Action::EditName);
    }
    if ui.button(toggle, sound, Look::Plain) {
        actions.push(Action::ToggleSound);
    }
    bottom
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
        paint::text(hint, left, cy, size, font, theme::TEXT_DIM, Align::Left);
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
    ui.field_drawn(which, field, text);
    if ui.pressed(field) && app.focus() != Some(which) {
        actions.push(Action::Focus(Some(which)));
    }
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
        let widest = option
            .values
            .iter()
            .map(|v| ui.width(rulebook::value_words(v), true, ui.unit))
            .fold(0.0, f32::max);
        y = stepper(
            ui,
            inner,
            y,
            option.label,
            rulebook::value_words(value),
            widest,
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
    y += ui.unit * 1.2;
    ui.heading("Play", inner.x, y);
    y += ui.unit * 1.3;
    let modes = [
        (PlayMode::ThisComputer, "On this device"),
        (PlayMode::Computer, "The computer"),
        (PlayMode::Friend, "A friend"),
        (PlayMode::Anyone, "Anyone"),
    ];
    for pair in modes.chunks(2) {
        let cols = columns(
            Area {
                y,
                h: ui.small_row_h(0.9),
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
        y += ui.small_row_h(0.9) + 6.0;
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
            h: ui.small_row_h(0.85),
        },
        3,
        6.0,
    );
    for (c, (side, label)) in cols.iter().zip(sides) {
        let look = if lobby.side() == side {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, &label, look) {
            actions.push(Action::SelectSide(side));
        }
    }
    y + (ui.small_row_h(0.85) + ui.unit * 0.6)
}

/// A level as the stepper shows it: its place among the eight and its calibrated rating in the
/// game chosen (`5 of 8 (2010)` in Kalah), the rating a player's own is compared with.
pub(crate) fn level_label(kind: GameKind, level: u8) -> String {
    format!(
        "{level} of {LEVELS} ({})",
        chaupal_shared::levels::level_rating(kind, level)
    )
}

/// The computer player: an engine, its level or depth, and a game of it against itself.
fn computer_choice(lobby: &Lobby, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let engine = match lobby.engine {
        0 => "level".to_owned(),
        i => ENGINES.get(i - 1).copied().unwrap_or("?").to_owned(),
    };
    let widest = ENGINES
        .iter()
        .map(|e| ui.width(e, true, ui.unit))
        .fold(0.0, f32::max);
    let y = stepper(
        ui,
        inner,
        y,
        "Engine",
        &engine,
        widest,
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
            &level_label(lobby.kind, lobby.level),
            ui.width(&level_label(lobby.kind, LEVELS), true, ui.unit),
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
            ui.width("16", true, ui.unit),
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
        h: ui.small_row_h(0.85),
        ..inner
    };
    if ui.button(b, "Watch the computer play itself", Look::Plain) {
        actions.push(Action::StartExhibition);
    }
    y + rh
}

/// A friend's game: this player's own invite code to pass on, and the field to type one in.
fn invite_code(app: &App, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let lobby = app.lobby();
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
        let copy_h = if ui.portrait {
            layout::TAP_MIN
        } else {
            ui.unit * 1.6
        };
        let copy = Area {
            x: inner.x + inner.w * 0.66,
            y: y + ui.unit * 0.5 - copy_h / 2.0,
            w: inner.w * 0.34,
            h: copy_h,
        };
        ui.strong(
            code,
            copy.x - 8.0,
            y + ui.unit * 0.5,
            ui.unit * 1.1,
            theme::ACCENT,
            Align::Right,
        );
        if ui.button(copy, "Copy link", Look::Plain) {
            actions.push(Action::CopyInvite);
        }
        y += (ui.unit * 1.8).max(copy_h + 6.0);
    }
    // The field's label, above it.
    ui.label(
        "A friend's invite code:",
        inner.x,
        y + ui.unit * 0.5,
        theme::TEXT_DIM,
        Align::Left,
    );
    y += ui.unit * 1.4;
    let join_w = ui.width("Join", true, ui.unit) + ui.unit * 2.5;
    let field = Area {
        x: inner.x,
        y,
        w: inner.w - join_w - 8.0,
        h: rh,
    };
    text_field(
        app,
        ui,
        field,
        Field::Code,
        &lobby.code,
        "a friend's code",
        actions,
    );
    let join = Area {
        x: field.x + field.w + 8.0,
        w: join_w,
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

/// A row with a label and a value stepped with `<` and `>` (wide enough for the widest value,
/// `widest` pixels); returns the y below it.
#[allow(clippy::too_many_arguments)]
fn stepper(
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
fn value_stepper(
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
    if lobby.clock_applies() && ui.portrait {
        // On a phone, each of the clock's steppers on a row of its own, with room for a
        // fingertip on each button and the value whole between them.
        let minutes = CLOCK_MINUTES.get(lobby.minutes).copied().unwrap_or(0);
        let widest = CLOCK_MINUTES
            .iter()
            .map(|&m| ui.width(&format!("{m} min"), true, ui.unit))
            .fold(0.0, f32::max);
        let shown = if minutes == 0 {
            "none".to_owned()
        } else {
            format!("{minutes} min")
        };
        y = stepper(
            ui,
            inner,
            y,
            "Clock",
            &shown,
            widest,
            [
                Action::CycleMinutes { forward: false },
                Action::CycleMinutes { forward: true },
            ],
            actions,
        );
        if minutes > 0 {
            let inc = CLOCK_INCREMENTS.get(lobby.increment).copied().unwrap_or(0);
            y = stepper(
                ui,
                inner,
                y,
                "Added a move",
                &format!("+{inc} s"),
                ui.width("+30 s", true, ui.unit),
                [
                    Action::CycleIncrement { forward: false },
                    Action::CycleIncrement { forward: true },
                ],
                actions,
            );
        }
    } else if lobby.clock_applies() {
        let minutes = CLOCK_MINUTES.get(lobby.minutes).copied().unwrap_or(0);
        let label_w = ui.width("Clock", false, ui.unit) + ui.unit * 0.8;
        let row = ui.small_row_h(0.8);
        ui.label(
            "Clock",
            inner.x,
            y + row / 2.0,
            theme::TEXT_DIM,
            Align::Left,
        );
        let steppers = columns(
            Area {
                x: inner.x + label_w,
                y,
                w: inner.w - label_w,
                h: ui.small_row_h(0.8),
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
                y + row / 2.0,
                theme::TEXT_DIM,
                Align::Centre,
            );
        }
        y += row + rh * 0.15;
    }
    if lobby.rated_allowed() {
        let cols = columns(
            Area {
                y,
                h: ui.small_row_h(0.8),
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
        y += ui.small_row_h(0.8) + 6.0;
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Fonts;
    use crate::layout::tests::SIZES;
    use crate::layout::{Window, label_fit, row_h};

    #[test]
    fn the_level_stepper_shows_each_levels_calibrated_rating_in_the_game_chosen() {
        for kind in GameKind::ALL {
            for level in 1..=LEVELS {
                let rating = chaupal_shared::levels::level_rating(kind, level);
                assert_eq!(level_label(kind, level), format!("{level} of 8 ({rating})"));
            }
        }
        assert_ne!(
            level_label(GameKind::Kalah, 8),
            level_label(GameKind::Kalah, 1),
            "the top level is rated above the first"
        );
    }

    /// The inside of the choices panel in a window of `w` x `h`, as the lobby lays it out.
    fn inner(w: f32, h: f32) -> (Area, f32, bool) {
        let win = Window::new(w, h);
        let l = layout::lobby(win.body, win.unit, win.portrait, win.gap, 600.0, 400.0);
        let pad = win.unit * 1.1;
        (
            Area {
                x: l.choices.x + pad,
                w: l.choices.w - 2.0 * pad,
                ..l.choices
            },
            win.unit,
            win.portrait,
        )
    }

    /// Whether every label fits whole in `n` equal columns of `row`.
    fn fit_in_columns(
        m: &Fonts,
        row: Area,
        n: usize,
        gap: f32,
        labels: &[&str],
        unit: f32,
    ) -> Result<(), String> {
        let cols = columns(row, n, gap);
        for (i, label) in labels.iter().enumerate() {
            let c = cols[i % n];
            if !label_fit(m, label, c, unit).1 {
                return Err(format!("\"{label}\" is cut in {c:?}"));
            }
        }
        Ok(())
    }

    #[test]
    fn the_lobbys_buttons_and_steppers_fit_at_every_window_size() {
        let m = Fonts::load().expect("the bundled fonts");
        for (w, h) in SIZES {
            let (inner, unit, portrait) = inner(w, h);
            let rh = row_h(unit, portrait);
            let small = |share: f32| layout::small_row_h(unit, portrait, share);
            let at = |h: f32| Area { h, ..inner };
            let titles: Vec<&str> = GameKind::ALL.iter().map(|k| k.title()).collect();
            let checks = [
                fit_in_columns(&m, at(rh), 2, 8.0, &titles, unit),
                fit_in_columns(
                    &m,
                    at(small(0.9)),
                    2,
                    6.0,
                    &["On this device", "The computer", "A friend", "Anyone"],
                    unit,
                ),
                fit_in_columns(
                    &m,
                    Area {
                        x: inner.x + unit * 4.6,
                        w: inner.w - unit * 4.6,
                        h: small(0.85),
                        ..inner
                    },
                    3,
                    6.0,
                    &["Tigers", "Goats", "Either", "North", "South", "Either"],
                    unit,
                ),
                fit_in_columns(
                    &m,
                    at(small(0.85)),
                    1,
                    6.0,
                    &["Watch the computer play itself"],
                    unit,
                ),
                fit_in_columns(&m, at(small(0.8)), 2, 6.0, &["Casual", "Rated"], unit),
            ];
            for check in checks {
                assert!(check.is_ok(), "{w}x{h}: {}", check.unwrap_err());
            }
            // The start button and Rules beside it.
            let start = Area {
                w: inner.w * 0.62,
                h: rh,
                ..inner
            };
            for label in [
                "Create a private game",
                "Play the computer",
                "Offer the game",
                "Start the game",
            ] {
                assert!(label_fit(&m, label, start, unit).1, "{w}x{h}: \"{label}\"");
            }
            let rules = Area {
                w: inner.w - start.w - 8.0,
                ..start
            };
            assert!(label_fit(&m, "Rules", rules, unit).1, "{w}x{h}: Rules");
            // Each stepper's label beside its value, with the widest value.
            for kind in GameKind::ALL {
                for option in rulebook::options(kind) {
                    let widest = option
                        .values
                        .iter()
                        .map(|v| m.width(rulebook::value_words(v), true, unit))
                        .fold(0.0, f32::max);
                    let bw = rh * 0.8 * 1.4;
                    let sw = 2.0 * bw + widest.max(unit * 2.5) + unit * 1.2 + 8.0;
                    let room = inner.w - sw - 6.0;
                    let label = m.width(option.label, false, unit);
                    assert!(
                        label <= room,
                        "{w}x{h}: \"{}\" ({label}) in {room}",
                        option.label
                    );
                }
            }
            // The clock's two steppers keep their values whole.
            let label_w = m.width("Clock", false, unit) + unit * 0.8;
            let half = (inner.w - label_w - 8.0) / 2.0;
            let bw = (rh * 0.8 * 1.4).min(half / 4.0);
            for value in ["90 min", "+60 s"] {
                let vw = half - 2.0 * bw - 8.0;
                let size = (unit * 0.8).floor().max(unit * 0.8);
                assert!(
                    m.width(value, true, size) <= vw,
                    "{w}x{h}: \"{value}\" in {vw}"
                );
            }
            // Your name row: the buttons beside a name of 16 characters, or under it.
            let you = Area {
                h: small(0.85),
                ..inner
            };
            let size = layout::label_size(you, unit);
            let buttons = m.width("Change name", true, size)
                + m.width("Sound: off", true, size)
                + unit * 3.0
                + 16.0;
            let name = m.width("You: Asha Rai Sharma", true, unit);
            if buttons + name > inner.w {
                assert!(
                    name <= inner.w,
                    "{w}x{h}: the name alone ({name}) in {}",
                    inner.w
                );
                let check = fit_in_columns(&m, you, 2, 8.0, &["Change name", "Sound: off"], unit);
                assert!(check.is_ok(), "{w}x{h}: {}", check.unwrap_err());
            }
        }
    }
}
