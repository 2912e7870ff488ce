//! The lobby screen: the choices ([`choices`]), the chosen game's board, and the lists
//! ([`lists`]: this player's games in play and seeks waiting, [`my_games`] and [`waiting`],
//! then the server's) side by side; on a phone the choices and the lists one under the other,
//! in a screen that scrolls, with the player's games in play and seeks waiting above them all
//! when there are any. Typing goes to the field in use
//! (the name, or the invite code), and Enter starts the game (or joins by code, or keeps the
//! name). A private game waiting for a friend shows its invitation on a card of its own
//! ([`invite`]); playing on another device has a card too ([`devices`]), and so have a link
//! that leads nowhere ([`broken`]) and a friend's invitation opened by its link, to accept or
//! decline ([`invitation`]).

mod broken;
mod card;
mod choices;
mod devices;
mod entry;
mod invitation;
mod invite;
mod lists;
mod my_games;
mod waiting;

use chaupal_rules::AnyGame;
use macroquad::prelude::*;

use super::common::{field_keys, gap, scroll, scroll_of};
use crate::app::{Action, App, Field, PlayMode};
use crate::app::{LinkAction, LobbyAction, ScreenAction, SettingsAction};
use crate::draw::boards::{self, Marks};
use crate::draw::paint::Align;
use crate::draw::theme;
use crate::draw::ui::{Input, Ui};
use crate::geometry::{self, Area, Frame, Px};
use crate::layout;
use crate::rulebook;
use crate::view::BoardView;

/// Draws the lobby in `body`; typing and Enter go to the field in use or start the game.
pub(super) fn draw(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    // Under the invitation's card, nothing else answers the mouse.
    let still = Input {
        mouse: Px {
            x: -1000.0,
            y: -1000.0,
        },
        ..Input::default()
    };
    let modal = app.invite_open()
        || app.devices().is_some()
        || app.broken_link().is_some()
        || app.invitation().is_some();
    let under = ui.with_input(if modal { &still } else { ui.input }, !modal);
    if ui.portrait {
        upright(app, &under, body, actions);
    } else {
        side_by_side(app, &under, body, actions);
    }
    if app.broken_link().is_some() {
        broken::card(app, ui, body, actions);
    } else if app.invitation().is_some() {
        invitation::card(app, ui, body, actions);
    } else if app.devices().is_some() {
        devices::card(app, ui, body, actions);
    } else if modal {
        invite::card(app, ui, body, actions);
    }
    keys(app, ui, actions);
}

/// The three columns of a wide window. When the window is too short for all the choices, they
/// scroll (a drag or the wheel anywhere left of the lists) above the start buttons, which stay
/// put; and when the lists are too long for their column, they scroll in it (a drag or the
/// wheel there) above the button for other devices.
fn side_by_side(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let l = layout::lobby(body, ui.unit, false, gap(ui), 0.0, 0.0);
    let needed = ui.heights().get("lobby.choices.wide").unwrap_or(0.0);
    let left = Area {
        w: l.lists.x - body.x,
        ..body
    };
    let offset = if needed > l.choices.h {
        scroll(app, ui, left, left, needed, actions)
    } else {
        0.0
    };
    let clipped = mouse_kept_to(ui, |m| m.y >= body.y);
    let scrolled = ui.with_input(&clipped, true);
    let foot = choices::Foot::Pinned { offset };
    let needs = choices::draw(app, &scrolled, l.choices, foot, actions);
    ui.heights().set("lobby.choices.wide", needs);
    if let Some(middle) = l.preview {
        preview(app, ui, middle);
    }
    let lists_needed = ui.heights().get("lobby.lists.wide").unwrap_or(0.0);
    let lists_offset = if lists_needed > l.lists.h {
        let scroller = (
            app.lists_scroll(),
            (|y| Action::Screen(ScreenAction::ScrollListsTo(y))) as fn(i32) -> Action,
        );
        scroll_of(scroller, ui, (l.lists, l.lists), lists_needed, actions)
    } else {
        0.0
    };
    let foot = choices::Foot::Pinned {
        offset: lists_offset,
    };
    let needs = lists::draw(app, ui, l.lists, foot, true, actions);
    ui.heights().set("lobby.lists.wide", needs);
}

/// `ui`'s input with the mouse kept away unless `answers` it: widgets scrolled out of their part
/// of the screen (above the body, under the bar, or under pinned buttons) are neither seen nor
/// pressed there.
fn mouse_kept_to(ui: &Ui, answers: impl Fn(Px) -> bool) -> Input {
    Input {
        mouse: if answers(ui.input.mouse) {
            ui.input.mouse
        } else {
            Px {
                x: -1000.0,
                y: -1000.0,
            }
        },
        ..ui.input.clone()
    }
}

/// The choices, then the lists, on a phone: the screen scrolls. The player's games in play
/// and their seeks waiting, when there are any, come first, in a panel of their own.
fn upright(app: &App, ui: &Ui, body: Area, actions: &mut Vec<Action>) {
    let mine_first = !app.my_games().is_empty() || !app.waiting().is_empty();
    let mine_h = if mine_first {
        ui.heights().get("lobby.my_games").unwrap_or(body.h * 0.3) + gap(ui)
    } else {
        0.0
    };
    let choices_h = ui.heights().get("lobby.choices").unwrap_or(body.h);
    let lists_h = ui.heights().get("lobby.lists").unwrap_or(body.h * 0.5);
    let content = mine_h + choices_h + gap(ui) + lists_h;
    let offset = scroll(app, ui, body, body, content, actions);
    let clipped = mouse_kept_to(ui, |m| m.y >= body.y);
    let ui = ui.with_input(&clipped, true);
    let top = Area {
        y: body.y - offset + mine_h,
        ..body
    };
    if mine_first {
        let panel = Area {
            y: body.y - offset,
            h: mine_h - gap(&ui),
            ..body
        };
        ui.panel(panel);
        let pad = ui.unit * 1.1;
        let inner = Area {
            x: panel.x + pad,
            w: panel.w - 2.0 * pad,
            ..panel
        };
        let bottom = my_games::section(app, &ui, inner, panel.y + pad + ui.unit * 0.6, actions);
        ui.heights()
            .set("lobby.my_games", bottom + pad * 0.5 - panel.y);
    }
    let l = layout::lobby(top, ui.unit, true, gap(&ui), choices_h, lists_h);
    let needs = choices::draw(app, &ui, l.choices, choices::Foot::Under, actions);
    ui.heights().set("lobby.choices", needs);
    let needs = lists::draw(
        app,
        &ui,
        l.lists,
        choices::Foot::Under,
        !mine_first,
        actions,
    );
    ui.heights().set("lobby.lists", needs);
}

/// Typing and Enter: to the name while it is being typed, to the invite code when a friend's
/// game is chosen, else Enter starts the game.
fn keys(app: &App, ui: &Ui, actions: &mut Vec<Action>) {
    // Over an invitation's card, keys go to its buttons alone (Tab, then Enter): nothing
    // typed or Enter joins by the code field behind it.
    if app.invitation().is_some() {
        return;
    }
    let input = ui.input;
    match app.focus() {
        Some(Field::Device) => {
            let entry = app.devices().map(|d| d.entry.clone()).unwrap_or_default();
            let field = (Field::Device, entry.as_str());
            field_keys(
                ui,
                field,
                Action::Link(LinkAction::LinkDevice),
                Action::Link(LinkAction::CloseDevices),
                actions,
            );
            return;
        }
        Some(Field::Name) => {
            actions.extend(
                input
                    .typed
                    .iter()
                    .map(|c| Action::Settings(SettingsAction::TypeName(*c))),
            );
            if input.key(KeyCode::Backspace) {
                actions.push(Action::Settings(SettingsAction::EraseName));
            }
            if input.enter() {
                actions.push(Action::Settings(SettingsAction::SaveName));
            }
            if input.key(KeyCode::Escape) {
                actions.push(Action::Settings(SettingsAction::CancelName));
            }
        }
        _ if app.lobby().mode == PlayMode::Friend => {
            actions.extend(
                input
                    .typed
                    .iter()
                    .map(|c| Action::Lobby(LobbyAction::TypeCode(*c))),
            );
            if input.key(KeyCode::Backspace) {
                actions.push(Action::Lobby(LobbyAction::EraseCode));
            }
            if input.enter() && app.key_focus().is_none() {
                actions.push(Action::Lobby(LobbyAction::JoinByCode));
            }
        }
        _ => {
            if input.enter() && app.key_focus().is_none() {
                actions.push(Action::Lobby(LobbyAction::Start));
            }
        }
    }
    if app.invite_open() && input.key(KeyCode::Escape) {
        actions.push(Action::Link(LinkAction::CloseInvite));
    }
    if app.devices().is_some() && input.key(KeyCode::Escape) {
        actions.push(Action::Link(LinkAction::CloseDevices));
    }
}

/// The chosen game's name, its starting position under the rules chosen, and how to play it.
fn preview(app: &App, ui: &Ui, a: Area) {
    let kind = app.lobby().kind;
    let title_h = ui.unit * 2.2;
    ui.strong(
        &ui.game(kind),
        a.x + a.w / 2.0,
        a.y + title_h / 2.0,
        ui.unit * 1.6,
        theme::TEXT,
        Align::Centre,
    );
    let Ok(game) = AnyGame::start(kind, app.lobby().rule_pairs()) else {
        return;
    };
    let view = BoardView::of(&game);
    let how = crate::draw::paint::wrap(
        &ui.t(rulebook::how_to_play(kind)),
        &ui.fonts.regular,
        ui.unit * 0.95,
        a.w - ui.unit,
    );
    let how_h = how.len() as f32 * ui.unit * 0.95 * 1.45 + ui.unit;
    let board = Area {
        x: a.x,
        y: a.y + title_h,
        w: a.w,
        h: a.h - title_h - how_h,
    };
    let frame = Frame::fit(geometry::extent(&view), board, false);
    boards::draw(&view, &frame, &Marks::default(), (ui.fonts, ui.words));
    ui.paragraph(
        &ui.t(rulebook::how_to_play(kind)),
        a.x + ui.unit * 0.5,
        a.y + a.h - how_h + ui.unit * 0.6,
        a.w - ui.unit,
        theme::TEXT_DIM,
    );
}
