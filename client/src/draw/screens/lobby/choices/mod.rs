//! The lobby's left panel (the top of the lobby on a phone): who you are (your name, to change,
//! and the sounds on or off), the game and its rules, the way of playing, the side, the
//! computer player or the invite code, live (the clock) or by correspondence (the time a
//! move), rated or casual, the button that starts it all, and under it the way to the puzzles
//! (and the day's puzzle of the game chosen). Each section draws itself from the top `y` it is
//! given and returns the `y` below it.
//!
//! This file lays the panel out and draws its foot (the start buttons and the puzzles' row);
//! the sections are `you` (name, sounds, languages), `game` (the game and its rules),
//! `opponent` (the way of playing, the side, the computer player or the invite code) and
//! `pace` (live or correspondence, the clock, casual or rated), which draws its choices as
//! pairs of two-way buttons (`two_way`).

mod game;
mod opponent;
mod pace;
mod two_way;
mod you;

use macroquad::prelude::*;

use crate::app::{Action, App, PlayMode};
use crate::app::{LobbyAction, PuzzleAction, ScreenAction, TournamentAction};
use crate::draw::paint::{self};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::Area;
use crate::puzzles::Leave;

use game::{game_choice, rule_choices};
use opponent::{computer_choice, invite_code, mode_choice, side_choice};
use pace::{clock_and_rating, pace_choice, pace_labels, rating_labels};
use two_way::two_way_pairs_fit;
use you::you;

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

/// The room the start buttons take: the start row, the puzzles' row and the tournaments' row.
fn foot_h(ui: &Ui) -> f32 {
    3.0 * ui.row_h() + 2.0 * FOOT_GAP
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
    let tournaments = Area {
        y: y + 2.0 * (start.h + FOOT_GAP),
        h: ui.row_h(),
        ..inner
    };
    if ui.button(tournaments, &ui.t("lobby-tournaments"), Look::Plain) {
        actions.push(Action::Tournament(TournamentAction::OpenList));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{PACES, pace_value};
    use crate::draw::Fonts;
    use crate::layout::tests::SIZES;
    use crate::layout::{self, Measure, Window, label_fit, row_h};
    use crate::words::{Language, Words};
    use crate::{rulebook, terms};
    use chaupal_rules::{GameKind, Side};

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
