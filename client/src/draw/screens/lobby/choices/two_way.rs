//! A pair of two-way buttons (live or correspondence, casual or rated), and the widths they
//! need for their labels whole.

use macroquad::prelude::*;

use crate::app::Action;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::layout::{self, Measure};

/// The width a two-way button needs for its label whole at full size.
pub(super) fn two_way_width(ui: &Ui, label: &str) -> f32 {
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
pub(super) fn between_pairs(ui: &Ui) -> f32 {
    ui.unit * 0.6
}

/// Whether the pairs of two-way buttons fit side by side on one row `w` wide, each label whole.
pub(super) fn two_way_pairs_fit(ui: &Ui, w: f32, pairs: &[[String; 2]]) -> bool {
    let gaps = between_pairs(ui) * (pairs.len().max(1) - 1) as f32 + 6.0 * pairs.len() as f32;
    let labels: f32 = pairs.iter().flatten().map(|l| two_way_width(ui, l)).sum();
    labels + gaps <= w
}

/// The width a pair of two-way buttons needs, each label whole.
pub(super) fn pair_width(ui: &Ui, pair: &[String; 2]) -> f32 {
    two_way_width(ui, &pair[0]) + two_way_width(ui, &pair[1]) + 6.0
}

/// A pair of two-way buttons in `a`: the first label when `second` is false, else the other,
/// shows as chosen; `choose` is the action of pressing each.
pub(super) fn two_way(
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
