//! Game reviews: a finished game's (or an imported record's) every position searched by the
//! engine at the server's review budget (`chaupal_engine::review`), kept with the record.
//!
//! A review runs on a thread of its own in Linux's idle scheduling class (`SCHED_IDLE`): it
//! gets a core only when no live search and no player's move wants it, so it never slows a
//! live game; on a busy server it only takes longer. At most `--review-threads` run at once and
//! the rest wait in turn; `--max-reviews` bounds the reviews running or waiting, and
//! `--max-reviews-per-player` those one player started. Asking for a game already under review
//! follows that review rather than starting another; a game reviewed before is answered from
//! the store at once, with exactly what was stored. A review goes on when the player who asked
//! leaves, and is kept for the next to ask.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use chaupal_engine::Engine;
use chaupal_engine::review::{self as engine_review, ReviewError};
use chaupal_rules::AnyGame;
use chaupal_rules::review::GameReview;
use chaupal_shared::protocol::{ErrorCode, ErrorReply, GameId, GameStatus, PlayerId, WatchKey};
use tokio::sync::{Semaphore, watch};
use tokio_util::sync::CancellationToken;

use crate::config::ReviewLimits;
use crate::store::{GameRow, Store};

/// How far a review has come.
#[derive(Clone, Debug, PartialEq)]
enum Progress {
    /// Positions searched of all (none while it waits for a review thread).
    Analysed(u32, u32),
    /// Finished: the review, or why there is none.
    Done(Result<GameReview, ErrorReply>),
}

/// How often a review's progress is read from its thread.
const PROGRESS_POLL: std::time::Duration = std::time::Duration::from_millis(100);

/// What a review thread shares with the task that waits for it: atomics, and the slot for its
/// answer, which the task reads only after `finished`.
#[derive(Default)]
struct ThreadSide {
    cancel: AtomicBool,
    analysed: std::sync::atomic::AtomicU32,
    finished: AtomicBool,
    result: Mutex<Option<Result<GameReview, ReviewError>>>,
}

/// The server's reviews (cheap to clone).
#[derive(Clone)]
pub struct Reviews {
    inner: Arc<Inner>,
}

struct Inner {
    engine: Arc<Engine>,
    store: Store,
    limits: ReviewLimits,
    /// One permit per review searching.
    threads: Arc<Semaphore>,
    state: Mutex<State>,
    shutdown: CancellationToken,
}

#[derive(Default)]
struct State {
    /// The reviews running or waiting, each with its progress.
    jobs: HashMap<GameId, watch::Receiver<Progress>>,
    /// Reviews running or waiting per player who started one.
    per_player: HashMap<PlayerId, usize>,
}

impl Reviews {
    pub fn new(
        engine: Arc<Engine>,
        store: Store,
        limits: ReviewLimits,
        shutdown: CancellationToken,
    ) -> Reviews {
        Reviews {
            inner: Arc::new(Inner {
                engine,
                store,
                threads: Arc::new(Semaphore::new(limits.threads.max(1))),
                limits,
                state: Mutex::new(State::default()),
                shutdown,
            }),
        }
    }

    /// The review of `game` for `player`: the stored one, or a new one made now, with
    /// `on_progress(analysed, total)` called as positions are done.
    pub async fn review(
        &self,
        player: PlayerId,
        game: GameId,
        key: Option<&WatchKey>,
        on_progress: &mut (dyn FnMut(u32, u32) + Send),
    ) -> Result<GameReview, ErrorReply> {
        let store = &self.inner.store;
        let (row, moves) = store
            .game(game)
            .await?
            .ok_or_else(|| ErrorReply::new(ErrorCode::NoSuchGame, format!("no {game}")))?;
        check_reviewable(&row, player, key)?;
        if let Some(review) = store.review(game).await? {
            return Ok(review);
        }
        let mut progress = self.join_or_start(player, &row, moves)?;
        // The job sends 0 first, then only rising counts, then the answer.
        loop {
            let now = progress.borrow_and_update().clone();
            match now {
                Progress::Analysed(done, total) => on_progress(done, total),
                Progress::Done(result) => return result,
            }
            if progress.changed().await.is_err() {
                return Err(ErrorReply::new(
                    ErrorCode::Internal,
                    "the review stopped without an answer",
                ));
            }
        }
    }

    /// The progress of the review of `row`'s game: one already running, or a new one.
    fn join_or_start(
        &self,
        player: PlayerId,
        row: &GameRow,
        moves: Vec<String>,
    ) -> Result<watch::Receiver<Progress>, ErrorReply> {
        let limits = &self.inner.limits;
        let mut state = self.inner.state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(running) = state.jobs.get(&row.id) {
            return Ok(running.clone());
        }
        if state.jobs.len() >= limits.max_total {
            return Err(too_many(format!(
                "the server is making {} reviews, as many as it makes at once: try again later",
                state.jobs.len()
            )));
        }
        let mine = state.per_player.get(&player).copied().unwrap_or(0);
        if mine >= limits.max_per_player {
            return Err(too_many(format!(
                "you have {mine} reviews under way, as many as allowed: wait for one to finish"
            )));
        }
        let start = row.setup.start().map_err(|e| {
            ErrorReply::new(
                ErrorCode::BadRecord,
                format!("the record's start cannot be set up: {e}"),
            )
        })?;
        let (tx, rx) = watch::channel(Progress::Analysed(0, moves.len() as u32 + 1));
        state.jobs.insert(row.id, rx.clone());
        *state.per_player.entry(player).or_default() += 1;
        drop(state);
        tokio::spawn(self.clone().run(player, row.id, start, moves, tx));
        Ok(rx)
    }

    /// Makes one review: waits for a thread, searches on it, stores the review, tells the
    /// waiting players, and forgets the job.
    async fn run(
        self,
        player: PlayerId,
        game: GameId,
        start: AnyGame,
        moves: Vec<String>,
        progress: watch::Sender<Progress>,
    ) {
        let result = self.make(game, start, moves, &progress).await;
        let result = match result {
            Ok(review) => self
                .inner
                .store
                .save_review(&review, self.inner.store.now_ms())
                .await
                .map_err(ErrorReply::from),
            Err(e) => Err(e),
        };
        if let Err(e) = &result {
            tracing::warn!("the review of {game} failed: {e}");
        }
        {
            let mut state = self.inner.state.lock().unwrap_or_else(|e| e.into_inner());
            state.jobs.remove(&game);
            if let Some(n) = state.per_player.get_mut(&player) {
                *n -= 1;
                if *n == 0 {
                    state.per_player.remove(&player);
                }
            }
        }
        progress.send_replace(Progress::Done(result));
    }

    /// The review itself, on a review thread.
    async fn make(
        &self,
        game: GameId,
        start: AnyGame,
        moves: Vec<String>,
        progress: &watch::Sender<Progress>,
    ) -> Result<GameReview, ErrorReply> {
        let shutting_down = || ErrorReply::new(ErrorCode::ShuttingDown, "the server is stopping");
        let permit = tokio::select! {
            permit = self.inner.threads.clone().acquire_owned() => permit,
            _ = self.inner.shutdown.cancelled() => return Err(shutting_down()),
        }
        .map_err(|_| shutting_down())?;
        // The review thread runs in the idle class: it may wait long for a core, and must never
        // hold a lock the server's other threads wait on (no priority inheritance would lift
        // it). So it only writes atomics and its own slot, which this task reads on a timer;
        // the permit is released here, not by the thread.
        let total = moves.len() as u32 + 1;
        let shared = Arc::new(ThreadSide::default());
        let (engine, budget_ms) = (self.inner.engine.clone(), self.inner.limits.budget_ms);
        let thread_side = shared.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("review-{}", game.0))
            .spawn(move || {
                idle_priority();
                let side = &thread_side;
                let result = engine_review::review(
                    &engine,
                    game,
                    &start,
                    &moves,
                    budget_ms,
                    &side.cancel,
                    &mut |done, _| side.analysed.store(done, Ordering::Release),
                );
                *side.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                side.finished.store(true, Ordering::Release);
            });
        if let Err(e) = spawned {
            return Err(ErrorReply::new(
                ErrorCode::Internal,
                format!("no thread for the review: {e}"),
            ));
        }
        let mut tick = tokio::time::interval(PROGRESS_POLL);
        let mut told = 0;
        let result = loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = self.inner.shutdown.cancelled() => {
                    shared.cancel.store(true, Ordering::Relaxed);
                    return Err(shutting_down());
                }
            }
            let done = shared.analysed.load(Ordering::Acquire);
            if done > told {
                told = done;
                progress.send_replace(Progress::Analysed(done, total));
            }
            if shared.finished.load(Ordering::Acquire) {
                // The thread let go of its slot before it raised the flag: this never waits.
                let taken = shared
                    .result
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take();
                break taken;
            }
        };
        drop(permit);
        let result = result.ok_or(());
        match result {
            Ok(Ok(review)) => Ok(review),
            Ok(Err(ReviewError::Cancelled)) => Err(shutting_down()),
            Ok(Err(ReviewError::IllegalMove {
                ply,
                played,
                reason,
            })) => Err(ErrorReply::new(
                ErrorCode::BadRecord,
                chaupal_shared::protocol::echo::about(
                    &format!("the record's move {ply} ('{played}') is not legal: {reason}"),
                    &played,
                ),
            )),
            Ok(Err(e)) => Err(ErrorReply::new(ErrorCode::AiError, e.to_string())),
            Err(_) => Err(ErrorReply::new(
                ErrorCode::Internal,
                "the review thread stopped without an answer",
            )),
        }
    }
}

fn too_many(reason: String) -> ErrorReply {
    ErrorReply::new(ErrorCode::TooManyReviews, reason)
}

/// Whether `player` (who presented `key`) may have `row`'s game reviewed: it is over, and they
/// may see it ([`crate::sight`]).
fn check_reviewable(
    row: &GameRow,
    player: PlayerId,
    key: Option<&WatchKey>,
) -> Result<(), ErrorReply> {
    crate::sight::check(&row.setup, row.id, player, key)?;
    if row.status == GameStatus::Live {
        return Err(ErrorReply::new(
            ErrorCode::NotFinished,
            format!(
                "{} is still being played: a game is reviewed once it is over",
                row.id
            ),
        ));
    }
    Ok(())
}

/// Moves the current thread into the idle scheduling class, below every other thread.
fn idle_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::unix::{
            NormalThreadSchedulePolicy, ThreadSchedulePolicy, set_thread_priority_and_policy,
            thread_native_id,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        if let Err(e) = set_thread_priority_and_policy(
            thread_native_id(),
            thread_priority::ThreadPriority::Min,
            idle,
        ) {
            tracing::warn!("a review thread could not take the idle priority: {e:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_review_thread_runs_in_the_idle_class() {
        use thread_priority::unix::{NormalThreadSchedulePolicy, ThreadSchedulePolicy};
        let policy = std::thread::spawn(|| {
            idle_priority();
            thread_priority::unix::thread_schedule_policy()
        })
        .join()
        .expect("the thread ran");
        assert_eq!(
            policy.ok(),
            Some(ThreadSchedulePolicy::Normal(
                NormalThreadSchedulePolicy::Idle
            ))
        );
    }
}
