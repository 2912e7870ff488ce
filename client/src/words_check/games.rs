//! The games' set-ups for the check: a game on the server a few moves in, on the clock or by
//! correspondence, and the review of a made-up game.

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{Correspondence, GameResult, ResultReason};

use super::lobby::lobby;
use super::{LONG_NAME, NOW_MS, OTHER_NAME};
use crate::app::{
    Action, App, Event, LobbyChange, MyGameEntry, MyGamesChange, Opened, Screen, ScreenAction,
};
use crate::app::{ConnectionEvent, MatchEvent, PushEvent};
use crate::play::{ClockState, Ending, Match, Seats};
use crate::words::Phrase;

/// A game of `kind` on the server, a few moves in, against a person with a long name, on the
/// clock, watched; this player in `seats`.
pub(super) fn playing(kind: GameKind, seats: Seats) -> App {
    playing_as(kind, seats, |_| {})
}

/// As [`playing`], the game set up further by `finish` before it opens.
pub(super) fn playing_as(kind: GameKind, seats: Seats, finish: impl FnOnce(&mut Match)) -> App {
    playing_from(lobby(), kind, seats, finish)
}

/// As [`playing_as`], from `app` (a tournament's page) rather than the lobby.
pub(super) fn playing_from(
    mut app: App,
    kind: GameKind,
    seats: Seats,
    finish: impl FnOnce(&mut Match),
) -> App {
    let Ok(start) = AnyGame::start(kind, [("", ""); 0]) else {
        return app;
    };
    let mut m = Match::new(start, seats, true);
    m.id = Some(123_456);
    m.names = [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)];
    m.ratings = [Some(1523), Some(2210)];
    for _ in 0..4 {
        let Some(mv) = m.choices.moves.first().map(|c| c.text.clone()) else {
            break;
        };
        if m.apply(&mv).is_err() {
            break;
        }
    }
    m.settle();
    m.clocks = Some(ClockState {
        left_ms: [545_000.0, 9_400.0],
        running: Some(m.game.side_to_move()),
    });
    finish(&mut m);
    app.apply(Event::Game(MatchEvent::Opened(Box::new(Opened {
        game: m,
        watchers: 12,
        offers: Vec::new(),
    }))));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// A correspondence game of `kind` (14 days a move, or no limit without a `deadline`), this
/// player in `seats`, a few moves in, its notifications muted.
pub(super) fn by_correspondence(kind: GameKind, seats: Seats, deadline: Option<u64>) -> App {
    let pace = Correspondence {
        days: deadline.map(|_| 14),
    };
    let mut app = playing_as(kind, seats, |m| {
        m.clocks = None;
        m.pace = Some(pace);
        m.deadline_ms = deadline;
    });
    app.set_now_ms(NOW_MS);
    app.apply(Event::Push(PushEvent::PushOffered {
        key: Some("KEY".into()),
        muted: false,
    }));
    let your_turn = app.current().is_some_and(Match::my_turn);
    app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
        more: 0,
        games: vec![MyGameEntry {
            id: 123_456,
            kind,
            opponent: Phrase::verbatim(OTHER_NAME),
            your_turn,
            pace,
            deadline_ms: deadline,
            moves: 4,
            muted: true,
        }],
    })));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// The review of a made-up game of `kind`, shown at its first big slip.
pub(super) fn reviewed(kind: GameKind) -> Option<App> {
    let start = AnyGame::start(kind, [("", ""); 0]).ok()?;
    let moves = crate::screenshot::fixture_moves(&start, 30).ok()?;
    let review = crate::screenshot::review_fixture(&start, &moves).ok()?;
    let mut m = Match::new(start, Seats::One(Side::First), true);
    for mv in &moves {
        m.apply(mv).ok()?;
    }
    m.settle();
    m.names = [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)];
    m.id = Some(123_456);
    m.ended = m.ended.or(Some(Ending::Result(GameResult {
        winner: Some(Side::First),
        reason: ResultReason::Resignation,
    })));
    let at = review
        .plies
        .iter()
        .position(|p| p.loss >= 10.0)
        .unwrap_or(moves.len() / 2);
    let mut app = App::showing_review(m, review, at);
    app.apply(Event::Connection(ConnectionEvent::Welcomed {
        name: LONG_NAME.into(),
    }));
    (app.screen() == Screen::Replay).then_some(app)
}
