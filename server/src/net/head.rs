//! A connection's first request head as the server reads it, for the `http_head` fuzz target
//! and its proptests (feature `test-support`).
//!
//! A [`Head`] is built with structure (a method, a target of path segments and a query, a
//! version, headers with names the server reads and values of their kinds, an ending that may
//! cut it short, bytes after it), printed as bytes, and given to what reads it:
//! [`super::http::classify`] and the forwarding headers ([`super::http::peer_of`]), then, as a
//! websocket, the handshake's checks ([`super::conn::check_handshake`]), or, as plain HTTP,
//! the site's answer ([`crate::web::respond`]). [`check`] panics unless:
//! - nothing panics;
//! - a head the server can read whole is a websocket exactly when an `Upgrade` header says
//!   `websocket` (any case, spaces around); a head cut short waits for the rest; bytes after a
//!   head never change what it was judged;
//! - the client is the connection's own address unless it comes from a trusted proxy, and
//!   then one the forwarding headers name that is not itself a trusted proxy;
//! - a websocket is refused `404` exactly off its paths, then `403` exactly when its page's
//!   origin is not allowed (and only then is the refusal told to the log);
//! - a path routes as its printed form does; a file route names a plain file of the site,
//!   never a directory or a dotted name; every answer carries the security headers and its
//!   length; only GET and HEAD are answered, HEAD as GET without the body; a route's answer
//!   is the site's file, in an encoding the request accepts;
//! - `/origin?o=` answers `204` exactly when the origin would be let in; the origin check
//!   ignores case and a trailing `/`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use arbitrary::Arbitrary;
use http::header;

use super::conn::{WEBSOCKET_PATHS, check_handshake};
use super::http::{Opening, classify, peer_of};
use crate::proxies::{AddressRange, TrustedProxies};
use crate::web::{self, Route, SECURITY_HEADERS, site::Site};

/// Methods, as sent.
const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "OPTIONS", "DELETE", "get"];
/// Files of the test site (and one it does not have).
const FILES: [&str; 6] = [
    "index.html",
    "chaupal-0123456789abcdef.wasm",
    "chaupal-0123456789abcdef.js",
    "sw.js",
    "manifest.webmanifest",
    "missing.png",
];
/// Header names the server reads, and others.
const NAMES: [&str; 11] = [
    "Upgrade",
    "Connection",
    "Host",
    "Origin",
    "Accept-Encoding",
    "Forwarded",
    "X-Forwarded-For",
    "Sec-WebSocket-Key",
    "Sec-WebSocket-Version",
    "upgrade",
    "Content-Length",
];
/// Addresses for the forwarding headers; the first two are the trusted proxies'.
const ADDRESSES: [&str; 6] = [
    "10.0.0.1",
    "10.0.0.2",
    "203.0.113.9",
    "2001:db8::7",
    "[2001:db8::8]:4711",
    "unknown",
];
/// The origins an operator allowed, when [`Head::allowed`] says so.
const ALLOWED: [&str; 2] = ["https://chaupal.example", "http://LOCALHOST:8080/"];

/// A request head, with structure.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub struct Head {
    pub method: Method,
    pub target: Target,
    /// HTTP/1.1, HTTP/1.0, or something else (a digit).
    pub version: Option<bool>,
    pub headers: Vec<Header>,
    /// `None`: the head is whole; `Some(n)`: only its first `n` bytes (modulo its length).
    pub cut: Option<u16>,
    /// Bytes after the head (a body, the next request, anything).
    pub after: Vec<u8>,
    /// Whether the connection comes from a trusted proxy.
    pub via_proxy: bool,
    /// Whether the operator named allowed origins ([`ALLOWED`]).
    pub allowed: bool,
}

/// The method.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Method {
    Known(u8),
    Other(String),
}

/// The request target.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Target {
    /// `/` and segments, then a query.
    Path(Vec<Segment>, Option<String>),
    /// `*`.
    Asterisk,
    /// `http://host/...`.
    Absolute(Vec<Segment>),
    /// Any text.
    Raw(String),
}

/// A segment of a path.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Segment {
    /// One of the client's routes (`join`, `watch`, ...).
    Route(u8),
    /// One of the site's files.
    File(u8),
    /// `ws`.
    Ws,
    Dot,
    DotDot,
    Empty,
    /// A percent-escape of a byte.
    Escaped(u8),
    Text(String),
}

/// One header.
#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub struct Header {
    pub name: Name,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Name {
    Known(u8),
    Other(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
pub enum Value {
    /// `websocket` in some case (a bit a letter), with spaces around or not.
    WebSocket(u16, bool),
    /// A list of codings, each with a quality in tenths or none.
    Codings(Vec<(u8, Option<u8>)>),
    /// Addresses, as `X-Forwarded-For` or `Forwarded` lists them.
    Addresses(Vec<u8>, bool),
    /// An origin: `http` or `https`, a host from the list or the `Host` header's, a port.
    Origin(bool, u8, Option<u16>, bool),
    /// A host, maybe with a port.
    Host(u8, Option<u16>),
    Text(String),
}

const HOSTS: [&str; 4] = ["chaupal.example", "localhost", "127.0.0.1", "[::1]"];
const CODINGS: [&str; 5] = ["br", "gzip", "identity", "*", "deflate"];

impl Method {
    fn text(&self) -> String {
        match self {
            Method::Known(i) => METHODS[usize::from(*i) % METHODS.len()].to_owned(),
            Method::Other(s) => s.clone(),
        }
    }
}

fn segment(s: &Segment) -> String {
    match s {
        Segment::Route(i) => web::CLIENT_ROUTES[usize::from(*i) % web::CLIENT_ROUTES.len()].into(),
        Segment::File(i) => FILES[usize::from(*i) % FILES.len()].into(),
        Segment::Ws => "ws".into(),
        Segment::Dot => ".".into(),
        Segment::DotDot => "..".into(),
        Segment::Empty => String::new(),
        Segment::Escaped(b) => format!("%{b:02X}"),
        Segment::Text(t) => t.clone(),
    }
}

fn path(segments: &[Segment]) -> String {
    let mut out = String::new();
    for s in segments.iter().take(8) {
        out.push('/');
        out.push_str(&segment(s));
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

impl Target {
    fn text(&self) -> String {
        match self {
            Target::Path(segments, query) => match query {
                Some(q) => format!("{}?{q}", path(segments)),
                None => path(segments),
            },
            Target::Asterisk => "*".into(),
            Target::Absolute(segments) => format!("http://chaupal.example{}", path(segments)),
            Target::Raw(t) => t.clone(),
        }
    }
}

impl Name {
    fn text(&self) -> String {
        match self {
            Name::Known(i) => NAMES[usize::from(*i) % NAMES.len()].to_owned(),
            Name::Other(s) => s.clone(),
        }
    }
}

impl Value {
    fn text(&self) -> String {
        match self {
            Value::WebSocket(case, padded) => {
                let word: String = "websocket"
                    .chars()
                    .enumerate()
                    .map(|(i, c)| {
                        if case >> i & 1 == 1 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    })
                    .collect();
                if *padded { format!("  {word}\t") } else { word }
            }
            Value::Codings(list) => list
                .iter()
                .take(6)
                .map(|&(c, q)| {
                    let coding = CODINGS[usize::from(c) % CODINGS.len()];
                    match q {
                        Some(q) => format!("{coding};q={}.{}", q / 10 % 2, q % 10),
                        None => coding.to_owned(),
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
            Value::Addresses(picks, forwarded) => picks
                .iter()
                .take(4)
                .map(|&a| {
                    let a = ADDRESSES[usize::from(a) % ADDRESSES.len()];
                    if *forwarded {
                        format!("for=\"{a}\";proto=https")
                    } else {
                        a.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
            Value::Origin(https, host, port, slash) => {
                let scheme = if *https { "https" } else { "http" };
                let host = HOSTS[usize::from(*host) % HOSTS.len()];
                let port = port.map(|p| format!(":{p}")).unwrap_or_default();
                let slash = if *slash { "/" } else { "" };
                format!("{scheme}://{host}{port}{slash}")
            }
            Value::Host(host, port) => {
                let host = HOSTS[usize::from(*host) % HOSTS.len()];
                match port {
                    Some(p) => format!("{host}:{p}"),
                    None => host.to_owned(),
                }
            }
            Value::Text(t) => t.clone(),
        }
    }
}

impl Head {
    /// The head's bytes as sent, whole (before any cut), and its headers (name, value).
    fn whole(&self) -> (Vec<u8>, Vec<(String, String)>) {
        let version = match self.version {
            None => "HTTP/1.1",
            Some(true) => "HTTP/1.0",
            Some(false) => "HTTP/2.0",
        };
        let headers: Vec<(String, String)> = self
            .headers
            .iter()
            .take(70)
            .map(|h| (h.name.text(), h.value.text()))
            .collect();
        let mut text = format!(
            "{} {} {version}\r\n",
            self.method.text(),
            self.target.text()
        );
        for (name, value) in &headers {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        text.push_str("\r\n");
        (text.into_bytes(), headers)
    }
}

/// A token as HTTP allows in a method or a header's name.
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Whether every part of the head is of the plain form httparse reads whole (so that what it
/// must be judged can be told from its structure).
fn plain(head: &Head, headers: &[(String, String)]) -> bool {
    let visible = |s: &str, extra: &[u8]| {
        s.bytes()
            .all(|b| (0x21..0x7f).contains(&b) || extra.contains(&b))
    };
    let target = head.target.text();
    head.version != Some(false)
        && is_token(&head.method.text())
        && !target.is_empty()
        && visible(&target, b"")
        && headers.len() <= 64
        && headers
            .iter()
            .all(|(n, v)| is_token(n) && visible(v, b" \t"))
}

/// The properties of a head (see the module comment).
pub fn check(head: &Head) {
    let (whole, headers) = head.whole();
    let bytes: Vec<u8> = match head.cut {
        Some(n) => whole[..usize::from(n) % whole.len()].to_vec(),
        None => whole.clone(),
    };
    let judged = classify(&bytes);
    // What follows a head never changes what it was judged.
    let mut longer = bytes.clone();
    longer.extend_from_slice(&head.after);
    if let Some(opening) = judged {
        assert_eq!(classify(&longer), Some(opening), "bytes after the head");
    }
    let upgrade = headers.iter().any(|(n, v)| {
        n.eq_ignore_ascii_case("upgrade") && v.trim().eq_ignore_ascii_case("websocket")
    });
    if plain(head, &headers) {
        if head.cut.is_some() {
            assert_eq!(judged, None, "a head cut short waits for the rest");
        } else {
            let expected = if upgrade {
                Opening::WebSocket
            } else {
                Opening::Http
            };
            assert_eq!(judged, Some(expected), "what a whole head asks for");
        }
    }
    check_peer(head, &bytes, &headers);
    if judged.is_none() || head.cut.is_some() {
        return;
    }
    let Ok(request) = request(head, &headers) else {
        return;
    };
    if judged == Some(Opening::WebSocket) {
        check_websocket(head, &request);
    } else {
        check_answer(&request);
    }
}

/// The peer a head is from.
fn check_peer(head: &Head, bytes: &[u8], headers: &[(String, String)]) {
    let ranges = ["10.0.0.1", "10.0.0.2"]
        .iter()
        .filter_map(|a| a.parse::<AddressRange>().ok())
        .collect();
    let proxies = TrustedProxies::new(ranges);
    let from = if head.via_proxy {
        SocketAddr::from((Ipv4Addr::new(10, 0, 0, 1), 40_000))
    } else {
        SocketAddr::from((Ipv4Addr::new(198, 51, 100, 4), 40_000))
    };
    let Some(peer) = peer_of(bytes, &proxies, from) else {
        return;
    };
    assert_eq!(peer.from, from, "the connection's own address");
    if !head.via_proxy {
        assert_eq!(
            peer.client,
            from.ip(),
            "only a trusted proxy names the client"
        );
        return;
    }
    if peer.client != from.ip() {
        assert!(
            !proxies.trusts(peer.client),
            "the client is no trusted proxy"
        );
        let named = headers.iter().any(|(_, v)| {
            v.contains(&peer.client.to_string())
                || matches!(peer.client, IpAddr::V6(_)) && v.contains(':')
        });
        assert!(named, "the client {} is named by a header", peer.client);
    }
}

/// The request as hyper or tungstenite hands it on (its target read as a URI, its headers as
/// header values); refused when they would refuse it.
fn request(head: &Head, headers: &[(String, String)]) -> Result<http::Request<()>, http::Error> {
    let mut builder = http::Request::builder()
        .method(head.method.text().as_str())
        .uri(head.target.text());
    for (name, value) in headers {
        builder = builder.header(name.as_str(), value.trim());
    }
    builder.body(())
}

fn allowed(head: &Head) -> Vec<String> {
    if head.allowed {
        ALLOWED.iter().map(|a| (*a).to_owned()).collect()
    } else {
        Vec::new()
    }
}

fn header_text(request: &http::Request<()>, name: header::HeaderName) -> Option<&str> {
    request.headers().get(name).and_then(|v| v.to_str().ok())
}

/// The handshake's checks: the path, then the page's origin.
fn check_websocket(head: &Head, request: &http::Request<()>) {
    let allowed = allowed(head);
    let mut told = false;
    let scheme = web::Scheme::of_request(head.via_proxy, request.headers());
    let answer = check_handshake(
        request,
        http::Response::new(()),
        &allowed,
        head.via_proxy,
        |_, _| {
            told = true;
        },
    );
    let origin = header_text(request, header::ORIGIN);
    let host = header_text(request, header::HOST);
    let on_path = WEBSOCKET_PATHS.contains(&request.uri().path());
    let origin_ok = web::origin_allowed(origin, host, scheme, &allowed);
    match answer {
        Ok(_) => assert!(
            on_path && origin_ok,
            "a websocket let in off its path or origin"
        ),
        Err(refusal) => {
            let expected = if on_path {
                http::StatusCode::FORBIDDEN
            } else {
                http::StatusCode::NOT_FOUND
            };
            assert!(
                !on_path || !origin_ok,
                "a websocket refused on its path and origin"
            );
            assert_eq!(refusal.status(), expected, "why a websocket was refused");
        }
    }
    assert_eq!(
        told,
        on_path && !origin_ok,
        "a refused origin is told to the log"
    );
    check_origin(origin, host, scheme, &allowed);
}

/// The origin check against its answer to the page, its case and a trailing `/`.
fn check_origin(origin: Option<&str>, host: Option<&str>, scheme: web::Scheme, allowed: &[String]) {
    let Some(origin) = origin else {
        assert!(
            web::origin_allowed(None, host, scheme, allowed),
            "no Origin: not a page"
        );
        return;
    };
    let ok = web::origin_allowed(Some(origin), host, scheme, allowed);
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("o", origin)
        .finish();
    let (status, _) = web::origin_answer(Some(&query), host, scheme, allowed);
    assert_eq!(
        status == http::StatusCode::NO_CONTENT,
        ok,
        "/origin answers as the websocket is judged ({origin})"
    );
    let upper = origin.to_ascii_uppercase();
    let host_upper = host.map(str::to_ascii_uppercase);
    assert_eq!(
        web::origin_allowed(Some(&upper), host_upper.as_deref(), scheme, allowed),
        ok,
        "the origin check ignores case ({origin})"
    );
    if !origin.trim().ends_with('/') {
        let slashed = format!("{}/", origin.trim());
        assert_eq!(
            web::origin_allowed(Some(&slashed), host, scheme, allowed),
            ok,
            "the origin check ignores a trailing / ({origin})"
        );
    }
}

/// The test site: a page and a few files, some precompressed.
fn site() -> &'static Site {
    static SITE: std::sync::OnceLock<Site> = std::sync::OnceLock::new();
    SITE.get_or_init(|| {
        Site::from_files(&[
            (
                "index.html",
                b"<p>page</p>",
                Some(b"page.gz"),
                Some(b"page.br"),
            ),
            (
                "chaupal-0123456789abcdef.wasm",
                b"\0asm",
                Some(b"wasm.gz"),
                None,
            ),
            ("chaupal-0123456789abcdef.js", b"js()", None, Some(b"js.br")),
            ("sw.js", b"sw()", None, None),
            ("manifest.webmanifest", b"{}", None, None),
        ])
    })
}

/// The site's answer to a plain HTTP request.
fn check_answer(request: &http::Request<()>) {
    let site = site();
    let path = request.uri().path();
    let route = web::route(path);
    // A path routes as its printed form does.
    let printed = request.uri().to_string();
    if let Ok(again) = printed.parse::<http::Uri>() {
        assert_eq!(again.path(), path, "the path of {printed}");
        assert_eq!(web::route(again.path()), route, "the route of {printed}");
    }
    if let Route::File(name) = &route {
        assert!(
            !name.contains('/') && !name.starts_with('.') && !name.is_empty(),
            "{path} routes to the file {name}"
        );
    }
    let answer = web::respond(Some(site), request);
    for (name, value) in SECURITY_HEADERS {
        assert_eq!(
            answer.headers().get(name).and_then(|v| v.to_str().ok()),
            Some(value),
            "{name} on {path}"
        );
    }
    let length = answer
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let method = request.method();
    if method != http::Method::GET && method != http::Method::HEAD {
        assert_eq!(answer.status(), http::StatusCode::METHOD_NOT_ALLOWED);
        return;
    }
    let head = method == http::Method::HEAD;
    if head {
        assert!(answer.body().is_empty(), "HEAD has no body");
        let mut get = http::Request::new(());
        *get.uri_mut() = request.uri().clone();
        *get.headers_mut() = request.headers().clone();
        let as_get = web::respond(Some(site), &get);
        assert_eq!(as_get.status(), answer.status(), "HEAD answers as GET");
        assert_eq!(
            as_get.headers(),
            answer.headers(),
            "HEAD's headers are GET's"
        );
        assert_eq!(length, Some(as_get.body().len()), "HEAD's length is GET's");
        return;
    }
    assert_eq!(length, Some(answer.body().len()), "the length of {path}");
    let accept = header_text(request, header::ACCEPT_ENCODING);
    let accepted = web::accepted(accept);
    assert_eq!(
        accepted.last(),
        Some(&web::Encoding::Identity),
        "identity is always accepted"
    );
    let served = match route {
        Route::Page => site.index(),
        Route::File(name) if name != web::site::INDEX => site.get(name),
        Route::File(_) | Route::Unknown => None,
    };
    match served {
        None => assert_ne!(
            answer.status(),
            http::StatusCode::OK,
            "{path} is not a file"
        ),
        Some(asset) => {
            assert_eq!(answer.status(), http::StatusCode::OK, "{path}");
            let encoding = answer
                .headers()
                .get(header::CONTENT_ENCODING)
                .and_then(|v| v.to_str().ok());
            let (body, wanted) = match encoding {
                Some("br") => (asset.brotli.clone(), web::Encoding::Brotli),
                Some("gzip") => (asset.gzip.clone(), web::Encoding::Gzip),
                _ => (Some(asset.plain.clone()), web::Encoding::Identity),
            };
            assert!(accepted.contains(&wanted), "{path} sent as {encoding:?}");
            assert_eq!(body.as_ref(), Some(answer.body()), "the body of {path}");
        }
    }
}
