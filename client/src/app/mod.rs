//! The client's state as a whole: which screen is up, the lobby's choices, the game on the
//! screen, the replay, the connection, and the notices shown to the player. The state changes
//! in three places only: [`App::handle`] takes the player's [`Action`]s, [`App::apply`] takes
//! the [`Event`]s from outside (the connection and the server), and [`App::tick`] moves time
//! on; the first two return what must be sent to the server ([`Outgoing`]). Its fields are
//! private, so nothing else can change it. Nothing here draws or touches the network, so all
//! of it is tested without a window.

mod access;
mod event;
mod lobby;
mod review;

pub use event::{Event, GameChange, LobbyChange, Opened, Record};

use lobby::cycle;
pub use lobby::{
    CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, EnginePick, FinishedEntry, LEVELS, LiveEntry, Lobby,
    MAX_DEPTH, PlayMode, SeekEntry, SidePick, clock_words, kind_index,
};

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::{ClockSpec, GameResult, ResultReason};

use crate::geometry::CellName;
use crate::play::{Ending, Match, Seats};
use crate::replay::Replay;
use crate::route::{self, Route};
use crate::say;
use crate::terms;
use crate::words::{Language, Phrase};

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
        reason: Phrase,
        attempt: u32,
        in_secs: u32,
    },
}

impl Connection {
    /// A short line for the top bar.
    pub fn describe(&self) -> Phrase {
        match self {
            Connection::Offline => say!("connection-offline"),
            Connection::Connecting { attempt: 1 } => say!("connection-connecting"),
            Connection::Connecting { attempt } => {
                say!("connection-reconnecting", attempt = *attempt)
            }
            Connection::Connected { name } => say!("connection-online-as", name = name),
            Connection::Retrying {
                reason, in_secs, ..
            } => say!(
                "connection-retrying",
                reason = reason.clone(),
                seconds = *in_secs
            ),
        }
    }

    /// A few words for the top bar (the full reason is on the connection screen and in
    /// notices), longest first: the bar shows the first that fits.
    pub fn short(&self) -> Vec<Phrase> {
        match self {
            Connection::Offline => vec![say!("connection-short-offline")],
            Connection::Connecting { attempt: 1 } => vec![
                say!("connection-short-connecting"),
                say!("connection-short-connecting-bare"),
            ],
            Connection::Connecting { .. } => vec![
                say!("connection-short-reconnecting"),
                say!("connection-short-reconnecting-bare"),
            ],
            Connection::Connected { name } => vec![
                say!("connection-online-as", name = name),
                say!("connection-short-online"),
            ],
            Connection::Retrying { in_secs, .. } => vec![
                say!("connection-short-retrying", seconds = *in_secs),
                say!("connection-short-retrying-bare", seconds = *in_secs),
                say!("connection-short-not-connected"),
            ],
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
    // This player.
    /// Opens the name field, with the name as it is.
    EditName,
    TypeName(char),
    EraseName,
    /// Keeps the name typed (sent to the server, remembered).
    SaveName,
    CancelName,
    /// Puts the keyboard's typing in a text field (none: nowhere).
    Focus(Option<Field>),
    /// A text field's whole text, as the phone's on-screen keyboard left it.
    SetText(Field, String),
    /// Where the caret or the selection is in the field that takes the typing (characters
    /// from the start).
    Select(Field, (usize, usize)),
    /// Sounds on or off (remembered).
    ToggleSound,
    /// Opens or closes the list of languages.
    ToggleLanguages,
    /// Puts the interface in this language (remembered).
    SetLanguage(Language),
    // In a game.
    Cell(CellName),
    /// The mouse button or a finger went down on a cell: it picks up a piece (or enters a move,
    /// as a click does).
    Press(CellName),
    /// The button or finger came up, on a cell or off the board: on another cell than the one
    /// pressed, the piece picked up is dropped there.
    Release(Option<CellName>),
    /// Looks at the position after this many moves, in the game being played (the moves
    /// played so far: back to the present).
    LookAt(usize),
    /// Looks one move further or back.
    LookStep(isize),
    /// Back to the position as it stands.
    LookPresent,
    StopChain,
    /// Puts the board's keyboard cursor on this cell (none: takes it off the board).
    Cursor(Option<CellName>),
    /// Enter on the board: a click on the cell under the cursor.
    PickAtCursor,
    /// Escape on the board: lets go of the piece picked up, else takes the cursor away.
    LetGo,
    /// Enter in the move field: plays the move typed, or answers the request.
    PlayTyped,
    /// Tab put the keyboard on this button (its place among the frame's targets, and its
    /// label); none: on no button.
    KeyFocus(Option<(usize, String)>),
    Flip,
    Resign,
    /// Keeps playing after a first click on Resign.
    CancelResign,
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
    /// Asks the server to review the finished game on the screen (from the game-over screen or
    /// the replay); the review is shown in the replay.
    Review,
    /// Starts a new game against the computer from the position the replay shows, this player
    /// taking the side to move.
    PlayFromHere,
    /// Back from rules or replay to where the player came from.
    Back,
    /// Goes where a link or the command line says (join by code, watch, replay): at once when
    /// connected, else as soon as the server has greeted this client.
    Follow(Route),
    /// Puts the link to this player's private game (or its code) on the clipboard.
    CopyInvite,
    /// Puts the invite code alone on the clipboard.
    CopyCode,
    /// Passes on the link to the game on the screen (the phone's share sheet, or the
    /// clipboard).
    ShareGame,
    /// Puts aside the card of a link that led nowhere, for the lobby.
    CloseBrokenLink,
    /// Puts the invitation's card aside (the code stays in the lobby).
    CloseInvite,
    /// Scrolls the screen (one taller than the window, on a phone) to this many pixels down.
    ScrollTo(i32),
    /// Opens the card for playing on another device, asking the server for a device code.
    OpenDevices,
    /// Puts that card aside.
    CloseDevices,
    /// Puts the link that brings another device in as this player on the clipboard.
    CopyDeviceLink,
    /// Uses the device code typed on the card: this device becomes the player who was given
    /// it.
    LinkDevice,
}

/// The text fields of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// This player's name.
    Name,
    /// A friend's invite code.
    Code,
    /// A device code from another device.
    Device,
    /// A move typed in notation, or a request of the move field (see [`access`]).
    Move,
}

/// A sound the client makes: the render loop plays it unless sounds are off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The opponent moved.
    Move,
    /// Someone took up this player's invitation or seek: the game begins.
    Join,
    /// The game is over.
    End,
}

pub use chaupal_shared::protocol::names::MAX_NAME_CHARS;
use chaupal_shared::protocol::names::{self, NameError};

/// A name as the server will take it: trimmed, 1 to 32 characters (as a person counts them),
/// no control characters; or what is wrong with it, in words.
pub fn clean_name(name: &str) -> Result<String, Phrase> {
    names::clean_name(name).map_err(|e| match e {
        NameError::Empty => say!("name-empty"),
        NameError::TooLong => say!("name-too-long", count = MAX_NAME_CHARS),
        NameError::TooManyBytes => say!("name-too-many-bytes"),
        NameError::Control => say!("name-control"),
    })
}

/// The tab's title with the news not yet seen while the tab was hidden: "(2) Your move: Kalah
/// - Chaupal".
pub fn tab_title(title: &str, unseen: u32) -> String {
    if unseen == 0 {
        title.to_owned()
    } else {
        format!("({unseen}) {title}")
    }
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
        /// The position to start from, in the game's notation (none: the usual start).
        position: Option<String>,
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
    /// Asks for a finished game's review.
    Review(u64),
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
    /// Passes a link on: the phone's share sheet where there is one, else the clipboard (the
    /// platform's business).
    Share(String),
    /// Greets the server again under this name (and remembers it).
    Rename(String),
    /// Asks for a code with which another device can play as this player.
    DeviceCode,
    /// Uses a device code from another device: this one becomes that player.
    LinkDevice(String),
    /// Remembers whether sounds are off.
    SetMuted(bool),
    /// Remembers the language chosen (none: the system's or the browser's).
    SetLanguage(Option<Language>),
}

impl Outgoing {
    /// Whether this is for the client itself, not the server: trying again, the clipboard, a
    /// new greeting under a new name, remembered settings.
    pub fn is_local(&self) -> bool {
        matches!(
            self,
            Outgoing::RetryNow
                | Outgoing::CopyText(_)
                | Outgoing::Share(_)
                | Outgoing::Rename(_)
                | Outgoing::SetMuted(_)
                | Outgoing::SetLanguage(_)
        )
    }
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
    /// The question the game panel asks about it: a draw and a rematch are offered, a
    /// takeback is asked for.
    pub fn question(self) -> Phrase {
        match self {
            Offer::Draw => say!("offer-draw"),
            Offer::Takeback => say!("offer-takeback"),
            Offer::Rematch => say!("offer-rematch"),
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
    pub text: Phrase,
    pub tone: Tone,
    /// Seconds before it goes away by itself.
    pub left: f32,
}

/// Seconds the first connection may take before the connection screen says so.
pub const FIRST_CONNECTION_PATIENCE: f32 = 2.0;

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
    /// Whether the opponent's connection was lost (and they are not back yet).
    opponent_away: bool,
    /// Whether the server has greeted this client since it started.
    ever_connected: bool,
    /// Seconds spent on the first connection so far.
    connecting_for: f32,
    /// Whether the device itself has no network (the browser says so).
    device_offline: bool,
    /// Seconds until the next connection attempt, while retrying.
    retry_left: f32,
    /// Whether the result card of the game-over screen was put aside to see the board.
    result_hidden: bool,
    /// Whether a first click on Resign waits for the confirming second one (until answered, or
    /// until the game moves on).
    resign_armed: bool,
    /// The cell pressed on the board, while its piece is being dragged.
    drag_from: Option<CellName>,
    /// The text field the keyboard types into.
    focus: Option<Field>,
    /// The selection in that field, in characters from its start (start and end equal: the
    /// caret); none: the caret is at the end.
    selection: Option<(usize, usize)>,
    /// The name being typed, while the name field is open.
    name_edit: Option<String>,
    /// This player's name (as the server greeted them, or as remembered offline).
    name: String,
    /// Whether the invitation's card was put aside.
    invite_closed: bool,
    /// Whether this player's open seek waits for someone to accept it.
    seeking: bool,
    /// How far the screen is scrolled down, and on which screen (another starts at the top).
    scroll: (Screen, i32),
    /// Sounds to play, oldest first.
    cues: Vec<Cue>,
    /// Whether sounds are off.
    muted: bool,
    /// The interface's language.
    language: Language,
    /// Whether the language was chosen in the app (else it is the system's or the browser's).
    language_chosen: bool,
    /// Whether the list of languages is open.
    languages_open: bool,
    /// Where the board's keyboard cursor is (none: not on the board).
    cursor: Option<CellName>,
    /// The button the keyboard stands on (its place among the frame's targets, its label).
    key_focus: Option<(usize, String)>,
    /// The move field's text.
    move_entry: String,
    /// What was asked to be said aloud, oldest first (see [`access`]).
    said: Vec<Phrase>,
    /// Where a link sent the player, waiting for the server's greeting.
    arrival: Option<Route>,
    /// Where a link sent the player, asked of the server and not yet answered.
    link: Option<Route>,
    /// A link that led nowhere: where it pointed, and why, in words (shown on a card).
    broken_link: Option<(Route, Phrase)>,
    /// The server's web address (`http://host:port`), to make links to its games with.
    site: Option<String>,
    /// The card for playing on another device, while it is open.
    devices: Option<Devices>,
    /// Whether a game was asked for from the replay ("play from here"): its snapshot takes the
    /// screen from the replay.
    starting_from_replay: bool,
}

/// The card for playing on another device: the code this player was given for it (and how
/// long it stays good), and a code from another device being typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Devices {
    /// The device code, once the server has given it, and the seconds it stays good.
    pub code: Option<(String, f32)>,
    /// A code from another device, as typed.
    pub entry: String,
}

impl App {
    /// A fresh client, in the lobby. While it connects for the first time the lobby shows
    /// (the first connection takes a moment); the connection screen comes only when that
    /// fails, or takes longer than [`FIRST_CONNECTION_PATIENCE`].
    pub fn new(offline: bool) -> App {
        App {
            screen: Screen::Lobby,
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
            opponent_away: false,
            ever_connected: false,
            connecting_for: 0.0,
            device_offline: false,
            retry_left: 0.0,
            result_hidden: false,
            resign_armed: false,
            drag_from: None,
            focus: None,
            selection: None,
            name_edit: None,
            name: String::new(),
            invite_closed: false,
            seeking: false,
            scroll: (Screen::Lobby, 0),
            cues: Vec::new(),
            muted: false,
            language: Language::English,
            language_chosen: false,
            languages_open: false,
            cursor: None,
            key_focus: None,
            move_entry: String::new(),
            said: Vec::new(),
            arrival: None,
            link: None,
            broken_link: None,
            site: None,
            devices: None,
            starting_from_replay: false,
        }
    }

    /// Sets what the remembered settings say: this player's name, and whether sounds are off.
    pub fn remember(&mut self, name: &str, muted: bool) {
        self.name = name.to_owned();
        self.muted = muted;
    }

    /// Sets the interface's language: the one the player chose (`chosen`), else the system's
    /// or the browser's.
    pub fn set_language(&mut self, language: Language, chosen: bool) {
        self.language = language;
        self.language_chosen = chosen;
    }

    /// The interface's language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Whether the list of languages is open.
    pub fn languages_open(&self) -> bool {
        self.languages_open
    }

    /// How far the screen on show is scrolled down, in pixels.
    pub fn scroll(&self) -> f32 {
        if self.scroll.0 == self.screen {
            self.scroll.1 as f32
        } else {
            0.0
        }
    }

    /// This player's name.
    pub fn name(&self) -> &str {
        match &self.connection {
            Connection::Connected { name } => name,
            _ => &self.name,
        }
    }

    /// The name being typed, while the name field is open.
    pub fn name_edit(&self) -> Option<&str> {
        self.name_edit.as_deref()
    }

    /// The text field the keyboard types into.
    pub fn focus(&self) -> Option<Field> {
        self.focus
    }

    /// The selection in the field that takes the typing, in characters (none: the caret is at
    /// the end of its text).
    pub fn selection(&self) -> Option<(usize, usize)> {
        self.selection
    }

    /// Whether sounds are off.
    pub fn muted(&self) -> bool {
        self.muted
    }

    /// The sounds to play since the last call (none when sounds are off).
    pub fn take_cues(&mut self) -> Vec<Cue> {
        let cues = std::mem::take(&mut self.cues);
        if self.muted { Vec::new() } else { cues }
    }

    /// The news since the last call that a player away from the tab should hear of (whether
    /// or not sounds are on): as many as [`App::take_cues`] would give with sounds on.
    pub fn cue(&mut self, cue: Cue) {
        self.cues.push(cue);
    }

    /// Whether the invitation's card is up: a private game waits for a friend.
    pub fn invite_open(&self) -> bool {
        self.lobby.my_code.is_some() && !self.invite_closed
    }

    /// The link to this player's private game, when the server's web address is known.
    pub fn invite_link(&self) -> Option<String> {
        let code = self.lobby.my_code.clone()?;
        self.site
            .as_ref()
            .map(|site| route::link(site, &Route::Join(code)))
    }

    /// The card for playing on another device, while it is open.
    pub fn devices(&self) -> Option<&Devices> {
        self.devices.as_ref()
    }

    /// The link that brings another device in as this player, once there is a code.
    pub fn device_link(&self) -> Option<String> {
        let (code, _) = self.devices.as_ref()?.code.as_ref()?;
        let site = self.site.as_ref()?;
        Some(route::link(site, &Route::Link(code.clone())))
    }

    /// The cell whose piece is being dragged.
    pub fn dragging(&self) -> Option<&str> {
        self.drag_from.as_deref()
    }

    /// Whether engine help (a hint, an analysis) may be had for the game on the screen, and why
    /// not: as on lichess, not in a live game against a person, whether playing or watching.
    pub fn engine_help(&self) -> Result<(), Phrase> {
        let Some(m) = &self.current else {
            return Err(say!("help-no-game"));
        };
        let against_ai = match m.seats {
            Seats::Both => true,
            Seats::One(me) => m.ai[me.opponent().index()],
            Seats::Watching => m.ai.iter().all(|&ai| ai),
        };
        if !m.online || m.finished() || against_ai {
            Ok(())
        } else if m.seats == Seats::Watching {
            Err(say!("help-not-while-watching"))
        } else {
            Err(say!("help-not-against-person"))
        }
    }

    /// Seconds until the picture changes by itself: at once while a move is being shown, the
    /// next digit of a running clock, a notice going away, the retry countdown, a device code
    /// running out. None: nothing changes until something happens.
    pub fn next_change(&self) -> Option<f32> {
        let mut soonest: Option<f32> = None;
        let mut at = |t: f32| soonest = Some(soonest.map_or(t, |s| s.min(t)));
        if let Some(m) = &self.current
            && matches!(self.screen, Screen::Game | Screen::GameOver)
        {
            if m.animating() {
                at(0.0);
            }
            if let Some(c) = &m.clocks
                && let Some(side) = c.running
                && !m.finished()
            {
                let left = c.left_ms[side.index()].max(0.0);
                // Tenths under ten seconds, whole seconds above.
                let step = if left < 10_000.0 { 100.0 } else { 1000.0 };
                let to_next = left % step;
                at(((if to_next <= 0.0 { step } else { to_next }) / 1000.0) as f32);
            }
        }
        if self.screen == Screen::Replay
            && let Some(t) = self.replay.as_ref().and_then(Replay::next_step)
        {
            at(t);
        }
        if let Some(n) = &self.notice {
            at(n.left.max(0.0));
        }
        if let Some((_, left)) = self.devices.as_ref().and_then(|d| d.code.as_ref()) {
            at(left.max(0.0));
        }
        if self.screen == Screen::Connection {
            // The dots after "Connecting".
            at(0.5);
        }
        if self.waiting_for_first_connection() {
            at((FIRST_CONNECTION_PATIENCE - self.connecting_for).max(0.0));
        }
        if let Connection::Retrying { .. } = self.connection {
            let f = self.retry_left.fract();
            at(if f > 0.0 { f } else { 1.0 });
        }
        soonest
    }

    /// Sets the server's web address, for the links this player can pass on.
    pub fn set_site(&mut self, site: Option<String>) {
        self.site = site;
    }

    /// Where a link sent the player, while it waits for the connection.
    pub fn arrival(&self) -> Option<&Route> {
        self.arrival.as_ref()
    }

    /// Why the link the player came by leads nowhere, in words, while its card is up.
    pub fn broken_link(&self) -> Option<&Phrase> {
        self.broken_link.as_ref().map(|(_, why)| why)
    }

    /// The path that opens what is on the screen (`/game/42`, `/replay/7`, `/`), for the
    /// browser's address bar: a reload, or the link passed on, opens the same. While a link is
    /// still being followed (or leads nowhere), its own path.
    pub fn address(&self) -> String {
        if let Some(route) = self
            .arrival
            .as_ref()
            .or(self.link.as_ref())
            .or(self.broken_link.as_ref().map(|(r, _)| r))
        {
            return route.path();
        }
        let shown = match (self.screen, &self.current, &self.replay) {
            (Screen::Game | Screen::GameOver, Some(m), _) if m.online => m.id.map(Route::Game),
            (Screen::Replay, _, Some(r)) => r.game.map(Route::Replay),
            _ => None,
        };
        shown.unwrap_or(Route::Lobby).path()
    }

    /// The link to the game on the screen (or replayed), to pass on; none for a game that is
    /// not on the server.
    pub fn game_link(&self) -> Option<String> {
        let route = match (self.screen, &self.current, &self.replay) {
            (Screen::Replay, _, Some(r)) => Route::Replay(r.game?),
            (_, Some(m), _) if m.online => Route::Game(m.id?),
            _ => return None,
        };
        Some(route::link(self.site.as_ref()?, &route))
    }

    /// What the window or the browser tab is called: the game on the screen, and whether it
    /// waits for this player's move.
    pub fn title(&self) -> Phrase {
        let game = |m: &Match| {
            let game = terms::game_name(m.kind());
            if m.online && m.seats != Seats::Both && m.can_enter_move() {
                say!("title-your-move", game = game)
            } else {
                say!("title-game", game = game)
            }
        };
        match (self.screen, &self.current, &self.replay) {
            (Screen::Game | Screen::GameOver, Some(m), _) => game(m),
            (Screen::Replay, _, Some(r)) => {
                say!("title-replay", game = terms::game_name(r.start().kind()))
            }
            (Screen::Rules(kind), _, _) => say!("title-rules", game = terms::game_name(kind)),
            _ => say!("title-plain"),
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
        self.resign_armed
    }

    /// Shows a message.
    fn tell(&mut self, text: Phrase, tone: Tone) {
        self.notice = Some(Notice {
            text,
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
            Action::SelectSide(side) => self.lobby.set_side(side),
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
                if self.require_online(say!("doing-cancel-seek")) {
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
                if self.require_online(say!("doing-exhibition")) {
                    out.push(self.new_game(OpponentPick::Exhibition(self.lobby.engine_pick())));
                }
            }
            Action::Analyse => out.extend(self.analyse()),
            Action::Start => out.extend(self.start()),
            Action::CreatePrivate => {
                if self.require_online(say!("doing-play-friend")) {
                    out.push(self.new_game(OpponentPick::Private));
                }
            }
            Action::JoinByCode => {
                let typed = self.lobby.code.trim().to_uppercase();
                let code = route::normalise_code(&typed).unwrap_or(typed);
                if code.is_empty() {
                    self.tell(say!("notice-type-code-first"), Tone::Problem);
                } else if self.require_online(say!("doing-join-friend")) {
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
                if self.require_online(say!("doing-accept-seek")) {
                    out.push(Outgoing::AcceptSeek(id));
                }
            }
            Action::Watch(id) => {
                if self.require_online(say!("doing-watch")) {
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
                if self.require_online(say!("doing-replay-server")) {
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
            Action::EditName => {
                self.name_edit = Some(self.name().to_owned());
                self.focus = Some(Field::Name);
                self.selection = None;
            }
            Action::TypeName(c) => {
                if let Some(edit) = &self.name_edit
                    && !c.is_control()
                {
                    let longer = format!("{edit}{c}");
                    self.type_name(longer);
                }
            }
            Action::EraseName => {
                if let Some(edit) = &mut self.name_edit {
                    edit.pop();
                }
            }
            Action::SaveName => out.extend(self.save_name()),
            Action::CancelName => {
                self.name_edit = None;
                self.focus = None;
                self.selection = None;
            }
            Action::Focus(field) => {
                if field != self.focus {
                    self.selection = None;
                }
                self.focus = field;
                if field == Some(Field::Name) && self.name_edit.is_none() {
                    self.name_edit = Some(self.name().to_owned());
                }
            }
            Action::Select(field, (start, end)) => {
                if self.focus == Some(field) {
                    self.selection = Some((start.min(end), start.max(end)));
                }
            }
            Action::SetText(Field::Name, text) => {
                if self.name_edit.is_some() {
                    self.type_name(text.chars().filter(|c| !c.is_control()).collect());
                }
            }
            Action::SetText(Field::Device, text) => {
                if let Some(d) = &mut self.devices {
                    d.entry = text
                        .chars()
                        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .take(16)
                        .map(|c| c.to_ascii_uppercase())
                        .collect();
                }
            }
            Action::SetText(Field::Code, text) => {
                self.lobby.code = text
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .take(16)
                    .map(|c| c.to_ascii_uppercase())
                    .collect();
            }
            Action::SetText(Field::Move, text) => self.type_move(text),
            action @ (Action::Cursor(_)
            | Action::PickAtCursor
            | Action::LetGo
            | Action::PlayTyped
            | Action::KeyFocus(_)) => out.extend(self.access(action)),
            Action::ToggleLanguages => self.languages_open = !self.languages_open,
            Action::SetLanguage(language) => {
                self.languages_open = false;
                if language != self.language || !self.language_chosen {
                    self.language = language;
                    self.language_chosen = true;
                    out.push(Outgoing::SetLanguage(Some(language)));
                }
            }
            Action::ToggleSound => {
                self.muted = !self.muted;
                self.cues.clear();
                out.push(Outgoing::SetMuted(self.muted));
            }
            Action::Cell(cell) => out.extend(self.cell(&cell)),
            Action::Press(cell) => {
                self.drag_from = None;
                out.extend(self.cell(&cell));
                // A piece picked up can be dragged to where it goes.
                if let Some(m) = &self.current
                    && m.selection.path().last() == Some(&cell)
                {
                    self.drag_from = Some(cell);
                }
            }
            Action::Release(cell) => {
                if let (Some(from), Some(to)) = (self.drag_from.take(), cell)
                    && from != to
                    && self
                        .current
                        .as_ref()
                        .is_some_and(|m| !m.selection.is_empty())
                {
                    out.extend(self.cell(&to));
                }
            }
            Action::LookAt(ply) => {
                if let Some(m) = &mut self.current {
                    m.look_at(ply);
                }
            }
            Action::LookStep(delta) => {
                if let Some(m) = &mut self.current {
                    m.look_step(delta);
                }
            }
            Action::LookPresent => {
                if let Some(m) = &mut self.current {
                    m.looking = None;
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
                // The first click asks for a second one, so a slip of the mouse loses nothing;
                // the question stays until answered or the game moves on.
                if self.resign_armed {
                    self.resign_armed = false;
                    out.extend(self.resign());
                } else if self.current.as_ref().is_some_and(|m| !m.finished()) {
                    self.resign_armed = true;
                }
            }
            Action::CancelResign => self.resign_armed = false,
            Action::OfferDraw => {
                if self.online_game() {
                    out.push(Outgoing::OfferDraw);
                    self.tell(say!("notice-draw-offered"), Tone::News);
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
                if let Err(why) = self.engine_help() {
                    self.tell(why, Tone::Problem);
                } else if self.online_game() {
                    out.push(Outgoing::Hint);
                } else {
                    self.tell(say!("help-needs-server"), Tone::Problem);
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
                        self.tell(say!("notice-game-goes-on"), Tone::News);
                    }
                }
                self.current = None;
                self.offer = None;
                self.resign_armed = false;
                self.drag_from = None;
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
            Action::Review => out.extend(self.ask_review()),
            Action::PlayFromHere => out.extend(self.play_from_here()),
            Action::Back => {
                self.screen = match self.screen {
                    Screen::Rules(_) => self.rules_return,
                    Screen::Replay => self.replay_return,
                    _ => Screen::Lobby,
                };
            }
            Action::Follow(route) => out.extend(self.follow(route)),
            Action::CopyCode => {
                if let Some(code) = self.lobby.my_code.clone() {
                    self.tell(say!("notice-code-copied", code = &code), Tone::News);
                    out.push(Outgoing::CopyText(code));
                }
            }
            Action::CloseInvite => self.invite_closed = true,
            Action::ShareGame => {
                if let Some(link) = self.game_link() {
                    out.push(Outgoing::Share(link));
                }
            }
            Action::CloseBrokenLink => {
                self.broken_link = None;
                self.screen = Screen::Lobby;
            }
            Action::OpenDevices => {
                self.devices = Some(Devices::default());
                out.push(Outgoing::DeviceCode);
            }
            Action::CloseDevices => {
                self.devices = None;
                if self.focus == Some(Field::Device) {
                    self.focus = None;
                }
            }
            Action::CopyDeviceLink => {
                if let Some(link) = self.device_link() {
                    self.tell(say!("notice-device-link-copied"), Tone::News);
                    out.push(Outgoing::CopyText(link));
                }
            }
            Action::LinkDevice => {
                let entry = self.devices.as_ref().map(|d| d.entry.clone());
                match entry.as_deref().and_then(route::normalise_code) {
                    Some(code) => out.push(Outgoing::LinkDevice(code)),
                    None => self.tell(say!("notice-device-code-shape"), Tone::Problem),
                }
            }
            Action::ScrollTo(y) => self.scroll = (self.screen, y.max(0)),
            Action::CopyInvite => {
                if let Some(code) = self.lobby.my_code.clone() {
                    let (text, said) = match &self.site {
                        Some(site) => {
                            let link = route::link(site, &Route::Join(code));
                            let said = say!("notice-link-copied", link = &link);
                            (link, said)
                        }
                        None => {
                            let said = say!("notice-code-copied", code = &code);
                            (code, said)
                        }
                    };
                    self.tell(said, Tone::News);
                    out.push(Outgoing::CopyText(text));
                }
            }
        }
        out
    }

    /// A click (or tap) on a cell of the board: towards a move, or a word on why not now.
    fn cell(&mut self, cell: &str) -> Vec<Outgoing> {
        let Some(m) = self.current.as_mut() else {
            return Vec::new();
        };
        if let Some(ply) = m.looking
            && self.screen == Screen::Game
        {
            let said = if ply == 0 {
                say!("notice-looking-back-start")
            } else {
                say!("notice-looking-back", ply = ply)
            };
            self.tell(said, Tone::News);
            return Vec::new();
        }
        match m.click(cell) {
            Some(mv) => self.enter_move(mv),
            None => Vec::new(),
        }
    }

    /// The name field's text as typed: every letter kept up to the limit, and the limit said
    /// when more was typed.
    fn type_name(&mut self, typed: String) {
        if names::name_chars(&typed) > MAX_NAME_CHARS {
            let kept = names::first_chars(&typed, MAX_NAME_CHARS).to_owned();
            self.tell(say!("name-cut", count = MAX_NAME_CHARS), Tone::Problem);
            self.selection = None;
            self.name_edit = Some(kept);
        } else {
            self.name_edit = Some(typed);
        }
    }

    /// Keeps the name typed: checked, sent to the server (which greets this client again under
    /// it), remembered.
    fn save_name(&mut self) -> Vec<Outgoing> {
        let Some(typed) = self.name_edit.clone() else {
            return Vec::new();
        };
        match clean_name(&typed) {
            Ok(name) => {
                self.name_edit = None;
                self.focus = None;
                if name == self.name() {
                    return Vec::new();
                }
                self.name.clone_from(&name);
                self.tell(say!("name-changed", name = &name), Tone::News);
                vec![Outgoing::Rename(name)]
            }
            Err(why) => {
                self.tell(why, Tone::Problem);
                Vec::new()
            }
        }
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
            self.tell(say!("notice-link-offline"), Tone::Problem);
            return Vec::new();
        }
        if !self.connection.online() {
            self.arrival = Some(route);
            return Vec::new();
        }
        self.arrival = None;
        self.broken_link = None;
        self.link = Some(route.clone());
        match route {
            Route::Lobby => Vec::new(),
            Route::Join(code) => vec![Outgoing::JoinByCode(code)],
            Route::Game(id) => {
                let mine = self.live.iter().any(|g| g.id == id && g.mine);
                vec![if mine {
                    Outgoing::Resume(id)
                } else {
                    Outgoing::Watch(id)
                }]
            }
            Route::Replay(id) => vec![Outgoing::Record(id)],
            Route::Link(code) => vec![Outgoing::LinkDevice(code)],
        }
    }

    /// Says that `what` needs the server when it is not connected.
    fn require_online(&mut self, what: Phrase) -> bool {
        if self.connection.online() {
            true
        } else {
            self.tell(say!("needs-server", what = what), Tone::Problem);
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
            side: self.lobby.side(),
            opponent,
            clock: self.lobby.clock().filter(|_| scored),
            rated: self.lobby.rated() && scored,
            position: None,
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
                        say!("notice-rules-clash", why = e.to_string()),
                        Tone::Problem,
                    ),
                }
                Vec::new()
            }
            PlayMode::Computer => {
                if self.require_online(say!("doing-play-computer")) {
                    vec![self.new_game(OpponentPick::Computer(self.lobby.engine_pick()))]
                } else {
                    Vec::new()
                }
            }
            PlayMode::Friend => {
                if self.require_online(say!("doing-play-friend")) {
                    vec![self.new_game(OpponentPick::Private)]
                } else {
                    Vec::new()
                }
            }
            PlayMode::Anyone => {
                if self.require_online(say!("doing-offer-anyone")) {
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
            self.tell(
                say!("notice-move-refused", why = e.to_string()),
                Tone::Problem,
            );
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
            self.tell(say!("notice-takeback-asked"), Tone::News);
            return vec![Outgoing::Takeback];
        }
        if let Some(m) = &mut self.current {
            if m.moves.is_empty() {
                self.tell(say!("notice-no-takeback"), Tone::News);
            } else if let Err(e) = m.take_back(1) {
                self.tell(
                    say!("notice-takeback-failed", why = e.to_string()),
                    Tone::Problem,
                );
            } else if self.screen == Screen::GameOver {
                self.screen = Screen::Game;
            }
        }
        Vec::new()
    }

    /// A new game with the same set-up (online: offered to the opponent).
    fn rematch(&mut self) -> Vec<Outgoing> {
        if self.online_game() {
            self.tell(say!("notice-rematch-offered"), Tone::News);
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
        if self.screen != Screen::Replay
            && let Err(why) = self.engine_help()
        {
            self.tell(why, Tone::Problem);
            return Vec::new();
        }
        if !self.require_online(say!("doing-analysis")) {
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
                r.game = m.id;
                self.replay = Some(r);
                self.screen = Screen::Replay;
                self.replay_return = Screen::GameOver;
            }
            Err(e) => self.tell(say!("notice-no-replay", why = e.to_string()), Tone::Problem),
        }
    }

    /// Opens a replay of a game the server sent (from the lobby's finished games).
    fn open_record(
        &mut self,
        id: u64,
        start: AnyGame,
        moves: &[String],
        names: [Phrase; 2],
        result: Option<Ending>,
    ) {
        match Replay::new(start, moves) {
            Ok(mut r) => {
                r.game = Some(id);
                r.names = names;
                r.result = result;
                r.jump(usize::MAX);
                self.replay = Some(r);
                self.replay_return = self.screen;
                self.screen = Screen::Replay;
            }
            Err(e) => self.tell(say!("notice-no-replay", why = e.to_string()), Tone::Problem),
        }
    }

    /// Moves time on: animations, autoplay, and the switch to the game-over screen once the
    /// last move has been shown.
    pub fn tick(&mut self, dt: f32) {
        self.frame(dt, dt);
    }

    /// Moves time on by a frame of `dt` seconds, as the render loop does: the clocks and
    /// notices by all of it, the animations by `shown` (the loop's [`crate::pace::Pacer`]
    /// caps it, so that the frame that brings the opponent's move after an idle pause shows
    /// the move from its start instead of skipping it).
    pub fn frame(&mut self, dt: f32, shown: f32) {
        if self.waiting_for_first_connection() {
            self.connecting_for += dt.max(0.0);
            if self.connecting_for >= FIRST_CONNECTION_PATIENCE {
                self.screen = Screen::Connection;
            }
        }
        if let Some(Devices {
            code: code @ Some(_),
            ..
        }) = &mut self.devices
        {
            if let Some((_, left)) = code.as_mut() {
                *left -= dt.max(0.0);
            }
            if code.as_ref().is_some_and(|(_, left)| *left <= 0.0) {
                *code = None;
            }
        }
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
            m.tick_by(dt, shown);
            if self.screen == Screen::Game && m.finished() && !m.animating() {
                self.screen = Screen::GameOver;
                self.result_hidden = false;
            }
        }
        if self.screen == Screen::Replay
            && let Some(r) = &mut self.replay
        {
            r.tick(shown);
        }
    }

    /// Whether the lobby is up while the first connection is being made, not yet long
    /// enough to say so.
    fn waiting_for_first_connection(&self) -> bool {
        !self.ever_connected
            && self.screen == Screen::Lobby
            && matches!(self.connection, Connection::Connecting { attempt: 1 })
            && self.connecting_for < FIRST_CONNECTION_PATIENCE
    }

    /// Whether the device has no network, as the browser says.
    pub fn device_offline(&self) -> bool {
        self.device_offline
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
        assert!(m.finished(), "{:?}", m.status());
        app.tick(0.1);
        assert_eq!(app.screen, Screen::Game, "the capture is still being shown");
        app.tick(1.0);
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
        app.tick(60.0);
        assert!(
            app.resign_asked(),
            "the question waits for an answer, however long"
        );
        app.handle(Action::CancelResign);
        assert!(
            app.current.as_ref().is_some_and(|m| !m.finished()) && !app.resign_asked(),
            "one click, then Keep playing: nothing happens"
        );
        app.handle(Action::Resign);
        app.handle(Action::Resign);
        let m = app.current.as_ref().expect("game");
        assert_eq!(m.status(), "Tigers win: Goats resigned");
        app.tick(0.0);
        assert_eq!(app.screen, Screen::GameOver);
        app.handle(Action::Rematch);
        app.handle(Action::OfferDraw);
        assert_eq!(
            app.current
                .as_ref()
                .map(|m| m.status().english())
                .as_deref(),
            Some("Draw agreed")
        );
    }

    #[test]
    fn online_only_actions_explain_themselves_when_offline() {
        let mut app = offline();
        app.handle(Action::SelectMode(PlayMode::Computer));
        assert!(app.handle(Action::Start).is_empty());
        let notice = app.notice.clone().expect("a notice");
        assert!(notice.tone == Tone::Problem && notice.text.english().contains("needs the server"));
        app.handle(Action::DismissNotice);
        app.handle(Action::JoinByCode);
        assert!(
            app.notice
                .as_ref()
                .is_some_and(|n| n.text.english().contains("invite code"))
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
    fn the_first_connection_shows_the_lobby_and_its_card_only_when_it_fails_or_takes_long() {
        let mut app = App::new(false);
        app.apply(Event::Connecting { attempt: 1 });
        assert_eq!(app.screen, Screen::Lobby, "no card while it connects");
        assert_eq!(app.next_change(), Some(FIRST_CONNECTION_PATIENCE));
        app.tick(1.5);
        assert_eq!(app.screen, Screen::Lobby);
        app.apply(Event::Welcomed {
            name: "asha".into(),
        });
        assert_eq!(app.screen, Screen::Lobby);
        // Slow: after two seconds, the card says it is still connecting.
        let mut slow = App::new(false);
        slow.apply(Event::Connecting { attempt: 1 });
        slow.tick(FIRST_CONNECTION_PATIENCE);
        assert_eq!(slow.screen, Screen::Connection);
        // A failed attempt shows the card at once.
        let mut failed = App::new(false);
        failed.apply(Event::Connecting { attempt: 1 });
        failed.apply(Event::Lost {
            reason: "The server is not answering.".into(),
            attempt: 1,
            retry_in: 2.0,
        });
        assert_eq!(failed.screen, Screen::Connection);
        // Later drops leave the player where they are (the top bar says it).
        app.apply(Event::Lost {
            reason: "The connection dropped.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert_eq!(app.screen, Screen::Lobby);
        // The device's own network is said apart from the server's.
        let mut unplugged = App::new(false);
        unplugged.apply(Event::DeviceOnline(false));
        assert!(unplugged.device_offline());
        unplugged.apply(Event::DeviceOnline(true));
        assert!(!unplugged.device_offline());
    }

    #[test]
    fn the_connection_state_follows_the_network_and_counts_down() {
        let mut app = App::new(false);
        app.screen = Screen::Connection;
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
        assert!(app.connection.describe().english().ends_with("in 1 s."));
        app.handle(Action::PlayOffline);
        assert_eq!(
            app.screen,
            Screen::Lobby,
            "local play while it keeps trying"
        );
        app.apply(Event::Connecting { attempt: 2 });
        assert!(app.connection.describe().english().contains("try 2"));
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
    fn the_devices_card_asks_for_a_code_takes_one_typed_and_the_code_expires() {
        let mut app = online();
        app.set_site(Some("http://h:1".into()));
        assert_eq!(app.handle(Action::OpenDevices), vec![Outgoing::DeviceCode]);
        assert_eq!(app.device_link(), None, "no code yet");
        let _ = app.apply(Event::DeviceCode {
            code: "QRST-2345".into(),
            expires_in: 600.0,
        });
        assert_eq!(
            app.device_link().as_deref(),
            Some("http://h:1/link/QRST-2345")
        );
        let copied = app.handle(Action::CopyDeviceLink);
        assert_eq!(
            copied,
            vec![Outgoing::CopyText("http://h:1/link/QRST-2345".into())]
        );
        // A code typed loosely is sent as the server hands them out; a wrong one is refused here.
        app.handle(Action::SetText(Field::Device, "ab12 cd34".into()));
        assert_eq!(
            app.handle(Action::LinkDevice),
            vec![Outgoing::LinkDevice("AB12-CD34".into())]
        );
        app.handle(Action::SetText(Field::Device, "ab1".into()));
        assert!(app.handle(Action::LinkDevice).is_empty());
        assert_eq!(app.notice().map(|n| n.tone), Some(Tone::Problem));
        // The code goes when its time is up.
        assert!(app.next_change().is_some_and(|t| t <= 600.0));
        app.tick(601.0);
        assert_eq!(app.devices().and_then(|d| d.code.clone()), None);
        app.handle(Action::CloseDevices);
        assert!(app.devices().is_none());
    }

    #[test]
    fn a_link_to_another_devices_code_uses_it_once_connected() {
        let mut app = App::new(false);
        assert!(
            app.handle(Action::Follow(Route::Link("QRST-2345".into())))
                .is_empty()
        );
        let out = app.apply(Event::Welcomed { name: "a".into() });
        assert!(
            out.contains(&Outgoing::LinkDevice("QRST-2345".into())),
            "{out:?}"
        );
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
                .is_some_and(|n| n.text.english().contains("needs the server"))
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
                position: None,
            }]
        );
        assert_eq!(app.handle(Action::CancelSeek(4)), [Outgoing::CancelSeek(4)]);
    }

    #[test]
    fn notices_go_away_by_themselves_and_a_reconnection_clears_the_alarm() {
        let mut app = offline();
        app.tell(Phrase::verbatim("Draw offered."), Tone::News);
        app.tick(NOTICE_SECONDS - 0.5);
        assert!(app.notice.is_some(), "still up");
        app.tick(1.0);
        assert!(app.notice.is_none(), "gone after {NOTICE_SECONDS} s");
        app.tell(
            Phrase::verbatim("The server is shutting down."),
            Tone::Problem,
        );
        app.tick(NOTICE_SECONDS + 1.0);
        assert!(app.notice.is_some(), "a problem stays longer");
        app.apply(Event::Welcomed {
            name: "asha".into(),
        });
        assert!(app.notice.is_none(), "connected again: the alarm is over");
        app.tell(Phrase::verbatim("Your seek is open."), Tone::News);
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
            app.handle(Action::Follow(Route::Game(7))),
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
        assert!(app.handle(Action::Follow(Route::Game(7))).is_empty());
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
                .is_some_and(|n| n.text.english().contains("/join/K7QM-2XPD"))
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

    /// A connected client playing `seats` in a server game of Bagh Chal against a person
    /// (or the computer, `ai`).
    fn seated(seats: Seats, ai: bool) -> App {
        let mut app = online();
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let mut m = Match::new(game, seats, true);
        if let Seats::One(me) = seats {
            m.ai[me.opponent().index()] = ai;
        }
        app.apply(Event::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: Vec::new(),
        })));
        app
    }

    fn moved(app: &mut App, notation: &str) {
        app.apply(Event::Game(GameChange::Moved {
            notation: notation.into(),
            clocks: None,
        }));
    }

    #[test]
    fn a_piece_is_dragged_to_its_point_or_clicked_then_clicked() {
        let mut app = offline();
        app.handle(Action::Start);
        app.handle(Action::Cell("c3".into()));
        app.tick(1.0);
        // Drag: press on the tiger, release on b2.
        app.handle(Action::Press("a1".into()));
        assert_eq!(app.dragging(), Some("a1"));
        app.handle(Action::Release(Some("b2".into())));
        let m = app.current().expect("game");
        assert_eq!(m.moves.last().map(|p| p.text.as_str()), Some("a1-b2"));
        assert_eq!(app.dragging(), None);
        app.tick(1.0);
        // Click-click (or tap-tap): press and release in place, then on the point.
        app.handle(Action::Cell("d3".into()));
        app.tick(1.0);
        app.handle(Action::Press("b2".into()));
        app.handle(Action::Release(Some("b2".into())));
        assert_eq!(
            app.current().map(|m| m.selection.path().len()),
            Some(1),
            "picked up"
        );
        app.handle(Action::Press("b1".into()));
        app.handle(Action::Release(Some("b1".into())));
        let m = app.current().expect("game");
        assert_eq!(m.moves.last().map(|p| p.text.as_str()), Some("b2-b1"));
        // A drag released off the board drops nothing; a press on an empty point drags nothing.
        app.tick(1.0);
        app.handle(Action::Press("c2".into()));
        app.handle(Action::Release(None));
        assert_eq!(
            app.current().map(|m| m.moves.len()),
            Some(5),
            "a placement by press"
        );
        app.tick(1.0);
        app.handle(Action::Press("b1".into()));
        app.handle(Action::Release(None));
        assert_eq!(app.current().map(|m| m.moves.len()), Some(5));
    }

    #[test]
    fn looking_back_blocks_moves_says_why_and_the_opponents_move_brings_the_present() {
        let mut app = seated(Seats::One(Side::Second), false);
        moved(&mut app, "c3");
        app.tick(1.0);
        assert_eq!(app.take_cues(), [Cue::Move], "the opponent moved");
        app.handle(Action::LookStep(-1));
        assert_eq!(app.current().and_then(|m| m.looking), Some(0));
        assert!(app.handle(Action::Cell("a1".into())).is_empty());
        assert!(
            app.notice()
                .is_some_and(|n| n.text.english().contains("looking back")),
            "{:?}",
            app.notice()
        );
        app.handle(Action::LookPresent);
        app.handle(Action::Cell("a1".into()));
        assert_eq!(
            app.handle(Action::Cell("b2".into())),
            [Outgoing::Move("a1-b2".into())]
        );
        moved(&mut app, "a1-b2");
        app.handle(Action::LookAt(1));
        moved(&mut app, "d3");
        assert_eq!(
            app.current().and_then(|m| m.looking),
            None,
            "a new move from the opponent is shown"
        );
    }

    #[test]
    fn the_resign_question_waits_until_answered_or_the_game_moves_on() {
        let mut app = seated(Seats::One(Side::First), false);
        app.handle(Action::Resign);
        app.tick(30.0);
        assert!(app.resign_asked());
        moved(&mut app, "c3");
        assert!(
            !app.resign_asked(),
            "a move came: asked again if still meant"
        );
        app.handle(Action::Resign);
        assert_eq!(app.handle(Action::Resign), [Outgoing::Resign]);
    }

    #[test]
    fn engine_help_is_for_the_computer_local_and_finished_games_only() {
        let mut person = seated(Seats::One(Side::First), false);
        assert!(person.engine_help().is_err());
        assert!(
            person.handle(Action::Hint).is_empty(),
            "no hint against a person"
        );
        assert!(person.handle(Action::Analyse).is_empty());
        assert!(
            person
                .notice()
                .is_some_and(|n| n.text.english().contains("No engine help"))
        );
        let mut computer = seated(Seats::One(Side::First), true);
        assert!(computer.engine_help().is_ok());
        assert_eq!(computer.handle(Action::Hint), [Outgoing::Hint]);
        let watcher = seated(Seats::Watching, false);
        assert!(
            watcher.engine_help().is_err(),
            "watching a live game of people"
        );
        let local = seated(Seats::Both, false);
        assert!(local.engine_help().is_ok());
        person.apply(Event::Game(GameChange::Ended {
            result: GameResult {
                winner: None,
                reason: ResultReason::Agreement,
            },
            clocks: None,
        }));
        assert!(
            person.engine_help().is_ok(),
            "a finished game may be analysed"
        );
        assert_eq!(person.take_cues(), [Cue::End]);
    }

    #[test]
    fn a_name_is_typed_checked_and_sent_and_sounds_toggle() {
        let mut app = online();
        app.handle(Action::EditName);
        assert_eq!(app.name_edit(), Some("a"));
        assert_eq!(app.focus(), Some(Field::Name));
        app.handle(Action::EraseName);
        assert!(
            app.handle(Action::SaveName).is_empty(),
            "an empty name is refused"
        );
        assert!(app.notice().is_some_and(|n| n.tone == Tone::Problem));
        for c in "Asha".chars() {
            app.handle(Action::TypeName(c));
        }
        assert_eq!(
            app.handle(Action::SaveName),
            [Outgoing::Rename("Asha".into())]
        );
        assert_eq!(app.name_edit(), None);
        // The phone's keyboard gives the whole text: every letter is kept, accents and all.
        app.handle(Action::EditName);
        app.handle(Action::SetText(Field::Name, "José Ñandú".into()));
        assert_eq!(app.name_edit(), Some("José Ñandú"));
        app.handle(Action::Select(Field::Name, (5, 0)));
        assert_eq!(app.selection(), Some((0, 5)));
        // No more than 32 characters as a person counts them, and the player is told.
        app.handle(Action::DismissNotice);
        let devanagari = "क्षि".repeat(MAX_NAME_CHARS);
        app.handle(Action::SetText(Field::Name, devanagari.clone()));
        assert_eq!(
            app.name_edit(),
            Some(devanagari.as_str()),
            "32 syllables fit"
        );
        assert!(app.notice().is_none());
        app.handle(Action::SetText(Field::Name, "x".repeat(40)));
        assert_eq!(app.name_edit(), Some("x".repeat(MAX_NAME_CHARS).as_str()));
        assert!(
            app.notice()
                .is_some_and(|n| n.tone == Tone::Problem && n.text.english().contains("at most 32")),
            "{:?}",
            app.notice()
        );
        assert_eq!(app.selection(), None, "the caret goes to the end");
        app.handle(Action::TypeName('y'));
        assert_eq!(app.name_edit().map(str::len), Some(MAX_NAME_CHARS));
        app.handle(Action::CancelName);
        assert_eq!(app.handle(Action::ToggleSound), [Outgoing::SetMuted(true)]);
        assert!(app.muted());
        assert_eq!(clean_name("  Bo  ").as_deref(), Ok("Bo"));
        assert_eq!(
            clean_name(&"y".repeat(33)).map_err(|e| e.english()),
            Err("A name has at most 32 characters.".to_owned())
        );
        assert!(clean_name("a\u{7}b").is_err());
    }

    #[test]
    fn a_friend_joining_is_heard_and_the_invitation_gives_link_and_code() {
        let mut app = online();
        app.set_site(Some("http://example.org:8080".into()));
        app.apply(Event::InviteCode("K7QM-2XPD".into()));
        assert!(app.invite_open());
        assert_eq!(
            app.invite_link().as_deref(),
            Some("http://example.org:8080/join/K7QM-2XPD")
        );
        assert_eq!(
            app.handle(Action::CopyCode),
            [Outgoing::CopyText("K7QM-2XPD".into())]
        );
        app.handle(Action::CloseInvite);
        assert!(!app.invite_open());
        assert_eq!(app.lobby().my_code.as_deref(), Some("K7QM-2XPD"), "kept");
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        app.apply(Event::Opened(Box::new(Opened {
            game: Match::new(game, Seats::One(Side::First), true),
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.take_cues(), [Cue::Join]);
        assert_eq!(
            tab_title(&app.title().english(), 0),
            "Your move: Bagh Chal - Chaupal"
        );
        assert_eq!(
            tab_title(&app.title().english(), 2),
            "(2) Your move: Bagh Chal - Chaupal"
        );
    }

    #[test]
    fn the_picture_changes_by_itself_only_when_something_moves_or_counts_down() {
        let mut app = offline();
        assert_eq!(
            app.next_change(),
            None,
            "an idle lobby never changes by itself"
        );
        app.handle(Action::SelectMode(PlayMode::Friend));
        app.handle(Action::EditName);
        assert_eq!(
            app.next_change(),
            None,
            "nor a text field taking the typing: its caret is steady"
        );
        app.handle(Action::CancelName);
        app.handle(Action::SelectMode(PlayMode::ThisComputer));
        app.handle(Action::Start);
        assert_eq!(app.next_change(), None, "a game waiting for a move neither");
        app.handle(Action::Cell("c3".into()));
        app.handle(Action::Cell("a1".into()));
        app.handle(Action::Cell("b2".into()));
        assert_eq!(app.next_change(), Some(0.0), "a piece is gliding");
        // A long frame (the first after an idle pause) moves the glide on by a short step.
        app.frame(5.0, 0.01);
        assert_eq!(
            app.next_change(),
            Some(0.0),
            "still gliding after a long frame"
        );
        app.tick(1.0);
        assert_eq!(app.next_change(), None);
        if let Some(m) = &mut app.current {
            m.clocks = Some(crate::play::ClockState {
                left_ms: [61_500.0, 5_000.0],
                running: Some(Side::First),
            });
        }
        let next = app.next_change().expect("a running clock");
        assert!((next - 0.5).abs() < 1e-3, "the next whole second: {next}");
        app.tell(Phrase::verbatim("Hello."), Tone::News);
        assert!(app.next_change().is_some_and(|t| t <= 0.5));
    }
}
