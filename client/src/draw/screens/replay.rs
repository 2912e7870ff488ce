//! The replay screen: a finished game's position at any move, with the result at the end, the
//! controls (also on the arrow keys, Home, End and Space), a bar to jump along, the analysis,
//! and the list of moves or, once asked for, the game's review (its part is
//! [`super::review`]'s) with the best move marked on the board, "play from here", and for the
//! player's own game "learn from your mistakes". A game the server can review has its room for
//! the review from the start, so the board stays put when the review is asked for, runs and
//! arrives ([`split`]).

use chaupal_rules::Side;
use macroquad::prelude::*;

use super::common::{aspect, game_title, gap, hint_block, move_list};
use super::review;
use crate::app::Action;
use crate::app::{GameAction, PuzzleAction, ReplayAction, ScreenAction};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::{self, Align, rounded};
use crate::draw::theme;
use crate::draw::ui::{Look, Ui, columns};
use crate::geometry::{self, Area, Frame};
use crate::layout::{self, Measure};
use crate::replay::Replay;
use crate::review::ReviewState;
use crate::review::arrow::best_mark;
use crate::selection::move_path;
use crate::view::BoardView;

/// Draws the replay `r` in `body`.
pub(super) fn draw(r: &Replay, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let game = r.game();
    let view = BoardView::of(game);
    let ready = r.ready_review();
    let (board_area, panel) = split(r, body, ui.unit, ui.portrait, gap(ui), aspect(&view));
    let frame = Frame::fit(geometry::extent(&view), board_area, r.flipped);
    let marks = Marks {
        last: r
            .last_move()
            .map(|p| move_path(game.kind(), p.side, &p.text))
            .unwrap_or_default(),
        hint: r
            .hint
            .as_ref()
            .map(|h| move_path(game.kind(), game.side_to_move(), &h.text))
            .unwrap_or_default(),
        // The best move in the position shown: the one the next move was measured against.
        best: ready
            .and_then(|rv| rv.plies.get(r.ply()))
            .and_then(|p| p.best.as_deref())
            .and_then(|b| best_mark(game, b))
            .map(|m| m.cells())
            .unwrap_or_default(),
        ..Marks::default()
    };
    boards::draw(&view, &frame, &marks, (ui.fonts, ui.words));
    ui.panel(panel);
    let inner = panel.inset(ui.unit * 0.9);
    let rh = ui.row_h();
    let compact = reviewable(r) && ui.portrait;
    // The players' names whole: smaller, or on more lines (the same all through the replay, so
    // nothing under them moves).
    let (names_size, names) = ui.fitted(
        &ui.say(&crate::say!(
            "lists-versus",
            first = r.names[0].clone(),
            second = r.names[1].clone()
        )),
        false,
        ui.unit,
        inner.w,
    );
    let names_extra = (names.len() as f32 - 1.0) * names_size * 1.25;
    let lay = panel_layout(inner, ui.unit, rh, (!compact).then_some(names_extra));
    // On a phone a game with a review leaves out the title, the names and the move shown (the
    // bar names the screen; the bar under the controls, the list of moves or the review's
    // graph and verdict show the move), before the review as after, so the controls stay put.
    if !compact {
        let mut y = inner.y + ui.unit * 0.6;
        ui.heading(
            &paint::fit(
                &game_title(ui, game),
                &ui.fonts.bold,
                ui.unit * 1.2,
                inner.w,
            ),
            inner.x,
            y,
        );
        y += ui.unit * 1.6;
        for line in &names {
            paint::text(
                line,
                inner.x,
                y,
                names_size,
                &ui.fonts.regular,
                theme::TEXT_DIM,
                Align::Left,
            );
            y += names_size * 1.25;
        }
        y += ui.unit * 1.5 - names_size * 1.25;
        let place = if r.ply() == 0 {
            ui.t("replay-start")
        } else {
            ui.say(&crate::say!(
                "replay-after-move",
                ply = r.ply(),
                count = r.len()
            ))
        };
        // The controls start 1.7 units under it ([`panel_layout`]).
        ui.strong(&place, inner.x, y, ui.unit, theme::TEXT, Align::Left);
    }
    let result = match game.outcome() {
        Some(outcome) => Some(crate::play::result_text(game.kind(), outcome, &r.names)),
        None => r.result_text(),
    };
    // At the end, the result above the controls, in room kept for it all through the replay
    // (so that stepping to the end or back from it moves no button); a phone with a review has
    // no room for it (the game-over card said it, and the review's verdicts say who won).
    let mut y = lay.controls_y;
    if let Some(result) = result.filter(|_| !compact) {
        let said = ui.say(&result);
        let size = ui.unit * 0.95;
        let lines = paint::wrap(&said, &ui.fonts.regular, size, inner.w).len();
        if r.ply() == r.len() {
            ui.paragraph(&said, inner.x, y + ui.unit * 0.3, inner.w, theme::ACCENT);
        }
        y += ui.unit * 0.3 + lines as f32 * size * 1.45 + ui.unit * 0.5;
    }
    let controls = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: rh,
    };
    let cols = columns(controls, 5, 6.0);
    let play = ui.t(if r.autoplay() {
        "replay-pause"
    } else {
        "replay-play"
    });
    let buttons = [
        ("|<", Action::Replay(ReplayAction::ReplayJump(0))),
        ("<", Action::Replay(ReplayAction::ReplayStep(-1))),
        (play.as_str(), Action::Replay(ReplayAction::ReplayAutoplay)),
        (">", Action::Replay(ReplayAction::ReplayStep(1))),
        (">|", Action::Replay(ReplayAction::ReplayJump(usize::MAX))),
    ];
    for (c, (label, action)) in cols.iter().zip(buttons) {
        let look = if action == Action::Replay(ReplayAction::ReplayAutoplay) && r.autoplay() {
            Look::Selected
        } else {
            Look::Plain
        };
        if ui.button(*c, label, look) {
            actions.push(action);
        }
    }
    y += rh + ui.unit * 0.6;
    // Progress bar: click to jump (the review's graph does that when it is there).
    if ready.is_none() {
        y = progress_bar(ui, r, inner, y, actions);
    }
    let bottom = lay.bottom;
    // A game of the server's can be reviewed (again, after a refusal).
    let review_look = match &r.review {
        _ if r.game.is_none() => None,
        None | Some(ReviewState::Failed(_)) => Some(Look::Plain),
        Some(ReviewState::Asked | ReviewState::Running { .. } | ReviewState::Ready(_)) => {
            Some(Look::Disabled)
        }
    };
    // The player's own game, reviewed, offers "learn from your mistakes" in the row above the
    // foot, beside "play from here" where there is room. On a phone the foot holds Analyse,
    // Review and Flip (the top bar has Back), and "play from here" takes Review's place once
    // the review is there (Review is disabled from the moment it is asked for, so no tap meant
    // for it meets the new button); beside the board the foot keeps Review, disabled, and
    // Back. So no button moves when the review comes.
    let learn = ready.is_some() && r.played;
    let play_below = learn && ui.portrait;
    let play_look = if game.outcome().is_none() {
        Look::Primary
    } else {
        Look::Disabled
    };
    let mut buttons = vec![(
        "play-analyse",
        Action::Game(GameAction::Analyse),
        Look::Plain,
    )];
    match review_look {
        Some(_) if ready.is_some() && ui.portrait => buttons.push((
            "replay-play-from-here-short",
            Action::Replay(ReplayAction::PlayFromHere),
            play_look,
        )),
        Some(look) => buttons.push(("review", Action::Replay(ReplayAction::Review), look)),
        None => {}
    }
    buttons.push(("play-flip", Action::Game(GameAction::Flip), Look::Plain));
    if !ui.portrait {
        buttons.push(("back", Action::Screen(ScreenAction::Back), Look::Plain));
    }
    let labels: Vec<String> = buttons.iter().map(|(label, _, _)| ui.t(label)).collect();
    // On a phone each as wide as its label needs, measured with the wider of Review and "play
    // from here" in the middle, so that the widths do not change when one takes the other's
    // place.
    let cols = if ui.portrait {
        let mut widest = labels.clone();
        if review_look.is_some()
            && let Some(middle) = widest.get_mut(1)
        {
            let (review, play) = (ui.t("review"), ui.t("replay-play-from-here-short"));
            let size = layout::label_size(bottom, ui.unit);
            *middle = if ui.width(&review, true, size) >= ui.width(&play, true, size) {
                review
            } else {
                play
            };
        }
        fitted_columns(ui, bottom, &widest, 6.0)
    } else {
        columns(bottom, buttons.len(), 6.0)
    };
    for (c, ((_, action, look), label)) in cols.iter().zip(buttons.into_iter().zip(&labels)) {
        if ui.button(*c, label, look) {
            actions.push(action);
        }
    }
    if let Some(h) = &r.hint {
        y = hint_block(ui, inner, y, h, (game.kind(), game.side_to_move())) + ui.unit * 0.3;
    }
    if let Some(rv) = ready {
        let (play, learn_at) = match (learn, play_below) {
            (false, _) => (Some(lay.play), None),
            (true, true) => (None, Some(lay.play)),
            (true, false) => match columns(lay.play, 2, 8.0).as_slice() {
                [left, right] => (Some(*left), Some(*right)),
                _ => (Some(lay.play), None),
            },
        };
        // On a phone "play from here" is in the foot already.
        if let Some(play) = play.filter(|_| !(ui.portrait && r.game.is_some()))
            && ui.button(play, &ui.t("replay-play-from-here"), play_look)
        {
            actions.push(Action::Replay(ReplayAction::PlayFromHere));
        }
        if let Some(at) = learn_at
            && ui.button(at, &ui.t("review-learn-mistakes"), Look::Plain)
        {
            actions.push(Action::Puzzle(PuzzleAction::LearnFromMistakes));
        }
        // The review's area, less what the result or the analysis took above it.
        let area = Area {
            y,
            h: (lay.review.y + lay.review.h - y).max(0.0),
            ..lay.review
        };
        review::block(ui, r, rv, area, actions);
    } else {
        if let Some(state) = &r.review {
            y = review::status(ui, state, inner, y);
        }
        moves(ui, r, inner, y, bottom.y, actions);
    }
    let keys = [
        (KeyCode::Left, Action::Replay(ReplayAction::ReplayStep(-1))),
        (KeyCode::Right, Action::Replay(ReplayAction::ReplayStep(1))),
        (KeyCode::Home, Action::Replay(ReplayAction::ReplayJump(0))),
        (
            KeyCode::End,
            Action::Replay(ReplayAction::ReplayJump(usize::MAX)),
        ),
        (KeyCode::Space, Action::Replay(ReplayAction::ReplayAutoplay)),
        (KeyCode::Escape, Action::Screen(ScreenAction::Back)),
    ];
    for (key, action) in keys {
        if ui.input.key(key) {
            actions.push(action);
        }
    }
}

/// Buttons of `labels` across `a` with `gap` between them, each as wide as its label needs
/// (shrunk as a button shrinks a label, all alike, when there is not room for them whole) and
/// the room left shared out evenly; equal columns when they need more than there is.
fn fitted_columns(ui: &Ui, a: Area, labels: &[String], gap: f32) -> Vec<Area> {
    let size = layout::label_size(a, ui.unit);
    let need = |size: f32| -> Vec<f32> {
        labels
            .iter()
            .map(|l| ui.width(l, true, size) + layout::LABEL_PAD + 2.0)
            .collect()
    };
    let (whole, least) = (need(size), need(size * layout::LABEL_SHRINK));
    let room = a.w - gap * labels.len().saturating_sub(1) as f32;
    let (whole_w, least_w) = (whole.iter().sum::<f32>(), least.iter().sum::<f32>());
    if labels.is_empty() || least_w > room {
        return columns(a, labels.len(), gap);
    }
    // Between the least and the whole widths alike, then the rest shared out.
    let t = ((room - least_w) / (whole_w - least_w).max(0.01)).min(1.0);
    let extra = (room - whole_w).max(0.0) / labels.len() as f32;
    let mut x = a.x;
    least
        .iter()
        .zip(&whole)
        .map(|(lo, hi)| {
            let cell = Area {
                x,
                w: lo + (hi - lo) * t + extra,
                ..a
            };
            x += cell.w + gap;
            cell
        })
        .collect()
}

/// How many text units the panel of a game with a review is widened by in landscape, taken
/// from the board's side.
const REVIEW_WIDER: f32 = 5.0;
/// The least height of the panel under the board on a phone, in text units: a replay's (the
/// list of moves under the controls).
const PANEL_MIN: f32 = 17.0;
/// The same for a game with a review (graph, verdict and slips under the controls), as far as
/// the board keeps its share ([`BOARD_SHARE_MIN`]).
const REVIEW_PANEL_MIN: f32 = 30.0;
/// The least share of the body's height the board keeps on a phone with a review.
const BOARD_SHARE_MIN: f32 = 0.4;

/// Where the replay's panel puts its parts, in its `inner` area at text unit `unit` with rows of
/// buttons `rh` tall, `compact` on a phone with a review: the controls' row (under the room
/// kept for the result), the review's area under it, "play from here" and the bottom row.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PanelLayout {
    controls_y: f32,
    review: Area,
    play: Area,
    bottom: Area,
}

/// The replay's panel in `inner`: under the header (none for `None`; else the title, the names
/// with `Some(extra)` pixels for their lines past the first, and the move shown), the controls,
/// the review's room, and the buttons at the foot.
fn panel_layout(inner: Area, unit: f32, rh: f32, header: Option<f32>) -> PanelLayout {
    // The title, the names and the move shown, as `draw` places them, then a little space.
    let header = header.map_or(0.0, |extra| unit * 4.9 + extra);
    let controls_y = inner.y + header + unit * 0.5;
    let bottom = Area {
        y: inner.y + inner.h - rh,
        h: rh,
        ..inner
    };
    let play = Area {
        y: bottom.y - rh - unit * 0.5,
        ..bottom
    };
    let top = controls_y + rh + unit * 0.6;
    PanelLayout {
        controls_y,
        review: Area {
            y: top,
            h: (play.y - unit * 0.6 - top).max(0.0),
            ..inner
        },
        play,
        bottom,
    }
}

/// Whether the replay can have a review: a game the server keeps.
fn reviewable(r: &Replay) -> bool {
    r.game.is_some()
}

/// The board's area and the panel's for the replay `r` in `body` (a window's text unit `unit`,
/// `gap` between them, a board of `aspect`): a game the server can review gets the review's
/// room (a wider panel, or a taller one on a phone) from the start, so that the board does not
/// move or shrink when the review is asked for, while it runs, or when it arrives.
fn split(r: &Replay, body: Area, unit: f32, portrait: bool, gap: f32, aspect: f32) -> (Area, Area) {
    let reviewable = reviewable(r);
    let panel_min = if reviewable && portrait {
        (unit * REVIEW_PANEL_MIN).min(body.h * (1.0 - BOARD_SHARE_MIN) - gap)
    } else {
        unit * PANEL_MIN
    };
    let (board, panel) = layout::board_and_panel(body, unit, portrait, gap, aspect, panel_min);
    if reviewable {
        layout::widen_panel(board, panel, unit * REVIEW_WIDER, portrait)
    } else {
        (board, panel)
    }
}

/// The list of moves from `y` to `bottom` (a click shows the position after a move).
fn moves(ui: &Ui, r: &Replay, inner: Area, y: f32, bottom: f32, actions: &mut Vec<Action>) {
    let game = r.game();
    let list = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: bottom - y - ui.unit * 0.6,
    };
    let texts: Vec<(Side, String)> = r.moves().iter().map(|p| (p.side, p.text.clone())).collect();
    move_list(
        ui,
        game.kind(),
        &texts,
        list,
        Some(r.ply()),
        |ply| Action::Replay(ReplayAction::ReplayJump(ply)),
        actions,
    );
}

/// The bar along the game from `y` (a click or a drag jumps there); returns the y below.
fn progress_bar(ui: &Ui, r: &Replay, inner: Area, y: f32, actions: &mut Vec<Action>) -> f32 {
    let bar = Area {
        x: inner.x,
        y,
        w: inner.w,
        h: ui.unit * 0.7,
    };
    rounded(bar, bar.h / 2.0, theme::BUTTON_OFF);
    let frac = if r.is_empty() {
        1.0
    } else {
        r.ply() as f32 / r.len() as f32
    };
    rounded(
        Area {
            w: bar.w * frac,
            ..bar
        },
        bar.h / 2.0,
        theme::ACCENT,
    );
    let grab = Area {
        y: bar.y - 6.0,
        h: bar.h + 12.0,
        ..bar
    };
    if (ui.input.clicked || (ui.input.down && ui.input.dragged)) && ui.hover(grab) {
        let f = ((ui.input.mouse.x - bar.x) / bar.w).clamp(0.0, 1.0);
        actions.push(Action::Replay(ReplayAction::ReplayJump(
            (f * r.len() as f32).round() as usize,
        )));
    }
    y + ui.unit * 1.4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Window, tests::SIZES};
    use crate::review::Parts;
    use crate::review::notes::tests::sample;
    use chaupal_rules::{AnyGame, GameKind};

    /// A replay of the sample review's Bagh Chal game, kept by the server when `game` is set.
    fn replay(game: Option<u64>) -> Replay {
        let start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let review = sample();
        let moves: Vec<String> = review.plies.iter().map(|p| p.played.clone()).collect();
        let mut r = Replay::new(start, &moves[..4]).expect("legal");
        r.game = game;
        r
    }

    #[test]
    fn the_board_stays_put_while_the_review_is_asked_for_runs_and_arrives() {
        let states = [
            None,
            Some(ReviewState::Asked),
            Some(ReviewState::Running {
                analysed: 3,
                total: 5,
            }),
            Some(ReviewState::Ready(Box::new(sample()))),
            Some(ReviewState::Failed("busy".into())),
        ];
        for (ww, wh) in SIZES {
            let w = Window::new(ww, wh);
            for aspect in [8.5 / 6.3, 1.0, 3.9 / 8.9] {
                let mut r = replay(Some(42));
                let splits: Vec<(Area, Area)> = states
                    .iter()
                    .map(|state| {
                        r.review = state.clone();
                        split(&r, w.body, w.unit, w.portrait, w.gap, aspect)
                    })
                    .collect();
                assert!(
                    splits.iter().all(|s| *s == splits[0]),
                    "{ww}x{wh}, aspect {aspect}: {splits:?}"
                );
                let (board, panel) = splits[0];
                assert!(board.w > 0.0 && board.h > 0.0 && panel.w > 0.0);
            }
        }
    }

    #[test]
    fn the_review_fits_its_panel_on_a_phone_and_on_desktops() {
        let review = sample();
        for (ww, wh) in [(390.0, 844.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let w = Window::new(ww, wh);
            let rh = crate::layout::row_h(w.unit, w.portrait);
            for aspect in [8.5 / 6.3, 1.0, 3.9 / 8.9, 9.0 / 7.0] {
                let r = replay(Some(review.game.0));
                let (board, panel) = split(&r, w.body, w.unit, w.portrait, w.gap, aspect);
                let inner = panel.inset(w.unit * 0.9);
                let lay = panel_layout(inner, w.unit, rh, (!w.portrait).then_some(0.0));
                let at = format!("{ww}x{wh}, aspect {aspect}");
                // The parts in order, within the panel, the review above "play from here".
                assert!(lay.controls_y >= inner.y, "{at}");
                assert!(lay.review.y >= lay.controls_y + rh, "{at}");
                assert!(lay.review.y + lay.review.h <= lay.play.y, "{at}");
                assert!(lay.play.y + lay.play.h <= lay.bottom.y, "{at}");
                assert!(lay.bottom.y + lay.bottom.h <= panel.y + panel.h, "{at}");
                // Every part of the review whole, with room for slips: on a phone with the
                // legend in a row and verdicts of two lines (as the screenshots show them),
                // beside the board with two rows and three lines.
                let (legend, verdict) = if w.portrait { (1, 2) } else { (2, 3) };
                let parts = Parts::fit(lay.review.h, w.unit, w.portrait, legend, verdict);
                assert!(parts.total() <= lay.review.h + 0.01, "{at}: {parts:?}");
                assert!(parts.legend > 0.0, "{at}: {parts:?}");
                assert!(parts.slips >= w.unit * Parts::SLIPS_MIN, "{at}: {parts:?}");
                if !w.portrait {
                    // The heading and three lines.
                    assert!(parts.slips >= w.unit * 5.0, "{at}: {parts:?}");
                    assert!(board.x + board.w <= panel.x, "{at}");
                }
            }
        }
    }

    #[test]
    fn a_game_the_server_can_review_has_the_reviews_room_from_the_start() {
        // Landscape: a wider panel, taken from the board.
        let w = Window::new(1280.0, 800.0);
        let local = split(&replay(None), w.body, w.unit, w.portrait, w.gap, 1.0);
        let served = split(&replay(Some(42)), w.body, w.unit, w.portrait, w.gap, 1.0);
        assert!((served.1.w - local.1.w - w.unit * REVIEW_WIDER).abs() < 0.01);
        assert_eq!(served.1.x + served.1.w, local.1.x + local.1.w);
        // A phone: the panel under the board keeps the review's height, or all but the
        // board's share.
        let w = Window::new(390.0, 844.0);
        let (board, panel) = split(&replay(Some(42)), w.body, w.unit, true, w.gap, 8.5 / 6.3);
        let want = (w.unit * REVIEW_PANEL_MIN).min(w.body.h * (1.0 - BOARD_SHARE_MIN) - w.gap);
        assert!(panel.h >= want - 0.01, "{panel:?}");
        assert!(panel.h > w.unit * PANEL_MIN + w.unit * 8.0, "{panel:?}");
        assert!(board.y + board.h < panel.y);
        let (_, local) = split(&replay(None), w.body, w.unit, true, w.gap, 8.5 / 6.3);
        assert!(local.h < panel.h, "a local game's list of moves needs less");
        // A small phone: the board keeps its share.
        let w = Window::new(360.0, 640.0);
        let (board, _) = split(&replay(Some(42)), w.body, w.unit, true, w.gap, 8.5 / 6.3);
        assert!(board.h >= w.body.h * BOARD_SHARE_MIN - 0.01, "{board:?}");
    }
}
