//! A Swiss round's pairing: the cheapest maximum matching ([`crate::matching`]) over the
//! pairs that may meet, whose costs put the Dutch system's priorities in order.
//!
//! Players are ordered by points and then by seed (rating, then who joined first). Pairs that
//! have met may not meet again. Where the number of players is odd, the bye goes to the player
//! with the fewest points, and then the lowest seed, of those without one, such that everyone
//! else can still be paired. A pair costs, from the heaviest part down:
//! - the difference of their points (a pair across score groups floats a player);
//! - for single games, a clash of sides: both must have the same side (after two games in a row
//!   on one side, or two more of one side than of the other), or both would rather;
//! - within a score group, how far the pair is from the Dutch pairing of the group's top half
//!   against its bottom half, first with first; across groups, how far the floater is from the
//!   bottom of its group and its opponent from the top of theirs.
//!
//! The weights are far apart, so a lighter part only decides among pairings equal in the
//! heavier ones. This follows the Dutch system's order of criteria; it is not a certified
//! FIDE Dutch pairing program.

use std::collections::BTreeMap;

use super::{Round, Swiss};
use crate::entrant::{EntrantId, Pairing, Side};
use crate::matching::cheapest_pairs_of;

/// How many players at each end of a score group may float to another group before every pair
/// is tried.
const NEAR: usize = 16;

/// The weight of a half-point of difference between a pair's points.
const POINTS: u32 = 1_000_000;
/// The weight of a clash where both players must have the same side.
const MUST_CLASH: u32 = 100_000;
/// The weight of a clash where both would rather have the same side.
const RATHER_CLASH: u32 = 10_000;

/// Which side a player needs next, from their single games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    Must(Side),
    Rather(Side),
    Either,
}

fn want(sides: &[Side]) -> Want {
    let firsts = sides.iter().filter(|&&s| s == Side::First).count() as i64;
    let balance = 2 * firsts - sides.len() as i64;
    let last_two = match sides {
        [.., a, b] if a == b => Some(*a),
        _ => None,
    };
    if balance >= 2 {
        Want::Must(Side::Second)
    } else if balance <= -2 {
        Want::Must(Side::First)
    } else if let Some(s) = last_two {
        Want::Must(s.other())
    } else if balance == 1 {
        Want::Rather(Side::Second)
    } else if balance == -1 {
        Want::Rather(Side::First)
    } else if let Some(last) = sides.last() {
        Want::Rather(last.other())
    } else {
        Want::Either
    }
}

/// One player as the round's pairing sees them.
struct Seat {
    entrant: EntrantId,
    points: u32,
    want: Want,
    had_bye: bool,
    /// Place in their score group, from 0, and the group's size.
    place: usize,
    group_size: usize,
}

/// Pairs the next round of `swiss`.
pub fn pair_round(swiss: &Swiss, toss: &mut dyn FnMut() -> bool) -> Round {
    let bye_points = swiss.round_points();
    let mut order: Vec<(EntrantId, u32, i32)> = swiss
        .players
        .iter()
        .filter(|(_, p)| !p.withdrawn)
        .map(|(&e, p)| (e, p.points(bye_points), p.rating))
        .collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    let mut group_sizes: BTreeMap<u32, usize> = BTreeMap::new();
    for &(_, points, _) in &order {
        *group_sizes.entry(points).or_default() += 1;
    }
    let mut placed: BTreeMap<u32, usize> = BTreeMap::new();
    let seats: Vec<Seat> = order
        .iter()
        .map(|&(entrant, points, _)| {
            let p = &swiss.players[&entrant];
            let sides: Vec<Side> = p.sides().collect();
            let place = placed.entry(points).or_default();
            let seat = Seat {
                entrant,
                points,
                want: if swiss.matches {
                    Want::Either
                } else {
                    want(&sides)
                },
                had_bye: p.had_bye(),
                place: *place,
                group_size: group_sizes[&points],
            };
            *place += 1;
            seat
        })
        .collect();
    let n = seats.len();
    // First the pairs within a score group and, across groups, those between the last
    // [`NEAR`] of one and the first [`NEAR`] of another; where that pairs fewer than all, every
    // pair.
    let pairs_of = |who: &[usize]| -> Vec<(usize, usize)> {
        let near = |i: usize, j: usize| {
            let (a, b) = (&seats[i], &seats[j]);
            a.points == b.points || (a.group_size - a.place <= NEAR && b.place < NEAR)
        };
        let mut pairs = Vec::new();
        for sparse in [true, false] {
            let mut edges = Vec::new();
            for (y, &j) in who.iter().enumerate() {
                for &i in &who[..y] {
                    if (!sparse || near(i, j))
                        && !swiss.players[&seats[i].entrant].met(seats[j].entrant)
                    {
                        edges.push((i, j, cost(&seats[i], &seats[j])));
                    }
                }
            }
            pairs = cheapest_pairs_of(&edges);
            if pairs.len() * 2 >= who.len() - who.len() % 2 {
                break;
            }
        }
        pairs
    };
    let everyone: Vec<usize> = (0..n).collect();
    let (bye, pairs) = if n % 2 == 0 {
        (None, pairs_of(&everyone))
    } else {
        // The bye: the fewest points, then the lowest seed, of those without one, such that
        // everyone else can be paired.
        let mut candidates: Vec<usize> = (0..n).filter(|&k| !seats[k].had_bye).collect();
        candidates.sort_by_key(|&k| (seats[k].points, std::cmp::Reverse(k)));
        let mut found = None;
        for &c in &candidates {
            let others: Vec<usize> = (0..n).filter(|&k| k != c).collect();
            let pairs = pairs_of(&others);
            if pairs.len() * 2 == others.len() {
                found = Some((Some(c), pairs));
                break;
            }
        }
        found.unwrap_or_else(|| {
            let c = candidates.first().copied();
            let others: Vec<usize> = (0..n).filter(|&k| Some(k) != c).collect();
            (c, pairs_of(&others))
        })
    };
    let mut round = Round {
        games: Vec::new(),
        bye: bye.map(|k| seats[k].entrant),
        unpaired: Vec::new(),
    };
    let mut paired = vec![false; n];
    if let Some(k) = bye {
        paired[k] = true;
    }
    for (i, j) in pairs {
        paired[i] = true;
        paired[j] = true;
        round.games.push(with_sides(&seats[i], &seats[j], toss));
    }
    round.unpaired = (0..n)
        .filter(|&k| !paired[k])
        .map(|k| seats[k].entrant)
        .collect();
    round
}

/// The cost of pairing `a` (the higher placed) with `b`.
fn cost(a: &Seat, b: &Seat) -> u32 {
    let float = a.points.abs_diff(b.points).saturating_mul(POINTS);
    let clash = match (a.want, b.want) {
        (Want::Must(x), Want::Must(y)) if x == y => MUST_CLASH,
        (Want::Must(x) | Want::Rather(x), Want::Must(y) | Want::Rather(y)) if x == y => {
            RATHER_CLASH
        }
        _ => 0,
    };
    let shape = if a.points == b.points {
        // Top half against bottom half: first with first.
        let half = a.group_size / 2;
        (b.place as i64 - a.place as i64 - half as i64).unsigned_abs() as u32
    } else {
        ((a.group_size - 1 - a.place) + b.place) as u32
    };
    float.saturating_add(clash).saturating_add(shape)
}

/// The game of `a` and `b`: the one who must or would rather have the first side gets it;
/// where both or neither do, the higher placed has their way, or a toss decides.
fn with_sides(a: &Seat, b: &Seat, toss: &mut dyn FnMut() -> bool) -> Pairing {
    let a_first = match (a.want, b.want) {
        (Want::Must(s), _) => s == Side::First,
        (_, Want::Must(s)) => s == Side::Second,
        (Want::Rather(s), _) => s == Side::First,
        (_, Want::Rather(s)) => s == Side::Second,
        (Want::Either, Want::Either) => toss(),
    };
    Pairing::ordered(a.entrant, b.entrant, a_first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_must_change_sides_after_two_in_a_row_or_two_more_of_one() {
        use Side::{First as F, Second as S};
        assert_eq!(want(&[]), Want::Either);
        assert_eq!(want(&[F]), Want::Rather(S));
        assert_eq!(want(&[F, F]), Want::Must(S));
        assert_eq!(want(&[S, S]), Want::Must(F));
        assert_eq!(want(&[F, S]), Want::Rather(F));
        assert_eq!(want(&[F, S, F]), Want::Rather(S));
        assert_eq!(want(&[F, F, S, F]), Want::Must(S));
    }
}
