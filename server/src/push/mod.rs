//! Web Push: telling players of their correspondence games, and of the start of the
//! tournaments they entered ([`crate::tournaments`] sends those), while no page of theirs is
//! in sight.
//!
//! The server has one VAPID key pair (RFC 8292), made at the first start and kept with the
//! records, so every node of a cluster signs with the same key and browsers' subscriptions
//! outlive restarts. A browser subscribes with the public key and sends its subscription
//! (`push_subscribe`): the endpoint and keys are checked ([`endpoint`]; its host must be on
//! the public internet, [`address`]) and kept per player.
//! Notices ([`notice`]) are queued and sent by one task: encrypted for each of the player's
//! subscriptions (RFC 8291, `aes128gcm`) and signed (VAPID) by the `web-push-native` crate,
//! then posted ([`send`]). A subscription the push service says is gone (404, 410) is
//! forgotten. What a player muted (a game, or all) is not sent.
//!
//! Reminders: when a correspondence game's reminder time comes (a day before its deadline, or
//! six hours before with a day a move), the player to move is reminded once;
//! any node may send it, and the records make sure only one does.

pub mod address;
#[cfg(feature = "test-support")]
pub mod check;
pub mod endpoint;
pub mod notice;
mod send;

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chaupal_shared::protocol::{ErrorCode, ErrorReply, PlayerId};
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use web_push_native::jwt_simple::algorithms::ES256KeyPair;
use web_push_native::{Auth, WebPushBuilder};

use crate::pace::Pace;
use crate::store::{GameRow, Store, StoreError, StoredSubscription};
use endpoint::EndpointPolicy;
use notice::Notice;
use send::{Delivery, Poster};

/// Notices waiting to be sent; beyond this they are dropped (and logged).
const QUEUE: usize = 10_000;
/// Notices being sent at once.
const SENDING_AT_ONCE: usize = 16;
/// How often the records are read for reminders due.
const REMINDER_SCAN: Duration = Duration::from_secs(1);
/// The most reminders one scan sends.
const REMINDERS_AT_ONCE: u32 = 256;
/// Subscriptions a player may make within [`SUBSCRIBE_WINDOW`].
const SUBSCRIBES_PER_WINDOW: usize = 20;
const SUBSCRIBE_WINDOW: Duration = Duration::from_secs(3600);
/// How long a push service keeps a message for a browser that is away (the `TTL` header).
const KEEP_FOR: Duration = Duration::from_secs(4 * 86_400);

/// How push is set up.
#[derive(Clone, Debug)]
pub struct PushSettings {
    /// Who runs the server, for the push services (VAPID's `sub`: `mailto:` or `https:`).
    pub contact: String,
    /// Subscriptions kept per player.
    pub max_subscriptions: usize,
    /// Which endpoints are accepted.
    pub policy: EndpointPolicy,
}

/// A notice for a player.
struct Job {
    player: PlayerId,
    notice: Notice,
}

/// Web Push (cheap to clone).
#[derive(Clone)]
pub struct Push {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    keys: ES256KeyPair,
    /// The public key, for browsers (base64url of the uncompressed point).
    public_key: String,
    settings: PushSettings,
    jobs: mpsc::Sender<Job>,
    /// When each player subscribed lately.
    recent: Mutex<HashMap<PlayerId, VecDeque<Instant>>>,
    /// Messages the push services took, and posts that failed.
    taken: AtomicU64,
    failed: AtomicU64,
}

/// Why push could not start.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the kept VAPID key does not read: {0}")]
    BadKey(String),
    #[error("{0}")]
    Tls(String),
}

impl Push {
    /// Loads (or makes, at the first start) the VAPID key and starts the sending task, which
    /// stops with `stop`.
    pub async fn start(
        store: Store,
        settings: PushSettings,
        stop: CancellationToken,
    ) -> Result<Push, PushError> {
        let kept = store
            .push_key(|| URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes()))
            .await?;
        let bytes = URL_SAFE_NO_PAD
            .decode(&kept)
            .map_err(|e| PushError::BadKey(e.to_string()))?;
        let keys =
            ES256KeyPair::from_bytes(&bytes).map_err(|e| PushError::BadKey(e.to_string()))?;
        let secret = web_push_native::p256::SecretKey::from_slice(&bytes)
            .map_err(|e| PushError::BadKey(e.to_string()))?;
        let public_key = {
            use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
            URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes())
        };
        let poster = Poster::new(settings.policy.clone()).map_err(PushError::Tls)?;
        let (tx, rx) = mpsc::channel(QUEUE);
        let push = Push {
            inner: Arc::new(Inner {
                store,
                keys,
                public_key,
                settings,
                jobs: tx,
                recent: Mutex::new(HashMap::new()),
                taken: AtomicU64::new(0),
                failed: AtomicU64::new(0),
            }),
        };
        tokio::spawn(push.clone().send_all(rx, poster, stop.clone()));
        tokio::spawn(push.clone().watch_reminders(stop));
        Ok(push)
    }

    /// The public key browsers subscribe with.
    pub fn public_key(&self) -> &str {
        &self.inner.public_key
    }

    /// Messages the push services took so far, and posts that failed.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.inner.taken.load(Ordering::Relaxed),
            self.inner.failed.load(Ordering::Relaxed),
        )
    }

    /// Keeps `player`'s subscription, after checking it; refused with `bad_subscription` and
    /// the reason.
    pub async fn subscribe(
        &self,
        player: PlayerId,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
    ) -> Result<(), ErrorReply> {
        let bad = |why: String| ErrorReply::new(ErrorCode::BadSubscription, why);
        self.inner
            .settings
            .policy
            .check(endpoint, p256dh, auth)
            .map_err(|e| {
                bad(chaupal_shared::protocol::echo::about(
                    &e.to_string(),
                    endpoint,
                ))
            })?;
        self.count_subscribe(player).map_err(bad)?;
        let kept = self.inner.store.subscriptions(player).await?;
        let max = self.inner.settings.max_subscriptions;
        if kept.len() >= max && !kept.iter().any(|s| s.endpoint == endpoint) {
            return Err(bad(format!(
                "you have {max} subscriptions (browsers) already: unsubscribe one first"
            )));
        }
        let subscription = StoredSubscription {
            endpoint: endpoint.to_owned(),
            p256dh: p256dh.trim_end_matches('=').to_owned(),
            auth: auth.trim_end_matches('=').to_owned(),
        };
        self.inner
            .store
            .save_subscription(player, subscription)
            .await?;
        Ok(())
    }

    /// Counts a subscribe of `player`'s against [`SUBSCRIBES_PER_WINDOW`].
    fn count_subscribe(&self, player: PlayerId) -> Result<(), String> {
        let now = Instant::now();
        let mut recent = self
            .inner
            .recent
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        recent.retain(|_, times| {
            times.retain(|t| now.duration_since(*t) < SUBSCRIBE_WINDOW);
            !times.is_empty()
        });
        let times = recent.entry(player).or_default();
        if times.len() >= SUBSCRIBES_PER_WINDOW {
            return Err(format!(
                "{SUBSCRIBES_PER_WINDOW} subscriptions within an hour: try again later"
            ));
        }
        times.push_back(now);
        Ok(())
    }

    /// Forgets one of `player`'s subscriptions: whether there was one (an endpoint that is
    /// someone else's, or nobody's, is left as it is).
    pub async fn unsubscribe(&self, player: PlayerId, endpoint: &str) -> Result<bool, ErrorReply> {
        let removed = self
            .inner
            .store
            .delete_subscription(endpoint, Some(player))
            .await?;
        Ok(removed)
    }

    /// Queues `notice` for `player`'s browsers (dropped, and logged, when the queue is full).
    pub fn notify(&self, player: PlayerId, notice: Notice) {
        if let Err(e) = self.inner.jobs.try_send(Job { player, notice }) {
            tracing::warn!("push: a notice for {player} was dropped: {e}");
        }
    }

    /// Sends the queued notices, a few at once, until `stop`.
    async fn send_all(self, mut rx: mpsc::Receiver<Job>, poster: Poster, stop: CancellationToken) {
        let slots = Arc::new(tokio::sync::Semaphore::new(SENDING_AT_ONCE));
        loop {
            let job = tokio::select! {
                () = stop.cancelled() => return,
                job = rx.recv() => match job {
                    Some(job) => job,
                    None => return,
                },
            };
            let Ok(slot) = slots.clone().acquire_owned().await else {
                return;
            };
            let (push, poster) = (self.clone(), poster.clone());
            tokio::spawn(async move {
                if let Err(e) = push.send_one(&poster, job).await {
                    tracing::warn!("push: {e}");
                }
                drop(slot);
            });
        }
    }

    /// Sends one notice to each of its player's subscriptions, unless muted.
    async fn send_one(&self, poster: &Poster, job: Job) -> Result<(), StoreError> {
        let store = &self.inner.store;
        let (all, games) = store.mutes(job.player).await?;
        if all || job.notice.game().is_some_and(|g| games.contains(&g)) {
            return Ok(());
        }
        let payload = job.notice.payload();
        for subscription in store.subscriptions(job.player).await? {
            // The log names the host only: the rest of an endpoint is the subscription's secret.
            let host = endpoint::host_of(&subscription.endpoint);
            let request = match self.request(&subscription, payload.clone()) {
                Ok(request) => request,
                Err(why) => {
                    tracing::warn!("push: {host}: {why}");
                    continue;
                }
            };
            match poster.post(request).await {
                Delivery::Taken => {
                    self.inner.taken.fetch_add(1, Ordering::Relaxed);
                }
                Delivery::Gone => {
                    tracing::info!("push: a subscription at {host} is gone; forgotten");
                    store
                        .delete_subscription(&subscription.endpoint, None)
                        .await?;
                }
                Delivery::Failed(why) => {
                    self.inner.failed.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!("push: {host}: {why}");
                }
            }
        }
        Ok(())
    }

    /// The encrypted, signed request of `payload` for `subscription`.
    fn request(
        &self,
        subscription: &StoredSubscription,
        payload: Vec<u8>,
    ) -> Result<http::Request<Vec<u8>>, String> {
        let endpoint = subscription
            .endpoint
            .parse()
            .map_err(|e: http::uri::InvalidUri| e.to_string())?;
        let p256dh = URL_SAFE_NO_PAD
            .decode(&subscription.p256dh)
            .map_err(|e| e.to_string())?;
        let auth = URL_SAFE_NO_PAD
            .decode(&subscription.auth)
            .map_err(|e| e.to_string())?;
        if auth.len() != 16 {
            return Err("the auth secret is not 16 bytes".into());
        }
        let public = web_push_native::p256::PublicKey::from_sec1_bytes(&p256dh)
            .map_err(|e| e.to_string())?;
        WebPushBuilder::new(endpoint, public, Auth::clone_from_slice(&auth))
            .with_valid_duration(Duration::from_secs(12 * 3600))
            .with_vapid(&self.inner.keys, &self.inner.settings.contact)
            .build(payload)
            .map(|mut request| {
                if let Ok(ttl) = http::HeaderValue::from_str(&KEEP_FOR.as_secs().to_string()) {
                    request.headers_mut().insert("ttl", ttl);
                }
                request
            })
            .map_err(|e| e.to_string())
    }

    /// Sends the reminders that are due, by the records' clock, every [`REMINDER_SCAN`] until
    /// `stop`.
    async fn watch_reminders(self, stop: CancellationToken) {
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(REMINDER_SCAN) => {}
            }
            let store = &self.inner.store;
            let now = store.now_ms();
            let due = match store.due_reminders(now, REMINDERS_AT_ONCE).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!("push: reading the reminders due failed: {e}");
                    continue;
                }
            };
            for row in due {
                let Some(deadline) = row.pace.and_then(Pace::deadline_ms) else {
                    continue;
                };
                match store.take_reminder(row.id, deadline).await {
                    Ok(true) => self.remind(&row, deadline.saturating_sub(now)),
                    Ok(false) => {}
                    Err(e) => tracing::warn!("push: {}: taking its reminder failed: {e}", row.id),
                }
            }
        }
    }

    /// Reminds the player to move in `row`'s game, `left_ms` before the deadline.
    fn remind(&self, row: &GameRow, left_ms: u64) {
        let Some(side) = row.to_move else { return };
        let seats = &row.setup.seats;
        let Some(player) = seats[side.index()].player else {
            return;
        };
        self.notify(
            player,
            Notice::Reminder {
                game: row.id,
                kind: row.setup.kind,
                opponent: seats[side.opponent().index()].name.clone(),
                hours_left: left_ms.div_ceil(3_600_000).max(1),
            },
        );
    }
}
