//! The Sholo Guti board as data: the 37 points, the lines of docs/RULES.md, and the tables
//! built from those lines at compile time (neighbours, jumps, Zobrist keys).
//!
//! Points are numbered 0..37 rank by rank from rank 1 up, each rank from file a rightward, so a
//! side's pieces fit in one `u64` bitboard. Nothing here is written by hand but the point names
//! and the line lists: every table is derived from them by `const fn`, with compile-time checks
//! that the lines describe a sane board.

/// How many points the board has.
pub const POINT_COUNT: usize = 37;

/// A bitboard with every point of the board set.
pub const ALL_POINTS: u64 = (1 << POINT_COUNT) - 1;

/// The point names, in index order: rank 1 first, each rank from file a rightward.
pub const NAMES: [&str; POINT_COUNT] = [
    "a1", "c1", "e1", //
    "b2", "c2", "d2", //
    "a3", "b3", "c3", "d3", "e3", //
    "a4", "b4", "c4", "d4", "e4", //
    "a5", "b5", "c5", "d5", "e5", //
    "a6", "b6", "c6", "d6", "e6", //
    "a7", "b7", "c7", "d7", "e7", //
    "b8", "c8", "d8", //
    "a9", "c9", "e9",
];

/// The number of ranks.
pub const RANKS: usize = 9;

/// The files present on each rank, rank 1 first (as the position text lists them).
pub const RANK_FILES: [&str; RANKS] = [
    "ace", "bcd", "abcde", "abcde", "abcde", "abcde", "abcde", "bcd", "ace",
];

/// The lines of the board, exactly as docs/RULES.md lists them: rows, columns, then diagonals. Two
/// points are neighbours when they are consecutive on a line; a jump goes over a neighbour to
/// the next point on the same line.
pub const LINES: [&str; 20] = [
    // rows
    "a3 b3 c3 d3 e3",
    "a4 b4 c4 d4 e4",
    "a5 b5 c5 d5 e5",
    "a6 b6 c6 d6 e6",
    "a7 b7 c7 d7 e7",
    "b2 c2 d2",
    "a1 c1 e1",
    "b8 c8 d8",
    "a9 c9 e9",
    // columns
    "a3 a4 a5 a6 a7",
    "b3 b4 b5 b6 b7",
    "c1 c2 c3 c4 c5 c6 c7 c8 c9",
    "d3 d4 d5 d6 d7",
    "e3 e4 e5 e6 e7",
    // diagonals
    "a1 b2 c3 d4 e5",
    "e1 d2 c3 b4 a5",
    "a9 b8 c7 d6 e5",
    "e9 d8 c7 b6 a5",
    "a3 b4 c5 d6 e7",
    "e3 d4 c5 b6 a7",
];

/// The most lines-and-directions a point can have (c3 and c5 have all eight).
pub const MAX_RAYS: usize = 8;

/// Marks a ray without a point beyond its neighbour (the line ends there): no jump that way.
pub const NO_POINT: u8 = u8::MAX;

/// One direction from a point along one line: the neighbour that way, and the point beyond the
/// neighbour on the same line (the landing point of a jump), or [`NO_POINT`].
///
/// ```
/// use chaupal_rules::sholo_guti::board::{NO_POINT, RAYS, point_named};
///
/// let point = |name: &str| point_named(name).unwrap();
/// let ray = |from: &str, towards: &str| {
///     RAYS[usize::from(point(from))].into_iter().find(|r| r.neighbour == point(towards)).unwrap()
/// };
/// // From c3 towards c4, a jump over c4 lands on c5.
/// assert_eq!(ray("c3", "c4").beyond, point("c5"));
/// // The row b2-c2-d2 ends at d2: from c2 that way there is no jump.
/// assert_eq!(ray("c2", "d2").beyond, NO_POINT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    pub neighbour: u8,
    pub beyond: u8,
}

const EMPTY_RAY: Ray = Ray {
    neighbour: NO_POINT,
    beyond: NO_POINT,
};

/// The rays of every point, in a fixed order (the order of [`LINES`]); the first
/// [`RAY_COUNTS`]`[p]` are real. A move stores ray indices, so this order is part of the move
/// encoding (not of any notation).
pub const RAYS: [[Ray; MAX_RAYS]; POINT_COUNT] = build_rays();

/// How many rays each point has.
pub const RAY_COUNTS: [u8; POINT_COUNT] = count_rays(&RAYS);

/// The neighbours of every point, as a bitboard.
pub const NEIGHBOURS: [u64; POINT_COUNT] = neighbour_masks(&RAYS);

/// For every pair of neighbours `[from][to]`, the index of the ray from `from` to `to`
/// ([`NO_POINT`] when they are not neighbours): turns a bitboard of step targets into moves.
pub const RAY_TO: [[u8; POINT_COUNT]; POINT_COUNT] = ray_index_table(&RAYS);

/// The bit of one point.
#[inline]
pub const fn bit(point: u8) -> u64 {
    1u64 << point
}

/// The name of a point ("c3").
#[inline]
pub fn name(point: u8) -> &'static str {
    NAMES[usize::from(point)]
}

/// The point with this name, if the board has one.
pub fn point_named(text: &str) -> Option<u8> {
    NAMES.iter().position(|&n| n == text).map(|i| i as u8)
}

/// The file letter (`b'a'..=b'e'`) and rank (1..=9) of a point.
pub const fn file_and_rank(point: u8) -> (u8, u8) {
    let name = NAMES[point as usize].as_bytes();
    (name[0], name[1] - b'0')
}

/// The point on this file letter and rank, if the board has one.
pub const fn point_at(file: u8, rank: u8) -> Option<u8> {
    let mut i = 0;
    while i < POINT_COUNT {
        let (f, r) = file_and_rank(i as u8);
        if f == file && r == rank {
            return Some(i as u8);
        }
        i += 1;
    }
    None
}

/// The index of the point whose name is the two bytes at `at` in `text` (compile time).
const fn point_in(text: &[u8], at: usize) -> u8 {
    if at + 1 >= text.len() || !(at + 2 == text.len() || text[at + 2] == b' ') {
        panic!("a line must list two-character point names separated by single spaces");
    }
    match point_at(text[at], text[at + 1].wrapping_sub(b'0')) {
        Some(p) => p,
        None => panic!("a line names a point the board does not have"),
    }
}

/// Adds a ray to `rays[from]`, refusing a second line between the same two points.
const fn add_ray(rays: &mut [[Ray; MAX_RAYS]; POINT_COUNT], from: u8, neighbour: u8, beyond: u8) {
    let list = &mut rays[from as usize];
    let mut i = 0;
    while i < MAX_RAYS && list[i].neighbour != NO_POINT {
        if list[i].neighbour == neighbour {
            panic!("two lines join the same two neighbouring points");
        }
        i += 1;
    }
    if i == MAX_RAYS {
        panic!("a point has more than MAX_RAYS rays");
    }
    list[i] = Ray { neighbour, beyond };
}

/// Builds the ray table from [`LINES`] and checks it: at most [`MAX_RAYS`] per point, no two
/// lines between the same neighbours, no two jumps from one point to the same landing point, and
/// no landing point that is also a neighbour (so `-` and `x` in move texts never clash).
const fn build_rays() -> [[Ray; MAX_RAYS]; POINT_COUNT] {
    let mut rays = [[EMPTY_RAY; MAX_RAYS]; POINT_COUNT];
    let mut l = 0;
    while l < LINES.len() {
        let text = LINES[l].as_bytes();
        let mut points = [NO_POINT; 9];
        let mut n = 0;
        let mut at = 0;
        while at < text.len() {
            points[n] = point_in(text, at);
            n += 1;
            at += 3;
        }
        let mut i = 0;
        while i + 1 < n {
            let (a, b) = (points[i], points[i + 1]);
            let beyond_b = if i + 2 < n { points[i + 2] } else { NO_POINT };
            let beyond_a = if i >= 1 { points[i - 1] } else { NO_POINT };
            add_ray(&mut rays, a, b, beyond_b);
            add_ray(&mut rays, b, a, beyond_a);
            i += 1;
        }
        l += 1;
    }
    check_rays(&rays);
    rays
}

const fn check_rays(rays: &[[Ray; MAX_RAYS]; POINT_COUNT]) {
    let mut p = 0;
    while p < POINT_COUNT {
        let mut i = 0;
        while i < MAX_RAYS {
            let landing = rays[p][i].beyond;
            if landing != NO_POINT {
                let mut j = 0;
                while j < MAX_RAYS {
                    if j != i && rays[p][j].beyond == landing {
                        panic!("two jumps from one point land on the same point");
                    }
                    if rays[p][j].neighbour == landing {
                        panic!("a jump lands on a neighbour of its start");
                    }
                    j += 1;
                }
            }
            i += 1;
        }
        p += 1;
    }
}

const fn count_rays(rays: &[[Ray; MAX_RAYS]; POINT_COUNT]) -> [u8; POINT_COUNT] {
    let mut counts = [0u8; POINT_COUNT];
    let mut p = 0;
    while p < POINT_COUNT {
        while (counts[p] as usize) < MAX_RAYS && rays[p][counts[p] as usize].neighbour != NO_POINT {
            counts[p] += 1;
        }
        p += 1;
    }
    counts
}

const fn neighbour_masks(rays: &[[Ray; MAX_RAYS]; POINT_COUNT]) -> [u64; POINT_COUNT] {
    let mut masks = [0u64; POINT_COUNT];
    let mut p = 0;
    while p < POINT_COUNT {
        let mut i = 0;
        while i < MAX_RAYS && rays[p][i].neighbour != NO_POINT {
            masks[p] |= bit(rays[p][i].neighbour);
            i += 1;
        }
        p += 1;
    }
    masks
}

const fn ray_index_table(
    rays: &[[Ray; MAX_RAYS]; POINT_COUNT],
) -> [[u8; POINT_COUNT]; POINT_COUNT] {
    let mut table = [[NO_POINT; POINT_COUNT]; POINT_COUNT];
    let mut p = 0;
    while p < POINT_COUNT {
        let mut i = 0;
        while i < MAX_RAYS && rays[p][i].neighbour != NO_POINT {
            table[p][rays[p][i].neighbour as usize] = i as u8;
            i += 1;
        }
        p += 1;
    }
    table
}

/// The south start: a1 c1 e1 b2 c2 d2 and ranks 3 and 4.
pub const SOUTH_START: u64 = (1 << 16) - 1;
/// The north start: ranks 6 and 7, b8 c8 d8 and a9 c9 e9.
pub const NORTH_START: u64 = ALL_POINTS & !((1 << 21) - 1);

/// Zobrist keys: one per side and point, then one for "north to move".
const ZOBRIST: [u64; 2 * POINT_COUNT + 1] = crate::zobrist::keys(0x5401_6071_0016);

/// The key of a piece of side `side_index` (0 south, 1 north) on `point`.
#[inline]
pub const fn piece_key(side_index: usize, point: u8) -> u64 {
    ZOBRIST[side_index * POINT_COUNT + point as usize]
}

/// The key toggled when north is to move.
pub const NORTH_TO_MOVE_KEY: u64 = ZOBRIST[2 * POINT_COUNT];

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> u8 {
        point_named(name).unwrap()
    }

    fn neighbours_of(name: &str) -> Vec<&'static str> {
        let mut v: Vec<_> = (0..POINT_COUNT as u8)
            .filter(|&q| NEIGHBOURS[usize::from(p(name))] & bit(q) != 0)
            .map(super::name)
            .collect();
        v.sort_unstable();
        v
    }

    fn landings_of(name: &str) -> Vec<&'static str> {
        let from = usize::from(p(name));
        let mut v: Vec<_> = RAYS[from][..usize::from(RAY_COUNTS[from])]
            .iter()
            .filter(|r| r.beyond != NO_POINT)
            .map(|r| super::name(r.beyond))
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn thirty_seven_points_in_rank_order() {
        let mut expected = Vec::new();
        for (r, files) in RANK_FILES.iter().enumerate() {
            for f in files.chars() {
                expected.push(format!("{f}{}", r + 1));
            }
        }
        assert_eq!(expected, NAMES);
    }

    #[test]
    fn start_masks_hold_sixteen_each_and_leave_rank_five_empty() {
        assert_eq!(SOUTH_START.count_ones(), 16);
        assert_eq!(NORTH_START.count_ones(), 16);
        assert_eq!(SOUTH_START & NORTH_START, 0);
        let rank5 = ALL_POINTS & !SOUTH_START & !NORTH_START;
        let names: Vec<_> = (0..37u8)
            .filter(|&q| rank5 & bit(q) != 0)
            .map(name)
            .collect();
        assert_eq!(names, ["a5", "b5", "c5", "d5", "e5"]);
    }

    #[test]
    fn neighbours_are_symmetric() {
        for a in 0..POINT_COUNT as u8 {
            for b in 0..POINT_COUNT as u8 {
                let ab = NEIGHBOURS[usize::from(a)] & bit(b) != 0;
                let ba = NEIGHBOURS[usize::from(b)] & bit(a) != 0;
                assert_eq!(ab, ba, "{} {}", name(a), name(b));
            }
        }
    }

    #[test]
    fn triangle_points_follow_their_lines_only() {
        assert_eq!(neighbours_of("a1"), ["b2", "c1"]);
        assert_eq!(neighbours_of("c1"), ["a1", "c2", "e1"]);
        assert_eq!(neighbours_of("b2"), ["a1", "c2", "c3"]);
        assert_eq!(neighbours_of("c2"), ["b2", "c1", "c3", "d2"]);
        assert_eq!(neighbours_of("e9"), ["c9", "d8"]);
        assert_eq!(landings_of("a1"), ["c3", "e1"]);
        assert_eq!(landings_of("b2"), ["d2", "d4"]);
        assert_eq!(landings_of("c2"), ["c4"]);
        assert_eq!(landings_of("c1"), ["c3"]);
    }

    #[test]
    fn b3_has_no_diagonals_and_c3_has_eight_rays() {
        assert_eq!(neighbours_of("b3"), ["a3", "b4", "c3"]);
        assert_eq!(RAY_COUNTS[usize::from(p("c3"))], 8);
        assert_eq!(
            neighbours_of("c3"),
            ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]
        );
        assert_eq!(
            landings_of("c3"),
            ["a1", "a3", "a5", "c1", "c5", "e1", "e3", "e5"]
        );
    }
}
