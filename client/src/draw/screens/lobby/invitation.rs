//! The card of an invitation opened by its link (`/join/CODE`), before it is taken: who
//! invites to which game, the pace, rated or casual, the friend's side, the rules that differ
//! from the defaults, and Accept and Decline. Over the dimmed lobby, which answers nothing
//! while it is up.

use super::card::{self, Card};
use crate::app::LinkAction;
use crate::app::{Action, App};
use crate::draw::paint;
use crate::draw::theme;
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;

/// Draws the card in the middle of `body`.
pub(super) fn card(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let Some(invited) = app.invitation() else {
        return;
    };
    let rh = ui.row_h();
    let (w, pad) = card::width(ui, body);
    let inner_w = w - 2.0 * pad;
    let headline = ui.say(&invited.headline());
    let details: Vec<String> = invited.details().iter().map(|p| ui.say(p)).collect();
    let rules: Vec<String> = invited
        .rules()
        .iter()
        .map(|p| format!("· {}", ui.say(p)))
        .collect();
    let rules_title = ui.t("invitation-rules");
    // Each paragraph's height as `Ui::paragraph` draws it, and the gap after it.
    let size = ui.unit * 0.95;
    let high =
        |s: &str| paint::wrap(s, &ui.fonts.regular, size, inner_w).len() as f32 * size * 1.45;
    let gap = ui.unit * 0.4;
    let mut text_h = high(&headline) + gap;
    text_h += details.iter().map(|d| high(d)).sum::<f32>();
    if !rules.is_empty() {
        text_h += gap + high(&rules_title) + rules.iter().map(|r| high(r)).sum::<f32>();
    }
    let h = pad * 2.0 + ui.unit * 2.2 + text_h + ui.unit * 1.2 + rh;
    let Card { area, x, y } = card::frame(ui, body, h, &ui.t("invitation-title"));
    let mut y = ui.paragraph(&headline, x, y + ui.unit * 0.2, inner_w, theme::TEXT) + gap;
    for line in &details {
        y = ui.paragraph(line, x, y, inner_w, theme::TEXT);
    }
    if !rules.is_empty() {
        y = ui.paragraph(&rules_title, x, y + gap, inner_w, theme::TEXT_DIM);
        for rule in &rules {
            y = ui.paragraph(rule, x, y, inner_w, theme::TEXT);
        }
    }
    // Accept and Decline side by side, Accept first.
    let half = (inner_w - ui.unit * 0.6) / 2.0;
    let top = (area.y + area.h - pad - rh).max(y + ui.unit * 0.4);
    let accept = Area {
        x,
        y: top,
        w: half,
        h: rh,
    };
    let decline = Area {
        x: x + inner_w - half,
        ..accept
    };
    if ui.button(accept, &ui.t("play-accept"), Look::Primary) {
        actions.push(Action::Link(LinkAction::AcceptInvitation));
    }
    if ui.button(decline, &ui.t("play-decline"), Look::Plain) {
        actions.push(Action::Link(LinkAction::DeclineInvitation));
    }
}
