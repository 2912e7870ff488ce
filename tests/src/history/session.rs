//! One actor's connection that lives through faults: it speaks JSON to one node of the run at a
//! time, and when that node goes (killed, paused, shut down) it connects to the next one, says
//! hello again with its token, and sits back down at its games with the last version it saw.
//! Everything it sends and hears about the games it follows goes into the [`History`]; it
//! never panics on what a server does, since the point is to record it.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use chaupal_shared::codec::{DEFAULT_MESSAGE_LIMIT, decode_binary, decode_json, encode_json};
use chaupal_shared::protocol::{
    ClientMessage, Clocks, ErrorCode, ErrorReply, GameEvent, GameId, GameResult, GameStatus,
    PROTOCOL_VERSION, Reply, Request, ServerMessage, Version, WatchKey,
};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::log::{ActorId, History, Op};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a connection attempt (and its hello) may take before the next node is tried.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);

/// What an actor knows of one game it follows, built from the events and snapshots it received.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    /// The last event seen, in order.
    pub version: Version,
    pub moves: Vec<String>,
    /// The version of each move's event, where it was heard (not after a snapshot).
    pub move_versions: Vec<Option<Version>>,
    pub finished: bool,
    pub result: Option<GameResult>,
    pub clocks: Option<Clocks>,
    /// An event came out of order: the view waits for a resync (`rejoin`).
    pub gap: bool,
}

impl View {
    /// Takes in the game's next event; false when it is not the next one (a gap: the view
    /// then waits for a resync).
    fn apply(&mut self, version: Version, event: &GameEvent) -> bool {
        if version <= self.version {
            return true;
        }
        if version != self.version + 1 {
            self.gap = true;
            return false;
        }
        self.version = version;
        match event {
            GameEvent::Moved {
                ply,
                notation,
                clocks,
                ..
            } => {
                if *ply as usize != self.moves.len() + 1 {
                    self.gap = true;
                }
                self.moves.push(notation.clone());
                self.move_versions.resize(self.moves.len() - 1, None);
                self.move_versions.push(Some(version));
                self.clocks = *clocks;
            }
            GameEvent::TakenBack { ply, clocks, .. } => {
                self.moves.truncate(*ply as usize);
                self.move_versions.truncate(*ply as usize);
                self.clocks = *clocks;
            }
            GameEvent::Ended { result, clocks } => {
                self.finished = true;
                self.result = Some(*result);
                self.clocks = *clocks;
            }
            _ => {}
        }
        true
    }
}

/// Why a connection did not open: for now (another node, or a later try, may do), or for good
/// (the server refused the player).
enum Opened {
    Failed(String),
    Refused(String),
}

/// The answer to a request.
#[derive(Clone, Debug)]
pub enum Answer {
    Reply(Reply),
    Error(ErrorReply),
    /// No answer: the connection ended, or nothing came in time. The request may or may not
    /// have taken effect.
    Lost(String),
}

/// A connection to any of the run's nodes, for one actor.
pub struct Session {
    urls: Arc<[String]>,
    /// The node now (or next) connected to.
    node: usize,
    name: String,
    token: Option<String>,
    ws: Option<Ws>,
    next_id: u64,
    /// Numbers the moves this actor sends, for the history.
    next_req: u64,
    pub actor: ActorId,
    history: History,
    /// The games followed, and what is known of each.
    pub games: HashMap<GameId, View>,
    /// How long a request waits for its answer.
    pub patience: Duration,
    /// How long [`Session::connect`] keeps trying the nodes before it gives up.
    pub connect_patience: Duration,
    /// Set when a server refused the player for good (its token unknown, say): no more tries.
    pub refused: Option<String>,
    /// The games rejoined on the connection open now: only there does the protocol's promise
    /// hold that a move's event comes before its reply (docs/PROTOCOL.md, "Reconnecting").
    seated: HashSet<GameId>,
    /// The watch keys of the private games this actor sees (from a snapshot, or handed to it
    /// as a watch link's holder), sent when it sits down at one of them.
    keys: HashMap<GameId, WatchKey>,
}

impl Session {
    /// A session for `actor`, first trying node `first` of `urls`; nothing is opened yet.
    pub fn new(
        urls: Arc<[String]>,
        first: usize,
        name: &str,
        actor: ActorId,
        history: History,
    ) -> Session {
        Session {
            node: first % urls.len().max(1),
            urls,
            name: name.to_owned(),
            token: None,
            ws: None,
            next_id: 0,
            next_req: 0,
            actor,
            history,
            games: HashMap::new(),
            patience: Duration::from_secs(10),
            connect_patience: Duration::from_secs(120),
            refused: None,
            seated: HashSet::new(),
            keys: HashMap::new(),
        }
    }

    /// The node connected to, if any.
    pub fn node(&self) -> Option<usize> {
        self.ws.as_ref().map(|_| self.node)
    }

    /// Whether `game` was rejoined on the connection open now (a new connection has none).
    pub fn seated_at(&self, game: GameId) -> bool {
        self.ws.is_some() && self.seated.contains(&game)
    }

    /// The player's token, once a node has welcomed it.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// A new number for a move this actor sends.
    pub fn next_request(&mut self) -> u64 {
        self.next_req += 1;
        self.next_req
    }

    /// Follows `game` from now on (its events go into the history and its view).
    pub fn follow(&mut self, game: GameId) {
        self.games.entry(game).or_default();
    }

    /// The version of the event of `game`'s move at `ply` (from 0), where it was heard.
    pub fn move_version(&self, game: GameId, ply: u32) -> Option<Version> {
        self.games
            .get(&game)
            .and_then(|v| v.move_versions.get(ply as usize).copied().flatten())
    }

    /// What is known of `game`.
    pub fn view(&self, game: GameId) -> View {
        self.games.get(&game).cloned().unwrap_or_default()
    }

    fn record(&self, op: Op) {
        self.history.add(self.actor, self.node(), op);
    }

    /// Drops the connection (recording why) so that the next request connects again, to the
    /// next node.
    pub fn drop_connection(&mut self, why: &str) {
        self.seated.clear();
        if self.ws.take().is_some() {
            self.history.add(
                self.actor,
                Some(self.node),
                Op::Disconnected {
                    why: why.to_owned(),
                },
            );
        }
        self.node = (self.node + 1) % self.urls.len().max(1);
    }

    /// Connects (if not connected) to a node that answers, trying each in turn for at most
    /// [`Session::connect_patience`]; says hello with the token once there is one.
    pub async fn connect(&mut self) -> Result<(), String> {
        if self.ws.is_some() {
            return Ok(());
        }
        if let Some(why) = &self.refused {
            return Err(why.clone());
        }
        let deadline = Instant::now() + self.connect_patience;
        let mut last = String::new();
        while Instant::now() < deadline {
            let url = self.urls[self.node].clone();
            match tokio::time::timeout(CONNECT_WITHIN, self.open(&url)).await {
                Ok(Ok(ws)) => {
                    self.ws = Some(ws);
                    self.seated.clear();
                    self.record(Op::Connected);
                    return Ok(());
                }
                // A server that does not know the player will not know it on another try.
                Ok(Err(Opened::Refused(e))) => {
                    self.refused = Some(e.clone());
                    return Err(e);
                }
                Ok(Err(Opened::Failed(e))) => last = e,
                Err(_) => last = format!("{url}: no welcome within {CONNECT_WITHIN:?}"),
            }
            self.node = (self.node + 1) % self.urls.len().max(1);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        Err(format!("no node took the connection: {last}"))
    }

    /// Opens a websocket to `url` and says hello on it.
    async fn open(&mut self, url: &str) -> Result<Ws, Opened> {
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| Opened::Failed(format!("{url}: {e}")))?;
        self.next_id += 1;
        let id = self.next_id;
        let hello = ClientMessage {
            id,
            request: Request::Hello {
                version: PROTOCOL_VERSION,
                name: self.name.clone(),
                token: self.token.clone(),
                turns: false,
            },
        };
        let text = encode_json(&hello).map_err(|e| Opened::Failed(e.to_string()))?;
        ws.send(Message::text(text))
            .await
            .map_err(|e| Opened::Failed(e.to_string()))?;
        loop {
            match read(&mut ws).await {
                Some(ServerMessage::Reply {
                    id: i,
                    reply: Reply::Welcome(w),
                }) if i == id => {
                    self.token = Some(w.token.clone());
                    return Ok(ws);
                }
                Some(ServerMessage::Error { error, .. }) => {
                    let why = format!("{url}: hello refused: {:?} {}", error.code, error.reason);
                    return Err(match error.code {
                        ErrorCode::UnknownToken
                        | ErrorCode::VersionMismatch
                        | ErrorCode::BadName => Opened::Refused(why),
                        _ => Opened::Failed(why),
                    });
                }
                Some(_) => continue,
                None => return Err(Opened::Failed(format!("{url}: closed before the welcome"))),
            }
        }
    }

    /// Sends `request` and waits for its answer, taking in the events and snapshots that come
    /// meanwhile; connects first if need be.
    pub async fn request(&mut self, request: Request) -> Answer {
        if let Err(e) = self.connect().await {
            return Answer::Lost(e);
        }
        self.next_id += 1;
        let id = self.next_id;
        let Ok(text) = encode_json(&ClientMessage { id, request }) else {
            return Answer::Lost("the request does not encode".into());
        };
        let sent = match self.ws.as_mut() {
            Some(ws) => ws.send(Message::text(text)).await.is_ok(),
            None => false,
        };
        if !sent {
            self.drop_connection("sending failed");
            return Answer::Lost("sending failed".into());
        }
        let deadline = Instant::now() + self.patience;
        loop {
            let Some(ws) = self.ws.as_mut() else {
                return Answer::Lost("no connection".into());
            };
            let next = tokio::time::timeout_at(deadline, read(ws)).await;
            match next {
                Err(_) => {
                    // A node that stays silent (paused, say) is left for another.
                    self.drop_connection("no answer in time");
                    return Answer::Lost("no answer in time".into());
                }
                Ok(None) => {
                    self.drop_connection("closed by the server");
                    return Answer::Lost("the connection closed".into());
                }
                Ok(Some(ServerMessage::Reply { id: i, reply })) if i == id => {
                    return Answer::Reply(reply);
                }
                Ok(Some(ServerMessage::Error { id: Some(i), error })) if i == id => {
                    return Answer::Error(error);
                }
                Ok(Some(msg)) => self.observe(msg),
            }
        }
    }

    /// Takes in whatever arrives for `for_at_most`; false when the connection ended (or there
    /// was none).
    pub async fn pump(&mut self, for_at_most: Duration) -> bool {
        let deadline = Instant::now() + for_at_most;
        loop {
            let Some(ws) = self.ws.as_mut() else {
                return false;
            };
            match tokio::time::timeout_at(deadline, read(ws)).await {
                Err(_) => return true,
                Ok(None) => {
                    self.drop_connection("closed by the server");
                    return false;
                }
                Ok(Some(msg)) => self.observe(msg),
            }
        }
    }

    /// Takes in what arrived until `game`'s view reaches `version` (or finishes), for at most
    /// `for_at_most`; whether it did.
    pub async fn catch_up(
        &mut self,
        game: GameId,
        version: Version,
        for_at_most: Duration,
    ) -> bool {
        let deadline = Instant::now() + for_at_most;
        loop {
            let view = self.view(game);
            if view.version >= version || view.finished {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || !self.pump(left.min(Duration::from_millis(100))).await {
                let view = self.view(game);
                return view.version >= version || view.finished;
            }
        }
    }

    /// The watch key of private game `game`, when this actor has it.
    pub fn key(&self, game: GameId) -> Option<WatchKey> {
        self.keys.get(&game).cloned()
    }

    /// Hands this actor a private game's watch key, as a watch link would.
    pub fn know_key(&mut self, game: GameId, key: WatchKey) {
        self.keys.insert(game, key);
    }

    /// Sits down at `game` (or watches it): `rejoin` with the last version seen, trying again
    /// (and other nodes) while the game changes hands, for at most `for_at_most`.
    pub async fn sit(&mut self, game: GameId, for_at_most: Duration) -> Result<(), String> {
        self.follow(game);
        let deadline = Instant::now() + for_at_most;
        let mut last = String::new();
        while Instant::now() < deadline {
            if let Some(why) = &self.refused {
                return Err(format!("could not sit down at {game}: {why}"));
            }
            let view = self.view(game);
            let since = (view.version > 0 && !view.gap).then_some(view.version);
            self.record(Op::Rejoin { game, since });
            let rejoin = Request::Rejoin {
                game,
                since,
                key: self.key(game),
            };
            match self.request(rejoin).await {
                Answer::Reply(_) => {
                    self.seated.insert(game);
                    return Ok(());
                }
                Answer::Error(e)
                    if matches!(e.code, ErrorCode::Unavailable | ErrorCode::OutcomeUnknown) =>
                {
                    last = e.reason
                }
                // Over and closed: the record has the rest (the run reads it at the end).
                Answer::Error(e) if e.code == ErrorCode::GameOver => {
                    if let Some(view) = self.games.get_mut(&game) {
                        view.finished = true;
                    }
                    return Ok(());
                }
                Answer::Error(e) => {
                    return Err(format!("rejoin {game}: {:?} {}", e.code, e.reason));
                }
                Answer::Lost(why) => last = why,
            }
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
        Err(format!("could not sit down at {game}: {last}"))
    }

    /// Takes in one message: the events and snapshots of followed games go into the history and
    /// the views.
    fn observe(&mut self, msg: ServerMessage) {
        match msg {
            ServerMessage::Event {
                game,
                version,
                event,
            } => {
                let Some(view) = self.games.get_mut(&game) else {
                    return;
                };
                view.apply(version, &event);
                self.record(Op::Event {
                    game,
                    version,
                    event,
                });
            }
            ServerMessage::Snapshot(s) => {
                let game = s.summary.game;
                if let Some(key) = &s.watch_key {
                    self.keys.insert(game, key.clone());
                }
                let Some(view) = self.games.get_mut(&game) else {
                    return;
                };
                *view = View {
                    version: s.version,
                    move_versions: vec![None; s.moves.len()],
                    moves: s.moves.clone(),
                    finished: s.summary.status == GameStatus::Finished,
                    result: s.summary.result,
                    clocks: s.clocks,
                    gap: false,
                };
                self.record(Op::Snapshot {
                    game,
                    version: s.version,
                    moves: s.moves,
                    status: s.summary.status,
                    result: s.summary.result,
                });
            }
            _ => {}
        }
    }
}

/// The next protocol message on `ws`; `None` when it ended.
async fn read(ws: &mut Ws) -> Option<ServerMessage> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => {
                return decode_json(t.as_str(), 16 * DEFAULT_MESSAGE_LIMIT).ok();
            }
            Ok(Message::Binary(b)) => return decode_binary(&b, 16 * DEFAULT_MESSAGE_LIMIT).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => continue,
        }
    }
}
