//! The solver and the endgame databases checked against plain full-width minimax over the
//! shared rules, on small boards and random positions, under both capture rules.

use std::collections::HashMap;
use std::sync::Arc;

use chaupal_rules::kalah::{Kalah, KalahRules};
use chaupal_rules::{Game, Side};

use super::search::Limits;
use super::*;

/// The final margin for the side to move with perfect play, by full-width minimax over the
/// shared rules (memoised on the position, which changes nothing but the time).
fn minimax(g: &mut Kalah, memo: &mut HashMap<(Vec<u8>, Side), i32>) -> i32 {
    let me = g.side_to_move();
    if g.outcome().is_some() {
        return store_margin(g);
    }
    let key = (g.slots().to_vec(), me);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let undo = g.make(mv);
        let v = if g.side_to_move() == me {
            minimax(g, memo)
        } else {
            -minimax(g, memo)
        };
        g.unmake(mv, undo);
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

/// The solver's final margin for a position.
fn solved_margin(solver: &Solver, g: &Kalah) -> i32 {
    let v = solver
        .value(board_of(g), Limits::NONE, &mut |_| {})
        .expect("no limits");
    store_margin(g) + v
}

/// Positions of random games of `rules`, `count` of them, a few plies apart.
fn random_positions(rules: KalahRules, count: usize, seed: u64) -> Vec<Kalah> {
    let mut rng = seed | 1;
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut g = Kalah::start(rules);
        while g.outcome().is_none() && out.len() < count {
            g.legal_moves(&mut moves);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            g.make(moves[(rng % moves.len() as u64) as usize]);
            if rng % 3 == 0 && g.outcome().is_none() {
                out.push(g);
            }
        }
    }
    out
}

const SMALL: [(u8, u8); 5] = [(3, 2), (2, 3), (1, 4), (4, 1), (3, 3)];

#[test]
fn the_solver_agrees_with_minimax_on_small_boards_from_the_start_and_random_positions() {
    for ec in [false, true] {
        for (pits, seeds) in SMALL {
            let rules = KalahRules::new(pits, seeds, ec).unwrap();
            let solver = Solver::new(geometry(&rules), 1, None);
            let mut memo = HashMap::new();
            let mut start = Kalah::start(rules);
            assert_eq!(
                solved_margin(&solver, &start),
                minimax(&mut start, &mut memo),
                "pits={pits} seeds={seeds} empty-capture={ec}"
            );
            for mut g in random_positions(rules, 30, u64::from(pits * 10 + seeds)) {
                assert_eq!(
                    solved_margin(&solver, &g),
                    minimax(&mut g, &mut memo),
                    "{}",
                    g.position_text()
                );
            }
        }
    }
}

#[test]
fn two_threads_and_a_tiny_table_give_the_same_values() {
    let rules = KalahRules::new(3, 3, false).unwrap();
    let mut solver = Solver::new(geometry(&rules), 0, None);
    solver.set_threads(2);
    let mut memo = HashMap::new();
    for mut g in random_positions(rules, 20, 77) {
        assert_eq!(solved_margin(&solver, &g), minimax(&mut g, &mut memo));
    }
}

#[test]
fn the_endgame_database_agrees_with_the_solver_and_minimax() {
    for ec in [false, true] {
        let rules = KalahRules::new(4, 2, ec).unwrap();
        let geo = geometry(&rules);
        let db = Arc::new(EndgameDb::build(geo, 10, &mut |_, _| {}));
        assert_eq!(db.len() as u64, EndgameDb::positions(geo, 10));
        let plain = Solver::new(geo, 1, None);
        let with_db = Solver::new(geo, 1, Some(db.clone()));
        let mut memo = HashMap::new();
        let mut probed = 0;
        for mut g in random_positions(rules, 60, 5 + u64::from(ec)) {
            let board = board_of(&g);
            let exact = minimax(&mut g, &mut memo) - store_margin(&g);
            if let Some(v) = db.probe(board, board::byte_sum(board)) {
                assert_eq!(v, exact, "{}", g.position_text());
                probed += 1;
            }
            assert_eq!(solved_margin(&plain, &g) - store_margin(&g), exact);
            assert_eq!(solved_margin(&with_db, &g) - store_margin(&g), exact);
        }
        assert!(probed > 10, "only {probed} positions were in the database");
    }
}

#[test]
fn a_saved_database_loads_back_and_a_damaged_one_is_refused() {
    let geo = Geometry::new(2, true);
    let db = EndgameDb::build(geo, 6, &mut |_, _| {});
    let mut bytes = Vec::new();
    db.save(&mut bytes).unwrap();
    let back = EndgameDb::load(&mut bytes.as_slice()).unwrap();
    assert_eq!(back.geometry(), geo);
    assert_eq!(back.max_seeds(), 6);
    for k in 0..=6 {
        assert_eq!(back.level_counts(k), db.level_counts(k));
    }
    assert!(EndgameDb::load(&mut &bytes[..bytes.len() - 1]).is_err());
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert!(EndgameDb::load(&mut bad.as_slice()).is_err());
}

#[test]
fn best_moves_are_the_moves_that_keep_the_value_and_best_move_is_one_of_them() {
    let rules = KalahRules::new(3, 2, true).unwrap();
    let solver = Solver::new(geometry(&rules), 1, None);
    let mut memo = HashMap::new();
    let mut moves = Vec::new();
    for mut g in random_positions(rules, 15, 9) {
        let board = board_of(&g);
        let value = solver.value(board, Limits::NONE, &mut |_| {}).unwrap();
        let best = solver.best_moves(board, value, Limits::NONE).unwrap();
        assert!(!best.is_empty());
        let one = solver.best_move(board, value, Limits::NONE).unwrap();
        assert!(best.contains(&one), "{one} is not among {best:?}");
        let target = minimax(&mut g, &mut memo);
        let me = g.side_to_move();
        g.legal_moves(&mut moves);
        for &mv in &moves.clone() {
            let undo = g.make(mv);
            let v = if g.side_to_move() == me {
                minimax(&mut g, &mut memo)
            } else {
                -minimax(&mut g, &mut memo)
            };
            g.unmake(mv, undo);
            assert_eq!(best.contains(&mv.index()), v == target);
        }
    }
}

#[test]
fn a_cancelled_search_gives_up() {
    let rules = KalahRules::new(6, 4, false).unwrap();
    let solver = Solver::new(geometry(&rules), 1, None);
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let limits = Limits {
        deadline: None,
        cancel: Some(&cancel),
        nodes: None,
    };
    assert_eq!(
        solver.value(board_of(&Kalah::start(rules)), limits, &mut |_| {}),
        None
    );
}

/// Level 8 plays a position of the opening book from the book: even with its search cancelled
/// before it starts, it answers with the book's move and the exact margin, and without the
/// entry it cannot.
#[test]
fn level_8_plays_a_book_position_without_searching() {
    use crate::perfect::probe::{PerfectPlay, Probe};
    use crate::request::{EngineSpec, SearchLimits, SearchRequest};
    use crate::run::testing::NoSearch;
    use chaupal_rules::score::Score;
    use play::KalahPlayer;
    let rules = KalahRules::new(4, 3, false).unwrap();
    let game = Kalah::start(rules);
    let request = SearchRequest::new(
        EngineSpec::Level(8),
        SearchLimits {
            time: Some(std::time::Duration::from_secs(10)),
            ..SearchLimits::default()
        },
        0,
    );
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let player = KalahPlayer::new(Default::default(), 0);
    assert!(matches!(
        player.play(&game, &request, &mut NoSearch, &cancel, &mut |_| {}),
        Ok(Probe::Search(_))
    ));
    let geo = geometry(&rules);
    let solver = Solver::new(geo, 16, None);
    let entry = book::solve_entry(&solver, board_of(&game), Limits::NONE).unwrap();
    let mut added = book::Book::default();
    added.insert(geo, board_of(&game), entry);
    let mut player = player;
    player.add_to_book(&added);
    let mut infos = Vec::new();
    let Ok(Probe::Played(result)) =
        player.play(&game, &request, &mut NoSearch, &cancel, &mut |i| {
            infos.push(i.clone())
        })
    else {
        panic!("the book's position was not played from the book");
    };
    assert_eq!(result.best_move, Some((entry.best + 1).to_string()));
    assert_eq!(infos.len(), 1);
    assert_eq!(infos[0].score, Score::Margin(solved_margin(&solver, &game)));
    assert_eq!(infos[0].nodes, 0);
}

/// When the server asks for it, the top level's first move on a board starts building a larger
/// endgame database in the background; it is kept, and its values are the solver's.
#[test]
fn the_top_level_builds_a_larger_database_in_the_background() {
    let rules = KalahRules::new(5, 4, false).unwrap();
    let geo = geometry(&rules);
    let small = EndgameDb::seeds_within(geo, play::AI_DB_BYTES, rules.total_seeds());
    assert!(small < 10, "the small database already has {small} seeds");
    let player = play::KalahPlayer::new(Default::default(), 10);
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let game = Kalah::start(rules);
    // The opening is not solved in a millisecond; the build starts anyway.
    let _ = player.solve_move(&game, std::time::Duration::from_millis(1), &cancel);
    let waited = std::time::Instant::now();
    let db = loop {
        if let Some(db) = player.databases().get(geo).filter(|d| d.max_seeds() >= 10) {
            break db;
        }
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(300),
            "no database after 5 minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(db.max_seeds(), 10);
    let solver = Solver::new(geo, 4, None);
    for g in random_positions(rules, 400, 7) {
        let board = board_of(&g);
        let seeds = super::board::byte_sum(board);
        if seeds <= 10 && !geo.is_over(board) {
            assert_eq!(
                db.probe(board, seeds),
                solver.value(board, Limits::NONE, &mut |_| {})
            );
        }
    }
}

/// `--tablebase DIR` loads the Kalah databases in it for the top level; other files are left
/// alone, a missing directory loads nothing, and a damaged database is refused by name.
#[test]
fn a_tablebase_directory_gives_its_kalah_databases_to_the_top_level() {
    let geo = Geometry::new(7, true);
    let dir = tempfile::tempdir().unwrap();
    let db = EndgameDb::build(geo, 5, &mut |_, _| {});
    let mut file = std::fs::File::create(dir.path().join("kalah-7-ec.db")).unwrap();
    db.save(&mut file).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a database").unwrap();
    let loaded = load_dir(dir.path()).unwrap();
    let found: Vec<_> = loaded
        .iter()
        .map(|(p, db)| (p.clone(), db.max_seeds()))
        .collect();
    assert_eq!(found, vec![(dir.path().join("kalah-7-ec.db"), 5)]);
    let engine = crate::engine::Engine::new()
        .with_tablebases(crate::perfect::Tablebases::load_dir(dir.path()).unwrap());
    assert!(
        engine
            .kalah_databases()
            .get(geo)
            .is_some_and(|d| d.max_seeds() >= 5)
    );
    assert!(load_dir(&dir.path().join("missing")).unwrap().is_empty());
    std::fs::write(dir.path().join("kalah-bad.db"), "KALAHDB? damaged").unwrap();
    let err = load_dir(dir.path()).unwrap_err();
    assert!(err.to_string().contains("kalah-bad.db"), "{err}");
}
