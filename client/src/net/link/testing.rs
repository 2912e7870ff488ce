//! What the link's tests share: the server's messages made up (a welcome, seats, summaries,
//! snapshots, a review), and a link and an app driven as the render loop drives them.

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{
    ClientMessage, GameId, GameSnapshot, GameStatus, GameSummary, LimitsInfo, PROTOCOL_VERSION,
    PlayerId, PlayerInfo, Reply, Score, SeatInfo, SeatPresence, ServerMessage, Version, Welcome,
};

use super::{Link, settle};
use crate::app::{App, Outgoing};
use crate::config::Config;

pub(super) const SERVER: &str = "ws://127.0.0.1:7878";

/// A message from the server through the link into the app, as the render loop takes it;
/// returns the requests it calls for.
pub(super) fn deliver(
    link: &mut Link,
    app: &mut App,
    config: &mut Config,
    msg: ServerMessage,
) -> Vec<ClientMessage> {
    let reaction = link.receive(msg, app, config, SERVER);
    settle(link, app, reaction).0
}

/// What the app wants, through the link; returns the requests.
pub(super) fn wish(link: &mut Link, app: &mut App, out: impl Into<Outgoing>) -> Vec<ClientMessage> {
    let reaction = link.outgoing(out.into());
    settle(link, app, reaction).0
}

pub(super) fn welcome(live: Vec<GameId>) -> ServerMessage {
    ServerMessage::Reply {
        id: 1,
        reply: Reply::Welcome(Welcome {
            version: PROTOCOL_VERSION,
            player: PlayerInfo {
                id: PlayerId(3),
                name: "asha".into(),
            },
            token: "tok".into(),
            live_games: live,
            limits: LimitsInfo {
                max_lasting_seeks_per_address: 20,
                max_message_bytes: 65536,
                messages_per_second: 20,
                message_burst: 40,
                ping_interval_ms: 15000,
                idle_timeout_ms: 45000,
                reconnect_grace_ms: 60000,
                max_open_games: 8,
                max_correspondence_games: 50,
            },
            push_key: None,
            muted: false,
        }),
    }
}

pub(super) fn seat(name: &str) -> SeatInfo {
    SeatInfo {
        name: name.into(),
        player: None,
        engine: None,
        rating: None,
    }
}

pub(super) fn summary(game: u64, kind: GameKind) -> GameSummary {
    GameSummary {
        private: false,
        game: GameId(game),
        kind,
        rules: Vec::new(),
        clock: None,
        correspondence: None,
        deadline_ms: None,
        rated: false,
        seats: [seat("asha"), seat("bo")],
        status: GameStatus::Live,
        result: None,
        plies: 0,
        watchers: 1,
        started_at_ms: 0,
    }
}

pub(super) fn snapshot(
    game: u64,
    moves: &[&str],
    yours: Vec<Side>,
    version: Version,
) -> ServerMessage {
    let mut start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
    for m in moves {
        start.play_text(m).expect("legal");
    }
    ServerMessage::Snapshot(Box::new(GameSnapshot {
        watch_key: None,
        summary: summary(game, GameKind::BaghChal),
        version,
        start_position: None,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        position: start.position_text(),
        side_to_move: start.side_to_move(),
        legal_moves: start.legal_moves_text(),
        clocks: None,
        deadline_ms: None,
        draw_offer: None,
        takeback_request: None,
        rematch_offer: None,
        presence: [SeatPresence {
            connected: true,
            claim_in_ms: None,
        }; 2],
        your_seats: yours,
    }))
}

pub(super) fn greeted() -> (Link, App, Config) {
    let mut link = Link::new();
    let mut app = App::new(false);
    let mut config = Config::default();
    link.connected("asha", None);
    let out = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
    assert_eq!(
        out.len(),
        5,
        "subscribes to the lobby, asks for finished games, its games in play, its seeks and \
         the day's puzzles: {out:?}"
    );
    (link, app, config)
}

/// A review of the two moves of game 30 (`c3`, `a1-b2`).
pub(super) fn review_of_30() -> chaupal_rules::review::GameReview {
    use chaupal_rules::review::{GameReview, MoveClass, PlyReview};
    let ply = |n: u32, side: Side, played: &str, class: MoveClass| PlyReview {
        ply: n,
        side,
        played: played.to_owned(),
        before: Score::Cp(10),
        after: Score::Cp(-200),
        best: Some("c3".to_owned()),
        line: Vec::new(),
        loss: 0.0,
        class,
        first_chance: 50.0,
    };
    GameReview {
        game: GameId(30),
        kind: GameKind::BaghChal,
        budget_ms: 100,
        start_chance: 50.0,
        plies: vec![
            ply(1, Side::First, "c3", MoveClass::Best),
            ply(2, Side::Second, "a1-b2", MoveClass::Blunder),
        ],
        accuracy: [Some(100.0), Some(20.0)],
    }
}

/// Opens the replay of finished game 30 (`c3`, `a1-b2`) from its record.
pub(super) fn replay_of_30(link: &mut Link, app: &mut App, config: &mut Config) {
    let mut finished = summary(30, GameKind::BaghChal);
    finished.status = GameStatus::Finished;
    let out = app.handle(crate::app::Action::Lobby(
        crate::app::LobbyAction::ReplayGame(30),
    ));
    let sent = wish(link, app, out[0].clone());
    deliver(
        link,
        app,
        config,
        ServerMessage::Reply {
            id: sent[0].id,
            reply: Reply::Record {
                summary: Box::new(finished),
                moves: vec!["c3".into(), "a1-b2".into()],
                text: String::new(),
                watch_key: None,
            },
        },
    );
    assert_eq!(app.replay().and_then(|r| r.game), Some(30));
}
