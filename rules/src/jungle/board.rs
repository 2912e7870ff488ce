//! The two Jungle boards as compile-time tables: square numbering, water, dens and traps, the
//! step and river-jump targets of every square, and the start position of each board.
//!
//! A square is a `u8` index `rank * files + file` (file a = 0, rank 1 = 0), so the 63 squares of
//! the standard board and the 35 of the small one fit in one `u64` bitboard. Each board is
//! written once as a [`Layout`] (south's half; north is its 180-degree turn) and turned into a
//! [`Geometry`] by `const fn`, so no table is built at run time.

use std::fmt;

use super::animal::{Animal, EMPTY, PieceCode, piece_code};
use super::rules::BoardSize;
use crate::game::Side;

/// A square index, `rank * files + file`.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::jungle::{Animal, Jungle, Square};
///
/// let game = Jungle::start(Default::default());
/// let geo = game.geometry();
/// let a1: Square = geo.parse_square("a1").unwrap();
/// assert_eq!(a1, 0);
/// assert_eq!(geo.name(geo.square(6, 8).unwrap()), "g9"); // file g, rank 9
/// assert_eq!(game.piece_at(a1), Some((Side::First, Animal::Tiger)));
/// ```
pub type Square = u8;

/// The largest number of squares a board has, as the length of per-square tables.
pub const MAX_SQUARES: usize = 64;

/// The one-bit mask of a square.
#[inline]
pub const fn bit(sq: Square) -> u64 {
    1u64 << sq
}

/// A river jump from one bank to the other: where it lands, and the water squares it crosses
/// (a rat on any of them blocks it).
///
/// ```
/// use chaupal_rules::jungle::{BoardSize, Geometry};
///
/// let geo = Geometry::of(BoardSize::Standard);
/// let c3 = geo.parse_square("c3").unwrap();
/// // From c3 the lion and the tiger jump the river to c7, over c4, c5 and c6.
/// let jump = geo.jumps[usize::from(c3)].iter().flatten().next().unwrap();
/// assert_eq!(geo.name(jump.to), "c7");
/// assert_eq!(jump.over.count_ones(), 3);
/// assert_eq!(jump.over & !geo.water, 0); // it crosses water only
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    pub to: Square,
    pub over: u64,
}

/// How a board is laid out, from south's point of view: north's den, traps and pieces are the
/// 180-degree turn of south's. Water squares are listed in full.
struct Layout {
    size: BoardSize,
    files: u8,
    ranks: u8,
    den: &'static str,
    traps: [&'static str; 3],
    water: &'static [&'static str],
    south: &'static [(Animal, &'static str)],
}

/// The rule book's board: 7 files x 9 ranks.
const STANDARD_LAYOUT: Layout = Layout {
    size: BoardSize::Standard,
    files: 7,
    ranks: 9,
    den: "d1",
    traps: ["c1", "e1", "d2"],
    water: &[
        "b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6",
    ],
    south: &[
        (Animal::Tiger, "a1"),
        (Animal::Lion, "g1"),
        (Animal::Cat, "b2"),
        (Animal::Dog, "f2"),
        (Animal::Elephant, "a3"),
        (Animal::Wolf, "c3"),
        (Animal::Leopard, "e3"),
        (Animal::Rat, "g3"),
    ],
};

/// The small board (`board=small`): 5 files x 7 ranks, two one-file ponds.
const SMALL_LAYOUT: Layout = Layout {
    size: BoardSize::Small,
    files: 5,
    ranks: 7,
    den: "c1",
    traps: ["b1", "d1", "c2"],
    water: &["b3", "b4", "b5", "d3", "d4", "d5"],
    south: &[
        (Animal::Lion, "e1"),
        (Animal::Elephant, "a2"),
        (Animal::Cat, "b2"),
        (Animal::Rat, "e2"),
    ],
};

/// The standard board's tables.
pub static STANDARD: Geometry = Geometry::build(&STANDARD_LAYOUT);
/// The small board's tables.
pub static SMALL: Geometry = Geometry::build(&SMALL_LAYOUT);

/// Everything the rules need to know about one board, precomputed.
///
/// ```
/// use chaupal_rules::jungle::{Animal, BoardSize, Geometry};
///
/// let small = Geometry::of(BoardSize::Small);
/// assert_eq!((small.files, small.ranks, small.squares), (5, 7, 35));
/// assert_eq!(small.name(small.dens[0]), "c1"); // south's den
/// assert!(small.is_water(small.parse_square("b3").unwrap()));
/// assert!(small.has_animal(Animal::Cat) && !small.has_animal(Animal::Tiger));
/// assert_eq!(small.parse_square("g9"), None); // off the small board
/// ```
pub struct Geometry {
    /// Which board this is.
    pub size: BoardSize,
    /// Number of files (columns a..).
    pub files: u8,
    /// Number of ranks (rows 1..).
    pub ranks: u8,
    /// `files * ranks`.
    pub squares: u8,
    /// Every square of the board.
    pub all: u64,
    /// The water squares.
    pub water: u64,
    /// Each side's own den, by `Side::index`.
    pub dens: [Square; 2],
    /// Each side's own den as a mask.
    pub den_masks: [u64; 2],
    /// The traps around each side's own den: an enemy on them can be captured by any piece of
    /// that side.
    pub traps: [u64; 2],
    /// The orthogonal neighbours of every square.
    pub steps: [u64; MAX_SQUARES],
    /// The river jumps from every square, one per direction, `None` where there is none.
    pub jumps: [[Option<Jump>; 4]; MAX_SQUARES],
    /// The squares a river jump starts from.
    pub jump_sources: u64,
    /// The animals this board is played with, one bit per `Animal::index`.
    pub animals: u8,
    /// The start position, a piece code per square.
    pub start: [PieceCode; MAX_SQUARES],
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({})", self.size)
    }
}

/// Reads a square name such as `d1` at compile time; panics (a build error) on a bad name.
const fn layout_square(files: u8, ranks: u8, name: &str) -> Square {
    let b = name.as_bytes();
    assert!(b.len() == 2, "a layout square is a letter and a digit");
    let file = b[0].wrapping_sub(b'a');
    let rank = b[1].wrapping_sub(b'1');
    assert!(
        file < files && rank < ranks,
        "a layout square is off the board"
    );
    rank * files + file
}

/// The four directions as (file step, rank step): north, east, south, west.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Geometry {
    const fn build(layout: &Layout) -> Geometry {
        let files = layout.files;
        let ranks = layout.ranks;
        let squares = files * ranks;
        assert!(squares as usize <= MAX_SQUARES);
        let all = if squares as usize == MAX_SQUARES {
            u64::MAX
        } else {
            (1u64 << squares) - 1
        };
        // The 180-degree turn maps square s to squares - 1 - s.
        let last = squares - 1;

        let mut water = 0u64;
        let mut i = 0;
        while i < layout.water.len() {
            water |= bit(layout_square(files, ranks, layout.water[i]));
            i += 1;
        }

        let south_den = layout_square(files, ranks, layout.den);
        let dens = [south_den, last - south_den];
        let mut traps = [0u64; 2];
        let mut i = 0;
        while i < layout.traps.len() {
            let t = layout_square(files, ranks, layout.traps[i]);
            traps[0] |= bit(t);
            traps[1] |= bit(last - t);
            i += 1;
        }

        let mut start = [EMPTY; MAX_SQUARES];
        let mut animals = 0u8;
        let mut i = 0;
        while i < layout.south.len() {
            let (animal, name) = layout.south[i];
            let sq = layout_square(files, ranks, name);
            start[sq as usize] = piece_code(Side::First, animal);
            start[(last - sq) as usize] = piece_code(Side::Second, animal);
            animals |= 1 << animal as u8;
            i += 1;
        }

        let mut steps = [0u64; MAX_SQUARES];
        let mut jumps = [[None; 4]; MAX_SQUARES];
        let mut jump_sources = 0u64;
        let mut sq = 0u8;
        while sq < squares {
            let file = (sq % files) as i8;
            let rank = (sq / files) as i8;
            let mut d = 0;
            while d < 4 {
                let (df, dr) = DIRECTIONS[d];
                let (mut f, mut r) = (file + df, rank + dr);
                if f >= 0 && r >= 0 && f < files as i8 && r < ranks as i8 {
                    steps[sq as usize] |= bit((r as u8) * files + f as u8);
                }
                // A jump: from land, across one or more water squares in a straight line, to
                // the land square on the far bank.
                if water & bit(sq) == 0 {
                    let mut over = 0u64;
                    while f >= 0
                        && r >= 0
                        && f < files as i8
                        && r < ranks as i8
                        && water & bit((r as u8) * files + f as u8) != 0
                    {
                        over |= bit((r as u8) * files + f as u8);
                        f += df;
                        r += dr;
                    }
                    if over != 0 && f >= 0 && r >= 0 && f < files as i8 && r < ranks as i8 {
                        let to = (r as u8) * files + f as u8;
                        jumps[sq as usize][d] = Some(Jump { to, over });
                        jump_sources |= bit(sq);
                    }
                }
                d += 1;
            }
            sq += 1;
        }

        Geometry {
            size: layout.size,
            files,
            ranks,
            squares,
            all,
            water,
            dens,
            den_masks: [bit(dens[0]), bit(dens[1])],
            traps,
            steps,
            jumps,
            jump_sources,
            animals,
            start,
        }
    }

    /// The tables of a board.
    pub const fn of(size: BoardSize) -> &'static Geometry {
        match size {
            BoardSize::Standard => &STANDARD,
            BoardSize::Small => &SMALL,
        }
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if it is on the board.
    #[inline]
    pub const fn square(&self, file: u8, rank: u8) -> Option<Square> {
        if file < self.files && rank < self.ranks {
            Some(rank * self.files + file)
        } else {
            None
        }
    }

    /// The file index (0 = a) of a square.
    #[inline]
    pub const fn file_of(&self, sq: Square) -> u8 {
        sq % self.files
    }

    /// The rank index (0 = rank 1) of a square.
    #[inline]
    pub const fn rank_of(&self, sq: Square) -> u8 {
        sq / self.files
    }

    /// A square's name, e.g. `d1`.
    pub fn name(&self, sq: Square) -> String {
        let mut s = String::with_capacity(2);
        s.push(char::from(b'a' + self.file_of(sq)));
        s.push(char::from(b'1' + self.rank_of(sq)));
        s
    }

    /// Reads a square name of this board (`a1` .. `g9` standard, `a1` .. `e7` small).
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        match name.as_bytes() {
            [f @ b'a'..=b'z', r @ b'1'..=b'9'] => self.square(f - b'a', r - b'1'),
            _ => None,
        }
    }

    /// The last file's letter, for messages.
    pub fn last_file(&self) -> char {
        char::from(b'a' + self.files - 1)
    }

    /// Whether a square is water.
    #[inline]
    pub const fn is_water(&self, sq: Square) -> bool {
        self.water & bit(sq) != 0
    }

    /// Whether this board is played with `animal`.
    #[inline]
    pub const fn has_animal(&self, animal: Animal) -> bool {
        self.animals & (1 << animal as u8) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, mut mask: u64) -> Vec<String> {
        let mut out = Vec::new();
        while mask != 0 {
            out.push(g.name(mask.trailing_zeros() as Square));
            mask &= mask - 1;
        }
        out.sort();
        out
    }

    #[test]
    fn standard_board_follows_the_rule_book() {
        let g = &STANDARD;
        assert_eq!((g.files, g.ranks, g.squares), (7, 9, 63));
        assert_eq!(g.name(g.dens[0]), "d1");
        assert_eq!(g.name(g.dens[1]), "d9");
        assert_eq!(names(g, g.traps[0]), ["c1", "d2", "e1"]);
        assert_eq!(names(g, g.traps[1]), ["c9", "d8", "e9"]);
        assert_eq!(
            names(g, g.water),
            [
                "b4", "b5", "b6", "c4", "c5", "c6", "e4", "e5", "e6", "f4", "f5", "f6"
            ]
        );
    }

    #[test]
    fn standard_jumps_cross_three_squares_vertically_and_two_horizontally() {
        let g = &STANDARD;
        let mut all = Vec::new();
        for sq in 0..g.squares {
            for j in g.jumps[sq as usize].iter().flatten() {
                all.push(format!(
                    "{}-{}:{}",
                    g.name(sq),
                    g.name(j.to),
                    j.over.count_ones()
                ));
            }
        }
        all.sort();
        let mut expected: Vec<String> = [
            "b3-b7:3", "b7-b3:3", "c3-c7:3", "c7-c3:3", "e3-e7:3", "e7-e3:3", "f3-f7:3", "f7-f3:3",
            "a4-d4:2", "d4-a4:2", "d4-g4:2", "g4-d4:2", "a5-d5:2", "d5-a5:2", "d5-g5:2", "g5-d5:2",
            "a6-d6:2", "d6-a6:2", "d6-g6:2", "g6-d6:2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        expected.sort();
        assert_eq!(all, expected);
    }

    #[test]
    fn small_board_is_the_leads_layout() {
        let g = &SMALL;
        assert_eq!((g.files, g.ranks, g.squares), (5, 7, 35));
        assert_eq!(g.name(g.dens[0]), "c1");
        assert_eq!(g.name(g.dens[1]), "c7");
        assert_eq!(names(g, g.traps[0]), ["b1", "c2", "d1"]);
        assert_eq!(names(g, g.traps[1]), ["b7", "c6", "d7"]);
        assert_eq!(names(g, g.water), ["b3", "b4", "b5", "d3", "d4", "d5"]);
        let mut all = Vec::new();
        for sq in 0..g.squares {
            for j in g.jumps[sq as usize].iter().flatten() {
                all.push(format!("{}-{}", g.name(sq), g.name(j.to)));
            }
        }
        all.sort();
        let mut expected: Vec<&str> = vec![
            "b2-b6", "b6-b2", "d2-d6", "d6-d2", "a3-c3", "c3-a3", "c3-e3", "e3-c3", "a4-c4",
            "c4-a4", "c4-e4", "e4-c4", "a5-c5", "c5-a5", "c5-e5", "e5-c5",
        ];
        expected.sort();
        assert_eq!(all, expected);
    }

    #[test]
    fn start_positions_are_symmetric_and_on_land() {
        for g in [&STANDARD, &SMALL] {
            for sq in 0..g.squares {
                let code = g.start[sq as usize];
                let turned = g.start[(g.squares - 1 - sq) as usize];
                assert_eq!(code == EMPTY, turned == EMPTY);
                if code != EMPTY {
                    assert_ne!(
                        code, turned,
                        "the turned square holds the other side's piece"
                    );
                    assert!(!g.is_water(sq));
                }
                assert_eq!(
                    g.is_water(sq),
                    g.is_water(g.squares - 1 - sq),
                    "water is symmetric"
                );
            }
        }
    }

    #[test]
    fn squares_read_and_print() {
        assert_eq!(STANDARD.parse_square("g9"), Some(62));
        assert_eq!(STANDARD.parse_square("h1"), None);
        assert_eq!(SMALL.parse_square("e7"), Some(34));
        assert_eq!(SMALL.parse_square("f1"), None);
        assert_eq!(SMALL.parse_square("a8"), None);
        assert_eq!(STANDARD.name(62), "g9");
    }
}
