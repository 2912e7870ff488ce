//! The HTTP answers without a socket: routes, encodings, caching, security headers, refusals,
//! and the websocket's Origin check.

use http::{Method, Request, StatusCode, header};

use super::site::{Caching, Site, caching, content_type, is_hashed};
use super::*;

/// A site of a page, a hashed wasm with its gzip, a hashed script with gzip and brotli, a
/// hashed icon, and the files whose names stay: the service worker (with its gzip), the
/// manifest and the offline page.
fn site() -> (tempfile::TempDir, Site) {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, body: &[u8]| std::fs::write(dir.path().join(name), body).unwrap();
    write("index.html", b"<!doctype html><title>Chaupal</title>");
    write("chaupal-0123456789abcdef.wasm", b"\0asm wasm bytes");
    write("chaupal-0123456789abcdef.wasm.gz", b"gzipped wasm");
    write("chaupal-4567ef0123456789.js", b"console.log(1)");
    write("chaupal-4567ef0123456789.js.gz", b"gzipped js");
    write("chaupal-4567ef0123456789.js.br", b"brotli js");
    write("icon-192-89abcdef01234567.png", b"\x89PNG icon");
    write("sw.js", b"self.addEventListener('fetch', () => {});");
    write("sw.js.gz", b"gzipped worker");
    write("manifest.webmanifest", b"{\"name\": \"Chaupal\"}");
    write(
        "offline.html",
        b"<!doctype html><title>Chaupal: no connection</title>",
    );
    write("notes.txt", b"not served");
    let site = Site::load(dir.path()).unwrap();
    (dir, site)
}

fn get(site: Option<&Site>, path: &str, accept: Option<&str>) -> Response<Bytes> {
    request(site, Method::GET, path, accept)
}

fn request(
    site: Option<&Site>,
    method: Method,
    path: &str,
    accept: Option<&str>,
) -> Response<Bytes> {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(a) = accept {
        req = req.header(header::ACCEPT_ENCODING, a);
    }
    respond(site, &req.body(()).unwrap())
}

fn header_of(res: &Response<Bytes>, name: header::HeaderName) -> Option<&str> {
    res.headers().get(name).and_then(|v| v.to_str().ok())
}

#[test]
fn every_client_route_is_the_page_which_is_never_cached() {
    let (_dir, site) = site();
    for path in [
        "/",
        "/index.html",
        "/join/ABCD-EFGH",
        "/join/abcdefgh",
        "/watch/42",
        "/replay/7",
        "/link/QRST-2345",
        "/game/1234",
        "/puzzle/kalah-00042",
        "/tournament/17",
        "/tournament/17?code=K7QM-2XPD",
    ] {
        let res = get(Some(&site), path, None);
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(
            res.body().as_ref(),
            b"<!doctype html><title>Chaupal</title>"
        );
        assert_eq!(
            header_of(&res, header::CONTENT_TYPE),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(header_of(&res, header::CACHE_CONTROL), Some("no-store"));
    }
}

#[test]
fn assets_go_compressed_when_accepted_and_are_cached_for_good() {
    let (_dir, site) = site();
    let res = get(
        Some(&site),
        "/chaupal-0123456789abcdef.wasm",
        Some("gzip, deflate, br"),
    );
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        header_of(&res, header::CONTENT_TYPE),
        Some("application/wasm")
    );
    // No brotli file for the wasm: gzip, the next best.
    assert_eq!(header_of(&res, header::CONTENT_ENCODING), Some("gzip"));
    assert_eq!(res.body().as_ref(), b"gzipped wasm");
    assert_eq!(
        header_of(&res, header::CACHE_CONTROL),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(header_of(&res, header::VARY), Some("Accept-Encoding"));
    assert_eq!(header_of(&res, header::CONTENT_LENGTH), Some("12"));

    let js = get(
        Some(&site),
        "/chaupal-4567ef0123456789.js",
        Some("gzip, br"),
    );
    assert_eq!(header_of(&js, header::CONTENT_ENCODING), Some("br"));
    assert_eq!(js.body().as_ref(), b"brotli js");
    assert_eq!(
        header_of(&js, header::CONTENT_TYPE),
        Some("text/javascript; charset=utf-8")
    );
    // Refused by q=0, or not asked for: the next, or the file as it is.
    let js = get(
        Some(&site),
        "/chaupal-4567ef0123456789.js",
        Some("br;q=0, gzip"),
    );
    assert_eq!(header_of(&js, header::CONTENT_ENCODING), Some("gzip"));
    let js = get(Some(&site), "/chaupal-4567ef0123456789.js", None);
    assert_eq!(header_of(&js, header::CONTENT_ENCODING), None);
    assert_eq!(js.body().as_ref(), b"console.log(1)");
}

#[test]
fn the_worker_the_manifest_and_the_offline_page_are_revalidated_and_icons_kept_for_good() {
    let (_dir, site) = site();
    // The service worker at the root (its scope is the whole site), asked for each time.
    let worker = get(Some(&site), "/sw.js", Some("gzip"));
    assert_eq!(worker.status(), StatusCode::OK);
    assert_eq!(
        header_of(&worker, header::CONTENT_TYPE),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(header_of(&worker, header::CACHE_CONTROL), Some("no-cache"));
    assert_eq!(header_of(&worker, header::CONTENT_ENCODING), Some("gzip"));
    assert_eq!(worker.body().as_ref(), b"gzipped worker");
    let manifest = get(Some(&site), "/manifest.webmanifest", None);
    assert_eq!(manifest.status(), StatusCode::OK);
    assert_eq!(
        header_of(&manifest, header::CONTENT_TYPE),
        Some("application/manifest+json")
    );
    assert_eq!(
        header_of(&manifest, header::CACHE_CONTROL),
        Some("no-cache")
    );
    assert_eq!(manifest.body().as_ref(), b"{\"name\": \"Chaupal\"}");
    let offline = get(Some(&site), "/offline.html", None);
    assert_eq!(offline.status(), StatusCode::OK);
    assert_eq!(
        header_of(&offline, header::CONTENT_TYPE),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(header_of(&offline, header::CACHE_CONTROL), Some("no-cache"));
    let icon = get(Some(&site), "/icon-192-89abcdef01234567.png", None);
    assert_eq!(icon.status(), StatusCode::OK);
    assert_eq!(header_of(&icon, header::CONTENT_TYPE), Some("image/png"));
    assert_eq!(
        header_of(&icon, header::CACHE_CONTROL),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(icon.body().as_ref(), b"\x89PNG icon");
}

#[test]
fn only_names_carrying_a_hash_are_cached_for_good() {
    for name in [
        "chaupal-0123456789abcdef.wasm",
        "chaupal-0123456789abcdef.js",
        "icon-maskable-512-0123456789abcdef.png",
        "apple-touch-icon-fedcba9876543210.png",
    ] {
        assert!(is_hashed(name), "{name}");
        assert_eq!(caching(name), Caching::Immutable, "{name}");
    }
    for name in [
        "sw.js",
        "manifest.webmanifest",
        "offline.html",
        // Too short, too long, capitals, no stem, no extension, a stem out of the alphabet.
        "chaupal-0123abcd.js",
        "chaupal-0123456789abcdef0.js",
        "chaupal-0123456789ABCDEF.js",
        "-0123456789abcdef.js",
        "chaupal-0123456789abcdef",
        "chaupal-0123456789abcdef.",
        "Chaupal-0123456789abcdef.js",
        "chau_pal-0123456789abcdef.js",
        "chaupal-0123456789abcdeg.js",
    ] {
        assert!(!is_hashed(name), "{name}");
        assert_eq!(caching(name), Caching::Revalidate, "{name}");
    }
    assert_eq!(caching("index.html"), Caching::Never);
    assert_eq!(Caching::Never.header(), "no-store");
    assert_eq!(Caching::Revalidate.header(), "no-cache");
}

#[test]
fn head_gives_the_headers_and_the_length_without_the_body() {
    let (_dir, site) = site();
    let res = request(
        Some(&site),
        Method::HEAD,
        "/chaupal-4567ef0123456789.js",
        None,
    );
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.body().is_empty());
    assert_eq!(header_of(&res, header::CONTENT_LENGTH), Some("14"));
}

#[test]
fn only_get_and_head_on_known_paths() {
    let (_dir, site) = site();
    for method in [
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::OPTIONS,
        Method::PATCH,
    ] {
        let res = request(Some(&site), method.clone(), "/", None);
        assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_eq!(header_of(&res, header::ALLOW), Some("GET, HEAD"));
    }
    for path in [
        "/notes.txt",
        "/chaupal-0123456789abcdef.wasm.gz",
        "/missing.js",
        "/join/",
        "/join/a/b",
        "/game/",
        "/puzzle/",
        "/tournament/",
        "/tournament/17/standings",
        "/lobby/1",
        "/../Cargo.toml",
        "/..%2fCargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/.hidden.js",
        "/assets/../index.html",
        "//etc/passwd",
    ] {
        let res = get(Some(&site), path, None);
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[test]
fn every_answer_carries_the_security_headers() {
    let (_dir, site) = site();
    for res in [
        get(Some(&site), "/", None),
        get(Some(&site), "/chaupal-0123456789abcdef.wasm", None),
        get(Some(&site), "/nothing", None),
        request(Some(&site), Method::POST, "/", None),
        get(None, "/", None),
    ] {
        for (name, value) in SECURITY_HEADERS {
            assert_eq!(
                res.headers().get(name).and_then(|v| v.to_str().ok()),
                Some(value)
            );
        }
    }
    assert!(CONTENT_SECURITY_POLICY.contains("'wasm-unsafe-eval'"));
    assert!(CONTENT_SECURITY_POLICY.contains("default-src 'none'"));
    // default-src 'none' would block the service worker and the web app manifest.
    assert!(CONTENT_SECURITY_POLICY.contains("worker-src 'self';"));
    assert!(CONTENT_SECURITY_POLICY.contains("manifest-src 'self';"));
}

#[test]
fn without_a_built_client_the_page_says_how_to_build_it() {
    let res = get(None, "/join/ABCD-EFGH", None);
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let text = String::from_utf8(res.body().to_vec()).unwrap();
    assert!(text.contains("scripts/build-web.sh"), "{text}");
    assert_eq!(
        get(None, "/chaupal-0123456789abcdef.wasm", None).status(),
        StatusCode::NOT_FOUND
    );
}

#[test]
fn a_site_without_a_page_is_refused_and_unknown_files_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("chaupal-1.wasm"), b"x").unwrap();
    assert!(matches!(
        Site::load(dir.path()),
        Err(site::SiteError::NoIndex(_))
    ));
    assert!(Site::load(&dir.path().join("missing")).is_err());
    assert_eq!(content_type("x.wasm"), Some("application/wasm"));
    assert_eq!(
        content_type("manifest.webmanifest"),
        Some("application/manifest+json")
    );
    assert_eq!(content_type("assets.json"), None);
    assert_eq!(content_type("x.wasm.gz"), None);
    assert_eq!(content_type("secret.toml"), None);
}

#[test]
fn the_websocket_origin_must_be_the_servers_own_or_an_allowed_one() {
    let none: &[String] = &[];
    let http = Scheme::Http;
    // Bots and the desktop client send no Origin.
    assert!(origin_allowed(None, Some("127.0.0.1:7878"), http, none));
    // The page the server itself served.
    assert!(origin_allowed(
        Some("http://127.0.0.1:7878"),
        Some("127.0.0.1:7878"),
        http,
        none
    ));
    assert!(origin_allowed(
        Some("HTTP://Example.org"),
        Some("example.org:80"),
        http,
        none
    ));
    // Over https only when a trusted proxy says the request came so.
    assert!(origin_allowed(
        Some("https://example.org"),
        Some("example.org"),
        Scheme::Https,
        none
    ));
    assert!(!origin_allowed(
        Some("https://example.org"),
        Some("example.org"),
        http,
        none
    ));
    // Another site, another port, another scheme's default port, a junk origin.
    assert!(!origin_allowed(
        Some("http://evil.example"),
        Some("127.0.0.1:7878"),
        http,
        none
    ));
    assert!(!origin_allowed(
        Some("http://127.0.0.1:9999"),
        Some("127.0.0.1:7878"),
        http,
        none
    ));
    assert!(!origin_allowed(
        Some("https://example.org"),
        Some("example.org:80"),
        Scheme::Https,
        none
    ));
    assert!(!origin_allowed(
        Some("null"),
        Some("127.0.0.1:7878"),
        http,
        none
    ));
    assert!(!origin_allowed(
        Some("http://127.0.0.1:7878"),
        None,
        http,
        none
    ));
    // Configured origins replace the default.
    let allowed = vec!["https://chaupal.example".to_owned()];
    assert!(origin_allowed(
        Some("https://chaupal.example/"),
        Some("10.0.0.2:7878"),
        http,
        &allowed
    ));
    assert!(!origin_allowed(
        Some("http://10.0.0.2:7878"),
        Some("10.0.0.2:7878"),
        http,
        &allowed
    ));
}

#[test]
fn accept_encoding_is_read_with_its_weights() {
    assert_eq!(accepted(None), vec![Encoding::Identity]);
    assert_eq!(
        accepted(Some("gzip, deflate, br, zstd")),
        vec![Encoding::Brotli, Encoding::Gzip, Encoding::Identity]
    );
    assert_eq!(
        accepted(Some("GZIP;q=0.5")),
        vec![Encoding::Gzip, Encoding::Identity]
    );
    assert_eq!(
        accepted(Some("gzip;q=0, br;q=0.0")),
        vec![Encoding::Identity]
    );
}

#[test]
fn the_page_learns_whether_its_address_is_refused_and_where_to_go_instead() {
    let allowed = [
        "https://chaupal.example".to_owned(),
        "https://www.chaupal.example".to_owned(),
    ];
    let ask = |o: &str| {
        format!(
            "o={}",
            form_urlencoded::byte_serialize(o.as_bytes()).collect::<String>()
        )
    };
    let (status, body) = origin_answer(
        Some(&ask("https://localhost:8443")),
        Some("localhost:8443"),
        Scheme::Http,
        &allowed,
    );
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body, "https://chaupal.example\n");
    let (status, body) = origin_answer(
        Some(&ask("https://www.chaupal.example")),
        Some("x"),
        Scheme::Http,
        &allowed,
    );
    assert_eq!((status, body.as_str()), (StatusCode::NO_CONTENT, ""));
    // With none configured: the server's own host and port only, and no address to offer.
    let (status, _) = origin_answer(
        Some(&ask("http://127.0.0.1:7878")),
        Some("127.0.0.1:7878"),
        Scheme::Http,
        &[],
    );
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = origin_answer(
        Some(&ask("http://localhost:7878")),
        Some("127.0.0.1:7878"),
        Scheme::Http,
        &[],
    );
    assert_eq!((status, body.as_str()), (StatusCode::FORBIDDEN, ""));
    let (status, _) = origin_answer(Some("x=1"), Some("h"), Scheme::Http, &allowed);
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        origin_answer(None, None, Scheme::Http, &allowed).0,
        StatusCode::BAD_REQUEST
    );
}
