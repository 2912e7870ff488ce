//! A push service of the tests' own, standing in for a browser's (which cannot be reached from
//! here): it takes the server's posts at `http://127.0.0.1:PORT/sub/N` (the server accepts that
//! origin only with its hidden `--test-push-receiver` option), checks each as a push service
//! and a browser would (the VAPID signature by the server's public key, for this audience, not
//! expired; `aes128gcm` content), decrypts it with the subscription's keys, and hands the
//! notice's JSON to the test. A subscription can be made to answer 410 Gone. `GET /received`
//! lists what it took so far (`[{"subscription": N, "notice": {...}}]`), for a browser test's
//! driver to hand to a real browser's service worker, as the browser's push service would.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use web_push_native::jwt_simple::algorithms::{
    ECDSAP256PublicKeyLike, ES256KeyPair, ES256PublicKey,
};
use web_push_native::jwt_simple::claims::NoCustomClaims;
use web_push_native::jwt_simple::common::VerificationOptions;
use web_push_native::p256::SecretKey;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;

/// A browser's subscription: what it sends to the server, and its secret key.
pub struct Subscription {
    pub endpoint: String,
    /// The public key, base64url.
    pub p256dh: String,
    /// The auth secret, base64url.
    pub auth: String,
    secret: SecretKey,
    auth_bytes: [u8; 16],
}

/// One post the receiver took.
#[derive(Clone, Debug)]
pub struct Received {
    /// Which subscription it was for.
    pub subscription: usize,
    /// The decrypted notice.
    pub notice: serde_json::Value,
    /// What the receiver answered.
    pub status: u16,
}

/// The receiver, serving on a port of 127.0.0.1.
pub struct PushReceiver {
    /// `http://127.0.0.1:PORT`, for the server's `--test-push-receiver`.
    pub origin: String,
    state: Arc<State>,
    received: mpsc::UnboundedReceiver<Received>,
}

struct State {
    origin: String,
    /// The server's VAPID public key (base64url), once known.
    server_key: Mutex<Option<String>>,
    /// Each subscription's secret key and auth.
    keys: Mutex<HashMap<usize, (SecretKey, [u8; 16])>>,
    /// Subscriptions that answer 410 Gone.
    gone: Mutex<HashSet<usize>>,
    /// Posts refused, and why.
    refused: Mutex<Vec<String>>,
    /// Each notice taken, with its subscription, in order.
    taken: Mutex<Vec<serde_json::Value>>,
    sender: mpsc::UnboundedSender<Received>,
}

impl PushReceiver {
    /// Starts a receiver.
    pub async fn start() -> PushReceiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let (sender, received) = mpsc::unbounded_channel();
        let state = Arc::new(State {
            origin: origin.clone(),
            server_key: Mutex::new(None),
            keys: Mutex::new(HashMap::new()),
            gone: Mutex::new(HashSet::new()),
            refused: Mutex::new(Vec::new()),
            taken: Mutex::new(Vec::new()),
            sender,
        });
        let serving = state.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, serving.clone()));
            }
        });
        PushReceiver {
            origin,
            state,
            received,
        }
    }

    /// The server's public key (from `welcome.push_key`): posts must be signed by it.
    pub fn trust(&self, server_key: &str) {
        *self.state.server_key.lock().unwrap() = Some(server_key.to_owned());
    }

    /// A new browser subscription, number `n`.
    pub fn subscription(&self, n: usize) -> Subscription {
        let secret = SecretKey::from_slice(&ES256KeyPair::generate().to_bytes()).unwrap();
        let public = secret.public_key().to_encoded_point(false);
        let auth_bytes: [u8; 16] = std::array::from_fn(|i| (n as u8).wrapping_mul(31) ^ i as u8);
        self.state
            .keys
            .lock()
            .unwrap()
            .insert(n, (secret.clone(), auth_bytes));
        Subscription {
            endpoint: format!("{}/sub/{n}", self.origin),
            p256dh: URL_SAFE_NO_PAD.encode(public.as_bytes()),
            auth: URL_SAFE_NO_PAD.encode(auth_bytes),
            secret,
            auth_bytes,
        }
    }

    /// Makes subscription `n` answer 410 Gone from now on.
    pub fn gone(&self, n: usize) {
        self.state.gone.lock().unwrap().insert(n);
    }

    /// The next post taken, within `within`.
    pub async fn next(&mut self, within: std::time::Duration) -> Option<Received> {
        tokio::time::timeout(within, self.received.recv())
            .await
            .ok()
            .flatten()
    }

    /// The posts refused so far, and why (a test expects none).
    pub fn refused(&self) -> Vec<String> {
        self.state.refused.lock().unwrap().clone()
    }
}

impl Subscription {
    /// Decrypts a message for this subscription (as its browser would).
    pub fn decrypt(&self, body: Vec<u8>) -> Option<Vec<u8>> {
        let auth = web_push_native::Auth::clone_from_slice(&self.auth_bytes);
        web_push_native::decrypt(body, &self.secret, &auth).ok()
    }
}

/// Answers one connection's one request.
async fn serve(mut stream: TcpStream, state: Arc<State>) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let (head_len, method, path, headers) = loop {
        let Ok(n) = stream.read(&mut chunk).await else {
            return;
        };
        if n == 0 {
            return;
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut slots = [httparse::EMPTY_HEADER; 32];
        let mut request = httparse::Request::new(&mut slots);
        if let Ok(httparse::Status::Complete(len)) = request.parse(&buf) {
            let headers: HashMap<String, String> = request
                .headers
                .iter()
                .map(|h| {
                    (
                        h.name.to_ascii_lowercase(),
                        String::from_utf8_lossy(h.value).into_owned(),
                    )
                })
                .collect();
            break (
                len,
                request.method.unwrap_or("").to_owned(),
                request.path.unwrap_or("").to_owned(),
                headers,
            );
        }
    };
    if method == "GET" {
        let (status, body) = if path == "/received" {
            let taken = serde_json::Value::Array(state.taken.lock().unwrap().clone());
            ("200 OK", taken.to_string())
        } else {
            ("404 Not Found", String::new())
        };
        let answer = format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\naccess-control-allow-origin: *\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        let _ = stream.write_all(answer.as_bytes()).await;
        return;
    }
    let length: usize = headers
        .get("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(0);
    while buf.len() < head_len + length {
        let Ok(n) = stream.read(&mut chunk).await else {
            return;
        };
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = buf[head_len..].to_vec();
    let status = match take(&state, &path, &headers, body) {
        Ok((n, notice)) => {
            let status = if state.gone.lock().unwrap().contains(&n) {
                410
            } else {
                201
            };
            state
                .taken
                .lock()
                .unwrap()
                .push(serde_json::json!({"subscription": n, "notice": notice}));
            let _ = state.sender.send(Received {
                subscription: n,
                notice,
                status,
            });
            status
        }
        Err(why) => {
            state.refused.lock().unwrap().push(why);
            400
        }
    };
    let reason = match status {
        201 => "Created",
        410 => "Gone",
        _ => "Bad Request",
    };
    let answer =
        format!("HTTP/1.1 {status} {reason}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
    let _ = stream.write_all(answer.as_bytes()).await;
}

/// Checks a post as a push service and a browser would; its subscription and notice.
fn take(
    state: &State,
    path: &str,
    headers: &HashMap<String, String>,
    body: Vec<u8>,
) -> Result<(usize, serde_json::Value), String> {
    let n: usize = path
        .strip_prefix("/sub/")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("no subscription at {path}"))?;
    if headers.get("content-encoding").map(String::as_str) != Some("aes128gcm") {
        return Err(format!(
            "content-encoding {:?}",
            headers.get("content-encoding")
        ));
    }
    if !headers.contains_key("ttl") {
        return Err("no TTL".into());
    }
    let authorization = headers.get("authorization").ok_or("no authorization")?;
    let rest = authorization
        .strip_prefix("vapid ")
        .ok_or_else(|| format!("not vapid: {authorization}"))?;
    let mut token = None;
    let mut key = None;
    for part in rest.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => token = Some(t.to_owned()),
            Some(("k", k)) => key = Some(k.to_owned()),
            _ => {}
        }
    }
    let (token, key) = (token.ok_or("no t=")?, key.ok_or("no k=")?);
    let trusted = state.server_key.lock().unwrap().clone();
    if trusted.as_deref() != Some(key.as_str()) {
        return Err(format!("signed with {key}, not the server's {trusted:?}"));
    }
    let raw = URL_SAFE_NO_PAD.decode(&key).map_err(|e| e.to_string())?;
    let public = ES256PublicKey::from_bytes(&raw).map_err(|e| e.to_string())?;
    // The audience is the push service's origin. The signing crate writes it without the port
    // (`http://127.0.0.1`), which is the origin itself for push services on the default port.
    let host_only = state
        .origin
        .rsplit_once(':')
        .map_or(state.origin.clone(), |(origin, _)| origin.to_owned());
    let options = VerificationOptions {
        allowed_audiences: Some(HashSet::from([host_only])),
        ..Default::default()
    };
    let claims = public
        .verify_token::<NoCustomClaims>(&token, Some(options))
        .map_err(|e| format!("the VAPID token: {e}"))?;
    if claims.subject.is_none() {
        return Err("the VAPID token has no subject (contact)".into());
    }
    let expires = claims.expires_at.ok_or("the VAPID token never expires")?;
    let now = web_push_native::jwt_simple::prelude::Clock::now_since_epoch();
    if expires.as_secs() > now.as_secs() + 24 * 3600 {
        return Err("the VAPID token lasts more than a day".into());
    }
    let (secret, auth) = state
        .keys
        .lock()
        .unwrap()
        .get(&n)
        .cloned()
        .ok_or_else(|| format!("unknown subscription {n}"))?;
    let auth = web_push_native::Auth::clone_from_slice(&auth);
    let plain =
        web_push_native::decrypt(body, &secret, &auth).map_err(|e| format!("decrypting: {e}"))?;
    let notice = serde_json::from_slice(&plain).map_err(|e| format!("the notice: {e}"))?;
    Ok((n, notice))
}
