//! The corpora of the server's fuzz targets, kept in `fuzz/corpus/TARGET/`, and the inputs of
//! past findings in `fuzz/regressions/` (named `TARGET-...`), replayed through the same
//! functions the targets call (`chaupal_server::fuzzing`), on the stable toolchain and without
//! libFuzzer. A corpus that is missing or empty fails: nothing is skipped quietly. A panic in
//! a task the code spawned (a room's) fails too, as it aborts a fuzzer.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::path::{Path, PathBuf};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

use chaupal_server::fuzzing;

/// Panics anywhere in the process, spawned tasks included.
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            previous(info);
        }));
    });
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// Every file of `dir`, sorted (a missing or empty directory fails).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} has no inputs", dir.display());
    files
}

/// The target a regression input is for: its name up to the first `-`.
fn target_of(path: &Path) -> String {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.split('-').next().unwrap_or("").to_owned()
}

/// Runs `target`'s function on every input of its corpus and regressions; how many it ran.
fn replay(target: &str) -> usize {
    count_panics();
    let Some(&(_, check)) = fuzzing::TARGETS.iter().find(|(name, _)| *name == target) else {
        panic!("no target {target}");
    };
    let mut inputs = files(&fuzz_dir().join("corpus").join(target));
    inputs.extend(
        files(&fuzz_dir().join("regressions"))
            .into_iter()
            .filter(|p| target_of(p) == target),
    );
    for path in &inputs {
        let data = std::fs::read(path).unwrap();
        let before = PANICS.load(Ordering::SeqCst);
        let run = std::panic::catch_unwind(|| check(&data));
        assert!(run.is_ok(), "{} broke a property", path.display());
        assert_eq!(
            PANICS.load(Ordering::SeqCst),
            before,
            "{} panicked a spawned task",
            path.display()
        );
    }
    inputs.len()
}

#[test]
fn every_regression_input_names_a_target() {
    let known = ["codec", "notation"];
    for path in files(&fuzz_dir().join("regressions")) {
        let target = target_of(&path);
        assert!(
            known.contains(&target.as_str())
                || fuzzing::TARGETS.iter().any(|(name, _)| *name == target),
            "{} is for no target",
            path.display()
        );
    }
}

#[test]
fn the_room_corpus_keeps_its_properties() {
    assert!(replay("room") > 0);
}

#[test]
fn the_room_requests_corpus_keeps_its_properties() {
    assert!(replay("room_requests") > 0);
}

#[test]
fn the_lobby_corpus_keeps_its_properties() {
    assert!(replay("lobby") > 0);
}

#[test]
fn the_http_head_corpus_keeps_its_properties() {
    assert!(replay("http_head") > 0);
}

#[test]
fn the_node_messages_corpus_keeps_its_properties() {
    assert!(replay("node_messages") > 0);
}

#[test]
fn the_puzzle_attempts_corpus_keeps_its_properties() {
    assert!(replay("puzzle_attempts") > 0);
}

#[test]
fn the_push_subscriptions_corpus_keeps_its_properties() {
    assert!(replay("push_subscriptions") > 0);
}
