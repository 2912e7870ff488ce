//! Whom against and how: the way of playing, the side, the computer player (its engine and
//! level) or a friend's invite code.

use chaupal_rules::{GameKind, Side};
use macroquad::prelude::*;

use crate::app::Field;
use crate::app::{Action, App, ENGINES, LEVELS, Lobby, PlayMode, SidePick};
use crate::app::{LinkAction, LobbyAction};
use crate::draw::paint::Align;
use crate::draw::screens::common::{stepper, text_field};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::{self, Measure};
use crate::terms;
use crate::words::Phrase;

/// "Play": whom against, two ways to a row.
pub(super) fn mode_choice(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    mut y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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
pub(super) fn side_choice(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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
pub(super) fn computer_choice(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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
pub(super) fn invite_code(
    app: &App,
    ui: &Ui,
    inner: Area,
    mut y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
