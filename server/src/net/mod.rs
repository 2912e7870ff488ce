//! The gateway: accepts TCP connections, bounds them (in all and per address), and runs one
//! task per connection: a websocket ([`conn`]) or plain HTTP ([`http`]), as its first request
//! asks.
//!
//! - [`http`]: what a connection is, and plain HTTP (the browser client's files).
//! - [`conn`]: one websocket: handshake, Hello, frames in and out, every limit.
//! - [`handler`]: the dispatch of each decoded request to its family ([`crate::requests`]).
//! - [`budget`]: the per-connection message budget.
//! - [`origins`]: the refused origins logged for the operator.
//! - `head` (feature `test-support`): a first request head built with structure, for fuzzing.

pub mod budget;
pub mod conn;
pub mod handler;
#[cfg(feature = "test-support")]
pub mod head;
pub mod http;
pub mod origins;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::config::Limits;
use crate::devices::DeviceCodes;
use crate::matchmaking::Matchmaking;
use crate::outbox::{ConnId, ConnIds};
use crate::pool::AiPool;
use crate::proxies::{AddressRange, TrustedProxies};
use crate::puzzles::Puzzles;
use crate::registry::Registry;
use crate::review::Reviews;
use crate::store::Store;
use crate::tournaments::Tournaments;
use crate::web::site::Site;

/// How long the accept loop waits after an error (out of file descriptors, ...) before trying
/// again, at first; it doubles up to [`MAX_ACCEPT_BACKOFF`].
const FIRST_ACCEPT_BACKOFF: Duration = Duration::from_millis(10);
const MAX_ACCEPT_BACKOFF: Duration = Duration::from_secs(2);

/// What the request families use beside the rooms and matchmaking.
pub struct Services {
    pub store: Store,
    pub pool: AiPool,
    pub reviews: Reviews,
    pub puzzles: Puzzles,
    /// This node's tournaments, rebuilt from the records.
    pub tournaments: Tournaments,
}

/// What every connection shares.
pub struct Shared {
    pub limits: Arc<Limits>,
    pub registry: Registry,
    pub matchmaking: Matchmaking,
    pub store: Store,
    pub pool: AiPool,
    pub reviews: Reviews,
    /// The puzzles and their ratings as the choice of the next reads them.
    pub puzzles: Puzzles,
    /// The tournaments of this node.
    pub tournaments: Tournaments,
    /// Cancelled when the server shuts down.
    pub shutdown: CancellationToken,
    /// The browser client's files (`None` when not built) and the origins whose pages may
    /// open websockets.
    pub web: WebSettings,
    /// Connections per address.
    per_address: Mutex<HashMap<IpAddr, usize>>,
    /// One permit per connection allowed at once.
    connections: Arc<Semaphore>,
    /// Numbers the connections.
    conn_ids: ConnIds,
    /// Codes that let a player go on on another device.
    pub devices: DeviceCodes,
    /// The websocket origins refused lately, so each is logged once a minute.
    pub refused_origins: origins::RefusedOrigins,
}

impl Shared {
    /// The node's health (`GET /health`): `ok` or `unavailable` on the first line, then what
    /// it knows of its cluster, whether its records can be written (as the last check found,
    /// see [`crate::store::WriteHealth`]), and the games it runs.
    pub fn health(&self) -> (bool, String) {
        let mut lines = Vec::new();
        let ok = match self.registry.cluster() {
            Some(cluster) => {
                let (ok, about) = cluster.health();
                lines.extend(about);
                ok
            }
            None => {
                lines.push("node single".to_owned());
                true
            }
        };
        let writes = self.store.writes();
        lines.push(writes.line());
        let ok = ok && writes.ok();
        lines.push(format!("rooms {}", self.registry.room_count()));
        lines.push(format!("players {}", self.registry.players().online()));
        if let Some(push) = self.registry.push() {
            let (taken, failed) = push.counts();
            lines.push(format!("push sent {taken} failed {failed}"));
        }
        let first = if ok { "ok" } else { "unavailable" };
        (ok, format!("{first}\n{}\n", lines.join("\n")))
    }

    pub fn new(
        limits: Arc<Limits>,
        matchmaking: Matchmaking,
        services: Services,
        web: WebSettings,
        shutdown: CancellationToken,
    ) -> Arc<Shared> {
        let max = limits.max_connections.max(1);
        let Services {
            store,
            pool,
            reviews,
            puzzles,
            tournaments,
        } = services;
        Arc::new(Shared {
            limits,
            tournaments,
            registry: matchmaking.registry().clone(),
            matchmaking,
            store,
            pool,
            reviews,
            puzzles,
            web,
            shutdown,
            per_address: Mutex::new(HashMap::new()),
            connections: Arc::new(Semaphore::new(max)),
            conn_ids: ConnIds::new(),
            devices: DeviceCodes::default(),
            refused_origins: origins::RefusedOrigins::default(),
        })
    }

    /// The number of a new connection.
    pub fn next_conn_id(&self) -> ConnId {
        self.conn_ids.next()
    }

    /// Counts a connection from `ip`; refused when the server or the address is full.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Admission, Refusal> {
        let permit = self
            .connections
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refusal::ServerFull(self.limits.max_connections.max(1)))?;
        let mut counts = self
            .per_address
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if *n >= self.limits.connections_per_address {
            return Err(Refusal::AddressFull(self.limits.connections_per_address));
        }
        *n += 1;
        Ok(Admission {
            shared: self.clone(),
            ip,
            _permit: permit,
        })
    }

    /// Waits until every connection has closed, at most `patience`; false if some remain.
    pub async fn wait_for_connections(&self, patience: Duration) -> bool {
        let all = u32::try_from(self.limits.max_connections.max(1)).unwrap_or(u32::MAX);
        matches!(
            tokio::time::timeout(patience, self.connections.acquire_many(all)).await,
            Ok(Ok(_))
        )
    }
}

/// What the HTTP side serves and allows.
#[derive(Clone, Debug, Default)]
pub struct WebSettings {
    /// The browser client's files; `None` when they were not built.
    pub site: Option<Arc<Site>>,
    /// The origins (`scheme://host[:port]`) whose pages may open a websocket; empty: the
    /// server's own (see [`crate::web::origin_allowed`]).
    pub allowed_origins: Arc<[String]>,
    /// The proxies whose forwarding headers name the client (`--trusted-proxy`).
    pub trusted_proxies: TrustedProxies,
    /// Who sees `/health`'s details (`--health-from`); empty: this machine only.
    pub health_from: Vec<AddressRange>,
}

impl WebSettings {
    /// Whether a client at `ip` is shown the details of `/health`.
    pub fn shows_health_to(&self, ip: IpAddr) -> bool {
        if self.health_from.is_empty() {
            crate::proxies::canonical(ip).is_loopback()
        } else {
            self.health_from.iter().any(|r| r.contains(ip))
        }
    }
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server has this many connections, its cap.
    ServerFull(usize),
    /// The address has this many connections, its cap.
    AddressFull(usize),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::ServerFull(n) => {
                write!(f, "the server is full ({n} connections); try again later")
            }
            Refusal::AddressFull(n) => write!(f, "at most {n} connections per address"),
        }
    }
}

/// A counted connection; dropping it frees its place.
pub struct Admission {
    shared: Arc<Shared>,
    ip: IpAddr,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut counts = self
            .shared
            .per_address
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// Accepts connections until shutdown.
pub async fn accept_loop(listener: TcpListener, shared: Arc<Shared>) {
    let mut backoff = FIRST_ACCEPT_BACKOFF;
    loop {
        let accepted = tokio::select! {
            _ = shared.shutdown.cancelled() => break,
            r = listener.accept() => r,
        };
        match accepted {
            Ok((stream, addr)) => {
                backoff = FIRST_ACCEPT_BACKOFF;
                let _ = stream.set_nodelay(true);
                // A direct connection counts against its address at once; a trusted proxy's
                // counts against its client's, once the request names it.
                let proxied = shared.web.trusted_proxies.trusts(addr.ip());
                let early = (!proxied).then(|| shared.admit(addr.ip()));
                let shared = shared.clone();
                tokio::spawn(async move {
                    let deadline = Instant::now() + shared.limits.handshake_timeout();
                    let proxies = &shared.web.trusted_proxies;
                    let Some((opening, peer)) =
                        http::opening(&stream, deadline, proxies, addr).await
                    else {
                        return;
                    };
                    let admission = match early {
                        Some(admission) => admission,
                        None => shared.admit(peer.client),
                    };
                    match opening {
                        http::Opening::WebSocket => {
                            conn::run(stream, peer, admission, shared).await;
                        }
                        http::Opening::Http => {
                            // A connection over the limits gets 503s, and is closed.
                            let site = shared.web.site.clone();
                            let head_timeout = shared.limits.handshake_timeout();
                            let health: http::Health = {
                                let shared = shared.clone();
                                Arc::new(move || shared.health())
                            };
                            let admitted = admission.is_ok();
                            let details = shared.web.shows_health_to(peer.client);
                            let health = http::HealthPage { health, details };
                            let origins = shared.web.allowed_origins.clone();
                            http::serve(
                                stream,
                                site,
                                head_timeout,
                                admitted,
                                health,
                                origins,
                                proxied,
                            )
                            .await;
                            drop(admission);
                        }
                    }
                });
            }
            Err(e) => {
                tracing::warn!("accept failed: {e}; waiting {backoff:?}");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_ACCEPT_BACKOFF);
            }
        }
    }
}

/// The address the listener is bound to, for the log and for tests.
pub fn describe(addr: SocketAddr) -> String {
    format!("ws://{addr}")
}
