//! What the frames mean: the client's side of the Chaupal protocol. [`Link`] turns the app's
//! [`Outgoing`] wishes into requests, and the server's messages into [`Event`]s for
//! [`App::apply`]: the greeting with the remembered token, the lobby lists, games from
//! snapshots and numbered events (asking to rejoin on a gap or after a reconnection), offers,
//! hints, presence, and every error in words. It reads the app but never changes it, and holds
//! no socket, so all of it is tested with plain values.
//!
//! This file holds the link's state: the request ids and what each asked (to make sense of its
//! reply), the greeting, the game followed and the version of its last event; and [`settle`],
//! which hands what the link made of a message to the app. The requests for the app's wishes
//! are in `requests`, the replies and errors in `replies`, the games' snapshots and numbered
//! events in `games`, the lobby's lists in `lobby`, an invitation read by its code in
//! `invitation`, this player's correspondence games in
//! `my_games`, their seeks and invitations still waiting in `waiting`, puzzles in `puzzles`.

mod games;
mod invitation;
mod lobby;
mod my_games;
mod puzzles;
mod replies;
mod requests;
#[cfg(test)]
mod testing;
mod tournaments;
mod waiting;

use std::collections::{HashMap, VecDeque};

use chaupal_shared::protocol::{
    ClientMessage, GameId, PROTOCOL_VERSION, PlayerId, Request, Version, WatchKey,
};

use crate::app::{App, Event, Outgoing};

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
    /// Reading an invitation by its code.
    Invitation,
    /// Declining an invitation.
    Decline,
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
    /// This player's games in play.
    MyGames,
    /// This player's seeks and invitations still waiting.
    MySeeks,
    /// Withdrawing a seek or an invitation.
    CancelSeek,
    /// Giving the server this browser's push subscription.
    Push,
    /// Muting a game's notifications (none: all), or unmuting them.
    Mute(Option<GameId>, bool),
    /// A puzzle: the next one, or one by its id.
    Puzzle,
    /// A puzzle move's judgement.
    PuzzleMove,
    /// A puzzle's solution.
    PuzzleSolution,
    /// The puzzles' themes or the day's puzzles.
    PuzzleLists,
    /// The puzzles made from the player's mistakes in a game.
    MistakePuzzles,
    /// A tournament's list, view or standings.
    Tournament,
    /// A new tournament.
    TournamentMade,
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
    /// The watch keys of private games this client may see (from a link it came by, or a
    /// snapshot), sent with every request that shows one of them.
    keys: HashMap<GameId, WatchKey>,
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

    /// The watch key of `game`, when it is a private game this client holds the key of.
    fn key(&self, game: GameId) -> Option<WatchKey> {
        self.keys.get(&game).cloned()
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
