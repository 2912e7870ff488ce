//! The perft suite: every `*.perft` file in `tests/perft/` is read and each case checked.
//!
//! A case is a block of lines (blank lines separate cases, `#` starts a comment):
//!
//! ```text
//! id kalah-after-extra-turn      a name for failure messages
//! game kalah                     baghchal | kalah | jungle | sholo-guti
//! rules pits=6 seeds=4           optional: KEY=VALUE pairs
//! position ...                   optional: a position in the game's notation
//! moves 3 6                      optional: moves to play first
//! perft 1 6                      depth and expected count; one or more lines
//! ```

#![allow(clippy::unwrap_used)] // a test: a bad data file should fail loudly

use std::fs;
use std::path::Path;

use chaupal_rules::rules::split_pair;
use chaupal_rules::{AnyGame, GameKind};

#[derive(Debug, Default)]
struct Case {
    file: String,
    id: String,
    game: Option<GameKind>,
    rules: Vec<(String, String)>,
    position: Option<String>,
    moves: Vec<String>,
    expected: Vec<(u32, u64)>,
}

fn parse_file(path: &Path) -> Vec<Case> {
    let text = fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut cases = Vec::new();
    let mut case = Case {
        file: file.clone(),
        ..Case::default()
    };
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap().trim();
        if line.is_empty() {
            if !case.expected.is_empty() || case.game.is_some() {
                cases.push(std::mem::replace(
                    &mut case,
                    Case {
                        file: file.clone(),
                        ..Case::default()
                    },
                ));
            }
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => case.id = rest.to_owned(),
            "game" => case.game = Some(rest.parse().unwrap()),
            "rules" => {
                for pair in rest.split_whitespace() {
                    let (k, v) = split_pair(pair).unwrap();
                    case.rules.push((k.to_owned(), v.to_owned()));
                }
            }
            "position" => case.position = Some(rest.to_owned()),
            "moves" => case.moves = rest.split_whitespace().map(str::to_owned).collect(),
            "perft" => {
                let (d, c) = rest.split_once(' ').unwrap();
                case.expected
                    .push((d.trim().parse().unwrap(), c.trim().parse().unwrap()));
            }
            other => panic!("{file}:{}: unknown key '{other}'", n + 1),
        }
    }
    if !case.expected.is_empty() || case.game.is_some() {
        cases.push(case);
    }
    cases
}

fn run_case(case: &Case) -> Result<(), String> {
    let kind = case.game.ok_or("no game line")?;
    let mut game = match &case.position {
        Some(p) => AnyGame::from_position_text(kind, p, case.rules.clone())
            .map_err(|e| format!("position: {e}"))?,
        None => AnyGame::start(kind, case.rules.clone()).map_err(|e| format!("rules: {e}"))?,
    };
    for m in &case.moves {
        game.play_text(m).map_err(|e| format!("move {m}: {e}"))?;
    }
    for &(depth, expected) in &case.expected {
        let got = game.perft(depth);
        if got != expected {
            return Err(format!("perft {depth}: expected {expected}, got {got}"));
        }
    }
    Ok(())
}

#[test]
fn perft_suite() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &paths {
        for case in parse_file(path) {
            count += 1;
            if let Err(e) = run_case(&case) {
                failures.push(format!("{} [{}]: {e}", case.file, case.id));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} perft cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{count} perft cases passed");
}
