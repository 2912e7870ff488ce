//! Kalah (docs/RULES.md, "Kalah"): sowing, extra turns, captures and the final count, as a fast
//! [`Game`].
//!
//! # Representation
//! A position is a flat array of seed counts, one byte per slot (see [`layout`]): south's houses
//! 1..m, south's store, north's houses 1..m, north's store, plus the side to move and the
//! incremental Zobrist hash. The whole game state is 32 bytes and `Copy`, so `make` saves the old
//! state as its undo record and `unmake` copies it back: cheaper than undoing a sowing step by
//! step, and exactly what an exact solver or an endgame database wants to copy around. The
//! sowing path of each side for every board size is a compile-time table, so a sowing is a short
//! loop over slot numbers with no modulo arithmetic; whole laps are added in one pass.
//!
//! # Zobrist hash
//! One key per (slot, seed count) for counts `0..=128` (the most seeds of any rule set,
//! `2 * 8 * 8`; the key of count 0 is 0), and one key for "north to move". `make` updates the hash for each slot whose
//! count changes, so it always equals [`Game::hash_from_scratch`].
//!
//! # Why there is no repetition history
//! A Kalah position can never occur twice in a game. Seeds only ever enter the stores, never
//! leave them, so the total in the stores never falls. A move that puts no seed into a store
//! sows fewer seeds than there are houses to the right of its origin: it only moves seeds
//! rightwards within the mover's own row (no capture, no lap, no sweep, the other row untouched),
//! so the sum over both rows of "seeds x house number" strictly rises. The pair (seeds in stores,
//! that weighted sum) therefore grows in lexicographic order with every move, and no position
//! (not even one with the other side to move) comes back. So the game keeps no `History`, and
//! every game ends: there are finitely many positions. `kalah_props.rs` checks this on random
//! playouts.
//!
//! # Finished positions
//! After any move that leaves either side's houses all empty, the remaining seeds are swept into
//! their owners' stores at once, so a position has seeds in both rows or in neither, and the
//! game is over exactly when the side to move has no seeds in its houses. Position texts with
//! seeds in one row only are refused (see [`notation`]).

pub mod layout;
pub mod notation;
pub mod rules;

use std::fmt;

use crate::game::{EndReason, Game, MoveError, Outcome, PositionError, Side};

use layout::{
    NORTH_TO_MOVE_KEY, SLOTS, SOW_PATH, house_slot, ring_len, seed_key, step_key, store_slot,
};
pub use rules::KalahRules;

/// A move: sow the seeds of one of the mover's houses. Printed as the house number `1..=m`.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::kalah::{Kalah, KalahMove};
///
/// let game = Kalah::start(Default::default());
/// let mv = game.parse_move("3").unwrap();
/// assert_eq!(mv, KalahMove::from_house(3).unwrap());
/// assert_eq!((mv.house(), mv.index()), (3, 2));
/// assert_eq!(game.move_text(mv), "3");
/// assert_eq!(KalahMove::from_house(9), None); // no board has nine houses
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KalahMove(u8);

impl KalahMove {
    /// The move that sows house `house` (numbered from 1, from the mover's left), if `house` is
    /// a house number of some board (`1..=8`).
    pub const fn from_house(house: u8) -> Option<Self> {
        if house >= 1 && house <= rules::MAX_PITS {
            Some(KalahMove(house - 1))
        } else {
            None
        }
    }

    /// The house number, from 1 at the mover's left.
    #[inline]
    pub const fn house(self) -> u8 {
        self.0 + 1
    }

    /// The house index, from 0 at the mover's left.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for KalahMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "house {}", self.house())
    }
}

/// Everything that decides a Kalah position, and its hash: 32 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    /// Seeds per slot, in the layout of [`layout`].
    seeds: [u8; SLOTS],
    /// Whose turn it is.
    side: Side,
    /// The incremental Zobrist hash.
    hash: u64,
}

/// What `make` saves: the whole state before the move.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::kalah::Kalah;
///
/// let mut game = Kalah::start(Default::default());
/// let mv = game.parse_move("3").unwrap();
/// let undo = game.make(mv); // the last seed falls in south's store
/// assert_eq!(game.store(Side::First), 1);
/// game.unmake(mv, undo);
/// assert_eq!(game.store(Side::First), 0);
/// assert_eq!(game, Kalah::start(Default::default()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahUndo(State);

/// A game of Kalah in progress.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::kalah::Kalah;
///
/// let mut game = Kalah::start(Default::default());
/// game.play_text("3").unwrap(); // the last seed falls in the store: south moves again
/// assert_eq!(game.side_to_move(), Side::First);
/// assert_eq!(game.houses(Side::First), [4, 4, 0, 5, 5, 5]);
/// assert_eq!(game.store(Side::First), 1);
/// assert_eq!(game.position_text(), "4,4,0,5,5,5:1/4,4,4,4,4,4:0 s");
/// assert!(!game.is_over());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kalah {
    state: State,
    rules: KalahRules,
}

/// `HOUSE_MASK[m]`: the low `m` bytes of a little-endian word, which hold one row's `m` houses.
const HOUSE_MASK: [u64; rules::MAX_PITS as usize + 1] = {
    let mut masks = [0u64; rules::MAX_PITS as usize + 1];
    let mut m = 1;
    while m < masks.len() {
        masks[m] = if m == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * m)) - 1
        };
        m += 1;
    }
    masks
};

/// Whether every house of `side` (0 south, 1 north) is empty.
#[inline(always)]
fn row_is_empty(seeds: &[u8; SLOTS], pits: usize, side: usize) -> bool {
    let base = house_slot(pits, side, 0);
    let mut word = [0u8; 8];
    word.copy_from_slice(&seeds[base..base + 8]);
    u64::from_le_bytes(word) & HOUSE_MASK[pits] == 0
}

/// Adds `delta` seeds to `slot`, keeping the hash.
#[inline(always)]
fn add_seeds(seeds: &mut [u8; SLOTS], hash: &mut u64, slot: usize, delta: u8) {
    let old = seeds[slot];
    let new = old + delta;
    *hash ^= seed_key(slot, old) ^ seed_key(slot, new);
    seeds[slot] = new;
}

/// Adds one seed to `slot`, keeping the hash.
#[inline(always)]
fn add_seed(seeds: &mut [u8; SLOTS], hash: &mut u64, slot: usize) {
    let old = seeds[slot];
    *hash ^= step_key(slot, old);
    seeds[slot] = old + 1;
}

/// Empties `slot`, keeping the hash; returns the seeds it held.
#[inline(always)]
fn take_seeds(seeds: &mut [u8; SLOTS], hash: &mut u64, slot: usize) -> u8 {
    let old = seeds[slot];
    // The key of an empty slot is 0.
    *hash ^= seed_key(slot, old);
    seeds[slot] = 0;
    old
}

impl Kalah {
    /// Builds a position from seed counts in slot order (south houses 1..m, south store, north
    /// houses 1..m, north store) and the side to move, checking it against the rule set: the
    /// number of slots must be `2 * pits + 2`, the seeds must add up to `2 * pits * seeds`, and
    /// either both rows hold seeds or neither does (a finished game, already counted).
    pub fn from_slots(rules: KalahRules, slots: &[u32], side: Side) -> Result<Self, PositionError> {
        let pits = rules.pits() as usize;
        if slots.len() != 2 * pits + 2 {
            return Err(PositionError::illegal(format!(
                "{} houses and stores given, but pits={pits} makes {}",
                slots.len(),
                2 * pits + 2
            )));
        }
        let total = rules.total_seeds();
        let sum: u64 = slots.iter().map(|&c| u64::from(c)).sum();
        if sum != u64::from(total) {
            return Err(PositionError::illegal(format!(
                "the seeds add up to {sum}, but pits={pits} seeds={} makes {total}",
                rules.seeds()
            )));
        }
        let mut seeds = [0u8; SLOTS];
        for (slot, &count) in slots.iter().enumerate() {
            // Each count is at most the total (the sum matched), so at most 128.
            seeds[slot] = u8::try_from(count)
                .map_err(|_| PositionError::illegal(format!("{count} seeds in one place")))?;
        }
        let empty = [0, 1].map(|s| row_is_empty(&seeds, pits, s));
        if empty[0] != empty[1] {
            let (bare, other) = if empty[0] {
                ("south", "north")
            } else {
                ("north", "south")
            };
            return Err(PositionError::illegal(format!(
                "{bare}'s houses are empty but {other}'s are not: the game would already be \
                 over, with {other}'s seeds counted into {other}'s store"
            )));
        }
        let mut game = Kalah {
            state: State {
                seeds,
                side,
                hash: 0,
            },
            rules,
        };
        game.state.hash = game.hash_from_scratch();
        Ok(game)
    }

    /// Houses a side on this board.
    #[inline]
    pub fn pits(&self) -> usize {
        self.rules.pits() as usize
    }

    /// The seeds in house `house` (numbered from 1 at the owner's left) of `side`.
    /// Panics if `house` is not in `1..=pits`.
    #[inline]
    pub fn house(&self, side: Side, house: usize) -> u8 {
        assert!((1..=self.pits()).contains(&house), "no house {house}");
        self.state.seeds[house_slot(self.pits(), side.index(), house - 1)]
    }

    /// The seeds in `side`'s houses, from the owner's left.
    #[inline]
    pub fn houses(&self, side: Side) -> &[u8] {
        let base = house_slot(self.pits(), side.index(), 0);
        &self.state.seeds[base..base + self.pits()]
    }

    /// The seeds in `side`'s store.
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.state.seeds[store_slot(self.pits(), side.index())]
    }

    /// All slots in layout order (south houses, south store, north houses, north store).
    #[inline]
    pub fn slots(&self) -> &[u8] {
        &self.state.seeds[..2 * self.pits() + 2]
    }

    /// Whether the game is over (both rows empty, the seeds counted).
    #[inline]
    pub fn is_over(&self) -> bool {
        row_is_empty(&self.state.seeds, self.pits(), self.state.side.index())
    }

    /// Moves every seed left in a row to its owner's store: the end of the game.
    fn sweep(seeds: &mut [u8; SLOTS], hash: &mut u64, pits: usize) {
        for side in 0..2 {
            let mut swept = 0u8;
            for house in 0..pits {
                swept += take_seeds(seeds, hash, house_slot(pits, side, house));
            }
            if swept > 0 {
                add_seeds(seeds, hash, store_slot(pits, side), swept);
            }
        }
    }
}

impl Game for Kalah {
    type Move = KalahMove;
    type Undo = KalahUndo;
    type Rules = KalahRules;
    const KIND: crate::GameKind = crate::GameKind::Kalah;

    fn start(rules: KalahRules) -> Self {
        let pits = rules.pits() as usize;
        let mut seeds = [0u8; SLOTS];
        for side in 0..2 {
            for house in 0..pits {
                seeds[house_slot(pits, side, house)] = rules.seeds();
            }
        }
        let mut game = Kalah {
            state: State {
                seeds,
                side: Side::First,
                hash: 0,
            },
            rules,
        };
        game.state.hash = game.hash_from_scratch();
        game
    }

    fn rules(&self) -> &KalahRules {
        &self.rules
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.state.side
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<KalahMove>) {
        moves.clear();
        let pits = self.pits();
        let base = house_slot(pits, self.state.side.index(), 0);
        for (house, &count) in self.state.seeds[base..base + pits].iter().enumerate() {
            if count != 0 {
                moves.push(KalahMove(house as u8));
            }
        }
    }

    #[inline]
    fn make(&mut self, mv: KalahMove) -> KalahUndo {
        let undo = KalahUndo(self.state);
        let pits = self.pits();
        let ring = ring_len(pits);
        let path = &SOW_PATH[pits][self.state.side.index()];
        let seeds = &mut self.state.seeds;
        let mut hash = self.state.hash;

        // Lift the seeds of the origin house and sow them: whole laps first (every slot of the
        // ring, the emptied origin included), then one seed each into the next `rest` slots.
        let from = mv.index();
        let sown = take_seeds(seeds, &mut hash, path[from] as usize) as usize;
        let (laps, rest) = (sown / ring, sown % ring);
        if laps > 0 {
            for &slot in &path[..ring] {
                add_seeds(seeds, &mut hash, slot as usize, laps as u8);
            }
        }
        for &slot in &path[from + 1..=from + rest] {
            add_seed(seeds, &mut hash, slot as usize);
        }
        // Where the last seed fell, as a position on the mover's ring.
        let last = if from + rest >= ring {
            from + rest - ring
        } else {
            from + rest
        };

        if last != pits {
            // Not the own store: a capture when the last seed made an own house hold exactly
            // one (it was empty before that seed), then the turn passes.
            if last < pits && seeds[path[last] as usize] == 1 {
                let opposite = path[2 * pits - last] as usize;
                if seeds[opposite] > 0 || self.rules.empty_capture() {
                    let taken = take_seeds(seeds, &mut hash, opposite)
                        + take_seeds(seeds, &mut hash, path[last] as usize);
                    add_seeds(seeds, &mut hash, path[pits] as usize, taken);
                }
            }
            self.state.side = self.state.side.opponent();
            hash ^= NORTH_TO_MOVE_KEY;
        }

        if row_is_empty(seeds, pits, 0) || row_is_empty(seeds, pits, 1) {
            Kalah::sweep(seeds, &mut hash, pits);
        }
        self.state.hash = hash;
        undo
    }

    #[inline]
    fn unmake(&mut self, _mv: KalahMove, undo: KalahUndo) {
        self.state = undo.0;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = self
            .slots()
            .iter()
            .enumerate()
            .fold(0, |h, (slot, &count)| h ^ seed_key(slot, count));
        if self.state.side == Side::Second {
            hash ^= NORTH_TO_MOVE_KEY;
        }
        hash
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let reason = EndReason::SeedsCounted;
        let (south, north) = (self.store(Side::First), self.store(Side::Second));
        Some(match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Side::First,
                reason,
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Side::Second,
                reason,
            },
            std::cmp::Ordering::Equal => Outcome::Draw { reason },
        })
    }

    fn move_text(&self, mv: KalahMove) -> String {
        mv.house().to_string()
    }

    fn parse_move(&self, text: &str) -> Result<KalahMove, MoveError> {
        notation::parse_move(self, text)
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn from_position_text(text: &str, rules: KalahRules) -> Result<Self, PositionError> {
        notation::from_position_text(text, rules)
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "south",
            Side::Second => "north",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_stays_small_and_cheap_to_copy() {
        assert_eq!(std::mem::size_of::<KalahUndo>(), 32);
        assert!(std::mem::size_of::<Kalah>() <= 40);
        assert_eq!(std::mem::size_of::<KalahMove>(), 1);
    }

    #[test]
    fn a_move_is_a_house_number_from_1_to_8() {
        assert_eq!(KalahMove::from_house(0), None);
        assert_eq!(KalahMove::from_house(9), None);
        let mv = KalahMove::from_house(8).unwrap();
        assert_eq!((mv.house(), mv.index()), (8, 7));
        assert_eq!(format!("{mv:?}"), "house 8");
    }
}
