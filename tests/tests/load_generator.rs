//! The load generator (`loadtest`, [`chaupal_tests::load`]) against a server it starts itself:
//! every connection comes from this one address, so the server's limits per address must be
//! raised to the load's size, or the load measures refusals instead of games. BENCHMARKS.md's
//! load figures come from this generator.

use clap::Parser;

use chaupal_tests::load::{LoadArgs, run};
use chaupal_tests::server_binary;

/// A hundred games begun at once by invitations from one address: five times the invitations one
/// address may have waiting by default (`--max-lasting-seeks-per-address` 20).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_more_games_than_one_address_may_invite_without_a_refusal() {
    let args = LoadArgs::parse_from([
        "loadtest",
        "--connections",
        "200",
        "--games",
        "100",
        "--seconds",
        "4",
        "--think-min-ms",
        "0",
        "--think-max-ms",
        "40",
    ]);
    let summary = run(args, server_binary())
        .await
        .expect("the load runs to its end");
    assert_eq!(summary.errors, 0, "no refusal and no error: {summary}");
    assert!(summary.games >= 100, "every pair played: {summary}");
    assert!(summary.moves >= 100, "{summary}");
    assert_eq!(summary.connections, 200, "{summary}");
}

/// Thirty entrants of one arena (20+0: lichess's wait before pairing again is 8 s), each game
/// resigned after ten plies: every entrant is paired at the start, the games end, and the
/// entrants are paired again, with no error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generators_arena_entrants_are_paired_play_and_are_paired_again() {
    let args = LoadArgs::parse_from([
        "loadtest",
        "--arena",
        "30",
        "--games",
        "0",
        "--connections",
        "30",
        "--seconds",
        "16",
        "--think-min-ms",
        "0",
        "--think-max-ms",
        "40",
        "--ply-cap",
        "10",
        "--arena-clock",
        "20+0",
        "--server-arg=--hourly-arenas",
        "--server-arg=false",
    ]);
    let summary = run(args, server_binary())
        .await
        .expect("the load runs to its end");
    assert_eq!(summary.errors, 0, "{summary}");
    assert_eq!(summary.connections, 30, "{summary}");
    assert!(
        summary.games > 15,
        "paired at the start and again: {summary}"
    );
    assert!(summary.moves >= 150, "{summary}");
    assert!(
        summary.own_lines > 15,
        "the entrants' own lines count their games: {summary}"
    );
}

/// Nine entrants of one Swiss of two rounds (20+0, each game resigned after ten plies): the
/// Swiss starts a minute after it is made, every round pairs four games and a bye, and every
/// entrant hears each round's pairing, with no error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generators_swiss_entrants_play_every_round() {
    let args = LoadArgs::parse_from([
        "loadtest",
        "--swiss",
        "9",
        "--swiss-rounds",
        "2",
        "--games",
        "0",
        "--connections",
        "9",
        "--seconds",
        "110",
        "--think-min-ms",
        "0",
        "--think-max-ms",
        "40",
        "--ply-cap",
        "10",
        "--arena-clock",
        "20+0",
        "--server-arg=--hourly-arenas",
        "--server-arg=false",
    ]);
    let summary = run(args, server_binary())
        .await
        .expect("the load runs to its end");
    assert_eq!(summary.errors, 0, "{summary}");
    assert_eq!(summary.connections, 9, "{summary}");
    assert_eq!(summary.swiss_round, 2, "both rounds paired: {summary}");
    // Four games a round, each heard by its two entrants.
    assert_eq!(summary.games, 8, "{summary}");
    assert_eq!(summary.swiss_pairings, 16, "{summary}");
    // Each entrant's own line came counting each of its games.
    assert_eq!(summary.own_lines, 16, "{summary}");
}
