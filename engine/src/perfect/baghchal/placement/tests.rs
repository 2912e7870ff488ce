//! Tests of the placement-phase database on the smaller game of 3 goats whose tigers win at the
//! second capture: solved here in a moment and checked position by position against plain
//! minimax over the rules' moves (on the game's movement-phase database, and on made-up
//! movement values of every kind); its resumption after a stop; its files and its probe.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use chaupal_rules::baghchal::board::Points;
use chaupal_rules::baghchal::{BaghChal, BaghChalRules};
use chaupal_rules::{Game, Side};

use super::super::BaghChalTb;
use super::super::index::{Indexer, SYMMETRIES};
use super::super::solve::{Solved, for_each_move};
use super::super::tests::{SMALL_GOATS, SMALL_K, small_db, text_in_placement};
use super::file::{layer_path, read_layer};
use super::index::Layout;
use super::solve::{LayerDone, PlacementError, PlacementOptions, solve};
use super::values::{Width, wdl_of};
use super::{PlacementTb, PlacementValue, Residence};
use crate::perfect::tablebase::Wdl;
use crate::progress::{Meter, Progress, Silent};

/// Solves the placement phase of the small game into `dir`.
pub(super) fn solved(dir: &Path, width: Width) -> Result<Vec<LayerDone>, PlacementError> {
    solved_on(small_db(), dir, width)
}

/// Solves the placement phase on `movement` into `dir`.
pub(super) fn solved_on(
    movement: &BaghChalTb,
    dir: &Path,
    width: Width,
) -> Result<Vec<LayerDone>, PlacementError> {
    let options = PlacementOptions { threads: 2, width };
    solve(movement, dir, &options, &Silent, &AtomicBool::new(false))
}

/// The rules of the small game whose tigers win at capture `k`.
pub(super) fn small_rules(k: u8) -> BaghChalRules {
    BaghChalRules {
        captures_to_win: k,
        goats: SMALL_GOATS,
        ..BaghChalRules::default()
    }
}

/// The position of the small game under `k` with these pieces and counts.
pub(super) fn position(
    k: u8,
    tigers: Points,
    goats: Points,
    side: Side,
    in_hand: u8,
    captured: u8,
) -> BaghChal {
    let text = text_in_placement(tigers, goats, side, in_hand, captured);
    BaghChal::from_position_text(&text, small_rules(k)).unwrap()
}

/// Plain minimax over the rules' moves, with the movement-phase database at the leaves (once
/// every goat is placed) and a table of the positions already valued. The table merges the
/// images of a position under the board's symmetries (its key is the least image, found by
/// trying all 8), which the rules' moves respect: that keeps the search small enough for a
/// debug build.
struct Minimax<'a> {
    movement: &'a BaghChalTb,
    ix: &'a Indexer,
    seen: HashMap<u64, (Wdl, u32)>,
}

impl Minimax<'_> {
    /// The value of a position for the side to move: the winner hurrying, the loser holding
    /// out.
    fn value(&mut self, game: &mut BaghChal) -> (Wdl, u32) {
        if let Some(outcome) = game.outcome() {
            return match outcome.winner() {
                Some(w) if w == game.side_to_move() => (Wdl::Win, 0),
                Some(_) => (Wdl::Loss, 0),
                None => (Wdl::Draw, 0),
            };
        }
        if game.goats_in_hand() == 0 {
            return self.movement.value(game).unwrap();
        }
        let (t, g) = (0..SYMMETRIES)
            .map(|s| (self.ix.map(s, game.tigers()), self.ix.map(s, game.goats())))
            .min()
            .unwrap();
        let key = u64::from(t)
            | u64::from(g) << 25
            | u64::from(game.side_to_move() == Side::Second) << 50
            | u64::from(game.goats_in_hand()) << 51
            | u64::from(game.goats_captured()) << 56;
        if let Some(&value) = self.seen.get(&key) {
            return value;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let (mut quickest_win, mut draw, mut longest_loss) = (None::<u32>, false, 0);
        for mv in moves {
            let undo = game.make(mv);
            let (wdl, plies) = self.value(game);
            game.unmake(mv, undo);
            match wdl {
                Wdl::Loss => {
                    quickest_win = Some(quickest_win.map_or(plies + 1, |q| q.min(plies + 1)))
                }
                Wdl::Draw => draw = true,
                Wdl::Win => longest_loss = longest_loss.max(plies + 1),
            }
        }
        let value = match quickest_win {
            Some(plies) => (Wdl::Win, plies),
            None if draw => (Wdl::Draw, 0),
            None => (Wdl::Loss, longest_loss),
        };
        self.seen.insert(key, value);
        value
    }
}

/// The movement phase of the small game under `k` with made-up values, for the placement
/// solver to rest on: a position whose side to move has no move is lost at once, as in the
/// game; any other gets a draw, a win or a loss at some distance, the same for all images of a
/// position under the symmetries. Unlike the real small game's (where the tigers always win),
/// its values are of all three kinds.
pub(super) fn made_up_db(k: u8) -> BaghChalTb {
    made_up_db_drawn(k, 2)
}

/// [`made_up_db`] with `drawn` sevenths of the positions drawn (that have a move), and of the
/// rest, half won and half lost (the odd one lost).
pub(super) fn made_up_db_drawn(k: u8, drawn: u64) -> BaghChalTb {
    let ix = Indexer::new();
    let layers = (0..k)
        .map(|captured| {
            let on_board = u32::from(SMALL_GOATS - captured);
            let sets = Indexer::goat_sets(on_board) as usize;
            (0..ix.class_count() * sets * 2)
                .map(|i| {
                    let side = i & 1;
                    let (class, rank) = ((i >> 1) / sets, (i >> 1) % sets);
                    let (t, g) = ix.position(class, on_board, rank);
                    let mut moves = false;
                    let mut any = |_, _| {
                        moves = true;
                        false
                    };
                    for_each_move(t, g, side, &mut any, |_, _| false);
                    let mut captures = false;
                    for_each_move(
                        t,
                        g,
                        side,
                        |_, _| false,
                        |_, _| {
                            captures = true;
                            false
                        },
                    );
                    if !moves && !captures {
                        return 1;
                    }
                    let least = (0..SYMMETRIES)
                        .map(|s| (ix.map(s, t), ix.map(s, g)))
                        .min()
                        .unwrap();
                    let mut h = (u64::from(least.0) << 32 | u64::from(least.1))
                        ^ (side as u64) << 60
                        ^ u64::from(captured) << 58;
                    h = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    h ^= h >> 29;
                    let plies = (h >> 8) % 20;
                    match h % 7 {
                        x if x < drawn => 0,
                        x if x < drawn + (7 - drawn) / 2 => (2 * plies + 1) as u16 + 1,
                        _ => (2 * plies + 2) as u16 + 1,
                    }
                })
                .collect()
        })
        .collect();
    let solved = Solved {
        captures_to_win: k,
        goats: SMALL_GOATS,
        layers,
    };
    let data = super::super::file::decode(&ix, super::super::file::encode(&ix, &solved)).unwrap();
    BaghChalTb { ix, data }
}

/// Every file of a directory's layers, by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tb"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// Every position of both parts of every layer of the small game under `movement`'s rules,
/// read from the files solved on it with distances, against minimax; the tally of the values
/// (wins, draws, losses).
fn every_position_agrees_with_minimax(movement: &BaghChalTb) -> [u64; 3] {
    let k = movement.captures_to_win();
    let dir = tempfile::tempdir().unwrap();
    let done = solved_on(movement, dir.path(), Width::Plies).unwrap();
    assert_eq!(
        done.iter()
            .map(|l| (l.placed, l.resumed))
            .collect::<Vec<_>>(),
        [(2, false), (1, false), (0, false)]
    );
    let ix = movement.indexer();
    let layout = Layout::new(ix, SMALL_GOATS, k);
    let mut search = Minimax {
        movement,
        ix,
        seen: HashMap::new(),
    };
    let mut checked = 0u64;
    let mut outcomes = [0u64; 3];
    for placed in layout.layers() {
        let layer = read_layer(dir.path(), &layout, placed, Width::Plies, [true; 2]).unwrap();
        for (side, part) in [(Side::First, layer.goats), (Side::Second, layer.tigers)] {
            let part = part.unwrap();
            for block in &part.blocks {
                for slot in 0..block.len as usize {
                    let (class, rank) = block.split(slot);
                    let (t, g) = ix.position(class, block.on_board, rank);
                    let in_hand = SMALL_GOATS - placed;
                    let mut game = position(k, t, g, side, in_hand, block.captured);
                    let want = search.value(&mut game);
                    let code = part.get(block.captured, class, rank);
                    assert_eq!(
                        wdl_of(code),
                        want,
                        "{} (layer {placed})",
                        game.position_text()
                    );
                    outcomes[want.0 as usize] += 1;
                    checked += 1;
                }
            }
        }
    }
    // Every position of both parts of the three layers: 1 666 tiger classes, and per class
    // the goat sets of 0 goats (layer 0), 1 or 0 (layer 1), 2 or 1 (layer 2).
    let per_class = 1 + (21 + 1) + (210 + 21);
    assert_eq!(checked, 2 * 1666 * per_class);
    outcomes
}

#[test]
fn every_placement_position_agrees_with_minimax_over_the_rules() {
    // The real game of 3 goats (the second capture wins, also during placement): the tigers
    // win wherever they move and lose wherever the goats do; the distances differ.
    let [wins, draws, losses] = every_position_agrees_with_minimax(small_db());
    assert!(wins > 0 && losses > 0, "{wins} {draws} {losses}");
    // Made-up movement values: wins, draws and losses all reach the placement phase.
    let [wins, draws, losses] = every_position_agrees_with_minimax(&made_up_db(SMALL_K));
    assert!(
        wins > 0 && draws > 0 && losses > 0,
        "{wins} {draws} {losses}"
    );
}

#[test]
fn two_bit_values_are_the_eight_bit_values_without_their_distance() {
    let plies = tempfile::tempdir().unwrap();
    let wdl = tempfile::tempdir().unwrap();
    let long = solved(plies.path(), Width::Plies).unwrap();
    let short = solved(wdl.path(), Width::Wdl).unwrap();
    let layout = Layout::new(small_db().indexer(), SMALL_GOATS, SMALL_K);
    for (l, s) in long.iter().zip(&short) {
        for side in 0..2 {
            let (a, b) = (l.tallies[side], s.tallies[side]);
            assert_eq!((a.wins, a.draws, a.losses), (b.wins, b.draws, b.losses));
            assert_eq!(b.longest, 0);
        }
        let a = read_layer(plies.path(), &layout, l.placed, Width::Plies, [true; 2]).unwrap();
        let b = read_layer(wdl.path(), &layout, l.placed, Width::Wdl, [true; 2]).unwrap();
        for (x, y) in [(a.goats, b.goats), (a.tigers, b.tigers)] {
            let (x, y) = (x.unwrap(), y.unwrap());
            for block in &x.blocks {
                for slot in 0..block.len as usize {
                    let (class, rank) = block.split(slot);
                    let long = x.get(block.captured, class, rank);
                    assert_eq!(Width::Wdl.keep(long), y.get(block.captured, class, rank));
                }
            }
        }
        // A quarter of the bytes, but for each block's last byte and the header.
        let size = |dir: &Path| std::fs::metadata(layer_path(dir, l.placed)).unwrap().len();
        assert!(size(wdl.path()) * 4 < size(plies.path()) + 1000);
    }
}

/// Stops a solve once `after` positions of the stage named `stage` are done.
struct StopIn<'a> {
    stage: &'a str,
    after: u64,
    cancel: &'a AtomicBool,
    stages: std::sync::Mutex<Vec<String>>,
}

struct StopMeter<'a> {
    armed: bool,
    after: u64,
    done: AtomicU64,
    cancel: &'a AtomicBool,
}

impl Progress for StopIn<'_> {
    fn stage(&self, name: &str, _len: u64) -> Box<dyn Meter + '_> {
        self.stages.lock().unwrap().push(name.to_owned());
        Box::new(StopMeter {
            armed: name == self.stage,
            after: self.after,
            done: AtomicU64::new(0),
            cancel: self.cancel,
        })
    }
}

impl Meter for StopMeter<'_> {
    fn advance(&self, steps: u64) {
        if self.armed && self.done.fetch_add(steps, Ordering::Relaxed) + steps >= self.after {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
    fn note(&self, _message: &str) {}
}

#[test]
fn a_solve_stopped_inside_a_layer_resumes_to_the_same_files() {
    let whole = tempfile::tempdir().unwrap();
    solved(whole.path(), Width::Wdl).unwrap();
    let expected = files(whole.path());
    assert_eq!(expected.len(), 3);

    // Stopped in the middle of layer 1's tigers (36 652 positions, three chunks), with a
    // half-written file left from a crash beside the layers.
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let stop = StopIn {
        stage: "layer 1: tigers to move",
        after: 1,
        cancel: &cancel,
        stages: Default::default(),
    };
    let options = PlacementOptions {
        threads: 1,
        width: Width::Wdl,
    };
    let result = solve(small_db(), dir.path(), &options, &stop, &cancel);
    assert!(
        matches!(result, Err(PlacementError::Cancelled)),
        "{result:?}"
    );
    assert_eq!(
        *stop.stages.lock().unwrap(),
        [
            "layer 2: goats to move",
            "layer 2: tigers to move",
            "layer 1: goats to move",
            "layer 1: tigers to move"
        ]
    );
    let names: Vec<String> = files(dir.path()).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["baghchal-placement-02.tb"]);
    std::fs::write(
        dir.path().join("baghchal-placement-01.tb.tmp"),
        b"half a layer",
    )
    .unwrap();

    let done = solved(dir.path(), Width::Wdl).unwrap();
    assert_eq!(
        done.iter()
            .map(|l| (l.placed, l.resumed))
            .collect::<Vec<_>>(),
        [(2, true), (1, false), (0, false)]
    );
    assert_eq!(files(dir.path()), expected);

    // A damaged layer is solved again, and those below it.
    let path = layer_path(dir.path(), 1);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, bytes).unwrap();
    let done = solved(dir.path(), Width::Wdl).unwrap();
    assert_eq!(
        done.iter()
            .map(|l| (l.placed, l.resumed))
            .collect::<Vec<_>>(),
        [(2, true), (1, false), (0, false)]
    );
    assert_eq!(files(dir.path()), expected);

    // A finished directory is only checked; a stop before the start writes nothing.
    let again = solved(dir.path(), Width::Wdl).unwrap();
    assert!(again.iter().all(|l| l.resumed));
    let empty = tempfile::tempdir().unwrap();
    let stopped = solve(
        small_db(),
        empty.path(),
        &options,
        &Silent,
        &AtomicBool::new(true),
    );
    assert!(matches!(stopped, Err(PlacementError::Cancelled)));
    assert!(files(empty.path()).is_empty());
}

#[test]
fn the_probe_reads_the_same_values_from_memory_and_disk_and_its_moves_keep_them() {
    let dir = tempfile::tempdir().unwrap();
    solved(dir.path(), Width::Plies).unwrap();
    let movement: Arc<BaghChalTb> = small_db().clone();
    let memory = PlacementTb::open(dir.path(), movement.clone(), Residence::Memory).unwrap();
    let disk = PlacementTb::open(dir.path(), movement.clone(), Residence::Disk).unwrap();
    assert_eq!(memory.width(), Width::Plies);

    let start = BaghChal::start(small_rules(SMALL_K));
    let value = memory.value(&start).unwrap().unwrap();
    assert_eq!(disk.value(&start).unwrap(), Some(value));
    let mut search = Minimax {
        movement: &movement,
        ix: movement.indexer(),
        seen: HashMap::new(),
    };
    let want = search.value(&mut start.clone());
    assert_eq!((value.wdl, value.plies.unwrap_or(0)), want);

    // Random games from the start: every position's value is the best of its moves' values.
    let mut state = 0x0dd_ba11_u64;
    let mut positions = 0;
    for _ in 0..40 {
        let mut game = start.clone();
        while memory.covers(&game) && game.outcome().is_none() {
            let value = memory.value(&game).unwrap().unwrap();
            assert_eq!(disk.value(&game).unwrap(), Some(value));
            let moves = memory.move_values(&game).unwrap().unwrap();
            let best =
                moves
                    .iter()
                    .map(|&(_, v)| v)
                    .max_by_key(|v| match (v.wdl, v.plies.unwrap_or(0)) {
                        (Wdl::Win, p) => (2, -i64::from(p)),
                        (Wdl::Draw, _) => (1, 0),
                        (Wdl::Loss, p) => (0, i64::from(p)),
                    });
            assert_eq!(best, Some(value), "{}", game.position_text());
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let (mv, _) = moves[(state % moves.len() as u64) as usize];
            game.make(mv);
            positions += 1;
        }
        let last: Option<PlacementValue> = memory.value(&game).unwrap();
        if game.outcome().is_none() {
            // All goats placed: the movement database answers.
            let (wdl, _) = movement.value(&game).unwrap();
            assert_eq!(last.map(|v| v.wdl), Some(wdl));
        }
    }
    assert!(positions >= 40 * 5);

    // Other rules are not covered.
    let standard = BaghChal::start(BaghChalRules::default());
    assert_eq!(memory.value(&standard).unwrap(), None);
    assert_eq!(memory.move_values(&standard).unwrap(), None);
    assert!(!memory.covers(&standard));
}

#[test]
fn opening_refuses_missing_and_foreign_layers() {
    let dir = tempfile::tempdir().unwrap();
    solved(dir.path(), Width::Wdl).unwrap();
    let movement = small_db().clone();
    std::fs::remove_file(layer_path(dir.path(), 0)).unwrap();
    assert!(PlacementTb::open(dir.path(), movement.clone(), Residence::Disk).is_err());

    // A whole set of layers opens; one layer from another solve is refused.
    let other = tempfile::tempdir().unwrap();
    solved(other.path(), Width::Plies).unwrap();
    for placed in 0..3 {
        std::fs::copy(
            layer_path(other.path(), placed),
            layer_path(dir.path(), placed),
        )
        .unwrap();
    }
    assert!(PlacementTb::open(dir.path(), movement.clone(), Residence::Disk).is_ok());
    let wdl = tempfile::tempdir().unwrap();
    solved(wdl.path(), Width::Wdl).unwrap();
    std::fs::copy(layer_path(wdl.path(), 1), layer_path(dir.path(), 1)).unwrap();
    assert!(PlacementTb::open(dir.path(), movement, Residence::Disk).is_err());
}
