//! The eight animals of Jungle, their ranks and letters, and who may capture whom by rank (the
//! trap and water rules are applied by the move generator on top of this).

use crate::game::Side;

/// An animal. The discriminant is its rank minus one, so `Rat < Cat < ... < Elephant`.
///
/// ```
/// use chaupal_rules::jungle::Animal;
///
/// assert_eq!(Animal::Lion.rank(), 7);
/// assert_eq!(Animal::from_letter('P'), Some(Animal::Leopard));
/// assert!(Animal::Lion.outranks(Animal::Tiger) && !Animal::Tiger.outranks(Animal::Lion));
/// // The rat takes the elephant, and the elephant never takes the rat.
/// assert!(Animal::Rat.outranks(Animal::Elephant));
/// assert!(!Animal::Elephant.outranks(Animal::Rat));
/// // Only the lion and the tiger jump the river.
/// assert!(Animal::Tiger.jumps() && !Animal::Elephant.jumps());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Animal {
    Rat = 0,
    Cat = 1,
    Dog = 2,
    Wolf = 3,
    Leopard = 4,
    Tiger = 5,
    Lion = 6,
    Elephant = 7,
}

impl Animal {
    /// Every animal, weakest first.
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    /// The animal with index `i` (0 = rat .. 7 = elephant); only the low three bits count.
    #[inline]
    pub const fn from_index(i: u8) -> Animal {
        Animal::ALL[(i & 7) as usize]
    }

    /// 0 for the rat .. 7 for the elephant.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank of the rule book: rat 1 .. elephant 8.
    #[inline]
    pub const fn rank(self) -> u8 {
        self as u8 + 1
    }

    /// Whether this animal jumps across the river (lion and tiger).
    #[inline]
    pub const fn jumps(self) -> bool {
        matches!(self, Animal::Lion | Animal::Tiger)
    }

    /// Whether this animal may capture `prey` by rank alone: equal or lower rank, except that
    /// the rat captures the elephant and the elephant never captures the rat.
    #[inline]
    pub const fn outranks(self, prey: Animal) -> bool {
        CAPTURES[self as usize] & (1 << prey as u8) != 0
    }

    /// The letter of position texts (uppercase; north writes it in lowercase).
    pub const fn letter(self) -> char {
        match self {
            Animal::Rat => 'R',
            Animal::Cat => 'C',
            Animal::Dog => 'D',
            Animal::Wolf => 'W',
            Animal::Leopard => 'P',
            Animal::Tiger => 'T',
            Animal::Lion => 'L',
            Animal::Elephant => 'E',
        }
    }

    /// The animal an uppercase letter stands for.
    pub const fn from_letter(c: char) -> Option<Animal> {
        Some(match c {
            'R' => Animal::Rat,
            'C' => Animal::Cat,
            'D' => Animal::Dog,
            'W' => Animal::Wolf,
            'P' => Animal::Leopard,
            'T' => Animal::Tiger,
            'L' => Animal::Lion,
            'E' => Animal::Elephant,
            _ => return None,
        })
    }

    /// The animal's name for people.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }
}

/// `CAPTURES[a]` has bit `p` set when animal `a` may capture animal `p` by rank.
const CAPTURES: [u8; 8] = {
    let mut table = [0u8; 8];
    let mut a = 0;
    while a < 8 {
        // Every animal of equal or lower rank.
        table[a] = ((1u16 << (a + 1)) - 1) as u8;
        a += 1;
    }
    table[Animal::Rat as usize] |= 1 << Animal::Elephant as u8;
    table[Animal::Elephant as usize] &= !(1 << Animal::Rat as u8);
    table
};

/// A piece on the board: an animal of one side, packed in a byte for the mailbox board.
/// Code 0 is an empty square; a piece is `1 + 8 * side + animal`.
pub type PieceCode = u8;

/// The empty square's code.
pub const EMPTY: PieceCode = 0;

/// The code of `animal` of `side`.
#[inline]
pub const fn piece_code(side: Side, animal: Animal) -> PieceCode {
    1 + 8 * side.index() as u8 + animal as u8
}

/// The side a (non-empty) code belongs to.
#[inline]
pub const fn code_side(code: PieceCode) -> Side {
    if code > 8 { Side::Second } else { Side::First }
}

/// The animal of a (non-empty) code.
#[inline]
pub const fn code_animal(code: PieceCode) -> Animal {
    Animal::from_index(code.wrapping_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_rule_book() {
        let ranks: Vec<u8> = Animal::ALL.iter().map(|a| a.rank()).collect();
        assert_eq!(ranks, vec![1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn capture_by_rank_table() {
        for a in Animal::ALL {
            for p in Animal::ALL {
                let expected = match (a, p) {
                    (Animal::Rat, Animal::Elephant) => true,
                    (Animal::Elephant, Animal::Rat) => false,
                    _ => a.rank() >= p.rank(),
                };
                assert_eq!(a.outranks(p), expected, "{a:?} takes {p:?}");
            }
        }
    }

    #[test]
    fn codes_and_letters_round_trip() {
        for side in Side::BOTH {
            for a in Animal::ALL {
                let c = piece_code(side, a);
                assert_ne!(c, EMPTY);
                assert_eq!(code_side(c), side);
                assert_eq!(code_animal(c), a);
                assert_eq!(Animal::from_letter(a.letter()), Some(a));
            }
        }
    }
}
