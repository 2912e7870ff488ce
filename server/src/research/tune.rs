//! A genetic algorithm over a game's evaluation weights (seed 002's selection, seed 003's
//! "what's next"): a population of weight vectors, each scored by arena games against the
//! hand-set weights, bred by tournament selection, uniform crossover and Gaussian mutation,
//! the best few kept unchanged (elitism).
//!
//! Fitness is the score of a candidate's games against the hand-set weights, both colours from
//! openings drawn afresh every generation (so an elite must keep winning to stay). Every
//! candidate meets the same openings within a generation. Everything is seeded.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::arena::{ArenaSettings, GameRecord, Job, Openings, opening_positions, play_jobs};
use super::entrant::Entrant;
use super::weights::{Tunable, flatten, set_path, weights_from_json, weights_to_json};
use crate::ai::engines::EngineConfig;
use crate::ai::random::Rng;

/// How the tuner runs.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    pub population: usize,
    pub generations: usize,
    /// Games of each candidate against the hand-set weights per generation (even).
    pub games_per_match: u32,
    /// Candidates kept unchanged into the next generation.
    pub elite: usize,
    /// Candidates drawn for each tournament selection.
    pub tournament: usize,
    /// Chance that a weight mutates, and the mutation's size (a share of the weight).
    pub mutation_rate: f64,
    pub mutation_scale: f64,
    /// The engine every candidate plays with (its evaluation replaced by the candidate's).
    pub engine: EngineConfig,
    pub openings: Openings,
    pub max_plies: u32,
    pub threads: usize,
    pub seed: u64,
}

/// One generation's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    pub number: usize,
    /// Fitness (score fraction against the hand-set weights) of each candidate, best first.
    pub fitness: Vec<f64>,
    pub best: Vec<(String, i64)>,
}

/// What the tuner found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneResult {
    pub names: Vec<String>,
    pub hand_set: Vec<i64>,
    pub best: Vec<i64>,
    pub best_fitness: f64,
    pub generations: Vec<Generation>,
}

/// A standard normal number (Box-Muller) from the seeded generator.
fn normal(rng: &mut Rng) -> f64 {
    let u1 = ((rng.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
    let u2 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A weight moved by a Gaussian step of `scale` times its size (at least 2 units).
pub fn mutate(x: i64, scale: f64, rng: &mut Rng) -> i64 {
    let size = (x.abs() as f64).max(10.0) * scale;
    let step = (normal(rng) * size).round() as i64;
    if step == 0 {
        x + if rng.below(2) == 0 { -2 } else { 2 }
    } else {
        x + step
    }
}

/// Uniform crossover: each weight from one parent or the other.
pub fn crossover(a: &[i64], b: &[i64], rng: &mut Rng) -> Vec<i64> {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| if rng.below(2) == 0 { x } else { y })
        .collect()
}

/// The index of the fittest of `k` candidates drawn at random.
pub fn tournament_pick(fitness: &[f64], k: usize, rng: &mut Rng) -> usize {
    let mut best = rng.below(fitness.len());
    for _ in 1..k.max(1) {
        let c = rng.below(fitness.len());
        if fitness[c] > fitness[best] {
            best = c;
        }
    }
    best
}

fn weights_of<G: Tunable>(template: &serde_json::Value, names: &[String], v: &[i64]) -> G::Weights {
    let mut j = template.clone();
    for (n, &x) in names.iter().zip(v) {
        set_path(&mut j, n, x);
    }
    weights_from_json::<G>(&j).unwrap_or_else(|_| G::default_weights())
}

/// Runs the genetic algorithm from `start`; `on_game` is called after every game (progress)
/// and `on_generation` after every generation.
pub fn tune<G: Tunable>(
    start: &G,
    settings: &TuneSettings,
    cancel: &AtomicBool,
    on_game: &(dyn Fn(&GameRecord) + Sync),
    on_generation: &mut dyn FnMut(&Generation),
) -> TuneResult {
    let template = weights_to_json::<G>(&G::default_weights());
    let flat = flatten(&template);
    let names: Vec<String> = flat.iter().map(|(n, _)| n.clone()).collect();
    let hand_set: Vec<i64> = flat.iter().map(|(_, x)| *x).collect();
    let mut rng = Rng::new(settings.seed ^ 0x7475_6e65);
    let n = settings.population.max(2);
    // The hand-set weights and mutants of them.
    let mut population: Vec<Vec<i64>> = vec![hand_set.clone()];
    while population.len() < n {
        population.push(
            hand_set
                .iter()
                .map(|&x| mutate(x, settings.mutation_scale * 2.0, &mut rng))
                .collect(),
        );
    }
    let reference = Entrant::<G>::with_weights(
        "hand-set".to_owned(),
        settings.engine.clone(),
        G::default_weights(),
    );
    let openings_per_match = (settings.games_per_match as usize).div_ceil(2);
    let mut generations = Vec::new();
    let mut best = (hand_set.clone(), f64::NEG_INFINITY);
    for number in 0..settings.generations.max(1) {
        let mut entrants = vec![reference.clone()];
        entrants.extend(population.iter().enumerate().map(|(i, v)| {
            Entrant::<G>::with_weights(
                format!("candidate {i}"),
                settings.engine.clone(),
                weights_of::<G>(&template, &names, v),
            )
        }));
        let gen_seed = settings.seed.wrapping_add(1000 * number as u64 + 1);
        let openings = opening_positions(start, settings.openings, openings_per_match, gen_seed);
        let jobs: Vec<Job> = (1..entrants.len())
            .flat_map(|c| {
                (0..openings_per_match).flat_map(move |o| {
                    [
                        Job {
                            pairing: c,
                            opening: o,
                            first: c,
                            second: 0,
                        },
                        Job {
                            pairing: c,
                            opening: o,
                            first: 0,
                            second: c,
                        },
                    ]
                })
            })
            .collect();
        let arena = ArenaSettings {
            games: settings.games_per_match,
            openings: settings.openings,
            max_plies: settings.max_plies,
            threads: settings.threads,
            seed: gen_seed,
            self_play: false,
            gauntlet: None,
            span: None,
        };
        let records = play_jobs(&openings, &entrants, &jobs, &arena, cancel, on_game);
        let fitness: Vec<f64> = (1..entrants.len())
            .map(|c| {
                let scores: Vec<f64> = records.iter().filter_map(|r| r.score_of(c)).collect();
                scores.iter().sum::<f64>() / scores.len().max(1) as f64
            })
            .collect();
        let mut order: Vec<usize> = (0..population.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]));
        if fitness[order[0]] > best.1 {
            best = (population[order[0]].clone(), fitness[order[0]]);
        }
        let generation = Generation {
            number,
            fitness: order.iter().map(|&i| fitness[i]).collect(),
            best: names
                .iter()
                .cloned()
                .zip(population[order[0]].iter().copied())
                .collect(),
        };
        on_generation(&generation);
        generations.push(generation);
        // The next generation: the elite, then children of tournament winners.
        let mut next: Vec<Vec<i64>> = order
            .iter()
            .take(settings.elite.min(n))
            .map(|&i| population[i].clone())
            .collect();
        while next.len() < n {
            let a = tournament_pick(&fitness, settings.tournament, &mut rng);
            let b = tournament_pick(&fitness, settings.tournament, &mut rng);
            let mut child = crossover(&population[a], &population[b], &mut rng);
            for x in &mut child {
                if (rng.next_u64() >> 11) as f64 / ((1u64 << 53) as f64) < settings.mutation_rate {
                    *x = mutate(*x, settings.mutation_scale, &mut rng);
                }
            }
            next.push(child);
        }
        population = next;
    }
    TuneResult {
        names,
        hand_set,
        best: best.0,
        best_fitness: best.1,
        generations,
    }
}

/// The weights a result names, for game `G`.
pub fn best_weights<G: Tunable>(result: &TuneResult) -> G::Weights {
    let template = weights_to_json::<G>(&G::default_weights());
    weights_of::<G>(&template, &result.names, &result.best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_shared::Game;
    use chaupal_shared::kalah::{Kalah, KalahRules};
    use chaupal_shared::rules::RuleSet;

    #[test]
    fn operators_keep_length_and_tournaments_prefer_the_fit() {
        let mut rng = Rng::new(5);
        let a = vec![1, 2, 3, 4];
        let b = vec![10, 20, 30, 40];
        let c = crossover(&a, &b, &mut rng);
        assert_eq!(c.len(), 4);
        assert!(
            c.iter()
                .zip(a.iter().zip(&b))
                .all(|(x, (p, q))| x == p || x == q)
        );
        assert!((0..50).any(|_| mutate(100, 0.2, &mut rng) != 100));
        let fitness = [0.1, 0.9, 0.2, 0.3];
        let wins = (0..200)
            .filter(|_| tournament_pick(&fitness, 3, &mut rng) == 1)
            .count();
        assert!(wins > 60, "{wins}");
    }

    #[test]
    fn a_tiny_run_plays_its_games_and_returns_weights_the_ai_can_use() {
        let rules = KalahRules::from_pairs([("pits", "4"), ("seeds", "3")]).unwrap();
        let start = Kalah::start(rules);
        let settings = TuneSettings {
            population: 3,
            generations: 2,
            games_per_match: 2,
            elite: 1,
            tournament: 2,
            mutation_rate: 0.3,
            mutation_scale: 0.2,
            engine: EngineConfig::parse("alphabeta").unwrap(),
            openings: Openings::Random(2),
            max_plies: 200,
            threads: 2,
            seed: 3,
        };
        let games = std::sync::atomic::AtomicUsize::new(0);
        let mut gens = 0;
        let result = tune(
            &start,
            &TuneSettings {
                engine: EngineConfig {
                    limits: crate::ai::SearchLimits {
                        depth: Some(1),
                        ..Default::default()
                    },
                    ..settings.engine.clone()
                },
                ..settings
            },
            &AtomicBool::new(false),
            &|_| {
                games.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
            &mut |_| gens += 1,
        );
        assert_eq!(gens, 2);
        assert_eq!(games.into_inner(), 2 * 3 * 2);
        assert_eq!(result.best.len(), result.names.len());
        assert!((0.0..=1.0).contains(&result.best_fitness));
        let w = best_weights::<Kalah>(&result);
        let back = flatten(&weights_to_json::<Kalah>(&w));
        assert_eq!(back.iter().map(|x| x.1).collect::<Vec<_>>(), result.best);
    }
}
