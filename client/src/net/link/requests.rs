//! The app's wishes as requests: a new game with its set-up, joining, seeks, watching and
//! rejoining, moves and the other seat actions, hints and analysis, records, reviews, device
//! codes, push subscriptions and muting, and leaving the game on the screen.

use chaupal_shared::protocol::{
    Action as Act, AnalysisRequest, ClientMessage, Engine, GameId, GameSetup, OfferKind, Opponent,
    Request, RulePair, SeekId, WatchKey,
};

use super::{Asked, Link, Reaction};
use crate::app::ConnectionEvent;
use crate::app::{EnginePick, Event, OpponentPick, Outgoing};
use crate::app::{GameRequest, LinkRequest, LobbyRequest, PushRequest, ReplayRequest};

impl Link {
    /// The requests for what the app wants (nothing before the greeting: the app hears that it
    /// was not sent).
    pub fn outgoing(&mut self, out: Outgoing) -> Reaction {
        // A key is kept at once, greeted or not: it goes with the requests for its game.
        if let Outgoing::Link(LinkRequest::WatchKey(id, key)) = out {
            self.keys.insert(GameId(id), WatchKey(key));
            return Reaction::default();
        }
        if !self.greeted {
            if out.is_local() {
                return Reaction::default();
            }
            return Reaction::event(Event::Connection(ConnectionEvent::NotSent));
        }
        let requests = match out {
            Outgoing::Lobby(request) => self.lobby_request(request),
            Outgoing::Game(request) => self.game_request(request),
            Outgoing::Replay(request) => self.replay_request(request),
            Outgoing::Link(request) => self.link_request(request),
            Outgoing::Push(request) => self.push_request(request),
            Outgoing::Puzzle(request) => vec![self.puzzle_request(request)],
            Outgoing::Tournament(request) => vec![self.tournament_request(request)],
            // Not the server's business here: the render loop and `Online` do these (a new name
            // is a new greeting, on a new connection).
            Outgoing::Local(_) => Vec::new(),
        };
        Reaction::send(requests)
    }

    /// The requests for a wish about the lobby.
    fn lobby_request(&mut self, out: LobbyRequest) -> Vec<ClientMessage> {
        match out {
            LobbyRequest::NewGame {
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
            LobbyRequest::JoinByCode(code) => {
                vec![self.message(Request::JoinByCode { code }, Asked::Join)]
            }
            LobbyRequest::CancelSeek(id) => {
                vec![self.message(Request::CancelSeek { seek: SeekId(id) }, Asked::CancelSeek)]
            }
            LobbyRequest::AcceptSeek(id) => {
                vec![self.message(Request::AcceptSeek { seek: SeekId(id) }, Asked::Accept)]
            }
            LobbyRequest::Watch(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(Request::Watch { game, key }, Asked::Watch(game))]
            }
            LobbyRequest::Resume(id) => {
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
        }
    }

    /// The requests for a wish about the game on the screen.
    fn game_request(&mut self, out: GameRequest) -> Vec<ClientMessage> {
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
        match out {
            GameRequest::Resync => match game {
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
            GameRequest::Move { notation, ply } => match game {
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
            GameRequest::Resign => act(self, Act::Resign, "asked-resign"),
            GameRequest::Berserk => act(self, Act::Berserk, "asked-berserk"),
            GameRequest::Offer(kind) => act(self, Act::Offer(kind), offer_asked(kind)),
            GameRequest::Answer { kind, accept } => act(
                self,
                Act::Answer { kind, accept },
                answer_asked(kind, accept),
            ),
            GameRequest::Analyse {
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
            GameRequest::Hint => match game {
                Some(game) => vec![self.message(Request::Hint { game }, Asked::Hint)],
                None => Vec::new(),
            },
            GameRequest::Leave => {
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
        }
    }

    /// The requests for a wish about a finished game.
    fn replay_request(&mut self, out: ReplayRequest) -> Vec<ClientMessage> {
        match out {
            ReplayRequest::Record(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(Request::GetRecord { game, key }, Asked::Record)]
            }
            ReplayRequest::Review(id) => {
                let game = GameId(id);
                let key = self.key(game);
                vec![self.message(Request::Review { game, key }, Asked::Review(game))]
            }
        }
    }

    /// The requests for a wish about links.
    fn link_request(&mut self, out: LinkRequest) -> Vec<ClientMessage> {
        match out {
            LinkRequest::ReadInvitation(code) => {
                vec![self.message(Request::Invitation { code }, Asked::Invitation)]
            }
            LinkRequest::DeclineInvitation(code) => {
                vec![self.message(Request::DeclineInvitation { code }, Asked::Decline)]
            }
            // Kept above.
            LinkRequest::WatchKey(..) => Vec::new(),
            LinkRequest::DeviceCode => {
                vec![self.message(Request::DeviceCode, Asked::Other)]
            }
            LinkRequest::LinkDevice(code) => {
                vec![self.message(Request::LinkDevice { code }, Asked::Other)]
            }
        }
    }

    /// The requests for a wish about notifications.
    fn push_request(&mut self, out: PushRequest) -> Vec<ClientMessage> {
        match out {
            PushRequest::PushSubscribe(s) => vec![self.message(
                Request::PushSubscribe {
                    endpoint: s.endpoint,
                    p256dh: s.p256dh,
                    auth: s.auth,
                },
                Asked::Push,
            )],
            PushRequest::PushUnsubscribe(endpoint) => {
                vec![self.message(Request::PushUnsubscribe { endpoint }, Asked::Other)]
            }
            PushRequest::Mute { game, muted } => {
                let game = game.map(GameId);
                vec![self.message(Request::Mute { game, muted }, Asked::Mute(game, muted))]
            }
        }
    }
}

/// What was asked, in the notice when the server refuses an offer of `kind` (a message id).
fn offer_asked(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "asked-offer-draw",
        OfferKind::Takeback => "asked-takeback",
        OfferKind::Rematch => "asked-offer-rematch",
    }
}

/// What was asked, in the notice when the server refuses an answer to an offer of `kind`.
fn answer_asked(kind: OfferKind, accept: bool) -> &'static str {
    match (kind, accept) {
        (_, false) => "asked-decline",
        (OfferKind::Draw, true) => "asked-accept-draw",
        (OfferKind::Takeback, true) => "asked-accept-takeback",
        (OfferKind::Rematch, true) => "asked-accept-rematch",
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
        assert_eq!(out, [Outgoing::Lobby(LobbyRequest::Resume(50))]);
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
        assert_eq!(out, [Outgoing::Lobby(LobbyRequest::Watch(51))]);
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
            Outgoing::Link(LinkRequest::WatchKey(
                60,
                "9c1e7a4f0b2d6e8a3c5f7b9d1e3a5c7f".into(),
            )),
        );
        assert!(none.is_empty(), "a key is kept, not sent: {none:?}");
        for (out, expected) in [
            (
                Outgoing::Lobby(LobbyRequest::Watch(60)),
                Request::Watch {
                    game: GameId(60),
                    key: key(),
                },
            ),
            (
                Outgoing::Replay(ReplayRequest::Record(60)),
                Request::GetRecord {
                    game: GameId(60),
                    key: key(),
                },
            ),
            (
                Outgoing::Replay(ReplayRequest::Review(60)),
                Request::Review {
                    game: GameId(60),
                    key: key(),
                },
            ),
            (
                Outgoing::Lobby(LobbyRequest::Resume(60)),
                Request::Rejoin {
                    game: GameId(60),
                    since: None,
                    key: key(),
                },
            ),
            // Another game's requests carry no key.
            (
                Outgoing::Lobby(LobbyRequest::Watch(61)),
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
            Outgoing::Push(PushRequest::PushSubscribe(subscription.clone())),
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
        let sent = wish(
            &mut link,
            &mut app,
            Outgoing::Push(PushRequest::PushSubscribe(subscription)),
        );
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
            Outgoing::Push(PushRequest::Mute {
                game: Some(45),
                muted: true,
            }),
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
            Outgoing::Push(PushRequest::Mute {
                game: None,
                muted: true,
            }),
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
            Outgoing::Push(PushRequest::PushUnsubscribe(
                "https://push.example/send/abc".into(),
            )),
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
        assert!(
            wish(
                &mut link,
                &mut app,
                Outgoing::Lobby(LobbyRequest::JoinByCode("AB".into()))
            )
            .is_empty()
        );
        assert!(app.notice().is_some());
    }
}
