//! The connection to the server, kept off the render loop. The platform's [`Socket`] carries
//! one connection (a thread on the desktop, the browser's `WebSocket` in a page); the
//! [`NetHandle`] here, the same on both, reconnects by itself with a growing pause after a
//! drop ([`Redial`]). The UI polls [`FromNet`] once a frame; it never waits on the network.
//!
//! This layer moves frames; what they mean (the protocol) is [`link`]'s business, and the
//! words a player reads about a problem come from [`wording`].

pub mod address;
pub mod link;
pub mod online;
pub mod wording;

use std::collections::VecDeque;
use std::time::Duration;

pub use crate::platform::Frame;
use crate::platform::{self, Socket, SocketEvent};
use crate::words::Phrase;

/// The pause before the first retry; it doubles up to [`MAX_RETRY`].
pub const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest pause between retries.
pub const MAX_RETRY: Duration = Duration::from_secs(15);

/// From the network to the UI.
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
        reason: Phrase,
        attempt: u32,
        retry_in: Duration,
    },
    /// The server does not allow the page's address; no attempt starts until the player asks.
    NotAllowed { reason: Phrase },
}

/// The pause before retry number `attempt` (1 = the first retry): 1, 2, 4, 8, 15, 15, ... s.
pub fn retry_delay(attempt: u32) -> Duration {
    let doubled = FIRST_RETRY.saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
    doubled.min(MAX_RETRY)
}

/// When to connect again: the attempts counted since the last success, and the pause before the
/// next one. Plain values and a clock passed in, so the schedule is tested without a socket.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Redial {
    /// Attempts since the last success (0 while connected).
    attempt: u32,
    /// When the next attempt is due, while waiting (seconds on the platform's clock).
    due: Option<f64>,
}

impl Redial {
    /// A new attempt starts: what to report.
    pub fn start(&mut self) -> FromNet {
        self.attempt += 1;
        self.due = None;
        FromNet::Connecting {
            attempt: self.attempt,
        }
    }

    /// The connection opened: the count starts over.
    pub fn opened(&mut self) -> FromNet {
        self.attempt = 0;
        FromNet::Connected
    }

    /// The attempt failed or the connection dropped at `now`: what to report, and the pause.
    pub fn closed(&mut self, reason: Phrase, now: f64) -> FromNet {
        let attempt = self.attempt.max(1);
        let retry_in = retry_delay(attempt);
        self.due = Some(now + retry_in.as_secs_f64());
        FromNet::Lost {
            reason,
            attempt,
            retry_in,
        }
    }

    /// The server refused this page's address: no attempt starts by itself, only when the
    /// player asks.
    pub fn not_allowed(&mut self, reason: Phrase) -> FromNet {
        self.due = Some(f64::INFINITY);
        FromNet::NotAllowed { reason }
    }

    /// Whether the next attempt should start at `now` (the pause is over, or the player asked).
    pub fn due(&self, now: f64, asked: bool) -> bool {
        self.due.is_some_and(|due| asked || now >= due)
    }
}

/// The UI's end of the connection: one [`Socket`] at a time, and a new one after a pause when
/// it closes.
pub struct NetHandle {
    url: String,
    socket: Option<Socket>,
    redial: Redial,
    /// The player asked to try again now.
    asked: bool,
    /// Reports not yet handed out.
    reports: VecDeque<FromNet>,
}

impl NetHandle {
    /// Starts connecting to `url` at once.
    pub fn spawn(url: &str) -> NetHandle {
        let mut net = NetHandle {
            url: url.to_owned(),
            socket: None,
            redial: Redial::default(),
            asked: false,
            reports: VecDeque::new(),
        };
        net.dial();
        net
    }

    fn dial(&mut self) {
        self.asked = false;
        let report = self.redial.start();
        self.reports.push_back(report);
        self.socket = Some(Socket::open(&self.url));
    }

    /// Queues a frame for the server (dropped when not connected: the UI re-syncs after
    /// reconnecting).
    pub fn send(&mut self, frame: Frame) {
        if let Some(s) = &mut self.socket {
            s.send(frame);
        }
    }

    /// Drops the connection and connects again at once (to greet the server anew).
    pub fn redial(&mut self) {
        self.socket = None;
        self.redial.attempt = 0;
        self.dial();
    }

    /// Asks for a connection attempt now (when waiting to retry).
    pub fn retry_now(&mut self) {
        self.asked = true;
    }

    /// Everything that happened since the last call; starts the next attempt when it is due.
    pub fn poll(&mut self) -> Vec<FromNet> {
        self.step();
        self.reports.drain(..).collect()
    }

    fn step(&mut self) {
        if let Some(socket) = &mut self.socket {
            for event in socket.poll() {
                match event {
                    SocketEvent::Open => self.reports.push_back(self.redial.opened()),
                    SocketEvent::Frame(f) => self.reports.push_back(FromNet::Frame(f)),
                    SocketEvent::Closed(reason) => {
                        self.socket = None;
                        self.asked = false;
                        let lost = self.redial.closed(reason, platform::now());
                        self.reports.push_back(lost);
                        break;
                    }
                    SocketEvent::NotAllowed(reason) => {
                        self.socket = None;
                        self.asked = false;
                        let refused = self.redial.not_allowed(reason);
                        self.reports.push_back(refused);
                        break;
                    }
                }
            }
        } else if self.redial.due(platform::now(), self.asked) {
            self.dial();
        }
    }

    /// Waits up to `timeout` for the next report (for tests and tools, not the render loop).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn wait(&mut self, timeout: Duration) -> Option<FromNet> {
        let until = std::time::Instant::now() + timeout;
        loop {
            self.step();
            if let Some(r) = self.reports.pop_front() {
                return Some(r);
            }
            if std::time::Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;
    use tungstenite::Message;

    #[test]
    fn redialing_counts_attempts_and_waits_longer_each_time() {
        let mut r = Redial::default();
        assert_eq!(r.start(), FromNet::Connecting { attempt: 1 });
        assert!(!r.due(100.0, true), "not while an attempt is under way");
        let lost = r.closed(Phrase::verbatim("no"), 10.0);
        assert_eq!(
            lost,
            FromNet::Lost {
                reason: Phrase::verbatim("no"),
                attempt: 1,
                retry_in: FIRST_RETRY
            }
        );
        assert!(!r.due(10.5, false) && r.due(11.0, false));
        assert!(r.due(10.5, true), "asked: at once");
        assert_eq!(r.start(), FromNet::Connecting { attempt: 2 });
        assert!(matches!(
            r.closed("no".into(), 20.0),
            FromNet::Lost { attempt: 2, retry_in, .. } if retry_in == Duration::from_secs(2)
        ));
        assert!(!r.due(21.5, false) && r.due(22.0, false));
        r.start();
        assert_eq!(r.opened(), FromNet::Connected);
        // A drop after a success starts the count again.
        assert!(matches!(
            r.closed("gone".into(), 30.0),
            FromNet::Lost { attempt: 1, retry_in, .. } if retry_in == FIRST_RETRY
        ));
        assert_eq!(r.start(), FromNet::Connecting { attempt: 1 });
    }

    #[test]
    fn a_refused_address_waits_for_the_player_instead_of_retrying() {
        let mut r = Redial::default();
        r.start();
        assert_eq!(
            r.not_allowed(Phrase::verbatim("not here")),
            FromNet::NotAllowed {
                reason: Phrase::verbatim("not here")
            }
        );
        assert!(!r.due(1.0e9, false), "never by itself");
        assert!(r.due(1.0, true), "when the player asks");
        assert_eq!(r.start(), FromNet::Connecting { attempt: 2 });
    }

    #[test]
    fn retries_back_off_to_a_ceiling() {
        let secs: Vec<u64> = (1..=7).map(|a| retry_delay(a).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 15, 15, 15]);
        assert_eq!(retry_delay(u32::MAX), MAX_RETRY);
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

    fn next_frame_or_connected(net: &mut NetHandle, want_connected: bool) -> Option<FromNet> {
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
        let mut net = NetHandle::spawn(&format!("ws://127.0.0.1:{port}"));
        for round in ["one", "two"] {
            assert_eq!(
                next_frame_or_connected(&mut net, true),
                Some(FromNet::Connected),
                "{round}"
            );
            net.send(Frame::Text(round.into()));
            assert_eq!(
                next_frame_or_connected(&mut net, false),
                Some(FromNet::Frame(Frame::Text(format!("echo {round}"))))
            );
            // The server drops the connection; ask for the retry at once.
            let until = std::time::Instant::now() + Duration::from_secs(10);
            while std::time::Instant::now() < until {
                if let Some(FromNet::Lost { reason, .. }) = net.wait(Duration::from_millis(200)) {
                    assert!(reason.english().contains("closed"), "{reason:?}");
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
        let mut net = NetHandle::spawn(&format!("ws://127.0.0.1:{port}"));
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
        assert!(reason.english().contains("not answering"), "{reason:?}");
    }
}
