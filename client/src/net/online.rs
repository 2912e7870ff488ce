//! The glue the render loop calls once a frame: the network thread's reports go through the
//! [`Link`] into the app, the app's wishes go out as frames, and the remembered name and token
//! are saved when they change.

use std::path::PathBuf;

use chaupal_shared::codec;
use chaupal_shared::protocol::{ClientMessage, ServerMessage};

use super::link::{Link, MAX_MESSAGE};
use super::{Frame, FromNet, NetHandle};
use crate::app::{App, Outgoing, Tone};
use crate::config::Config;

/// A client connected (or connecting) to one server.
pub struct Online {
    server: String,
    name: String,
    net: NetHandle,
    link: Link,
    config: Config,
    config_path: Option<PathBuf>,
}

impl Online {
    /// Starts connecting to `server` as `name`, with the settings read from `config_path`.
    pub fn start(
        server: &str,
        name: String,
        config: Config,
        config_path: Option<PathBuf>,
    ) -> Online {
        Online {
            server: server.to_owned(),
            name,
            net: NetHandle::spawn(server),
            link: Link::new(),
            config,
            config_path,
        }
    }

    /// Takes in everything the network thread reported since the last frame.
    pub fn pump(&mut self, app: &mut App) {
        for event in self.net.poll() {
            match event {
                FromNet::Connecting { attempt } => app.connecting(attempt),
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
                    app.lost(&reason, attempt, retry_in.as_secs_f32());
                }
                FromNet::Frame(frame) => self.frame(frame, app),
            }
        }
    }

    /// Sends what the app asked for.
    pub fn wish(&mut self, out: Outgoing, app: &mut App) {
        if out == Outgoing::RetryNow {
            self.net.retry_now();
            return;
        }
        for msg in self.link.outgoing(out, app) {
            self.send(&msg, app);
        }
    }

    fn frame(&mut self, frame: Frame, app: &mut App) {
        let decoded: Result<ServerMessage, _> = match &frame {
            Frame::Text(t) => codec::decode_json(t, MAX_MESSAGE),
            Frame::Binary(b) => codec::decode_binary(b, MAX_MESSAGE),
        };
        let msg = match decoded {
            Ok(m) => m,
            Err(e) => {
                app.tell(
                    format!("The server sent something this client cannot read ({e})."),
                    Tone::Problem,
                );
                return;
            }
        };
        let before = self.config.clone();
        let replies = self.link.receive(msg, app, &mut self.config, &self.server);
        for r in replies {
            self.send(&r, app);
        }
        if self.config != before {
            self.save(app);
        }
    }

    fn send(&mut self, msg: &ClientMessage, app: &mut App) {
        match codec::encode_json(msg) {
            Ok(text) => self.net.send(Frame::Text(text)),
            Err(e) => app.tell(
                format!("This request could not be sent ({e})."),
                Tone::Problem,
            ),
        }
    }

    fn save(&self, app: &mut App) {
        if let Some(path) = &self.config_path
            && let Err(e) = self.config.save(path)
        {
            app.tell(
                format!("Your name and player token could not be saved: {e}"),
                Tone::Problem,
            );
        }
    }
}
