//! AI capacity apart from connections: nodes started with `--role ai` take searches from a NATS
//! queue group (each search goes to one of them), as lichess's fishnet workers take analysis
//! jobs; nodes started with `--ai-nodes` send their AI seats', hints' and analyses' searches
//! there instead of searching on their own threads.
//!
//! A search is a request with a deadline (its budget and [`GRACE`]): when no AI node answers in
//! time (none runs, or the one that took it died mid-search), the asking pool answers
//! [`PoolError::Busy`] and the room asks again, so no game is lost with an AI node. The
//! position crosses as its text (`AnyGame::from_position_text`), so an AI node does not see
//! the moves before it.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_engine::{SearchRequest, SearchResult};
use chaupal_rules::{AnyGame, GameKind};
use serde::{Deserialize, Serialize};

use super::{Cluster, wire};
use crate::pool::{AiPool, PoolError, RemoteSearch};

/// The subject of the searches, and the queue group of the AI nodes.
const SUBJECT: &str = "chaupal.ai.search";
const QUEUE: &str = "ai";
/// What a search may take beyond its budget before the asking node gives up on it.
pub const GRACE: Duration = Duration::from_secs(3);
/// The longest budget an AI node accepts (its own `--ai-move-ms` and `--analysis-ms` cap what
/// it is asked in any case).
const MAX_BUDGET: Duration = Duration::from_secs(60);

/// A search for an AI node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AiJob {
    pub kind: GameKind,
    pub rules: Vec<(String, String)>,
    pub position: String,
    pub request: SearchRequest,
    pub budget_ms: u64,
}

/// An AI node's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AiAnswer {
    Done(SearchResult),
    /// Its threads and queue are full: ask again (another node may take it).
    Busy,
    Failed(String),
}

/// The asking side: a pool's [`RemoteSearch`] over NATS.
pub struct RemoteAi {
    client: async_nats::Client,
}

impl RemoteSearch for RemoteAi {
    fn search(
        &self,
        game: AnyGame,
        request: SearchRequest,
        budget: Duration,
    ) -> Pin<Box<dyn std::future::Future<Output = Result<SearchResult, PoolError>> + Send>> {
        let client = self.client.clone();
        Box::pin(async move {
            let job = AiJob {
                kind: game.kind(),
                rules: game.rule_pairs(),
                position: game.position_text(),
                request,
                budget_ms: budget.as_millis() as u64,
            };
            let payload =
                wire::encode(&job).map_err(|e| PoolError::Crashed(format!("encoding: {e}")))?;
            let asked = client.request(SUBJECT, payload);
            let reply = match tokio::time::timeout(budget + GRACE, asked).await {
                Ok(Ok(reply)) => reply,
                // No AI node, or it died: the room asks again.
                Ok(Err(e)) => {
                    // Every 200 ms while no AI node runs: the room asks again.
                    tracing::debug!("AI nodes: {e}");
                    return Err(PoolError::Busy);
                }
                Err(_) => {
                    tracing::warn!("AI nodes: no answer within {:?}", budget + GRACE);
                    return Err(PoolError::Busy);
                }
            };
            match wire::decode::<AiAnswer>(&reply.payload) {
                Ok(AiAnswer::Done(result)) => Ok(result),
                Ok(AiAnswer::Busy) => Err(PoolError::Busy),
                Ok(AiAnswer::Failed(e)) => Err(PoolError::Crashed(e)),
                Err(e) => Err(PoolError::Crashed(format!("an AI node's answer: {e}"))),
            }
        })
    }
}

impl Cluster {
    /// The searches of this node's pool, done by the AI nodes.
    pub fn remote_ai(&self) -> Arc<dyn RemoteSearch> {
        Arc::new(RemoteAi {
            client: self.inner.client.clone(),
        })
    }

    /// Takes searches from the queue group and runs them on `pool` (`--role ai`).
    pub async fn serve_ai(&self, pool: AiPool) -> Result<(), super::ClusterError> {
        let sub = self
            .inner
            .client
            .queue_subscribe(SUBJECT, QUEUE.to_owned())
            .await
            .map_err(|e| super::ClusterError::Connect {
                url: SUBJECT.to_owned(),
                reason: e.to_string(),
            })?;
        tokio::spawn(self.clone().take_searches(sub, pool));
        tracing::info!("AI node: taking searches from the cluster");
        Ok(())
    }

    async fn take_searches(self, mut sub: async_nats::Subscriber, pool: AiPool) {
        while let Some(msg) = self.next_message(&mut sub).await {
            let Some(reply) = msg.reply.clone() else {
                continue;
            };
            let (cluster, pool) = (self.clone(), pool.clone());
            tokio::spawn(async move {
                let answer = match wire::decode::<AiJob>(&msg.payload) {
                    Ok(job) => search(&pool, job).await,
                    Err(e) => AiAnswer::Failed(format!("a search that does not read: {e}")),
                };
                if let Ok(payload) = wire::encode(&answer)
                    && let Err(e) = cluster.inner.client.publish(reply, payload).await
                {
                    tracing::warn!("AI node: answering failed: {e}");
                }
            });
        }
    }
}

/// Runs one job on this node's threads.
async fn search(pool: &AiPool, job: AiJob) -> AiAnswer {
    let game = match AnyGame::from_position_text(job.kind, &job.position, job.rules) {
        Ok(game) => game,
        Err(e) => return AiAnswer::Failed(format!("the position: {e}")),
    };
    let budget = Duration::from_millis(job.budget_ms).min(MAX_BUDGET);
    let cancel = Arc::new(AtomicBool::new(false));
    match pool.search_here(game, job.request, budget, cancel).await {
        Ok(result) => AiAnswer::Done(result),
        Err(PoolError::Busy) => AiAnswer::Busy,
        Err(e) => AiAnswer::Failed(e.to_string()),
    }
}
