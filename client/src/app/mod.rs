//! The client's state as a whole: which screen is up, the lobby's choices, the game on the
//! screen, the replay, the connection, and the notices shown to the player. The state changes
//! in three places only: [`App::handle`] takes the player's [`Action`]s, [`App::apply`] takes
//! the [`Event`]s from outside (the connection and the server), and [`App::tick`] moves time
//! on; the first two return what must be sent to the server ([`Outgoing`]). Its fields are
//! private, so nothing else can change it. Nothing here draws or touches the network, so all
//! of it is tested without a window.

mod event;
mod lobby;

pub use event::{Event, GameChange, LobbyChange, Opened, Record};

use lobby::cycle;
pub use lobby::{
    CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, EnginePick, FinishedEntry, LEVELS, LiveEntry, Lobby,
    MAX_DEPTH, PlayMode, SeekEntry, SidePick, clock_words, kind_index,
};

use chaupal_shared::protocol::{ClockSpec, GameResult, ResultReason};
use chaupal_shared::{AnyGame, GameKind, Side};

use crate::geometry::CellName;
use crate::play::{Ending, Match, Seats};
use crate::replay::Replay;
use crate::route::{self, Route};

/// The screens of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Connecting to the server, or why it failed, with a way to play offline.
    Connection,
    /// Choosing what to play or watch.
    Lobby,
    /// A game being played or watched.
    Game,
    /// A finished game: result, rematch, replay, back to the lobby.
    GameOver,
    /// Stepping through a finished game.
    Replay,
    /// The rules of one game, shown on its board.
    Rules(GameKind),
}

/// The connection to the server, as the player should see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Not connecting: offline play only.
    Offline,
    /// Trying to connect (attempt number, from 1).
    Connecting { attempt: u32 },
    /// Connected, under this name.
    Connected { name: String },
    /// The connection failed or dropped; trying again in a moment.
    Retrying {
        reason: String,
        attempt: u32,
        in_secs: u32,
    },
}

impl Connection {
    /// A short line for the top bar.
    pub fn describe(&self) -> String {
        match self {
            Connection::Offline => "Offline: games on this computer".to_owned(),
            Connection::Connecting { attempt: 1 } => "Connecting to the server...".to_owned(),
            Connection::Connecting { attempt } => {
                format!("Reconnecting to the server (try {attempt})...")
            }
            Connection::Connected { name } => format!("Online as {name}"),
            Connection::Retrying {
                reason, in_secs, ..
            } => format!("{reason} Trying again in {in_secs} s."),
        }
    }

    /// A few words for the top bar (the full reason is on the connection screen and in
    /// notices).
    pub fn short(&self) -> String {
        match self {
            Connection::Offline => "Offline".to_owned(),
            Connection::Connecting { attempt: 1 } => "Connecting...".to_owned(),
            Connection::Connecting { .. } => "Reconnecting...".to_owned(),
            Connection::Connected { name } => format!("Online as {name}"),
            Connection::Retrying { in_secs, .. } => {
                format!("Not connected: trying again in {in_secs} s")
            }
        }
    }

    /// Whether the server can be used now.
    pub fn online(&self) -> bool {
        matches!(self, Connection::Connected { .. })
    }
}

/// What a player can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    // Lobby.
    SelectGame(GameKind),
    CycleRule {
        index: usize,
        forward: bool,
    },
    SelectMode(PlayMode),
    SelectSide(SidePick),
    CycleLevel {
        forward: bool,
    },
    CycleEngine {
        forward: bool,
    },
    CycleDepth {
        forward: bool,
    },
    CycleMinutes {
        forward: bool,
    },
    CycleIncrement {
        forward: bool,
    },
    SetRated(bool),
    /// Withdraws this player's open seek.
    CancelSeek(u64),
    /// Starts a game of the computer against itself, to watch.
    StartExhibition,
    /// Starts the game chosen in the lobby.
    Start,
    /// Creates a private game with an invite code.
    CreatePrivate,
    /// Joins a friend's game by the code typed.
    JoinByCode,
    TypeCode(char),
    EraseCode,
    AcceptSeek(u64),
    Watch(u64),
    /// Replays a finished game from the server.
    ReplayGame(u64),
    ShowRules(GameKind),
    PlayOffline,
    RetryNow,
    // In a game.
    Cell(CellName),
    StopChain,
    Flip,
    Resign,
    OfferDraw,
    /// Accepts the opponent's offer (draw, takeback or rematch).
    AcceptOffer,
    /// Declines the opponent's offer.
    DeclineOffer,
    Takeback,
    Rematch,
    Hint,
    /// Asks the engine about the position on the screen (game or replay).
    Analyse,
    OpenReplay,
    /// Puts the result card aside to look at the final position.
    HideResult,
    ToLobby,
    DismissNotice,
    // Replay.
    ReplayStep(isize),
    ReplayJump(usize),
    ReplayAutoplay,
    /// Back from rules or replay to where the player came from.
    Back,
    /// Goes where a link or the command line says (join by code, watch, replay): at once when
    /// connected, else as soon as the server has greeted this client.
    Follow(Route),
    /// Puts the link to this player's private game (or its code) on the clipboard.
    CopyInvite,
}

/// What the app asks of the outside: of the server (the network layer turns these into
/// protocol requests), or of the platform ([`Outgoing::CopyText`], which the render loop does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    NewGame {
        kind: GameKind,
        rules: Vec<(String, String)>,
        side: SidePick,
        opponent: OpponentPick,
        clock: Option<ClockSpec>,
        rated: bool,
    },
    JoinByCode(String),
    CancelSeek(u64),
    AcceptSeek(u64),
    /// Watches someone else's live game.
    Watch(u64),
    /// Sits back down at one's own live game.
    Resume(u64),
    /// Fetches a game's record, to replay it.
    Record(u64),
    Move(String),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Takeback,
    AcceptTakeback,
    DeclineTakeback,
    OfferRematch,
    AcceptRematch,
    DeclineRematch,
    Hint,
    /// Asks `engine` about the position after `moves`.
    Analyse {
        kind: GameKind,
        rules: Vec<(String, String)>,
        moves: Vec<String>,
        engine: EnginePick,
    },
    Leave,
    RetryNow,
    /// Asks for the game on the screen whole again: the board here went out of step with the
    /// server's.
    Resync,
    /// Puts text on the clipboard (the platform's business, not the server's).
    CopyText(String),
}

/// Who the other seat is, for a new game on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentPick {
    /// Both seats for this player: two people at this computer.
    Local,
    Private,
    /// An open seek: anyone may accept.
    Open,
    Computer(EnginePick),
    /// The computer against itself.
    Exhibition(EnginePick),
}

/// An offer the opponent made, for this player to accept or decline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    Draw,
    Takeback,
    Rematch,
}

impl Offer {
    /// What is offered, as the game panel names it: "Your opponent offers a draw."
    pub fn noun(self) -> &'static str {
        match self {
            Offer::Draw => "draw",
            Offer::Takeback => "takeback",
            Offer::Rematch => "rematch",
        }
    }

    /// The request that accepts it.
    pub fn accept(self) -> Outgoing {
        match self {
            Offer::Draw => Outgoing::AcceptDraw,
            Offer::Takeback => Outgoing::AcceptTakeback,
            Offer::Rematch => Outgoing::AcceptRematch,
        }
    }

    /// The request that declines it.
    pub fn decline(self) -> Outgoing {
        match self {
            Offer::Draw => Outgoing::DeclineDraw,
            Offer::Takeback => Outgoing::DeclineTakeback,
            Offer::Rematch => Outgoing::DeclineRematch,
        }
    }
}

/// Whether a notice brings news or reports a problem: a problem is marked in red and stays up
/// longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    News,
    Problem,
}

/// A message for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub tone: Tone,
    /// Seconds before it goes away by itself.
    pub left: f32,
}

/// How long a notice stays up: news briefly, a problem long enough to read it twice.
pub const NOTICE_SECONDS: f32 = 6.0;
pub const PROBLEM_SECONDS: f32 = 12.0;

/// The whole client state.
#[derive(Clone, Debug)]
pub struct App {
    screen: Screen,
    lobby: Lobby,
    /// The game on the screen.
    current: Option<Match>,
    replay: Option<Replay>,
    connection: Connection,
    seeks: Vec<SeekEntry>,
    live: Vec<LiveEntry>,
    /// This player's finished games on the server, newest first.
    finished: Vec<FinishedEntry>,
    /// Where "back" goes from the replay.
    replay_return: Screen,
    notice: Option<Notice>,
    /// Where "back" goes from the rules screen.
    rules_return: Screen,
    /// An offer the opponent made and this player may accept or decline.
    offer: Option<Offer>,
    /// People watching the game on the screen.
    watchers: u32,
    /// Seconds until the next connection attempt, while retrying.
    retry_left: f32,
    /// Whether the result card of the game-over screen was put aside to see the board.
    result_hidden: bool,
    /// Seconds left to confirm a resignation (0: not asked).
    resign_armed: f32,
    /// Where a link sent the player, waiting for the server's greeting.
    arrival: Option<Route>,
    /// The server's web address (`http://host:port`), to make links to its games with.
    site: Option<String>,
}

/// How long a first click on Resign waits for the confirming second click.
pub const RESIGN_CONFIRM_SECONDS: f32 = 3.0;

impl App {
    /// A fresh client: the connection screen when connecting, the lobby when offline.
    pub fn new(offline: bool) -> App {
        App {
            screen: if offline {
                Screen::Lobby
            } else {
                Screen::Connection
            },
            lobby: Lobby::default(),
            current: None,
            replay: None,
            connection: if offline {
                Connection::Offline
            } else {
                Connection::Connecting { attempt: 1 }
            },
            seeks: Vec::new(),
            live: Vec::new(),
            finished: Vec::new(),
            replay_return: Screen::Lobby,
            notice: None,
            rules_return: Screen::Lobby,
            offer: None,
            watchers: 0,
            retry_left: 0.0,
            result_hidden: false,
            resign_armed: 0.0,
            arrival: None,
            site: None,
        }
    }

    /// Sets the server's web address, for the links this player can pass on.
    pub fn set_site(&mut self, site: Option<String>) {
        self.site = site;
    }

    /// Where a link sent the player, while it waits for the connection.
    pub fn arrival(&self) -> Option<&Route> {
        self.arrival.as_ref()
    }

    /// What the window or the browser tab is called: the game on the screen, and whether it
    /// waits for this player's move.
    pub fn title(&self) -> String {
        let game = |m: &Match| {
            let kind = m.kind().title();
            if m.online && m.seats != Seats::Both && m.can_enter_move() {
                format!("Your move: {kind} - Chaupal")
            } else {
                format!("{kind} - Chaupal")
            }
        };
        match (self.screen, &self.current, &self.replay) {
            (Screen::Game | Screen::GameOver, Some(m), _) => game(m),
            (Screen::Replay, _, Some(r)) => {
                format!("Replay: {} - Chaupal", r.start().kind().title())
            }
            (Screen::Rules(kind), _, _) => format!("Rules of {} - Chaupal", kind.title()),
            _ => "Chaupal".to_owned(),
        }
    }

    /// An offline client showing the game `m` on `screen`, with the lobby set to its game:
    /// how the screenshot mode sets up the picture it takes.
    pub fn showing(m: Match, screen: Screen) -> App {
        let mut app = App::new(true);
        app.lobby.kind = m.kind();
        app.current = Some(m);
        app.screen = screen;
        app
    }

    /// The screen that is up.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The lobby's choices.
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    /// The game on the screen (kept while its replay or the rules are up).
    pub fn current(&self) -> Option<&Match> {
        self.current.as_ref()
    }

    /// The game being replayed.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// The connection to the server.
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// The open seeks in the lobby.
    pub fn seeks(&self) -> &[SeekEntry] {
        &self.seeks
    }

    /// The live games in the lobby.
    pub fn live(&self) -> &[LiveEntry] {
        &self.live
    }

    /// This player's finished games on the server, newest first.
    pub fn finished(&self) -> &[FinishedEntry] {
        &self.finished
    }

    /// The message shown to the player, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The opponent's offer waiting for an answer, if any.
    pub fn offer(&self) -> Option<Offer> {
        self.offer
    }

    /// People watching the game on the screen.
    pub fn watchers(&self) -> u32 {
        self.watchers
    }

    /// Whether the result card of the game-over screen was put aside to see the board.
    pub fn result_hidden(&self) -> bool {
        self.result_hidden
    }

    /// Whether a first click on Resign waits for the confirming second click.
    pub fn resign_asked(&self) -> bool {
        self.resign_armed > 0.0
    }

    /// Shows a message.
    fn tell(&mut self, text: impl Into<String>, tone: Tone) {
        self.notice = Some(Notice {
            text: text.into(),
            tone,
            left: match tone {
                Tone::News => NOTICE_SECONDS,
                Tone::Problem => PROBLEM_SECONDS,
            },
        });
    }

    /// Whether the game on the screen is decided by the server.
    fn online_game(&self) -> bool {
        self.current.as_ref().is_some_and(|m| m.online)
    }

    /// Handles one action; returns what to send to the server.
    pub fn handle(&mut self, action: Action) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            Action::SelectGame(kind) => self.lobby.kind = kind,
            Action::CycleRule { index, forward } => self.lobby.cycle_rule(index, forward),
            Action::SelectMode(mode) => self.lobby.mode = mode,
            Action::SelectSide(side) => self.lobby.side = side,
            Action::CycleLevel { forward } => {
                self.lobby.level = if forward {
                    self.lobby.level % LEVELS + 1
                } else {
                    (self.lobby.level + LEVELS - 2) % LEVELS + 1
                };
            }
            Action::CycleEngine { forward } => {
                self.lobby.engine = cycle(self.lobby.engine, ENGINES.len() + 1, forward);
            }
            Action::CycleMinutes { forward } => {
                self.lobby.minutes = cycle(self.lobby.minutes, CLOCK_MINUTES.len(), forward);
            }
            Action::CycleIncrement { forward } => {
                self.lobby.increment = cycle(self.lobby.increment, CLOCK_INCREMENTS.len(), forward);
            }
            Action::SetRated(rated) => self.lobby.rated = rated,
            Action::CancelSeek(id) => {
                if self.require_online("Cancelling a seek") {
                    out.push(Outgoing::CancelSeek(id));
                }
            }
            Action::CycleDepth { forward } => {
                self.lobby.depth = if forward {
                    self.lobby.depth % MAX_DEPTH + 1
                } else {
                    (self.lobby.depth + MAX_DEPTH - 2) % MAX_DEPTH + 1
                };
            }
            Action::StartExhibition => {
                if self.require_online("Watching the computer play itself") {
                    out.push(self.new_game(OpponentPick::Exhibition(self.lobby.engine_pick())));
                }
            }
            Action::Analyse => out.extend(self.analyse()),
            Action::Start => out.extend(self.start()),
            Action::CreatePrivate => {
                if self.require_online("Playing a friend") {
                    out.push(self.new_game(OpponentPick::Private));
                }
            }
            Action::JoinByCode => {
                let typed = self.lobby.code.trim().to_uppercase();
                let code = route::normalise_code(&typed).unwrap_or(typed);
                if code.is_empty() {
                    self.tell(
                        "Type the invite code your friend gave you first.",
                        Tone::Problem,
                    );
                } else if self.require_online("Joining a friend's game") {
                    out.push(Outgoing::JoinByCode(code));
                }
            }
            Action::TypeCode(c) => {
                if (c.is_ascii_alphanumeric() || c == '-') && self.lobby.code.len() < 16 {
                    self.lobby.code.push(c.to_ascii_uppercase());
                }
            }
            Action::EraseCode => {
                self.lobby.code.pop();
            }
            Action::AcceptSeek(id) => {
                if self.require_online("Accepting a seek") {
                    out.push(Outgoing::AcceptSeek(id));
                }
            }
            Action::Watch(id) => {
                if self.require_online("Watching a game") {
                    // One's own live game is resumed, not watched.
                    let mine = self.live.iter().any(|g| g.id == id && g.mine);
                    out.push(if mine {
                        Outgoing::Resume(id)
                    } else {
                        Outgoing::Watch(id)
                    });
                }
            }
            Action::ReplayGame(id) => {
                if self.require_online("Replaying a game from the server") {
                    out.push(Outgoing::Record(id));
                }
            }
            Action::ShowRules(kind) => {
                if !matches!(self.screen, Screen::Rules(_)) {
                    self.rules_return = self.screen;
                }
                self.screen = Screen::Rules(kind);
            }
            Action::PlayOffline => self.screen = Screen::Lobby,
            Action::RetryNow => out.push(Outgoing::RetryNow),
            Action::Cell(cell) => {
                if let Some(mv) = self.current.as_mut().and_then(|m| m.click(&cell)) {
                    out.extend(self.enter_move(mv));
                }
            }
            Action::StopChain => {
                if let Some(mv) = self.current.as_mut().and_then(Match::stop_chain) {
                    out.extend(self.enter_move(mv));
                }
            }
            Action::Flip => {
                if let Some(m) = &mut self.current {
                    m.flipped = !m.flipped;
                }
                if self.screen == Screen::Replay
                    && let Some(r) = &mut self.replay
                {
                    r.flipped = !r.flipped;
                }
            }
            Action::Resign => {
                // The first click asks for a second one, so a slip of the mouse loses nothing.
                if self.resign_armed > 0.0 {
                    self.resign_armed = 0.0;
                    out.extend(self.resign());
                } else {
                    self.resign_armed = RESIGN_CONFIRM_SECONDS;
                }
            }
            Action::OfferDraw => {
                if self.online_game() {
                    out.push(Outgoing::OfferDraw);
                    self.tell("Draw offered.", Tone::News);
                } else if let Some(m) = &mut self.current
                    && !m.finished()
                {
                    m.ended = Some(Ending::DrawAgreedHere);
                }
            }
            Action::AcceptOffer => {
                out.extend(self.offer.take().map(Offer::accept));
            }
            Action::DeclineOffer => {
                out.extend(self.offer.take().map(Offer::decline));
            }
            Action::Takeback => out.extend(self.takeback()),
            Action::Rematch => out.extend(self.rematch()),
            Action::Hint => {
                if self.online_game() {
                    out.push(Outgoing::Hint);
                } else {
                    self.tell(
                        "Hints come from the server's engine: connect to a server to get one.",
                        Tone::Problem,
                    );
                }
            }
            Action::OpenReplay => self.open_replay(),
            Action::ToLobby => {
                if self.online_game() {
                    out.push(Outgoing::Leave);
                    if let Some(m) = &self.current
                        && !m.finished()
                        && !matches!(m.seats, Seats::Watching)
                    {
                        self.tell(
                            "Your game goes on, and so does your clock: resume it from the \
                             lobby's live games.",
                            Tone::News,
                        );
                    }
                }
                self.current = None;
                self.offer = None;
                self.screen = Screen::Lobby;
            }
            Action::DismissNotice => self.notice = None,
            Action::HideResult => self.result_hidden = true,
            Action::ReplayStep(d) => {
                if let Some(r) = &mut self.replay {
                    r.step(d);
                }
            }
            Action::ReplayJump(p) => {
                if let Some(r) = &mut self.replay {
                    r.jump(p);
                }
            }
            Action::ReplayAutoplay => {
                if let Some(r) = &mut self.replay {
                    r.toggle_autoplay();
                }
            }
            Action::Back => {
                self.screen = match self.screen {
                    Screen::Rules(_) => self.rules_return,
                    Screen::Replay => self.replay_return,
                    _ => Screen::Lobby,
                };
            }
            Action::Follow(route) => out.extend(self.follow(route)),
            Action::CopyInvite => {
                if let Some(code) = self.lobby.my_code.clone() {
                    let (text, what) = match &self.site {
                        Some(site) => (route::link(site, &Route::Join(code)), "link"),
                        None => (code, "code"),
                    };
                    self.tell(
                        format!("The invite {what} is on the clipboard: {text}"),
                        Tone::News,
                    );
                    out.push(Outgoing::CopyText(text));
                }
            }
        }
        out
    }

    /// Goes where a link says: now when connected, else once the server greets this client.
    fn follow(&mut self, route: Route) -> Vec<Outgoing> {
        if route == Route::Lobby {
            return Vec::new();
        }
        if let Route::Join(code) = &route {
            // The code shows in the lobby's field, to correct it if the server refuses it.
            self.lobby.mode = PlayMode::Friend;
            self.lobby.code.clone_from(code);
        }
        if self.connection == Connection::Offline {
            self.tell(
                "That link leads to a game on the server, and this client plays offline.",
                Tone::Problem,
            );
            return Vec::new();
        }
        if !self.connection.online() {
            self.arrival = Some(route);
            return Vec::new();
        }
        self.arrival = None;
        match route {
            Route::Lobby => Vec::new(),
            Route::Join(code) => vec![Outgoing::JoinByCode(code)],
            Route::Watch(id) => {
                let mine = self.live.iter().any(|g| g.id == id && g.mine);
                vec![if mine {
                    Outgoing::Resume(id)
                } else {
                    Outgoing::Watch(id)
                }]
            }
            Route::Replay(id) => vec![Outgoing::Record(id)],
        }
    }

    /// Says that `what` needs the server when it is not connected.
    fn require_online(&mut self, what: &str) -> bool {
        if self.connection.online() {
            true
        } else {
            self.tell(
                format!(
                    "{what} needs the server, and this client is not connected to one. Play on \
                     this computer meanwhile, or wait for the connection."
                ),
                Tone::Problem,
            );
            false
        }
    }

    /// The request for a new server game with the lobby's choices.
    fn new_game(&self, opponent: OpponentPick) -> Outgoing {
        // Exhibitions and games on this computer have no clock and are never rated.
        let scored = !matches!(opponent, OpponentPick::Local | OpponentPick::Exhibition(_));
        Outgoing::NewGame {
            kind: self.lobby.kind,
            rules: self.lobby.changed_rules(),
            side: self.lobby.side,
            opponent,
            clock: self.lobby.clock().filter(|_| scored),
            rated: self.lobby.rated() && scored,
        }
    }

    /// Starts what the lobby describes.
    fn start(&mut self) -> Vec<Outgoing> {
        match self.lobby.mode {
            PlayMode::ThisComputer if self.connection.online() => {
                // Online, the server keeps the game (and its record); both seats are ours.
                vec![self.new_game(OpponentPick::Local)]
            }
            PlayMode::ThisComputer => {
                match AnyGame::start(self.lobby.kind, self.lobby.rule_pairs()) {
                    Ok(game) => {
                        self.current = Some(Match::new(game, Seats::Both, false));
                        self.screen = Screen::Game;
                        self.notice = None;
                    }
                    Err(e) => self.tell(
                        format!("Those rules do not work together: {e}"),
                        Tone::Problem,
                    ),
                }
                Vec::new()
            }
            PlayMode::Computer => {
                if self.require_online("Playing the computer") {
                    vec![self.new_game(OpponentPick::Computer(self.lobby.engine_pick()))]
                } else {
                    Vec::new()
                }
            }
            PlayMode::Friend => {
                if self.require_online("Playing a friend") {
                    vec![self.new_game(OpponentPick::Private)]
                } else {
                    Vec::new()
                }
            }
            PlayMode::Anyone => {
                if self.require_online("Offering a game to anyone") {
                    vec![self.new_game(OpponentPick::Open)]
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// A move entered on the board: sent to the server, or played here.
    fn enter_move(&mut self, mv: String) -> Vec<Outgoing> {
        let Some(m) = &mut self.current else {
            return Vec::new();
        };
        if m.online {
            m.pending = Some(mv.clone());
            return vec![Outgoing::Move(mv)];
        }
        if let Err(e) = m.apply(&mv) {
            self.tell(format!("That move cannot be played: {e}"), Tone::Problem);
        }
        Vec::new()
    }

    /// Resigns the game on the screen (locally: the side to move resigns).
    fn resign(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            return vec![Outgoing::Resign];
        }
        if let Some(m) = &mut self.current
            && !m.finished()
        {
            let loser = m.game.side_to_move();
            m.ended = Some(Ending::Result(GameResult {
                winner: Some(loser.opponent()),
                reason: ResultReason::Resignation,
            }));
        }
        Vec::new()
    }

    /// Takes back a move (locally: the last one; online: asks the opponent).
    fn takeback(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            self.tell("Takeback asked for.", Tone::News);
            return vec![Outgoing::Takeback];
        }
        if let Some(m) = &mut self.current {
            if m.moves.is_empty() {
                self.tell("There is no move to take back.", Tone::News);
            } else if let Err(e) = m.take_back(1) {
                self.tell(format!("The takeback failed: {e}"), Tone::Problem);
            } else if self.screen == Screen::GameOver {
                self.screen = Screen::Game;
            }
        }
        Vec::new()
    }

    /// A new game with the same set-up (online: offered to the opponent).
    fn rematch(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            self.tell("Rematch offered.", Tone::News);
            // The opponent's own offer is taken up; nothing is sent without a connection, and
            // then the offer stays to be answered.
            if self.connection.online() && self.offer == Some(Offer::Rematch) {
                self.offer = None;
                return vec![Outgoing::AcceptRematch];
            }
            return vec![Outgoing::OfferRematch];
        }
        if let Some(m) = &self.current {
            let mut fresh = Match::new(m.start.clone(), m.seats, false);
            fresh.flipped = m.flipped;
            self.current = Some(fresh);
            self.screen = Screen::Game;
        }
        Vec::new()
    }

    /// Asks the engine about the position shown (the replay's, or the game's).
    fn analyse(&mut self) -> Vec<Outgoing> {
        if !self.require_online("Analysis") {
            return Vec::new();
        }
        let (start, moves) = match (self.screen, &self.replay, &self.current) {
            (Screen::Replay, Some(r), _) => (
                r.start(),
                r.moves()[..r.ply()]
                    .iter()
                    .map(|p| p.text.clone())
                    .collect::<Vec<_>>(),
            ),
            (_, _, Some(m)) => (&m.start, m.moves.iter().map(|p| p.text.clone()).collect()),
            _ => return Vec::new(),
        };
        vec![Outgoing::Analyse {
            kind: start.kind(),
            rules: crate::view::non_default_rules(start),
            moves,
            engine: self.lobby.engine_pick(),
        }]
    }

    /// Opens the replay of the game on the screen.
    fn open_replay(&mut self) {
        let Some(m) = &self.current else {
            return;
        };
        let texts: Vec<String> = m.moves.iter().map(|p| p.text.clone()).collect();
        match Replay::new(m.start.clone(), &texts) {
            Ok(mut r) => {
                r.flipped = m.flipped;
                r.names = m.names.clone();
                r.result = m.ended;
                self.replay = Some(r);
                self.screen = Screen::Replay;
                self.replay_return = Screen::GameOver;
            }
            Err(e) => self.tell(format!("This game cannot be replayed: {e}"), Tone::Problem),
        }
    }

    /// Opens a replay of a game the server sent (from the lobby's finished games).
    fn open_record(
        &mut self,
        start: AnyGame,
        moves: &[String],
        names: [String; 2],
        result: Option<Ending>,
    ) {
        match Replay::new(start, moves) {
            Ok(mut r) => {
                r.names = names;
                r.result = result;
                r.jump(usize::MAX);
                self.replay = Some(r);
                self.replay_return = self.screen;
                self.screen = Screen::Replay;
            }
            Err(e) => self.tell(format!("This game cannot be replayed: {e}"), Tone::Problem),
        }
    }

    /// Moves time on: animations, autoplay, and the switch to the game-over screen once the
    /// last move has been shown.
    pub fn tick(&mut self, dt: f32) {
        self.resign_armed = (self.resign_armed - dt.max(0.0)).max(0.0);
        if let Some(n) = &mut self.notice {
            n.left -= dt.max(0.0);
            if n.left <= 0.0 {
                self.notice = None;
            }
        }
        if let Connection::Retrying { in_secs, .. } = &mut self.connection {
            self.retry_left = (self.retry_left - dt.max(0.0)).max(0.0);
            *in_secs = self.retry_left.ceil() as u32;
        }
        if let Some(m) = &mut self.current {
            m.tick(dt);
            if self.screen == Screen::Game && m.finished() && m.sowing.is_none() {
                self.screen = Screen::GameOver;
                self.result_hidden = false;
            }
        }
        if self.screen == Screen::Replay
            && let Some(r) = &mut self.replay
        {
            r.tick(dt);
        }
    }

    /// The side this client plays in the game on the screen, if exactly one.
    pub fn my_side(&self) -> Option<Side> {
        self.my_side_in(self.current.as_ref()?)
    }

    /// The side this client plays in `m`, if exactly one.
    fn my_side_in(&self, m: &Match) -> Option<Side> {
        match m.seats {
            Seats::One(s) => Some(s),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offline() -> App {
        App::new(true)
    }

    fn play(app: &mut App, cells: &[&str]) {
        for c in cells {
            app.handle(Action::Cell((*c).to_owned()));
        }
    }

    #[test]
    fn a_local_game_starts_from_the_lobby_with_the_chosen_rules() {
        let mut app = offline();
        assert_eq!(app.screen, Screen::Lobby);
        app.handle(Action::SelectGame(GameKind::Kalah));
        app.handle(Action::CycleRule {
            index: 0,
            forward: true,
        });
        assert_eq!(app.lobby.changed_rules(), [("pits".into(), "7".into())]);
        assert!(
            app.handle(Action::Start).is_empty(),
            "nothing to send offline"
        );
        assert_eq!(app.screen, Screen::Game);
        let m = app.current.as_ref().expect("a game");
        assert!(m.game.position_text().contains("pits=7"));
    }

    #[test]
    fn a_local_game_plays_to_the_end_then_offers_replay_and_rematch() {
        let mut app = offline();
        app.lobby.rule_choice[kind_index(GameKind::BaghChal)][0] = 5; // captures-to-win 1
        app.handle(Action::Start);
        // A goat on b2, and the a1 tiger takes it at once: one capture wins.
        play(&mut app, &["b2", "a1", "c3"]);
        let m = app.current.as_ref().expect("game");
        assert!(m.finished(), "{}", m.status());
        app.tick(0.1);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(Action::OpenReplay);
        assert_eq!(app.screen, Screen::Replay);
        assert_eq!(app.replay.as_ref().map(Replay::len), Some(2));
        app.handle(Action::ReplayStep(1));
        assert_eq!(app.replay.as_ref().map(Replay::ply), Some(1));
        app.handle(Action::Back);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(Action::Rematch);
        assert_eq!(app.screen, Screen::Game);
        assert!(app.current.as_ref().is_some_and(|m| m.moves.is_empty()));
    }

    #[test]
    fn resign_and_draw_end_a_local_game_and_takeback_undoes_a_move() {
        let mut app = offline();
        app.handle(Action::Start);
        play(&mut app, &["c3"]);
        app.handle(Action::Takeback);
        assert!(app.current.as_ref().is_some_and(|m| m.moves.is_empty()));
        app.handle(Action::Resign);
        app.tick(RESIGN_CONFIRM_SECONDS + 0.1);
        assert!(
            app.current.as_ref().is_some_and(|m| !m.finished()),
            "one click, then too late: nothing happens"
        );
        app.handle(Action::Resign);
        app.handle(Action::Resign);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.status(), "Tigers win: goats resigned");
        app.tick(0.0);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(Action::Rematch);
        app.handle(Action::OfferDraw);
        assert_eq!(
            app.current.as_ref().map(Match::status).as_deref(),
            Some("Draw agreed")
        );
    }

    #[test]
    fn online_only_actions_explain_themselves_when_offline() {
        let mut app = offline();
        app.handle(Action::SelectMode(PlayMode::Computer));
        assert!(app.handle(Action::Start).is_empty());
        let notice = app.notice.clone().expect("a notice");
        assert!(notice.tone == Tone::Problem && notice.text.contains("needs the server"));
        app.handle(Action::DismissNotice);
        app.handle(Action::JoinByCode);
        assert!(
            app.notice
                .as_ref()
                .is_some_and(|n| n.text.contains("invite code"))
        );
    }

    #[test]
    fn online_moves_are_sent_not_played() {
        let mut app = App::new(false);
        app.connection = Connection::Connected {
            name: "asha".into(),
        };
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        app.current = Some(Match::new(game, Seats::One(Side::First), true));
        app.screen = Screen::Game;
        let sent = app.handle(Action::Cell("c3".into()));
        assert_eq!(sent, [Outgoing::Move("c3".into())]);
        let m = app.current.as_ref().expect("game");
        assert!(m.moves.is_empty() && m.pending.is_some());
        assert!(
            app.handle(Action::Cell("d3".into())).is_empty(),
            "one move at a time"
        );
    }

    #[test]
    fn invite_codes_are_typed_in_capitals_and_sent_when_online() {
        let mut app = App::new(false);
        app.connection = Connection::Connected { name: "bo".into() };
        for c in "ab-1 2".chars() {
            app.handle(Action::TypeCode(c));
        }
        app.handle(Action::EraseCode);
        assert_eq!(app.lobby.code, "AB-1");
        assert_eq!(
            app.handle(Action::JoinByCode),
            [Outgoing::JoinByCode("AB-1".into())]
        );
    }

    #[test]
    fn rules_screen_returns_where_it_was_opened() {
        let mut app = offline();
        app.handle(Action::Start);
        app.handle(Action::ShowRules(GameKind::BaghChal));
        app.handle(Action::ShowRules(GameKind::Kalah));
        assert_eq!(app.screen, Screen::Rules(GameKind::Kalah));
        app.handle(Action::Back);
        assert_eq!(app.screen, Screen::Game);
    }

    #[test]
    fn the_connection_state_follows_the_network_and_counts_down() {
        let mut app = App::new(false);
        assert_eq!(app.screen, Screen::Connection);
        app.apply(Event::Lost {
            reason: "The server is not answering.".into(),
            attempt: 1,
            retry_in: 2.0,
        });
        assert_eq!(
            app.connection.describe(),
            "The server is not answering. Trying again in 2 s."
        );
        app.tick(1.2);
        assert!(app.connection.describe().ends_with("in 1 s."));
        app.handle(Action::PlayOffline);
        assert_eq!(
            app.screen,
            Screen::Lobby,
            "local play while it keeps trying"
        );
        app.apply(Event::Connecting { attempt: 2 });
        assert!(app.connection.describe().contains("try 2"));
        app.screen = Screen::Connection;
        app.apply(Event::Welcomed {
            name: "asha".into(),
        });
        assert_eq!(app.screen, Screen::Lobby);
        assert!(app.connection.online());
    }

    #[test]
    fn the_computer_can_be_a_level_or_a_named_engine_and_can_play_itself() {
        let mut app = App::new(false);
        app.connection = Connection::Connected { name: "a".into() };
        app.handle(Action::SelectMode(PlayMode::Computer));
        assert_eq!(app.lobby.engine_pick(), EnginePick::Level(3));
        app.handle(Action::CycleEngine { forward: true });
        app.handle(Action::CycleDepth { forward: false });
        let pick = EnginePick::Named {
            name: "alphabeta".into(),
            depth: 5,
        };
        assert_eq!(app.lobby.engine_pick(), pick);
        let sent = app.handle(Action::StartExhibition);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame { opponent: OpponentPick::Exhibition(p), .. } if *p == pick
        ));
        app.handle(Action::CycleEngine { forward: false });
        let sent = app.handle(Action::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame {
                opponent: OpponentPick::Computer(EnginePick::Level(3)),
                ..
            }
        ));
    }

    #[test]
    fn online_games_on_this_computer_are_kept_by_the_server() {
        let mut app = App::new(false);
        app.connection = Connection::Connected { name: "a".into() };
        let sent = app.handle(Action::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame {
                opponent: OpponentPick::Local,
                ..
            }
        ));
        assert!(app.current.is_none(), "the server's snapshot opens it");
    }

    #[test]
    fn analysis_asks_about_the_replayed_position() {
        let mut app = offline();
        app.handle(Action::Start);
        play(&mut app, &["c3", "a1", "b2", "d3"]);
        app.handle(Action::Resign);
        app.handle(Action::Resign);
        app.tick(0.0);
        app.handle(Action::OpenReplay);
        app.handle(Action::ReplayJump(1));
        assert!(app.handle(Action::Analyse).is_empty(), "offline: explained");
        app.connection = Connection::Connected { name: "a".into() };
        let sent = app.handle(Action::Analyse);
        assert_eq!(
            sent,
            [Outgoing::Analyse {
                kind: GameKind::BaghChal,
                rules: Vec::new(),
                moves: vec!["c3".into()],
                engine: EnginePick::Level(3),
            }]
        );
    }

    #[test]
    fn offers_are_answered_by_kind() {
        let mut app = offline();
        for (offer, yes, no) in [
            (Offer::Draw, Outgoing::AcceptDraw, Outgoing::DeclineDraw),
            (
                Offer::Takeback,
                Outgoing::AcceptTakeback,
                Outgoing::DeclineTakeback,
            ),
            (
                Offer::Rematch,
                Outgoing::AcceptRematch,
                Outgoing::DeclineRematch,
            ),
        ] {
            app.offer = Some(offer);
            assert_eq!(app.handle(Action::AcceptOffer), [yes]);
            assert!(app.offer.is_none());
            app.offer = Some(offer);
            assert_eq!(app.handle(Action::DeclineOffer), [no]);
        }
        assert!(
            app.handle(Action::AcceptOffer).is_empty(),
            "no offer, nothing sent"
        );
    }

    fn online() -> App {
        let mut app = App::new(false);
        app.connection = Connection::Connected { name: "a".into() };
        app
    }

    #[test]
    fn the_clock_is_minutes_plus_increment_or_none() {
        let mut app = online();
        app.handle(Action::SelectMode(PlayMode::Friend));
        assert_eq!(app.lobby.clock(), None, "no clock by default");
        assert_eq!(app.lobby.clock_text(), "no clock");
        app.handle(Action::CycleMinutes { forward: false });
        assert_eq!(
            app.lobby.clock().map(|c| c.initial_ms),
            Some(90 * 60_000),
            "back from none wraps to the longest"
        );
        app.handle(Action::CycleMinutes { forward: true });
        assert_eq!(app.lobby.clock(), None, "and on again to none");
        for _ in 0..4 {
            app.handle(Action::CycleMinutes { forward: true });
        }
        for _ in 0..3 {
            app.handle(Action::CycleIncrement { forward: true });
        }
        assert_eq!(
            app.lobby.clock(),
            Some(ClockSpec {
                initial_ms: 5 * 60_000,
                increment_ms: 3_000
            })
        );
        assert_eq!(app.lobby.clock_text(), "5 min + 3 s");
        let sent = app.handle(Action::CreatePrivate);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame { clock: Some(c), opponent: OpponentPick::Private, rated: false, .. }
                if c.initial_ms == 300_000 && c.increment_ms == 3_000
        ));
        // Two players at one screen play without a clock, whatever was chosen before.
        app.handle(Action::SelectMode(PlayMode::ThisComputer));
        assert_eq!(app.lobby.clock(), None);
        let sent = app.handle(Action::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame {
                clock: None,
                rated: false,
                opponent: OpponentPick::Local,
                ..
            }
        ));
    }

    #[test]
    fn rated_is_offered_only_where_the_server_rates() {
        let mut app = online();
        app.handle(Action::SetRated(true));
        app.handle(Action::SelectMode(PlayMode::ThisComputer));
        assert!(!app.lobby.rated_allowed() && !app.lobby.rated());
        app.handle(Action::SelectMode(PlayMode::Computer));
        assert!(app.lobby.rated(), "a level is rated");
        let sent = app.handle(Action::Start);
        assert!(matches!(&sent[0], Outgoing::NewGame { rated: true, .. }));
        // The computer against itself is never rated, nor timed.
        app.handle(Action::CycleMinutes { forward: true });
        let sent = app.handle(Action::StartExhibition);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame {
                rated: false,
                clock: None,
                opponent: OpponentPick::Exhibition(_),
                ..
            }
        ));
        app.handle(Action::CycleEngine { forward: true });
        assert!(!app.lobby.rated_allowed(), "a named engine is never rated");
        let sent = app.handle(Action::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::NewGame {
                rated: false,
                clock: Some(_),
                ..
            }
        ));
        app.handle(Action::SetRated(false));
        app.handle(Action::SelectMode(PlayMode::Anyone));
        assert!(app.lobby.rated_allowed() && !app.lobby.rated());
    }

    #[test]
    fn an_open_seek_is_offered_and_can_be_cancelled() {
        let mut app = offline();
        app.handle(Action::SelectMode(PlayMode::Anyone));
        assert!(app.handle(Action::Start).is_empty(), "offline: explained");
        assert!(
            app.notice
                .as_ref()
                .is_some_and(|n| n.text.contains("needs the server"))
        );
        let mut app = online();
        app.handle(Action::SelectGame(GameKind::Jungle));
        app.handle(Action::SelectMode(PlayMode::Anyone));
        app.handle(Action::SelectSide(SidePick::Random));
        app.handle(Action::SetRated(true));
        let sent = app.handle(Action::Start);
        assert_eq!(
            sent,
            [Outgoing::NewGame {
                kind: GameKind::Jungle,
                rules: Vec::new(),
                side: SidePick::Random,
                opponent: OpponentPick::Open,
                clock: None,
                rated: true,
            }]
        );
        assert_eq!(app.handle(Action::CancelSeek(4)), [Outgoing::CancelSeek(4)]);
    }

    #[test]
    fn notices_go_away_by_themselves_and_a_reconnection_clears_the_alarm() {
        let mut app = offline();
        app.tell("Draw offered.", Tone::News);
        app.tick(NOTICE_SECONDS - 0.5);
        assert!(app.notice.is_some(), "still up");
        app.tick(1.0);
        assert!(app.notice.is_none(), "gone after {NOTICE_SECONDS} s");
        app.tell("The server is shutting down.", Tone::Problem);
        app.tick(NOTICE_SECONDS + 1.0);
        assert!(app.notice.is_some(), "a problem stays longer");
        app.apply(Event::Welcomed {
            name: "asha".into(),
        });
        assert!(app.notice.is_none(), "connected again: the alarm is over");
        app.tell("Your seek is open.", Tone::News);
        app.apply(Event::Welcomed {
            name: "asha".into(),
        });
        assert!(app.notice.is_some(), "news stays");
    }

    #[test]
    fn levels_wrap_around() {
        let mut app = offline();
        app.lobby.level = LEVELS;
        app.handle(Action::CycleLevel { forward: true });
        assert_eq!(app.lobby.level, 1);
        app.handle(Action::CycleLevel { forward: false });
        assert_eq!(app.lobby.level, LEVELS);
    }

    #[test]
    fn rematch_takes_up_the_opponents_offer_or_makes_one() {
        let mut app = online();
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let finished = |mut m: Match| {
            m.ended = Some(Ending::Result(GameResult {
                winner: None,
                reason: ResultReason::Agreement,
            }));
            m
        };
        let m = finished(Match::new(game, Seats::One(Side::First), true));
        app.apply(Event::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: vec![(Offer::Rematch, Side::Second)],
        })));
        assert_eq!(app.offer(), Some(Offer::Rematch));
        assert_eq!(app.handle(Action::Rematch), [Outgoing::AcceptRematch]);
        assert_eq!(app.offer(), None);
        assert_eq!(app.handle(Action::Rematch), [Outgoing::OfferRematch]);
        // Without a connection nothing goes out, so the offer stays to be answered.
        app.offer = Some(Offer::Rematch);
        app.apply(Event::Lost {
            reason: "The server closed the connection.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert_eq!(app.handle(Action::Rematch), [Outgoing::OfferRematch]);
        assert_eq!(app.offer(), Some(Offer::Rematch));
    }

    #[test]
    fn a_link_to_join_waits_for_the_greeting_then_joins_once() {
        let mut app = App::new(false);
        let sent = app.handle(Action::Follow(Route::Join("K7QM-2XPD".into())));
        assert!(sent.is_empty(), "not connected yet: nothing to send");
        assert_eq!(app.arrival(), Some(&Route::Join("K7QM-2XPD".into())));
        assert_eq!(app.lobby.mode, PlayMode::Friend);
        assert_eq!(app.lobby.code, "K7QM-2XPD", "shown, to correct if refused");
        assert!(app.notice.is_none(), "no complaint about the connection");
        let sent = app.apply(Event::Welcomed { name: "bo".into() });
        assert_eq!(sent, [Outgoing::JoinByCode("K7QM-2XPD".into())]);
        assert_eq!(app.arrival(), None);
        app.apply(Event::Lost {
            reason: "gone".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        let again = app.apply(Event::Welcomed { name: "bo".into() });
        assert!(again.is_empty(), "a reconnection does not join again");
    }

    #[test]
    fn links_to_watch_and_replay_go_at_once_when_connected() {
        let mut app = online();
        assert_eq!(
            app.handle(Action::Follow(Route::Watch(7))),
            [Outgoing::Watch(7)]
        );
        assert_eq!(
            app.handle(Action::Follow(Route::Replay(8))),
            [Outgoing::Record(8)]
        );
        assert!(app.handle(Action::Follow(Route::Lobby)).is_empty());
        assert_eq!(app.arrival(), None);
        let mut app = App::new(false);
        app.handle(Action::Follow(Route::Replay(8)));
        assert_eq!(
            app.apply(Event::Welcomed { name: "a".into() }),
            [Outgoing::Record(8)]
        );
    }

    #[test]
    fn a_link_offline_says_it_needs_the_server() {
        let mut app = offline();
        assert!(app.handle(Action::Follow(Route::Watch(7))).is_empty());
        assert_eq!(app.arrival(), None);
        assert!(app.notice.as_ref().is_some_and(|n| n.tone == Tone::Problem));
    }

    #[test]
    fn typed_codes_are_tidied_before_they_are_sent() {
        let mut app = online();
        for c in "k7qm2xpd".chars() {
            app.handle(Action::TypeCode(c));
        }
        assert_eq!(
            app.handle(Action::JoinByCode),
            [Outgoing::JoinByCode("K7QM-2XPD".into())]
        );
    }

    #[test]
    fn the_invite_link_is_copied_with_the_servers_address_or_the_code_alone() {
        let mut app = online();
        assert!(
            app.handle(Action::CopyInvite).is_empty(),
            "no code, nothing to copy"
        );
        app.apply(Event::InviteCode("K7QM-2XPD".into()));
        assert_eq!(
            app.handle(Action::CopyInvite),
            [Outgoing::CopyText("K7QM-2XPD".into())]
        );
        app.set_site(Some("http://example.org:8080".into()));
        assert_eq!(
            app.handle(Action::CopyInvite),
            [Outgoing::CopyText(
                "http://example.org:8080/join/K7QM-2XPD".into()
            )]
        );
        assert!(
            app.notice
                .as_ref()
                .is_some_and(|n| n.text.contains("/join/K7QM-2XPD"))
        );
    }

    #[test]
    fn the_title_names_the_game_and_says_when_it_is_your_move() {
        let mut app = online();
        assert_eq!(app.title(), "Chaupal");
        let game = AnyGame::start(GameKind::Kalah, [("", ""); 0]).expect("start");
        app.apply(Event::Opened(Box::new(Opened {
            game: Match::new(game.clone(), Seats::One(Side::First), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.title(), "Your move: Kalah - Chaupal");
        app.apply(Event::Opened(Box::new(Opened {
            game: Match::new(game, Seats::One(Side::Second), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.title(), "Kalah - Chaupal");
        app.handle(Action::ShowRules(GameKind::Jungle));
        assert_eq!(app.title(), "Rules of Jungle - Chaupal");
    }

    #[test]
    fn ones_own_live_game_is_resumed_and_anothers_watched() {
        let mut app = online();
        let entry = |id, mine| LiveEntry {
            id,
            kind: GameKind::Kalah,
            players: ["a".into(), "b".into()],
            ratings: [None; 2],
            moves: 3,
            watchers: 0,
            exhibition: false,
            mine,
        };
        app.apply(Event::Lobby(LobbyChange::Live(vec![
            entry(5, true),
            entry(6, false),
        ])));
        assert_eq!(app.handle(Action::Watch(5)), [Outgoing::Resume(5)]);
        assert_eq!(app.handle(Action::Watch(6)), [Outgoing::Watch(6)]);
    }
}
