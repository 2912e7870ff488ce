//! End-to-end tests and the load generator for Chaupal, run against a real server.
//!
//! [`ServerProcess`] starts the real server binary on an ephemeral port with a temporary
//! database (and can kill it with SIGKILL and start it again on the same database);
//! [`Client`] speaks the protocol over a websocket in JSON text frames, the way a bot in any
//! language would; [`play`] has the steps the tests share. The tests are in `tests/`. [`load`] is
//! the load generator behind `--bin loadtest`; [`services`] starts what a test needs beside the
//! server (a fresh PostgreSQL database, a NATS server); [`logged`] starts one with its log piped. [`history`] records what clients asked and
//! were told during a fault run and checks it; [`nemesis`] runs those (`--bin faultrun`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod clock;
pub mod history;
pub mod logged;
pub mod nemesis;
pub mod play;
pub mod push_receiver;
pub mod services;
pub mod tournaments;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::codec::{DEFAULT_MESSAGE_LIMIT, decode_json, encode_json};
use chaupal_shared::protocol::{
    Action, ClientMessage, ErrorReply, GameEvent, GameId, GameSnapshot, PROTOCOL_VERSION,
    PlayerInfo, Reply, Request, ServerMessage, Version,
};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub mod load;

/// How long a test waits for any one message before it fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The message budget of a server for whole games: tests play far faster than people (the
/// budget itself is tested on its own).
const FOR_GAMES: [&str; 4] = [
    "--messages-per-second",
    "100000",
    "--message-burst",
    "100000",
];

/// The server under test, as a child process.
pub struct ServerProcess {
    child: Child,
    pub addr: SocketAddr,
    /// The database directory (kept for restarts).
    pub dir: PathBuf,
    binary: PathBuf,
    args: Vec<String>,
    /// The database URL when it is not the SQLite file in `dir` (kept for restarts).
    database: Option<String>,
    _temp: Option<tempfile::TempDir>,
}

impl ServerProcess {
    /// Starts a server with a fresh temporary database and these extra options.
    pub async fn start(args: &[&str]) -> ServerProcess {
        Self::start_fresh(&server_binary(), args).await
    }

    /// Starts `binary` as the server with a fresh temporary database.
    pub async fn start_fresh(binary: &Path, args: &[&str]) -> ServerProcess {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().to_path_buf();
        let mut server = Self::start_binary(binary, &dir, args).await;
        server._temp = Some(temp);
        server
    }

    /// Starts a server for whole games, the message budget raised ([`FOR_GAMES`]).
    pub async fn start_for_games(args: &[&str]) -> ServerProcess {
        let mut all = FOR_GAMES.to_vec();
        all.extend_from_slice(args);
        Self::start(&all).await
    }

    /// Starts a server for whole games that keeps its records in the database at `url` (a
    /// PostgreSQL one, say) instead of a SQLite file; restarts come back to the same database.
    pub async fn start_for_games_on(url: &str, args: &[&str]) -> ServerProcess {
        let temp = tempfile::tempdir().unwrap();
        let mut all = FOR_GAMES.to_vec();
        all.extend_from_slice(args);
        let mut server = Self::start_on(&server_binary(), temp.path(), url, &all).await;
        server._temp = Some(temp);
        server
    }

    /// Starts `binary` in the working directory `dir` on the database at `url`.
    async fn start_on(binary: &Path, dir: &Path, url: &str, args: &[&str]) -> ServerProcess {
        let mut all = vec!["--database", url];
        all.extend_from_slice(args);
        let mut server = Self::start_bare_binary(binary, dir, &all).await;
        server.args = args.iter().map(|s| (*s).to_owned()).collect();
        server.database = Some(url.to_owned());
        server
    }

    /// Starts a server on the database in `dir`.
    pub async fn start_in(dir: &Path, args: &[&str]) -> ServerProcess {
        Self::start_binary(&server_binary(), dir, args).await
    }

    /// Starts `binary` (anything that takes the server's command line) as the server, on the
    /// database in `dir`.
    pub async fn start_binary(binary: &Path, dir: &Path, args: &[&str]) -> ServerProcess {
        let db = format!("sqlite://{}", dir.join("chaupal.sqlite").display());
        let mut all = vec!["--database", db.as_str()];
        all.extend_from_slice(args);
        let mut server = Self::start_bare_binary(binary, dir, &all).await;
        server.args = args.iter().map(|s| (*s).to_owned()).collect();
        server
    }

    /// Starts `serve` in the working directory `dir` on an ephemeral port with only these
    /// options (no `--database`: the server's default).
    pub async fn start_bare(dir: &Path, args: &[&str]) -> ServerProcess {
        Self::start_bare_binary(&server_binary(), dir, args).await
    }

    /// Starts `binary` as `serve` in the working directory `dir` with only these options, on an
    /// ephemeral port.
    async fn start_bare_binary(binary: &Path, dir: &Path, args: &[&str]) -> ServerProcess {
        Self::start_bare_binary_at(binary, dir, "127.0.0.1:0", args).await
    }

    /// Starts `binary` as `serve` in the working directory `dir`, listening on `bind`, with only
    /// these options.
    async fn start_bare_binary_at(
        binary: &Path,
        dir: &Path,
        bind: &str,
        args: &[&str],
    ) -> ServerProcess {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let mut child = Command::new(binary)
            .current_dir(dir)
            .arg("serve")
            .arg("--bind")
            .arg(bind)
            .args(&args)
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or("warn".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("start the server");
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
            .await
            .expect("the server says where it listens")
            .unwrap()
            .expect("a line on stdout");
        let addr = line
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .parse()
            .unwrap();
        // Keep draining stdout so the server never blocks on it.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        ServerProcess {
            child,
            addr,
            dir: dir.to_path_buf(),
            binary: binary.to_path_buf(),
            args,
            database: None,
            _temp: None,
        }
    }

    /// Kills the server with SIGKILL (no chance to clean up) and waits for it to die.
    pub async fn kill(&mut self) {
        // An error here means it has already exited.
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }

    /// Asks the server to stop with SIGTERM, as a service manager would, and waits (at most
    /// [`PATIENCE`]) for it to exit; returns how it exited.
    pub async fn terminate(&mut self) -> std::process::ExitStatus {
        let pid = self.child.id().expect("the server is running");
        let sent = Command::new("kill")
            .arg("-TERM")
            .arg(pid.to_string())
            .status()
            .await
            .unwrap();
        assert!(sent.success(), "kill -TERM {pid}");
        tokio::time::timeout(PATIENCE, self.child.wait())
            .await
            .expect("the server exits after SIGTERM")
            .unwrap()
    }

    /// Kills the server (if it still runs) and starts it again on the same database.
    pub async fn restart(mut self) -> ServerProcess {
        self.kill().await;
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let mut next = match &self.database {
            Some(url) => Self::start_on(&self.binary, &self.dir, url, &args).await,
            None => Self::start_binary(&self.binary, &self.dir, &args).await,
        };
        next._temp = self._temp.take();
        next
    }

    /// Kills the server (if it still runs) and starts it again on the same database, the same
    /// options and the same address: to a browser it is the same site (the same origin, so the
    /// same service worker and storage), as after an upgrade in place.
    pub async fn restart_at_same_address(mut self) -> ServerProcess {
        self.kill().await;
        let db = match &self.database {
            Some(url) => url.clone(),
            None => format!("sqlite://{}", self.dir.join("chaupal.sqlite").display()),
        };
        let mut all = vec!["--database", db.as_str()];
        all.extend(self.args.iter().map(String::as_str));
        let bind = self.addr.to_string();
        let mut next = Self::start_bare_binary_at(&self.binary, &self.dir, &bind, &all).await;
        next.args = std::mem::take(&mut self.args);
        next.database = self.database.take();
        next._temp = self._temp.take();
        next
    }

    /// The server's process id (while it runs).
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }
}

/// `GET /health` of the server at `addr` from this machine, as a client the
/// `X-Forwarded-For` names when given: the status line and the body.
pub async fn health(addr: &str, forwarded_for: Option<&str>) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let forwarded = forwarded_for
        .map(|c| format!("X-Forwarded-For: {c}\r\n"))
        .unwrap_or_default();
    let request =
        format!("GET /health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{forwarded}\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

/// The server binary: `CHAUPAL_SERVER_BIN` if set, else `chaupal-server-under-test` next to
/// the test executable's folder (Cargo builds a package's binaries before its integration
/// tests, into the folder above `deps/`).
/// The workspace's root (this package is `tests/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The target folder this test was built into (a test binary is in `TARGET/debug/deps`).
pub fn target_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .find(|p| p.file_name().is_some_and(|n| n == "deps"))
                .and_then(|deps| deps.parent()?.parent())
                .map(Path::to_path_buf)
        })
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// The built browser client: `CHAUPAL_WEB_DIR`, else `TARGET/web`; a failure saying how to
/// build it when it is not there.
pub fn built_site() -> PathBuf {
    let dir = std::env::var_os("CHAUPAL_WEB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir().join("web"));
    assert!(
        dir.join("index.html").is_file() && dir.join("assets.json").is_file(),
        "no browser client in {}: run `bash scripts/build-web.sh` first (scripts/test.sh does)",
        dir.display()
    );
    dir
}

pub fn server_binary() -> PathBuf {
    if let Ok(path) = std::env::var("CHAUPAL_SERVER_BIN") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap();
    let dir = if dir.ends_with("deps") {
        dir.parent().unwrap()
    } else {
        dir
    };
    dir.join(format!(
        "chaupal-server-under-test{}",
        std::env::consts::EXE_SUFFIX
    ))
}

/// A test client speaking JSON.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Messages received while waiting for something else.
    pub inbox: VecDeque<ServerMessage>,
    pub player: Option<PlayerInfo>,
    pub token: Option<String>,
    /// The server's welcome, once said.
    pub welcome: Option<chaupal_shared::protocol::Welcome>,
}

impl Client {
    /// Opens a websocket, without saying hello.
    pub async fn connect(server: &ServerProcess) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(server.url())
            .await
            .unwrap();
        Self::from_ws(ws)
    }

    /// A client on a websocket opened elsewhere.
    pub fn from_ws(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            next_id: 0,
            inbox: VecDeque::new(),
            player: None,
            token: None,
            welcome: None,
        }
    }

    /// Connects and says hello as a new player.
    pub async fn hello(server: &ServerProcess, name: &str) -> Client {
        Self::hello_as(server, name, None).await
    }

    /// Connects and says hello, with a token to be a returning player.
    pub async fn hello_as(server: &ServerProcess, name: &str, token: Option<&str>) -> Client {
        Self::hello_at(&server.url(), name, token).await
    }

    /// Connects to the server at `url` (`ws://…`, for a task that does not hold the
    /// [`ServerProcess`]) and says hello, with a token to be a returning player.
    pub async fn hello_at(url: &str, name: &str, token: Option<&str>) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut c = Self::from_ws(ws);
        let reply = c
            .request(Request::Hello {
                version: PROTOCOL_VERSION,
                name: name.to_owned(),
                token: token.map(str::to_owned),
                turns: false,
            })
            .await
            .expect("welcome");
        let Reply::Welcome(w) = reply else {
            panic!("expected welcome, got {reply:?}")
        };
        c.player = Some(w.player.clone());
        c.token = Some(w.token.clone());
        c.welcome = Some(w);
        c
    }

    pub fn id(&self) -> chaupal_shared::protocol::PlayerId {
        self.player.as_ref().unwrap().id
    }

    /// Sends a request as JSON; returns its id.
    pub async fn send(&mut self, request: Request) -> u64 {
        self.next_id += 1;
        let msg = ClientMessage {
            id: self.next_id,
            request,
        };
        self.ws
            .send(Message::text(encode_json(&msg).unwrap()))
            .await
            .unwrap();
        self.next_id
    }

    /// Sends any websocket frame.
    pub async fn send_frame(&mut self, frame: Message) {
        self.ws.send(frame).await.unwrap();
    }

    /// The next protocol message (from the inbox first); panics after [`PATIENCE`].
    pub async fn recv(&mut self) -> ServerMessage {
        if let Some(m) = self.inbox.pop_front() {
            return m;
        }
        self.recv_wire().await.expect("a message, not the end")
    }

    /// The next message from the socket; `None` when the server closed the connection.
    pub async fn recv_wire(&mut self) -> Option<ServerMessage> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a message in time");
            match frame {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Text(t))) => {
                    return Some(decode_json(t.as_str(), 16 * DEFAULT_MESSAGE_LIMIT).unwrap());
                }
                Some(Ok(Message::Binary(b))) => {
                    return Some(
                        chaupal_shared::codec::decode_binary(&b, 16 * DEFAULT_MESSAGE_LIMIT)
                            .unwrap(),
                    );
                }
                Some(Ok(Message::Close(_))) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Waits for the first message that `pick` accepts, keeping the others in the inbox.
    pub async fn wait_for<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        if let Some(pos) = self.inbox.iter().position(|m| pick(m).is_some()) {
            let m = self.inbox.remove(pos).unwrap();
            return pick(&m).unwrap();
        }
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited too long; unmatched: {:?}",
                self.inbox.back()
            );
            let m = self.recv_wire().await.expect("the connection to stay open");
            match pick(&m) {
                Some(t) => return t,
                None => self.inbox.push_back(m),
            }
        }
    }

    /// Sends a request and waits for its reply or error.
    pub async fn request(&mut self, request: Request) -> Result<Reply, ErrorReply> {
        let id = self.send(request).await;
        self.answer(id).await
    }

    /// Sends a request and waits for its answer without panicking: `None` when the connection
    /// ends (or nothing comes within [`PATIENCE`]), as it does when the server is killed.
    pub async fn try_request(&mut self, request: Request) -> Option<Result<Reply, ErrorReply>> {
        self.next_id += 1;
        let id = self.next_id;
        let text = encode_json(&ClientMessage { id, request }).ok()?;
        self.ws.send(Message::text(text)).await.ok()?;
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .ok()??;
            let msg: ServerMessage = match frame.ok()? {
                Message::Text(t) => decode_json(t.as_str(), 16 * DEFAULT_MESSAGE_LIMIT).ok()?,
                Message::Close(_) => return None,
                _ => continue,
            };
            match msg {
                ServerMessage::Reply { id: i, reply } if i == id => return Some(Ok(reply)),
                ServerMessage::Error { id: Some(i), error } if i == id => return Some(Err(error)),
                other => self.inbox.push_back(other),
            }
        }
    }

    /// Waits for the reply or error to the request `id`.
    pub async fn answer(&mut self, id: u64) -> Result<Reply, ErrorReply> {
        self.wait_for(|m| match m {
            ServerMessage::Reply { id: i, reply } if *i == id => Some(Ok(reply.clone())),
            ServerMessage::Error { id: Some(i), error } if *i == id => Some(Err(error.clone())),
            _ => None,
        })
        .await
    }

    /// Acts in a game and waits for the answer.
    pub async fn act(&mut self, game: GameId, action: Action) -> Result<Reply, ErrorReply> {
        self.request(Request::Act {
            game,
            seat: None,
            action,
        })
        .await
    }

    /// Plays a move and waits for the answer.
    pub async fn play(&mut self, game: GameId, notation: &str) -> Result<Reply, ErrorReply> {
        self.act(
            game,
            Action::Move {
                notation: notation.to_owned(),
                ply: None,
            },
        )
        .await
    }

    /// The next snapshot of `game`.
    pub async fn snapshot(&mut self, game: GameId) -> GameSnapshot {
        self.wait_for(|m| match m {
            ServerMessage::Snapshot(s) if s.summary.game == game => Some((**s).clone()),
            _ => None,
        })
        .await
    }

    /// Sits back down at `game` (or looks at it again) and returns its snapshot.
    pub async fn rejoin(&mut self, game: GameId) -> GameSnapshot {
        self.request(Request::Rejoin {
            game,
            since: None,
            key: None,
        })
        .await
        .unwrap();
        self.snapshot(game).await
    }

    /// The next numbered event of `game`.
    pub async fn event(&mut self, game: GameId) -> (Version, GameEvent) {
        self.wait_for(|m| match m {
            ServerMessage::Event {
                game: g,
                version,
                event,
            } if *g == game => Some((*version, event.clone())),
            _ => None,
        })
        .await
    }

    /// Events of `game` until (and including) the one `stop` accepts.
    pub async fn events_until(
        &mut self,
        game: GameId,
        mut stop: impl FnMut(&GameEvent) -> bool,
    ) -> Vec<(Version, GameEvent)> {
        let mut out = Vec::new();
        loop {
            let e = self.event(game).await;
            let done = stop(&e.1);
            out.push(e);
            if done {
                return out;
            }
        }
    }

    /// The error with no request id that the server sends next (about a frame it could not
    /// read, or the connection itself).
    pub async fn connection_error(&mut self) -> ErrorReply {
        self.wait_for(|m| match m {
            ServerMessage::Error { id: None, error } => Some(error.clone()),
            _ => None,
        })
        .await
    }

    /// Reads until the server closes the connection; returns the messages seen.
    pub async fn until_closed(&mut self) -> Vec<ServerMessage> {
        let mut seen: Vec<ServerMessage> = self.inbox.drain(..).collect();
        while let Some(m) = self.recv_wire().await {
            seen.push(m);
        }
        seen
    }
}

/// The resident memory of a process in MiB, from /proc/PID/status (Linux); `None` elsewhere
/// or when the process is gone.
pub fn rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The start position of a game with default rules.
pub fn start_of(kind: GameKind) -> AnyGame {
    AnyGame::start(kind, Vec::<(String, String)>::new()).unwrap()
}

/// A legal move chosen from the position by a small deterministic generator.
pub fn pick_move(game: &AnyGame, seed: &mut u64) -> String {
    let moves = game.legal_moves_text();
    assert!(!moves.is_empty(), "a legal move to play");
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    moves[((*seed >> 33) as usize) % moves.len()].clone()
}

/// Which client holds the seat to move: 0 when `first` plays the first side.
pub fn mover(game: &AnyGame, first_is: usize) -> usize {
    match game.side_to_move() {
        Side::First => first_is,
        Side::Second => 1 - first_is,
    }
}
