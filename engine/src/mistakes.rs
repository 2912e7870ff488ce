//! How the low levels play like weak humans: every root move is scored by a shallow full
//! search, and one is drawn at random with a weight that falls with its loss against the best,
//! `exp(-loss / temperature)`. Moves nearly as good as the best are confused often, a move that
//! throws away a piece rarely, a lost game almost never when another move avoids it, and a win
//! on the board is always taken. A random mover blunders as often as it plays well; this player
//! makes the mistakes of someone who looks one or two moves ahead and sometimes misjudges.
//!
//! The temperature is given in percent of the game's [`GameAi::WIN_SCALE`] (the evaluation
//! difference that moves the winning chances from 50% to about 73%), so one setting means the
//! same degree of carelessness in every game.
//!
//! The upper levels below the top slip now and then instead ([`slips_now`]): a given share of
//! their moves, chosen by the seed and the position, is played as a novice would play it (depth
//! 2, the novice's temperature), the others by their full search. A strong player who drops
//! concentration on a move, not one who is weak throughout.

use crate::algorithms::{SearchInputs, run_algorithm};
use crate::engine_config::EngineConfig;
use crate::game_ai::{Evaluator, GameAi};
use crate::memory::Kept;
use crate::random::Rng;
use crate::request::{SearchInfo, SearchStats};
use crate::search::SearchOutput;
use crate::value::{Value, is_decisive, to_score};

/// A slip is the move of a novice: a search this deep ...
pub(crate) const SLIP_DEPTH: u32 = 2;
/// ... drawn with this temperature (percent of the win scale), level 2's.
pub(crate) const SLIP_TEMPERATURE: u32 = 30;

/// Whether a player who slips on `percent` of its moves slips at this one: decided by the
/// seed and the position, so the same game and seed slip at the same moves.
pub(crate) fn slips_now(seed: u64, position: u64, percent: u32) -> bool {
    let mut rng = Rng::new(seed ^ position ^ 0x736c_6970_735f_6e6f);
    rng.next_u64() % 100 < u64::from(percent.min(100))
}

/// The configuration of a slip by a player of `config`: the novice's depth and temperature.
pub(crate) fn slip_config(config: &EngineConfig) -> EngineConfig {
    let mut careless = config.clone();
    careless.slips = None;
    careless.mistakes = Some(SLIP_TEMPERATURE);
    careless.limits = crate::SearchLimits {
        depth: Some(SLIP_DEPTH),
        ..Default::default()
    };
    careless
}

/// Losses beyond this many temperatures get no weight at all.
const CUTOFF: f64 = 30.0;

/// Every legal move of `game` with its value for the side to move: a finished game's value, the
/// evaluation at depth 1, else what `search` (the search one ply shallower) finds below the
/// move; `search` returns the value for the side to move there and the nodes it searched.
fn scored_moves<G: GameAi>(
    game: &G,
    depth: u32,
    eval: &dyn Evaluator<G>,
    search: &mut dyn FnMut(&G) -> (Value, u64),
    stats: &mut SearchStats,
) -> Vec<(G::Move, Value)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let me = game.side_to_move();
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.make(mv);
            stats.nodes += 1;
            let for_child = match child.outcome() {
                Some(outcome) => child.terminal_value(outcome, 1, 0),
                None if depth <= 1 => eval.evaluate(&child),
                None => {
                    let (value, nodes) = search(&child);
                    stats.nodes += nodes;
                    value
                }
            };
            let value = if child.side_to_move() == me {
                for_child
            } else {
                -for_child
            };
            (mv, value)
        })
        .collect()
}

/// Draws a move from `scored` with weight `exp(-loss / temperature)`, `temperature` in
/// centi-units; a decisive best value (a proven win) is never given up for a heuristic one.
fn draw<M: Copy>(scored: &[(M, Value)], temperature: f64, rng: &mut Rng) -> Option<(M, Value)> {
    let best = scored.iter().map(|&(_, v)| v).max()?;
    let weights: Vec<f64> = scored
        .iter()
        .map(|&(_, v)| {
            if v == best {
                return 1.0;
            }
            if is_decisive(best) && best > 0 || is_decisive(v) && v < 0 {
                return 0.0;
            }
            let loss = f64::from(best - v) / temperature.max(1.0);
            if loss > CUTOFF { 0.0 } else { (-loss).exp() }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut r = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return Some(scored[i]);
        }
        r -= w;
    }
    scored.iter().copied().find(|&(_, v)| v == best)
}

/// A move of a careless player of strength `inputs.config` (its depth limit) and temperature
/// `percent` (of the game's win scale; a configuration's own is its
/// [`EngineConfig::mistakes`]).
pub(crate) fn choose<G: GameAi>(
    game: &G,
    inputs: &SearchInputs<'_, G>,
    percent: u32,
    kept: &mut Kept<G>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput<G::Move> {
    let started = std::time::Instant::now();
    let config = inputs.config;
    let depth = config.limits.depth.unwrap_or(1).max(1);
    let mut stats = SearchStats::default();
    let mut inner = config.clone();
    inner.mistakes = None;
    inner.limits.depth = Some(depth.saturating_sub(1).max(1));
    inner.limits.nodes = None;
    let below = SearchInputs {
        config: &inner,
        ..*inputs
    };
    let mut search = |child: &G| {
        let out = run_algorithm(child, &below, kept, &mut |_| {});
        (out.value, out.stats.nodes)
    };
    let scored = scored_moves(game, depth, inputs.eval, &mut search, &mut stats);
    let temperature = G::WIN_SCALE * f64::from(percent) / 100.0;
    let mut rng = Rng::new(inputs.seed ^ game.hash() ^ 0x6d69_7374_616b_6573);
    let chosen = draw(&scored, temperature, &mut rng);
    stats.depth = depth;
    stats.time_ms = started.elapsed().as_millis() as u64;
    let value = chosen.map_or(0, |(_, v)| v);
    let info = chosen.map(|(mv, v)| SearchInfo {
        depth,
        score: to_score(v, false, G::MARGIN_SCORES, 1),
        nodes: stats.nodes,
        nps: 0,
        time_ms: stats.time_ms,
        pv: vec![game.move_text(mv)],
    });
    if let Some(info) = &info {
        on_info(info);
    }
    SearchOutput {
        best_move: chosen.map(|(mv, _)| mv),
        value,
        proven: false,
        pv: chosen.map(|(mv, _)| vec![mv]).unwrap_or_default(),
        stats,
        info,
        trap_set: false,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use chaupal_rules::Game;
    use chaupal_rules::jungle::Jungle;

    use crate::engine_config::EngineConfig;

    fn careless(depth: u32, percent: u32) -> EngineConfig {
        let mut config = EngineConfig::parse("pvs").unwrap();
        config.limits.depth = Some(depth);
        config.mistakes = Some(percent);
        config
    }

    fn pick<G: GameAi>(game: &G, config: &EngineConfig, seed: u64) -> G::Move {
        let eval = crate::game_ai::default_evaluator::<G>().unwrap();
        let cancel = AtomicBool::new(false);
        let percent = config.mistakes.unwrap();
        let inputs = SearchInputs {
            config,
            eval: eval.as_ref(),
            seed,
            endgame: None,
            cancel: &cancel,
        };
        choose(game, &inputs, percent, &mut Kept::default(), &mut |_| {})
            .best_move
            .unwrap()
    }

    #[test]
    fn the_draw_favours_small_losses_and_never_gives_up_a_proven_win() {
        let scored = [(0u8, 100), (1, 90), (2, -400)];
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            counts[usize::from(draw(&scored, 100.0, &mut rng).unwrap().0)] += 1;
        }
        // Weights 1, e^-0.1 = 0.905 and e^-5 = 0.0067.
        assert!(counts[0] > counts[1], "{counts:?}");
        assert!(
            counts[1] > 4_000,
            "near-equal moves are confused: {counts:?}"
        );
        assert!(
            (10..200).contains(&counts[2]),
            "a blunder is rare, not impossible: {counts:?}"
        );
        let won = [(0u8, crate::value::mate_in(3)), (1, 5_000), (2, 4_000)];
        for _ in 0..1_000 {
            assert_eq!(draw(&won, 1_000_000.0, &mut rng).unwrap().0, 0);
        }
        assert_eq!(draw::<u8>(&[], 100.0, &mut rng), None);
    }

    #[test]
    fn a_player_slips_on_its_share_of_moves_chosen_by_seed_and_position() {
        for percent in [0u32, 5, 20, 100] {
            let slipped = (0..20_000u64)
                .filter(|&i| slips_now(i / 100, i.wrapping_mul(0x9e37_79b9_7f4a_7c15), percent))
                .count();
            let share = slipped as f64 / 20_000.0 * 100.0;
            assert!(
                (share - f64::from(percent)).abs() < 1.0,
                "{percent}%: slipped on {share:.2}%"
            );
        }
        // The same seed and position slip alike.
        assert_eq!(slips_now(7, 99, 50), slips_now(7, 99, 50));
    }

    #[test]
    fn a_slip_is_the_novices_move_and_the_other_moves_are_the_search() {
        use crate::algorithms::run_algorithm;
        let mut game = Jungle::start(Default::default());
        for text in ["f2-f1", "c7-d7", "b2-b1"] {
            let mv = game.parse_move(text).unwrap();
            game.make(mv);
        }
        let eval = crate::game_ai::default_evaluator::<Jungle>().unwrap();
        let mut strong = EngineConfig::parse("pvs").unwrap();
        strong.limits.depth = Some(4);
        let cancel = AtomicBool::new(false);
        let play = |config: &EngineConfig, seed: u64| {
            let inputs = SearchInputs {
                config,
                eval: eval.as_ref(),
                seed,
                endgame: None,
                cancel: &cancel,
            };
            crate::run::run_with_evaluator(&game, &inputs, &mut Kept::default(), &mut |_| {})
                .best_move
                .unwrap()
        };
        let inputs = SearchInputs {
            config: &strong,
            eval: eval.as_ref(),
            seed: 0,
            endgame: None,
            cancel: &cancel,
        };
        let searched = run_algorithm(&game, &inputs, &mut Kept::default(), &mut |_| {})
            .best_move
            .unwrap();
        let mut always = strong.clone();
        always.slips = Some(100);
        let mut never = strong.clone();
        never.slips = Some(0);
        let novice = slip_config(&strong);
        assert_eq!(novice.limits.depth, Some(SLIP_DEPTH));
        assert_eq!(novice.mistakes, Some(SLIP_TEMPERATURE));
        let mut differed = false;
        for seed in 0..24 {
            assert_eq!(play(&never, seed), searched, "seed {seed}");
            let slip = play(&always, seed);
            assert_eq!(slip, pick(&game, &novice, seed), "seed {seed}");
            differed |= slip != searched;
        }
        assert!(differed, "a careless move is not always the searched one");
    }

    #[test]
    fn a_careless_player_is_seeded_and_varies_with_the_seed() {
        let game = Jungle::start(Default::default());
        let config = careless(2, 50);
        let a: Vec<_> = (0..12).map(|s| pick(&game, &config, s)).collect();
        let b: Vec<_> = (0..12).map(|s| pick(&game, &config, s)).collect();
        assert_eq!(a, b, "the same seeds give the same moves");
        let mut distinct = a.clone();
        distinct.sort_by_key(|m| game.move_text(*m));
        distinct.dedup();
        assert!(distinct.len() > 1, "different seeds, different moves");
    }

    #[test]
    fn careless_moves_lose_less_than_random_ones_and_less_when_cooler() {
        let mut game = Jungle::start(Default::default());
        for text in ["f2-f1", "c7-d7", "b2-b1"] {
            let mv = game.parse_move(text).unwrap();
            game.make(mv);
        }
        let eval = crate::game_ai::default_evaluator::<Jungle>().unwrap();
        let mut stats = SearchStats::default();
        // Depth 2 as the careless player sees it: each move, then a depth-1 search.
        let mut below = careless(1, 50);
        below.mistakes = None;
        let cancel = AtomicBool::new(false);
        let mut kept = Kept::default();
        let inputs = SearchInputs {
            config: &below,
            eval: eval.as_ref(),
            seed: 0,
            endgame: None,
            cancel: &cancel,
        };
        let mut reply = |child: &Jungle| {
            let out = run_algorithm(child, &inputs, &mut kept, &mut |_| {});
            (out.value, out.stats.nodes)
        };
        let scored = scored_moves(&game, 2, eval.as_ref(), &mut reply, &mut stats);
        let best = scored.iter().map(|&(_, v)| v).max().unwrap();
        let loss_of = |mv| best - scored.iter().find(|&&(m, _)| m == mv).unwrap().1;
        let random_loss = scored
            .iter()
            .map(|&(_, v)| f64::from(best - v))
            .sum::<f64>()
            / scored.len() as f64;
        let mean_loss = |percent| {
            let c = careless(2, percent);
            (0..200)
                .map(|s| f64::from(loss_of(pick(&game, &c, s))))
                .sum::<f64>()
                / 200.0
        };
        // A quiet opening: the moves differ little, so a warm player is nearly random here.
        let (warm, cool) = (mean_loss(30), mean_loss(5));
        assert!(random_loss > 20.0, "{random_loss}");
        assert!(warm < random_loss, "{warm} against random {random_loss}");
        assert!(
            cool < random_loss / 2.0,
            "{cool} against random {random_loss}"
        );
        assert!(cool < warm, "cooler plays better: {cool} against {warm}");
    }
}
