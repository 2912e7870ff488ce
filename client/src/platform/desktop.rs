//! The desktop's side of [`crate::platform`]: a websocket on a thread of its own (tungstenite
//! over TCP, with TLS by rustls for `wss://` addresses, checked against Mozilla's root
//! certificates from webpki-roots), the settings in a file, the window's clipboard, and the
//! system's way of opening a link.

use std::io;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::socket::{Frame, SocketEvent};
use super::typed::Typed;
use crate::config::{self, Config};
use crate::draw::ui::TextField;
use crate::net::address::parse_address;
use crate::net::wording;
use crate::say;
use crate::words::Phrase;

/// The websocket over TCP, encrypted or not.
type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

/// How long to wait for the server to accept a TCP connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one read waits before the thread looks at its commands again.
pub const POLL_INTERVAL: Duration = Duration::from_millis(25);

/// Seconds since the first call, from a monotonic clock.
pub fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// From the UI to the socket's thread.
enum Command {
    Send(Frame),
    Close,
}

/// One websocket connection, run by a thread: it connects at once, then carries frames until
/// the server or [`Drop`] ends it.
pub struct Socket {
    commands: Sender<Command>,
    events: Receiver<SocketEvent>,
    thread: Option<JoinHandle<()>>,
}

impl Socket {
    /// Starts connecting to `url`.
    pub fn open(url: &str) -> Socket {
        let (commands, command_rx) = mpsc::channel();
        let (event_tx, events) = mpsc::channel();
        let url = url.to_owned();
        let thread = std::thread::Builder::new()
            .name("chaupal-net".into())
            .spawn(move || run(&url, &command_rx, &event_tx));
        let thread = match thread {
            Ok(t) => Some(t),
            Err(e) => {
                let why = say!("problem-no-thread", detail = e.to_string());
                let (tx, rx) = mpsc::channel();
                let _ = tx.send(SocketEvent::Closed(why));
                return Socket {
                    commands,
                    events: rx,
                    thread: None,
                };
            }
        };
        Socket {
            commands,
            events,
            thread,
        }
    }

    /// Queues a frame for the server (dropped when the connection is not open).
    pub fn send(&mut self, frame: Frame) {
        let _ = self.commands.send(Command::Send(frame));
    }

    /// Everything that happened since the last call.
    pub fn poll(&mut self) -> Vec<SocketEvent> {
        self.events.try_iter().collect()
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let _ = self.commands.send(Command::Close);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The socket's thread: connect, then carry frames until the end, which it reports.
fn run(url: &str, commands: &Receiver<Command>, events: &Sender<SocketEvent>) {
    let ws = match connect(url) {
        Ok(ws) => ws,
        Err(reason) => {
            let _ = events.send(SocketEvent::Closed(reason));
            return;
        }
    };
    if events.send(SocketEvent::Open).is_err() {
        return;
    }
    if let Some(reason) = session(ws, commands, events) {
        let _ = events.send(SocketEvent::Closed(reason));
    }
}

/// The TCP stream under a websocket, encrypted or not.
fn tcp(ws: &Ws) -> Option<&TcpStream> {
    match ws.get_ref() {
        MaybeTlsStream::Plain(s) => Some(s),
        MaybeTlsStream::Rustls(s) => Some(s.get_ref()),
        _ => None,
    }
}

/// Opens the websocket (TLS first for `wss://`).
fn connect(url: &str) -> Result<Ws, Phrase> {
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

/// Runs one connection until it drops (the reason) or the UI closes it (none).
fn session(
    mut ws: Ws,
    commands: &Receiver<Command>,
    events: &Sender<SocketEvent>,
) -> Option<Phrase> {
    loop {
        loop {
            match commands.try_recv() {
                Ok(Command::Send(frame)) => {
                    let msg = match frame {
                        Frame::Text(t) => Message::text(t),
                        Frame::Binary(b) => Message::binary(b),
                    };
                    if let Err(e) = ws.send(msg) {
                        return Some(wording::socket_problem(&e));
                    }
                }
                Ok(Command::Close) | Err(TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return None;
                }
                Err(TryRecvError::Empty) => break,
            }
        }
        let frame = match ws.read() {
            Ok(Message::Text(t)) => Frame::Text(t.to_string()),
            Ok(Message::Binary(b)) => Frame::Binary(b.to_vec()),
            Ok(Message::Close(frame)) => {
                let reason = frame.map(|f| f.reason.to_string());
                return Some(wording::closed_by_server(reason.as_deref()));
            }
            Ok(_) => {
                // Pings are answered by tungstenite on the next write or flush.
                let _ = ws.flush();
                continue;
            }
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                let _ = ws.flush();
                continue;
            }
            Err(e) => return Some(wording::socket_problem(&e)),
        };
        if events.send(SocketEvent::Frame(frame)).is_err() {
            return None;
        }
    }
}

/// Where the settings are kept: a file, or nowhere (tests, and systems with no config folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    path: Option<PathBuf>,
}

impl Store {
    /// The settings file in the user's config folder, where there is one.
    pub fn standard() -> Store {
        Store {
            path: config::config_dir().map(|d| d.join(config::FILE_NAME)),
        }
    }

    /// The settings in this file.
    pub fn file(path: PathBuf) -> Store {
        Store { path: Some(path) }
    }

    /// Settings that are not kept.
    pub fn none() -> Store {
        Store { path: None }
    }

    /// The remembered settings (empty when there are none yet); a problem in words.
    pub fn load(&self) -> Result<Config, Phrase> {
        match &self.path {
            Some(p) => {
                Config::load(p).map_err(|e| say!("problem-settings", detail = e.to_string()))
            }
            None => Ok(Config::default()),
        }
    }

    /// Keeps the settings for next time.
    pub fn save(&self, config: &Config) -> Result<(), Phrase> {
        match &self.path {
            Some(p) => config
                .save(p)
                .map_err(|e| say!("problem-settings", detail = e.to_string())),
            None => Ok(()),
        }
    }
}

/// Puts `text` on the clipboard, through the window (so only while it is open).
pub fn copy_text(text: &str) -> Result<(), Phrase> {
    macroquad::miniquad::window::clipboard_set(text);
    Ok(())
}

/// Opens `url` in the system's browser.
pub fn open_url(url: &str) -> Result<(), Phrase> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(say!("problem-not-web-address", url = url));
    }
    let mut command = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(drop)
        .map_err(|e| say!("problem-no-browser", url = url, detail = e.to_string()))
}

/// The desktop program was not loaded from a page.
pub fn location() -> Option<String> {
    None
}

/// The window keeps the title it was opened with (miniquad cannot change it).
pub fn set_title(_title: &str) {}

/// The desktop has no push service: a wish of it is never made (notifications are never
/// offered here).
pub fn ask_push(_wish: &crate::app::BrowserWish) {}

/// The desktop's push service says nothing: notifications stay unavailable.
pub fn push_news() -> Vec<crate::app::BrowserNews> {
    Vec::new()
}

/// The desktop has no service worker to word notifications.
pub fn set_push_words(_json: &str) {}

/// The window has no language of its own to set.
pub fn set_language(_tag: &str) {}

/// The desktop window has no screen reader's live region: what would be said is left to the
/// test hook (which the desktop does not publish either).
pub fn announce(_text: &str) {}

/// Waits before the next frame: the render loop's pace (see [`crate::frame_pace`]). The desktop's
/// loop does not block on events (miniquad's X11 loop cannot be woken by a timer or another
/// thread), so it sleeps `wait`, at most `idle`; `spent` seconds have gone by already
/// (drawing, and waiting for the screen).
pub fn pace(wait: Option<f32>, idle: f32, spent: f32) {
    let left = wait.unwrap_or(idle).min(idle) - spent;
    if left > 0.001 {
        std::thread::sleep(Duration::from_secs_f32(left));
    }
}

/// Passes a link on: the desktop puts it on the clipboard (`Ok(true)`: copied).
pub fn share(link: &str) -> Result<bool, Phrase> {
    copy_text(link).map(|()| true)
}

/// The desktop carries every font: there is none to fetch.
pub fn fetch_font(_name: crate::draw::text::fonts::FontName) -> bool {
    false
}

/// Nothing is fetched on the desktop.
pub fn fonts_fetched() -> Vec<(crate::draw::text::fonts::FontName, Option<Vec<u8>>)> {
    Vec::new()
}

/// The languages the system prefers, best first, from the environment: `LANGUAGE` (a list
/// split by colons), then `LC_ALL`, `LC_MESSAGES` and `LANG` (`ne_NP.UTF-8`); the "C" locale
/// names none.
pub fn languages() -> Vec<String> {
    let read = |name: &str| std::env::var(name).unwrap_or_default();
    system_languages(
        &read("LANGUAGE"),
        &[read("LC_ALL"), read("LC_MESSAGES"), read("LANG")],
    )
}

/// The tags named by a `LANGUAGE` list and the locale variables, best first.
fn system_languages(list: &str, locales: &[String]) -> Vec<String> {
    list.split(':')
        .chain(locales.iter().map(String::as_str))
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "C" && *t != "POSIX" && !t.starts_with("C."))
        .map(str::to_owned)
        .collect()
}

/// The desktop leaves the network to the socket: it says when the server cannot be reached.
pub fn device_online() -> bool {
    true
}

/// A window has no address bar.
pub fn set_address(_path: &str) {}

/// A desktop window is never hidden the way a browser tab is (its title does not change).
pub fn page_hidden() -> bool {
    false
}

/// The desktop types into the window itself: nothing to lay over the text fields.
pub fn text_fields(_fields: &[TextField], _focus: Option<crate::field::Field>) {}

/// The test hook is the browser's (a desktop test reads the app directly).
pub fn publish_hook(_json: &str) {}

/// The stale-frame checks are the browser's test hook's: none asked on the desktop.
pub fn probe_asked() -> Option<u32> {
    None
}

/// The desktop answers no stale-frame check.
pub fn probe_said(_json: &str) {}

/// Text typed outside the window's own keys: none on the desktop.
pub fn typed_text() -> Vec<Typed> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    #[test]
    fn the_systems_languages_come_from_language_then_the_locale() {
        let none = String::new();
        assert_eq!(
            system_languages("ne:hi", &["en_GB.UTF-8".into(), none.clone(), none.clone()]),
            ["ne", "hi", "en_GB.UTF-8"]
        );
        assert_eq!(
            system_languages(
                "",
                &["C.UTF-8".into(), "POSIX".into(), "bn_BD.UTF-8".into()]
            ),
            ["bn_BD.UTF-8"]
        );
        assert!(system_languages("", &[none.clone(), none.clone(), none]).is_empty());
    }

    fn events_until_closed(socket: &mut Socket) -> Vec<SocketEvent> {
        let until = Instant::now() + Duration::from_secs(10);
        let mut seen = Vec::new();
        while Instant::now() < until {
            seen.extend(socket.poll());
            if matches!(seen.last(), Some(SocketEvent::Closed(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        seen
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
        assert!(err.english().contains("secure"), "{err:?}");
    }

    #[test]
    fn a_socket_opens_carries_frames_and_reports_the_close() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        std::thread::spawn(move || {
            if let Some(Ok(stream)) = listener.incoming().next()
                && let Ok(mut ws) = tungstenite::accept(stream)
            {
                if let Ok(Message::Text(t)) = ws.read() {
                    let _ = ws.send(Message::text(format!("echo {t}")));
                }
                let _ = ws.close(Some(tungstenite::protocol::CloseFrame {
                    code: tungstenite::protocol::frame::coding::CloseCode::Away,
                    reason: "bye".into(),
                }));
                let _ = ws.flush();
                while ws.read().is_ok() {}
            }
        });
        let mut socket = Socket::open(&format!("ws://127.0.0.1:{port}"));
        let until = Instant::now() + Duration::from_secs(10);
        while !socket.poll().contains(&SocketEvent::Open) {
            assert!(Instant::now() < until, "never opened");
            std::thread::sleep(Duration::from_millis(10));
        }
        socket.send(Frame::Text("hi".into()));
        let seen = events_until_closed(&mut socket);
        let seen: Vec<_> = seen
            .into_iter()
            .map(|e| match e {
                SocketEvent::Closed(why) => SocketEvent::Closed(Phrase::verbatim(why.english())),
                other => other,
            })
            .collect();
        assert_eq!(
            seen,
            [
                SocketEvent::Frame(Frame::Text("echo hi".into())),
                SocketEvent::Closed("The server closed the connection: bye.".into()),
            ]
        );
    }

    #[test]
    fn settings_are_kept_in_the_file_or_nowhere() {
        let dir = std::env::temp_dir().join(format!("chaupal-store-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::file(dir.join(config::FILE_NAME));
        let mut c = store.load().expect("no file yet: empty");
        assert_eq!(c, Config::default());
        c.name = Some("Asha".into());
        store.save(&c).expect("saved");
        assert_eq!(store.load().expect("loads"), c);
        assert_eq!(Store::none().load().expect("empty"), Config::default());
        assert!(Store::none().save(&c).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
        assert!(location().is_none());
        assert!(
            open_url("file:///etc/passwd").is_err(),
            "only web addresses"
        );
    }
}
