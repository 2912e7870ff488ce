//! The Sholo Guti database on small instances (at most 4 pieces): the index, positions with
//! known values, agreement with a plain search and with its own moves, mirror symmetry, the
//! no-capture limit, the file, and the top level playing from it.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use chaupal_rules::game::Outcome;
use chaupal_rules::sholo_guti::board::{
    NAMES, NEIGHBOURS, POINT_COUNT, bit, file_and_rank, point_at, point_named,
};
use chaupal_rules::sholo_guti::movegen::points;
use chaupal_rules::sholo_guti::{Move, SholoGuti, SholoGutiRules};
use chaupal_rules::{AnyGame, Game, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::SholoGutiTb;
use super::index::{Layout, all_sets, rank, sets, unrank};
use super::solve::{Start, decode, encode, first_look};
use crate::engine::Engine;
use crate::memory::Memory;
use crate::perfect::Tablebases;
use crate::perfect::player::TablebasePlayer;
use crate::perfect::probe::{PerfectPlay, Probe};
use crate::perfect::tablebase::{Tablebase, Wdl};
use crate::request::{EngineSpec, SearchLimits, SearchRequest, SearchResult};
use crate::run::testing::NoSearch;
use chaupal_rules::score::Score;

/// The database of at most 4 pieces, built once for all the tests.
fn tb4() -> &'static Arc<SholoGutiTb> {
    static TB: OnceLock<Arc<SholoGutiTb>> = OnceLock::new();
    TB.get_or_init(|| Arc::new(SholoGutiTb::build(4)))
}

/// An engine playing from the 4-piece database, as the server's is built with `--tablebase`.
fn engine_with_tb4() -> Engine {
    Engine::new().with_tablebases(Tablebases {
        sholo_guti: Some(tb4().clone()),
        ..Tablebases::default()
    })
}

/// The database player's move for `request` in `g`, or `None` when it leaves `g` to the
/// search.
fn played(tb: &Arc<SholoGutiTb>, g: &SholoGuti, request: &SearchRequest) -> Option<SearchResult> {
    let player = TablebasePlayer(tb.clone());
    let cancel = AtomicBool::new(false);
    match player.play(g, request, &mut NoSearch, &cancel, &mut |_| {}) {
        Ok(Probe::Played(result)) => Some(result),
        Ok(Probe::Search(_)) => None,
        Err(e) => panic!("{e}"),
    }
}

fn game(text: &str) -> SholoGuti {
    SholoGuti::from_position_text(text, SholoGutiRules::default()).unwrap()
}

fn set(names: &[&str]) -> u64 {
    names.iter().map(|n| bit(point_named(n).unwrap())).sum()
}

/// A game with the mover's set `own` against `enemy`, south to move.
fn game_of(own: u64, enemy: u64, count: u32) -> SholoGuti {
    game(&super::text::position_text(own, enemy, Side::First, count))
}

/// A random position of `n` pieces close together (each next to one placed before), at least
/// one a side.
fn clustered(rng: &mut StdRng, n: u32) -> (u64, u64) {
    loop {
        let mut all = bit(rng.random_range(0..POINT_COUNT as u8));
        while all.count_ones() < n {
            let near: u64 = points(all)
                .map(|p| NEIGHBOURS[usize::from(p)])
                .fold(0, |a, b| a | b)
                & !all;
            let choices: Vec<u8> = points(near).collect();
            all |= bit(choices[rng.random_range(0..choices.len())]);
        }
        let own: u64 = points(all).filter(|_| rng.random_bool(0.5)).map(bit).sum();
        if own != 0 && own != all {
            return (own, all & !own);
        }
    }
}

/// A plain full-width search: `Some(true)` when the side to move wins (the game ends) within
/// `depth` plies whatever the other does, `Some(false)` when it loses so, `None` otherwise.
fn proven(g: &mut SholoGuti, depth: u32) -> Option<(bool, u32)> {
    if let Some(Outcome::Win { winner, .. }) = g.outcome() {
        return Some((winner == g.side_to_move(), 0));
    }
    if depth == 0 || g.outcome().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut all_lose = true;
    let mut longest = 0;
    let mut best_win = None;
    for mv in moves {
        let undo = g.make(mv);
        let r = proven(g, depth - 1);
        g.unmake(mv, undo);
        match r {
            Some((false, p)) => best_win = Some(best_win.map_or(p + 1, |b: u32| b.min(p + 1))),
            Some((true, p)) => longest = longest.max(p + 1),
            None => all_lose = false,
        }
    }
    match best_win {
        Some(p) => Some((true, p)),
        None if all_lose => Some((false, longest)),
        None => None,
    }
}

#[test]
fn ranks_follow_the_order_of_sets_and_unrank_back() {
    for k in 1..=3 {
        let mut n = 0;
        for (i, s) in all_sets(k).enumerate() {
            assert_eq!(s.count_ones(), k);
            assert_eq!(rank(s), i as u64);
            assert_eq!(unrank(i as u64, k), s);
            n += 1;
        }
        assert_eq!(n, sets(k));
    }
    let layout = Layout::new(4);
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..2000 {
        let slot = rng.random_range(0..layout.len());
        let (_, own, enemy) = layout.position(slot);
        assert_eq!(layout.slot(own, enemy), Some(slot));
    }
    assert_eq!(
        layout.len() as u64,
        37 * 37 + 2 * 37 * 666 + 2 * 37 * 7770 + 666 * 666
    );
}

#[test]
fn values_encode_and_decode() {
    for plies in 0..=200 {
        for wdl in [Wdl::Win, Wdl::Loss] {
            assert_eq!(decode(encode(wdl, plies)), (wdl, plies));
        }
    }
    assert_eq!(decode(encode(Wdl::Draw, 0)), (Wdl::Draw, 0));
}

#[test]
fn taking_the_last_piece_is_a_win_in_one() {
    let g = game("3/3/5/5/1N3/1S3/5/3/3 s 0");
    assert_eq!(tb4().value(&g), Some((Wdl::Win, 1)));
    let choice = tb4().choose(&g).unwrap();
    assert_eq!(
        (g.move_text(choice.best), choice.wdl, choice.plies),
        ("b4xb6".to_owned(), Wdl::Win, 1)
    );
    // North to move there: the last piece is attacked, and it steps away (or takes first).
    let g = game("3/3/5/5/1N3/1S3/5/3/3 n 0");
    assert_eq!(tb4().value(&g), Some((Wdl::Win, 1)));
}

#[test]
fn a_mover_with_no_legal_move_loses_at_once() {
    // North's a1 piece: c1 and b2 are taken, and the points beyond them (e1, c3) too.
    let own = set(&["a1"]);
    let enemy = set(&["c1", "b2", "e1", "c3"]);
    let mut moves = Vec::new();
    assert_eq!(
        first_look(&Layout::new(4), &[], own, enemy, &mut moves),
        Start::Settled(Wdl::Loss, 0)
    );
    let g = game_of(own, enemy, 0);
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::Second,
            ..
        })
    ));
}

#[test]
fn one_against_one_far_apart_is_a_draw_and_next_to_each_other_the_mover_takes() {
    let tb = tb4();
    assert_eq!(tb.stored(set(&["a1"]), set(&["e9"])), Some((Wdl::Draw, 0)));
    assert_eq!(tb.stored(set(&["c5"]), set(&["c6"])), Some((Wdl::Win, 1)));
    // Next to each other with no point beyond (a1 against c1: beyond c1 is e1, free; a1
    // against b2 from the other side: beyond a1 is off the board).
    assert_eq!(
        tb.stored(set(&["b2"]), set(&["a1"])).map(|v| v.0),
        Some(Wdl::Draw)
    );
}

#[test]
fn the_database_agrees_with_a_plain_search_and_with_its_own_moves() {
    let tb = tb4();
    let mut rng = StdRng::seed_from_u64(2026);
    let (mut wins, mut losses) = (0, 0);
    for i in 0..400 {
        let (own, enemy) = clustered(&mut rng, 2 + i % 3);
        let mut g = game_of(own, enemy, 0);
        if g.outcome().is_some() {
            continue;
        }
        let value = tb.value(&g).unwrap();
        if let Some((won, plies)) = proven(&mut g, 3) {
            let wdl = if won { Wdl::Win } else { Wdl::Loss };
            assert_eq!(value.0, wdl, "{}", g.position_text());
            assert!(value.1 <= plies, "{} {value:?} {plies}", g.position_text());
            if won { wins += 1 } else { losses += 1 }
        }
        // The stored value is the best of the moves' values, at a fresh count and near the
        // limit.
        for count in [0, 195] {
            let g = game_of(own, enemy, count);
            let best = tb.choose(&g).map(|c| (c.wdl, c.plies)).unwrap();
            assert_eq!(tb.value(&g), Some(best), "{}", g.position_text());
        }
    }
    assert!(wins > 20 && losses > 0, "wins {wins} losses {losses}");
}

/// The point mirrored left to right (file a to e, b to d).
fn mirror(set: u64) -> u64 {
    points(set)
        .map(|p| {
            let (f, r) = file_and_rank(p);
            bit(point_at(b'a' + b'e' - f, r).unwrap())
        })
        .sum()
}

#[test]
fn positions_mirrored_left_to_right_have_equal_values() {
    let tb = tb4();
    assert_eq!(mirror(set(&["a1", "b2", "c3"])), set(&["e1", "d2", "c3"]));
    for (mover, other) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)] {
        for own in all_sets(mover) {
            for enemy in all_sets(other)
                .filter(|e| e & own == 0)
                .step_by(if mover + other == 4 { 7 } else { 1 })
            {
                assert_eq!(tb.stored(own, enemy), tb.stored(mirror(own), mirror(enemy)));
            }
        }
    }
}

#[test]
fn a_win_counts_only_when_it_fits_before_the_no_capture_limit() {
    let tb = tb4();
    let layout = Layout::new(4);
    let (own, enemy, plies) = (0..layout.len())
        .filter_map(|s| {
            let (_, own, enemy) = layout.position(s);
            match tb.stored(own, enemy) {
                Some((Wdl::Win, p)) if p >= 3 => Some((own, enemy, p)),
                _ => None,
            }
        })
        .next()
        .unwrap();
    let at = |count| tb.value(&game_of(own, enemy, count));
    assert_eq!(at(0), Some((Wdl::Win, plies)));
    assert_eq!(at(200 - plies), Some((Wdl::Win, plies)));
    assert_eq!(at(201 - plies), Some((Wdl::Draw, 0)));
}

#[test]
fn compulsory_capture_is_not_covered() {
    let g = SholoGuti::from_position_text("3/3/5/5/1N3/1S3/5/3/3 s 0", SholoGutiRules::COMPULSORY)
        .unwrap();
    assert!(!tb4().covers(&g));
    assert_eq!(tb4().value(&g), None);
}

#[test]
fn a_saved_database_loads_back_and_a_damaged_one_is_refused() {
    let tb = SholoGutiTb::build(3);
    let bytes = tb.encode();
    let back = super::file::decode_file(&bytes).unwrap();
    assert_eq!(back.values, tb.values);
    assert_eq!(back.counts, tb.counts);
    let mut damaged = bytes.clone();
    let mid = damaged.len() / 2;
    damaged[mid] ^= 0x10;
    let err = super::file::decode_file(&damaged)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("checksum"), "{err}");
    let err = super::file::decode_file(&bytes[..bytes.len() - 3])
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("bytes"), "{err}");
    let mut other = bytes.clone();
    other[..8].copy_from_slice(b"CHPLBCTB");
    let err = super::file::decode_file(&other).err().unwrap().to_string();
    assert!(err.contains("magic"), "{err}");
    let mut pieces = bytes;
    pieces[12] = 9;
    assert!(super::file::decode_file(&pieces).is_err());

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(crate::perfect::SHOLO_GUTI_FILE);
    std::fs::write(&path, &damaged).unwrap();
    assert!(Tablebases::load_dir(dir.path()).is_err());
}

#[test]
fn the_top_level_plays_the_fastest_win_from_the_database() {
    let tb = tb4();
    // A won position a few plies from its capture, 2 against 2.
    let layout = Layout::new(4);
    let class = *layout.class(2, 2).unwrap();
    let (own, enemy, plies) = (class.start..class.start + class.len)
        .filter_map(|s| {
            let (_, own, enemy) = layout.position(s);
            match tb.stored(own, enemy) {
                Some((Wdl::Win, p)) if p >= 5 => Some((own, enemy, p)),
                _ => None,
            }
        })
        .next()
        .unwrap();
    let g = game_of(own, enemy, 0);
    let request = SearchRequest {
        engine: EngineSpec::Level(8),
        limits: SearchLimits::default(),
        seed: 0,
        threads: 1,
        slips: None,
    };
    let result = engine_with_tb4()
        .search(
            &AnyGame::SholoGuti(g.clone()),
            &request,
            &mut Memory::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(result.info.unwrap().score, Score::Win(plies));
    let mv = g.parse_move(&result.best_move.unwrap()).unwrap();
    let mut child = g.clone();
    child.make(mv);
    assert_eq!(tb.value(&child), Some((Wdl::Loss, plies - 1)));
    // A drawn position is left to the normal search.
    let drawn = game_of(set(&["a1"]), set(&["e9"]), 0);
    assert!(played(tb, &drawn, &request).is_none());
}

#[test]
fn every_point_name_is_mirrored_onto_the_board() {
    for p in 0..POINT_COUNT as u8 {
        assert_eq!(mirror(mirror(bit(p))), bit(p), "{}", NAMES[usize::from(p)]);
    }
}

/// What the database says a move of `g` leads to, for its mover: a win (at once, or a capture
/// into a position the mover wins), a draw or a loss; `None` when not covered.
fn move_value(tb: &SholoGutiTb, g: &SholoGuti, mv: Move) -> Option<Wdl> {
    let mut child = g.clone();
    child.make(mv);
    match child.outcome() {
        Some(outcome) if outcome.winner() == Some(g.side_to_move()) => Some(Wdl::Win),
        Some(_) => Some(Wdl::Loss),
        None => tb.value(&child).map(|(wdl, _)| match wdl {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }),
    }
}

#[test]
fn below_an_uncovered_root_the_top_levels_search_scores_covered_positions_from_the_database() {
    use crate::perfect::probe::EndgameTable;
    use crate::position::SearchPosition;
    use crate::value::TABLEBASE_WIN;
    let tb = tb4();
    let endgame = || -> Option<Arc<dyn EndgameTable<SholoGuti>>> { Some(tb.clone()) };
    // A covered root is left to the database's own player: the search does not probe.
    let covered = game_of(set(&["c3", "c5"]), set(&["c4", "e9"]), 0);
    assert!(EndgameTable::value(tb.as_ref(), &covered).is_some());
    let mut root = SearchPosition::new(covered, 30);
    root.read_endgame(endgame());
    assert!(!root.probes_tablebase());
    // Five pieces: c3xc5 takes c4 and leaves four.
    let g = game_of(set(&["c3", "a1", "e1"]), set(&["c4", "e9"]), 0);
    assert_eq!(EndgameTable::value(tb.as_ref(), &g), None);
    let mut pos = SearchPosition::new(g.clone(), 30);
    pos.read_endgame(endgame());
    assert!(pos.probes_tablebase());
    let capture = g.parse_move("c3xc5").unwrap();
    let _ = pos.make(capture);
    let status = pos.status(1).expect("a covered position");
    assert!(
        status.path_dependent,
        "a database value is not a proven game end"
    );
    let expected = match tb.value(&pos.game).unwrap() {
        (Wdl::Win, plies) => TABLEBASE_WIN - plies as i32,
        (Wdl::Loss, plies) => -TABLEBASE_WIN + plies as i32,
        (Wdl::Draw, _) => pos.draw_value(),
    };
    assert_eq!(status.value, expected);
    assert!(EndgameTable::value(tb.as_ref(), &pos.game).is_some());
}

#[test]
fn the_top_level_trades_into_the_endings_the_database_wins_and_not_into_those_it_loses() {
    use crate::control::SearchControl;
    use crate::eval::sholo_guti::Chaupal;
    use crate::search::Searcher;
    use chaupal_rules::GameKind;
    let tb = tb4();
    let top = crate::levels::level(GameKind::SholoGuti, 8).unwrap().search;
    assert!(top.tablebase);
    let below = crate::levels::level(GameKind::SholoGuti, 7).unwrap().search;
    assert!(!below.tablebase);
    let limits = SearchLimits {
        depth: Some(1),
        ..SearchLimits::default()
    };
    let cancel = AtomicBool::new(false);
    let eval = Chaupal::default();
    let best = |g: &SholoGuti, config: crate::search::SearchConfig| {
        let control = SearchControl::new(&limits, &cancel);
        let endgame = config.tablebase.then(|| tb.clone() as Arc<_>);
        Searcher::new(g, &eval, config, control)
            .reading_endgame(endgame)
            .run(&mut |_| {})
            .best_move
            .unwrap()
    };
    // Five pieces where a move wins, or where a capture loses and another draws (the other
    // moves keep five pieces: the database does not know them).
    let mut rng = StdRng::seed_from_u64(7);
    let (mut tried, mut missed_without) = (0, 0);
    while tried < 300 {
        let (own, enemy) = clustered(&mut rng, 5);
        let g = game_of(own, enemy, 0);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let values: Vec<Option<Wdl>> = moves.iter().map(|&mv| move_value(tb, &g, mv)).collect();
        let has = |v: Wdl| values.contains(&Some(v));
        let value_of = |mv: Move| values[moves.iter().position(|&m| m == mv).unwrap()];
        // Whether `mv` is what the database asks for here.
        let right = |mv: Move| {
            if has(Wdl::Win) {
                value_of(mv) == Some(Wdl::Win)
            } else {
                value_of(mv) != Some(Wdl::Loss)
            }
        };
        let wins = has(Wdl::Win) && values.iter().any(|v| *v != Some(Wdl::Win));
        let loses = has(Wdl::Loss) && has(Wdl::Draw);
        if !(wins || loses) {
            continue;
        }
        tried += 1;
        let chosen = best(&g, top.clone());
        assert!(
            right(chosen),
            "{}: {}",
            g.position_text(),
            g.move_text(chosen)
        );
        if !right(best(&g, below.clone())) {
            missed_without += 1;
        }
    }
    // The probe is what finds them: the same depth without it misses some.
    println!("level 7 at depth 1 missed {missed_without} of {tried}");
    assert!(
        missed_without > 0,
        "level 7's search found every one by itself"
    );
}

#[test]
fn a_review_of_an_ending_is_exact_and_finds_the_planted_blunder() {
    let engine = engine_with_tb4();
    let mut rng = StdRng::seed_from_u64(23);
    let mut reviewed = 0;
    while reviewed < 3 {
        let (own, enemy) = clustered(&mut rng, 4);
        let start = game_of(own, enemy, 0);
        if crate::perfect::review_check::a_planted_blunder_is_reviewed_exactly(
            tb4().as_ref(),
            &engine,
            &start,
            AnyGame::SholoGuti,
        ) {
            reviewed += 1;
        }
    }
}

/// Puzzles from the 4-piece database ([`crate::puzzles`]): in random close-fought endings, each
/// puzzle's every move of the solver is the only one the database keeps at the goal's result
/// (a win, or a draw against losses), and each defence is one of the defender's best.
#[test]
fn puzzles_from_the_database_are_proven_move_by_move() {
    use crate::puzzles::puzzle;
    use chaupal_rules::puzzle::Goal;
    let tb = tb4();
    // The database's result of a move for the mover: 2 win, 1 draw, 0 loss.
    let result = |g: &SholoGuti, mv: Move| -> u8 {
        let mover = g.side_to_move();
        let mut child = g.clone();
        child.make(mv);
        if let Some(o) = child.outcome() {
            return match o.winner() {
                Some(w) if w == mover => 2,
                Some(_) => 0,
                None => 1,
            };
        }
        let (wdl, _) = SholoGutiTb::value(tb, &child).expect("covered");
        let own = child.side_to_move() == mover;
        match (wdl, own) {
            (Wdl::Draw, _) => 1,
            (Wdl::Win, true) | (Wdl::Loss, false) => 2,
            _ => 0,
        }
    };
    let mut rng = StdRng::seed_from_u64(36);
    let (mut wins, mut draws) = (0, 0);
    for _ in 0..3_000 {
        let (own, enemy) = clustered(&mut rng, 4);
        let g = game_of(own, enemy, 0);
        let Some(p) = puzzle(&g, &**tb) else {
            continue;
        };
        let goal = if p.goal == Goal::Win { 2 } else { 1 };
        let mut position = g.clone();
        for mv in &p.line {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let results: Vec<u8> = moves.iter().map(|m| result(&position, *m)).collect();
            let best = *results.iter().max().unwrap();
            assert_eq!(result(&position, *mv), best, "{}", position.position_text());
            if position.side_to_move() == p.solver {
                assert_eq!(best, goal, "{}", position.position_text());
                let keeping = results.iter().filter(|r| **r == best).count();
                assert_eq!(
                    keeping,
                    1,
                    "not the only move: {}",
                    position.position_text()
                );
            }
            position.make(*mv);
        }
        match p.goal {
            Goal::Win => wins += 1,
            Goal::SaveDraw => draws += 1,
        }
    }
    assert!(wins > 50, "{wins} winning puzzles in 3,000 endings");
    eprintln!("puzzles from 3,000 four-piece endings: {wins} to win, {draws} to save the draw");
}
