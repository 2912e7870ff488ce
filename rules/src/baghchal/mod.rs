//! Bagh Chal (tigers and goats): four tigers hunt twenty goats (fewer under `goats=N`) on a 5x5
//! board of lines.
//!
//! The position is two bitboards (tigers, goats) over the 25 points plus the goats in hand and
//! captured; moves come from compile-time step and jump tables ([`board`]). Repetition is
//! tracked with a [`History`] of Zobrist hashes. Submodules: [`board`] (points, lines, keys),
//! [`moves`] (the move type), [`rules`] (the options), `notation` (move and position text).

pub mod board;
pub mod moves;
mod notation;
pub mod rules;

use crate::game::{EndReason, Game, MoveError, Outcome, PositionError, Side};
use crate::history::History;

use board::{
    ALL_POINTS, GOAT_KEYS, IN_HAND_KEYS, JUMPS, Points, STEPS, TIGER_KEYS, TIGER_START,
    TIGERS_TO_MOVE_KEY, between, bit, points,
};
pub use moves::{Move, MoveKind};
pub use rules::{BaghChalRules, Repetition};

/// The fewest plies since the last irreversible move for a position to stand for the third time:
/// a position can recur at the earliest four plies later (each side must undo its own step).
const PLIES_FOR_THIRD_OCCURRENCE: usize = 8;
/// The fewest plies since the last irreversible move for the next move to recreate an earlier
/// position (the new position would be four plies after it).
const PLIES_FOR_A_REPEAT: usize = 3;

/// A game of Bagh Chal in progress.
///
/// ```
/// use chaupal_rules::baghchal::BaghChal;
/// use chaupal_rules::game::Game;
///
/// let game = BaghChal::start(Default::default());
/// assert_eq!(game.position_text(), "T3T/5/5/5/T3T g 20 0");
/// assert_eq!(game.goats_in_hand(), 20);
///
/// // Tigers to move: the tiger on c3 may jump the goat on b3, c2 or d3.
/// let text = "T4/5/1GTG1/2G2/T3T t 17 0";
/// let mut game = BaghChal::from_position_text(text, Default::default()).unwrap();
/// game.play_text("c3xa3").unwrap();
/// assert_eq!(game.goats_captured(), 1);
/// assert_eq!(game.position_text(), "T4/5/T2G1/2G2/T3T g 17 1");
/// ```
#[derive(Clone, Debug)]
pub struct BaghChal {
    /// The points holding a tiger (always four).
    tigers: Points,
    /// The points holding a goat.
    goats: Points,
    /// Whose turn it is: goats are [`Side::First`], tigers [`Side::Second`].
    side: Side,
    /// Goats not yet placed.
    in_hand: u8,
    /// Goats captured so far.
    captured: u8,
    /// The incremental Zobrist hash of board, side to move and goats in hand.
    hash: u64,
    /// The options the game is played under.
    rules: BaghChalRules,
    /// The hashes of the positions so far, for the repetition rules.
    history: History,
}

/// What [`BaghChal::make`] saves for [`BaghChal::unmake`].
///
/// ```
/// use chaupal_rules::baghchal::BaghChal;
/// use chaupal_rules::game::Game;
///
/// let mut game = BaghChal::start(Default::default());
/// let mv = game.parse_move("c3").unwrap();
/// let undo = game.make(mv);
/// assert_eq!(game.goats_in_hand(), 19);
/// game.unmake(mv, undo);
/// assert_eq!(game.goats_in_hand(), 20);
/// assert_eq!(game.position_text(), "T3T/5/5/5/T3T g 20 0");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// The hash before the move.
    hash: u64,
    /// What the history needs to forget the move.
    history: u32,
}

impl BaghChal {
    /// Builds a game from its parts (checked by the caller) with a fresh history.
    fn from_parts(
        tigers: Points,
        goats: Points,
        side: Side,
        in_hand: u8,
        captured: u8,
        rules: BaghChalRules,
    ) -> BaghChal {
        let mut game = BaghChal {
            tigers,
            goats,
            side,
            in_hand,
            captured,
            hash: 0,
            rules,
            history: History::new(0),
        };
        game.hash = game.hash_from_scratch();
        game.history = History::new(game.hash);
        game
    }

    /// The points holding a tiger.
    #[inline]
    pub fn tigers(&self) -> Points {
        self.tigers
    }

    /// The points holding a goat.
    #[inline]
    pub fn goats(&self) -> Points {
        self.goats
    }

    /// The empty points.
    #[inline]
    pub fn empty(&self) -> Points {
        !(self.tigers | self.goats) & ALL_POINTS
    }

    /// Goats not yet placed.
    #[inline]
    pub fn goats_in_hand(&self) -> u8 {
        self.in_hand
    }

    /// Goats the tigers have captured.
    #[inline]
    pub fn goats_captured(&self) -> u8 {
        self.captured
    }

    /// How many times the current position has occurred since the last irreversible move, this
    /// time included (the third ends the game drawn under `repetition=draw`).
    #[inline]
    pub fn occurrences(&self) -> usize {
        self.history.occurrences_of_current()
    }

    /// Whether the tigers have made their winning number of captures.
    #[inline]
    fn tigers_reached_target(&self) -> bool {
        self.captured >= self.rules.captures_to_win
    }

    /// Whether the current position stands for the third time.
    #[inline]
    fn third_occurrence(&self) -> bool {
        self.history.plies_since_irreversible() >= PLIES_FOR_THIRD_OCCURRENCE
            && self.history.occurrences_of_current() >= 3
    }

    /// Whether `repetition=forbidden` may remove moves here: all goats are placed and an earlier
    /// position is within reach of one reversible move.
    #[inline]
    fn repeats_possible(&self) -> bool {
        self.rules.repetition == Repetition::Forbidden
            && self.in_hand == 0
            && self.history.plies_since_irreversible() >= PLIES_FOR_A_REPEAT
    }

    /// The hash after a step (not for a placement or a capture).
    #[inline]
    fn hash_after_step(&self, mv: Move) -> u64 {
        let keys = match self.side {
            Side::First => &GOAT_KEYS,
            Side::Second => &TIGER_KEYS,
        };
        self.hash ^ TIGERS_TO_MOVE_KEY ^ keys[mv.from() as usize] ^ keys[mv.to() as usize]
    }

    /// Whether a move would recreate an earlier position of the game.
    #[inline]
    fn repeats_earlier_position(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::Step && self.history.contains(self.hash_after_step(mv))
    }

    /// Every move the pieces can make, before the repetition rule.
    fn generate(&self, moves: &mut Vec<Move>) {
        let empty = self.empty();
        match self.side {
            Side::First if self.in_hand > 0 => {
                moves.extend(points(empty).map(Move::place));
            }
            Side::First => {
                for from in points(self.goats) {
                    for to in points(STEPS[from as usize] & empty) {
                        moves.push(Move::step(from, to));
                    }
                }
            }
            Side::Second => {
                for from in points(self.tigers) {
                    for to in points(JUMPS[from as usize] & empty) {
                        if self.goats & bit(between(from, to)) != 0 {
                            moves.push(Move::capture(from, to));
                        }
                    }
                    for to in points(STEPS[from as usize] & empty) {
                        moves.push(Move::step(from, to));
                    }
                }
            }
        }
    }

    /// Whether the pieces can move at all, before the repetition rule.
    fn any_move_before_repetition(&self) -> bool {
        let empty = self.empty();
        match self.side {
            Side::First if self.in_hand > 0 => empty != 0,
            Side::First => points(self.goats).any(|g| STEPS[g as usize] & empty != 0),
            Side::Second => points(self.tigers).any(|t| {
                STEPS[t as usize] & empty != 0
                    || points(JUMPS[t as usize] & empty)
                        .any(|to| self.goats & bit(between(t, to)) != 0)
            }),
        }
    }

    /// Whether the side to move has a legal move (the game not being over otherwise).
    fn has_legal_move(&self) -> bool {
        if self.repeats_possible() {
            let mut moves = Vec::new();
            self.generate(&mut moves);
            moves.iter().any(|&m| !self.repeats_earlier_position(m))
        } else {
            self.any_move_before_repetition()
        }
    }
}

impl Game for BaghChal {
    type Move = Move;
    type Undo = Undo;
    type Rules = BaghChalRules;
    const KIND: crate::GameKind = crate::GameKind::BaghChal;

    fn start(rules: BaghChalRules) -> Self {
        BaghChal::from_parts(TIGER_START, 0, Side::First, rules.goats, 0, rules)
    }

    fn rules(&self) -> &BaghChalRules {
        &self.rules
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.tigers_reached_target() || self.third_occurrence() {
            return;
        }
        self.generate(moves);
        if self.repeats_possible() {
            moves.retain(|&m| !self.repeats_earlier_position(m));
        }
    }

    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let saved = self.hash;
        let to = mv.to();
        let mut hash = self.hash ^ TIGERS_TO_MOVE_KEY;
        let irreversible = match mv.kind() {
            MoveKind::Place => {
                self.goats |= bit(to);
                hash ^= GOAT_KEYS[to as usize]
                    ^ IN_HAND_KEYS[self.in_hand as usize]
                    ^ IN_HAND_KEYS[self.in_hand as usize - 1];
                self.in_hand -= 1;
                true
            }
            MoveKind::Step => {
                let from = mv.from();
                let change = bit(from) | bit(to);
                if self.side == Side::First {
                    self.goats ^= change;
                    hash ^= GOAT_KEYS[from as usize] ^ GOAT_KEYS[to as usize];
                } else {
                    self.tigers ^= change;
                    hash ^= TIGER_KEYS[from as usize] ^ TIGER_KEYS[to as usize];
                }
                false
            }
            MoveKind::Capture => {
                let from = mv.from();
                let over = mv.over();
                self.tigers ^= bit(from) | bit(to);
                self.goats ^= bit(over);
                hash ^=
                    TIGER_KEYS[from as usize] ^ TIGER_KEYS[to as usize] ^ GOAT_KEYS[over as usize];
                self.captured += 1;
                true
            }
        };
        self.side = self.side.opponent();
        self.hash = hash;
        Undo {
            hash: saved,
            history: self.history.push(hash, irreversible),
        }
    }

    #[inline]
    fn unmake(&mut self, mv: Move, undo: Undo) {
        self.side = self.side.opponent();
        let to = mv.to();
        match mv.kind() {
            MoveKind::Place => {
                self.goats ^= bit(to);
                self.in_hand += 1;
            }
            MoveKind::Step => {
                let change = bit(mv.from()) | bit(to);
                if self.side == Side::First {
                    self.goats ^= change;
                } else {
                    self.tigers ^= change;
                }
            }
            MoveKind::Capture => {
                self.tigers ^= bit(mv.from()) | bit(to);
                self.goats ^= bit(mv.over());
                self.captured -= 1;
            }
        }
        self.hash = undo.hash;
        self.history.pop(undo.history);
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = IN_HAND_KEYS[self.in_hand as usize];
        for t in points(self.tigers) {
            hash ^= TIGER_KEYS[t as usize];
        }
        for g in points(self.goats) {
            hash ^= GOAT_KEYS[g as usize];
        }
        if self.side == Side::Second {
            hash ^= TIGERS_TO_MOVE_KEY;
        }
        hash
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.tigers_reached_target() {
            Some(Outcome::Win {
                winner: Side::Second,
                reason: EndReason::CaptureTarget,
            })
        } else if self.third_occurrence() {
            Some(Outcome::Draw {
                reason: EndReason::Repetition,
            })
        } else if !self.has_legal_move() {
            Some(Outcome::Win {
                winner: self.side.opponent(),
                reason: EndReason::NoLegalMove,
            })
        } else {
            None
        }
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn from_position_text(text: &str, rules: BaghChalRules) -> Result<Self, PositionError> {
        notation::read_position(text, rules)
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "goats",
            Side::Second => "tigers",
        }
    }
}
