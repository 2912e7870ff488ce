//! Plain HTTP on the websocket's port: the browser client's page and files, and the links that
//! open it (`/join/CODE`, `/watch/GAME_ID`, `/replay/GAME_ID`, `/link/DEVICE_CODE`,
//! `/game/GAME_ID`, `/puzzle/PUZZLE_ID`).
//!
//! Only GET and HEAD, and only on known paths: a request names a file of the [`site::Site`]
//! by its bare name, so no path reaches the file system and `..` cannot climb out. Every
//! answer carries the security headers ([`SECURITY_HEADERS`]); files are sent precompressed
//! when the browser accepts it. Files whose names carry their hash are cached for good; the
//! service worker (`/sw.js`, whose scope is the whole site), the web app manifest and the
//! offline page are revalidated each time; the page itself is never cached
//! ([`site::caching`]). [`origin_allowed`] is the websocket's Origin check ([`origin`]).

mod origin;
pub mod site;

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{Method, Request, Response, StatusCode};

pub use self::origin::{Scheme, origin_allowed};
use self::site::{Asset, Site};

/// The Content-Security-Policy of every answer: the page's own scripts and the wasm they
/// compile, websockets to the server it came from, its own service worker and web app
/// manifest, and nothing from elsewhere.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self' \
    'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' data:; style-src 'self' \
    'unsafe-inline'; media-src 'self'; font-src 'self'; worker-src 'self'; manifest-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The headers every HTTP answer carries.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// The routes of the client: each answered with the page, which reads its own location.
pub(crate) const CLIENT_ROUTES: [&str; 7] = [
    "join",
    "watch",
    "replay",
    "link",
    "game",
    "puzzle",
    "tournament",
];

/// A compression the browser accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// What `Accept-Encoding` allows, best first: brotli, then gzip, else none.
pub fn accepted(accept_encoding: Option<&str>) -> Vec<Encoding> {
    let mut out = Vec::new();
    let Some(value) = accept_encoding else {
        return vec![Encoding::Identity];
    };
    let allows = |name: &str| {
        value.split(',').any(|part| {
            let mut fields = part.split(';').map(str::trim);
            let coding = fields.next().unwrap_or("");
            let q_zero = fields.any(|f| {
                f.strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            coding.eq_ignore_ascii_case(name) && !q_zero
        })
    };
    if allows("br") {
        out.push(Encoding::Brotli);
    }
    if allows("gzip") {
        out.push(Encoding::Gzip);
    }
    out.push(Encoding::Identity);
    out
}

/// The answer to an HTTP request that is not a websocket upgrade. `site` is `None` when the
/// browser client was not built: the page then says how to build it.
pub fn respond<B>(site: Option<&Site>, req: &Request<B>) -> Response<Bytes> {
    let head = req.method() == Method::HEAD;
    if req.method() != Method::GET && !head {
        let mut res = plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD\n", head);
        res.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return res;
    }
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok());
    match route(req.uri().path()) {
        Route::Page => match site.and_then(Site::index) {
            Some(page) => send(page, accepted(accept), head),
            None => plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "The browser client is not built on this server: run scripts/build-web.sh \
                 (scripts/play.sh does), or start chaupal-server with --web DIR.\n",
                head,
            ),
        },
        Route::File(name) => match site.and_then(|s| s.get(name)) {
            Some(asset) if name != site::INDEX => send(asset, accepted(accept), head),
            _ => not_found(head),
        },
        Route::Unknown => not_found(head),
    }
}

/// Where a path leads.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Route<'a> {
    /// The client's page: `/`, `/index.html`, `/join/CODE`, `/watch/ID`, `/replay/ID`,
    /// `/link/CODE`, `/game/ID`, `/puzzle/ID`.
    Page,
    /// A file of the site, by its bare name.
    File(&'a str),
    Unknown,
}

pub(crate) fn route(path: &str) -> Route<'_> {
    let Some(rest) = path.strip_prefix('/') else {
        return Route::Unknown;
    };
    if rest.is_empty() || rest == site::INDEX {
        return Route::Page;
    }
    if let Some((first, arg)) = rest.split_once('/') {
        let plain_arg = !arg.is_empty()
            && arg.len() <= 64
            && arg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'%' || b == b'+');
        return if CLIENT_ROUTES.contains(&first) && plain_arg {
            Route::Page
        } else {
            Route::Unknown
        };
    }
    let plain_name = rest
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
        && !rest.starts_with('.');
    if plain_name {
        Route::File(rest)
    } else {
        Route::Unknown
    }
}

/// An asset in the best encoding the browser accepts.
fn send(asset: &Asset, accepted: Vec<Encoding>, head: bool) -> Response<Bytes> {
    let (body, encoding) = accepted
        .into_iter()
        .find_map(|e| match e {
            Encoding::Brotli => asset.brotli.clone().map(|b| (b, Some("br"))),
            Encoding::Gzip => asset.gzip.clone().map(|b| (b, Some("gzip"))),
            Encoding::Identity => Some((asset.plain.clone(), None)),
        })
        .unwrap_or_else(|| (asset.plain.clone(), None));
    let cache = asset.caching.header();
    let mut res = with_body(StatusCode::OK, body, head);
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Some(encoding) = encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    res
}

fn not_found(head: bool) -> Response<Bytes> {
    plain(StatusCode::NOT_FOUND, "not found\n", head)
}

/// A short text answer.
pub fn plain(status: StatusCode, text: &'static str, head: bool) -> Response<Bytes> {
    plain_owned(status, Bytes::from_static(text.as_bytes()), head)
}

/// [`plain`], for text made at the time (the health page).
pub fn plain_owned(status: StatusCode, text: Bytes, head: bool) -> Response<Bytes> {
    let mut res = with_body(status, text, head);
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// An answer with `body` (left out for HEAD, its length kept) and the security headers.
fn with_body(status: StatusCode, body: Bytes, head: bool) -> Response<Bytes> {
    let len = body.len();
    let mut res = Response::new(if head { Bytes::new() } else { body });
    *res.status_mut() = status;
    let headers = res.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    res
}

/// Where the page asks whether the server refuses its address: `GET /origin?o=ORIGIN`. The
/// browser does not tell a page why its websocket was refused, so the page asks, to tell the
/// player plainly instead of reconnecting for ever.
pub const ORIGIN_PATH: &str = "/origin";

/// The answer to `GET /origin?o=ORIGIN` (`query` is the request's query, `host` its `Host`,
/// `scheme` the scheme it came by): `204` when a websocket from a page at ORIGIN would be let
/// in; `403` when it would be refused, with the first `--allowed-origin` (the address to open
/// instead) as the body, or an empty one; `400` without an origin to check.
pub fn origin_answer(
    query: Option<&str>,
    host: Option<&str>,
    scheme: Scheme,
    allowed: &[String],
) -> (StatusCode, String) {
    let origin = query.and_then(|q| {
        form_urlencoded::parse(q.as_bytes())
            .find(|(k, _)| k == "o")
            .map(|(_, v)| v.into_owned())
    });
    match origin {
        None => (StatusCode::BAD_REQUEST, "ask with ?o=ORIGIN\n".to_owned()),
        Some(o) if origin_allowed(Some(&o), host, scheme, allowed) => {
            (StatusCode::NO_CONTENT, String::new())
        }
        Some(_) => {
            let instead = allowed
                .first()
                .map(|a| format!("{}\n", a.trim()))
                .unwrap_or_default();
            (StatusCode::FORBIDDEN, instead)
        }
    }
}

#[cfg(test)]
mod tests;
