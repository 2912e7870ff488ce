//! Tests of the top level playing the placement phase from the databases, on the small game of
//! 3 goats: the engine loads the layers from a tablebase directory (with distances only), and
//! at level 8 it never plays a move that loses value and, among the moves that keep it, plays
//! one that leaves the opponent the largest share of losing replies; a game's review is exact
//! from its first move; placement positions make exact puzzles, proven again; and the sampling
//! check of `--verify` passes on a solved database and finds damage in one.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chaupal_rules::baghchal::BaghChal;
use chaupal_rules::baghchal::board::{ALL_POINTS, Points, bit};
use chaupal_rules::score::Score;
use chaupal_rules::{AnyGame, Game, Side};

use super::super::BaghChalTb;
use super::super::tests::{SMALL_GOATS, SMALL_K, small_db};
use super::file::layer_path;
use super::play::mistake_share;
use super::tests::{made_up_db, made_up_db_drawn, solved_on};
use super::values::Width;
use super::verify::{VerifyError, verify_forward, verify_part, verify_sample};
use super::{PlacementTb, Residence};
use crate::engine::Engine;
use crate::memory::Memory;
use crate::perfect::Tablebases;
use crate::perfect::tablebase::{Tablebase, Wdl};
use crate::request::{EngineSpec, SearchLimits, SearchRequest};

/// A tablebase directory: `movement` as `baghchal.tb`, and the placement phase solved on it at
/// `width`.
fn directory(movement: &BaghChalTb, width: Width) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("baghchal.tb"), movement.file_bytes()).unwrap();
    solved_on(movement, dir.path(), width).unwrap();
    dir
}

/// The databases of `dir`, loaded as the server and the lab load them.
fn loaded(dir: &Path) -> Tablebases {
    Tablebases::load_dir(dir).unwrap()
}

/// A small random number generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// `count` random points outside `taken`.
    fn points(&mut self, count: u32, taken: Points) -> Points {
        let mut set: Points = 0;
        while set.count_ones() < count {
            let p = bit(self.below(25) as u8);
            if p & (taken | set) == 0 && p & ALL_POINTS != 0 {
                set |= p;
            }
        }
        set
    }

    /// A random position of the small game's placement phase, not over.
    fn placement_position(&mut self) -> BaghChal {
        loop {
            let in_hand = 1 + self.below(u64::from(SMALL_GOATS)) as u8;
            let captured = self.below(u64::from(SMALL_K)) as u8;
            let Some(on_board) = SMALL_GOATS.checked_sub(in_hand + captured) else {
                continue;
            };
            let tigers = self.points(4, 0);
            let goats = self.points(u32::from(on_board), tigers);
            let side = if self.below(2) == 0 {
                Side::First
            } else {
                Side::Second
            };
            let game = super::tests::position(SMALL_K, tigers, goats, side, in_hand, captured);
            if game.outcome().is_none() {
                return game;
            }
        }
    }
}

#[test]
fn the_engine_loads_placement_layers_with_distances_and_refuses_them_without() {
    let movement = made_up_db(SMALL_K);
    let dir = directory(&movement, Width::Plies);
    let tbs = loaded(dir.path());
    assert!(tbs.baghchal.is_some() && tbs.baghchal_placement.is_some());
    assert!(
        tbs.files
            .iter()
            .any(|f| f.covers.starts_with("the placement phase")),
        "{:?}",
        tbs.files
    );

    let two_bits = directory(&movement, Width::Wdl);
    let refused = Tablebases::load_dir(two_bits.path()).err().unwrap();
    assert!(refused.to_string().contains("--distances"), "{refused}");

    // The movement database alone still loads, without the placement phase.
    let alone = tempfile::tempdir().unwrap();
    std::fs::write(alone.path().join("baghchal.tb"), movement.file_bytes()).unwrap();
    let tbs = loaded(alone.path());
    assert!(tbs.baghchal.is_some() && tbs.baghchal_placement.is_none());
}

/// The value of a move for its mover, by the database.
fn value_of(tb: &PlacementTb, game: &BaghChal, text: &str) -> (Wdl, u32) {
    let mv = game.parse_move(text).unwrap();
    let values = Tablebase::move_values(tb, game).unwrap();
    let &(_, wdl, plies) = values.iter().find(|(m, _, _)| *m == mv).unwrap();
    (wdl, plies)
}

#[test]
fn level_8_never_loses_value_in_a_thousand_placement_positions_and_sets_the_most_traps() {
    // Made-up movement values, most of them drawn, give the placement phase wins, draws and
    // losses for both sides.
    let movement = made_up_db_drawn(SMALL_K, 5);
    let dir = directory(&movement, Width::Plies);
    let tbs = loaded(dir.path());
    let tb: Arc<PlacementTb> = tbs.baghchal_placement.clone().unwrap();
    let engine = Engine::new().with_tablebases(tbs);
    let request = SearchRequest::new(
        EngineSpec::Level(8),
        SearchLimits {
            depth: Some(1),
            ..SearchLimits::default()
        },
        0,
    );
    let mut rng = Rng(0x05ee_d0f9_0a75);
    let mut kinds = [0u32; 3];
    let mut with_a_choice = 0;
    // A thousand positions at least, and enough drawn ones (rarer here) among them.
    let mut tried = 0;
    while kinds.iter().sum::<u32>() < 1000 || kinds[Wdl::Draw as usize] < 10 {
        tried += 1;
        assert!(tried < 50_000, "{kinds:?}");
        let game = rng.placement_position();
        let (wdl, plies) = Tablebase::value(tb.as_ref(), &game).unwrap();
        if wdl != Wdl::Draw && kinds.iter().sum::<u32>() >= 1000 {
            continue;
        }
        let mut last = None;
        let result = engine
            .search(
                &AnyGame::BaghChal(game.clone()),
                &request,
                &mut Memory::default(),
                &AtomicBool::new(false),
                &mut |info| last = Some(info.score),
            )
            .unwrap();
        let played = result.best_move.unwrap();
        let text = game.position_text();
        // The value kept, and reported exactly.
        let (kept, kept_plies) = value_of(&tb, &game, &played);
        assert_eq!(kept, wdl, "{text}: {played}");
        let want = match wdl {
            Wdl::Win => Score::Win(plies),
            Wdl::Draw => Score::Draw,
            Wdl::Loss => Score::Loss(plies),
        };
        assert_eq!(last, Some(want), "{text}");
        kinds[wdl as usize] += 1;
        // Among the moves that keep the value, none leaves more losing replies (after a lure); a win is the
        // fastest, a loss the slowest.
        let values = Tablebase::move_values(tb.as_ref(), &game).unwrap();
        let keeping: Vec<_> = values.iter().filter(|v| v.1 == wdl).collect();
        if wdl == Wdl::Win {
            assert!(
                keeping.iter().all(|v| v.2 >= kept_plies),
                "{text}: {played}"
            );
            continue;
        }
        // In a drawn position a lure comes first (`lure`'s own test is the movement phase's).
        let drawing: Vec<_> = keeping.iter().map(|v| v.0).collect();
        if wdl == Wdl::Draw
            && let Some(lured) = crate::run::testing::with_search(&game, |search| {
                crate::perfect::baghchal::lure::lure(tb.as_ref(), &game, &drawing, search)
            })
        {
            assert_eq!(played, game.move_text(lured), "{text}");
            continue;
        }
        let share = mistake_share(&tb, &game, game.parse_move(&played).unwrap());
        for &&(mv, _, p) in &keeping {
            let other = mistake_share(&tb, &game, mv);
            assert!(other <= share, "{text}: {played}");
            if wdl == Wdl::Loss && other == share {
                assert!(p <= kept_plies, "{text}: {played}");
            }
        }
        if keeping
            .iter()
            .any(|&&(mv, _, _)| mistake_share(&tb, &game, mv) != share)
        {
            with_a_choice += 1;
        }
    }
    assert!(kinds[0] > 100 && kinds[2] > 100, "{kinds:?}");
    assert!(with_a_choice > 20, "{with_a_choice}");
}

#[test]
fn the_sampling_check_passes_on_solved_layers_and_finds_damaged_values() {
    let movement = made_up_db_drawn(SMALL_K, 3);
    for width in [Width::Plies, Width::Wdl] {
        let dir = directory(&movement, width);
        let tb = PlacementTb::open(
            dir.path(),
            Arc::new(made_up_db_drawn(SMALL_K, 3)),
            Residence::Disk,
        )
        .unwrap();
        let mut layers = Vec::new();
        let verified = verify_sample(&tb, 300, 7, &mut |placed, _| layers.push(placed)).unwrap();
        assert_eq!(layers, [0, 1, 2]);
        assert_eq!(verified.positions, 3 * 2 * 300);
        assert_eq!(
            verified.wins + verified.draws + verified.losses,
            verified.positions
        );
        assert!(
            verified.wins > 0 && verified.draws > 0 && verified.losses > 0,
            "{verified:?}"
        );
        // Every position at the boundary: the last layer, goats to move.
        let boundary = verify_part(&tb, SMALL_GOATS - 1, Side::First, 2).unwrap();
        assert_eq!(boundary.positions, tb_part_len(&tb, SMALL_GOATS - 1));
        // A search over the rules' moves agrees, in every layer.
        let forward = verify_forward(&tb, 300, 9, 0).unwrap();
        assert_eq!(forward.positions, 300);
        assert!(
            forward.wins > 0 && forward.draws > 0 && forward.losses > 0,
            "{forward:?}"
        );

        // The middle half of layer 2's file overwritten after opening (the disk probe reads
        // values as they are asked for): the check finds a value that is not its best move's.
        let path = layer_path(dir.path(), 2);
        let mut bytes = std::fs::read(&path).unwrap();
        let len = bytes.len();
        for b in &mut bytes[len / 4..3 * len / 4] {
            *b = !*b;
        }
        std::fs::write(&path, bytes).unwrap();
        match verify_sample(&tb, 300, 7, &mut |_, _| {}) {
            Err(VerifyError::Wrong { .. }) => {}
            other => panic!("{width:?}: {other:?}"),
        }
        match verify_forward(&tb, 300, 9, 2) {
            Err(VerifyError::Wrong { .. }) => {}
            other => panic!("{width:?}: {other:?}"),
        }
    }
}

/// The positions of one part of layer `placed`.
fn tb_part_len(tb: &PlacementTb, placed: u8) -> u64 {
    super::index::Layout::new(tb.movement().indexer(), SMALL_GOATS, SMALL_K).part_len(placed)
}

#[test]
fn a_review_is_exact_for_every_move_from_the_first() {
    // The real small game: the tigers win from the start, sooner or later.
    let movement = small_db();
    let dir = directory(movement, Width::Plies);
    let tbs = loaded(dir.path());
    let tb: Arc<PlacementTb> = tbs.baghchal_placement.clone().unwrap();
    let engine = Engine::new().with_tablebases(tbs);
    let mut rng = Rng(0xbead_5eed);
    let exact = |game: &BaghChal| match Tablebase::value(tb.as_ref(), game).unwrap() {
        (Wdl::Win, n) => Score::Win(n),
        (Wdl::Loss, n) => Score::Loss(n),
        (Wdl::Draw, _) => Score::Draw,
    };
    for _ in 0..3 {
        // A game of random moves, placement and movement, to its end or 16 plies.
        let start = BaghChal::start(super::tests::small_rules(SMALL_K));
        let mut game = start.clone();
        let mut moves = Vec::new();
        let mut positions = vec![game.clone()];
        while game.outcome().is_none() && moves.len() < 16 {
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let mv = legal[rng.below(legal.len() as u64) as usize];
            moves.push(game.move_text(mv));
            game.make(mv);
            positions.push(game.clone());
        }
        let review = crate::review::review(
            &engine,
            chaupal_rules::record::GameId(1),
            &AnyGame::BaghChal(start),
            &moves,
            1,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap();
        assert_eq!(review.plies.len(), moves.len());
        for (i, ply) in review.plies.iter().enumerate() {
            let (before, after) = (&positions[i], &positions[i + 1]);
            assert_eq!(ply.before, exact(before), "ply {} of {moves:?}", i + 1);
            if after.outcome().is_none() {
                let flipped = match exact(after) {
                    Score::Win(n) => Score::Loss(n),
                    Score::Loss(n) => Score::Win(n),
                    other => other,
                };
                assert_eq!(ply.after, flipped, "ply {} of {moves:?}", i + 1);
            }
        }
    }
}

#[test]
fn placement_positions_make_exact_puzzles_that_are_proven_again() {
    let movement = made_up_db_drawn(SMALL_K, 3);
    let dir = directory(&movement, Width::Plies);
    let tb = loaded(dir.path()).baghchal_placement.unwrap();
    let oracle: &dyn crate::puzzles::Oracle<BaghChal> = tb.as_ref();
    let mut rng = Rng(0x7002_21e5);
    let (mut wins, mut draws) = (0, 0);
    for _ in 0..3000 {
        let game = rng.placement_position();
        let Some(p) = crate::puzzles::puzzle(&game, oracle) else {
            continue;
        };
        assert!(p.line.len() <= 12, "{}", game.position_text());
        crate::puzzles::prove(&game, p.goal, &p.line, oracle).unwrap();
        match p.goal {
            chaupal_rules::puzzle::Goal::Win => wins += 1,
            chaupal_rules::puzzle::Goal::SaveDraw => draws += 1,
        }
        // Only one move keeps the goal: every other loses it.
        let values = Tablebase::move_values(tb.as_ref(), &game).unwrap();
        let (wdl, _) = Tablebase::value(tb.as_ref(), &game).unwrap();
        assert_eq!(values.iter().filter(|v| v.1 == wdl).count(), 1);
    }
    assert!(wins > 10 && draws > 3, "{wins} {draws}");
}
