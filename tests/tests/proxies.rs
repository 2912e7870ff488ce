//! The server behind the two proxies docs/DEPLOY.md configures, each run from the guide's own
//! text: Debian's nginx with the guide's drop-in (inside an `nginx.conf` like Debian's, which
//! turns gzip on), and Caddy with the guide's Caddyfile; both with TLS, from a self-signed
//! certificate for 127.0.0.1. Through each, the tests check what a player and an operator
//! need: the page over https with HSTS, plain http sent to https, a websocket that plays, a page
//! of another site refused, and the client's own address in the server's log (the client
//! connects from 127.0.0.2; the proxy, trusted, from 127.0.0.1).
//!
//! The guide's blocks are changed only where a test must: loopback ports instead of 80 and
//! 443, the test's certificate instead of Let's Encrypt's paths (nginx) or instead of the
//! automatic one (Caddy: `tls CERT KEY`, and global options for its ports, no admin endpoint
//! and its files in a temporary folder), and the test server's address instead of
//! 127.0.0.1:7878.
//!
//! Needs nginx, caddy and openssl (`scripts/install.sh test`); without them the tests say so
//! and pass, unless `CHAUPAL_REQUIRE_DEPLOY_TOOLS` is set (scripts/test.sh sets it).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use chaupal_shared::protocol::{PROTOCOL_VERSION, Request};
use chaupal_tests::logged::{seen_in, server_with_log};
use chaupal_tests::services::deploy_tool;
use chaupal_tests::workspace_root;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::process::{Child, Command};
use tokio_tungstenite::Connector;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// The fenced block of docs/DEPLOY.md in `lang` (```nginx, ```caddyfile): there must be one.
fn deploy_block(lang: &str) -> String {
    let guide = std::fs::read_to_string(workspace_root().join("docs/DEPLOY.md")).unwrap();
    let fence = format!("```{lang}");
    let mut blocks = guide.split(&fence).skip(1);
    let block = blocks
        .next()
        .unwrap_or_else(|| panic!("docs/DEPLOY.md has no {fence} block"));
    assert!(
        blocks.next().is_none(),
        "one {fence} block in docs/DEPLOY.md"
    );
    block
        .split("```")
        .next()
        .unwrap()
        .trim_start_matches('\n')
        .to_owned()
}

/// `text` with `from` replaced by `to`, which must be there.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "the guide's block no longer has {from:?}:\n{text}"
    );
    text.replace(from, to)
}

/// Whether `program` can be run (see [`deploy_tool`]).
async fn have(program: &str) -> bool {
    let version = if program == "nginx" { "-v" } else { "version" };
    deploy_tool(program, version)
}

/// A port free on 127.0.0.1 now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A self-signed certificate for 127.0.0.1 in `dir`: (certificate, key).
async fn certificate(dir: &Path) -> (PathBuf, PathBuf) {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        ])
        .args([
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ])
        // A server's certificate, not an authority's (which TLS clients refuse to be served).
        .args(["-addext", "basicConstraints=critical,CA:FALSE"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .await
        .unwrap();
    assert!(made.success(), "openssl made the certificate");
    (cert, key)
}

/// A proxy and where it listens.
struct Proxy {
    _child: Child,
    http: u16,
    https: u16,
    cert: PathBuf,
    _dir: tempfile::TempDir,
}

impl Proxy {
    /// The proxy `child` (`what`), once it listens on both its ports.
    async fn started(
        child: Child,
        http: u16,
        https: u16,
        cert: PathBuf,
        dir: tempfile::TempDir,
        what: &str,
    ) -> Proxy {
        listening(https, what).await;
        listening(http, what).await;
        Proxy {
            _child: child,
            http,
            https,
            cert,
            _dir: dir,
        }
    }
}

/// Waits until something listens on `port`.
async fn listening(port: u16, what: &str) {
    for _ in 0..200 {
        if TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{what} does not listen on {port}");
}

/// nginx with the guide's drop-in, in an nginx.conf like Debian's, on `https` (and a free
/// port for plain http), before `server`.
async fn nginx_on(server: &str, https: u16) -> Proxy {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = certificate(dir.path()).await;
    let http = free_port();
    let block = deploy_block("nginx");
    let block = replaced(&block, "listen 80;", &format!("listen 127.0.0.1:{http};"));
    let block = replaced(
        &block,
        "listen 443 ssl;",
        &format!("listen 127.0.0.1:{https} ssl;"),
    );
    let block = replaced(
        &block,
        "/etc/letsencrypt/live/chaupal.example/fullchain.pem",
        &cert.display().to_string(),
    );
    let block = replaced(
        &block,
        "/etc/letsencrypt/live/chaupal.example/privkey.pem",
        &key.display().to_string(),
    );
    let block = replaced(&block, "127.0.0.1:7878", server);
    let conf_d = dir.path().join("conf.d");
    std::fs::create_dir(&conf_d).unwrap();
    std::fs::write(conf_d.join("chaupal.conf"), block).unwrap();
    // Debian's nginx.conf, cut to what matters here (its http block turns gzip on and
    // includes conf.d), with its files in the test's folder.
    let d = dir.path().display();
    let user = if is_root() { "user root;" } else { "" };
    let main = format!(
        "{user}\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\n\
         events {{ worker_connections 256; }}\n\
         http {{\n  include /etc/nginx/mime.types;\n  access_log {d}/access.log;\n\
           client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n\
           fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n\
           scgi_temp_path {d}/scgi;\n  ssl_protocols TLSv1.2 TLSv1.3;\n  gzip on;\n\
           include {d}/conf.d/*.conf;\n}}\n"
    );
    let conf = dir.path().join("nginx.conf");
    std::fs::write(&conf, main).unwrap();
    // The guide's check first.
    let check = Command::new("nginx")
        .arg("-t")
        .arg("-p")
        .arg(dir.path())
        .arg("-c")
        .arg(&conf)
        .output()
        .await
        .unwrap();
    assert!(
        check.status.success(),
        "nginx -t: {}",
        String::from_utf8_lossy(&check.stderr)
    );
    let child = Command::new("nginx")
        .arg("-p")
        .arg(dir.path())
        .arg("-c")
        .arg(&conf)
        .args(["-g", "daemon off;"])
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    Proxy::started(child, http, https, cert, dir, "nginx").await
}

/// Caddy with the guide's Caddyfile, on `https` (and a free port for plain http), before
/// `server`.
async fn caddy_on(server: &str, https: u16) -> Proxy {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = certificate(dir.path()).await;
    let http = free_port();
    let block = deploy_block("caddyfile");
    let block = replaced(
        &block,
        "chaupal.example {",
        &format!("127.0.0.1 {{\n\ttls {} {}", cert.display(), key.display()),
    );
    let block = replaced(&block, "127.0.0.1:7878", server);
    let global = format!(
        "{{\n\tadmin off\n\thttp_port {http}\n\thttps_port {https}\n\tstorage file_system {}\n}}\n",
        dir.path().join("data").display()
    );
    let file = dir.path().join("Caddyfile");
    std::fs::write(&file, format!("{global}{block}")).unwrap();
    let child = Command::new("caddy")
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(&file)
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    Proxy::started(child, http, https, cert, dir, "caddy").await
}

/// Whether the tests run as root (the owner of this process's /proc entry).
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A TLS client that trusts only the proxy's certificate.
fn tls_config(cert: &Path) -> Arc<rustls::ClientConfig> {
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(CertificateDer::from_pem_file(cert).unwrap())
        .unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    Arc::new(config)
}

/// A TCP connection to the proxy from 127.0.0.2, a client address distinct from the proxy's.
async fn from_another_address(port: u16) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
    socket
        .connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .await
        .unwrap()
}

/// An answer: its status line, its headers (names in lower case) and its body.
struct Answer {
    status: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse(raw: &[u8]) -> Answer {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a whole head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines.next().unwrap().to_owned();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

/// `GET path` through the proxy over TLS.
async fn https_get(proxy: &Proxy, path: &str) -> Answer {
    let tcp = from_another_address(proxy.https).await;
    let tls = tokio_rustls::TlsConnector::from(tls_config(&proxy.cert));
    let name = ServerName::try_from("127.0.0.1").unwrap();
    let mut stream = tls.connect(name, tcp).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        proxy.https
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    // A proxy may close without TLS's goodbye; what came is the answer.
    let _ = stream.read_to_end(&mut raw).await;
    parse(&raw)
}

/// `GET /` on the proxy's plain http port.
async fn http_get(proxy: &Proxy) -> Answer {
    let mut stream = from_another_address(proxy.http).await;
    let request = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        proxy.http
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    parse(&raw)
}

/// A websocket through the proxy from a page at `origin`.
async fn websocket(
    proxy: &Proxy,
    origin: &str,
) -> Result<chaupal_tests::Client, tokio_tungstenite::tungstenite::Error> {
    let mut req = format!("wss://127.0.0.1:{}/ws", proxy.https)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("origin", HeaderValue::from_str(origin).unwrap());
    let tcp = from_another_address(proxy.https).await;
    let connector = Connector::Rustls(tls_config(&proxy.cert));
    let (ws, _) =
        tokio_tungstenite::client_async_tls_with_config(req, tcp, None, Some(connector)).await?;
    Ok(chaupal_tests::Client::from_ws(ws))
}

/// Everything a player and an operator need, through `proxy` to the server that logs to
/// `log`; `redirect` is the status the proxy sends plain http with.
async fn check_through(
    proxy: &Proxy,
    log: &std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    redirect: &str,
    name: &str,
) {
    // The page, over TLS, with HSTS.
    let page = https_get(proxy, "/").await;
    assert!(page.status.contains(" 200"), "{}", page.status);
    let body = String::from_utf8_lossy(&page.body).to_ascii_lowercase();
    assert!(body.contains("<html"), "the client's page: {body:.200}");
    let hsts = page.header("strict-transport-security").unwrap_or_default();
    assert!(hsts.contains("max-age="), "HSTS: {:?}", page.headers);

    // Plain http goes to https.
    let plain = http_get(proxy).await;
    assert!(plain.status.contains(redirect), "{}", plain.status);
    let to = plain.header("location").unwrap_or_default();
    assert!(to.starts_with("https://127.0.0.1"), "sent to {to:?}");

    // A websocket from the page's own origin plays; the server logs the client's address.
    let origin = format!("https://127.0.0.1:{}", proxy.https);
    let mut client = websocket(proxy, &origin).await.unwrap();
    client
        .request(Request::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            token: None,
            turns: false,
        })
        .await
        .unwrap();
    let line = seen_in(log, &format!("({name})"), Duration::from_secs(10))
        .await
        .unwrap_or_else(|| panic!("no line of {name}'s hello: {:?}", log.lock()));
    assert!(line.contains("127.0.0.2 (via 127.0.0.1:"), "{line}");

    // A page of another site is refused, and so is one at the page's own host and port over
    // plain http: another origin.
    let plain = format!("http://127.0.0.1:{}", proxy.https);
    for origin in ["https://evil.example", plain.as_str()] {
        match websocket(proxy, origin).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
                assert_eq!(res.status().as_u16(), 403, "{origin}")
            }
            Err(e) => panic!("{origin}: refused, but not with 403: {e}"),
            Ok(_) => panic!("a page at {origin} got a websocket"),
        }
    }
}

/// The server as the guide starts it behind a proxy on this machine (allowing the page at
/// `https_port`).
async fn server(https_port: u16) -> chaupal_tests::logged::Logged {
    let web = chaupal_tests::built_site();
    let origin = format!("https://127.0.0.1:{https_port}");
    server_with_log(
        "info",
        &[
            "--web",
            web.to_str().unwrap(),
            "--allowed-origin",
            &origin,
            "--trusted-proxy",
            "127.0.0.1",
        ],
    )
    .await
}

#[tokio::test]
async fn behind_nginx_as_the_guide_configures_it() {
    if !(have("nginx").await && have("openssl").await) {
        return;
    }
    // The server's origin names the proxy's port, so the proxy's ports come first.
    let https = free_port();
    let (mut child, addr, log, _dir) = server(https).await;
    let proxy = nginx_on(&addr, https).await;
    check_through(&proxy, &log, " 301", "asha").await;
    child.start_kill().unwrap();
}

/// Without `--allowed-origin`, behind the guide's nginx (trusted, and saying
/// `X-Forwarded-Proto: https`), the server's own origin is its page's: `https` on the proxy's
/// host and port. The same host and port over `http` is another origin, refused.
#[tokio::test]
async fn behind_nginx_without_allowed_origins_the_servers_own_origin_is_https() {
    if !(have("nginx").await && have("openssl").await) {
        return;
    }
    let https = free_port();
    let web = chaupal_tests::built_site();
    let (mut child, addr, log, _dir) = server_with_log(
        "info",
        &[
            "--web",
            web.to_str().unwrap(),
            "--trusted-proxy",
            "127.0.0.1",
        ],
    )
    .await;
    let proxy = nginx_on(&addr, https).await;
    check_through(&proxy, &log, " 301", "chitra").await;
    child.start_kill().unwrap();
}

#[tokio::test]
async fn behind_caddy_as_the_guide_configures_it() {
    if !(have("caddy").await && have("openssl").await) {
        return;
    }
    let https = free_port();
    let (mut child, addr, log, _dir) = server(https).await;
    let proxy = caddy_on(&addr, https).await;
    check_through(&proxy, &log, " 308", "bishnu").await;
    child.start_kill().unwrap();
}
