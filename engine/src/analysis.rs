//! Help for players: a hint (the best move), and analysis (evaluation, principal variation, a
//! winning-chances meter, and seed 002's fuzzy winning margin fed with the evaluation too).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::sholo_guti::SholoGuti;
use chaupal_rules::{AnyGame, Side};
use serde::{Deserialize, Serialize};

use super::engine::Engine;
use super::fuzzy;
use super::game_ai::GameAi;
use super::memory::Memory;
use super::request::{AiError, EngineSpec, SearchLimits, SearchRequest, SearchResult};

use chaupal_rules::score::Score;
/// The level hints and analysis use.
pub(crate) const ANALYSIS_LEVEL: u8 = 8;

/// What the analysis board shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The best move, in notation.
    pub best_move: Option<String>,
    /// The evaluation for the side to move.
    pub score: Option<Score>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The side to move's chance to win, 0 to 1 (a draw counts half).
    pub winning_chance: f64,
    /// Seed 002's fuzzy winning margin for the side to move (0..40), where the game counts pieces.
    pub fuzzy_margin: Option<f64>,
}

/// The chance to win a score stands for, on a logistic curve of the game's scale.
pub fn winning_chance(score: Score, scale: f64) -> f64 {
    match score {
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
        Score::Draw => 0.5,
        Score::Margin(m) => match m.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        },
        Score::Cp(cp) => 1.0 / (1.0 + (-(cp as f64) / scale).exp()),
    }
}

fn scale_of(game: &AnyGame) -> f64 {
    match game {
        AnyGame::BaghChal(_) => BaghChal::WIN_SCALE,
        AnyGame::Kalah(_) => Kalah::WIN_SCALE,
        AnyGame::Jungle(_) => Jungle::WIN_SCALE,
        AnyGame::SholoGuti(_) => SholoGuti::WIN_SCALE,
    }
}

fn pieces_left(game: &AnyGame, side: Side) -> Option<u32> {
    match game {
        AnyGame::BaghChal(g) => g.pieces_left(side),
        AnyGame::Kalah(g) => g.pieces_left(side),
        AnyGame::Jungle(g) => g.pieces_left(side),
        AnyGame::SholoGuti(g) => g.pieces_left(side),
    }
}

/// `chance` (the side to move's) bounded by a fortress: at least even when the side to move
/// cannot lose, at most even when its opponent cannot.
fn bounded_by_fortress(game: &AnyGame, chance: f64) -> f64 {
    fn holds<G: GameAi>(g: &G) -> (bool, bool) {
        let mover = g.side_to_move();
        (g.cannot_lose(mover), g.cannot_lose(mover.opponent()))
    }
    let (mover_safe, opponent_safe) = match game {
        AnyGame::BaghChal(g) => holds(g),
        AnyGame::Kalah(g) => holds(g),
        AnyGame::Jungle(g) => holds(g),
        AnyGame::SholoGuti(g) => holds(g),
    };
    match (mover_safe, opponent_safe) {
        (true, true) => 0.5,
        (true, false) => chance.max(0.5),
        (false, true) => chance.min(0.5),
        (false, false) => chance,
    }
}

/// The server's best move for the player to move, within `time` (never a trap).
pub fn hint(
    engine: &Engine,
    memory: &mut Memory,
    game: &AnyGame,
    time: Duration,
    cancel: &AtomicBool,
) -> Result<Option<String>, AiError> {
    let request = SearchRequest {
        engine: EngineSpec::Level(ANALYSIS_LEVEL),
        limits: SearchLimits {
            time: Some(time),
            ..SearchLimits::default()
        },
        seed: 0,
        threads: 1,
        slips: None,
    };
    Ok(hinted_move(engine.search(
        game,
        &request,
        memory,
        cancel,
        &mut |_| {},
    )?))
}

/// The move a hint gives from a search's result: the soundest one, the search's own best, not
/// a trap the top level would set (see `search::traps`).
pub(crate) fn hinted_move(result: SearchResult) -> Option<String> {
    let best = result.info.and_then(|i| i.pv.into_iter().next());
    if result.trap_set {
        best.or(result.best_move)
    } else {
        result.best_move
    }
}

/// Analyses the position within `time`; `moves_made` is the number of moves of the game so far
/// (an input of the fuzzy margin).
pub fn analyse(
    engine: &Engine,
    memory: &mut Memory,
    game: &AnyGame,
    time: Duration,
    moves_made: u32,
    cancel: &AtomicBool,
) -> Result<Analysis, AiError> {
    let request = SearchRequest {
        engine: EngineSpec::Level(ANALYSIS_LEVEL),
        limits: SearchLimits {
            time: Some(time),
            ..SearchLimits::default()
        },
        seed: 0,
        threads: 1,
        slips: None,
    };
    let result = engine.search(game, &request, memory, cancel, &mut |_| {})?;
    let scale = scale_of(game);
    let score = result.info.as_ref().map(|i| i.score);
    let cp = match score {
        Some(Score::Cp(cp)) => Some(cp),
        Some(s) => Some(((winning_chance(s, scale) - 0.5) * 4.0 * scale) as i32),
        None => None,
    };
    let fuzzy_margin = pieces_left(game, game.side_to_move())
        .map(|p| fuzzy::winning_margin(p, moves_made, cp.map(|c| (c, scale))));
    Ok(Analysis {
        best_move: result.best_move,
        score,
        pv: result.info.map(|i| i.pv).unwrap_or_default(),
        winning_chance: bounded_by_fortress(game, score.map_or(0.5, |s| winning_chance(s, scale))),
        fuzzy_margin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_is_the_searchs_best_move_never_a_trap() {
        let result = |trap_set| SearchResult {
            best_move: Some("d6xd4".to_owned()),
            info: Some(crate::request::SearchInfo {
                depth: 8,
                score: Score::Cp(657),
                nodes: 1,
                nps: 1,
                time_ms: 1,
                pv: vec!["b3xd3".to_owned(), "c4-c3".to_owned()],
            }),
            stats: Default::default(),
            trap_set,
        };
        assert_eq!(hinted_move(result(true)).as_deref(), Some("b3xd3"));
        assert_eq!(hinted_move(result(false)).as_deref(), Some("d6xd4"));
    }

    #[test]
    fn the_meter_reads_proven_results_as_certain() {
        assert_eq!(winning_chance(Score::Win(3), 400.0), 1.0);
        assert_eq!(winning_chance(Score::Loss(2), 400.0), 0.0);
        assert_eq!(winning_chance(Score::Margin(0), 400.0), 0.5);
        assert_eq!(winning_chance(Score::Cp(0), 400.0), 0.5);
        let ahead = winning_chance(Score::Cp(400), 400.0);
        assert!(ahead > 0.7 && ahead < 0.8);
    }

    #[test]
    fn the_meter_reads_a_fortress_as_no_better_than_a_draw_for_its_attacker() {
        use chaupal_rules::Game;
        // South's home fortress (b3 c3, rank 2 full, a1 e1) against sixteen north pieces.
        let fortress = |mover: &str| {
            let text = format!("NNN/NNN/NNNNN/NNNNN/5/5/1SS2/SSS/S1S {mover} 0");
            AnyGame::SholoGuti(SholoGuti::from_position_text(&text, Default::default()).unwrap())
        };
        let cancel = AtomicBool::new(false);
        let time = Duration::from_millis(50);
        // North, nine pieces up, to move: the evaluation is far ahead, the meter says even.
        let a = analyse(
            &Engine::new(),
            &mut Memory::default(),
            &fortress("n"),
            time,
            40,
            &cancel,
        )
        .unwrap();
        assert!(
            matches!(a.score, Some(Score::Cp(cp)) if cp > 300),
            "{:?}",
            a.score
        );
        assert_eq!(a.winning_chance, 0.5);
        // South to move, nine down: not lost.
        let a = analyse(
            &Engine::new(),
            &mut Memory::default(),
            &fortress("s"),
            time,
            40,
            &cancel,
        )
        .unwrap();
        assert!(
            matches!(a.score, Some(Score::Cp(cp)) if cp < -300),
            "{:?}",
            a.score
        );
        assert_eq!(a.winning_chance, 0.5);
        // Without c2 the wall has a hole: the meter follows the evaluation.
        let text = "NNN/NNN/NNNNN/NNNNN/5/5/1SS2/S1S/S1S n 0";
        let open =
            AnyGame::SholoGuti(SholoGuti::from_position_text(text, Default::default()).unwrap());
        let a = analyse(
            &Engine::new(),
            &mut Memory::default(),
            &open,
            time,
            40,
            &cancel,
        )
        .unwrap();
        assert!(a.winning_chance > 0.9, "{}", a.winning_chance);
    }
}
