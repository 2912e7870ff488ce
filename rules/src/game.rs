//! The rules trait that every game implements, and the small types around it.
//!
//! A [`Game`] value is a whole game in progress: the position, the side to move, the counters
//! and the history needed for repetition rules. Search and perft drive it through the fast,
//! unchecked [`Game::make`] / [`Game::unmake`] pair; input from people goes through the checked
//! [`Game::parse_move`] / [`Game::play`].

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::{RuleError, RuleSet};

/// Which of the four games.
///
/// ```
/// use chaupal_rules::game::{GameKind, Side};
///
/// // The name used on the command line and in records reads back as the kind.
/// let kind: GameKind = "sholo-guti".parse().unwrap();
/// assert_eq!(kind, GameKind::SholoGuti);
/// assert_eq!(kind.to_string(), "sholo-guti");
/// assert_eq!(kind.title(), "Sholo Guti");
/// assert_eq!(GameKind::BaghChal.side_name(Side::First), "goats");
/// assert_eq!(GameKind::Jungle.rule_keys(), ["board"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    #[serde(rename = "baghchal")]
    BaghChal,
    Kalah,
    Jungle,
    SholoGuti,
}

impl GameKind {
    /// All four, in a fixed order.
    pub const ALL: [GameKind; 4] = [
        GameKind::BaghChal,
        GameKind::Kalah,
        GameKind::Jungle,
        GameKind::SholoGuti,
    ];

    /// The name used on the command line and in records: `baghchal`, `kalah`, `jungle`,
    /// `sholo-guti`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::BaghChal => "baghchal",
            GameKind::Kalah => "kalah",
            GameKind::Jungle => "jungle",
            GameKind::SholoGuti => "sholo-guti",
        }
    }

    /// The name for people: "Bagh Chal", "Sholo Guti", ...
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::BaghChal => "Bagh Chal",
            GameKind::Kalah => "Kalah",
            GameKind::Jungle => "Jungle",
            GameKind::SholoGuti => "Sholo Guti",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of the four.
///
/// ```
/// use chaupal_rules::game::{GameKind, UnknownGame};
///
/// let err = "chess".parse::<GameKind>().unwrap_err();
/// assert_eq!(err, UnknownGame("chess".to_owned()));
/// assert_eq!(
///     err.to_string(),
///     "unknown game 'chess' (known: baghchal, kalah, jungle, sholo-guti)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}' (known: baghchal, kalah, jungle, sholo-guti)")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// One of the two players. `First` moves first in every game: the goats in Bagh Chal, south in
/// Kalah, Jungle and Sholo Guti.
///
/// ```
/// use chaupal_rules::baghchal::BaghChal;
/// use chaupal_rules::game::{Game, Side};
///
/// assert_eq!(Side::First.opponent(), Side::Second);
/// assert_eq!(Side::BOTH.map(Side::index), [0, 1]);
///
/// // In Bagh Chal the goats are the first side, and they begin.
/// let mut game = BaghChal::start(Default::default());
/// assert_eq!(BaghChal::side_name(game.side_to_move()), "goats");
/// game.play_text("c3").unwrap();
/// assert_eq!(game.side_to_move(), Side::Second);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// Both sides, first mover first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// Why a game ended.
///
/// ```
/// use chaupal_rules::game::{EndReason, Game};
/// use chaupal_rules::kalah::Kalah;
///
/// // Both rows are empty: the seeds were counted, 27 to 21.
/// let text = "0,0,0,0,0,0:27/0,0,0,0,0,0:21 n";
/// let game = Kalah::from_position_text(text, Default::default()).unwrap();
/// let reason = game.outcome().unwrap().reason();
/// assert_eq!(reason, EndReason::SeedsCounted);
/// assert_eq!(reason.describe(), "the seeds were counted");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// Bagh Chal: the tigers made their winning number of captures.
    CaptureTarget,
    /// The side to move has no legal move (it loses).
    NoLegalMove,
    /// The same position occurred for the third time.
    Repetition,
    /// Too many plies in a row without a capture.
    NoCaptureLimit,
    /// Jungle: a piece entered the opponent's den.
    DenEntered,
    /// Every enemy piece was captured.
    AllCaptured,
    /// Kalah: one side's houses are empty; the seeds were counted.
    SeedsCounted,
}

impl EndReason {
    /// A short phrase for people: "by repetition", "no legal move", ...
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::CaptureTarget => "the tigers made their captures",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "the same position for the third time",
            EndReason::NoCaptureLimit => "too many moves without a capture",
            EndReason::DenEntered => "a piece entered the den",
            EndReason::AllCaptured => "every enemy piece was captured",
            EndReason::SeedsCounted => "the seeds were counted",
        }
    }
}

/// The result of a finished game.
///
/// ```
/// use chaupal_rules::game::{EndReason, Game, Outcome, Side};
/// use chaupal_rules::jungle::Jungle;
///
/// // The south wolf stands on north's den: south has won.
/// let game = Jungle::from_position_text("3W3/7/7/7/7/7/7/7/6d n 0", Default::default()).unwrap();
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome, Outcome::Win { winner: Side::First, reason: EndReason::DenEntered });
/// assert_eq!(outcome.winner(), Some(Side::First));
/// // A game in progress has no outcome yet.
/// assert_eq!(Jungle::start(Default::default()).outcome(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win { winner: Side, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    /// The winner, if the game was not drawn.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub const fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

/// A move that could not be read or may not be played.
///
/// ```
/// use chaupal_rules::baghchal::BaghChal;
/// use chaupal_rules::game::{Game, MoveError};
///
/// let mut game = BaghChal::start(Default::default());
/// // There is no point z9: the text is not a move at all.
/// assert!(matches!(game.play_text("z9"), Err(MoveError::Syntax { .. })));
/// // A step reads well, but goats are placed while goats are in hand.
/// let err = game.play_text("a1-b2").unwrap_err();
/// assert!(matches!(err, MoveError::Illegal { .. }));
/// assert!(err.to_string().starts_with("'a1-b2' is not legal here: goats are placed"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    #[error("'{text}' is not a move: {detail}")]
    Syntax { text: String, detail: String },
    /// The text is a move, but not a legal one here.
    #[error("'{text}' is not legal here: {detail}")]
    Illegal { text: String, detail: String },
    /// The game is over; no move may be played.
    #[error("the game is over")]
    GameOver,
}

impl MoveError {
    pub fn syntax(text: &str, detail: impl Into<String>) -> Self {
        MoveError::Syntax {
            text: text.to_owned(),
            detail: detail.into(),
        }
    }
    pub fn illegal(text: &str, detail: impl Into<String>) -> Self {
        MoveError::Illegal {
            text: text.to_owned(),
            detail: detail.into(),
        }
    }
}

/// A position text that could not be read, or that describes a position the rules forbid.
///
/// ```
/// use chaupal_rules::baghchal::BaghChal;
/// use chaupal_rules::game::{Game, PositionError};
/// use chaupal_rules::rules::RuleError;
///
/// let read = |text: &str| BaghChal::from_position_text(text, Default::default());
/// assert!(read("T3T/5/5/5/T3T g 20 0").is_ok());
/// // The side to move is `g` or `t`: a syntax error, naming the field.
/// let err = read("T3T/5/5/5/T3T x 20 0").unwrap_err();
/// assert!(matches!(err, PositionError::Syntax { field: "side to move", .. }));
/// // Five tigers read well, but there are always exactly four.
/// assert!(matches!(read("TT2T/5/5/5/T3T g 20 0"), Err(PositionError::Illegal { .. })));
/// // Bagh Chal has no board option.
/// let err = read("T3T/5/5/5/T3T g 20 0 board=small").unwrap_err();
/// assert!(matches!(err, PositionError::Rules(RuleError::UnknownKey { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is malformed; `field` names the part (board, side, a counter, a rule pair).
    #[error("position {field}: {detail}")]
    Syntax { field: &'static str, detail: String },
    /// The text reads, but the position breaks the rules (six tigers, water that may not hold a
    /// piece, seed counts that do not add up, ...).
    #[error("impossible position: {detail}")]
    Illegal { detail: String },
    /// A rule pair in the text is unknown or has a bad value.
    #[error("position rules: {0}")]
    Rules(#[from] RuleError),
}

impl PositionError {
    pub fn syntax(field: &'static str, detail: impl Into<String>) -> Self {
        PositionError::Syntax {
            field,
            detail: detail.into(),
        }
    }
    pub fn illegal(detail: impl Into<String>) -> Self {
        PositionError::Illegal {
            detail: detail.into(),
        }
    }
}

/// A two-player game with perfect information: everything the server, the AI and the tools need.
///
/// Contract:
/// - `legal_moves` clears the buffer, then fills it; a finished game has no legal moves.
/// - `make` takes a move from `legal_moves` of this very position (it is not checked: this is the
///   fast path for search), and returns what `unmake` needs to restore the position, the hash,
///   the counters and the history exactly.
/// - `hash` is kept incrementally and always equals `hash_from_scratch`.
/// - `outcome` is `Some` exactly when `legal_moves` would be empty.
///
/// Search plays moves from `legal_moves` with `make` and takes them back with `unmake`; input
/// from people goes through the checked `parse_move` or `play_text`:
///
/// ```
/// use chaupal_rules::Game;
/// use chaupal_rules::kalah::Kalah;
///
/// let mut game = Kalah::start(Default::default());
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 6); // six houses, each with seeds
///
/// // The fast path: make a legal move, then restore the position exactly.
/// let before = (game.position_text(), game.hash());
/// let undo = game.make(moves[0]);
/// game.unmake(moves[0], undo);
/// assert_eq!((game.position_text(), game.hash()), before);
///
/// // The checked path: a move in notation, refused with a reason when it is not legal.
/// game.play_text("3").unwrap();
/// assert!(game.play_text("9").is_err());
/// assert!(game.outcome().is_none());
/// ```
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move; small and `Copy`.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// What `make` saves so that `unmake` can restore the game.
    type Undo: Copy + fmt::Debug;
    /// The variant options this game is played under.
    type Rules: RuleSet;

    /// Which game this is.
    const KIND: crate::GameKind;

    /// The start position under the given rule set.
    fn start(rules: Self::Rules) -> Self;
    /// The rule set the game is played under.
    fn rules(&self) -> &Self::Rules;
    /// Whose turn it is.
    fn side_to_move(&self) -> Side;
    /// Clears `moves`, then fills it with every legal move (nothing when the game is over).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);
    /// Plays a legal move (unchecked).
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    /// Takes back the move `make` just played.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
    /// The incremental Zobrist hash of the position (board, side to move, and whatever else
    /// decides the legal moves, but not counters such as a no-capture clock).
    fn hash(&self) -> u64;
    /// The same hash computed from nothing, for checking the incremental one.
    fn hash_from_scratch(&self) -> u64;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// A move in the game's notation, as played from this position.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Reads a move in the game's notation; only a legal move of this position is returned.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// The position in one line (board, side to move, counters, rule pairs that differ from the
    /// defaults); see docs/NOTATION.md.
    fn position_text(&self) -> String;
    /// Reads a position line. Rule pairs in the text are applied on top of `rules`. The history
    /// starts empty: repetition counts from this position on.
    fn from_position_text(text: &str, rules: Self::Rules) -> Result<Self, PositionError>;
    /// What this game calls a side: "goats"/"tigers", "south"/"north".
    fn side_name(side: Side) -> &'static str;

    /// Plays a move after checking that it is legal.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Undo, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(self.make(mv))
        } else {
            Err(MoveError::illegal(
                &format!("{mv:?}"),
                "not among the legal moves",
            ))
        }
    }

    /// Reads a move in notation and plays it; returns the move.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.parse_move(text)?;
        self.make(mv);
        Ok(mv)
    }
}

/// Finds the legal move whose notation is `text`: a helper for `parse_move` implementations
/// that have already checked the syntax. Returns `None` when no legal move prints as `text`.
pub fn find_legal_by_text<G: Game>(game: &G, text: &str) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().find(|&m| game.move_text(m) == text)
}
