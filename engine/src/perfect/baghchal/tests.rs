//! Tests of the database on the whole game under `captures-to-win` 1 and 2 (small enough for a
//! debug build; the same code solves the real game), and, when `CHAUPAL_TABLEBASE` names a
//! built file, of the real database.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use chaupal_rules::baghchal::board::{Points, bit};
use chaupal_rules::baghchal::{BaghChal, BaghChalRules};
use chaupal_rules::game::Outcome;
use chaupal_rules::{Game, Side};

use super::BaghChalTb;
use super::file;
use super::index::{Indexer, SYMMETRIES};
use super::lure::lure;
use super::solve::{self, SolveOptions};
use crate::engine::Engine;
use crate::memory::Memory;
use crate::perfect::Tablebases;
use crate::perfect::error::PerfectError;
use crate::perfect::player::TablebasePlayer;
use crate::perfect::probe::{PerfectPlay, Probe};
use crate::perfect::tablebase::{Choice, Tablebase, Wdl};
use crate::request::{EngineSpec, SearchLimits, SearchRequest, SearchResult};
use crate::run::testing::with_search;
use chaupal_rules::score::Score;

/// The whole game solved under `captures-to-win` = `k` (built once per test binary).
fn db(k: u8) -> &'static Arc<BaghChalTb> {
    static DBS: [OnceLock<Arc<BaghChalTb>>; 2] = [OnceLock::new(), OnceLock::new()];
    DBS[usize::from(k) - 1]
        .get_or_init(|| Arc::new(BaghChalTb::build(&SolveOptions::standard(k, 2)).unwrap()))
}

/// The database player's move for `request` in `g` (with the ordinary search where it asks
/// for one, as the engine runs it), or `None` when it leaves `g` to the search.
fn played(
    tb: &Arc<BaghChalTb>,
    g: &BaghChal,
    request: &SearchRequest,
    on_info: &mut dyn FnMut(&crate::request::SearchInfo),
) -> Option<SearchResult> {
    let player = TablebasePlayer(tb.clone());
    let cancel = AtomicBool::new(false);
    let played = with_search(g, |search| {
        player.play(g, request, search, &cancel, on_info)
    });
    match played {
        Ok(Probe::Played(result)) => Some(result),
        Ok(Probe::Search(_)) => None,
        Err(e) => panic!("{e}"),
    }
}

/// The ordinary search's answer for `request` in `g`, without the database.
fn searched(
    g: &BaghChal,
    request: &SearchRequest,
) -> Result<SearchResult, crate::request::AiError> {
    crate::run::search_game(
        g,
        request,
        &Default::default(),
        &mut Default::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

fn game(text: &str, k: u8) -> BaghChal {
    game_of(text, k, 20)
}

/// A position of the game of `goats` goats under `captures-to-win` = `k`.
fn game_of(text: &str, k: u8, goats: u8) -> BaghChal {
    let rules = BaghChalRules {
        captures_to_win: k,
        goats,
        ..BaghChalRules::default()
    };
    BaghChal::from_position_text(text, rules).unwrap()
}

/// The smaller game the tests solve whole (movement and placement phases): [`SMALL_GOATS`]
/// goats, the tigers winning at capture [`SMALL_K`].
pub(super) const SMALL_GOATS: u8 = 3;
/// See [`SMALL_GOATS`].
pub(super) const SMALL_K: u8 = 2;

/// The movement phase of the smaller game, solved once per test binary.
pub(super) fn small_db() -> &'static Arc<BaghChalTb> {
    static DB: OnceLock<Arc<BaghChalTb>> = OnceLock::new();
    DB.get_or_init(|| {
        let options = SolveOptions {
            captures_to_win: SMALL_K,
            goats: SMALL_GOATS,
            threads: 2,
        };
        Arc::new(BaghChalTb::build(&options).unwrap())
    })
}

/// The position text of two point sets, with no goat in hand.
fn text_of(tigers: Points, goats: Points, side: Side, captured: u8) -> String {
    text_in_placement(tigers, goats, side, 0, captured)
}

pub(super) use super::text_in_placement;

/// A small xorshift generator, so runs repeat.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A random set of `count` points outside `taken`.
    fn points(&mut self, count: u32, taken: Points) -> Points {
        let mut set: Points = 0;
        while set.count_ones() < count {
            let p = bit(self.below(25) as u8);
            if (set | taken) & p == 0 {
                set |= p;
            }
        }
        set
    }
    /// A random movement-phase position with `captured` goats taken, under `k`.
    fn position(&mut self, captured: u8, k: u8) -> BaghChal {
        self.position_of(captured, k, 20)
    }
    /// A random movement-phase position of the game of `total` goats.
    fn position_of(&mut self, captured: u8, k: u8, total: u8) -> BaghChal {
        let tigers = self.points(4, 0);
        let goats = self.points(u32::from(total - captured), tigers);
        let side = if self.next() & 1 == 0 {
            Side::First
        } else {
            Side::Second
        };
        game_of(&text_of(tigers, goats, side, captured), k, total)
    }
}

/// What a full-width search proves within `depth` plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Win(u32),
    Loss(u32),
    Unknown,
}

/// Full-width minimax on the shared rules, independent of the solver: exact when it proves.
fn prove(g: &mut BaghChal, depth: u32) -> Proof {
    if let Some(outcome) = g.outcome() {
        return match outcome {
            Outcome::Win { winner, .. } if winner == g.side_to_move() => Proof::Win(0),
            Outcome::Win { .. } => Proof::Loss(0),
            Outcome::Draw { .. } => Proof::Unknown,
        };
    }
    if depth == 0 {
        return Proof::Unknown;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let (mut best_win, mut all_lost, mut longest) = (None::<u32>, true, 0);
    for mv in moves {
        let undo = g.make(mv);
        let r = prove(g, depth - 1);
        g.unmake(mv, undo);
        match r {
            Proof::Loss(n) => best_win = Some(best_win.map_or(n + 1, |b| b.min(n + 1))),
            Proof::Win(n) => longest = longest.max(n + 1),
            Proof::Unknown => all_lost = false,
        }
    }
    match best_win {
        Some(w) => Proof::Win(w),
        None if all_lost => Proof::Loss(longest),
        None => Proof::Unknown,
    }
}

/// What the search must say given the database's value and the depth.
fn expected(value: (Wdl, u32), depth: u32) -> Proof {
    match value {
        (Wdl::Win, p) if p <= depth => Proof::Win(p),
        (Wdl::Loss, p) if p <= depth => Proof::Loss(p),
        _ => Proof::Unknown,
    }
}

/// Compares the database with the search on `n` random positions per layer; returns how many
/// the search proved (wins, losses) and how many it left open.
fn agree_with_search(tb: &BaghChalTb, k: u8, n: usize, depth: u32, seed: u64) -> [usize; 3] {
    let mut rng = Rng(seed);
    let mut tally = [0; 3];
    for captured in 0..k {
        for _ in 0..n {
            let mut g = rng.position_of(captured, k, tb.goats());
            let value = tb.value(&g).unwrap();
            let proof = prove(&mut g, depth);
            assert_eq!(
                proof,
                expected(value, depth),
                "{} db {value:?}",
                g.position_text()
            );
            tally[match proof {
                Proof::Win(_) => 0,
                Proof::Loss(_) => 1,
                Proof::Unknown => 2,
            }] += 1;
        }
    }
    tally
}

/// Every symmetric image of random positions has the same value.
fn symmetric_values_agree(tb: &BaghChalTb, k: u8, n: usize, seed: u64) {
    let ix = Indexer::new();
    let mut rng = Rng(seed);
    for _ in 0..n {
        let captured = rng.below(u64::from(k)) as u8;
        let g = rng.position_of(captured, k, tb.goats());
        let value = tb.value(&g);
        for s in 0..SYMMETRIES {
            let (t, goats) = (ix.map(s, g.tigers()), ix.map(s, g.goats()));
            let text = text_of(t, goats, g.side_to_move(), captured);
            let image = game_of(&text, k, tb.goats());
            assert_eq!(tb.value(&image), value, "{} image {s}", g.position_text());
        }
    }
}

#[test]
fn trapped_tigers_lose_at_once_and_goats_without_a_move_lose() {
    for k in [1, 2] {
        let tb = db(k);
        // Every point but b3 holds a goat: no tiger can step or jump.
        let trapped = game("TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0", k);
        assert_eq!(tb.value(&trapped), Some((Wdl::Loss, 0)));
    }
    // The empty a1 and b1 are walled in by tigers: no goat can move.
    let stuck = game("GGGGT/GGGGG/GGGGG/TTGGG/2TGG g 0 1", 2);
    assert_eq!(db(2).value(&stuck), Some((Wdl::Loss, 0)));
}

#[test]
fn the_winning_capture_wins_in_one() {
    // One goat taken, the second wins: a1xc1.
    let g = game("TGGGT/GGGGG/GG1GG/GGGGG/TG1GT t 0 1", 2);
    assert_eq!(db(2).value(&g), Some((Wdl::Win, 1)));
    let choice = db(2).choose(&g).unwrap();
    assert_eq!(choice.best.to_string(), "a1xc1");
}

#[test]
fn goats_forced_to_give_up_a_goat_lose() {
    // a1 is the only empty point and b2 holds a tiger: a goat must step into a1 from b1 or a2,
    // and d1xb1 or a4xa2 takes it; under captures-to-win=1 that ends the game.
    let g = game("GGGGT/TGGGG/GGGGG/GTGGG/1GGTG g 0 0", 1);
    assert_eq!(db(1).value(&g), Some((Wdl::Loss, 2)));
    assert_eq!(prove(&mut g.clone(), 4), Proof::Loss(2));
    // Under captures-to-win=2 the goat is lost but not the game at once.
    let g = game("GGGGT/TGGGG/GGGGG/GTGGG/1GGTG g 0 0", 2);
    let (wdl, plies) = db(2).value(&g).unwrap();
    assert!(wdl == Wdl::Draw || plies > 2, "{wdl:?} {plies}");
}

#[test]
fn the_database_agrees_with_full_width_search() {
    let [wins, losses, open] = agree_with_search(db(1), 1, 300, 6, 7);
    assert!(
        wins > 10 && losses > 10 && open > 0,
        "{wins} {losses} {open}"
    );
    let [wins, losses, open] = agree_with_search(db(2), 2, 60, 5, 11);
    assert!(wins > 5 && losses > 0 && open > 0, "{wins} {losses} {open}");
}

#[test]
fn the_smaller_games_database_agrees_with_full_width_search() {
    let tb = small_db();
    assert_eq!((tb.goats(), tb.captures_to_win()), (SMALL_GOATS, SMALL_K));
    // 3 goats, then 2 on the board after a capture, either side to move.
    let positions = Indexer::new().class_count() as u64 * (1330 + 210) * 2;
    let total: u64 = tb
        .counts()
        .iter()
        .map(|c| c.wins + c.draws + c.losses)
        .sum();
    assert_eq!(total, positions);
    let [wins, losses, open] = agree_with_search(tb, SMALL_K, 40, 4, 31);
    assert!(wins > 5 && losses > 0 && open > 0, "{wins} {losses} {open}");
    symmetric_values_agree(tb, SMALL_K, 100, 37);
    // Only games of its goats.
    let g = game_of("T3T/5/1GGG1/5/T3T t 0 0", SMALL_K, SMALL_GOATS);
    assert!(tb.value(&g).is_some());
    let standard = game("TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0", SMALL_K);
    assert_eq!(tb.value(&standard), None);
    assert_eq!(db(2).value(&g), None);
}

#[test]
fn symmetric_positions_have_equal_values() {
    symmetric_values_agree(db(1), 1, 200, 3);
    symmetric_values_agree(db(2), 2, 200, 5);
}

#[test]
fn best_moves_keep_the_value() {
    let tb = db(2);
    let mut rng = Rng(99);
    let mut seen = [0; 3];
    for _ in 0..300 {
        let captured = rng.below(2) as u8;
        let g = rng.position(captured, 2);
        if g.outcome().is_some() {
            continue;
        }
        let (wdl, plies) = tb.value(&g).unwrap();
        let choice = tb.choose(&g).unwrap();
        assert_eq!(
            (choice.wdl, choice.plies),
            (wdl, plies),
            "{}",
            g.position_text()
        );
        let mut child = g.clone();
        child.make(choice.best);
        let after = match child.outcome() {
            Some(_) => (Wdl::Loss, 0),
            None => tb.value(&child).unwrap(),
        };
        let want = match wdl {
            Wdl::Win => (Wdl::Loss, plies - 1),
            Wdl::Loss => (Wdl::Win, plies - 1),
            Wdl::Draw => (Wdl::Draw, 0),
        };
        assert_eq!(after, want, "{} {}", g.position_text(), choice.best);
        seen[wdl as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn the_file_round_trips_and_damage_is_refused() {
    let ix = Indexer::new();
    let solved =
        solve::solve(&ix, &SolveOptions::standard(1, 1), &crate::progress::Silent).unwrap();
    let bytes = file::encode(&ix, &solved);
    let decoded = file::decode(&ix, bytes.clone()).unwrap();
    assert_eq!(decoded.captures_to_win, 1);
    assert_eq!(decoded.goats, 20);
    // A file whose capture target is more than its goats is no database.
    let impossible = solve::Solved {
        captures_to_win: 2,
        goats: 1,
        layers: vec![Vec::new(), Vec::new()],
    };
    assert!(matches!(
        file::decode(&ix, file::encode(&ix, &impossible)),
        Err(PerfectError::Corrupt(_))
    ));
    assert_eq!(decoded.counts, file::count(&solved));
    let total = decoded.counts.iter().map(|c| c.wins + c.draws + c.losses);
    assert_eq!(total.sum::<u64>(), (ix.class_count() * 21 * 2) as u64);

    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert!(matches!(
        file::decode(&ix, bad),
        Err(PerfectError::BadMagic(_))
    ));
    let mut bad = bytes.clone();
    bad[8] = 9;
    assert!(matches!(
        file::decode(&ix, bad),
        Err(PerfectError::BadVersion { found: 9, .. })
    ));
    let mut bad = bytes.clone();
    let middle = bad.len() / 2;
    bad[middle] ^= 0x40;
    assert!(matches!(
        file::decode(&ix, bad),
        Err(PerfectError::Checksum { .. })
    ));
    let mut bad = bytes.clone();
    bad.truncate(bytes.len() - 3);
    assert!(matches!(
        file::decode(&ix, bad),
        Err(PerfectError::Corrupt(_))
    ));
    assert!(matches!(
        file::decode(&ix, bytes[..20].to_vec()),
        Err(PerfectError::Corrupt(_))
    ));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.tb");
    std::fs::write(&path, file::encode(&ix, &solved)).unwrap();
    let tb = BaghChalTb::load(&path).unwrap();
    let g = game("TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0", 1);
    assert_eq!(tb.value(&g), Some((Wdl::Loss, 0)));
    assert!(matches!(
        BaghChalTb::load(&dir.path().join("missing.tb")),
        Err(PerfectError::Io(_))
    ));
}

#[test]
fn the_database_answers_only_for_its_rules_and_the_movement_phase() {
    let tb = db(1);
    let five = BaghChal::from_position_text(
        "TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0",
        BaghChalRules::default(),
    );
    assert_eq!(tb.value(&five.unwrap()), None);
    let placing = game("T3T/5/5/5/T3T g 20 0", 1);
    assert_eq!(tb.value(&placing), None);
    let forbidden = game(
        "TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0 repetition=forbidden",
        1,
    );
    assert_eq!(tb.value(&forbidden), None);
}

/// A request for the top level, searching drawn positions to `depth`.
fn level_8_at_depth(depth: u32) -> SearchRequest {
    SearchRequest::new(
        EngineSpec::Level(8),
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        },
        0,
    )
}

#[test]
fn in_a_drawn_position_the_top_level_avoids_moves_that_let_the_game_repeat() {
    use super::play::allows_repetition;
    let tb = db(2);
    let request = level_8_at_depth(2);
    let mut rng = Rng(77);
    let (mut games, mut decisive) = (0, 0);
    while games < 4 {
        let captured = rng.below(2) as u8;
        let mut g = rng.position(captured, 2);
        let drawn_with_choice = g.outcome().is_none()
            && tb
                .choose(&g)
                .is_some_and(|c| c.wdl == Wdl::Draw && c.draws.len() > 1);
        if !drawn_with_choice {
            continue;
        }
        let top = g.side_to_move();
        // The opponent always plays the database's first drawing move: a shuffler.
        for _ in 0..60 {
            if g.outcome().is_some() {
                break;
            }
            let mv = if g.side_to_move() == top {
                let out = played(tb, &g, &request, &mut |_| {}).unwrap();
                let mv = g.parse_move(out.best_move.as_deref().unwrap()).unwrap();
                if let Some(choice) = tb.choose(&g).filter(|c| c.wdl == Wdl::Draw) {
                    let repeating = choice.draws.iter().filter(|&&m| allows_repetition(&g, m));
                    let repeating: Vec<_> = repeating.copied().collect();
                    if !repeating.is_empty() && repeating.len() < choice.draws.len() {
                        decisive += 1;
                        assert!(
                            !repeating.contains(&mv),
                            "{}: {mv} lets the game repeat",
                            g.position_text()
                        );
                    }
                }
                mv
            } else {
                tb.choose(&g).unwrap().best
            };
            g.make(mv);
        }
        games += 1;
    }
    assert!(decisive > 0, "no position where repeating was a choice");
}

#[test]
fn the_top_level_plays_from_the_database_and_reports_its_value() {
    let tb = db(2);
    let g = game("TGGGT/GGGGG/GG1GG/GGGGG/TG1GT t 0 1", 2);
    let request = level_8_at_depth(2);
    let mut infos = Vec::new();
    let result = played(tb, &g, &request, &mut |i| infos.push(i.clone())).unwrap();
    assert_eq!(result.best_move.as_deref(), Some("a1xc1"));
    assert_eq!(infos.len(), 1);
    assert_eq!(infos[0].score, Score::Win(1));
    assert_eq!(infos[0].pv, vec!["a1xc1".to_owned()]);

    // Through an engine built with the database and its entry point, as the server and
    // `bestmove` do.
    let engine = Engine::new().with_tablebases(Tablebases {
        baghchal: Some(tb.clone()),
        ..Tablebases::default()
    });
    let mut rng = Rng(2024);
    let mut checked = 0;
    while checked < 20 {
        let captured = rng.below(2) as u8;
        let g = rng.position(captured, 2);
        if g.outcome().is_some() {
            continue;
        }
        let (wdl, plies) = tb.value(&g).unwrap();
        let any = chaupal_rules::AnyGame::BaghChal(g.clone());
        let mut last = None;
        let result = engine
            .search(
                &any,
                &request,
                &mut Memory::default(),
                &AtomicBool::new(false),
                &mut |i| last = Some(i.score),
            )
            .unwrap();
        let want = match wdl {
            Wdl::Win => Score::Win(plies),
            Wdl::Loss => Score::Loss(plies),
            Wdl::Draw => Score::Draw,
        };
        assert_eq!(last, Some(want), "{}", g.position_text());
        let mv = g.parse_move(result.best_move.as_deref().unwrap()).unwrap();
        let keeps = tb
            .move_values(&g)
            .unwrap()
            .iter()
            .any(|&(m, w, p)| m == mv && w == wdl && (wdl == Wdl::Draw || p == plies));
        assert!(keeps, "{} {mv}", g.position_text());
        checked += 1;
    }
}

/// The real database, when `CHAUPAL_TABLEBASE` names the file (`cargo test -p chaupal-server
/// --lib real_database -- --nocapture`): hand-built positions, symmetry, and agreement with
/// full-width search on random positions of every layer.
#[test]
fn real_database() {
    let Ok(path) = std::env::var("CHAUPAL_TABLEBASE") else {
        return;
    };
    let tb = BaghChalTb::load(std::path::Path::new(&path)).unwrap();
    assert_eq!(tb.captures_to_win(), 5);
    let v = |text: &str| tb.value(&game(text, 5));
    assert_eq!(
        v("TGGGT/GGGGG/G1GGG/GGGGG/TGGGT t 0 0"),
        Some((Wdl::Loss, 0))
    );
    assert_eq!(
        v("TGGGT/G1G1G/GG1GG/GGGG1/TG1GT t 0 4"),
        Some((Wdl::Win, 1))
    );
    symmetric_values_agree(&tb, 5, 300, 17);
    let depth: u32 = std::env::var("CHAUPAL_TABLEBASE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let per_layer: usize = std::env::var("CHAUPAL_TABLEBASE_POSITIONS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(200);
    let tally = agree_with_search(&tb, 5, per_layer, depth, 23);
    println!(
        "real database vs search (depth {depth}, {per_layer} positions per layer): \
         proven wins {} losses {}, unproven {}",
        tally[0], tally[1], tally[2]
    );
}

/// A random position in the placement phase with `hand` goats still to place.
fn placing(rng: &mut Rng, hand: u8, captured: u8, k: u8) -> BaghChal {
    let tigers = rng.points(4, 0);
    let goats = rng.points(20 - u32::from(hand + captured), tigers);
    let side = if rng.next() & 1 == 0 {
        Side::First
    } else {
        Side::Second
    };
    let text = text_in_placement(tigers, goats, side, hand, captured);
    game(&text, k)
}

#[test]
fn the_last_placements_are_searched_through_to_the_database() {
    let tb = db(2);
    let mut rng = Rng(4242);
    let (mut proven, mut open) = (0, 0);
    for hand in 1..=super::AHEAD_HAND {
        for _ in 0..40 {
            let captured = rng.below(2) as u8;
            let mut g = placing(&mut rng, hand, captured, 2);
            assert_eq!(g.goats_in_hand(), hand);
            if g.outcome().is_some() {
                continue;
            }
            assert_eq!(tb.value(&g), None, "only the movement phase is stored");
            let value = tb.value_ahead(&g).unwrap();
            let depth = 6;
            let proof = prove(&mut g, depth);
            assert_eq!(
                proof,
                expected(value, depth),
                "{} ahead {value:?}",
                g.position_text()
            );
            let choice = tb.choose(&g).unwrap();
            assert_eq!((choice.wdl, choice.plies), value);
            if proof == Proof::Unknown {
                open += 1;
            } else {
                proven += 1;
            }
        }
    }
    assert!(proven > 0 && open > 0, "proven {proven}, open {open}");
    let early = placing(&mut rng, super::AHEAD_HAND + 1, 0, 2);
    assert_eq!(tb.value_ahead(&early), None);
    assert_eq!(tb.choose(&early), None);
}

/// The replies to `mv` the database says lose for the opponent, found with `value` alone.
fn losing_replies(tb: &BaghChalTb, g: &BaghChal, mv: chaupal_rules::baghchal::Move) -> usize {
    let mut after = g.clone();
    after.make(mv);
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    replies
        .into_iter()
        .filter(|&r| {
            let mut next = after.clone();
            next.make(r);
            match next.outcome() {
                Some(Outcome::Win { winner, .. }) => winner == g.side_to_move(),
                Some(_) => false,
                None => tb.value(&next).is_some_and(|(w, _)| w == Wdl::Win),
            }
        })
        .count()
}

/// A random position of the `captures-to-win` 2 database that is drawn with more than one
/// drawing move, with the database's choice; `None` when the one drawn is not.
fn drawn_with_choice(
    tb: &BaghChalTb,
    rng: &mut Rng,
) -> Option<(BaghChal, Choice<chaupal_rules::baghchal::Move>)> {
    let captured = rng.below(2) as u8;
    let g = rng.position(captured, 2);
    let choice = tb
        .choose(&g)
        .filter(|c| c.wdl == Wdl::Draw && c.draws.len() > 1)?;
    Some((g, choice))
}

/// A drawn position with a choice ([`drawn_with_choice`]) and its drawing moves that neither
/// end the game by repetition nor let the opponent do so at once.
#[allow(clippy::type_complexity)]
fn drawn_with_fresh_moves(
    tb: &BaghChalTb,
    rng: &mut Rng,
) -> Option<(
    BaghChal,
    Choice<chaupal_rules::baghchal::Move>,
    Vec<chaupal_rules::baghchal::Move>,
)> {
    let (g, choice) = drawn_with_choice(tb, rng)?;
    let fresh = choice
        .draws
        .iter()
        .copied()
        .filter(|&m| !super::play::allows_repetition(&g, m))
        .collect();
    Some((g, choice, fresh))
}

#[test]
fn when_its_search_would_give_the_draw_away_the_top_level_sets_the_most_traps() {
    use super::swindle::{best_traps, trap_score};
    let tb = db(2);
    let request = level_8_at_depth(1);
    let mut rng = Rng(99);
    let (mut scored, mut rescued, mut not_first) = (0, 0, 0);
    for _ in 0..5000 {
        if rescued >= 5 && not_first > 0 {
            break;
        }
        let Some((g, _, fresh)) = drawn_with_fresh_moves(tb, &mut rng) else {
            continue;
        };
        for &m in &fresh {
            let s = trap_score(tb, &g, m);
            assert_eq!(
                s > 0,
                losing_replies(tb, &g, m) > 0,
                "{} {m}",
                g.position_text()
            );
            scored += usize::from(s > 0);
        }
        let searched = searched(&g, &request)
            .unwrap()
            .best_move
            .and_then(|t| g.parse_move(&t).ok())
            .unwrap();
        let out = played(tb, &g, &request, &mut |_| {}).unwrap();
        let mv = g.parse_move(out.best_move.as_deref().unwrap()).unwrap();
        // A lure comes first (its own test below).
        if let Some(lured) = with_search(&g, |search| lure(tb.as_ref(), &g, &fresh, search)) {
            assert_eq!(mv, lured, "{}", g.position_text());
            continue;
        }
        if fresh.contains(&searched) {
            assert_eq!(mv, searched, "{}", g.position_text());
            continue;
        }
        let traps = best_traps(tb, &g, &fresh);
        assert_eq!(mv, traps[0], "{}", g.position_text());
        let top = trap_score(tb, &g, mv);
        assert!(fresh.iter().all(|&m| trap_score(tb, &g, m) <= top));
        rescued += 1;
        if mv != fresh[0] {
            not_first += 1;
        }
    }
    assert!(scored > 0, "no drawing move set a trap");
    assert!(
        rescued >= 5 && not_first > 0,
        "rescued {rescued}, not first {not_first}"
    );
}

#[test]
fn in_a_drawn_position_the_top_level_lures_a_searching_opponent_into_a_losing_reply() {
    use super::lure::MODEL_DEPTHS;
    use crate::model_opponent;
    let tb = db(2);
    let request = level_8_at_depth(1);
    let mut rng = Rng(4242);
    let (mut lured, mut unlured) = (0, 0);
    for _ in 0..5000 {
        if lured >= 4 && unlured >= 2 {
            break;
        }
        let Some((g, choice, fresh)) = drawn_with_fresh_moves(tb, &mut rng) else {
            continue;
        };
        if fresh.is_empty() {
            continue;
        }
        // How many models each drawing move catches: their reply after it loses the draw.
        let caught = |m| {
            let mut after = g.clone();
            after.make(m);
            if after.outcome().is_some() {
                return 0;
            }
            MODEL_DEPTHS
                .iter()
                .filter(|&&d| {
                    let mut next = after.clone();
                    next.make(model_opponent::reply(&after, d).unwrap());
                    match next.outcome() {
                        Some(o) => o.winner() == Some(g.side_to_move()),
                        None => tb.value(&next).is_some_and(|(wdl, _)| {
                            wdl == if next.side_to_move() == g.side_to_move() {
                                Wdl::Win
                            } else {
                                Wdl::Loss
                            }
                        }),
                    }
                })
                .count()
        };
        let counts: Vec<usize> = fresh.iter().map(|&m| caught(m)).collect();
        let most = counts.iter().copied().max().unwrap_or(0);
        match with_search(&g, |search| lure(tb.as_ref(), &g, &fresh, search)) {
            Some(m) => {
                // It keeps the draw, and no drawing move catches more models.
                assert!(choice.draws.contains(&m), "{}", g.position_text());
                let i = fresh.iter().position(|&x| x == m).unwrap();
                assert!(counts[i] > 0 && counts[i] == most, "{}", g.position_text());
                let out = played(tb, &g, &request, &mut |_| {}).unwrap();
                assert_eq!(out.best_move, Some(g.move_text(m)), "{}", g.position_text());
                lured += 1;
            }
            None => {
                assert_eq!(most, 0, "{}", g.position_text());
                unlured += 1;
            }
        }
    }
    assert!(lured >= 4 && unlured >= 2, "lured {lured}, not {unlured}");
}

#[test]
fn traps_are_set_in_positions_the_game_has_not_seen() {
    use super::swindle::{best_traps, seen_after};
    use chaupal_rules::baghchal::{Move, MoveKind};
    let tb = db(2);
    let step_back = |m: Move| Move::step(m.to(), m.from());
    let mut rng = Rng(5150);
    let mut checked = 0;
    for _ in 0..20_000 {
        if checked == 5 {
            break;
        }
        let Some((g, choice)) = drawn_with_choice(tb, &mut rng) else {
            continue;
        };
        let first = best_traps(tb, &g, &choice.draws);
        let [m] = first[..] else { continue };
        if m.kind() != MoveKind::Step {
            continue;
        }
        // Go there and back, the opponent stepping out and back too.
        let mut h = g.clone();
        h.make(m);
        let Some(choice_r) = tb.choose(&h).filter(|c| c.wdl == Wdl::Draw) else {
            continue;
        };
        let Some(&r) = choice_r.draws.iter().find(|r| r.kind() == MoveKind::Step) else {
            continue;
        };
        h.make(r);
        let mut legal = Vec::new();
        h.legal_moves(&mut legal);
        if !legal.contains(&step_back(m)) {
            continue;
        }
        h.make(step_back(m));
        legal.clear();
        h.legal_moves(&mut legal);
        if !legal.contains(&step_back(r)) || h.outcome().is_some() {
            continue;
        }
        h.make(step_back(r));
        assert_eq!(h.position_text(), g.position_text());
        assert_eq!(seen_after(&h, m), 1);
        let unseen = choice
            .draws
            .iter()
            .any(|&d| d != m && seen_after(&h, d) == 0);
        if !unseen || h.outcome().is_some() {
            continue;
        }
        let again = best_traps(tb, &h, &choice.draws);
        assert!(
            !again.contains(&m),
            "{}: back to a position seen",
            g.position_text()
        );
        assert!(again.iter().all(|&d| seen_after(&h, d) == 0));
        checked += 1;
    }
    assert_eq!(checked, 5, "too few positions to go there and back");
}

#[test]
fn a_review_in_the_databases_positions_is_exact_and_finds_the_planted_blunder() {
    let tb = db(2);
    let engine = Engine::new().with_tablebases(Tablebases {
        baghchal: Some(tb.clone()),
        ..Tablebases::default()
    });
    let mut rng = Rng(77);
    let mut reviewed = 0;
    while reviewed < 3 {
        let captured = rng.below(2) as u8;
        let start = rng.position(captured, 2);
        if start.outcome().is_none()
            && crate::perfect::review_check::a_planted_blunder_is_reviewed_exactly(
                tb.as_ref(),
                &engine,
                &start,
                chaupal_rules::AnyGame::BaghChal,
            )
        {
            reviewed += 1;
        }
    }
}
