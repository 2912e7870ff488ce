//! What the frames mean: the client's side of the Chaupal protocol. [`Link`] turns the app's
//! [`Outgoing`] wishes into requests, and the server's messages into changes of the [`App`]:
//! the greeting with the remembered token, the lobby lists, games from snapshots and numbered
//! events (asking to rejoin on a gap or after a reconnection), offers, hints, presence, and
//! every error in words. It holds no socket, so all of it is tested with plain values.

use std::collections::HashMap;

use chaupal_shared::protocol::{
    Action as Act, AnalysisRequest, ClientMessage, Clocks, Engine, ErrorCode, ErrorReply,
    GameEvent, GameId, GameResult, GameSetup, GameSnapshot, GameStatus, GameSummary, LobbyEvent,
    Opponent, PROTOCOL_VERSION, Reply, Request, ResultReason, RulePair, Score, SearchLine, SeekId,
    SeekInfo, ServerMessage, SideChoice, Version,
};
use chaupal_shared::{AnyGame, Side};

use super::wording;
use crate::app::{
    App, EnginePick, FinishedEntry, LiveEntry, Offer, OpponentPick, Outgoing, Screen, SeekEntry,
    SidePick, Tone, clock_words,
};
use crate::config::Config;
use crate::play::{ClockState, Hint, Match, Seats, capitalise};

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
    Other,
}

/// The client's protocol state.
#[derive(Debug, Default)]
pub struct Link {
    next_id: u64,
    asked: HashMap<u64, Asked>,
    /// Whether the server has welcomed this connection.
    greeted: bool,
    /// The game on the screen, and the version of its last event seen.
    game: Option<(GameId, Version)>,
    /// Whether the game on the screen is only watched.
    watching: bool,
    /// Whether the board shows the game the link follows (a snapshot of it has arrived).
    synced: bool,
    /// Live games the server says this player has.
    live_games: Vec<GameId>,
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

    /// The requests for what the app wants (nothing before the greeting).
    pub fn outgoing(&mut self, out: Outgoing, app: &mut App) -> Vec<ClientMessage> {
        if !self.greeted {
            if !matches!(out, Outgoing::RetryNow) {
                app.tell(
                    "Not connected to the server right now: that has to wait until the \
                     connection is back.",
                    Tone::Problem,
                );
                if let Some(m) = &mut app.current {
                    m.pending = None;
                }
            }
            return Vec::new();
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
        match out {
            Outgoing::NewGame {
                kind,
                rules,
                side,
                opponent,
                clock,
                rated,
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
                };
                vec![self.message(Request::CreateGame(setup), Asked::Create)]
            }
            Outgoing::JoinByCode(code) => {
                vec![self.message(Request::JoinByCode { code }, Asked::Join)]
            }
            Outgoing::CancelSeek(id) => {
                vec![self.message(
                    Request::CancelSeek { seek: SeekId(id) },
                    Asked::Action("cancel the seek"),
                )]
            }
            Outgoing::AcceptSeek(id) => {
                vec![self.message(Request::AcceptSeek { seek: SeekId(id) }, Asked::Accept)]
            }
            Outgoing::Record(id) => {
                vec![self.message(Request::GetRecord { game: GameId(id) }, Asked::Record)]
            }
            Outgoing::Watch(id) => {
                let game = GameId(id);
                let mine = app.live.iter().any(|g| g.id == id && g.mine);
                if mine {
                    vec![self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game))]
                } else {
                    vec![self.message(Request::Watch { game }, Asked::Watch(game))]
                }
            }
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
            Outgoing::Resign => act(self, Act::Resign, "resign"),
            Outgoing::OfferDraw => act(self, Act::OfferDraw, "offer a draw"),
            Outgoing::AcceptDraw => act(self, Act::AcceptDraw, "accept the draw"),
            Outgoing::DeclineDraw => act(self, Act::DeclineDraw, "decline"),
            Outgoing::Takeback => act(self, Act::RequestTakeback, "ask for a takeback"),
            Outgoing::AcceptTakeback => act(self, Act::AcceptTakeback, "accept the takeback"),
            Outgoing::DeclineTakeback => act(self, Act::DeclineTakeback, "decline"),
            Outgoing::AcceptRematch => act(self, Act::AcceptRematch, "accept the rematch"),
            Outgoing::DeclineRematch => act(self, Act::DeclineRematch, "decline"),
            Outgoing::Rematch => {
                let offered = app.offer == Some(Offer::Rematch);
                if offered {
                    app.offer = None;
                    act(self, Act::AcceptRematch, "accept the rematch")
                } else {
                    act(self, Act::OfferRematch, "offer a rematch")
                }
            }
            Outgoing::Analyse { kind, rules, moves } => {
                let request = AnalysisRequest {
                    game: kind,
                    rules: rules
                        .into_iter()
                        .map(|(k, v)| RulePair::new(k, v))
                        .collect(),
                    position: None,
                    moves,
                    engine: engine(&app.lobby.engine_pick()),
                };
                vec![self.message(Request::Analyse(request), Asked::Analyse)]
            }
            Outgoing::Hint => match game {
                Some(game) => vec![self.message(Request::Hint { game }, Asked::Hint)],
                None => Vec::new(),
            },
            Outgoing::Leave => {
                let out = match (game, self.watching) {
                    (Some(game), true) => {
                        vec![self.message(Request::Unwatch { game }, Asked::Other)]
                    }
                    _ => Vec::new(),
                };
                self.game = None;
                self.watching = false;
                let mut out = out;
                out.push(self.finished_games());
                out
            }
            Outgoing::RetryNow => Vec::new(),
        }
    }

    /// Handles one message from the server; returns the requests it calls for.
    pub fn receive(
        &mut self,
        msg: ServerMessage,
        app: &mut App,
        config: &mut Config,
        server: &str,
    ) -> Vec<ClientMessage> {
        match msg {
            ServerMessage::Reply { id, reply } => {
                let asked = self.asked.remove(&id).unwrap_or(Asked::Other);
                self.reply(asked, reply, app, config, server)
            }
            ServerMessage::Error { id, error } => {
                let asked = id
                    .and_then(|id| self.asked.remove(&id))
                    .unwrap_or(Asked::Other);
                self.error(&asked, &error, app, config, server);
                Vec::new()
            }
            ServerMessage::Event {
                game,
                version,
                event,
            } => self.event(game, version, event, app),
            ServerMessage::Snapshot(snapshot) => {
                self.snapshot(*snapshot, app);
                Vec::new()
            }
            ServerMessage::Presence {
                game,
                seats,
                watchers,
            } => {
                if self.game() == Some(game) {
                    app.watchers = watchers;
                    if let Some(me) = app.my_side() {
                        let them = seats[me.opponent().index()];
                        if !them.connected {
                            let when = them
                                .claim_in_ms
                                .map(|ms| {
                                    format!(
                                        " If they stay away, you may claim the win in {} s.",
                                        ms.div_ceil(1000)
                                    )
                                })
                                .unwrap_or_default();
                            app.tell(
                                format!("Your opponent lost the connection.{when}"),
                                Tone::News,
                            );
                        }
                    }
                }
                Vec::new()
            }
            ServerMessage::Lobby(event) => {
                lobby_event(event, app);
                Vec::new()
            }
        }
    }

    fn reply(
        &mut self,
        asked: Asked,
        reply: Reply,
        app: &mut App,
        config: &mut Config,
        server: &str,
    ) -> Vec<ClientMessage> {
        let mut out = Vec::new();
        match reply {
            Reply::Welcome(w) => {
                self.greeted = true;
                config.set_token(server, &w.token);
                config.name = Some(w.player.name.clone());
                app.me = Some(w.player.id.0);
                app.connected(&w.player.name);
                self.live_games = w.live_games.clone();
                out.push(self.message(Request::SubscribeLobby, Asked::Subscribe));
                out.push(self.finished_games());
                // Sit back down at the game on the screen (unless it is over), or at a live
                // game of this player.
                let over = app.current.as_ref().is_some_and(Match::finished);
                let resume = match self.game.filter(|_| !over) {
                    Some((game, version)) if !self.watching => Some((game, Some(version))),
                    Some((game, _)) => {
                        out.push(self.message(Request::Watch { game }, Asked::Watch(game)));
                        None
                    }
                    None => w.live_games.first().map(|&g| (g, None)),
                };
                if let Some((game, since)) = resume {
                    out.push(self.message(Request::Rejoin { game, since }, Asked::Rejoin(game)));
                }
            }
            Reply::Created {
                game,
                invite_code,
                seek,
            } => {
                if let Some(code) = invite_code {
                    app.tell(
                        format!(
                            "Your private game is ready. Give your friend the invite code {code}: \
                             the game starts when they join."
                        ),
                        Tone::News,
                    );
                    app.lobby.my_code = Some(code);
                } else if game.is_none() && seek.is_some() {
                    app.tell(
                        "Your seek is open: the game starts when someone accepts.",
                        Tone::News,
                    );
                }
                if let Some(game) = game
                    && self.game() != Some(game)
                {
                    self.game = Some((game, 0));
                    self.synced = false;
                    self.watching = false;
                    out.push(
                        self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game)),
                    );
                }
            }
            Reply::Lobby { seeks, games } => set_lobby(app, seeks, games),
            Reply::Seeks { seeks } => {
                let me = app.me;
                app.seeks = seeks.into_iter().map(|s| seek_entry(s, me)).collect();
            }
            Reply::Games { games } if asked == Asked::Finished => {
                app.finished = games.iter().map(finished_entry).collect();
            }
            Reply::Games { games } => {
                let me = app.me;
                app.live = games.iter().filter_map(|g| live_entry(g, me)).collect();
            }
            Reply::Record { summary, moves, .. } => {
                let pairs: Vec<(String, String)> = summary
                    .rules
                    .iter()
                    .map(|p| (p.key.clone(), p.value.clone()))
                    .collect();
                match AnyGame::start(summary.kind, pairs) {
                    Ok(start) => {
                        let names = [0, 1].map(|i| summary.seats[i].name.clone());
                        let result = summary.result.map(|r| result_text(summary.kind, r, &names));
                        app.open_record(start, &moves, names, result);
                    }
                    Err(e) => app.tell(format!("This game cannot be replayed: {e}"), Tone::Problem),
                }
            }
            Reply::Analysis { best_move, line } => match best_move {
                Some(text) => {
                    let h = hint(text, line.as_ref());
                    match (&asked, app.screen, &mut app.replay, &mut app.current) {
                        (Asked::Analyse, Screen::Replay, Some(r), _) => r.hint = Some(h),
                        (_, _, _, Some(m)) => m.hint = Some(h),
                        _ => {}
                    }
                }
                None => app.tell("The engine has no move to suggest here.", Tone::News),
            },
            Reply::Ok => {
                if asked == Asked::Move
                    && let Some(m) = &mut app.current
                {
                    m.pending = None;
                }
            }
            Reply::Pong { .. } | Reply::Imported { .. } | Reply::Ratings { .. } => {}
        }
        out
    }

    fn error(
        &mut self,
        asked: &Asked,
        error: &ErrorReply,
        app: &mut App,
        config: &mut Config,
        server: &str,
    ) {
        if error.code == ErrorCode::UnknownToken {
            config.forget_token(server);
        }
        if matches!(asked, Asked::Move)
            || matches!(
                error.code,
                ErrorCode::IllegalMove | ErrorCode::NotYourTurn | ErrorCode::GameOver
            )
        {
            if let Some(m) = &mut app.current {
                m.pending = None;
                m.selection.clear();
            }
        }
        if let Asked::Rejoin(game) | Asked::Watch(game) = asked
            && self.game() == Some(*game)
            && error.code == ErrorCode::NoSuchGame
        {
            self.game = None;
        }
        let what = match asked {
            Asked::Hello => "Connecting",
            Asked::Create => "Starting the game",
            Asked::Join => "Joining the game",
            Asked::Accept => "Accepting the seek",
            Asked::Watch(_) => "Watching the game",
            Asked::Rejoin(_) => "Going back to your game",
            Asked::Subscribe => "Opening the lobby",
            Asked::Move => "Your move",
            Asked::Action(what) => what,
            Asked::Hint => "The hint",
            Asked::Analyse => "The analysis",
            Asked::Finished => "Listing your games",
            Asked::Record => "Loading the game",
            Asked::Other => "",
        };
        app.tell(
            wording::server_error(&capitalise(what), error),
            Tone::Problem,
        );
    }

    fn event(
        &mut self,
        game: GameId,
        version: Version,
        event: GameEvent,
        app: &mut App,
    ) -> Vec<ClientMessage> {
        let Some((current, seen)) = self.game else {
            return Vec::new();
        };
        if game != current || version <= seen || !self.synced {
            // Not this game, already seen, or its snapshot (asked for) is still to come.
            return Vec::new();
        }
        if version != seen + 1 {
            // A gap: ask for what was missed.
            return vec![self.message(
                Request::Rejoin {
                    game,
                    since: Some(seen),
                },
                Asked::Rejoin(game),
            )];
        }
        self.game = Some((game, version));
        let my_side = app.my_side();
        // Offers are for the other player to answer: a watcher only hears of them.
        let theirs = |by: Side| my_side.is_some_and(|me| me != by);
        let Some(m) = app.current.as_mut() else {
            return Vec::new();
        };
        let kind = m.kind();
        match event {
            GameEvent::Moved {
                notation, clocks, ..
            } => {
                if let Err(e) = m.apply(&notation) {
                    // The board here went out of step with the server's: start over from a
                    // snapshot.
                    app.tell(format!("Resynchronising the game ({e})."), Tone::News);
                    return vec![
                        self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game)),
                    ];
                }
                set_clocks(m, clocks);
                if app.offer == Some(Offer::Draw) {
                    app.offer = None;
                }
            }
            GameEvent::DrawOffered { by } => {
                let who = capitalise(kind.side_name(by));
                if theirs(by) {
                    app.offer = Some(Offer::Draw);
                    app.tell(format!("{who} offer a draw."), Tone::News);
                } else if my_side.is_none() {
                    app.tell(format!("{who} offer a draw."), Tone::News);
                }
            }
            GameEvent::DrawDeclined { by } => {
                app.offer = None;
                if theirs(by) {
                    app.tell("Your draw offer was declined.", Tone::News);
                }
            }
            GameEvent::TakebackRequested { by } => {
                if theirs(by) {
                    app.offer = Some(Offer::Takeback);
                    app.tell(
                        "Your opponent asks to take back their last move.",
                        Tone::News,
                    );
                }
            }
            GameEvent::TakebackDeclined { by } => {
                app.offer = None;
                if theirs(by) {
                    app.tell("Your takeback request was declined.", Tone::News);
                }
            }
            GameEvent::TakenBack { plies, clocks, .. } => {
                app.offer = None;
                let seated = my_side.is_some() || m.seats == Seats::Both;
                if let Err(e) = m.take_back(plies as usize) {
                    app.tell(format!("Resynchronising the game ({e})."), Tone::News);
                    return vec![
                        self.message(Request::Rejoin { game, since: None }, Asked::Rejoin(game)),
                    ];
                }
                set_clocks(m, clocks);
                if app.screen == Screen::GameOver {
                    app.screen = Screen::Game;
                }
                if seated {
                    app.tell(
                        match plies {
                            1 => "One move was taken back.".to_owned(),
                            n => format!("{n} moves were taken back."),
                        },
                        Tone::News,
                    );
                }
            }
            GameEvent::RematchOffered { by } => {
                if theirs(by) {
                    app.offer = Some(Offer::Rematch);
                    app.tell("Your opponent offers a rematch.", Tone::News);
                }
            }
            GameEvent::RematchDeclined { by } => {
                app.offer = None;
                if theirs(by) {
                    app.tell("The rematch was declined.", Tone::News);
                }
            }
            GameEvent::RematchStarted { game: next } => {
                // The new game's snapshot follows.
                app.offer = None;
                self.game = Some((next, 0));
                self.synced = false;
            }
            GameEvent::Ended { result, clocks } => {
                app.offer = None;
                set_clocks(m, clocks);
                m.ended = Some(result_text(kind, result, &m.names));
                m.pending = None;
            }
        }
        Vec::new()
    }

    /// Shows a game from a snapshot (watching, rejoining, a game that just started).
    fn snapshot(&mut self, s: GameSnapshot, app: &mut App) {
        let summary = &s.summary;
        let game_id = summary.game;
        let ours = !s.your_seats.is_empty();
        // A snapshot of another game than the one on the screen is taken only when it is a
        // game of ours that just started (or the screen has no game).
        if let Some(current) = self.game()
            && current != game_id
            && !ours
        {
            return;
        }
        let pairs: Vec<(String, String)> = summary
            .rules
            .iter()
            .map(|p| (p.key.clone(), p.value.clone()))
            .collect();
        let start = match &s.start_position {
            Some(text) => AnyGame::from_position_text(summary.kind, text, pairs.clone())
                .map_err(|e| e.to_string()),
            None => AnyGame::start(summary.kind, pairs.clone()).map_err(|e| e.to_string()),
        };
        let start = match start {
            Ok(g) => g,
            Err(e) => {
                app.tell(format!("This game cannot be shown: {e}"), Tone::Problem);
                return;
            }
        };
        let seats = match s.your_seats.as_slice() {
            [] => Seats::Watching,
            [one] => Seats::One(*one),
            _ => Seats::Both,
        };
        let mut m = Match::new(start, seats, true);
        for mv in &s.moves {
            if let Err(e) = m.apply(mv) {
                app.tell(format!("This game cannot be shown: {e}"), Tone::Problem);
                return;
            }
        }
        m.sowing = None;
        m.slide = None;
        m.names = [0, 1].map(|i| summary.seats[i].name.clone());
        m.ai = [0, 1].map(|i| summary.seats[i].engine.is_some());
        m.ratings = [0, 1].map(|i| summary.seats[i].rating);
        set_clocks(&mut m, s.clocks);
        if summary.status == GameStatus::Finished
            && let Some(result) = summary.result
        {
            m.ended = Some(result_text(summary.kind, result, &m.names));
        }
        app.offer = None;
        if let Some(me) = app.my_side_in(&m) {
            let theirs = |offer: Option<Side>| offer.is_some_and(|by| by != me);
            if theirs(s.draw_offer) {
                app.offer = Some(Offer::Draw);
            } else if theirs(s.takeback_request) {
                app.offer = Some(Offer::Takeback);
            } else if theirs(s.rematch_offer) {
                app.offer = Some(Offer::Rematch);
            }
        }
        self.game = Some((game_id, s.version));
        self.synced = true;
        self.watching = !ours;
        app.watchers = summary.watchers;
        app.current = Some(m);
        if app.lobby.my_code.take().is_some()
            && app.notice.as_ref().is_some_and(|n| n.tone == Tone::News)
        {
            // The invitation was taken up: what it said is done.
            app.notice = None;
        }
        if matches!(
            app.screen,
            Screen::Lobby | Screen::Connection | Screen::Game | Screen::GameOver
        ) {
            app.screen = Screen::Game;
        }
    }
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
            Some(format!("{:+.2}", f64::from(cp) / 100.0)),
            // A logistic curve: 0 = even, +-4 units about 90 / 10 per cent.
            Some((1.0 / (1.0 + (-f64::from(cp) / 180.0).exp())) as f32),
        ),
        Some(Score::Win(plies)) => (Some(format!("wins in {plies} plies")), Some(1.0)),
        Some(Score::Loss(plies)) => (Some(format!("loses in {plies} plies")), Some(0.0)),
        Some(Score::Margin(m)) => (
            Some(format!("{m:+} seeds with best play")),
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

/// The result of a game in words.
fn result_text(kind: chaupal_shared::GameKind, result: GameResult, names: &[String; 2]) -> String {
    let who = |side: Side| {
        let name = &names[side.index()];
        let side_name = kind.side_name(side);
        if name.eq_ignore_ascii_case(side_name) {
            capitalise(side_name)
        } else {
            format!("{name} ({side_name})")
        }
    };
    let why = match result.reason {
        ResultReason::Rules(reason) => reason.describe().to_owned(),
        ResultReason::Resignation => match result.winner {
            Some(w) => format!("{} resigned", kind.side_name(w.opponent())),
            None => "resignation".to_owned(),
        },
        ResultReason::Timeout => "time ran out".to_owned(),
        ResultReason::Agreement => "agreed".to_owned(),
        ResultReason::Abandoned => "the other player left the game".to_owned(),
        ResultReason::Aborted => "the game was called off".to_owned(),
    };
    match (result.winner, result.reason) {
        (_, ResultReason::Aborted) => format!("Aborted: {why}"),
        (Some(w), _) => {
            let verb = if names[w.index()].eq_ignore_ascii_case(kind.side_name(w)) {
                "win"
            } else {
                "wins"
            };
            format!("{} {verb}: {why}", who(w))
        }
        (None, _) => format!("Draw: {why}"),
    }
}

/// Takes the server's clocks.
fn set_clocks(m: &mut Match, clocks: Option<Clocks>) {
    if let Some(c) = clocks {
        m.clocks = Some(ClockState {
            left_ms: [c.first_ms as f64, c.second_ms as f64],
            running: c.running,
        });
    }
}

/// A seek as the lobby lists it (`me`: this player's id, to tell its own seeks).
fn seek_entry(s: SeekInfo, me: Option<u64>) -> SeekEntry {
    SeekEntry {
        id: s.seek.0,
        kind: s.kind,
        rules: s.rules.into_iter().map(|p| (p.key, p.value)).collect(),
        mine: me == Some(s.by.id.0),
        who: match s.rating {
            Some(r) => format!("{} ({r})", s.by.name),
            None => s.by.name,
        },
        clock: s.clock.as_ref().map(clock_words),
        rated: s.rated,
    }
}

/// A finished game as the lobby lists it.
fn finished_entry(g: &GameSummary) -> FinishedEntry {
    FinishedEntry {
        id: g.game.0,
        kind: g.kind,
        players: [0, 1].map(|i| g.seats[i].name.clone()),
        result: match g.result {
            Some(r) if r.reason == ResultReason::Aborted => "aborted".to_owned(),
            Some(r) => match r.winner {
                Some(w) => format!("{} won", g.seats[w.index()].name),
                None => "draw".to_owned(),
            },
            None => "unfinished".to_owned(),
        },
        moves: g.plies,
    }
}

/// A live game as the lobby lists it (finished ones are left out).
fn live_entry(g: &GameSummary, me: Option<u64>) -> Option<LiveEntry> {
    (g.status == GameStatus::Live).then(|| LiveEntry {
        mine: g
            .seats
            .iter()
            .any(|s| s.player.as_ref().map(|p| p.id.0) == me && me.is_some()),
        id: g.game.0,
        kind: g.kind,
        players: [0, 1].map(|i| g.seats[i].name.clone()),
        ratings: [0, 1].map(|i| g.seats[i].rating),
        moves: g.plies,
        watchers: g.watchers,
        exhibition: g.seats.iter().all(|s| s.engine.is_some()),
    })
}

fn set_lobby(app: &mut App, seeks: Vec<SeekInfo>, games: Vec<GameSummary>) {
    let me = app.me;
    app.seeks = seeks.into_iter().map(|s| seek_entry(s, me)).collect();
    app.live = games.iter().filter_map(|g| live_entry(g, me)).collect();
}

fn lobby_event(event: LobbyEvent, app: &mut App) {
    match event {
        LobbyEvent::SeekAdded(s) => {
            let id = s.seek.0;
            app.seeks.retain(|e| e.id != id);
            app.seeks.push(seek_entry(s, app.me));
        }
        LobbyEvent::SeekRemoved { seek } => app.seeks.retain(|e| e.id != seek.0),
        LobbyEvent::GameStarted(g) => {
            if let Some(entry) = live_entry(&g, app.me) {
                app.live.retain(|e| e.id != entry.id);
                app.live.push(entry);
            }
        }
        LobbyEvent::GameEnded { game, .. } => app.live.retain(|e| e.id != game.0),
        LobbyEvent::Reset { seeks, games } => set_lobby(app, seeks, games),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_shared::GameKind;
    use chaupal_shared::protocol::{
        ClockSpec, LimitsInfo, PlayerId, PlayerInfo, SeatInfo, SeatPresence, Welcome,
    };

    const SERVER: &str = "ws://127.0.0.1:7878";

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
        let out = link.receive(welcome(Vec::new()), &mut app, &mut config, SERVER);
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
        let out = link.receive(welcome(vec![GameId(42)]), &mut app, &mut config, SERVER);
        assert_eq!(config.token(SERVER), Some("tok"));
        assert!(app.connection.online());
        assert_eq!(app.screen, Screen::Lobby);
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
        link.receive(err, &mut app, &mut config, SERVER);
        assert_eq!(config.token(SERVER), None);
        let notice = app.notice.expect("told");
        assert!(notice.text.contains("new player"), "{}", notice.text);
    }

    #[test]
    fn a_snapshot_opens_the_game_and_events_play_on() {
        let (mut link, mut app, mut config) = greeted();
        link.receive(
            snapshot(7, &["c3"], vec![Side::Second], 1),
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(app.screen, Screen::Game);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.seats, Seats::One(Side::Second));
        assert_eq!(m.names, ["asha".to_owned(), "bo".to_owned()]);
        assert_eq!(m.moves.len(), 1);
        // Our move is sent, not played.
        let out = app.handle(crate::app::Action::Cell("a1".into()));
        assert!(out.is_empty());
        let out = app.handle(crate::app::Action::Cell("b2".into()));
        assert_eq!(out, [Outgoing::Move("a1-b2".into())]);
        let sent = link.outgoing(out[0].clone(), &mut app);
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
            },
        };
        link.receive(moved.clone(), &mut app, &mut config, SERVER);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.moves.len(), 2);
        assert!(m.pending.is_none());
        assert_eq!(
            m.clocks.map(|c| c.text(Side::Second)).as_deref(),
            Some("0:59")
        );
        // The same event again is ignored; a gap asks to rejoin.
        link.receive(moved, &mut app, &mut config, SERVER);
        assert_eq!(app.current.as_ref().map(|m| m.moves.len()), Some(2));
        let gap = ServerMessage::Event {
            game: GameId(7),
            version: 5,
            event: GameEvent::DrawOffered { by: Side::First },
        };
        let out = link.receive(gap, &mut app, &mut config, SERVER);
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
        link.receive(
            snapshot(7, &[], vec![Side::First], 0),
            &mut app,
            &mut config,
            SERVER,
        );
        let offer = ServerMessage::Event {
            game: GameId(7),
            version: 1,
            event: GameEvent::DrawOffered { by: Side::Second },
        };
        link.receive(offer, &mut app, &mut config, SERVER);
        assert_eq!(app.offer, Some(Offer::Draw));
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
        link.receive(end, &mut app, &mut config, SERVER);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.status(), "Draw: agreed");
        app.tick(0.1);
        assert_eq!(app.screen, Screen::GameOver);
    }

    #[test]
    fn a_watcher_hears_of_offers_but_has_none_to_answer() {
        let (mut link, mut app, mut config) = greeted();
        link.receive(
            snapshot(7, &[], Vec::new(), 0),
            &mut app,
            &mut config,
            SERVER,
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
            link.receive(msg, &mut app, &mut config, SERVER);
            assert_eq!(app.offer, None, "no Accept or Decline for a watcher");
        }
        assert!(
            app.notice.is_none_or(|n| !n.text.contains("Your opponent")),
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
        link.receive(snap, &mut app, &mut config, SERVER);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.ratings, [Some(1523), Some(1789)]);
        assert_eq!(
            m.names,
            ["asha".to_owned(), "bo".to_owned()],
            "names stay bare"
        );
        let mut rated = summary(9, GameKind::Jungle);
        rated.seats[1].rating = Some(1612);
        link.receive(
            ServerMessage::Lobby(LobbyEvent::GameStarted(rated)),
            &mut app,
            &mut config,
            SERVER,
        );
        let g = app.live.iter().find(|g| g.id == 9).expect("listed");
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
        link.receive(snap, &mut app, &mut config, SERVER);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.ai, [false, true]);
        assert!(!m.can_offer_draw(), "the AI takes no draw offers");
        let back = ServerMessage::Event {
            game: GameId(7),
            version: 3,
            event: GameEvent::TakenBack {
                plies: 2,
                ply: 0,
                clocks: None,
            },
        };
        link.receive(back, &mut app, &mut config, SERVER);
        assert_eq!(app.current.as_ref().map(|m| m.moves.len()), Some(0));
        assert_eq!(
            app.notice.map(|n| n.text).as_deref(),
            Some("2 moves were taken back.")
        );
    }

    #[test]
    fn after_a_reconnection_a_finished_game_is_not_watched_again() {
        let (mut link, mut app, mut config) = greeted();
        link.receive(
            snapshot(7, &["c3"], Vec::new(), 1),
            &mut app,
            &mut config,
            SERVER,
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
        link.receive(end, &mut app, &mut config, SERVER);
        link.disconnected();
        link.connected("asha", None);
        let out = link.receive(welcome(Vec::new()), &mut app, &mut config, SERVER);
        assert!(
            out.iter()
                .all(|m| !matches!(m.request, Request::Watch { .. } | Request::Rejoin { .. })),
            "{out:?}"
        );
    }

    #[test]
    fn a_refused_move_is_explained_and_the_board_unlocks() {
        let (mut link, mut app, mut config) = greeted();
        link.receive(
            snapshot(7, &[], vec![Side::First], 0),
            &mut app,
            &mut config,
            SERVER,
        );
        let out = app.handle(crate::app::Action::Cell("c3".into()));
        let sent = link.outgoing(out[0].clone(), &mut app);
        let err = ServerMessage::Error {
            id: Some(sent[0].id),
            error: ErrorReply::new(ErrorCode::NotYourTurn, "not your turn"),
        };
        link.receive(err, &mut app, &mut config, SERVER);
        assert!(app.current.as_ref().is_some_and(|m| m.pending.is_none()));
        let text = app.notice.map(|n| n.text).unwrap_or_default();
        assert!(
            text.contains("not your turn") || text.contains("other side"),
            "{text}"
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
        link.receive(
            ServerMessage::Lobby(LobbyEvent::SeekAdded(seek)),
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(app.seeks.len(), 1);
        assert_eq!(app.seeks[0].who, "bo (1500)");
        assert_eq!(app.seeks[0].clock.as_deref(), Some("5 min + 5 s"));
        assert!(!app.seeks[0].mine, "made by bo, not by asha");
        link.receive(
            ServerMessage::Lobby(LobbyEvent::GameStarted(summary(9, GameKind::Jungle))),
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(app.live.len(), 1);
        link.receive(
            ServerMessage::Lobby(LobbyEvent::SeekRemoved { seek: SeekId(12) }),
            &mut app,
            &mut config,
            SERVER,
        );
        assert!(app.seeks.is_empty());
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
        link.receive(
            ServerMessage::Reply {
                id: 3,
                reply: Reply::Games {
                    games: vec![finished.clone()],
                },
            },
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(app.finished.len(), 1);
        assert_eq!(app.finished[0].result, "bo won");
        assert!(app.live.is_empty(), "not taken for live games");
        let out = app.handle(crate::app::Action::ReplayGame(30));
        let sent = link.outgoing(out[0].clone(), &mut app);
        assert!(matches!(
            sent[0].request,
            Request::GetRecord { game: GameId(30) }
        ));
        link.receive(
            ServerMessage::Reply {
                id: sent[0].id,
                reply: Reply::Record {
                    summary: Box::new(finished),
                    moves: vec!["c3".into(), "a1-b2".into()],
                    text: String::new(),
                },
            },
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(app.screen, Screen::Replay);
        assert_eq!(app.replay.as_ref().map(|r| r.ply()), Some(2));
        assert_eq!(
            app.replay
                .as_ref()
                .and_then(|r| r.result.clone())
                .as_deref(),
            Some("bo (tigers) wins: goats resigned"),
            "the result, which the board does not show"
        );
        app.handle(crate::app::Action::Back);
        assert_eq!(app.screen, Screen::Lobby);
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
        link.receive(
            ServerMessage::Reply {
                id: 2,
                reply: Reply::Lobby {
                    seeks: Vec::new(),
                    games: vec![mine, theirs],
                },
            },
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(
            app.live.iter().map(|g| g.mine).collect::<Vec<_>>(),
            [true, false]
        );
        let resume = link.outgoing(Outgoing::Watch(50), &mut app);
        assert!(matches!(
            resume[0].request,
            Request::Rejoin {
                game: GameId(50),
                since: None
            }
        ));
        let watch = link.outgoing(Outgoing::Watch(51), &mut app);
        assert!(matches!(
            watch[0].request,
            Request::Watch { game: GameId(51) }
        ));
    }

    #[test]
    fn a_new_games_events_wait_for_its_snapshot() {
        let (mut link, mut app, mut config) = greeted();
        // An old finished game is still on the screen.
        link.receive(
            snapshot(7, &["c3"], vec![Side::First], 1),
            &mut app,
            &mut config,
            SERVER,
        );
        let out = app.handle(crate::app::Action::ToLobby);
        for o in out {
            link.outgoing(o, &mut app);
        }
        link.receive(
            ServerMessage::Reply {
                id: 99,
                reply: Reply::Created {
                    game: Some(GameId(8)),
                    seek: None,
                    invite_code: None,
                },
            },
            &mut app,
            &mut config,
            SERVER,
        );
        let early = ServerMessage::Event {
            game: GameId(8),
            version: 1,
            event: GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".into(),
                clocks: None,
            },
        };
        link.receive(early, &mut app, &mut config, SERVER);
        assert!(
            app.current.is_none(),
            "nothing played on a board not yet shown"
        );
        link.receive(
            snapshot(8, &["c3"], vec![Side::First, Side::Second], 1),
            &mut app,
            &mut config,
            SERVER,
        );
        assert_eq!(app.current.as_ref().map(|m| m.moves.len()), Some(1));
    }

    #[test]
    fn nothing_is_sent_before_the_greeting() {
        let mut link = Link::new();
        let mut app = App::new(false);
        assert!(
            link.outgoing(Outgoing::JoinByCode("AB".into()), &mut app)
                .is_empty()
        );
        assert!(app.notice.is_some());
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
        assert_eq!(h.eval.as_deref(), Some("+0.00"));
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
}
