//! # chaupal-rules
//!
//! The four games of Chaupal behind one rules trait: their moves, positions and notation, the
//! text record of a game, perft, and what a position is worth. Nothing here does I/O or knows
//! the wire: the engine stands on this crate alone, and the protocol (`chaupal-shared`) stands
//! above it. docs/RULES.md is the rule book these modules implement.
//!
//! A tour of the crate:
//! - [`game`]: the [`Game`] trait every game implements (legal moves, make/unmake, Zobrist hash,
//!   result, notation), with [`GameKind`], [`Side`], [`Outcome`] and the error types of notation.
//! - [`rules`]: the [`RuleSet`] trait: a game's variant options as `KEY=VALUE` pairs.
//! - [`zobrist`]: compile-time random keys for incremental hashing.
//! - [`history`]: repetition tracking shared by the games that can repeat.
//! - [`perft`]: counting move sequences, the standard check of a move generator.
//! - [`baghchal`], [`kalah`], [`jungle`], [`sholo_guti`]: the games themselves.
//! - [`any`]: [`AnyGame`], one value that holds any of the four, driven by text moves: what the
//!   server and the client use when the game is only known at run time.
//! - [`record`]: the text record of a game (tags, moves, result), like chess's PGN.
//! - [`score`]: a position's value to the side to move (centipawns, win or loss in N, margin).
//! - [`review`]: a game's review (each move's value, loss and class, each player's accuracy)
//!   and the winning-chance arithmetic behind it.
//! - [`puzzle`]: what a puzzle asks of its solver ([`puzzle::Goal`]).
//!
//! Notation: each game writes its moves and positions as text (docs/NOTATION.md), and reads
//! them back with a typed error that says what is wrong:
//!
//! ```
//! use chaupal_rules::any::AnyGame;
//! use chaupal_rules::game::{GameKind, Side};
//!
//! // Bagh Chal: goats place first (a point), tigers step or jump (from-to).
//! let mut game = AnyGame::start(GameKind::BaghChal, Vec::<(String, String)>::new()).unwrap();
//! game.play_text("c3").unwrap();
//! assert_eq!(game.side_to_move(), Side::Second);
//! assert!(game.legal_moves_text().contains(&"a1-b2".to_owned()));
//! game.play_text("a1-b2").unwrap();
//!
//! // A position written out reads back as the same position.
//! let text = game.position_text();
//! let again = AnyGame::from_position_text(GameKind::BaghChal, &text, Vec::<(&str, &str)>::new())
//!     .unwrap();
//! assert_eq!(again.position_text(), text);
//!
//! // Bad input is refused with a reason.
//! assert!(game.play_text("z9").is_err());
//! assert!(AnyGame::from_position_text(GameKind::BaghChal, "not a position", Vec::<(&str, &str)>::new()).is_err());
//! ```

pub mod any;
pub mod baghchal;
pub mod game;
pub mod history;
pub mod jungle;
pub mod kalah;
pub mod perft;
pub mod puzzle;
pub mod record;
pub mod review;
pub mod rules;
pub mod score;
pub mod sholo_guti;
pub mod zobrist;

pub use any::AnyGame;
pub use game::{EndReason, Game, GameKind, MoveError, Outcome, PositionError, Side};
pub use rules::{RuleError, RuleSet};
