//! What the lobby asks of the server: a new game, joining one by its code, a seek accepted or
//! withdrawn, a game to watch or to sit back down at.

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ClockSpec;

use crate::app::lobby::SidePick;
use crate::app::outgoing::OpponentPick;

use crate::app::Outgoing;

/// What the app asks of the server about the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyRequest {
    NewGame {
        kind: GameKind,
        rules: Vec<(String, String)>,
        side: SidePick,
        opponent: OpponentPick,
        clock: Option<ClockSpec>,
        /// Days a move for a correspondence game (none: a live game).
        correspondence: Option<chaupal_shared::protocol::Correspondence>,
        rated: bool,
        /// The position to start from, in the game's notation (none: the usual start).
        position: Option<String>,
    },
    JoinByCode(String),
    CancelSeek(u64),
    AcceptSeek(u64),
    /// Watches someone else's live game.
    Watch(u64),
    /// Sits back down at one's own live game.
    Resume(u64),
}

impl From<LobbyRequest> for Outgoing {
    fn from(request: LobbyRequest) -> Self {
        Outgoing::Lobby(request)
    }
}
