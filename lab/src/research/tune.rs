//! A genetic algorithm over a game's evaluation weights (seed 002's selection, seed 003's
//! "what's next"): a population of weight vectors, each scored by arena games against the
//! hand-set weights, bred by tournament selection, uniform crossover and Gaussian mutation,
//! the best few kept unchanged (elitism).
//!
//! Fitness is the score of a candidate's games against the hand-set weights, both colours from
//! openings drawn afresh every generation, the same for every candidate within a generation.
//! A candidate that lives on (an elite, or a child equal to an earlier candidate) pools its
//! games over every generation it played, so a lucky match is diluted by the next ones instead
//! of carrying it; the best returned is the top of the last generation among the candidates
//! that played at least two matches (not the luckiest match ever seen). Everything is seeded.

use std::collections::HashMap;

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::arena::{ArenaSettings, GameRecord, Job, Openings, opening_positions, play_jobs};
use super::entrant::Entrant;
use chaupal_engine::engine_config::EngineConfig;
use chaupal_engine::random::Rng;
use chaupal_engine::weights::{Tunable, flatten, set_path, weights_from_json, weights_to_json};

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
    /// Fitness (pooled score fraction against the hand-set weights) of each candidate, best
    /// first.
    pub fitness: Vec<f64>,
    /// The games each fitness pools, in the same order.
    pub games: Vec<u32>,
    /// This generation's own score of the same candidates, in the same order.
    pub this_match: Vec<f64>,
    pub best: Vec<(String, i64)>,
    /// The candidate the run would return if it ended here (see [`final_pick`]), with its
    /// pooled score and games.
    pub pick: Vec<i64>,
    pub pick_fitness: f64,
    pub pick_games: u32,
}

/// What the tuner found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneResult {
    pub names: Vec<String>,
    pub hand_set: Vec<i64>,
    pub best: Vec<i64>,
    /// The best's pooled score against the hand-set weights, and the games it pools.
    pub best_fitness: f64,
    pub best_games: u32,
    pub generations: Vec<Generation>,
}

/// The points and games of one weight vector against the hand-set weights, over every
/// generation it played in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Record {
    pub points: f64,
    pub games: u32,
}

impl Record {
    /// The pooled score (0.5 before any game).
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            self.points / f64::from(self.games)
        }
    }
}

/// The record of weight vector `v` (empty when it has not played).
fn record_of(records: &HashMap<Vec<i64>, Record>, v: &[i64]) -> Record {
    records.get(v).copied().unwrap_or_default()
}

/// The population's indices ranked by pooled score, best first (ties: the earlier index).
pub fn rank(population: &[Vec<i64>], records: &HashMap<Vec<i64>, Record>) -> Vec<usize> {
    let score = |v: &Vec<i64>| record_of(records, v).score();
    let mut order: Vec<usize> = (0..population.len()).collect();
    order.sort_by(|&a, &b| score(&population[b]).total_cmp(&score(&population[a])));
    order
}

/// The candidate to return: the first in `order` that pooled at least `min_games` games, or
/// the first when none did.
pub fn final_pick(
    population: &[Vec<i64>],
    order: &[usize],
    records: &HashMap<Vec<i64>, Record>,
    min_games: u32,
) -> usize {
    order
        .iter()
        .copied()
        .find(|&i| {
            records
                .get(&population[i])
                .is_some_and(|r| r.games >= min_games)
        })
        .or_else(|| order.first().copied())
        .unwrap_or(0)
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
    let mut records: HashMap<Vec<i64>, Record> = HashMap::new();
    let mut best = (hand_set.clone(), Record::default());
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
        let games = play_jobs(&openings, &entrants, &jobs, &arena, cancel, on_game);
        let mut this_match = Vec::with_capacity(population.len());
        for (i, v) in population.iter().enumerate() {
            let scores: Vec<f64> = games.iter().filter_map(|r| r.score_of(i + 1)).collect();
            let points: f64 = scores.iter().sum();
            this_match.push(points / scores.len().max(1) as f64);
            let r = records.entry(v.clone()).or_default();
            r.points += points;
            r.games += scores.len() as u32;
        }
        let order = rank(&population, &records);
        let fitness: Vec<f64> = population
            .iter()
            .map(|v| record_of(&records, v).score())
            .collect();
        let pick = final_pick(&population, &order, &records, 2 * settings.games_per_match);
        let v = &population[pick];
        best = (v.clone(), record_of(&records, v));
        let generation = Generation {
            number,
            pick: best.0.clone(),
            pick_fitness: best.1.score(),
            pick_games: best.1.games,
            fitness: order.iter().map(|&i| fitness[i]).collect(),
            games: order
                .iter()
                .map(|&i| record_of(&records, &population[i]).games)
                .collect(),
            this_match: order.iter().map(|&i| this_match[i]).collect(),
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
        best_fitness: best.1.score(),
        best_games: best.1.games,
        generations,
    }
}

/// The weights a result names, for game `G`.
pub fn best_weights<G: Tunable>(result: &TuneResult) -> G::Weights {
    vector_weights::<G>(&result.names, &result.best)
}

/// The weights of game `G` that a vector names (a generation's pick).
pub fn vector_weights<G: Tunable>(names: &[String], v: &[i64]) -> G::Weights {
    let template = weights_to_json::<G>(&G::default_weights());
    weights_of::<G>(&template, names, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::Game;
    use chaupal_rules::kalah::{Kalah, KalahRules};
    use chaupal_rules::rules::RuleSet;

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
    fn fitness_pools_a_candidates_games_and_the_pick_wants_two_matches() {
        let population = vec![vec![1, 1], vec![2, 2], vec![3, 3]];
        let mut records = HashMap::new();
        // Candidate 0: two matches of 10 games, 6 and 6 points; candidate 1: one lucky match.
        for points in [6.0, 6.0] {
            let r: &mut Record = records.entry(vec![1, 1]).or_default();
            r.points += points;
            r.games += 10;
        }
        records.insert(
            vec![2, 2],
            Record {
                points: 7.0,
                games: 10,
            },
        );
        assert_eq!(records[&vec![1, 1]].score(), 0.6);
        assert_eq!(Record::default().score(), 0.5);
        let order = rank(&population, &records);
        // The unplayed candidate counts as even, below both.
        assert_eq!(order, vec![1, 0, 2]);
        assert_eq!(final_pick(&population, &order, &records, 20), 0);
        assert_eq!(final_pick(&population, &order, &records, 100), 1);
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
                    limits: chaupal_engine::SearchLimits {
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
        // The elite of generation 1 plays again in generation 2, so the pick pooled two matches.
        assert!(result.best_games >= 4, "{}", result.best_games);
        assert_eq!(result.generations[1].games.len(), 3);
        assert_eq!(result.generations[1].pick, result.best);
        let w = best_weights::<Kalah>(&result);
        let back = flatten(&weights_to_json::<Kalah>(&w));
        assert_eq!(back.iter().map(|x| x.1).collect::<Vec<_>>(), result.best);
    }
}
