//! `chaupal solve baghchal` and `chaupal tablebase baghchal --verify` as a user runs them, on
//! the small game of 3 goats whose tigers win at the second capture (solved here in seconds):
//! the position's value is the best of its moves' values, each move's value is the value of the
//! position it leads to, the check passes on solved layers, and what the databases do not cover
//! is refused with a message.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

use std::path::Path;
use std::process::{Command, Output};

const SMALL: [&str; 4] = ["--rule", "goats=3", "--rule", "captures-to-win=2"];

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chaupal"))
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("the chaupal binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `tablebase baghchal` of the small game with its database at `dir/baghchal.tb`, and `more`.
fn tablebase(dir: &Path, more: &[&str]) -> String {
    let out = dir.join("baghchal.tb");
    let mut args = vec!["tablebase", "baghchal", "--out", out.to_str().unwrap()];
    args.extend(["--goats", "3", "--captures-to-win", "2", "--threads", "2"]);
    args.extend(more);
    ok(&args)
}

/// Solves the small game (movement and placement, with distances or not) into `dir`.
fn build(dir: &Path, distances: bool) {
    if distances {
        tablebase(dir, &["--placement", "--distances"]);
    } else {
        tablebase(dir, &["--placement"]);
    }
}

/// `solve baghchal` of the small game from `moves` played from its start.
fn solve(dir: &Path, moves: &str) -> String {
    let mut args = vec![
        "solve",
        "baghchal",
        "--tablebase",
        dir.to_str().unwrap(),
        "--moves",
        moves,
    ];
    args.extend(SMALL);
    ok(&args)
}

/// The value a line of the form `KEY ... VALUE` ends with: (`win`/`loss`/`draw`, plies).
fn value_of(rest: &str) -> (String, Option<u32>) {
    let mut words = rest.split_whitespace();
    let wdl = words.next().unwrap().to_owned();
    (wdl, words.next().map(|p| p.parse().unwrap()))
}

#[test]
fn each_move_s_value_is_that_of_the_position_it_leads_to_and_the_best_is_the_position_s() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), true);
    let mut line = String::new();
    // From the start, three plies down the printed best line.
    for _ in 0..3 {
        let text = solve(dir.path(), &line);
        let last = text.lines().last().unwrap();
        let (wdl, plies) = value_of(last.strip_prefix("value ").expect("value last"));
        let moves: Vec<(String, (String, Option<u32>))> = text
            .lines()
            .filter_map(|l| l.strip_prefix("move "))
            .map(|l| {
                let (mv, rest) = l.split_once(' ').unwrap();
                (mv.to_owned(), value_of(rest))
            })
            .collect();
        assert!(!moves.is_empty(), "{text}");
        // The best move first, and its value the position's.
        assert_eq!(moves[0].1, (wdl.clone(), plies), "{text}");
        let best: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("best-moves "))
            .unwrap()
            .split_whitespace()
            .collect();
        assert!(best.contains(&moves[0].0.as_str()), "{text}");
        // Each move of the first three: the position after it has the opposite value, one ply
        // shorter.
        for (mv, (w, p)) in moves.iter().take(3) {
            let after = solve(dir.path(), &format!("{line} {mv}"));
            let (w2, p2) = value_of(
                after
                    .lines()
                    .last()
                    .unwrap()
                    .strip_prefix("value ")
                    .unwrap(),
            );
            let flipped = match w.as_str() {
                "win" => "loss",
                "loss" => "win",
                _ => "draw",
            };
            assert_eq!(w2, flipped, "{line} {mv}: {after}");
            if w != "draw" && w2 != "draw" && !after.contains("the game is over") {
                assert_eq!(p2.map(|p| p + 1), *p, "{line} {mv}");
            }
        }
        line = format!("{line} {}", moves[0].0);
        let pv = text.lines().find_map(|l| l.strip_prefix("pv ")).unwrap();
        assert!(pv.starts_with(&moves[0].0), "{text}");
    }
}

#[test]
fn the_value_keeping_lines_are_followed_ply_by_ply() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), true);
    let mut args = vec![
        "solve",
        "baghchal",
        "--tablebase",
        dir.path().to_str().unwrap(),
        "--mistakes",
        "2",
    ];
    args.extend(SMALL);
    let text = ok(&args);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("mistakes "))
        .collect();
    // The small game is the tigers' from the start: every goat placement loses alike (none
    // loses more than the position already has), and the 21 placements lead to 21 positions.
    assert_eq!(
        lines[0], "mistakes ply 1 goats positions 1 keeping 21 losing 0",
        "{text}"
    );
    assert!(
        lines[1].starts_with("mistakes ply 2 tigers positions 21 keeping "),
        "{text}"
    );
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("value loss "),
        "{text}"
    );
}

#[test]
fn verify_passes_on_the_solved_layers() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), true);
    let text = tablebase(
        dir.path(),
        &[
            "--verify",
            "--samples",
            "500",
            "--boundary",
            "--forward",
            "200",
            "--forward-from",
            "0",
            "--probes",
            "1000",
        ],
    );
    assert_eq!(text.matches("verify layer ").count(), 3, "{text}");
    assert!(
        text.contains("verify boundary layer 2 goats-to-move positions "),
        "{text}"
    );
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("verified positions "), "{text}");
    let checked: u64 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(checked > 3 * 2 * 500, "{text}");
}

#[test]
fn what_the_databases_do_not_cover_is_refused_with_a_reason() {
    // No --tablebase.
    let out = run(&["solve", "baghchal"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tablebase"));

    // Values without distances: the engine's loader refuses them, and says how to build.
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), false);
    let mut args = vec![
        "solve",
        "baghchal",
        "--tablebase",
        dir.path().to_str().unwrap(),
    ];
    args.extend(SMALL);
    let out = run(&args);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--distances"));

    // The standard game is not the small game's database.
    let solved = tempfile::tempdir().unwrap();
    build(solved.path(), true);
    let out = run(&[
        "solve",
        "baghchal",
        "--tablebase",
        solved.path().to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no database here covers"));
}
