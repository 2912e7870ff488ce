//! The connection, the device and the page as the app hears of them: connecting, greeted,
//! lost, not allowed; the device's network; the page hidden; requests not sent or refused, and
//! problems in general.

use crate::app::App;
use crate::app::Event;
use crate::app::Outgoing;
use crate::app::connection::Connection;
use crate::app::game::ResignQuestion;
use crate::app::shell::{Screen, Tone};
use crate::say;
use crate::words::Phrase;

/// What happens outside the app about the connection.
#[derive(Clone, Debug)]
pub enum ConnectionEvent {
    /// The network is trying to connect (attempt 1 is the first since the last success).
    Connecting { attempt: u32 },
    /// The connection failed or dropped (the reason in words); the next try is in `retry_in`
    /// seconds.
    Lost {
        reason: Phrase,
        attempt: u32,
        retry_in: f32,
    },
    /// The server does not allow the page's address (the reason in words); no try comes
    /// until the player asks.
    NotAllowed { reason: Phrase },
    /// The server greeted this player by `name`.
    Welcomed { name: String },
    /// The device's network came (true) or went (false), as the browser says.
    DeviceOnline(bool),
    /// The page was hidden (true: the tab in the background) or shown again.
    PageHidden(bool),
    /// A request could not go out: there is no connection to the server now.
    NotSent,
    /// The server refused a request: why, in words, and whether a move entered on the board
    /// was refused (so the board unlocks).
    Refused { text: Phrase, unlock_board: bool },
    /// Something went wrong outside the app: the words for the player.
    Problem(Phrase),
}

impl From<ConnectionEvent> for Event {
    fn from(event: ConnectionEvent) -> Self {
        Event::Connection(event)
    }
}

impl App {
    /// Takes in an event about the connection, the device, the page and the server's refusals.
    pub(in crate::app) fn apply_connection(&mut self, event: ConnectionEvent) -> Vec<Outgoing> {
        match event {
            ConnectionEvent::Connecting { attempt } => self.connecting(attempt),
            ConnectionEvent::Lost {
                reason,
                attempt,
                retry_in,
            } => self.lost(reason, attempt, retry_in),
            ConnectionEvent::NotAllowed { reason } => self.not_allowed(reason),
            ConnectionEvent::Welcomed { name } => return self.connected(&name),
            ConnectionEvent::Problem(text) => self.tell(text, Tone::Problem),
            ConnectionEvent::DeviceOnline(online) => self.online.device_offline = !online,
            ConnectionEvent::PageHidden(hidden) => self.shell.page_hidden = hidden,
            ConnectionEvent::NotSent => {
                self.tell(say!("notice-not-sent"), Tone::Problem);
                if self.game.resign == ResignQuestion::Sent {
                    self.game.resign = ResignQuestion::Closed;
                }
                if let Some(m) = &mut self.game.current {
                    m.pending = None;
                }
                if let Some(a) = &mut self.puzzles.attempt {
                    a.refused();
                }
                self.puzzles.asking = false;
            }
            ConnectionEvent::Refused { text, unlock_board } => {
                // A game asked for from the replay and refused: nothing to wait for.
                self.game.starting_from_replay = false;
                // A resignation refused (the game had ended, say): the question is put away.
                if self.game.resign == ResignQuestion::Sent {
                    self.game.resign = ResignQuestion::Closed;
                }
                if unlock_board && let Some(m) = &mut self.game.current {
                    m.pending = None;
                    m.selection.clear();
                }
                match self.links.link.take() {
                    // The link the player came by leads nowhere: a card says so.
                    Some(route) => {
                        let why = broken_link_words(&route, text);
                        self.links.broken_link = Some((route, why));
                        self.screen = Screen::Lobby;
                    }
                    None => self.tell(text, Tone::Problem),
                }
            }
        }
        Vec::new()
    }
}

/// Why a link leads nowhere, in words for the card: what the link was for, what the server
/// said (`said`), and what can be done.
fn broken_link_words(route: &crate::route::Route, said: Phrase) -> Phrase {
    use crate::route::Route;
    match route {
        Route::Join(code) => say!("broken-invite", code = code),
        Route::Game(id) => say!("broken-game", id = *id, said = said),
        Route::Replay(id) => say!("broken-replay", id = *id, said = said),
        Route::Link(code) => say!("broken-device", code = code),
        Route::Puzzle(id) => say!("broken-puzzle", id = id, said = said),
        Route::Tournament { id, .. } => say!("broken-tournament", id = *id, said = said),
        Route::Lobby => said,
    }
}

impl App {
    /// The network thread is trying to connect.
    pub(in crate::app) fn connecting(&mut self, attempt: u32) {
        if self.online.connection != Connection::Offline {
            self.online.connection = Connection::Connecting { attempt };
        }
    }

    /// The connection is up and the server greeted this player by `name`: where a link sent
    /// the player, it goes now.
    pub(in crate::app) fn connected(&mut self, name: &str) -> Vec<Outgoing> {
        self.online.connection = Connection::Connected {
            name: name.to_owned(),
        };
        self.online.ever_connected = true;
        // What was said about the lost connection is over now.
        if self
            .shell
            .notice
            .as_ref()
            .is_some_and(|n| n.tone == Tone::Problem)
        {
            self.shell.notice = None;
        }
        if self.screen == Screen::Connection {
            self.screen = Screen::Lobby;
        }
        let mut out = self.puzzles_reconnected();
        out.extend(self.tournaments_reconnected());
        if let Some(route) = self.links.arrival.take() {
            out.extend(self.follow(route));
        } else {
            out.extend(self.invitation_again());
        }
        out
    }

    /// The connection failed or dropped; the next try is in `retry_in` seconds.
    pub(in crate::app) fn lost(&mut self, reason: Phrase, attempt: u32, retry_in: f32) {
        let was_online = self.online.connection.online();
        self.online.retry_left = retry_in;
        self.online.connection = Connection::Retrying {
            reason: reason.clone(),
            attempt,
            in_secs: retry_in.ceil() as u32,
        };
        self.lobby.seeks.clear();
        self.lobby.live.clear();
        self.waiting_after_loss();
        // The first connection failed: the card says why, and offers play on this device.
        if !self.online.ever_connected && self.screen == Screen::Lobby {
            self.screen = Screen::Connection;
        }
        if was_online && self.online_game() {
            self.tell(say!("notice-game-kept", reason = reason), Tone::Problem);
        }
    }

    /// The server refused the page's address: the connection card says so, with the way to
    /// play on this device, and nothing retries by itself.
    pub(in crate::app) fn not_allowed(&mut self, reason: Phrase) {
        self.online.connection = Connection::NotAllowed { reason };
        self.lobby.seeks.clear();
        self.lobby.live.clear();
        if !self.online.ever_connected && self.screen == Screen::Lobby {
            self.screen = Screen::Connection;
        }
    }
}
