//! The `perft` subcommand as a user runs it: stdout carries only `d count` lines, and every bad
//! argument (illegal move, unknown rule, bad position, unknown game) exits non-zero with a message
//! naming the problem.

use std::process::{Command, Output};

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chaupal"))
        .arg("perft")
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("the server binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn prints_one_line_per_depth_and_nothing_else() {
    let out = perft(&["kalah", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1 6\n2 35\n3 185\n");
}

#[test]
fn applies_rules_position_and_moves() {
    let out = perft(&["baghchal", "--depth", "2", "--moves", "c3 a1-b2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<_> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("1 ") && lines[1].starts_with("2 "));

    let out = perft(&[
        "kalah", "--depth", "1", "--rule", "pits=3", "--rule", "seeds=2",
    ]);
    assert_eq!(stdout(&out), "1 3\n");

    let out = perft(&[
        "kalah",
        "--depth",
        "1",
        "--position",
        "0,0,1:0/1,0,0:4 s",
        "--rule",
        "pits=3",
        "--rule",
        "seeds=1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1 1\n");

    let small = perft(&["jungle", "--depth", "1", "--rule", "board=small"]);
    let standard = perft(&["jungle", "--depth", "1"]);
    assert!(small.status.success() && standard.status.success());
    assert_ne!(
        stdout(&small),
        stdout(&standard),
        "the small board has other moves"
    );
}

#[test]
fn an_illegal_move_is_named_and_fails() {
    let out = perft(&["baghchal", "--depth", "1", "--moves", "c3 a1-a3"]);
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("move 2") && err.contains("a1-a3"), "{err}");
}

#[test]
fn an_unknown_rule_is_named_and_fails() {
    let out = perft(&["sholo-guti", "--depth", "1", "--rule", "flying=true"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("flying"), "{}", stderr(&out));

    let out = perft(&["kalah", "--depth", "1", "--rule", "pits=9"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("pits"), "{}", stderr(&out));

    let out = perft(&["kalah", "--depth", "1", "--rule", "pits"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("KEY=VALUE"), "{}", stderr(&out));
}

#[test]
fn a_bad_position_is_refused() {
    // Six tigers.
    let out = perft(&[
        "baghchal",
        "--depth",
        "1",
        "--position",
        "TTTTT/T4/5/5/5 g 20 0",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("tiger"), "{}", stderr(&out));
    // 30 seeds on a 4-seed board.
    let out = perft(&[
        "kalah",
        "--depth",
        "1",
        "--position",
        "5,5,5,0,0,0:0/5,5,5,0,0,0:0 s",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("seed"), "{}", stderr(&out));
}

#[test]
fn an_unknown_game_is_refused() {
    let out = perft(&["chess", "--depth", "1"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("chess"), "{}", stderr(&out));
}
