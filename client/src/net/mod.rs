//! The connection to the server, kept off the render loop: a background thread owns the
//! websocket (tungstenite over TCP, with TLS by rustls for `wss://` addresses, checked against
//! Mozilla's root certificates from webpki-roots), reconnects by itself with a growing pause
//! after a drop, and talks to the UI through two channels. The UI sends [`ToNet`] and polls
//! [`FromNet`] once a frame; it never waits on the network.
//!
//! This layer moves frames; what they mean (the protocol) is [`link`]'s business, and the
//! words a player reads about a problem come from [`wording`].

pub mod link;
pub mod online;
pub mod wording;

use std::io;
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::Duration;

use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The websocket over TCP, encrypted or not.
type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// How long to wait for the server to accept a TCP connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one read waits before the thread looks at its commands again.
pub const POLL_INTERVAL: Duration = Duration::from_millis(25);
/// The pause before the first retry; it doubles up to [`MAX_RETRY`].
pub const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest pause between retries.
pub const MAX_RETRY: Duration = Duration::from_secs(15);

/// A websocket payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

/// From the UI to the network thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToNet {
    /// Sends a frame (dropped when not connected: the UI re-syncs after reconnecting).
    Send(Frame),
    /// Stops waiting and tries to connect now.
    RetryNow,
    /// Closes the connection and ends the thread.
    Shutdown,
}

/// From the network thread to the UI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromNet {
    /// Trying to connect (attempt 1 is the first since the last success).
    Connecting { attempt: u32 },
    /// Connected: the protocol's greeting can go out.
    Connected,
    /// A frame from the server.
    Frame(Frame),
    /// The connection failed or dropped; the next attempt starts after `retry_in`.
    Lost {
        reason: String,
        attempt: u32,
        retry_in: Duration,
    },
}

/// The pause before retry number `attempt` (1 = the first retry): 1, 2, 4, 8, 15, 15, ... s.
pub fn retry_delay(attempt: u32) -> Duration {
    let doubled = FIRST_RETRY.saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
    doubled.min(MAX_RETRY)
}

/// Where a `ws://host:port/path` or `wss://host:port/path` address points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub host: String,
    pub port: u16,
    /// Whether the connection is encrypted (`wss://`, TLS).
    pub secure: bool,
}

/// Reads a server address; says in words what is wrong with a bad one.
pub fn parse_address(url: &str) -> Result<Address, String> {
    let (rest, secure) = if let Some(r) = url.strip_prefix("ws://") {
        (r, false)
    } else if let Some(r) = url.strip_prefix("wss://") {
        (r, true)
    } else {
        return Err(format!(
            "{url} is not a server address: it should look like ws://127.0.0.1:7878 (or \
             wss://example.org for an encrypted connection)"
        ));
    };
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    if authority.contains('@') {
        return Err(format!(
            "{url}: a server address carries no user name or password"
        ));
    }
    let default_port = if secure { 443 } else { 80 };
    let read_port = |p: &str| {
        p.parse::<u16>()
            .map_err(|_| format!("{url}: '{p}' is not a port number"))
    };
    // `[v6 address]:port`, `[v6 address]`, `host:port` or `host`.
    let (host, port) = if let Some(bracketed) = authority.strip_prefix('[') {
        let (host, after) = bracketed
            .split_once(']')
            .ok_or_else(|| format!("{url}: the address in [ ] is not closed"))?;
        let port = match after.strip_prefix(':') {
            Some(p) => read_port(p)?,
            None if after.is_empty() => default_port,
            None => return Err(format!("{url}: '{after}' after the address makes no sense")),
        };
        (host.to_owned(), port)
    } else {
        match authority.rsplit_once(':') {
            Some((h, p)) => (h.to_owned(), read_port(p)?),
            None => (authority.to_owned(), default_port),
        }
    };
    if host.is_empty() {
        return Err(format!("{url} names no server"));
    }
    Ok(Address { host, port, secure })
}

/// The UI's end of the connection.
pub struct NetHandle {
    to_net: Sender<ToNet>,
    from_net: Receiver<FromNet>,
    thread: Option<JoinHandle<()>>,
}

impl NetHandle {
    /// Starts the network thread for `url`; it connects at once.
    pub fn spawn(url: &str) -> NetHandle {
        let (to_net, commands) = mpsc::channel();
        let (events, from_net) = mpsc::channel();
        let url = url.to_owned();
        let thread = std::thread::Builder::new()
            .name("chaupal-net".into())
            .spawn(move || run(&url, &commands, &events))
            .ok();
        NetHandle {
            to_net,
            from_net,
            thread,
        }
    }

    /// Queues a frame for the server.
    pub fn send(&self, frame: Frame) {
        let _ = self.to_net.send(ToNet::Send(frame));
    }

    /// Asks for a connection attempt now.
    pub fn retry_now(&self) {
        let _ = self.to_net.send(ToNet::RetryNow);
    }

    /// Everything the network thread said since the last call.
    pub fn poll(&self) -> Vec<FromNet> {
        self.from_net.try_iter().collect()
    }

    /// Waits up to `timeout` for the next report (for tests and tools, not the render loop).
    pub fn wait(&self, timeout: Duration) -> Option<FromNet> {
        self.from_net.recv_timeout(timeout).ok()
    }
}

impl Drop for NetHandle {
    fn drop(&mut self) {
        let _ = self.to_net.send(ToNet::Shutdown);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// What ended a session.
enum End {
    /// The UI asked to stop.
    Shutdown,
    /// The connection dropped, for this reason (in words).
    Dropped(String),
}

/// The network thread: connect, run, wait, again, until told to stop.
fn run(url: &str, commands: &Receiver<ToNet>, events: &Sender<FromNet>) {
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        if events.send(FromNet::Connecting { attempt }).is_err() {
            return;
        }
        let reason = match connect(url) {
            Ok(ws) => {
                attempt = 0;
                if events.send(FromNet::Connected).is_err() {
                    return;
                }
                match session(ws, commands, events) {
                    End::Shutdown => return,
                    End::Dropped(reason) => reason,
                }
            }
            Err(reason) => reason,
        };
        let retry_in = retry_delay(attempt.max(1));
        let lost = FromNet::Lost {
            reason,
            attempt: attempt.max(1),
            retry_in,
        };
        if events.send(lost).is_err() {
            return;
        }
        // Wait out the pause, unless told to retry now or to stop. Frames sent meanwhile are
        // dropped: after reconnecting, the UI asks for what it missed.
        let deadline = std::time::Instant::now() + retry_in;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                break;
            }
            match commands.recv_timeout(left) {
                Ok(ToNet::RetryNow) => break,
                Ok(ToNet::Shutdown) | Err(RecvTimeoutError::Disconnected) => return,
                Ok(ToNet::Send(_)) => {}
                Err(RecvTimeoutError::Timeout) => break,
            }
        }
    }
}

/// The TCP stream under a websocket, encrypted or not.
fn tcp(ws: &Socket) -> Option<&TcpStream> {
    match ws.get_ref() {
        MaybeTlsStream::Plain(s) => Some(s),
        MaybeTlsStream::Rustls(s) => Some(s.get_ref()),
        _ => None,
    }
}

/// Opens the websocket (TLS first for `wss://`).
fn connect(url: &str) -> Result<Socket, String> {
    let address = parse_address(url)?;
    let addrs: Vec<_> = (address.host.as_str(), address.port)
        .to_socket_addrs()
        .map_err(|e| wording::io_problem(url, &e))?
        .collect();
    let mut last = io::Error::new(io::ErrorKind::NotFound, "no address");
    let mut stream = None;
    for a in addrs {
        match TcpStream::connect_timeout(&a, CONNECT_TIMEOUT) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(e) => last = e,
        }
    }
    let stream = stream.ok_or_else(|| wording::io_problem(url, &last))?;
    let _ = stream.set_nodelay(true);
    stream
        .set_read_timeout(Some(CONNECT_TIMEOUT))
        .map_err(|e| wording::io_problem(url, &e))?;
    let (ws, _response) =
        tungstenite::client_tls(url, stream).map_err(|e| wording::handshake_problem(url, &e))?;
    if let Some(s) = tcp(&ws) {
        s.set_read_timeout(Some(POLL_INTERVAL))
            .map_err(|e| wording::io_problem(url, &e))?;
    }
    Ok(ws)
}

/// Runs one connection until it drops or the UI stops it.
fn session(mut ws: Socket, commands: &Receiver<ToNet>, events: &Sender<FromNet>) -> End {
    loop {
        loop {
            match commands.try_recv() {
                Ok(ToNet::Send(frame)) => {
                    let msg = match frame {
                        Frame::Text(t) => Message::text(t),
                        Frame::Binary(b) => Message::binary(b),
                    };
                    if let Err(e) = ws.send(msg) {
                        return End::Dropped(wording::socket_problem(&e));
                    }
                }
                Ok(ToNet::RetryNow) => {}
                Ok(ToNet::Shutdown) | Err(TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return End::Shutdown;
                }
                Err(TryRecvError::Empty) => break,
            }
        }
        match ws.read() {
            Ok(Message::Text(t)) => {
                if events
                    .send(FromNet::Frame(Frame::Text(t.to_string())))
                    .is_err()
                {
                    return End::Shutdown;
                }
            }
            Ok(Message::Binary(b)) => {
                if events
                    .send(FromNet::Frame(Frame::Binary(b.to_vec())))
                    .is_err()
                {
                    return End::Shutdown;
                }
            }
            Ok(Message::Close(frame)) => {
                let why = frame
                    .map(|f| f.reason.to_string())
                    .filter(|r| !r.is_empty())
                    .map(|r| format!("The server closed the connection: {r}."))
                    .unwrap_or_else(|| "The server closed the connection.".to_owned());
                return End::Dropped(why);
            }
            Ok(_) => {
                // Pings are answered by tungstenite on the next write or flush.
                let _ = ws.flush();
            }
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                let _ = ws.flush();
            }
            Err(e) => return End::Dropped(wording::socket_problem(&e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    #[test]
    fn retries_back_off_to_a_ceiling() {
        let secs: Vec<u64> = (1..=7).map(|a| retry_delay(a).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 15, 15, 15]);
        assert_eq!(retry_delay(u32::MAX), MAX_RETRY);
    }

    #[test]
    fn addresses_read_or_say_what_is_wrong() {
        assert_eq!(
            parse_address("ws://127.0.0.1:7878"),
            Ok(Address {
                host: "127.0.0.1".into(),
                port: 7878,
                secure: false,
            })
        );
        assert_eq!(
            parse_address("ws://example.invalid/play").map(|a| a.port),
            Ok(80)
        );
        assert_eq!(
            parse_address("ws://[::1]:9000").map(|a| a.host),
            Ok("::1".into())
        );
        assert!(
            parse_address("http://x")
                .unwrap_err()
                .contains("ws://127.0.0.1:7878")
        );
        assert!(parse_address("ws://x:port").unwrap_err().contains("port"));
        assert!(
            parse_address("ws:///play")
                .unwrap_err()
                .contains("no server")
        );
        assert!(
            parse_address("wss://me:pw@example.org")
                .unwrap_err()
                .contains("no user name")
        );
    }

    #[test]
    fn secure_addresses_read_with_their_default_port() {
        assert_eq!(
            parse_address("wss://play.example.org/chaupal"),
            Ok(Address {
                host: "play.example.org".into(),
                port: 443,
                secure: true,
            })
        );
        assert_eq!(
            parse_address("wss://play.example.org:8443?x=1").map(|a| (a.port, a.secure)),
            Ok((8443, true))
        );
        assert_eq!(
            parse_address("wss://[::1]").map(|a| (a.host, a.port)),
            Ok(("::1".into(), 443))
        );
    }

    /// A `wss://` address whose server speaks no TLS fails in the TLS handshake, and says so.
    #[test]
    fn a_secure_connection_to_a_plain_server_fails_in_words() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        std::thread::spawn(move || {
            if let Some(Ok(mut s)) = listener.incoming().next() {
                use std::io::{Read, Write};
                let mut buf = [0u8; 512];
                let _ = s.read(&mut buf);
                let _ = s.write_all(b"HTTP/1.1 400 Bad Request\r\n\r\n");
            }
        });
        let err = connect(&format!("wss://127.0.0.1:{port}")).expect_err("no TLS there");
        assert!(err.contains("secure"), "{err}");
    }

    /// A websocket server on 127.0.0.1 that echoes one text frame per connection, then drops it.
    fn echo_once_per_connection(listener: TcpListener, connections: usize) {
        std::thread::spawn(move || {
            for stream in listener.incoming().take(connections) {
                let Ok(stream) = stream else { continue };
                let Ok(mut ws) = tungstenite::accept(stream) else {
                    continue;
                };
                if let Ok(Message::Text(t)) = ws.read() {
                    let _ = ws.send(Message::text(format!("echo {t}")));
                    let _ = ws.flush();
                }
                let _ = ws.close(None);
                let _ = ws.flush();
            }
        });
    }

    fn next_frame_or_connected(net: &NetHandle, want_connected: bool) -> Option<FromNet> {
        let until = std::time::Instant::now() + Duration::from_secs(10);
        while std::time::Instant::now() < until {
            match net.wait(Duration::from_millis(200)) {
                Some(e @ FromNet::Connected) if want_connected => return Some(e),
                Some(e @ FromNet::Frame(_)) if !want_connected => return Some(e),
                _ => {}
            }
        }
        None
    }

    #[test]
    fn frames_go_both_ways_and_a_dropped_connection_comes_back() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        echo_once_per_connection(listener, 2);
        let net = NetHandle::spawn(&format!("ws://127.0.0.1:{port}"));
        for round in ["one", "two"] {
            assert_eq!(
                next_frame_or_connected(&net, true),
                Some(FromNet::Connected),
                "{round}"
            );
            net.send(Frame::Text(round.into()));
            assert_eq!(
                next_frame_or_connected(&net, false),
                Some(FromNet::Frame(Frame::Text(format!("echo {round}"))))
            );
            // The server drops the connection; ask for the retry at once.
            let until = std::time::Instant::now() + Duration::from_secs(10);
            while std::time::Instant::now() < until {
                if let Some(FromNet::Lost { reason, .. }) = net.wait(Duration::from_millis(200)) {
                    assert!(reason.contains("closed"), "{reason}");
                    break;
                }
            }
            net.retry_now();
        }
    }

    #[test]
    fn a_server_that_is_not_there_is_reported_in_words() {
        let port = {
            let l = TcpListener::bind("127.0.0.1:0").expect("bind");
            l.local_addr().expect("addr").port()
        };
        let net = NetHandle::spawn(&format!("ws://127.0.0.1:{port}"));
        let until = std::time::Instant::now() + Duration::from_secs(10);
        let mut reason = None;
        while std::time::Instant::now() < until && reason.is_none() {
            if let Some(FromNet::Lost {
                reason: r,
                attempt,
                retry_in,
            }) = net.wait(Duration::from_millis(200))
            {
                assert_eq!((attempt, retry_in), (1, FIRST_RETRY));
                reason = Some(r);
            }
        }
        let reason = reason.expect("a report");
        assert!(reason.contains("not answering"), "{reason}");
    }
}
