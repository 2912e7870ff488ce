//! The lobby's left panel (the top of the lobby on a phone): who you are (your name, to change,
//! and the sounds on or off), the game and its rules, the way of playing, the side, the
//! computer player or the invite code, live (the clock) or by correspondence (the time a
//! move), rated or casual, the button that starts it all, and under it the way to the puzzles
//! (and the day's puzzle of the game chosen). Each section draws itself from the top `y` it is
//! given and returns the `y` below it.

use chaupal_rules::{GameKind, Side};
use macroquad::prelude::*;

use super::super::common::{stepper, text_field, value_stepper};
use crate::app::Field;
use crate::app::{
    Action, App, CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, LEVELS, Lobby, PACES, PlayMode,
    SidePick, kind_index, pace_value,
};
use crate::app::{LinkAction, LobbyAction, PuzzleAction, ScreenAction, SettingsAction};
use crate::draw::paint::{self, Align};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::{self, Measure};
use crate::puzzles::Leave;
use crate::rulebook;
use crate::terms;
use crate::words::{Language, Phrase};

/// Where the panel's start buttons go: right under the choices (a phone's screen, which
/// scrolls as a whole), or pinned at the foot of the panel, with the choices above them
/// scrolled up by `offset` when they do not all fit (a wide window).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Foot {
    Under,
    Pinned { offset: f32 },
}

/// Draws the panel in `a`, section under section, the start buttons where `foot` says.
/// Returns the height the panel's content needs with the start buttons right under it,
/// whatever `a` gave it.
pub(super) fn draw(app: &App, ui: &Ui, a: Area, foot: Foot, actions: &mut Vec<Action>) -> f32 {
    ui.panel(a);
    let pad = ui.unit * 1.1;
    let buttons_at = a.y + a.h - pad - foot_h(ui);
    let (offset, content) = match foot {
        Foot::Under => (0.0, a),
        Foot::Pinned { offset } => (
            offset,
            Area {
                h: buttons_at - 8.0 - a.y,
                ..a
            },
        ),
    };
    // Choices scrolled under the pinned buttons are neither seen nor pressed there.
    let kept_out = super::mouse_kept_to(ui, |m| foot == Foot::Under || content.contains(m));
    let scrolled = ui.with_input(&kept_out, true);
    let scrolled = if foot == Foot::Under {
        scrolled
    } else {
        scrolled.within(content)
    };
    let top = a.y - offset;
    let end = sections(
        app,
        &scrolled,
        Area {
            x: a.x + pad,
            y: top,
            w: a.w - 2.0 * pad,
            h: a.h,
        },
        top + pad,
        actions,
    );
    let at = match foot {
        Foot::Under => end + ui.unit * 0.6,
        Foot::Pinned { .. } => {
            if end + 8.0 > buttons_at {
                // The choices go on under the buttons' strip: cover them there.
                let strip = Area {
                    x: a.x + 1.5,
                    y: buttons_at - 8.0,
                    w: a.w - 3.0,
                    h: a.y + a.h - (buttons_at - 8.0) - 1.5,
                };
                // The buttons are drawn over the choices there, as a card is.
                ui.fonts.typesetter().overlay();
                paint::fill(strip, theme::PANEL);
                paint::fill(Area { h: 1.0, ..strip }, theme::PANEL_EDGE);
                // And past the panel's foot, over the window's margin under it, the panel's
                // bottom edge drawn again where the choices crossed it.
                let below = Area {
                    y: a.y + a.h,
                    h: ui.unit * 3.0,
                    ..a
                };
                paint::fill(below, theme::BACKGROUND);
                let edge = Area {
                    x: a.x + 12.0,
                    y: a.y + a.h - 1.5,
                    w: a.w - 24.0,
                    h: 1.5,
                };
                paint::fill(edge, theme::PANEL_EDGE);
            }
            buttons_at
        }
    };
    let inner = Area {
        x: a.x + pad,
        w: a.w - 2.0 * pad,
        ..a
    };
    start_buttons(app, ui, inner, at, actions);
    let natural = match foot {
        Foot::Under => at,
        Foot::Pinned { .. } => end + 8.0,
    };
    natural + foot_h(ui) + pad - top
}

/// The room the start buttons take: the start row, and the puzzles' row under it.
fn foot_h(ui: &Ui) -> f32 {
    2.0 * ui.row_h() + FOOT_GAP
}

/// The room between the start row and the puzzles' row.
const FOOT_GAP: f32 = 8.0;

/// The panel's sections, from `y` down in `inner`; returns the y below them.
fn sections(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let lobby = app.lobby();
    let mut y = you(app, ui, inner, y, actions);
    y = game_choice(lobby, ui, inner, y, actions);
    y = rule_choices(lobby, ui, inner, y, actions);
    y = mode_choice(lobby, ui, inner, y, actions);
    if lobby.mode != PlayMode::ThisComputer {
        y = side_choice(lobby, ui, inner, y, actions);
    }
    y = match lobby.mode {
        PlayMode::ThisComputer => ui.paragraph(
            &ui.t("choices-both-here"),
            inner.x,
            y + ui.unit * 0.3,
            inner.w,
            theme::TEXT_DIM,
        ),
        PlayMode::Anyone => {
            ui.paragraph(
                &ui.t("choices-seek-listed"),
                inner.x,
                y,
                inner.w,
                theme::TEXT_DIM,
            ) + ui.unit * 0.4
        }
        PlayMode::Computer => computer_choice(lobby, ui, inner, y, actions),
        PlayMode::Friend => invite_code(app, ui, inner, y, actions),
    };
    // Live or correspondence, and casual or rated, share a row where their labels fit.
    let one_row = lobby.correspondence_applies()
        && lobby.rated_allowed()
        && two_way_pairs_fit(ui, inner.w, &[pace_labels(ui), rating_labels(ui)]);
    if lobby.correspondence_applies() {
        y = pace_choice(lobby, ui, inner, y, one_row, actions);
    }
    clock_and_rating(lobby, ui, inner, y, !one_row, actions)
}

/// Who you are: your name (a field to type a new one in, on request) and the sounds on or off;
/// on one row when they fit, else the name above its two buttons; under them the list of
/// languages while it is open (the top bar's language button opens it).
fn you(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.small_row_h(0.85);
    let row = Area { y, h: rh, ..inner };
    let size = layout::label_size(row, ui.unit);
    let sound = ui.t(if app.muted() {
        "choices-sound-off"
    } else {
        "choices-sound-on"
    });
    let change_label = ui.t("choices-change-name");
    let sound_w = ui
        .width(&ui.t("choices-sound-off"), true, size)
        .max(ui.width(&ui.t("choices-sound-on"), true, size))
        + ui.unit * 1.5;
    let change_w = ui.width(&change_label, true, size) + ui.unit * 1.5;
    let name = if app.name().is_empty() {
        ui.t("choices-you")
    } else {
        ui.say(&crate::say!("choices-you-named", name = app.name()))
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
        let label = &ui.t("choices-name");
        let label_w = ui.width(label, true, ui.unit) + ui.unit * 0.6;
        ui.strong(
            label,
            inner.x,
            text_row.y + text_row.h / 2.0,
            ui.unit,
            theme::TEXT,
            Align::Left,
        );
        let (keep, cancel) = (ui.t("choices-keep"), ui.t("lists-cancel"));
        let keep_w = ui
            .width(&keep, true, size)
            .max(ui.width(&cancel, true, size))
            * 2.0
            + ui.unit * 3.5;
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
        text_field(
            app,
            ui,
            field,
            Field::Name,
            edit,
            &ui.t("choices-name-hint"),
            actions,
        );
        // Cancel where "Change name" was, so that a second tap on it changes nothing.
        let gap = if one_row { 6.0 } else { 8.0 };
        let cols = columns(buttons, 2, gap);
        if ui.button(cols[0], &cancel, Look::Plain) {
            actions.push(Action::Settings(SettingsAction::CancelName));
        }
        if ui.button(cols[1], &keep, Look::Primary) {
            actions.push(Action::Settings(SettingsAction::SaveName));
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
    if ui.button(change, &change_label, Look::Plain) {
        actions.push(Action::Settings(SettingsAction::EditName));
    }
    if ui.button(toggle, &sound, Look::Plain) {
        actions.push(Action::Settings(SettingsAction::ToggleSound));
    }
    // The list of languages, opened from the top bar.
    if app.languages_open() {
        return language_choice(app, ui, inner, bottom - ui.unit * 0.7, actions) + ui.unit * 0.7;
    }
    bottom
}

/// The languages, each in its own words (a player finds their own whatever the screen is in),
/// as many to a row as keep them whole; returns the y below.
fn language_choice(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.small_row_h(0.85);
    let names: Vec<&str> = Language::ALL.iter().map(|l| l.own_name()).collect();
    let per_row = layout::per_row(ui, &names, inner.w, rh, ui.unit, Language::ALL.len());
    let cells = layout::grid(inner, y, Language::ALL.len(), per_row, rh);
    for (c, language) in cells.iter().zip(Language::ALL) {
        let look = if app.language() == language {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, language.own_name(), look) {
            actions.push(Action::Settings(SettingsAction::SetLanguage(language)));
        }
    }
    y + layout::grid_h(Language::ALL.len().div_ceil(per_row), rh)
}

/// "Choose a game": the four games, two to a row.
fn game_choice(lobby: &Lobby, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let rh = ui.row_h();
    ui.heading(&ui.t("choices-game"), inner.x, y);
    y += ui.unit * 1.3;
    for pair in GameKind::ALL.chunks(2) {
        let cols = columns(Area { y, h: rh, ..inner }, 2, 8.0);
        for (c, kind) in cols.iter().zip(pair) {
            let look = if lobby.kind == *kind {
                Look::Selected
            } else {
                Look::Plain
            };
            if ui.button(*c, &ui.game(*kind), look) {
                actions.push(Action::Lobby(LobbyAction::SelectGame(*kind)));
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
            .map(|v| ui.width(&ui.say(&rulebook::value_words(v)), true, ui.unit))
            .fold(0.0, f32::max);
        y = stepper(
            ui,
            inner,
            y,
            &ui.t(option.label),
            &ui.say(&rulebook::value_words(value)),
            widest,
            [
                Action::Lobby(LobbyAction::CycleRule {
                    index: i,
                    forward: false,
                }),
                Action::Lobby(LobbyAction::CycleRule {
                    index: i,
                    forward: true,
                }),
            ],
            actions,
        );
    }
    y
}

/// "Play": whom against, two ways to a row.
fn mode_choice(lobby: &Lobby, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    y += ui.unit * 1.2;
    ui.heading(&ui.t("lists-play"), inner.x, y);
    y += ui.unit * 1.3;
    let modes = [
        (PlayMode::ThisComputer, ui.t("mode-here")),
        (PlayMode::Computer, ui.t("mode-computer")),
        (PlayMode::Friend, ui.t("mode-friend")),
        (PlayMode::Anyone, ui.t("mode-anyone")),
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
                actions.push(Action::Lobby(LobbyAction::SelectMode(*mode)));
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
        &ui.t("choices-you-play"),
        inner.x,
        y + rh * 0.42,
        theme::TEXT_DIM,
        Align::Left,
    );
    let label_w = ui.unit * 4.6;
    let sides = [
        (
            SidePick::First,
            ui.say(&terms::side_name(kind, Side::First)),
        ),
        (
            SidePick::Second,
            ui.say(&terms::side_name(kind, Side::Second)),
        ),
        (SidePick::Random, ui.t("choices-either")),
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
            actions.push(Action::Lobby(LobbyAction::SelectSide(side)));
        }
    }
    y + (ui.small_row_h(0.85) + ui.unit * 0.6)
}

/// A level as the stepper shows it: its place among the eight and its calibrated rating in the
/// game chosen (`5 of 8 (2010)` in Kalah), the rating a player's own is compared with.
pub(crate) fn level_label(kind: GameKind, level: u8) -> Phrase {
    crate::say!(
        "level-of",
        level = level,
        levels = LEVELS,
        rating = chaupal_shared::levels::level_rating(kind, level)
    )
}

/// The computer player: an engine, its level or depth, and a game of it against itself.
fn computer_choice(lobby: &Lobby, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let levels = ui.say(&crate::say!("engine-level", levels = LEVELS));
    let engine = match lobby.engine {
        0 => levels.clone(),
        i => ENGINES.get(i - 1).copied().unwrap_or("?").to_owned(),
    };
    let widest = ENGINES
        .iter()
        .map(|e| ui.width(e, true, ui.unit))
        .fold(0.0, f32::max)
        .max(ui.width(&levels, true, ui.unit));
    let y = stepper(
        ui,
        inner,
        y,
        &ui.t("choices-engine"),
        &engine,
        widest,
        [
            Action::Lobby(LobbyAction::CycleEngine { forward: false }),
            Action::Lobby(LobbyAction::CycleEngine { forward: true }),
        ],
        actions,
    );
    let y = if lobby.engine == 0 {
        stepper(
            ui,
            inner,
            y,
            &ui.t("choices-level"),
            &ui.say(&level_label(lobby.kind, lobby.level)),
            ui.width(&ui.say(&level_label(lobby.kind, LEVELS)), true, ui.unit),
            [
                Action::Lobby(LobbyAction::CycleLevel { forward: false }),
                Action::Lobby(LobbyAction::CycleLevel { forward: true }),
            ],
            actions,
        )
    } else {
        stepper(
            ui,
            inner,
            y,
            &ui.t("choices-depth"),
            &lobby.depth.to_string(),
            ui.width("16", true, ui.unit),
            [
                Action::Lobby(LobbyAction::CycleDepth { forward: false }),
                Action::Lobby(LobbyAction::CycleDepth { forward: true }),
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
    if ui.button(b, &ui.t("choices-exhibition"), Look::Plain) {
        actions.push(Action::Lobby(LobbyAction::StartExhibition));
    }
    y + rh
}

/// A friend's game: this player's own invite code to pass on (unless "My games" lists it
/// among the seeks waiting), and the field to type one in.
fn invite_code(app: &App, ui: &Ui, inner: Area, mut y: f32, actions: &mut Vec<Action>) -> f32 {
    let lobby = app.lobby();
    let rh = ui.row_h();
    // A code listed in "My games" (with its own Copy link and Cancel) is not shown twice.
    if let Some(code) = lobby.my_code.as_ref().filter(|_| !app.own_code_listed()) {
        ui.label(
            &ui.t("choices-your-code"),
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
        if ui.button(copy, &ui.t("copy-link"), Look::Plain) {
            actions.push(Action::Link(LinkAction::CopyInvite));
        }
        y += (ui.unit * 1.8).max(copy_h + 6.0);
    }
    // The field's label, above it.
    ui.label(
        &ui.t("choices-friends-code"),
        inner.x,
        y + ui.unit * 0.5,
        theme::TEXT_DIM,
        Align::Left,
    );
    y += ui.unit * 1.4;
    let join_label = ui.t("choices-join");
    let join_w = ui.width(&join_label, true, ui.unit) + ui.unit * 2.5;
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
        &ui.t("choices-code-hint"),
        actions,
    );
    let join = Area {
        x: field.x + field.w + 8.0,
        w: join_w,
        ..field
    };
    if ui.button(join, &join_label, Look::Plain) {
        actions.push(Action::Lobby(LobbyAction::JoinByCode));
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
    let label = ui.t(start_label(lobby.mode));
    let online_needed = lobby.mode != PlayMode::ThisComputer;
    let look = if online_needed && !app.connection().online() {
        Look::Plain
    } else {
        Look::Primary
    };
    if ui.button(start, &label, look) {
        actions.push(if lobby.mode == PlayMode::Friend {
            Action::Lobby(LobbyAction::CreatePrivate)
        } else {
            Action::Lobby(LobbyAction::Start)
        });
    }
    let rules_btn = Area {
        x: start.x + start.w + 8.0,
        w: inner.w - start.w - 8.0,
        ..start
    };
    if ui.button(rules_btn, &ui.t("choices-rules"), Look::Plain) {
        actions.push(Action::Screen(ScreenAction::ShowRules(lobby.kind)));
    }
    puzzle_buttons(app, ui, inner, y + start.h + FOOT_GAP, actions);
}

/// The puzzles' row: the Puzzles screen, and the day's puzzle of the game chosen (shown off
/// until the server has named it; a press on it then asks for a second press while leaving the puzzle in progress
/// would cost its rated attempt).
fn puzzle_buttons(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) {
    let row = Area {
        y,
        h: ui.row_h(),
        ..inner
    };
    // Offline the button says what it needs when pressed.
    let look = Look::Plain;
    let daily = app.puzzles().daily_of(app.lobby().kind);
    // The day's puzzle has its half of the row from the start, shown off until the server
    // names it: *Puzzles* never shrinks under a finger as it comes.
    let cells = columns(row, 2, 8.0);
    if ui.button(cells[0], &ui.t("lobby-puzzles"), look) {
        actions.push(Action::Puzzle(PuzzleAction::OpenPuzzles));
    }
    if daily.is_none() {
        ui.button(cells[1], &ui.t("lobby-daily-puzzle"), Look::Disabled);
    }
    if let (Some(d), Some(cell)) = (daily, cells.get(1)) {
        // Pressed once while leaving the puzzle in progress would cost its rated attempt: the
        // second press confirms.
        let asked = app.puzzles().leave_asked(&Leave::Open(d.id.clone()));
        let (label, look) = if asked {
            ("puzzle-press-again", Look::Danger)
        } else {
            ("lobby-daily-puzzle", look)
        };
        if ui.button(*cell, &ui.t(label), look) {
            actions.push(Action::Puzzle(PuzzleAction::OpenPuzzle(d.id.clone())));
        }
    }
}

/// The start button's label (a message id) for each way of playing.
fn start_label(mode: PlayMode) -> &'static str {
    match mode {
        PlayMode::ThisComputer => "start-here",
        PlayMode::Computer => "start-computer",
        PlayMode::Friend => "start-friend",
        PlayMode::Anyone => "start-anyone",
    }
}

/// The labels of live and correspondence play.
fn pace_labels(ui: &Ui) -> [String; 2] {
    [ui.t("choices-live"), ui.t("choices-correspondence")]
}

/// The labels of casual and rated play.
fn rating_labels(ui: &Ui) -> [String; 2] {
    [ui.t("choices-casual"), ui.t("choices-rated")]
}

/// The width a two-way button needs for its label whole at full size.
fn two_way_width(ui: &Ui, label: &str) -> f32 {
    let row = Area {
        x: 0.0,
        y: 0.0,
        w: 0.0,
        h: ui.small_row_h(0.8),
    };
    let size = layout::label_size(row, ui.unit);
    ui.width(label, true, size) + layout::LABEL_PAD + ui.unit * 0.5
}

/// The gap between two pairs of two-way buttons on one row.
fn between_pairs(ui: &Ui) -> f32 {
    ui.unit * 0.6
}

/// Whether the pairs of two-way buttons fit side by side on one row `w` wide, each label whole.
fn two_way_pairs_fit(ui: &Ui, w: f32, pairs: &[[String; 2]]) -> bool {
    let gaps = between_pairs(ui) * (pairs.len().max(1) - 1) as f32 + 6.0 * pairs.len() as f32;
    let labels: f32 = pairs.iter().flatten().map(|l| two_way_width(ui, l)).sum();
    labels + gaps <= w
}

/// The width a pair of two-way buttons needs, each label whole.
fn pair_width(ui: &Ui, pair: &[String; 2]) -> f32 {
    two_way_width(ui, &pair[0]) + two_way_width(ui, &pair[1]) + 6.0
}

/// A pair of two-way buttons in `a`: the first label when `second` is false, else the other,
/// shows as chosen; `choose` is the action of pressing each.
fn two_way(
    ui: &Ui,
    a: Area,
    labels: &[String; 2],
    second: bool,
    choose: impl Fn(bool) -> Action,
    actions: &mut Vec<Action>,
) {
    // Halves, when both labels fit in one; else each button as wide as its label needs,
    // the room left over shared evenly.
    let needs = [two_way_width(ui, &labels[0]), two_way_width(ui, &labels[1])];
    let half = (a.w - 6.0) / 2.0;
    let spare = (a.w - 6.0 - needs[0] - needs[1]) / 2.0;
    let first_w = if needs[0].max(needs[1]) <= half || spare <= 0.0 {
        half
    } else {
        needs[0] + spare
    };
    let cols = [
        Area { w: first_w, ..a },
        Area {
            x: a.x + first_w + 6.0,
            w: a.w - first_w - 6.0,
            ..a
        },
    ];
    for (i, (c, label)) in cols.iter().zip(labels).enumerate() {
        let on = i == 1;
        let look = if second == on {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, label, look) {
            actions.push(choose(on));
        }
    }
}

/// Live or by correspondence (with `with_rating`, casual or rated beside them on the same
/// row), and for a correspondence game the time a move; returns the y below.
fn pace_choice(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    y: f32,
    with_rating: bool,
    actions: &mut Vec<Action>,
) -> f32 {
    let mut y = y + ui.unit * 0.3;
    let row = Area {
        y,
        h: ui.small_row_h(0.8),
        ..inner
    };
    let paces = pace_labels(ui);
    if with_rating {
        // Each pair as wide as its labels need, the rest of the row shared out.
        let ratings = rating_labels(ui);
        let between = between_pairs(ui);
        let (left, right) = (pair_width(ui, &paces), pair_width(ui, &ratings));
        let spare = ((row.w - between - left - right) / 2.0).max(0.0);
        let first = Area {
            w: left + spare,
            ..row
        };
        let second = Area {
            x: first.x + first.w + between,
            w: row.w - first.w - between,
            ..row
        };
        two_way(
            ui,
            first,
            &paces,
            lobby.by_correspondence,
            |on| Action::Lobby(LobbyAction::SetCorrespondence(on)),
            actions,
        );
        two_way(
            ui,
            second,
            &ratings,
            lobby.rated,
            |on| Action::Lobby(LobbyAction::SetRated(on)),
            actions,
        );
    } else {
        two_way(
            ui,
            row,
            &paces,
            lobby.by_correspondence,
            |on| Action::Lobby(LobbyAction::SetCorrespondence(on)),
            actions,
        );
    }
    y += row.h + 6.0;
    let Some(pace) = lobby.correspondence() else {
        return y;
    };
    let widest = PACES
        .iter()
        .map(|p| ui.width(&ui.say(&pace_value(*p)), true, ui.unit))
        .fold(0.0, f32::max);
    stepper(
        ui,
        inner,
        y,
        &ui.t("choices-move-time"),
        &ui.say(&pace_value(pace)),
        widest,
        [
            Action::Lobby(LobbyAction::CyclePace { forward: false }),
            Action::Lobby(LobbyAction::CyclePace { forward: true }),
        ],
        actions,
    )
}

/// The clock (minutes and increment) and, with `rating`, casual or rated, where the chosen
/// way of playing takes them (a correspondence game has no clock); returns the y below.
fn clock_and_rating(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    mut y: f32,
    rating: bool,
    actions: &mut Vec<Action>,
) -> f32 {
    let rh = ui.row_h();
    let clock = lobby.clock_applies() && lobby.correspondence().is_none();
    if clock && ui.portrait {
        // On a phone, each of the clock's steppers on a row of its own, with room for a
        // fingertip on each button and the value whole between them.
        let minutes = CLOCK_MINUTES.get(lobby.minutes).copied().unwrap_or(0);
        let widest = CLOCK_MINUTES
            .iter()
            .map(|&m| ui.width(&minutes_text(ui, m), true, ui.unit))
            .fold(0.0, f32::max);
        let shown = minutes_text(ui, minutes);
        y = stepper(
            ui,
            inner,
            y,
            &ui.t("choices-clock"),
            &shown,
            widest,
            [
                Action::Lobby(LobbyAction::CycleMinutes { forward: false }),
                Action::Lobby(LobbyAction::CycleMinutes { forward: true }),
            ],
            actions,
        );
        if minutes > 0 {
            let inc = CLOCK_INCREMENTS.get(lobby.increment).copied().unwrap_or(0);
            y = stepper(
                ui,
                inner,
                y,
                &ui.t("choices-increment"),
                &increment_text(ui, inc),
                ui.width(&increment_text(ui, 30), true, ui.unit),
                [
                    Action::Lobby(LobbyAction::CycleIncrement { forward: false }),
                    Action::Lobby(LobbyAction::CycleIncrement { forward: true }),
                ],
                actions,
            );
        }
    } else if clock {
        let minutes = CLOCK_MINUTES.get(lobby.minutes).copied().unwrap_or(0);
        let clock = ui.t("choices-clock");
        let label_w = ui.width(&clock, false, ui.unit) + ui.unit * 0.8;
        let row = ui.small_row_h(0.8);
        ui.label(&clock, inner.x, y + row / 2.0, theme::TEXT_DIM, Align::Left);
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
        let shown = minutes_text(ui, minutes);
        value_stepper(
            ui,
            steppers[0],
            &shown,
            [
                Action::Lobby(LobbyAction::CycleMinutes { forward: false }),
                Action::Lobby(LobbyAction::CycleMinutes { forward: true }),
            ],
            actions,
        );
        if minutes > 0 {
            let inc = CLOCK_INCREMENTS.get(lobby.increment).copied().unwrap_or(0);
            value_stepper(
                ui,
                steppers[1],
                &increment_text(ui, inc),
                [
                    Action::Lobby(LobbyAction::CycleIncrement { forward: false }),
                    Action::Lobby(LobbyAction::CycleIncrement { forward: true }),
                ],
                actions,
            );
        } else {
            ui.label(
                &ui.t("choices-untimed"),
                steppers[1].x + steppers[1].w / 2.0,
                y + row / 2.0,
                theme::TEXT_DIM,
                Align::Centre,
            );
        }
        y += row + rh * 0.15;
    }
    if rating && lobby.rated_allowed() {
        let row = Area {
            y,
            h: ui.small_row_h(0.8),
            ..inner
        };
        two_way(
            ui,
            row,
            &rating_labels(ui),
            lobby.rated,
            |on| Action::Lobby(LobbyAction::SetRated(on)),
            actions,
        );
        y += ui.small_row_h(0.8) + 6.0;
    }
    y
}

/// A clock's minutes as the stepper shows them ("none" for no clock).
fn minutes_text(ui: &Ui, minutes: u32) -> String {
    if minutes == 0 {
        ui.t("choices-no-clock")
    } else {
        ui.say(&crate::say!("clock-minutes", count = minutes))
    }
}

/// The seconds added a move, as the stepper shows them.
fn increment_text(ui: &Ui, seconds: u32) -> String {
    ui.say(&crate::say!("choices-increment-value", count = seconds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Fonts;
    use crate::layout::tests::SIZES;
    use crate::layout::{Window, label_fit, row_h};
    use crate::words::Words;

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
    fn the_lobbys_buttons_and_steppers_fit_at_every_window_size_in_every_language() {
        let m = Fonts::load().expect("the bundled fonts");
        for language in Language::ALL {
            let words = Words::new(language);
            let t = |ids: &[&str]| -> Vec<String> { ids.iter().map(|id| words.t(id)).collect() };
            for (w, h) in SIZES {
                if let Err(e) = lobby_fits(&m, &words, &t, (w, h)) {
                    panic!("{} {w}x{h}: {e}", language.tag());
                }
            }
        }
    }

    /// Whether the lobby's labels fit in a window of `size`, in `words`.
    fn lobby_fits(
        m: &Fonts,
        words: &Words,
        t: &dyn Fn(&[&str]) -> Vec<String>,
        (w, h): (f32, f32),
    ) -> Result<(), String> {
        let (inner, unit, portrait) = inner(w, h);
        let rh = row_h(unit, portrait);
        let small = |share: f32| layout::small_row_h(unit, portrait, share);
        let at = |h: f32| Area { h, ..inner };
        let fits = |row: Area, n: usize, gap: f32, labels: Vec<String>| {
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            fit_in_columns(m, row, n, gap, &labels, unit)
        };
        let titles: Vec<String> = GameKind::ALL
            .iter()
            .map(|k| words.say(&terms::game_name(*k)))
            .collect();
        fits(at(rh), 2, 8.0, titles)?;
        fits(
            at(small(0.9)),
            2,
            6.0,
            t(&["mode-here", "mode-computer", "mode-friend", "mode-anyone"]),
        )?;
        let mut sides = Vec::new();
        for kind in [GameKind::BaghChal, GameKind::Kalah] {
            for side in Side::BOTH {
                sides.push(words.say(&terms::side_name(kind, side)));
            }
            sides.push(words.t("choices-either"));
        }
        let side_row = Area {
            x: inner.x + unit * 4.6,
            w: inner.w - unit * 4.6,
            h: small(0.85),
            ..inner
        };
        fits(side_row, 3, 6.0, sides)?;
        fits(at(small(0.85)), 1, 6.0, t(&["choices-exhibition"]))?;
        fits(
            at(small(0.8)),
            2,
            6.0,
            t(&["choices-casual", "choices-rated"]),
        )?;
        fits(
            at(small(0.8)),
            2,
            6.0,
            t(&["choices-live", "choices-correspondence"]),
        )?;
        // The time a move's label beside the widest pace.
        let widest = PACES
            .iter()
            .map(|p| m.width(&words.say(&pace_value(*p)), true, unit))
            .fold(0.0, f32::max);
        let bw = rh * 0.8 * 1.4;
        let sw = 2.0 * bw + widest.max(unit * 2.5) + unit * 1.2 + 8.0;
        let label = words.t("choices-move-time");
        if m.width(&label, false, unit) > inner.w - sw - 6.0 {
            return Err(format!("\"{label}\" beside the paces"));
        }
        // The start button and Rules beside it.
        let start = Area {
            w: inner.w * 0.62,
            h: rh,
            ..inner
        };
        for mode in [
            PlayMode::ThisComputer,
            PlayMode::Computer,
            PlayMode::Friend,
            PlayMode::Anyone,
        ] {
            let label = words.t(start_label(mode));
            if !label_fit(m, &label, start, unit).1 {
                return Err(format!("\"{label}\" is cut"));
            }
        }
        let rules = Area {
            w: inner.w - start.w - 8.0,
            ..start
        };
        let label = words.t("choices-rules");
        if !label_fit(m, &label, rules, unit).1 {
            return Err(format!("\"{label}\" is cut"));
        }
        // Each stepper's label beside its value, with the widest value.
        for kind in GameKind::ALL {
            for option in rulebook::options(kind) {
                let widest = option
                    .values
                    .iter()
                    .map(|v| m.width(&words.say(&rulebook::value_words(v)), true, unit))
                    .fold(0.0, f32::max);
                let bw = rh * 0.8 * 1.4;
                let sw = 2.0 * bw + widest.max(unit * 2.5) + unit * 1.2 + 8.0;
                let room = inner.w - sw - 6.0;
                let label = words.t(option.label);
                let width = m.width(&label, false, unit);
                if width > room {
                    return Err(format!("\"{label}\" ({width}) in {room}"));
                }
            }
        }
        // The clock's two steppers keep their values whole.
        let label_w = m.width(&words.t("choices-clock"), false, unit) + unit * 0.8;
        let half = (inner.w - label_w - 8.0) / 2.0;
        let bw = (rh * 0.8 * 1.4).min(half / 4.0);
        let values = [
            words.say(&crate::say!("clock-minutes", count = 90)),
            words.say(&crate::say!("choices-increment-value", count = 60)),
        ];
        for value in values {
            let vw = half - 2.0 * bw - 8.0;
            let size = (unit * 0.8).floor().max(unit * 0.8);
            if m.width(&value, true, size) > vw {
                return Err(format!("\"{value}\" in {vw}"));
            }
        }
        // Your name row: the buttons beside a name of 16 characters, or under them.
        let you = Area {
            h: small(0.85),
            ..inner
        };
        let size = layout::label_size(you, unit);
        let buttons = t(&["choices-change-name", "choices-sound-off"]);
        let name = words.say(&crate::say!("choices-you-named", name = "Asha Rai Sharma"));
        let name_w = m.width(&name, true, unit);
        let all_w = buttons.iter().map(|b| m.width(b, true, size)).sum::<f32>() + unit * 3.0 + 16.0;
        if all_w + name_w > inner.w {
            if name_w > inner.w {
                return Err(format!("the name alone ({name_w}) in {}", inner.w));
            }
            fits(you, 2, 8.0, buttons)?;
        }
        Ok(())
    }
}
