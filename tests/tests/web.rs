//! Plain HTTP on the websocket's port, through the real server: each route, content types,
//! compression, caching, 404s and traversal attempts, the limits on a request's size and time,
//! and the websocket's Origin and path checks.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use chaupal_tests::{Client, ServerProcess};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// A site like the one scripts/build-web.sh writes: the page, a hashed wasm and script with
/// their precompressed copies, a hashed icon, the service worker, the manifest, the offline
/// page, and a file that is not the client's.
fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, body: &[u8]| std::fs::write(dir.path().join(name), body).unwrap();
    write("index.html", b"<!doctype html><title>Chaupal</title>");
    write(
        "chaupal-0123456789abcdef.wasm",
        &[0, b'a', b's', b'm', 1, 0, 0, 0],
    );
    write("chaupal-0123456789abcdef.wasm.gz", b"gz of the wasm");
    write("chaupal-fedcba9876543210.js", b"load('x');");
    write("chaupal-fedcba9876543210.js.gz", b"gz of the js");
    write("chaupal-fedcba9876543210.js.br", b"br of the js");
    write("icon-512-00112233445566ff.png", b"\x89PNG the icon");
    write("sw.js", b"// the worker");
    write("sw.js.br", b"br of the worker");
    write("manifest.webmanifest", b"{\"name\": \"Chaupal\"}");
    write("offline.html", b"<!doctype html><title>offline</title>");
    write("assets.json", b"{}");
    dir
}

async fn server_with_site(site: &tempfile::TempDir, extra: &[&str]) -> ServerProcess {
    let dir = site.path().to_str().unwrap().to_owned();
    let mut args = vec!["--web", dir.as_str()];
    args.extend_from_slice(extra);
    ServerProcess::start(&args).await
}

/// One raw HTTP exchange: the request as written, the whole answer as read until the server
/// closes (requests here say `Connection: close`).
async fn exchange(server: &ServerProcess, request: &[u8]) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(server.addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut all = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut all))
        .await
        .expect("the server answers and closes")
        .unwrap();
    let split = all
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(&all)));
    let head = String::from_utf8(all[..split].to_vec()).unwrap();
    let status = head[9..12].parse().unwrap();
    (status, head.to_ascii_lowercase(), all[split + 4..].to_vec())
}

async fn get(server: &ServerProcess, path: &str, extra: &str) -> (u16, String, Vec<u8>) {
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{extra}\r\n",
        server.addr
    );
    exchange(server, req.as_bytes()).await
}

#[tokio::test]
async fn the_page_answers_every_client_route_and_is_never_cached() {
    let site = site();
    let server = server_with_site(&site, &[]).await;
    for path in [
        "/",
        "/join/ABCD-EFGH",
        "/watch/12",
        "/replay/3",
        "/link/QRST-2345",
        "/game/12",
    ] {
        let (status, head, body) = get(&server, path, "").await;
        assert_eq!(status, 200, "{path}");
        assert!(
            head.contains("content-type: text/html; charset=utf-8"),
            "{head}"
        );
        assert!(head.contains("cache-control: no-store"), "{head}");
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
        assert!(
            head.contains("content-security-policy: default-src 'none'"),
            "{head}"
        );
        assert_eq!(body, b"<!doctype html><title>Chaupal</title>");
    }
}

#[tokio::test]
async fn assets_come_compressed_as_accepted_with_their_types_and_long_caching() {
    let site = site();
    let server = server_with_site(&site, &[]).await;
    let (status, head, body) = get(
        &server,
        "/chaupal-0123456789abcdef.wasm",
        "Accept-Encoding: gzip, br\r\n",
    )
    .await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert!(
        head.contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
    assert!(head.contains("vary: accept-encoding"), "{head}");
    assert_eq!(body, b"gz of the wasm");
    let (_, head, body) = get(
        &server,
        "/chaupal-fedcba9876543210.js",
        "Accept-Encoding: gzip, br\r\n",
    )
    .await;
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(
        head.contains("content-type: text/javascript; charset=utf-8"),
        "{head}"
    );
    assert_eq!(body, b"br of the js");
    let (_, head, body) = get(&server, "/chaupal-fedcba9876543210.js", "").await;
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(body, b"load('x');");
    // HEAD: the same headers, no body.
    let req = format!(
        "HEAD /chaupal-fedcba9876543210.js HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    let (status, head, body) = exchange(&server, req.as_bytes()).await;
    assert_eq!(status, 200);
    assert!(head.contains("content-length: 10"), "{head}");
    assert!(body.is_empty());
}

#[tokio::test]
async fn the_worker_manifest_offline_page_and_icons_have_their_types_and_caching() {
    let site = site();
    let server = server_with_site(&site, &[]).await;
    // The service worker at the root, so its scope is the whole site; asked for each time.
    let (status, head, body) = get(&server, "/sw.js", "Accept-Encoding: br\r\n").await;
    assert_eq!(status, 200);
    assert!(
        head.contains("content-type: text/javascript; charset=utf-8"),
        "{head}"
    );
    assert!(head.contains("cache-control: no-cache\r\n"), "{head}");
    assert!(head.contains("content-encoding: br"), "{head}");
    assert_eq!(body, b"br of the worker");
    let (status, head, body) = get(&server, "/manifest.webmanifest", "").await;
    assert_eq!(status, 200);
    assert!(
        head.contains("content-type: application/manifest+json"),
        "{head}"
    );
    assert!(head.contains("cache-control: no-cache\r\n"), "{head}");
    assert_eq!(body, b"{\"name\": \"Chaupal\"}");
    let (status, head, _) = get(&server, "/offline.html", "").await;
    assert_eq!(status, 200);
    assert!(
        head.contains("content-type: text/html; charset=utf-8"),
        "{head}"
    );
    assert!(head.contains("cache-control: no-cache\r\n"), "{head}");
    let (status, head, body) = get(&server, "/icon-512-00112233445566ff.png", "").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: image/png"), "{head}");
    assert!(
        head.contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
    assert_eq!(body, b"\x89PNG the icon");
    // The policy lets the page register its worker and read its manifest.
    assert!(head.contains("worker-src 'self'"), "{head}");
    assert!(head.contains("manifest-src 'self'"), "{head}");
}

#[tokio::test]
async fn unknown_paths_traversals_and_other_methods_are_refused() {
    let site = site();
    let server = server_with_site(&site, &[]).await;
    for path in [
        "/assets.json",
        "/chaupal-0123456789abcdef.wasm.gz",
        "/nothing.js",
        "/../Cargo.toml",
        "/..%2f..%2fCargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/join/../../etc/passwd",
        "/game/",
        "/sw.js.br",
        "/lobby",
    ] {
        let (status, _, body) = get(&server, path, "").await;
        assert_eq!(status, 404, "{path}: {}", String::from_utf8_lossy(&body));
    }
    for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
        let req = format!(
            "{method} / HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            server.addr
        );
        let (status, head, _) = exchange(&server, req.as_bytes()).await;
        assert_eq!(status, 405, "{method}");
        assert!(head.contains("allow: get, head"), "{head}");
    }
    // The game server keeps working beside it.
    let mut c = Client::hello(&server, "after").await;
    assert!(c.player.take().is_some());
}

#[tokio::test]
async fn oversized_and_slow_requests_are_cut_off() {
    let site = site();
    // A short handshake time: the same bound holds the HTTP request head.
    let server = server_with_site(&site, &["--handshake-timeout-ms", "1500"]).await;
    let huge = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Padding: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(40 * 1024)
    );
    let (status, _, _) = exchange(&server, huge.as_bytes()).await;
    assert_eq!(status, 431, "a head over 16 KiB");

    // Half a request, then nothing: closed after the time limit, with nothing served.
    let mut s = TcpStream::connect(server.addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(15), s.read_to_end(&mut got)).await;
    assert!(read.is_ok(), "the slow request was never closed");
    assert!(!String::from_utf8_lossy(&got).contains(" 200 "), "{got:?}");
}

#[tokio::test]
async fn a_named_directory_without_the_client_stops_the_start() {
    let empty = tempfile::tempdir().unwrap();
    let dir = empty.path().to_str().unwrap().to_owned();
    let db = format!("sqlite://{}/x.sqlite", dir);
    let out = tokio::process::Command::new(chaupal_tests::server_binary())
        .args([
            "--bind",
            "127.0.0.1:0",
            "--database",
            db.as_str(),
            "--web",
            dir.as_str(),
        ])
        .output()
        .await
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("build-web.sh"), "{err}");
}

#[tokio::test]
async fn a_websocket_opens_on_slash_and_ws_only_from_an_allowed_origin() {
    let site = site();
    let server = server_with_site(&site, &[]).await;
    let url = |path: &str| format!("ws://{}{path}", server.addr);
    let connect = |path: &str, origin: Option<&str>| {
        let mut req = url(path).into_client_request().unwrap();
        if let Some(o) = origin {
            req.headers_mut()
                .insert("origin", HeaderValue::from_str(o).unwrap());
        }
        tokio_tungstenite::connect_async(req)
    };
    let own = format!("http://{}", server.addr);
    // No Origin (bots, the desktop client), and the server's own page: both paths.
    for path in ["/", "/ws"] {
        assert!(connect(path, None).await.is_ok(), "{path}");
        assert!(connect(path, Some(&own)).await.is_ok(), "{path} from {own}");
    }
    // Another site's page, and another path.
    let refused = connect("/ws", Some("http://evil.example")).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(res)) = refused else {
        panic!("a foreign origin was let in: {refused:?}")
    };
    assert_eq!(res.status(), 403);
    let elsewhere = connect("/lobby", None).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(res)) = elsewhere else {
        panic!("a websocket opened on /lobby")
    };
    assert_eq!(res.status(), 404);

    // --allowed-origin replaces the default.
    let other = server_with_site(&site, &["--allowed-origin", "https://chaupal.example"]).await;
    let mut req = format!("ws://{}/ws", other.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut().insert(
        "origin",
        HeaderValue::from_static("https://chaupal.example"),
    );
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
    let mut req = format!("ws://{}/ws", other.addr)
        .into_client_request()
        .unwrap();
    let own = format!("http://{}", other.addr);
    req.headers_mut()
        .insert("origin", HeaderValue::from_str(&own).unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_err());
}
