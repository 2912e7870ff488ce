//! What the app's tests share: clients offline, online and seated at a game, and moves played
//! on them.

use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::protocol::GameEvent;

use super::App;
use super::Opened;
use super::connection::Connection;
use crate::app::GameAction;
use crate::app::MatchEvent;
use crate::play::{Match, Seats};

pub(super) fn offline() -> App {
    App::new(true)
}

pub(super) fn play(app: &mut App, cells: &[&str]) {
    for c in cells {
        app.handle(GameAction::Cell((*c).to_owned()));
    }
}

pub(super) fn online() -> App {
    let mut app = App::new(false);
    app.online.connection = Connection::Connected { name: "a".into() };
    app
}

/// A connected client playing `seats` in a server game of Bagh Chal against a person
/// (or the computer, `ai`).
pub(super) fn seated(seats: Seats, ai: bool) -> App {
    let mut app = online();
    let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
    let mut m = Match::new(game, seats, true);
    if let Seats::One(me) = seats {
        m.ai[me.opponent().index()] = ai;
    }
    app.apply(MatchEvent::Opened(Box::new(Opened {
        game: m,
        watchers: 0,
        offers: Vec::new(),
    })));
    app
}

pub(super) fn moved(app: &mut App, notation: &str) {
    let m = app.current().expect("a game on the screen");
    let (ply, side) = (m.moves.len() as u32 + 1, m.game.side_to_move());
    app.apply(MatchEvent::Next(GameEvent::Moved {
        ply,
        side,
        notation: notation.into(),
        clocks: None,
        turn: None,
        deadline_ms: None,
    }));
}
