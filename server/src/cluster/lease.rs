//! Node leases and the claim of orphaned games.
//!
//! A node's lease is a key of the JetStream key-value bucket [`BUCKET`], whose entries expire
//! [`LEASE`] after they are written. The node renews it every [`RENEW_EVERY`]; the bucket's
//! keys are the live nodes. Every [`SCAN_EVERY`] each node lists them: a node that is gone
//! loses its relays and its lobby entries, and the games it ran are claimed by the survivors
//! (first each its share, by game id modulo the number of live nodes, then, if any are left
//! after [`SHARE_SCANS`] scans, by anyone).
//!
//! Why three seconds: a kill -9 is noticed [`LEASE`] after the dead node's last renewal, plus
//! at most a scan, so takeover takes 2.5 to 3.5 s. A shorter lease would let a brief stall (a
//! NATS reconnect, which async-nats tries at once and then with back-off, or a pause of the
//! process) cost a node its games; a longer one would freeze games longer when a node dies.
//! A node stops taking moves once its lease is [`FRESH`] old without renewal and closes its
//! rooms then, a second before any other node may claim them, so that two rooms never run one
//! game at once.

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::time::Duration;

use async_nats::jetstream::kv;
use futures_util::StreamExt;
use tokio::time::Instant;

use chaupal_shared::protocol::{GameId, Version};

use super::{Cluster, ClusterError, lock, wire};
use crate::outbox::Outbox;

/// The bucket of node leases.
pub const BUCKET: &str = "chaupal_nodes";
/// How often a node renews its lease.
pub const RENEW_EVERY: Duration = Duration::from_secs(1);
/// How long a lease lasts after its last renewal.
pub const LEASE: Duration = Duration::from_secs(3);
/// How long after its last renewal a node still takes moves.
pub const FRESH: Duration = Duration::from_secs(2);
/// How often a node lists the live nodes and looks for orphaned games.
pub const SCAN_EVERY: Duration = Duration::from_millis(500);
/// Scans in which the survivors claim only their share of orphaned games.
const SHARE_SCANS: u32 = 2;
/// The longest a call to NATS in the lease loop may take.
const CALL_WITHIN: Duration = Duration::from_secs(1);
/// The most orphaned games one scan claims (a dead node's others follow at the next scans).
const CLAIM_AT_ONCE: u32 = 500;

/// The lease bucket, created by the first node that needs it.
pub(super) async fn bucket(client: &async_nats::Client) -> Result<kv::Store, ClusterError> {
    let js = async_nats::jetstream::new(client.clone());
    let mut last = String::new();
    for _ in 0..3 {
        if let Ok(store) = js.get_key_value(BUCKET).await {
            return Ok(store);
        }
        // The bucket's stream, made as async-nats makes a bucket's, without its account
        // query (whose answer from a NATS 2.9 server async-nats does not read).
        let config = async_nats::jetstream::stream::Config {
            name: format!("KV_{BUCKET}"),
            description: Some("chaupal-server node leases".to_owned()),
            subjects: vec![format!("$KV.{BUCKET}.>")],
            max_messages_per_subject: 1,
            max_age: LEASE,
            storage: async_nats::jetstream::stream::StorageType::Memory,
            allow_rollup: true,
            deny_delete: true,
            allow_direct: true,
            num_replicas: 1,
            discard: async_nats::jetstream::stream::DiscardPolicy::New,
            ..Default::default()
        };
        match js.get_or_create_stream(config).await {
            Ok(_) => match js.get_key_value(BUCKET).await {
                Ok(store) => return Ok(store),
                Err(e) => last = e.to_string(),
            },
            // Another node may have made it at the same moment: look again.
            Err(e) => last = e.to_string(),
        }
    }
    Err(ClusterError::JetStream(last))
}

/// What the renewing task keeps.
struct LeaseState {
    kv: kv::Store,
    revision: u64,
}

/// What the scanning task keeps.
struct ScanState {
    orphan_scans: u32,
}

impl Cluster {
    /// Takes this node's lease (at the start).
    pub(super) async fn take_lease(&self) -> Result<(), ClusterError> {
        let revision = self
            .inner
            .kv
            .create(&self.inner.node, self.inner.address.clone().into())
            .await
            .map_err(|e| ClusterError::JetStream(e.to_string()))?;
        *lock(&self.inner.renewed) = Some(Instant::now());
        *lock(&self.inner.lease_revision) = revision;
        Ok(())
    }

    /// Lists the live nodes into `live`; returns the set before, or `None` when NATS did not
    /// answer (nothing changes then).
    pub(super) async fn refresh_live(&self) -> Option<BTreeSet<String>> {
        let kv = self.inner.kv.clone();
        let listed = tokio::time::timeout(CALL_WITHIN, async move {
            let mut keys = kv.keys().await.map_err(|e| e.to_string())?;
            let mut out = BTreeSet::new();
            while let Some(key) = keys.next().await {
                let key = key.map_err(|e| e.to_string())?;
                if wire::valid_node(&key) {
                    out.insert(key);
                }
            }
            Ok::<_, String>(out)
        })
        .await;
        let listed = match listed {
            Ok(Ok(listed)) => listed,
            Ok(Err(e)) => {
                tracing::warn!("cluster: listing the live nodes failed: {e}");
                return None;
            }
            Err(_) => {
                tracing::warn!("cluster: listing the live nodes timed out");
                return None;
            }
        };
        // A listing can miss a key being renewed at that moment: a node missing from it is
        // gone only if its key is gone too.
        let mut listed = listed;
        let missing: Vec<String> = self
            .live()
            .into_iter()
            .filter(|n| !listed.contains(n))
            .collect();
        for node in &missing {
            let entry = tokio::time::timeout(CALL_WITHIN, self.inner.kv.get(node)).await;
            match entry {
                Ok(Ok(None)) => {}
                Ok(Ok(Some(_))) => {
                    listed.insert(node.clone());
                }
                // Not sure: nothing changes this time.
                _ => return None,
            }
        }
        Some(std::mem::replace(&mut *lock(&self.inner.live), listed))
    }

    /// Renews the lease, until the node leaves (a task of its own, so that a slow scan never
    /// delays a renewal).
    pub(super) async fn keep_lease(self) {
        let mut state = LeaseState {
            kv: self.inner.kv.clone(),
            revision: *lock(&self.inner.lease_revision),
        };
        loop {
            tokio::select! {
                _ = self.inner.stop.cancelled() => return,
                _ = tokio::time::sleep(RENEW_EVERY) => {}
            }
            self.renew(&mut state).await;
        }
    }

    /// Lists the live nodes and claims orphaned games every [`SCAN_EVERY`], until the node
    /// leaves.
    pub(super) async fn keep_scanning(self) {
        let mut state = ScanState { orphan_scans: 0 };
        loop {
            tokio::select! {
                _ = self.inner.stop.cancelled() => return,
                _ = tokio::time::sleep(SCAN_EVERY) => {}
                _ = self.inner.rescan.notified() => {}
            }
            self.scan(&mut state).await;
        }
    }

    async fn renew(&self, state: &mut LeaseState) {
        if !self.inner.lease_lost.load(Ordering::Relaxed) {
            let update = state.kv.update(
                &self.inner.node,
                self.inner.address.clone().into(),
                state.revision,
            );
            match tokio::time::timeout(CALL_WITHIN, update).await {
                Ok(Ok(revision)) => {
                    state.revision = revision;
                    // Renewed late (the node was paused, say): the others may have seen it
                    // gone meanwhile and dropped their relays to its connections. They sit
                    // down again before the lease counts as fresh, so that no move is sent
                    // through a relay that is no more.
                    if lock(&self.inner.renewed).is_none_or(|t| t.elapsed() >= FRESH) {
                        tracing::warn!("cluster: lease renewed late; seating connections again");
                        self.seat_all_again();
                    }
                    *lock(&self.inner.renewed) = Some(Instant::now());
                    return;
                }
                Ok(Err(e)) => tracing::warn!("cluster: lease renewal failed: {e}"),
                Err(_) => tracing::warn!("cluster: lease renewal timed out"),
            }
            let connected =
                self.inner.client.connection_state() == async_nats::connection::State::Connected;
            let old = lock(&self.inner.renewed).is_none_or(|t| t.elapsed() >= FRESH);
            if !(old || connected) {
                return;
            }
            // Past FRESH, or refused while connected (the key expired or changed): the games
            // may go to another node; stop running them now.
            tracing::error!("cluster: lease lost; closing this node's rooms");
            self.inner.lease_lost.store(true, Ordering::Relaxed);
            self.close_rooms().await;
            self.relays_lost();
            // Given up in the records, they are claimed through the one arbiter again (by this
            // node too), never reopened here behind another node's back.
            if let Err(e) = self.inner.store.release_games(&self.inner.node).await {
                tracing::error!("cluster: could not release the games: {e}");
            }
        }
        // Take the lease again (the bucket too, if NATS restarted without it).
        let put = async {
            let kv = match super::lease::bucket(&self.inner.client).await {
                Ok(kv) => kv,
                Err(e) => return Err(e.to_string()),
            };
            let revision = kv
                .put(&self.inner.node, self.inner.address.clone().into())
                .await
                .map_err(|e| e.to_string())?;
            Ok((kv, revision))
        };
        match tokio::time::timeout(CALL_WITHIN * 3, put).await {
            Ok(Ok((kv, revision))) => {
                tracing::info!("cluster: lease taken again");
                state.kv = kv;
                state.revision = revision;
                *lock(&self.inner.renewed) = Some(Instant::now());
                self.inner.lease_lost.store(false, Ordering::Relaxed);
            }
            Ok(Err(e)) => tracing::warn!("cluster: cannot take the lease again: {e}"),
            Err(_) => tracing::warn!("cluster: taking the lease again timed out"),
        }
    }

    /// Closes every room here, keeping their connections to sit back down wherever the games
    /// go.
    pub(super) async fn close_rooms(&self) {
        let Some(host) = self.host().cloned() else {
            return;
        };
        let closed = host.close_rooms().await;
        self.rooms_closed(closed);
    }

    /// What follows the closing of rooms here: the relays to other nodes' connections end
    /// (those nodes seat them again when the games reopen), and this node's connections wait
    /// to sit down wherever the games go.
    pub(super) fn rooms_closed(&self, closed: Vec<(GameId, Version, Vec<Outbox>)>) {
        // The relays to other nodes' connections end with the rooms: those nodes seat their
        // connections again when the games reopen.
        lock(&self.inner.relays).retain(|(_, _, game), relay| {
            let gone = closed.iter().any(|(g, _, _)| g == game);
            if gone {
                relay.end();
            }
            !gone
        });
        for (game, version, outboxes) in closed {
            tracing::debug!("cluster: {game} closed here at version {version}");
            for outbox in outboxes.into_iter().filter(|o| !self.is_relay(o)) {
                tracing::debug!("{:?} waits to sit back down at {game}", outbox.conn);
                self.keep_dangling(outbox, game, Some(version));
            }
        }
    }

    async fn scan(&self, state: &mut ScanState) {
        let Some(before) = self.refresh_live().await else {
            return;
        };
        let me = self.inner.node.clone();
        let lost = self.inner.lease_lost.load(Ordering::Relaxed);
        if lost {
            lock(&self.inner.live).remove(&me);
        }
        let live = self.live();
        let first_survivor = live.first() == Some(&me);
        for gone in before.iter().filter(|n| **n != me && !live.contains(*n)) {
            tracing::warn!("cluster: node {gone} is gone");
            self.drop_relays_of(gone);
            self.owner_gone(gone);
            self.fail_pending_of(gone);
            if let Some(seeks) = self.seek_host() {
                seeks.node_gone(gone, first_survivor);
            }
        }
        if lost || self.available().is_err() || self.inner.stop.is_cancelled() {
            return;
        }
        let orphans = match self.inner.store.orphan_games(&live, CLAIM_AT_ONCE).await {
            Ok(orphans) => orphans,
            Err(e) => {
                tracing::warn!("cluster: looking for orphaned games failed: {e}");
                Vec::new()
            }
        };
        if orphans.is_empty() {
            state.orphan_scans = 0;
        } else {
            state.orphan_scans += 1;
            // First each survivor its share, then anyone whatever is left.
            let rank = live.iter().position(|n| *n == me).unwrap_or(0) as u64;
            let of = live.len().max(1) as u64;
            let mine = orphans
                .into_iter()
                .filter(|g| state.orphan_scans > SHARE_SCANS || g.0 % of == rank);
            let (store, me, live) = (&self.inner.store, &me, &live);
            let tries = mine.map(move |game| async move {
                match store.claim_game(me, game, live).await {
                    Ok(true) => Some(game),
                    Ok(false) => None,
                    Err(e) => {
                        tracing::error!("cluster: claiming {game} failed: {e}");
                        None
                    }
                }
            });
            let claimed: Vec<GameId> = futures_util::future::join_all(tries)
                .await
                .into_iter()
                .flatten()
                .collect();
            if !claimed.is_empty()
                && let Some(host) = self.host().cloned()
            {
                let opened = host.open_games(claimed).await;
                tracing::info!("cluster: now running {} more games", opened.len());
                self.publish_now(
                    wire::all_subject(),
                    &wire::ToAll::Claimed {
                        node: me.clone(),
                        games: opened.clone(),
                    },
                )
                .await;
                self.games_moved(&opened);
            }
        }
        self.retry_dangling();
    }
}
