//! Setting up a game from command-line options: rule pairs, a start position and moves to play.
//! Shared by every tool that takes `GAME [--rule KEY=VALUE]... [--position TEXT] [--moves "..."]`.

use chaupal_rules::rules::split_pair;
use chaupal_rules::{AnyGame, GameKind};

use super::ToolError;

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
