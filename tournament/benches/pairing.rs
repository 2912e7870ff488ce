//! Pairing's speed: one pass of a 10,000-player arena whose players are all idle (the two
//! matchings of 100 it makes, and the standings it ranks them by), and one round of a
//! 1,000-player Swiss after three rounds of results.

use chaupal_tournament::arena::scoring::Lengths;
use chaupal_tournament::arena::{Arena, ArenaRules};
use chaupal_tournament::entrant::EntrantId;
use chaupal_tournament::swiss::Swiss;
use criterion::{Criterion, criterion_group, criterion_main};

fn lcg(seed: &mut u64) -> u32 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as u32
}

fn arena_of(n: u32) -> Arena {
    let rules = ArenaRules {
        streaks: true,
        berserk: true,
        lengths: Lengths::default(),
        wait_seconds: 15,
    };
    let mut arena = Arena::new(rules, 0, 3_600_000);
    let mut seed = 7;
    for e in 0..n {
        arena
            .join(EntrantId(e), 1000 + (lcg(&mut seed) % 1500) as i32, 0)
            .expect("joins");
    }
    arena
}

fn swiss_of(n: u32) -> Swiss {
    let mut swiss = Swiss::new(9, false);
    let mut seed = 11;
    for e in 0..n {
        swiss
            .join(EntrantId(e), 1000 + (lcg(&mut seed) % 1500) as i32)
            .expect("joins");
    }
    for _ in 0..3 {
        let games = swiss.pair_next(&mut || true).expect("pairs").games.clone();
        for g in games {
            swiss.finish(g, lcg(&mut seed) % 3).expect("finishes");
        }
    }
    swiss
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("pairing");
    group.sample_size(10);
    let arena = arena_of(10_000);
    group.bench_function("arena pass, 10,000 idle", |b| {
        b.iter_batched(
            || arena.clone(),
            |mut a| a.pass(60_000, &|_| true, &mut || true).len(),
            criterion::BatchSize::LargeInput,
        )
    });
    let swiss = swiss_of(1_000);
    group.bench_function("swiss round, 1,000 players", |b| {
        b.iter_batched(
            || swiss.clone(),
            |mut s| {
                s.pair_next(&mut || true)
                    .map(|r| r.games.len())
                    .unwrap_or(0)
            },
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
