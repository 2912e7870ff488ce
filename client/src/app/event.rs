//! What happens outside the app, in the client's terms: the connection coming and going, and
//! what the server said (lobby lists, a game to show, its moves and offers, answers to
//! requests). [`App::apply`] takes these in; it is the one place where they change the state.

use chaupal_shared::protocol::{GameResult, SeatPresence};
use chaupal_shared::{AnyGame, Side};

use super::{App, Connection, FinishedEntry, LiveEntry, Offer, Outgoing, Screen, SeekEntry, Tone};
use crate::play::{ClockState, Hint, Match, Seats, capitalise, game_result_text};

/// Something that happened outside the app.
#[derive(Clone, Debug)]
pub enum Event {
    /// The network is trying to connect (attempt 1 is the first since the last success).
    Connecting { attempt: u32 },
    /// The connection failed or dropped (the reason in words); the next try is in `retry_in`
    /// seconds.
    Lost {
        reason: String,
        attempt: u32,
        retry_in: f32,
    },
    /// The server greeted this player by `name`.
    Welcomed { name: String },
    /// Something went wrong outside the app: the words for the player.
    Problem(String),
    /// A request could not go out: there is no connection to the server now.
    NotSent,
    /// The lobby's lists changed.
    Lobby(LobbyChange),
    /// The private game this player created waits for a friend with this invite code.
    InviteCode(String),
    /// This player's open seek is listed.
    SeekOpened,
    /// A game to show, from the server's snapshot (watching, rejoining, a game that started).
    Opened(Box<Opened>),
    /// Who is at the game on the screen: the watchers, and whether each seat is connected.
    Presence {
        watchers: u32,
        seats: [SeatPresence; 2],
    },
    /// The next thing that happened in the game on the screen.
    Game(GameChange),
    /// The server took this player's move.
    MoveAccepted,
    /// The server refused a request: why, in words, and whether a move entered on the board
    /// was refused (so the board unlocks).
    Refused { text: String, unlock_board: bool },
    /// The engine's suggestion (none: it has no move to suggest); `analysis` when it answers
    /// Analyse rather than Hint, so it goes on the replay when the replay is up.
    Suggestion { hint: Option<Hint>, analysis: bool },
    /// A finished game's record, to replay.
    Record(Box<Record>),
}

/// A change of the lobby's lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyChange {
    /// Both lists of the lobby, whole (on subscribing, and after a reset).
    Lists {
        seeks: Vec<SeekEntry>,
        live: Vec<LiveEntry>,
    },
    /// The open seeks, whole.
    Seeks(Vec<SeekEntry>),
    /// The live games, whole.
    Live(Vec<LiveEntry>),
    /// This player's finished games, newest first.
    Finished(Vec<FinishedEntry>),
    SeekAdded(SeekEntry),
    SeekRemoved(u64),
    GameStarted(LiveEntry),
    GameEnded(u64),
}

/// A game to show, as the server's snapshot describes it.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The game, with its moves played, seats, names, clocks and result.
    pub game: Match,
    /// People watching it.
    pub watchers: u32,
    /// The offers open in it and who made each: the draw first, then the takeback, then the
    /// rematch.
    pub offers: Vec<(Offer, Side)>,
}

/// A finished game's record.
#[derive(Clone, Debug)]
pub struct Record {
    pub start: AnyGame,
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// The players' names, by `Side::index`.
    pub names: [String; 2],
    /// The result in words, when there is one.
    pub result: Option<String>,
}

/// The next thing that happened in the game on the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum GameChange {
    /// A move, and the clocks after it.
    Moved {
        notation: String,
        clocks: Option<ClockState>,
    },
    DrawOffered {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    TakebackRequested {
        by: Side,
    },
    TakebackDeclined {
        by: Side,
    },
    /// The last `plies` moves were taken back.
    TakenBack {
        plies: u32,
        clocks: Option<ClockState>,
    },
    RematchOffered {
        by: Side,
    },
    RematchDeclined {
        by: Side,
    },
    /// The rematch began; its game is shown when its snapshot comes.
    RematchStarted,
    /// The game is over.
    Ended {
        result: GameResult,
        clocks: Option<ClockState>,
    },
}

impl App {
    /// Takes in one event from outside: the one place where what happens outside changes the
    /// state. Returns what must be sent back: the game on the screen asked for whole again
    /// when the board here went out of step with the server's.
    pub fn apply(&mut self, event: Event) -> Vec<Outgoing> {
        match event {
            Event::Connecting { attempt } => self.connecting(attempt),
            Event::Lost {
                reason,
                attempt,
                retry_in,
            } => self.lost(&reason, attempt, retry_in),
            Event::Welcomed { name } => self.connected(&name),
            Event::Problem(text) => self.tell(text, Tone::Problem),
            Event::NotSent => {
                self.tell(
                    "Not connected to the server right now: that has to wait until the \
                     connection is back.",
                    Tone::Problem,
                );
                if let Some(m) = &mut self.current {
                    m.pending = None;
                }
            }
            Event::Lobby(change) => self.change_lobby(change),
            Event::InviteCode(code) => {
                self.tell(
                    format!(
                        "Your private game is ready. Give your friend the invite code {code}: \
                         the game starts when they join."
                    ),
                    Tone::News,
                );
                self.lobby.my_code = Some(code);
            }
            Event::SeekOpened => self.tell(
                "Your seek is open: the game starts when someone accepts.",
                Tone::News,
            ),
            Event::Opened(opened) => self.open(*opened),
            Event::Presence { watchers, seats } => self.presence(watchers, seats),
            Event::Game(change) => return self.change_game(change),
            Event::MoveAccepted => {
                if let Some(m) = &mut self.current {
                    m.pending = None;
                }
            }
            Event::Refused { text, unlock_board } => {
                if unlock_board && let Some(m) = &mut self.current {
                    m.pending = None;
                    m.selection.clear();
                }
                self.tell(text, Tone::Problem);
            }
            Event::Suggestion { hint, analysis } => match hint {
                Some(h) => match (analysis, self.screen, &mut self.replay, &mut self.current) {
                    (true, Screen::Replay, Some(r), _) => r.hint = Some(h),
                    (_, _, _, Some(m)) => m.hint = Some(h),
                    _ => {}
                },
                None => self.tell("The engine has no move to suggest here.", Tone::News),
            },
            Event::Record(record) => {
                let Record {
                    start,
                    moves,
                    names,
                    result,
                } = *record;
                self.open_record(start, &moves, names, result);
            }
        }
        Vec::new()
    }

    /// The network thread is trying to connect.
    fn connecting(&mut self, attempt: u32) {
        if self.connection != Connection::Offline {
            self.connection = Connection::Connecting { attempt };
        }
    }

    /// The connection is up and the server greeted this player by `name`.
    fn connected(&mut self, name: &str) {
        self.connection = Connection::Connected {
            name: name.to_owned(),
        };
        // What was said about the lost connection is over now.
        if self
            .notice
            .as_ref()
            .is_some_and(|n| n.tone == Tone::Problem)
        {
            self.notice = None;
        }
        if self.screen == Screen::Connection {
            self.screen = Screen::Lobby;
        }
    }

    /// The connection failed or dropped; the next try is in `retry_in` seconds.
    fn lost(&mut self, reason: &str, attempt: u32, retry_in: f32) {
        let was_online = self.connection.online();
        self.retry_left = retry_in;
        self.connection = Connection::Retrying {
            reason: reason.to_owned(),
            attempt,
            in_secs: retry_in.ceil() as u32,
        };
        self.seeks.clear();
        self.live.clear();
        if was_online && self.online_game() {
            self.tell(
                format!(
                    "{reason} Your game is kept on the server: the client reconnects by itself \
                     and picks it up again."
                ),
                Tone::Problem,
            );
        }
    }

    fn change_lobby(&mut self, change: LobbyChange) {
        match change {
            LobbyChange::Lists { seeks, live } => {
                self.seeks = seeks;
                self.live = live;
            }
            LobbyChange::Seeks(seeks) => self.seeks = seeks,
            LobbyChange::Live(live) => self.live = live,
            LobbyChange::Finished(finished) => self.finished = finished,
            LobbyChange::SeekAdded(seek) => {
                self.seeks.retain(|e| e.id != seek.id);
                self.seeks.push(seek);
            }
            LobbyChange::SeekRemoved(id) => self.seeks.retain(|e| e.id != id),
            LobbyChange::GameStarted(game) => {
                self.live.retain(|e| e.id != game.id);
                self.live.push(game);
            }
            LobbyChange::GameEnded(id) => self.live.retain(|e| e.id != id),
        }
    }

    /// Shows a game from the server's snapshot.
    fn open(&mut self, opened: Opened) {
        let Opened {
            game,
            watchers,
            offers,
        } = opened;
        // Only the other player's offers are this player's to answer; a watcher answers none.
        self.offer = self
            .my_side_in(&game)
            .and_then(|me| offers.iter().find(|(_, by)| *by != me))
            .map(|(offer, _)| *offer);
        self.watchers = watchers;
        self.current = Some(game);
        if self.lobby.my_code.take().is_some()
            && self.notice.as_ref().is_some_and(|n| n.tone == Tone::News)
        {
            // The invitation was taken up: what it said is done.
            self.notice = None;
        }
        if matches!(
            self.screen,
            Screen::Lobby | Screen::Connection | Screen::Game | Screen::GameOver
        ) {
            self.screen = Screen::Game;
        }
    }

    /// Who is at the game on the screen.
    fn presence(&mut self, watchers: u32, seats: [SeatPresence; 2]) {
        self.watchers = watchers;
        if let Some(me) = self.my_side() {
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
                self.tell(
                    format!("Your opponent lost the connection.{when}"),
                    Tone::News,
                );
            }
        }
    }

    /// The next thing that happened in the game on the screen; asks for the game whole again
    /// when it cannot be followed here.
    fn change_game(&mut self, change: GameChange) -> Vec<Outgoing> {
        let my_side = self.my_side();
        // Offers are for the other player to answer: a watcher only hears of them.
        let theirs = |by: Side| my_side.is_some_and(|me| me != by);
        let Some(m) = self.current.as_mut() else {
            return Vec::new();
        };
        let kind = m.kind();
        match change {
            GameChange::Moved { notation, clocks } => {
                if let Err(e) = m.apply(&notation) {
                    // The board here went out of step with the server's: start over from a
                    // snapshot.
                    self.tell(format!("Resynchronising the game ({e})."), Tone::News);
                    return vec![Outgoing::Resync];
                }
                set_clocks(m, clocks);
                if self.offer == Some(Offer::Draw) {
                    self.offer = None;
                }
            }
            GameChange::DrawOffered { by } => {
                let who = capitalise(kind.side_name(by));
                if theirs(by) {
                    self.offer = Some(Offer::Draw);
                    self.tell(format!("{who} offer a draw."), Tone::News);
                } else if my_side.is_none() {
                    self.tell(format!("{who} offer a draw."), Tone::News);
                }
            }
            GameChange::DrawDeclined { by } => {
                self.offer = None;
                if theirs(by) {
                    self.tell("Your draw offer was declined.", Tone::News);
                }
            }
            GameChange::TakebackRequested { by } => {
                if theirs(by) {
                    self.offer = Some(Offer::Takeback);
                    self.tell(
                        "Your opponent asks to take back their last move.",
                        Tone::News,
                    );
                }
            }
            GameChange::TakebackDeclined { by } => {
                self.offer = None;
                if theirs(by) {
                    self.tell("Your takeback request was declined.", Tone::News);
                }
            }
            GameChange::TakenBack { plies, clocks } => {
                self.offer = None;
                let seated = my_side.is_some() || m.seats == Seats::Both;
                if let Err(e) = m.take_back(plies as usize) {
                    self.tell(format!("Resynchronising the game ({e})."), Tone::News);
                    return vec![Outgoing::Resync];
                }
                set_clocks(m, clocks);
                if self.screen == Screen::GameOver {
                    self.screen = Screen::Game;
                }
                if seated {
                    self.tell(
                        match plies {
                            1 => "One move was taken back.".to_owned(),
                            n => format!("{n} moves were taken back."),
                        },
                        Tone::News,
                    );
                }
            }
            GameChange::RematchOffered { by } => {
                if theirs(by) {
                    self.offer = Some(Offer::Rematch);
                    self.tell("Your opponent offers a rematch.", Tone::News);
                }
            }
            GameChange::RematchDeclined { by } => {
                self.offer = None;
                if theirs(by) {
                    self.tell("The rematch was declined.", Tone::News);
                }
            }
            GameChange::RematchStarted => self.offer = None,
            GameChange::Ended { result, clocks } => {
                self.offer = None;
                set_clocks(m, clocks);
                m.ended = Some(game_result_text(kind, result, &m.names));
                m.pending = None;
            }
        }
        Vec::new()
    }
}

/// Takes the server's clocks, when it sent them.
fn set_clocks(m: &mut Match, clocks: Option<ClockState>) {
    if let Some(c) = clocks {
        m.clocks = Some(c);
    }
}
