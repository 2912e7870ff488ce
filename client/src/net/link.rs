//! What the frames mean: the client's side of the Chaupal protocol. [`Link`] turns the app's
//! [`Outgoing`] wishes into requests, and the server's messages into [`Event`]s for
//! [`App::apply`]: the greeting with the remembered token, the lobby lists, games from
//! snapshots and numbered events (asking to rejoin on a gap or after a reconnection), offers,
//! hints, presence, and every error in words. It reads the app but never changes it, and holds
//! no socket, so all of it is tested with plain values.

use std::collections::{HashMap, VecDeque};

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::{
    Action as Act, AnalysisRequest, ClientMessage, Clocks, Engine, ErrorCode, ErrorReply,
    GameEvent, GameId, GameSetup, GameSnapshot, GameStatus, GameSummary, LobbyEvent, Opponent,
    PROTOCOL_VERSION, PlayerId, Reply, Request, ResultReason, RulePair, Score, SearchLine,
    SeatInfo, SeekId, SeekInfo, ServerMessage, SideChoice, Version,
};

use super::wording;
use crate::app::{
    App, EnginePick, Event, FinishedEntry, GameChange, LiveEntry, LobbyChange, Offer, Opened,
    OpponentPick, Outgoing, Record, SeekEntry, SidePick, clock_words,
};
use crate::config::Config;
use crate::play::{ClockState, Ending, Hint, Match, Seats};
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// How many finished games the lobby lists.
pub const FINISHED_SHOWN: u32 = 12;

/// The largest server message the client reads.
pub const MAX_MESSAGE: usize = 1 << 20;

/// What a request was, to make sense of its reply or error.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Asked {
    Hello,
    Create,
    Join,
    Accept,
    Watch(GameId),
    Rejoin(GameId),
    Subscribe,
    Move,
    Action(&'static str),
    Hint,
    Analyse,
    Finished,
    Record,
    Review(GameId),
    Other,
}

/// What the link made of a message or a wish: the requests to send, and the events for the
/// app, in order.
#[derive(Debug, Default)]
#[must_use]
pub struct Reaction {
    pub requests: Vec<ClientMessage>,
    pub events: Vec<Event>,
}

impl Reaction {
    fn send(requests: Vec<ClientMessage>) -> Reaction {
        Reaction {
            requests,
            events: Vec::new(),
        }
    }

    fn event(event: Event) -> Reaction {
        Reaction {
            requests: Vec::new(),
            events: vec![event],
        }
    }
}

/// The client's protocol state.
#[derive(Debug, Default)]
pub struct Link {
    next_id: u64,
    asked: HashMap<u64, Asked>,
    /// Whether the server has welcomed this connection.
    greeted: bool,
    /// This player, as the server knows them (to tell their own seeks and games).
    me: Option<PlayerId>,
    /// The game on the screen, and the version of its last event seen.
    game: Option<(GameId, Version)>,
    /// Whether the game on the screen is only watched.
    watching: bool,
    /// Whether the board shows the game the link follows (a snapshot of it has arrived).
    synced: bool,
}

impl Link {
    /// A link for a fresh connection (the game on the screen, if any, is kept for rejoining).
    pub fn new() -> Link {
        Link::default()
    }

    /// Whether the server has welcomed this connection.
    pub fn greeted(&self) -> bool {
        self.greeted
    }

    /// The game on the screen, as the server numbers it.
    pub fn game(&self) -> Option<GameId> {
        self.game.map(|(g, _)| g)
    }

    fn message(&mut self, request: Request, asked: Asked) -> ClientMessage {
        self.next_id += 1;
        self.asked.insert(self.next_id, asked);
        ClientMessage {
            id: self.next_id,
            request,
        }
    }

    /// The connection is up: forget the old one's requests and say hello.
    pub fn connected(&mut self, name: &str, token: Option<&str>) -> ClientMessage {
        self.asked.clear();
        self.greeted = false;
        self.message(
            Request::Hello {
                version: PROTOCOL_VERSION,
                name: name.to_owned(),
                token: token.map(str::to_owned),
                turns: false,
            },
            Asked::Hello,
        )
    }

    /// Asks for this player's latest finished games.
    fn finished_games(&mut self) -> ClientMessage {
        self.message(
            Request::FinishedGames {
                player: None,
                limit: FINISHED_SHOWN,
                before: None,
            },
            Asked::Finished,
        )
    }

    /// The connection dropped.
    pub fn disconnected(&mut self) {
        self.greeted = false;
        self.asked.clear();
    }

    /// The requests for what the app wants (nothing before the greeting: the app hears that it
    /// was not sent).
    pub fn outgoing(&mut self, out: Outgoing) -> Reaction {
        if !self.greeted {
            if matches!(
                out,
                Outgoing::RetryNow
                    | Outgoing::CopyText(_)
                    | Outgoing::Share(_)
                    | Outgoing::Rename(_)
                    | Outgoing::SetMuted(_)
                    | Outgoing::SetLanguage(_)
            ) {
                return Reaction::default();
            }
            return Reaction::event(Event::NotSent);
        }
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
                    side: match side {
                        SidePick::First => SideChoice::First,
                        SidePick::Second => SideChoice::Second,
                        SidePick::Random => SideChoice::Random,
                    },
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
                };
                vec![self.message(Request::CreateGame(setup), Asked::Create)]
            }
            Outgoing::JoinByCode(code) => {
                vec![self.message(Request::JoinByCode { code }, Asked::Join)]
            }
            Outgoing::CancelSeek(id) => {
                vec![self.message(
                    Request::CancelSeek { seek: SeekId(id) },
                    Asked::Action("asked-cancel-seek"),
                )]
            }
            Outgoing::AcceptSeek(id) => {
                vec![self.message(Request::AcceptSeek { seek: SeekId(id) }, Asked::Accept)]
            }
            Outgoing::Record(id) => {
                vec![self.message(Request::GetRecord { game: GameId(id) }, Asked::Record)]
            }
            Outgoing::Review(id) => {
                let game = GameId(id);
                vec![self.message(Request::Review { game }, Asked::Review(game))]
            }
            Outgoing::Watch(id) => {
                let game = GameId(id);
                vec![self.message(Request::Watch { game }, Asked::Watch(game))]
            }
            Outgoing::Resume(id) => {
                let game = GameId(id);
                vec![self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game))]
            }
            Outgoing::Resync => match game {
                Some(game) => {
                    vec![self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game))]
                }
                None => Vec::new(),
            },
            Outgoing::Move(notation) => match game {
                Some(game) => vec![self.message(
                    Request::Act {
                        game,
                        seat: None,
                        action: Act::Move { notation },
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
            | Outgoing::SetLanguage(_) => Vec::new(),
        };
        Reaction::send(requests)
    }

    /// Reads one message from the server: what it calls for, and what it means for the app.
    /// The app is only read (for the game on the screen), never changed.
    pub fn receive(
        &mut self,
        msg: ServerMessage,
        app: &App,
        config: &mut Config,
        server: &str,
    ) -> Reaction {
        match msg {
            ServerMessage::Reply { id, reply } => {
                let asked = self.asked.remove(&id).unwrap_or(Asked::Other);
                self.reply(asked, reply, app, config, server)
            }
            ServerMessage::Error { id, error } => {
                let asked = id
                    .and_then(|id| self.asked.remove(&id))
                    .unwrap_or(Asked::Other);
                Reaction::event(self.error(&asked, &error, config, server))
            }
            ServerMessage::Event {
                game,
                version,
                event,
            } => self.event(game, version, event, app),
            ServerMessage::Snapshot(snapshot) => self.snapshot(*snapshot),
            ServerMessage::Presence {
                game,
                seats,
                watchers,
            } => {
                if self.game() == Some(game) {
                    Reaction::event(Event::Presence { watchers, seats })
                } else {
                    Reaction::default()
                }
            }
            ServerMessage::Lobby(event) => match self.lobby_event(event) {
                Some(change) => Reaction::event(Event::Lobby(change)),
                None => Reaction::default(),
            },
            ServerMessage::ReviewProgress {
                game,
                analysed,
                total,
            } => Reaction::event(Event::ReviewProgress {
                game: game.0,
                analysed,
                total,
            }),
        }
    }

    fn reply(
        &mut self,
        asked: Asked,
        reply: Reply,
        app: &App,
        config: &mut Config,
        server: &str,
    ) -> Reaction {
        let mut out = Reaction::default();
        match reply {
            Reply::Welcome(w) => {
                self.greeted = true;
                config.set_token(server, &w.token);
                config.name = Some(w.player.name.clone());
                self.me = Some(w.player.id);
                out.events.push(Event::Welcomed {
                    name: w.player.name.clone(),
                });
                out.requests
                    .push(self.message(Request::SubscribeLobby, Asked::Subscribe));
                out.requests.push(self.finished_games());
                // Sit back down at the game on the screen (unless it is over), or at a live
                // game of this player.
                let over = app.current().is_some_and(Match::finished);
                let resume = match self.game.filter(|_| !over) {
                    Some((game, version)) if !self.watching => Some((game, Some(version))),
                    Some((game, _)) => {
                        out.requests
                            .push(self.message(Request::Watch { game }, Asked::Watch(game)));
                        None
                    }
                    // A link the player came by decides where to go instead.
                    None if app.arrival().is_some() => None,
                    None => w.live_games.first().map(|&g| (g, None)),
                };
                if let Some((game, since)) = resume {
                    out.requests
                        .push(self.message(Request::Rejoin { game, since }, Asked::Rejoin(game)));
                }
            }
            Reply::Created {
                game,
                invite_code,
                seek,
            } => {
                if let Some(code) = invite_code {
                    out.events.push(Event::InviteCode(code));
                } else if game.is_none() && seek.is_some() {
                    out.events.push(Event::SeekOpened);
                }
                if let Some(game) = game
                    && self.game() != Some(game)
                {
                    self.game = Some((game, 0));
                    self.synced = false;
                    self.watching = false;
                    out.requests.push(
                        self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game)),
                    );
                }
            }
            Reply::Lobby { seeks, games } => {
                out.events.push(Event::Lobby(self.lists(seeks, &games)));
            }
            Reply::Seeks { seeks } => {
                let seeks = seeks.into_iter().map(|s| self.seek_entry(s)).collect();
                out.events.push(Event::Lobby(LobbyChange::Seeks(seeks)));
            }
            Reply::Games { games } if asked == Asked::Finished => {
                let finished = games.iter().map(finished_entry).collect();
                out.events
                    .push(Event::Lobby(LobbyChange::Finished(finished)));
            }
            Reply::Games { games } => {
                let live = games.iter().filter_map(|g| self.live_entry(g)).collect();
                out.events.push(Event::Lobby(LobbyChange::Live(live)));
            }
            Reply::DeviceCode {
                code,
                expires_in_ms,
            } => out.events.push(Event::DeviceCode {
                code,
                expires_in: expires_in_ms as f32 / 1000.0,
            }),
            // This device is now that player: their token is kept, and the client greets the
            // server again with it (the app asks for that, as for a new name).
            Reply::Linked { player, token } => {
                config.set_token(server, &token);
                config.name = Some(player.name.clone());
                out.events.push(Event::Linked { name: player.name });
            }
            Reply::Record { summary, moves, .. } => {
                let pairs: Vec<(String, String)> = summary
                    .rules
                    .iter()
                    .map(|p| (p.key.clone(), p.value.clone()))
                    .collect();
                out.events.push(match AnyGame::start(summary.kind, pairs) {
                    Ok(start) => Event::Record(Box::new(Record {
                        id: summary.game.0,
                        start,
                        moves,
                        names: [0, 1].map(|i| seat_name(&summary.seats[i])),
                        result: summary.result,
                    })),
                    Err(e) => Event::Problem(say!("notice-no-replay", why = e.to_string())),
                });
            }
            Reply::Analysis { best_move, line } => out.events.push(Event::Suggestion {
                hint: best_move.map(|text| hint(text, line.as_ref())),
                analysis: asked == Asked::Analyse,
            }),
            Reply::Ok => {
                if asked == Asked::Move {
                    out.events.push(Event::MoveAccepted);
                }
            }
            Reply::Review(review) => out.events.push(Event::Review(review)),
            Reply::Pong { .. } | Reply::Imported { .. } | Reply::Ratings { .. } => {}
        }
        out
    }

    /// An error reply in words, with what it means for the board.
    fn error(
        &mut self,
        asked: &Asked,
        error: &ErrorReply,
        config: &mut Config,
        server: &str,
    ) -> Event {
        if error.code == ErrorCode::UnknownToken {
            config.forget_token(server);
        }
        let unlock_board = matches!(asked, Asked::Move)
            || matches!(
                error.code,
                ErrorCode::IllegalMove | ErrorCode::NotYourTurn | ErrorCode::GameOver
            );
        if let Asked::Rejoin(game) | Asked::Watch(game) = asked
            && self.game() == Some(*game)
            && error.code == ErrorCode::NoSuchGame
        {
            self.game = None;
        }
        let what = match asked {
            Asked::Hello => Some(say!("asked-hello")),
            Asked::Create => Some(say!("asked-create")),
            Asked::Join => Some(say!("asked-join")),
            Asked::Accept => Some(say!("asked-accept")),
            Asked::Watch(_) => Some(say!("asked-watch")),
            Asked::Rejoin(_) => Some(say!("asked-rejoin")),
            Asked::Subscribe => Some(say!("asked-subscribe")),
            Asked::Move => Some(say!("asked-move")),
            Asked::Action(what) => Some(Phrase::new(what)),
            Asked::Hint => Some(say!("asked-hint")),
            Asked::Analyse => Some(say!("asked-analyse")),
            Asked::Finished => Some(say!("asked-finished")),
            Asked::Record => Some(say!("asked-record")),
            Asked::Review(_) => Some(say!("asked-review")),
            Asked::Other => None,
        };
        let text = wording::server_error(what, error);
        match asked {
            Asked::Review(game) => Event::ReviewFailed { game: game.0, text },
            _ => Event::Refused { text, unlock_board },
        }
    }

    /// A numbered event of a game: for the game on the screen, in order; a gap asks for what
    /// was missed.
    fn event(&mut self, game: GameId, version: Version, event: GameEvent, app: &App) -> Reaction {
        let Some((current, seen)) = self.game else {
            return Reaction::default();
        };
        if game != current || version <= seen || !self.synced {
            // Not this game, already seen, or its snapshot (asked for) is still to come.
            return Reaction::default();
        }
        if version != seen + 1 {
            // A gap: ask for what was missed.
            return Reaction::send(vec![self.message(
                Request::Rejoin {
                    game,
                    since: Some(seen),
                },
                Asked::Rejoin(game),
            )]);
        }
        self.game = Some((game, version));
        if app.current().is_none() {
            return Reaction::default();
        }
        let change = match event {
            GameEvent::Moved {
                notation, clocks, ..
            } => GameChange::Moved {
                notation,
                clocks: clocks.map(clock_state),
            },
            GameEvent::DrawOffered { by } => GameChange::DrawOffered { by },
            GameEvent::DrawDeclined { by } => GameChange::DrawDeclined { by },
            GameEvent::TakebackRequested { by } => GameChange::TakebackRequested { by },
            GameEvent::TakebackDeclined { by } => GameChange::TakebackDeclined { by },
            GameEvent::TakenBack { plies, clocks, .. } => GameChange::TakenBack {
                plies,
                clocks: clocks.map(clock_state),
            },
            GameEvent::RematchOffered { by } => GameChange::RematchOffered { by },
            GameEvent::RematchDeclined { by } => GameChange::RematchDeclined { by },
            GameEvent::RematchStarted { game: next } => {
                // The new game's snapshot follows.
                self.game = Some((next, 0));
                self.synced = false;
                GameChange::RematchStarted
            }
            GameEvent::Ended { result, clocks } => GameChange::Ended {
                result,
                clocks: clocks.map(clock_state),
            },
        };
        Reaction::event(Event::Game(change))
    }

    /// A game to show, from a snapshot (watching, rejoining, a game that just started).
    fn snapshot(&mut self, s: GameSnapshot) -> Reaction {
        let summary = &s.summary;
        let game_id = summary.game;
        let ours = !s.your_seats.is_empty();
        // A snapshot of another game than the one on the screen is taken only when it is a
        // game of ours that just started (or the screen has no game).
        if let Some(current) = self.game()
            && current != game_id
            && !ours
        {
            return Reaction::default();
        }
        let game = match snapshot_match(&s) {
            Ok(m) => m,
            Err(e) => {
                return Reaction::event(Event::Problem(say!("notice-no-show", why = e)));
            }
        };
        let offers = [
            (Offer::Draw, s.draw_offer),
            (Offer::Takeback, s.takeback_request),
            (Offer::Rematch, s.rematch_offer),
        ]
        .into_iter()
        .filter_map(|(offer, by)| Some((offer, by?)))
        .collect();
        self.game = Some((game_id, s.version));
        self.synced = true;
        self.watching = !ours;
        Reaction::event(Event::Opened(Box::new(Opened {
            game,
            watchers: summary.watchers,
            offers,
        })))
    }

    /// A lobby event as a change of the lobby's lists (none for a game that is not listed).
    fn lobby_event(&self, event: LobbyEvent) -> Option<LobbyChange> {
        Some(match event {
            LobbyEvent::SeekAdded(s) => LobbyChange::SeekAdded(self.seek_entry(s)),
            LobbyEvent::SeekRemoved { seek } => LobbyChange::SeekRemoved(seek.0),
            LobbyEvent::GameStarted(g) => LobbyChange::GameStarted(self.live_entry(&g)?),
            LobbyEvent::GameProgress { game, plies } => LobbyChange::GameProgress {
                id: game.0,
                moves: plies,
            },
            LobbyEvent::GameEnded { game, .. } => LobbyChange::GameEnded(game.0),
            LobbyEvent::Reset { seeks, games } => self.lists(seeks, &games),
        })
    }

    /// Both lists of the lobby.
    fn lists(&self, seeks: Vec<SeekInfo>, games: &[GameSummary]) -> LobbyChange {
        LobbyChange::Lists {
            seeks: seeks.into_iter().map(|s| self.seek_entry(s)).collect(),
            live: games.iter().filter_map(|g| self.live_entry(g)).collect(),
        }
    }

    /// A seek as the lobby lists it.
    fn seek_entry(&self, s: SeekInfo) -> SeekEntry {
        SeekEntry {
            id: s.seek.0,
            kind: s.kind,
            rules: s.rules.into_iter().map(|p| (p.key, p.value)).collect(),
            mine: self.me == Some(s.by.id),
            who: crate::play::seat_label(&Phrase::verbatim(s.by.name), s.rating),
            clock: s.clock.as_ref().map(clock_words),
            rated: s.rated,
        }
    }

    /// A live game as the lobby lists it (finished ones are left out).
    fn live_entry(&self, g: &GameSummary) -> Option<LiveEntry> {
        let me = self.me;
        (g.status == GameStatus::Live).then(|| LiveEntry {
            mine: g
                .seats
                .iter()
                .any(|s| s.player.as_ref().map(|p| p.id) == me && me.is_some()),
            id: g.game.0,
            kind: g.kind,
            players: [0, 1].map(|i| seat_name(&g.seats[i])),
            ratings: [0, 1].map(|i| g.seats[i].rating),
            moves: g.plies,
            watchers: g.watchers,
            exhibition: g.seats.iter().all(|s| s.engine.is_some()),
        })
    }
}

/// Applies what the link made of a message or a wish to the app (through [`App::apply`], in
/// order); what applying calls for goes back through the link. Returns every request to send,
/// and what the app asked for that is not the server's business (a new greeting, the
/// clipboard, remembered settings: [`Outgoing::is_local`]) for the caller to carry out.
/// Nothing here touches the network: the connection glue calls it, and tests drive the link and
/// the app with it as the render loop does.
pub fn settle(
    link: &mut Link,
    app: &mut App,
    reaction: Reaction,
) -> (Vec<ClientMessage>, Vec<Outgoing>) {
    let Reaction {
        mut requests,
        events,
    } = reaction;
    let mut local = Vec::new();
    let mut events = VecDeque::from(events);
    while let Some(event) = events.pop_front() {
        for out in app.apply(event) {
            if out.is_local() {
                local.push(out);
                continue;
            }
            let more = link.outgoing(out);
            requests.extend(more.requests);
            events.extend(more.events);
        }
    }
    (requests, local)
}

/// The game a snapshot describes, with its moves played, seats, names, clocks and result.
fn snapshot_match(s: &GameSnapshot) -> Result<Match, String> {
    let summary = &s.summary;
    let pairs: Vec<(String, String)> = summary
        .rules
        .iter()
        .map(|p| (p.key.clone(), p.value.clone()))
        .collect();
    let start = match &s.start_position {
        Some(text) => {
            AnyGame::from_position_text(summary.kind, text, pairs).map_err(|e| e.to_string())
        }
        None => AnyGame::start(summary.kind, pairs).map_err(|e| e.to_string()),
    }?;
    let seats = match s.your_seats.as_slice() {
        [] => Seats::Watching,
        [one] => Seats::One(*one),
        _ => Seats::Both,
    };
    let mut m = Match::new(start, seats, true);
    for mv in &s.moves {
        m.apply(mv).map_err(|e| e.to_string())?;
    }
    m.settle();
    m.names = [0, 1].map(|i| seat_name(&summary.seats[i]));
    m.ai = [0, 1].map(|i| summary.seats[i].engine.is_some());
    m.ratings = [0, 1].map(|i| summary.seats[i].rating);
    m.id = Some(summary.game.0);
    if let Some(c) = s.clocks {
        m.clocks = Some(clock_state(c));
    }
    if summary.status == GameStatus::Finished
        && let Some(result) = summary.result
    {
        m.ended = Some(Ending::Result(result));
    }
    Ok(m)
}

/// The protocol's engine for the one picked in the lobby.
fn engine(pick: &EnginePick) -> Engine {
    match pick {
        EnginePick::Level(level) => Engine::Level { level: *level },
        EnginePick::Named { name, depth } => Engine::Named {
            name: name.clone(),
            depth: Some(*depth),
            time_ms: None,
        },
    }
}

/// A hint from the engine's answer.
fn hint(text: String, line: Option<&SearchLine>) -> Hint {
    let (eval, chances) = match line.map(|l| l.score) {
        Some(Score::Cp(cp)) => (
            Some(Phrase::verbatim(format!("{:+.2}", f64::from(cp) / 100.0))),
            // A logistic curve: 0 = even, +-4 units about 90 / 10 per cent.
            Some((1.0 / (1.0 + (-f64::from(cp) / 180.0).exp())) as f32),
        ),
        Some(Score::Win(plies)) => (Some(say!("eval-wins-in", plies = plies)), Some(1.0)),
        Some(Score::Loss(plies)) => (Some(say!("eval-loses-in", plies = plies)), Some(0.0)),
        Some(Score::Draw) => (Some(say!("eval-draw")), Some(0.5)),
        Some(Score::Margin(m)) => (
            Some(say!("eval-margin", seeds = format!("{m:+}"))),
            Some(match m.signum() {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            }),
        ),
        None => (None, None),
    };
    Hint {
        text,
        eval,
        chances,
    }
}

/// A seat's name as the client shows it: a player's own, a computer level's in the
/// interface's language ("AI level 3"), an engine's as the server gives it.
fn seat_name(seat: &SeatInfo) -> Phrase {
    match &seat.engine {
        Some(Engine::Level { level }) => terms::ai_level(*level),
        _ => Phrase::verbatim(&seat.name),
    }
}

/// The server's clocks.
fn clock_state(c: Clocks) -> ClockState {
    ClockState {
        left_ms: [c.first_ms as f64, c.second_ms as f64],
        running: c.running,
    }
}

/// A finished game as the lobby lists it.
fn finished_entry(g: &GameSummary) -> FinishedEntry {
    FinishedEntry {
        id: g.game.0,
        kind: g.kind,
        players: [0, 1].map(|i| seat_name(&g.seats[i])),
        result: match g.result {
            Some(r) if r.reason == ResultReason::Aborted => say!("finished-aborted"),
            Some(r) => match r.winner {
                Some(w) => say!("finished-won", name = seat_name(&g.seats[w.index()])),
                None => say!("finished-draw"),
            },
            None => say!("finished-unfinished"),
        },
        moves: g.plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Screen;
    use crate::replay::Replay;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::{
        ClockSpec, GameResult, LimitsInfo, PlayerInfo, SeatInfo, SeatPresence, Welcome,
    };

    const SERVER: &str = "ws://127.0.0.1:7878";

    /// A message from the server through the link into the app, as the render loop takes it;
    /// returns the requests it calls for.
    fn deliver(
        link: &mut Link,
        app: &mut App,
        config: &mut Config,
        msg: ServerMessage,
    ) -> Vec<ClientMessage> {
        let reaction = link.receive(msg, app, config, SERVER);
        settle(link, app, reaction).0
    }

    /// What the app wants, through the link; returns the requests.
    fn wish(link: &mut Link, app: &mut App, out: Outgoing) -> Vec<ClientMessage> {
        let reaction = link.outgoing(out);
        settle(link, app, reaction).0
    }

    fn welcome(live: Vec<GameId>) -> ServerMessage {
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
                    max_message_bytes: 65536,
                    messages_per_second: 20,
                    message_burst: 40,
                    ping_interval_ms: 15000,
                    idle_timeout_ms: 45000,
                    reconnect_grace_ms: 60000,
                    max_open_games: 8,
                },
            }),
        }
    }

    fn seat(name: &str) -> SeatInfo {
        SeatInfo {
            name: name.into(),
            player: None,
            engine: None,
            rating: None,
        }
    }

    fn summary(game: u64, kind: GameKind) -> GameSummary {
        GameSummary {
            game: GameId(game),
            kind,
            rules: Vec::new(),
            clock: None,
            rated: false,
            seats: [seat("asha"), seat("bo")],
            status: GameStatus::Live,
            result: None,
            plies: 0,
            watchers: 1,
            started_at_ms: 0,
        }
    }

    fn snapshot(game: u64, moves: &[&str], yours: Vec<Side>, version: Version) -> ServerMessage {
        let mut start = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        for m in moves {
            start.play_text(m).expect("legal");
        }
        ServerMessage::Snapshot(Box::new(GameSnapshot {
            summary: summary(game, GameKind::BaghChal),
            version,
            start_position: None,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            position: start.position_text(),
            side_to_move: start.side_to_move(),
            legal_moves: start.legal_moves_text(),
            clocks: None,
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

    fn greeted() -> (Link, App, Config) {
        let mut link = Link::new();
        let mut app = App::new(false);
        let mut config = Config::default();
        link.connected("asha", None);
        let out = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
        assert_eq!(
            out.len(),
            2,
            "subscribes to the lobby, asks for finished games"
        );
        (link, app, config)
    }

    #[test]
    fn hello_carries_the_token_and_welcome_remembers_it() {
        let mut link = Link::new();
        let hello = link.connected("asha", Some("old"));
        assert!(matches!(
            hello.request,
            Request::Hello { ref token, version: PROTOCOL_VERSION, .. } if token.as_deref() == Some("old")
        ));
        let mut app = App::new(false);
        let mut config = Config::default();
        let out = deliver(&mut link, &mut app, &mut config, welcome(vec![GameId(42)]));
        assert_eq!(config.token(SERVER), Some("tok"));
        assert!(app.connection().online());
        assert_eq!(app.screen(), Screen::Lobby);
        assert!(matches!(out[0].request, Request::SubscribeLobby));
        assert!(
            matches!(
                out[2].request,
                Request::Rejoin {
                    game: GameId(42),
                    since: None
                }
            ),
            "sits back down at the live game"
        );
    }

    #[test]
    fn a_device_code_is_shown_and_a_used_one_makes_this_device_that_player() {
        let (mut link, mut app, mut config) = greeted();
        // Asking for a code on this device: the card shows it.
        let _ = app.handle(crate::app::Action::OpenDevices);
        let ask = wish(&mut link, &mut app, Outgoing::DeviceCode);
        assert!(matches!(ask[0].request, Request::DeviceCode));
        let code = ServerMessage::Reply {
            id: ask[0].id,
            reply: Reply::DeviceCode {
                code: "QRST-2345".into(),
                expires_in_ms: 600_000,
            },
        };
        deliver(&mut link, &mut app, &mut config, code);
        let shown = app.devices().and_then(|d| d.code.clone()).expect("shown");
        assert_eq!(shown, ("QRST-2345".to_owned(), 600.0));
        // Using another device's code: its player's token is kept, and the client greets the
        // server again as that player.
        let used = wish(
            &mut link,
            &mut app,
            Outgoing::LinkDevice("ABCD-EFGH".into()),
        );
        assert!(matches!(
            &used[0].request,
            Request::LinkDevice { code } if code == "ABCD-EFGH"
        ));
        let linked = ServerMessage::Reply {
            id: used[0].id,
            reply: Reply::Linked {
                player: PlayerInfo {
                    id: PlayerId(9),
                    name: "Bina".into(),
                },
                token: "bina-token".into(),
            },
        };
        let reaction = link.receive(linked, &app, &mut config, SERVER);
        let (requests, local) = settle(&mut link, &mut app, reaction);
        assert!(requests.is_empty());
        assert_eq!(local, vec![Outgoing::Rename("Bina".into())]);
        assert_eq!(config.token(SERVER), Some("bina-token"));
        assert_eq!(config.name.as_deref(), Some("Bina"));
        assert!(app.devices().is_none(), "the card closes");
        assert!(
            app.notice()
                .expect("told")
                .text
                .english()
                .contains("now plays as Bina")
        );
    }

    #[test]
    fn an_unknown_token_is_forgotten_and_explained() {
        let mut link = Link::new();
        let mut app = App::new(false);
        let mut config = Config::default();
        config.set_token(SERVER, "stale");
        let hello = link.connected("asha", config.token(SERVER));
        let err = ServerMessage::Error {
            id: Some(hello.id),
            error: ErrorReply::new(ErrorCode::UnknownToken, "unknown token"),
        };
        deliver(&mut link, &mut app, &mut config, err);
        assert_eq!(config.token(SERVER), None);
        let notice = app.notice().expect("told");
        assert!(
            notice.text.english().contains("new player"),
            "{:?}",
            notice.text
        );
    }

    #[test]
    fn a_snapshot_opens_the_game_and_events_play_on() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &["c3"], vec![Side::Second], 1),
        );
        assert_eq!(app.screen(), Screen::Game);
        let m = app.current().expect("game");
        assert_eq!(m.seats, Seats::One(Side::Second));
        assert_eq!(m.names, ["asha".to_owned(), "bo".to_owned()]);
        assert_eq!(m.moves.len(), 1);
        // Our move is sent, not played.
        let out = app.handle(crate::app::Action::Cell("a1".into()));
        assert!(out.is_empty());
        let out = app.handle(crate::app::Action::Cell("b2".into()));
        assert_eq!(out, [Outgoing::Move("a1-b2".into())]);
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            &sent[0].request,
            Request::Act { game: GameId(7), action: Act::Move { notation }, .. } if notation == "a1-b2"
        ));
        // The server's event plays it.
        let moved = ServerMessage::Event {
            game: GameId(7),
            version: 2,
            event: GameEvent::Moved {
                ply: 2,
                side: Side::Second,
                notation: "a1-b2".into(),
                clocks: Some(Clocks {
                    first_ms: 60_000,
                    second_ms: 59_000,
                    running: Some(Side::First),
                }),
                turn: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, moved.clone());
        let m = app.current().expect("game");
        assert_eq!(m.moves.len(), 2);
        assert!(m.pending.is_none());
        assert_eq!(
            m.clocks.map(|c| c.text(Side::Second)).as_deref(),
            Some("0:59")
        );
        // The same event again is ignored; a gap asks to rejoin.
        deliver(&mut link, &mut app, &mut config, moved);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(2));
        let gap = ServerMessage::Event {
            game: GameId(7),
            version: 5,
            event: GameEvent::DrawOffered { by: Side::First },
        };
        let out = deliver(&mut link, &mut app, &mut config, gap);
        assert!(matches!(
            out[0].request,
            Request::Rejoin {
                game: GameId(7),
                since: Some(2)
            }
        ));
    }

    #[test]
    fn offers_and_the_end_are_shown() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], vec![Side::First], 0),
        );
        let offer = ServerMessage::Event {
            game: GameId(7),
            version: 1,
            event: GameEvent::DrawOffered { by: Side::Second },
        };
        deliver(&mut link, &mut app, &mut config, offer);
        assert_eq!(app.offer(), Some(Offer::Draw));
        let end = ServerMessage::Event {
            game: GameId(7),
            version: 2,
            event: GameEvent::Ended {
                result: GameResult {
                    winner: None,
                    reason: ResultReason::Agreement,
                },
                clocks: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, end);
        let m = app.current().expect("game");
        assert_eq!(m.status(), "Draw: agreed");
        app.tick(0.1);
        assert_eq!(app.screen(), Screen::GameOver);
    }

    #[test]
    fn a_watcher_hears_of_offers_but_has_none_to_answer() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], Vec::new(), 0),
        );
        for (version, event) in [
            (1, GameEvent::DrawOffered { by: Side::First }),
            (2, GameEvent::TakebackRequested { by: Side::Second }),
        ] {
            let msg = ServerMessage::Event {
                game: GameId(7),
                version,
                event,
            };
            deliver(&mut link, &mut app, &mut config, msg);
            assert_eq!(app.offer(), None, "no Accept or Decline for a watcher");
        }
        assert!(
            app.notice()
                .is_none_or(|n| !n.text.english().contains("Your opponent")),
            "a watcher has no opponent"
        );
    }

    #[test]
    fn seat_ratings_reach_the_game_view_and_the_live_games_list() {
        let (mut link, mut app, mut config) = greeted();
        let mut snap = snapshot(7, &["c3"], vec![Side::First], 1);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.summary.seats[0].rating = Some(1523);
            s.summary.seats[1].engine = Some(Engine::Level { level: 5 });
            s.summary.seats[1].rating = Some(1789);
        }
        deliver(&mut link, &mut app, &mut config, snap);
        let m = app.current().expect("game");
        assert_eq!(m.ratings, [Some(1523), Some(1789)]);
        assert_eq!(
            m.names.each_ref().map(Phrase::english),
            ["asha".to_owned(), "AI level 5".to_owned()],
            "names stay bare"
        );
        let mut rated = summary(9, GameKind::Jungle);
        rated.seats[1].rating = Some(1612);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::GameStarted(rated)),
        );
        let g = app.live().iter().find(|g| g.id == 9).expect("listed");
        assert_eq!(g.ratings, [None, Some(1612)]);
        assert_eq!(g.players, ["asha".to_owned(), "bo".to_owned()]);
    }

    #[test]
    fn no_draw_is_offered_to_the_ai_and_a_takeback_is_reported() {
        let (mut link, mut app, mut config) = greeted();
        let mut snap = snapshot(7, &["c3", "a1-b1"], vec![Side::First], 2);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.summary.seats[1].engine = Some(Engine::Level { level: 3 });
        }
        deliver(&mut link, &mut app, &mut config, snap);
        let m = app.current().expect("game");
        assert_eq!(m.ai, [false, true]);
        assert!(!m.can_offer_draw(), "the AI takes no draw offers");
        let back = ServerMessage::Event {
            game: GameId(7),
            version: 3,
            event: GameEvent::TakenBack {
                plies: 2,
                ply: 0,
                clocks: None,
                turn: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, back);
        assert_eq!(app.current().map(|m| m.moves.len()), Some(0));
        assert_eq!(
            app.notice().map(|n| n.text.english()).as_deref(),
            Some("2 moves were taken back.")
        );
    }

    #[test]
    fn after_a_reconnection_a_finished_game_is_not_watched_again() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &["c3"], Vec::new(), 1),
        );
        let end = ServerMessage::Event {
            game: GameId(7),
            version: 2,
            event: GameEvent::Ended {
                result: GameResult {
                    winner: Some(Side::Second),
                    reason: ResultReason::Resignation,
                },
                clocks: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, end);
        link.disconnected();
        link.connected("asha", None);
        let out = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
        assert!(
            out.iter()
                .all(|m| !matches!(m.request, Request::Watch { .. } | Request::Rejoin { .. })),
            "{out:?}"
        );
    }

    #[test]
    fn a_refused_move_is_explained_and_the_board_unlocks() {
        let (mut link, mut app, mut config) = greeted();
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &[], vec![Side::First], 0),
        );
        let out = app.handle(crate::app::Action::Cell("c3".into()));
        let sent = wish(&mut link, &mut app, out[0].clone());
        let err = ServerMessage::Error {
            id: Some(sent[0].id),
            error: ErrorReply::new(ErrorCode::NotYourTurn, "not your turn"),
        };
        deliver(&mut link, &mut app, &mut config, err);
        assert!(app.current().is_some_and(|m| m.pending.is_none()));
        let text = app.notice().map(|n| n.text.english()).unwrap_or_default();
        assert!(
            text.contains("not your turn") || text.contains("other side"),
            "{text:?}"
        );
    }

    #[test]
    fn the_lobby_lists_follow_the_server() {
        let (mut link, mut app, mut config) = greeted();
        let seek = SeekInfo {
            seek: SeekId(12),
            by: PlayerInfo {
                id: PlayerId(4),
                name: "bo".into(),
            },
            kind: GameKind::Kalah,
            rules: vec![RulePair::new("pits", "4")],
            clock: Some(ClockSpec {
                initial_ms: 300_000,
                increment_ms: 5_000,
            }),
            side: SideChoice::Random,
            rated: false,
            rating: Some(1500),
        };
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::SeekAdded(seek)),
        );
        assert_eq!(app.seeks().len(), 1);
        assert_eq!(app.seeks()[0].who, "bo (1500)");
        assert_eq!(
            app.seeks()[0]
                .clock
                .as_ref()
                .map(Phrase::english)
                .as_deref(),
            Some("5 min + 5 s")
        );
        assert!(!app.seeks()[0].mine, "made by bo, not by asha");
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::GameStarted(summary(9, GameKind::Jungle))),
        );
        assert_eq!(app.live().len(), 1);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::SeekRemoved { seek: SeekId(12) }),
        );
        assert!(app.seeks().is_empty());
    }

    #[test]
    fn finished_games_are_listed_and_replayed_from_their_record() {
        let (mut link, mut app, mut config) = greeted();
        let mut finished = summary(30, GameKind::BaghChal);
        finished.status = GameStatus::Finished;
        finished.plies = 2;
        finished.result = Some(GameResult {
            winner: Some(Side::Second),
            reason: ResultReason::Resignation,
        });
        // The greeting asked for the finished games (request id 3: hello, lobby, finished).
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: 3,
                reply: Reply::Games {
                    games: vec![finished.clone()],
                },
            },
        );
        assert_eq!(app.finished().len(), 1);
        assert_eq!(app.finished()[0].result, "bo won");
        assert!(app.live().is_empty(), "not taken for live games");
        let out = app.handle(crate::app::Action::ReplayGame(30));
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            sent[0].request,
            Request::GetRecord { game: GameId(30) }
        ));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Record {
                    summary: Box::new(finished),
                    moves: vec!["c3".into(), "a1-b2".into()],
                    text: String::new(),
                },
            },
        );
        assert_eq!(app.screen(), Screen::Replay);
        assert_eq!(app.replay().map(|r| r.ply()), Some(2));
        assert_eq!(
            app.replay()
                .and_then(Replay::result_text)
                .map(|r| r.english())
                .as_deref(),
            Some("bo (Tigers) wins: Goats resigned"),
            "the result, which the board does not show"
        );
        app.handle(crate::app::Action::Back);
        assert_eq!(app.screen(), Screen::Lobby);
    }

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
                    seeks: Vec::new(),
                    games: vec![mine, theirs],
                },
            },
        );
        assert_eq!(
            app.live().iter().map(|g| g.mine).collect::<Vec<_>>(),
            [true, false]
        );
        let out = app.handle(crate::app::Action::Watch(50));
        assert_eq!(out, [Outgoing::Resume(50)]);
        let resume = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            resume[0].request,
            Request::Rejoin {
                game: GameId(50),
                since: None
            }
        ));
        let out = app.handle(crate::app::Action::Watch(51));
        assert_eq!(out, [Outgoing::Watch(51)]);
        let watch = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            watch[0].request,
            Request::Watch { game: GameId(51) }
        ));
    }

    #[test]
    fn a_new_games_events_wait_for_its_snapshot() {
        let (mut link, mut app, mut config) = greeted();
        // An old finished game is still on the screen.
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(7, &["c3"], vec![Side::First], 1),
        );
        let out = app.handle(crate::app::Action::ToLobby);
        for o in out {
            wish(&mut link, &mut app, o);
        }
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: 99,
                reply: Reply::Created {
                    game: Some(GameId(8)),
                    seek: None,
                    invite_code: None,
                },
            },
        );
        let early = ServerMessage::Event {
            game: GameId(8),
            version: 1,
            event: GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".into(),
                clocks: None,
                turn: None,
            },
        };
        deliver(&mut link, &mut app, &mut config, early);
        assert!(
            app.current().is_none(),
            "nothing played on a board not yet shown"
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            snapshot(8, &["c3"], vec![Side::First, Side::Second], 1),
        );
        assert_eq!(app.current().map(|m| m.moves.len()), Some(1));
    }

    #[test]
    fn nothing_is_sent_before_the_greeting() {
        let mut link = Link::new();
        let mut app = App::new(false);
        assert!(wish(&mut link, &mut app, Outgoing::JoinByCode("AB".into())).is_empty());
        assert!(app.notice().is_some());
    }

    #[test]
    fn hints_carry_the_evaluation_and_chances() {
        let h = hint(
            "c3".into(),
            Some(&SearchLine {
                depth: 6,
                score: Score::Cp(0),
                nodes: 1,
                pv: vec!["c3".into()],
            }),
        );
        assert_eq!(
            h.eval.as_ref().map(Phrase::english).as_deref(),
            Some("+0.00")
        );
        assert_eq!(h.chances, Some(0.5));
        let won = hint(
            "3".into(),
            Some(&SearchLine {
                depth: 6,
                score: Score::Win(5),
                nodes: 1,
                pv: Vec::new(),
            }),
        );
        assert_eq!(won.chances, Some(1.0));
    }

    /// A review of the two moves of game 30 (`c3`, `a1-b2`).
    fn review_of_30() -> chaupal_rules::review::GameReview {
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
    fn replay_of_30(link: &mut Link, app: &mut App, config: &mut Config) {
        let mut finished = summary(30, GameKind::BaghChal);
        finished.status = GameStatus::Finished;
        let out = app.handle(crate::app::Action::ReplayGame(30));
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
                },
            },
        );
        assert_eq!(app.replay().and_then(|r| r.game), Some(30));
    }

    #[test]
    fn a_review_is_asked_of_the_replayed_game_its_progress_and_refusal_shown() {
        use crate::review::ReviewState;
        let (mut link, mut app, mut config) = greeted();
        replay_of_30(&mut link, &mut app, &mut config);
        let state = |app: &App| app.replay().and_then(|r| r.review.clone());
        // Asked, and refused: the reason shows where the review would be.
        let out = app.handle(crate::app::Action::Review);
        let sent = wish(&mut link, &mut app, out[0].clone());
        assert!(matches!(
            sent[0].request,
            Request::Review { game: GameId(30) }
        ));
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Error {
                id: Some(sent[0].id),
                error: ErrorReply::new(ErrorCode::TooManyReviews, "too many"),
            },
        );
        assert!(
            matches!(state(&app), Some(ReviewState::Failed(t)) if t.english().starts_with("The review: The server is busy")),
            "{:?}",
            state(&app)
        );
        // Asked again: the progress, then the review.
        let out = app.handle(crate::app::Action::Review);
        let sent = wish(&mut link, &mut app, out[0].clone());
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::ReviewProgress {
                game: GameId(30),
                analysed: 1,
                total: 3,
            },
        );
        assert_eq!(
            state(&app)
                .and_then(|s| s.progress_text())
                .map(|p| p.english())
                .as_deref(),
            Some("Analysing 1 of 3 positions")
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Review(Box::new(review_of_30())),
            },
        );
        assert_eq!(
            app.replay().and_then(Replay::ready_review),
            Some(&review_of_30())
        );
    }

    #[test]
    fn play_from_here_creates_an_unrated_ai_game_from_the_position() {
        let (mut link, mut app, mut config) = greeted();
        replay_of_30(&mut link, &mut app, &mut config);
        let _ = app.handle(crate::app::Action::ReplayJump(1));
        let position = app.replay().map(|r| r.game().position_text());
        let out = app.handle(crate::app::Action::PlayFromHere);
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
}
