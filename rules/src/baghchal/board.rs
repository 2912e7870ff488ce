//! The Bagh Chal board: 25 points as bits of a `u32`, their names, and the compile-time tables of
//! the lines (where a piece may step, where a tiger may jump) and of the Zobrist keys.

use crate::zobrist::keys;

/// A set of points: bit `rank * 5 + file` (a1 = bit 0, e1 = bit 4, a5 = bit 20, e5 = bit 24).
///
/// ```
/// use chaupal_rules::baghchal::BaghChal;
/// use chaupal_rules::baghchal::board::{Points, bit, point_name, points};
/// use chaupal_rules::game::Game;
///
/// let game = BaghChal::start(Default::default());
/// let tigers: Points = game.tigers();
/// assert_eq!(tigers, bit(0) | bit(4) | bit(20) | bit(24));
/// let names: Vec<String> = points(tigers).map(point_name).collect();
/// assert_eq!(names, ["a1", "e1", "a5", "e5"]);
/// assert_eq!(game.empty().count_ones(), 21);
/// ```
pub type Points = u32;

/// The number of files and of ranks.
pub const SIDE_LEN: u8 = 5;
/// The number of points.
pub const POINT_COUNT: usize = 25;
/// Every point of the board.
pub const ALL_POINTS: Points = (1 << POINT_COUNT) - 1;

/// The goats the standard game starts with in hand, and the most any game may (the rule
/// `goats=N` starts with fewer: [`BaghChalRules::goats`](super::BaghChalRules::goats)).
pub const GOATS_TOTAL: u8 = 20;
/// The number of tigers, always on the board.
pub const TIGER_COUNT: u32 = 4;
/// Where the tigers start: the four corners a1, e1, a5, e5.
pub const TIGER_START: Points = bit(0) | bit(4) | bit(20) | bit(24);

/// The set holding only `point`.
#[inline]
pub const fn bit(point: u8) -> Points {
    1 << point
}

/// The file of a point, 0 for a.
#[inline]
pub const fn file_of(point: u8) -> u8 {
    point % SIDE_LEN
}

/// The rank of a point, 0 for rank 1.
#[inline]
pub const fn rank_of(point: u8) -> u8 {
    point / SIDE_LEN
}

/// The point at a file and a rank (both from 0).
#[inline]
pub const fn point_at(file: u8, rank: u8) -> u8 {
    rank * SIDE_LEN + file
}

/// Whether diagonal lines pass through the point: file index plus rank index is even.
#[inline]
pub const fn has_diagonals(point: u8) -> bool {
    (file_of(point) + rank_of(point)) % 2 == 0
}

/// The point between `from` and a jump's landing point `to` (they lie two steps apart on a line).
#[inline]
pub const fn between(from: u8, to: u8) -> u8 {
    (from + to) / 2
}

/// The name of a point, e.g. `c3`.
pub fn point_name(point: u8) -> String {
    let mut name = String::with_capacity(2);
    name.push(char::from(b'a' + file_of(point)));
    name.push(char::from(b'1' + rank_of(point)));
    name
}

/// Iterates over the points of a set, lowest first.
#[inline]
pub fn points(mut set: Points) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let point = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(point)
        }
    })
}

/// The eight directions as (file, rank) offsets: four orthogonal, then four diagonal.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The point `distance` steps from `point` in direction `dir`, if it is on the board and the line
/// exists (diagonal lines only through the points with diagonals).
const fn along_line(point: u8, dir: usize, distance: i8) -> Option<u8> {
    let (df, dr) = DIRECTIONS[dir];
    if df != 0 && dr != 0 && !has_diagonals(point) {
        return None;
    }
    let file = file_of(point) as i8 + df * distance;
    let rank = rank_of(point) as i8 + dr * distance;
    if file < 0 || rank < 0 || file >= SIDE_LEN as i8 || rank >= SIDE_LEN as i8 {
        return None;
    }
    Some(point_at(file as u8, rank as u8))
}

const fn build_table(distance: i8) -> [Points; POINT_COUNT] {
    let mut table = [0; POINT_COUNT];
    let mut point = 0;
    while point < POINT_COUNT {
        let mut dir = 0;
        while dir < DIRECTIONS.len() {
            if let Some(target) = along_line(point as u8, dir, distance) {
                table[point] |= bit(target);
            }
            dir += 1;
        }
        point += 1;
    }
    table
}

/// For each point, its neighbours along the lines: where a piece on it may step.
pub const STEPS: [Points; POINT_COUNT] = build_table(1);

/// For each point, the points two steps away along a straight line: where a tiger on it may land
/// after a jump (over the point [`between`] them).
pub const JUMPS: [Points; POINT_COUNT] = build_table(2);

/// Zobrist keys of a tiger on each point.
pub const TIGER_KEYS: [u64; POINT_COUNT] = keys(0xBA61_0001);
/// Zobrist keys of a goat on each point.
pub const GOAT_KEYS: [u64; POINT_COUNT] = keys(0xBA61_0002);
/// Zobrist key XORed in when the tigers are to move.
pub const TIGERS_TO_MOVE_KEY: u64 = keys::<1>(0xBA61_0003)[0];
/// Zobrist keys of the number of goats in hand, 0..=20.
pub const IN_HAND_KEYS: [u64; GOATS_TOTAL as usize + 1] = keys(0xBA61_0004);

#[cfg(test)]
mod tests {
    use super::*;

    fn name(p: &str) -> u8 {
        let b = p.as_bytes();
        point_at(b[0] - b'a', b[1] - b'1')
    }

    fn set(names: &[&str]) -> Points {
        names.iter().fold(0, |acc, n| acc | bit(name(n)))
    }

    #[test]
    fn corner_with_diagonal_has_three_neighbours() {
        assert_eq!(STEPS[name("a1") as usize], set(&["b1", "a2", "b2"]));
    }

    #[test]
    fn point_without_diagonals_has_only_orthogonal_neighbours() {
        assert_eq!(STEPS[name("b1") as usize], set(&["a1", "c1", "b2"]));
        assert_eq!(STEPS[name("c2") as usize], set(&["b2", "d2", "c1", "c3"]));
    }

    #[test]
    fn centre_has_eight_neighbours_and_eight_jumps() {
        assert_eq!(STEPS[name("c3") as usize].count_ones(), 8);
        assert_eq!(
            JUMPS[name("c3") as usize],
            set(&["a1", "c1", "e1", "a3", "e3", "a5", "c5", "e5"])
        );
    }

    #[test]
    fn lines_are_symmetric() {
        for p in 0..POINT_COUNT as u8 {
            for q in points(STEPS[p as usize]) {
                assert!(STEPS[q as usize] & bit(p) != 0, "{p} {q}");
            }
            for q in points(JUMPS[p as usize]) {
                assert!(JUMPS[q as usize] & bit(p) != 0);
                let over = between(p, q);
                assert!(STEPS[p as usize] & bit(over) != 0);
                assert!(STEPS[over as usize] & bit(q) != 0);
            }
        }
    }

    #[test]
    fn the_board_has_sixteen_diagonal_line_segments_and_forty_orthogonal() {
        let total: u32 = STEPS.iter().map(|s| s.count_ones()).sum();
        assert_eq!(total / 2, 40 + 16);
    }
}
