//! Game review: every position of a game searched by the top level at a fixed budget, and the
//! values turned into a verdict on each move (`chaupal_rules::review`).
//!
//! The budget is counted in nodes, not time: a position gets the nodes an idle core searches
//! in `budget_ms` with the game's engine ([`levels::nodes_per_second`]), with no time limit, so
//! a review says the same on a busy machine as on an idle one, and twice the same; on a busy
//! machine it only takes longer. Perfect play answers first where it covers a position (the
//! Bagh Chal and Sholo Guti databases, the Kalah solver and its databases), so the verdicts
//! there are exact: `win N`, `loss N`, `draw`, or Kalah's final margin.
//!
//! Kalah is the exception to "no time limit": its solver works within a share of the move's
//! time, so a Kalah position also gets [`CEILING_FACTOR`] budgets of time. Whether the solver
//! proves a middle-game position of the full board within it can depend on the machine's load,
//! and so can the verdict on it; the server stores each review, so a game's review, once made,
//! never changes. On small boards, and wherever the databases reach, the solver always proves.
//!
//! The positions are searched from the last to the first with one [`Memory`], as lichess's
//! analysis does: what the search learnt about the end of the game helps it judge the moves
//! that led there.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_rules::record::GameId;
use chaupal_rules::review::{self, GameReview, PositionValue};
use chaupal_rules::score::Score;
use chaupal_rules::{AnyGame, GameKind, Outcome, Side};
use thiserror::Error;

use crate::analysis::ANALYSIS_LEVEL;
use crate::engine::{Engine, Played};
use crate::game_ai::TablebaseValue;
use crate::levels;
use crate::memory::Memory;
use crate::request::{AiError, EngineSpec, SearchLimits, SearchRequest};

/// The budget each position gets by default: half a second of an idle core's nodes.
pub const DEFAULT_BUDGET_MS: u64 = 500;
/// The longest budget a review may ask for per position.
pub const MAX_BUDGET_MS: u64 = 60_000;
/// The time a Kalah position's search may take, in budgets (its solver's share of it first).
pub const CEILING_FACTOR: u32 = 4;

/// Why a game could not be reviewed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReviewError {
    #[error("move {ply} ('{played}') is not legal here: {reason}")]
    IllegalMove {
        ply: usize,
        played: String,
        reason: String,
    },
    #[error("a budget of {0} ms per position is out of range (1 to {MAX_BUDGET_MS})")]
    BadBudget(u64),
    #[error("the engine chose a move that is not legal, {0}: a bug")]
    EngineMove(String),
    #[error("the review was stopped")]
    Cancelled,
    #[error(transparent)]
    Ai(#[from] AiError),
}

/// The search each position of a `kind` game gets at `budget_ms`.
pub fn request(kind: GameKind, budget_ms: u64) -> SearchRequest {
    SearchRequest {
        engine: EngineSpec::Level(ANALYSIS_LEVEL),
        limits: SearchLimits {
            depth: None,
            nodes: Some((levels::nodes_per_second(kind) * budget_ms / 1000).max(1)),
            time: (kind == GameKind::Kalah)
                .then(|| Duration::from_millis(budget_ms) * CEILING_FACTOR),
        },
        seed: 0,
        threads: 1,
        slips: None,
    }
}

/// The positions `moves` pass through from `start` (one more than the moves).
pub fn positions(start: &AnyGame, moves: &[String]) -> Result<Vec<AnyGame>, ReviewError> {
    let mut games = Vec::with_capacity(moves.len() + 1);
    let mut game = start.clone();
    games.push(game.clone());
    for (i, played) in moves.iter().enumerate() {
        game.play_text(played)
            .map_err(|e| ReviewError::IllegalMove {
                ply: i + 1,
                played: played.clone(),
                reason: e.to_string(),
            })?;
        games.push(game.clone());
    }
    Ok(games)
}

/// The value of one position for the side to move: the result where the game is over, else
/// the search's.
pub fn position_value(
    engine: &Engine,
    memory: &mut Memory,
    game: &AnyGame,
    request: &SearchRequest,
    cancel: &AtomicBool,
) -> Result<PositionValue, ReviewError> {
    let to_move = game.side_to_move();
    if let Some(outcome) = game.outcome() {
        return Ok(PositionValue {
            to_move,
            value: final_value(game, outcome),
            best: None,
            line: Vec::new(),
            best_after: None,
        });
    }
    let result = engine.search(game, request, memory, cancel, &mut |_| {})?;
    let info = result.info.clone();
    let best = crate::analysis::hinted_move(result);
    let line = info.as_ref().map(|i| i.pv.clone()).unwrap_or_default();
    let value = known_value(engine, game).unwrap_or(info.map_or(Score::Cp(0), |i| i.score));
    Ok(PositionValue {
        to_move,
        value,
        best,
        line,
        best_after: None,
    })
}

/// Where `position`'s value is an estimate and `played` is not its best move: the value the
/// best move leaves, for the side that would make it, from a search of the position after it
/// (like for like with the position after the played move; see `PositionValue::best_after`).
fn best_after(
    engine: &Engine,
    memory: &mut Memory,
    game: &AnyGame,
    position: &PositionValue,
    played: Option<&String>,
    request: &SearchRequest,
    cancel: &AtomicBool,
) -> Result<Option<Score>, ReviewError> {
    let (Some(played), Some(best)) = (played, &position.best) else {
        return Ok(None);
    };
    if played == best || !matches!(position.value, Score::Cp(_)) {
        return Ok(None);
    }
    let mut child = game.clone();
    child
        .play_text(best)
        .map_err(|e| ReviewError::EngineMove(format!("'{best}': {e}")))?;
    let value = position_value(engine, memory, &child, request, cancel)?.value;
    Ok(Some(if child.side_to_move() == position.to_move {
        value
    } else {
        review::for_opponent(value)
    }))
}

/// The value the engine's endgame database knows for `game`, where it covers it: exact even
/// where its perfect player leaves the choice among equal moves to the search (a drawn
/// position).
fn known_value(engine: &Engine, game: &AnyGame) -> Option<Score> {
    fn typed<G: Played>(engine: &Engine, game: &G) -> Option<TablebaseValue> {
        engine.resources::<G>().endgame.as_ref()?.value(game)
    }
    let value = match game {
        AnyGame::BaghChal(g) => typed(engine, g),
        AnyGame::Kalah(g) => typed(engine, g),
        AnyGame::Jungle(g) => typed(engine, g),
        AnyGame::SholoGuti(g) => typed(engine, g),
    }?;
    Some(match value {
        TablebaseValue::Win(n) => Score::Win(n),
        TablebaseValue::Loss(n) => Score::Loss(n),
        TablebaseValue::Draw => Score::Draw,
    })
}

/// A finished game's result for the side to move: Kalah's final margin, else won, lost or
/// drawn now.
fn final_value(game: &AnyGame, outcome: Outcome) -> Score {
    let me = game.side_to_move();
    if let AnyGame::Kalah(k) = game {
        let total = |side: Side| {
            i32::from(k.store(side)) + k.houses(side).iter().map(|&s| i32::from(s)).sum::<i32>()
        };
        return Score::Margin(total(me) - total(me.opponent()));
    }
    match outcome.winner() {
        None => Score::Draw,
        Some(w) if w == me => Score::Win(0),
        Some(_) => Score::Loss(0),
    }
}

/// Reviews `moves` played from `start`, each position searched at `budget_ms`;
/// `on_progress(analysed, total)` hears of the start (0 analysed) and of each position done.
/// `cancel` stops it between positions (and the search within one).
pub fn review(
    engine: &Engine,
    game: GameId,
    start: &AnyGame,
    moves: &[String],
    budget_ms: u64,
    cancel: &AtomicBool,
    on_progress: &mut dyn FnMut(u32, u32),
) -> Result<GameReview, ReviewError> {
    if !(1..=MAX_BUDGET_MS).contains(&budget_ms) {
        return Err(ReviewError::BadBudget(budget_ms));
    }
    let games = positions(start, moves)?;
    let kind = start.kind();
    let request = request(kind, budget_ms);
    let mut memory = Memory::default();
    let total = games.len() as u32;
    let mut values = Vec::with_capacity(games.len());
    on_progress(0, total);
    for (done, (i, game)) in games.iter().enumerate().rev().enumerate() {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        let mut value = position_value(engine, &mut memory, game, &request, cancel)?;
        value.best_after = best_after(
            engine,
            &mut memory,
            game,
            &value,
            moves.get(i),
            &request,
            cancel,
        )?;
        values.push(value);
        on_progress(done as u32 + 1, total);
    }
    if cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(ReviewError::Cancelled);
    }
    values.reverse();
    Ok(review::assemble(game, kind, budget_ms, moves, &values))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use chaupal_rules::review::{MoveClass, for_opponent};

    use super::*;

    /// The exact final margin of a Kalah position for the side to move, by plain negamax.
    fn solved(game: &AnyGame, memo: &mut HashMap<String, i32>) -> i32 {
        if let Some(outcome) = game.outcome() {
            let Score::Margin(m) = final_value(game, outcome) else {
                unreachable!("a Kalah game ends with a margin")
            };
            return m;
        }
        let key = game.position_text();
        if let Some(&m) = memo.get(&key) {
            return m;
        }
        let me = game.side_to_move();
        let best = game
            .legal_moves_text()
            .iter()
            .map(|mv| {
                let mut next = game.clone();
                next.play_text(mv).expect("a legal move");
                let m = solved(&next, memo);
                if next.side_to_move() == me { m } else { -m }
            })
            .max()
            .unwrap_or(0);
        memo.insert(key, best);
        best
    }

    fn small_kalah() -> AnyGame {
        AnyGame::start(GameKind::Kalah, [("pits", "3"), ("seeds", "2")]).expect("small board")
    }

    /// A game on a small board where each side plays its worst move now and then.
    fn a_game_with_errors(start: &AnyGame, memo: &mut HashMap<String, i32>) -> Vec<String> {
        let mut game = start.clone();
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            let me = game.side_to_move();
            let mut scored: Vec<(i32, String)> = game
                .legal_moves_text()
                .into_iter()
                .map(|mv| {
                    let mut next = game.clone();
                    next.play_text(&mv).expect("a legal move");
                    let m = solved(&next, memo);
                    (if next.side_to_move() == me { m } else { -m }, mv)
                })
                .collect();
            scored.sort();
            let pick = if moves.len() % 3 == 1 {
                scored.first()
            } else {
                scored.last()
            };
            let mv = pick.map(|(_, m)| m.clone()).expect("a move");
            game.play_text(&mv).expect("a legal move");
            moves.push(mv);
        }
        moves
    }

    #[test]
    fn on_a_small_kalah_board_every_verdict_is_the_exact_margin() {
        let start = small_kalah();
        let mut memo = HashMap::new();
        let moves = a_game_with_errors(&start, &mut memo);
        let engine = Engine::new();
        let cancel = AtomicBool::new(false);
        let mut seen = Vec::new();
        let review = review(
            &engine,
            GameId(7),
            &start,
            &moves,
            200,
            &cancel,
            &mut |done, total| seen.push((done, total)),
        )
        .expect("reviewed");
        let games = positions(&start, &moves).expect("legal");
        let total = games.len() as u32;
        assert_eq!(seen, (0..=total).map(|d| (d, total)).collect::<Vec<_>>());
        assert_eq!(review.plies.len(), moves.len());
        let mut classes = Vec::new();
        for (i, ply) in review.plies.iter().enumerate() {
            let (here, next) = (&games[i], &games[i + 1]);
            let exact_before = solved(here, &mut memo);
            let exact_next = Score::Margin(solved(next, &mut memo));
            let exact_after = if next.side_to_move() == here.side_to_move() {
                exact_next
            } else {
                for_opponent(exact_next)
            };
            assert_eq!(ply.before, Score::Margin(exact_before), "ply {}", i + 1);
            assert_eq!(ply.after, exact_after, "ply {}", i + 1);
            let sign = |s: Score| match s {
                Score::Margin(m) => m.signum(),
                _ => unreachable!(),
            };
            let expected = if ply.after == ply.before || ply.best.as_deref() == Some(&ply.played) {
                MoveClass::Best
            } else if sign(ply.after) == exact_before.signum() {
                MoveClass::Good
            } else {
                MoveClass::Blunder
            };
            assert_eq!(ply.class, expected, "ply {}", i + 1);
            assert_eq!(
                ply.loss,
                if expected == MoveClass::Best {
                    0.0
                } else {
                    50.0 * f64::from(exact_before.signum() - sign(ply.after))
                },
                "ply {}",
                i + 1
            );
            classes.push(ply.class);
        }
        assert!(classes.contains(&MoveClass::Best), "{classes:?}");
        assert!(
            classes.iter().any(|c| *c != MoveClass::Best),
            "the worst moves should show: {classes:?}"
        );
    }

    #[test]
    fn a_review_run_twice_is_identical() {
        // From the start: heuristic values under a node budget.
        for kind in [GameKind::BaghChal, GameKind::Jungle, GameKind::SholoGuti] {
            let start = AnyGame::start(kind, Vec::<(String, String)>::new()).expect("start");
            let mut game = start.clone();
            let mut moves = Vec::new();
            for k in 0..6 {
                let legal = game.legal_moves_text();
                let mv = legal[(7 * k) % legal.len()].clone();
                game.play_text(&mv).expect("legal");
                moves.push(mv);
            }
            let cancel = AtomicBool::new(false);
            let run = || {
                review(
                    &Engine::new(),
                    GameId(1),
                    &start,
                    &moves,
                    20,
                    &cancel,
                    &mut |_, _| {},
                )
                .expect("reviewed")
            };
            let (a, b) = (run(), run());
            assert_eq!(a, b, "{kind}");
            assert!(
                a.plies.iter().all(|p| matches!(p.before, Score::Cp(_))),
                "{kind}"
            );
        }
    }

    #[test]
    fn bad_input_is_refused_with_its_reason() {
        let start = small_kalah();
        let engine = Engine::new();
        let cancel = AtomicBool::new(false);
        let moves = vec!["1".to_owned(), "9".to_owned()];
        let err = review(
            &engine,
            GameId(1),
            &start,
            &moves,
            50,
            &cancel,
            &mut |_, _| {},
        )
        .expect_err("an illegal move");
        assert!(
            matches!(&err, ReviewError::IllegalMove { ply: 2, played, .. } if played == "9"),
            "{err}"
        );
        let err = review(&engine, GameId(1), &start, &[], 0, &cancel, &mut |_, _| {})
            .expect_err("no budget");
        assert_eq!(err, ReviewError::BadBudget(0));
        let stopped = AtomicBool::new(true);
        let err = review(
            &engine,
            GameId(1),
            &start,
            &[],
            50,
            &stopped,
            &mut |_, _| {},
        )
        .expect_err("cancelled");
        assert_eq!(err, ReviewError::Cancelled);
    }

    #[test]
    fn a_budget_is_counted_in_the_games_nodes_and_only_kalah_has_a_time_limit() {
        let r = request(GameKind::BaghChal, 500);
        let nodes = |kind| Some(levels::nodes_per_second(kind) / 2);
        assert_eq!(r.limits.nodes, nodes(GameKind::BaghChal));
        assert_eq!((r.limits.time, r.limits.depth), (None, None));
        let r = request(GameKind::Kalah, 500);
        assert_eq!(r.limits.nodes, nodes(GameKind::Kalah));
        assert_eq!(r.limits.time, Some(Duration::from_millis(2000)));
    }
}
