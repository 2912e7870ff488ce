//! Jungle (Dou Shou Qi): the rules of docs/RULES.md on the standard 7 x 9 board and on the small
//! 5 x 7 board (`board=small`).
//!
//! # The boards
//!
//! Squares are named like chess: file a.. from south's left, rank 1 at south's edge. South
//! (`Side::First`, uppercase in position texts) moves first; north (`Side::Second`, lowercase)
//! is the 180-degree turn of south. `*` is a den, `#` a trap, `~` water; pieces are shown by
//! their letter (E elephant 8, L lion 7, T tiger 6, P leopard 5, W wolf 4, D dog 3, C cat 2,
//! R rat 1).
//!
//! ```text
//! standard (board=standard)          small (board=small)
//!
//!      a  b  c  d  e  f  g                a  b  c  d  e
//!   9  l  .  #  *  #  .  t             7  l  #  *  #  .
//!   8  .  d  .  #  .  c  .             6  r  .  #  c  e
//!   7  r  .  p  .  w  .  e             5  .  ~  .  ~  .
//!   6  .  ~  ~  .  ~  ~  .             4  .  ~  .  ~  .
//!   5  .  ~  ~  .  ~  ~  .             3  .  ~  .  ~  .
//!   4  .  ~  ~  .  ~  ~  .             2  E  C  #  .  R
//!   3  E  .  W  .  P  .  R             1  .  #  *  #  L
//!   2  .  C  .  #  .  D  .
//!   1  T  .  #  *  #  .  L
//! ```
//!
//! Standard: south den d1, traps c1 e1 d2; north den d9, traps c9 e9 d8; water b4-c6 and
//! e4-f6. Lion and tiger jump vertically over three water squares (b3-b7, c3-c7, e3-e7, f3-f7)
//! and horizontally over two (a4-d4, d4-g4, and the same on ranks 5 and 6).
//!
//! Small: south den c1, traps b1 d1 c2; north den c7, traps b7 d7 c6; water b3 b4 b5 and
//! d3 d4 d5 (two ponds, one file wide, three ranks tall). South: lion e1, elephant a2, cat b2,
//! rat e2; north: lion a7, elephant e6, cat d6, rat a6. The lion jumps vertically over a pond
//! (b2-b6, d2-d6) and horizontally over one water square (a3-c3, c3-e3, and the same on ranks 4
//! and 5). A rat of either side on a crossed water square blocks any jump.
//!
//! # Representation
//!
//! A mailbox (`[u8; 64]`, one piece code per square) answers "what stands here", and three
//! bitboards (each side's pieces, and the rats of both sides) drive generation: a piece's
//! targets are its precomputed step mask minus its own pieces and den (minus water unless it is
//! the rat), plus, for the lion and the tiger, the precomputed jumps whose crossed-water mask
//! holds no rat. Only captures are checked one by one. All tables live in [`board`], built at
//! compile time for both boards.
//!
//! # Rulings where the rule book leaves room
//!
//! - The trap rule beats the elephant rule: "an enemy on one of your traps can be captured by
//!   any of your pieces" lets the elephant take a rat standing on its own side's trap.
//! - The water rule beats the trap rule (no trap touches the water on either board anyway).
//! - The end of the game is checked in this order after each move: a piece on the opponent's
//!   den (win), no enemy pieces left (win), the position for the third time (draw), 200 plies
//!   without a capture (draw), and last the side to move without a legal move (loss). So the
//!   200th capture-free ply still wins if it enters the den.
//! - Position texts may describe finished games (a piece on the den of the side to move, a
//!   side to move without pieces, a counter of 200), so that every position a game reaches can
//!   be written and read back. A piece may never stand on its own den.

mod animal;
pub mod board;
mod movegen;
mod notation;
mod rules;

pub use animal::Animal;
pub use board::{Geometry, Square};
pub use rules::{BoardSize, JungleRules};

use animal::{EMPTY, PieceCode, code_animal, code_side};
use board::{MAX_SQUARES, bit};

use crate::game::{EndReason, Game, MoveError, Outcome, PositionError, Side};
use crate::history::History;
use crate::zobrist::keys;

/// The game is drawn when this many plies in a row have passed without a capture.
pub const NO_CAPTURE_LIMIT: u8 = 200;

/// The game is drawn when a position occurs this many times.
const REPETITION_LIMIT: usize = 3;

/// The fewest plies since the last capture that can hold a third occurrence: a position can
/// recur after four plies at the earliest (each side steps away and back).
const PLIES_FOR_THIRD_OCCURRENCE: usize = 8;

/// Zobrist keys: one per piece code (1..=16) and square; code 0 (empty) is never used.
static PIECE_KEYS: [u64; 17 * MAX_SQUARES] = keys(0x4A55_4E47_4C45_0001);
/// Zobrist key of north to move.
const SIDE_KEY: u64 = keys::<1>(0x4A55_4E47_4C45_0002)[0];
/// Zobrist key of the small board, so that positions of the two boards never share a hash (a
/// constant within a game: make and unmake never touch it).
const SMALL_BOARD_KEY: u64 = keys::<1>(0x4A55_4E47_4C45_0003)[0];

#[inline]
fn piece_key(code: PieceCode, sq: Square) -> u64 {
    PIECE_KEYS[code as usize * MAX_SQUARES + sq as usize]
}

/// A move: a step or a river jump from one square to another (capturing whatever enemy stands
/// there). Squares are indices of the board in play (see [`Geometry`]).
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::jungle::{Jungle, Move};
///
/// let game = Jungle::start(Default::default());
/// let geo = game.geometry();
/// let (a3, a4) = (geo.parse_square("a3").unwrap(), geo.parse_square("a4").unwrap());
/// let mv = game.parse_move("a3-a4").unwrap(); // the south elephant steps forward
/// assert_eq!(mv, Move::new(a3, a4));
/// assert_eq!((mv.from(), mv.to()), (a3, a4));
/// assert_eq!(game.move_text(mv), "a3-a4");
/// assert!(!game.is_capture(mv));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece lands on.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }
}

/// What `make` saves for `unmake`.
///
/// ```
/// use chaupal_rules::game::Game;
/// use chaupal_rules::jungle::Jungle;
///
/// let mut game = Jungle::start(Default::default());
/// let mv = game.parse_move("a3-a4").unwrap();
/// let undo = game.make(mv);
/// assert_eq!(game.no_capture_plies(), 1);
/// game.unmake(mv, undo);
/// assert_eq!(game.no_capture_plies(), 0);
/// assert_eq!(game.position_text(), Jungle::start(Default::default()).position_text());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// The piece the move captured, or 0.
    captured: PieceCode,
    /// The no-capture counter before the move.
    no_capture: u8,
    /// What the history needs to forget the move.
    history: u32,
}

/// A game of Jungle in progress.
///
/// ```
/// use chaupal_rules::game::{Game, Side};
/// use chaupal_rules::jungle::{Animal, Jungle};
///
/// // North to move; its rat swims on c6 and blocks the south lion's jump from c3 to c7.
/// let text = "l5t/1d3c1/4w1e/2r4/7/7/2L1P2/1C3D1/T6 n 12";
/// let mut game = Jungle::from_position_text(text, Default::default()).unwrap();
/// game.play_text("c6-c7").unwrap(); // the rat climbs out of the water
/// game.play_text("c3xc7").unwrap(); // and the lion jumps the river onto it
/// let c7 = game.geometry().parse_square("c7").unwrap();
/// assert_eq!(game.piece_at(c7), Some((Side::First, Animal::Lion)));
/// assert_eq!(game.no_capture_plies(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Jungle {
    rules: JungleRules,
    /// The tables of the board in play.
    geo: &'static Geometry,
    /// A piece code per square (0: empty).
    board: [PieceCode; MAX_SQUARES],
    /// Each side's pieces, by `Side::index`.
    occ: [u64; 2],
    /// The rats of both sides: they block river jumps.
    rats: u64,
    /// The side to move.
    side: Side,
    /// Plies in a row without a capture.
    no_capture: u8,
    /// Zobrist hash of the board (its size too) and the side to move.
    hash: u64,
    /// The hashes of the positions so far, for the repetition rule.
    history: History,
}

impl Jungle {
    /// A game from a board, the side to move and the no-capture counter (already checked).
    fn from_parts(
        rules: JungleRules,
        board: [PieceCode; MAX_SQUARES],
        side: Side,
        no_capture: u8,
    ) -> Jungle {
        let geo = Geometry::of(rules.board);
        let mut occ = [0u64; 2];
        let mut rats = 0u64;
        for sq in 0..geo.squares {
            let code = board[sq as usize];
            if code != EMPTY {
                occ[code_side(code).index()] |= bit(sq);
                if code_animal(code) == Animal::Rat {
                    rats |= bit(sq);
                }
            }
        }
        let mut game = Jungle {
            rules,
            geo,
            board,
            occ,
            rats,
            side,
            no_capture,
            hash: 0,
            history: History::new(0),
        };
        game.hash = game.hash_from_scratch();
        game.history = History::new(game.hash);
        game
    }

    /// What the rule book calls a side: "south" or "north".
    pub const fn name_of(side: Side) -> &'static str {
        match side {
            Side::First => "south",
            Side::Second => "north",
        }
    }

    /// The tables of the board in play (square names, water, traps, dens).
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Side, Animal)> {
        let code = *self.board.get(sq as usize)?;
        (code != EMPTY && sq < self.geo.squares).then(|| (code_side(code), code_animal(code)))
    }

    /// Plies in a row without a capture.
    pub fn no_capture_plies(&self) -> u32 {
        u32::from(self.no_capture)
    }

    /// How many times the current position has occurred since the last capture, this time
    /// included (the third ends the game drawn).
    #[inline]
    pub fn occurrences(&self) -> usize {
        self.history.occurrences_of_current()
    }

    /// Whether a legal move of this position captures.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to as usize] != EMPTY
    }

    /// The result decided without looking at the moves: a den entered, no pieces left,
    /// repetition, the no-capture limit.
    fn ended(&self) -> Option<Outcome> {
        let side = self.side.index();
        let mover = self.side.opponent();
        if self.occ[mover.index()] & self.geo.den_masks[side] != 0 {
            return Some(Outcome::Win {
                winner: mover,
                reason: EndReason::DenEntered,
            });
        }
        if self.occ[side] == 0 {
            return Some(Outcome::Win {
                winner: mover,
                reason: EndReason::AllCaptured,
            });
        }
        if self.history.plies_since_irreversible() >= PLIES_FOR_THIRD_OCCURRENCE
            && self.history.occurrences_of_current() >= REPETITION_LIMIT
        {
            return Some(Outcome::Draw {
                reason: EndReason::Repetition,
            });
        }
        if self.no_capture >= NO_CAPTURE_LIMIT {
            return Some(Outcome::Draw {
                reason: EndReason::NoCaptureLimit,
            });
        }
        None
    }

    /// Whether the side to move has a move on the board (the end rules aside).
    fn has_legal_move(&self) -> bool {
        !self.for_each_move(|_| false)
    }
}

impl Game for Jungle {
    type Move = Move;
    type Undo = Undo;
    type Rules = JungleRules;
    const KIND: crate::GameKind = crate::GameKind::Jungle;

    fn start(rules: Self::Rules) -> Self {
        let board = Geometry::of(rules.board).start;
        Jungle::from_parts(rules, board, Side::First, 0)
    }

    fn rules(&self) -> &Self::Rules {
        &self.rules
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
        moves.clear();
        if self.ended().is_some() {
            return;
        }
        self.for_each_move(|m| {
            moves.push(m);
            true
        });
    }

    #[inline]
    fn make(&mut self, mv: Self::Move) -> Self::Undo {
        let (from, to) = (mv.from, mv.to);
        let piece = self.board[from as usize];
        let captured = self.board[to as usize];
        let side = self.side.index();
        let moved = bit(from) | bit(to);
        self.board[from as usize] = EMPTY;
        self.board[to as usize] = piece;
        self.occ[side] ^= moved;
        if code_animal(piece) == Animal::Rat {
            self.rats ^= moved;
        }
        let mut hash = self.hash ^ SIDE_KEY ^ piece_key(piece, from) ^ piece_key(piece, to);
        let no_capture = self.no_capture;
        if captured != EMPTY {
            self.occ[side ^ 1] ^= bit(to);
            if code_animal(captured) == Animal::Rat {
                self.rats ^= bit(to);
            }
            hash ^= piece_key(captured, to);
            self.no_capture = 0;
        } else {
            self.no_capture = no_capture.saturating_add(1);
        }
        self.hash = hash;
        self.side = self.side.opponent();
        let history = self.history.push(hash, captured != EMPTY);
        Undo {
            captured,
            no_capture,
            history,
        }
    }

    #[inline]
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo) {
        let (from, to) = (mv.from, mv.to);
        self.history.pop(undo.history);
        self.side = self.side.opponent();
        let side = self.side.index();
        let piece = self.board[to as usize];
        let moved = bit(from) | bit(to);
        self.board[from as usize] = piece;
        self.board[to as usize] = undo.captured;
        self.occ[side] ^= moved;
        if code_animal(piece) == Animal::Rat {
            self.rats ^= moved;
        }
        let mut hash = self.hash ^ SIDE_KEY ^ piece_key(piece, from) ^ piece_key(piece, to);
        if undo.captured != EMPTY {
            self.occ[side ^ 1] ^= bit(to);
            if code_animal(undo.captured) == Animal::Rat {
                self.rats ^= bit(to);
            }
            hash ^= piece_key(undo.captured, to);
        }
        self.hash = hash;
        self.no_capture = undo.no_capture;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = match self.side {
            Side::First => 0,
            Side::Second => SIDE_KEY,
        };
        if self.geo.size == BoardSize::Small {
            hash ^= SMALL_BOARD_KEY;
        }
        for sq in 0..self.geo.squares {
            let code = self.board[sq as usize];
            if code != EMPTY {
                hash ^= piece_key(code, sq);
            }
        }
        hash
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.ended() {
            return Some(outcome);
        }
        (!self.has_legal_move()).then_some(Outcome::Win {
            winner: self.side.opponent(),
            reason: EndReason::NoLegalMove,
        })
    }

    fn move_text(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.read_move(text)
    }

    fn position_text(&self) -> String {
        self.format_position()
    }

    fn from_position_text(text: &str, rules: Self::Rules) -> Result<Self, PositionError> {
        Jungle::read_position(text, rules)
    }

    fn side_name(side: Side) -> &'static str {
        Jungle::name_of(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_count_returns_to_a_position_until_the_third_draws() {
        let mut g = Jungle::start(JungleRules::default());
        assert_eq!(g.occurrences(), 1);
        crate::history::round_trip(&mut g);
        assert_eq!((g.occurrences(), g.outcome()), (2, None));
        crate::history::round_trip(&mut g);
        assert_eq!(g.occurrences(), 3);
        assert_eq!(g.outcome().map(|o| o.reason()), Some(EndReason::Repetition));
    }

    #[test]
    fn the_two_boards_never_share_a_hash() {
        // The same piece on the same square index (a1 = 0) of either board.
        let standard =
            Jungle::from_position_text("7/7/7/7/7/7/7/7/L6 n 0", JungleRules::default()).unwrap();
        let small =
            Jungle::from_position_text("5/5/5/5/5/5/L4 n 0 board=small", JungleRules::default())
                .unwrap();
        assert_ne!(standard.hash(), small.hash());
        assert_eq!(small.hash(), small.hash_from_scratch());
    }

    #[test]
    fn make_and_unmake_keep_the_side_bitboards_and_rats_in_step() {
        for rules in [
            JungleRules::default(),
            JungleRules::with_board(BoardSize::Small),
        ] {
            let mut g = Jungle::start(rules);
            let mut moves = Vec::new();
            for ply in 0..400usize {
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let before = g.clone();
                    let undo = g.make(mv);
                    let rebuilt =
                        Jungle::from_parts(g.rules.clone(), g.board, g.side, g.no_capture);
                    assert_eq!(
                        (g.occ, g.rats, g.hash),
                        (rebuilt.occ, rebuilt.rats, rebuilt.hash)
                    );
                    g.unmake(mv, undo);
                    assert_eq!(
                        (g.board, g.occ, g.rats),
                        (before.board, before.occ, before.rats)
                    );
                    assert_eq!(
                        (g.hash, g.no_capture, g.side),
                        (before.hash, before.no_capture, before.side)
                    );
                    assert_eq!(g.history, before.history);
                }
                // Prefer captures, so that rats and other pieces come off the board.
                let mv = moves
                    .iter()
                    .copied()
                    .find(|&m| g.is_capture(m))
                    .unwrap_or(moves[ply * 7 % moves.len()]);
                g.make(mv);
            }
        }
    }
}
