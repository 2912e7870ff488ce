//! # chaupal-client
//!
//! The graphical client of Chaupal, on macroquad. Its logic lives in plain modules that need no
//! window and are unit-tested; drawing is kept apart in [`draw`].
//!
//! - [`app`]: the whole client state: screens, lobby, connection; the player's actions and the
//!   events from outside are the only ways it changes.
//! - [`view`]: what a board shows, read out of a game (pieces, counters, board features).
//! - [`geometry`]: where cells are on each board, the frame that scales a board into the
//!   window, hit-testing clicks.
//! - [`layout`]: where the parts of each screen go in a window of any size, from a phone held
//!   upright to a desktop, and rows of buttons whose labels fit.
//! - [`keys`]: the keyboard's way round a screen (Tab from button to button and onto the
//!   board).
//! - [`frame_pace`]: when to draw the next frame (at once while something moves, else rarely).
//! - [`sound`]: the sounds, synthesised as small WAV clips.
//! - [`selection`]: entering a move by clicks, from the legal moves in notation.
//! - [`sowing`]: Kalah's sowing animation as frames.
//! - [`play`]: a game on the screen (moves, seats, the last turn, the moves queued to be
//!   shown, a look back at an earlier position, counters, hint).
//! - [`push_words`]: the words the service worker shows a pushed notification in, in the
//!   player's language.
//! - [`puzzles`]: the Puzzles screen's state: the puzzle on the board and the attempt at it
//!   (each move judged by the server, the opponent's replies, the solution played out), the
//!   choices for the next one, the day's puzzles, the puzzles from the player's own mistakes.
//! - [`replay`]: stepping through a finished game.
//! - [`review`]: a game's review as the replay shows it: the request's progress, the advantage
//!   graph, each player's slips and accuracy, the best move's mark on the board.
//! - [`rulebook`]: the rule options offered and the rules in short.
//! - [`deadline`]: a correspondence game's deadline in words (the time left, whose move).
//! - [`route`]: where an address (a page's, or `--open`'s) sends the client: join, watch,
//!   replay, a puzzle.
//! - `args` (desktop only): the command line; [`config`]: the name and tokens remembered
//!   between runs; `screenshot` (desktop only): the made-up game and review that the screenshot
//!   mode draws the review view with (nowhere else).
//! - [`net`]: the connection to the server, reconnecting by itself, and the protocol, which
//!   turns the server's messages into the app's events.
//! - [`platform`]: the little that differs between the desktop and the browser (the socket,
//!   where the settings are kept, the clipboard, links, the page's address, the title).
//! - [`words`]: the interface's words in each language (Project Fluent files in
//!   `client/locales/`), and [`words::Phrase`], something to say in no language yet, which the
//!   state keeps and the screens put in words; [`terms`]: the games' names and sides.
//! - [`speech`]: what the client says for a player who cannot see the board (a cell, the
//!   position, the clocks, each move as it happens), read out by the page's live region.
//! - [`draw`]: palette, fonts, boards, widgets and screens.
//! - [`hook`]: what a frame offered (buttons, cells, the game's moves) as JSON, for a browser
//!   test to read and click through (pages opened with `?hook`).
//! - `words_check` (desktop): every screen in the states that show the most text, and the rules the
//!   texts drawn must keep, for `chaupal-client --check-words`.
//!
//! The same code builds for the desktop and for `wasm32-unknown-unknown` (see `docs/WEB.md`).

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod args;
pub mod config;
pub mod deadline;
pub mod draw;
pub mod field;
pub mod frame_pace;
pub mod geometry;
pub mod hook;
pub mod keys;
pub mod layout;
pub mod net;
pub mod platform;
pub mod play;
pub mod push_words;
pub mod puzzles;
pub mod replay;
pub mod review;
pub mod route;
pub mod rulebook;
#[cfg(not(target_arch = "wasm32"))]
pub mod screenshot;
pub mod selection;
pub mod sound;
pub mod sowing;
pub mod speech;
pub mod terms;
pub mod view;
pub mod words;
#[cfg(not(target_arch = "wasm32"))]
pub mod words_check;
