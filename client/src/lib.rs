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
//! - [`selection`]: entering a move by clicks, from the legal moves in notation.
//! - [`sowing`]: Kalah's sowing animation as frames.
//! - [`play`]: a game on the screen (moves, seats, last move, counters, hint).
//! - [`replay`]: stepping through a finished game.
//! - [`rulebook`]: the rule options offered and the rules in short.
//! - [`route`]: where an address (a page's, or `--open`'s) sends the client: join, watch,
//!   replay.
//! - `args` (desktop only): the command line; [`config`]: the name and tokens remembered
//!   between runs.
//! - [`net`]: the connection to the server, reconnecting by itself, and the protocol, which
//!   turns the server's messages into the app's events.
//! - [`platform`]: the little that differs between the desktop and the browser (the socket,
//!   where the settings are kept, the clipboard, links, the page's address, the title).
//! - [`draw`]: palette, fonts, boards, widgets and screens.
//!
//! The same code builds for the desktop and for `wasm32-unknown-unknown` (see `docs/WEB.md`).

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod args;
pub mod config;
pub mod draw;
pub mod geometry;
pub mod net;
pub mod platform;
pub mod play;
pub mod replay;
pub mod route;
pub mod rulebook;
pub mod selection;
pub mod sowing;
pub mod view;
