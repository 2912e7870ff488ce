//! The app's wishes as requests: a new game with its set-up, joining, seeks, watching and
//! rejoining, moves and the other seat actions, hints and analysis, records, reviews, device
//! codes, push subscriptions and muting, and leaving the game on the screen.

use chaupal_shared::protocol::{
    Action as Act, AnalysisRequest, Engine, GameId, GameSetup, Opponent, Request, RulePair, SeekId,
    WatchKey,
};

use super::{Asked, Link, Reaction};
use crate::app::ConnectionEvent;
use crate::app::{EnginePick, Event, OpponentPick, Outgoing};

impl Link {
    /// The requests for what the app wants (nothing before the greeting: the app hears that it
    /// was not sent).
    pub fn outgoing(&mut self, out: Outgoing) -> Reaction {
        // A key is kept at once, greeted or not: it goes with the requests for its game.
        if let Outgoing::WatchKey(id, key) = out {
            self.keys.insert(GameId(id), WatchKey(key));
            return Reaction::default();
        }
        if !self.greeted {
            if out.is_local() {
                return Reaction::default();
            }
            return Reaction::event(Event::Connection(ConnectionEvent::NotSent));
        }
        let out = match self.puzzle_request(out) {
            Ok(request) => return Reaction::send(vec![request]),
            Err(other) => other,
        };
        let game = self.game();
        let act = |link: &mut Link, action: Act, what: &'static str| match game {
            Some(game) => vec![link.message(
                Request::Act {
                    game,
                    seat: None,
                    action,
                },
                Asked::Action(what),
            )],
            None => Vec::new(),
        };
        let requests = match out {
            Outgoing::NewGame {
                kind,
                rules,
                side,
                opponent,
                clock,
                correspondence,
                rated,
                position,
            } => {
                let setup = GameSetup {
                    game: kind,
                    rules: rules
                        .into_iter()
                        .map(|(k, v)| RulePair::new(k, v))
                        .collect(),
                    clock,
                    correspondence,
                    side,
                    opponent: match opponent {
                        OpponentPick::Private => Opponent::Private,
                        OpponentPick::Open => Opponent::Open,
                        OpponentPick::Local => Opponent::Local,
                        OpponentPick::Computer(pick) => Opponent::Ai {
                            engine: engine(&pick),
                        },
                        OpponentPick::Exhibition(pick) => Opponent::Exhibition {
                            first: engine(&pick),
                            second: engine(&pick),
                        },
                    },
                    rated,
                    position,
                    // Invitations and games on this device are private whatever this says.
                    private: false,
                };
                vec![self.message(Request::CreateGame(setup), Asked::Create)]
            }
            Outgoing::JoinByCode(code) => {
                vec![self.message(Request::JoinByCode { code }, Asked::Join)]
            }
            Outgoing::ReadInvitation(code) => {
                vec![self.message(Request::Invitation { code }, Asked::Invitation)]
            }
            Outgoing::DeclineInvitation(code) => {
                vec![self.message(Request::DeclineInvitation { code }, Asked::Decline)]
            }
            Outgoing::CancelSeek(id) => {
                vec![self.message(Request::CancelSeek { seek: SeekId(id) }, Asked::CancelSeek)]
            }
            Outgoing::AcceptSeek(id) => {
                vec![self.message(Request::AcceptSeek { seek: SeekId(id) }, Asked::Accept)]
            }
            Outgoing::Record(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(Request::GetRecord { game, key }, Asked::Record)]
            }
            Outgoing::Review(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(Request::Review { game, key }, Asked::Review(game))]
            }
            Outgoing::Watch(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(Request::Watch { game, key }, Asked::Watch(game))]
            }
            Outgoing::Resume(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(
                    Request::Rejoin {
                        game,
                        since: None,
                        key,
                    },
                    Asked::Rejoin(game),
                )]
            }
            // Kept above.
            Outgoing::WatchKey(..) => Vec::new(),
            Outgoing::Resync => match game {
                Some(game) => {
                    let key = self.key(game);
                    vec![self.message(
                        Request::Rejoin {
                            game,
                            since: None,
                            key,
                        },
                        Asked::Rejoin(game),
                    )]
                }
                None => Vec::new(),
            },
            Outgoing::Move { notation, ply } => match game {
                Some(game) => vec![self.message(
                    Request::Act {
                        game,
                        seat: None,
                        action: Act::Move {
                            notation,
                            ply: Some(ply),
                        },
                    },
                    Asked::Move,
                )],
                None => Vec::new(),
            },
            Outgoing::Resign => act(self, Act::Resign, "asked-resign"),
            Outgoing::OfferDraw => act(self, Act::OfferDraw, "asked-offer-draw"),
            Outgoing::AcceptDraw => act(self, Act::AcceptDraw, "asked-accept-draw"),
            Outgoing::DeclineDraw => act(self, Act::DeclineDraw, "asked-decline"),
            Outgoing::Takeback => act(self, Act::RequestTakeback, "asked-takeback"),
            Outgoing::AcceptTakeback => act(self, Act::AcceptTakeback, "asked-accept-takeback"),
            Outgoing::DeclineTakeback => act(self, Act::DeclineTakeback, "asked-decline"),
            Outgoing::OfferRematch => act(self, Act::OfferRematch, "asked-offer-rematch"),
            Outgoing::AcceptRematch => act(self, Act::AcceptRematch, "asked-accept-rematch"),
            Outgoing::DeclineRematch => act(self, Act::DeclineRematch, "asked-decline"),
            Outgoing::Analyse {
                kind,
                rules,
                moves,
                engine: pick,
            } => {
                let request = AnalysisRequest {
                    game: kind,
                    rules: rules
                        .into_iter()
                        .map(|(k, v)| RulePair::new(k, v))
                        .collect(),
                    position: None,
                    moves,
                    engine: engine(&pick),
                    // The game on the screen, so that the server can hold to its rule: no
                    // engine help in a live game between people.
                    from_game: game,
                };
                vec![self.message(Request::Analyse(request), Asked::Analyse)]
            }
            Outgoing::DeviceCode => vec![self.message(Request::DeviceCode, Asked::Other)],
            Outgoing::LinkDevice(code) => {
                vec![self.message(Request::LinkDevice { code }, Asked::Other)]
            }
            Outgoing::PushSubscribe(s) => vec![self.message(
                Request::PushSubscribe {
                    endpoint: s.endpoint,
                    p256dh: s.p256dh,
                    auth: s.auth,
                },
                Asked::Push,
            )],
            Outgoing::PushUnsubscribe(endpoint) => {
                vec![self.message(Request::PushUnsubscribe { endpoint }, Asked::Other)]
            }
            Outgoing::Mute { game, muted } => {
                let game = game.map(GameId);
                vec![self.message(Request::Mute { game, muted }, Asked::Mute(game, muted))]
            }
            Outgoing::Hint => match game {
                Some(game) => vec![self.message(Request::Hint { game }, Asked::Hint)],
                None => Vec::new(),
            },
            Outgoing::Leave => {
                let mut out = match (game, self.watching) {
                    (Some(game), true) => {
                        vec![self.message(Request::Unwatch { game }, Asked::Other)]
                    }
                    _ => Vec::new(),
                };
                self.game = None;
                self.watching = false;
                out.push(self.finished_games());
                out
            }
            // Not the server's business here: the render loop and `Online` do these (a new name
            // is a new greeting, on a new connection).
            Outgoing::RetryNow
            | Outgoing::CopyText(_)
            | Outgoing::Share(_)
            | Outgoing::Rename(_)
            | Outgoing::SetMuted(_)
            | Outgoing::SetLevel(_)
            | Outgoing::SetLanguage(_)
            | Outgoing::Browser(_) => Vec::new(),
            // Asked above.
            Outgoing::NextPuzzle(_)
            | Outgoing::OpenPuzzle(_)
            | Outgoing::PuzzleMove { .. }
            | Outgoing::PuzzleSolution(_)
            | Outgoing::PuzzleThemes
            | Outgoing::DailyPuzzles
            | Outgoing::MistakePuzzles(_) => Vec::new(),
        };
        Reaction::send(requests)
    }
}

/// The protocol's engine for the one picked in the lobby.
pub(super) fn engine(pick: &EnginePick) -> Engine {
    match pick {
        EnginePick::Level(level) => Engine::Level { level: *level },
        EnginePick::Named { name, depth } => Engine::Named {
            name: name.clone(),
            depth: Some(*depth),
            time_ms: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{App, Outgoing};
    use crate::net::link::testing::*;
    use chaupal_rules::GameKind;
    use chaupal_shared::protocol::{PlayerId, PlayerInfo, Reply, ServerMessage, SideChoice};

    #[test]
    fn ones_own_live_game_is_resumed_not_watched() {
        let (mut link, mut app, mut config) = greeted();
        let mut mine = summary(50, GameKind::Kalah);
        mine.seats[0].player = Some(PlayerInfo {
            id: PlayerId(3),
            name: "asha".into(),
        });
        let theirs = summary(51, GameKind::Jungle);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: 2,
                reply: Reply::Lobby {
                    more_seeks: 0,
                    more_games: 0,
                    seeks: Vec::new(),
                    games: vec![mine, theirs],
                },
            },
        );
        assert_eq!(
            app.live().iter().map(|g| g.mine).collect::<Vec<_>>(),
            [true, false]
        );
        let out = app.handle(crate::app::Action::Lobby(crate::app::LobbyAction::Watch(
            50,
        )));
        assert_eq!(out, [Outgoing::Resume(50)]);
        let resume = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            resume[0].request,
            Request::Rejoin {
                game: GameId(50),
                since: None,
                key: None,
            }
        ));
        let out = app.handle(crate::app::Action::Lobby(crate::app::LobbyAction::Watch(
            51,
        )));
        assert_eq!(out, [Outgoing::Watch(51)]);
        let watch = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            watch[0].request,
            Request::Watch {
                game: GameId(51),
                key: None
            }
        ));
    }

    #[test]
    fn a_private_games_key_goes_with_every_request_that_shows_it() {
        let (mut link, mut app, _config) = greeted();
        let key = || Some(WatchKey("9c1e7a4f0b2d6e8a3c5f7b9d1e3a5c7f".into()));
        // From the link the player came by, before anything is asked.
        let none = wish(
            &mut link,
            &mut app,
            Outgoing::WatchKey(60, "9c1e7a4f0b2d6e8a3c5f7b9d1e3a5c7f".into()),
        );
        assert!(none.is_empty(), "a key is kept, not sent: {none:?}");
        for (out, expected) in [
            (
                Outgoing::Watch(60),
                Request::Watch {
                    game: GameId(60),
                    key: key(),
                },
            ),
            (
                Outgoing::Record(60),
                Request::GetRecord {
                    game: GameId(60),
                    key: key(),
                },
            ),
            (
                Outgoing::Review(60),
                Request::Review {
                    game: GameId(60),
                    key: key(),
                },
            ),
            (
                Outgoing::Resume(60),
                Request::Rejoin {
                    game: GameId(60),
                    since: None,
                    key: key(),
                },
            ),
            // Another game's requests carry no key.
            (
                Outgoing::Watch(61),
                Request::Watch {
                    game: GameId(61),
                    key: None,
                },
            ),
        ] {
            let sent = wish(&mut link, &mut app, out);
            assert_eq!(sent[0].request, expected);
        }
    }

    #[test]
    fn play_from_here_creates_an_unrated_ai_game_from_the_position() {
        let (mut link, mut app, mut config) = greeted();
        replay_of_30(&mut link, &mut app, &mut config);
        let _ = app.handle(crate::app::Action::Replay(
            crate::app::ReplayAction::ReplayJump(1),
        ));
        let position = app.replay().map(|r| r.game().position_text());
        let out = app.handle(crate::app::Action::Replay(
            crate::app::ReplayAction::PlayFromHere,
        ));
        let sent = wish(&mut link, &mut app, out[0].clone());
        let Request::CreateGame(setup) = &sent[0].request else {
            panic!("a new game: {:?}", sent[0].request);
        };
        assert!(position.is_some());
        assert_eq!(setup.position, position);
        assert_eq!(setup.game, GameKind::BaghChal);
        // One goat placed: the tigers are to move, and this player takes them.
        assert_eq!(setup.side, SideChoice::Second);
        assert!(!setup.rated && setup.clock.is_none());
        let level = app.lobby().level;
        assert!(matches!(
            setup.opponent,
            Opponent::Ai {
                engine: Engine::Level { level: l }
            } if l == level
        ));
    }

    #[test]
    fn a_new_game_carries_its_correspondence_and_no_clock() {
        use chaupal_shared::protocol::Correspondence;
        let (mut link, mut app, _) = greeted();
        let _ = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::SelectMode(crate::app::PlayMode::Friend),
        ));
        let _ = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::CycleMinutes { forward: true },
        ));
        let _ = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::SetCorrespondence(true),
        ));
        let out = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::CreatePrivate,
        ));
        let sent = wish(&mut link, &mut app, out[0].clone());
        let Request::CreateGame(setup) = &sent[0].request else {
            panic!("a new game: {:?}", sent[0].request);
        };
        assert_eq!(setup.correspondence, Some(Correspondence { days: Some(3) }));
        assert_eq!(setup.clock, None);
        assert_eq!(setup.opponent, Opponent::Private);
        // Live, it has the clock chosen and no correspondence.
        let _ = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::SetCorrespondence(false),
        ));
        let out = app.handle(crate::app::Action::Lobby(
            crate::app::LobbyAction::CreatePrivate,
        ));
        let sent = wish(&mut link, &mut app, out[0].clone());
        let Request::CreateGame(setup) = &sent[0].request else {
            panic!("a new game: {:?}", sent[0].request);
        };
        assert_eq!(setup.correspondence, None);
        assert!(setup.clock.is_some());
    }

    #[test]
    fn subscriptions_and_muting_are_asked_and_their_answers_heard() {
        use crate::app::{PushState, Subscription};
        use chaupal_shared::protocol::{ErrorCode, ErrorReply};
        let (mut link, mut app, mut config) = greeted();
        let subscription = Subscription {
            endpoint: "https://push.example/send/abc".into(),
            p256dh: "BKEY".into(),
            auth: "AUTH".into(),
        };
        let sent = wish(
            &mut link,
            &mut app,
            Outgoing::PushSubscribe(subscription.clone()),
        );
        assert!(matches!(
            &sent[0].request,
            Request::PushSubscribe { endpoint, p256dh, auth }
                if *endpoint == subscription.endpoint && p256dh == "BKEY" && auth == "AUTH"
        ));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Ok,
            },
        );
        assert_eq!(app.push().state, PushState::On);
        // A refusal is said in words of its own.
        let sent = wish(&mut link, &mut app, Outgoing::PushSubscribe(subscription));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(sent[0].id),
                error: ErrorReply::new(ErrorCode::NoPush, "no push here"),
            },
        );
        assert_eq!(app.push().state, PushState::Off);
        assert_eq!(
            app.notice().map(|n| n.text.english()).as_deref(),
            Some("Notifications: This server sends no notifications.")
        );
        let sent = wish(
            &mut link,
            &mut app,
            Outgoing::Mute {
                game: Some(45),
                muted: true,
            },
        );
        assert!(matches!(
            sent[0].request,
            Request::Mute {
                game: Some(GameId(45)),
                muted: true
            }
        ));
        let sent = wish(
            &mut link,
            &mut app,
            Outgoing::Mute {
                game: None,
                muted: true,
            },
        );
        let again = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Ok,
            },
        );
        assert!(app.push().muted_all);
        assert!(
            again.iter().any(|m| matches!(m.request, Request::MyGames)),
            "each game's mark asked for again: {again:?}"
        );
        let sent = wish(
            &mut link,
            &mut app,
            Outgoing::PushUnsubscribe("https://push.example/send/abc".into()),
        );
        assert!(matches!(
            &sent[0].request,
            Request::PushUnsubscribe { endpoint } if endpoint == "https://push.example/send/abc"
        ));
    }

    #[test]
    fn nothing_is_sent_before_the_greeting() {
        let mut link = Link::new();
        let mut app = App::new(false);
        assert!(wish(&mut link, &mut app, Outgoing::JoinByCode("AB".into())).is_empty());
        assert!(app.notice().is_some());
    }
}
