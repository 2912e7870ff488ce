//! Rules speed: make+unmake throughput and perft per game (criterion).
//!
//! `cargo bench -p chaupal-rules --bench rules`. Results are recorded in BENCHMARKS.md.

use std::hint::black_box;

use chaupal_rules::Game;
use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::jungle::Jungle;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::perft::perft;
use chaupal_rules::sholo_guti::SholoGuti;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Positions a game reaches in a fixed pseudo-random playout: the sample for make/unmake.
fn sample_positions<G: Game>(plies: usize) -> Vec<G> {
    let mut game = G::start(G::Rules::default());
    let mut out = vec![game.clone()];
    let mut moves = Vec::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            game = G::start(G::Rules::default());
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        game.make(mv);
        out.push(game.clone());
    }
    out
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, perft_depth: u32) {
    let positions = sample_positions::<G>(400);
    let mut pairs: Vec<(G, Vec<G::Move>)> = positions
        .into_iter()
        .map(|g| {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            (g, moves)
        })
        .filter(|(_, m)| !m.is_empty())
        .collect();
    let total_moves: usize = pairs.iter().map(|(_, m)| m.len()).sum();

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(total_moves as u64));
    group.bench_function("make_unmake", |b| {
        b.iter(|| {
            for (game, moves) in pairs.iter_mut() {
                for &mv in moves.iter() {
                    let undo = game.make(mv);
                    black_box(game.hash());
                    game.unmake(mv, undo);
                }
            }
        })
    });
    let mut buffer = Vec::new();
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for (game, _) in pairs.iter() {
                game.legal_moves(&mut buffer);
                black_box(buffer.len());
            }
        })
    });
    let mut start = G::start(G::Rules::default());
    let nodes = perft(&mut start, perft_depth);
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("perft_{perft_depth}"), |b| {
        b.iter(|| black_box(perft(&mut start, perft_depth)))
    });
    group.finish();
}

fn rules(c: &mut Criterion) {
    bench_game::<BaghChal>(c, "baghchal", 4);
    bench_game::<Kalah>(c, "kalah", 7);
    bench_game::<Jungle>(c, "jungle", 4);
    bench_game::<SholoGuti>(c, "sholo-guti", 4);
}

criterion_group!(benches, rules);
criterion_main!(benches);
