//! The first bytes of a connection decide what it is: a websocket upgrade goes on to
//! [`super::conn`] (the stream untouched: the request was only peeked at), anything else is
//! plain HTTP, answered by [`crate::web`] through hyper (keep-alive, a bounded request head,
//! a time limit on reading it).

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep, timeout_at};

use crate::proxies::{Peer, TrustedProxies};
use crate::web::{self, site::Site};

/// The largest request head read, in bytes (the request line and the headers).
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// How long to wait between looks at a request head that has not fully arrived.
const PEEK_PAUSE: Duration = Duration::from_millis(2);

/// What a connection's first request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A websocket handshake (`Upgrade: websocket`).
    WebSocket,
    /// Anything else: plain HTTP.
    Http,
}

/// Looks at the first request of `stream` (from `addr`) without consuming it, until its head is
/// complete (or too long to be a websocket handshake): what it asks for, and who it is from
/// (through a trusted proxy, the client its headers name). `None` when the peer closes or
/// `deadline` passes first.
pub async fn opening(
    stream: &TcpStream,
    deadline: Instant,
    proxies: &TrustedProxies,
    addr: SocketAddr,
) -> Option<(Opening, Peer)> {
    let direct = proxies.peer(addr, std::iter::empty());
    let mut buf = vec![0u8; MAX_HEAD_BYTES];
    let mut seen = 0;
    loop {
        let n = match timeout_at(deadline, stream.peek(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => return None,
            Ok(Ok(n)) => n,
        };
        if let Some(opening) = classify(&buf[..n]) {
            return Some((opening, peer_of(&buf[..n], proxies, addr).unwrap_or(direct)));
        }
        if n == buf.len() {
            return Some((Opening::Http, direct));
        }
        if n == seen {
            // Nothing new yet: the rest of the head is on its way.
            if Instant::now() + PEEK_PAUSE > deadline {
                return None;
            }
            sleep(PEEK_PAUSE).await;
        }
        seen = n;
    }
}

/// What a request head asks for, once it is complete (`None` before).
pub fn classify(head: &[u8]) -> Option<Opening> {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(head) {
        Ok(httparse::Status::Complete(_)) => {
            let upgrade = req.headers.iter().any(|h| {
                h.name.eq_ignore_ascii_case("upgrade")
                    && std::str::from_utf8(h.value)
                        .is_ok_and(|v| v.trim().eq_ignore_ascii_case("websocket"))
            });
            Some(if upgrade {
                Opening::WebSocket
            } else {
                Opening::Http
            })
        }
        Ok(httparse::Status::Partial) => None,
        // Not HTTP we can read (too many headers, bad bytes): hyper answers it.
        Err(_) => Some(Opening::Http),
    }
}

/// Who a complete request head is from, as its forwarding headers say to a trusted proxy;
/// `None` when the head cannot be read.
pub(super) fn peer_of(head: &[u8], proxies: &TrustedProxies, addr: SocketAddr) -> Option<Peer> {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(head) {
        Ok(httparse::Status::Complete(_)) => {
            Some(proxies.peer(addr, req.headers.iter().map(|h| (h.name, h.value))))
        }
        _ => None,
    }
}

/// Where load balancers and operators ask whether the node can take moves.
pub const HEALTH_PATH: &str = "/health";

/// The node's health: whether it can take moves, and a few lines that say why.
pub type Health = Arc<dyn Fn() -> (bool, String) + Send + Sync>;

/// The health page as one connection is shown it: every client gets its first line (`ok` or
/// `unavailable`) and its status; the lines that say why (the node's name, its cluster, its
/// rooms) only a client the operator named (`--health-from`, by default this machine).
#[derive(Clone)]
pub struct HealthPage {
    pub health: Health,
    pub details: bool,
}

impl HealthPage {
    /// The status and the text this client is shown.
    pub fn answer(&self) -> (bool, String) {
        let (ok, text) = (self.health)();
        if self.details {
            return (ok, text);
        }
        let first = text.lines().next().unwrap_or_default();
        (ok, format!("{first}\n"))
    }
}

/// Answers plain HTTP requests on `stream` until the client closes it or stops sending; a
/// connection that was not `admitted` (the server or its address is full) gets `503` and is
/// closed. `allowed_origins` answers the page's question whether its address is refused
/// ([`web::ORIGIN_PATH`]); `proxied`: the connection comes from a trusted proxy, whose word on
/// the scheme counts.
pub async fn serve(
    stream: TcpStream,
    site: Option<Arc<Site>>,
    head_timeout: Duration,
    admitted: bool,
    health: HealthPage,
    allowed_origins: Arc<[String]>,
    proxied: bool,
) {
    let service = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        let site = site.clone();
        let health = health.clone();
        let allowed_origins = allowed_origins.clone();
        async move {
            let head = req.method() == hyper::Method::HEAD;
            let res = if admitted && req.uri().path() == HEALTH_PATH {
                let (ok, text) = health.answer();
                let status = if ok {
                    hyper::StatusCode::OK
                } else {
                    hyper::StatusCode::SERVICE_UNAVAILABLE
                };
                web::plain_owned(status, Bytes::from(text), head)
            } else if admitted && req.uri().path() == web::ORIGIN_PATH {
                let host = req
                    .headers()
                    .get(hyper::header::HOST)
                    .and_then(|h| h.to_str().ok());
                let scheme = web::Scheme::of_request(proxied, req.headers());
                let (status, text) =
                    web::origin_answer(req.uri().query(), host, scheme, &allowed_origins);
                web::plain_owned(status, Bytes::from(text), head)
            } else if admitted {
                web::respond(site.as_deref(), &req)
            } else {
                web::plain(
                    hyper::StatusCode::SERVICE_UNAVAILABLE,
                    "too many connections; try again later\n",
                    head,
                )
            };
            Ok::<_, Infallible>(res.map(Full::<Bytes>::new))
        }
    });
    let served = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(head_timeout)
        .keep_alive(admitted)
        .max_buf_size(MAX_HEAD_BYTES)
        .serve_connection(TokioIo::new(stream), service)
        .await;
    if let Err(e) = served {
        tracing::debug!("http connection ended: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upgrade_is_a_websocket_and_anything_else_plain_http() {
        let ws =
            b"GET /ws HTTP/1.1\r\nHost: a\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\n\r\n";
        assert_eq!(classify(ws), Some(Opening::WebSocket));
        let page = b"GET / HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip\r\n\r\n";
        assert_eq!(classify(page), Some(Opening::Http));
        // Half a head: wait for the rest.
        assert_eq!(classify(&page[..20]), None);
        // Garbage is left to hyper, which answers 400.
        assert_eq!(
            classify(b"\x16\x03\x01 not http\r\n\r\n"),
            Some(Opening::Http)
        );
    }
}
