//! Power cuts (docs/RELIABILITY.md, "Power cuts"): the server on SQLite on the project's FUSE
//! file system that loses what was not synced (tools/powercut), killed with SIGKILL with
//! everything unsynced dropped, again and again while games are played and watched. With the
//! default durability every acknowledged move survives every cut and the records stay intact;
//! with `--sqlite-synchronous off` the same run loses acknowledged moves, so the test can fail;
//! `normal` may lose the latest commits but never corrupts the records.
//!
//! Needs /dev/fuse and fusermount3 (`scripts/install.sh test` installs fuse3), and the
//! `chaupal-powercut` binary (`cargo test --workspace` builds it).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chaupal_tests::nemesis::powercut::{PowerCutOutcome, PowerCutRun, run};

fn settings(synchronous: &str, cuts: usize, seed: u64) -> PowerCutRun {
    PowerCutRun {
        seed,
        cuts,
        games: 12,
        spectators: 4,
        synchronous: synchronous.to_owned(),
        between_ms: (1_500, 4_000),
        settle_seconds: 3,
        powercut_binary: None,
        // The history and the report, to read when it fails.
        out: Some(
            chaupal_tests::target_dir().join(format!("faults/power-cuts-{synchronous}-{seed}")),
        ),
    }
}

async fn cut(synchronous: &str, cuts: usize, seed: u64) -> PowerCutOutcome {
    chaupal_powercut::harness::preflight()
        .unwrap_or_else(|e| panic!("the power-cut tests need FUSE: {e}"));
    let outcome = run(&settings(synchronous, cuts, seed))
        .await
        .unwrap_or_else(|e| panic!("the run did not run: {e}"));
    eprintln!("{synchronous}: {}", outcome.summary());
    for (i, c) in outcome.cuts.iter().enumerate() {
        eprintln!(
            "  cut {}: {}; integrity {}; lost {} of {}",
            i + 1,
            c.dropped,
            c.integrity,
            c.lost,
            c.acknowledged
        );
    }
    outcome
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_default_durability_power_cuts_lose_no_acknowledged_move_and_corrupt_nothing() {
    let o = cut("full", 4, 1).await;
    assert_eq!(o.cuts.len(), 4);
    for (i, c) in o.cuts.iter().enumerate() {
        assert_eq!(c.integrity, "ok", "cut {}", i + 1);
        assert_eq!(c.lost, 0, "cut {}: acknowledged moves lost", i + 1);
        assert!(
            c.acknowledged > 0,
            "cut {}: moves were played before it",
            i + 1
        );
    }
    // Something was at stake at the cuts: unsynced data was dropped.
    assert!(
        o.cuts.iter().any(|c| !c.dropped.contains("dropped 0 ")),
        "{:?}",
        o.cuts
    );
    assert_eq!(o.report.anomalies, vec![], "{}", o.report.summary());
    assert_eq!(o.trouble, Vec::<String>::new());
    // Every live game went on after the cuts and ended.
    assert!(o.played.iter().all(|p| p.ended), "every game ended");
    let after_last_cut = o.cuts.last().unwrap().acknowledged;
    assert!(
        o.report.acknowledged > after_last_cut,
        "moves were played after the last cut"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_synchronous_off_a_power_cut_loses_acknowledged_moves() {
    let o = cut("off", 1, 2).await;
    let lost: usize = o.cuts.iter().map(|c| c.lost).sum();
    assert!(
        lost > 0,
        "off must lose acknowledged moves at a cut: {:?}",
        o.cuts
    );
    assert!(
        o.report
            .anomalies
            .iter()
            .any(|a| a.what.contains("is not in the record") || a.what.contains("no record")),
        "the history's checker finds them too: {:?}",
        o.report.anomalies
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_synchronous_normal_a_power_cut_may_lose_the_latest_moves_but_never_corrupts() {
    let o = cut("normal", 3, 3).await;
    for (i, c) in o.cuts.iter().enumerate() {
        assert_eq!(c.integrity, "ok", "cut {}", i + 1);
    }
}
