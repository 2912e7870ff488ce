//! A load-generator connection: one websocket speaking bincode (binary frames) through the
//! shared codec, with small read buffers so that thousands of them fit in one process.

use chaupal_shared::codec::{DEFAULT_MESSAGE_LIMIT, decode_binary, encode_binary};
use chaupal_shared::protocol::{ClientMessage, PROTOCOL_VERSION, Reply, Request, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::stats::Stats;

/// The largest message a load client accepts (snapshots of long games can be big).
const READ_LIMIT: usize = 16 * DEFAULT_MESSAGE_LIMIT;

/// One connection that has said hello.
pub struct Wire {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl Wire {
    /// Connects and says hello as a new player named `name`; waits for the welcome.
    pub async fn hello(url: &str, name: &str) -> Result<Wire, String> {
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .max_message_size(Some(READ_LIMIT))
            .max_frame_size(Some(READ_LIMIT));
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let mut wire = Wire { ws, next_id: 0 };
        let id = wire
            .send(Request::Hello {
                version: PROTOCOL_VERSION,
                name: name.to_owned(),
                token: None,
                turns: false,
            })
            .await?;
        loop {
            match wire.recv().await {
                Some(Ok(ServerMessage::Reply {
                    id: i,
                    reply: Reply::Welcome(_),
                })) if i == id => return Ok(wire),
                Some(Ok(ServerMessage::Error { error, .. })) => {
                    return Err(format!("hello: {}", error.code));
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e),
                None => return Err("hello: closed".to_owned()),
            }
        }
    }

    /// Sends a request in a binary frame; returns its id.
    pub async fn send(&mut self, request: Request) -> Result<u64, String> {
        self.next_id += 1;
        let msg = ClientMessage {
            id: self.next_id,
            request,
        };
        let bytes = encode_binary(&msg).map_err(|e| format!("encode: {e}"))?;
        self.ws
            .send(Message::binary(bytes))
            .await
            .map_err(|e| format!("send: {e}"))?;
        Ok(self.next_id)
    }

    /// The next protocol message, or `None` once it cannot come (a frame that does not decode,
    /// or the connection ended), counted in `stats` as an error. Cancel-safe.
    pub async fn recv_or_count(&mut self, stats: &Stats) -> Option<ServerMessage> {
        match self.recv().await {
            Some(Ok(m)) => Some(m),
            Some(Err(e)) => {
                stats.error(e);
                None
            }
            None => {
                stats.error("connection closed by the server");
                None
            }
        }
    }

    /// The next protocol message; `None` once the connection has ended. Websocket pings are
    /// answered by the library while reading. Cancel-safe.
    pub async fn recv(&mut self) -> Option<Result<ServerMessage, String>> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Binary(b)) => {
                    return Some(decode_binary(&b, READ_LIMIT).map_err(|e| format!("decode: {e}")));
                }
                Ok(Message::Text(t)) => {
                    return Some(Err(format!("a text frame to a binary client: {t}")));
                }
                Ok(Message::Close(_)) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(format!("read: {e}"))),
            }
        }
    }
}
