//! A check of a solved placement database by sampling, for `chaupal tablebase baghchal
//! --verify`: random positions of both parts of every layer, each stored value checked to be
//! the best of its moves' values. A move's value is read where the solve took it from: the
//! same layer (a tiger's move), the layer above (a goat's placement), the movement database
//! (the last placement), or the end of the game (a capture that wins, tigers with no move).
//!
//! The solve wrote each value from exactly those values, so a value that disagrees is damage
//! the checksums did not catch, or a bug in the solver or the probe.
//!
//! [`verify_forward`] checks otherwise: random positions of the last layers valued by a plain
//! alpha-beta search over the rules' moves down to the movement database, which shares
//! nothing with the layered solve but that database.

use chaupal_rules::baghchal::{BaghChal, BaghChalRules};
use chaupal_rules::game::Outcome;
use chaupal_rules::{Game, Side};
use thiserror::Error;

use super::index::Block;
use super::values::Width;
use super::{PlacementTb, PlacementValue};
use crate::perfect::baghchal::text_in_placement;
use crate::perfect::error::PerfectError;
use crate::perfect::tablebase::{Wdl, rank};
use crate::random::Rng;

/// Why a verification failed.
#[derive(Debug, Error)]
pub enum VerifyError {
    /// A layer could not be read.
    #[error(transparent)]
    Read(#[from] PerfectError),
    /// A stored value is not the best of its moves' values.
    #[error("{position}: stored {stored}, but its best move gives {best}")]
    Wrong {
        position: String,
        stored: String,
        best: String,
    },
}

/// What a verification checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// Positions checked.
    pub positions: u64,
    /// Of them, won, drawn and lost for the side to move.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Positions whose game is over as they stand (the side to move has lost), checked to be
    /// stored as lost.
    pub over: u64,
}

impl Verified {
    /// Adds another check's counts to these.
    pub fn add(&mut self, other: &Verified) {
        self.positions += other.positions;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.over += other.over;
    }
}

/// Checks `per_part` random positions of each part (goats to move, tigers to move) of every
/// layer, drawn from `seed`; `on_layer(placed, so_far)` hears of each layer done.
pub fn verify_sample(
    tb: &PlacementTb,
    per_part: u64,
    seed: u64,
    on_layer: &mut dyn FnMut(u8, &Verified),
) -> Result<Verified, VerifyError> {
    let mut rng = Rng::new(seed);
    let mut done = Verified::default();
    for placed in tb.layout.layers() {
        let total = tb.layout.part_len(placed);
        let blocks = tb.layout.blocks(placed, Width::Wdl);
        for side in [Side::First, Side::Second] {
            for _ in 0..per_part {
                check_slot(
                    tb,
                    (placed, &blocks),
                    side,
                    below(&mut rng, total),
                    &mut done,
                )?;
            }
        }
        on_layer(placed, &done);
    }
    Ok(done)
}

/// Checks every position of one part: layer `placed` with `side` to move, shared among
/// `threads` threads. With `placed` the last layer and the goats to move, this is every
/// position at the boundary with the movement phase, each checked against the movement
/// database.
pub fn verify_part(
    tb: &PlacementTb,
    placed: u8,
    side: Side,
    threads: usize,
) -> Result<Verified, VerifyError> {
    let total = tb.layout.part_len(placed);
    let blocks = tb.layout.blocks(placed, Width::Wdl);
    let blocks = blocks.as_slice();
    let threads = threads.max(1) as u64;
    let share = total.div_ceil(threads);
    let results: Vec<Result<Verified, VerifyError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut done = Verified::default();
                    for slot in t * share..((t + 1) * share).min(total) {
                        check_slot(tb, (placed, blocks), side, slot, &mut done)?;
                    }
                    Ok(done)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut all = Verified::default();
    for result in results {
        all.add(&result?);
    }
    Ok(all)
}

/// Checks the position at `slot` of layer `placed`'s part with `side` to move.
fn check_slot(
    tb: &PlacementTb,
    layer: (u8, &[Block]),
    side: Side,
    slot: u64,
    done: &mut Verified,
) -> Result<(), VerifyError> {
    let game = position_at(tb, layer, side, slot)?;
    check(tb, &game, done)
}

/// The game at `slot` of layer `placed`'s part with `side` to move (`blocks` are the layer's).
fn position_at(
    tb: &PlacementTb,
    (placed, blocks): (u8, &[Block]),
    side: Side,
    slot: u64,
) -> Result<BaghChal, PerfectError> {
    let layout = tb.layout;
    let rules = BaghChalRules {
        goats: layout.goats,
        captures_to_win: layout.captures_to_win,
        ..BaghChalRules::default()
    };
    let (block, at) = locate(blocks, slot);
    let (class, goat_rank) = block.split(at as usize);
    let (tigers, goats) = tb
        .movement
        .indexer()
        .position(class, block.on_board, goat_rank);
    let text = text_in_placement(tigers, goats, side, layout.goats - placed, block.captured);
    BaghChal::from_position_text(&text, rules)
        .map_err(|e| PerfectError::Corrupt(format!("slot of layer {placed} makes '{text}': {e}")))
}

/// `count` random positions of the database, from `seed`: each of a random layer from
/// `first_layer` on, a random side to move and a random slot of the part.
pub fn random_positions(
    tb: &PlacementTb,
    count: u64,
    seed: u64,
    first_layer: u8,
) -> Result<Vec<BaghChal>, PerfectError> {
    let layout = tb.layout;
    let mut rng = Rng::new(seed);
    let layers: Vec<(u8, Vec<Block>)> = layout
        .layers()
        .filter(|&p| p >= first_layer)
        .map(|p| (p, layout.blocks(p, Width::Wdl)))
        .collect();
    let mut out = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let Some((placed, blocks)) = layers.get(rng.below(layers.len().max(1))) else {
            break;
        };
        let side = if rng.below(2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let slot = below(&mut rng, layout.part_len(*placed));
        out.push(position_at(tb, (*placed, blocks), side, slot)?);
    }
    Ok(out)
}

/// A slot in `0..len` (`len` > 0, below 2^32 as every part is).
fn below(rng: &mut Rng, len: u64) -> u64 {
    rng.below(len as usize) as u64
}

/// The block holding the `at`-th position of a part, and the slot within it.
fn locate(blocks: &[Block], mut at: u64) -> (&Block, u64) {
    for block in blocks {
        if at < block.len {
            return (block, at);
        }
        at -= block.len;
    }
    unreachable!("a slot past the part's end")
}

/// Checks one position's stored value against its moves' values, and counts it.
fn check(tb: &PlacementTb, game: &BaghChal, done: &mut Verified) -> Result<(), VerifyError> {
    let missing = || PerfectError::Corrupt(format!("{} is not covered", game.position_text()));
    let stored = tb.value(game)?.ok_or_else(missing)?;
    done.positions += 1;
    let best = match game.outcome() {
        // The side to move has lost (its tigers have no move, or the goats none).
        Some(Outcome::Win { winner, .. }) if winner != game.side_to_move() => {
            done.over += 1;
            PlacementValue {
                wdl: Wdl::Loss,
                plies: (tb.width == Width::Plies).then_some(0),
            }
        }
        _ => {
            let moves = tb.move_values(game)?.ok_or_else(missing)?;
            let &(_, value) = moves
                .iter()
                .max_by_key(|(mv, v)| rank(&(*mv, v.wdl, v.plies.unwrap_or(0))))
                .ok_or_else(missing)?;
            value
        }
    };
    match stored.wdl {
        Wdl::Win => done.wins += 1,
        Wdl::Draw => done.draws += 1,
        Wdl::Loss => done.losses += 1,
    }
    // Values of 2 bits keep no distance: only win, draw or loss is compared.
    let agree = match tb.width {
        Width::Plies => stored == best,
        Width::Wdl => stored.wdl == best.wdl,
    };
    if !agree {
        let say = |v: PlacementValue| match (v.wdl, v.plies) {
            (Wdl::Draw, _) => "draw".to_owned(),
            (wdl, Some(p)) => format!("{wdl:?} {p}").to_lowercase(),
            (wdl, None) => format!("{wdl:?}").to_lowercase(),
        };
        return Err(VerifyError::Wrong {
            position: game.position_text(),
            stored: say(stored),
            best: say(best),
        });
    }
    Ok(())
}

/// Checks `samples` random positions of the layers from `first_layer` on (either side to
/// move), drawn from `seed`: each one's win, draw or loss by the database against an
/// alpha-beta search over the rules' moves to the end of the placement phase, where the
/// movement database values the positions. Deep layers only: the search grows with the plies
/// to the movement phase (two a goat still in hand).
pub fn verify_forward(
    tb: &PlacementTb,
    samples: u64,
    seed: u64,
    first_layer: u8,
) -> Result<Verified, VerifyError> {
    let mut done = Verified::default();
    for mut game in random_positions(tb, samples, seed, first_layer)? {
        let text = game.position_text();
        let missing = || PerfectError::Corrupt(format!("{text} is not covered"));
        let stored = tb.value(&game)?.ok_or_else(missing)?;
        let searched = alpha_beta(tb, &mut game, -1, 1)?;
        done.positions += 1;
        match stored.wdl {
            Wdl::Win => done.wins += 1,
            Wdl::Draw => done.draws += 1,
            Wdl::Loss => done.losses += 1,
        }
        if score(stored.wdl) != searched {
            let name = |v: i8| ["loss", "draw", "win"][(v + 1) as usize].to_owned();
            return Err(VerifyError::Wrong {
                position: text,
                stored: name(score(stored.wdl)),
                best: format!("{} by search", name(searched)),
            });
        }
    }
    Ok(done)
}

/// A value as a number for the side to move: 1 a win, 0 a draw, -1 a loss.
fn score(wdl: Wdl) -> i8 {
    match wdl {
        Wdl::Win => 1,
        Wdl::Draw => 0,
        Wdl::Loss => -1,
    }
}

/// The value of `game` for the side to move within (`alpha`, `beta`), searched over the
/// rules' moves until every goat is placed, then read from the movement database.
fn alpha_beta(
    tb: &PlacementTb,
    game: &mut BaghChal,
    mut alpha: i8,
    beta: i8,
) -> Result<i8, VerifyError> {
    if let Some(outcome) = game.outcome() {
        return Ok(match outcome.winner() {
            Some(w) if w == game.side_to_move() => 1,
            Some(_) => -1,
            None => 0,
        });
    }
    if game.goats_in_hand() == 0 {
        let (wdl, _) = tb.movement.value(game).ok_or_else(|| {
            PerfectError::Corrupt(format!(
                "{} is not in the movement database",
                game.position_text()
            ))
        })?;
        return Ok(score(wdl));
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut best = -1;
    for mv in moves {
        let undo = game.make(mv);
        let value = -alpha_beta(tb, game, -beta, -alpha)?;
        game.unmake(mv, undo);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    Ok(best)
}
