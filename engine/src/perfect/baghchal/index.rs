//! Where a Bagh Chal movement-phase position lives in the database: the 8 symmetries of the
//! square, the canonical tiger sets (one per symmetry class of the 12 650 sets of 4 points), and
//! the combinatorial rank of the goat set among the 21 points the tigers leave free.
//!
//! A position is stored under its canonical tiger set: the smallest (as a bitmask) image of its
//! tiger set under the 8 symmetries, reached by the first symmetry that gives it; the goat set is
//! carried by the same symmetry and ranked in colex order among the sets of its size. Tiger sets
//! that are themselves symmetric keep every goat set, so a few symmetric positions are stored
//! twice (each solved on its own; the tests check that they agree).

use chaupal_rules::baghchal::board::{ALL_POINTS, POINT_COUNT, Points, SIDE_LEN};

/// The symmetries of the square.
pub(crate) const SYMMETRIES: usize = 8;
/// The tigers on the board.
const TIGERS: usize = 4;
/// The points the tigers leave free.
pub(crate) const FREE_POINTS: u32 = (POINT_COUNT - TIGERS) as u32;
/// The number of sets of 4 tigers on 25 points, C(25, 4).
const TIGER_SETS: usize = 12_650;

/// `BINOM[n][k]` = C(n, k) for n <= 25, k <= 25.
const BINOM: [[u32; POINT_COUNT + 1]; POINT_COUNT + 1] = {
    let mut t = [[0u32; POINT_COUNT + 1]; POINT_COUNT + 1];
    let mut n = 0;
    while n <= POINT_COUNT {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// C(n, k).
pub const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        0
    } else {
        BINOM[n as usize][k as usize]
    }
}

/// The image of a point under symmetry `s`: bit 0 mirrors the files, bit 1 the ranks, bit 2
/// then swaps files and ranks. The lines of the board are the same under all eight.
pub const fn map_point(s: usize, point: u8) -> u8 {
    let last = SIDE_LEN - 1;
    let mut file = point % SIDE_LEN;
    let mut rank = point / SIDE_LEN;
    if s & 1 != 0 {
        file = last - file;
    }
    if s & 2 != 0 {
        rank = last - rank;
    }
    if s & 4 != 0 {
        (file, rank) = (rank, file);
    }
    rank * SIDE_LEN + file
}

/// The movement-phase positions with `goats` goats on the board (and the 4 tigers) that are
/// distinct under the 8 symmetries, for one side to move. Counted exactly by Burnside's lemma:
/// the number of classes is the mean, over the symmetries, of the positions each leaves as they
/// are; a position is left as it is when each cycle of points the symmetry permutes holds one
/// kind only (tigers, goats or nothing).
pub fn distinct_positions(goats: u32) -> u64 {
    let mut fixed_total = 0u64;
    for s in 0..SYMMETRIES {
        // The lengths of the cycles of symmetry `s` on the points.
        let mut seen = [false; POINT_COUNT];
        let mut cycles = Vec::new();
        for start in 0..POINT_COUNT {
            let mut len = 0;
            let mut p = start;
            while !seen[p] {
                seen[p] = true;
                p = usize::from(map_point(s, p as u8));
                len += 1;
            }
            if len > 0 {
                cycles.push(len);
            }
        }
        // ways[t][g]: colourings of the cycles so far with t tiger points and g goat points.
        let goats = goats as usize;
        let mut ways = vec![vec![0u64; goats + 1]; TIGERS + 1];
        ways[0][0] = 1;
        for len in cycles {
            let mut next = ways.clone();
            for t in 0..=TIGERS {
                for g in 0..=goats {
                    let w = ways[t][g];
                    if w == 0 {
                        continue;
                    }
                    if t + len <= TIGERS {
                        next[t + len][g] += w;
                    }
                    if g + len <= goats {
                        next[t][g + len] += w;
                    }
                }
            }
            ways = next;
        }
        fixed_total += ways[TIGERS][goats];
    }
    fixed_total / SYMMETRIES as u64
}

/// The image of a set of points under symmetry `s`, point by point (for tables and tests).
pub(crate) fn map_set_slow(s: usize, set: Points) -> Points {
    (0..POINT_COUNT as u8)
        .filter(|&p| set & (1 << p) != 0)
        .fold(0, |acc, p| acc | 1 << map_point(s, p))
}

/// The colex rank of a 4-point set.
fn tiger_rank(tigers: Points) -> usize {
    let mut rest = tigers;
    let mut rank = 0;
    let mut k = 1;
    while rest != 0 {
        let p = rest.trailing_zeros();
        rank += binomial(p, k) as usize;
        rest &= rest - 1;
        k += 1;
    }
    rank
}

/// Removes the bits at the (ascending) points `holes` from `set`, closing the gaps.
#[inline]
fn compress(mut set: u32, holes: &[u8; TIGERS]) -> u32 {
    for &p in holes.iter().rev() {
        let low = (1u32 << p) - 1;
        set = (set & low) | ((set >> 1) & !low);
    }
    set
}

/// The inverse of [`compress`]: opens a zero bit at each of the points `holes`.
#[inline]
fn expand(mut set: u32, holes: &[u8; TIGERS]) -> u32 {
    for &p in holes {
        let low = (1u32 << p) - 1;
        set = (set & low) | ((set & !low) << 1);
    }
    set
}

/// The index tables. Building them takes a few tens of milliseconds and 16 MB.
pub struct Indexer {
    /// Per symmetry, per byte of the set, the image of that byte's points.
    perm: Box<[[[u32; 256]; 4]; SYMMETRIES]>,
    /// Per tiger-set rank: its class and the first symmetry mapping it onto the class's set.
    tiger_class: Vec<(u16, u8)>,
    /// The canonical tiger set of each class, ascending.
    classes: Vec<Points>,
    /// The points of each canonical tiger set, ascending.
    holes: Vec<[u8; TIGERS]>,
    /// Per class, the symmetries other than the identity that keep its tiger set.
    stabiliser: Vec<Vec<u8>>,
    /// For every subset of the 21 free points (as 21 bits): its colex rank among the subsets of
    /// its size.
    rank21: Vec<u32>,
    /// For each size, the subsets of that size in colex (numeric) order.
    unrank21: Vec<Vec<u32>>,
}

impl Indexer {
    /// Builds the tables.
    pub fn new() -> Indexer {
        let mut perm = Box::new([[[0u32; 256]; 4]; SYMMETRIES]);
        for (s, table) in perm.iter_mut().enumerate() {
            for (chunk, bytes) in table.iter_mut().enumerate() {
                for (byte, image) in bytes.iter_mut().enumerate() {
                    let set = ((byte as u64) << (8 * chunk)) as u32 & ALL_POINTS;
                    *image = map_set_slow(s, set);
                }
            }
        }
        let mut indexer = Indexer {
            perm,
            tiger_class: vec![(0, 0); TIGER_SETS],
            classes: Vec::new(),
            holes: Vec::new(),
            stabiliser: Vec::new(),
            rank21: vec![0; 1 << FREE_POINTS],
            unrank21: vec![Vec::new(); FREE_POINTS as usize + 1],
        };
        // Every 4-set in colex order: the canonical ones first appear as their own minimum.
        let mut set: u32 = 0b1111;
        while set & !ALL_POINTS == 0 {
            let (best, sym) = (0..SYMMETRIES)
                .map(|s| (indexer.map(s, set), s))
                .min_by_key(|&(image, s)| (image, s))
                .unwrap_or((set, 0));
            if best == set {
                indexer.classes.push(set);
                let mut holes = [0u8; TIGERS];
                for (i, h) in holes.iter_mut().enumerate() {
                    *h = nth_point(set, i);
                }
                indexer.holes.push(holes);
                let keep =
                    (1..SYMMETRIES as u8).filter(|&u| indexer.map(usize::from(u), set) == set);
                indexer.stabiliser.push(keep.collect());
            }
            // Canonical sets are minima, so they come first in numeric (= colex) order.
            let class = indexer.classes.partition_point(|&c| c < best);
            indexer.tiger_class[tiger_rank(set)] = (class as u16, sym as u8);
            set = next_same_popcount(set);
        }
        for subset in 0..1u32 << FREE_POINTS {
            let list = &mut indexer.unrank21[subset.count_ones() as usize];
            indexer.rank21[subset as usize] = list.len() as u32;
            list.push(subset);
        }
        indexer
    }

    /// The image of a set under symmetry `s`.
    #[inline]
    pub fn map(&self, s: usize, set: Points) -> Points {
        let t = &self.perm[s];
        t[0][(set & 0xFF) as usize]
            | t[1][((set >> 8) & 0xFF) as usize]
            | t[2][((set >> 16) & 0xFF) as usize]
            | t[3][(set >> 24) as usize & 0xFF]
    }

    /// How many canonical tiger sets (symmetry classes of tiger sets) there are.
    pub fn class_count(&self) -> usize {
        self.classes.len()
    }

    /// The goat sets of `goats` goats a tiger set leaves room for, C(21, goats).
    pub(crate) fn goat_sets(goats: u32) -> u32 {
        binomial(FREE_POINTS, goats)
    }

    /// Where a position is stored: (class, goat rank), for a legal tiger set of 4 points and a
    /// goat set disjoint from it.
    #[inline]
    pub(crate) fn locate(&self, tigers: Points, goats: Points) -> (usize, usize) {
        let (class, sym) = self.tiger_class[tiger_rank(tigers)];
        let class = class as usize;
        let free = compress(self.map(sym as usize, goats), &self.holes[class]);
        (class, self.rank21[free as usize] as usize)
    }

    /// Every slot holding a position equivalent to (tigers, goats): the one [`Indexer::locate`]
    /// gives and, when the canonical tiger set is symmetric, those of the goat set's images under
    /// the symmetries that keep it (such positions are stored more than once).
    #[inline]
    pub(crate) fn locate_all(
        &self,
        tigers: Points,
        goats: Points,
        mut f: impl FnMut(usize, usize),
    ) {
        let (class, sym) = self.tiger_class[tiger_rank(tigers)];
        let class = class as usize;
        let holes = &self.holes[class];
        let goats = self.map(sym as usize, goats);
        f(class, self.rank21[compress(goats, holes) as usize] as usize);
        for &u in &self.stabiliser[class] {
            let image = self.map(usize::from(u), goats);
            f(class, self.rank21[compress(image, holes) as usize] as usize);
        }
    }

    /// The canonical tiger set of a class.
    #[inline]
    pub(crate) fn class_tigers(&self, class: usize) -> Points {
        self.classes[class]
    }

    /// The class of a tiger set and the first symmetry mapping it onto the class's set.
    #[inline]
    pub(crate) fn class_of(&self, tigers: Points) -> (usize, usize) {
        let (class, sym) = self.tiger_class[tiger_rank(tigers)];
        (class as usize, usize::from(sym))
    }

    /// The goat set of a position whose tiger set is in `class` through symmetry `sym` (as
    /// [`Indexer::class_of`] gives them), as a set of the class's free points (see
    /// [`Indexer::free_set`]).
    #[inline]
    pub(crate) fn free_in(&self, class: usize, sym: usize, goats: Points) -> u32 {
        compress(self.map(sym, goats), &self.holes[class])
    }

    /// The goat set of rank `rank` among those of `goats` goats, as a set of the 21 free
    /// points (bit `i`: the `i`-th free point, lowest first).
    #[inline]
    pub(crate) fn free_set(&self, goats: u32, rank: usize) -> u32 {
        self.unrank21[goats as usize][rank]
    }

    /// The rank of a set of free points among the sets of its size.
    #[cfg(test)]
    pub(crate) fn free_rank(&self, free: u32) -> usize {
        self.rank21[free as usize] as usize
    }

    /// The points of a set of free points of `class`'s canonical tiger set.
    #[inline]
    pub(crate) fn board_set(&self, class: usize, free: u32) -> Points {
        expand(free, &self.holes[class])
    }

    /// The (canonical) tiger set and the goat set stored at (class, goat rank) for `goats` goats.
    #[inline]
    pub fn position(&self, class: usize, goats: u32, rank: usize) -> (Points, Points) {
        let holes = &self.holes[class];
        (
            self.classes[class],
            expand(self.unrank21[goats as usize][rank], holes),
        )
    }
}

impl Default for Indexer {
    fn default() -> Self {
        Indexer::new()
    }
}

/// The `i`-th (from 0) lowest point of a set.
fn nth_point(mut set: Points, i: usize) -> u8 {
    for _ in 0..i {
        set &= set - 1;
    }
    set.trailing_zeros() as u8
}

/// The next larger number with as many bits set (Gosper's hack).
fn next_same_popcount(x: u32) -> u32 {
    let c = x & x.wrapping_neg();
    let r = x + c;
    (((r ^ x) >> 2) / c) | r
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::baghchal::board::{JUMPS, STEPS};

    #[test]
    fn symmetries_keep_the_lines_and_are_distinct() {
        let mut images = std::collections::HashSet::new();
        for s in 0..SYMMETRIES {
            let image: Vec<u8> = (0..25).map(|p| map_point(s, p)).collect();
            assert!(images.insert(image));
            for p in 0..25u8 {
                assert_eq!(
                    map_set_slow(s, STEPS[p as usize]),
                    STEPS[map_point(s, p) as usize]
                );
                assert_eq!(
                    map_set_slow(s, JUMPS[p as usize]),
                    JUMPS[map_point(s, p) as usize]
                );
            }
        }
    }

    #[test]
    fn classes_match_burnside_and_cover_every_tiger_set() {
        let ix = Indexer::new();
        // Burnside: the number of orbits is the mean number of sets each symmetry fixes.
        let mut fixed = 0;
        let mut set: u32 = 0b1111;
        let mut seen = std::collections::HashSet::new();
        while set & !ALL_POINTS == 0 {
            fixed += (0..SYMMETRIES)
                .filter(|&s| map_set_slow(s, set) == set)
                .count();
            let (class, sym) = ix.tiger_class[tiger_rank(set)];
            assert_eq!(ix.map(sym as usize, set), ix.classes[class as usize]);
            let min = (0..SYMMETRIES).map(|s| map_set_slow(s, set)).min();
            assert_eq!(min, Some(ix.classes[class as usize]));
            seen.insert(tiger_rank(set));
            set = next_same_popcount(set);
        }
        assert_eq!(seen.len(), TIGER_SETS);
        assert_eq!(fixed % SYMMETRIES, 0);
        assert_eq!(ix.class_count(), fixed / SYMMETRIES);
    }

    /// Burnside's count agrees with a count of the canonical forms themselves, on the layers
    /// small enough to enumerate.
    #[test]
    fn distinct_positions_are_the_classes_of_the_symmetries() {
        for goats in 0..=2u32 {
            let mut classes = std::collections::HashSet::new();
            let mut tigers: u32 = 0b1111;
            while tigers & !ALL_POINTS == 0 {
                let free: Vec<u8> = (0..25u8).filter(|&p| tigers & (1 << p) == 0).collect();
                let mut goat_sets: Vec<Points> = vec![0];
                for _ in 0..goats {
                    goat_sets = goat_sets
                        .iter()
                        .flat_map(|&g| {
                            free.iter()
                                .filter(move |&&p| g < (1 << p))
                                .map(move |&p| g | 1 << p)
                        })
                        .collect();
                }
                for g in goat_sets {
                    let canonical = (0..SYMMETRIES)
                        .map(|s| (map_set_slow(s, tigers), map_set_slow(s, g)))
                        .min();
                    classes.insert(canonical);
                }
                tigers = next_same_popcount(tigers);
            }
            assert_eq!(
                distinct_positions(goats),
                classes.len() as u64,
                "{goats} goats"
            );
        }
        // The whole movement phase (16 to 20 goats on the board), either side to move: the
        // figure published with the solution of Bagh Chal.
        let all: u64 = (16..=20).map(distinct_positions).sum();
        assert_eq!(2 * all, 88_260_972);
    }

    #[test]
    fn locate_and_position_are_inverse_and_symmetric_positions_meet() {
        let ix = Indexer::new();
        let mut rng = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..2000 {
            let class = (next() % ix.class_count() as u64) as usize;
            let goats = 16 + (next() % 5) as u32;
            let rank = (next() % u64::from(Indexer::goat_sets(goats))) as usize;
            let (t, g) = ix.position(class, goats, rank);
            assert_eq!(t & g, 0);
            assert_eq!(g.count_ones(), goats);
            assert_eq!(ix.locate(t, g), (class, rank));
            // Every image lands in the same class; an asymmetric class in the same slot.
            for s in 0..SYMMETRIES {
                let (c2, r2) = ix.locate(ix.map(s, t), ix.map(s, g));
                assert_eq!(c2, class);
                let stabiliser = (0..SYMMETRIES).filter(|&u| ix.map(u, t) == t).count();
                if stabiliser == 1 {
                    assert_eq!(r2, rank);
                }
            }
        }
    }
}
