//! Live or by correspondence (and the time a move), the clock (minutes and increment), and
//! casual or rated.

use macroquad::prelude::*;

use super::two_way::{between_pairs, pair_width, two_way};
use crate::app::LobbyAction;
use crate::app::{Action, CLOCK_INCREMENTS, CLOCK_MINUTES, Lobby, PACES, pace_value};
use crate::draw::paint::Align;
use crate::draw::screens::common::{stepper, value_stepper};
use crate::draw::theme;
use crate::draw::ui::{Ui, columns};
use crate::geometry::Area;
use crate::layout::Measure;

/// The labels of live and correspondence play.
pub(super) fn pace_labels(ui: &Ui) -> [String; 2] {
    [ui.t("choices-live"), ui.t("choices-correspondence")]
}

/// The labels of casual and rated play.
pub(super) fn rating_labels(ui: &Ui) -> [String; 2] {
    [ui.t("choices-casual"), ui.t("choices-rated")]
}

/// Live or by correspondence (with `with_rating`, casual or rated beside them on the same
/// row), and for a correspondence game the time a move; returns the y below.
pub(super) fn pace_choice(
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
pub(super) fn clock_and_rating(
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
pub(super) fn minutes_text(ui: &Ui, minutes: u32) -> String {
    if minutes == 0 {
        ui.t("choices-no-clock")
    } else {
        ui.say(&crate::say!("clock-minutes", count = minutes))
    }
}

/// The seconds added a move, as the stepper shows them.
pub(super) fn increment_text(ui: &Ui, seconds: u32) -> String {
    ui.say(&crate::say!("choices-increment-value", count = seconds))
}
