//! What a player does in the lobby: choosing the game, its rules, the opponent, the side, the
//! clock or the pace, and starting, joining, watching or replaying a game.

use chaupal_rules::GameKind;

use crate::app::lobby::{PlayMode, SidePick};

/// What a player does in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyAction {
    SelectGame(GameKind),
    CycleRule {
        index: usize,
        forward: bool,
    },
    SelectMode(PlayMode),
    SelectSide(SidePick),
    CycleLevel {
        forward: bool,
    },
    CycleEngine {
        forward: bool,
    },
    CycleDepth {
        forward: bool,
    },
    CycleMinutes {
        forward: bool,
    },
    CycleIncrement {
        forward: bool,
    },
    SetRated(bool),
    /// Plays by correspondence (true: days a move) or live (false).
    SetCorrespondence(bool),
    /// Steps through the paces of correspondence offered.
    CyclePace {
        forward: bool,
    },
    /// Opens one of this player's games in play, from the lobby's "My games".
    OpenMyGame(u64),
    /// Withdraws one of this player's seeks or invitations still waiting.
    CancelSeek(u64),
    /// Starts a game of the computer against itself, to watch.
    StartExhibition,
    /// Starts the game chosen in the lobby.
    Start,
    /// Creates a private game with an invite code.
    CreatePrivate,
    /// Joins a friend's game by the code typed.
    JoinByCode,
    TypeCode(char),
    EraseCode,
    AcceptSeek(u64),
    Watch(u64),
    /// Replays a finished game from the server.
    ReplayGame(u64),
}

impl From<LobbyAction> for crate::app::Action {
    fn from(action: LobbyAction) -> Self {
        crate::app::Action::Lobby(action)
    }
}
