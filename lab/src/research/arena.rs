//! The arena: engine-against-engine games in a round robin, both colours from the same openings,
//! played in parallel, with what each side's search did recorded move by move.
//!
//! Every pairing plays `games / 2` openings twice, each entrant once first; an opening is
//! `random:K`, K random legal plies from the start (seeded, the same list for every pairing).
//! A game ends by the rules or at the ply cap, which counts as a draw (and is counted apart).
//! Each game's randomness comes from the arena seed and the game's number only, so a run with a
//! fixed depth or node budget is repeatable whatever the number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use chaupal_rules::{Game, Side};
use serde::{Deserialize, Serialize};

use super::entrant::{Entrant, ServerPlay};
use chaupal_engine::engine_config::Algorithm;
use chaupal_engine::random::Rng;
use chaupal_engine::run::run_with_evaluator;
use chaupal_engine::weights::Tunable;
use chaupal_engine::{EngineSpec, Kept, SearchInputs, SearchRequest, SearchStats};

/// How games begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Openings {
    /// From the start position.
    Start,
    /// After this many random legal plies.
    Random(u32),
}

impl Openings {
    /// Reads `none` or `random:K`.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text == "none" || text == "start" {
            return Ok(Openings::Start);
        }
        text.strip_prefix("random:")
            .and_then(|k| k.parse().ok())
            .map(Openings::Random)
            .ok_or_else(|| format!("bad openings '{text}' (use none or random:K)"))
    }
}

/// How an arena runs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArenaSettings {
    /// Games per pairing (even: each opening with both colours).
    pub games: u32,
    pub openings: Openings,
    /// Plies after which a game is stopped as a draw.
    pub max_plies: u32,
    pub threads: usize,
    pub seed: u64,
    /// Each entrant also plays itself (one game per opening), as seed 001's tables did.
    pub self_play: bool,
    /// Only the first K entrants meet everyone (a gauntlet), instead of all pairs.
    #[serde(default)]
    pub gauntlet: Option<usize>,
    /// Only entrants at most K apart in the list meet (K = 1: neighbours; K = 2: neighbours and
    /// next-but-one), for ladders of entrants given weakest first.
    #[serde(default)]
    pub span: Option<usize>,
}

/// What one side's searches did in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideStats {
    pub moves: u32,
    pub time_us: u64,
    pub nodes: u64,
    pub generated: u64,
    pub expanded: u64,
    /// The most memory one search held (table or tree; for the table-less baselines, the path
    /// of positions they keep: depth + 1 positions).
    pub peak_memory: u64,
}

impl SideStats {
    fn add(&mut self, o: &SideStats) {
        self.moves += o.moves;
        self.time_us += o.time_us;
        self.nodes += o.nodes;
        self.generated += o.generated;
        self.expanded += o.expanded;
        self.peak_memory = self.peak_memory.max(o.peak_memory);
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    FirstWon,
    SecondWon,
    Draw,
    /// Stopped at the ply cap (scored as a draw).
    Capped,
}

/// One game played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the arena (its randomness derives from it).
    pub number: usize,
    pub pairing: usize,
    pub opening: usize,
    /// Entrant indices of the first and second side.
    pub first: usize,
    pub second: usize,
    pub end: GameEnd,
    /// Why the rules ended it (empty when capped).
    pub reason: String,
    /// Plies in the game, the opening's included.
    pub plies: u32,
    pub opening_plies: u32,
    /// By side: first, second.
    pub sides: [SideStats; 2],
}

impl GameRecord {
    /// The result for entrant `e` (1, 0.5 or 0), `None` if it did not play.
    pub fn score_of(&self, e: usize) -> Option<f64> {
        let as_first = match (self.first == e, self.second == e) {
            (true, _) => true,
            (false, true) => false,
            _ => return None,
        };
        Some(match (self.end, as_first) {
            (GameEnd::FirstWon, true) | (GameEnd::SecondWon, false) => 1.0,
            (GameEnd::FirstWon, false) | (GameEnd::SecondWon, true) => 0.0,
            _ => 0.5,
        })
    }
}

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub pairing: usize,
    pub opening: usize,
    pub first: usize,
    pub second: usize,
}

/// The pairings of a round robin over `n` entrants: (a, b) with a < b (a among the first
/// `gauntlet` entrants when given), then (a, a) when `self_play`.
pub fn pairings(n: usize, self_play: bool, gauntlet: Option<usize>) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for a in 0..gauntlet.unwrap_or(n).min(n) {
        for b in a + 1..n {
            out.push((a, b));
        }
    }
    if self_play {
        out.extend((0..n).map(|a| (a, a)));
    }
    out
}

/// The pairings an arena plays: [`pairings`], less those more than `settings.span` apart.
pub fn scheduled_pairings(n: usize, settings: &ArenaSettings) -> Vec<(usize, usize)> {
    let mut out = pairings(n, settings.self_play, settings.gauntlet);
    if let Some(k) = settings.span {
        out.retain(|&(a, b)| b.abs_diff(a) <= k);
    }
    out
}

/// Every game of the arena, in a fixed order.
pub fn jobs(n: usize, settings: &ArenaSettings) -> Vec<Job> {
    let openings = (settings.games as usize).div_ceil(2);
    let mut out = Vec::new();
    for (pairing, (a, b)) in scheduled_pairings(n, settings).into_iter().enumerate() {
        for opening in 0..openings {
            out.push(Job {
                pairing,
                opening,
                first: a,
                second: b,
            });
            if a != b {
                out.push(Job {
                    pairing,
                    opening,
                    first: b,
                    second: a,
                });
            }
        }
    }
    out
}

/// The opening positions: `count` positions after `openings` random plies from `start`.
pub fn opening_positions<G: Game>(
    start: &G,
    openings: Openings,
    count: usize,
    seed: u64,
) -> Vec<(G, u32)> {
    let k = match openings {
        Openings::Start => return vec![(start.clone(), 0); count],
        Openings::Random(k) => k,
    };
    let mut rng = Rng::new(seed ^ 0x6f70_656e_696e_6773);
    let mut moves = Vec::new();
    (0..count)
        .map(|_| {
            // A few tries for an opening still in play; else the longest found.
            let mut best = (start.clone(), 0);
            for _ in 0..50 {
                let mut g = start.clone();
                let mut plies = 0;
                while plies < k && g.outcome().is_none() {
                    moves.clear();
                    g.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    g.make(moves[rng.below(moves.len())]);
                    plies += 1;
                }
                if g.outcome().is_none() {
                    return (g, plies);
                }
                if plies > best.1 {
                    best = (g, plies);
                }
            }
            best
        })
        .collect()
}

/// Plays one game between two entrants from `start`.
pub fn play_game<G: Tunable>(
    start: &G,
    first: &Entrant<G>,
    second: &Entrant<G>,
    max_plies: u32,
    seed: u64,
    cancel: &AtomicBool,
) -> (GameEnd, String, u32, [SideStats; 2]) {
    let mut g = start.clone();
    let mut sides = [SideStats::default(); 2];
    // Each side keeps its own table and tree between its moves, as a player of the server does.
    let mut kept: [Kept<G>; 2] = [Kept::default(), Kept::default()];
    let mut plies = 0;
    loop {
        if let Some(outcome) = g.outcome() {
            let end = match outcome.winner() {
                Some(Side::First) => GameEnd::FirstWon,
                Some(Side::Second) => GameEnd::SecondWon,
                None => GameEnd::Draw,
            };
            return (end, outcome.reason().describe().to_owned(), plies, sides);
        }
        if plies >= max_plies || cancel.load(Ordering::Relaxed) {
            return (GameEnd::Capped, String::new(), plies, sides);
        }
        let side = g.side_to_move();
        let e = if side == Side::First { first } else { second };
        let t = Instant::now();
        let move_seed = seed ^ u64::from(plies).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let out = one_move(&g, e, move_seed, &mut kept[side.index()], cancel);
        let s = &mut sides[side.index()];
        s.moves += 1;
        s.time_us += t.elapsed().as_micros() as u64;
        s.nodes += out.stats.nodes;
        s.generated += out.stats.generated;
        s.expanded += out.stats.expanded;
        let memory = if out.stats.memory_bytes > 0 || is_stateful(e.config.algorithm) {
            out.stats.memory_bytes
        } else {
            let depth = e.config.limits.depth.unwrap_or(1).max(1);
            u64::from(depth + 1) * std::mem::size_of::<G>() as u64
        };
        s.peak_memory = s.peak_memory.max(memory);
        match out.best_move {
            Some(mv) => {
                g.make(mv);
                plies += 1;
            }
            // Only when cancelled: no move, no game.
            None => return (GameEnd::Capped, String::new(), plies, sides),
        }
    }
}

/// What one move of an entrant found.
struct Played<M> {
    best_move: Option<M>,
    stats: SearchStats,
}

/// One move of entrant `e` in `g`: as the server plays a level, or its engine run directly.
fn one_move<G: Tunable>(
    g: &G,
    e: &Entrant<G>,
    seed: u64,
    kept: &mut Kept<G>,
    cancel: &AtomicBool,
) -> Played<G::Move> {
    match &e.server {
        Some(server) => server_move(g, server, seed, kept, cancel),
        None => {
            let inputs = SearchInputs {
                config: &e.config,
                eval: e.eval.as_ref(),
                seed,
                endgame: None,
                cancel,
            };
            let out = run_with_evaluator(g, &inputs, kept, &mut |_| {});
            Played {
                best_move: out.best_move,
                stats: out.stats,
            }
        }
    }
}

/// A level's move through the engine's `think`, as the server asks for it. An error (none is
/// expected for a level of a game in play) gives no move, and the game stops as capped.
fn server_move<G: Tunable>(
    g: &G,
    server: &ServerPlay<G>,
    seed: u64,
    kept: &mut Kept<G>,
    cancel: &AtomicBool,
) -> Played<G::Move> {
    let mut request =
        SearchRequest::new(EngineSpec::Level(server.level), server.limits.clone(), seed);
    request.slips = server.slips;
    match chaupal_engine::run::think(g, &request, &server.resources, kept, cancel, &mut |_| {}) {
        Ok(result) => Played {
            best_move: result
                .best_move
                .as_deref()
                .and_then(|t| g.parse_move(t).ok()),
            stats: result.stats,
        },
        Err(_) => Played {
            best_move: None,
            stats: SearchStats::default(),
        },
    }
}

/// Whether an algorithm reports its own memory (a table or a tree).
fn is_stateful(a: Algorithm) -> bool {
    matches!(a, Algorithm::NegamaxTt | Algorithm::Pvs | Algorithm::Mcts)
}

/// Plays every game of a round robin on `settings.threads` threads; `on_game` is called after
/// each game (for a progress bar). Records come back in game-number order.
pub fn run_arena<G: Tunable>(
    start: &G,
    entrants: &[Entrant<G>],
    settings: &ArenaSettings,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    let jobs = jobs(entrants.len(), settings);
    let count = (settings.games as usize).div_ceil(2);
    let openings = opening_positions(start, settings.openings, count, settings.seed);
    play_jobs(&openings, entrants, &jobs, settings, cancel, on_game)
}

/// Plays the given games (each from `openings[job.opening]`) on `settings.threads` threads.
pub fn play_jobs<G: Tunable>(
    openings: &[(G, u32)],
    entrants: &[Entrant<G>],
    jobs: &[Job],
    settings: &ArenaSettings,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<GameRecord>> = Mutex::new(Vec::with_capacity(jobs.len()));
    let threads = settings.threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let number = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(number) else { break };
                    let (position, opening_plies) = &openings[job.opening];
                    let seed = settings
                        .seed
                        .wrapping_add((number as u64 + 1).wrapping_mul(0xd1b5_4a32_d192_ed03));
                    let (end, reason, plies, sides) = play_game(
                        position,
                        &entrants[job.first],
                        &entrants[job.second],
                        settings.max_plies,
                        seed,
                        cancel,
                    );
                    let record = GameRecord {
                        number,
                        pairing: job.pairing,
                        opening: job.opening,
                        first: job.first,
                        second: job.second,
                        end,
                        reason,
                        plies: plies + opening_plies,
                        opening_plies: *opening_plies,
                        sides,
                    };
                    on_game(&record);
                    done.lock().unwrap_or_else(|e| e.into_inner()).push(record);
                }
            });
        }
    });
    let mut records = done.into_inner().unwrap_or_else(|e| e.into_inner());
    records.sort_by_key(|r| r.number);
    records
}

/// Per-entrant totals over some games: [`SideStats`] summed over every side it played.
pub fn entrant_totals(records: &[GameRecord], e: usize) -> SideStats {
    let mut total = SideStats::default();
    for r in records {
        if r.first == e {
            total.add(&r.sides[0]);
        }
        if r.second == e {
            total.add(&r.sides[1]);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::kalah::Kalah;

    fn settings(games: u32, self_play: bool, gauntlet: Option<usize>) -> ArenaSettings {
        ArenaSettings {
            games,
            openings: Openings::Random(3),
            max_plies: 100,
            threads: 1,
            seed: 9,
            self_play,
            gauntlet,
            span: None,
        }
    }

    #[test]
    fn round_robins_gauntlets_and_self_play_pair_as_documented() {
        assert_eq!(pairings(4, false, None).len(), 6);
        assert_eq!(pairings(4, false, Some(1)), vec![(0, 1), (0, 2), (0, 3)]);
        assert_eq!(pairings(4, false, Some(2)).len(), 5);
        assert_eq!(pairings(3, true, None).len(), 3 + 3);
        // Two openings per pairing, each with both colours; self-play once per opening.
        let j = jobs(3, &settings(4, true, None));
        assert_eq!(j.len(), 3 * 4 + 3 * 2);
        let first_of_pair_0: Vec<usize> = j
            .iter()
            .filter(|x| x.pairing == 0)
            .map(|x| x.first)
            .collect();
        assert_eq!(first_of_pair_0, vec![0, 1, 0, 1]);
    }

    #[test]
    fn a_span_keeps_only_near_neighbours_in_the_list() {
        let mut s = settings(2, false, None);
        s.span = Some(2);
        let p = scheduled_pairings(5, &s);
        assert_eq!(
            p,
            vec![(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (3, 4)]
        );
        s.span = Some(1);
        assert_eq!(scheduled_pairings(4, &s), vec![(0, 1), (1, 2), (2, 3)]);
        assert_eq!(jobs(4, &s).len(), 3 * 2);
        s.self_play = true;
        assert_eq!(
            scheduled_pairings(3, &s).len(),
            2 + 3,
            "self-play is 0 apart"
        );
    }

    #[test]
    fn openings_are_seeded_and_still_in_play() {
        let start = Kalah::start(Default::default());
        let a = opening_positions(&start, Openings::Random(3), 4, 5);
        let b = opening_positions(&start, Openings::Random(3), 4, 5);
        let text = |v: &[(Kalah, u32)]| {
            v.iter()
                .map(|(g, p)| (g.position_text(), *p))
                .collect::<Vec<_>>()
        };
        assert_eq!(text(&a), text(&b));
        assert!(a.iter().all(|(g, p)| *p == 3 && g.outcome().is_none()));
        let c = opening_positions(&start, Openings::Start, 2, 5);
        assert!(
            c.iter()
                .all(|(g, p)| *p == 0 && g.position_text() == start.position_text())
        );
    }
}
