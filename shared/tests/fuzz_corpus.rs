//! The corpora of this crate's fuzz targets, kept in `fuzz/corpus/TARGET/`, and the inputs
//! of past findings in `fuzz/regressions/` (named `TARGET-...`), replayed through the same
//! functions the targets call (`chaupal_shared::invariants`), on the stable toolchain and
//! without libFuzzer. A corpus that is missing or empty fails: nothing is skipped quietly.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::path::{Path, PathBuf};

use chaupal_shared::invariants;

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

/// Runs `check` on every input of `target`'s corpus and regressions; how many it ran.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let mut inputs = files(&fuzz_dir().join("corpus").join(target));
    inputs.extend(
        files(&fuzz_dir().join("regressions"))
            .into_iter()
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&format!("{target}-")))
            }),
    );
    for path in &inputs {
        let data = std::fs::read(path).unwrap();
        let run = std::panic::catch_unwind(|| check(&data));
        assert!(run.is_ok(), "{} broke a property", path.display());
    }
    inputs.len()
}

#[test]
fn the_codec_corpus_keeps_its_properties() {
    let n = replay("codec", invariants::codec);
    // The two findings' inputs are among them.
    assert!(n > 2, "{n} inputs");
}

#[test]
fn the_notation_corpus_keeps_its_properties() {
    assert!(replay("notation", invariants::notation_bytes) > 0);
}

#[test]
fn the_names_corpus_keeps_its_properties() {
    assert!(replay("names", invariants::name_bytes) > 0);
}
