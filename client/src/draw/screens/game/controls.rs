//! The game screen's buttons of play, laid so that what a finger aims at does not move: the
//! buttons of the game's state (which never change place as a hint, a question or a move
//! comes), the question waiting for an answer (resign? an offer) and the end of a chain of
//! captures, each on a card drawn over the buttons rather than pushed in among them, and on a
//! phone the menu of the actions that are not the main ones.
//!
//! On a phone the main actions are two rows of three, always the same places: the first
//! `< Move`, `Move >` and `More`, the second the three that matter most now (take back, hint,
//! resign while playing; review, rematch and the lobby once over). The rest are in the menu
//! that `More` opens over the board. Beside the board (landscape) every button shows, in rows
//! from the panel's foot up.

use macroquad::prelude::*;

use crate::app::{Action, App, Field, Offer, Screen};
use crate::draw::paint::{self, Align};
use crate::draw::theme::{self, alpha};
use crate::draw::ui::{Look, Ui};
use crate::geometry::Area;
use crate::layout;
use crate::play::{Match, Seats};

use super::super::common::text_field;
use crate::app::{GameAction, LinkAction, PushAction, ReplayAction, ScreenAction};

/// A button of play: its label's message id, what it does, how it looks.
pub type Button = (&'static str, Action, Look);

/// The buttons of play for the game on the screen, in order. On a touch screen (`touch`) two
/// more step back and forth through the moves, which a keyboard does with its arrows; they are
/// there from the first move on, disabled while there is nowhere to step, so the others keep
/// their places. Answers to a question and the end of a chain are not among them: they come
/// on a card over the buttons ([`overlays`]).
pub fn buttons(app: &App, m: &Match, touch: bool) -> Vec<Button> {
    let watching = matches!(m.seats, Seats::Watching);
    let mut buttons: Vec<Button> = Vec::new();
    let enabled = |on: bool| if on { Look::Plain } else { Look::Disabled };
    if touch {
        let shown = m.looking.unwrap_or(m.moves.len());
        buttons.push((
            "play-back",
            Action::Game(GameAction::LookStep(-1)),
            enabled(shown > 0),
        ));
        buttons.push((
            "play-forward",
            Action::Game(GameAction::LookStep(1)),
            enabled(m.looking.is_some()),
        ));
    }
    let playing = !watching && !m.finished();
    let help = app.engine_help().is_ok();
    buttons.push(("play-flip", Action::Game(GameAction::Flip), Look::Plain));
    buttons.push((
        "choices-rules",
        Action::Screen(ScreenAction::ShowRules(m.kind())),
        Look::Plain,
    ));
    if watching {
        if help {
            buttons.push((
                "play-analyse",
                Action::Game(GameAction::Analyse),
                Look::Plain,
            ));
        }
    } else {
        // An arena's game: berserk, in its place for the whole game (usable before one's
        // first move only), so that nothing moves when it goes out of use.
        if playing && m.online && m.id.is_some_and(|id| app.is_arena_game(id)) {
            buttons.push((
                "play-berserk",
                Action::Game(GameAction::Berserk),
                enabled(m.may_go_berserk()),
            ));
        }
        // Online, a finished game stays as it ended; here, a takeback reopens it.
        let can_take_back = !m.moves.is_empty() && (playing || !m.online);
        buttons.push((
            "play-take-back",
            Action::Game(GameAction::Takeback),
            enabled(can_take_back),
        ));
        if help {
            buttons.push((
                "play-hint",
                Action::Game(GameAction::Hint),
                enabled(playing),
            ));
        }
        if m.can_offer_draw() {
            buttons.push((
                "play-offer-draw",
                Action::Game(GameAction::OfferDraw),
                Look::Plain,
            ));
        }
        let look = if playing {
            Look::Danger
        } else {
            Look::Disabled
        };
        buttons.push(("play-resign", Action::Game(GameAction::Resign), look));
    }
    if m.finished() {
        buttons.push((
            "replay",
            Action::Replay(ReplayAction::OpenReplay),
            Look::Plain,
        ));
        if m.id.is_some() {
            buttons.push(("review", Action::Replay(ReplayAction::Review), Look::Plain));
        }
        if !watching {
            buttons.push(("rematch", Action::Game(GameAction::Rematch), Look::Plain));
        }
    }
    // A correspondence game's notifications, muted or not (for every device of the player),
    // unless all of them are.
    if let Some(g) = m.id.and_then(|id| app.my_game(id))
        && playing
        && app.push().mutable()
        && !app.push().muted_all
    {
        buttons.push(if g.muted {
            (
                "play-unmute",
                Action::Push(PushAction::MuteGame(g.id, false)),
                Look::Plain,
            )
        } else {
            (
                "play-mute",
                Action::Push(PushAction::MuteGame(g.id, true)),
                Look::Plain,
            )
        });
    }
    if m.online && m.id.is_some() {
        buttons.push((
            "play-share",
            Action::Link(LinkAction::ShareGame),
            Look::Plain,
        ));
    }
    buttons.push(("lobby", Action::Game(GameAction::ToLobby), Look::Plain));
    buttons
}

/// The main actions of each state on a phone, most wanted first: the first three present make
/// the second row.
const MAIN_PLAYING: [&str; 6] = [
    "play-berserk",
    "play-take-back",
    "play-hint",
    "play-offer-draw",
    "play-flip",
    "play-resign",
];
const MAIN_FINISHED: [&str; 4] = ["review", "rematch", "replay", "lobby"];
const MAIN_WATCHING: [&str; 4] = ["play-flip", "play-analyse", "play-share", "lobby"];

/// The phone's six places: `< Move`, `Move >`, `More`, then the state's three main actions;
/// and what goes into the menu.
pub fn phone_split(app: &App, m: &Match) -> ([Button; 6], Vec<Button>) {
    let mut all = buttons(app, m, true);
    let take = |all: &mut Vec<Button>, id: &str| {
        let i = all.iter().position(|b| b.0 == id)?;
        Some(all.remove(i))
    };
    let back = take(&mut all, "play-back").unwrap_or((
        "play-back",
        Action::Game(GameAction::LookStep(-1)),
        Look::Disabled,
    ));
    let forward = take(&mut all, "play-forward").unwrap_or((
        "play-forward",
        Action::Game(GameAction::LookStep(1)),
        Look::Disabled,
    ));
    let order: &[&str] = if m.finished() {
        &MAIN_FINISHED
    } else if matches!(m.seats, Seats::Watching) {
        &MAIN_WATCHING
    } else {
        &MAIN_PLAYING
    };
    let mut main: Vec<Button> = Vec::new();
    // Resign keeps the last place while playing, whatever else there is.
    let last = (!m.finished() && !matches!(m.seats, Seats::Watching))
        .then(|| take(&mut all, "play-resign"))
        .flatten();
    let room = if last.is_some() { 2 } else { 3 };
    for id in order {
        if main.len() == room {
            break;
        }
        if let Some(b) = take(&mut all, id) {
            main.push(b);
        }
    }
    // Too few of the state's own: the first of the rest (the lobby is always there).
    while main.len() < room && !all.is_empty() {
        let b = all.remove(all.len() - 1);
        main.push(b);
    }
    main.extend(last);
    let more = (
        "play-more",
        Action::Game(GameAction::Menu(true)),
        Look::Plain,
    );
    let mut six = [back, forward, more].into_iter().chain(main);
    let slot = |b: Option<Button>| {
        b.unwrap_or(("lobby", Action::Game(GameAction::ToLobby), Look::Disabled))
    };
    let places = [
        slot(six.next()),
        slot(six.next()),
        slot(six.next()),
        slot(six.next()),
        slot(six.next()),
        slot(six.next()),
    ];
    (places, all)
}

/// The height of the phone's six places.
pub fn phone_grid_h(ui: &Ui) -> f32 {
    layout::grid_h(2, ui.row_h()) - layout::BUTTON_GAP
}

/// The phone's six places across `inner` from `top`; returns their area.
pub fn phone_grid(
    app: &App,
    m: &Match,
    ui: &Ui,
    inner: Area,
    top: f32,
    actions: &mut Vec<Action>,
) -> Area {
    let (places, _) = phone_split(app, m);
    let bh = ui.row_h();
    let cells = layout::grid(inner, top, places.len(), 3, bh);
    for (c, (label, action, look)) in cells.iter().zip(places) {
        if ui.button(*c, &ui.t(label), look) {
            actions.push(action);
        }
    }
    Area {
        x: inner.x,
        y: top,
        w: inner.w,
        h: phone_grid_h(ui),
    }
}

/// The buttons' height beside the board, their number to a row, and the rows.
fn button_grid(app: &App, m: &Match, ui: &Ui, w: f32) -> (f32, usize, usize) {
    let buttons = buttons(app, m, ui.portrait);
    let labels: Vec<String> = buttons.iter().map(|(l, _, _)| ui.t(l)).collect();
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    let bh = ui.row_h() * 0.9;
    let per_row = layout::per_row(ui, &labels, w, bh, ui.unit, 2);
    (bh, per_row, buttons.len().div_ceil(per_row))
}

/// The height of the move field and the buttons beside the board.
pub fn panel_controls_h(app: &App, m: &Match, ui: &Ui, inner: Area) -> f32 {
    let (bh, _, rows) = button_grid(app, m, ui, inner.w);
    move_field_h(app, ui) + layout::grid_h(rows, bh) - layout::BUTTON_GAP
}

/// The height the move field takes (none once the game is over).
fn move_field_h(app: &App, ui: &Ui) -> f32 {
    if app.screen() == Screen::Game {
        ui.small_row_h(0.85) + ui.unit * 0.4
    } else {
        0.0
    }
}

/// The move field from `top`: a move typed in notation, or a request (`b` the position in
/// words, `c` the clocks, `?` what can be typed); returns the y below.
pub fn move_field(app: &App, ui: &Ui, inner: Area, top: f32, actions: &mut Vec<Action>) -> f32 {
    let h = move_field_h(app, ui);
    if h == 0.0 {
        return top;
    }
    let row = Area {
        x: inner.x,
        y: top,
        w: inner.w,
        h: ui.small_row_h(0.85),
    };
    let hint = ui.t("move-field-label");
    text_field(app, ui, row, Field::Move, app.move_entry(), &hint, actions);
    top + h
}

/// The move field and every button of play (as many to a row as keeps their labels whole)
/// from `top`, beside the board; returns the buttons' area.
pub fn panel_controls(
    app: &App,
    m: &Match,
    ui: &Ui,
    inner: Area,
    top: f32,
    actions: &mut Vec<Action>,
) -> Area {
    let grid_top = move_field(app, ui, inner, top, actions);
    let buttons = buttons(app, m, ui.portrait);
    let (bh, per_row, rows) = button_grid(app, m, ui, inner.w);
    let cells = layout::grid(inner, grid_top, buttons.len(), per_row, bh);
    for (c, (label, action, look)) in cells.iter().zip(buttons) {
        if ui.button(*c, &ui.t(label), look) {
            actions.push(action);
        }
    }
    Area {
        x: inner.x,
        y: grid_top,
        w: inner.w,
        h: layout::grid_h(rows, bh) - layout::BUTTON_GAP,
    }
}

/// The question waiting for an answer, and its two answers (the one that gives something up
/// first, the safe one last, where a second tap on the button that asked lands).
fn question(app: &App) -> Option<(crate::words::Phrase, Button, Button)> {
    if app.resign_asked() {
        // Once sent, the answers stay where they are, disabled, until the game's end comes.
        let sent = app.resign_sent();
        return Some((
            crate::say!("play-resign-question"),
            (
                "play-resign-yes",
                Action::Game(GameAction::Resign),
                if sent { Look::Disabled } else { Look::Danger },
            ),
            (
                "play-keep-playing",
                Action::Game(GameAction::CancelResign),
                if sent { Look::Disabled } else { Look::Primary },
            ),
        ));
    }
    app.offer().map(|o: Offer| {
        (
            o.question(),
            (
                "play-accept",
                Action::Game(GameAction::AcceptOffer),
                Look::Primary,
            ),
            (
                "play-decline",
                Action::Game(GameAction::DeclineOffer),
                Look::Plain,
            ),
        )
    })
}

/// What comes over the buttons in `grid` (their area): the end of a chain of captures, over
/// their first row; the question waiting for an answer, on a card over them whose foot is the
/// buttons' foot, as tall as the question needs. Presses on a card are the card's.
pub fn overlays(app: &App, m: &Match, ui: &Ui, grid: Area, actions: &mut Vec<Action>) {
    let bh = if ui.portrait {
        ui.row_h()
    } else {
        ui.row_h() * 0.9
    };
    if app.screen() == Screen::Game && m.selection.in_chain() && m.selection.can_stop(&m.choices) {
        let row = Area { h: bh, ..grid };
        ui.fonts.typesetter().overlay();
        ui.cover(row.inset(-3.0));
        if ui.button(row, &ui.t("play-stop-chain"), Look::Primary) {
            actions.push(Action::Game(GameAction::StopChain));
        }
    }
    let Some((asked, yes, no)) = question(app) else {
        return;
    };
    let pad = ui.unit * 0.6;
    let size = ui.unit * 0.9;
    let lines = paint::wrap(&ui.say(&asked), &ui.fonts.bold, size, grid.w - 2.0 * pad);
    let text_h = lines.len() as f32 * size * 1.4;
    let h = pad + text_h + ui.unit * 0.3 + bh + pad;
    let card = Area {
        x: grid.x - pad,
        y: grid.y + grid.h + pad - h,
        w: grid.w + 2.0 * pad,
        h,
    };
    ui.fonts.typesetter().overlay();
    paint::rounded(
        Area {
            y: card.y + 3.0,
            ..card
        },
        12.0,
        alpha(BLACK, 0.35),
    );
    paint::rounded_edged(card, 12.0, theme::PANEL, 2.0, theme::ACCENT);
    ui.cover(card);
    for (i, line) in lines.iter().enumerate() {
        ui.strong(
            line,
            card.x + pad,
            card.y + pad + size * (0.7 + 1.4 * i as f32),
            size,
            theme::ACCENT,
            Align::Left,
        );
    }
    let row = Area {
        x: grid.x,
        y: card.y + card.h - pad - bh,
        w: grid.w,
        h: bh,
    };
    let cells = layout::grid(row, row.y, 2, 2, bh);
    for (c, (label, action, look)) in cells.iter().zip([yes, no]) {
        if ui.button(*c, &ui.t(label), look) {
            actions.push(action);
        }
    }
}

/// The menu `More` opens on a phone, over the window `window`, its foot on the top of the
/// buttons `grid`: the actions that are not among the six places, one to a row. A tap
/// outside it closes it; so does Escape; a tap on one of its actions closes it and does that.
pub fn menu(
    app: &App,
    m: &Match,
    ui: &Ui,
    (window, grid): (Area, Area),
    actions: &mut Vec<Action>,
) {
    if !m.menu_open {
        return;
    }
    let (_, rest) = phone_split(app, m);
    ui.fonts.typesetter().overlay();
    // Dimmed behind, and a tap there only closes the menu.
    let dim = Area {
        x: 0.0,
        y: window.y,
        w: window.w + 2.0 * window.x,
        h: ui.window_h() - window.y,
    };
    draw_rectangle(dim.x, dim.y, dim.w, dim.h, alpha(BLACK, 0.45));
    if ui.item(dim, &ui.t("close")) || ui.input.key(KeyCode::Escape) {
        actions.push(Action::Game(GameAction::Menu(false)));
    }
    let bh = ui.row_h();
    let pad = ui.unit * 0.6;
    let w = (grid.w * 0.62).max(ui.unit * 14.0).min(grid.w);
    let h = pad * 2.0 + layout::grid_h(rest.len().max(1), bh) - layout::BUTTON_GAP;
    // Above the buttons where it fits, else under the first row (the row of `More`), so that
    // a second tap on `More` lands on the dimmed cover and only closes the menu.
    let above = grid.y - ui.unit * 0.4 - h;
    let under = grid.y + bh + ui.unit * 0.4;
    let y = if above >= window.y + pad {
        above
    } else if under + h <= ui.window_h() - pad {
        under
    } else {
        window.y + pad
    };
    let sheet = Area {
        x: grid.x + grid.w - w,
        y,
        w,
        h,
    };
    paint::rounded(
        Area {
            y: sheet.y + 3.0,
            ..sheet
        },
        12.0,
        alpha(BLACK, 0.35),
    );
    paint::rounded_edged(sheet, 12.0, theme::PANEL, 1.5, theme::PANEL_EDGE);
    ui.cover(sheet);
    let inner = sheet.inset(pad);
    let cells = layout::grid(inner, inner.y, rest.len(), 1, bh);
    for (c, (label, action, look)) in cells.iter().zip(rest) {
        if ui.button(*c, &ui.t(label), look) {
            actions.push(Action::Game(GameAction::Menu(false)));
            actions.push(action);
        }
    }
}
