//! The game and position a tool starts from, as the command line gives them:
//! `GAME [--rule KEY=VALUE]... [--position TEXT] [--moves "..."]` ([`PositionArgs`], flattened
//! into each subcommand that takes them), and the game set up from them.

use chaupal_rules::rules::split_pair;
use chaupal_rules::{AnyGame, GameKind};

use super::ToolError;

/// `GAME [--rule KEY=VALUE]... [--position TEXT] [--moves "..."]`.
///
/// GAME is required; a subcommand that can do without it, or words an argument its own way,
/// changes the argument with `mut_arg` on its command (e.g. `bestmove`, `review`).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct PositionArgs {
    /// The game: baghchal, kalah, jungle or sholo-guti.
    #[arg(required = true)]
    pub game: Option<GameKind>,
    /// A rule option, KEY=VALUE (repeatable), as the rule book names them.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// The position to start from, in the game's position notation (default: the start).
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, in the game's notation, separated by spaces.
    #[arg(long)]
    pub moves: Option<String>,
}

impl PositionArgs {
    /// The game named, or a usage error when there is none.
    pub fn kind(&self) -> Result<GameKind, ToolError> {
        self.game
            .ok_or_else(|| ToolError::Usage("no GAME given".to_owned()))
    }

    /// The game set up: its rules, the position (or the start), then the moves played.
    pub fn set_up(&self) -> Result<AnyGame, ToolError> {
        set_up_game(
            self.kind()?,
            &self.rules,
            self.position.as_deref(),
            self.moves.as_deref(),
        )
    }

    /// The game before the moves: its rules and the position (or the start).
    pub fn start(&self) -> Result<AnyGame, ToolError> {
        set_up_game(self.kind()?, &self.rules, self.position.as_deref(), None)
    }
}

/// Builds the game: rules from `rules` (each `KEY=VALUE`), the position from `position` or the
/// start, then `moves` (space-separated, in notation) played one by one with their legality
/// checked.
pub fn set_up_game(
    game: GameKind,
    rules: &[String],
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<AnyGame, ToolError> {
    let pairs = rules
        .iter()
        .map(|r| split_pair(r))
        .collect::<Result<Vec<_>, _>>()?;
    let mut any = match position {
        Some(text) => AnyGame::from_position_text(game, text, pairs)?,
        None => AnyGame::start(game, pairs)?,
    };
    for (index, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        any.play_text(text).map_err(|source| ToolError::Move {
            index: index + 1,
            text: text.to_owned(),
            source,
        })?;
    }
    Ok(any)
}
