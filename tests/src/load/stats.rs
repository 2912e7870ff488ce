//! What the load generator measures: move latency histograms, counters, and the phase every
//! bot follows (connect, run, drain).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use hdrhistogram::Histogram;

/// Where the run is; bots watch it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Connections are being opened; bots only read.
    Connecting,
    /// Games are played and measured.
    Running,
    /// No new moves or games; connections stay open until the end.
    Draining,
}

/// Latency in microseconds, from 1 µs to 10 minutes, 3 significant figures.
fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 600_000_000, 3).unwrap_or_else(|_| {
        // The bounds above are valid; this is only reached if hdrhistogram changes its rules.
        Histogram::new(3).unwrap_or_else(|e| panic!("histogram: {e}"))
    })
}

/// Everything the bots count, shared by all of them.
pub struct Stats {
    /// Human-vs-human moves: sent by the mover until the opponent has the event.
    latency: Mutex<Histogram<u64>>,
    /// Moves of people in games against the AI: sent until the mover has its own event.
    ai_game_latency: Mutex<Histogram<u64>>,
    /// `next_puzzle` sent until its puzzle came.
    puzzle_latency: Mutex<Histogram<u64>>,
    /// `puzzle_move` sent until its judgement came, for moves that ended a rated attempt.
    puzzle_end_latency: Mutex<Histogram<u64>>,
    /// Arena entrants: a join until its answer; idle (joined, or a game ended) until paired;
    /// an own move until its event came back.
    arena_join: Mutex<Histogram<u64>>,
    arena_wait: Mutex<Histogram<u64>>,
    arena_move: Mutex<Histogram<u64>>,
    swiss_paired: Mutex<Histogram<u64>>,
    own_line: Mutex<Histogram<u64>>,
    /// The highest round of a Swiss its entrants heard of.
    pub swiss_round: AtomicU64,
    /// Puzzles served and attempts ended while running.
    pub puzzles: AtomicU64,
    pub attempts: AtomicU64,
    /// Moves measured while running (human-vs-human).
    pub moves: AtomicU64,
    /// AI moves seen while running.
    pub ai_moves: AtomicU64,
    /// Games started (human-vs-human and against the AI).
    pub games: AtomicU64,
    /// Games that reached their end.
    pub finished: AtomicU64,
    /// Connections that said hello.
    pub connected: AtomicU64,
    /// Connections that could not be opened.
    pub failed: AtomicU64,
    /// Connections open now.
    pub open: AtomicI64,
    errors: Mutex<BTreeMap<String, u64>>,
}

impl Default for Stats {
    fn default() -> Self {
        Self::new()
    }
}

impl Stats {
    pub fn new() -> Stats {
        Stats {
            latency: Mutex::new(histogram()),
            ai_game_latency: Mutex::new(histogram()),
            puzzle_latency: Mutex::new(histogram()),
            puzzle_end_latency: Mutex::new(histogram()),
            arena_join: Mutex::new(histogram()),
            arena_wait: Mutex::new(histogram()),
            arena_move: Mutex::new(histogram()),
            swiss_paired: Mutex::new(histogram()),
            own_line: Mutex::new(histogram()),
            swiss_round: AtomicU64::new(0),
            puzzles: AtomicU64::new(0),
            attempts: AtomicU64::new(0),
            moves: AtomicU64::new(0),
            ai_moves: AtomicU64::new(0),
            games: AtomicU64::new(0),
            finished: AtomicU64::new(0),
            connected: AtomicU64::new(0),
            failed: AtomicU64::new(0),
            open: AtomicI64::new(0),
            errors: Mutex::new(BTreeMap::new()),
        }
    }

    /// An arena entrant's join was answered after `took`.
    pub fn arena_joined(&self, took: Duration) {
        record(&self.arena_join, took);
    }

    /// An idle arena entrant was paired after waiting `took`.
    pub fn arena_paired(&self, took: Duration) {
        record(&self.arena_wait, took);
    }

    /// A Swiss entrant's pairing reached it `late` after its round was due.
    pub fn swiss_paired(&self, late: Duration) {
        record(&self.swiss_paired, late);
    }

    /// A tournament entrant's own line counted its game `took` after it saw the game end.
    pub fn own_line_seen(&self, took: Duration) {
        record(&self.own_line, took);
    }

    /// The entrants' own lines after their games' ends: p50, p99, p99.9, max (ms), and how
    /// many.
    pub fn own_line_quantiles_ms(&self) -> ([f64; 4], u64) {
        let h = self.own_line.lock().unwrap_or_else(|p| p.into_inner());
        (quantiles(&h), h.len())
    }

    /// A Swiss entrant heard of round `round`.
    pub fn swiss_round_reached(&self, round: u32) {
        self.swiss_round
            .fetch_max(u64::from(round), Ordering::Relaxed);
    }

    /// The Swiss's pairings after their round was due: p50, p99, p99.9, max (ms), and how many.
    pub fn swiss_quantiles_ms(&self) -> ([f64; 4], u64) {
        let h = self.swiss_paired.lock().unwrap_or_else(|p| p.into_inner());
        (quantiles(&h), h.len())
    }

    /// An arena entrant's own move came back as the game's event after `took`.
    pub fn arena_move_seen(&self, took: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        record(&self.arena_move, took);
    }

    /// The arena's quantiles (p50, p99, p99.9, max, in ms) and counts: joins, waits for a
    /// pairing, own moves.
    pub fn arena_quantiles_ms(&self) -> [([f64; 4], u64); 3] {
        [&self.arena_join, &self.arena_wait, &self.arena_move].map(|h| {
            let h = h.lock().unwrap_or_else(|p| p.into_inner());
            (quantiles(&h), h.len())
        })
    }

    /// A human-vs-human move arrived at the opponent after `took`.
    pub fn move_seen(&self, took: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let mut h = self.latency.lock().unwrap_or_else(|p| p.into_inner());
        h.saturating_record(us);
    }

    /// A person's move in a game against the AI came back after `took`.
    pub fn ai_game_move_seen(&self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let mut h = self
            .ai_game_latency
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        h.saturating_record(us);
    }

    /// A puzzle came `took` after it was asked for.
    pub fn puzzle_served(&self, took: Duration) {
        self.puzzles.fetch_add(1, Ordering::Relaxed);
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let mut h = self
            .puzzle_latency
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        h.saturating_record(us);
    }

    /// A puzzle move was judged `took` after it was sent; `ended` when it ended the attempt
    /// (stored, ratings updated): only those are measured.
    pub fn puzzle_judged(&self, took: Duration, ended: bool) {
        if !ended {
            return;
        }
        self.attempts.fetch_add(1, Ordering::Relaxed);
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let mut h = self
            .puzzle_end_latency
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        h.saturating_record(us);
    }

    /// Quantiles of serving a puzzle and of ending an attempt, in milliseconds (p50, p99,
    /// p99.9, max).
    pub fn puzzle_quantiles_ms(&self) -> ([f64; 4], [f64; 4]) {
        let served = quantiles(
            &self
                .puzzle_latency
                .lock()
                .unwrap_or_else(|p| p.into_inner()),
        );
        let ended = quantiles(
            &self
                .puzzle_end_latency
                .lock()
                .unwrap_or_else(|p| p.into_inner()),
        );
        (served, ended)
    }

    /// Counts an error of this kind.
    pub fn error(&self, kind: impl Into<String>) {
        let mut e = self.errors.lock().unwrap_or_else(|p| p.into_inner());
        *e.entry(kind.into()).or_insert(0) += 1;
    }

    pub fn error_count(&self) -> u64 {
        self.errors
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .sum()
    }

    /// The errors by kind, for the log.
    pub fn error_kinds(&self) -> BTreeMap<String, u64> {
        self.errors
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Human-vs-human latency quantiles in milliseconds: (p50, p99, p99.9, max).
    pub fn quantiles_ms(&self) -> [f64; 4] {
        quantiles(&self.latency.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// The same for people's moves in games against the AI.
    pub fn ai_game_quantiles_ms(&self) -> ([f64; 4], u64) {
        let h = self
            .ai_game_latency
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        (quantiles(&h), h.len())
    }
}

fn quantiles(h: &Histogram<u64>) -> [f64; 4] {
    let ms = |us: u64| us as f64 / 1000.0;
    [
        ms(h.value_at_quantile(0.50)),
        ms(h.value_at_quantile(0.99)),
        ms(h.value_at_quantile(0.999)),
        ms(h.max()),
    ]
}

/// A small random number generator for think times and moves (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A duration between `min` and `max` milliseconds.
    pub fn millis(&mut self, min: u64, max: u64) -> Duration {
        let span = max.saturating_sub(min) + 1;
        Duration::from_millis(min + self.next_u64() % span)
    }
}

/// Records `took` (in microseconds, at least 1) in `h`.
fn record(h: &Mutex<Histogram<u64>>, took: Duration) {
    let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
    h.lock()
        .unwrap_or_else(|p| p.into_inner())
        .saturating_record(us);
}
