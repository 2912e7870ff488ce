//! The glue the render loop calls once a frame: the network thread's reports go through the
//! [`Link`] and become [`Event`]s the app applies, the app's wishes go out as frames (or to the
//! browser's push service), and the remembered name and token are saved when they change (in
//! the platform's [`Store`]).

use chaupal_shared::codec;
use chaupal_shared::protocol::{ClientMessage, ServerMessage};

use super::link::{Link, MAX_MESSAGE, Reaction, settle};
use super::{Frame, FromNet, NetHandle};
use crate::app::ConnectionEvent;
use crate::app::LocalWish;
use crate::app::{App, Event, Outgoing};
use crate::config::Config;
use crate::platform::Store;
use crate::say;

/// A client connected (or connecting) to one server.
pub struct Online {
    server: String,
    name: String,
    net: NetHandle,
    link: Link,
    config: Config,
    store: Store,
}

impl Online {
    /// Starts connecting to `server` as `name`, with the settings read from `store`, where
    /// they are saved again when the server hands out a token.
    pub fn start(server: &str, name: String, config: Config, store: Store) -> Online {
        Online {
            server: server.to_owned(),
            name,
            net: NetHandle::spawn(server),
            link: Link::new(),
            config,
            store,
        }
    }

    /// The number of the game on the screen, as the server knows it.
    pub fn game(&self) -> Option<u64> {
        self.link.game().map(|g| g.0)
    }

    /// Takes in everything the network thread reported since the last frame; whether any of
    /// it can change what the screen shows (the socket's opening alone cannot: the greeting
    /// goes out, and the server's answer is the news).
    pub fn pump(&mut self, app: &mut App) -> bool {
        let reports = self.net.poll();
        let news = reports.iter().any(|r| !matches!(r, FromNet::Connected));
        for report in reports {
            match report {
                FromNet::Connecting { attempt } => {
                    self.apply(
                        Event::Connection(ConnectionEvent::Connecting { attempt }),
                        app,
                    );
                }
                FromNet::Connected => {
                    let hello = self
                        .link
                        .connected(&self.name, self.config.token(&self.server));
                    self.send(&hello, app);
                }
                FromNet::Lost {
                    reason,
                    attempt,
                    retry_in,
                } => {
                    self.link.disconnected();
                    let lost = Event::Connection(ConnectionEvent::Lost {
                        reason,
                        attempt,
                        retry_in: retry_in.as_secs_f32(),
                    });
                    self.apply(lost, app);
                }
                FromNet::NotAllowed { reason } => {
                    self.link.disconnected();
                    self.apply(
                        Event::Connection(ConnectionEvent::NotAllowed { reason }),
                        app,
                    );
                }
                FromNet::Frame(frame) => self.frame(frame, app),
            }
        }
        news
    }

    /// Sends what the app asked for.
    pub fn wish(&mut self, out: Outgoing, app: &mut App) {
        match out {
            Outgoing::Local(LocalWish::RetryNow) => {
                self.net.retry_now();
                return;
            }
            Outgoing::Local(LocalWish::Rename(name)) => {
                self.rename(name, app);
                return;
            }
            Outgoing::Local(LocalWish::SetMuted(muted)) => {
                self.config.muted = muted;
                self.save(app);
                return;
            }
            Outgoing::Local(LocalWish::SetLevel(level)) => {
                self.config.level = Some(level);
                self.save(app);
                return;
            }
            Outgoing::Local(LocalWish::SetLanguage(language)) => {
                self.config.language = language.map(|l| l.tag().to_owned());
                self.save(app);
                return;
            }
            Outgoing::Local(LocalWish::Browser(wish)) => {
                crate::platform::ask_push(&wish);
                return;
            }
            _ => {}
        }
        let reaction = self.link.outgoing(out);
        self.settle(reaction, app);
    }

    /// Takes a new name: remembered, and said to the server in a new `hello` with this
    /// player's token. The server renames a player who greets it with their token and another
    /// name; it takes one hello a connection, so the client connects again for it (the game
    /// on the screen is picked up again, as after any reconnection).
    fn rename(&mut self, name: String, app: &mut App) {
        self.name.clone_from(&name);
        self.config.name = Some(name);
        self.save(app);
        self.link.disconnected();
        self.net.redial();
    }

    fn frame(&mut self, frame: Frame, app: &mut App) {
        let decoded: Result<ServerMessage, _> = match &frame {
            Frame::Text(t) => codec::decode_json(t, MAX_MESSAGE),
            Frame::Binary(b) => codec::decode_binary(b, MAX_MESSAGE),
        };
        let msg = match decoded {
            Ok(m) => m,
            Err(e) => {
                let problem = say!("problem-unreadable", detail = e.to_string());
                self.apply(Event::Connection(ConnectionEvent::Problem(problem)), app);
                return;
            }
        };
        let before = self.config.clone();
        let reaction = self.link.receive(msg, app, &mut self.config, &self.server);
        self.settle(reaction, app);
        if self.config != before {
            self.save(app);
        }
    }

    /// Applies an event, and sends what that calls for.
    fn apply(&mut self, event: Event, app: &mut App) {
        let reaction = Reaction {
            requests: Vec::new(),
            events: vec![event],
        };
        self.settle(reaction, app);
    }

    /// Applies what the link made of something, sends the requests, and carries out what the
    /// app asked of the client itself (a device linked to another player greets the server
    /// again, as after a new name).
    fn settle(&mut self, reaction: Reaction, app: &mut App) {
        let (requests, local) = settle(&mut self.link, app, reaction);
        for msg in requests {
            self.send(&msg, app);
        }
        for out in local {
            self.wish(out, app);
        }
    }

    fn send(&mut self, msg: &ClientMessage, app: &mut App) {
        match codec::encode_json(msg) {
            Ok(text) => self.net.send(Frame::Text(text)),
            Err(e) => {
                let problem = say!("problem-not-sent", detail = e.to_string());
                let _ = app.apply(Event::Connection(ConnectionEvent::Problem(problem)));
            }
        }
    }

    fn save(&mut self, app: &mut App) {
        if let Err(e) = self.store.save(&self.config) {
            self.apply(Event::Connection(ConnectionEvent::Problem(e)), app);
        }
    }
}
