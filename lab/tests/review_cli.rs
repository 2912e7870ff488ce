//! `chaupal review` as a user runs it: one line per move in the documented form, then the
//! accuracy line; on a small Kalah board the verdicts agree with `chaupal solve`; a record file
//! gives the same review as its moves; bad input exits non-zero with the reason.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chaupal"))
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("the chaupal binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    assert!(!out.status.success(), "{}", stdout(out));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const SMALL: [&str; 4] = ["--rule", "pits=3", "--rule", "seeds=2"];

fn review_small(moves: &str) -> String {
    let mut args = vec!["review", "kalah"];
    args.extend(SMALL);
    args.extend(["--moves", moves, "--budget-ms", "50", "--quiet"]);
    stdout(&run(&args))
}

/// The fields of a `ply` line: move, value, best, loss, class.
fn fields(line: &str) -> (String, String, String, f64, String) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 12, "{line}");
    let keys = [words[0], words[2], words[4], words[6], words[8], words[10]];
    assert_eq!(
        keys,
        ["ply", "move", "value", "best", "loss", "class"],
        "{line}"
    );
    let loss: f64 = words[9].parse().expect("a number");
    (
        words[3].to_owned(),
        words[5].to_owned(),
        words[7].to_owned(),
        loss,
        words[11].to_owned(),
    )
}

#[test]
fn each_move_gets_a_line_and_the_players_an_accuracy() {
    let text = review_small("1 3 2");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    for (i, line) in lines[..3].iter().enumerate() {
        assert!(line.starts_with(&format!("ply {} ", i + 1)), "{line}");
        let (_, value, _, loss, class) = fields(line);
        assert!(value.starts_with("margin:"), "{line}");
        assert!((0.0..=100.0).contains(&loss), "{line}");
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class.as_str()),
            "{line}"
        );
    }
    let accuracy: Vec<&str> = lines[3].split(' ').collect();
    assert_eq!(&accuracy[..2], ["accuracy", "first"], "{}", lines[3]);
    assert_eq!(accuracy[3], "second", "{}", lines[3]);
    for a in [accuracy[2], accuracy[4]] {
        let a: f64 = a.parse().expect("a number");
        assert!((0.0..=100.0).contains(&a));
    }
}

#[test]
fn on_a_small_board_a_move_is_best_exactly_when_the_solver_keeps_its_margin() {
    let mut args = vec!["solve", "kalah"];
    args.extend(SMALL);
    let solved = stdout(&run(&args));
    let best: Vec<String> = solved
        .lines()
        .find_map(|l| l.strip_prefix("best-moves "))
        .expect("a best-moves line")
        .split(' ')
        .map(str::to_owned)
        .collect();
    let margin: i32 = solved
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("margin "))
        .and_then(|m| m.trim_start_matches('+').parse().ok())
        .expect("a margin line");
    let mut classes = Vec::new();
    for first in ["1", "2", "3"] {
        let text = review_small(first);
        let (played, value, _, loss, class) = fields(text.lines().next().unwrap_or(""));
        assert_eq!(played, first);
        let keeps = best.contains(&played);
        assert_eq!(class == "best", keeps, "{first}: {text}");
        if keeps {
            assert_eq!(loss, 0.0, "{text}");
        }
        // A move that keeps the margin leaves exactly that margin to the side that made it.
        if keeps {
            assert_eq!(value, format!("margin:{margin}"), "{first}: {text}");
        }
        classes.push(class);
    }
    assert!(classes.iter().any(|c| c == "best"), "{classes:?}");
}

#[test]
fn a_record_file_is_reviewed_like_its_moves() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("game.txt");
    let record = "[Game \"kalah\"]\n[Rules \"pits=3 seeds=2\"]\n[Result \"*\"]\n\n1. 1 3 2. 2 *\n";
    std::fs::write(&path, record).expect("written");
    let from_record = stdout(&run(&[
        "review",
        "--record",
        path.to_str().unwrap_or_default(),
        "--budget-ms",
        "50",
        "--quiet",
    ]));
    assert_eq!(from_record, review_small("1 3 2"));
}

#[test]
fn bad_input_exits_with_the_reason() {
    let mut args = vec!["review", "kalah"];
    args.extend(SMALL);
    args.extend(["--moves", "1 9", "--quiet"]);
    let err = stderr(&run(&args));
    assert!(err.contains("move 2 ('9') is not legal"), "{err}");

    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, "no tags here").expect("written");
    let err = stderr(&run(&[
        "review",
        "--record",
        path.to_str().unwrap_or_default(),
    ]));
    assert!(err.contains("is not a game record"), "{err}");

    let err = stderr(&run(&["review", "--record", "/nonexistent/game.txt"]));
    assert!(err.contains("cannot read /nonexistent/game.txt"), "{err}");

    let err = stderr(&run(&["review", "jungle"]));
    assert!(err.contains("--moves"), "{err}");

    let err = stderr(&run(&[
        "review",
        "jungle",
        "--moves",
        "a3-a4",
        "--budget-ms",
        "0",
    ]));
    assert!(err.contains("budget"), "{err}");
}
