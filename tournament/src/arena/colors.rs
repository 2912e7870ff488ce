//! Which side each arena player has had lately, as lichess keeps it: the run of games on one
//! side (the strike) and the balance of first against second. Nobody is paired so as to play
//! a fourth game in a row on one side, and of a pair, the one who has had the first side less
//! gets it.

use serde::{Deserialize, Serialize};

use crate::entrant::Side;

/// The longest run of games on one side that a pairing may make: lichess's 3.
pub const MOST_IN_A_ROW: i32 = 3;

/// A player's sides so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideHistory {
    /// Games in a row on the first side (positive) or the second (negative).
    pub strike: i32,
    /// Games on the first side less games on the second.
    pub balance: i32,
}

impl SideHistory {
    /// After one more game on `side`.
    pub fn after(self, side: Side) -> SideHistory {
        match side {
            Side::First => SideHistory {
                strike: (self.strike + 1).max(1),
                balance: self.balance + 1,
            },
            Side::Second => SideHistory {
                strike: (self.strike - 1).min(-1),
                balance: self.balance - 1,
            },
        }
    }

    /// Whether the two may be paired: not when both have played [`MOST_IN_A_ROW`] games in a
    /// row on the same side, since one of them would make it one more.
    pub fn could_play(self, other: SideHistory) -> bool {
        (self.strike > -MOST_IN_A_ROW || other.strike > -MOST_IN_A_ROW)
            && (self.strike < MOST_IN_A_ROW || other.strike < MOST_IN_A_ROW)
    }

    /// Whether this player takes the first side against `other`: the one with the shorter run
    /// on the first side, then the lower balance; `toss` where they are alike.
    pub fn takes_first(self, other: SideHistory, toss: bool) -> bool {
        (self.strike, self.balance) < (other.strike, other.balance)
            || ((self.strike, self.balance) == (other.strike, other.balance) && toss)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(sides: &[Side]) -> SideHistory {
        sides
            .iter()
            .fold(SideHistory::default(), |h, &s| h.after(s))
    }

    #[test]
    fn the_strike_counts_the_run_and_the_balance_all_games() {
        use Side::{First as F, Second as S};
        assert_eq!(
            runs(&[F, F, S]),
            SideHistory {
                strike: -1,
                balance: 1
            }
        );
        assert_eq!(
            runs(&[S, F, F, F]),
            SideHistory {
                strike: 3,
                balance: 2
            }
        );
    }

    #[test]
    fn two_players_three_in_a_row_on_one_side_may_not_meet() {
        use Side::{First as F, Second as S};
        let three_first = runs(&[F, F, F]);
        let three_second = runs(&[S, S, S]);
        let two_first = runs(&[F, F]);
        assert!(!three_first.could_play(three_first));
        assert!(!three_second.could_play(three_second));
        assert!(three_first.could_play(three_second));
        assert!(three_first.could_play(two_first));
        // And the one with the shorter run on the first side takes it.
        assert!(two_first.takes_first(three_first, false));
        assert!(!three_first.takes_first(two_first, true));
        assert!(three_second.takes_first(three_first, false));
    }
}
