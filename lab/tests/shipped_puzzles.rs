//! The shipped puzzle set (`puzzles/*.jsonl`, docs/PUZZLES.md) reads: every line is a puzzle
//! whose solution is legal and ends with the solver's move, of the file's game, with a unique
//! id and known themes; checked puzzles are to win; each game has its puzzles, some of each
//! proof where the game has both.
//! Proving the exact ones again takes the databases: `scripts/verify-puzzles.sh`.

use std::collections::HashSet;

use chaupal_rules::GameKind;
use chaupal_shared::puzzle_set::{Goal, Proof, parse_set};

/// Every theme the generator tags (engine/src/puzzles/themes.rs).
const THEMES: [&str; 16] = [
    "finish",
    "save-draw",
    "one-move",
    "long",
    "placement",
    "movement",
    "capture",
    "double-threat",
    "block",
    "trap",
    "extra-turn",
    "extra-turn-chain",
    "sweep",
    "den",
    "chain",
    "mistake",
];

#[test]
fn every_shipped_puzzle_reads_and_each_game_has_its_set() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles");
    let mut ids = HashSet::new();
    for kind in GameKind::ALL {
        let path = dir.join(format!("{}.jsonl", kind.name()));
        let text = std::fs::read_to_string(&path).unwrap();
        let set = parse_set(&text).unwrap_or_else(|(line, e)| {
            panic!("{} line {line}: {e}", path.display());
        });
        assert!(set.len() >= 500, "{kind}: {} puzzles", set.len());
        let mut positions = HashSet::new();
        for p in &set {
            assert_eq!(p.game, kind, "{}", p.id);
            assert!(ids.insert(p.id.clone()), "{} twice", p.id);
            assert!(
                positions.insert(p.position.clone()),
                "{}: position twice",
                p.id
            );
            for t in &p.themes {
                assert!(THEMES.contains(&t.as_str()), "{}: theme {t}", p.id);
            }
            assert_eq!(
                p.themes.contains(&"save-draw".to_owned()),
                p.goal == Goal::SaveDraw,
                "{}",
                p.id
            );
            assert!(
                p.proof == Proof::Exact || p.goal == Goal::Win,
                "{}: a checked puzzle is to win",
                p.id
            );
        }
        let exact = set.iter().filter(|p| p.proof == Proof::Exact).count();
        match kind {
            GameKind::Jungle => assert_eq!(exact, 0, "no oracle reaches Jungle"),
            GameKind::Kalah => assert_eq!(exact, set.len(), "the Kalah set is all exact"),
            _ => assert!(exact > set.len() / 2, "{kind}: {exact} exact"),
        }
    }
}
