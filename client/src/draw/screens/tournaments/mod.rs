//! The tournament screens: the list (`list`), a tournament's page (`page`, its standings in
//! `standings`), and the card that makes a tournament (`new_tournament`). Each is a column of text and
//! buttons in the middle of the body, scrolled when taller than the window (a finger dragged
//! anywhere, or the wheel); on a phone the way back is the top bar's.

mod list;
mod new_tournament;
mod page;
mod standings;

use chaupal_shared::protocol::tournaments::{
    TournamentFormat, TournamentStatus, TournamentSummary,
};
use macroquad::prelude::{Color, KeyCode};

use super::common::scroll;
use crate::app::{Action, App, Screen, ScreenAction, clock_words, pace_words};
use crate::deadline;
use crate::draw::paint::Align;
use crate::draw::ui::Ui;
use crate::geometry::Area;
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// The widest the column grows, in text units.
const COLUMN_UNITS: f32 = 40.0;

/// Draws the tournament screen the app is on in `body`.
pub(super) fn draw(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let key = match app.screen() {
        Screen::Tournament => "tournament.content",
        Screen::NewTournament => "new-tournament.content",
        _ => "tournaments.content",
    };
    let content_h = ui.heights().get(key).unwrap_or(body.h);
    let offset = scroll(app, ui, body, body, content_h, actions);
    let w = body.w.min(ui.unit * COLUMN_UNITS);
    let pad = ui.unit * 0.6;
    let column = Area {
        x: body.x + (body.w - w) / 2.0,
        y: body.y - offset + pad,
        w,
        h: body.h,
    };
    let bottom = match app.screen() {
        Screen::Tournament => page::draw(app, ui, column, actions),
        Screen::NewTournament => new_tournament::draw(app, ui, column, actions),
        _ => list::draw(app, ui, column, actions),
    };
    ui.heights().set(key, bottom + pad - (body.y - offset));
    if ui.input.key(KeyCode::Escape) {
        actions.push(Action::Screen(ScreenAction::Back));
    }
}

/// `text` across `inner.w` from `top` (at `size`, smaller or on more lines when it does not
/// fit: never cut); returns the y below it.
fn lines(
    ui: &Ui,
    text: &str,
    (bold, size): (bool, f32),
    inner: Area,
    top: f32,
    colour: Color,
) -> f32 {
    let (size, rows) = ui.fitted(text, bold, size, inner.w);
    let step = size * 1.35;
    let mut y = top;
    for row in rows {
        let font = ui.fonts.face(bold);
        crate::draw::paint::text(
            &row,
            inner.x,
            y + step / 2.0,
            size,
            font,
            colour,
            Align::Left,
        );
        y += step;
    }
    y
}

/// A paragraph across `inner.w` from `top`, wrapped at `size`; returns the y below it.
fn paragraph(ui: &Ui, text: &str, size: f32, inner: Area, top: f32, colour: Color) -> f32 {
    let step = size * 1.4;
    let mut y = top;
    for row in crate::draw::paint::wrap(text, &ui.fonts.regular, size, inner.w) {
        crate::draw::paint::text(
            &row,
            inner.x,
            y + step / 2.0,
            size,
            &ui.fonts.regular,
            colour,
            Align::Left,
        );
        y += step;
    }
    y
}

/// "Bagh Chal arena", "Kalah Swiss" and the like: a tournament's name.
fn title(summary: &TournamentSummary) -> Phrase {
    let game = terms::game_name(summary.game);
    match summary.format {
        TournamentFormat::Arena { .. } => say!("tournament-title", game = game),
        TournamentFormat::Swiss { .. } => say!("tournament-title-swiss", game = game),
        TournamentFormat::RoundRobin { .. } => say!("tournament-title-round-robin", game = game),
    }
}

/// The format and pace: "30-minute arena, with streaks · 5 min + 3 s", "Swiss, 5 rounds ·
/// 3 days a move", "Round robin, up to 8 players · 3 min + 2 s".
fn format_words(summary: &TournamentSummary) -> Phrase {
    let format = match summary.format {
        TournamentFormat::Arena { minutes, streaks } => {
            if streaks {
                say!("tournament-format-streaks", minutes = minutes)
            } else {
                say!("tournament-format", minutes = minutes)
            }
        }
        TournamentFormat::Swiss { rounds, matches } => {
            if matches {
                say!("tournament-format-swiss-matches", rounds = rounds)
            } else {
                say!("tournament-format-swiss", rounds = rounds)
            }
        }
        TournamentFormat::RoundRobin {
            double,
            most_entrants,
        } => {
            if double {
                say!(
                    "tournament-format-double-round-robin",
                    count = most_entrants
                )
            } else {
                say!("tournament-format-round-robin", count = most_entrants)
            }
        }
    };
    let pace = match summary.correspondence {
        Some(pace) => pace_words(pace),
        None => clock_words(&summary.clock),
    };
    say!("tournament-format-clock", format = format, clock = pace)
}

/// Where it is in its life, with the time to the start or to the end (a Swiss's or a round
/// robin's running: its round, its end being a reckoning).
pub(crate) fn status_words(summary: &TournamentSummary, now_ms: u64) -> Phrase {
    match summary.status {
        TournamentStatus::Upcoming => {
            match deadline::time_left(deadline::left_ms(summary.starts_ms, now_ms)) {
                Some(time) => say!("tournament-starts-in", time = time),
                None => say!("tournament-starting"),
            }
        }
        TournamentStatus::Running => match summary.rounds {
            Some(rounds) if summary.format.in_rounds() => {
                say!(
                    "tournament-round",
                    round = rounds.round.max(1),
                    of = rounds.of
                )
            }
            _ => match deadline::time_left(deadline::left_ms(summary.ends_ms, now_ms)) {
                Some(time) => say!("tournament-ends-in", time = time),
                None => say!("tournament-ending"),
            },
        },
        TournamentStatus::Finished => say!("tournament-over"),
    }
}

/// A running Swiss's or round robin's next round: "Round 4 in 25 s", "Round 4 in 2 days",
/// being paired once its time has come, or its games in play while the round lasts. None for
/// an arena, or one not running.
pub(crate) fn next_round_words(summary: &TournamentSummary, now_ms: u64) -> Option<Phrase> {
    let rounds = summary.rounds?;
    if summary.status != TournamentStatus::Running || !summary.format.in_rounds() {
        return None;
    }
    let next = rounds.round + 1;
    Some(
        match rounds.next_ms.map(|at| deadline::left_ms(at, now_ms)) {
            None => say!("tournament-round-playing"),
            Some(0) => say!("tournament-round-pairing", round = next),
            Some(left) if left < 60_000 => say!(
                "tournament-next-round-seconds",
                round = next,
                seconds = left.div_ceil(1000)
            ),
            Some(left) => match deadline::time_left(left) {
                Some(time) => say!("tournament-next-round", round = next, time = time),
                None => say!("tournament-round-pairing", round = next),
            },
        },
    )
}

/// "12 players", and "private" when it is.
fn entrants_words(summary: &TournamentSummary) -> Phrase {
    if summary.private {
        say!("tournament-entrants-private", count = summary.entrants)
    } else {
        say!("tournament-entrants", count = summary.entrants)
    }
}
