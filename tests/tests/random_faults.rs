//! Faults at random across a cluster, in the manner of Jepsen (docs/RELIABILITY.md, "Random
//! faults"): three nodes, NATS and PostgreSQL; games with their players and spectators spread
//! over the nodes; a schedule of faults drawn from a seed (kill -9 of a node, SIGTERM and a
//! restart, a node paused past its lease, NATS and PostgreSQL stopped and started); halfway,
//! the servers' clock moved past every correspondence deadline. Every request and answer goes
//! into a history that the checker reads beside the records at the end. Two minutes here; the
//! ten-minute runs are `faultrun cluster` (docs/RELIABILITY.md).
//!
//! `CHAUPAL_FAULT_SEED` picks the schedule (a failing seed is printed, and replays it).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_tests::nemesis::cluster::{ClusterRun, run};
use chaupal_tests::nemesis::schedule::Kind;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_minutes_of_random_faults_leave_a_clean_history() {
    let seed = std::env::var("CHAUPAL_FAULT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026);
    let args = ClusterRun {
        seed,
        fault_seconds: 120,
        settle_seconds: 15,
        games: 40,
        spectators: 20,
        nodes: 3,
        kinds: Kind::ALL.to_vec(),
        // The history and the report, to read when it fails.
        out: Some(chaupal_tests::target_dir().join(format!("faults/random-faults-{seed}"))),
    };
    let outcome = run(&args)
        .await
        .unwrap_or_else(|e| panic!("the run did not run (seed {seed}): {e}"));
    eprint!("{}", outcome.schedule);
    eprintln!("{}", outcome.report.summary());
    let r = &outcome.report;
    assert!(r.faults >= 5, "faults were applied: {}", r.faults);
    assert!(r.acknowledged >= 200, "games were played: {}", r.summary());
    assert!(
        r.events_seen > r.acknowledged,
        "spectators and players heard the events"
    );
    assert_eq!(r.anomalies, vec![], "seed {seed} replays this schedule");
    assert_eq!(outcome.trouble, Vec::<String>::new(), "seed {seed}");
}
