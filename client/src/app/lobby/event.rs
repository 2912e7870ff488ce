//! The lobby's lists as the server changes them: whole, or entry by entry; this player's
//! games in play and what waits for an opponent.

use crate::app::App;
use crate::app::Event;
use crate::app::lobby::{FinishedEntry, LiveEntry, SeekEntry};
use crate::app::my_games::{MyGamesChange, WaitingSeek};
use crate::app::shell::Tone;
use crate::say;

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
    /// A live game went on: its id and the moves played now.
    GameProgress {
        id: u64,
        moves: u32,
    },
    GameEnded(u64),
    /// This player's games in play ("My games").
    MyGames(MyGamesChange),
    /// This player's seeks and invitations still waiting for an opponent, whole (the answer
    /// to `my_seeks`).
    Waiting(Vec<WaitingSeek>),
    /// This player's open seek is listed.
    SeekOpened,
}

impl From<LobbyChange> for Event {
    fn from(change: LobbyChange) -> Self {
        Event::Lobby(change)
    }
}

impl App {
    /// Takes in a change of the lobby's lists.
    pub(in crate::app) fn change_lobby(&mut self, change: LobbyChange) {
        match change {
            LobbyChange::SeekOpened => {
                self.lobby.seeking = true;
                self.tell(say!("notice-seek-open"), Tone::News);
            }
            LobbyChange::Lists { seeks, live } => {
                self.lobby.seeks = seeks;
                self.lobby.live = live;
            }
            LobbyChange::Seeks(seeks) => self.lobby.seeks = seeks,
            LobbyChange::Live(live) => self.lobby.live = live,
            LobbyChange::Finished(finished) => self.lobby.finished = finished,
            LobbyChange::SeekAdded(seek) => {
                self.lobby.seeks.retain(|e| e.id != seek.id);
                self.lobby.seeks.push(seek);
            }
            LobbyChange::SeekRemoved(id) => {
                self.lobby.seeks.retain(|e| e.id != id);
                self.waiting_gone(id);
            }
            LobbyChange::GameStarted(game) => {
                self.lobby.live.retain(|e| e.id != game.id);
                self.lobby.live.push(game);
            }
            LobbyChange::GameProgress { id, moves } => {
                if let Some(entry) = self.lobby.live.iter_mut().find(|e| e.id == id) {
                    entry.moves = moves;
                }
            }
            LobbyChange::GameEnded(id) => self.lobby.live.retain(|e| e.id != id),
            LobbyChange::MyGames(change) => self.change_my_games(change),
            LobbyChange::Waiting(seeks) => self.set_waiting(seeks),
        }
    }
}
