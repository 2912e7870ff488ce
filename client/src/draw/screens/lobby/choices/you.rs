//! Who you are: your name (and the field to type a new one in), the sounds on or off, and the
//! list of languages while it is open.

use macroquad::prelude::*;

use crate::app::Field;
use crate::app::SettingsAction;
use crate::app::{Action, App};
use crate::draw::paint::Align;
use crate::draw::screens::common::text_field;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::layout::{self, Measure};
use crate::words::Language;

/// Who you are: your name (a field to type a new one in, on request) and the sounds on or off;
/// on one row when they fit, else the name above its two buttons; under them the list of
/// languages while it is open (the top bar's language button opens it).
pub(super) fn you(app: &App, ui: &Ui, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
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
    // "Cancel" takes the place of "Change name" while the name is typed.
    let change_w =
        ui.width(&change_label, true, size)
            .max(ui.width(&ui.t("lists-cancel"), true, size))
            + ui.unit * 1.5;
    let name = if app.name().is_empty() {
        ui.t("choices-you")
    } else {
        ui.say(&crate::say!("choices-you-named", name = app.name()))
    };
    let label = ui.t("choices-name");
    let label_w = ui.width(&label, true, ui.unit) + ui.unit * 0.6;
    let keep_label = ui.t("choices-keep");
    let keep_w = ui.width(&keep_label, true, size) + ui.unit * 1.5;
    // One row when both the name and its field (room for ten letters or so) fit beside the two
    // buttons, so that the row keeps its shape when the field opens and closes.
    let typed_w = label_w + ui.unit * 10.0 + 6.0 + keep_w + 8.0;
    let one_row =
        ui.width(&name, true, ui.unit).max(typed_w) + change_w + sound_w + 16.0 <= inner.w;
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
    // Where "Change name" and the sounds' toggle stand while the name is shown.
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
    if let Some(edit) = app.name_edit() {
        ui.strong(
            &label,
            inner.x,
            text_row.y + text_row.h / 2.0,
            ui.unit,
            theme::TEXT,
            Align::Left,
        );
        // "Keep" ends the field's row, where only the name's words stand once it is kept;
        // "Cancel" takes the place of "Change name" (a second tap on either undoes the first);
        // the sounds' toggle stays where it is. No tap here lands on another action after it.
        let field_end = if one_row { change.x } else { inner.x + inner.w };
        let keep = Area {
            x: field_end - (if one_row { 8.0 } else { 0.0 }) - keep_w,
            w: keep_w,
            ..text_row
        };
        let field = Area {
            x: inner.x + label_w,
            w: keep.x - 6.0 - (inner.x + label_w),
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
        if ui.button(keep, &keep_label, Look::Primary) {
            actions.push(Action::Settings(SettingsAction::SaveName));
        }
        if ui.button(change, &ui.t("lists-cancel"), Look::Plain) {
            actions.push(Action::Settings(SettingsAction::CancelName));
        }
        if ui.button(toggle, &sound, Look::Plain) {
            actions.push(Action::Settings(SettingsAction::ToggleSound));
        }
        return languages_under(app, ui, inner, bottom, actions);
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
    if ui.button(change, &change_label, Look::Plain) {
        actions.push(Action::Settings(SettingsAction::EditName));
    }
    if ui.button(toggle, &sound, Look::Plain) {
        actions.push(Action::Settings(SettingsAction::ToggleSound));
    }
    languages_under(app, ui, inner, bottom, actions)
}

/// The list of languages under the name's row while the top bar's button has it open (whether
/// or not the name is being typed: the button never does nothing); returns the y below.
fn languages_under(app: &App, ui: &Ui, inner: Area, bottom: f32, actions: &mut Vec<Action>) -> f32 {
    if app.languages_open() {
        return language_choice(app, ui, inner, bottom - ui.unit * 0.7, actions) + ui.unit * 0.7;
    }
    bottom
}

/// The languages, each in its own words (a player finds their own whatever the screen is in),
/// as many to a row as keep them whole; returns the y below.
pub(super) fn language_choice(
    app: &App,
    ui: &Ui,
    inner: Area,
    y: f32,
    actions: &mut Vec<Action>,
) -> f32 {
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
