//! The game chosen and its rules: the four games, and a stepper for each rule option.

use chaupal_rules::GameKind;
use macroquad::prelude::*;

use crate::app::LobbyAction;
use crate::app::{Action, Lobby, kind_index};
use crate::draw::screens::common::stepper;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::Measure;
use crate::rulebook;

/// "Choose a game": the four games, two to a row.
pub(super) fn game_choice(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    mut y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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
pub(super) fn rule_choices(
    lobby: &Lobby,
    ui: &Ui,
    inner: Area,
    mut y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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
