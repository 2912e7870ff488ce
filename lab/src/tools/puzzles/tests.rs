//! The puzzle tools on Sholo Guti endings of four pieces, whose database builds in a moment:
//! puzzles found in random endings are written to a set file, `verify` proves them all, and it
//! names a spoiled puzzle and refuses exact puzzles it has no database for.

use std::sync::Arc;

use chaupal_engine::Engine;
use chaupal_engine::perfect::Tablebases;
use chaupal_engine::perfect::sholo_guti::SholoGutiTb;
use chaupal_engine::random::Rng;
use chaupal_rules::{AnyGame, GameKind};
use chaupal_shared::puzzle_set::{Proof, PuzzleEntry};

use super::finder::{Oracles, find};
use super::set::{SetFile, id_of};
use super::verify::{VerifyArgs, run_verify};

/// Positions of at most four pieces from random play, each once, up to `n` puzzles found in
/// them with the 4-piece database.
fn puzzles(tb: &Arc<SholoGutiTb>, n: usize) -> Vec<PuzzleEntry> {
    let oracles = Oracles {
        sholo_guti: Some(tb.clone()),
        ..Oracles::default()
    };
    let mut rng = Rng::new(36);
    let mut out: Vec<PuzzleEntry> = Vec::new();
    for _ in 0..4000 {
        let mut g = AnyGame::start(GameKind::SholoGuti, Vec::<(String, String)>::new()).unwrap();
        while g.outcome().is_none() && out.len() < n {
            let AnyGame::SholoGuti(s) = &g else {
                unreachable!()
            };
            let pieces = s.pieces(chaupal_rules::Side::First).count_ones()
                + s.pieces(chaupal_rules::Side::Second).count_ones();
            if pieces <= 4
                && let Some(f) = find(&g, &oracles, None)
                && out.iter().all(|e| e.position != g.position_text())
            {
                assert_eq!(f.proof, Proof::Exact);
                out.push(PuzzleEntry {
                    id: id_of(GameKind::SholoGuti, out.len() + 1),
                    game: GameKind::SholoGuti,
                    rules: g.rule_pairs().into_iter().collect(),
                    position: g.position_text(),
                    goal: f.goal,
                    solution: f.line,
                    themes: f.themes,
                    proof: f.proof,
                    rating: 1500.0,
                });
            }
            let moves = g.legal_moves_text();
            g.play_text(&moves[rng.below(moves.len())]).unwrap();
        }
        if out.len() >= n {
            break;
        }
    }
    out
}

fn verify(dir: &std::path::Path, engine: &Engine) -> (Result<(), String>, String) {
    verify_with(dir, engine, false)
}

fn verify_with(
    dir: &std::path::Path,
    engine: &Engine,
    without_placement: bool,
) -> (Result<(), String>, String) {
    let args = VerifyArgs {
        dir: dir.to_owned(),
        game: None,
        every: 1,
        tablebase: None,
        kalah_tt_mb: 16,
        without_placement,
    };
    let mut out = Vec::new();
    let r = run_verify(&args, engine, &mut out).map_err(|e| e.to_string());
    (r, String::from_utf8(out).unwrap())
}

#[test]
fn verify_proves_a_made_set_and_names_a_spoiled_puzzle() {
    let tb = Arc::new(SholoGutiTb::build(4));
    let found = puzzles(&tb, 12);
    assert_eq!(found.len(), 12, "12 puzzles in random four-piece endings");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sholo-guti.jsonl");
    let mut set = SetFile::open(&path, GameKind::SholoGuti).unwrap();
    for e in &found {
        assert!(set.add(e).unwrap());
        // The same position is not added twice.
        assert!(!set.add(e).unwrap());
    }
    drop(set);
    let engine = Engine::new().with_tablebases(Tablebases {
        sholo_guti: Some(tb.clone()),
        ..Tablebases::default()
    });
    let (r, out) = verify(dir.path(), &engine);
    assert_eq!(r, Ok(()), "{out}");
    assert!(
        out.contains("sholo-guti puzzles 12 exact 12 proven 12 checked 0"),
        "{out}"
    );

    // Another legal first move is no solution: verify names the puzzle and fails.
    let mut spoiled = found.clone();
    let start = spoiled[3].start().unwrap();
    let other = start
        .legal_moves_text()
        .into_iter()
        .find(|m| *m != spoiled[3].solution[0])
        .expect("a puzzle has two legal moves at least");
    spoiled[3].solution = vec![other];
    let text: String = spoiled.iter().map(|e| e.to_line() + "\n").collect();
    std::fs::write(&path, text).unwrap();
    let (r, out) = verify(dir.path(), &engine);
    assert!(r.is_err(), "{out}");
    assert!(out.contains(&format!("FAILED {}", spoiled[3].id)), "{out}");
    assert!(out.contains("proven 11"), "{out}");

    // Without the database, exact puzzles cannot be proven, and that is a failure too.
    let (r, out) = verify(dir.path(), &Engine::new());
    assert!(r.is_err());
    assert!(out.contains("no database of sholo-guti"), "{out}");
}

#[test]
fn an_exact_placement_puzzle_fails_without_the_placement_layers_unless_counted_apart() {
    // The movement database of the game of 3 goats: it knows nothing after the first goat.
    let options = chaupal_engine::perfect::baghchal::solve::SolveOptions {
        captures_to_win: 2,
        goats: 3,
        threads: 2,
    };
    let movement = chaupal_engine::perfect::baghchal::BaghChalTb::build(&options).unwrap();
    let engine = Engine::new().with_tablebases(Tablebases {
        baghchal: Some(Arc::new(movement)),
        ..Tablebases::default()
    });
    let pairs = vec![
        ("goats".to_owned(), "3".to_owned()),
        ("captures-to-win".to_owned(), "2".to_owned()),
    ];
    let start = AnyGame::start(GameKind::BaghChal, pairs).unwrap();
    let entry = PuzzleEntry {
        id: id_of(GameKind::BaghChal, 1),
        game: GameKind::BaghChal,
        rules: start.rule_pairs().into_iter().collect(),
        position: start.position_text(),
        goal: chaupal_shared::puzzle_set::Goal::Win,
        solution: vec!["c3".to_owned()],
        themes: vec!["placement".to_owned()],
        proof: Proof::Exact,
        rating: 1500.0,
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("baghchal.jsonl"), entry.to_line() + "\n").unwrap();
    let (r, out) = verify_with(dir.path(), &engine, false);
    assert!(r.is_err(), "{out}");
    assert!(
        out.contains("baghchal-00001: the oracle does not know"),
        "{out}"
    );
    let (r, out) = verify_with(dir.path(), &engine, true);
    assert_eq!(r, Ok(()), "{out}");
    assert!(out.contains("baghchal not-covered 1 "), "{out}");
    assert!(
        out.contains("baghchal puzzles 1 exact 1 proven 0 checked 0"),
        "{out}"
    );
}
