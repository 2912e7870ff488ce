//! Who is in a tournament, and the two sides of a game.

use serde::{Deserialize, Serialize};

/// An entrant's number in one tournament: 0, 1, 2, ... in the order they joined. A player
/// who leaves and comes back keeps their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct EntrantId(pub u32);

/// The two seats of a game: the side that moves first (goats in Bagh Chal, the south player in
/// Kalah, ...) and the other. A tournament balances them as chess balances white and black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// One game of a round or of an arena: who takes the first side, and who the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    pub first: EntrantId,
    pub second: EntrantId,
}

impl Pairing {
    /// The game of `a` and `b`, `a` on the first side when `a_first`.
    pub fn ordered(a: EntrantId, b: EntrantId, a_first: bool) -> Pairing {
        if a_first {
            Pairing {
                first: a,
                second: b,
            }
        } else {
            Pairing {
                first: b,
                second: a,
            }
        }
    }

    /// Whether `e` plays in this game.
    pub fn has(&self, e: EntrantId) -> bool {
        self.first == e || self.second == e
    }

    /// The opponent of `e`, where `e` plays in it.
    pub fn opponent_of(&self, e: EntrantId) -> Option<EntrantId> {
        if self.first == e {
            Some(self.second)
        } else if self.second == e {
            Some(self.first)
        } else {
            None
        }
    }
}

/// How a game ended, seen from one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The same result seen from the opponent.
    pub fn for_opponent(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}
