//! The `solve`, `tablebase` and `book` subcommands as a user runs them: `solve kalah` ends with a
//! `margin` line that agrees with the rules (checked here on boards small enough to count by
//! hand or by a plain search), and bad arguments exit non-zero with a message.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chaupal"))
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("the chaupal binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn last_line(out: &Output) -> String {
    stdout(out).lines().last().unwrap_or("").to_owned()
}

#[test]
fn solve_prints_best_moves_and_ends_with_the_margin() {
    let out = run(&[
        "solve", "kalah", "--rule", "pits=3", "--rule", "seeds=2", "--tt-mb", "4",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("\nbest-moves "), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("info pass margin ")),
        "{text}"
    );
    let last = last_line(&out);
    let margin = last.strip_prefix("margin ").expect("a margin line last");
    assert!(margin == "0" || margin.starts_with('+') || margin.starts_with('-'));
}

#[test]
fn a_position_one_move_from_the_end_has_the_margin_of_that_move() {
    // South to move, 3 houses. House 1 (one seed) lands in the empty house 2, opposite north's
    // only seed: a capture of 2, north's row is empty and south's last seed is swept home.
    // Playing house 3 first (an extra turn) comes to the same: south 7, north 5.
    let out = run(&[
        "solve",
        "kalah",
        "--rule",
        "pits=3",
        "--rule",
        "seeds=2",
        "--position",
        "1,0,1:4/0,1,0:5 s",
        "--db-seeds",
        "0",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_line(&out), "margin +2", "{}", stdout(&out));
}

#[test]
fn a_finished_game_reports_its_count_and_other_games_are_refused() {
    let out = run(&[
        "solve",
        "kalah",
        "--rule",
        "pits=1",
        "--rule",
        "seeds=1",
        "--position",
        "0:2/0:0 n",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_line(&out), "margin -2");

    let out = run(&["solve", "jungle"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("kalah"));
}

#[test]
fn tablebase_kalah_writes_a_database_that_solve_loads() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("kalah3.db");
    let file = file.to_str().expect("a UTF-8 path");
    let out = run(&[
        "tablebase",
        "kalah",
        "--rule",
        "pits=3",
        "--seeds-max",
        "8",
        "--out",
        file,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout(&out).contains("\npositions 3003\n"),
        "{}",
        stdout(&out)
    );

    let solved = |extra: &[&str]| {
        let mut args = vec![
            "solve", "kalah", "--rule", "pits=3", "--rule", "seeds=1", "--tt-mb", "4",
        ];
        args.extend_from_slice(extra);
        last_line(&run(&args))
    };
    let with_db = solved(&["--db", file]);
    assert!(with_db.starts_with("margin "), "{with_db}");
    assert_eq!(with_db, solved(&["--db-seeds", "0"]));

    let out = run(&["tablebase", "jungle", "--out", file]);
    assert!(!out.status.success());
}

/// Kalah(4,3) with no endgame database and a small table: the checkpoint tests' board.
const K43_SMALL: [&str; 8] = [
    "--rule",
    "pits=4",
    "--rule",
    "seeds=3",
    "--db-seeds",
    "0",
    "--tt-mb",
    "4",
];

/// `solve --checkpoint FILE` writes the table to FILE once the value is proven and at the end; a second run loads it, finds
/// the margin without searching, and says the same; a damaged file is refused with its cause.
#[test]
fn solve_writes_a_checkpoint_that_a_second_run_resumes_from() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("k43.ckpt");
    let file = file.to_str().expect("a UTF-8 path");
    let solve = || {
        let out = run(&[&["solve", "kalah"][..], &K43_SMALL, &["--checkpoint", file]].concat());
        (out.status.success(), stdout(&out), last_line(&out))
    };
    let (ok, first, margin) = solve();
    assert!(ok, "{first}");
    assert_eq!(
        first.matches("info checkpoint saved ").count(),
        2,
        "saved once the value is proven, and at the end: {first}"
    );
    assert!(!first.contains("info checkpoint loaded"), "{first}");
    assert!(margin.starts_with("margin "), "{first}");

    let (ok, second, again) = solve();
    assert!(ok, "{second}");
    assert!(second.contains("info checkpoint loaded "), "{second}");
    assert_eq!(again, margin);
    let solved_nodes = |text: &str| -> u64 {
        let line = text
            .lines()
            .find(|l| l.starts_with("info solved nodes "))
            .expect("an info solved line");
        line.split_whitespace()
            .nth(3)
            .and_then(|n| n.parse().ok())
            .expect("nodes")
    };
    assert!(
        solved_nodes(&second) * 10 < solved_nodes(&first),
        "resumed {} nodes, first {}",
        solved_nodes(&second),
        solved_nodes(&first)
    );

    let mut bytes = std::fs::read(file).expect("the checkpoint");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(file, bytes).expect("written back");
    let (ok, _, _) = solve();
    let out = run(&[
        "solve",
        "kalah",
        "--rule",
        "pits=4",
        "--rule",
        "seeds=3",
        "--checkpoint",
        file,
    ]);
    assert!(!ok && !out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("checksum"), "{err}");
}

/// `book kalah` writes one line per solved position, the root's first; a second run over the
/// same file keeps them and solves nothing; and the root's value is what `solve` says.
#[test]
fn book_writes_solved_entries_and_resumes_without_solving_again() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("kalah.book");
    let path = file.to_str().expect("a UTF-8 path");
    let args = [
        "book", "kalah", "--rule", "pits=3", "--rule", "seeds=2", "--plies", "4", "--tt-mb", "4",
        "--out", path,
    ];
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let entries = text.lines().filter(|l| l.starts_with("entry ply ")).count();
    assert!(entries >= 3, "{text}");
    assert!(text.contains(&format!("\nentries {entries}\n")), "{text}");
    let book = std::fs::read_to_string(&file).expect("the book file");
    let lines: Vec<&str> = book.lines().collect();
    assert_eq!(lines.len(), entries);
    assert!(
        lines[0].starts_with("pits=3 empty-capture=false houses=2,2,2/2,2,2 value="),
        "{book}"
    );
    // The start's value is its margin (no seeds banked yet).
    let solved = last_line(&run(&[
        "solve", "kalah", "--rule", "pits=3", "--rule", "seeds=2", "--tt-mb", "4",
    ]));
    let margin = solved.strip_prefix("margin ").expect("a margin line");
    assert!(
        lines[0].contains(&format!(" value={margin} ")),
        "{book} / {solved}"
    );

    let again = run(&args);
    let text = stdout(&again);
    assert!(again.status.success());
    assert!(!text.contains("entry ply"), "{text}");
    assert!(text.contains(&format!("\nentries {entries}\n")), "{text}");
    assert_eq!(std::fs::read_to_string(&file).expect("the book file"), book);
}

/// `book --checkpoint` reads what a `solve --checkpoint` proved: the start's entry has the same
/// value and costs a small part of the nodes; a checkpoint of another rule is refused.
#[test]
fn book_solves_from_a_solves_checkpoint_for_a_small_part_of_the_nodes() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let ckpt = dir.path().join("k43.ckpt");
    let ckpt = ckpt.to_str().expect("a UTF-8 path");
    let solve = [&["solve", "kalah"][..], &K43_SMALL, &["--checkpoint", ckpt]].concat();
    let solved = run(&solve);
    assert!(solved.status.success(), "{}", stdout(&solved));
    let margin = last_line(&solved);
    let margin = margin.strip_prefix("margin ").expect("a margin line");

    let book = |name: &str, extra: &[&str]| {
        let file = dir.path().join(name);
        let path = file.to_str().expect("a UTF-8 path");
        let args = [
            &["book", "kalah", "--plies", "1", "--out", path][..],
            &K43_SMALL,
            extra,
        ]
        .concat();
        let out = run(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = stdout(&out);
        let nodes: u64 = text
            .lines()
            .find(|l| l.starts_with("entry ply 0 "))
            .and_then(|l| l.split_whitespace().skip_while(|w| *w != "nodes").nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("an entry line with its nodes: {text}"));
        let line = std::fs::read_to_string(&file).expect("the book file");
        (text, nodes, line)
    };
    let (_, cold_nodes, cold) = book("cold.book", &[]);
    let (text, warm_nodes, warm) = book("warm.book", &["--checkpoint", ckpt]);
    assert!(text.contains("info checkpoint loaded "), "{text}");
    let value = |line: &str| {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix("value="))
            .map(str::to_owned)
    };
    assert_eq!(value(&warm), value(&cold));
    assert_eq!(value(&warm).as_deref(), Some(margin));
    assert!(
        warm_nodes * 10 < cold_nodes,
        "from the checkpoint {warm_nodes} nodes, without {cold_nodes}"
    );

    // Its bounds do not hold under the other capture rule: refused, nothing written.
    let other = dir.path().join("other.book");
    let other = other.to_str().expect("a UTF-8 path");
    let rule = [
        "--rule",
        "empty-capture=true",
        "--out",
        other,
        "--checkpoint",
        ckpt,
    ];
    let out = run(&[&["book", "kalah", "--plies", "1"][..], &K43_SMALL, &rule].concat());
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
    assert!(
        std::fs::read_to_string(other)
            .unwrap_or_default()
            .is_empty()
    );
}
