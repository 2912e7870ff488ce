//! `tablebase sholo-guti` and `bestmove --tablebase` as a user runs them: the database of few
//! pieces is written with its counts, loads back, and makes level 8 report the won ending's
//! distance; a damaged file and the compulsory rules are refused.

#![allow(clippy::unwrap_used)] // a test: failures should be loud

use std::process::{Command, Output};

use chaupal_engine::perfect::sholo_guti::text::position_text;
use chaupal_engine::perfect::sholo_guti::{SholoGutiTb, Wdl};
use chaupal_rules::Side;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chaupal"))
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("the server binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn tablebase_sholo_guti_writes_a_database_that_bestmove_plays_from() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sholo-guti.tb");
    let file_text = file.to_str().unwrap();
    let out = run(&[
        "tablebase",
        "sholo-guti",
        "--pieces-max",
        "4",
        "--out",
        file_text,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    // 1 against 1, 1 against 2 (twice), 1 against 3 (twice), 2 against 2: pairs of disjoint sets.
    let positions = 37 * 36 + 2 * 37 * 630 + 2 * 37 * 7140 + 666 * 595;
    assert!(
        text.contains(&format!("\npositions {positions}\n")),
        "{text}"
    );
    assert!(
        text.contains("class 2 against 2 positions 396270 wins "),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("time-ms "),
        "{text}"
    );

    // A won 2-against-2 position some plies before its capture, picked from the file.
    let tb = SholoGutiTb::load(&file).unwrap();
    let (own, enemy, _, plies) = tb
        .class_values(2, 2)
        .find(|&(_, _, wdl, plies)| wdl == Wdl::Win && plies >= 5)
        .unwrap();
    let position = position_text(own, enemy, Side::First, 0);
    let dir_text = dir.path().to_str().unwrap();
    let out = run(&[
        "bestmove",
        "sholo-guti",
        "--level",
        "8",
        "--tablebase",
        dir_text,
        "--position",
        &position,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(
        text.contains(&format!(" win {plies} ")),
        "{position}: {text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );

    // Damaged: one byte flipped in the values.
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let out = run(&[
        "bestmove",
        "sholo-guti",
        "--level",
        "8",
        "--tablebase",
        dir_text,
        "--position",
        &position,
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("checksum"));

    let out = run(&[
        "tablebase",
        "sholo-guti",
        "--pieces-max",
        "3",
        "--rule",
        "capture=compulsory",
        "--out",
        file_text,
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("capture=optional"));
}
