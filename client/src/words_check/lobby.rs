//! The lobby's set-ups for the check: online under the longest name with full lists, the
//! player's correspondence games, and their seeks waiting.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::{ClockSpec, Correspondence};

use super::{DEADLINE, LONG_NAME, NOW_MS, OTHER_NAME};
use crate::app::clock_words;
use crate::app::{
    Action, App, BrowserNews, Event, FinishedEntry, LiveEntry, LobbyChange, MyGameEntry,
    MyGamesChange, SeekEntry, Subscription, WaitingSeek, pace_words,
};
use crate::app::{ConnectionEvent, PushEvent, ScreenAction};
use crate::play::seat_label;
use crate::say;
use crate::words::Phrase;

/// The lobby, online under the longest name, with full lists.
pub(super) fn lobby() -> App {
    let mut app = App::new(false);
    app.set_site(Some("https://play.chaupal.example".into()));
    app.apply(Event::Connection(ConnectionEvent::Welcomed {
        name: LONG_NAME.into(),
    }));
    let seeks = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| SeekEntry {
            id: i as u64 + 1,
            kind,
            rules: Vec::new(),
            who: seat_label(&Phrase::verbatim(OTHER_NAME), Some(1523)),
            pace: Some(clock_words(&ClockSpec {
                initial_ms: 600_000,
                increment_ms: 5_000,
            })),
            rated: i % 2 == 0,
            mine: i == 0,
        })
        .collect();
    let live = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| LiveEntry {
            id: 100 + i as u64,
            kind,
            players: [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)],
            ratings: [Some(1523), Some(2210)],
            moves: 42,
            watchers: 7,
            exhibition: false,
            mine: i == 1,
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::Lists { seeks, live }));
    let finished = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| FinishedEntry {
            id: 200 + i as u64,
            kind,
            players: [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)],
            result: say!(
                "result-with-reason",
                result = say!("result-draw"),
                why = say!("end-repetition")
            ),
            moves: 117,
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::Finished(finished)));
    app
}

/// The lobby with this player's games in play (of long names, each game's, their turn and
/// theirs, muted and not), notifications on or blocked on this device.
pub(super) fn my_games(on: bool, blocked: bool) -> App {
    let mut app = lobby();
    app.set_now_ms(NOW_MS);
    app.apply(Event::Push(PushEvent::PushOffered {
        key: Some("BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U".into()),
        muted: false,
    }));
    let subscription = on.then(|| Subscription {
        endpoint: "https://push.example/send/abc".into(),
        p256dh: "BKEY".into(),
        auth: "AUTH".into(),
    });
    app.apply(Event::Push(PushEvent::Browser(BrowserNews::Ready {
        blocked,
        subscription,
    })));
    if on {
        app.apply(Event::Push(PushEvent::PushKept));
    }
    let games = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| MyGameEntry {
            id: 300 + i as u64,
            kind,
            opponent: seat_label(&Phrase::verbatim(OTHER_NAME), Some(2210)),
            your_turn: i % 2 == 0,
            pace: Correspondence {
                days: (i != 3).then_some(14),
            },
            deadline_ms: (i != 3).then_some(DEADLINE + i as u64 * 3_600_000),
            moves: 117,
            muted: i == 1,
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
        games,
        more: 7,
    })));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// Lists the player's seeks waiting: two correspondence invitations (one with a rule changed)
/// and an open correspondence seek, rated.
pub(super) fn waiting(app: &mut App) {
    let seek = |id: u64, kind: GameKind, code: Option<&str>| WaitingSeek {
        id,
        kind,
        rules: Vec::new(),
        pace: Some(pace_words(Correspondence { days: Some(14) })),
        correspondence: true,
        code: code.map(str::to_owned),
        rated: code.is_none(),
    };
    let mut kalah = seek(41, GameKind::Kalah, Some("K7QM-2XPD"));
    kalah.rules = vec![("pits".into(), "7".into())];
    let mut unlimited = seek(42, GameKind::SholoGuti, Some("WXYZ-2345"));
    unlimited.pace = Some(pace_words(Correspondence::UNLIMITED));
    let open = seek(43, GameKind::BaghChal, None);
    app.apply(Event::Lobby(LobbyChange::Waiting(vec![
        kalah, unlimited, open,
    ])));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
}

/// Lists seven seeks of the player's waiting, and more of their games in play: the games of
/// [`my_games`] twice over, and correspondence invitations to a friend of every game, and
/// open seeks.
pub(super) fn many_waiting(app: &mut App) {
    let mut games = app.my_games().to_vec();
    let again: Vec<MyGameEntry> = games
        .iter()
        .map(|g| MyGameEntry {
            id: g.id + 50,
            ..g.clone()
        })
        .collect();
    games.extend(again);
    let more = app.my_games_more();
    app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
        games,
        more,
    })));
    let seeks = (0..7)
        .map(|i| {
            let kind = GameKind::ALL[i % GameKind::ALL.len()];
            let code = (i < 5).then(|| format!("K7QM-2XP{i}"));
            WaitingSeek {
                id: 60 + i as u64,
                kind,
                rules: Vec::new(),
                pace: Some(pace_words(Correspondence { days: Some(14) })),
                correspondence: true,
                rated: code.is_none(),
                code,
            }
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::Waiting(seeks)));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
}
