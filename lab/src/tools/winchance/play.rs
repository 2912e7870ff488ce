//! The games `chaupal winchance` learns from: AI levels against each other, as the server plays
//! them (`Engine::search` with `EngineSpec::Level`, the level's own limits, no databases), from
//! random openings, with each searched position's evaluation and, at the end, its mover's
//! result.
//!
//! Games come in pairs: the same opening and the same two levels, each level once first. Each
//! pair's levels, opening and move seeds derive from the run's seed, the game and the pair's
//! number only, so the games do not depend on the number of threads (levels 6 and up stop at a
//! node count, with time only as a ceiling a loaded machine can reach).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use chaupal_engine::random::Rng;
use chaupal_engine::{Engine, EngineSpec, Memory, SearchLimits, SearchRequest};
use chaupal_rules::score::Score;
use chaupal_rules::{AnyGame, GameKind, Side};

use super::WinchanceError;

/// How the games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySettings {
    /// Games per game kind.
    pub games: u32,
    /// The levels drawn from, inclusive.
    pub levels: (u8, u8),
    /// Random legal plies before the levels play.
    pub openings: u32,
    /// A game still going after this many plies (the opening's included) is stopped and
    /// counted as a draw: neither level could win it (Sholo Guti's careful levels often shuffle
    /// for ever, and leaving those games out would keep only the decided ones).
    pub max_plies: u32,
    pub seed: u64,
    pub threads: usize,
}

/// One searched position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The game's number within its kind.
    pub game: u32,
    /// Plies played before this position (the opening's included).
    pub ply: u32,
    pub mover: Side,
    /// The mover's level.
    pub level: u8,
    /// The mover's evaluation (`Score::Cp`), for the mover.
    pub cp: i32,
    /// The mover's result: 1, 0.5 or 0.
    pub result: f64,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Won(Side),
    Drawn,
    /// Stopped at the ply cap: counted as a draw.
    Capped,
}

/// One game played.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub kind: GameKind,
    pub game: u32,
    /// The levels of the first and second side.
    pub levels: [u8; 2],
    pub end: End,
    pub plies: u32,
    /// Positions searched, and those with a heuristic score (the samples).
    pub searched: u32,
    pub samples: Vec<Sample>,
    pub seconds: f64,
}

/// A seed mixed from parts (SplitMix64 of their combination).
fn mix(parts: &[u64]) -> u64 {
    parts.iter().fold(0x6368_6175_7061_6c21, |acc, &p| {
        chaupal_rules::zobrist::splitmix64(acc ^ p).1
    })
}

/// The game's kind as a number, for seeds.
fn kind_number(kind: GameKind) -> u64 {
    GameKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u64
}

/// The levels (first, second) and seed of game `game` of `kind`.
pub fn pairing(kind: GameKind, game: u32, settings: &PlaySettings) -> ([u8; 2], u64) {
    let pair = u64::from(game / 2);
    let seed = mix(&[settings.seed, kind_number(kind), pair]);
    let mut rng = Rng::new(seed);
    let (low, high) = settings.levels;
    let span = usize::from(high.saturating_sub(low)) + 1;
    let a = low + rng.below(span) as u8;
    let b = low + rng.below(span) as u8;
    if game % 2 == 0 {
        ([a, b], seed)
    } else {
        ([b, a], seed)
    }
}

/// `plies` random legal plies from the start, drawn from `seed`: a few tries for an opening
/// still in play, else the start position.
pub fn opening(kind: GameKind, plies: u32, seed: u64) -> Result<(AnyGame, u32), WinchanceError> {
    let start = AnyGame::start(kind, Vec::<(String, String)>::new())
        .map_err(|e| WinchanceError::Game(e.to_string()))?;
    let mut rng = Rng::new(seed ^ 0x6f70_656e_696e_6773);
    for _ in 0..50 {
        let mut g = start.clone();
        let mut played = 0;
        while played < plies && g.outcome().is_none() {
            let moves = g.legal_moves_text();
            if moves.is_empty() {
                break;
            }
            g.play_text(&moves[rng.below(moves.len())])
                .map_err(|e| WinchanceError::Game(e.to_string()))?;
            played += 1;
        }
        if g.outcome().is_none() {
            return Ok((g, played));
        }
    }
    Ok((start, 0))
}

/// Plays game `game` of `kind` to its end (or the cap) and records its samples.
pub fn play_one(
    engine: &Engine,
    kind: GameKind,
    game: u32,
    settings: &PlaySettings,
    cancel: &AtomicBool,
) -> Result<Played, WinchanceError> {
    let started = Instant::now();
    let (levels, seed) = pairing(kind, game, settings);
    let (mut g, mut ply) = opening(kind, settings.openings, seed)?;
    // One memory per side, as the server keeps one per line of play.
    let mut memories = [Memory::default(), Memory::default()];
    let mut positions: Vec<(u32, Side, u8, i32)> = Vec::new();
    let mut searched = 0;
    let end = loop {
        if let Some(outcome) = g.outcome() {
            break match outcome.winner() {
                Some(side) => End::Won(side),
                None => End::Drawn,
            };
        }
        if ply >= settings.max_plies || cancel.load(Ordering::Relaxed) {
            break End::Capped;
        }
        let side = g.side_to_move();
        let level = levels[side.index()];
        let move_seed = mix(&[seed, u64::from(game % 2), u64::from(ply)]);
        let request =
            SearchRequest::new(EngineSpec::Level(level), SearchLimits::default(), move_seed);
        let result = engine
            .search(
                &g,
                &request,
                &mut memories[side.index()],
                cancel,
                &mut |_| {},
            )
            .map_err(|e| WinchanceError::Game(format!("{} game {game}: {e}", kind.name())))?;
        searched += 1;
        if let Some(info) = &result.info
            && let Score::Cp(cp) = info.score
        {
            positions.push((ply, side, level, cp));
        }
        let Some(mv) = result.best_move else {
            return Err(WinchanceError::Game(format!(
                "{} game {game}: the engine gave no move at ply {ply}",
                kind.name()
            )));
        };
        g.play_text(&mv).map_err(|e| {
            WinchanceError::Game(format!("{} game {game}: '{mv}': {e}", kind.name()))
        })?;
        ply += 1;
    };
    let result_for = |side: Side| match end {
        End::Won(w) if w == side => 1.0,
        End::Won(_) => 0.0,
        End::Drawn | End::Capped => 0.5,
    };
    let samples = positions
        .into_iter()
        .map(|(ply, mover, level, cp)| Sample {
            game,
            ply,
            mover,
            level,
            cp,
            result: result_for(mover),
        })
        .collect();
    Ok(Played {
        kind,
        game,
        levels,
        end,
        plies: ply,
        searched,
        samples,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Plays `settings.games` games of each kind on `settings.threads` threads (the games of all
/// kinds share the threads); `on_game` is called after each game. The games come back in
/// kind and number order.
pub fn play_all(
    engine: &Engine,
    kinds: &[GameKind],
    settings: &PlaySettings,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&Played) + Sync),
) -> Result<Vec<Played>, WinchanceError> {
    let jobs: Vec<(GameKind, u32)> = kinds
        .iter()
        .flat_map(|&k| (0..settings.games).map(move |n| (k, n)))
        .collect();
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Result<Played, WinchanceError>>> = Mutex::new(Vec::new());
    let threads = settings.threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&(kind, game)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let played = play_one(engine, kind, game, settings, cancel);
                    match &played {
                        Ok(p) => on_game(p),
                        // Stop the others: the run is lost anyway.
                        Err(_) => cancel.store(true, Ordering::Relaxed),
                    }
                    done.lock().unwrap_or_else(|e| e.into_inner()).push(played);
                }
            });
        }
    });
    let mut games = done
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    games.sort_by_key(|p| (kind_number(p.kind), p.game));
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> PlaySettings {
        PlaySettings {
            games: 2,
            levels: (1, 2),
            openings: 4,
            max_plies: 300,
            seed: 3,
            threads: 1,
        }
    }

    #[test]
    fn a_pair_of_games_shares_its_opening_and_levels_with_the_colours_swapped() {
        let s = settings();
        for kind in GameKind::ALL {
            let (a, seed_a) = pairing(kind, 4, &s);
            let (b, seed_b) = pairing(kind, 5, &s);
            assert_eq!(seed_a, seed_b);
            assert_eq!(a, [b[1], b[0]]);
            assert!(a.iter().all(|l| (1..=2).contains(l)));
            let (g, plies) = opening(kind, 4, seed_a).unwrap();
            assert_eq!(plies, 4, "{kind}");
            assert!(g.outcome().is_none());
            let (again, _) = opening(kind, 4, seed_a).unwrap();
            assert_eq!(g.position_text(), again.position_text());
        }
    }

    #[test]
    fn a_game_between_low_levels_ends_and_its_samples_carry_the_movers_result() {
        let engine = Engine::new();
        let cancel = AtomicBool::new(false);
        let played = play_one(&engine, GameKind::Kalah, 0, &settings(), &cancel).unwrap();
        assert_ne!(played.end, End::Capped);
        assert!(!played.samples.is_empty());
        assert!(played.samples.len() as u32 <= played.searched);
        for s in &played.samples {
            let expected = match played.end {
                End::Won(w) if w == s.mover => 1.0,
                End::Won(_) => 0.0,
                _ => 0.5,
            };
            assert_eq!(s.result, expected);
            assert_eq!(s.level, played.levels[s.mover.index()]);
            assert!(s.ply >= 4 && s.ply < played.plies);
        }
    }
}
