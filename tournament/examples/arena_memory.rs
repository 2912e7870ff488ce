//! Memory per arena participant: builds an arena of 10,000 players, plays an hour of passes
//! and results in it, and prints the growth of the process's resident memory per player
//! (Linux: /proc/self/statm).
//!
//! `cargo run --release -p chaupal-tournament --example arena_memory`

use chaupal_tournament::arena::scoring::Lengths;
use chaupal_tournament::arena::{Arena, ArenaRules};
use chaupal_tournament::entrant::{EntrantId, Outcome};

const PLAYERS: u32 = 10_000;

/// Resident memory in bytes, from /proc/self/statm (pages of 4 KiB).
fn resident() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

fn main() {
    let before = resident().expect("reads /proc/self/statm");
    let rules = ArenaRules {
        streaks: true,
        berserk: true,
        lengths: Lengths::default(),
        wait_seconds: 15,
    };
    let hour = 3_600_000;
    let mut arena = Arena::new(rules, 0, hour);
    let mut seed = 99u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    for e in 0..PLAYERS {
        arena
            .join(EntrantId(e), 1000 + (next() % 1500) as i32, 0)
            .expect("joins");
    }
    let mut games = 0u64;
    let mut now = 16_000;
    while now < hour {
        arena.pass(now, &|_| true, &mut || next() % 2 == 0);
        for g in arena.playing().to_vec() {
            if next() % 3 == 0 {
                let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][(next() % 3) as usize];
                arena
                    .finish(g, outcome, 20 + next() % 60, [false; 2])
                    .expect("finishes");
                games += 1;
            }
        }
        now += 2_000;
    }
    let after = resident().expect("reads /proc/self/statm");
    let grown = after.saturating_sub(before);
    println!(
        "{PLAYERS} players, {games} games: {} KiB resident, {} bytes a player",
        grown / 1024,
        grown / u64::from(PLAYERS)
    );
}
