//! Chaupal's lessons: one course per game that teaches it from nothing, like lichess's "learn".
//!
//! A tour of the modules, from the bottom up:
//!
//! - [`board`]: who stands where, read from a position's text (the board games), and how much
//!   material a side has;
//! - [`goal`]: what a stage asks of the learner, and whether a position meets it;
//! - [`course`]: the courses as data (`courses/*.toml`, embedded), read and checked;
//! - [`lesson`]: the runner that plays one stage with the learner, the opponent's replies
//!   scripted, and says why a move is refused;
//! - [`mod@solve`]: the checker, an exhaustive search for a line that reaches a stage's goal within
//!   its par.
//!
//! No I/O: the client words the stages (Fluent keys `learn-<game>-<id>-title`, `-goal`,
//! `-hint`) and the typed explanations.

pub mod board;
pub mod course;
pub mod goal;
pub mod lesson;
pub mod solve;

pub use course::{Course, CourseError, Stage};
pub use goal::Goal;
pub use lesson::{Failure, Lesson, StageError, Step, Wrong};
pub use solve::{solve, solve_from};
