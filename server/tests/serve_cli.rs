//! The `chaupal-server` command line: what it refuses before it serves.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

use std::process::{Command, Output};

/// Runs the `chaupal-server` binary with `args`.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chaupal-server"))
        .args(args)
        .output()
        .unwrap()
}

/// The background Kalah database of `serve` is bounded: more than 20 seeds (226 MB on the
/// standard board; each seed more multiplies it) is refused before the server starts.
#[test]
fn serve_refuses_a_kalah_database_past_twenty_seeds() {
    // An address that cannot be parsed either, so that without the bound the server still
    // exits at once (naming --bind, not this option) instead of serving.
    let out = run(&[
        "serve",
        "--kalah-db-seeds",
        "21",
        "--bind",
        "not-an-address",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--kalah-db-seeds"), "{err}");
    assert!(err.contains("21"), "{err}");
}

/// The tools are not the server's any more: `chaupal-server perft` is refused, and says so.
#[test]
fn the_server_runs_no_tools() {
    let out = run(&["perft", "kalah", "--depth", "1"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
}

/// The options may be given with or without the word `serve`; a bad one is named either way.
#[test]
fn serve_is_optional() {
    for args in [
        &["--bind", "not-an-address"][..],
        &["serve", "--bind", "not-an-address"][..],
    ] {
        let out = run(args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--bind"), "{args:?}: {err}");
    }
}
