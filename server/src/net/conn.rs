//! One connection: the websocket handshake, the Hello, frames in and out, and every limit.
//!
//! The connection task reads frames, enforces the limits, decodes requests and hands them to
//! [`super::handler`]; it never touches game state. A separate writer task drains the
//! connection's queue ([`Outgoing`], bounded in messages and in encoded bytes: [`Meter`]) into
//! the socket, each write bounded in time. A queue that fills up, or a write that takes too
//! long, drops the connection: a client that never reads is never buffered without bound.
//!
//! Bad input never ends the server and never changes a game: an oversized frame gets a
//! `too_large` error and the connection is closed (the socket cannot be read past it); a
//! message over the decode limit, a garbage, truncated or mistyped message, or a request
//! beyond the message budget gets an error and the connection stays open, except that a client
//! refused more than `--flood-refusals` messages within `--flood-window-ms` is closed.
//!
//! A connection closes gracefully: what is queued is written, then the close frame; then the
//! server half-closes the socket and reads (and drops) whatever the client still sends, until
//! the client closes its side or [`CLOSE_FLUSH`] passes. Closing a socket with unread input
//! makes the kernel reset it, and a reset can destroy what the client has not read yet: the
//! last error and the close frame.

use crate::proxies::Peer;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chaupal_shared::codec::{decode_binary, decode_json, encode_binary, encode_json};
use chaupal_shared::protocol::{
    ClientMessage, ErrorCode, ErrorReply, LimitsInfo, PROTOCOL_VERSION, PlayerInfo, Reply, Request,
    ServerMessage, Welcome,
};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until, timeout, timeout_at};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::server::{
    ErrorResponse as HandshakeRefusal, Request as HandshakeRequest, Response as HandshakeResponse,
};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::CloseFrame;
use tokio_tungstenite::tungstenite::{Error as WsError, Message, error::CapacityError};
use tokio_util::sync::CancellationToken;

use super::budget::{Budget, Refusals};
use super::{Admission, Refusal, Shared};
use crate::identity::{new_token, token_hash};
use crate::outbox::{ConnId, Meter, Outbox, Outgoing, Refused, queue};
use crate::puzzles::session::Session;
use chaupal_shared::protocol::echo::about;
use chaupal_shared::protocol::names::clean_name;

/// Close codes (RFC 6455).
const CLOSE_NORMAL: u16 = 1000;
const CLOSE_GOING_AWAY: u16 = 1001;
const CLOSE_PROTOCOL: u16 = 1002;
const CLOSE_BAD_DATA: u16 = 1007;
const CLOSE_POLICY: u16 = 1008;
const CLOSE_TOO_BIG: u16 = 1009;
/// The socket read buffer of a connection. tungstenite fills the whole buffer with zeros on the
/// first read, so this is memory every idle connection holds; larger frames still arrive (the
/// buffer grows for them, up to the frame limit).
const READ_BUFFER: usize = 4096;
/// How long the writer may take to flush the last frames when a connection closes, and how long
/// the server then reads what the client still sends before it lets go of the socket.
const CLOSE_FLUSH: Duration = Duration::from_secs(2);

type Sink = SplitSink<WebSocketStream<TcpStream>, Message>;
type Frames = SplitStream<WebSocketStream<TcpStream>>;

/// The state of one connection, owned by its task.
pub struct Conn {
    pub(super) id: ConnId,
    pub(super) peer: Peer,
    pub(super) shared: Arc<Shared>,
    /// The writer's queue.
    pub(super) tx: mpsc::Sender<Outgoing>,
    /// The bytes in the writer's queue.
    meter: Arc<Meter>,
    /// Cancelled to drop the connection at once.
    pub(super) closer: CancellationToken,
    /// Whether the client speaks JSON (text frames) or bincode (binary frames); fixed by the
    /// Hello.
    json: Arc<AtomicBool>,
    /// The player, after Hello.
    pub(super) player: Option<PlayerInfo>,
    /// This connection as rooms and matchmaking hold it, after Hello.
    pub(super) outbox: Option<Outbox>,
    budget: Budget,
    /// The messages the budget refused lately.
    refusals: Refusals,
    /// Half the ping round trip, smoothed: credited back on the clock.
    pub(super) lag: Duration,
    /// The ping in flight: its payload number and when it was sent.
    ping: Option<(u64, Instant)>,
    pings_sent: u64,
    /// Stops the lobby forwarder, while subscribed.
    pub(super) lobby_sub: Option<CancellationToken>,
    /// Set once a close frame is queued.
    closing: bool,
    /// Set while a hint or analysis of this connection is in the AI pool: one at a time, so
    /// that one client cannot fill the pool that AI seats share.
    pub(super) searching: Arc<AtomicBool>,
    /// The puzzle given to this connection, and its streak.
    pub(super) puzzles: Session,
}

/// Runs a connection to its end.
pub async fn run(
    stream: TcpStream,
    peer: Peer,
    admission: Result<Admission, Refusal>,
    shared: Arc<Shared>,
) {
    let limits = shared.limits.clone();
    let deadline = Instant::now() + limits.handshake_timeout();
    let frame_limit = limits.max_message_bytes.max(1024);
    let config = WebSocketConfig::default()
        .max_message_size(Some(frame_limit))
        .max_frame_size(Some(frame_limit))
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(2 * frame_limit + 64 * 1024);
    let allowed = shared.web.allowed_origins.clone();
    let proxied = shared.web.trusted_proxies.trusts(peer.from.ip());
    let told = shared.clone();
    #[allow(clippy::result_large_err)] // tungstenite's callback shape
    let check = move |req: &HandshakeRequest, res: HandshakeResponse| {
        check_handshake(req, res, &allowed, proxied, |origin, host| {
            told.refused_origins.refused(peer, origin, host);
        })
    };
    let ws = match timeout_at(
        deadline,
        tokio_tungstenite::accept_hdr_async_with_config(stream, check, Some(config)),
    )
    .await
    {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => {
            tracing::debug!("{peer}: websocket handshake failed: {e}");
            return;
        }
        Err(_) => {
            tracing::debug!("{peer}: websocket handshake timed out");
            return;
        }
    };
    let (sink, mut frames) = ws.split();
    let id = shared.next_conn_id();
    let closer = CancellationToken::new();
    let json = Arc::new(AtomicBool::new(true));
    let (tx, rx) = mpsc::channel(limits.write_queue.max(2));
    let meter = Arc::new(Meter::new(limits.write_queue_bytes, json.clone()));
    let writer = tokio::spawn(write_loop(
        sink,
        rx,
        meter.clone(),
        closer.clone(),
        json.clone(),
        limits.write_timeout(),
    ));
    let mut conn = Conn {
        id,
        peer,
        shared: shared.clone(),
        tx,
        meter,
        closer: closer.clone(),
        json,
        player: None,
        outbox: None,
        budget: Budget::new(limits.messages_per_second, limits.message_burst),
        refusals: Refusals::new(limits.flood_refusals, limits.flood_window()),
        lag: Duration::ZERO,
        ping: None,
        pings_sent: 0,
        lobby_sub: None,
        closing: false,
        searching: Arc::new(AtomicBool::new(false)),
        puzzles: Session::default(),
    };
    if let Err(refusal) = &admission {
        tracing::info!("{peer}: refused: {refusal}");
        conn.fail(None, ErrorCode::TooManyConnections, refusal.to_string());
    } else {
        tracing::debug!("{peer}: {id:?} open");
        conn.read_loop(&mut frames, deadline).await;
    }
    if let Some(stop) = conn.lobby_sub.take() {
        stop.cancel();
    }
    shared.matchmaking.conn_closed(id);
    if let Some(player) = &conn.player {
        shared.registry.players().remove(player.id, id);
    }
    conn.close(CLOSE_NORMAL, "bye");
    drop(conn);
    // Let the writer flush what is queued (an error, the close frame), but not for long.
    let mut writer = writer;
    match timeout(CLOSE_FLUSH, &mut writer).await {
        Ok(Ok(sink)) => {
            if let Ok(ws) = frames.reunite(sink) {
                linger(ws).await;
            }
        }
        Ok(Err(_)) => {}
        Err(_) => {
            closer.cancel();
            writer.abort();
        }
    }
    drop(admission);
    tracing::debug!("{peer}: {id:?} closed");
}

/// The websocket paths: the page's `/ws`, and `/` for older clients and bots.
pub(super) const WEBSOCKET_PATHS: [&str; 2] = ["/", "/ws"];

/// Lets a websocket handshake go on only on [`WEBSOCKET_PATHS`] and from an allowed page
/// (`403`: a page of another site must not act with its visitor's token; `404`: another path).
/// `proxied`: the request comes from a trusted proxy, whose word on the scheme counts.
// The result's shape is tungstenite's handshake callback's, large refusal and all.
#[allow(clippy::result_large_err)]
pub(super) fn check_handshake(
    req: &HandshakeRequest,
    res: HandshakeResponse,
    allowed_origins: &[String],
    proxied: bool,
    on_refused_origin: impl FnOnce(&str, Option<&str>),
) -> Result<HandshakeResponse, HandshakeRefusal> {
    let header = |name| req.headers().get(name).and_then(|v| v.to_str().ok());
    let refuse = |status, text: &str| {
        let mut refusal = HandshakeRefusal::new(Some(text.to_owned()));
        *refusal.status_mut() = status;
        refusal
    };
    if !WEBSOCKET_PATHS.contains(&req.uri().path()) {
        return Err(refuse(
            http::StatusCode::NOT_FOUND,
            "the websocket is at / and /ws",
        ));
    }
    let scheme = crate::web::Scheme::of_request(proxied, req.headers());
    if !crate::web::origin_allowed(header("origin"), header("host"), scheme, allowed_origins) {
        on_refused_origin(header("origin").unwrap_or_default(), header("host"));
        return Err(refuse(
            http::StatusCode::FORBIDDEN,
            "this page's origin may not open a websocket here (see --allowed-origin)",
        ));
    }
    Ok(res)
}

impl Conn {
    async fn read_loop(&mut self, frames: &mut Frames, hello_deadline: Instant) {
        let limits = self.shared.limits.clone();
        let mut last_heard = Instant::now();
        let mut pings = tokio::time::interval_at(
            Instant::now() + limits.ping_interval(),
            limits.ping_interval(),
        );
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        while !self.closing {
            let idle_at = last_heard + limits.idle_timeout();
            tokio::select! {
                _ = self.closer.cancelled() => break,
                _ = self.shared.shutdown.cancelled() => {
                    self.fail(None, ErrorCode::ShuttingDown, "the server is shutting down");
                    break;
                }
                _ = sleep_until(hello_deadline), if self.player.is_none() => {
                    self.fail(None, ErrorCode::HandshakeTimeout, "no hello in time");
                    break;
                }
                _ = sleep_until(idle_at) => {
                    self.fail(None, ErrorCode::IdleTimeout, "nothing heard for too long");
                    break;
                }
                _ = pings.tick() => self.send_ping(),
                frame = frames.next() => match frame {
                    None => break,
                    Some(Err(e)) => {
                        self.on_ws_error(e);
                        break;
                    }
                    Some(Ok(msg)) => {
                        last_heard = Instant::now();
                        if !self.on_frame(msg).await {
                            break;
                        }
                    }
                },
            }
        }
    }

    fn send_ping(&mut self) {
        self.pings_sent += 1;
        let nonce = self.pings_sent;
        self.ping = Some((nonce, Instant::now()));
        self.push(Outgoing::Ping(nonce.to_be_bytes().to_vec()));
    }

    fn on_ws_error(&mut self, e: WsError) {
        match e {
            WsError::Capacity(CapacityError::MessageTooLong { size, max_size }) => self.fail_close(
                None,
                ErrorCode::TooLarge,
                format!("a frame of {size} bytes is over the limit of {max_size} bytes"),
                CLOSE_TOO_BIG,
            ),
            WsError::Capacity(other) => {
                self.fail_close(None, ErrorCode::TooLarge, other.to_string(), CLOSE_TOO_BIG)
            }
            WsError::Utf8(detail) => self.fail_close(
                None,
                ErrorCode::Malformed,
                format!("a text frame that is not UTF-8: {detail}"),
                CLOSE_BAD_DATA,
            ),
            WsError::Protocol(p) => self.fail_close(
                None,
                ErrorCode::Malformed,
                format!("websocket protocol error: {p}"),
                CLOSE_PROTOCOL,
            ),
            other => tracing::debug!("{}: read error: {other}", self.peer),
        }
    }

    /// Handles one frame; false ends the connection.
    async fn on_frame(&mut self, msg: Message) -> bool {
        tracing::trace!("{:?}: frame of {} bytes", self.id, msg.len());
        match msg {
            Message::Text(text) => {
                if self.player.is_none() {
                    self.json.store(true, Ordering::Relaxed);
                }
                self.on_data(text.as_bytes(), true).await
            }
            Message::Binary(bytes) => {
                if self.player.is_none() {
                    self.json.store(false, Ordering::Relaxed);
                }
                self.on_data(&bytes, false).await
            }
            Message::Ping(_) => self.charge().is_some(),
            Message::Pong(payload) => {
                if let Some((nonce, sent)) = self.ping
                    && payload.as_ref() == nonce.to_be_bytes()
                {
                    let half = Instant::now().saturating_duration_since(sent) / 2;
                    self.lag = if self.lag.is_zero() {
                        half
                    } else {
                        (self.lag * 3 + half) / 4
                    };
                    self.ping = None;
                }
                true
            }
            Message::Close(_) => false,
            Message::Frame(_) => true,
        }
    }

    /// Spends one unit of the message budget: whether the message may be served, or is refused,
    /// or is one refusal too many (none: the connection is then closing).
    fn charge(&mut self) -> Option<Charge> {
        let now = Instant::now();
        if self.budget.take(now) {
            return Some(Charge::Served);
        }
        if self.refusals.refuse(now) {
            let limits = &self.shared.limits;
            self.fail_close(
                None,
                ErrorCode::RateLimited,
                format!(
                    "more than {} messages over the budget within {} ms; closing",
                    limits.flood_refusals, limits.flood_window_ms
                ),
                CLOSE_POLICY,
            );
            return None;
        }
        Some(Charge::Refused)
    }

    async fn on_data(&mut self, bytes: &[u8], text: bool) -> bool {
        let Some(charge) = self.charge() else {
            return false;
        };
        let over_budget = charge == Charge::Refused;
        let limit = self.shared.limits.effective_decode_limit();
        if bytes.len() > limit {
            self.fail(
                None,
                ErrorCode::TooLarge,
                format!(
                    "a message of {} bytes is over the decode limit of {limit} bytes",
                    bytes.len()
                ),
            );
            return true;
        }
        let decoded = if text {
            match std::str::from_utf8(bytes) {
                Ok(s) => decode_json::<ClientMessage>(s, limit).map_err(|e| (e, request_id(s))),
                Err(e) => {
                    self.fail(None, ErrorCode::Malformed, e.to_string());
                    return true;
                }
            }
        } else {
            decode_binary::<ClientMessage>(bytes, limit).map_err(|e| (e, None))
        };
        let msg = match decoded {
            Ok(m) => m,
            Err((e, id)) => {
                // The decoder's words may repeat the message: only in short.
                let said = if text {
                    std::str::from_utf8(bytes).unwrap_or_default()
                } else {
                    ""
                };
                self.fail(id, ErrorCode::Malformed, about(&e.to_string(), said));
                return true;
            }
        };
        if over_budget {
            // Refused, but with its id, so the client knows which request was dropped.
            let limits = &self.shared.limits;
            let reason = format!(
                "over the budget of {} messages per second (burst {}); wait {} ms",
                limits.messages_per_second,
                limits.message_burst,
                self.budget.wait().as_millis().min(u128::from(u32::MAX))
            );
            self.fail(Some(msg.id), ErrorCode::RateLimited, reason);
            return true;
        }
        match (&self.player, msg.request) {
            (
                None,
                Request::Hello {
                    version,
                    name,
                    token,
                    turns,
                },
            ) => {
                self.on_hello(msg.id, version, &name, token.as_deref(), turns)
                    .await
            }
            (None, _) => {
                self.fail(
                    Some(msg.id),
                    ErrorCode::HelloRequired,
                    "the first request must be hello",
                );
                true
            }
            (Some(_), Request::Hello { .. }) => {
                self.fail(
                    Some(msg.id),
                    ErrorCode::AlreadyGreeted,
                    "hello was already said",
                );
                true
            }
            (Some(_), request) => {
                tracing::trace!("{:?}: request {}", self.id, msg.id);
                self.handle(msg.id, request).await;
                tracing::trace!("{:?}: handled {}", self.id, msg.id);
                true
            }
        }
    }

    async fn on_hello(
        &mut self,
        id: u64,
        version: u32,
        name: &str,
        token: Option<&str>,
        turns: bool,
    ) -> bool {
        if version != PROTOCOL_VERSION {
            self.fail_close(
                Some(id),
                ErrorCode::VersionMismatch,
                format!("this server speaks protocol version {PROTOCOL_VERSION}, not {version}"),
                CLOSE_PROTOCOL,
            );
            return false;
        }
        let name = match clean_name(name) {
            Ok(n) => n,
            Err(why) => {
                self.fail(Some(id), ErrorCode::BadName, about(&why.to_string(), name));
                return true;
            }
        };
        let store = &self.shared.store;
        let found = match token {
            Some(t) => store
                .player_by_token(&token_hash(t))
                .await
                .map(|p| (p, t.to_owned())),
            None => {
                let token = new_token();
                store
                    .create_player(&name, &token_hash(&token), store.now_ms())
                    .await
                    .map(|p| (Some((p, name.clone())), token))
            }
        };
        let (player, token) = match found {
            Ok((Some((player, old_name)), token)) => {
                if old_name != name
                    && let Err(e) = store.rename_player(player, &name).await
                {
                    tracing::warn!("renaming {player}: {e}");
                }
                (player, token)
            }
            Ok((None, _)) => {
                self.fail_close(
                    Some(id),
                    ErrorCode::UnknownToken,
                    "this token is not known here; say hello without one to start afresh",
                    CLOSE_POLICY,
                );
                return false;
            }
            Err(e) => {
                self.error_reply(id, e.into());
                return true;
            }
        };
        let info = PlayerInfo {
            id: player,
            name: name.clone(),
        };
        self.outbox = Some(
            Outbox::new(self.id, player, turns, self.tx.clone(), self.closer.clone())
                .metered(self.meter.clone()),
        );
        self.player = Some(info.clone());
        if let Some(outbox) = &self.outbox {
            self.shared.matchmaking.adopt_seeks(outbox);
            self.shared.registry.players().add(outbox);
        }
        // The name escaped, so that no character in it can forge or hide a line of the log.
        let shown = name.escape_debug();
        tracing::info!("{}: {:?} is {player} ({shown})", self.peer, self.id);
        // Whether all push notices are muted (a records error shows them unmuted).
        let muted = match self.shared.store.mutes(player).await {
            Ok((all, _)) => all,
            Err(e) => {
                tracing::warn!("{player}: reading the mutes failed: {e}");
                false
            }
        };
        let limits = &self.shared.limits;
        let welcome = Welcome {
            version: PROTOCOL_VERSION,
            player: info,
            token,
            live_games: self.shared.registry.live_games_of(player),
            limits: LimitsInfo {
                max_message_bytes: limits.effective_decode_limit() as u64,
                messages_per_second: limits.messages_per_second,
                message_burst: limits.message_burst,
                ping_interval_ms: limits.ping_interval_ms,
                idle_timeout_ms: limits.idle_timeout_ms,
                reconnect_grace_ms: limits.reconnect_grace_ms,
                max_open_games: limits.max_open_games,
                max_correspondence_games: limits.max_correspondence_games,
                max_lasting_seeks_per_address: limits.max_lasting_seeks_per_address,
            },
            push_key: self
                .shared
                .registry
                .push()
                .map(|p| p.public_key().to_owned()),
            muted,
        };
        self.reply(id, Reply::Welcome(welcome));
        true
    }

    /// Queues for the writer; a full queue (in messages or in bytes) drops the connection.
    pub(super) fn push(&mut self, out: Outgoing) {
        match queue(&self.tx, Some(&self.meter), out) {
            Ok(()) => {}
            Err(Refused::Gone) => self.closer.cancel(),
            Err(full) => {
                tracing::info!("{}: {full}, dropping the connection", self.peer);
                self.closer.cancel();
            }
        }
    }

    pub(super) fn send(&mut self, msg: ServerMessage) {
        self.push(Outgoing::Message(Arc::new(msg)));
    }

    pub(super) fn reply(&mut self, id: u64, reply: Reply) {
        self.send(ServerMessage::Reply { id, reply });
    }

    /// Sends an error reply; errors whose code closes the connection also close it.
    pub(super) fn fail(&mut self, id: Option<u64>, code: ErrorCode, reason: impl Into<String>) {
        let reason = reason.into();
        self.send(ServerMessage::Error {
            id,
            error: ErrorReply::new(code, reason.clone()),
        });
        if code.closes_connection() {
            let close = if code == ErrorCode::ShuttingDown {
                CLOSE_GOING_AWAY
            } else {
                CLOSE_POLICY
            };
            self.close(close, code.as_str());
        }
    }

    pub(super) fn error_reply(&mut self, id: u64, error: ErrorReply) {
        self.send(ServerMessage::Error {
            id: Some(id),
            error,
        });
    }

    fn fail_close(
        &mut self,
        id: Option<u64>,
        code: ErrorCode,
        reason: impl Into<String>,
        close: u16,
    ) {
        let reason = reason.into();
        self.send(ServerMessage::Error {
            id,
            error: ErrorReply::new(code, reason),
        });
        self.close(close, code.as_str());
    }

    /// Queues a close frame (once).
    fn close(&mut self, code: u16, reason: &str) {
        if !self.closing {
            self.closing = true;
            self.push(Outgoing::Close(code, reason.to_owned()));
        }
    }
}

/// What the message budget says of one message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Charge {
    Served,
    Refused,
}

/// After the close frame went out: half-closes the socket and reads (dropping it) what the
/// client still sends, until it closes its side or [`CLOSE_FLUSH`] passes, so that the socket is
/// not closed with unread input (which the kernel answers with a reset).
async fn linger(mut ws: WebSocketStream<TcpStream>) {
    let tcp = ws.get_mut();
    let _ = tcp.shutdown().await;
    let mut buf = [0u8; READ_BUFFER];
    let _ = timeout(CLOSE_FLUSH, async {
        while let Ok(n) = tcp.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
    })
    .await;
}

/// The `id` of a JSON request that did not decode, when it can be read.
fn request_id(text: &str) -> Option<u64> {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()?
        .get("id")?
        .as_u64()
}

/// Drains the queue into the socket, each write bounded by `write_timeout`, telling `meter`
/// as each item is done with; returns the sink when done.
async fn write_loop(
    mut sink: Sink,
    mut rx: mpsc::Receiver<Outgoing>,
    meter: Arc<Meter>,
    closer: CancellationToken,
    json: Arc<AtomicBool>,
    write_timeout: Duration,
) -> Sink {
    loop {
        let out = tokio::select! {
            biased;
            _ = closer.cancelled() => break,
            out = rx.recv() => out,
        };
        let Some(out) = out else { break };
        let (frame, last) = match out {
            Outgoing::Message(msg) => match encode(&msg, json.load(Ordering::Relaxed)) {
                Some(frame) => (frame, false),
                None => {
                    meter.written();
                    continue;
                }
            },
            Outgoing::Ping(payload) => (Message::Ping(payload.into()), false),
            Outgoing::Done { .. } => {
                meter.written();
                continue;
            }
            Outgoing::Close(code, reason) => (
                Message::Close(Some(CloseFrame {
                    code: code.into(),
                    reason: reason.into(),
                })),
                true,
            ),
        };
        let written = timeout(write_timeout, sink.send(frame)).await;
        meter.written();
        match written {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::debug!("write failed: {e}");
                closer.cancel();
                break;
            }
            Err(_) => {
                tracing::info!(
                    "a write took longer than {write_timeout:?}; dropping the connection"
                );
                closer.cancel();
                break;
            }
        }
        if last {
            break;
        }
    }
    rx.close();
    let _ = timeout(CLOSE_FLUSH, sink.close()).await;
    sink
}

fn encode(msg: &ServerMessage, json: bool) -> Option<Message> {
    let frame = if json {
        encode_json(msg).map(Message::text)
    } else {
        encode_binary(msg).map(Message::binary)
    };
    match frame {
        Ok(f) => Some(f),
        Err(e) => {
            tracing::error!("could not encode a message: {e}");
            None
        }
    }
}
