//! Move generation on bitboards: steps, and capture chains found by a depth-first walk.
//!
//! During a chain the moving piece has left its start point and every captured piece is gone
//! at once, so the chain may pass through or land on points it visited before, its start point
//! included. Under optional capture every prefix of a chain is a move of its own; under
//! compulsory capture only chains that cannot go on are moves, and steps only when no capture
//! exists anywhere.

use super::board::{ALL_POINTS, NEIGHBOURS, NO_POINT, RAY_COUNTS, RAY_TO, RAYS, bit};
use super::moves::Move;

/// The pieces of both sides, from the point of view of the side to move.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::sholo_guti::SholoGuti;
/// use chaupal_rules::sholo_guti::movegen::{Sides, generate, has_any_move};
///
/// let game = SholoGuti::start(Default::default());
/// let sides = Sides { own: game.pieces(Side::First), enemy: game.pieces(Side::Second) };
/// assert!(has_any_move(sides));
/// let (mut moves, mut legal) = (Vec::new(), Vec::new());
/// generate(sides, false, &mut moves);
/// game.legal_moves(&mut legal);
/// assert_eq!(moves, legal);
/// assert_eq!(moves.len(), 9); // rank 4 steps onto rank 5: a4, c4, e4 one way each, b4, d4 three
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Sides {
    pub own: u64,
    pub enemy: u64,
}

/// Iterates the points of a bitboard, lowest first.
#[inline]
pub fn points(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let p = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(p)
        }
    })
}

/// Appends every legal move to `out` (which the caller has cleared).
pub fn generate(sides: Sides, compulsory: bool, out: &mut Vec<Move>) {
    let empty = ALL_POINTS & !(sides.own | sides.enemy);
    for from in points(sides.own) {
        // Only a piece next to an enemy can start a chain.
        if NEIGHBOURS[usize::from(from)] & sides.enemy != 0 {
            chain(
                from,
                Move::chain_from(from),
                sides.enemy,
                empty | bit(from),
                !compulsory,
                out,
            );
        }
    }
    if compulsory && !out.is_empty() {
        return;
    }
    for from in points(sides.own) {
        let ray_to = &RAY_TO[usize::from(from)];
        for to in points(NEIGHBOURS[usize::from(from)] & empty) {
            out.push(Move::step(from, ray_to[usize::from(to)]));
        }
    }
}

/// Extends the chain `so_far`, whose piece stands on `at`, by every possible hop. `empty` holds
/// the points the piece may land on (never `at` itself, which a hop cannot reach anyway).
/// Pushes every chain when `every_prefix`, else only the chains that cannot be extended.
fn chain(at: u8, so_far: Move, enemy: u64, empty: u64, every_prefix: bool, out: &mut Vec<Move>) {
    let mut extended = false;
    let rays = &RAYS[usize::from(at)][..usize::from(RAY_COUNTS[usize::from(at)])];
    for (i, ray) in rays.iter().enumerate() {
        if ray.beyond == NO_POINT || enemy & bit(ray.neighbour) == 0 || empty & bit(ray.beyond) == 0
        {
            continue;
        }
        extended = true;
        let longer = so_far.with_hop(i as u8);
        if every_prefix {
            out.push(longer);
        }
        let taken = bit(ray.neighbour);
        chain(
            ray.beyond,
            longer,
            enemy & !taken,
            empty | taken,
            every_prefix,
            out,
        );
    }
    if !extended && !every_prefix && so_far.is_capture() {
        out.push(so_far);
    }
}

/// Whether the side to move has any legal move at all (the rule option does not matter: a
/// capture is legal under both, and a step is legal unless a capture exists).
pub fn has_any_move(sides: Sides) -> bool {
    let empty = ALL_POINTS & !(sides.own | sides.enemy);
    points(sides.own).any(|from| {
        NEIGHBOURS[usize::from(from)] & empty != 0 || can_capture_from(from, sides.enemy, empty)
    })
}

/// Whether a piece on `at` can jump an enemy piece.
#[inline]
pub fn can_capture_from(at: u8, enemy: u64, empty: u64) -> bool {
    let rays = &RAYS[usize::from(at)][..usize::from(RAY_COUNTS[usize::from(at)])];
    rays.iter().any(|ray| {
        ray.beyond != NO_POINT && enemy & bit(ray.neighbour) != 0 && empty & bit(ray.beyond) != 0
    })
}
