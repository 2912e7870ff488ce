//! A tournament's standings on its page: a page of lines (rank, name, rating, points, the
//! fire mark of a player on a streak, and where they are: waiting, playing, paused, left; a
//! Swiss's or a round robin's points as a game's, 1 a win, and its tie-breaks under them),
//! stepped with `<` and `>`, and the player's own line pinned under the page when it is not
//! on it.

use chaupal_shared::protocol::tournaments::{
    EntrantPresence, StandingLine, TournamentFormat, TournamentStatus,
};

use super::lines;
use crate::app::{Action, App, TournamentAction, points};
use crate::draw::paint;
use crate::draw::screens::common::value_stepper;
use crate::draw::theme;
use crate::draw::ui::Ui;
use crate::geometry::{Area, Px};
use crate::say;

/// Draws the standings from `y`; returns the y below.
pub(super) fn draw(app: &App, ui: &Ui, column: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let Some(open) = &app.tournaments().open else {
        return y;
    };
    let page = &open.standings;
    let mut y = lines(
        ui,
        &ui.t("tournament-standings"),
        (true, ui.unit * 1.1),
        column,
        y,
        theme::TEXT,
    );
    if page.lines.is_empty() {
        return lines(
            ui,
            &ui.t("tournament-no-entrants"),
            (false, ui.unit),
            column,
            y,
            theme::TEXT_DIM,
        );
    }
    let me = open.me.as_ref().map(|m| m.player.id);
    let format = open.summary.format;
    let finished = open.summary.status == TournamentStatus::Finished;
    for line in &page.lines {
        let mine = me == Some(line.player.id);
        y = standing(ui, column, y, (line, format, finished), mine);
    }
    if page.pages > 1 {
        let row = Area {
            y: y + ui.unit * 0.3,
            h: ui.small_row_h(0.8),
            w: column.w.min(ui.unit * 16.0),
            ..column
        };
        let shown = ui.say(&say!(
            "tournament-page",
            page = page.page + 1,
            pages = page.pages
        ));
        value_stepper(
            ui,
            row,
            &shown,
            [
                Action::Tournament(TournamentAction::StandingsPage(page.page.saturating_sub(1))),
                Action::Tournament(TournamentAction::StandingsPage(page.page + 1)),
            ],
            actions,
        );
        y = row.y + row.h;
    }
    if let Some(mine) = open.pinned() {
        y = lines(
            ui,
            "…",
            (false, ui.unit),
            column,
            y + ui.unit * 0.2,
            theme::TEXT_DIM,
        );
        y = standing(ui, column, y, (mine, format, finished), true);
    }
    y
}

/// One line: the rank and name (the player's own marked), then the rating, points, the fire
/// mark and where they are, then the tie-breaks of a Swiss or a round robin.
fn standing(
    ui: &Ui,
    column: Area,
    y: f32,
    (line, format, finished): (&StandingLine, TournamentFormat, bool),
    mine: bool,
) -> f32 {
    let pad = ui.unit * 0.4;
    let inner = Area {
        x: column.x + pad,
        w: column.w - 2.0 * pad - ui.unit * 1.2,
        ..column
    };
    let name = format!("{}. {}", line.rank, entrant_name(ui, line));
    let (size, rows) = ui.fitted(&name, true, ui.unit, inner.w);
    let shown = points::shown_points(format, line.points);
    let details = ui.say(&say!(
        "tournament-line",
        rating = line.rating,
        many = points::many(&shown),
        points = shown,
        presence = presence_words(line.presence, finished)
    ));
    // On fire in words too, beside the mark.
    let details = if line.on_fire {
        format!("{details} · {}", ui.t("tournament-on-fire"))
    } else {
        details
    };
    let (dsize, drows) = ui.fitted(&details, false, ui.unit * 0.85, inner.w);
    let ties = line
        .tie_breaks
        .iter()
        .map(|t| ui.say(&points::tie_break_words(*t)))
        .collect::<Vec<_>>()
        .join(" · ");
    let (tsize, trows) = if ties.is_empty() {
        (0.0, Vec::new())
    } else {
        ui.fitted(&ties, false, ui.unit * 0.85, inner.w)
    };
    let h = size * 1.35 * rows.len() as f32
        + dsize * 1.35 * drows.len() as f32
        + tsize * 1.35 * trows.len() as f32
        + 2.0 * pad;
    let area = Area { y, h, ..column };
    if mine {
        paint::rounded(area, 8.0, theme::BUTTON);
    }
    let colour = if mine { theme::ACCENT } else { theme::TEXT };
    let at = lines(ui, &name, (true, ui.unit), inner, y + pad, colour);
    let at = lines(
        ui,
        &details,
        (false, ui.unit * 0.85),
        inner,
        at,
        theme::TEXT_DIM,
    );
    if !ties.is_empty() {
        lines(
            ui,
            &ties,
            (false, ui.unit * 0.85),
            inner,
            at,
            theme::TEXT_DIM,
        );
    }
    // The fire mark: a flame's colour, at the right of the name.
    let mark = Px {
        x: column.x + column.w - pad - ui.unit * 0.5,
        y: y + pad + size * 0.7,
    };
    if line.on_fire {
        paint::disc(mark, ui.unit * 0.4, theme::BAD, 2.0, theme::ACCENT);
    }
    y + h
}

/// Where an entrant is, in words.
/// Where an entrant is, in words; once the tournament is finished, only whether they left.
fn presence_words(presence: EntrantPresence, finished: bool) -> crate::words::Phrase {
    match presence {
        EntrantPresence::Left => say!("tournament-left"),
        _ if finished => say!("tournament-done"),
        EntrantPresence::Idle => say!("tournament-idle"),
        EntrantPresence::Playing => say!("tournament-playing"),
        EntrantPresence::Paused => say!("tournament-paused"),
    }
}

/// An entrant's name as the standings show it: a computer's as its level, in the player's
/// words ("AI level 3"), a person's as they chose it.
pub(super) fn entrant_name(ui: &Ui, line: &StandingLine) -> String {
    match line.computer {
        Some(level) => ui.say(&crate::say!("ai-level", level = level)),
        None => line.player.name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_tournaments_lines_say_only_who_left() {
        let id = |p: EntrantPresence, finished| presence_words(p, finished).id();
        assert_eq!(id(EntrantPresence::Idle, false), Some("tournament-idle"));
        assert_eq!(
            id(EntrantPresence::Playing, false),
            Some("tournament-playing")
        );
        assert_eq!(id(EntrantPresence::Idle, true), Some("tournament-done"));
        assert_eq!(id(EntrantPresence::Paused, true), Some("tournament-done"));
        assert_eq!(id(EntrantPresence::Left, true), Some("tournament-left"));
    }
}
