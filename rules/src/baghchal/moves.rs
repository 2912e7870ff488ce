//! The Bagh Chal move: a placement, a step or a capture packed into 16 bits, and its notation
//! (`c3`, `a1-b2`, `a1xc3`).

use std::fmt;

use super::board::{between, point_name};

/// What a move does.
///
/// ```
/// use chaupal_rules::baghchal::{BaghChal, MoveKind};
/// use chaupal_rules::game::Game;
///
/// // Tigers to move: the tiger on c3 may jump the goat on b3, c2 or d3.
/// let text = "T4/5/1GTG1/2G2/T3T t 17 0";
/// let game = BaghChal::from_position_text(text, Default::default()).unwrap();
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.iter().filter(|m| m.kind() == MoveKind::Capture).count(), 3);
/// assert_eq!(game.parse_move("c3-c4").unwrap().kind(), MoveKind::Step);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A goat from the hand onto an empty point.
    Place,
    /// A piece one step along a line to an empty neighbour.
    Step,
    /// A tiger jumps over a goat to the empty point beyond and captures it.
    Capture,
}

/// A move, packed: bits 0..5 the destination, bits 5..10 the origin (the destination again for a
/// placement), bits 10..12 the kind.
///
/// ```
/// use chaupal_rules::baghchal::{Move, MoveKind};
///
/// // Points are numbered rank by rank from a1 = 0 (see `board`): b2 is 6, c3 is 12.
/// let jump = Move::capture(0, 12);
/// assert_eq!(jump.to_string(), "a1xc3");
/// assert_eq!(jump.kind(), MoveKind::Capture);
/// assert_eq!((jump.from(), jump.over(), jump.to()), (0, 6, 12));
/// assert_eq!(Move::step(0, 6).to_string(), "a1-b2");
/// assert_eq!(Move::place(12).to_string(), "c3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const POINT_MASK: u16 = 0x1F;
const FROM_SHIFT: u16 = 5;
const KIND_SHIFT: u16 = 10;
const KIND_PLACE: u16 = 0;
const KIND_STEP: u16 = 1;
const KIND_CAPTURE: u16 = 2;

impl Move {
    /// A goat placed on `to`.
    #[inline]
    pub const fn place(to: u8) -> Move {
        Move::pack(KIND_PLACE, to, to)
    }

    /// A step from `from` to the neighbour `to`.
    #[inline]
    pub const fn step(from: u8, to: u8) -> Move {
        Move::pack(KIND_STEP, from, to)
    }

    /// A tiger's jump from `from` to `to`, capturing the goat between them.
    #[inline]
    pub const fn capture(from: u8, to: u8) -> Move {
        Move::pack(KIND_CAPTURE, from, to)
    }

    #[inline]
    const fn pack(kind: u16, from: u8, to: u8) -> Move {
        Move((kind << KIND_SHIFT) | ((from as u16) << FROM_SHIFT) | to as u16)
    }

    /// What the move does.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> KIND_SHIFT {
            KIND_PLACE => MoveKind::Place,
            KIND_STEP => MoveKind::Step,
            _ => MoveKind::Capture,
        }
    }

    /// The point the piece leaves (for a placement: the point it lands on).
    #[inline]
    pub const fn from(self) -> u8 {
        ((self.0 >> FROM_SHIFT) & POINT_MASK) as u8
    }

    /// The point the piece lands on.
    #[inline]
    pub const fn to(self) -> u8 {
        (self.0 & POINT_MASK) as u8
    }

    /// For a capture, the point of the captured goat.
    #[inline]
    pub const fn over(self) -> u8 {
        between(self.from(), self.to())
    }

    /// The move packed in 16 bits (for compact storage).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// The move in notation: `c3`, `a1-b2`, `a1xc3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Place => f.write_str(&point_name(self.to())),
            MoveKind::Step => write!(f, "{}-{}", point_name(self.from()), point_name(self.to())),
            MoveKind::Capture => write!(f, "{}x{}", point_name(self.from()), point_name(self.to())),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_and_print() {
        let m = Move::capture(0, 12);
        assert_eq!(m.kind(), MoveKind::Capture);
        assert_eq!((m.from(), m.over(), m.to()), (0, 6, 12));
        assert_eq!(m.to_string(), "a1xc3");
        assert_eq!(Move::step(0, 6).to_string(), "a1-b2");
        assert_eq!(Move::place(12).to_string(), "c3");
        assert_eq!(Move::place(24).kind(), MoveKind::Place);
        assert_eq!(format!("{:?}", Move::step(24, 18)), "Move(e5-d4)");
    }
}
