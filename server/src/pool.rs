//! The AI pool: searches run on blocking threads, at most one per core, each with a time budget
//! and a cancel flag, so the async runtime never waits on a search; on Linux those threads run
//! at a lower priority, so a busy AI does not delay players' moves.
//!
//! AI seats, hints and analyses all go through [`AiPool::search`], with the one engine the
//! server loaded at start. Each search takes a [`Memory`] from the pool's (what the last
//! searches kept: the transposition table and MCTS trees) and gives it back when it ends, so the
//! next move starts from what the last one stored; there are never more memories than
//! searches that ran at once. A bounded number of searches
//! may wait for a thread; beyond that the pool answers [`PoolError::Busy`] at once. The budget
//! is enforced twice: it caps the request's time limit, and a timer raises the cancel flag when
//! it runs out, for engines that overrun.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chaupal_rules::AnyGame;
use chaupal_shared::protocol::{Engine, SearchLine};
use thiserror::Error;
use tokio::sync::Semaphore;

use chaupal_engine::{
    self as ai, AiError, EngineSpec, Memory, SearchLimits, SearchRequest, SearchResult,
};

/// Why the pool could not give an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PoolError {
    #[error("every AI thread is busy and the queue is full; try again later")]
    Busy,
    #[error(transparent)]
    Ai(#[from] AiError),
    #[error("the search failed: {0}")]
    Crashed(String),
}

/// Searches done elsewhere: by the AI nodes of a cluster (`cluster::ai`).
pub trait RemoteSearch: Send + Sync {
    /// Searches `game` as `request` says within `budget`. [`PoolError::Busy`] when no AI node
    /// answered in time (none is running, or the one that took the search died): the caller
    /// asks again.
    fn search(
        &self,
        game: AnyGame,
        request: SearchRequest,
        budget: Duration,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<SearchResult, PoolError>> + Send>>;
}

/// The bounded pool of AI threads (cheap to clone).
#[derive(Clone)]
pub struct AiPool {
    /// Where searches go instead of this node's threads (`--ai-nodes`).
    remote: Option<Arc<dyn RemoteSearch>>,
    /// What every search plays with.
    engine: Arc<ai::Engine>,
    /// What finished searches kept, for the next ones.
    memories: Arc<Mutex<Vec<Memory>>>,
    /// One permit per thread allowed to search at once.
    threads: Arc<Semaphore>,
    /// One permit per search allowed to wait or run; bounds the queue.
    slots: Arc<Semaphore>,
}

impl AiPool {
    /// A pool of `threads` searching threads with room for `queue` more waiting searches,
    /// playing with `engine`.
    pub fn new(engine: Arc<ai::Engine>, threads: usize, queue: usize) -> Self {
        let threads = threads.max(1);
        AiPool {
            remote: None,
            engine,
            memories: Arc::new(Mutex::new(Vec::new())),
            threads: Arc::new(Semaphore::new(threads)),
            slots: Arc::new(Semaphore::new(threads + queue)),
        }
    }

    /// This pool with its searches done by `remote` (the cluster's AI nodes) instead of its own
    /// threads.
    pub fn with_remote(mut self, remote: Arc<dyn RemoteSearch>) -> AiPool {
        self.remote = Some(remote);
        self
    }

    /// Runs one search within `budget`; `cancel` may be raised by the caller to stop it early
    /// (the engine then answers with its best move so far).
    pub async fn search(
        &self,
        game: AnyGame,
        request: SearchRequest,
        budget: Duration,
        cancel: Arc<AtomicBool>,
    ) -> Result<SearchResult, PoolError> {
        match &self.remote {
            Some(remote) => remote.search(game, request, budget).await,
            None => self.search_here(game, request, budget, cancel).await,
        }
    }

    /// [`AiPool::search`] on this node's threads (also what an AI node does for others).
    pub async fn search_here(
        &self,
        game: AnyGame,
        mut request: SearchRequest,
        budget: Duration,
        cancel: Arc<AtomicBool>,
    ) -> Result<SearchResult, PoolError> {
        let _slot = self
            .slots
            .clone()
            .try_acquire_owned()
            .map_err(|_| PoolError::Busy)?;
        let thread = self
            .threads
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| PoolError::Busy)?;
        if cancel.load(Ordering::Relaxed) {
            return Err(PoolError::Crashed("cancelled before it started".to_owned()));
        }
        request.limits.time = Some(request.limits.time.map_or(budget, |t| t.min(budget)));
        let timer = {
            let cancel = cancel.clone();
            tokio::spawn(async move {
                tokio::time::sleep(budget).await;
                cancel.store(true, Ordering::Relaxed);
            })
        };
        let (engine, memories) = (self.engine.clone(), self.memories.clone());
        let handle = tokio::task::spawn_blocking(move || {
            let _thread = thread;
            give_way_to_players();
            let mut memory = take(&memories).unwrap_or_default();
            let result = engine.search(&game, &request, &mut memory, &cancel, &mut |_| {});
            give_back(&memories, memory);
            result
        });
        let result = handle.await;
        timer.abort();
        match result {
            Ok(r) => r.map_err(PoolError::from),
            Err(e) => Err(PoolError::Crashed(e.to_string())),
        }
    }
}

impl std::fmt::Debug for AiPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AiPool")
            .field("threads", &self.threads)
            .field("slots", &self.slots)
            .finish_non_exhaustive()
    }
}

/// A memory kept by an earlier search, if any.
fn take(memories: &Mutex<Vec<Memory>>) -> Option<Memory> {
    memories.lock().unwrap_or_else(|e| e.into_inner()).pop()
}

/// Keeps `memory` for a later search.
fn give_back(memories: &Mutex<Vec<Memory>>, memory: Memory) {
    memories
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(memory);
}

/// How much lower than the server's other threads an AI thread runs (a nice value): a search
/// takes whole cores for seconds, and must not delay the threads that carry players' moves.
#[cfg(target_os = "linux")]
const AI_NICENESS: i32 = 10;

/// Lowers the priority of the current (blocking) thread once, before its first search.
fn give_way_to_players() {
    #[cfg(target_os = "linux")]
    {
        use std::cell::Cell;
        thread_local!(static LOWERED: Cell<bool> = const { Cell::new(false) });
        LOWERED.with(|lowered| {
            if !lowered.replace(true) {
                let me = rustix::thread::gettid();
                if let Err(e) = rustix::process::setpriority_process(Some(me), AI_NICENESS) {
                    tracing::debug!("could not lower an AI thread's priority: {e}");
                }
            }
        });
    }
}

/// The search request for a protocol engine; `budget` bounds the time.
pub fn request_for(engine: &Engine, budget: Duration, seed: u64) -> SearchRequest {
    match engine {
        Engine::Level { level } => SearchRequest {
            engine: EngineSpec::Level(*level),
            limits: SearchLimits {
                depth: None,
                time: Some(budget),
                nodes: None,
            },
            seed,
            threads: 1,
            slips: None,
        },
        Engine::Named {
            name,
            depth,
            time_ms,
        } => SearchRequest {
            engine: EngineSpec::Named(name.clone()),
            limits: SearchLimits {
                depth: *depth,
                time: Some(time_ms.map_or(budget, |t| Duration::from_millis(t).min(budget))),
                nodes: None,
            },
            seed,
            threads: 1,
            slips: None,
        },
    }
}

/// The engine's last line, as the protocol shows it.
pub fn line_of(result: &SearchResult) -> Option<SearchLine> {
    result.info.as_ref().map(|info| SearchLine {
        depth: info.depth,
        score: info.score,
        nodes: info.nodes,
        pv: info.pv.clone(),
    })
}

/// A description of an engine for records and lists: `AI level 3`, `alphabeta depth 6`.
pub fn engine_name(engine: &Engine) -> String {
    match engine {
        Engine::Level { level } => format!("AI level {level}"),
        Engine::Named {
            name,
            depth,
            time_ms,
        } => {
            let mut s = name.clone();
            if let Some(d) = depth {
                s.push_str(&format!(" depth {d}"));
            }
            if let Some(t) = time_ms {
                s.push_str(&format!(" {t}ms"));
            }
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_engines_keep_their_limits_within_the_budget() {
        let engine = Engine::Named {
            name: "alphabeta".to_owned(),
            depth: Some(4),
            time_ms: Some(10_000),
        };
        let r = request_for(&engine, Duration::from_secs(2), 7);
        assert_eq!(r.engine, EngineSpec::Named("alphabeta".to_owned()));
        assert_eq!(r.limits.depth, Some(4));
        assert_eq!(r.limits.time, Some(Duration::from_secs(2)));
        assert_eq!(engine_name(&engine), "alphabeta depth 4 10000ms");
        let level = request_for(&Engine::Level { level: 3 }, Duration::from_secs(1), 7);
        assert_eq!(level.engine, EngineSpec::Level(3));
    }

    #[tokio::test]
    async fn a_full_pool_says_busy_at_once() {
        let pool = AiPool::new(Default::default(), 1, 0);
        // Hold the only slot by hand: the next search must be refused, not queued.
        let _held = pool.slots.clone().try_acquire_owned().unwrap();
        let game = AnyGame::start(
            chaupal_rules::GameKind::Kalah,
            Vec::<(String, String)>::new(),
        )
        .unwrap();
        let r = pool
            .search(
                game,
                request_for(&Engine::Level { level: 1 }, Duration::from_millis(10), 1),
                Duration::from_millis(10),
                Arc::new(AtomicBool::new(false)),
            )
            .await;
        assert_eq!(r, Err(PoolError::Busy));
    }
}
