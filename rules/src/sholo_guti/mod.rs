//! Sholo Guti (sixteen soldiers): the rules of docs/RULES.md as a fast [`Game`].
//!
//! The state is two `u64` bitboards (south, north) over the 37 points, the side to move, the
//! no-capture counter, an incremental Zobrist hash and the [`History`] of position hashes for
//! the repetition rule. Modules:
//! - [`board`]: point names, the lines, and the tables derived from them at compile time;
//! - [`moves`]: the packed [`Move`] type and its canonical text;
//! - [`movegen`]: steps and capture chains on bitboards;
//! - [`notation`]: reading moves, printing and reading position texts;
//! - [`rule_set`]: the `capture` option.

pub mod board;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod rule_set;

use std::fmt;

use crate::game::{EndReason, Game, MoveError, Outcome, PositionError, Side};
use crate::history::History;

use board::{NORTH_START, NORTH_TO_MOVE_KEY, RAYS, SOUTH_START, bit, piece_key};
use movegen::{Sides, points};
pub use moves::Move;
pub use rule_set::{Capture, SholoGutiRules};

/// Plies in a row without a capture after which the game is drawn.
pub const NO_CAPTURE_LIMIT: u8 = 200;

/// The occurrence of one position (board and side to move) that draws the game.
pub const REPETITION_DRAW: usize = 3;

/// The fewest plies between two occurrences of one position: each side must move a piece away
/// and back. So a third occurrence needs at least twice this many plies since the last capture.
const PLIES_TO_REPEAT: usize = 4;

/// The most pieces a side can have.
pub const MAX_PIECES: u32 = 16;

/// A game of Sholo Guti in progress.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::sholo_guti::SholoGuti;
///
/// let mut game = SholoGuti::start(Default::default());
/// assert_eq!(game.position_text(), "NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s 0");
/// assert_eq!(game.pieces(Side::First).count_ones(), 16);
/// game.play_text("c4-c5").unwrap();
/// game.play_text("d6-d5").unwrap();
/// assert_eq!(game.position_text(), "NNN/NNN/NNNNN/NNN1N/2SN1/SS1SS/SSSSS/SSS/SSS s 2");
/// assert_eq!(game.no_capture_plies(), 2);
/// ```
#[derive(Clone)]
pub struct SholoGuti {
    rules: SholoGutiRules,
    /// The pieces of south (index 0) and north (index 1).
    pieces: [u64; 2],
    side: Side,
    /// Plies since the last capture (or since the position text's count).
    no_capture_plies: u8,
    /// The incremental Zobrist hash of the pieces and the side to move.
    hash: u64,
    /// The hashes of the positions so far, for the repetition rule.
    history: History,
}

/// What [`SholoGuti::unmake`](Game::unmake) needs: the captured pieces, the end point (cheaper
/// than walking the chain again), and the counters before the move.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::sholo_guti::SholoGuti;
///
/// let text = "3/3/S4/N4/3N1/2N2/SN3/3/3 s 0";
/// let mut game = SholoGuti::from_position_text(text, Default::default()).unwrap();
/// let mv = game.parse_move("a7xa5").unwrap();
/// let undo = game.make(mv);
/// assert_eq!(game.pieces(Side::Second).count_ones(), 3);
/// game.unmake(mv, undo);
/// assert_eq!(game.pieces(Side::Second).count_ones(), 4);
/// assert_eq!(game.position_text(), text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u64,
    to: u8,
    no_capture_plies: u8,
    history: u32,
}

impl SholoGuti {
    /// A position from its parts; the hash and the history start from it.
    fn from_parts(
        rules: SholoGutiRules,
        pieces: [u64; 2],
        side: Side,
        no_capture_plies: u8,
    ) -> SholoGuti {
        let mut game = SholoGuti {
            rules,
            pieces,
            side,
            no_capture_plies,
            hash: 0,
            history: History::new(0),
        };
        game.hash = game.hash_from_scratch();
        game.history = History::new(game.hash);
        game
    }

    /// The pieces of one side, as a bitboard over the point indices of [`board`].
    #[inline]
    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
    }

    /// Plies since the last capture.
    #[inline]
    pub fn no_capture_plies(&self) -> u32 {
        u32::from(self.no_capture_plies)
    }

    /// How many times the current position has occurred since the last capture, this time
    /// included (the third ends the game drawn).
    #[inline]
    pub fn occurrences(&self) -> usize {
        self.history.occurrences_of_current()
    }

    /// The side to move's pieces and the enemy's.
    #[inline]
    fn sides(&self) -> Sides {
        Sides {
            own: self.pieces[self.side.index()],
            enemy: self.pieces[self.side.opponent().index()],
        }
    }

    /// Whether a draw rule has ended the game.
    #[inline]
    fn drawn_by(&self) -> Option<EndReason> {
        let long_enough =
            self.history.plies_since_irreversible() >= PLIES_TO_REPEAT * (REPETITION_DRAW - 1);
        if long_enough && self.history.occurrences_of_current() >= REPETITION_DRAW {
            Some(EndReason::Repetition)
        } else if self.no_capture_plies >= NO_CAPTURE_LIMIT {
            Some(EndReason::NoCaptureLimit)
        } else {
            None
        }
    }
}

impl fmt::Debug for SholoGuti {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SholoGuti({})", self.position_text())
    }
}

impl Game for SholoGuti {
    type Move = Move;
    type Undo = Undo;
    type Rules = SholoGutiRules;
    const KIND: crate::GameKind = crate::GameKind::SholoGuti;

    fn start(rules: Self::Rules) -> Self {
        SholoGuti::from_parts(rules, [SOUTH_START, NORTH_START], Side::First, 0)
    }

    fn rules(&self) -> &Self::Rules {
        &self.rules
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
        moves.clear();
        if self.drawn_by().is_some() {
            return;
        }
        movegen::generate(self.sides(), self.rules.compulsory(), moves);
    }

    #[inline]
    fn make(&mut self, mv: Self::Move) -> Self::Undo {
        let us = self.side.index();
        let them = 1 - us;
        let from = mv.from();
        let mut hash = self.hash ^ NORTH_TO_MOVE_KEY ^ piece_key(us, from);
        let mut captured = 0;
        let to = if mv.is_capture() {
            let mut at = from;
            for i in 0..mv.captures() {
                let ray = RAYS[usize::from(at)][usize::from(mv.ray(i))];
                captured |= bit(ray.neighbour);
                hash ^= piece_key(them, ray.neighbour);
                at = ray.beyond;
            }
            at
        } else {
            RAYS[usize::from(from)][usize::from(mv.ray(0))].neighbour
        };
        hash ^= piece_key(us, to);
        self.pieces[us] ^= bit(from) ^ bit(to);
        self.pieces[them] ^= captured;
        let undo = Undo {
            captured,
            to,
            no_capture_plies: self.no_capture_plies,
            history: self.history.push(hash, captured != 0),
        };
        self.no_capture_plies = if captured != 0 {
            0
        } else {
            self.no_capture_plies.saturating_add(1)
        };
        self.hash = hash;
        self.side = self.side.opponent();
        undo
    }

    #[inline]
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo) {
        self.side = self.side.opponent();
        let us = self.side.index();
        self.pieces[us] ^= bit(mv.from()) ^ bit(undo.to);
        self.pieces[1 - us] |= undo.captured;
        self.no_capture_plies = undo.no_capture_plies;
        self.history.pop(undo.history);
        self.hash = self.history.current();
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = match self.side {
            Side::First => 0,
            Side::Second => NORTH_TO_MOVE_KEY,
        };
        for side in Side::BOTH {
            for p in points(self.pieces[side.index()]) {
                hash ^= piece_key(side.index(), p);
            }
        }
        hash
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.side.opponent();
        if self.pieces[self.side.index()] == 0 {
            return Some(Outcome::Win {
                winner,
                reason: EndReason::AllCaptured,
            });
        }
        if !movegen::has_any_move(self.sides()) {
            return Some(Outcome::Win {
                winner,
                reason: EndReason::NoLegalMove,
            });
        }
        self.drawn_by().map(|reason| Outcome::Draw { reason })
    }

    fn move_text(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn position_text(&self) -> String {
        notation::write_position(self)
    }

    fn from_position_text(text: &str, rules: Self::Rules) -> Result<Self, PositionError> {
        let parsed = notation::read_position(text, rules)?;
        Ok(SholoGuti::from_parts(
            parsed.rules,
            parsed.pieces,
            parsed.side,
            parsed.no_capture_plies,
        ))
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
    use crate::perft::perft;

    #[test]
    fn start_position_has_sixteen_a_side_and_south_to_move() {
        let g = SholoGuti::start(SholoGutiRules::default());
        assert_eq!(g.pieces(Side::First).count_ones(), 16);
        assert_eq!(g.pieces(Side::Second).count_ones(), 16);
        assert_eq!(g.side_to_move(), Side::First);
        assert_eq!(g.hash(), g.hash_from_scratch());
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn make_unmake_restores_everything_over_a_short_perft() {
        let mut g = SholoGuti::start(SholoGutiRules::default());
        let before = (g.position_text(), g.hash(), g.history.clone());
        assert!(perft(&mut g, 3) > 0);
        assert_eq!((g.position_text(), g.hash(), g.history.clone()), before);
    }

    #[test]
    fn occurrences_count_returns_to_a_position_until_the_third_draws() {
        let text = "N2/3/5/5/5/5/5/SSS/3 s 0";
        let mut g = SholoGuti::from_position_text(text, SholoGutiRules::default()).unwrap();
        assert_eq!(g.occurrences(), 1);
        crate::history::round_trip(&mut g);
        assert_eq!(g.position_text(), "N2/3/5/5/5/5/5/SSS/3 s 4");
        assert_eq!((g.occurrences(), g.outcome()), (2, None));
        crate::history::round_trip(&mut g);
        assert_eq!(g.occurrences(), 3);
        assert_eq!(g.outcome().map(|o| o.reason()), Some(EndReason::Repetition));
    }

    #[test]
    fn move_and_undo_stay_small() {
        assert_eq!(std::mem::size_of::<Move>(), 8);
        assert!(std::mem::size_of::<Undo>() <= 16);
    }
}
