//! `chaupal puzzles`: makes the puzzle set and proves it again (docs/PUZZLES.md).
//!
//! - [`generate`]: looks through games (records and AI games) for puzzles and grows a set file.
//! - [`verify`]: proves every exact puzzle of the set again, and checks every line.
//! - [`finder`]: whether a position is a puzzle, exact or checked, per game.
//! - [`judge`]: the engine settings that judge checked puzzles.
//! - [`sources`]: the games looked through.
//! - [`rating`]: a new puzzle's starting rating.
//! - [`set`]: a set file as it grows.

pub mod finder;
pub mod generate;
pub mod judge;
pub mod rating;
pub mod set;
pub mod sources;
pub mod verify;

/// The options of `chaupal puzzles`.
#[derive(Clone, Debug, clap::Args)]
pub struct PuzzlesCli {
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// What `chaupal puzzles` does.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles in games (records, then AI games) and append them to a set file.
    ///
    /// Prints the games and positions looked at, the puzzles added (exact and checked), the
    /// time and puzzles an hour, and the count of each theme.
    Generate(generate::GenerateArgs),
    /// Check every puzzle of a directory of set files and prove each exact one again.
    ///
    /// Prints `GAME puzzles N exact E proven P checked C` per game, then `FAILED ...` for each
    /// puzzle that failed; exits with an error when one did.
    Verify(verify::VerifyArgs),
}

impl PuzzlesCli {
    /// The databases' directory the subcommand asks for.
    pub fn tablebase(&self) -> Option<std::path::PathBuf> {
        match &self.command {
            PuzzlesCommand::Generate(a) => a.tablebase.clone(),
            PuzzlesCommand::Verify(a) => a.tablebase.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
